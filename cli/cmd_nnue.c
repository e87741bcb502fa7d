/* chesslab nnue: the NNUE evaluation's tools, one subcommand each (a row
 * of the table below): `train` fits a network to labelled positions
 * (nnue/nnue_train.h) and writes it as a network file. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/cmd_nnue.h"
#include "cli/commands.h"
#include "core/atomic_file.h"
#include "core/timer.h"
#include "nnue/nnue_train.h"
#include "search/nnue.h"

static const char *const train_usage_text =
    "usage: chesslab nnue train --data FILE [--data FILE ...] --out FILE [--hidden H]\n"
    "                           [--buckets B] [--epochs N] [--batch N] [--lr X] [--lambda X]\n"
    "                           [--wdl-scale S] [--validation N] [--seed N] [--threads N]\n"
    "                           [--init NET] [--mirror]\n"
    "\n"
    "Fits an NNUE network (nnue/README.md) to positions labelled with a search\n"
    "score and the game's result, and writes it quantised as a network file\n"
    "(search/nnue_format.h). Each epoch prints the training loss (the mean over\n"
    "its steps, as the weights moved), the validation loss and the speed; the\n"
    "network written is that of the epoch with the lowest validation loss, its\n"
    "output weights put on the grid the file stores, then quantised. The last\n"
    "lines say what quantising cost: the quantised network's validation loss\n"
    "and its mean distance in centipawns from the float network.\n"
    "\n"
    "  --data FILE       training records: 32-byte NnueRecords, one after the\n"
    "                    other (repeat for more files); records whose |score|\n"
    "                    is 20000 or more are left out\n"
    "  --out FILE        the network file to write (replaced only once whole)\n"
    "  --hidden H        accumulator width: a multiple of 32 up to 1024 (default 128)\n"
    "  --buckets B       output buckets, 1 to 8 (default 1): B sets of output weights,\n"
    "                    a position using the one its number of pieces picks\n"
    "  --epochs N        passes over the training records (default 10)\n"
    "  --batch N         records per Adam step (default 16384)\n"
    "  --lr X            Adam's step size at the start; it falls along a cosine to\n"
    "                    a tenth of it by the last step (default 0.001)\n"
    "  --lambda X        weight of the search score in the target, 1 - X on the\n"
    "                    game's result (default 0.75)\n"
    "  --wdl-scale S     centipawns per nat of the sigmoid that turns scores into\n"
    "                    expected results (default 150)\n"
    "  --validation N    hold out every Nth record after the shuffle (default 20;\n"
    "                    0 holds out none and keeps the last epoch)\n"
    "  --seed N          the random start and the shuffles (default 1)\n"
    "  --threads N       threads (default: OpenMP's, all cores); a run repeats\n"
    "                    exactly for the same seed and thread count\n"
    "  --init NET        start from this network file's weights (divided back by\n"
    "                    their quantisation scales) instead of at random: a run\n"
    "                    that goes on from a trained network, on new records or\n"
    "                    old; its width and buckets are the run's (--hidden and\n"
    "                    --buckets, if given, must match them, as must --mirror)\n"
    "  --mirror          a mirrored network (file version 3): each side's inputs\n"
    "                    flipped left to right when its own king stands on files\n"
    "                    e to h, so a position and its mirror image share them\n"
    "\n"
    "Exit status 2 for bad options, a data file that cannot be read or is no\n"
    "record file, or an --init file that is no network, 1 when the files hold no usable record or memory runs out.\n";

enum { MAX_DATA_FILES = 1024 }; /* a round of many runs plus kept generations */

typedef struct TrainCommand {
    const char *data[MAX_DATA_FILES];
    int data_count;
    const char *out;
    const char *init; /* --init: the network to start from; NULL: at random */
    int hidden, buckets, validation_every;
    bool hidden_given, buckets_given, mirrored;
    NnueTrainOptions train;
} TrainCommand;

static int parse_train(int argc, char **argv, TrainCommand *c)
{
    const char *cmd = "nnue train";
    nnue_train_options_default(&c->train);
    c->hidden = 128;
    c->buckets = 1;
    c->validation_every = 20;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        if (cli_is_help(a)) {
            fputs(train_usage_text, stdout);
            return 0;
        }
        if (strcmp(a, "--data") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
            if (c->data_count == MAX_DATA_FILES) {
                cli_error(cmd, "at most %d --data files", MAX_DATA_FILES);
                return EXIT_USAGE;
            }
            c->data[c->data_count++] = v;
        } else if (strcmp(a, "--out") == 0) {
            if (!(c->out = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--hidden") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, a, v, 32, NNUE_HIDDEN_MAX, &n))
                return EXIT_USAGE;
            if (!nnue_hidden_valid((int)n)) {
                cli_error(cmd, "--hidden '%s' is not a multiple of 32", v);
                return EXIT_USAGE;
            }
            c->hidden = (int)n;
            c->hidden_given = true;
        } else if (strcmp(a, "--buckets") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, a, v, 1, NNUE_BUCKETS_MAX, &n))
                return EXIT_USAGE;
            c->buckets = (int)n;
            c->buckets_given = true;
        } else if (strcmp(a, "--init") == 0) {
            if (!(c->init = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--mirror") == 0) {
            c->mirrored = true;
        } else if (strcmp(a, "--epochs") == 0 || strcmp(a, "--batch") == 0 || strcmp(a, "--validation") == 0 ||
                   strcmp(a, "--threads") == 0) {
            const long min = a[2] == 'v' ? 0 : 1;
            const long max = a[2] == 'e' ? 10000 : a[2] == 'b' ? 1 << 20 : a[2] == 't' ? 256 : 1000000;
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, a, v, min, max, &n))
                return EXIT_USAGE;
            int *field = a[2] == 'e'   ? &c->train.epochs
                         : a[2] == 'b' ? &c->train.batch
                         : a[2] == 't' ? &c->train.threads
                                       : &c->validation_every;
            *field = (int)n;
        } else if (strcmp(a, "--lr") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_double(cmd, a, v, 1e-7, 1, &c->train.lr))
                return EXIT_USAGE;
        } else if (strcmp(a, "--lambda") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_double(cmd, a, v, 0, 1, &c->train.loss.lambda))
                return EXIT_USAGE;
        } else if (strcmp(a, "--wdl-scale") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_double(cmd, a, v, 1, 10000, &c->train.loss.wdl_scale))
                return EXIT_USAGE;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_u64(cmd, a, v, &c->train.seed))
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (chesslab nnue train --help)", a);
            return EXIT_USAGE;
        }
    }
    if (c->data_count == 0) {
        cli_error(cmd, "no records: give --data FILE (chesslab nnue train --help)");
        return EXIT_USAGE;
    }
    if (c->out == NULL) {
        cli_error(cmd, "no network file: give --out FILE (chesslab nnue train --help)");
        return EXIT_USAGE;
    }
    return -1;
}

/* Reads every --data file into d: the exit status on failure, else -1. */
static int read_data(const TrainCommand *c, NnueSet *d)
{
    char err[1024];
    for (int i = 0; i < c->data_count; i++) {
        if (!nnue_set_add_file(d, c->data[i], err, sizeof err)) {
            cli_error("nnue train", "--data: %s", err);
            return strstr(err, "out of memory") ? 1 : EXIT_USAGE;
        }
    }
    printf("data: %zu records from %d file%s (%zu left out: |score| >= %d)\n", d->count, c->data_count,
           c->data_count == 1 ? "" : "s", d->dropped, NNUE_SCORE_LIMIT);
    if (d->count == 0) {
        cli_error("nnue train", "the files hold no usable record");
        return 1;
    }
    return -1;
}

/* Puts the output weights on their grid (nnue_snap_output), quantises,
 * says what that cost against the trained network on the validation
 * records (the training records without any) and writes the file: the
 * exit status. */
static int write_network(const TrainCommand *c, const NnueFloatNet *net, const NnueSet *train,
                         const NnueSet *validation)
{
    NnueFloatNet snapped;
    NnueQuantNet q;
    if (!nnue_float_net_init(&snapped, net->hidden, net->buckets, 0)) {
        cli_error("nnue train", "out of memory");
        return 1;
    }
    nnue_float_net_copy(&snapped, net);
    const double shift = nnue_snap_output(&snapped, train->records, train->count);
    const bool quantised = nnue_quantise(&snapped, &q);
    nnue_float_net_free(&snapped);
    if (!quantised) {
        cli_error("nnue train", "out of memory");
        return 1;
    }
    const NnueSet *measured = validation->count ? validation : train;
    double float_loss = nnue_loss(net, measured->records, measured->count, &c->train.loss), quant_loss, mean_abs;
    nnue_quant_compare(net, &q, measured->records, measured->count, &c->train.loss, &quant_loss, &mean_abs);
    const bool many = net->buckets > 1; /* each bucket's bias moved by its own records' mean */
    printf("quantised (QA %d, QB %d; output weights put on their grid, output bias%s moved %+.2f cp%s) on the %zu "
           "%s records: loss %.6f (float %.6f), mean |float - quantised| %.2f cp\n",
           NNUE_QA, NNUE_QB, many ? "es" : "", shift, many ? " on average" : "", measured->count,
           validation->count ? "validation" : "training", quant_loss, float_loss, mean_abs);
    char err[1024];
    const bool saved = nnue_save_network(c->out, &q, err, sizeof err);
    nnue_quant_free(&q);
    if (!saved) {
        cli_error("nnue train", "--out: %s", err);
        return 1;
    }
    printf("network written to %s (hidden %d, buckets %d%s)\n", c->out, c->hidden, c->buckets,
           c->mirrored ? ", mirrored" : "");
    return 0;
}

/* chesslab nnue train; argv holds the arguments after "train". */
static int nnue_train_command(int argc, char **argv)
{
    const char *cmd = "nnue train";
    TrainCommand c = { .data_count = 0 };
    int status = parse_train(argc, argv, &c);
    if (status >= 0)
        return status;
    /* A bad --out is refused before the records are read and fitted. */
    char err[1024];
    if (!atomic_file_check(c.out, err, sizeof err)) {
        cli_error(cmd, "--out: %s", err);
        return EXIT_USAGE;
    }
    /* So is a bad --init; its width and buckets become the run's. */
    NnueNet *init = NULL;
    if (c.init != NULL) {
        if ((init = nnue_net_load(c.init, err, sizeof err)) == NULL) {
            cli_error(cmd, "--init: %s", err);
            return EXIT_USAGE;
        }
        if ((c.hidden_given && c.hidden != init->hidden) || (c.buckets_given && c.buckets != init->buckets) ||
            (c.mirrored && !init->mirrored)) {
            cli_error(cmd,
                      "--init %s has hidden %d and %d bucket%s%s; --hidden, --buckets and --mirror must match it",
                      c.init, init->hidden, init->buckets, init->buckets == 1 ? "" : "s",
                      init->mirrored ? ", mirrored" : ", not mirrored");
            nnue_net_free(init);
            return EXIT_USAGE;
        }
        c.hidden = init->hidden;
        c.buckets = init->buckets;
        c.mirrored = init->mirrored;
    }
    NnueSet train, validation;
    /* --threads: for the validation and quantisation passes as well. */
    if (c.train.threads > 0)
        omp_set_num_threads(c.train.threads);
    nnue_set_init(&train);
    nnue_set_init(&validation);
    NnueFloatNet net = { 0 };
    status = read_data(&c, &train);
    if (status < 0) {
        nnue_set_shuffle(&train, c.train.seed);
        const bool made = init ? nnue_float_net_from_quant(&net, init)
                               : nnue_float_net_init(&net, c.hidden, c.buckets, c.train.seed);
        net.mirrored = c.mirrored;
        if (!nnue_set_split(&train, c.validation_every, &validation) || !made) {
            cli_error(cmd, "out of memory");
            status = 1;
        }
    }
    if (status < 0) {
        NnueTrainReport r;
        c.train.log = stdout;
        printf("training records %zu, validation records %zu; hidden %d, buckets %d%s, epochs %d, batch %d, lr %g, "
               "lambda %g, wdl scale %g\n",
               train.count, validation.count, c.hidden, c.buckets, c.mirrored ? ", mirrored" : "", c.train.epochs,
               c.train.batch, c.train.lr,
               c.train.loss.lambda, c.train.loss.wdl_scale);
        if (init != NULL) {
            const NnueSet *measured = validation.count ? &validation : &train;
            printf("start: the weights of %s, loss %.6f on the %s records\n", c.init,
                   nnue_loss(&net, measured->records, measured->count, &c.train.loss),
                   validation.count ? "validation" : "training");
        }
        const double start = timer_seconds();
        if (!nnue_train(&net, &train, &validation, &c.train, &r)) {
            cli_error(cmd, "out of memory");
            status = 1;
        } else {
            char held[64] = "";
            if (validation.count)
                snprintf(held, sizeof held, ", validation loss %.6f", r.validation_loss);
            printf("kept the network of epoch %d: training loss %.6f%s; %.0f records/s, threads %d, %.1f s in all\n",
                   r.best_epoch, r.train_loss, held, r.records_per_second, r.threads, timer_seconds() - start);
            status = write_network(&c, &net, &train, &validation);
        }
    }
    nnue_float_net_free(&net);
    nnue_net_free(init);
    nnue_set_free(&train);
    nnue_set_free(&validation);
    return status;
}

/* A subcommand: run gets the arguments after its name. */
typedef struct NnueSubcommand {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} NnueSubcommand;

static const NnueSubcommand subcommands[] = {
    { "data", cmd_nnue_data, "label positions of PGN games with a search score and the result" },
    { "selfplay", cmd_nnue_selfplay, "play the engine against itself and write its positions as records" },
    { "unpack", cmd_nnue_unpack, "rebuild the records of self-play games kept with selfplay --games-out" },
    { "train", nnue_train_command, "fit a network to labelled positions and write the network file" },
};
enum { SUBCOMMAND_COUNT = sizeof subcommands / sizeof subcommands[0] };

/* "train, data, ..." for the error lines. */
static void subcommand_names(char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < SUBCOMMAND_COUNT && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", subcommands[i].name);
}

int cmd_nnue(int argc, char **argv)
{
    char names[256];
    subcommand_names(names, sizeof names);
    if (argc < 2) {
        cli_error("nnue", "missing subcommand (known: %s; chesslab nnue --help)", names);
        return EXIT_USAGE;
    }
    if (cli_is_help(argv[1])) {
        printf("usage: chesslab nnue SUBCOMMAND [OPTIONS]   (chesslab nnue SUBCOMMAND --help for its options)\n\n"
               "subcommands:\n");
        for (int i = 0; i < SUBCOMMAND_COUNT; i++)
            printf("  %-8s %s\n", subcommands[i].name, subcommands[i].summary);
        return 0;
    }
    for (int i = 0; i < SUBCOMMAND_COUNT; i++)
        if (strcmp(argv[1], subcommands[i].name) == 0)
            return subcommands[i].run(argc - 2, argv + 2);
    cli_error("nnue", "unknown subcommand '%s' (known: %s; chesslab nnue --help)", argv[1], names);
    return EXIT_USAGE;
}
