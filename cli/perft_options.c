#include "cli/perft_options.h"

#include <string.h>

#include "cli/args.h"
#include "core/epd.h"
#include "core/perft_parallel.h"

void perft_shared_options_init(PerftSharedOptions *o, BindPolicy bind)
{
    *o = (PerftSharedOptions){ .depth = -1, .mode = PERFT_BULK, .threads = 1, .bind = bind };
}

OptionParse perft_shared_option(const char *cmd, int argc, char **argv, int *i, PerftSharedOptions *o)
{
    const char *a = argv[*i], *v;
    long n;
    if (strcmp(a, "--depth") == 0) {
        if (!(v = cli_value(cmd, argc, argv, i)) || !cli_parse_long(cmd, "--depth", v, 0, PERFT_MAX_DEPTH, &n))
            return OPTION_BAD;
        o->depth = (int)n;
    } else if (strcmp(a, "--gen") == 0) {
        if (!(o->gen_name = cli_value(cmd, argc, argv, i)))
            return OPTION_BAD;
    } else if (strcmp(a, "--fen") == 0) {
        if (!(o->fen = cli_value(cmd, argc, argv, i)))
            return OPTION_BAD;
    } else if (strcmp(a, "--mode") == 0) {
        if (!(v = cli_value(cmd, argc, argv, i)) || !cli_parse_mode(cmd, v, &o->mode))
            return OPTION_BAD;
    } else if (strcmp(a, "--threads") == 0) {
        if (!(v = cli_value(cmd, argc, argv, i)) || !cli_parse_long(cmd, "--threads", v, 1, PERFT_MAX_THREADS, &n))
            return OPTION_BAD;
        o->threads = (int)n;
    } else if (strcmp(a, "--hash") == 0) {
        if (!(v = cli_value(cmd, argc, argv, i)) || !cli_parse_long(cmd, "--hash", v, 0, 1 << 20, &n))
            return OPTION_BAD;
        o->hash_mb = (size_t)n;
    } else if (strcmp(a, "--bind") == 0) {
        if (!(v = cli_value(cmd, argc, argv, i)) || !cli_parse_bind(cmd, v, &o->bind))
            return OPTION_BAD;
    } else {
        return OPTION_NOT_SHARED;
    }
    return OPTION_TAKEN;
}
