/* Small helpers shared by the subcommands: option values with range checks
 * and uniform error messages. Usage errors exit with status 2. */
#ifndef CHESSLAB_CLI_ARGS_H
#define CHESSLAB_CLI_ARGS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/movegen.h"
#include "core/standard_positions.h"
#include "core/topology.h"

enum { EXIT_USAGE = 2 };

/* Prints "chesslab CMD: message" to stderr. */
void cli_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Takes the value after option argv[*i] (advancing *i); reports a missing
 * value and returns NULL. */
const char *cli_value(const char *cmd, int argc, char **argv, int *i);

/* Parses a decimal integer in [min, max]; reports the option name on error. */
bool cli_parse_long(const char *cmd, const char *option, const char *text, long min, long max, long *out);
/* A finite decimal number in [min, max]. */
bool cli_parse_double(const char *cmd, const char *option, const char *text, double min, double max, double *out);
bool cli_parse_u64(const char *cmd, const char *option, const char *text, uint64_t *out);

/* Looks up a generator by name and checks that this CPU can run it. */
const MoveGen *cli_generator(const char *cmd, const char *name);

/* Parses a comma-separated generator list into gens (at most max); with
 * text NULL, takes every generator this CPU runs. Returns the count, or -1
 * after reporting an unknown or unavailable name. */
int cli_parse_gen_list(const char *cmd, const char *text, const MoveGen **gens, int max);

/* A standard position at a depth with a published count. */
typedef struct StandardJob {
    const StandardPosition *position;
    int depth;
} StandardJob;

/* Parses "start:6,kiwipete" (default depth when omitted) into jobs; returns
 * the count, or -1 after reporting a bad name or a depth without a count. */
int cli_parse_standard_list(const char *cmd, const char *text, StandardJob *jobs, int max);

/* The folder of the public suites: $CHESSLAB_DATA_DIR, else the build-time
 * default (../shared/data beside the source tree). */
const char *cli_data_dir(void);

bool cli_parse_mode(const char *cmd, const char *text, PerftMode *mode);

/* --bind: one of the Bind option's choices (search/engine_options.h);
 * reports anything else. */
bool cli_parse_bind(const char *cmd, const char *text, BindPolicy *policy);

bool cli_is_help(const char *arg);

#endif
