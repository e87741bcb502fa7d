/* chesslab bench stop: how fast each SMP variant answers stop and how far
 * it overruns movetime (the work is in bench/stop_bench.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/bench_options.h"
#include "bench/stop_bench.h"
#include "cli/commands.h"
#include "cli/engine_flags.h"
#include "search/engine.h"

static void usage(FILE *f)
{
    char bind[64];
    engine_option_choices_text(engine_option(ENGINE_OPT_BIND), bind, sizeof bind);
    fprintf(f,
            "usage: chesslab bench stop [--smp VARIANT,...] [--threads 1,2,4,...] [--runs R]\n"
            "                           [--after MS] [--movetime MS] [--overhead MS] [--fen FEN]\n"
            "                           [--hash MB] [--bind POLICY] [--out FILE]\n"
            "\n"
            "Measures, per variant x thread count (defaults: all variants, %s;\n"
            "1, 2, 4, ... up to this machine's PUs; serial once, on one thread), after one\n"
            "warm-up of each, over R runs (default 5): the stop latency of an infinite\n"
            "search stopped --after MS (default 200) after go, from the engine_stop call to\n"
            "the bestmove callback and to engine_stop's return; and the overrun of a\n"
            "--movetime MS search (default 200): go to bestmove, less MS (negative: early;\n"
            "the engine aims at MS less --overhead, default %ld as in UCI). Median, min and\n"
            "max in milliseconds. The table is cleared before every search. Position:\n"
            "--fen (default the start position); --hash MB (default %ld), --bind %s\n"
            "(default %s). A table on stdout, a line per run on stderr, JSON (schema\n"
            "chesslab-bench-stop/1, results/FORMAT.md) with --out.\n",
            smp_variant_list(), engine_option_default(ENGINE_OPT_MOVE_OVERHEAD), engine_option_default(ENGINE_OPT_HASH),
            bind, cli_engine_default_choice(ENGINE_OPT_BIND));
}

int bench_stop(int argc, char **argv)
{
    const char *cmd = "bench stop";
    StopBenchOptions o = { .runs = 5, .after_ms = 200, .movetime_ms = 200,
                           .overhead_ms = engine_option_default(ENGINE_OPT_MOVE_OVERHEAD),
                           .hash_mb = (size_t)engine_option_default(ENGINE_OPT_HASH),
                           .bind = (BindPolicy)engine_option_default(ENGINE_OPT_BIND), .fen = FEN_STARTPOS };
    o.variant_count = bench_default_variants(o.variants);
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
            usage(stdout);
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
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_engine_value(cmd, ENGINE_OPT_MOVE_OVERHEAD, v, &n))
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
    AtomicFile json;
    if (!bench_out_open(cmd, out_file, &json))
        return EXIT_USAGE;
    bool ok = stop_bench_run(&o, stdout, stderr, json.f, err, sizeof err);
    return bench_out_close(cmd, out_file, &json, ok, err);
}
