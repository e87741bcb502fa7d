/* Perft EPD lines: `FEN ;D1 n ;D2 n ...` (see ../shared/data/README.md). */
#ifndef CHESSLAB_EPD_H
#define CHESSLAB_EPD_H

#include <stdio.h>
#include "setup.h"

enum { PERFT_MAX_DEPTH = 20 };

typedef struct PerftEpdLine {
    char fen[FEN_MAX];
    Setup setup;
    /* expected[d] is the published count for depth d when has_depth[d]. */
    uint64_t expected[PERFT_MAX_DEPTH + 1];
    bool has_depth[PERFT_MAX_DEPTH + 1];
    int max_depth; /* deepest depth with a count, 0 when none */
} PerftEpdLine;

/* Parses one line (a trailing newline is fine). On error returns false with
 * a message naming the problem (without file and line; callers add them). */
bool perft_epd_parse(const char *text, PerftEpdLine *out, char *err, size_t err_len);

/* Reads the next line of f into buf; returns false at end of file. Lines
 * longer than len-1 are reported by *too_long and skipped to their end. */
bool epd_read_line(FILE *f, char *buf, size_t len, bool *too_long);

#endif
