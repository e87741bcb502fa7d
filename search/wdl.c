#include "search/wdl.h"

#include <math.h>

#include "search/score.h"

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

void wdl_probabilities(const WdlModel *m, double score, int phase, double p[3])
{
    double a = m->a0 + m->a1 * phase / 24.0, b = m->b0 + m->b1 * phase / 24.0;
    p[0] = sigmoid((score - a) / b);
    p[2] = sigmoid((-score - a) / b);
    p[1] = 1.0 - p[0] - p[2];
    if (p[1] < 0) /* only for a model with a <= 0 at this phase */
        p[1] = 0;
}

void wdl_permille(const WdlModel *m, int score, int phase, int out[3])
{
    if (score_is_mate(score)) {
        out[0] = score > 0 ? 1000 : 0;
        out[1] = 0;
        out[2] = score > 0 ? 0 : 1000;
        return;
    }
    double p[3];
    wdl_probabilities(m, score, phase, p);
    out[0] = (int)lround(p[0] * 1000);
    out[2] = (int)lround(p[2] * 1000);
    if (out[0] + out[2] > 1000) /* rounding up both near a certain result */
        out[out[0] > out[2] ? 0 : 2]--;
    out[1] = 1000 - out[0] - out[2];
}
