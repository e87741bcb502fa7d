/* The sequential probability ratio test of engine matches, as fishtest and
 * OpenBench run it: games are played in pairs (one opening, each engine
 * once with each colour), and a pair scores 0, 1/2, 1, 3/2 or 2 points for
 * engine A: the pentanomial outcome. Pairs, not games, are the independent
 * samples: the opening's bias cancels inside a pair, so the variance is
 * smaller and the test ends sooner than one that treats games alone.
 *
 * Hypotheses are in normalised Elo (nElo), fishtest's unit since 2023: the
 * t-value of the pair score, t = (mean - 1/2) / (sqrt(2) * sd), times
 * 800 / ln 10. Unlike logistic Elo, nElo does not depend on the draw rate,
 * so bounds like [0, 5] mean the same effort at any time control. The log-
 * likelihood ratio is the generalised SPRT's approximation for a t-value
 * (Van den Bergh, "Normalized Elo: practical", section 4.2):
 *     LLR = N * ln((1 + (t - t0)^2) / (1 + (t - t1)^2))
 * with N pairs and t0, t1 the hypotheses as t-values. Each count gets
 * 1/100 of a pair added before the moments are taken, so that a match
 * with no draws or no losses yet has a finite variance. The test stops
 * when the LLR leaves (ln(beta / (1 - alpha)), ln((1 - beta) / alpha)).
 *
 * The logistic Elo of the score is reported beside it, with a 95% interval
 * from the pentanomial variance (elo.h's trinomial one overstates it). */
#ifndef CHESSLAB_SPRT_H
#define CHESSLAB_SPRT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Pair outcomes for engine A, by points: [0] = 0 (two losses), [1] = 1/2
 * (a loss and a draw), [2] = 1 (two draws, or a win and a loss), [3] = 3/2,
 * [4] = 2 (two wins). */
typedef struct Pentanomial {
    uint64_t pairs[5];
} Pentanomial;

typedef struct SprtConfig {
    double elo0, elo1;  /* nElo */
    double alpha, beta; /* error rates: false H1, false H0 */
} SprtConfig;

typedef enum SprtVerdict { SPRT_CONTINUE, SPRT_ACCEPT_H0, SPRT_ACCEPT_H1 } SprtVerdict;

typedef struct SprtState {
    double llr, lower, upper;
    SprtVerdict verdict;
} SprtState;

typedef struct PairEstimate {
    uint64_t pairs;
    double score;           /* mean points per game for A, 0..1 */
    double elo, elo_error;  /* logistic, error = half the 95% interval */
    double nelo, nelo_error;
} PairEstimate;

/* Adds a pair: the points A scored with each colour (0, 0.5 or 1 each). */
void pentanomial_add(Pentanomial *p, double first, double second);
uint64_t pentanomial_total(const Pentanomial *p);
/* The pairs of a and b together. */
Pentanomial pentanomial_sum(const Pentanomial *a, const Pentanomial *b);
/* "N0,N1,N2,N3,N4": five counts of pairs, as the match prints them. False
 * with a message when it is not that. */
bool pentanomial_parse(const char *text, Pentanomial *out, char *err, size_t err_len);

/* "elo0=E0,elo1=E1[,alpha=A,beta=B]" (alpha and beta 0.05 by default; the
 * order is free). False with a message when it is not that. */
bool sprt_parse(const char *spec, SprtConfig *out, char *err, size_t err_len);

SprtState sprt_state(const SprtConfig *c, const Pentanomial *p);

/* What a running test has decided. The match stops starting games at the
 * first verdict, but the pairs under way still finish and can move the LLR
 * back inside the bounds: the verdict stands (as in fishtest), and is
 * reported with the LLR and pair count it was reached at. */
typedef struct SprtDecision {
    SprtState state; /* the verdict's state; while undecided, the latest */
    uint64_t pairs;  /* pairs counted when it was reached (or the latest) */
} SprtDecision;

/* Books the state after `pairs` pairs: true when this pair decided the
 * test. Once decided, nothing changes it. Start from a zeroed decision. */
bool sprt_decide(SprtDecision *d, SprtState now, uint64_t pairs);
double sprt_llr(const SprtConfig *c, const Pentanomial *p);
const char *sprt_verdict_name(SprtVerdict v); /* "continue", "H0", "H1" */

PairEstimate pair_estimate(const Pentanomial *p);

#endif
