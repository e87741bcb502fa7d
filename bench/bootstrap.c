#include "bench/bootstrap.h"

#include <math.h>
#include <stdlib.h>

BootstrapSettings bootstrap_defaults(void)
{
    return (BootstrapSettings){ BOOTSTRAP_REPLICATES, BOOTSTRAP_LEVEL, BOOTSTRAP_SEED };
}

/* splitmix64: a fixed sequence per seed, unlike rand(). */
static uint64_t next_draw(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static int draw_below(uint64_t *state, int n) { return (int)(next_draw(state) % (uint64_t)n); }

static void sort_small(double *v, int n)
{
    for (int i = 1; i < n; i++) {
        double x = v[i];
        int j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

/* The lower middle value, as bench search picks its median run. */
static double median_of(const double *runs, int n)
{
    double sorted[BOOTSTRAP_MAX_RUNS];
    for (int i = 0; i < n; i++)
        sorted[i] = runs[i];
    sort_small(sorted, n);
    return sorted[(n - 1) / 2];
}

/* The median of n runs drawn with replacement from runs. */
static double resampled_median(const double *runs, int n, uint64_t *state)
{
    double drawn[BOOTSTRAP_MAX_RUNS];
    for (int i = 0; i < n; i++)
        drawn[i] = runs[draw_below(state, n)];
    return median_of(drawn, n);
}

double bootstrap_speedup_point(const SpeedupSample *s)
{
    double log_sum = 0;
    for (int p = 0; p < s->positions; p++) {
        size_t at = (size_t)p * (size_t)s->runs;
        log_sum += log(median_of(s->base_ms + at, s->runs) / median_of(s->ms + at, s->runs));
    }
    return exp(log_sum / s->positions);
}

static double replicate(const SpeedupSample *s, uint64_t *state)
{
    double log_sum = 0;
    for (int i = 0; i < s->positions; i++) {
        size_t at = (size_t)draw_below(state, s->positions) * (size_t)s->runs;
        double base = resampled_median(s->base_ms + at, s->runs, state);
        log_sum += log(base / resampled_median(s->ms + at, s->runs, state));
    }
    return exp(log_sum / s->positions);
}

static int compare_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* The q-quantile of sorted values, linear between neighbours. */
static double quantile(const double *sorted, int n, double q)
{
    double at = q * (n - 1);
    int below = (int)floor(at);
    if (below >= n - 1)
        return sorted[n - 1];
    return sorted[below] + (at - below) * (sorted[below + 1] - sorted[below]);
}

bool bootstrap_speedup_interval(const SpeedupSample *s, const BootstrapSettings *b, Interval *out)
{
    if (s->positions < 1 || s->runs < 1 || s->runs > BOOTSTRAP_MAX_RUNS || b->replicates < 1 || !(b->level > 0) ||
        !(b->level < 1))
        return false;
    double *values = malloc((size_t)b->replicates * sizeof *values);
    if (values == NULL)
        return false;
    uint64_t state = b->seed;
    for (int r = 0; r < b->replicates; r++)
        values[r] = replicate(s, &state);
    qsort(values, (size_t)b->replicates, sizeof *values, compare_double);
    double tail = (1 - b->level) / 2;
    *out = (Interval){ quantile(values, b->replicates, tail), quantile(values, b->replicates, 1 - tail) };
    free(values);
    return true;
}
