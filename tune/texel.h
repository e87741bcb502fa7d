/* Texel's method: fit the evaluation's weights so that the logistic of the
 * score predicts the game results of a set of positions.
 *
 *   loss(w) = mean over positions (result - sigmoid(score_w / 400 * K))^2
 *   sigmoid(x) = 1 / (1 + 10^-x)
 *
 * K first scales the current evaluation to the results (fitted once, by
 * golden-section search), then the weights move by Adam steps on the full
 * set's gradient, which is exact because the score is linear in the
 * weights (TunePosition holds the feature counts). Every Nth game can be
 * held out: its loss shows whether the fit learned chess or only the games
 * it saw, and the weights kept are those of the step with the lowest
 * held-out loss (early stopping; checked every TEXEL_CHECK_EVERY steps). An
 * optional L2 penalty pulls every weight toward its start value.
 *
 * Threads (OpenMP) split the positions; each sums into its own gradient
 * and the sums are added in thread order, so a run is repeatable for a
 * given thread count. */
#ifndef CHESSLAB_TUNE_TEXEL_H
#define CHESSLAB_TUNE_TEXEL_H

#include <stdio.h>

#include "tune/tune_data.h"

enum { TEXEL_CHECK_EVERY = 10 };

typedef struct TexelOptions {
    int iterations;        /* Adam steps (0: measure only) */
    double rate;           /* Adam's step size, in centipawns */
    int validation_every;  /* hold out game g when g % N == N - 1; 0: none */
    double k;              /* sigmoid scale; <= 0: fit it to the start weights */
    double l2;             /* penalty per squared centipawn away from the start weights */
    int report_every;      /* print the losses every N steps to log (0: never) */
    FILE *log;             /* NULL: silent */
} TexelOptions;

void texel_options_default(TexelOptions *o);

typedef struct TexelReport {
    double k;
    size_t train_positions, validation_positions;
    double train_before, train_after;           /* loss on the training positions */
    double validation_before, validation_after; /* on held-out games; 0 when none */
    int best_step;         /* the step whose weights are kept (0: the start) */
} TexelReport;

/* Mean loss over the positions of one side of the split (validation true:
 * the held-out games). */
double texel_loss(const TuneSet *set, const double *w_mg, const double *w_eg, double k, int validation_every,
                  bool validation);

/* The K that minimises the training loss of the weights given. */
double texel_fit_k(const TuneSet *set, const double *w_mg, const double *w_eg, int validation_every);

/* Moves w_mg and w_eg (EVAL_PARAM_COUNT each, the start weights on entry)
 * to the fitted ones; false (weights unchanged) when out of memory. */
bool texel_tune(const TuneSet *set, const TexelOptions *o, double *w_mg, double *w_eg, TexelReport *report);

#endif
