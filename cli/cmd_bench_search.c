/* chesslab bench (no benchmark word): the search signature; chesslab bench
 * tactics: an EPD suite at a fixed node count; chesslab bench search: the
 * parallel search variants against serial. The work is in
 * bench/search_bench.c and bench/search_smp_bench.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/bench_options.h"
#include "bench/search_bench.h"
#include "bench/search_smp_bench.h"
#include "cli/commands.h"
#include "cli/engine_flags.h"
#include "search/engine.h"
#include "search/engine_options.h"
#include "cli/net_flags.h"

int bench_signature(int argc, char **argv)
{
    long depth = SEARCH_BENCH_DEFAULT_DEPTH;
    CliNetFlags net_flags = { 0 };
    const NnueNet *net = NULL;
    for (int i = 1; i < argc; i++) {
        const char *v;
        int taken;
        if (strcmp(argv[i], "--depth") == 0) {
            if (!(v = cli_value("bench", argc, argv, &i)) || !cli_parse_long("bench", "--depth", v, 1, 30, &depth))
                return EXIT_USAGE;
        } else if ((taken = cli_net_flag("bench", argc, argv, &i, &net_flags)) != 0) {
            if (taken < 0)
                return EXIT_USAGE;
        } else {
            cli_error("bench", "unknown option '%s' (see chesslab bench --help)", argv[i]);
            return EXIT_USAGE;
        }
    }
    if (!cli_net_pick("bench", &net_flags, &net))
        return EXIT_USAGE;
    SearchBenchTotals totals;
    bool ok = search_bench_signature((int)depth, net, stdout, stderr, &totals);
    cli_net_flags_free(&net_flags);
    if (!ok) {
        cli_error("bench", "out of memory");
        return 1;
    }
    return 0;
}

int bench_tactics(int argc, char **argv)
{
    const char *cmd = "bench tactics";
    char default_epd[1024];
    snprintf(default_epd, sizeof default_epd, "%s/wac.epd", cli_data_dir());
    TacticsOptions o = { .epd = default_epd, .nodes = 0, .hash_mb = (size_t)engine_option_default(ENGINE_OPT_HASH), .first = 1,
                         .verbose = true };
    CliNetFlags net_flags = { 0 };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        uint64_t u;
        int taken;
        if (strcmp(a, "--epd") == 0) {
            if (!(o.epd = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--nodes") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_u64(cmd, "--nodes", v, &u))
                return EXIT_USAGE;
            o.nodes = u;
        } else if (strcmp(a, "--depth") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--depth", v, 1, SEARCH_MAX_DEPTH, &n))
                return EXIT_USAGE;
            o.depth = (int)n;
        } else if (strcmp(a, "--hash") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_engine_value(cmd, ENGINE_OPT_HASH, v, &n))
                return EXIT_USAGE;
            o.hash_mb = (size_t)n;
        } else if (strcmp(a, "--first") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--first", v, 1, 1000000, &n))
                return EXIT_USAGE;
            o.first = (int)n;
        } else if (strcmp(a, "--count") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--count", v, 1, 1000000, &n))
                return EXIT_USAGE;
            o.count = (int)n;
        } else if ((taken = cli_net_flag(cmd, argc, argv, &i, &net_flags)) != 0) {
            if (taken < 0)
                return EXIT_USAGE;
        } else if (strcmp(a, "--quiet") == 0) {
            o.verbose = false;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab bench --help)", a);
            return EXIT_USAGE;
        }
    }
    /* A fixed node count keeps the result independent of the machine. */
    if (o.nodes == 0 && o.depth == 0)
        o.nodes = 100000;
    if (!cli_net_pick(cmd, &net_flags, &o.net))
        return EXIT_USAGE;
    TacticsTotals t;
    char err[256];
    bool ok = search_bench_tactics(&o, stdout, &t, err, sizeof err);
    cli_net_flags_free(&net_flags);
    if (!ok) {
        cli_error(cmd, "--epd: %s", err);
        return EXIT_USAGE;
    }
    printf("solved %d of %d (%s, %s %llu per position%s), %llu nodes, %lld ms\n", t.solved, t.total, o.epd,
           o.nodes ? "nodes" : "depth", o.nodes ? (unsigned long long)o.nodes : (unsigned long long)o.depth,
           t.unreadable ? ", some lines unreadable" : "", (unsigned long long)t.nodes, (long long)t.time_ms);
    if (t.total == 0) {
        cli_error(cmd, "--epd: %s: no position searched", o.epd);
        return t.unreadable ? 1 : EXIT_USAGE;
    }
    return t.unreadable ? 1 : 0;
}

/* ---- bench search ---- */

/* bench search's own table size: bigger than the engine's default, for
 * the longer searches of several threads. */
enum { BENCH_SEARCH_HASH_MB = 64 };

static void search_usage(FILE *f)
{
    fprintf(f,
            "usage: chesslab bench search [--smp VARIANT,...] [--threads 1,2,4,...]\n"
            "                             [--depth D | --nodes N | --movetime MS] [--epd FILE] [--runs R]\n"
            "                             [--hash MB] [--bind POLICY] [--min-split-depth D]\n"
            "                             [--split-threads N] [--out FILE]\n"
            "\n"
            "Searches every position with every variant x thread count (defaults: all\n"
            "variants, %s; 1, 2, 4, ... up to this machine's PUs) to one limit\n"
            "(default --depth 10), the table cleared before each search: one warm-up search\n"
            "per configuration, then R runs per position (default 3), the run with the\n"
            "median time kept. Serial on one thread always runs first: the baseline of the\n"
            "summary (speedup = geometric mean of time(serial,1)/time(variant,N), search\n"
            "overhead = nodes ratio, NPS scaling, best-move agreement with serial).\n"
            "Positions: the 24 Bratko-Kopec positions (DATA/bk.epd) or any FEN/EPD file.\n"
            "--hash MB (default %d), --bind (default %s), YBWC's --min-split-depth (default\n"
            "%ld) and --split-threads (threads per split point, default %ld). A table on\n"
            "stdout, progress on stderr, JSON (schema chesslab-bench-search/1,\n"
            "results/FORMAT.md) with --out.\n",
            smp_variant_list(), BENCH_SEARCH_HASH_MB, cli_engine_default_choice(ENGINE_OPT_BIND),
            engine_option_default(ENGINE_OPT_MIN_SPLIT_DEPTH), engine_option_default(ENGINE_OPT_SPLIT_THREADS));
}

/* The engine options bench search takes besides the shared ones. */
static const EngineOptionId SEARCH_FLAGS[] = { ENGINE_OPT_MIN_SPLIT_DEPTH, ENGINE_OPT_SPLIT_THREADS };

int bench_search(int argc, char **argv)
{
    const char *cmd = "bench search";
    char default_epd[1024];
    snprintf(default_epd, sizeof default_epd, "%s/bk.epd", cli_data_dir());
    long values[ENGINE_OPTION_COUNT];
    cli_engine_defaults(values);
    SmpBenchOptions o = { .limit = SMP_LIMIT_DEPTH, .limit_value = 10, .runs = 3, .hash_mb = BENCH_SEARCH_HASH_MB,
                          .bind = (BindPolicy)values[ENGINE_OPT_BIND], .positions_source = default_epd };
    o.variant_count = bench_default_variants(o.variants);
    o.thread_count = bench_default_threads(o.threads, SMP_BENCH_MAX_THREAD_COUNTS);
    const char *out_file = NULL;
    const BenchSharedOptions shared = { o.variants, &o.variant_count, o.threads, &o.thread_count,
                                        SMP_BENCH_MAX_THREAD_COUNTS, &o.runs, SMP_BENCH_MAX_RUNS, &o.hash_mb,
                                        &o.bind, &out_file };
    int limits = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        uint64_t u;
        int taken = bench_shared_option(cmd, argc, argv, &i, &shared);
        if (taken == 0)
            taken = cli_engine_flag(cmd, argc, argv, &i, SEARCH_FLAGS, 2, values);
        if (taken < 0)
            return EXIT_USAGE;
        if (taken > 0)
            continue;
        if (cli_is_help(a)) {
            search_usage(stdout);
            return 0;
        } else if (strcmp(a, "--depth") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--depth", v, 1, SEARCH_MAX_DEPTH, &n))
                return EXIT_USAGE;
            o.limit = SMP_LIMIT_DEPTH, o.limit_value = (uint64_t)n, limits++;
        } else if (strcmp(a, "--nodes") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_u64(cmd, "--nodes", v, &u))
                return EXIT_USAGE;
            if (u == 0) {
                cli_error(cmd, "--nodes '0' is not a positive integer");
                return EXIT_USAGE;
            }
            o.limit = SMP_LIMIT_NODES, o.limit_value = u, limits++;
        } else if (strcmp(a, "--movetime") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--movetime", v, 1, 3600000, &n))
                return EXIT_USAGE;
            o.limit = SMP_LIMIT_MOVETIME, o.limit_value = (uint64_t)n, limits++;
        } else if (strcmp(a, "--epd") == 0) {
            if (!(o.positions_source = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab bench search --help)", a);
            return EXIT_USAGE;
        }
    }
    o.min_split_depth = (int)values[ENGINE_OPT_MIN_SPLIT_DEPTH];
    o.split_threads = (int)values[ENGINE_OPT_SPLIT_THREADS];
    if (limits > 1) {
        cli_error(cmd, "--depth, --nodes and --movetime exclude each other (give one)");
        return EXIT_USAGE;
    }
    NamedPosition *positions = calloc(SMP_BENCH_MAX_POSITIONS, sizeof *positions);
    if (positions == NULL) {
        cli_error(cmd, "out of memory");
        return 1;
    }
    char err[512];
    int count = position_file_read(o.positions_source, positions, SMP_BENCH_MAX_POSITIONS, err, sizeof err);
    if (count <= 0) {
        cli_error(cmd, "--epd: %s", err);
        free(positions);
        return EXIT_USAGE;
    }
    AtomicFile json;
    if (!bench_out_open(cmd, out_file, &json)) {
        free(positions);
        return EXIT_USAGE;
    }
    bool ok = smp_bench_run(&o, positions, count, stdout, stderr, json.f, err, sizeof err);
    free(positions);
    return bench_out_close(cmd, out_file, &json, ok, err);
}
