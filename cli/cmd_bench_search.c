/* chesslab bench (no benchmark word): the search signature; chesslab bench
 * tactics: an EPD suite at a fixed node count. The work is in
 * bench/search_bench.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "bench/search_bench.h"
#include "commands.h"
#include "search/engine.h"

int bench_signature(int argc, char **argv)
{
    long depth = SEARCH_BENCH_DEFAULT_DEPTH;
    for (int i = 1; i < argc; i++) {
        const char *v;
        if (strcmp(argv[i], "--depth") == 0) {
            if (!(v = cli_value("bench", argc, argv, &i)) || !cli_parse_long("bench", "--depth", v, 1, 30, &depth))
                return EXIT_USAGE;
        } else {
            cli_error("bench", "unknown option '%s' (see chesslab bench --help)", argv[i]);
            return EXIT_USAGE;
        }
    }
    SearchBenchTotals totals;
    if (!search_bench_signature((int)depth, stdout, stderr, &totals)) {
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
    TacticsOptions o = { .epd = default_epd, .nodes = 0, .hash_mb = ENGINE_DEFAULT_HASH_MB, .first = 1,
                         .verbose = true };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        uint64_t u;
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
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--hash", v, 1, TT_MAX_MB, &n))
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
    TacticsTotals t;
    char err[256];
    if (!search_bench_tactics(&o, stdout, stderr, &t, err, sizeof err)) {
        cli_error(cmd, "--epd: %s", err);
        return EXIT_USAGE;
    }
    printf("solved %d of %d (%s, %s %llu per position%s), %llu nodes, %lld ms\n", t.solved, t.total, o.epd,
           o.nodes ? "nodes" : "depth", o.nodes ? (unsigned long long)o.nodes : (unsigned long long)o.depth,
           t.unreadable ? ", some lines unreadable" : "", (unsigned long long)t.nodes, (long long)t.time_ms);
    return t.unreadable ? 1 : 0;
}
