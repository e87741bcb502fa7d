/* The engine: a game position, the transposition table, the options, and
 * searches run on a pool of threads (thread_pool.h), so that the caller
 * (the UCI loop) keeps answering while one runs. Worker 0 is the main
 * search thread; the others help as the SMP variant says. Protocol-free: cli/cmd_uci.c speaks UCI over
 * it, cli/cmd_search.c and the benchmarks call it directly.
 *
 * A search works on copies (board, key history, options), so the caller may
 * set a new position while one runs. The table is shared with the running
 * search: resizing or clearing it waits for the search to end. */
#ifndef CHESSLAB_SEARCH_ENGINE_H
#define CHESSLAB_SEARCH_ENGINE_H

#include <stddef.h>

#include "core/perft.h"
#include "core/topology.h"
#include "search/search.h"
#include "search/smp.h"

typedef struct Engine Engine;

typedef struct EngineCallbacks {
    /* Progress, from the search thread (may be NULL). */
    void (*info)(void *ctx, const SearchReport *r);
    /* The result, from the search thread, once per search: after the
     * search ended and, for infinite and ponder searches, after stop or
     * ponderhit. */
    void (*bestmove)(void *ctx, const SearchResult *r);
    void *ctx;
    /* The root move the main thread starts (SearchShared.currmove: only
     * once the search has run a second; may be NULL). */
    void (*currmove)(void *ctx, int depth, Move move, int number);
} EngineCallbacks;

/* The most search threads (the size of the per-thread arrays). Every
 * option's default and range is in search/engine_options.h. */
enum { ENGINE_MAX_THREADS = 256 };

/* NULL when out of memory. Starts at the standard position, every other
 * option at its default (search/engine_options.h). */
Engine *engine_new(size_t hash_mb);
/* Stops and joins a running search first. */
void engine_free(Engine *e);

const SearchBoardOps *engine_ops(const Engine *e);

/* Waits for a running search (stop it first for infinite ones). On failure
 * (out of memory) the old table stays and false is returned. */
bool engine_set_hash(Engine *e, size_t mb);
size_t engine_hash_mb(const Engine *e);
/* A new game: clears the table and the history tables. Stops a search. */
void engine_new_game(Engine *e);
/* Clears the table only. Stops a search. */
void engine_clear_hash(Engine *e);

/* UCI_Chess960: positions set from now on are Chess960 (castling written
 * king takes rook); a position whose castling needs Chess960 is one anyway. */
void engine_set_chess960(Engine *e, bool on);
bool engine_chess960(const Engine *e);

/* UCI_ShowWDL: whether reports should carry a win/draw/loss estimate (the
 * engine only keeps the setting; the UCI layer prints it). */
void engine_set_show_wdl(Engine *e, bool on);
bool engine_show_wdl(const Engine *e);

/* The network that `Eval nnue` plays: the one read by engine_load_net,
 * else the one built in; NULL when there is neither. */
const struct NnueNet *engine_net(const Engine *e);
/* Reads a network file (search/nnue_format.h) for `Eval nnue`; path NULL
 * goes back to the built-in network. Stops a search. When the engine
 * plays its network now, it plays the new one from the next search on
 * (the table, whose evaluations came from the old one, is cleared). False,
 * with the reason in err, when the file cannot be read: nothing changes. */
bool engine_load_net(Engine *e, const char *path, char *err, size_t err_len);

/* Taken by the next search. */
SearchOptions *engine_options(Engine *e);
void engine_set_move_overhead(Engine *e, int64_t ms);
void engine_set_threads(Engine *e, int threads);
int engine_threads(const Engine *e);

/* Parallel search (smp.h). Taken by the next search; the thread pool is
 * rebuilt when the thread count or placement changed (at once when no
 * search runs), and then a table placed by first touch is placed anew by
 * the new threads, which clears it. With one thread (or SMP_SERIAL, which
 * always uses one) every variant is the serial search. Values outside
 * an option's range are clamped into it. */
void engine_set_smp(Engine *e, SmpVariant variant);
void engine_set_bind(Engine *e, BindPolicy policy);
/* YBWC: the shallowest node that may split, and the most threads working
 * at one split point (master included). */
void engine_set_min_split_depth(Engine *e, int depth);
void engine_set_split_threads(Engine *e, int threads);
/* NUMA placement of the transposition table's memory; re-places (and
 * clears) the table, and later resizes keep it. false when out of memory.
 * When hwloc or the OS refuses to interleave, the table is placed by first
 * touch: engine_tt_placement tells the placement in effect. */
bool engine_set_tt_placement(Engine *e, TtPlacement placement);
TtPlacement engine_tt_placement(const Engine *e);

/* What the last finished search did, per thread, for the benchmark. */
typedef struct EngineThreadStats {
    int pu;           /* OS index of the PU the thread is bound to; -1 unbound */
    uint64_t nodes;
    uint64_t splits;  /* YBWC split points opened */
    uint64_t late_joins; /* YBWC split points joined after they opened */
    uint64_t deferred;/* ABDADA moves put off */
    int64_t idle_ns;  /* YBWC: time spent waiting for work */
} EngineThreadStats;

typedef struct EngineStats {
    SmpVariant variant;
    int threads;
    BindPolicy bind;
    uint64_t nodes, splits, late_joins, deferred; /* sums over the threads */
    int64_t idle_ns;
    EngineThreadStats thread[ENGINE_MAX_THREADS];
} EngineStats;

/* After the search ended (engine_search, engine_wait, engine_stop, or in
 * the bestmove callback). threads: those that searched (1 for serial);
 * bind: the placement the pool got (none for a lone thread, which is
 * never bound). */
void engine_last_stats(const Engine *e, EngineStats *out);

/* start (validated) and UCI moves played from it. On an illegal move
 * returns false with a message and the engine keeps its old position. */
bool engine_set_position(Engine *e, const Setup *start, const char *const *moves, int count, char *err,
                         size_t err_len);
const SearchBoard *engine_board(const Engine *e);

/* Starts a search on the pool (stopping and joining a running one first).
 * The callbacks run on the main search thread (worker 0). */
void engine_go(Engine *e, const SearchLimits *limits, const EngineCallbacks *cb);
/* Asks a running search to stop and waits until its bestmove callback has
 * returned. Nothing happens when no search runs. */
void engine_stop(Engine *e);
/* The opponent played the expected move: the ponder search becomes a normal
 * one, its clock starting now. */
void engine_ponderhit(Engine *e);
/* True from engine_go until the search is over and its bestmove callback is
 * about to run: a caller that reads bestmove finds the engine idle, so its
 * options can change at once (the next engine_go joins the callback). */
bool engine_searching(const Engine *e);
/* Waits for the running search to end by itself (not for infinite ones). */
void engine_wait(Engine *e);

/* Perft (divide) of the current position, run like a search on the main
 * search thread: the caller keeps answering, engine_stop ends it early
 * (the stop is seen between subtrees of PERFT_STOP_DEPTH plies), a new
 * engine_go or engine_perft stops it first, and engine_searching is true until
 * done is about to run. done runs once, on that thread. */
typedef struct EnginePerft {
    int depth;
    int root_moves;               /* legal moves at the root */
    int counted;                  /* root moves counted in full: all unless stopped */
    DivideEntry moves[MAX_MOVES]; /* the counted ones, sorted by UCI text */
    uint64_t nodes;               /* their sum: the perft when nothing stopped */
} EnginePerft;

typedef void (*EnginePerftDone)(void *ctx, const EnginePerft *result);

/* false (nothing started) when out of memory. */
bool engine_perft(Engine *e, int depth, EnginePerftDone done, void *ctx);

/* Searches and waits for the result; cb may be NULL (its info runs on the
 * main search thread, its bestmove is not called). For infinite or ponder
 * limits, use engine_go. */
void engine_search(Engine *e, const SearchLimits *limits, const EngineCallbacks *cb, SearchResult *out);

#endif
