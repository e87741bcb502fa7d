/* Opening an input file (a PGN file, a list of positions): only a regular
 * file is read. A directory reads as nothing, /dev/zero or /dev/urandom
 * never end, and opening a FIFO blocks until someone writes to it; each is
 * refused up front, without blocking, with a line that says what the path
 * is. */
#ifndef CHESSLAB_INPUT_FILE_H
#define CHESSLAB_INPUT_FILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

typedef enum {
    INPUT_FILE_OK,
    INPUT_FILE_CANNOT_OPEN, /* no such path, no permission: a usage error */
    INPUT_FILE_NOT_A_FILE   /* it opened, but is no regular file */
} InputFileStatus;

/* Opens path for reading into *f; otherwise *f is NULL and err holds one
 * line: "cannot open 'x': No such file or directory", "cannot read '/tmp':
 * it is a directory, not a file". */
InputFileStatus input_file_open(const char *path, FILE **f, char *err, size_t err_len);

/* What st describes when it is not a regular file ("a directory", "a
 * FIFO", ...), NULL when it is one: for files opened another way (the MPI
 * checkpoint is also written), so that every reader names them alike. */
const char *input_file_kind(const struct stat *st);

#endif
