/* The one JSON writer: every JSON output (result files, `game --json`,
 * `search --json`, match reports, the topology) goes through a JsonWriter,
 * which places the commas, the indentation and the quotes, so no caller
 * does. It streams to a FILE: result files are written entry by entry and
 * flushed, so a run cut short leaves every finished entry on disk, and
 * nothing is held in memory. Input bytes come from files and command lines
 * (PGN tags, file names, error messages quoting them), so strings are made
 * valid JSON and valid UTF-8 whatever they are. Numbers are printed with
 * the precision the caller asks for (result files keep 6 decimals of a
 * second, not 17 digits of binary noise); a NaN or an infinity, which JSON
 * cannot spell, is written as null.
 *
 * Why not Debian's libjansson or libcjson: both build a tree in memory and
 * print it at the end (a crash loses the whole file), both print doubles
 * at a fixed %.17g, and both reject or pass through ill-formed UTF-8 rather
 * than repairing it, which our inputs need; the writer below is small and
 * its output is checked by Python's json parser in the tests. */
#ifndef CHESSLAB_JSON_H
#define CHESSLAB_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum { JSON_MAX_DEPTH = 16 };

/* Layout of a container: members one a line (indented), or all on one. */
typedef enum JsonLayout { JSON_LINES, JSON_INLINE } JsonLayout;

typedef struct JsonWriter {
    FILE *out;
    int depth;                         /* open containers */
    bool has_members[JSON_MAX_DEPTH];  /* per open container */
    bool is_inline[JSON_MAX_DEPTH];    /* per open container (inherited) */
    char closer[JSON_MAX_DEPTH];       /* '}' or ']' */
    bool overflow;                     /* nesting beyond JSON_MAX_DEPTH */
} JsonWriter;

void json_writer_init(JsonWriter *w, FILE *out);

/* Containers. key is the member name inside an object, NULL inside an
 * array or at the top level. json_end closes the innermost container; at
 * the top level it also ends the line. */
void json_object_begin(JsonWriter *w, const char *key, JsonLayout layout);
void json_array_begin(JsonWriter *w, const char *key, JsonLayout layout);
void json_end(JsonWriter *w);

/* Values (key as above). */
/* A string (and every key) as a JSON literal: '"' and '\' escaped, control
 * characters as \uXXXX (\n, \r, \t by name), well-formed UTF-8 kept, and
 * each ill-formed part (a stray continuation byte, a truncated sequence, an
 * overlong form, a surrogate, a code point above U+10FFFF) replaced by one
 * U+FFFD, as Unicode's "maximal subpart" practice says. NULL: null. */
void json_string(JsonWriter *w, const char *key, const char *value);
void json_int(JsonWriter *w, const char *key, int64_t value);
void json_uint(JsonWriter *w, const char *key, uint64_t value);
void json_double(JsonWriter *w, const char *key, double value, int decimals);
/* An integer given as decimal text (an optional '-', then digits), for
 * values wider than 64 bits; any other text is written as null. */
void json_number_text(JsonWriter *w, const char *key, const char *digits);
void json_bool(JsonWriter *w, const char *key, bool value);
void json_null(JsonWriter *w, const char *key);

/* Writes what is buffered, so finished members survive a crash. */
void json_flush(JsonWriter *w);

/* True when the output was well nested: every container closed, none too
 * deep. (A mistake in a caller, caught by the tests.) */
bool json_writer_done(const JsonWriter *w);


#endif
