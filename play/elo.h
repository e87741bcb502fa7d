/* The Elo difference of a match from its wins, draws and losses.
 *
 * Each game scores s = 1, 1/2 or 0 for the first player; the score
 * fraction is the mean m of s over the n games, and its standard error
 * sqrt(var(s) / n) with var(s) the variance of the per-game scores
 * (draws lower it). The Elo difference is the logistic model's
 * -400 log10(1/m - 1), and the 95% interval maps m -+ 1.96 standard
 * errors the same way (a bound at or beyond 0 or 1 is infinite). The
 * error bar printed is half the interval's width. */
#ifndef CHESSLAB_ELO_H
#define CHESSLAB_ELO_H

#include <stdbool.h>

typedef struct EloEstimate {
    int games;
    double score;            /* fraction of the points for the first player */
    double score_stderr;
    double elo, low, high;   /* +-INFINITY where the fraction is 0 or 1 */
    double error;            /* (high - low) / 2; INFINITY when a bound is */
} EloEstimate;

/* The Elo difference for a score fraction in (0, 1); +-INFINITY at 1, 0. */
double elo_from_score(double score);

EloEstimate elo_estimate(int wins, int draws, int losses);

#endif
