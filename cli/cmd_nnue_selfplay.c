/* chesslab nnue selfplay: new games of the engine against itself at a
 * fixed node budget, their positions written as training records
 * (nnue/nnue_selfplay.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/cmd_nnue.h"
#include "cli/engine_flags.h"
#include "cli/net_flags.h"
#include "core/position_file.h"
#include "core/timer.h"
#include "nnue/nnue_selfplay.h"
#include "search/engine_options.h"

static const char *const usage_text =
    "usage: chesslab nnue selfplay --games N --out FILE [--games-out FILE] [--nodes N]\n"
    "                              [--openings FILE] [--random-plies N] [--seed N]\n"
    "                              [--eval EVAL] [--net FILE]\n"
    "\n"
    "Plays the engine against itself at a fixed node budget a move and writes\n"
    "every position it searched as a 32-byte training record (search/nnue_format.h)\n"
    "with the search's score and the game's result: not in check, the best move no\n"
    "capture or promotion, no mate score. Games end by the rules (draws by\n"
    "repetition and the fifty-move rule taken as claimed), are won when both sides\n"
    "give one side 1000 cp or more for 8 plies in a row, and are drawn at 400 plies.\n"
    "Threads: OMP_NUM_THREADS; the file is the same for any number of them.\n"
    "\n"
    "  --games N         games to play\n"
    "  --out FILE        the records (overwritten)\n"
    "  --games-out FILE  also the games, compactly (4 bytes a ply; nnue/nnue_games.h):\n"
    "                    `chesslab nnue unpack` rebuilds the same records from them\n"
    "  --nodes N         nodes a move (default 5000)\n"
    "  --openings FILE   start positions, FEN or EPD a line (e.g. openings/book-8ply.epd),\n"
    "                    drawn at random (default: the start position)\n"
    "  --random-plies N  random legal moves after the opening, 0..32 (default 4)\n"
    "  --seed N          the openings drawn and the random plies (default 1)\n"
    CLI_NET_FLAGS_USAGE
    "\n"
    "Exit status 2 for bad options or a file that cannot be read or written.\n";

enum { SELFPLAY_MAX_OPENINGS = 100000 };

int cmd_nnue_selfplay(int argc, char **argv)
{
    const char *cmd = "nnue selfplay";
    const char *out_path = NULL, *games_path = NULL, *openings_path = NULL;
    long games = 0;
    CliNetFlags net_flags = { 0 };
    NnueSelfplayOptions o = { .nodes = 5000, .random_plies = 4, .seed = 1 };
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i], *value;
        long n;
        int taken;
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(arg, "--games") == 0) {
            if ((value = cli_value(cmd, argc, argv, &i)) == NULL ||
                !cli_parse_long(cmd, "--games", value, 1, 100000000, &games))
                return EXIT_USAGE;
        } else if (strcmp(arg, "--out") == 0) {
            if ((out_path = cli_value(cmd, argc, argv, &i)) == NULL)
                return EXIT_USAGE;
        } else if (strcmp(arg, "--games-out") == 0) {
            if ((games_path = cli_value(cmd, argc, argv, &i)) == NULL)
                return EXIT_USAGE;
        } else if (strcmp(arg, "--openings") == 0) {
            if ((openings_path = cli_value(cmd, argc, argv, &i)) == NULL)
                return EXIT_USAGE;
        } else if (strcmp(arg, "--nodes") == 0) {
            if ((value = cli_value(cmd, argc, argv, &i)) == NULL ||
                !cli_parse_long(cmd, "--nodes", value, 1, 100000000, &n))
                return EXIT_USAGE;
            o.nodes = (uint64_t)n;
        } else if (strcmp(arg, "--random-plies") == 0) {
            if ((value = cli_value(cmd, argc, argv, &i)) == NULL ||
                !cli_parse_long(cmd, "--random-plies", value, 0, 32, &n))
                return EXIT_USAGE;
            o.random_plies = (int)n;
        } else if (strcmp(arg, "--seed") == 0) {
            if ((value = cli_value(cmd, argc, argv, &i)) == NULL || !cli_parse_u64(cmd, "--seed", value, &o.seed))
                return EXIT_USAGE;
        } else if ((taken = cli_net_flag(cmd, argc, argv, &i, &net_flags)) != 0) {
            if (taken < 0)
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab nnue selfplay --help)", arg);
            return EXIT_USAGE;
        }
    }
    if (games == 0 || out_path == NULL) {
        cli_error(cmd, "%s (see chesslab nnue selfplay --help)",
                  games == 0 ? "no games: give --games N" : "no output: give --out FILE");
        return EXIT_USAGE;
    }
    NamedPosition *named = calloc(SELFPLAY_MAX_OPENINGS, sizeof *named);
    Setup *openings = named ? calloc(SELFPLAY_MAX_OPENINGS, sizeof *openings) : NULL;
    if (openings == NULL) {
        free(named);
        cli_error(cmd, "out of memory");
        return 1;
    }
    int status = 0;
    char err[512];
    FILE *out = NULL, *games_out = NULL;
    if (openings_path) {
        o.opening_count = position_file_read(openings_path, named, SELFPLAY_MAX_OPENINGS, err, sizeof err);
        if (o.opening_count <= 0) {
            cli_error(cmd, "--openings: %s", err);
            status = EXIT_USAGE;
        }
        for (int i = 0; i < o.opening_count; i++)
            openings[i] = named[i].setup;
    } else {
        o.opening_count = setup_from_fen(&openings[0], FEN_STARTPOS, NULL, 0) ? 1 : 0;
    }
    o.openings = openings;
    o.games = (int)games;
    if (status == 0 && !cli_net_pick(cmd, &net_flags, &o.net))
        status = EXIT_USAGE;
    if (status == 0 && (out = fopen(out_path, "wb")) == NULL) {
        cli_error(cmd, "--out: cannot write '%s': %s", out_path, strerror(errno));
        status = EXIT_USAGE;
    }
    if (status == 0 && games_path && (games_out = fopen(games_path, "wb")) == NULL) {
        cli_error(cmd, "--games-out: cannot write '%s': %s", games_path, strerror(errno));
        status = EXIT_USAGE;
    }
    NnueSelfplayStats stats = { 0 };
    int64_t start = timer_now_ns();
    if (status == 0 && !nnue_selfplay(&o, out, games_out, &stats, err, sizeof err)) {
        cli_error(cmd, "%s", err);
        status = 1;
    }
    if (out && fclose(out) != 0 && status == 0) {
        cli_error(cmd, "cannot write '%s'", out_path);
        status = EXIT_USAGE;
    }
    if (games_out && fclose(games_out) != 0 && status == 0) {
        cli_error(cmd, "cannot write '%s'", games_path);
        status = EXIT_USAGE;
    }
    if (status == 0) {
        double s = (double)(timer_now_ns() - start) / 1e9;
        printf("%llu games (+%llu =%llu -%llu for White, %llu adjudicated), %llu positions searched, "
               "%llu records written to %s; %.0f s, %.0f records/s\n",
               (unsigned long long)stats.games, (unsigned long long)stats.white_wins,
               (unsigned long long)stats.draws, (unsigned long long)stats.black_wins,
               (unsigned long long)stats.adjudicated, (unsigned long long)stats.positions,
               (unsigned long long)stats.records, out_path, s, s > 0 ? (double)stats.records / s : 0.0);
    }
    cli_net_flags_free(&net_flags);
    free(named);
    free(openings);
    return status;
}
