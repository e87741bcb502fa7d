/* The parallel search (also run under ThreadSanitizer): every SMP variant
 * with 1, 2, 3 and 8 threads (more than this machine's cores) returns a
 * legal move, the exact mate where one exists, stops on time and at once
 * when told, counts every thread's nodes; with one thread every variant is
 * the serial search, node for node. Depths are small: the same test runs
 * instrumented. */
#include "tests/test_support.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/engine_answers.h"
#include "tests/engine_helpers.h"
#include "search/engine.h"

static const SmpVariant VARIANTS[] = { SMP_SERIAL, SMP_LAZY, SMP_YBWC, SMP_ABDADA };
static const int THREADS[] = { 1, 2, 3, 8 };
enum { VARIANT_COUNT = sizeof VARIANTS / sizeof VARIANTS[0], THREAD_COUNTS = sizeof THREADS / sizeof THREADS[0] };

static const char *const POSITIONS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NBPN2/PP3PPP/R1BQ1RK1 w - - 0 10",
};
enum { POSITION_COUNT = sizeof POSITIONS / sizeof POSITIONS[0] };

/* ---- helpers ---- */

static Engine *engine_with(SmpVariant v, int threads)
{
    Engine *e = engine_new(8);
    assert_non_null(e);
    engine_set_smp(e, v);
    engine_set_threads(e, threads);
    assert_int_equal(engine_threads(e), threads);
    return e;
}

static void set_fen(Engine *e, const char *fen)
{
    Setup s;
    char err[256];
    if (!setup_from_fen(&s, fen, err, sizeof err))
        fail_msg("%s: %s", fen, err);
    assert_true(engine_set_position(e, &s, NULL, 0, err, sizeof err));
}

/* Threads that take part: one for serial, else all. */
static int expected_threads(SmpVariant v, int threads) { return v == SMP_SERIAL ? 1 : threads; }

/* ---- one thread is the serial search ---- */

static void test_one_thread_is_serial(void **state)
{
    (void)state;
    for (int p = 0; p < 2; p++) {
        Engine *serial = engine_with(SMP_SERIAL, 1);
        set_fen(serial, POSITIONS[p]);
        SearchResult want = search_depth(serial, 6);
        /* SMP serial ignores the thread count. */
        engine_set_threads(serial, 3);
        engine_new_game(serial);
        SearchResult again = search_depth(serial, 6);
        assert_int_equal(again.nodes, want.nodes);
        assert_int_equal(again.best, want.best);
        engine_free(serial);
        for (int v = 1; v < VARIANT_COUNT; v++) {
            Engine *e = engine_with(VARIANTS[v], 1);
            set_fen(e, POSITIONS[p]);
            SearchResult r = search_depth(e, 6);
            if (r.nodes != want.nodes || r.best != want.best || r.score != want.score)
                fail_msg("%s, 1 thread, %s: %llu nodes, score %d; serial %llu nodes, score %d",
                         smp_variant_name(VARIANTS[v]), POSITIONS[p], (unsigned long long)r.nodes, r.score,
                         (unsigned long long)want.nodes, want.score);
            EngineStats st;
            engine_last_stats(e, &st);
            assert_int_equal(st.threads, 1);
            assert_int_equal(st.splits + st.deferred, 0);
            engine_free(e);
        }
    }
}

/* ---- legal moves, node totals ---- */

static void test_legal_moves_and_node_totals(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        for (int k = 0; k < THREAD_COUNTS; k++) {
            Engine *e = engine_with(VARIANTS[v], THREADS[k]);
            for (int p = 0; p < POSITION_COUNT; p++) {
                set_fen(e, POSITIONS[p]);
                SearchResult r = search_depth(e, 5);
                if (!is_legal(e, r.best) || r.depth < 5)
                    fail_msg("%s, %d threads, %s: move %d, depth %d", smp_variant_name(VARIANTS[v]), THREADS[k],
                             POSITIONS[p], r.best, r.depth);
                EngineStats st;
                engine_last_stats(e, &st);
                assert_int_equal(st.threads, expected_threads(VARIANTS[v], THREADS[k]));
                assert_int_equal(st.variant, VARIANTS[v]);
                uint64_t sum = 0;
                for (int i = 0; i < st.threads; i++)
                    sum += st.thread[i].nodes;
                assert_int_equal(sum, st.nodes);
                assert_int_equal(r.nodes, st.nodes);
            }
            engine_free(e);
        }
    }
}

/* ---- mates ---- */

/* The first two mates in 2 and in 3 of mates.epd. */
static int load_mates(char fens[][FEN_MAX], int *dms, int max)
{
    FILE *f = data_file_open("mates.epd");
    int n = 0, per_dm[4] = { 0 };
    char line[1024];
    while (n < max && fgets(line, sizeof line, f)) {
        const char *dm_text = strstr(line, "dm "), *bm = strstr(line, " bm ");
        int dm = dm_text ? atoi(dm_text + 3) : 0;
        if (bm == NULL || dm < 2 || dm > 3 || per_dm[dm] == 2)
            continue;
        per_dm[dm]++;
        snprintf(fens[n], FEN_MAX, "%.*s", (int)(bm - line), line);
        dms[n++] = dm;
    }
    fclose(f);
    return n;
}

static void test_mates(void **state)
{
    (void)state;
    char fens[4][FEN_MAX];
    int dms[4];
    int count = load_mates(fens, dms, 4);
    assert_int_equal(count, 4);
    for (int v = 0; v < VARIANT_COUNT; v++) {
        for (int k = 0; k < THREAD_COUNTS; k++) {
            Engine *e = engine_with(VARIANTS[v], THREADS[k]);
            for (int i = 0; i < count; i++) {
                set_fen(e, fens[i]);
                engine_new_game(e);
                SearchLimits l;
                search_limits_init(&l);
                l.mate = dms[i];
                l.depth = 2 * dms[i] + 6;
                SearchResult r;
                engine_search(e, &l, NULL, &r);
                if (!(r.score >= SCORE_MATE_BOUND && score_mate_moves(r.score) == dms[i]) || !is_legal(e, r.best))
                    fail_msg("%s, %d threads, %s: expected mate in %d, score %d", smp_variant_name(VARIANTS[v]),
                             THREADS[k], fens[i], dms[i], r.score);
            }
            engine_free(e);
        }
    }
}

/* ---- time and stop ---- */


static void test_movetime(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++) {
        for (int k = 0; k < THREAD_COUNTS; k++) {
            Engine *e = engine_with(VARIANTS[v], THREADS[k]);
            set_fen(e, POSITIONS[2]);
            SearchLimits l;
            search_limits_init(&l);
            l.clock.movetime_ms = 200;
            SearchResult r;
            int64_t start = timer_now_ms();
            engine_search(e, &l, NULL, &r);
            int64_t took = timer_now_ms() - start;
            if (took >= 200 + TEST_SANITY_MS || !is_legal(e, r.best))
                fail_msg("%s, %d threads, movetime 200: %lld ms, move %d", smp_variant_name(VARIANTS[v]),
                         THREADS[k], (long long)took, r.best);
            engine_free(e);
        }
    }
}

/* go infinite, stop after a while: one legal bestmove, promptly. */
static void stop_infinite(SmpVariant v, int threads, long run_ms, int64_t limit_ms)
{
    Engine *e = engine_with(v, threads);
    set_fen(e, POSITIONS[1]);
    Answers a;
    answers_init(&a);
    EngineCallbacks cb = { .bestmove = on_bestmove, .ctx = &a };
    SearchLimits l;
    search_limits_init(&l);
    l.infinite = true;
    engine_go(e, &l, &cb);
    test_sleep_ms(run_ms);
    assert_true(engine_searching(e));
    assert_int_equal(answers(&a, NULL), 0);
    int64_t start = timer_now_ms();
    engine_stop(e);
    int64_t took = timer_now_ms() - start;
    Move m;
    assert_int_equal(answers(&a, &m), 1);
    if (took >= limit_ms || !is_legal(e, m))
        fail_msg("%s, %d threads: stop took %lld ms (limit %lld), move %d", smp_variant_name(v), threads,
                 (long long)took, (long long)limit_ms, m);
    /* The pool is reused: a second search on the same threads. */
    engine_go(e, &l, &cb);
    test_sleep_ms(run_ms / 2);
    engine_free(e); /* stops and joins */
    assert_int_equal(answers(&a, NULL), 2);
    answers_destroy(&a);
}

static void test_stop(void **state)
{
    (void)state;
    for (int v = 0; v < VARIANT_COUNT; v++)
        for (int k = 0; k < THREAD_COUNTS; k++)
            stop_infinite(VARIANTS[v], THREADS[k], 30, TEST_SANITY_MS);
}

/* Far more threads than cores: stop still reaches them all at once. */
static void test_stop_many_threads(void **state)
{
    (void)state;
    for (int v = 1; v < VARIANT_COUNT; v++)
        stop_infinite(VARIANTS[v], 64, 100, TEST_SANITY_MS);
}

/* ---- placement ---- */

static void test_placement_options(void **state)
{
    (void)state;
    Engine *e = engine_with(SMP_LAZY, 3);
    SearchResult r;
    static const BindPolicy policies[] = { BIND_NONE, BIND_SCATTER, BIND_COMPACT };
    for (int i = 0; i < 3; i++) {
        engine_set_bind(e, policies[i]);
        r = search_depth(e, 4);
        assert_true(is_legal(e, r.best));
        EngineStats st;
        engine_last_stats(e, &st);
        assert_int_equal(st.threads, 3);
        for (int t = 0; t < 3; t++)
            if (policies[i] == BIND_NONE)
                assert_int_equal(st.thread[t].pu, -1);
    }
    /* Interleaving may be refused (one NUMA node, no mbind): then the table
     * is placed by first touch, and either way it works. */
    assert_true(engine_set_tt_placement(e, TT_PLACE_INTERLEAVE));
    TtPlacement got = engine_tt_placement(e);
    assert_true(got == TT_PLACE_INTERLEAVE || got == TT_PLACE_FIRST_TOUCH);
    assert_true(engine_set_hash(e, 4));
    assert_int_equal(engine_tt_placement(e), got);
    r = search_depth(e, 5);
    assert_true(is_legal(e, r.best));
    assert_true(engine_set_tt_placement(e, TT_PLACE_FIRST_TOUCH));
    assert_int_equal(engine_tt_placement(e), TT_PLACE_FIRST_TOUCH);
    /* Fewer threads, then one: the serial search again. */
    engine_set_threads(e, 2);
    r = search_depth(e, 4);
    assert_true(is_legal(e, r.best));
    engine_set_threads(e, 1);
    engine_new_game(e);
    SearchResult one = search_depth(e, 6);
    Engine *serial = engine_with(SMP_SERIAL, 1);
    SearchResult want = search_depth(serial, 6);
    assert_int_equal(one.nodes, want.nodes);
    assert_int_equal(one.best, want.best);
    engine_free(serial);
    engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_thread_is_serial),
        cmocka_unit_test(test_legal_moves_and_node_totals),
        cmocka_unit_test(test_mates),
        cmocka_unit_test(test_movetime),
        cmocka_unit_test(test_stop),
        cmocka_unit_test(test_stop_many_threads),
        cmocka_unit_test(test_placement_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
