#include "bench/search_smp_bench.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/move_text.h"
#include "core/timer.h"
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

static void json_method(const SmpBench *b, FILE *json)
{
    const SmpBenchOptions *o = b->o;
    fprintf(json, "  \"method\": {\"warmup_searches\": 1, \"warmup\": \"one search of the first position per "
                  "configuration\", \"runs\": %d, \"statistic\": \"median\", \"timer\": \"CLOCK_MONOTONIC\",\n",
            o->runs);
    fprintf(json, "    \"limit\": \"%s\", \"limit_value\": %llu, \"hash_mb\": %zu, \"bind\": \"%s\", ",
            smp_bench_limit_name(o->limit), (unsigned long long)o->limit_value, o->hash_mb,
            bind_policy_name(o->bind));
    fprintf(json, "\"min_split_depth\": %d, \"split_threads\": %d,\n    \"table\": \"cleared before every search\", "
                  "\"baseline\": \"serial, 1 thread\", \"positions\": ",
            o->min_split_depth, o->split_threads);
    json_write_string(json, o->positions_source);
    fprintf(json, ", \"position_count\": %d,\n    \"configurations\": [", b->position_count);
    for (int c = 0; c < b->config_count; c++)
        fprintf(json, "%s{\"variant\": \"%s\", \"threads\": %d}", c ? ", " : "",
                smp_variant_name(b->configs[c].variant), b->configs[c].threads);
    fprintf(json, "]},\n  \"results\": [\n");
}

static void json_run_fields(FILE *json, const SmpRun *r)
{
    char move[MOVE_TEXT_MAX] = "";
    if (r->best != MOVE_NONE)
        move_to_uci(r->best, move);
    fprintf(json, "\"nodes\": %llu, \"nps\": %.0f, \"best_move\": ", (unsigned long long)r->nodes, nps_of(r));
    if (r->best != MOVE_NONE)
        json_write_string(json, move);
    else
        fprintf(json, "null");
    fprintf(json, ", \"score\": %d, \"mate\": ", r->score);
    if (score_is_mate(r->score))
        fprintf(json, "%d", score_mate_moves(r->score));
    else
        fprintf(json, "null");
    fprintf(json, ", \"depth\": %d, \"seldepth\": %d, \"splits\": %llu, \"deferred\": %llu, \"idle_ms\": %.3f",
            r->depth, r->seldepth, (unsigned long long)r->splits, (unsigned long long)r->deferred,
            (double)r->idle_ns / 1e6);
}

static void json_cell(const SmpBench *b, FILE *json, int config, int position, int index)
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
    fprintf(json, "%s    {\"variant\": \"%s\", \"threads\": %d, \"position\": ", index ? ",\n" : "",
            smp_variant_name(c->variant), c->threads);
    json_write_string(json, p->name);
    fprintf(json, ", \"fen\": ");
    json_write_string(json, p->fen);
    fprintf(json, ",\n     \"time_ms\": {\"median\": %.3f, \"min\": %.3f, \"max\": %.3f, \"runs\": [", median->ms, lo,
            hi);
    for (int r = 0; r < runs; r++)
        fprintf(json, "%s%.3f", r ? ", " : "", run_at(b, config, position, r)->ms);
    fprintf(json, "]},\n     ");
    json_run_fields(json, median);
    fprintf(json, ",\n     \"pus\": [");
    for (int t = 0; t < c->threads && t < ENGINE_MAX_THREADS; t++)
        fprintf(json, "%s%d", t ? ", " : "", b->pus[t]);
    fprintf(json, "],\n     \"runs\": [");
    for (int r = 0; r < runs; r++) {
        const SmpRun *run = run_at(b, config, position, r);
        fprintf(json, "%s\n       {\"time_ms\": %.3f, ", r ? "," : "", run->ms);
        json_run_fields(json, run);
        fprintf(json, ", \"thread_nodes\": [");
        for (int t = 0; t < c->threads && t < ENGINE_MAX_THREADS; t++)
            fprintf(json, "%s%llu", t ? ", " : "", (unsigned long long)b->thread_nodes[r][t]);
        fprintf(json, "]}");
    }
    fprintf(json, "]}");
    fflush(json);
}

/* ---- summary ---- */

typedef struct SmpSummary {
    int positions;                 /* with a usable baseline */
    double speedup, overhead, nps_scaling, agreement, mean_depth;
    double time_ms, nodes;         /* sums of the median runs */
    double splits, deferred;       /* per search (median runs) */
    double idle_fraction;          /* idle time / (threads x time), median runs */
} SmpSummary;

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
    return s;
}

static void json_number_or_null(FILE *json, const char *name, bool present, double value)
{
    fprintf(json, "\"%s\": ", name);
    if (present)
        fprintf(json, "%.4f", value);
    else
        fprintf(json, "null");
}

static void write_summary(const SmpBench *b, FILE *table, FILE *json)
{
    /* At a fixed time, time ratios say nothing and node ratios are NPS. */
    bool timed = b->o->limit == SMP_LIMIT_MOVETIME;
    fprintf(table, "\nsummary against serial on 1 thread (geometric means over %d positions; %s %llu, %d run%s, "
                   "median):\n",
            b->position_count, smp_bench_limit_name(b->o->limit), (unsigned long long)b->o->limit_value, b->o->runs,
            b->o->runs == 1 ? "" : "s");
    fprintf(table, "%-7s %7s %8s %9s %8s %7s %6s %10s %7s %9s\n", "variant", "threads", "speedup", "overhead",
            "nps-scal", "agree", "depth", "total ms", "idle%", "splits");
    if (json)
        fprintf(json, "\n  ],\n  \"summary\": [");
    for (int c = 0; c < b->config_count; c++) {
        SmpSummary s = summarise(b, c);
        const SmpConfig *k = &b->configs[c];
        char speedup[16] = "-", overhead[16] = "-";
        if (!timed && s.positions) {
            snprintf(speedup, sizeof speedup, "%.2f", s.speedup);
            snprintf(overhead, sizeof overhead, "%.2f", s.overhead);
        }
        fprintf(table, "%-7s %7d %8s %9s %8.2f %7.2f %6.1f %10.1f %7.1f %9.1f\n", smp_variant_name(k->variant),
                k->threads, speedup, overhead, s.positions ? s.nps_scaling : 0.0, s.agreement, s.mean_depth,
                s.time_ms, 100 * s.idle_fraction, s.splits);
        if (json == NULL)
            continue;
        fprintf(json, "%s\n    {\"variant\": \"%s\", \"threads\": %d, \"positions\": %d, ", c ? "," : "",
                smp_variant_name(k->variant), k->threads, s.positions);
        json_number_or_null(json, "speedup", !timed && s.positions, s.speedup);
        fprintf(json, ", ");
        json_number_or_null(json, "search_overhead", !timed && s.positions, s.overhead);
        fprintf(json, ", ");
        json_number_or_null(json, "nps_scaling", s.positions, s.nps_scaling);
        fprintf(json, ",\n     \"best_move_agreement\": %.4f, \"mean_depth\": %.3f, \"time_ms_total\": %.3f, "
                      "\"nodes_total\": %.0f, \"nps\": %.0f,\n     \"splits_per_search\": %.2f, "
                      "\"deferred_per_search\": %.2f, \"idle_fraction\": %.4f,\n     \"placement\": [",
                s.agreement, s.mean_depth, s.time_ms, s.nodes, s.time_ms > 0 ? s.nodes * 1000 / s.time_ms : 0.0,
                s.splits, s.deferred, s.idle_fraction);
        /* Where the threads ran: "PU 3 (core 1, package 0, NUMA 0)", or unbound. */
        for (int t = 0; t < k->threads && t < ENGINE_MAX_THREADS; t++) {
            char where[160] = "unbound";
            int pu = b->config_pus[c][t];
            if (pu >= 0 && b->topology)
                topology_describe_pu(b->topology, pu, where, sizeof where);
            else if (pu >= 0)
                snprintf(where, sizeof where, "PU %d", pu);
            fprintf(json, "%s", t ? ", " : "");
            json_write_string(json, where);
        }
        fprintf(json, "]}");
    }
    if (json)
        fprintf(json, "\n  ]\n}\n");
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
    if (json) {
        b->topology = topology_open();
        result_json_header(json, "chesslab-bench-search/1", b->topology);
        json_method(b, json);
    }
    fprintf(table, "bench search: %d configurations x %d positions, %s %llu, hash %zu MB, bind %s, 1 warm-up + %d "
                   "run%s (median)\n",
            b->config_count, position_count, smp_bench_limit_name(o->limit), (unsigned long long)o->limit_value,
            o->hash_mb, bind_policy_name(o->bind), o->runs, o->runs == 1 ? "" : "s");
    print_row_header(table);
    int entries = 0;
    for (int c = 0; c < b->config_count; c++) {
        configure(e, o, &b->configs[c]);
        SmpRun warmup;
        search_once(b, e, &positions[0], &warmup);
        for (int p = 0; p < position_count; p++) {
            run_cell(b, e, c, p, progress);
            print_row(table, &b->configs[c], &positions[p], run_at(b, c, p, median_at(b, c, p)));
            if (json)
                json_cell(b, json, c, p, entries++);
        }
    }
    write_summary(b, table, json);
    fflush(table);
    topology_close(b->topology);
    engine_free(e);
    free(b->runs), free(b->median), free(b->thread_nodes), free(b->config_pus), free(b);
    return true;
}
