/* chesslab nnue data: labels the positions of PGN games with a short
 * search's score and the game's result, for `chesslab nnue train`
 * (nnue/nnue_data.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/cmd_nnue.h"
#include "cli/net_flags.h"
#include "core/timer.h"
#include "nnue/nnue_data.h"

static const char *const usage_text =
    "usage: chesslab nnue data --pgn FILE [--pgn FILE ...] --out FILE [--nodes N] [--every N]\n"
    "                         [--offset K] [--eval EVAL] [--net FILE]\n"
    "\n"
    "Searches positions of the games in the PGN files and writes each as a\n"
    "32-byte training record (search/nnue_format.h): the pieces, the side to move,\n"
    "the search's score and the game's result. Kept: not in check, the search's\n"
    "best move no capture or promotion, no mate score; the first 8 plies of\n"
    "games from the standard position are skipped. Threads: OMP_NUM_THREADS\n"
    "(each game is searched on a cleared table, so the output does not depend\n"
    "on them).\n"
    "\n"
    "  --pgn FILE    games to label (repeat for more files)\n"
    "  --out FILE    the records (overwritten)\n"
    "  --nodes N     nodes per search (default 2000)\n"
    "  --every N     label one position in N of each game (default 1: all)\n"
    "  --offset K    ... the K-th of each N (0..N-1, default 0): runs with offsets\n"
    "                0..N-1 label disjoint positions\n"
    CLI_NET_FLAGS_USAGE
    "\n"
    "Exit status 2 for bad options or a file that cannot be read or written.\n";

enum { NNUE_DATA_MAX_FILES = 64 };

int cmd_nnue_data(int argc, char **argv)
{
    const char *cmd = "nnue data";
    const char *pgn[NNUE_DATA_MAX_FILES], *out_path = NULL;
    int pgn_count = 0;
    NnueDataOptions o = { .nodes = 2000, .every = 1, .offset = 0 };
    CliNetFlags net_flags = { 0 };
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i], *value;
        long n;
        int taken;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(arg, "--pgn") == 0) {
            if ((value = cli_value(cmd, argc, argv, &i)) == NULL)
                return EXIT_USAGE;
            if (pgn_count == NNUE_DATA_MAX_FILES) {
                cli_error(cmd, "at most %d --pgn files", NNUE_DATA_MAX_FILES);
                return EXIT_USAGE;
            }
            pgn[pgn_count++] = value;
        } else if (strcmp(arg, "--out") == 0) {
            if ((out_path = cli_value(cmd, argc, argv, &i)) == NULL)
                return EXIT_USAGE;
        } else if (strcmp(arg, "--nodes") == 0) {
            if ((value = cli_value(cmd, argc, argv, &i)) == NULL ||
                !cli_parse_long(cmd, "--nodes", value, 1, 100000000, &n))
                return EXIT_USAGE;
            o.nodes = (uint64_t)n;
        } else if (strcmp(arg, "--every") == 0) {
            if ((value = cli_value(cmd, argc, argv, &i)) == NULL ||
                !cli_parse_long(cmd, "--every", value, 1, 1000, &n))
                return EXIT_USAGE;
            o.every = (int)n;
        } else if (strcmp(arg, "--offset") == 0) {
            if ((value = cli_value(cmd, argc, argv, &i)) == NULL ||
                !cli_parse_long(cmd, "--offset", value, 0, 999, &n))
                return EXIT_USAGE;
            o.offset = (int)n;
        } else if ((taken = cli_net_flag(cmd, argc, argv, &i, &net_flags)) != 0) {
            if (taken < 0)
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab nnue data --help)", arg);
            return EXIT_USAGE;
        }
    }
    if (o.offset >= o.every) {
        cli_error(cmd, "--offset %d must be below --every %d", o.offset, o.every);
        return EXIT_USAGE;
    }
    if (pgn_count == 0 || out_path == NULL) {
        cli_error(cmd, "%s (see chesslab nnue data --help)",
                  pgn_count == 0 ? "no games: give --pgn FILE" : "no output: give --out FILE");
        return EXIT_USAGE;
    }
    if (!cli_net_pick(cmd, &net_flags, &o.net))
        return EXIT_USAGE;
    FILE *out = fopen(out_path, "wb");
    if (out == NULL) {
        cli_error(cmd, "--out: cannot write '%s': %s", out_path, strerror(errno));
        cli_net_flags_free(&net_flags);
        return EXIT_USAGE;
    }
    NnueDataStats stats = { 0 };
    int64_t start = timer_now_ns();
    for (int f = 0; f < pgn_count; f++) {
        char err[512];
        if (!nnue_data_from_pgn(pgn[f], &o, out, &stats, err, sizeof err)) {
            cli_error(cmd, "%s", err);
            fclose(out);
            cli_net_flags_free(&net_flags);
            return EXIT_USAGE;
        }
        double s = (double)(timer_now_ns() - start) / 1e9;
        fprintf(stderr, "%s: %llu games, %llu positions searched, %llu kept, %.0f s, %.0f nodes/s\n", pgn[f],
                (unsigned long long)stats.games, (unsigned long long)stats.positions,
                (unsigned long long)stats.kept, s, s > 0 ? (double)stats.nodes / s : 0.0);
    }
    cli_net_flags_free(&net_flags);
    if (fclose(out) != 0) {
        cli_error(cmd, "cannot write %s", out_path);
        return EXIT_USAGE;
    }
    printf("%llu records from %llu games (%llu unreadable or unfinished) written to %s\n",
           (unsigned long long)stats.kept, (unsigned long long)stats.games, (unsigned long long)stats.bad_games,
           out_path);
    return stats.kept ? 0 : 1;
}
