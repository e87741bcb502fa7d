#include "play/sprt.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 800 / ln 10: nElo per unit of t-value. */
static const double NELO_PER_T = 347.43558552260146;
static const double REGULARISE = 0.01; /* pairs added to each count */

void pentanomial_add(Pentanomial *p, double first, double second)
{
    int points2 = (int)lround(2.0 * (first + second)); /* 0..4 half points */
    if (points2 < 0)
        points2 = 0;
    if (points2 > 4)
        points2 = 4;
    p->pairs[points2]++;
}

Pentanomial pentanomial_sum(const Pentanomial *a, const Pentanomial *b)
{
    Pentanomial sum;
    for (int i = 0; i < 5; i++)
        sum.pairs[i] = a->pairs[i] + b->pairs[i];
    return sum;
}

bool pentanomial_parse(const char *text, Pentanomial *out, char *err, size_t err_len)
{
    Pentanomial p;
    const char *at = text;
    for (int i = 0; i < 5; i++) {
        char *end;
        if (!isdigit((unsigned char)*at)) {
            snprintf(err, err_len, "expected five counts of pairs N0,N1,N2,N3,N4");
            return false;
        }
        errno = 0;
        unsigned long long v = strtoull(at, &end, 10);
        if (errno == ERANGE || v > 100000000ull || *end != (i < 4 ? ',' : '\0')) {
            snprintf(err, err_len, "expected five counts of pairs N0,N1,N2,N3,N4");
            return false;
        }
        p.pairs[i] = v;
        at = end + 1;
    }
    *out = p;
    return true;
}

uint64_t pentanomial_total(const Pentanomial *p)
{
    uint64_t n = 0;
    for (int i = 0; i < 5; i++)
        n += p->pairs[i];
    return n;
}

/* Mean and variance of the pair score (points / 2, in 0..1), over the
 * regularised counts; n is their total. */
static void moments(const Pentanomial *p, double *n, double *mean, double *var)
{
    double total = 0, sum = 0;
    for (int i = 0; i < 5; i++) {
        double c = (double)p->pairs[i] + REGULARISE;
        total += c;
        sum += c * (i / 4.0);
    }
    double m = sum / total, v = 0;
    for (int i = 0; i < 5; i++) {
        double d = i / 4.0 - m;
        v += ((double)p->pairs[i] + REGULARISE) * d * d;
    }
    *n = total;
    *mean = m;
    *var = v / total;
}

double sprt_llr(const SprtConfig *c, const Pentanomial *p)
{
    if (pentanomial_total(p) == 0)
        return 0.0;
    double n, mean, var;
    moments(p, &n, &mean, &var);
    double t = (mean - 0.5) / sqrt(2.0 * var);
    double t0 = c->elo0 / NELO_PER_T, t1 = c->elo1 / NELO_PER_T;
    return n * log((1.0 + (t - t0) * (t - t0)) / (1.0 + (t - t1) * (t - t1)));
}

SprtState sprt_state(const SprtConfig *c, const Pentanomial *p)
{
    SprtState s = { .llr = sprt_llr(c, p),
                    .lower = log(c->beta / (1.0 - c->alpha)),
                    .upper = log((1.0 - c->beta) / c->alpha) };
    s.verdict = s.llr >= s.upper ? SPRT_ACCEPT_H1 : s.llr <= s.lower ? SPRT_ACCEPT_H0 : SPRT_CONTINUE;
    return s;
}

bool sprt_decide(SprtDecision *d, SprtState now, uint64_t pairs)
{
    if (d->state.verdict != SPRT_CONTINUE)
        return false;
    d->state = now;
    d->pairs = pairs;
    return now.verdict != SPRT_CONTINUE;
}

const char *sprt_verdict_name(SprtVerdict v)
{
    return v == SPRT_ACCEPT_H1 ? "H1" : v == SPRT_ACCEPT_H0 ? "H0" : "continue";
}

static double logistic_elo(double score)
{
    if (score <= 0.0)
        return -INFINITY;
    if (score >= 1.0)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

PairEstimate pair_estimate(const Pentanomial *p)
{
    PairEstimate e = { .pairs = pentanomial_total(p) };
    if (e.pairs == 0)
        return e;
    /* The point estimate from the counts as they are; the spread from the
     * regularised ones (finite even before the first draw or loss). */
    double sum = 0;
    for (int i = 0; i < 5; i++)
        sum += (double)p->pairs[i] * (i / 4.0);
    e.score = sum / (double)e.pairs;
    double n, mean, var;
    moments(p, &n, &mean, &var);
    double se = sqrt(var / (double)e.pairs), z = 1.959963984540054;
    e.elo = logistic_elo(e.score);
    double low = logistic_elo(e.score - z * se), high = logistic_elo(e.score + z * se);
    e.elo_error = (high - low) / 2.0;
    double sd_game = sqrt(2.0 * var);
    e.nelo = (e.score - 0.5) / sd_game * NELO_PER_T;
    e.nelo_error = z * NELO_PER_T / sqrt((double)e.pairs) / sqrt(2.0);
    return e;
}

/* One "name=value" field of the spec. */
static bool parse_field(const char *field, SprtConfig *c, bool *have0, bool *have1, char *err, size_t err_len)
{
    const char *eq = strchr(field, '=');
    if (!eq) {
        snprintf(err, err_len, "'%s' is not NAME=VALUE", field);
        return false;
    }
    size_t name_len = (size_t)(eq - field);
    char *end;
    double v = strtod(eq + 1, &end);
    if (eq[1] == '\0' || *end != '\0' || !isfinite(v)) {
        snprintf(err, err_len, "'%s' is not a number", eq + 1);
        return false;
    }
    if (name_len == 4 && strncmp(field, "elo0", 4) == 0) {
        c->elo0 = v;
        *have0 = true;
    } else if (name_len == 4 && strncmp(field, "elo1", 4) == 0) {
        c->elo1 = v;
        *have1 = true;
    } else if ((name_len == 5 && strncmp(field, "alpha", 5) == 0) || (name_len == 4 && strncmp(field, "beta", 4) == 0)) {
        if (!(v > 0.0 && v < 0.5)) {
            snprintf(err, err_len, "%.*s must lie strictly between 0 and 0.5", (int)name_len, field);
            return false;
        }
        if (name_len == 5)
            c->alpha = v;
        else
            c->beta = v;
    } else {
        snprintf(err, err_len, "unknown field '%.*s' (elo0, elo1, alpha, beta)", (int)name_len, field);
        return false;
    }
    return true;
}

bool sprt_parse(const char *spec, SprtConfig *out, char *err, size_t err_len)
{
    SprtConfig c = { .alpha = 0.05, .beta = 0.05 };
    bool have0 = false, have1 = false;
    char buf[256];
    if (strlen(spec) >= sizeof buf) {
        snprintf(err, err_len, "too long");
        return false;
    }
    strcpy(buf, spec);
    char *save = NULL;
    for (char *f = strtok_r(buf, ",", &save); f; f = strtok_r(NULL, ",", &save))
        if (!parse_field(f, &c, &have0, &have1, err, err_len))
            return false;
    if (!have0 || !have1) {
        snprintf(err, err_len, "elo0 and elo1 are required (e.g. elo0=0,elo1=5)");
        return false;
    }
    if (!(c.elo0 < c.elo1)) {
        snprintf(err, err_len, "elo0 must be below elo1");
        return false;
    }
    *out = c;
    return true;
}
