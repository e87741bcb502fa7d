/* Training positions for Texel's method: quiet positions from finished
 * games, each labelled with the game's result and stored as the
 * evaluation's feature counts (an EvalTrace, kept sparse), so that the
 * tuner can score them under any weights without a board.
 *
 * A position is kept when it is quiet enough for the static evaluation to
 * stand for it: the side to move is not in check, the move played from it
 * is no capture or promotion, and no capture wins material by exchange
 * (SEE > 0). The first TUNE_SKIP_PLIES plies of a game are skipped only when
 * the game starts from the standard position (book positions start later).
 *
 * A set may also score each position it keeps by another evaluation (a
 * TuneScorer, such as the network's), for fits that need only scores (the
 * win/draw/loss model): the trace cannot reproduce a network's score, and
 * a scorer keeps tune/ free of any one evaluation but the linear one. */
#ifndef CHESSLAB_TUNE_TUNE_DATA_H
#define CHESSLAB_TUNE_TUNE_DATA_H

#include <stddef.h>
#include <stdint.h>

#include "search/eval.h"

enum { TUNE_SKIP_PLIES = 8 };

/* One nonzero feature count: White's count minus Black's for one weight. */
typedef struct TuneFeature {
    uint16_t index; /* into eval_weights */
    int16_t count;
} TuneFeature;

typedef struct TunePosition {
    uint32_t first;   /* its features: set->features[first .. first + count) */
    uint16_t count;
    uint8_t phase;    /* 0 .. 24 */
    uint8_t divisor;  /* 1 or 8 */
    uint8_t scale;    /* the endgame sum's scale in 64ths (EvalTrace) */
    float result;     /* 1 White won, 0.5 draw, 0 Black won */
    uint32_t game;    /* which game it came from (for train/validation splits) */
} TunePosition;

/* Another evaluation's score of p in centipawns, White's view (as the
 * trace's score is). */
typedef struct TuneScorer {
    double (*score)(const void *ctx, const Position *p);
    const void *ctx;
} TuneScorer;

typedef struct TuneSet {
    TunePosition *positions;
    size_t count, capacity;
    TuneFeature *features;
    size_t feature_count, feature_capacity;
    uint32_t games;        /* games read that gave positions */
    uint64_t skipped;      /* positions left out by the quiet filter */
    uint32_t bad_games;    /* games that could not be read or had no result */
    TuneScorer scorer;     /* set before the first position, or none (score NULL) */
    float *scores;         /* scorer's score of each position (tune_set_add_pgn), or NULL */
    size_t score_capacity;
} TuneSet;

void tune_set_init(TuneSet *set);
void tune_set_free(TuneSet *set);

/* Adds one position from its trace; false when out of memory. A set with a
 * scorer takes its positions from tune_set_add_pgn only. */
bool tune_set_add(TuneSet *set, const EvalTrace *trace, float result, uint32_t game);

/* Reads every game of a PGN file and adds its quiet positions (and their
 * scorer's scores when the set has a scorer). Returns
 * false with a one-line message in err when the file cannot be read at all;
 * games that cannot be read are counted in bad_games and skipped. */
bool tune_set_add_pgn(TuneSet *set, const char *path, char *err, size_t err_len);

/* White's score of position i under the weights w (mg and eg per weight,
 * any real values): the evaluation's blend, without rounding. */
static inline double tune_position_score(const TuneSet *set, size_t i, const double *w_mg, const double *w_eg)
{
    const TunePosition *pos = &set->positions[i];
    const TuneFeature *f = &set->features[pos->first];
    double mg = 0, eg = 0;
    for (unsigned k = 0; k < pos->count; k++) {
        mg += w_mg[f[k].index] * f[k].count;
        eg += w_eg[f[k].index] * f[k].count;
    }
    return (mg * pos->phase + eg * pos->scale / 64.0 * (24 - pos->phase)) / 24.0 / pos->divisor;
}

#endif
