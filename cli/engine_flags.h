/* The engine options of search/engine_options.h as command-line flags:
 * parsing with the table's ranges and choices, and usage lines with the
 * table's defaults. Values are kept as the table's longs, one per option,
 * indexed by EngineOptionId. */
#ifndef CHESSLAB_CLI_ENGINE_FLAGS_H
#define CHESSLAB_CLI_ENGINE_FLAGS_H

#include <stdbool.h>
#include <stdio.h>

#include "search/engine_options.h"

/* Every option at its default. */
void cli_engine_defaults(long values[ENGINE_OPTION_COUNT]);

/* text as a value of option id; reports "--hash 'x' is not an integer in
 * 1..N" or "--smp 'x' is not serial, lazy, ybwc or abdada". */
bool cli_engine_value(const char *cmd, EngineOptionId id, const char *text, long *out);

/* argv[*i] as the flag of one of the count options in ids: 1 when taken
 * (values[id] set, *i advanced), 0 when it is none of them, -1 after
 * reporting a bad or missing value. */
int cli_engine_flag(const char *cmd, int argc, char **argv, int *i, const EngineOptionId *ids, int count,
                    long values[ENGINE_OPTION_COUNT]);

/* --off LIST: the check options named by their words switched off. */
bool cli_engine_off(const char *cmd, const char *text, long values[ENGINE_OPTION_COUNT]);

/* A combo option's default choice, "compact". */
const char *cli_engine_default_choice(EngineOptionId id);

/* "  --hash MB        transposition table size in MB, 1..N (default 16)" */
void cli_engine_usage(FILE *f, EngineOptionId id);
/* The --off line, listing the words. */
void cli_engine_off_usage(FILE *f);

#endif
