/* chesslab bench stop: how fast each SMP variant answers stop and how far
 * it overruns movetime (the work is in bench/stop_bench.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/bench_options.h"
#include "bench/stop_bench.h"
#include "cli/commands.h"
#include "search/engine.h"

static const char *const usage_text =
    "usage: chesslab bench stop [--smp serial,lazy,ybwc,abdada] [--threads 1,2,4,...] [--runs R]\n"
    "                           [--after MS] [--movetime MS] [--overhead MS] [--fen FEN]\n"
    "                           [--hash MB] [--bind compact|scatter|none] [--out FILE]\n"
    "\n"
    "Measures, per variant x thread count (defaults: all four variants; 1, 2, 4, ...\n"
    "up to this machine's PUs; serial once, on one thread), after one warm-up of\n"
    "each, over R runs (default 5): the stop latency of an infinite search stopped\n"
    "--after MS (default 200) after go, from the engine_stop call to the bestmove\n"
    "callback and to engine_stop's return; and the overrun of a --movetime MS\n"
    "search (default 200): go to bestmove, less MS (negative: early; the engine\n"
    "aims at MS less --overhead, default 30 as in UCI). Median, min and max in\n"
    "milliseconds. The table is cleared before every search. Position: --fen\n"
    "(default the start position); --hash MB (default 16), --bind (default\n"
    "compact). A table on stdout, a line per run on stderr, JSON (schema\n"
    "chesslab-bench-stop/1, results/FORMAT.md) with --out.\n";

int bench_stop(int argc, char **argv)
{
    const char *cmd = "bench stop";
    StopBenchOptions o = { .variants = { SMP_SERIAL, SMP_LAZY, SMP_YBWC, SMP_ABDADA }, .variant_count = 4,
                           .runs = 5, .after_ms = 200, .movetime_ms = 200,
                           .overhead_ms = ENGINE_DEFAULT_OVERHEAD_MS, .hash_mb = ENGINE_DEFAULT_HASH_MB,
                           .bind = BIND_COMPACT, .fen = FEN_STARTPOS };
    o.thread_count = bench_default_threads(o.threads, STOP_BENCH_MAX_THREAD_COUNTS);
    const char *out_file = NULL;
    const BenchSharedOptions shared = { o.variants, &o.variant_count, o.threads, &o.thread_count,
                                        STOP_BENCH_MAX_THREAD_COUNTS, &o.runs, STOP_BENCH_MAX_RUNS, &o.hash_mb,
                                        &o.bind, &out_file };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        int taken = bench_shared_option(cmd, argc, argv, &i, &shared);
        if (taken < 0)
            return EXIT_USAGE;
        if (taken > 0)
            continue;
        if (cli_is_help(a)) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(a, "--after") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--after", v, 0, 600000, &n))
                return EXIT_USAGE;
            o.after_ms = n;
        } else if (strcmp(a, "--movetime") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--movetime", v, 1, 600000, &n))
                return EXIT_USAGE;
            o.movetime_ms = n;
        } else if (strcmp(a, "--overhead") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_long(cmd, "--overhead", v, 0, ENGINE_MAX_OVERHEAD_MS, &n))
                return EXIT_USAGE;
            o.overhead_ms = n;
        } else if (strcmp(a, "--fen") == 0) {
            if (!(o.fen = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab bench stop --help)", a);
            return EXIT_USAGE;
        }
    }
    char err[256];
    if (!setup_from_fen(&o.setup, o.fen, err, sizeof err)) {
        cli_error(cmd, "--fen: %s", err);
        return EXIT_USAGE;
    }
    FILE *json;
    if (!bench_out_open(cmd, out_file, &json))
        return EXIT_USAGE;
    bool ok = stop_bench_run(&o, stdout, stderr, json, err, sizeof err);
    return bench_out_close(cmd, out_file, json, ok, err);
}
