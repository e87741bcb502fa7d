/* chesslab perftree DEPTH FEN [MOVES]: the protocol of the perftree debugger
 * (github.com/agausmann/perftree): per-move counts, a blank line, the total,
 * and nothing else on stdout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/move_text.h"
#include "core/perft.h"
#include "movegen_variants/registry.h"

static const char *const usage_text =
    "usage: chesslab perftree [--gen NAME] DEPTH FEN [MOVES]\n"
    "\n"
    "MOVES is one argument of space-separated UCI moves played from FEN first.\n"
    "Prints `move count` per root move, a blank line and the total.\n";

int cmd_perftree(int argc, char **argv)
{
    const char *cmd = "perftree";
    const MoveGen *gen = registry_default();
    int first = 1;
    if (argc > 1 && cli_is_help(argv[1])) {
        fputs(usage_text, stdout);
        return 0;
    }
    if (argc > 2 && strcmp(argv[1], "--gen") == 0) {
        if ((gen = cli_generator(cmd, argv[2])) == NULL)
            return EXIT_USAGE;
        first = 3;
    }
    int rest = argc - first;
    if (rest < 2 || rest > 3) {
        cli_error(cmd, "expected DEPTH FEN [MOVES] (see chesslab perftree --help)");
        return EXIT_USAGE;
    }
    long depth;
    if (!cli_parse_long(cmd, "DEPTH", argv[first], 0, PERFT_MAX_DEPTH, &depth))
        return EXIT_USAGE;
    Setup setup;
    char err[256];
    if (!setup_from_fen(&setup, argv[first + 1], err, sizeof err)) {
        cli_error(cmd, "%s", err);
        return EXIT_USAGE;
    }

    /* Split MOVES into words in a private copy. */
    char *move_text = strdup(rest == 3 ? argv[first + 2] : "");
    const char *moves[MOVEGEN_MAX_PLY + 1];
    int move_count = 0;
    for (char *tok = strtok(move_text, " \t"); tok; tok = strtok(NULL, " \t")) {
        if (move_count > MOVEGEN_MAX_PLY) {
            cli_error(cmd, "more than %d moves", MOVEGEN_MAX_PLY);
            free(move_text);
            return EXIT_USAGE;
        }
        moves[move_count++] = tok;
    }

    void *board = movegen_board_new(gen);
    gen->load(board, &setup);
    int status = 0;
    if (!perft_apply_moves(gen, board, moves, move_count, err, sizeof err)) {
        cli_error(cmd, "%s", err);
        status = EXIT_USAGE;
    } else if (depth == 0) {
        printf("\n1\n");
    } else {
        DivideEntry entries[MAX_MOVES];
        int n = perft_divide(gen, board, (int)depth, PERFT_BULK, entries);
        uint64_t total = 0;
        Setup root;
        gen->save(board, &root);
        const MoveNotation notation = move_notation_of(&root);
        for (int i = 0; i < n; i++) {
            char text[MOVE_TEXT_MAX];
            move_to_uci_as(entries[i].move, &notation, text);
            printf("%s %llu\n", text, (unsigned long long)entries[i].nodes);
            total += entries[i].nodes;
        }
        printf("\n%llu\n", (unsigned long long)total);
    }
    movegen_board_free(board);
    free(move_text);
    return status;
}
