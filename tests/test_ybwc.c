/* YBWC (search/ybwc.c) on a small pool of its own, 2 to 8 threads (more
 * than this machine's cores): legal moves and scores near the serial ones,
 * split points opened, exact mate scores, node limits, movetime and the
 * stop flag ending the search promptly, and many short searches in a row
 * on the same threads. Also run under ThreadSanitizer (label threaded).
 * CHESSLAB_TEST_VERBOSE=1 prints nodes and splits against serial. */
#include "tests/test_support.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/san.h"
#include "search/search_internal.h"
#include "search/ybwc.h"

enum { MAX_THREADS = 8 };

static const char *const KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/* ---- a pool like the engine's: threads made once, one search at a time ---- */

typedef struct Pool Pool;
typedef struct HelperSlot {
    Pool *pool;
    int id;
} HelperSlot;

struct Pool {
    const SearchBoardOps *ops;
    SearchThread *threads[MAX_THREADS];
    YbwcState *ybwc;
    TranspositionTable tt;
    SearchShared shared;
    pthread_t helpers[MAX_THREADS];
    HelperSlot slots[MAX_THREADS];
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    unsigned generation;
    int active;  /* threads of the current search */
    int running; /* helpers not yet back from ybwc_helper_loop */
    bool quit;
};

static void *helper_main(void *arg)
{
    HelperSlot *slot = arg;
    Pool *p = slot->pool;
    unsigned seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && p->generation == seen)
            pthread_cond_wait(&p->wake, &p->lock);
        if (p->quit)
            break;
        seen = p->generation;
        bool mine = slot->id < p->active;
        pthread_mutex_unlock(&p->lock);
        if (mine)
            ybwc_helper_loop(p->ybwc, p->threads[slot->id], &p->shared);
        pthread_mutex_lock(&p->lock);
        if (mine && --p->running == 0)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

static Pool *pool_new(void)
{
    Pool *p = calloc(1, sizeof *p);
    assert_non_null(p);
    p->ops = search_board_ops();
    assert_true(tt_resize(&p->tt, 16));
    p->ybwc = ybwc_new(MAX_THREADS, MAX_THREADS);
    assert_non_null(p->ybwc);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->done, NULL);
    for (int i = 0; i < MAX_THREADS; i++) {
        p->threads[i] = search_thread_new(p->ops, i);
        assert_non_null(p->threads[i]);
    }
    for (int i = 1; i < MAX_THREADS; i++) {
        p->slots[i] = (HelperSlot){ p, i };
        assert_int_equal(pthread_create(&p->helpers[i], NULL, helper_main, &p->slots[i]), 0);
    }
    return p;
}

static void pool_free(Pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->quit = true;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    for (int i = 1; i < MAX_THREADS; i++)
        pthread_join(p->helpers[i], NULL);
    for (int i = 0; i < MAX_THREADS; i++)
        search_thread_free(p->threads[i]);
    ybwc_free(p->ybwc);
    tt_free(&p->tt);
    pthread_cond_destroy(&p->wake);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

typedef struct Run {
    SearchResult result;
    uint64_t splits, late_joins;
    int64_t wall_ms;
} Run;

static void load_root(Pool *p, const char *fen, Setup *s)
{
    char err[256];
    if (!setup_from_fen(s, fen, err, sizeof err))
        fail_msg("%s: %s", fen, err);
    SearchBoard *board = search_board_new();
    assert_non_null(board);
    p->ops->load(board, s);
    search_thread_set_root(p->threads[0], board, NULL, 0);
    movegen_board_free(board);
}

/* Starts a search of `threads` threads (1: serial, no YBWC) on a cleared
 * table: the shared state is ready and the helpers are running when it
 * returns; pool_finish runs the main thread. */
static void pool_start(Pool *p, int threads, const char *fen, const SearchLimits *l, int min_split)
{
    Setup s;
    load_root(p, fen, &s);
    /* A new game for every search: serial results are then reproducible. */
    tt_clear(&p->tt);
    for (int i = 0; i < threads; i++)
        search_thread_clear(p->threads[i]);
    SearchOptions o;
    search_options_default(&o);
    search_shared_init(&p->shared, p->ops, &p->tt, &o, l, s.side, 0);
    if (threads > 1) {
        p->shared.threads = p->threads;
        p->shared.thread_count = threads;
        ybwc_attach(p->ybwc, &p->shared, min_split);
    }
    pthread_mutex_lock(&p->lock);
    p->active = threads;
    p->running = threads - 1;
    p->generation++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    /* The main thread starts once every helper is idle: whether a helper
     * has had the processor yet is the scheduler's choice, and the tests
     * that count split points must not depend on it. */
    while (threads > 1 && ybwc_available_threads(p->ybwc) < threads - 1)
        sched_yield();
}

static Run pool_finish(Pool *p, int threads)
{
    Run run = { 0 };
    int64_t start = timer_now_ns();
    search_iterate(p->threads[0], &p->shared, &run.result);
    pthread_mutex_lock(&p->lock);
    while (p->running > 0)
        pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
    run.wall_ms = (timer_now_ns() - start) / 1000000;
    for (int i = 0; i < threads; i++) {
        run.splits += p->threads[i]->splits;
        run.late_joins += p->threads[i]->late_joins;
    }
    return run;
}

static Run pool_search(Pool *p, int threads, const char *fen, const SearchLimits *l, int min_split)
{
    pool_start(p, threads, fen, l, min_split);
    return pool_finish(p, threads);
}

static SearchLimits depth_limit(int depth)
{
    SearchLimits l;
    search_limits_init(&l);
    l.depth = depth;
    return l;
}

static bool legal_in(const Pool *p, const char *fen, Move m)
{
    Setup s;
    assert_true(setup_from_fen(&s, fen, NULL, 0));
    SearchBoard *board = search_board_new();
    p->ops->load(board, &s);
    Move moves[MAX_MOVES];
    int n = p->ops->legal_moves(board, moves);
    movegen_board_free(board);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* The PV is a line of legal moves starting with the best move (the split
 * points merge their helpers' lines into it). */
static bool pv_legal(const Pool *p, const char *fen, const SearchResult *r)
{
    Setup s;
    assert_true(setup_from_fen(&s, fen, NULL, 0));
    SearchBoard *board = search_board_new();
    p->ops->load(board, &s);
    bool ok = r->pv_len >= 1 && r->pv[0] == r->best;
    for (int i = 0; ok && i < r->pv_len; i++) {
        Move moves[MAX_MOVES];
        int n = p->ops->legal_moves(board, moves);
        ok = false;
        for (int j = 0; j < n; j++)
            ok |= moves[j] == r->pv[i];
        if (ok)
            p->ops->make(board, r->pv[i]);
    }
    movegen_board_free(board);
    return ok;
}

static bool verbose(void) { return env_u64("CHESSLAB_TEST_VERBOSE", 0) != 0; }

/* In the data files used here the FEN is the text before " bm ". */
static void epd_fen(const char *line, char *fen, size_t len)
{
    const char *bm = strstr(line, " bm ");
    assert_non_null(bm);
    snprintf(fen, len, "%.*s", (int)(bm - line), line);
}

/* ---- results against serial ---- */

enum { DEPTH = 7, SCORE_WINDOW = 150 };

/* Depth-limited searches with 2, 4 and 8 threads: a legal move, a score
 * near the serial one (the trees differ: helpers see other bounds and
 * table entries) and a mate where serial sees one. */
static void test_depth_against_serial(void **state)
{
    Pool *p = *state;
    char fens[10][FEN_MAX];
    int count = 0;
    snprintf(fens[count++], FEN_MAX, "%s", FEN_STARTPOS);
    snprintf(fens[count++], FEN_MAX, "%s", KIWIPETE);
    DataLines bk = data_lines_read("bk.epd");
    assert_int_equal(bk.count, 24);
    for (int i = 0; i < bk.count && count < 10; i += 3)
        epd_fen(bk.lines[i], fens[count++], FEN_MAX);
    data_lines_free(&bk);

    const int thread_counts[] = { 2, 4, 8 };
    uint64_t serial_nodes = 0, nodes[3] = { 0 }, splits[3] = { 0 };
    for (int i = 0; i < count; i++) {
        SearchLimits l = depth_limit(DEPTH);
        Run serial = pool_search(p, 1, fens[i], &l, 0);
        serial_nodes += serial.result.nodes;
        for (int k = 0; k < 3; k++) {
            Run run = pool_search(p, thread_counts[k], fens[i], &l, 4);
            nodes[k] += run.result.nodes;
            splits[k] += run.splits;
            if (!legal_in(p, fens[i], run.result.best))
                fail_msg("%s, %d threads: illegal best move", fens[i], thread_counts[k]);
            assert_int_equal(run.result.depth, DEPTH);
            if (!pv_legal(p, fens[i], &run.result))
                fail_msg("%s, %d threads: PV of illegal moves", fens[i], thread_counts[k]);
            int a = serial.result.score, b = run.result.score;
            if (score_is_mate(a) != score_is_mate(b) || (!score_is_mate(a) && abs(a - b) > SCORE_WINDOW))
                fail_msg("%s, %d threads: score %d, serial %d", fens[i], thread_counts[k], b, a);
            if (verbose())
                print_message("%-40.40s %d thr: score %5d (serial %5d) nodes %8llu (serial %8llu) splits %4llu "
                              "pv %2d (serial %2d)\n",
                              fens[i], thread_counts[k], b, a, (unsigned long long)run.result.nodes,
                              (unsigned long long)serial.result.nodes, (unsigned long long)run.splits,
                              run.result.pv_len, serial.result.pv_len);
        }
    }
    for (int k = 0; k < 3; k++) {
        assert_true(splits[k] > 0);
        if (verbose())
            print_message("depth %d, %d threads: nodes %.2f x serial, %llu splits\n", DEPTH, thread_counts[k],
                          (double)nodes[k] / (double)serial_nodes, (unsigned long long)splits[k]);
    }
}

/* Runs one search in a test mode (ybwc.h): the scheduling event the test
 * checks is then certain, under any load. */
static Run pool_search_in_mode(Pool *p, YbwcTestMode mode, int threads, const char *fen, const SearchLimits *l,
                               int min_split)
{
    ybwc_set_test_mode(p->ybwc, mode);
    Run run = pool_search(p, threads, fen, l, min_split);
    ybwc_set_test_mode(p->ybwc, YBWC_NORMAL);
    return run;
}

static uint64_t helper_nodes(const Pool *p, int threads)
{
    uint64_t nodes = 0;
    for (int i = 1; i < threads; i++)
        nodes += search_thread_nodes(p->threads[i]);
    return nodes;
}

/* Four threads at depth 8 on Kiwipete open split points, and the helpers
 * search nodes of their own: the helpers are idle when the search starts,
 * so the first split point offered books them, and each booked helper
 * takes a move before its master does (YBWC_HELPERS_FIRST). */
static void test_splits_happen(void **state)
{
    Pool *p = *state;
    SearchLimits l = depth_limit(8);
    Run run = pool_search_in_mode(p, YBWC_HELPERS_FIRST, 4, KIWIPETE, &l, 6);
    assert_true(run.splits > 0);
    assert_true(helper_nodes(p, 4) > 0);
    assert_int_equal(run.result.depth, 8);
    assert_true(legal_in(p, KIWIPETE, run.result.best));
    assert_true(pv_legal(p, KIWIPETE, &run.result));
    if (verbose())
        print_message("kiwipete depth 8, 4 threads, min split 6: %llu splits, helpers %llu of %llu nodes\n",
                      (unsigned long long)run.splits, (unsigned long long)helper_nodes(p, 4),
                      (unsigned long long)run.result.nodes);
}

/* The root splits too. From the start position no move of the first two
 * plies gives check, so with the minimum split depth equal to the search
 * depth only the root of the last iteration (and its re-searches) can split. The
 * helper is idle when it opens and takes a move there first: a split in
 * every search, helper nodes, and a result like serial's. */
enum { ROOT_DEPTH = 7 };

static void check_root_search(const Run *run, const Run *serial, const Pool *p)
{
    assert_int_equal(run->result.depth, ROOT_DEPTH);
    assert_true(legal_in(p, FEN_STARTPOS, run->result.best));
    assert_true(pv_legal(p, FEN_STARTPOS, &run->result));
    assert_true(abs(run->result.score - serial->result.score) <= SCORE_WINDOW);
}

static void test_root_split(void **state)
{
    Pool *p = *state;
    SearchLimits l = depth_limit(ROOT_DEPTH);
    Run serial = pool_search(p, 1, FEN_STARTPOS, &l, 0);
    for (int round = 0; round < 3; round++) {
        Run run = pool_search_in_mode(p, YBWC_HELPERS_FIRST, 2, FEN_STARTPOS, &l, ROOT_DEPTH);
        assert_true(run.splits >= 1); /* more after an aspiration re-search */
        assert_true(helper_nodes(p, 2) > 0);
        check_root_search(&run, &serial, p);
    }
}

/* Threads that run out of work join split points opened while they were
 * busy. Which threads are busy when is the scheduler's choice, so the
 * root's split point here books nobody (YBWC_LATE_JOIN_FIRST): the idle
 * helpers must find it and join it late, and one takes a move before the
 * master does. The results stay sound. */
static void test_late_joins(void **state)
{
    Pool *p = *state;
    SearchLimits l = depth_limit(ROOT_DEPTH);
    Run serial = pool_search(p, 1, FEN_STARTPOS, &l, 0);
    for (int round = 0; round < 3; round++) {
        const int threads = 2 + round;
        Run run = pool_search_in_mode(p, YBWC_LATE_JOIN_FIRST, threads, FEN_STARTPOS, &l, ROOT_DEPTH);
        assert_true(run.splits >= 1); /* more after an aspiration re-search */
        assert_true(run.late_joins >= 1);
        assert_true(helper_nodes(p, threads) > 0);
        check_root_search(&run, &serial, p);
        if (verbose())
            print_message("start depth %d, %d threads: %llu late joins\n", ROOT_DEPTH, threads,
                          (unsigned long long)run.late_joins);
    }
}

/* Every mate in 2 and 3 of mates.epd scores exactly that mate (any
 * shorter one would be in the file's dm), with 2, 4 and 8 threads in turn
 * and split points down to depth 2; mates in 2 play a bm move. */
static void test_mates(void **state)
{
    Pool *p = *state;
    DataLines mates = data_lines_read("mates.epd");
    int checked = 0;
    for (int i = 0; i < mates.count; i++) {
        const char *dm_text = strstr(mates.lines[i], "dm ");
        int dm = dm_text ? atoi(dm_text + 3) : 0;
        if (dm < 2 || dm > 3)
            continue;
        char fen[FEN_MAX];
        epd_fen(mates.lines[i], fen, sizeof fen);
        SearchLimits l = depth_limit(2 * dm + 6);
        l.mate = dm;
        int threads = 2 << (checked % 3);
        Run run = pool_search(p, threads, fen, &l, 2);
        if (!(run.result.score >= SCORE_MATE_BOUND && score_mate_moves(run.result.score) == dm))
            fail_msg("%s, %d threads: expected mate in %d, score %d", fen, threads, dm, run.result.score);
        if (dm == 2) {
            const char *bm = strstr(mates.lines[i], " bm ") + 4;
            char moves[128];
            snprintf(moves, sizeof moves, "%.*s", (int)strcspn(bm, ";"), bm);
            Setup s;
            assert_true(setup_from_fen(&s, fen, NULL, 0));
            SearchBoard *board = search_board_new();
            p->ops->load(board, &s);
            bool found = false;
            char *save = NULL;
            for (char *w = strtok_r(moves, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
                Move m;
                char err[128];
                if (san_to_move(p->ops->gen, board, w, &m, err, sizeof err) != SAN_OK)
                    fail_msg("%s: bm %s: %s", fen, w, err);
                found |= m == run.result.best;
            }
            movegen_board_free(board);
            if (!found)
                fail_msg("%s, %d threads: best move not in bm", fen, threads);
        }
        checked++;
    }
    data_lines_free(&mates);
    assert_int_equal(checked, 185 + 13);
}

/* ---- ending on time (sanity bounds only: test_support.h) ---- */

static void test_node_limit(void **state)
{
    Pool *p = *state;
    for (int threads = 2; threads <= MAX_THREADS; threads *= 2) {
        SearchLimits l;
        search_limits_init(&l);
        l.nodes = 200000;
        Run run = pool_search(p, threads, KIWIPETE, &l, 4);
        assert_true(legal_in(p, KIWIPETE, run.result.best));
        /* Every thread sums all threads' nodes at least every
         * CLOCK_INTERVAL of its own nodes (the main thread every 64), so
         * whichever threads the scheduler runs, the total passes the limit
         * by less than threads * CLOCK_INTERVAL before one of them stops
         * the search. */
        assert_true(run.result.nodes >= l.nodes);
        assert_true(run.result.nodes < l.nodes + (uint64_t)threads * CLOCK_INTERVAL + 1000);
        assert_true(run.wall_ms < TEST_SANITY_MS);
        if (verbose())
            print_message("node limit %llu, %d threads: %llu nodes\n", (unsigned long long)l.nodes, threads,
                          (unsigned long long)run.result.nodes);
    }
}

static void test_movetime(void **state)
{
    Pool *p = *state;
    SearchLimits l;
    search_limits_init(&l);
    l.clock.movetime_ms = 100;
    Run run = pool_search(p, 8, KIWIPETE, &l, 4);
    assert_true(legal_in(p, KIWIPETE, run.result.best));
    if (run.wall_ms > 100 + TEST_SANITY_MS)
        fail_msg("movetime 100 ms took %lld ms", (long long)run.wall_ms);
}

typedef struct Stopper {
    Pool *pool;
    long delay_ms;
    int64_t stopped_ns;
} Stopper;

static void *stopper_main(void *arg)
{
    Stopper *s = arg;
    test_sleep_ms(s->delay_ms);
    s->stopped_ns = timer_now_ns();
    atomic_store(&s->pool->shared.stop, true);
    return NULL;
}

/* An infinite search stopped from outside ends (within the sanity bound), however many
 * threads (more than cores) and wherever they are. */
static void test_stop_flag(void **state)
{
    Pool *p = *state;
    for (int round = 0; round < 6; round++) {
        int threads = round % 2 ? MAX_THREADS : 3;
        SearchLimits l;
        search_limits_init(&l);
        l.infinite = true;
        pool_start(p, threads, round < 3 ? KIWIPETE : FEN_STARTPOS, &l, 3);
        Stopper stopper = { p, 10 + 20 * round, 0 };
        pthread_t timer;
        assert_int_equal(pthread_create(&timer, NULL, stopper_main, &stopper), 0);
        Run run = pool_finish(p, threads);
        int64_t ended_ns = timer_now_ns();
        pthread_join(timer, NULL);
        int64_t late_ms = (ended_ns - stopper.stopped_ns) / 1000000;
        assert_true(legal_in(p, round < 3 ? KIWIPETE : FEN_STARTPOS, run.result.best));
        if (late_ms > TEST_SANITY_MS)
            fail_msg("%d threads ended %lld ms after stop", threads, (long long)late_ms);
    }
}

/* ---- many short searches on the same threads ---- */

static void test_stress(void **state)
{
    Pool *p = *state;
    const char *fens[] = {
        FEN_STARTPOS,
        KIWIPETE,
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
    };
    /* Also at most two threads per split point, with a second state. */
    YbwcState *narrow = ybwc_new(MAX_THREADS, 2);
    YbwcState *wide = p->ybwc;
    assert_non_null(narrow);
    uint64_t splits = 0;
    for (int i = 0; i < 120; i++) {
        p->ybwc = i % 4 == 3 ? narrow : wide;
        int threads = 2 + i % (MAX_THREADS - 1);
        const char *fen = fens[i % 5];
        SearchLimits l = depth_limit(3 + i % 4);
        if (i % 7 == 0)
            l.nodes = 3000 + 1000 * (uint64_t)(i % 5);
        Run run = pool_search(p, threads, fen, &l, 2 + i % 3);
        splits += run.splits;
        if (!legal_in(p, fen, run.result.best))
            fail_msg("search %d (%s, %d threads): illegal move", i, fen, threads);
    }
    p->ybwc = wide;
    ybwc_free(narrow);
    assert_true(splits > 0);
    if (verbose())
        print_message("stress: %llu splits in 120 searches\n", (unsigned long long)splits);
}

static int setup_pool(void **state)
{
    *state = pool_new();
    return 0;
}

static int teardown_pool(void **state)
{
    pool_free(*state);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_depth_against_serial),
        cmocka_unit_test(test_splits_happen),
        cmocka_unit_test(test_root_split),
        cmocka_unit_test(test_late_joins),
        cmocka_unit_test(test_mates),
        cmocka_unit_test(test_node_limit),
        cmocka_unit_test(test_movetime),
        cmocka_unit_test(test_stop_flag),
        cmocka_unit_test(test_stress),
    };
    return cmocka_run_group_tests(tests, setup_pool, teardown_pool);
}
