#include "play/elo.h"

#include <math.h>

double elo_from_score(double score)
{
    if (score <= 0)
        return -INFINITY;
    if (score >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0) + 0.0; /* + 0.0: no "-0.0" at an even score */
}

EloEstimate elo_estimate(int wins, int draws, int losses)
{
    EloEstimate e = { .games = wins + draws + losses };
    if (e.games == 0) {
        e.score = 0.5;
        e.low = -INFINITY, e.high = INFINITY, e.error = INFINITY;
        return e;
    }
    double n = e.games, m = (wins + 0.5 * draws) / n;
    double variance = (wins * (1 - m) * (1 - m) + draws * (0.5 - m) * (0.5 - m) + losses * m * m) / n;
    e.score = m;
    e.score_stderr = sqrt(variance / n);
    e.elo = elo_from_score(m);
    e.low = elo_from_score(m - 1.96 * e.score_stderr);
    e.high = elo_from_score(m + 1.96 * e.score_stderr);
    e.error = isfinite(e.low) && isfinite(e.high) ? (e.high - e.low) / 2 : INFINITY;
    return e;
}
