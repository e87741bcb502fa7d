/* Reading text a line at a time with a bound on the line's length, so that
 * an endless line (a pipe from a broken program, /dev/zero) costs a fixed
 * buffer and not all of memory, as getline would. NUL bytes are kept and
 * counted in the length, so the caller can refuse them rather than have
 * C strings cut the line silently at the first one. */
#ifndef CHESSLAB_LINE_READ_H
#define CHESSLAB_LINE_READ_H

#include <stddef.h>
#include <stdio.h>

typedef enum {
    LINE_READ_OK,       /* buf holds the line, without its newline */
    LINE_READ_TOO_LONG, /* longer than max: read to its end and dropped */
    LINE_READ_END       /* end of input (or a read error): no line */
} LineRead;

/* Reads one line from f into buf, which has room for max + 1 bytes: at
 * most max bytes and a terminating NUL; *len is the number of bytes
 * stored. A last line without a newline counts as a line. Blocks as getc
 * does; f must be read by this thread alone. */
LineRead line_read(FILE *f, char *buf, size_t max, size_t *len);

#endif
