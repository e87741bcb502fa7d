/* Cross-checking generators against each other. For each position, every
 * generator must agree with the first one on the set of legal moves, the
 * in-check flag, the key (at the root and after each root move), and the
 * divide counts at every depth up to the chosen one. On the first
 * disagreement the driver follows the differing move down to the smallest
 * depth that still disagrees and reports the FEN there, the move path, and
 * the moves each generator has that the other lacks. */
#ifndef CHESSLAB_VERIFY_H
#define CHESSLAB_VERIFY_H

#include <stdio.h>
#include "core/movegen.h"

enum { VERIFY_MAX_GENS = 16, PERFT_PATH_MAX = 64 };

typedef struct VerifyContext {
    const MoveGen *gens[VERIFY_MAX_GENS];
    void *boards[VERIFY_MAX_GENS];
    int gen_count;
    int depth;               /* divide depths 1..depth are compared */
    FILE *report;            /* where a disagreement is described */
    /* Statistics. */
    uint64_t positions;
    uint64_t nodes;          /* leaf nodes counted, summed over generators */
    double seconds[VERIFY_MAX_GENS];
} VerifyContext;

/* Allocates one board per generator. Returns false when out of memory. */
bool verify_init(VerifyContext *v, const MoveGen *const *gens, int gen_count, int depth, FILE *report);
void verify_free(VerifyContext *v);

/* Checks one position; `label` names it in the report (e.g. "file:line").
 * Returns false and writes the report on the first disagreement. */
bool verify_position(VerifyContext *v, const Setup *s, const char *label);

/* Plays `plies` uniformly random legal moves from s with the first
 * generator (stopping early at mate or stalemate) and writes the result to
 * out. The xorshift state advances; same seed, same positions. */
void verify_random_position(VerifyContext *v, const Setup *s, int plies, uint64_t *rng_state, Setup *out);

/* Reads a position from an EPD or FEN line: the first four FEN fields, and
 * the clocks when fields five and six are numbers (perft EPD lines). */
bool setup_from_epd_line(Setup *s, const char *line, char *err, size_t err_len);

#endif
