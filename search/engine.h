/* The engine: a game position, the transposition table, the options, and
 * searches run on their own thread so that the caller (the UCI loop) keeps
 * answering while one runs. Protocol-free: cli/cmd_uci.c speaks UCI over
 * it, cli/cmd_search.c and the benchmarks call it directly.
 *
 * A search works on copies (board, key history, options), so the caller may
 * set a new position while one runs. The table is shared with the running
 * search: resizing or clearing it waits for the search to end. */
#ifndef CHESSLAB_SEARCH_ENGINE_H
#define CHESSLAB_SEARCH_ENGINE_H

#include <stddef.h>

#include "search.h"

typedef struct Engine Engine;

typedef struct EngineCallbacks {
    /* Progress, from the search thread (may be NULL). */
    void (*info)(void *ctx, const SearchReport *r);
    /* The result, from the search thread, once per search: after the
     * search ended and, for infinite and ponder searches, after stop or
     * ponderhit. */
    void (*bestmove)(void *ctx, const SearchResult *r);
    void *ctx;
} EngineCallbacks;

enum { ENGINE_DEFAULT_HASH_MB = 16, ENGINE_MAX_THREADS = 256, ENGINE_DEFAULT_OVERHEAD_MS = 30,
       ENGINE_MAX_OVERHEAD_MS = 5000 };

/* NULL when out of memory. Starts at the standard position. */
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

/* Taken by the next search. */
SearchOptions *engine_options(Engine *e);
void engine_set_move_overhead(Engine *e, int64_t ms);
int64_t engine_move_overhead(const Engine *e);
void engine_set_threads(Engine *e, int threads);
int engine_threads(const Engine *e);

/* start (validated) and UCI moves played from it. On an illegal move
 * returns false with a message and the engine keeps its old position. */
bool engine_set_position(Engine *e, const Setup *start, const char *const *moves, int count, char *err,
                         size_t err_len);
const SearchBoard *engine_board(const Engine *e);
/* Keys of the game positions before the current one, since the last capture
 * or pawn move, oldest first. */
const uint64_t *engine_history(const Engine *e, int *count);

/* Starts a search on its own thread (stopping and joining a running one
 * first). The callbacks run on the search thread. */
void engine_go(Engine *e, const SearchLimits *limits, const EngineCallbacks *cb);
/* Asks a running search to stop and waits until its bestmove callback has
 * returned. Nothing happens when no search runs. */
void engine_stop(Engine *e);
/* The opponent played the expected move: the ponder search becomes a normal
 * one, its clock starting now. */
void engine_ponderhit(Engine *e);
/* True from engine_go until the bestmove callback has returned. */
bool engine_busy(const Engine *e);
/* Waits for the running search to end by itself (not for infinite ones). */
void engine_wait(Engine *e);

/* Searches on the calling thread; cb may be NULL. For infinite or ponder
 * limits, use engine_go. */
void engine_search(Engine *e, const SearchLimits *limits, const EngineCallbacks *cb, SearchResult *out);

#endif
