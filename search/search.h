/* The search core: iterative deepening over a principal variation search
 * with aspiration windows, quiescence, check extension, null-move pruning,
 * late-move reductions and futility pruning, draws by the rules inside the
 * tree, and a shared transposition table.
 *
 * All state of one search thread is in a SearchThread (boards, the key
 * stack for repetitions, killers, history, PV, node count); everything the
 * threads of one search share is in a SearchShared (table, limits, options,
 * the stop flag). Nothing is global, so many searches can run at once and
 * the parallel variants can run many threads over one SearchShared. With
 * one thread and a depth or node limit the search is deterministic: same
 * position, options and table size give the same nodes and move. */
#ifndef CHESSLAB_SEARCH_SEARCH_H
#define CHESSLAB_SEARCH_SEARCH_H

#include <stdatomic.h>

#include "core/timer.h"

#include "search/score.h"
#include "search/search_board.h"
#include "search/timeman.h"
#include "search/tt.h"

typedef enum { CAPTURES_SEE = 0, CAPTURES_MVV_LVA = 1 } CaptureOrder;
typedef enum { EVAL_LINEAR = 0, EVAL_NNUE = 1 } EvalChoice;

/* The most MultiPV lines (the most root moves there can be). */
enum { SEARCH_MAX_MULTIPV = MAX_MOVES };

/* Switches for research runs; their defaults are the option table's
 * (search/engine_options.h): all on, and SEE. */
typedef struct SearchOptions {
    bool null_move;     /* null-move pruning */
    bool lmr;           /* late-move reductions */
    bool futility;      /* reverse futility, razoring, futility and late-move pruning near the leaves (off for go mate) */
    bool aspiration;    /* aspiration windows from depth 5 */
    CaptureOrder capture_order; /* SEE: losing captures after quiet moves and skipped in quiescence */
    /* MultiPV: the main thread searches the best this many root moves,
     * each to a full-window score, and reports each as a line (at most
     * one per legal move). 1 (and anything less): the best move only. */
    int multipv;
    /* The static evaluation: NULL the linear one (eval.h), else this
     * network (nnue.h), shared read-only by every thread. */
    const struct NnueNet *net;
} SearchOptions;

/* The option table's defaults (defined in engine_options.c). */
void search_options_default(SearchOptions *o);

typedef struct SearchLimits {
    int depth;          /* 0: none */
    uint64_t nodes;     /* 0: none */
    int mate;           /* stop at a mate in at most this many moves; 0: none */
    TimeControl clock;  /* movetime and clocks (timeman.h); negative: none */
    bool infinite;      /* search until stopped */
    bool ponder;        /* search the expected reply until ponderhit or stop */
    Move searchmoves[MAX_MOVES];
    int searchmove_count; /* 0: all moves */
} SearchLimits;

void search_limits_init(SearchLimits *l);

/* One line of progress, for UCI `info` and the CLI. */
typedef struct SearchReport {
    int depth, seldepth;
    int multipv;        /* the line, 1 (the best) .. MultiPV */
    int score;
    Bound bound;        /* BOUND_EXACT, or LOWER/UPPER after an aspiration fail high/low */
    uint64_t nodes;
    int64_t time_ms;
    int hashfull;
    const Move *pv;
    int pv_len;
} SearchReport;

typedef struct SearchResult {
    Move best;          /* MOVE_NONE when the side to move has no legal move */
    Move ponder;        /* expected reply, MOVE_NONE when unknown */
    int score, depth, seldepth;
    uint64_t nodes;
    int64_t time_ms;
    Move pv[SEARCH_MAX_PLY];
    int pv_len;
} SearchResult;

typedef struct SearchThread SearchThread;
struct SplitRequest;

/* Where a parallel variant joins the search core: search.c calls these at
 * its hook points (marked "Hook:" there). A NULL member is off; the serial
 * search has every one off, and then each hook point costs one test.
 * ctx is the variant's state, for its hooks (t->shared->hooks.ctx). */
typedef struct SmpSearchHooks {
    void *ctx;
    /* The root, per iteration (Lazy SMP): true when thread t skips this
     * depth. */
    bool (*skip_iteration)(const struct SearchThread *t, int depth);
    /* A node before its move loop, at depth >= defer_depth (ABDADA): true
     * when the node is now marked as being searched, and node_leave is
     * then called when its move loop ends. */
    bool (*node_enter)(struct SearchThread *t, uint64_t key);
    void (*node_leave)(struct SearchThread *t, uint64_t key);
    /* Per move, once it is made (ABDADA): true to put it off to the end of
     * the node's list. Asked for the younger moves of the first pass, at
     * nodes whose children are at depth >= defer_depth. */
    bool (*defer_move)(const struct SearchThread *t, uint64_t child_key);
    int defer_depth;
    /* After a move (YBWC): offered the node's younger moves once its
     * eldest is searched, at depth >= split_depth; false when it did not
     * split. */
    bool (*split)(struct SearchThread *t, struct SplitRequest *req);
    int split_depth;
} SmpSearchHooks;

typedef struct SearchShared {
    const SearchBoardOps *ops;
    TranspositionTable *tt;
    SearchOptions options;
    SearchLimits limits;
    TimePlan plan;
    atomic_bool stop;
    atomic_bool pondering;   /* a ponder search not yet confirmed by ponderhit */
    /* The main thread completed depth 1: only then may the clock stop the
     * search, so every timed search reports a score and a move it searched
     * (depth 1 takes microseconds; a starved thread may start it late). */
    atomic_bool clock_may_stop;
    _Atomic int64_t start_ns;/* origin of the time limits: go, or ponderhit */
    int64_t go_ns;           /* when the search started, for reports */
    /* Called by the main thread (id 0) after each iteration and on
     * aspiration fails; NULL for none. */
    void (*report)(void *ctx, const SearchReport *r);
    /* Called by the main thread with report_ctx as each root move (the
     * number-th of the root list, 1-based) starts, once the search has run
     * a second (UCI's currmove); NULL for none. */
    void (*currmove)(void *ctx, int depth, Move move, int number);
    void *report_ctx;

    /* The threads of this search, [0] the main one (thread_count 0: only
     * the thread calling search_iterate, which then counts nodes alone),
     * and the hooks of the parallel variant, installed by its start
     * (smp.h). The serial search leaves them all off. */
    struct SearchThread *const *threads;
    int thread_count;
    SmpSearchHooks hooks;
} SearchShared;


/* Prepares shared state for a search of limits (starts the clock; the time
 * plan is computed for the side to move). The table must be sized. */
void search_shared_init(SearchShared *s, const SearchBoardOps *ops, TranspositionTable *tt,
                        const SearchOptions *options, const SearchLimits *limits, Color us,
                        int64_t move_overhead_ms);

/* Milliseconds elapsed since the shared origin (core/timer.h's clock). */
int64_t search_elapsed_ms(const SearchShared *s);

/* NULL when out of memory. */
SearchThread *search_thread_new(const SearchBoardOps *ops, int id);
void search_thread_free(SearchThread *t);
/* Forgets history and killers (a new game). */
void search_thread_clear(SearchThread *t);
/* The root: board is copied; history holds the keys of the positions
 * before it, oldest first, back to the last capture or pawn move (more is
 * harmless, the oldest are dropped beyond a few hundred). */
void search_thread_set_root(SearchThread *t, const SearchBoard *board, const uint64_t *history, int count);
uint64_t search_thread_nodes(const SearchThread *t);

/* Iterative deepening from the root until a limit or the stop flag. The
 * main thread (id 0) watches the limits, reports and sets stop when done. */
void search_iterate(SearchThread *t, SearchShared *s, SearchResult *out);

#endif
