/* Perft with threads (OpenMP), an optional shared transposition table and
 * thread placement by hwloc. The tree is expanded at the root to a split
 * depth with at least PERFT_ITEMS_PER_THREAD work items per thread, so even
 * positions with few root moves keep 64+ threads busy; threads take items
 * dynamically, each with its own board. Counts are per root move, so the
 * same driver serves plain perft and divide. */
#ifndef CHESSLAB_PERFT_PARALLEL_H
#define CHESSLAB_PERFT_PARALLEL_H

#include "core/movegen.h"
#include "core/topology.h"

enum { PERFT_MAX_THREADS = 1024, PERFT_ITEMS_PER_THREAD = 16 };

typedef struct PerftJob {
    const MoveGen *gen;
    const void *board;   /* root position (not modified) */
    int depth;           /* >= 1 */
    PerftMode mode;
    int threads;         /* 1..PERFT_MAX_THREADS */
    size_t hash_mb;      /* 0: no table */
    BindPolicy bind;
    Topology *topology;  /* needed when bind != BIND_NONE */
    bool progress;       /* root items finished, nodes and rate on stderr */
} PerftJob;

typedef struct ThreadReport {
    int bound_pu;    /* PU the thread was bound to, -1 when not bound */
    int last_pu;     /* PU it last ran on (hwloc), -1 when unknown */
    uint64_t items, nodes;
} ThreadReport;

typedef struct PerftOutcome {
    uint64_t nodes;
    double seconds;
    int root_moves;
    Move moves[MAX_MOVES];            /* root moves, generator order */
    uint64_t move_nodes[MAX_MOVES];   /* leaf count below each */
    int split_depth, items, threads;
    size_t hash_bytes;
    ThreadReport *thread_reports;     /* `threads` entries; free with perft_outcome_free */
} PerftOutcome;

/* Returns false with a message on a setup failure (memory, binding). */
bool perft_parallel(const PerftJob *job, PerftOutcome *out, char *err, size_t err_len);
/* The same with a table kept by the caller across calls (job->hash_mb is
 * then ignored), so that repeated calls on related positions, as the work
 * units of a distributed perft are, reuse each other's counts; table NULL:
 * as perft_parallel. */
struct PerftTT;
bool perft_parallel_with_table(const PerftJob *job, struct PerftTT *table, PerftOutcome *out, char *err,
                               size_t err_len);
void perft_outcome_free(PerftOutcome *out);

#endif
