#include "engine.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/move_text.h"

/* Keys kept for repetitions: the fifty-move rule ends every game long
 * before a position could repeat one older than this. */
enum { GAME_KEYS = 512 };
/* The board's undo stack holds MOVEGEN_MAX_PLY moves: a long move list is
 * replayed in stretches, reloading the board (which empties the stack)
 * between them. */
enum { RELOAD_EVERY = 256 };

struct Engine {
    const SearchBoardOps *ops;
    TranspositionTable tt;
    size_t hash_mb;
    SearchOptions options;
    int64_t move_overhead_ms;
    int threads;

    SearchBoard *board;
    uint64_t keys[GAME_KEYS]; /* positions before the current one */
    int key_count;

    SearchThread *main;
    SearchShared shared;
    EngineCallbacks cb;
    pthread_t thread;
    bool thread_started;  /* a thread to join */
    atomic_bool busy;
    atomic_bool stop_requested;
};

Engine *engine_new(size_t hash_mb)
{
    Engine *e = calloc(1, sizeof *e);
    if (e == NULL)
        return NULL;
    e->ops = search_board_ops();
    e->board = search_board_new();
    e->main = search_thread_new(e->ops, 0);
    if (e->board == NULL || e->main == NULL || !tt_resize(&e->tt, hash_mb)) {
        engine_free(e);
        return NULL;
    }
    e->hash_mb = hash_mb;
    search_options_default(&e->options);
    e->move_overhead_ms = ENGINE_DEFAULT_OVERHEAD_MS;
    e->threads = 1;
    Setup start;
    setup_from_fen(&start, FEN_STARTPOS, NULL, 0);
    e->ops->load(e->board, &start);
    atomic_init(&e->busy, false);
    atomic_init(&e->stop_requested, false);
    return e;
}

static void join_search(Engine *e)
{
    if (e->thread_started) {
        pthread_join(e->thread, NULL);
        e->thread_started = false;
    }
}

void engine_free(Engine *e)
{
    if (e == NULL)
        return;
    engine_stop(e);
    tt_free(&e->tt);
    search_thread_free(e->main);
    movegen_board_free(e->board);
    free(e);
}

const SearchBoardOps *engine_ops(const Engine *e) { return e->ops; }

bool engine_set_hash(Engine *e, size_t mb)
{
    join_search(e);
    if (!tt_resize(&e->tt, mb))
        return false;
    e->hash_mb = mb;
    return true;
}

size_t engine_hash_mb(const Engine *e) { return e->hash_mb; }

void engine_new_game(Engine *e)
{
    engine_stop(e);
    tt_clear(&e->tt);
    search_thread_clear(e->main);
}

void engine_clear_hash(Engine *e)
{
    engine_stop(e);
    tt_clear(&e->tt);
}

SearchOptions *engine_options(Engine *e) { return &e->options; }
void engine_set_move_overhead(Engine *e, int64_t ms) { e->move_overhead_ms = ms; }
int64_t engine_move_overhead(const Engine *e) { return e->move_overhead_ms; }
void engine_set_threads(Engine *e, int threads) { e->threads = threads; }
int engine_threads(const Engine *e) { return e->threads; }

const SearchBoard *engine_board(const Engine *e) { return e->board; }

const uint64_t *engine_history(const Engine *e, int *count)
{
    *count = e->key_count;
    return e->keys;
}

static void push_key(uint64_t *keys, int *count, uint64_t key)
{
    if (*count == GAME_KEYS) {
        memmove(keys, keys + GAME_KEYS / 2, (GAME_KEYS / 2) * sizeof *keys);
        *count = GAME_KEYS / 2;
    }
    keys[(*count)++] = key;
}

bool engine_set_position(Engine *e, const Setup *start, const char *const *moves, int count, char *err,
                         size_t err_len)
{
    /* Built aside and copied in only when every move was legal. */
    SearchBoard *board = search_board_new();
    uint64_t *keys = malloc(GAME_KEYS * sizeof *keys);
    if (board == NULL || keys == NULL) {
        snprintf(err, err_len, "out of memory");
        movegen_board_free(board);
        free(keys);
        return false;
    }
    int key_count = 0;
    e->ops->load(board, start);
    bool ok = true;
    for (int i = 0; i < count; i++) {
        Move m = move_from_uci(e->ops->gen, board, moves[i]);
        if (m == MOVE_NONE) {
            Setup s;
            char fen[FEN_MAX];
            e->ops->save(board, &s);
            setup_to_fen(&s, fen);
            snprintf(err, err_len, "move %d '%s' is not a legal move in %s", i + 1, moves[i], fen);
            ok = false;
            break;
        }
        push_key(keys, &key_count, sb_key(&board->pos));
        e->ops->make(board, m);
        /* The fifty-move counter restarts: nothing before can repeat. */
        if (sb_halfmove(&board->pos) == 0)
            key_count = 0;
        if ((i + 1) % RELOAD_EVERY == 0) {
            Setup s;
            e->ops->save(board, &s);
            e->ops->load(board, &s);
        }
    }
    if (ok) {
        memcpy(e->board, board, sizeof *board);
        memcpy(e->keys, keys, (size_t)key_count * sizeof *keys);
        e->key_count = key_count;
    }
    movegen_board_free(board);
    free(keys);
    return ok;
}

static void prepare(Engine *e, const SearchLimits *limits, const EngineCallbacks *cb)
{
    tt_new_search(&e->tt);
    search_thread_set_root(e->main, e->board, e->keys, e->key_count);
    search_shared_init(&e->shared, e->ops, &e->tt, &e->options, limits, sb_side(&e->board->pos),
                       e->move_overhead_ms);
    e->cb = cb ? *cb : (EngineCallbacks){ 0 };
    e->shared.report = e->cb.info;
    e->shared.report_ctx = e->cb.ctx;
    atomic_store(&e->stop_requested, false);
}

static void *search_thread_main(void *arg)
{
    Engine *e = arg;
    SearchResult result;
    search_iterate(e->main, &e->shared, &result);
    /* UCI: after an infinite or ponder search, bestmove waits for stop (or
     * ponderhit). A millisecond's sleep keeps the wait cheap and the answer
     * prompt. */
    while (!atomic_load(&e->stop_requested) && (e->shared.limits.infinite || atomic_load(&e->shared.pondering))) {
        struct timespec ms = { 0, 1000000 };
        nanosleep(&ms, NULL);
    }
    if (e->cb.bestmove)
        e->cb.bestmove(e->cb.ctx, &result);
    atomic_store(&e->busy, false);
    return NULL;
}

void engine_go(Engine *e, const SearchLimits *limits, const EngineCallbacks *cb)
{
    engine_stop(e);
    prepare(e, limits, cb);
    atomic_store(&e->busy, true);
    if (pthread_create(&e->thread, NULL, search_thread_main, e) != 0) {
        /* No thread: search here, so the caller still gets its bestmove,
         * without waiting for a stop that nobody could send. */
        e->shared.limits.infinite = false;
        atomic_store(&e->shared.pondering, false);
        search_thread_main(e);
        return;
    }
    e->thread_started = true;
}

void engine_stop(Engine *e)
{
    if (e->thread_started) {
        atomic_store(&e->stop_requested, true);
        atomic_store(&e->shared.stop, true);
    }
    join_search(e);
}

void engine_ponderhit(Engine *e)
{
    if (!atomic_load(&e->busy))
        return;
    /* The clock starts now: the opponent's thinking time was a bonus. */
    atomic_store(&e->shared.start_ns, search_now_ns());
    atomic_store(&e->shared.pondering, false);
}

bool engine_busy(const Engine *e) { return atomic_load(&e->busy); }

void engine_wait(Engine *e) { join_search(e); }

void engine_search(Engine *e, const SearchLimits *limits, const EngineCallbacks *cb, SearchResult *out)
{
    engine_stop(e);
    SearchLimits l = *limits;
    l.infinite = false;
    l.ponder = false;
    prepare(e, &l, cb);
    search_iterate(e->main, &e->shared, out);
}
