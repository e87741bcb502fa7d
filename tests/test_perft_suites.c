/* Every available generator against every line of the perft suites,
 * in both modes. Depth per line: the deepest published count within a node
 * budget (CHESSLAB_PERFT_BUDGET, larger for the standard positions), never
 * below depth 3. */
#include <stdio.h>
#include <string.h>

#include "movegen_variants/bitboard/simd_levels.h"
#include "movegen_variants/registry.h"
#include "tests/test_support.h"

typedef struct SuiteSpec {
    const char *file;
    uint64_t budget_scale; /* multiplies the node budget */
} SuiteSpec;

static const SuiteSpec suites[] = {
    { "perftsuite.epd", 1 },
    { "cpw-perft.epd", 20 }, /* the six standard positions: deeper */
    { "tricky-perft.epd", 1 },
    /* Chess960: castling with king and rooks anywhere on the back rank;
     * then the special cases (king or rook not moving, the rook on the
     * king's destination, the rook sheltering the king's square from a1),
     * counts from Debian's stockfish 15.1 with UCI_Chess960. */
    { "chess960-perft.epd", 1 },
    { CHESSLAB_TEST_DATA_DIR "/chess960-castling-perft.epd", 1 },
    /* Positions at the limits of what setup accepts (the most legal moves,
     * 10 pieces of a kind, 16 men a side, 8 promotions at once); counts
     * from Debian's stockfish 15.1 (go perft). */
    { CHESSLAB_TEST_DATA_DIR "/limits-perft.epd", 1 },
    /* The cases bulk perft counts at depth 2 without making the move (see
     * movegen_variants/bitboard/README.md, "Fused leaf counting"): a
     * double push beside an enemy pawn whose en passant reply is legal,
     * pinned along or off its line, or opens the rank; castling whose
     * rook takes a square from the enemy king or walk; promotions; a
     * slider move that pins a knight, pawn or rook; calm moves counted
     * set-wise beside a piece leaving a square that a watched square's
     * ray or an enemy slider runs through. Counts from Debian's
     * stockfish 15.1 (go perft). */
    { CHESSLAB_TEST_DATA_DIR "/fused-perft.epd", 1 },
};

static void check_suite(const MoveGen *gen, const SuiteSpec *spec, PerftMode mode, uint64_t budget)
{
    SuiteLines suite = suite_load(spec->file);
    void *board = movegen_board_new(gen);
    int failures = 0;
    for (int i = 0; i < suite.count; i++) {
        const PerftEpdLine *line = &suite.lines[i];
        int depth = suite_depth(line, budget * spec->budget_scale, 3);
        gen->load(board, &line->setup);
        for (int d = 1; d <= depth; d++) {
            if (!line->has_depth[d])
                continue;
            uint64_t nodes = gen->perft(board, d, mode);
            if (nodes != line->expected[d]) {
                print_error("%s %s line %d D%d: expected %llu, got %llu  %s\n", gen->name, perft_mode_name(mode),
                            i + 1, d, (unsigned long long)line->expected[d], (unsigned long long)nodes, line->fen);
                failures++;
                break;
            }
        }
    }
    movegen_board_free(board);
    suite_free(&suite);
    assert_int_equal(failures, 0);
}

static void test_suite_bulk(void **state)
{
    const GenTestCase *c = *state;
    check_suite(c->gen, c->param, PERFT_BULK, env_u64("CHESSLAB_PERFT_BUDGET", 2000000));
}

/* Full mode costs more per node: a quarter of the budget. */
static void test_suite_full(void **state)
{
    const GenTestCase *c = *state;
    check_suite(c->gen, c->param, PERFT_FULL, env_u64("CHESSLAB_PERFT_BUDGET", 2000000) / 4);
}

/* The registry runs the best simd level only; Chess960 castling is the
 * same code at every level, but the node analysis is not: run the others. */
static void test_simd_levels_chess960(void **state)
{
    (void)state;
    const uint64_t budget = env_u64("CHESSLAB_PERFT_BUDGET", 2000000) / 8;
    for (int level = 0; level < SIMD_LEVEL_COUNT; level++) {
        if (!simd_level_supported((SimdLevel)level) || level == (int)simd_best_level())
            continue;
        for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++)
            if (strstr(suites[i].file, "chess960"))
                check_suite(simd_level_generator((SimdLevel)level), &suites[i], PERFT_BULK, budget);
    }
}

int main(void)
{
    enum { SUITES = sizeof suites / sizeof suites[0] };
    const void *params[SUITES];
    const char *names[SUITES];
    for (int i = 0; i < SUITES; i++) {
        params[i] = &suites[i];
        const char *slash = strrchr(suites[i].file, '/');
        names[i] = slash ? slash + 1 : suites[i].file;
    }
    int failures = run_per_generator("perft_suites_bulk", test_suite_bulk, "bulk", params, names, SUITES);
    failures += run_per_generator("perft_suites_full", test_suite_full, "full", params, names, SUITES);
    const struct CMUnitTest levels[] = { cmocka_unit_test(test_simd_levels_chess960) };
    failures += cmocka_run_group_tests_name("perft_suites_simd_levels", levels, NULL, NULL);
    return failures;
}
