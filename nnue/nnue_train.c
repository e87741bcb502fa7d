#include "nnue/nnue_train.h"

#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/atomic_file.h"
#include "core/input_file.h"
#include "core/random.h"
#include "core/timer.h"
#include "search/nnue.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "records are read straight into NnueRecord: a little-endian host is assumed"
#endif

/* ---- random numbers: core/random.h's splitmix64, the state passed by the caller ---- */

/* Uniform in [-a, a). */
static float uniform(uint64_t *state, double a)
{
    double u = (double)(splitmix64(state) >> 11) / 9007199254740992.0;
    return (float)((2 * u - 1) * a);
}

/* ---- the float network ---- */

bool nnue_hidden_valid(int hidden)
{
    return hidden >= 32 && hidden <= NNUE_HIDDEN_MAX && hidden % 32 == 0;
}

bool nnue_buckets_valid(int buckets)
{
    return buckets >= 1 && buckets <= NNUE_BUCKETS_MAX;
}

static bool net_alloc(NnueFloatNet *net, int hidden, int buckets)
{
    const size_t h = (size_t)hidden, b = (size_t)buckets;
    net->hidden = hidden;
    net->buckets = buckets;
    net->mirrored = false;
    net->count = NNUE_INPUTS * h + h + 2 * b * h + b;
    net->params = calloc(net->count, sizeof(float));
    if (net->params == NULL) {
        memset(net, 0, sizeof *net);
        return false;
    }
    net->w1 = net->params;
    net->b1 = net->w1 + NNUE_INPUTS * h;
    net->w2 = net->b1 + h;
    net->b2 = net->w2 + 2 * b * h;
    return true;
}

bool nnue_float_net_init(NnueFloatNet *net, int hidden, int buckets, uint64_t seed)
{
    if (!nnue_hidden_valid(hidden) || !nnue_buckets_valid(buckets) || !net_alloc(net, hidden, buckets)) {
        memset(net, 0, sizeof *net);
        return false;
    }
    uint64_t rng = seed;
    const size_t h = (size_t)hidden;
    for (size_t j = 0; j < NNUE_INPUTS * h; j++)
        net->w1[j] = uniform(&rng, 0.1);
    /* Bucket by bucket after W1: one bucket draws what it always drew. */
    const double a2 = 1.0 / sqrt(2.0 * (double)h);
    for (size_t j = 0; j < 2 * h * (size_t)buckets; j++)
        net->w2[j] = uniform(&rng, a2);
    return true;
}

bool nnue_float_net_from_quant(NnueFloatNet *net, const NnueNet *q)
{
    if (!nnue_hidden_valid(q->hidden) || !nnue_buckets_valid(q->buckets) || !net_alloc(net, q->hidden, q->buckets)) {
        memset(net, 0, sizeof *net);
        return false;
    }
    net->mirrored = q->mirrored;
    const size_t h = (size_t)q->hidden, w2_count = 2 * h * (size_t)q->buckets;
    for (size_t j = 0; j < NNUE_INPUTS * h; j++)
        net->w1[j] = (float)(q->w1[j] / (double)NNUE_QA);
    for (size_t j = 0; j < h; j++)
        net->b1[j] = (float)(q->b1[j] / (double)NNUE_QA);
    for (size_t j = 0; j < w2_count; j++)
        net->w2[j] = (float)(q->w2[j] / (double)NNUE_QB);
    for (int k = 0; k < q->buckets; k++)
        net->b2[k] = (float)(q->b2[k] / ((double)NNUE_QA * NNUE_QB));
    return true;
}

void nnue_float_net_copy(NnueFloatNet *dst, const NnueFloatNet *src)
{
    dst->mirrored = src->mirrored;
    memcpy(dst->params, src->params, src->count * sizeof(float));
}

void nnue_float_net_free(NnueFloatNet *net)
{
    free(net->params);
    memset(net, 0, sizeof *net);
}

/* The active features of a record in a network mirrored or not: for the
 * side to move's perspective in us[], the other side's in them[]; returns
 * how many (each). */
static int record_features(const NnueRecord *r, bool mirrored, int us[32], int them[32])
{
    Square squares[32];
    Piece pieces[32];
    const int n = nnue_record_pieces(r, squares, pieces);
    const Color stm = (Color)r->side, other = color_flip(stm);
    int flip[2] = { 0, 0 };
    for (int k = 0; k < n; k++)
        if (piece_type(pieces[k]) == KING)
            flip[piece_color(pieces[k])] = nnue_king_flip(mirrored, squares[k]);
    for (int k = 0; k < n; k++) {
        us[k] = nnue_feature(stm, pieces[k], (Square)(squares[k] ^ flip[stm]));
        them[k] = nnue_feature(other, pieces[k], (Square)(squares[k] ^ flip[other]));
    }
    return n;
}

/* row += d, h wide. */
static void add_row(float *restrict row, const float *restrict d, int h)
{
    for (int i = 0; i < h; i++)
        row[i] += d[i];
}

/* acc = b1 + the rows of W1 of the features. */
static void accumulate(const NnueFloatNet *net, const int *features, int n, float *acc)
{
    const int h = net->hidden;
    memcpy(acc, net->b1, (size_t)h * sizeof(float));
    for (int k = 0; k < n; k++)
        add_row(acc, net->w1 + (size_t)features[k] * (size_t)h, h);
}

static inline float screlu(float x)
{
    float c = x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
    return c * c;
}

/* w . screlu(acc) over h (a multiple of 32), in eight running sums so
 * that the compiler may vectorise it without reordering the arithmetic. */
static float dot_screlu(const float *restrict w, const float *restrict acc, int h)
{
    float sums[8] = { 0 };
    for (int i = 0; i < h; i += 8)
        for (int j = 0; j < 8; j++)
            sums[j] += w[i + j] * screlu(acc[i + j]);
    return ((sums[0] + sums[1]) + (sums[2] + sums[3])) + ((sums[4] + sums[5]) + (sums[6] + sums[7]));
}

/* The scratch of one forward and backward pass. */
typedef struct Pass {
    int us[32], them[32], n;
    int bucket; /* the record's output bucket */
    float acc_us[NNUE_HIDDEN_MAX], acc_them[NNUE_HIDDEN_MAX];
} Pass;

/* The output weights of bucket k: [2H], the side to move's half first. */
static float *bucket_w2(const NnueFloatNet *net, int k)
{
    return net->w2 + 2 * (size_t)net->hidden * (size_t)k;
}

/* The float output (before the * NNUE_OUTPUT_SCALE) of a record, leaving
 * its features, bucket and accumulators in pass. */
static float forward(const NnueFloatNet *net, const NnueRecord *r, Pass *pass)
{
    const int h = net->hidden;
    pass->n = record_features(r, net->mirrored, pass->us, pass->them);
    pass->bucket = nnue_output_bucket(pass->n, net->buckets);
    accumulate(net, pass->us, pass->n, pass->acc_us);
    accumulate(net, pass->them, pass->n, pass->acc_them);
    const float *w2 = bucket_w2(net, pass->bucket);
    return net->b2[pass->bucket] + dot_screlu(w2, pass->acc_us, h) + dot_screlu(w2 + h, pass->acc_them, h);
}

float nnue_float_eval(const NnueFloatNet *net, const NnueRecord *r)
{
    Pass pass;
    return forward(net, r, &pass) * (float)NNUE_OUTPUT_SCALE;
}

/* ---- records ---- */

void nnue_set_init(NnueSet *d)
{
    memset(d, 0, sizeof *d);
}

void nnue_set_free(NnueSet *d)
{
    free(d->records);
    nnue_set_init(d);
}

bool nnue_record_valid(const NnueRecord *r, char *err, size_t err_len)
{
    if (__builtin_popcountll(r->occupied) > 32) {
        snprintf(err, err_len, "%d occupied squares (at most 32)", __builtin_popcountll(r->occupied));
        return false;
    }
    Square squares[32];
    Piece pieces[32];
    const int n = nnue_record_pieces(r, squares, pieces);
    for (int k = 0; k < n; k++) {
        const int type = piece_type(pieces[k]);
        if (type < PAWN || type > KING) {
            snprintf(err, err_len, "piece code %d on %c%d is no piece", pieces[k], 'a' + square_file(squares[k]),
                     1 + square_rank(squares[k]));
            return false;
        }
    }
    if (r->side > BLACK) {
        snprintf(err, err_len, "side to move %d (0 or 1)", r->side);
        return false;
    }
    if (r->result > 2) {
        snprintf(err, err_len, "result %d (0, 1 or 2)", r->result);
        return false;
    }
    return true;
}

bool nnue_set_add_file(NnueSet *d, const char *path, char *err, size_t err_len)
{
    FILE *f;
    if (input_file_open(path, &f, err, err_len) != INPUT_FILE_OK)
        return false;
    struct stat st;
    if (fstat(fileno(f), &st) != 0) {
        snprintf(err, err_len, "cannot read '%s': %s", path, strerror(errno));
        fclose(f);
        return false;
    }
    const size_t record_bytes = sizeof(NnueRecord);
    if ((unsigned long long)st.st_size % record_bytes != 0) {
        snprintf(err, err_len, "'%s': %lld bytes is not a whole number of %zu-byte records", path,
                 (long long)st.st_size, record_bytes);
        fclose(f);
        return false;
    }
    const size_t n = (size_t)st.st_size / record_bytes;
    if (d->count + n > d->capacity) {
        NnueRecord *grown = realloc(d->records, (d->count + n) * record_bytes);
        if (grown == NULL) {
            snprintf(err, err_len, "out of memory reading '%s' (%zu records)", path, n);
            fclose(f);
            return false;
        }
        d->records = grown;
        d->capacity = d->count + n;
    }
    NnueRecord *in = d->records + d->count;
    const size_t got = n ? fread(in, record_bytes, n, f) : 0;
    const bool failed = got != n;
    if (failed)
        snprintf(err, err_len, "cannot read '%s': %s", path, ferror(f) ? strerror(errno) : "it got shorter");
    fclose(f);
    if (failed)
        return false;
    size_t kept = 0, dropped = 0;
    for (size_t i = 0; i < n; i++) {
        char why[128];
        if (!nnue_record_valid(&in[i], why, sizeof why)) {
            snprintf(err, err_len, "'%s': record %zu: %s", path, i + 1, why);
            return false;
        }
        if (abs(in[i].score) >= NNUE_SCORE_LIMIT)
            dropped++;
        else
            in[kept++] = in[i];
    }
    d->count += kept;
    d->dropped += dropped;
    return true;
}

void nnue_set_shuffle(NnueSet *d, uint64_t seed)
{
    uint64_t rng = seed;
    for (size_t i = d->count; i > 1; i--) {
        size_t j = (size_t)(splitmix64(&rng) % i);
        NnueRecord t = d->records[i - 1];
        d->records[i - 1] = d->records[j];
        d->records[j] = t;
    }
}

bool nnue_set_split(NnueSet *d, int every, NnueSet *validation)
{
    nnue_set_init(validation);
    if (every <= 0 || d->count / (size_t)every == 0)
        return true;
    const size_t held = d->count / (size_t)every;
    validation->records = malloc(held * sizeof(NnueRecord));
    if (validation->records == NULL)
        return false;
    validation->capacity = held;
    size_t kept = 0;
    for (size_t i = 0; i < d->count; i++) {
        if (i % (size_t)every == (size_t)every - 1)
            validation->records[validation->count++] = d->records[i];
        else
            d->records[kept++] = d->records[i];
    }
    d->count = kept;
    return true;
}

/* ---- loss and gradient ---- */

static inline double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

double nnue_target(const NnueRecord *r, const NnueLossOptions *o)
{
    const double score = r->side == WHITE ? r->score : -r->score;
    const double result = r->side == WHITE ? r->result / 2.0 : 1.0 - r->result / 2.0;
    return o->lambda * sigmoid(score / o->wdl_scale) + (1 - o->lambda) * result;
}

/* The loss of one record; with grad, adds to it the record's gradient
 * (not divided by the number of records). */
static double record_pass(const NnueFloatNet *net, const NnueRecord *r, const NnueLossOptions *o, float *grad,
                          Pass *pass)
{
    const float out = forward(net, r, pass);
    const double k = NNUE_OUTPUT_SCALE / o->wdl_scale;
    const double p = sigmoid(out * k), t = nnue_target(r, o);
    if (grad == NULL)
        return (p - t) * (p - t);
    /* d (p - t)^2 / d out. */
    const float g = (float)(2 * (p - t) * p * (1 - p) * k);
    const int h = net->hidden;
    /* Of the output layer only the record's bucket gets gradient. */
    const size_t w2_at = (size_t)(bucket_w2(net, pass->bucket) - net->params);
    float *g_w1 = grad, *restrict g_b1 = grad + NNUE_INPUTS * (size_t)h;
    float *restrict g_w2 = grad + w2_at;
    const float *restrict w2 = net->params + w2_at;
    grad[(size_t)(net->b2 - net->params) + (size_t)pass->bucket] += g; /* b2[k] */
    /* The accumulators become their gradients. */
    float *restrict us = pass->acc_us, *restrict them = pass->acc_them;
    for (int i = 0; i < h; i++) {
        const float a = us[i], b = them[i];
        g_w2[i] += g * screlu(a);
        g_w2[h + i] += g * screlu(b);
        us[i] = a > 0.0f && a < 1.0f ? g * w2[i] * 2.0f * a : 0.0f;
        them[i] = b > 0.0f && b < 1.0f ? g * w2[h + i] * 2.0f * b : 0.0f;
        g_b1[i] += us[i] + them[i];
    }
    /* A row may be active for both perspectives: two separate adds. */
    for (int f = 0; f < pass->n; f++) {
        add_row(g_w1 + (size_t)pass->us[f] * (size_t)h, us, h);
        add_row(g_w1 + (size_t)pass->them[f] * (size_t)h, them, h);
    }
    return (p - t) * (p - t);
}

double nnue_loss_gradient(const NnueFloatNet *net, const NnueRecord *records, size_t count,
                          const NnueLossOptions *o, float *grad)
{
    memset(grad, 0, net->count * sizeof(float));
    if (count == 0)
        return 0;
    Pass pass;
    double sum = 0;
    for (size_t i = 0; i < count; i++)
        sum += record_pass(net, &records[i], o, grad, &pass);
    const float scale = 1.0f / (float)count;
    for (size_t j = 0; j < net->count; j++)
        grad[j] *= scale;
    return sum / (double)count;
}

/* Threads at most; the per-thread sums live in arrays of this size. */
enum { NNUE_MAX_THREADS = 256 };

static int thread_count(int wanted)
{
    int t = wanted > 0 ? wanted : omp_get_max_threads();
    return t < 1 ? 1 : t > NNUE_MAX_THREADS ? NNUE_MAX_THREADS : t;
}

/* [lo, hi) of count for thread t of n: contiguous, in thread order. */
static void thread_range(size_t count, int t, int n, size_t *lo, size_t *hi)
{
    *lo = count * (size_t)t / (size_t)n;
    *hi = count * (size_t)(t + 1) / (size_t)n;
}

/* The per-record result of fn over records, summed by output bucket
 * (of `buckets`) into sums[k], with the number of records of bucket k in
 * counts[k]; split between threads and added in thread order, so the sums
 * repeat exactly for a thread count. */
typedef double (*RecordFn)(const void *ctx, const NnueRecord *r, Pass *pass);

static void sum_by_bucket(const void *ctx, RecordFn fn, const NnueRecord *records, size_t count, int buckets,
                          double sums[], size_t counts[])
{
    double partial[NNUE_MAX_THREADS][NNUE_BUCKETS_MAX] = { { 0 } };
    size_t partial_counts[NNUE_MAX_THREADS][NNUE_BUCKETS_MAX] = { { 0 } };
    int used = 1;
#pragma omp parallel num_threads(thread_count(0)) if (count >= 4096)
    {
        Pass pass;
        const int t = omp_get_thread_num(), n = omp_get_num_threads();
        size_t lo, hi;
        thread_range(count, t, n, &lo, &hi);
        for (size_t i = lo; i < hi; i++) {
            const int k = nnue_output_bucket(__builtin_popcountll(records[i].occupied), buckets);
            partial[t][k] += fn(ctx, &records[i], &pass);
            partial_counts[t][k]++;
        }
        if (t == 0)
            used = n;
    }
    for (int k = 0; k < buckets; k++) {
        sums[k] = 0;
        counts[k] = 0;
        for (int t = 0; t < used; t++) {
            sums[k] += partial[t][k];
            counts[k] += partial_counts[t][k];
        }
    }
}

/* The sum over all records. */
static double sum_over(const void *ctx, RecordFn fn, const NnueRecord *records, size_t count)
{
    double sum;
    size_t n;
    sum_by_bucket(ctx, fn, records, count, 1, &sum, &n);
    return sum;
}

typedef struct LossContext {
    const NnueFloatNet *net;
    const NnueLossOptions *o;
} LossContext;

static double record_loss(const void *ctx, const NnueRecord *r, Pass *pass)
{
    const LossContext *c = ctx;
    return record_pass(c->net, r, c->o, NULL, pass);
}

double nnue_loss(const NnueFloatNet *net, const NnueRecord *records, size_t count, const NnueLossOptions *o)
{
    const LossContext c = { net, o };
    return count ? sum_over(&c, record_loss, records, count) / (double)count : 0.0;
}

/* ---- training ---- */

void nnue_train_options_default(NnueTrainOptions *o)
{
    *o = (NnueTrainOptions){ .loss = { .lambda = 0.75, .wdl_scale = 150 }, .epochs = 10, .batch = 16384,
                             .lr = 0.001, .seed = 1, .threads = 0, .log = NULL };
}

typedef struct Adam {
    float *m, *v;
    double beta1_t, beta2_t; /* beta^step, for the bias correction */
} Adam;

/* One step on a batch: each thread's gradient over its share, the shares
 * added in thread order, then Adam and the clip. Returns the batch's
 * summed loss. */
static double train_step(NnueFloatNet *net, const NnueRecord *batch, size_t count, const NnueLossOptions *o,
                         float *grads, int threads, Adam *adam, double lr)
{
    const double beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8;
    adam->beta1_t *= beta1;
    adam->beta2_t *= beta2;
    const float step = (float)(lr / (1 - adam->beta1_t)), v_scale = (float)(1 / (1 - adam->beta2_t));
    const float inv_count = 1.0f / (float)count, clip = NNUE_WEIGHT_CLIP;
    const size_t p = net->count, clipped = p - (size_t)net->buckets; /* every weight but the b2's */
    double partial[NNUE_MAX_THREADS];
    int used = 1;
#pragma omp parallel num_threads(threads)
    {
        Pass pass;
        const int t = omp_get_thread_num(), n = omp_get_num_threads();
        float *g = grads + (size_t)t * p;
        memset(g, 0, p * sizeof(float));
        size_t lo, hi;
        thread_range(count, t, n, &lo, &hi);
        double sum = 0;
        for (size_t i = lo; i < hi; i++)
            sum += record_pass(net, &batch[i], o, g, &pass);
        partial[t] = sum;
        if (t == 0)
            used = n;
#pragma omp barrier
#pragma omp for schedule(static)
        for (size_t j = 0; j < p; j++) {
            float total = 0;
            for (int u = 0; u < n; u++)
                total += grads[(size_t)u * p + j];
            total *= inv_count;
            float m = adam->m[j] = (float)beta1 * adam->m[j] + (float)(1 - beta1) * total;
            float v = adam->v[j] = (float)beta2 * adam->v[j] + (float)(1 - beta2) * total * total;
            float w = net->params[j] - step * m / (sqrtf(v * v_scale) + (float)epsilon);
            if (j < clipped)
                w = w > clip ? clip : w < -clip ? -clip : w;
            net->params[j] = w;
        }
    }
    double sum = 0;
    for (int t = 0; t < used; t++)
        sum += partial[t];
    return sum;
}

bool nnue_train(NnueFloatNet *net, NnueSet *train, const NnueSet *validation, const NnueTrainOptions *o,
                NnueTrainReport *report)
{
    memset(report, 0, sizeof *report);
    const int threads = thread_count(o->threads);
    report->threads = threads;
    const size_t p = net->count, batch = o->batch > 0 ? (size_t)o->batch : 1;
    NnueFloatNet best = { 0 };
    float *grads = malloc((size_t)threads * p * sizeof(float));
    Adam adam = { .m = calloc(p, sizeof(float)), .v = calloc(p, sizeof(float)), .beta1_t = 1, .beta2_t = 1 };
    bool ok = grads && adam.m && adam.v && net_alloc(&best, net->hidden, net->buckets);
    if (ok && train->count > 0 && o->epochs > 0) {
        const size_t steps_per_epoch = (train->count + batch - 1) / batch;
        const double total_steps = (double)steps_per_epoch * o->epochs;
        const double pi = 3.14159265358979323846;
        double best_validation = INFINITY, seconds = 0;
        uint64_t seeds = o->seed;
        size_t step = 0;
        for (int epoch = 1; epoch <= o->epochs; epoch++) {
            nnue_set_shuffle(train, splitmix64(&seeds));
            const double start = timer_seconds();
            double loss = 0, lr = o->lr;
            for (size_t first = 0; first < train->count; first += batch, step++) {
                const size_t n = train->count - first < batch ? train->count - first : batch;
                /* Cosine from lr to lr / 10 over the run. */
                lr = o->lr * (0.1 + 0.45 * (1 + cos(pi * (double)step / total_steps)));
                loss += train_step(net, train->records + first, n, &o->loss, grads, threads, &adam, lr);
            }
            const double epoch_seconds = timer_seconds() - start;
            seconds += epoch_seconds;
            loss /= (double)train->count;
            const double v = nnue_loss(net, validation->records, validation->count, &o->loss);
            const bool better = validation->count == 0 || v < best_validation;
            if (better) {
                best_validation = v;
                report->best_epoch = epoch;
                report->train_loss = loss;
                report->validation_loss = v;
                nnue_float_net_copy(&best, net);
            }
            if (o->log) {
                char held[64] = "no validation records";
                if (validation->count)
                    snprintf(held, sizeof held, "validation loss %.6f%s", v, better ? " (best)" : "");
                fprintf(o->log, "epoch %d/%d: training loss %.6f, %s, %.0f records/s, lr %.3g\n", epoch, o->epochs,
                        loss, held, epoch_seconds > 0 ? (double)train->count / epoch_seconds : 0.0, lr);
                fflush(o->log);
            }
        }
        nnue_float_net_copy(net, &best);
        report->records_per_second = seconds > 0 ? (double)train->count * o->epochs / seconds : 0.0;
    }
    free(grads);
    free(adam.m);
    free(adam.v);
    nnue_float_net_free(&best);
    return ok;
}

/* ---- the quantised network ---- */

static int16_t quantise16(float w, double scale)
{
    const float c = w > NNUE_WEIGHT_CLIP ? NNUE_WEIGHT_CLIP : w < -NNUE_WEIGHT_CLIP ? -NNUE_WEIGHT_CLIP : w;
    return (int16_t)lround((double)c * scale);
}

static double record_output(const void *ctx, const NnueRecord *r, Pass *pass)
{
    return forward(ctx, r, pass);
}

double nnue_snap_output(NnueFloatNet *net, const NnueRecord *records, size_t count)
{
    const int buckets = net->buckets;
    double before[NNUE_BUCKETS_MAX], after[NNUE_BUCKETS_MAX];
    size_t in[NNUE_BUCKETS_MAX];
    sum_by_bucket(net, record_output, records, count, buckets, before, in);
    for (size_t j = 0; j < 2 * (size_t)net->hidden * (size_t)buckets; j++)
        net->w2[j] = (float)(quantise16(net->w2[j], NNUE_QB) / (double)NNUE_QB);
    sum_by_bucket(net, record_output, records, count, buckets, after, in);
    /* A bucket no record falls in keeps its b2: there is no mean to keep. */
    double moved = 0;
    for (int k = 0; k < buckets; k++) {
        if (in[k] == 0)
            continue;
        const double n = (double)in[k], move = before[k] / n - after[k] / n;
        net->b2[k] += (float)move;
        moved += move * n;
    }
    return count ? moved / (double)count * NNUE_OUTPUT_SCALE : 0.0;
}

bool nnue_quantise(const NnueFloatNet *net, NnueQuantNet *q)
{
    const size_t h = (size_t)net->hidden, w2_count = 2 * h * (size_t)net->buckets;
    memset(q, 0, sizeof *q);
    q->w1 = malloc(NNUE_INPUTS * h * sizeof(int16_t));
    q->b1 = malloc(h * sizeof(int16_t));
    q->w2 = malloc(w2_count * sizeof(int16_t));
    if (!q->w1 || !q->b1 || !q->w2) {
        nnue_quant_free(q);
        return false;
    }
    q->hidden = net->hidden;
    q->buckets = net->buckets;
    q->mirrored = net->mirrored;
    for (size_t j = 0; j < NNUE_INPUTS * h; j++)
        q->w1[j] = quantise16(net->w1[j], NNUE_QA);
    for (size_t j = 0; j < h; j++)
        q->b1[j] = quantise16(net->b1[j], NNUE_QA);
    for (size_t j = 0; j < w2_count; j++)
        q->w2[j] = quantise16(net->w2[j], NNUE_QB);
    for (int k = 0; k < net->buckets; k++) {
        const double b2 = (double)net->b2[k] * NNUE_QA * NNUE_QB;
        q->b2[k] = (int32_t)lround(b2 > INT32_MAX / 2 ? INT32_MAX / 2 : b2 < -(INT32_MAX / 2) ? -(INT32_MAX / 2) : b2);
    }
    return true;
}

void nnue_quant_free(NnueQuantNet *q)
{
    free(q->w1);
    free(q->b1);
    free(q->w2);
    memset(q, 0, sizeof *q);
}

/* The int16 accumulators of one perspective. */
static void quant_accumulate(const NnueQuantNet *q, const int *features, int n, int16_t *acc)
{
    const int h = q->hidden;
    memcpy(acc, q->b1, (size_t)h * sizeof(int16_t));
    for (int k = 0; k < n; k++) {
        const int16_t *row = q->w1 + (size_t)features[k] * (size_t)h;
        for (int i = 0; i < h; i++)
            acc[i] = (int16_t)(acc[i] + row[i]);
    }
}

/* sum over i of (v * w2_i) * v, v = clamp(acc_i, 0, QA), modulo 2^32. */
static uint32_t quant_sum(const int16_t *acc, const int16_t *w2, int h)
{
    uint32_t total = 0;
    for (int i = 0; i < h; i++) {
        const int32_t v = acc[i] < 0 ? 0 : acc[i] > NNUE_QA ? NNUE_QA : acc[i];
        const int16_t vw = (int16_t)(v * w2[i]); /* |w2| <= 127: fits */
        total += (uint32_t)(vw * v);
    }
    return total;
}

int nnue_quant_eval(const NnueQuantNet *q, const NnueRecord *r)
{
    int us[32], them[32];
    int16_t acc_us[NNUE_HIDDEN_MAX], acc_them[NNUE_HIDDEN_MAX];
    const int n = record_features(r, q->mirrored, us, them), h = q->hidden, k = nnue_output_bucket(n, q->buckets);
    const int16_t *w2 = q->w2 + 2 * (size_t)h * (size_t)k;
    quant_accumulate(q, us, n, acc_us);
    quant_accumulate(q, them, n, acc_them);
    int32_t total = (int32_t)(quant_sum(acc_us, w2, h) + quant_sum(acc_them, w2 + h, h));
    total /= NNUE_QA;
    total += q->b2[k];
    return (int)((int64_t)total * NNUE_OUTPUT_SCALE / (NNUE_QA * NNUE_QB));
}

typedef struct CompareContext {
    const NnueFloatNet *net;
    const NnueQuantNet *q;
    const NnueLossOptions *o;
    bool loss; /* the quantised loss, else |float cp - quantised cp| */
} CompareContext;

static double record_compare(const void *ctx, const NnueRecord *r, Pass *pass)
{
    const CompareContext *c = ctx;
    const int cp = nnue_quant_eval(c->q, r);
    if (c->loss) {
        const double e = sigmoid(cp / c->o->wdl_scale) - nnue_target(r, c->o);
        return e * e;
    }
    return fabs(forward(c->net, r, pass) * (double)NNUE_OUTPUT_SCALE - cp);
}

void nnue_quant_compare(const NnueFloatNet *net, const NnueQuantNet *q, const NnueRecord *records, size_t count,
                        const NnueLossOptions *o, double *quant_loss, double *mean_abs_cp)
{
    *quant_loss = *mean_abs_cp = 0;
    if (count == 0)
        return;
    CompareContext c = { net, q, o, true };
    *quant_loss = sum_over(&c, record_compare, records, count) / (double)count;
    c.loss = false;
    *mean_abs_cp = sum_over(&c, record_compare, records, count) / (double)count;
}

/* ---- the network file ---- */

static uint8_t *put_u32(uint8_t *p, uint32_t v)
{
    for (int b = 0; b < 4; b++)
        *p++ = (uint8_t)(v >> (8 * b));
    return p;
}

static uint8_t *put_i16s(uint8_t *p, const int16_t *v, size_t n)
{
    for (size_t j = 0; j < n; j++) {
        const uint16_t u = (uint16_t)v[j];
        *p++ = (uint8_t)u;
        *p++ = (uint8_t)(u >> 8);
    }
    return p;
}

bool nnue_write_network(FILE *f, const NnueQuantNet *q)
{
    const size_t h = (size_t)q->hidden, buckets = (size_t)q->buckets;
    const size_t bytes = nnue_file_size(h, buckets);
    uint8_t *buf = malloc(bytes);
    if (buf == NULL)
        return false;
    uint8_t *p = buf;
    memcpy(p, NNUE_FILE_MAGIC, 4);
    const uint32_t version = nnue_file_version(q->buckets, q->mirrored);
    p = put_u32(p + 4, version);
    p = put_u32(p, (uint32_t)q->hidden);
    p = put_u32(p, version == NNUE_FILE_VERSION_ONE_BUCKET ? 0 : (uint32_t)buckets); /* version 1: reserved */
    p = put_i16s(p, q->w1, NNUE_INPUTS * h);
    p = put_i16s(p, q->b1, h);
    p = put_i16s(p, q->w2, 2 * h * buckets);
    for (size_t k = 0; k < buckets; k++)
        p = put_u32(p, (uint32_t)q->b2[k]);
    const bool ok = fwrite(buf, 1, bytes, f) == bytes;
    free(buf);
    return ok;
}

bool nnue_save_network(const char *path, const NnueQuantNet *q, char *err, size_t err_len)
{
    AtomicFile out;
    if (!atomic_file_open(&out, path, err, err_len))
        return false;
    if (!nnue_write_network(out.f, q)) {
        atomic_file_discard(&out);
        snprintf(err, err_len, "writing '%s' failed", path);
        return false;
    }
    return atomic_file_commit(&out, err, err_len);
}
