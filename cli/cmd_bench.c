/* chesslab bench movegen: generators x positions x modes x thread counts,
 * a warm-up and R counted runs each (median, min, max), counts checked,
 * optionally Debian's stockfish timed on the same positions in the same run,
 * results as a table and as JSON (results/FORMAT.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/bench_options.h"
#include "bench/movegen_runner.h"
#include "bench/peer_stockfish.h"
#include "bench/result_json.h"
#include "cli/commands.h"
#include "core/epd.h"
#include "core/progress.h"
#include "core/standard_positions.h"
#include "core/timer.h"

static const char *const usage_text =
    "usage: chesslab bench movegen [--gens a,b,...] [--positions FILE | --standard NAME[:DEPTH],...] [--depth D]\n"
    "                              [--modes bulk,full,hash] [--threads 1,2,...] [--runs R]\n"
    "                              [--hash MB] [--bind compact|scatter|none]\n"
    "                              [--peer stockfish] [--peer-path PATH] [--out FILE]\n"
    "\n"
    "Times perft for every generator (default: all this CPU runs) x position x mode x\n"
    "thread count: one warm-up run, then R runs (default 5); reports the median, min\n"
    "and max, and checks every count (a wrong count fails the run, exit status 1).\n"
    "Positions: the six standard positions at a few million nodes each (default), or\n"
    "the lines of a perft EPD FILE at --depth D (default: deepest count up to 10^8),\n"
    "or the named standard positions (start, kiwipete, position3..position6) at\n"
    "chosen depths with published counts, e.g. --standard start:7,kiwipete:6.\n"
    "--depth D also applies to the standard positions (1..6). Modes: bulk, full\n"
    "(make/unmake every leaf), hash (bulk with a shared table of --hash MB, default\n"
    "256). --peer stockfish times `go perft` of Debian's stockfish (default path\n"
    "/usr/games/stockfish) on the same positions in the same run.\n"
    "\n"
    "usage: chesslab bench [--depth D] [--eval EVAL] [--net FILE]\n"
    "  the search signature: fixed positions to depth D (default 13), one thread;\n"
    "  `Nodes searched  : N` identifies the search, `Nodes/second    : N` its speed;\n"
    "  --eval linear or nnue (default: the UCI option Eval's; the network built in,\n"
    "  or --net FILE's)\n"
    "usage: chesslab bench tactics [--epd FILE] [--nodes N | --depth D] [--first L] [--count C] [--quiet]\n"
    "                              [--eval EVAL] [--net FILE]\n"
    "  an EPD suite (default ../shared/data/wac.epd) at a fixed node count; prints the solved count\n"
    "usage: chesslab bench search [--smp LIST] [--threads LIST] [--depth D | --nodes N | --movetime MS] ...\n"
    "  the parallel search variants against serial on one thread (chesslab bench search --help)\n"
    "usage: chesslab bench stop [--smp LIST] [--threads LIST] [--runs R] [--after MS] [--movetime MS] ...\n"
    "  stop latency and movetime overrun per variant and thread count (chesslab bench stop --help)\n";

enum { MAX_BENCH_POSITIONS = 512, MAX_LIST = 16 };

typedef struct BenchPosition {
    char name[64];
    char fen[FEN_MAX];
    Setup setup;
    int depth;
    uint64_t expected;
} BenchPosition;

typedef struct BenchOptions {
    const MoveGen *gens[64];
    int gen_count;
    BenchMode modes[3];
    int mode_count;
    int threads[MAX_LIST];
    int thread_count;
    long runs, depth;
    size_t hash_mb;
    BindPolicy bind;
    const char *positions_file, *out_file, *peer, *peer_path;
    StandardJob standard[STANDARD_POSITION_COUNT * STANDARD_KNOWN_DEPTH];
    int standard_count;
} BenchOptions;

static bool parse_modes(const char *text, BenchOptions *o)
{
    char list[64];
    snprintf(list, sizeof list, "%s", text);
    o->mode_count = 0;
    for (char *m = strtok(list, ","); m; m = strtok(NULL, ",")) {
        if (o->mode_count == 3 || !bench_mode_parse(m, &o->modes[o->mode_count])) {
            cli_error("bench", "--modes: '%s' is not bulk, full or hash (each at most once)", m);
            return false;
        }
        o->mode_count++;
    }
    return o->mode_count > 0;
}

static bool parse_threads(const char *text, BenchOptions *o)
{
    char list[128];
    snprintf(list, sizeof list, "%s", text);
    o->thread_count = 0;
    for (char *t = strtok(list, ","); t; t = strtok(NULL, ",")) {
        long n;
        if (o->thread_count == MAX_LIST) {
            cli_error("bench", "--threads: at most %d counts", MAX_LIST);
            return false;
        }
        if (!cli_parse_long("bench", "--threads", t, 1, 1024, &n))
            return false;
        o->threads[o->thread_count++] = (int)n;
    }
    return o->thread_count > 0;
}

static int load_positions(const BenchOptions *o, BenchPosition *out)
{
    char err[256];
    int count = 0;
    if (o->standard_count) {
        for (int i = 0; i < o->standard_count; i++) {
            const StandardJob *job = &o->standard[i];
            BenchPosition *b = &out[count++];
            snprintf(b->name, sizeof b->name, "%s", job->position->name);
            snprintf(b->fen, sizeof b->fen, "%s", job->position->fen);
            setup_from_fen(&b->setup, job->position->fen, err, sizeof err);
            b->depth = job->depth;
            b->expected = job->position->nodes[job->depth];
        }
        return count;
    }
    if (o->positions_file == NULL) {
        for (int i = 0; i < STANDARD_POSITION_COUNT; i++) {
            const StandardPosition *p = &standard_positions[i];
            int depth = o->depth ? (int)o->depth : p->default_depth;
            if (depth > STANDARD_KNOWN_DEPTH || p->nodes[depth] == 0)
                continue; /* no published count to check against */
            BenchPosition *b = &out[count++];
            snprintf(b->name, sizeof b->name, "%s", p->name);
            snprintf(b->fen, sizeof b->fen, "%s", p->fen);
            setup_from_fen(&b->setup, p->fen, err, sizeof err);
            b->depth = depth;
            b->expected = p->nodes[depth];
        }
        return count;
    }
    EpdFile file;
    char text[EPD_LINE_MAX];
    if (!epd_file_open(&file, o->positions_file, err, sizeof err)) {
        cli_error("bench", "--positions: %s", err);
        return -1;
    }
    while (count < MAX_BENCH_POSITIONS && epd_file_next(&file, text)) {
        const int line_no = file.line_no;
        PerftEpdLine line;
        if (!perft_epd_parse(text, &line, err, sizeof err)) {
            cli_error("bench", "%s:%d: %s", o->positions_file, line_no, err);
            epd_file_close(&file);
            return -1;
        }
        int depth = 0;
        for (int d = 1; d <= line.max_depth; d++)
            if (line.has_depth[d] && (o->depth ? d <= o->depth : (depth == 0 || line.expected[d] <= 100000000)))
                depth = d;
        if (depth == 0)
            continue;
        BenchPosition *b = &out[count++];
        const char *base = strrchr(o->positions_file, '/') ? strrchr(o->positions_file, '/') + 1 : o->positions_file;
        snprintf(b->name, sizeof b->name, "%.50s:%d", base, line_no);
        snprintf(b->fen, sizeof b->fen, "%s", line.fen);
        b->setup = line.setup;
        b->depth = depth;
        b->expected = line.expected[depth];
    }
    const bool bad = file.errors > 0;
    epd_file_close(&file);
    if (bad)
        return -1; /* a line too long or with a NUL byte: reported by the reader */
    if (count == 0)
        cli_error("bench", "--positions: %s: no position with a count to check", o->positions_file);
    return count > 0 ? count : -1;
}

static int parse_options(int argc, char **argv, BenchOptions *o)
{
    const char *cmd = "bench";
    *o = (BenchOptions){ .modes = { BENCH_BULK, BENCH_FULL }, .mode_count = 2, .threads = { 1 }, .thread_count = 1,
                         .runs = 5, .hash_mb = 256, .bind = BIND_COMPACT, .peer_path = STOCKFISH_DEFAULT_PATH };
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        if (cli_is_help(a)) {
            fputs(usage_text, stdout);
            exit(0);
        } else if (strcmp(a, "--gens") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || (o->gen_count = cli_parse_gen_list(cmd, v, o->gens, 64)) < 0)
                return EXIT_USAGE;
        } else if (strcmp(a, "--positions") == 0) {
            if (!(o->positions_file = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--standard") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                (o->standard_count = cli_parse_standard_list(cmd, v, o->standard,
                                                             STANDARD_POSITION_COUNT * STANDARD_KNOWN_DEPTH)) < 0)
                return EXIT_USAGE;
        } else if (strcmp(a, "--depth") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--depth", v, 1, 20, &o->depth))
                return EXIT_USAGE;
        } else if (strcmp(a, "--modes") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !parse_modes(v, o))
                return EXIT_USAGE;
        } else if (strcmp(a, "--threads") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !parse_threads(v, o))
                return EXIT_USAGE;
        } else if (strcmp(a, "--runs") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--runs", v, 1, BENCH_MAX_RUNS, &o->runs))
                return EXIT_USAGE;
        } else if (strcmp(a, "--hash") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--hash", v, 1, 1 << 20, &n))
                return EXIT_USAGE;
            o->hash_mb = (size_t)n;
        } else if (strcmp(a, "--bind") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_bind(cmd, v, &o->bind))
                return EXIT_USAGE;
        } else if (strcmp(a, "--peer") == 0) {
            if (!(o->peer = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
            if (strcmp(o->peer, "stockfish") != 0) {
                cli_error(cmd, "--peer '%s': only stockfish is supported", o->peer);
                return EXIT_USAGE;
            }
        } else if (strcmp(a, "--peer-path") == 0) {
            if (!(o->peer_path = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--out") == 0) {
            if (!(o->out_file = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab bench movegen --help)", a);
            return EXIT_USAGE;
        }
    }
    if (o->gen_count == 0)
        o->gen_count = cli_parse_gen_list(cmd, NULL, o->gens, 64);
    if (o->positions_file && o->standard_count) {
        cli_error(cmd, "--positions and --standard exclude each other");
        return EXIT_USAGE;
    }
    return 0;
}

static void print_row(const char *name, const BenchPosition *p, const char *mode, int threads, const BenchTiming *t)
{
    printf("%-10s %-12s %5d %-5s %7d %12llu %10.4f %9.2f %9.2f %9.2f  %s\n", name, p->name, p->depth, mode, threads,
           (unsigned long long)t->nodes, t->median, timer_mnps(t->nodes, t->median), timer_mnps(t->nodes, t->max),
           timer_mnps(t->nodes, t->min), t->correct ? "ok" : "WRONG");
    fflush(stdout);
}

static int bench_movegen(int argc, char **argv)
{
    BenchOptions o;
    int status = parse_options(argc, argv, &o);
    if (status)
        return status;
    BenchPosition *positions = calloc(MAX_BENCH_POSITIONS, sizeof *positions);
    int position_count = load_positions(&o, positions);
    if (position_count <= 0) {
        if (position_count == 0)
            cli_error("bench", "no position with a published count at the chosen depth");
        free(positions);
        return EXIT_USAGE;
    }
    AtomicFile out;
    if (!bench_out_open("bench", o.out_file, &out)) {
        free(positions);
        return EXIT_USAGE;
    }
    FILE *json = out.f;
    char err[256];
    PeerStockfish peer;
    if (o.peer && !peer_stockfish_open(&peer, o.peer_path, err, sizeof err)) {
        cli_error("bench", "%s", err);
        atomic_file_discard(&out);
        free(positions);
        return 1;
    }
    Topology *topology = topology_open();
    ResultMethod method = { 1, (int)o.runs, bind_policy_name(o.bind) };
    JsonWriter w;
    json_writer_init(&w, json);
    if (json)
        result_json_begin(&w, "chesslab-bench-movegen/1", &method, topology);

    printf("bench movegen: %d generators, %d positions, 1 warm-up + %ld runs, median (Mnps min-max from max-min time)\n",
           o.gen_count, position_count, o.runs);
    printf("%-10s %-12s %5s %-5s %7s %12s %10s %9s %9s %9s  %s\n", "generator", "position", "depth", "mode", "threads",
           "nodes", "median s", "Mnps", "min", "max", "count");
    int wrong = 0, failed = 0;
    /* Progress: cases done before each case, erased before its row. */
    const bool progress = progress_wanted();
    const int cases = position_count * (o.gen_count * o.mode_count * o.thread_count + (o.peer != NULL));
    int cases_done = 0;
    const double bench_start = timer_seconds();
    for (int p = 0; p < position_count; p++) {
        const BenchPosition *pos = &positions[p];
        if (o.peer) {
            BenchTiming t = { .correct = true };
            bool ok = true;
            if (progress)
                progress_line("bench movegen", cases_done++, cases, "cases", 0, timer_seconds() - bench_start);
            for (int r = -1; r < o.runs && ok; r++) {
                double seconds;
                ok = peer_stockfish_perft(&peer, pos->fen, pos->depth, &t.nodes, &seconds, err, sizeof err);
                t.correct = t.correct && t.nodes == pos->expected;
                if (ok && r >= 0)
                    t.runs[t.run_count++] = seconds;
            }
            if (progress)
                progress_clear();
            if (!ok) {
                cli_error("bench", "%s", err);
                failed++;
            } else {
                bench_timing_summarise(&t);
                print_row("stockfish", pos, "bulk", 1, &t);
                wrong += !t.correct;
                if (json)
                    result_json_entry(&w, &(ResultEntry){ "peer", "stockfish", pos->name, pos->fen, pos->depth,
                                                          "bulk", 1, 0, pos->expected, &t });
            }
        }
        for (int g = 0; g < o.gen_count; g++)
            for (int m = 0; m < o.mode_count; m++)
                for (int k = 0; k < o.thread_count; k++) {
                    BenchCase c = { o.gens[g], pos->name, pos->setup, pos->depth, pos->expected, o.modes[m],
                                    o.threads[k], o.hash_mb };
                    BenchTiming t;
                    if (progress)
                        progress_line("bench movegen", cases_done++, cases, "cases", 0, timer_seconds() - bench_start);
                    const bool ran = bench_run_case(&c, (int)o.runs, o.bind, topology, &t, err, sizeof err);
                    if (progress)
                        progress_clear();
                    if (!ran) {
                        cli_error("bench", "%s", err);
                        failed++;
                        continue;
                    }
                    print_row(c.gen->name, pos, bench_mode_name(c.mode), c.threads, &t);
                    wrong += !t.correct;
                    if (json)
                        result_json_entry(&w,
                                          &(ResultEntry){ "chesslab", c.gen->name, pos->name, pos->fen, pos->depth,
                                                          bench_mode_name(c.mode), c.threads,
                                                          c.mode == BENCH_HASH ? c.hash_mb : 0, pos->expected, &t });
                }
    }
    /* Kept with wrong counts (correct: false) and failed cases (left out)
     * too: the file is whole, and the exit status tells. */
    if (json)
        result_json_end(&w);
    status = bench_out_close("bench", o.out_file, &out, true, NULL);
    if (o.peer) {
        printf("peer: %s\n", peer.version);
        peer_stockfish_close(&peer);
    }
    topology_close(topology);
    free(positions);
    if (wrong || failed)
        printf("%d wrong counts, %d failed cases\n", wrong, failed);
    return wrong || failed || status ? 1 : 0;
}

int cmd_bench(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "movegen") == 0)
        return bench_movegen(argc, argv);
    if (argc >= 2 && strcmp(argv[1], "tactics") == 0)
        return bench_tactics(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "search") == 0)
        return bench_search(argc - 1, argv + 1);
    if (argc >= 2 && strcmp(argv[1], "stop") == 0)
        return bench_stop(argc - 1, argv + 1);
    if (argc >= 2 && cli_is_help(argv[1])) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (argc < 2 || strncmp(argv[1], "--", 2) == 0)
        return bench_signature(argc, argv);
    cli_error("bench", "unknown benchmark '%s' (known: movegen, tactics, search, stop; none: the search signature)", argv[1]);
    return EXIT_USAGE;
}
