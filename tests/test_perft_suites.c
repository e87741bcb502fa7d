/* Every available generator against every line of the perft suites,
 * in both modes. Depth per line: the deepest published count within a node
 * budget (CHESSLAB_PERFT_BUDGET, larger for the standard positions), never
 * below depth 3. */
#include <stdio.h>
#include <string.h>

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
    /* Chess960: castling with king and rooks anywhere on the back rank. */
    { "chess960-perft.epd", 1 },
    /* Positions at the limits of what setup accepts (the most legal moves,
     * 10 pieces of a kind, 16 men a side, 8 promotions at once); counts
     * from Debian's stockfish 15.1 (go perft). */
    { CHESSLAB_TEST_DATA_DIR "/limits-perft.epd", 1 },
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
    return failures;
}
