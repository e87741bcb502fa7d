#include "cli/net_flags.h"

#include <string.h>

#include "cli/args.h"
#include "cli/engine_flags.h"

int cli_net_flag(const char *cmd, int argc, char **argv, int *i, CliNetFlags *f)
{
    const char *value;
    if (strcmp(argv[*i], "--eval") == 0) {
        long choice;
        if ((value = cli_value(cmd, argc, argv, i)) == NULL || !cli_engine_value(cmd, ENGINE_OPT_EVAL, value, &choice))
            return -1;
        f->eval_given = true;
        f->nnue = choice == EVAL_NNUE;
        return 1;
    }
    if (strcmp(argv[*i], "--net") == 0) {
        if ((f->net_path = cli_value(cmd, argc, argv, i)) == NULL)
            return -1;
        return 1;
    }
    return 0;
}

bool cli_net_pick(const char *cmd, CliNetFlags *f, const NnueNet **net)
{
    *net = NULL;
    if (f->net_path != NULL) {
        char err[512];
        if ((f->loaded = nnue_net_load(f->net_path, err, sizeof err)) == NULL) {
            cli_error(cmd, "--net: %s", err);
            return false;
        }
        *net = f->loaded;
    } else if (f->eval_given ? f->nnue : engine_option_default(ENGINE_OPT_EVAL) == EVAL_NNUE) {
        /* A build without a network searches with the linear evaluation,
         * unless nnue was asked for by name. */
        if ((*net = nnue_builtin()) == NULL && f->eval_given) {
            cli_error(cmd, "--eval nnue: %s", nnue_builtin_error());
            return false;
        }
    }
    return true;
}

void cli_net_flags_free(CliNetFlags *f)
{
    nnue_net_free(f->loaded);
    f->loaded = NULL;
}
