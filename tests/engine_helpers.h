/* Small questions the search tests ask an Engine: is a move legal where
 * the engine stands, and what does a depth-limited search return. Shared
 * by test_search, test_search_smp and test_search_threads. */
#ifndef CHESSLAB_TESTS_ENGINE_HELPERS_H
#define CHESSLAB_TESTS_ENGINE_HELPERS_H

#include <stdbool.h>

#include "search/engine.h"

static inline bool is_legal(Engine *e, Move m)
{
    Move moves[MAX_MOVES];
    int n = engine_ops(e)->legal_moves(engine_board(e), moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

static inline SearchResult search_depth(Engine *e, int depth)
{
    SearchLimits l;
    search_limits_init(&l);
    l.depth = depth;
    SearchResult r;
    engine_search(e, &l, NULL, &r);
    return r;
}

#endif
