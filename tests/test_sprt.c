/* The match statistics (play/sprt.h): the LLR against the figures that a
 * published pentanomial GSPRT prints for the same counts, values worked out
 * by hand, the bounds, the verdicts and the parser of --sprt. */
#include "tests/test_support.h"

#include <math.h>

#include "play/sprt.h"

static Pentanomial counts(uint64_t ll, uint64_t ld, uint64_t dd_wl, uint64_t wd, uint64_t ww)
{
    return (Pentanomial){ { ll, ld, dd_wl, wd, ww } };
}

/* LL, LD, DD+WL, WD, WW with bounds in nElo, alpha 0.05 and beta 0.10, and
 * the LLR that MortenLohne/racetrack's pentanomial GSPRT reports for them
 * (its tests, to two decimals). */
static void test_published_figures(void **state)
{
    (void)state;
    const struct {
        Pentanomial p;
        double elo0, elo1, llr;
    } cases[] = {
        { counts(440, 2910, 5170, 2888, 455), 0, 5, -2.27 },
        { counts(142, 620, 1122, 699, 188), 0, 5, 2.99 },
        { counts(349, 1561, 3340, 1604, 359), -5, 0, 2.90 },
        { counts(98, 382, 674, 369, 71), -5, 0, -1.11 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        SprtConfig c = { cases[i].elo0, cases[i].elo1, 0.05, 0.10 };
        double llr = sprt_llr(&c, &cases[i].p);
        if (fabs(llr - cases[i].llr) > 0.01)
            fail_msg("case %zu: LLR %.4f, published %.2f", i, llr, cases[i].llr);
    }
}

/* By hand: 10 pairs won 2-0 and 10 lost 0-2 have mean exactly 1/2 (the
 * regularisation is symmetric too), so t = 0 and LLR = N ln(1 / (1 + t1^2))
 * with N = 20.05 pairs and t1 = 5 / (800 / ln 10) = 0.0143911: -0.0041520.
 * A symmetric distribution tested on symmetric bounds gives exactly 0. */
static void test_by_hand(void **state)
{
    (void)state;
    SprtConfig c = { 0, 5, 0.05, 0.05 };
    Pentanomial p = counts(10, 0, 0, 0, 10);
    assert_true(fabs(sprt_llr(&c, &p) - -0.0041520) < 1e-6);
    SprtConfig sym = { -2, 2, 0.05, 0.05 };
    Pentanomial q = counts(3, 5, 7, 5, 3);
    assert_true(fabs(sprt_llr(&sym, &q)) < 1e-12);
    Pentanomial none = counts(0, 0, 0, 0, 0);
    assert_true(sprt_llr(&c, &none) == 0.0);
}

static void test_bounds_and_verdicts(void **state)
{
    (void)state;
    SprtConfig c = { 0, 5, 0.05, 0.05 };
    Pentanomial p = counts(0, 0, 0, 0, 0);
    SprtState s = sprt_state(&c, &p);
    assert_true(fabs(s.lower - -2.9444390) < 1e-6 && fabs(s.upper - 2.9444390) < 1e-6);
    assert_int_equal(s.verdict, SPRT_CONTINUE);
    SprtConfig c2 = { 0, 5, 0.05, 0.10 };
    Pentanomial good = counts(142, 620, 1122, 699, 188); /* 2.99 > ln(0.9 / 0.05) = 2.890 */
    s = sprt_state(&c2, &good);
    assert_true(fabs(s.upper - 2.8903718) < 1e-6 && fabs(s.lower - -2.2512918) < 1e-6);
    assert_int_equal(s.verdict, SPRT_ACCEPT_H1);
    Pentanomial bad = counts(440, 2910, 5170, 2888, 455); /* -2.27 < -2.251 */
    assert_int_equal(sprt_state(&c2, &bad).verdict, SPRT_ACCEPT_H0);
    assert_string_equal(sprt_verdict_name(SPRT_ACCEPT_H1), "H1");
}

static void test_pairs_and_estimate(void **state)
{
    (void)state;
    Pentanomial p = { { 0 } };
    pentanomial_add(&p, 1, 0);     /* win and loss: 1 point */
    pentanomial_add(&p, 1, 1);     /* 2 */
    pentanomial_add(&p, 0.5, 0);   /* 1/2 */
    pentanomial_add(&p, 0.5, 1);   /* 3/2 */
    pentanomial_add(&p, 0.5, 0.5); /* 1 */
    pentanomial_add(&p, 0, 0);     /* 0 */
    const uint64_t want[5] = { 1, 1, 2, 1, 1 };
    for (int i = 0; i < 5; i++)
        assert_int_equal(p.pairs[i], want[i]);
    assert_int_equal(pentanomial_total(&p), 6);

    /* 3 of 4 points: 0.75, logistic Elo -400 log10(1/0.75 - 1) = 190.85. */
    Pentanomial q = counts(0, 0, 1, 0, 1);
    PairEstimate e = pair_estimate(&q);
    assert_int_equal(e.pairs, 2);
    assert_true(fabs(e.score - 0.75) < 1e-12);
    assert_true(fabs(e.elo - 190.8485) < 1e-3);
    assert_true(e.elo_error > 0 && e.nelo > 0 && e.nelo_error > 0);
}

static void test_parse(void **state)
{
    (void)state;
    SprtConfig c;
    char err[128];
    assert_true(sprt_parse("elo0=0,elo1=5", &c, err, sizeof err));
    assert_true(c.elo0 == 0 && c.elo1 == 5 && c.alpha == 0.05 && c.beta == 0.05);
    assert_true(sprt_parse("beta=0.1,elo1=10,alpha=0.02,elo0=-2.5", &c, err, sizeof err));
    assert_true(c.elo0 == -2.5 && c.elo1 == 10 && c.alpha == 0.02 && c.beta == 0.1);
    const struct {
        const char *spec, *message;
    } bad[] = {
        { "elo0=0", "elo0 and elo1 are required (e.g. elo0=0,elo1=5)" },
        { "elo0=5,elo1=0", "elo0 must be below elo1" },
        { "elo0=0,elo1=x", "'x' is not a number" },
        { "elo0=0,elo1=", "'' is not a number" },
        { "elo0=0,elo1=5,alpha=0.7", "alpha must lie strictly between 0 and 0.5" },
        { "elo0=0,elo1=5,beta=0", "beta must lie strictly between 0 and 0.5" },
        { "elo0=0,elo1=5,gamma=1", "unknown field 'gamma' (elo0, elo1, alpha, beta)" },
        { "elo0=0,elo1=5,alpha", "'alpha' is not NAME=VALUE" },
        { "elo0=0,elo1=inf", "'inf' is not a number" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_false(sprt_parse(bad[i].spec, &c, err, sizeof err));
        assert_string_equal(err, bad[i].message);
    }
}

/* --sprt-prior: counts read back as printed, summed with a run's pairs,
 * and the LLR of the sum is that of one run with all the pairs. */
static void test_prior_counts(void **state)
{
    (void)state;
    char err[128];
    Pentanomial prior, run = { { 1, 2, 3, 4, 5 } };
    assert_true(pentanomial_parse("131,107,293,133,141", &prior, err, sizeof err));
    assert_int_equal(prior.pairs[0], 131);
    assert_int_equal(prior.pairs[4], 141);
    Pentanomial sum = pentanomial_sum(&prior, &run);
    assert_int_equal(pentanomial_total(&sum), 805 + 15);
    Pentanomial whole = { { 132, 109, 296, 137, 146 } };
    SprtConfig c = { .elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05 };
    assert_true(fabs(sprt_llr(&c, &sum) - sprt_llr(&c, &whole)) < 1e-12);
    const char *bad[] = { "", "1,2,3,4", "1,2,3,4,5,6", "1,2,x,4,5", "-1,2,3,4,5", "1,2,3,4,5,", " 1,2,3,4,5",
                          "1,,3,4,5", "999999999999,0,0,0,0" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (pentanomial_parse(bad[i], &prior, err, sizeof err))
            fail_msg("'%s' was accepted", bad[i]);
}

/* The verdict sticks: a match of 2026-12-03 crossed H1 at its 311th pair
 * (LLR 2.95) and the pair under way then brought the LLR back to 2.91,
 * inside the bounds; the test stays decided where it was decided. */
static void test_decision_sticks(void **state)
{
    (void)state;
    SprtConfig c = { .elo0 = 0, .elo1 = 10, .alpha = 0.05, .beta = 0.05 };
    Pentanomial before = counts(19, 57, 100, 84, 50), at = counts(19, 57, 100, 84, 51),
                after = counts(19, 58, 100, 84, 51);
    SprtDecision d = { 0 };
    assert_false(sprt_decide(&d, sprt_state(&c, &before), pentanomial_total(&before)));
    assert_int_equal(d.state.verdict, SPRT_CONTINUE);
    assert_true(sprt_decide(&d, sprt_state(&c, &at), pentanomial_total(&at)));
    SprtState later = sprt_state(&c, &after);
    assert_int_equal(later.verdict, SPRT_CONTINUE); /* the case is real */
    assert_true(later.llr < d.state.llr);
    assert_false(sprt_decide(&d, later, pentanomial_total(&after)));
    assert_int_equal(d.state.verdict, SPRT_ACCEPT_H1);
    assert_int_equal(d.pairs, 311);
    assert_true(d.state.llr >= d.state.upper && fabs(d.state.llr - sprt_llr(&c, &at)) < 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_published_figures), cmocka_unit_test(test_by_hand),
        cmocka_unit_test(test_bounds_and_verdicts), cmocka_unit_test(test_pairs_and_estimate),
        cmocka_unit_test(test_parse), cmocka_unit_test(test_prior_counts),
        cmocka_unit_test(test_decision_sticks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
