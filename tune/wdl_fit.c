#include "tune/wdl_fit.h"

#include <math.h>
#include <stdlib.h>

enum { WDL_PARAMS = 4 };
static const double MIN_SCALE = 1.0; /* centipawns: a and b stay at least this */

WdlSample *wdl_samples(const TuneSet *set, const double *w_mg, const double *w_eg, int validation_every)
{
    WdlSample *s = malloc((set->count ? set->count : 1) * sizeof *s);
    if (s == NULL)
        return NULL;
    for (size_t i = 0; i < set->count; i++) {
        const TunePosition *p = &set->positions[i];
        s[i] = (WdlSample){ .score = set->scores ? set->scores[i] : (float)tune_position_score(set, i, w_mg, w_eg),
                            .phase = p->phase,
                            .outcome = p->result > 0.75f ? 0 : p->result < 0.25f ? 2 : 1,
                            .held_out = validation_every > 0 &&
                                        p->game % (uint32_t)validation_every == (uint32_t)validation_every - 1 };
    }
    return s;
}

static double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* One sample's negative log-likelihood, and (when grad is not NULL) its
 * gradient added to grad[a0, a1, b0, b1]. */
static double sample_loss(const WdlSample *s, const WdlModel *m, double *grad)
{
    const double f = s->phase / 24.0;
    const double a = m->a0 + m->a1 * f, b = m->b0 + m->b1 * f;
    const double zw = (s->score - a) / b, zl = (-s->score - a) / b;
    const double pw = sigmoid(zw), pl = sigmoid(zl);
    double pd = 1.0 - pw - pl;
    if (pd < 1e-12)
        pd = 1e-12;
    double loss, dzw = 0, dzl = 0; /* d loss / d zw, d zl */
    switch (s->outcome) {
    case 0:
        loss = -log(pw > 1e-300 ? pw : 1e-300);
        dzw = -(1.0 - pw);
        break;
    case 2:
        loss = -log(pl > 1e-300 ? pl : 1e-300);
        dzl = -(1.0 - pl);
        break;
    default:
        loss = -log(pd);
        dzw = pw * (1.0 - pw) / pd;
        dzl = pl * (1.0 - pl) / pd;
        break;
    }
    if (grad) {
        const double da = -(dzw + dzl) / b;          /* both z fall as a rises */
        const double db = -(dzw * zw + dzl * zl) / b; /* z = x / b */
        grad[0] += da;
        grad[1] += da * f;
        grad[2] += db;
        grad[3] += db * f;
    }
    return loss;
}

double wdl_loss(const WdlSample *samples, size_t count, const WdlModel *m, bool held_out)
{
    double sum = 0;
    size_t n = 0;
    for (size_t i = 0; i < count; i++)
        if (samples[i].held_out == held_out) {
            sum += sample_loss(&samples[i], m, NULL);
            n++;
        }
    return n ? sum / (double)n : 0;
}

static void clamp_model(WdlModel *m)
{
    /* a and b must stay positive at both ends of the phase range. */
    if (m->a0 < MIN_SCALE)
        m->a0 = MIN_SCALE;
    if (m->a0 + m->a1 < MIN_SCALE)
        m->a1 = MIN_SCALE - m->a0;
    if (m->b0 < MIN_SCALE)
        m->b0 = MIN_SCALE;
    if (m->b0 + m->b1 < MIN_SCALE)
        m->b1 = MIN_SCALE - m->b0;
}

void wdl_fit(const WdlSample *samples, size_t count, int steps, WdlModel *m, WdlFitReport *report)
{
    *report = (WdlFitReport){ .train = 0 };
    size_t outcomes[3] = { 0, 0, 0 };
    for (size_t i = 0; i < count; i++) {
        if (samples[i].held_out) {
            report->validation++;
        } else {
            report->train++;
            outcomes[samples[i].outcome]++;
        }
    }
    for (int k = 0; k < 3; k++)
        report->rates[k] = report->train ? (double)outcomes[k] / (double)report->train : 0;

    /* Adam, full batch: step sizes in centipawns, so the four parameters
     * (all centipawns) move at comparable speeds whatever their gradients. */
    const double rate = 1.0, beta1 = 0.9, beta2 = 0.999, eps = 1e-12;
    double first[WDL_PARAMS] = { 0 }, second[WDL_PARAMS] = { 0 };
    double *param[WDL_PARAMS] = { &m->a0, &m->a1, &m->b0, &m->b1 };
    clamp_model(m);
    for (int step = 1; step <= steps && report->train > 0; step++) {
        double grad[WDL_PARAMS] = { 0 };
        for (size_t i = 0; i < count; i++)
            if (!samples[i].held_out)
                sample_loss(&samples[i], m, grad);
        for (int k = 0; k < WDL_PARAMS; k++) {
            double g = grad[k] / (double)report->train;
            first[k] = beta1 * first[k] + (1 - beta1) * g;
            second[k] = beta2 * second[k] + (1 - beta2) * g * g;
            double mh = first[k] / (1 - pow(beta1, step)), vh = second[k] / (1 - pow(beta2, step));
            *param[k] -= rate * mh / (sqrt(vh) + eps);
        }
        clamp_model(m);
    }
    report->train_loss = wdl_loss(samples, count, m, false);
    report->validation_loss = wdl_loss(samples, count, m, true);
    double baseline = 0;
    for (size_t i = 0; i < count; i++)
        if (samples[i].held_out) {
            double r = report->rates[samples[i].outcome];
            baseline -= log(r > 1e-12 ? r : 1e-12);
        }
    report->validation_baseline = report->validation ? baseline / (double)report->validation : 0;
}

void wdl_print_calibration(FILE *out, const WdlSample *samples, size_t count, const WdlModel *m)
{
    static const double edges[] = { -300, -150, -50, 50, 150, 300 };
    enum { BANDS = 7 };
    double predicted[BANDS][3] = { { 0 } };
    size_t observed[BANDS][3] = { { 0 } }, n[BANDS] = { 0 };
    for (size_t i = 0; i < count; i++) {
        if (!samples[i].held_out)
            continue;
        int band = 0;
        while (band < BANDS - 1 && samples[i].score >= edges[band])
            band++;
        double p[3];
        wdl_probabilities(m, samples[i].score, samples[i].phase, p);
        for (int k = 0; k < 3; k++)
            predicted[band][k] += p[k];
        observed[band][samples[i].outcome]++;
        n[band]++;
    }
    fprintf(out, "held-out positions by White's score: predicted / observed win, draw, loss (%%)\n");
    for (int band = 0; band < BANDS; band++) {
        if (n[band] == 0)
            continue;
        char label[32];
        if (band == 0)
            snprintf(label, sizeof label, "< %g", edges[0]);
        else if (band == BANDS - 1)
            snprintf(label, sizeof label, ">= %g", edges[BANDS - 2]);
        else
            snprintf(label, sizeof label, "%g .. %g", edges[band - 1], edges[band]);
        double d = (double)n[band];
        fprintf(out, "  %-12s %7zu positions: %5.1f %5.1f %5.1f / %5.1f %5.1f %5.1f\n", label, n[band],
                100 * predicted[band][0] / d, 100 * predicted[band][1] / d, 100 * predicted[band][2] / d,
                100 * (double)observed[band][0] / d, 100 * (double)observed[band][1] / d,
                100 * (double)observed[band][2] / d);
    }
}

bool wdl_write_model(FILE *f, const WdlModel *m, bool nnue, const char *provenance)
{
    fprintf(f, "/* The win/draw/loss model (search/wdl.h) of the %s evaluation, written\n"
               " * by `chesslab tune --wdl --eval %s`:\n * ",
            nnue ? "network" : "linear", nnue ? "nnue" : "linear");
    /* The provenance wrapped after a comma once a line is long. */
    int column = 3;
    for (const char *c = provenance; *c; c++) {
        fputc(*c, f);
        column = *c == '\n' ? 0 : column + 1;
        if (*c == ',' && c[1] == ' ' && column > 64) {
            fputs("\n *", f);
            column = 2;
        }
    }
    fprintf(f,
            "\n * Rerun the fit rather than editing by hand. */\n"
            "#include \"search/wdl.h\"\n"
            "\n"
            "const WdlModel %s = { .a0 = %.2f, .a1 = %.2f, .b0 = %.2f, .b1 = %.2f };\n",
            nnue ? "wdl_model_nnue" : "wdl_model", m->a0, m->a1, m->b0, m->b1);
    return !ferror(f);
}
