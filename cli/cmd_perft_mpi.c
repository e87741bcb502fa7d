/* chesslab perft --mpi: the distributed perft (distributed/perft_mpi.h), run under
 * mpirun. Options are parsed on every rank before MPI starts, so a usage
 * error needs no MPI and is printed once (by rank 0 only). Rank 0 prints
 * the result, the per-rank statistics and, with --json, a result file. */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/perft_options.h"
#include "core/epd.h"
#include "core/perft_parallel.h"
#include "core/progress.h"
#include "distributed/work_units.h"
#include "movegen_variants/registry.h"
#ifdef CHESSLAB_HAVE_MPI
#include "bench/result_json.h"
#include "core/atomic_file.h"
#include "distributed/perft_mpi.h"
#endif

static const char *const usage_text =
    "usage: mpirun -np N chesslab perft --mpi --depth D [--fen FEN | --position NAME] [--gen NAME]\n"
    "                      [--threads T] [--hash MB] [--split-depth S] [--checkpoint FILE]\n"
    "                      [--verify-keys] [--rank-timeout SEC] [--mode bulk|full] [--bind POLICY]\n"
    "                      [--json FILE]\n"
    "\n"
    "  Rank 0 expands the position S plies deep into work units (distinct positions\n"
    "  with their multiplicities) and hands them out on request; every rank (rank 0\n"
    "  too, on a thread of its own) counts units with T OpenMP threads and its own\n"
    "  table of MB megabytes. Totals are exact (128-bit).\n"
    "  --split-depth S  plies expanded into units, 0..min(D, 8) (default: D - 4 within 0..3)\n"
    "  --checkpoint F   record finished units in F; a run killed part way resumes from it\n"
    "                   (same position, depth and split depth; any generator)\n"
    "  --verify-keys    count twice, the second time with another Zobrist seed; the\n"
    "                   passes must agree (a hash collision would show as a difference)\n"
    "  --rank-timeout S stop the run when a rank holds one unit longer than S seconds\n"
    "  --position NAME  a standard position (start, kiwipete, position3..6)\n"
    "  --bind POLICY    thread placement inside each rank (default none: leave it to\n"
    "                   mpirun --bind-to / --map-by)\n"
    "  --json FILE      rank 0 writes a result file (results/FORMAT.md, chesslab-bench-mpi/1)\n";

typedef struct MpiOptions {
    PerftSharedOptions shared; /* depth, generator, FEN, mode, threads, table, placement */
    const MoveGen *gen;
    const char *checkpoint, *json;
    const StandardPosition *position;
    int split;
    bool verify_keys;
    double rank_timeout;
} MpiOptions;

static int parse_options(int argc, char **argv, MpiOptions *o)
{
    const char *cmd = "perft";
    *o = (MpiOptions){ .split = -1 };
    perft_shared_options_init(&o->shared, BIND_NONE);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        OptionParse got = perft_shared_option(cmd, argc, argv, &i, &o->shared);
        if (got == OPTION_BAD)
            return EXIT_USAGE;
        if (got == OPTION_TAKEN)
            continue;
        if (cli_is_help(a)) {
            fputs(usage_text, stdout);
            exit(0);
        } else if (strcmp(a, "--mpi") == 0) {
            /* the switch that brought us here */
        } else if (strcmp(a, "--verify-keys") == 0) {
            o->verify_keys = true;
        } else if (strcmp(a, "--split-depth") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_long(cmd, "--split-depth", v, 0, WORK_UNITS_MAX_SPLIT, &n))
                return EXIT_USAGE;
            o->split = (int)n;
        } else if (strcmp(a, "--position") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
            if ((o->position = standard_position_find(v)) == NULL) {
                cli_error(cmd, "unknown position '%s' (start, kiwipete, position3..position6)", v);
                return EXIT_USAGE;
            }
        } else if (strcmp(a, "--checkpoint") == 0) {
            if (!(o->checkpoint = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--json") == 0) {
            if (!(o->json = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--rank-timeout") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--rank-timeout", v, 1, 1000000, &n))
                return EXIT_USAGE;
            o->rank_timeout = (double)n;
        } else {
            cli_error(cmd, "unknown option '%s' with --mpi (see chesslab perft --mpi --help)", a);
            return EXIT_USAGE;
        }
    }
    const char *gen_name = o->shared.gen_name;
    o->gen = gen_name ? cli_generator(cmd, gen_name) : registry_default();
    if (o->gen == NULL)
        return EXIT_USAGE;
    if (o->shared.depth < 0) {
        cli_error(cmd, "--depth N is required (see chesslab perft --mpi --help)");
        return EXIT_USAGE;
    }
    if (o->shared.fen && o->position) {
        cli_error(cmd, "--fen and --position exclude each other");
        return EXIT_USAGE;
    }
    /* Default: units of depth 4 or more below the split (a unit should
     * outweigh its message and the driver's start-up), at most 3 plies. */
    if (o->split < 0)
        o->split = o->shared.depth <= 4 ? 0 : o->shared.depth - 4 < 3 ? o->shared.depth - 4 : 3;
    if (o->split > o->shared.depth) {
        cli_error(cmd, "--split-depth %d is deeper than --depth %d", o->split, o->shared.depth);
        return EXIT_USAGE;
    }
    return 0;
}

/* mpirun starts every rank with the same arguments: only rank 0 (or a
 * process started without mpirun) reports usage errors. */
static bool launched_as_other_rank(void)
{
    const char *names[] = { "OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *v = getenv(names[i]);
        if (v)
            return strcmp(v, "0") != 0;
    }
    return false;
}

#ifdef CHESSLAB_HAVE_MPI
/* Test hooks (tests/mpi_test.sh): CHESSLAB_MPI_TEST_STOP_AFTER=K makes rank 0
 * exit abruptly after recording K units; CHESSLAB_MPI_TEST_DIE=R:K makes rank
 * R kill itself after K units. */
static void read_test_hooks(MpiPerftJob *job)
{
    const char *v = getenv("CHESSLAB_MPI_TEST_STOP_AFTER");
    if (v)
        job->test_stop_after = strtoull(v, NULL, 10);
    if ((v = getenv("CHESSLAB_MPI_TEST_DIE")) != NULL) {
        char *end;
        job->test_die_rank = (int)strtol(v, &end, 10);
        if (*end == ':')
            job->test_die_after = strtoull(end + 1, NULL, 10);
    }
}

static void write_json_to(FILE *f, const MpiOptions *o, const MpiPerftJob *job, const MpiPerftResult *r,
                          const char *fen, Topology *topology)
{
    char total[PERFT_TOTAL_TEXT];
    perft_total_text(r->total[0], total);
    ResultMethod method = { 0, 1, bind_policy_name(o->shared.bind) };
    JsonWriter w;
    json_writer_init(&w, f);
    result_json_begin(&w, "chesslab-bench-mpi/1", &method, topology);
    uint64_t expected =
        o->position && o->shared.depth <= STANDARD_KNOWN_DEPTH ? o->position->nodes[o->shared.depth] : 0;
    json_object_begin(&w, NULL, JSON_LINES);
    json_string(&w, "kind", "chesslab-mpi");
    json_string(&w, "generator", job->gen->name);
    json_string(&w, "position", o->position ? o->position->name : "custom");
    json_string(&w, "fen", fen);
    json_int(&w, "depth", job->depth);
    json_int(&w, "split_depth", job->split);
    json_string(&w, "mode", o->shared.hash_mb ? "hash" : perft_mode_name(job->mode));
    json_int(&w, "ranks", r->ranks);
    json_int(&w, "threads_per_rank", job->threads);
    json_int(&w, "threads", r->ranks * job->threads);
    json_uint(&w, "hash_mb", job->hash_mb);
    json_uint(&w, "units", r->units);
    json_uint(&w, "paths", r->paths);
    json_uint(&w, "resumed_units", r->resumed);
    json_number_text(&w, "nodes", total);
    if (expected) {
        json_uint(&w, "expected", expected);
        json_bool(&w, "correct", r->total[0] == expected);
    } else {
        json_null(&w, "expected");
        json_null(&w, "correct");
    }
    json_double(&w, "expand_seconds", r->expand_seconds, 6);
    BenchTiming t = { .run_count = 1, .runs = { r->seconds }, .median = r->seconds, .min = r->seconds,
                      .max = r->seconds };
    result_json_timing(&w, "seconds", &t, 6);
    result_json_mnps(&w, (double)r->total[0], &t);
    json_array_begin(&w, "per_rank", JSON_LINES);
    for (int k = 0; k < r->ranks; k++) {
        json_object_begin(&w, NULL, JSON_INLINE);
        json_int(&w, "rank", k);
        json_uint(&w, "units", r->stats[k].units);
        json_uint(&w, "nodes", r->stats[k].nodes);
        json_double(&w, "busy", r->stats[k].busy, 6);
        json_double(&w, "idle", r->stats[k].idle, 6);
        json_end(&w);
    }
    json_end(&w);
    json_end(&w);
    result_json_end(&w);
}

/* --json, renamed over its file only once whole (core/atomic_file.h); its
 * path was checked before the run. False after reporting. */
static bool write_json(const MpiOptions *o, const MpiPerftJob *job, const MpiPerftResult *r, const char *fen,
                       Topology *topology)
{
    char why[400];
    AtomicFile f;
    bool ok = atomic_file_open(&f, o->json, why, sizeof why);
    if (ok) {
        write_json_to(f.f, o, job, r, fen, topology);
        ok = atomic_file_commit(&f, why, sizeof why);
    }
    if (!ok)
        cli_error("perft", "--json: %s", why);
    return ok;
}

static void print_result(const MpiOptions *o, const MpiPerftJob *job, const MpiPerftResult *r, const char *fen)
{
    char total[PERFT_TOTAL_TEXT];
    perft_total_text(r->total[0], total);
    printf("position  %s\ngenerator %s\nmode      %s\ndepth     %d\n", fen, job->gen->name,
           perft_mode_name(job->mode), job->depth);
    printf("split     depth %d: %" PRIu64 " paths, %" PRIu64 " units, %" PRIu64 " key collisions (%.3f s)\n",
           job->split, r->paths, r->units, r->key_collisions, r->expand_seconds);
    printf("ranks     %d (%d threads each, hash %zu MB each, bind %s)\n", r->ranks, job->threads, job->hash_mb,
           bind_policy_name(o->shared.bind));
    if (job->checkpoint)
        printf("resumed   %" PRIu64 " units from %s%s\n", r->resumed, job->checkpoint,
               r->torn_tail ? " (a torn last line was dropped)" : "");
    printf("nodes     %s\ntime      %.3f s\nspeed     %.2f Mnps\n", total, r->seconds,
           r->seconds > 0 ? (double)r->total[0] / r->seconds / 1e6 : 0.0);
    if (r->passes == 2) {
        char second[PERFT_TOTAL_TEXT];
        perft_total_text(r->total[1], second);
        if (r->total[0] == r->total[1] && r->first_difference == UINT64_MAX)
            printf("verify    keys agree: seed %016" PRIx64 " and seed %016" PRIx64 " give %s\n", r->seeds[0],
                   r->seeds[1], second);
        else
            printf("verify    KEYS DISAGREE: seed %016" PRIx64 " gives %s, seed %016" PRIx64
                   " gives %s (first differing unit %" PRIu64 ")\n",
                   r->seeds[0], total, r->seeds[1], second, r->first_difference);
    }
    for (int k = 0; k < r->ranks; k++)
        printf("rank %-4d %" PRIu64 " units, %" PRIu64 " nodes, busy %.3f s, idle %.3f s\n", k, r->stats[k].units,
               r->stats[k].nodes, r->stats[k].busy, r->stats[k].idle);
}
#endif

int cmd_perft_mpi(int argc, char **argv)
{
    MpiOptions o;
    int quiet = launched_as_other_rank(), saved = -1;
    if (quiet) {
        /* Same arguments on every rank: one copy of a usage error is enough. */
        int null_fd = open("/dev/null", O_WRONLY);
        saved = dup(STDERR_FILENO);
        if (null_fd >= 0 && saved >= 0)
            dup2(null_fd, STDERR_FILENO);
        if (null_fd >= 0)
            close(null_fd);
    }
    int status = parse_options(argc, argv, &o);
    if (saved >= 0) {
        dup2(saved, STDERR_FILENO);
        close(saved);
    }
    /* A failing duplicate rank would make mpirun abort the job, possibly
     * before rank 0's message got out; rank 0 alone carries the status. */
    if (status != 0)
        return quiet ? 0 : status;
#ifndef CHESSLAB_HAVE_MPI
    if (quiet)
        return 0; /* as for usage errors above */
    cli_error("perft", "--mpi: this chesslab was built without MPI (install libopenmpi-dev and openmpi-bin, "
                       "then configure again)");
    return EXIT_USAGE;
#else
    Setup root;
    char err[512];
    const char *fen = o.position ? o.position->fen : o.shared.fen ? o.shared.fen : FEN_STARTPOS;
    if (!setup_from_fen(&root, fen, err, sizeof err)) {
        if (quiet)
            return 0; /* as for usage errors above */
        cli_error("perft", "--fen: %s", err);
        return EXIT_USAGE;
    }
    int rank = 0, size = 1;
    if (!perft_mpi_init(&argc, &argv, &rank, &size, err, sizeof err)) {
        cli_error("perft", "--mpi: %s", err);
        return 1;
    }
    /* A --json path that rank 0 could not write at the end refuses the job
     * on every rank before any unit is counted. */
    char why[400], refusal[420];
    bool refused = rank == 0 && o.json && !atomic_file_check(o.json, why, sizeof why);
    if (refused)
        snprintf(refusal, sizeof refusal, "--json: %s", why);
    Topology *topology = NULL;
    if ((o.shared.bind != BIND_NONE || (rank == 0 && o.json)) && (topology = topology_open()) == NULL &&
        o.shared.bind != BIND_NONE) {
        cli_error("perft", "hwloc cannot read the topology; use --bind none");
        perft_mpi_finalize();
        return 1;
    }
    MpiPerftJob job = { .gen = o.gen, .root = root, .depth = o.shared.depth, .split = o.split, .mode = o.shared.mode,
                        .threads = o.shared.threads, .hash_mb = o.shared.hash_mb, .bind = o.shared.bind,
                        .topology = o.shared.bind != BIND_NONE ? topology : NULL, .checkpoint = o.checkpoint,
                        .verify_keys = o.verify_keys, .rank_timeout = o.rank_timeout,
                        .progress = rank == 0 && progress_wanted_relayed(), .refusal = refused ? refusal : NULL };
    read_test_hooks(&job);
    MpiPerftResult result;
    status = perft_mpi_run(&job, &result, err, sizeof err);
    if (rank == 0) {
        char text[FEN_MAX];
        setup_to_fen(&root, text);
        if (status != 0) {
            cli_error("perft", "%s", err);
        } else {
            print_result(&o, &job, &result, text);
            if (o.json && !write_json(&o, &job, &result, text, topology))
                status = 1;
            if (result.passes == 2 && (result.total[0] != result.total[1] || result.first_difference != UINT64_MAX))
                status = 1;
        }
        perft_mpi_result_free(&result);
    }
    topology_close(topology);
    perft_mpi_finalize();
    return status;
#endif
}
