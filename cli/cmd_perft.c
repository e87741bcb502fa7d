/* chesslab perft: leaf counts of one position (optionally per root move) or
 * of every line of a perft EPD file checked against its published counts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "commands.h"
#include "core/epd.h"
#include "core/move_text.h"
#include "core/perft.h"
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
    "  --max-nodes N   node limit per line for --epd without --depth (default 100000000)\n";

typedef struct PerftOptions {
    const MoveGen *gen;
    int depth; /* -1 when not given */
    const char *fen, *epd;
    const char *const *moves;
    int move_count;
    bool divide;
    PerftMode mode;
    uint64_t max_nodes;
} PerftOptions;

/* Returns 0 on success, else the exit status for a usage error. */
static int parse_options(int argc, char **argv, PerftOptions *o)
{
    const char *cmd = "perft";
    *o = (PerftOptions){ .depth = -1, .mode = PERFT_BULK, .max_nodes = 100000000 };
    const char *gen_name = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        if (cli_is_help(a)) {
            fputs(usage_text, stdout);
            exit(0);
        } else if (strcmp(a, "--depth") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--depth", v, 0, PERFT_MAX_DEPTH, &n))
                return EXIT_USAGE;
            o->depth = (int)n;
        } else if (strcmp(a, "--gen") == 0) {
            if (!(gen_name = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--fen") == 0) {
            if (!(o->fen = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--epd") == 0) {
            if (!(o->epd = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--moves") == 0) {
            o->moves = (const char *const *)&argv[i + 1];
            while (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0)
                i++, o->move_count++;
        } else if (strcmp(a, "--divide") == 0) {
            o->divide = true;
        } else if (strcmp(a, "--mode") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_mode(cmd, v, &o->mode))
                return EXIT_USAGE;
        } else if (strcmp(a, "--max-nodes") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_u64(cmd, "--max-nodes", v, &o->max_nodes))
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab perft --help)", a);
            return EXIT_USAGE;
        }
    }
    o->gen = gen_name ? cli_generator(cmd, gen_name) : registry_default();
    if (o->gen == NULL)
        return EXIT_USAGE;
    if (o->fen && o->epd) {
        cli_error(cmd, "--fen and --epd exclude each other");
        return EXIT_USAGE;
    }
    if (o->epd && (o->move_count || o->divide)) {
        cli_error(cmd, "--moves and --divide work on one position, not with --epd");
        return EXIT_USAGE;
    }
    if (!o->epd && o->depth < 0) {
        cli_error(cmd, "--depth N is required (see chesslab perft --help)");
        return EXIT_USAGE;
    }
    return 0;
}

static int perft_position(const PerftOptions *o)
{
    Setup setup;
    char err[256];
    if (!setup_from_fen(&setup, o->fen ? o->fen : FEN_STARTPOS, err, sizeof err)) {
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

    uint64_t nodes = 0;
    double start = timer_seconds();
    if (o->divide && o->depth > 0) {
        DivideEntry entries[MAX_MOVES];
        int n = perft_divide(o->gen, board, o->depth, o->mode, entries);
        double seconds = timer_seconds() - start;
        for (int i = 0; i < n; i++) {
            char text[MOVE_TEXT_MAX];
            move_to_uci(entries[i].move, text);
            printf("%s: %llu\n", text, (unsigned long long)entries[i].nodes);
            nodes += entries[i].nodes;
        }
        printf("\nNodes searched: %llu\n\n", (unsigned long long)nodes);
        printf("generator %s, mode %s, depth %d, %.3f s, %.2f Mnps\n", o->gen->name, perft_mode_name(o->mode),
               o->depth, seconds, timer_mnps(nodes, seconds));
    } else {
        nodes = o->gen->perft(board, o->depth, o->mode);
        double seconds = timer_seconds() - start;
        printf("position  %s\ngenerator %s\nmode      %s\ndepth     %d\nnodes     %llu\ntime      %.3f s\n"
               "speed     %.2f Mnps\n",
               fen, o->gen->name, perft_mode_name(o->mode), o->depth, (unsigned long long)nodes, seconds,
               timer_mnps(nodes, seconds));
    }
    movegen_board_free(board);
    return 0;
}

/* Deepest depth of the line to check: --depth (capped by the line), else the
 * deepest published count not above the node limit (at least depth 1). */
static int epd_target_depth(const PerftOptions *o, const PerftEpdLine *line)
{
    if (o->depth >= 0)
        return o->depth < line->max_depth ? o->depth : line->max_depth;
    int target = 0;
    for (int d = 1; d <= line->max_depth; d++)
        if (line->has_depth[d] && (target == 0 || line->expected[d] <= o->max_nodes))
            target = d;
    return target;
}

static int perft_epd(const PerftOptions *o)
{
    FILE *f = fopen(o->epd, "r");
    if (f == NULL) {
        cli_error("perft", "--epd: cannot open '%s'", o->epd);
        return EXIT_USAGE;
    }
    void *board = movegen_board_new(o->gen);
    char text[1024], err[256];
    int line_no = 0, passed = 0, failed = 0, bad = 0;
    uint64_t total_nodes = 0;
    double total_seconds = 0;
    bool too_long;
    printf("perft of %s: generator %s, mode %s\n", o->epd, o->gen->name, perft_mode_name(o->mode));
    while (epd_read_line(f, text, sizeof text, &too_long)) {
        line_no++;
        PerftEpdLine line;
        if (too_long || !perft_epd_parse(text, &line, err, sizeof err)) {
            fprintf(stderr, "%s:%d: %s\n", o->epd, line_no, too_long ? "line too long" : err);
            bad++;
            continue;
        }
        int target = epd_target_depth(o, &line);
        o->gen->load(board, &line.setup);
        bool ok = true;
        uint64_t line_nodes = 0;
        double start = timer_seconds();
        for (int d = 1; d <= target && ok; d++) {
            if (!line.has_depth[d])
                continue;
            uint64_t nodes = o->gen->perft(board, d, o->mode);
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
        if (ok) {
            printf("line %d: pass D1..D%d  %llu nodes  %.3f s  %s\n", line_no, target,
                   (unsigned long long)line_nodes, seconds, line.fen);
            passed++;
        } else {
            failed++;
        }
        fflush(stdout);
    }
    fclose(f);
    movegen_board_free(board);
    printf("\n%d lines: %d passed, %d failed, %d unreadable; %llu nodes in %.3f s (%.2f Mnps), "
           "generator %s, mode %s\n",
           line_no, passed, failed, bad, (unsigned long long)total_nodes, total_seconds,
           timer_mnps(total_nodes, total_seconds), o->gen->name, perft_mode_name(o->mode));
    return (failed || bad) ? 1 : 0;
}

int cmd_perft(int argc, char **argv)
{
    PerftOptions o;
    int status = parse_options(argc, argv, &o);
    if (status != 0)
        return status;
    return o.epd ? perft_epd(&o) : perft_position(&o);
}
