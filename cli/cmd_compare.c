/* chesslab compare: perft of the standard positions with every generator,
 * the project's default job. Counts are checked against the published
 * values; timings are the median of several runs after a warm-up run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/cpu.h"
#include "core/standard_positions.h"
#include "core/timer.h"
#include "movegen_variants/registry.h"

enum { MAX_RUNS = 25, MAX_JOBS = STANDARD_POSITION_COUNT * STANDARD_KNOWN_DEPTH };

static const char *const usage_text =
    "usage: chesslab compare [--gens a,b,...] [--positions NAME[:DEPTH],...] [--mode bulk|full] [--runs R]\n"
    "\n"
    "Perft of the six standard positions (CPW \"Perft Results\": start, kiwipete,\n"
    "position3..position6) with each generator (default: every one this CPU runs):\n"
    "nodes, median time of R runs (default 3) after one warm-up run, and Mnps.\n"
    "DEPTH is 1..7 where a count is published (default: a few million nodes per position). Exit status 1 if\n"
    "any count differs from the published one.\n";

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Runs one generator on one position; returns false on a wrong count. */
static bool measure(const MoveGen *g, const StandardJob *job, PerftMode mode, int runs, void *board, double *median)
{
    Setup s;
    char err[256];
    if (!setup_from_fen(&s, job->position->fen, err, sizeof err))
        abort(); /* built-in FENs are valid */
    g->load(board, &s);
    double times[MAX_RUNS];
    bool ok = true;
    for (int r = -1; r < runs; r++) { /* r == -1: warm-up */
        double start = timer_seconds();
        uint64_t nodes = g->perft(board, job->depth, mode);
        double t = timer_seconds() - start;
        ok = ok && nodes == job->position->nodes[job->depth];
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
    StandardJob jobs[MAX_JOBS];
    int job_count = 0;
    bool jobs_default = true;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_is_help(a)) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(a, "--gens") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || (gen_count = cli_parse_gen_list(cmd, v, gens, 64)) < 0)
                return EXIT_USAGE;
        } else if (strcmp(a, "--positions") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || (job_count = cli_parse_standard_list(cmd, v, jobs, MAX_JOBS)) < 0)
                return EXIT_USAGE;
            jobs_default = false;
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
    for (; job_count < STANDARD_POSITION_COUNT && jobs_default; job_count++)
        jobs[job_count] = (StandardJob){ &standard_positions[job_count], standard_positions[job_count].default_depth };

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
        for (int j = 0; j < job_count; j++) {
            double t;
            bool ok = measure(g, &jobs[j], mode, (int)runs, board, &t);
            uint64_t nodes = jobs[j].position->nodes[jobs[j].depth];
            wrong += !ok;
            total_nodes += nodes;
            total_time += t;
            printf("%-10s %-10s %5d %10llu %9.4f %9.2f  %s\n", g->name, jobs[j].position->name, jobs[j].depth,
                   (unsigned long long)nodes, t, timer_mnps(nodes, t), ok ? "ok" : "WRONG");
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
