/* Work units of the distributed perft: multiplicities add up to the paths,
 * the weighted sum of the units' counts is the root's perft, transpositions
 * are merged (5362 distinct positions after three plies from the start),
 * and the list and its hash do not depend on the generator or the Zobrist
 * seed. 128-bit totals print exactly. */
#include <stdio.h>
#include <string.h>

#include "core/zobrist.h"
#include "distributed/work_units.h"
#include "movegen_variants/registry.h"
#include "tests/test_support.h"

static const char *const fens[] = {
    FEN_STARTPOS,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
};

static void *board_of(const MoveGen *g, const char *fen)
{
    Setup s;
    char err[256];
    assert_true(setup_from_fen(&s, fen, err, sizeof err));
    void *board = movegen_board_new(g);
    g->load(board, &s);
    return board;
}

static void test_sums(void **state)
{
    const GenTestCase *c = *state;
    const MoveGen *g = c->gen;
    char err[256];
    void *unit_board = movegen_board_new(g);
    for (size_t f = 0; f < sizeof fens / sizeof fens[0]; f++) {
        void *board = board_of(g, fens[f]);
        for (int split = 0; split <= 3; split++) {
            WorkUnitList list;
            assert_true(work_units_expand(g, board, split, &list, err, sizeof err));
            assert_int_equal(list.paths, g->perft(board, split, PERFT_BULK));
            uint64_t paths = 0;
            PerftTotal total = 0;
            int depth = split + 1;
            for (size_t i = 0; i < list.count; i++) {
                const WorkUnit *u = &list.units[i];
                assert_true(u->multiplicity >= 1);
                assert_int_equal(u->key, zobrist_key_of_setup(&u->setup));
                assert_true(setup_validate(&u->setup, err, sizeof err));
                if (i > 0) /* sorted and distinct */
                    assert_true(memcmp(&list.units[i - 1].setup.board, &u->setup.board, 64) <= 0);
                paths += u->multiplicity;
                g->load(unit_board, &u->setup);
                total += (PerftTotal)u->multiplicity * g->perft(unit_board, depth - split, PERFT_BULK);
            }
            assert_int_equal(paths, list.paths);
            assert_true(total == g->perft(board, depth, PERFT_BULK));
            work_units_free(&list);
        }
        movegen_board_free(board);
    }
    movegen_board_free(unit_board);
}

static void test_transpositions(void **state)
{
    const GenTestCase *c = *state;
    char err[256];
    void *board = board_of(c->gen, FEN_STARTPOS);
    WorkUnitList list;
    assert_true(work_units_expand(c->gen, board, 3, &list, err, sizeof err));
    /* OEIS A083276: distinct positions after 1, 2, 3, 4 plies: 20, 400, 5362, 72078. */
    assert_int_equal(list.count, 5362);
    assert_int_equal(list.paths, 8902);
    assert_int_equal(list.key_collisions, 0);
    work_units_free(&list);
    assert_true(work_units_expand(c->gen, board, 4, &list, err, sizeof err));
    assert_int_equal(list.count, 72078);
    work_units_free(&list);
    movegen_board_free(board);
}

/* Same list hash from every generator and under another Zobrist seed. */
static void test_hash_independent(void **state)
{
    (void)state;
    char err[256];
    uint64_t reference = 0;
    bool have = false;
    for (size_t i = 0; i < registry_count(); i++) {
        const MoveGen *g = registry_at(i);
        if (!movegen_available(g))
            continue;
        for (int seed = 0; seed < 2; seed++) {
            zobrist_reseed(seed ? 12345 : ZOBRIST_DEFAULT_SEED);
            void *board = board_of(g, fens[1]);
            WorkUnitList list;
            assert_true(work_units_expand(g, board, 3, &list, err, sizeof err));
            uint64_t h = work_units_hash(&list);
            if (!have)
                reference = h, have = true;
            if (h != reference)
                fail_msg("%s seed %d: list hash %016llx, expected %016llx", g->name, seed, (unsigned long long)h,
                         (unsigned long long)reference);
            work_units_free(&list);
            movegen_board_free(board);
        }
    }
    zobrist_reseed(ZOBRIST_DEFAULT_SEED);
    assert_true(have);
}

static void test_normalise(void **state)
{
    (void)state;
    Setup a, b;
    /* 1.e4 with no black pawn beside e4: the en passant square goes. */
    assert_true(setup_from_fen(&a, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", NULL, 0));
    assert_true(setup_from_fen(&b, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 7 30", NULL, 0));
    work_unit_normalise(&a);
    work_unit_normalise(&b);
    assert_true(setup_equal(&a, &b));
    /* A capturable one stays. */
    assert_true(setup_from_fen(&a, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", NULL, 0));
    work_unit_normalise(&a);
    assert_int_equal(a.ep, square_from_text("e3"));
}

static void test_total_text(void **state)
{
    (void)state;
    char buf[PERFT_TOTAL_TEXT];
    perft_total_text(0, buf);
    assert_string_equal(buf, "0");
    perft_total_text((PerftTotal)UINT64_MAX + 1, buf);
    assert_string_equal(buf, "18446744073709551616");
    /* perft(15) of the start position, above 2^64. */
    PerftTotal p15 = (PerftTotal)2015099950053364471ull * 1000 + 960;
    perft_total_text(p15, buf);
    assert_string_equal(buf, "2015099950053364471960");
    perft_total_text(~(PerftTotal)0, buf);
    assert_string_equal(buf, "340282366920938463463374607431768211455");
}

int main(void)
{
    int failures = run_per_generator("work_units", test_sums, "sums", NULL, NULL, 1);
    failures += run_per_generator("work_units", test_transpositions, "transpositions", NULL, NULL, 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hash_independent),
        cmocka_unit_test(test_normalise),
        cmocka_unit_test(test_total_text),
    };
    return failures + cmocka_run_group_tests_name("work_units_common", tests, NULL, NULL);
}
