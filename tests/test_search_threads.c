/* The search's threading (also run under ThreadSanitizer): the shared
 * transposition table written and read by several threads at once never
 * returns a torn entry, and the engine's search thread starts, stops,
 * ponders and answers without races. */
#include "tests/test_support.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#include "core/move_text.h"
#include "tests/engine_answers.h"
#include "tests/engine_helpers.h"
#include "search/engine.h"

/* ---- the table under concurrent use ---- */

enum { WRITERS = 4, KEYS = 64, OPS = 200000 };

typedef struct Hammer {
    TranspositionTable *tt;
    int id;
    long hits, bad;
} Hammer;

/* Everything in an entry is derived from its key, so an entry made of
 * halves of two stores would show as a mismatch here, if it got past the
 * key check. */
static uint64_t key_of(int i) { return (uint64_t)(i + 1) * 0x9e3779b97f4a7c15ull; }
static Move move_of(uint64_t key) { return (Move)(key >> 48); }
static int score_of(uint64_t key) { return (int)((key >> 20) & 0x3fff) - 8000; }

static void *hammer(void *arg)
{
    Hammer *h = arg;
    uint64_t state = 0x1234567ull * (uint64_t)(h->id + 1);
    for (int op = 0; op < OPS; op++) {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        uint64_t key = key_of((int)((state >> 8) % KEYS));
        if (state & 1) {
            tt_store(h->tt, key, move_of(key), score_of(key), score_of(key), (int)(state >> 40) % 30, BOUND_EXACT);
        } else {
            TTData d;
            if (tt_probe(h->tt, key, &d)) {
                h->hits++;
                if (d.move != move_of(key) || d.score != score_of(key) || d.eval != score_of(key))
                    h->bad++;
            }
        }
    }
    return NULL;
}

static void test_tt_concurrent(void **state)
{
    (void)state;
    TranspositionTable tt = { 0 };
    /* A tiny table: every bucket is fought over. */
    assert_true(tt_resize(&tt, 0));
    assert_int_equal(tt.bucket_count, 1);
    pthread_t threads[WRITERS];
    Hammer h[WRITERS];
    for (int i = 0; i < WRITERS; i++) {
        h[i] = (Hammer){ &tt, i, 0, 0 };
        assert_int_equal(pthread_create(&threads[i], NULL, hammer, &h[i]), 0);
    }
    long hits = 0, bad = 0;
    for (int i = 0; i < WRITERS; i++) {
        pthread_join(threads[i], NULL);
        hits += h[i].hits;
        bad += h[i].bad;
    }
    assert_true(hits > 0);
    assert_int_equal(bad, 0);
    tt_free(&tt);
}

/* ---- the engine's search thread ---- */


static void test_engine_go_stop(void **state)
{
    (void)state;
    Engine *e = engine_new(4);
    assert_non_null(e);
    Answers a;
    answers_init(&a);
    a.engine = e; /* a GUI may change options the moment it reads bestmove */
    EngineCallbacks cb = { .info = on_info, .bestmove = on_bestmove, .ctx = &a };
    Setup s;
    assert_true(setup_from_fen(&s, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", NULL, 0));
    assert_true(engine_set_position(e, &s, NULL, 0, NULL, 0));
    SearchLimits infinite;
    search_limits_init(&infinite);
    infinite.infinite = true;

    /* Stop after various delays: always one legal bestmove. */
    for (int i = 0; i < 12; i++) {
        engine_go(e, &infinite, &cb);
        test_sleep_ms(i % 4 * 5);
        assert_true(engine_searching(e));
        engine_stop(e);
        assert_false(engine_searching(e));
        Move m;
        assert_int_equal(answers(&a, &m), i + 1);
        assert_true(is_legal(e, m));
    }

    /* A bounded search ends by itself. */
    SearchLimits depth;
    search_limits_init(&depth);
    depth.depth = 6;
    engine_go(e, &depth, &cb);
    engine_wait(e);
    assert_int_equal(answers(&a, NULL), 13);

    /* Ponder: no answer before ponderhit, then one within the plan. */
    SearchLimits ponder;
    search_limits_init(&ponder);
    ponder.ponder = true;
    ponder.clock.time_ms[WHITE] = ponder.clock.time_ms[BLACK] = 1000;
    engine_go(e, &ponder, &cb);
    test_sleep_ms(50);
    assert_int_equal(answers(&a, NULL), 13);
    engine_ponderhit(e);
    for (int waited = 0; waited < TEST_SANITY_MS && answers(&a, NULL) == 13; waited += 5)
        test_sleep_ms(5);
    assert_int_equal(answers(&a, NULL), 14);
    engine_wait(e);

    /* A new position and a new game while a search runs. */
    engine_go(e, &infinite, &cb);
    const char *moves[] = { "e1g1" };
    assert_true(engine_set_position(e, &s, moves, 1, NULL, 0));
    engine_new_game(e);
    assert_int_equal(answers(&a, NULL), 15);
    engine_go(e, &depth, &cb);
    engine_free(e); /* stops and joins */
    assert_int_equal(answers(&a, NULL), 16);
    assert_int_equal(a.busy_at_bestmove, 0);
    answers_destroy(&a);
}

/* Several engines searching at once share nothing. */
static void *engine_worker(void *arg)
{
    SearchResult *out = arg;
    Engine *e = engine_new(2);
    SearchLimits l;
    search_limits_init(&l);
    l.depth = 7;
    engine_search(e, &l, NULL, out);
    engine_free(e);
    return NULL;
}

static void test_engines_in_parallel(void **state)
{
    (void)state;
    SearchResult r[3];
    pthread_t threads[3];
    for (int i = 0; i < 3; i++)
        assert_int_equal(pthread_create(&threads[i], NULL, engine_worker, &r[i]), 0);
    for (int i = 0; i < 3; i++)
        pthread_join(threads[i], NULL);
    for (int i = 1; i < 3; i++) {
        assert_int_equal(r[i].nodes, r[0].nodes);
        assert_int_equal(r[i].best, r[0].best);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tt_concurrent),
        cmocka_unit_test(test_engine_go_stop),
        cmocka_unit_test(test_engines_in_parallel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
