#include "tune/texel.h"

#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

void texel_options_default(TexelOptions *o)
{
    *o = (TexelOptions){ .iterations = 2000, .rate = 1.0, .validation_every = 10, .k = 0, .l2 = 0, .report_every = 0,
                         .log = NULL };
}

/* Below this many positions a step is microseconds of work, and waking
 * threads for it (several times a step) would cost more than it saves. */
enum { TEXEL_PARALLEL_MIN = 50000 };

static inline bool held_out(const TunePosition *pos, int validation_every)
{
    return validation_every > 0 && (int)(pos->game % (uint32_t)validation_every) == validation_every - 1;
}

static inline double sigmoid(double score, double k) { return 1.0 / (1.0 + pow(10.0, -k * score / 400.0)); }

double texel_loss(const TuneSet *set, const double *w_mg, const double *w_eg, double k, int validation_every,
                  bool validation)
{
    double sum = 0;
    long n = 0;
#pragma omp parallel for schedule(static) reduction(+ : sum, n) if (set->count >= TEXEL_PARALLEL_MIN)
    for (size_t i = 0; i < set->count; i++) {
        if (held_out(&set->positions[i], validation_every) != validation)
            continue;
        double e = set->positions[i].result - sigmoid(tune_position_score(set, i, w_mg, w_eg), k);
        sum += e * e;
        n++;
    }
    return n ? sum / (double)n : 0.0;
}

double texel_fit_k(const TuneSet *set, const double *w_mg, const double *w_eg, int validation_every)
{
    /* The loss is unimodal in K over any sensible range: golden section. */
    double lo = 0.05, hi = 5.0;
    const double ratio = (sqrt(5.0) - 1) / 2;
    double a = hi - ratio * (hi - lo), b = lo + ratio * (hi - lo);
    double fa = texel_loss(set, w_mg, w_eg, a, validation_every, false);
    double fb = texel_loss(set, w_mg, w_eg, b, validation_every, false);
    while (hi - lo > 1e-4) {
        if (fa < fb) {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = texel_loss(set, w_mg, w_eg, a, validation_every, false);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = texel_loss(set, w_mg, w_eg, b, validation_every, false);
        }
    }
    return (lo + hi) / 2;
}

/* The training loss's gradient, mg weights in grad[0..N), eg in [N..2N). */
static void gradient(const TuneSet *set, const double *w_mg, const double *w_eg, double k, int validation_every,
                     double *per_thread, int threads, double *grad)
{
    const int n2 = 2 * EVAL_PARAM_COUNT;
    memset(per_thread, 0, sizeof(double) * (size_t)n2 * (size_t)threads);
    size_t train = 0;
#pragma omp parallel num_threads(threads) reduction(+ : train)
    {
        double *g = per_thread + (size_t)omp_get_thread_num() * (size_t)n2;
#pragma omp for schedule(static)
        for (size_t i = 0; i < set->count; i++) {
            const TunePosition *pos = &set->positions[i];
            if (held_out(pos, validation_every))
                continue;
            train++;
            double s = sigmoid(tune_position_score(set, i, w_mg, w_eg), k);
            /* d(result - s)^2 / d score, then d score / d weight. */
            double d = -2.0 * (pos->result - s) * s * (1 - s) * k * log(10.0) / 400.0 / pos->divisor / 24.0;
            double dmg = d * pos->phase, deg = d * (24 - pos->phase) * pos->scale / 64.0;
            const TuneFeature *f = &set->features[pos->first];
            for (unsigned j = 0; j < pos->count; j++) {
                g[f[j].index] += dmg * f[j].count;
                g[EVAL_PARAM_COUNT + f[j].index] += deg * f[j].count;
            }
        }
    }
    for (int j = 0; j < n2; j++) {
        double sum = 0;
        for (int t = 0; t < threads; t++)
            sum += per_thread[(size_t)t * (size_t)n2 + (size_t)j];
        grad[j] = train ? sum / (double)train : 0.0;
    }
}

bool texel_tune(const TuneSet *set, const TexelOptions *o, double *w_mg, double *w_eg, TexelReport *report)
{
    const int n2 = 2 * EVAL_PARAM_COUNT, every = o->validation_every;
    memset(report, 0, sizeof *report);
    for (size_t i = 0; i < set->count; i++) {
        if (held_out(&set->positions[i], every))
            report->validation_positions++;
        else
            report->train_positions++;
    }
    double k = o->k > 0 ? o->k : texel_fit_k(set, w_mg, w_eg, every);
    report->k = k;
    report->train_before = texel_loss(set, w_mg, w_eg, k, every, false);
    report->validation_before = texel_loss(set, w_mg, w_eg, k, every, true);

    const int threads = set->count >= TEXEL_PARALLEL_MIN ? omp_get_max_threads() : 1;
    double *start = malloc(sizeof(double) * (size_t)n2);
    if (start) {
        memcpy(start, w_mg, sizeof(double) * EVAL_PARAM_COUNT);
        memcpy(start + EVAL_PARAM_COUNT, w_eg, sizeof(double) * EVAL_PARAM_COUNT);
    }
    double *per_thread = malloc(sizeof(double) * (size_t)n2 * (size_t)threads);
    double *grad = calloc((size_t)n2, sizeof *grad), *m = calloc((size_t)n2, sizeof *m),
           *v = calloc((size_t)n2, sizeof *v), *best = calloc((size_t)n2, sizeof *best);
    double best_validation = report->validation_before;
    bool ok = per_thread && grad && m && v && best && start;
    if (ok) {
        const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
        double beta1_t = 1, beta2_t = 1;
        for (int step = 1; step <= o->iterations; step++) {
            gradient(set, w_mg, w_eg, k, every, per_thread, threads, grad);
            for (int j = 0; j < n2; j++) {
                double w = j < EVAL_PARAM_COUNT ? w_mg[j] : w_eg[j - EVAL_PARAM_COUNT];
                grad[j] += 2 * o->l2 * (w - start[j]);
            }
            beta1_t *= beta1;
            beta2_t *= beta2;
            for (int j = 0; j < n2; j++) {
                m[j] = beta1 * m[j] + (1 - beta1) * grad[j];
                v[j] = beta2 * v[j] + (1 - beta2) * grad[j] * grad[j];
                double update = o->rate * (m[j] / (1 - beta1_t)) / (sqrt(v[j] / (1 - beta2_t)) + epsilon);
                if (j < EVAL_PARAM_COUNT)
                    w_mg[j] -= update;
                else
                    w_eg[j - EVAL_PARAM_COUNT] -= update;
            }
            bool check = every > 0 && (step % TEXEL_CHECK_EVERY == 0 || step == o->iterations);
            double validation = check ? texel_loss(set, w_mg, w_eg, k, every, true) : 0;
            if (check && validation < best_validation) {
                best_validation = validation;
                report->best_step = step;
                memcpy(best, w_mg, sizeof(double) * EVAL_PARAM_COUNT);
                memcpy(best + EVAL_PARAM_COUNT, w_eg, sizeof(double) * EVAL_PARAM_COUNT);
            }
            if (o->log && o->report_every > 0 && (step % o->report_every == 0 || step == o->iterations))
                fprintf(o->log, "step %d: training loss %.6f, validation loss %.6f\n", step,
                        texel_loss(set, w_mg, w_eg, k, every, false), texel_loss(set, w_mg, w_eg, k, every, true));
        }
        /* Early stopping: the weights of the step that predicted the held-out
         * games best, not those that learned the training games longest. */
        if (every > 0 && o->iterations > 0) {
            const double *keep = report->best_step > 0 ? best : start;
            memcpy(w_mg, keep, sizeof(double) * EVAL_PARAM_COUNT);
            memcpy(w_eg, keep + EVAL_PARAM_COUNT, sizeof(double) * EVAL_PARAM_COUNT);
        }
    }
    free(per_thread);
    free(grad);
    free(m);
    free(v);
    free(best);
    free(start);
    report->train_after = texel_loss(set, w_mg, w_eg, k, every, false);
    report->validation_after = texel_loss(set, w_mg, w_eg, k, every, true);
    return ok;
}
