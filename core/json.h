/* JSON string literals: the one writer of text into JSON, used by every
 * JSON output (result files, `game --json`, `search --json`, match
 * reports). Input bytes come from files and command lines (PGN tags, file
 * names, error messages quoting them), so the output is made valid JSON and
 * valid UTF-8 whatever they are. */
#ifndef CHESSLAB_JSON_H
#define CHESSLAB_JSON_H

#include <stdio.h>

/* Writes s as a JSON string literal, quotes included: '"' and '\' escaped,
 * control characters as \uXXXX (\n, \r, \t by name), well-formed UTF-8
 * kept, and each ill-formed part (a stray continuation byte, a truncated
 * sequence, an overlong form, a surrogate, a code point above U+10FFFF)
 * replaced by one U+FFFD, as Unicode's "maximal subpart" practice says. */
void json_write_string(FILE *out, const char *s);

#endif
