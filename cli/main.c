/* chesslab: dispatches to one subcommand per file in cli/. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"

typedef struct Command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} Command;

static const Command commands[] = {
    { "bench", cmd_bench, "benchmarks: bench (search signature), bench tactics, bench movegen, bench search (SMP), bench stop (stop latency)" },
    { "compare", cmd_compare, "perft of the standard positions with every generator: nodes, time, Mnps" },
    { "game", cmd_game, "play moves (UCI or SAN) or read a PGN file: SAN, FEN, status and result per ply" },
    { "gens", cmd_gens, "list the move generators and whether this CPU can run them" },
    { "match", cmd_match, "games between two UCI engines (e.g. SMP variants): clock, rules, PGN, Elo" },
    { "nnue", cmd_nnue, "NNUE evaluation tools: nnue train (fit a network to labelled positions)" },
    { "perft", cmd_perft, "count leaf nodes (one position, or every line of a perft EPD file)" },
    { "perftree", cmd_perftree, "the perftree debugging protocol: chesslab perftree DEPTH FEN [MOVES]" },
    { "search", cmd_search, "search one position: best move, score, PV, nodes, time (text or JSON)" },
    { "topology", cmd_topology, "the machine as hwloc sees it, and the thread placement orders" },
    { "tune", cmd_tune, "fit the evaluation's weights to self-play games (Texel's method)" },
    { "uci", cmd_uci, "the chess engine over the UCI protocol (for GUIs; also chesslab with piped stdin)" },
    { "verify", cmd_verify, "cross-check generators on suite and random positions; locate any disagreement" },
};
enum { COMMAND_COUNT = sizeof commands / sizeof commands[0] };

static void usage(FILE *out)
{
    fprintf(out, "usage: chesslab COMMAND [OPTIONS]   (chesslab COMMAND --help for its options)\n\ncommands:\n");
    for (int i = 0; i < COMMAND_COUNT; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        /* A GUI starts engines without arguments and talks over a pipe. */
        if (!isatty(STDIN_FILENO))
            return cmd_uci(argc, argv);
        usage(stderr);
        return EXIT_USAGE;
    }
    if (cli_is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "chesslab: unknown command '%s' (try chesslab --help)\n", argv[1]);
    return EXIT_USAGE;
}
