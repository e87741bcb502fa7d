/* chesslab compare: perft of the standard positions with every generator,
 * the project's default job. Counts are checked against the published
 * values; timings are the median of several runs after a warm-up run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "core/cpu.h"
#include "core/timer.h"
#include "movegen_variants/registry.h"

/* The six positions of the Chess Programming Wiki's "Perft Results" page,
 * at depths of a few million nodes each. */
static const struct StandardPosition {
    const char *name, *fen;
    int depth;
    uint64_t nodes;
} positions[] = {
    { "start", FEN_STARTPOS, 5, 4865609 },
    { "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3P4/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603 },
    { "position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624 },
    { "position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292 },
    { "position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487 },
    { "position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/3P1N2/PPP1NPPP/R4RK1 w - - 0 10", 4, 3894594 },
};
enum { POSITION_COUNT = sizeof positions / sizeof positions[0], MAX_RUNS = 25 };

static const char *const usage_text =
    "usage: chesslab compare [--gens a,b,...] [--mode bulk|full] [--runs R]\n"
    "\n"
    "Perft of the six standard positions (CPW \"Perft Results\") with each generator\n"
    "(default: every one this CPU runs): nodes, median time of R runs (default 3)\n"
    "after one warm-up run, and Mnps. Exit status 1 if any count is wrong.\n";

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Runs one generator on one position; returns false on a wrong count. */
static bool measure(const MoveGen *g, const struct StandardPosition *p, PerftMode mode, int runs, void *board,
                    double *median)
{
    Setup s;
    char err[256];
    if (!setup_from_fen(&s, p->fen, err, sizeof err))
        abort(); /* built-in FENs are valid */
    g->load(board, &s);
    double times[MAX_RUNS];
    bool ok = true;
    for (int r = -1; r < runs; r++) { /* r == -1: warm-up */
        double start = timer_seconds();
        uint64_t nodes = g->perft(board, p->depth, mode);
        double t = timer_seconds() - start;
        ok = ok && nodes == p->nodes;
        if (r >= 0)
            times[r] = t;
    }
    qsort(times, (size_t)runs, sizeof times[0], compare_double);
    *median = times[runs / 2];
    return ok;
}

int cmd_compare(int argc, char **argv)
{
    const char *cmd = "compare";
    const MoveGen *gens[64];
    int gen_count = 0;
    PerftMode mode = PERFT_BULK;
    long runs = 3;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_is_help(a)) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(a, "--gens") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || (gen_count = cli_parse_gen_list(cmd, v, gens, 64)) < 0)
                return EXIT_USAGE;
        } else if (strcmp(a, "--mode") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_mode(cmd, v, &mode))
                return EXIT_USAGE;
        } else if (strcmp(a, "--runs") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--runs", v, 1, MAX_RUNS, &runs))
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab compare --help)", a);
            return EXIT_USAGE;
        }
    }
    if (gen_count == 0)
        gen_count = cli_parse_gen_list(cmd, NULL, gens, 64);

    const CpuInfo *cpu = cpu_info();
    printf("perft of the standard positions, mode %s, median of %ld runs after 1 warm-up, one thread\n", perft_mode_name(mode), runs);
    printf("CPU: %s\n\n", cpu->brand[0] ? cpu->brand : "unknown");
    printf("%-10s %-10s %5s %10s %9s %9s  %s\n", "generator", "position", "depth", "nodes", "time s", "Mnps", "count");
    int wrong = 0;
    for (int gi = 0; gi < gen_count; gi++) {
        const MoveGen *g = gens[gi];
        void *board = movegen_board_new(g);
        uint64_t total_nodes = 0;
        double total_time = 0;
        for (int pi = 0; pi < POSITION_COUNT; pi++) {
            double t;
            bool ok = measure(g, &positions[pi], mode, (int)runs, board, &t);
            wrong += !ok;
            total_nodes += positions[pi].nodes;
            total_time += t;
            printf("%-10s %-10s %5d %10llu %9.4f %9.2f  %s\n", g->name, positions[pi].name, positions[pi].depth,
                   (unsigned long long)positions[pi].nodes, t, timer_mnps(positions[pi].nodes, t),
                   ok ? "ok" : "WRONG");
            fflush(stdout);
        }
        printf("%-10s %-10s %5s %10llu %9.4f %9.2f\n\n", g->name, "all", "", (unsigned long long)total_nodes,
               total_time, timer_mnps(total_nodes, total_time));
        movegen_board_free(board);
    }
    if (wrong)
        printf("%d wrong counts\n", wrong);
    return wrong ? 1 : 0;
}
