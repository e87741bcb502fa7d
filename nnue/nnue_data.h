/* Training data for the NNUE evaluation: positions of the project's own
 * games, each labelled with a short search's score and the game's result
 * (nnue_format.h's NnueRecord).
 *
 * A position is kept when the side to move is not in check, the search's
 * best move is no capture or promotion (a static evaluation should not have
 * to see a pending exchange) and its score is no mate. Games from the
 * standard position skip their first NNUE_DATA_SKIP_PLIES plies.
 *
 * Games are labelled in parallel (OpenMP), each on a cleared table and
 * history, so the output depends on the files and the node budget only,
 * not on the thread count or the scheduling. */
#ifndef CHESSLAB_NNUE_NNUE_DATA_H
#define CHESSLAB_NNUE_NNUE_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/setup.h"
#include "search/nnue_format.h"

enum { NNUE_DATA_SKIP_PLIES = 8, NNUE_DATA_HASH_MB = 4 };

typedef struct NnueDataOptions {
    uint64_t nodes; /* the search's node budget per position (exact: the search stops at it) */
    int every;      /* label one position in `every` of each game (1: all) */
    int offset;     /* ... those whose ply (past the skipped opening) % every == offset */
    const struct NnueNet *net; /* the network the labelling search plays; NULL: the linear evaluation */
} NnueDataOptions;

typedef struct NnueDataStats {
    uint64_t games, bad_games;  /* games read; games skipped (unreadable or no result) */
    uint64_t positions;         /* positions searched */
    uint64_t kept;              /* records written */
    uint64_t nodes;             /* nodes searched in all */
} NnueDataStats;

/* Fills r from a position, its score (White's view) and the result (0, 1, 2). */
void nnue_record_from_setup(const Setup *s, int white_score, int result, NnueRecord *r);

/* Reads every game of the PGN file at path, labels its positions and
 * appends their records to out; adds to stats. false with a one-line
 * message in err when the file cannot be read, memory runs out or out
 * cannot be written. */
bool nnue_data_from_pgn(const char *path, const NnueDataOptions *o, FILE *out, NnueDataStats *stats, char *err,
                        size_t err_len);

#endif
