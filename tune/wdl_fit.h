/* Fitting the win/draw/loss model of search/wdl.h to game results: the
 * parameters that maximise the likelihood of the results seen (the mean
 * negative log-likelihood is minimised by Adam on its exact gradient).
 * Samples are the tuner's quiet positions scored by the evaluation whose
 * model it is (the linear one's trace, or the set's scorer); games
 * held out for validation are left out of the fit, and their loss is
 * compared with that of always predicting the training set's own win, draw
 * and loss rates, which a model that learned anything must beat. */
#ifndef CHESSLAB_TUNE_WDL_FIT_H
#define CHESSLAB_TUNE_WDL_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "search/wdl.h"
#include "tune/tune_data.h"

typedef struct WdlSample {
    float score;    /* White's, in centipawns */
    unsigned char phase;   /* 0 .. 24 */
    unsigned char outcome; /* 0 White won, 1 draw, 2 Black won */
    bool held_out;
} WdlSample;

typedef struct WdlFitReport {
    size_t train, validation;         /* samples on each side of the split */
    double train_loss, validation_loss; /* mean negative log-likelihood */
    double validation_baseline;       /* the same, predicting the training rates */
    double rates[3];                  /* the training set's win, draw, loss rates */
} WdlFitReport;

/* The samples of a tuner set, scored by its scorer when it has one, else
 * under weights w_mg, w_eg: game g is held out
 * when validation_every > 0 and g % validation_every == validation_every - 1
 * (the tuner's split). NULL when out of memory. */
WdlSample *wdl_samples(const TuneSet *set, const double *w_mg, const double *w_eg, int validation_every);

/* Fits m (its values on entry are the start) to the samples not held out,
 * in steps Adam steps; the loss is the natural-log likelihood. */
void wdl_fit(const WdlSample *samples, size_t count, int steps, WdlModel *m, WdlFitReport *report);

/* Mean negative log-likelihood of the samples on one side of the split. */
double wdl_loss(const WdlSample *samples, size_t count, const WdlModel *m, bool held_out);

/* Predicted against observed rates on the held-out samples, by score band. */
void wdl_print_calibration(FILE *out, const WdlSample *samples, size_t count, const WdlModel *m);

/* The model as C source: the linear evaluation's (wdl_model, for
 * search/wdl_model.c) or the network's (wdl_model_nnue, for
 * search/wdl_model_nnue.c); false on a write error. */
bool wdl_write_model(FILE *f, const WdlModel *m, bool nnue, const char *provenance);

#endif
