#include "search/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search/engine_options.h"
#include "search/nnue.h"
#include "core/move_text.h"
#include "search/search_internal.h"
#include "search/smp.h"
#include "search/thread_pool.h"

/* Keys kept for repetitions: the fifty-move rule ends every game long
 * before a position could repeat one older than this. */
enum { GAME_KEYS = 512 };
/* The board's undo stack holds MOVEGEN_MAX_PLY moves: a long move list is
 * replayed in stretches, reloading the board (which empties the stack)
 * between them. */
enum { RELOAD_EVERY = 256 };

/* What the pool's workers are asked to do. */
typedef enum { JOB_SEARCH, JOB_PERFT, JOB_CLEAR_TABLE } JobKind;

struct Engine {
    const SearchBoardOps *ops;
    TranspositionTable tt;
    size_t hash_mb;
    TtPlacement tt_wanted, tt_placement; /* asked for, and in effect */
    SearchOptions options;
    int64_t move_overhead_ms;
    int threads;
    SmpVariant smp;
    BindPolicy bind;
    int min_split_depth, split_threads;
    bool chess960; /* UCI_Chess960 */
    bool show_wdl; /* UCI_ShowWDL */

    SearchBoard *board;
    uint64_t keys[GAME_KEYS]; /* positions before the current one */
    int key_count;

    /* The machine (opened when placement first needs it) and the workers:
     * worker i owns workers[i], results[i] is its last result. */
    Topology *topo;
    bool topo_failed;
    ThreadPool *pool;
    BindPolicy pool_bind; /* the policy the pool was built for */
    SearchThread **workers;
    SearchResult *results;
    void *smp_state[SMP_VARIANT_COUNT]; /* each variant's, made by its prepare */

    /* The current job, set while the pool is idle. */
    JobKind job;
    int active;           /* workers searching */
    SmpVariant asked;     /* the variant set when the search started */
    SmpVariant variant;   /* as run: serial whenever one thread searches */
    const SmpVariantOps *vops; /* smp_variant_ops(variant) */
    int chosen;           /* results[chosen] is the answer */
    SearchShared shared;
    EngineCallbacks cb;
    bool job_started;     /* a search job to wait for */
    atomic_bool searching; /* from engine_go or engine_perft until the job's callback returned */
    atomic_bool stop_requested;
    EngineStats stats;

    /* go perft: its own copy of the position (the caller may set a new
     * one meanwhile), allocated at the first perft, and the result. */
    SearchBoard *perft_board;
    EnginePerft perft;
    EnginePerftDone perft_done;
    void *perft_ctx;

    NnueNet *loaded_net; /* EvalFile's network, owned; NULL: the built-in one */
};

/* ---- the pool and the machine ---- */

static void *worker_init(void *ctx, int index)
{
    const Engine *e = ctx;
    return search_thread_new(e->ops, index);
}

static void worker_fini(void *ctx, int index, void *state)
{
    (void)ctx, (void)index;
    search_thread_free(state);
}

static bool place_table(Engine *e, size_t mb, TtPlacement want);

static Topology *engine_topology(Engine *e)
{
    if (e->topo == NULL && !e->topo_failed) {
        e->topo = topology_open();
        e->topo_failed = e->topo == NULL;
    }
    return e->topo;
}

/* (Re)builds the pool when the thread count or the placement changed. On
 * failure the old pool stays (searches then use fewer threads). */
static bool ensure_pool(Engine *e)
{
    /* A lone search thread is left to the OS: binding it gains nothing,
     * and would put several one-thread engines (a match, parallel tests)
     * onto the same PU. */
    BindPolicy bind = e->threads > 1 ? e->bind : BIND_NONE;
    if (e->pool != NULL && thread_pool_size(e->pool) == e->threads && e->pool_bind == bind)
        return true;
    Topology *topo = bind != BIND_NONE ? engine_topology(e) : NULL;
    SearchThread **workers = malloc((size_t)e->threads * sizeof *workers);
    SearchResult *results = calloc((size_t)e->threads, sizeof *results);
    ThreadPool *pool = workers && results ? thread_pool_new(e->threads, bind, topo, worker_init, worker_fini, e)
                                          : NULL;
    if (pool == NULL) {
        free(workers);
        free(results);
        return false;
    }
    thread_pool_free(e->pool);
    free(e->workers);
    free(e->results);
    e->pool = pool;
    e->pool_bind = bind;
    e->workers = workers;
    e->results = results;
    for (int i = 0; i < e->threads; i++)
        workers[i] = thread_pool_state(pool, i);
    /* A table placed by first touch is placed anew by the new threads (in
     * fresh memory: pages already touched would stay where they are). */
    if (e->tt.buckets != NULL && e->tt_placement == TT_PLACE_FIRST_TOUCH)
        place_table(e, e->hash_mb, e->tt_wanted);
    return true;
}

static void run_job(Engine *e, JobKind job, int count);

/* Every worker clears its share of the table: with first-touch placement
 * the pages of a fresh table land on the NUMA nodes of the threads that
 * will use them most. */
static void clear_table(Engine *e) { run_job(e, JOB_CLEAR_TABLE, thread_pool_size(e->pool)); }

static void *alloc_interleaved(void *ctx, size_t bytes) { return topology_alloc_interleaved(ctx, bytes); }
static void free_interleaved(void *ctx, void *memory, size_t bytes) { topology_free_memory(ctx, memory, bytes); }

/* A table of mb megabytes placed as asked, else by first touch when hwloc
 * refuses to interleave (tt_placement says which); cleared. */
static bool place_table(Engine *e, size_t mb, TtPlacement want)
{
    bool ok = false;
    if (want == TT_PLACE_INTERLEAVE && engine_topology(e) != NULL) {
        TtAllocator interleaved = { alloc_interleaved, free_interleaved, e->topo };
        ok = tt_allocate(&e->tt, mb, &interleaved);
        if (ok)
            e->tt_placement = TT_PLACE_INTERLEAVE;
    }
    if (!ok) {
        ok = tt_allocate(&e->tt, mb, NULL);
        if (ok)
            e->tt_placement = TT_PLACE_FIRST_TOUCH;
    }
    if (ok)
        clear_table(e);
    return ok;
}

Engine *engine_new(size_t hash_mb)
{
    Engine *e = calloc(1, sizeof *e);
    if (e == NULL)
        return NULL;
    e->ops = search_board_ops();
    e->threads = (int)engine_option_default(ENGINE_OPT_THREADS);
    e->smp = (SmpVariant)engine_option_default(ENGINE_OPT_SMP);
    e->bind = (BindPolicy)engine_option_default(ENGINE_OPT_BIND);
    e->min_split_depth = (int)engine_option_default(ENGINE_OPT_MIN_SPLIT_DEPTH);
    e->split_threads = (int)engine_option_default(ENGINE_OPT_SPLIT_THREADS);
    e->tt_wanted = e->tt_placement = (TtPlacement)engine_option_default(ENGINE_OPT_TT_PLACEMENT);
    atomic_init(&e->searching, false);
    atomic_init(&e->stop_requested, false);
    e->board = search_board_new();
    if (e->board == NULL || !ensure_pool(e) || !place_table(e, hash_mb, e->tt_wanted)) {
        engine_free(e);
        return NULL;
    }
    e->hash_mb = hash_mb;
    search_options_default(&e->options);
    e->move_overhead_ms = engine_option_default(ENGINE_OPT_MOVE_OVERHEAD);
    Setup start;
    setup_from_fen(&start, FEN_STARTPOS, NULL, 0);
    e->ops->load(e->board, &start);
    return e;
}

static void join_search(Engine *e)
{
    if (e->job_started) {
        thread_pool_wait(e->pool);
        e->job_started = false;
    }
}

void engine_free(Engine *e)
{
    if (e == NULL)
        return;
    engine_stop(e);
    thread_pool_free(e->pool);
    free(e->workers);
    free(e->results);
    for (int v = 0; v < SMP_VARIANT_COUNT; v++)
        if (smp_variants[v]->release != NULL)
            smp_variants[v]->release(e->smp_state[v]);
    tt_free(&e->tt); /* an interleaved table goes back through the topology */
    topology_close(e->topo);
    movegen_board_free(e->board);
    movegen_board_free(e->perft_board);
    nnue_net_free(e->loaded_net);
    free(e);
}

const SearchBoardOps *engine_ops(const Engine *e) { return e->ops; }

bool engine_set_hash(Engine *e, size_t mb)
{
    join_search(e);
    if (!place_table(e, mb, e->tt_wanted))
        return false;
    e->hash_mb = mb;
    return true;
}

size_t engine_hash_mb(const Engine *e) { return e->hash_mb; }

void engine_set_chess960(Engine *e, bool on) { e->chess960 = on; }
bool engine_chess960(const Engine *e) { return e->chess960; }
void engine_set_show_wdl(Engine *e, bool on) { e->show_wdl = on; }
bool engine_show_wdl(const Engine *e) { return e->show_wdl; }

void engine_new_game(Engine *e)
{
    engine_stop(e);
    clear_table(e);
    for (int i = 0; i < thread_pool_size(e->pool); i++)
        search_thread_clear(e->workers[i]);
}

void engine_clear_hash(Engine *e)
{
    engine_stop(e);
    clear_table(e);
}

SearchOptions *engine_options(Engine *e) { return &e->options; }

const NnueNet *engine_net(const Engine *e) { return e->loaded_net ? e->loaded_net : nnue_builtin(); }

bool engine_load_net(Engine *e, const char *path, char *err, size_t err_len)
{
    NnueNet *net = NULL;
    if (path != NULL && (net = nnue_net_load(path, err, err_len)) == NULL)
        return false;
    if (path == NULL && nnue_builtin() == NULL) {
        snprintf(err, err_len, "%s", nnue_builtin_error());
        return false;
    }
    engine_stop(e); /* no thread may still read the old network */
    NnueNet *old = e->loaded_net;
    e->loaded_net = net;
    if (e->options.net != NULL) {
        e->options.net = engine_net(e);
        clear_table(e);
    }
    nnue_net_free(old);
    return true;
}
/* value clamped into the option's range. */
static long clamp(EngineOptionId id, long value)
{
    const EngineOption *o = engine_option(id);
    return value < o->min ? o->min : value > o->max ? o->max : value;
}

void engine_set_move_overhead(Engine *e, int64_t ms) { e->move_overhead_ms = ms; }

/* Thread count and placement take effect at once when no search runs (so
 * a GUI's isready after setoption waits for nothing), else at the next. */
static void rebuild_when_idle(Engine *e)
{
    if (!atomic_load(&e->searching)) {
        join_search(e);
        ensure_pool(e);
    }
}

void engine_set_threads(Engine *e, int threads)
{
    e->threads = (int)clamp(ENGINE_OPT_THREADS, threads);
    rebuild_when_idle(e);
}

int engine_threads(const Engine *e) { return e->threads; }

void engine_set_smp(Engine *e, SmpVariant variant) { e->smp = variant; }

void engine_set_bind(Engine *e, BindPolicy policy)
{
    e->bind = policy;
    rebuild_when_idle(e);
}

void engine_set_min_split_depth(Engine *e, int depth)
{
    e->min_split_depth = (int)clamp(ENGINE_OPT_MIN_SPLIT_DEPTH, depth);
}

void engine_set_split_threads(Engine *e, int threads)
{
    e->split_threads = (int)clamp(ENGINE_OPT_SPLIT_THREADS, threads);
}

bool engine_set_tt_placement(Engine *e, TtPlacement placement)
{
    join_search(e);
    e->tt_wanted = placement;
    return place_table(e, e->hash_mb, placement);
}

TtPlacement engine_tt_placement(const Engine *e) { return e->tt_placement; }

void engine_last_stats(const Engine *e, EngineStats *out) { *out = e->stats; }

const SearchBoard *engine_board(const Engine *e) { return e->board; }

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
    Setup first = *start;
    first.chess960 |= e->chess960;
    e->ops->load(board, &first);
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

/* ---- searches ---- */

static SmpVariantConfig variant_config(const Engine *e)
{
    return (SmpVariantConfig){ .threads = thread_pool_size(e->pool), .split_threads = e->split_threads,
                        .min_split_depth = e->min_split_depth };
}

/* The structures of the variant, sized for the pool (its prepare); false
 * when out of memory (the search then runs serially). */
static bool variant_ready(Engine *e, SmpVariant v)
{
    const SmpVariantOps *ops = smp_variant_ops(v);
    const SmpVariantConfig cfg = variant_config(e);
    return ops->prepare == NULL || ops->prepare(&e->smp_state[v], &cfg);
}

static void prepare(Engine *e, const SearchLimits *limits, const EngineCallbacks *cb)
{
    ensure_pool(e);
    int active = !smp_variant_ops(e->smp)->parallel ? 1
                 : e->threads < thread_pool_size(e->pool) ? e->threads
                                                          : thread_pool_size(e->pool);
    SmpVariant v = active > 1 ? e->smp : SMP_SERIAL;
    if (v != SMP_SERIAL && !variant_ready(e, v)) {
        active = 1;
        v = SMP_SERIAL;
    }
    const SmpVariantOps *ops = smp_variant_ops(v);
    tt_new_search(&e->tt);
    search_shared_init(&e->shared, e->ops, &e->tt, &e->options, limits, sb_side(&e->board->pos),
                       e->move_overhead_ms);
    for (int i = 0; i < active; i++) {
        search_thread_set_root(e->workers[i], e->board, e->keys, e->key_count);
        search_thread_begin(e->workers[i], &e->shared);
    }
    /* One thread: the serial search exactly, with every hook off. */
    if (active > 1) {
        e->shared.threads = e->workers;
        e->shared.thread_count = active;
        const SmpVariantConfig cfg = variant_config(e);
        if (ops->start != NULL)
            ops->start(e->smp_state[v], &e->shared, &cfg);
    }
    e->active = active;
    e->asked = e->smp;
    e->variant = v;
    e->vops = ops;
    e->chosen = 0;
    e->cb = cb ? *cb : (EngineCallbacks){ 0 };
    e->shared.report = e->cb.info;
    e->shared.currmove = e->cb.currmove;
    e->shared.report_ctx = e->cb.ctx;
    atomic_store(&e->stop_requested, false);
}

static void collect_stats(Engine *e)
{
    EngineStats *s = &e->stats;
    memset(s, 0, sizeof *s);
    s->variant = e->asked;
    s->threads = e->active;
    s->bind = thread_pool_policy(e->pool);
    for (int i = 0; i < e->active; i++) {
        const SearchThread *t = e->workers[i];
        EngineThreadStats *ts = &s->thread[i];
        *ts = (EngineThreadStats){ .pu = thread_pool_pu(e->pool, i), .nodes = search_thread_nodes(t),
                                   .splits = t->splits, .late_joins = t->late_joins, .deferred = t->deferred,
                                   .idle_ns = t->idle_ns };
        s->nodes += ts->nodes;
        s->splits += ts->splits;
        s->late_joins += ts->late_joins;
        s->deferred += ts->deferred;
        s->idle_ns += ts->idle_ns;
    }
}

/* The variant's pick_result may play a helper's result (Lazy SMP: when it
 * is better, lazy.h); the main thread then shows its line so that the last
 * info matches bestmove. Not with MultiPV: the main thread's lines were
 * shown, and bestmove is the first one's. */
static void choose_result(Engine *e)
{
    if (e->vops->pick_result == NULL || e->shared.options.multipv > 1)
        return;
    const SearchResult *candidates[ENGINE_MAX_THREADS];
    for (int i = 0; i < e->active; i++)
        candidates[i] = &e->results[i];
    e->chosen = e->vops->pick_result(candidates, e->active);
    SearchResult *r = &e->results[e->chosen];
    if (e->chosen == 0 || e->shared.report == NULL)
        return;
    SearchReport line = { .depth = r->depth, .seldepth = r->seldepth, .multipv = 1, .score = r->score,
                          .bound = BOUND_EXACT,
                          .nodes = search_shared_nodes(&e->shared), .time_ms = e->results[0].time_ms,
                          .hashfull = tt_hashfull(&e->tt), .pv = r->pv, .pv_len = r->pv_len };
    e->shared.report(e->shared.report_ctx, &line);
}

/* Worker 0: the main search, then the result once every thread is done. */
static void main_search(Engine *e, SearchThread *t)
{
    search_iterate(t, &e->shared, &e->results[0]);
    /* search_iterate set stop: the helpers are on their way out. */
    thread_pool_wait_others(e->pool);
    choose_result(e);
    SearchResult *r = &e->results[e->chosen];
    r->time_ms = e->results[0].time_ms;
    if (e->active > 1)
        r->nodes = search_shared_nodes(&e->shared);
    collect_stats(e);
    /* UCI: after an infinite or ponder search, bestmove waits for stop (or
     * ponderhit). A millisecond's sleep keeps the wait cheap and the answer
     * prompt. */
    while (!atomic_load(&e->stop_requested) && (e->shared.limits.infinite || atomic_load(&e->shared.pondering))) {
        struct timespec ms = { 0, 1000000 };
        nanosleep(&ms, NULL);
    }
    /* Idle before the answer goes out: a GUI may send setoption the moment
     * it reads bestmove, and must find the engine free. The callback reads
     * only r, which no option touches, and the next go joins this thread. */
    atomic_store(&e->searching, false);
    if (e->cb.bestmove)
        e->cb.bestmove(e->cb.ctx, r);
}

/* Worker 0, for go perft. */
static void perft_job(Engine *e)
{
    EnginePerft *p = &e->perft;
    p->root_moves = perft_divide_stoppable(e->ops->gen, e->perft_board, p->depth, PERFT_BULK, &e->stop_requested,
                                           p->moves, &p->counted);
    p->nodes = 0;
    for (int i = 0; i < p->counted; i++)
        p->nodes += p->moves[i].nodes;
    atomic_store(&e->searching, false); /* before the answer, as in main_search */
    e->perft_done(e->perft_ctx, p);
}

static void job_main(void *ctx, int index, void *state)
{
    Engine *e = ctx;
    SearchThread *t = state;
    if (e->job == JOB_CLEAR_TABLE)
        tt_clear_slice(&e->tt, index, thread_pool_size(e->pool));
    else if (e->job == JOB_PERFT)
        perft_job(e);
    else if (index == 0)
        main_search(e, t);
    else if (e->vops->helper != NULL)
        e->vops->helper(e->smp_state[e->variant], t, &e->shared, &e->results[index]);
    else
        search_iterate(t, &e->shared, &e->results[index]);
}

static void run_job(Engine *e, JobKind job, int count)
{
    e->job = job;
    thread_pool_start(e->pool, count, job_main, e);
    if (job != JOB_CLEAR_TABLE)
        e->job_started = true;
    else
        thread_pool_wait(e->pool);
}

void engine_go(Engine *e, const SearchLimits *limits, const EngineCallbacks *cb)
{
    engine_stop(e);
    prepare(e, limits, cb);
    atomic_store(&e->searching, true);
    run_job(e, JOB_SEARCH, e->active);
}

bool engine_perft(Engine *e, int depth, EnginePerftDone done, void *ctx)
{
    engine_stop(e);
    if (e->perft_board == NULL && (e->perft_board = search_board_new()) == NULL)
        return false;
    memcpy(e->perft_board, e->board, sizeof *e->board);
    e->perft = (EnginePerft){ .depth = depth };
    e->perft_done = done;
    e->perft_ctx = ctx;
    atomic_store(&e->stop_requested, false);
    atomic_store(&e->searching, true);
    run_job(e, JOB_PERFT, 1);
    return true;
}

void engine_stop(Engine *e)
{
    if (e->job_started) {
        atomic_store(&e->stop_requested, true);
        atomic_store(&e->shared.stop, true);
    }
    join_search(e);
}

void engine_ponderhit(Engine *e)
{
    if (!atomic_load(&e->searching))
        return;
    /* The clock starts now: the opponent's thinking time was a bonus. */
    atomic_store(&e->shared.start_ns, timer_now_ns());
    atomic_store(&e->shared.pondering, false);
}

bool engine_searching(const Engine *e) { return atomic_load(&e->searching); }

void engine_wait(Engine *e) { join_search(e); }

void engine_search(Engine *e, const SearchLimits *limits, const EngineCallbacks *cb, SearchResult *out)
{
    engine_stop(e);
    SearchLimits l = *limits;
    l.infinite = false;
    l.ponder = false;
    EngineCallbacks info_only = { cb ? cb->info : NULL, NULL, cb ? cb->ctx : NULL, cb ? cb->currmove : NULL };
    prepare(e, &l, &info_only);
    run_job(e, JOB_SEARCH, e->active);
    join_search(e);
    *out = e->results[e->chosen];
}
