/* chesslab nnue unpack: the training records of self-play games kept in
 * the compact games format (nnue/nnue_games.h), the same bytes `nnue
 * selfplay --out` wrote when it played them. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/cmd_nnue.h"
#include "core/input_file.h"
#include "movegen_variants/registry.h"
#include "nnue/nnue_games.h"

static const char *const usage_text =
    "usage: chesslab nnue unpack --games FILE [--games FILE ...] --out FILE\n"
    "\n"
    "Rebuilds the 32-byte training records (search/nnue_format.h) of self-play\n"
    "games written by `chesslab nnue selfplay --games-out`: every move is replayed\n"
    "and checked for legality, and each position that passes the filter of `nnue\n"
    "selfplay` (not in check, the move played no capture or promotion, no mate\n"
    "score) becomes a record with its score and the game's result. A file of \"-\"\n"
    "is standard input: `xz -dc games.clsg.xz | chesslab nnue unpack --games - ...`.\n"
    "\n"
    "  --games FILE  games to unpack (repeat for more files)\n"
    "  --out FILE    the records (overwritten)\n"
    "\n"
    "Exit status 2 for bad options or a file that cannot be opened or written,\n"
    "1 for a file that is not a valid games file (the message names the game).\n";

enum { UNPACK_MAX_FILES = 256 };

typedef struct UnpackStats {
    unsigned long long games, plies, records;
} UnpackStats;

/* Appends the records of one games file to out; 0, or the exit status
 * after a message. */
static int unpack_file(const char *cmd, const char *path, Game *game, NnueGame *g, NnueRecord *records, FILE *out,
                       UnpackStats *stats)
{
    FILE *in = stdin;
    char err[256];
    if (strcmp(path, "-") != 0 && input_file_open(path, &in, err, sizeof err) != INPUT_FILE_OK) {
        cli_error(cmd, "--games: %s", err);
        return EXIT_USAGE;
    }
    int status = 0;
    if (!nnue_games_read_header(in, err, sizeof err)) {
        cli_error(cmd, "%s: %s", path, err);
        status = 1;
    }
    for (unsigned long long index = 1; status == 0; index++) {
        int got = nnue_games_read(in, g, err, sizeof err);
        if (got == 0)
            break;
        int count = got < 0 ? -1 : nnue_game_records(g, game, records, err, sizeof err);
        if (count < 0) {
            cli_error(cmd, "%s: game %llu: %s", path, index, err);
            status = 1;
        } else if (count && fwrite(records, sizeof records[0], (size_t)count, out) != (size_t)count) {
            cli_error(cmd, "cannot write the records: %s", strerror(errno));
            status = EXIT_USAGE;
        } else {
            stats->games++;
            stats->plies += (unsigned long long)g->plies;
            stats->records += (unsigned long long)count;
        }
    }
    if (status == 0 && ferror(in)) {
        cli_error(cmd, "%s: read error", path);
        status = 1;
    }
    if (in != stdin)
        fclose(in);
    return status;
}

int cmd_nnue_unpack(int argc, char **argv)
{
    const char *cmd = "nnue unpack";
    const char *paths[UNPACK_MAX_FILES], *out_path = NULL;
    int path_count = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (cli_is_help(arg)) {
            fputs(usage_text, stdout);
            return 0;
        } else if (strcmp(arg, "--games") == 0) {
            const char *value = cli_value(cmd, argc, argv, &i);
            if (value == NULL)
                return EXIT_USAGE;
            if (path_count == UNPACK_MAX_FILES) {
                cli_error(cmd, "more than %d --games files", UNPACK_MAX_FILES);
                return EXIT_USAGE;
            }
            paths[path_count++] = value;
        } else if (strcmp(arg, "--out") == 0) {
            if ((out_path = cli_value(cmd, argc, argv, &i)) == NULL)
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab nnue unpack --help)", arg);
            return EXIT_USAGE;
        }
    }
    if (path_count == 0 || out_path == NULL) {
        cli_error(cmd, "%s (see chesslab nnue unpack --help)",
                  path_count == 0 ? "no games: give --games FILE" : "no output: give --out FILE");
        return EXIT_USAGE;
    }
    int stdin_uses = 0;
    for (int f = 0; f < path_count; f++)
        stdin_uses += strcmp(paths[f], "-") == 0;
    if (stdin_uses > 1) {
        cli_error(cmd, "standard input ('-') given more than once");
        return EXIT_USAGE;
    }
    NnueGame *g = malloc(sizeof *g);
    NnueRecord *records = malloc(NNUE_GAME_MAX_PLIES * sizeof *records);
    Game *game = g && records ? game_new(registry_default()) : NULL;
    if (game == NULL) {
        free(g);
        free(records);
        cli_error(cmd, "out of memory");
        return 1;
    }
    int status = 0;
    FILE *out = fopen(out_path, "wb");
    if (out == NULL) {
        cli_error(cmd, "--out: cannot write '%s': %s", out_path, strerror(errno));
        status = EXIT_USAGE;
    }
    UnpackStats stats = { 0 };
    for (int f = 0; status == 0 && f < path_count; f++)
        status = unpack_file(cmd, paths[f], game, g, records, out, &stats);
    if (out && fclose(out) != 0 && status == 0) {
        cli_error(cmd, "cannot write '%s'", out_path);
        status = EXIT_USAGE;
    }
    if (status == 0)
        printf("%llu games, %llu plies, %llu records written to %s\n", stats.games, stats.plies, stats.records,
               out_path);
    game_free(game);
    free(records);
    free(g);
    return status;
}
