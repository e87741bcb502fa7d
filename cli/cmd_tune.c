/* chesslab tune: Texel's method on the project's own games. Reads PGN
 * files, keeps their quiet positions with the game results, fits the
 * evaluation's weights (tune/texel.h) and writes them as
 * search/eval_weights.c source; or, with --wdl, fits the win/draw/loss
 * model (tune/wdl_fit.h) of the linear evaluation or of the network. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/engine_flags.h"
#include "core/atomic_file.h"
#include "core/timer.h"
#include "search/nnue.h"
#include "tune/texel.h"
#include "tune/wdl_fit.h"
#include "tune/weights_file.h"

static const char *const usage_text =
    "usage: chesslab tune --pgn FILE [--pgn FILE ...] [--out FILE] [--iterations N]\n"
    "                     [--rate R] [--validation N] [--k K] [--l2 L] [--report N]\n"
    "                     [--start FILE] [--wdl [--eval EVAL]]\n"
    "\n"
    "Fits the evaluation's weights to the results of the games in the PGN files\n"
    "(Texel's method): the logistic of the score should predict each quiet\n"
    "position's result. Starts from the weights this binary plays with, or\n"
    "from a weights file (--start).\n"
    "\n"
    "  --pgn FILE        games to learn from (repeat for more files), e.g. the\n"
    "                    --pgn output of chesslab match self-play\n"
    "  --out FILE        write the fitted weights as C source; to adopt them copy\n"
    "                    the file to search/eval_weights.c and rebuild\n"
    "  --iterations N    Adam steps over all positions (default 2000; 0 measures\n"
    "                    the current weights only)\n"
    "  --rate R          Adam step size in centipawns (default 1)\n"
    "  --validation N    hold out every Nth game: its loss shows over-fitting, and\n"
    "                    the weights kept are those of the step with the lowest\n"
    "                    held-out loss, checked every 10 steps (default 10; 0\n"
    "                    holds out nothing and keeps the last step)\n"
    "  --k K             logistic scale (default: fitted to the current weights)\n"
    "  --l2 L            penalty per squared centipawn a weight moves from its\n"
    "                    start value, in loss units (default 0; try 1e-8)\n"
    "  --start FILE      start from the weights in FILE (one that --out wrote)\n"
    "  --report N        print the losses every N steps (default 100; 0 never)\n"
    "  --wdl             fit the win/draw/loss model (search/wdl.h) instead: the\n"
    "                    weights stay as they are (this binary's, or --start);\n"
    "                    --iterations Adam steps (default 2000), --validation as\n"
    "                    above; prints the held-out loss against predicting the\n"
    "                    average rates, and a calibration table; --out writes\n"
    "                    the source of search/wdl_model.c (linear) or\n"
    "                    search/wdl_model_nnue.c (nnue)\n"
    "  --eval EVAL       with --wdl, the evaluation whose scores the model reads:\n"
    "                    linear (the weights above) or nnue (the built-in\n"
    "                    network); default that of the UCI option Eval.\n"
    "                    Without --wdl only linear: Texel's method fits the\n"
    "                    linear evaluation's weights\n"
    "\n"
    "Positions kept: not in check, the move played no capture or promotion, no\n"
    "capture winning material by exchange; the first 8 plies of games from the\n"
    "standard position are skipped. Exit status 2 for bad options or a file\n"
    "that cannot be opened, 1 when the files hold no usable position.\n";

enum { MAX_PGN_FILES = 64 };

typedef struct TuneCommand {
    const char *pgn[MAX_PGN_FILES];
    int pgn_count;
    const char *out, *start;
    bool wdl;
    bool eval_given; /* --eval given: eval says which */
    long eval;       /* EvalChoice */
    TexelOptions texel;
} TuneCommand;

static int parse(int argc, char **argv, TuneCommand *c)
{
    const char *cmd = "tune";
    texel_options_default(&c->texel);
    c->texel.report_every = 100;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        if (cli_is_help(a)) {
            fputs(usage_text, stdout);
            return 0;
        }
        if (strcmp(a, "--pgn") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
            if (c->pgn_count == MAX_PGN_FILES) {
                cli_error(cmd, "at most %d --pgn files", MAX_PGN_FILES);
                return EXIT_USAGE;
            }
            c->pgn[c->pgn_count++] = v;
        } else if (strcmp(a, "--wdl") == 0) {
            c->wdl = true;
        } else if (strcmp(a, "--eval") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_engine_value(cmd, ENGINE_OPT_EVAL, v, &c->eval))
                return EXIT_USAGE;
            c->eval_given = true;
        } else if (strcmp(a, "--out") == 0) {
            if (!(c->out = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--iterations") == 0 || strcmp(a, "--validation") == 0 || strcmp(a, "--report") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, a, v, 0, 1000000, &n))
                return EXIT_USAGE;
            int *field = a[2] == 'i' ? &c->texel.iterations
                         : a[2] == 'v' ? &c->texel.validation_every
                                       : &c->texel.report_every;
            *field = (int)n;
        } else if (strcmp(a, "--rate") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_double(cmd, a, v, 1e-6, 1000, &c->texel.rate))
                return EXIT_USAGE;
        } else if (strcmp(a, "--start") == 0) {
            if (!(c->start = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--l2") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_double(cmd, a, v, 0, 1, &c->texel.l2))
                return EXIT_USAGE;
        } else if (strcmp(a, "--k") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_double(cmd, a, v, 1e-3, 100, &c->texel.k))
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (chesslab tune --help)", a);
            return EXIT_USAGE;
        }
    }
    if (c->pgn_count == 0) {
        cli_error(cmd, "no games: give --pgn FILE (chesslab tune --help)");
        return EXIT_USAGE;
    }
    if (c->eval_given && c->eval == EVAL_NNUE && !c->wdl) {
        cli_error(cmd, "--eval nnue needs --wdl: Texel's method fits the linear evaluation's weights, the network "
                       "has none it could fit");
        return EXIT_USAGE;
    }
    if (c->eval_given && c->eval == EVAL_NNUE && c->start) {
        cli_error(cmd, "--start sets the linear evaluation's weights, which --eval nnue does not score with");
        return EXIT_USAGE;
    }
    if (!c->eval_given)
        c->eval = c->wdl ? engine_option_default(ENGINE_OPT_EVAL) : EVAL_LINEAR;
    return -1;
}

/* --out is written under a temporary name and renamed over the file only
 * once whole (core/atomic_file.h): a failed or killed run leaves an
 * earlier file of that name as it was. Opened after the fit; the path was
 * checked before it. False after reporting. */
static bool out_open(const char *path, AtomicFile *out)
{
    char err[400];
    if (atomic_file_open(out, path, err, sizeof err))
        return true;
    cli_error("tune", "--out: %s", err);
    return false;
}

/* Replaces --out with what was written when all of it went in (written):
 * the exit status, after saying what happened. */
static int out_close(AtomicFile *out, const char *path, bool written, const char *what)
{
    char err[400];
    if (!written) {
        atomic_file_discard(out);
        cli_error("tune", "--out: writing '%s' failed", path);
        return 1;
    }
    if (!atomic_file_commit(out, err, sizeof err)) {
        cli_error("tune", "--out: %s", err);
        return 1;
    }
    printf("%s written to %s\n", what, path);
    return 0;
}

/* The network's score in the tuner's convention, White's view. */
static double net_score(const void *net, const Position *p)
{
    int score = nnue_evaluate(net, p);
    return sb_side(p) == WHITE ? score : -score;
}

/* --wdl: the win/draw/loss model of the set's scores (the network's when
 * it has a scorer, else the weights given), from a fixed start (so a rerun
 * on the same games gives the same model). */
static int fit_wdl(const TuneCommand *c, const TuneSet *set, const double *w_mg, const double *w_eg,
                   char *provenance, int used)
{
    WdlSample *samples = wdl_samples(set, w_mg, w_eg, c->texel.validation_every);
    if (samples == NULL) {
        cli_error("tune", "out of memory");
        return 1;
    }
    WdlModel m = { .a0 = 100, .a1 = 100, .b0 = 100, .b1 = 100 };
    WdlFitReport r;
    int64_t start = timer_now_ms();
    wdl_fit(samples, set->count, c->texel.iterations, &m, &r);
    double seconds = (double)(timer_now_ms() - start) / 1000.0;
    printf("wdl model: a = %.2f + %.2f * phase/24, b = %.2f + %.2f * phase/24 (centipawns)\n", m.a0, m.a1, m.b0,
           m.b1);
    printf("training positions %zu (win %.1f%%, draw %.1f%%, loss %.1f%%): loss %.5f; held-out positions %zu: loss "
           "%.5f, predicting the training rates %.5f; %d steps in %.1f s\n",
           r.train, 100 * r.rates[0], 100 * r.rates[1], 100 * r.rates[2], r.train_loss, r.validation,
           r.validation_loss, r.validation_baseline, c->texel.iterations, seconds);
    if (r.validation)
        wdl_print_calibration(stdout, samples, set->count, &m);
    free(samples);
    bool nnue = set->scores != NULL;
    if (used > 0 && (size_t)used < 2048)
        snprintf(provenance + used, 2048 - (size_t)used,
                 ":\n * %zu quiet positions scored by %s, %d Adam steps, held-out games (every %dth): loss %.5f\n"
                 " * (predicting the average rates: %.5f).",
                 set->count, nnue ? "the built-in network" : "the linear evaluation", c->texel.iterations,
                 c->texel.validation_every, r.validation_loss, r.validation_baseline);
    if (c->out == NULL)
        return 0;
    AtomicFile out;
    if (!out_open(c->out, &out))
        return EXIT_USAGE;
    return out_close(&out, c->out, wdl_write_model(out.f, &m, nnue, provenance),
                     nnue ? "wdl model of the network" : "wdl model of the linear evaluation");
}

int cmd_tune(int argc, char **argv)
{
    const char *cmd = "tune";
    TuneCommand c = { .pgn_count = 0 };
    int status = parse(argc, argv, &c);
    if (status >= 0)
        return status;
    /* A bad --out is refused before the games are read and fitted. */
    char err[1024], provenance[2048];
    if (c.out && !atomic_file_check(c.out, err, sizeof err)) {
        cli_error(cmd, "--out: %s", err);
        return EXIT_USAGE;
    }

    TuneSet set;
    tune_set_init(&set);
    if (c.eval == EVAL_NNUE) {
        /* As the engine does, a build without a network falls back on the
         * linear evaluation unless nnue was asked for by name. */
        const NnueNet *net = nnue_builtin();
        if (net == NULL && c.eval_given) {
            cli_error(cmd, "--eval nnue: %s", nnue_builtin_error());
            return EXIT_USAGE;
        }
        if (net)
            set.scorer = (TuneScorer){ net_score, net };
    }
    if (c.wdl)
        printf("scores: %s\n", set.scorer.score ? "the built-in network's (nnue)" : "the linear evaluation's");
    double w_mg[EVAL_PARAM_COUNT], w_eg[EVAL_PARAM_COUNT];
    for (int j = 0; j < EVAL_PARAM_COUNT; j++) {
        w_mg[j] = eval_weights[j].mg;
        w_eg[j] = eval_weights[j].eg;
    }
    if (c.start) {
        FILE *f = fopen(c.start, "r");
        bool read = f && tune_read_weights(f, w_mg, w_eg, err, sizeof err);
        if (f == NULL)
            snprintf(err, sizeof err, "cannot open '%s'", c.start);
        if (f)
            fclose(f);
        if (!read) {
            cli_error(cmd, "--start: %s", err);
            tune_set_free(&set);
            return EXIT_USAGE;
        }
    }
    int used = snprintf(provenance, sizeof provenance, "fitted to the game results of");
    for (int i = 0; i < c.pgn_count; i++) {
        uint32_t games_before = set.games;
        if (!tune_set_add_pgn(&set, c.pgn[i], err, sizeof err)) {
            cli_error(cmd, "--pgn: %s", err);
            tune_set_free(&set);
            return strstr(err, "memory") ? 1 : EXIT_USAGE;
        }
        if (used > 0 && (size_t)used < sizeof provenance)
            used += snprintf(provenance + used, sizeof provenance - (size_t)used, "%s%s (%u games)",
                             i ? ", " : " ", c.pgn[i], set.games - games_before);
    }
    printf("positions: %zu quiet positions from %u games (%llu left out as not quiet, %u games unreadable or "
           "unfinished)\n",
           set.count, set.games, (unsigned long long)set.skipped, set.bad_games);
    if (set.count == 0) {
        cli_error(cmd, "the files hold no usable position");
        tune_set_free(&set);
        return 1;
    }

    if (c.wdl) {
        status = fit_wdl(&c, &set, w_mg, w_eg, provenance, used);
        tune_set_free(&set);
        return status;
    }

    c.texel.log = stdout;
    TexelReport r;
    int64_t start = timer_now_ms();
    if (!texel_tune(&set, &c.texel, w_mg, w_eg, &r)) {
        cli_error(cmd, "out of memory");
        tune_set_free(&set);
        return 1;
    }
    double seconds = (double)(timer_now_ms() - start) / 1000.0;
    printf("K %.4f; training positions %zu: loss %.6f -> %.6f; validation positions %zu: loss %.6f -> %.6f; "
           "%d steps in %.1f s; kept the weights of step %d\n",
           r.k, r.train_positions, r.train_before, r.train_after, r.validation_positions, r.validation_before,
           r.validation_after, c.texel.iterations, seconds, c.texel.validation_every ? r.best_step : c.texel.iterations);
    if (used > 0 && (size_t)used < sizeof provenance)
        snprintf(provenance + used, sizeof provenance - (size_t)used,
                 ":\n%zu quiet positions, K %.4f, %d Adam steps of %g, L2 %g, kept step %d;\n"
                 "loss %.6f -> %.6f, held-out games (every %d%s) %.6f -> %.6f.",
                 set.count, r.k, c.texel.iterations, c.texel.rate, c.texel.l2,
                 c.texel.validation_every ? r.best_step : c.texel.iterations, r.train_before, r.train_after,
                 c.texel.validation_every, c.texel.validation_every == 1 ? "st" : "th", r.validation_before,
                 r.validation_after);
    tune_set_free(&set);
    if (c.out == NULL)
        return 0;
    AtomicFile out;
    if (!out_open(c.out, &out))
        return EXIT_USAGE;
    return out_close(&out, c.out, tune_write_weights(out.f, w_mg, w_eg, provenance), "weights");
}
