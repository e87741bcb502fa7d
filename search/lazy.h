/* Lazy SMP: every thread searches the root with iterative deepening over
 * the one shared transposition table, and nothing else is shared. Threads
 * help each other only through the table: a helper that finishes a subtree
 * first leaves its result for the others to find. To keep the helpers from
 * walking the same tree in lockstep, they skip some iterations, so at any
 * time the threads are spread over two or three depths.
 *
 * The skip pattern: helpers are taken in groups, the g-th group having 2g
 * members (1, 1 | 2, 2, 2, 2 | 3 x 6 | 4 x 8, then again); a member with
 * phase p in a group of size g skips depth d when (d + p) / g is odd. So
 * half the helpers search each depth, in runs of g iterations. */
#ifndef CHESSLAB_SEARCH_LAZY_H
#define CHESSLAB_SEARCH_LAZY_H

#include <stdbool.h>

#include "search/smp.h"

enum { LAZY_PATTERN_HELPERS = 20 };

/* id: the thread's number, 1 for the first helper (0 is the main thread). */
static inline bool lazy_helper_skips_depth(int id, int depth)
{
    int i = (id - 1) % LAZY_PATTERN_HELPERS, size = 1, first = 0;
    while (i >= first + 2 * size) {
        first += 2 * size;
        size++;
    }
    int phase = i - first;
    return ((depth + phase) / size) % 2 != 0;
}

/* The threads' results are ranked (lazy.c), and the main thread plays the
 * best, so a helper that got further makes the move:
 *   1. a mate for the side to move found by any thread wins, the shortest
 *      one first (a mate score is a proof, whatever the depth);
 *   2. else the deepest completed iteration wins;
 *   3. at equal depth, the higher score wins, and on a tie the earlier
 *      thread, so the main thread keeps its move unless a helper found
 *      something strictly better at the same depth.
 * results[0] is the main thread's; returns the index of the one to play
 * (results whose best is MOVE_NONE never win). */
struct SearchResult;
int lazy_pick_result(const struct SearchResult *const *results, int count);

/* The variant (smp.h): helpers skip depths (the root hook), and the
 * result is picked by lazy_pick_result. */
extern const SmpVariantOps smp_lazy_ops;

#endif
