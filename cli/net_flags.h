/* --eval EVAL and --net FILE, for the commands that search in-process
 * (bench, bench tactics, nnue selfplay): which static evaluation they
 * use, and which network when it is nnue. */
#ifndef CHESSLAB_CLI_NET_FLAGS_H
#define CHESSLAB_CLI_NET_FLAGS_H

#include <stdbool.h>

#include "search/nnue.h"

typedef struct CliNetFlags {
    bool eval_given;      /* --eval given: nnue says which; else the Eval option's default */
    bool nnue;
    const char *net_path; /* --net FILE; NULL: the built-in network */
    NnueNet *loaded;      /* --net's network, owned (cli_net_flags_free) */
} CliNetFlags;

/* argv[*i] as --eval or --net: 1 when taken (*i advanced), 0 when it is
 * neither, -1 after reporting a bad or missing value. */
int cli_net_flag(const char *cmd, int argc, char **argv, int *i, CliNetFlags *f);

/* After parsing: the network to search with (NULL: the linear
 * evaluation) in *net. False after reporting a file that is no network,
 * or nnue asked of a build without one. */
bool cli_net_pick(const char *cmd, CliNetFlags *f, const NnueNet **net);

void cli_net_flags_free(CliNetFlags *f);

/* The usage lines of both flags. */
#define CLI_NET_FLAGS_USAGE                                                                                      \
    "  --eval EVAL       linear or nnue: the evaluation searched with (default: that\n"                          \
    "                    of the UCI option Eval)\n"                                                              \
    "  --net FILE        the network nnue plays (a file of chesslab nnue train;\n"                                  \
    "                    default the built-in one); implies --eval nnue\n"

#endif
