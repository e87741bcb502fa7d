/* The options `chesslab perft` and `chesslab perft --mpi` share, parsed in
 * one place so that both accept the same spellings, ranges and messages. */
#ifndef CHESSLAB_CLI_PERFT_OPTIONS_H
#define CHESSLAB_CLI_PERFT_OPTIONS_H

#include <stddef.h>

#include "core/movegen.h"
#include "core/topology.h"

typedef struct PerftSharedOptions {
    const char *gen_name; /* --gen; NULL: the registry's default */
    int depth;            /* --depth; -1 when not given */
    const char *fen;      /* --fen */
    PerftMode mode;       /* --mode */
    int threads;          /* --threads */
    size_t hash_mb;       /* --hash; 0: no table */
    BindPolicy bind;      /* --bind */
} PerftSharedOptions;

/* No depth, bulk mode, one thread, no table, the given placement. */
void perft_shared_options_init(PerftSharedOptions *o, BindPolicy bind);

typedef enum { OPTION_TAKEN, OPTION_NOT_SHARED, OPTION_BAD } OptionParse;

/* Parses argv[*i] (and its value, advancing *i) when it is a shared
 * option; OPTION_BAD after printing the error. */
OptionParse perft_shared_option(const char *cmd, int argc, char **argv, int *i, PerftSharedOptions *o);

#endif
