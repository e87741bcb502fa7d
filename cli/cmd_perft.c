/* chesslab perft: leaf counts of one position (optionally per root move) or
 * of every line of a perft EPD file checked against its published counts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/perft_options.h"
#include "core/epd.h"
#include "core/move_text.h"
#include "core/perft.h"
#include "core/perft_parallel.h"
#include "core/progress.h"
#include "core/timer.h"
#include "movegen_variants/registry.h"

static const char *const usage_text =
    "usage: chesslab perft --depth N [--gen NAME] [--fen FEN | --epd FILE]\n"
    "                      [--moves m1 m2 ...] [--divide] [--mode bulk|full] [--max-nodes N]\n"
    "\n"
    "  --depth N       depth 0..20 (with --epd: the deepest depth checked per line;\n"
    "                  without it, the deepest count of each line up to --max-nodes)\n"
    "  --gen NAME      move generator (chesslab gens lists them; default: fastest here)\n"
    "  --fen FEN       position (default: the start position)\n"
    "  --epd FILE      run every line `FEN ;D1 n ;D2 n ...`, print pass/fail per line;\n"
    "                  exit status 1 if any line fails or cannot be read\n"
    "  --moves m ...   UCI moves played from the position first (e2e4 e7e5 ...)\n"
    "  --divide        counts per root move in Stockfish's `go perft` layout\n"
    "  --mode MODE     bulk: count legal moves at depth 1 (default);\n"
    "                  full: make and unmake every leaf move\n"
    "  --max-nodes N   node limit per line for --epd without --depth (default 100000000)\n"
    "  --threads N     OpenMP threads (default 1); the tree is split into work items\n"
    "  --hash MB       shared perft transposition table of MB megabytes (default 0: none)\n"
    "  --bind POLICY   compact (default), scatter or none: thread placement by hwloc;\n"
    "                  the output says where each thread ran\n"
    "  --mpi           distributed perft under mpirun (see chesslab perft --mpi --help)\n"
    "Progress (root items done, nodes, rate, time left) goes to stderr when stdout\n"
    "and stderr are terminals (depth 6 and more); nothing extra otherwise.\n";

typedef struct PerftOptions {
    PerftSharedOptions shared; /* depth, generator, FEN, mode, threads, table, placement */
    const MoveGen *gen;
    const char *epd;
    const char *const *moves;
    int move_count;
    bool divide;
    uint64_t max_nodes;
} PerftOptions;

/* Returns 0 on success, else the exit status for a usage error. */
static int parse_options(int argc, char **argv, PerftOptions *o)
{
    const char *cmd = "perft";
    *o = (PerftOptions){ .max_nodes = 100000000 };
    perft_shared_options_init(&o->shared, BIND_COMPACT);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        OptionParse got = perft_shared_option(cmd, argc, argv, &i, &o->shared);
        if (got == OPTION_BAD)
            return EXIT_USAGE;
        if (got == OPTION_TAKEN)
            continue;
        if (cli_is_help(a)) {
            fputs(usage_text, stdout);
            exit(0);
        } else if (strcmp(a, "--epd") == 0) {
            if (!(o->epd = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--moves") == 0) {
            o->moves = (const char *const *)&argv[i + 1];
            while (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0)
                i++, o->move_count++;
        } else if (strcmp(a, "--divide") == 0) {
            o->divide = true;
        } else if (strcmp(a, "--max-nodes") == 0) {
            const char *v = cli_value(cmd, argc, argv, &i);
            if (!v || !cli_parse_u64(cmd, "--max-nodes", v, &o->max_nodes))
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab perft --help)", a);
            return EXIT_USAGE;
        }
    }
    const char *gen_name = o->shared.gen_name;
    o->gen = gen_name ? cli_generator(cmd, gen_name) : registry_default();
    if (o->gen == NULL)
        return EXIT_USAGE;
    if (o->shared.fen && o->epd) {
        cli_error(cmd, "--fen and --epd exclude each other");
        return EXIT_USAGE;
    }
    if (o->epd && (o->move_count || o->divide)) {
        cli_error(cmd, "--moves and --divide work on one position, not with --epd");
        return EXIT_USAGE;
    }
    if (!o->epd && o->shared.depth < 0) {
        cli_error(cmd, "--depth N is required (see chesslab perft --help)");
        return EXIT_USAGE;
    }
    if (o->epd && o->shared.depth == 0) {
        cli_error(cmd, "--depth 0 with --epd checks no count (depths start at 1)");
        return EXIT_USAGE;
    }
    return 0;
}

/* Counts the tree below board: the generator's own loop when one thread
 * without a table suffices, else the parallel driver (which also gives the
 * per-root-move counts that --divide prints). */
static bool count_tree(const PerftOptions *o, Topology *topology, void *board, int depth, bool per_move,
                       PerftOutcome *out)
{
    /* Progress needs the tree cut into root items: one thread takes the
     * parallel driver too, its thread report dropped (not asked for). */
    const bool progress = progress_wanted() && depth >= 6;
    const bool plain = o->shared.threads == 1 && o->shared.hash_mb == 0 && !per_move;
    if (depth == 0 || (plain && !progress)) {
        memset(out, 0, sizeof *out);
        double start = timer_seconds();
        out->nodes = o->gen->perft(board, depth, o->shared.mode);
        out->seconds = timer_seconds() - start;
        return true;
    }
    PerftJob job = {o->gen,
                    board,
                    depth,
                    o->shared.mode,
                    o->shared.threads,
                    o->shared.hash_mb,
                    o->shared.bind,
                    topology,
                    progress};
    char err[256];
    if (!perft_parallel(&job, out, err, sizeof err)) {
        cli_error("perft", "%s", err);
        return false;
    }
    if (plain)
        perft_outcome_free(out);
    return true;
}

static void print_threads(const PerftOptions *o, Topology *topology, const PerftOutcome *out)
{
    if (out->thread_reports == NULL)
        return;
    printf("threads   %d (bind %s, split depth %d, %d work items%s)\n", out->threads, bind_policy_name(o->shared.bind),
           out->split_depth, out->items, o->shared.hash_mb ? "" : ", no hash");
    if (o->shared.hash_mb)
        printf("hash      %zu MB requested, %zu bytes used\n", o->shared.hash_mb, out->hash_bytes);
    for (int t = 0; t < out->threads; t++) {
        const ThreadReport *r = &out->thread_reports[t];
        char where[128] = "unbound";
        if (topology && r->last_pu >= 0)
            topology_describe_pu(topology, r->last_pu, where, sizeof where);
        printf("thread %-3d %s%s, %llu items, %llu nodes\n", t, r->bound_pu >= 0 ? "bound to " : "ran on ", where,
               (unsigned long long)r->items, (unsigned long long)r->nodes);
    }
}

static int perft_position(const PerftOptions *o, Topology *topology)
{
    Setup setup;
    char err[256];
    if (!setup_from_fen(&setup, o->shared.fen ? o->shared.fen : FEN_STARTPOS, err, sizeof err)) {
        cli_error("perft", "--fen: %s", err);
        return EXIT_USAGE;
    }
    void *board = movegen_board_new(o->gen);
    if (board == NULL) {
        cli_error("perft", "out of memory");
        return 1;
    }
    o->gen->load(board, &setup);
    if (!perft_apply_moves(o->gen, board, o->moves, o->move_count, err, sizeof err)) {
        cli_error("perft", "--moves: %s", err);
        movegen_board_free(board);
        return EXIT_USAGE;
    }
    o->gen->save(board, &setup);
    char fen[FEN_MAX];
    setup_to_fen(&setup, fen);

    PerftOutcome out;
    bool divide = o->divide && o->shared.depth > 0;
    if (!count_tree(o, topology, board, o->shared.depth, divide, &out)) {
        movegen_board_free(board);
        return 1;
    }
    if (divide) {
        DivideEntry entries[MAX_MOVES];
        for (int i = 0; i < out.root_moves; i++)
            entries[i] = (DivideEntry){ out.moves[i], out.move_nodes[i] };
        perft_sort_divide(entries, out.root_moves);
        /* Chess960: castling as king takes rook, as stockfish prints it with UCI_Chess960. */
        Setup root;
        o->gen->save(board, &root);
        const MoveNotation notation = move_notation_of(&root);
        for (int i = 0; i < out.root_moves; i++) {
            char text[MOVE_TEXT_MAX];
            move_to_uci_as(entries[i].move, &notation, text);
            printf("%s: %llu\n", text, (unsigned long long)entries[i].nodes);
        }
        printf("\nNodes searched: %llu\n\n", (unsigned long long)out.nodes);
        printf("generator %s, mode %s, depth %d, %.3f s, %.2f Mnps\n", o->gen->name, perft_mode_name(o->shared.mode),
               o->shared.depth, out.seconds, timer_mnps(out.nodes, out.seconds));
    } else {
        printf("position  %s\ngenerator %s\nmode      %s\ndepth     %d\nnodes     %llu\ntime      %.3f s\n"
               "speed     %.2f Mnps\n",
               fen, o->gen->name, perft_mode_name(o->shared.mode), o->shared.depth, (unsigned long long)out.nodes,
               out.seconds, timer_mnps(out.nodes, out.seconds));
    }
    print_threads(o, topology, &out);
    perft_outcome_free(&out);
    movegen_board_free(board);
    return 0;
}

/* Deepest depth of the line to check: --depth (capped by the line), else the
 * deepest published count not above the node limit (at least depth 1). */
static int epd_target_depth(const PerftOptions *o, const PerftEpdLine *line)
{
    if (o->shared.depth >= 0)
        return o->shared.depth < line->max_depth ? o->shared.depth : line->max_depth;
    int target = 0;
    for (int d = 1; d <= line->max_depth; d++)
        if (line->has_depth[d] && (target == 0 || line->expected[d] <= o->max_nodes))
            target = d;
    return target;
}

static int perft_epd(const PerftOptions *o, Topology *topology)
{
    EpdFile file;
    char text[EPD_LINE_MAX], err[256];
    if (!epd_file_open(&file, o->epd, err, sizeof err)) {
        cli_error("perft", "--epd: %s", err);
        return EXIT_USAGE;
    }
    void *board = movegen_board_new(o->gen);
    int passed = 0, failed = 0, skipped = 0, depths_checked = 0;
    uint64_t total_nodes = 0;
    double total_seconds = 0;
    printf("perft of %s: generator %s, mode %s\n", o->epd, o->gen->name, perft_mode_name(o->shared.mode));
    while (epd_file_next(&file, text)) {
        const int line_no = file.line_no;
        PerftEpdLine line;
        if (!perft_epd_parse(text, &line, err, sizeof err)) {
            epd_file_error(&file, err);
            continue;
        }
        int target = epd_target_depth(o, &line);
        o->gen->load(board, &line.setup);
        bool ok = true;
        int checked = 0;
        uint64_t line_nodes = 0;
        double start = timer_seconds();
        for (int d = 1; d <= target && ok; d++) {
            if (!line.has_depth[d])
                continue;
            PerftOutcome out;
            checked++;
            if (!count_tree(o, topology, board, d, false, &out)) {
                epd_file_close(&file);
                movegen_board_free(board);
                return 1;
            }
            uint64_t nodes = out.nodes;
            perft_outcome_free(&out);
            line_nodes += nodes;
            if (nodes != line.expected[d]) {
                printf("line %d: FAIL D%d: expected %llu, got %llu  %s\n", line_no, d,
                       (unsigned long long)line.expected[d], (unsigned long long)nodes, line.fen);
                ok = false;
            }
        }
        double seconds = timer_seconds() - start;
        total_nodes += line_nodes;
        total_seconds += seconds;
        depths_checked += checked;
        if (checked == 0) {
            /* Only deeper counts than --depth: nothing was compared, so no "pass". */
            printf("line %d: skipped, no count at D1..D%d  %s\n", line_no, target, line.fen);
            skipped++;
        } else if (ok) {
            printf("line %d: pass D1..D%d  %llu nodes  %.3f s  %s\n", line_no, target,
                   (unsigned long long)line_nodes, seconds, line.fen);
            passed++;
        } else {
            failed++;
        }
        fflush(stdout);
    }
    const int bad = file.errors, lines = file.line_no;
    const bool gave_up = file.gave_up;
    epd_file_close(&file);
    movegen_board_free(board);
    printf("\n%d lines%s: %d passed, %d failed, %d skipped, %d unreadable; %llu nodes in %.3f s (%.2f Mnps), "
           "generator %s, mode %s\n",
           lines, gave_up ? " (gave up)" : "", passed, failed, skipped, bad, (unsigned long long)total_nodes,
           total_seconds, timer_mnps(total_nodes, total_seconds), o->gen->name, perft_mode_name(o->shared.mode));
    /* Nothing checked is no pass: an empty file, or no count at the depths asked. */
    if (depths_checked == 0) {
        cli_error("perft", "--epd: %s: no count checked (%s)", o->epd,
                  lines == 0 ? "no lines" : skipped == 0 ? "no readable line" : "no published count at these depths");
        return failed || bad ? 1 : EXIT_USAGE;
    }
    return (failed || bad) ? 1 : 0;
}

int cmd_perft(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--mpi") == 0)
            return cmd_perft_mpi(argc, argv);
    PerftOptions o;
    int status = parse_options(argc, argv, &o);
    if (status != 0)
        return status;
    /* hwloc is needed only to place threads. */
    Topology *topology = NULL;
    if (o.shared.bind != BIND_NONE && (o.shared.threads > 1 || o.shared.hash_mb > 0) &&
        (topology = topology_open()) == NULL) {
        cli_error("perft", "hwloc cannot read the topology; use --bind none");
        return 1;
    }
    status = o.epd ? perft_epd(&o, topology) : perft_position(&o, topology);
    topology_close(topology);
    return status;
}
