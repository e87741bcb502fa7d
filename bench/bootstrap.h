/* Bootstrap confidence intervals for a time-to-depth speedup, so that
 * every speedup `bench search` reports carries its noise (two-core VMs and
 * big servers alike).
 *
 * The speedup is the geometric mean over positions of median(baseline
 * runs) / median(measured runs), the lower middle run for an even count,
 * as bench search computes it. One bootstrap replicate draws the positions
 * with replacement and, within each drawn position, each side's runs with
 * replacement, and recomputes that speedup; the interval is the percentile
 * interval of the replicates. Both levels of noise count: which positions
 * were chosen and how much one search's time moves between runs. A fixed
 * seed (splitmix64 draws) makes the interval the same on every rerun. */
#ifndef CHESSLAB_BOOTSTRAP_H
#define CHESSLAB_BOOTSTRAP_H

#include <stdbool.h>
#include <stdint.h>

enum { BOOTSTRAP_REPLICATES = 2000, BOOTSTRAP_MAX_RUNS = 64 };
#define BOOTSTRAP_LEVEL 0.95
#define BOOTSTRAP_SEED 1u

/* Run times in milliseconds, [position * runs + run], all positive. */
typedef struct SpeedupSample {
    const double *base_ms; /* the baseline (serial on one thread) */
    const double *ms;      /* the configuration measured against it */
    int positions, runs;
} SpeedupSample;

typedef struct BootstrapSettings {
    int replicates;
    double level; /* e.g. 0.95: the central 95% of the replicates */
    uint64_t seed;
} BootstrapSettings;

typedef struct Interval {
    double low, high;
} Interval;

/* The defaults above: 2000 replicates, 95%, seed 1. */
BootstrapSettings bootstrap_defaults(void);

/* The speedup of the sample itself (no resampling). */
double bootstrap_speedup_point(const SpeedupSample *s);

/* The percentile interval of the speedup. False (out untouched) when the
 * sample is empty, has more than BOOTSTRAP_MAX_RUNS runs, the settings are
 * out of range, or memory runs out. */
bool bootstrap_speedup_interval(const SpeedupSample *s, const BootstrapSettings *b, Interval *out);

#endif
