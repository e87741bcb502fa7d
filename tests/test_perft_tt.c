/* The perft table (core/perft_tt.h) and the hashed walks: entries come back
 * only for their own key and depth, a torn entry is rejected, replacement
 * keeps the deeper entry, counts and depths too wide for an entry are not
 * cached; and hashed perft, the generator's own walk (perft_hashed) and
 * core's walk through the interface, gives the generator's unhashed count
 * with tables from one bucket (every key collides) up, in both modes, on
 * threads sharing one table, and with a table filled by the other walk.
 * Built also under ThreadSanitizer (label threaded). */
#include <string.h>

#include "core/perft_parallel.h"
#include "core/perft_tt.h"
#include "movegen_variants/registry.h"
#include "tests/test_support.h"

static const char *const fens[] = {
    FEN_STARTPOS,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
};

/* A table of one bucket: perft_tt_init rounds 0 MB down to one. */
static void one_bucket(PerftTT *tt)
{
    assert_true(perft_tt_init(tt, 0));
    assert_int_equal(perft_tt_bytes(tt), sizeof(PerftTTBucket));
}

static void test_entry_round_trip(void **state)
{
    (void)state;
    PerftTT tt;
    one_bucket(&tt);
    uint64_t count = 0;
    const uint64_t key = 0x0123456789abcdefull;
    assert_false(perft_tt_probe(&tt, key, 3, &count));
    perft_tt_store(&tt, key, 3, 8902);
    assert_true(perft_tt_probe(&tt, key, 3, &count));
    assert_int_equal(count, 8902);
    /* Same key, other depth; other key, same bucket and depth: misses. */
    assert_false(perft_tt_probe(&tt, key, 4, &count));
    assert_false(perft_tt_probe(&tt, key ^ 1ull << 40, 3, &count));
    assert_false(perft_tt_probe(&tt, key ^ 1, 3, &count));
    /* A count of 0 (a mated or stalemated node) is a real entry. */
    perft_tt_store(&tt, key ^ 2, 2, 0);
    assert_true(perft_tt_probe(&tt, key ^ 2, 2, &count));
    assert_int_equal(count, 0);
    perft_tt_free(&tt);
}

static void test_wide_values_not_cached(void **state)
{
    (void)state;
    PerftTT tt;
    one_bucket(&tt);
    uint64_t count;
    perft_tt_store(&tt, 7, 5, 1ull << 56);
    assert_false(perft_tt_probe(&tt, 7, 5, &count));
    perft_tt_store(&tt, 7, 5, (1ull << 56) - 1);
    assert_true(perft_tt_probe(&tt, 7, 5, &count));
    assert_int_equal(count, (1ull << 56) - 1);
    perft_tt_store(&tt, 8, 256, 10);
    assert_false(perft_tt_probe(&tt, 8, 256, &count));
    assert_false(perft_tt_probe(&tt, 8, 0, &count));
    perft_tt_free(&tt);
}

/* The two words of an entry written by different stores must not read as
 * either entry (nor as a third one). */
static void test_torn_entry_rejected(void **state)
{
    (void)state;
    PerftTT tt;
    one_bucket(&tt);
    const uint64_t a = 0x1111222233334444ull, b = 0x5555666677778888ull;
    perft_tt_store(&tt, a, 3, 100);
    PerftTTEntry *e = &tt.buckets[0].entries[0];
    uint64_t data_b = (uint64_t)200 << 8 | 3;
    atomic_store(&e->data, data_b); /* b's data beside a's check */
    uint64_t count;
    assert_false(perft_tt_probe(&tt, a, 3, &count));
    assert_false(perft_tt_probe(&tt, b, 3, &count));
    atomic_store(&e->check, b ^ data_b); /* the second word lands: b whole */
    assert_true(perft_tt_probe(&tt, b, 3, &count));
    assert_int_equal(count, 200);
    perft_tt_free(&tt);
}

/* One bucket, more positions than entries: the shallowest goes first, and
 * among equally deep ones the smallest count; a deep entry survives any
 * number of shallow stores. */
static void test_replacement_by_depth(void **state)
{
    (void)state;
    PerftTT tt;
    one_bucket(&tt);
    uint64_t count;
    perft_tt_store(&tt, 100, 6, 6000);
    perft_tt_store(&tt, 101, 2, 20);
    perft_tt_store(&tt, 102, 2, 30);
    perft_tt_store(&tt, 103, 4, 400);
    perft_tt_store(&tt, 104, 3, 300); /* evicts 101 (depth 2, smaller count) */
    assert_false(perft_tt_probe(&tt, 101, 2, &count));
    assert_true(perft_tt_probe(&tt, 102, 2, &count));
    for (uint64_t k = 200; k < 300; k++)
        perft_tt_store(&tt, k, 2, k);
    assert_true(perft_tt_probe(&tt, 100, 6, &count));
    assert_int_equal(count, 6000);
    assert_true(perft_tt_probe(&tt, 103, 4, &count));
    assert_true(perft_tt_probe(&tt, 104, 3, &count));
    assert_int_equal(count, 300);
    assert_true(perft_tt_probe(&tt, 299, 2, &count)); /* the newest shallow one */
    /* Storing what is there already changes nothing. */
    perft_tt_store(&tt, 104, 3, 300);
    assert_true(perft_tt_probe(&tt, 104, 3, &count));
    perft_tt_free(&tt);
}

/* g with its own hashed walk hidden: core's walk through the interface. */
static MoveGen without_own_walk(const MoveGen *g)
{
    MoveGen copy = *g;
    copy.perft_hashed = NULL;
    return copy;
}

static uint64_t hashed_count(const MoveGen *g, void *board, int depth, PerftMode mode, int threads, PerftTT *tt)
{
    char err[256];
    PerftJob job = { g, board, depth, mode, threads, 0, BIND_NONE, NULL, false };
    PerftOutcome out;
    if (!perft_parallel_with_table(&job, tt, &out, err, sizeof err))
        fail_msg("%s", err);
    uint64_t nodes = out.nodes;
    perft_outcome_free(&out);
    return nodes;
}

static void test_hashed_counts(void **state)
{
    const GenTestCase *c = *state;
    const MoveGen own = *c->gen, generic = without_own_walk(c->gen);
    const int depth = (int)env_u64("CHESSLAB_PERFT_TT_DEPTH", 4);
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        Setup s;
        char err[256];
        assert_true(setup_from_fen(&s, fens[f], err, sizeof err));
        void *board = movegen_board_new(&own);
        own.load(board, &s);
        for (int d = 1; d <= depth; d++) {
            const uint64_t expected = own.perft(board, d, PERFT_BULK);
            for (int walk = 0; walk < 2; walk++) {
                const MoveGen *g = walk ? &generic : &own;
                for (size_t mb = 0; mb <= 1; mb++) { /* one bucket, 16384 buckets */
                    PerftMode mode = (d + walk + (int)mb) % 2 ? PERFT_FULL : PERFT_BULK;
                    PerftTT tt;
                    assert_true(perft_tt_init(&tt, mb));
                    /* Twice: the second count comes mostly from the table. */
                    for (int pass = 0; pass < 2; pass++) {
                        uint64_t got = g->perft_hashed && pass == 0 ? g->perft_hashed(board, d, mode, &tt)
                                                                    : hashed_count(g, board, d, mode, 1, &tt);
                        if (got != expected)
                            fail_msg("%s (%s walk) %s depth %d %s, %zu MB, pass %d: %llu, expected %llu", own.name,
                                     walk ? "core's" : "own", fens[f], d, perft_mode_name(mode), mb, pass,
                                     (unsigned long long)got, (unsigned long long)expected);
                    }
                    perft_tt_free(&tt);
                }
            }
        }
        movegen_board_free(board);
    }
}

/* Threads on one shared table (tiny: constant replacement, entries written
 * by several threads at once), then the other walk on the filled table. */
static void test_threads_share_table(void **state)
{
    const GenTestCase *c = *state;
    const MoveGen own = *c->gen, generic = without_own_walk(c->gen);
    const int depth = (int)env_u64("CHESSLAB_PERFT_TT_DEPTH", 4);
    Setup s;
    char err[256];
    assert_true(setup_from_fen(&s, fens[1], err, sizeof err));
    void *board = movegen_board_new(&own);
    own.load(board, &s);
    const uint64_t expected = own.perft(board, depth, PERFT_BULK);
    for (size_t mb = 0; mb <= 1; mb++) {
        PerftTT tt;
        assert_true(perft_tt_init(&tt, mb));
        assert_int_equal(hashed_count(&own, board, depth, PERFT_BULK, 4, &tt), expected);
        assert_int_equal(hashed_count(&generic, board, depth, PERFT_BULK, 3, &tt), expected);
        assert_int_equal(hashed_count(&own, board, depth, PERFT_FULL, 2, &tt), expected);
        perft_tt_free(&tt);
    }
    movegen_board_free(board);
}

int main(void)
{
    const struct CMUnitTest table[] = {
        cmocka_unit_test(test_entry_round_trip),
        cmocka_unit_test(test_wide_values_not_cached),
        cmocka_unit_test(test_torn_entry_rejected),
        cmocka_unit_test(test_replacement_by_depth),
    };
    int failed = cmocka_run_group_tests_name("perft_tt", table, NULL, NULL);
    failed += run_per_generator("perft_tt_counts", test_hashed_counts, "hashed", NULL, NULL, 1);
    failed += run_per_generator("perft_tt_threads", test_threads_share_table, "threads", NULL, NULL, 1);
    return failed;
}
