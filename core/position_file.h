/* Files of positions, one a line: FEN (4 fields, optionally the two
 * counters) followed by anything (EPD operations such as bm and id, perft
 * counts); blank lines and lines starting with # are skipped. Positions
 * for `bench search` and openings for `match`. */
#ifndef CHESSLAB_POSITION_FILE_H
#define CHESSLAB_POSITION_FILE_H

#include "core/setup.h"

typedef struct NamedPosition {
    char name[64]; /* the EPD id, else FILE:LINE */
    char fen[FEN_MAX];
    Setup setup;
} NamedPosition;

/* Reads path into out (at most max). Returns the count; 0 or -1 with a
 * message in err ("FILE:LINE: problem", "cannot open", "no positions"). */
int position_file_read(const char *path, NamedPosition *out, int max, char *err, size_t err_len);

#endif
