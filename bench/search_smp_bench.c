#include "bench/search_smp_bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/move_text.h"
#include "core/timer.h"
#include "bench/bootstrap.h"
#include "bench/result_json.h"
#include "search/engine.h"

const char *smp_bench_limit_name(SmpBenchLimit limit)
{
    return limit == SMP_LIMIT_DEPTH ? "depth" : limit == SMP_LIMIT_NODES ? "nodes" : "movetime";
}

/* ---- running ---- */

typedef struct SmpRun {
    double ms;
    uint64_t nodes;
    Move best;
    int score, depth, seldepth;
    uint64_t splits, deferred;
    int64_t idle_ns;
} SmpRun;

typedef struct SmpConfig {
    SmpVariant variant;
    int threads;
} SmpConfig;

typedef struct SmpBench {
    const SmpBenchOptions *o;
    const NamedPosition *positions;
    int position_count;
    SmpConfig configs[1 + SMP_VARIANT_COUNT * SMP_BENCH_MAX_THREAD_COUNTS];
    int config_count;
    SmpRun *runs;      /* [config][position][run] */
    int *median;       /* [config][position]: index of the run with the median time */
    EngineStats stats; /* of the last search */
    /* of the runs of the current cell: nodes per thread, PUs */
    uint64_t (*thread_nodes)[ENGINE_MAX_THREADS];
    int pus[ENGINE_MAX_THREADS];
    int (*config_pus)[ENGINE_MAX_THREADS]; /* per configuration, from its last search */
    Topology *topology;                    /* for the JSON; may be NULL */
} SmpBench;

static SmpRun *run_at(const SmpBench *b, int config, int position, int run)
{
    return &b->runs[((size_t)config * (size_t)b->position_count + (size_t)position) * (size_t)b->o->runs +
                    (size_t)run];
}

static int median_at(const SmpBench *b, int config, int position)
{
    return b->median[(size_t)config * (size_t)b->position_count + (size_t)position];
}

/* serial x 1 first (the baseline), then the asked variants x thread counts;
 * serial runs on one thread whatever the count, so only once. */
static void plan_configs(SmpBench *b)
{
    const SmpBenchOptions *o = b->o;
    b->configs[b->config_count++] = (SmpConfig){ SMP_SERIAL, 1 };
    for (int v = 0; v < o->variant_count; v++)
        for (int t = 0; t < o->thread_count; t++)
            if (o->variants[v] != SMP_SERIAL)
                b->configs[b->config_count++] = (SmpConfig){ o->variants[v], o->threads[t] };
}

static void limits_of(const SmpBenchOptions *o, SearchLimits *l)
{
    search_limits_init(l);
    if (o->limit == SMP_LIMIT_DEPTH)
        l->depth = (int)o->limit_value;
    else if (o->limit == SMP_LIMIT_NODES)
        l->nodes = o->limit_value;
    else
        l->clock.movetime_ms = (int64_t)o->limit_value;
}

static void search_once(SmpBench *b, Engine *e, const NamedPosition *p, SmpRun *out)
{
    SearchLimits limits;
    limits_of(b->o, &limits);
    /* Every search starts from an empty table and history: the runs and
     * configurations see the same starting state. */
    engine_new_game(e);
    engine_set_position(e, &p->setup, NULL, 0, NULL, 0);
    SearchResult r;
    double start = timer_seconds();
    engine_search(e, &limits, NULL, &r);
    double seconds = timer_seconds() - start;
    engine_last_stats(e, &b->stats);
    *out = (SmpRun){ .ms = seconds * 1000.0, .nodes = r.nodes, .best = r.best, .score = r.score, .depth = r.depth,
                     .seldepth = r.seldepth, .splits = b->stats.splits, .deferred = b->stats.deferred,
                     .idle_ns = b->stats.idle_ns };
}

static int compare_time(const void *x, const void *y)
{
    const SmpRun *a = *(const SmpRun *const *)x, *c = *(const SmpRun *const *)y;
    return (a->ms > c->ms) - (a->ms < c->ms);
}

/* The run with the median time (the lower middle one for an even count). */
static int pick_median(const SmpRun *runs, int count)
{
    const SmpRun *sorted[SMP_BENCH_MAX_RUNS];
    for (int i = 0; i < count; i++)
        sorted[i] = &runs[i];
    qsort(sorted, (size_t)count, sizeof sorted[0], compare_time);
    return (int)(sorted[(count - 1) / 2] - runs);
}

static double nps_of(const SmpRun *r) { return r->ms > 0 ? (double)r->nodes * 1000.0 / r->ms : 0.0; }

static void score_text(int score, char *buf, size_t len)
{
    if (score_is_mate(score))
        snprintf(buf, len, "mate %d", score_mate_moves(score));
    else
        snprintf(buf, len, "cp %d", score);
}

/* ---- output ---- */

static void print_row_header(FILE *out)
{
    fprintf(out, "%-7s %3s %-14s %10s %11s %8s %-6s %-9s %5s %7s %6s %8s\n", "variant", "thr", "position",
            "ms", "nodes", "knps", "move", "score", "depth", "splits", "idle%", "deferred");
}

static void print_row(FILE *out, const SmpConfig *c, const NamedPosition *p, const SmpRun *r)
{
    char move[MOVE_TEXT_MAX] = "-", score[24];
    if (r->best != MOVE_NONE)
        move_to_uci(r->best, move);
    score_text(r->score, score, sizeof score);
    double busy_ns = r->ms * 1e6 * c->threads;
    fprintf(out, "%-7s %3d %-14.14s %10.1f %11llu %8.0f %-6s %-9s %5d %7llu %6.1f %8llu\n",
            smp_variant_name(c->variant), c->threads, p->name, r->ms, (unsigned long long)r->nodes, nps_of(r) / 1000,
            move, score, r->depth, (unsigned long long)r->splits,
            busy_ns > 0 ? 100.0 * (double)r->idle_ns / busy_ns : 0.0, (unsigned long long)r->deferred);
    fflush(out);
}

static void json_method(const SmpBench *b, JsonWriter *w)
{
    const SmpBenchOptions *o = b->o;
    json_object_begin(w, "method", JSON_LINES);
    json_int(w, "warmup_searches", 1);
    json_string(w, "warmup", "one search of the first position per configuration");
    json_int(w, "runs", o->runs);
    json_string(w, "statistic", "median");
    json_string(w, "timer", "CLOCK_MONOTONIC");
    json_string(w, "limit", smp_bench_limit_name(o->limit));
    json_uint(w, "limit_value", o->limit_value);
    json_uint(w, "hash_mb", o->hash_mb);
    json_string(w, "bind", bind_policy_name(o->bind));
    json_int(w, "min_split_depth", o->min_split_depth);
    json_int(w, "split_threads", o->split_threads);
    json_string(w, "table", "cleared before every search");
    json_string(w, "baseline", "serial, 1 thread");
    json_string(w, "positions", o->positions_source);
    BootstrapSettings boot = bootstrap_defaults();
    json_object_begin(w, "bootstrap", JSON_INLINE);
    json_string(w, "of", "speedup");
    json_string(w, "resampled", "positions with replacement, then each side's runs within a drawn position");
    json_string(w, "interval", "percentile");
    json_int(w, "replicates", boot.replicates);
    json_double(w, "level", boot.level, 2);
    json_uint(w, "seed", boot.seed);
    json_end(w);
    json_int(w, "position_count", b->position_count);
    json_array_begin(w, "configurations", JSON_INLINE);
    for (int c = 0; c < b->config_count; c++) {
        json_object_begin(w, NULL, JSON_INLINE);
        json_string(w, "variant", smp_variant_name(b->configs[c].variant));
        json_int(w, "threads", b->configs[c].threads);
        json_end(w);
    }
    json_end(w);
    json_end(w);
    json_array_begin(w, "results", JSON_LINES);
}

static void json_run_fields(JsonWriter *w, const SmpRun *r)
{
    char move[MOVE_TEXT_MAX] = "";
    if (r->best != MOVE_NONE)
        move_to_uci(r->best, move);
    json_uint(w, "nodes", r->nodes);
    json_double(w, "nps", nps_of(r), 0);
    json_string(w, "best_move", r->best != MOVE_NONE ? move : NULL);
    json_int(w, "score", r->score);
    if (score_is_mate(r->score))
        json_int(w, "mate", score_mate_moves(r->score));
    else
        json_null(w, "mate");
    json_int(w, "depth", r->depth);
    json_int(w, "seldepth", r->seldepth);
    json_uint(w, "splits", r->splits);
    json_uint(w, "deferred", r->deferred);
    json_double(w, "idle_ms", (double)r->idle_ns / 1e6, 3);
}

static void json_cell(const SmpBench *b, JsonWriter *w, int config, int position)
{
    const SmpConfig *c = &b->configs[config];
    const NamedPosition *p = &b->positions[position];
    const int runs = b->o->runs;
    const SmpRun *median = run_at(b, config, position, median_at(b, config, position));
    double lo = median->ms, hi = median->ms;
    for (int r = 0; r < runs; r++) {
        double ms = run_at(b, config, position, r)->ms;
        lo = ms < lo ? ms : lo;
        hi = ms > hi ? ms : hi;
    }
    json_object_begin(w, NULL, JSON_LINES);
    json_string(w, "variant", smp_variant_name(c->variant));
    json_int(w, "threads", c->threads);
    json_string(w, "position", p->name);
    json_string(w, "fen", p->fen);
    json_object_begin(w, "time_ms", JSON_INLINE);
    json_double(w, "median", median->ms, 3);
    json_double(w, "min", lo, 3);
    json_double(w, "max", hi, 3);
    json_array_begin(w, "runs", JSON_INLINE);
    for (int r = 0; r < runs; r++)
        json_double(w, NULL, run_at(b, config, position, r)->ms, 3);
    json_end(w);
    json_end(w);
    json_run_fields(w, median);
    json_array_begin(w, "pus", JSON_INLINE);
    for (int t = 0; t < c->threads && t < ENGINE_MAX_THREADS; t++)
        json_int(w, NULL, b->pus[t]);
    json_end(w);
    json_array_begin(w, "runs", JSON_LINES);
    for (int r = 0; r < runs; r++) {
        const SmpRun *run = run_at(b, config, position, r);
        json_object_begin(w, NULL, JSON_INLINE);
        json_double(w, "time_ms", run->ms, 3);
        json_run_fields(w, run);
        json_array_begin(w, "thread_nodes", JSON_INLINE);
        for (int t = 0; t < c->threads && t < ENGINE_MAX_THREADS; t++)
            json_uint(w, NULL, b->thread_nodes[r][t]);
        json_end(w);
        json_end(w);
    }
    json_end(w);
    json_end(w);
    json_flush(w);
}

/* ---- summary ---- */

typedef struct SmpSummary {
    int positions;                 /* with a usable baseline */
    double speedup, overhead, nps_scaling, agreement, mean_depth;
    double time_ms, nodes;         /* sums of the median runs */
    double splits, deferred;       /* per search (median runs) */
    double idle_fraction;          /* idle time / (threads x time), median runs */
    bool has_interval;             /* speedup_interval is set */
    Interval speedup_interval;     /* bootstrap, bench/bootstrap.h */
} SmpSummary;

/* Positions whose baseline and measured runs all took time: what the
 * speedup is a mean over. */
static bool timed_position(const SmpBench *b, int config, int position)
{
    if (run_at(b, 0, position, median_at(b, 0, position))->nodes == 0 ||
        run_at(b, config, position, median_at(b, config, position))->nodes == 0)
        return false;
    for (int r = 0; r < b->o->runs; r++)
        if (run_at(b, 0, position, r)->ms <= 0 || run_at(b, config, position, r)->ms <= 0)
            return false;
    return true;
}

_Static_assert((int)SMP_BENCH_MAX_RUNS <= (int)BOOTSTRAP_MAX_RUNS, "every run count bench search takes can be resampled");

/* The bootstrap interval of config's speedup over its timed positions. */
static bool speedup_interval(const SmpBench *b, int config, Interval *out)
{
    const int runs = b->o->runs;
    size_t cells = (size_t)b->position_count * (size_t)runs;
    double *base_ms = malloc(cells * sizeof *base_ms), *ms = malloc(cells * sizeof *ms);
    int positions = 0;
    for (int p = 0; base_ms && ms && p < b->position_count; p++) {
        if (!timed_position(b, config, p))
            continue;
        for (int r = 0; r < runs; r++) {
            base_ms[(size_t)positions * (size_t)runs + (size_t)r] = run_at(b, 0, p, r)->ms;
            ms[(size_t)positions * (size_t)runs + (size_t)r] = run_at(b, config, p, r)->ms;
        }
        positions++;
    }
    BootstrapSettings settings = bootstrap_defaults();
    SpeedupSample sample = { base_ms, ms, positions, runs };
    bool ok = base_ms && ms && bootstrap_speedup_interval(&sample, &settings, out);
    free(base_ms), free(ms);
    return ok;
}

static SmpSummary summarise(const SmpBench *b, int config)
{
    SmpSummary s = { 0 };
    double log_speedup = 0, log_overhead = 0, log_nps = 0, idle_ns = 0, busy_ns = 0;
    int agree = 0, counted = 0;
    for (int p = 0; p < b->position_count; p++) {
        const SmpRun *base = run_at(b, 0, p, median_at(b, 0, p));
        const SmpRun *mine = run_at(b, config, p, median_at(b, config, p));
        for (int r = 0; r < b->o->runs; r++) {
            agree += run_at(b, config, p, r)->best == base->best;
            counted++;
        }
        s.time_ms += mine->ms;
        s.nodes += (double)mine->nodes;
        s.mean_depth += mine->depth;
        s.splits += (double)mine->splits;
        s.deferred += (double)mine->deferred;
        idle_ns += (double)mine->idle_ns;
        busy_ns += mine->ms * 1e6 * b->configs[config].threads;
        if (base->ms <= 0 || mine->ms <= 0 || base->nodes == 0 || mine->nodes == 0)
            continue;
        log_speedup += log(base->ms / mine->ms);
        log_overhead += log((double)mine->nodes / (double)base->nodes);
        log_nps += log(nps_of(mine) / nps_of(base));
        s.positions++;
    }
    int n = b->position_count;
    s.mean_depth /= n;
    s.splits /= n;
    s.deferred /= n;
    s.idle_fraction = busy_ns > 0 ? idle_ns / busy_ns : 0;
    s.agreement = counted ? (double)agree / counted : 0;
    if (s.positions) {
        s.speedup = exp(log_speedup / s.positions);
        s.overhead = exp(log_overhead / s.positions);
        s.nps_scaling = exp(log_nps / s.positions);
    }
    if (b->o->limit != SMP_LIMIT_MOVETIME)
        s.has_interval = speedup_interval(b, config, &s.speedup_interval);
    return s;
}

static void json_number_or_null(JsonWriter *w, const char *name, bool present, double value)
{
    if (present)
        json_double(w, name, value, 4);
    else
        json_null(w, name);
}

static void write_summary(const SmpBench *b, FILE *table, JsonWriter *json)
{
    /* At a fixed time, time ratios say nothing and node ratios are NPS. */
    bool timed = b->o->limit == SMP_LIMIT_MOVETIME;
    fprintf(table, "\nsummary against serial on 1 thread (geometric means over %d positions; %s %llu, %d run%s, "
                   "median):\n",
            b->position_count, smp_bench_limit_name(b->o->limit), (unsigned long long)b->o->limit_value, b->o->runs,
            b->o->runs == 1 ? "" : "s");
    fprintf(table, "%-7s %7s %8s %11s %9s %8s %7s %6s %10s %7s %9s\n", "variant", "threads", "speedup", "95% interval",
            "overhead", "nps-scal", "agree", "depth", "total ms", "idle%", "splits");
    if (json) {
        json_end(json); /* results */
        json_array_begin(json, "summary", JSON_LINES);
    }
    for (int c = 0; c < b->config_count; c++) {
        SmpSummary s = summarise(b, c);
        const SmpConfig *k = &b->configs[c];
        char speedup[16] = "-", overhead[16] = "-", interval[32] = "-";
        if (!timed && s.positions) {
            snprintf(speedup, sizeof speedup, "%.2f", s.speedup);
            snprintf(overhead, sizeof overhead, "%.2f", s.overhead);
        }
        if (s.has_interval)
            snprintf(interval, sizeof interval, "%.2f-%.2f", s.speedup_interval.low, s.speedup_interval.high);
        fprintf(table, "%-7s %7d %8s %11s %9s %8.2f %7.2f %6.1f %10.1f %7.1f %9.1f\n", smp_variant_name(k->variant),
                k->threads, speedup, interval, overhead, s.positions ? s.nps_scaling : 0.0, s.agreement, s.mean_depth,
                s.time_ms, 100 * s.idle_fraction, s.splits);
        if (json == NULL)
            continue;
        json_object_begin(json, NULL, JSON_LINES);
        json_string(json, "variant", smp_variant_name(k->variant));
        json_int(json, "threads", k->threads);
        json_int(json, "positions", s.positions);
        json_number_or_null(json, "speedup", !timed && s.positions, s.speedup);
        if (s.has_interval) {
            json_object_begin(json, "speedup_interval", JSON_INLINE);
            json_double(json, "low", s.speedup_interval.low, 4);
            json_double(json, "high", s.speedup_interval.high, 4);
            json_end(json);
        } else {
            json_null(json, "speedup_interval");
        }
        json_number_or_null(json, "search_overhead", !timed && s.positions, s.overhead);
        json_number_or_null(json, "nps_scaling", s.positions, s.nps_scaling);
        json_double(json, "best_move_agreement", s.agreement, 4);
        json_double(json, "mean_depth", s.mean_depth, 3);
        json_double(json, "time_ms_total", s.time_ms, 3);
        json_double(json, "nodes_total", s.nodes, 0);
        json_double(json, "nps", s.time_ms > 0 ? s.nodes * 1000 / s.time_ms : 0.0, 0);
        json_double(json, "splits_per_search", s.splits, 2);
        json_double(json, "deferred_per_search", s.deferred, 2);
        json_double(json, "idle_fraction", s.idle_fraction, 4);
        json_array_begin(json, "placement", JSON_INLINE);
        /* Where the threads ran: "PU 3 (core 1, package 0, NUMA 0)", or unbound. */
        for (int t = 0; t < k->threads && t < ENGINE_MAX_THREADS; t++) {
            char where[160] = "unbound";
            int pu = b->config_pus[c][t];
            if (pu >= 0 && b->topology)
                topology_describe_pu(b->topology, pu, where, sizeof where);
            else if (pu >= 0)
                snprintf(where, sizeof where, "PU %d", pu);
            json_string(json, NULL, where);
        }
        json_end(json);
        json_end(json);
    }
    if (json) {
        json_end(json); /* summary */
        json_end(json); /* the file */
        json_flush(json);
    }
}

/* ---- the benchmark ---- */

static void configure(Engine *e, const SmpBenchOptions *o, const SmpConfig *c)
{
    engine_set_smp(e, c->variant);
    engine_set_threads(e, c->threads);
    engine_set_bind(e, o->bind);
    engine_set_min_split_depth(e, o->min_split_depth);
    engine_set_split_threads(e, o->split_threads);
}

static void run_cell(SmpBench *b, Engine *e, int config, int position, FILE *progress)
{
    const SmpConfig *c = &b->configs[config];
    const NamedPosition *p = &b->positions[position];
    for (int r = 0; r < b->o->runs; r++) {
        SmpRun *run = run_at(b, config, position, r);
        search_once(b, e, p, run);
        for (int t = 0; t < c->threads && t < ENGINE_MAX_THREADS; t++) {
            b->thread_nodes[r][t] = b->stats.thread[t].nodes;
            b->pus[t] = b->stats.thread[t].pu;
        }
        fprintf(progress, "bench search: %s x%d, position %d/%d (%s), run %d/%d: %.1f ms, %llu nodes\n",
                smp_variant_name(c->variant), c->threads, position + 1, b->position_count, p->name, r + 1, b->o->runs,
                run->ms, (unsigned long long)run->nodes);
        fflush(progress);
    }
    b->median[(size_t)config * (size_t)b->position_count + (size_t)position] =
        pick_median(run_at(b, config, position, 0), b->o->runs);
    memcpy(b->config_pus[config], b->pus, sizeof b->pus);
}

bool smp_bench_run(const SmpBenchOptions *o, const NamedPosition *positions, int position_count, FILE *table,
                   FILE *progress, FILE *json, char *err, size_t err_len)
{
    SmpBench *b = calloc(1, sizeof *b);
    if (b == NULL) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    b->o = o;
    b->positions = positions;
    b->position_count = position_count;
    plan_configs(b);
    size_t cells = (size_t)b->config_count * (size_t)position_count;
    b->runs = calloc(cells * (size_t)o->runs, sizeof *b->runs);
    b->median = calloc(cells, sizeof *b->median);
    b->thread_nodes = calloc((size_t)o->runs, sizeof *b->thread_nodes);
    b->config_pus = calloc((size_t)b->config_count, sizeof *b->config_pus);
    Engine *e = engine_new(o->hash_mb);
    if (b->runs == NULL || b->median == NULL || b->thread_nodes == NULL || b->config_pus == NULL || e == NULL) {
        snprintf(err, err_len, "out of memory (hash %zu MB)", o->hash_mb);
        engine_free(e);
        free(b->runs), free(b->median), free(b->thread_nodes), free(b->config_pus), free(b);
        return false;
    }
    JsonWriter writer, *w = NULL;
    if (json) {
        json_writer_init(&writer, json);
        w = &writer;
        b->topology = topology_open();
        result_json_open(w, "chesslab-bench-search/1", b->topology);
        json_method(b, w);
        json_flush(w);
    }
    fprintf(table, "bench search: %d configurations x %d positions, %s %llu, hash %zu MB, bind %s, 1 warm-up + %d "
                   "run%s (median)\n",
            b->config_count, position_count, smp_bench_limit_name(o->limit), (unsigned long long)o->limit_value,
            o->hash_mb, bind_policy_name(o->bind), o->runs, o->runs == 1 ? "" : "s");
    print_row_header(table);
    for (int c = 0; c < b->config_count; c++) {
        configure(e, o, &b->configs[c]);
        SmpRun warmup;
        search_once(b, e, &positions[0], &warmup);
        for (int p = 0; p < position_count; p++) {
            run_cell(b, e, c, p, progress);
            print_row(table, &b->configs[c], &positions[p], run_at(b, c, p, median_at(b, c, p)));
            if (w)
                json_cell(b, w, c, p);
        }
    }
    write_summary(b, table, w);
    fflush(table);
    topology_close(b->topology);
    engine_free(e);
    free(b->runs), free(b->median), free(b->thread_nodes), free(b->config_pus), free(b);
    return true;
}
