/* Writing fitted weights as the C source of search/eval_weights.c, so that
 * adopting a tuning run is copying one file and rebuilding, and the diff
 * of that file shows what the games taught. */
#ifndef CHESSLAB_TUNE_WEIGHTS_FILE_H
#define CHESSLAB_TUNE_WEIGHTS_FILE_H

#include <stdbool.h>
#include <stdio.h>

/* Weights rounded to whole centipawns, one term per block with its name
 * and meaning, four weights a line (a piece-square rank per line).
 * provenance: one or more lines for the header comment (where the weights
 * came from), without comment markers. false when writing failed. */
bool tune_write_weights(FILE *out, const double *w_mg, const double *w_eg, const char *provenance);

/* Reads a file that tune_write_weights wrote (search/eval_weights.c): the
 * terms must come in this build's order with this build's sizes (a file of
 * another evaluation layout is refused). false with one line in err. */
bool tune_read_weights(FILE *in, double *w_mg, double *w_eg, char *err, size_t err_len);

#endif
