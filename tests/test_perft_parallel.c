/* The parallel and hashed perft driver must give exactly the generator's own
 * counts for every thread count (more threads than cores included), with and
 * without a table (a tiny one forces constant replacement), and the same
 * per-root-move split as divide. Built also under ThreadSanitizer. */
#include <stdio.h>
#include <string.h>

#include "core/perft.h"
#include "core/perft_parallel.h"
#include "movegen_variants/registry.h"
#include "tests/test_support.h"

static const char *const fens[] = {
    FEN_STARTPOS,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/8/8/k1p4R/8/3P4/3K4 w - - 0 1", /* few root moves */
};

static void check_position(const MoveGen *g, const char *fen, int depth, Topology *topology)
{
    Setup s;
    char err[256];
    assert_true(setup_from_fen(&s, fen, err, sizeof err));
    void *board = movegen_board_new(g);
    g->load(board, &s);
    uint64_t expected = g->perft(board, depth, PERFT_BULK);
    DivideEntry divide[MAX_MOVES];
    int n = perft_divide(g, board, depth, PERFT_BULK, divide);

    const int threads[] = { 1, 2, 3, 8 };
    const size_t hash_mb[] = { 0, 1, 16 };
    for (int t = 0; t < 4; t++) {
        for (int h = 0; h < 3; h++) {
            PerftMode mode = (t + h) % 2 ? PERFT_FULL : PERFT_BULK;
            BindPolicy bind = topology ? (BindPolicy)(t % 3) : BIND_NONE;
            PerftJob job = { g, board, depth, mode, threads[t], hash_mb[h], bind, topology, false };
            PerftOutcome out;
            if (!perft_parallel(&job, &out, err, sizeof err))
                fail_msg("%s", err);
            if (out.nodes != expected)
                fail_msg("%s %s depth %d threads %d hash %zu %s: %llu, expected %llu", g->name, fen, depth, threads[t],
                         hash_mb[h], perft_mode_name(mode), (unsigned long long)out.nodes,
                         (unsigned long long)expected);
            assert_int_equal(out.root_moves, n);
            DivideEntry split[MAX_MOVES];
            for (int i = 0; i < n; i++)
                split[i] = (DivideEntry){ out.moves[i], out.move_nodes[i] };
            perft_sort_divide(split, n);
            for (int i = 0; i < n; i++) {
                assert_int_equal(split[i].move, divide[i].move);
                assert_int_equal(split[i].nodes, divide[i].nodes);
            }
            uint64_t thread_nodes = 0;
            for (int k = 0; k < out.threads; k++)
                thread_nodes += out.thread_reports[k].nodes;
            assert_int_equal(thread_nodes, expected);
            perft_outcome_free(&out);
        }
    }
    movegen_board_free(board);
}

static void test_parallel_counts(void **state)
{
    const GenTestCase *c = *state;
    int depth = (int)env_u64("CHESSLAB_PARALLEL_DEPTH", 4);
    Topology *topology = topology_open();
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++)
        check_position(c->gen, fens[i], depth, topology);
    topology_close(topology);
}

int main(void)
{
    return run_per_generator("perft_parallel", test_parallel_counts, "parallel", NULL, NULL, 1);
}
