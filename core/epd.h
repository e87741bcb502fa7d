/* Perft EPD lines: `FEN ;D1 n ;D2 n ...` (see ../shared/data/README.md). */
#ifndef CHESSLAB_EPD_H
#define CHESSLAB_EPD_H

#include <stdio.h>
#include "core/setup.h"

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

/* What was wrong with a line epd_read_line read (EPD_LINE_OK: nothing). */
typedef enum { EPD_LINE_OK, EPD_LINE_TOO_LONG, EPD_LINE_NUL } EpdLineProblem;
const char *epd_line_problem_text(EpdLineProblem p);

/* Reads the next line of f into buf; returns false at end of file. A line
 * longer than len-1 bytes, or one holding a NUL byte (text cut there would
 * be read as something else), is read to its end and reported in *problem;
 * buf then holds nothing to parse. */
bool epd_read_line(FILE *f, char *buf, size_t len, EpdLineProblem *problem);

/* A file of one record a line (perft EPD, tactics EPD, FEN lists, opening
 * lists), read with the limits every such reader shares: a regular file
 * only (core/input_file.h: a directory, /dev/zero or a FIFO is refused up
 * front), lines of at most EPD_LINE_MAX bytes and no NUL byte, and at most
 * EPD_MAX_ERRORS bad lines reported before reading gives up. Bad lines are
 * reported on stderr as "PATH:LINE: problem". */
enum { EPD_LINE_MAX = 4096, EPD_MAX_ERRORS = 20 };
typedef struct EpdFile {
    FILE *f;
    const char *path;
    int line_no; /* of the line last read */
    int errors;  /* bad lines reported */
    bool gave_up; /* too many errors: the rest of the file was not read */
} EpdFile;

/* false with one line in err (no such file, not a regular file). */
bool epd_file_open(EpdFile *e, const char *path, char *err, size_t err_len);
/* The next line that is text (buf of EPD_LINE_MAX bytes); false at the end
 * of the file or once too many errors were reported. */
bool epd_file_next(EpdFile *e, char buf[EPD_LINE_MAX]);
/* Reports a problem with the line last read (say, it does not parse). */
void epd_file_error(EpdFile *e, const char *problem);
void epd_file_close(EpdFile *e);

#endif
