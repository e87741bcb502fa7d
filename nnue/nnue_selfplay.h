/* Training data from new games: the engine plays itself at a fixed node
 * budget per move from book openings (a few random plies after each, so
 * no two games repeat) and every position it searches becomes a record
 * with that search's score and, once the game ends, its result (the same
 * filter as nnue_data.h: not in check, best move no capture or promotion,
 * no mate score).
 *
 * A game ends by the rules (checkmate, stalemate, dead position,
 * threefold repetition or the fifty-move rule taken as claimed), or is
 * adjudicated: won when the search gives one side NNUE_SELFPLAY_WIN_SCORE
 * or more for NNUE_SELFPLAY_WIN_PLIES plies in a row (both sides agree),
 * drawn at NNUE_SELFPLAY_MAX_PLIES.
 *
 * Games run in parallel (OpenMP), each on a cleared table and history with
 * its own seeded random plies, and are written in game order, so the file
 * depends on the options only, not on the thread count. */
#ifndef CHESSLAB_NNUE_NNUE_SELFPLAY_H
#define CHESSLAB_NNUE_NNUE_SELFPLAY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/setup.h"
#include "search/nnue.h"

enum {
    NNUE_SELFPLAY_WIN_SCORE = 1000,
    NNUE_SELFPLAY_WIN_PLIES = 8,
    NNUE_SELFPLAY_MAX_PLIES = 400,
    NNUE_SELFPLAY_HASH_MB = 8
};

typedef struct NnueSelfplayOptions {
    int games;
    uint64_t nodes;        /* per move */
    const Setup *openings; /* the start positions, drawn in a seeded order */
    int opening_count;
    int random_plies;      /* random legal moves played after the opening */
    uint64_t seed;
    const NnueNet *net;    /* the evaluation the engine plays with; NULL: linear */
} NnueSelfplayOptions;

typedef struct NnueSelfplayStats {
    uint64_t games, records, positions, nodes;
    uint64_t white_wins, draws, black_wins, adjudicated;
} NnueSelfplayStats;

/* Plays the games and appends their records to out and, unless games_out
 * is NULL, the games themselves (nnue/nnue_games.h: a header, then the
 * games whose records these are); false with a one-line message in err
 * when memory runs out or a file cannot be written. */
bool nnue_selfplay(const NnueSelfplayOptions *o, FILE *out, FILE *games_out, NnueSelfplayStats *stats, char *err,
                   size_t err_len);

#endif
