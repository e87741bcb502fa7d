/* Scores, mate scores and search limits shared by the search modules.
 *
 * Scores are centipawns from the side to move's point of view. A mate is
 * SCORE_MATE minus the distance in plies from the root to the mate, so a
 * shorter mate scores higher; anything beyond SCORE_MATE_BOUND is a mate.
 * The transposition table stores mate scores relative to the node instead
 * (score_to_tt / score_from_tt): the same position can be reached at
 * different plies. */
#ifndef CHESSLAB_SEARCH_SCORE_H
#define CHESSLAB_SEARCH_SCORE_H

#include <stdbool.h>

enum {
    SEARCH_MAX_PLY = 128,   /* deepest ply of the search tree (extensions included) */
    SEARCH_MAX_DEPTH = 100, /* deepest iteration */
    SCORE_DRAW = 0,
    SCORE_MATE = 32000,
    SCORE_MATE_BOUND = SCORE_MATE - 2 * SEARCH_MAX_PLY,
    SCORE_INF = 32001,
    SCORE_NONE = 32002 /* "no score", never a search result */
};

static inline bool score_is_mate(int score) { return score >= SCORE_MATE_BOUND || score <= -SCORE_MATE_BOUND; }

/* Mate in n moves for the side to move (n > 0) or being mated in n (n < 0);
 * only for mate scores. Mate in 1 is SCORE_MATE - 1 (mating move at ply 0). */
static inline int score_mate_moves(int score)
{
    return score > 0 ? (SCORE_MATE - score + 1) / 2 : -(SCORE_MATE + score) / 2;
}

static inline int score_to_tt(int score, int ply)
{
    return score >= SCORE_MATE_BOUND ? score + ply : score <= -SCORE_MATE_BOUND ? score - ply : score;
}

static inline int score_from_tt(int score, int ply)
{
    return score >= SCORE_MATE_BOUND ? score - ply : score <= -SCORE_MATE_BOUND ? score + ply : score;
}

#endif
