/* perft_divide_stoppable (core/perft.h), what `go perft` runs on the
 * engine's thread: never stopped it gives perft_divide's counts, per root
 * move, in both modes, with every generator, on a tree deep enough to be
 * walked above the generator's hot loop; stopped before it starts it counts
 * nothing; stopped by another thread during a perft that would take hours
 * it returns (within a sanity bound) with only whole root moves counted. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "core/perft.h"
#include "movegen_variants/registry.h"
#include "tests/test_support.h"

/* King and pawn against king: 563185 leaves at depth 7, so the walk above
 * PERFT_STOP_DEPTH (three plies of it) is checked in a blink. */
static const char *const small_tree = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";

static void *board_at(const MoveGen *g, const char *fen)
{
    Setup s;
    assert_true(setup_from_fen(&s, fen, NULL, 0));
    void *board = movegen_board_new(g);
    assert_non_null(board);
    g->load(board, &s);
    return board;
}

static void test_same_counts(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    void *board = board_at(g, small_tree);
    atomic_bool stop;
    atomic_init(&stop, false);
    for (PerftMode mode = PERFT_BULK; mode <= PERFT_FULL; mode++) {
        DivideEntry plain[MAX_MOVES], stoppable[MAX_MOVES];
        int n = perft_divide(g, board, 7, mode, plain), counted = -1;
        assert_int_equal(perft_divide_stoppable(g, board, 7, mode, &stop, stoppable, &counted), n);
        assert_int_equal(counted, n);
        uint64_t total = 0;
        for (int i = 0; i < n; i++) {
            assert_int_equal(stoppable[i].move, plain[i].move);
            assert_int_equal(stoppable[i].nodes, plain[i].nodes);
            total += stoppable[i].nodes;
        }
        assert_int_equal(total, 563185);
    }
    movegen_board_free(board);
}

static void test_stopped_before(void **state)
{
    (void)state;
    const MoveGen *g = registry_default();
    void *board = board_at(g, FEN_STARTPOS);
    atomic_bool stop;
    atomic_init(&stop, true);
    DivideEntry out[MAX_MOVES];
    int counted = -1;
    assert_int_equal(perft_divide_stoppable(g, board, 9, PERFT_BULK, &stop, out, &counted), 20);
    assert_int_equal(counted, 0);
    movegen_board_free(board);
}

static void *stop_later(void *arg)
{
    test_sleep_ms(50);
    atomic_store((atomic_bool *)arg, true);
    return NULL;
}

static void test_stopped_during(void **state)
{
    (void)state;
    const MoveGen *g = registry_default();
    void *board = board_at(g, FEN_STARTPOS);
    atomic_bool stop;
    atomic_init(&stop, false);
    pthread_t stopper;
    int64_t start = timer_now_ms();
    assert_int_equal(pthread_create(&stopper, NULL, stop_later, &stop), 0);
    DivideEntry out[MAX_MOVES];
    int counted = -1;
    /* perft(10) of the start position is 69 trillion leaves. */
    assert_int_equal(perft_divide_stoppable(g, board, 10, PERFT_BULK, &stop, out, &counted), 20);
    int64_t took = timer_now_ms() - start;
    pthread_join(stopper, NULL);
    assert_true(took < TEST_SANITY_MS);
    assert_true(counted < 20);
    printf("    stopped after %lld ms, %d root moves counted\n", (long long)took, counted);
    /* The board is back at the root. */
    Setup s, start_setup;
    g->save(board, &s);
    setup_from_fen(&start_setup, FEN_STARTPOS, NULL, 0);
    assert_true(setup_equal(&s, &start_setup));
    movegen_board_free(board);
}

int main(void)
{
    int failures = run_per_generator("perft_stop_same_counts", test_same_counts, "same_counts", NULL, NULL, 1);
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_stopped_before), cmocka_unit_test(test_stopped_during) };
    failures += cmocka_run_group_tests_name("perft_stop", tests, NULL, NULL);
    return failures;
}
