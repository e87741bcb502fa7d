/* The bootstrap interval of bench search's speedup (bench/bootstrap.h):
 * it covers the true speedup of data drawn around a known one, it has zero
 * width where nothing varies, the same seed gives the same interval, and
 * input it cannot use is refused. */
#include "tests/test_support.h"

#include <math.h>
#include <stdlib.h>

#include "bench/bootstrap.h"

enum { POSITIONS = 24, RUNS = 3 };

typedef struct Data {
    double base[POSITIONS * RUNS], ms[POSITIONS * RUNS];
    SpeedupSample sample;
} Data;

/* A uniform draw in [-1, 1) from an LCG of the test's own. */
static double noise(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(*state >> 11) / (double)(1ull << 52) - 1.0;
}

/* Positions whose true speedups spread log-symmetrically around `truth`
 * (so the population's geometric mean is truth), each run's time off by
 * up to +-15% in log terms, as on a busy machine. */
static void make_noisy(Data *d, double truth, uint64_t seed)
{
    uint64_t state = seed;
    for (int p = 0; p < POSITIONS; p++) {
        double serial_ms = 50.0 + 40.0 * p;
        double speedup = truth * exp(0.3 * noise(&state));
        for (int r = 0; r < RUNS; r++) {
            d->base[p * RUNS + r] = serial_ms * exp(0.15 * noise(&state));
            d->ms[p * RUNS + r] = serial_ms / speedup * exp(0.15 * noise(&state));
        }
    }
    d->sample = (SpeedupSample){ d->base, d->ms, POSITIONS, RUNS };
}

static void test_point_is_geomean_of_median_ratios(void **state)
{
    (void)state;
    /* medians 20 and 9 (odd count); lower middle 4 of {4, 8} (even count) */
    const double base_odd[] = { 10, 30, 20 }, ms_odd[] = { 5, 9, 10 };
    SpeedupSample odd = { base_odd, ms_odd, 1, 3 };
    assert_true(fabs(bootstrap_speedup_point(&odd) - 20.0 / 9.0) < 1e-12);
    const double base_two[] = { 8, 16, 2, 4 }, ms_two[] = { 4, 8, 1, 2 };
    SpeedupSample two = { base_two, ms_two, 2, 2 };
    assert_true(fabs(bootstrap_speedup_point(&two) - 2.0) < 1e-12);
}

static void test_interval_contains_the_truth(void **state)
{
    (void)state;
    Data d;
    make_noisy(&d, 2.0, 7);
    Interval ci;
    BootstrapSettings b = bootstrap_defaults();
    assert_true(bootstrap_speedup_interval(&d.sample, &b, &ci));
    double point = bootstrap_speedup_point(&d.sample);
    assert_true(ci.low < point && point < ci.high);
    assert_true(ci.low < 2.0 && 2.0 < ci.high);
    assert_true(ci.high / ci.low < 1.5); /* 24 positions pin it down to some tens of percent */

    /* Over many data sets drawn around the same truth, about 95% of the
     * intervals hold it: fewer than 85% would mean an interval too narrow. */
    int covered = 0, sets = 60;
    b.replicates = 500;
    for (int s = 0; s < sets; s++) {
        make_noisy(&d, 2.0, 100 + (uint64_t)s);
        assert_true(bootstrap_speedup_interval(&d.sample, &b, &ci));
        covered += ci.low <= 2.0 && 2.0 <= ci.high;
    }
    print_message("%d of %d intervals hold the true speedup\n", covered, sets);
    assert_true(covered >= sets * 85 / 100);
}

static void test_degenerate_data_give_zero_width(void **state)
{
    (void)state;
    Data d;
    for (int i = 0; i < POSITIONS * RUNS; i++)
        d.base[i] = 300.0, d.ms[i] = 100.0;
    d.sample = (SpeedupSample){ d.base, d.ms, POSITIONS, RUNS };
    Interval ci;
    BootstrapSettings b = bootstrap_defaults();
    assert_true(bootstrap_speedup_interval(&d.sample, &b, &ci));
    assert_true(fabs(ci.low - 3.0) < 1e-12 && fabs(ci.high - 3.0) < 1e-12);
    assert_true(ci.high - ci.low == 0.0);

    /* One position, one run: nothing to resample. */
    SpeedupSample one = { d.base, d.ms, 1, 1 };
    assert_true(bootstrap_speedup_interval(&one, &b, &ci));
    assert_true(ci.high - ci.low == 0.0);
}

static void test_seed_reproduces_the_interval(void **state)
{
    (void)state;
    Data d;
    make_noisy(&d, 1.6, 3);
    BootstrapSettings b = bootstrap_defaults();
    Interval first, again, other;
    assert_true(bootstrap_speedup_interval(&d.sample, &b, &first));
    assert_true(bootstrap_speedup_interval(&d.sample, &b, &again));
    assert_true(first.low == again.low && first.high == again.high);
    b.seed = 2;
    assert_true(bootstrap_speedup_interval(&d.sample, &b, &other));
    assert_true(other.low != first.low || other.high != first.high);
}

static void test_unusable_input_refused(void **state)
{
    (void)state;
    Data d;
    make_noisy(&d, 2.0, 1);
    Interval ci = { -1, -1 };
    BootstrapSettings b = bootstrap_defaults();
    SpeedupSample none = { d.base, d.ms, 0, RUNS };
    assert_false(bootstrap_speedup_interval(&none, &b, &ci));
    SpeedupSample too_many_runs = { d.base, d.ms, 1, BOOTSTRAP_MAX_RUNS + 1 };
    assert_false(bootstrap_speedup_interval(&too_many_runs, &b, &ci));
    b.level = 1.0;
    assert_false(bootstrap_speedup_interval(&d.sample, &b, &ci));
    b = bootstrap_defaults();
    b.replicates = 0;
    assert_false(bootstrap_speedup_interval(&d.sample, &b, &ci));
    assert_true(ci.low == -1 && ci.high == -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_point_is_geomean_of_median_ratios), cmocka_unit_test(test_interval_contains_the_truth),
        cmocka_unit_test(test_degenerate_data_give_zero_width), cmocka_unit_test(test_seed_reproduces_the_interval),
        cmocka_unit_test(test_unusable_input_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
