/* The NNUE trainer: a float network of the layout in search/nnue_format.h,
 * fitted by Adam to positions labelled with a search score and the game's
 * result, then quantised and written as a network file.
 *
 * For a record with White-view score s and result r (0, 1, 2: Black won,
 * draw, White won), both turned to the side to move's view:
 *
 *   target     t = lambda * sigmoid(score_stm / S) + (1 - lambda) * result_stm
 *   prediction p = sigmoid(out * NNUE_OUTPUT_SCALE / S)
 *   loss         = mean over records of (p - t)^2
 *
 * with S the "wdl scale" in centipawns per nat. Mini-batches are split
 * between OpenMP threads; each sums into its own gradient buffer and the
 * buffers are added in thread order, so a run is repeatable for a given
 * thread count. The learning rate falls along a cosine from its start
 * value to a tenth of it over all the steps of the run. Every weight of
 * W1, b1 and W2 is clipped to +-NNUE_WEIGHT_CLIP after each step. The
 * network kept is that of the epoch with the lowest validation loss.
 *
 * With B output buckets a record goes through the W2 and b2 of the bucket
 * its piece count picks (nnue_output_bucket), so only those get its
 * gradient at the output; W1 and b1 are shared by all. */
#ifndef CHESSLAB_NNUE_NNUE_TRAIN_H
#define CHESSLAB_NNUE_NNUE_TRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "search/nnue_format.h"

/* ---- the float network ---- */

/* All parameters in one block, in this order: w1 [768][H] (input-major),
 * b1 [H], w2 [B][2H] (per bucket the side to move's half first), b2 [B].
 * The b2's come last, so every parameter before them is clipped. */
typedef struct NnueFloatNet {
    int hidden;   /* H: a multiple of 32, at most NNUE_HIDDEN_MAX */
    int buckets;  /* B: output buckets, 1..NNUE_BUCKETS_MAX */
    bool mirrored; /* inputs flipped by each side's king wing (nnue_king_flip) */
    size_t count; /* parameters in all: 768H + H + 2BH + B */
    float *params;
    float *w1, *b1, *w2, *b2; /* into params */
} NnueFloatNet;

/* Whether hidden is a width the engine accepts. */
bool nnue_hidden_valid(int hidden);
/* Whether buckets is a number of output buckets the engine accepts. */
bool nnue_buckets_valid(int buckets);

/* Allocates a network of width hidden (nnue_hidden_valid) and `buckets`
 * output buckets (nnue_buckets_valid), and sets its weights at random from
 * seed: W1 uniform in +-0.1, b1 0, W2 uniform in +-1/sqrt(2H), b2 0. One
 * bucket draws the same weights as before buckets existed. The network is
 * not mirrored; set `mirrored` before training for one that is. False when
 * a size is not valid or memory runs out (net then empty). */
bool nnue_float_net_init(NnueFloatNet *net, int hidden, int buckets, uint64_t seed);
/* Allocates a network of q's width and buckets holding q's weights
 * divided back by their quantisation scales (w1 and b1 by QA, w2 by QB, b2
 * by QA * QB): the start of a run that goes on from a network already
 * trained (`nnue train --init`). Quantising the result gives q back
 * exactly. False when out of memory (net then empty). */
struct NnueNet;
bool nnue_float_net_from_quant(NnueFloatNet *net, const struct NnueNet *q);
/* Copies src's weights into dst (of the same width and buckets). */
void nnue_float_net_copy(NnueFloatNet *dst, const NnueFloatNet *src);
void nnue_float_net_free(NnueFloatNet *net);

/* The float network's score of a record, in centipawns from the side to
 * move's view (out * NNUE_OUTPUT_SCALE). */
float nnue_float_eval(const NnueFloatNet *net, const NnueRecord *r);

/* ---- records ---- */

typedef struct NnueSet {
    NnueRecord *records;
    size_t count, capacity;
    size_t dropped; /* records left out by nnue_set_add_file: |score| >= NNUE_SCORE_LIMIT */
} NnueSet;

void nnue_set_init(NnueSet *d);
void nnue_set_free(NnueSet *d);

/* Whether a record can be fed to the network: at most 32 pieces, each a
 * piece code (core/types.h), side 0 or 1, result 0..2. False with a reason
 * in err otherwise. */
bool nnue_record_valid(const NnueRecord *r, char *err, size_t err_len);

/* Appends every record of a file (a raw concatenation of NnueRecord),
 * leaving out those whose |score| >= NNUE_SCORE_LIMIT (counted in
 * d->dropped). False with one line in err, d unchanged, when the file
 * cannot be opened or is no regular file ("cannot open ..."), its size is
 * not a whole number of records, a record is not valid, or memory runs
 * out ("out of memory ..."). */
bool nnue_set_add_file(NnueSet *d, const char *path, char *err, size_t err_len);

/* Shuffles the records (Fisher-Yates from a seeded generator). */
void nnue_set_shuffle(NnueSet *d, uint64_t seed);

/* Moves every Nth record (index % every == every - 1) of d into
 * validation, keeping the others in order; every 0 moves none. False when
 * out of memory (d unchanged). */
bool nnue_set_split(NnueSet *d, int every, NnueSet *validation);

/* ---- training ---- */

typedef struct NnueLossOptions {
    double lambda;    /* weight of the score in the target; 1 - lambda on the result */
    double wdl_scale; /* S, centipawns per nat */
} NnueLossOptions;

/* The target of a record in [0, 1], side to move's view. */
double nnue_target(const NnueRecord *r, const NnueLossOptions *o);

/* Mean loss of the network over records (threads as OpenMP gives; the
 * partial sums are added in thread order). 0 for no records. */
double nnue_loss(const NnueFloatNet *net, const NnueRecord *records, size_t count, const NnueLossOptions *o);

/* Mean loss over records, and into grad (net->count floats, the layout of
 * net->params) its gradient, on this thread. */
double nnue_loss_gradient(const NnueFloatNet *net, const NnueRecord *records, size_t count,
                          const NnueLossOptions *o, float *grad);

typedef struct NnueTrainOptions {
    NnueLossOptions loss;
    int epochs;       /* passes over the training records */
    int batch;        /* records per Adam step */
    double lr;        /* Adam's step size at the start */
    uint64_t seed;    /* the shuffle of each epoch */
    int threads;      /* 0: OpenMP's default */
    FILE *log;        /* a line per epoch; NULL: silent */
} NnueTrainOptions;

void nnue_train_options_default(NnueTrainOptions *o);

typedef struct NnueTrainReport {
    int best_epoch;           /* the epoch whose network was kept (1..epochs) */
    double train_loss;        /* mean over that epoch's steps */
    double validation_loss;   /* of the kept network; 0 without validation records */
    double records_per_second;/* training records through forward and backward, all epochs */
    int threads;
} NnueTrainReport;

/* Trains net (initialised) on train (shuffled again each epoch), measuring
 * validation after each epoch, and leaves in net the network of the epoch
 * with the lowest validation loss (without validation records, the last
 * epoch's). False when out of memory (net unchanged). */
bool nnue_train(NnueFloatNet *net, NnueSet *train, const NnueSet *validation, const NnueTrainOptions *o,
                NnueTrainReport *report);

/* ---- the quantised network ---- */

typedef struct NnueQuantNet {
    int hidden;
    int buckets;
    bool mirrored;
    int16_t *w1; /* [768][H] = round(w * QA) */
    int16_t *b1; /* [H]      = round(b * QA) */
    int16_t *w2; /* [B][2H]  = round(w * QB) */
    int32_t b2[NNUE_BUCKETS_MAX]; /* [B] = round(b * QA * QB) */
} NnueQuantNet;

/* Puts the output weights W2 on the grid the file stores them on
 * (multiples of 1 / NNUE_QB) and moves each bucket's b2 so that the mean
 * output over the records of that bucket stays what it was; returns the
 * mean move over all records in centipawns. Hidden units that are
 * saturated (or off) for nearly every position turn W2's rounding errors
 * into a constant offset of every score, which this takes out before
 * quantising. */
double nnue_snap_output(NnueFloatNet *net, const NnueRecord *records, size_t count);

/* Quantises net (weights within +-NNUE_WEIGHT_CLIP). False when out of
 * memory (q then empty). */
bool nnue_quantise(const NnueFloatNet *net, NnueQuantNet *q);
void nnue_quant_free(NnueQuantNet *q);

/* The engine's integer score of a record, side to move's view, in
 * centipawns, as search/nnue_format.h says: int16 accumulators; k the
 * record's output bucket; in int32, total = sum over the 2H outputs of
 * (v * w2[k]) * v with v = clamp(acc, 0, QA); total /= QA; total += b2[k];
 * cp = total * 400 / (QA * QB) (divisions
 * truncate toward zero). The int32 sum wraps modulo 2^32 as SIMD lanes do;
 * the last product is taken in 64 bits. */
int nnue_quant_eval(const NnueQuantNet *q, const NnueRecord *r);

/* Over records: the quantised network's mean loss, and the mean of
 * |float cp - quantised cp|. */
void nnue_quant_compare(const NnueFloatNet *net, const NnueQuantNet *q, const NnueRecord *records, size_t count,
                        const NnueLossOptions *o, double *quant_loss, double *mean_abs_cp);

/* Writes q as a network file (header, then the arrays, little-endian):
 * version 1 for one bucket, byte for byte what builds before buckets
 * wrote, else version 2. */
bool nnue_write_network(FILE *f, const NnueQuantNet *q);

/* Writes q to path through core/atomic_file.h: the file appears whole or
 * not at all. False with one line in err. */
bool nnue_save_network(const char *path, const NnueQuantNet *q, char *err, size_t err_len);

#endif
