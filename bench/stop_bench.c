#include "bench/stop_bench.h"

#include <stdlib.h>
#include <time.h>

#include "core/timer.h"
#include "bench/result_json.h"
#include "search/engine.h"

/* What the bestmove callback saw. Written on the search thread and read
 * after engine_stop or engine_wait returned, which wait for the callback. */
typedef struct Answer {
    double at;  /* timer_seconds() when the callback ran */
    int depth;
} Answer;

static void on_bestmove(void *ctx, const SearchResult *r)
{
    Answer *a = ctx;
    a->at = timer_seconds();
    a->depth = r->depth;
}

/* One configuration's samples, in milliseconds (BenchTiming only for its
 * median, min and max). */
typedef struct StopCell {
    SmpVariant variant;
    int threads;
    BenchTiming stop, stop_return, overrun;
    int depths[STOP_BENCH_MAX_RUNS]; /* reached when stopped */
} StopCell;

static void sleep_ms(int64_t ms)
{
    struct timespec ts = { .tv_sec = (time_t)(ms / 1000), .tv_nsec = (long)(ms % 1000) * 1000000L };
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* Every run starts from an empty table and history, like a new game, so
 * the runs see the same search. */
static void start_position(Engine *e, const StopBenchOptions *o)
{
    engine_new_game(e);
    engine_set_position(e, &o->setup, NULL, 0, NULL, 0);
}

/* Milliseconds from the engine_stop call to the bestmove callback and to
 * the return of engine_stop. */
static void stop_once(Engine *e, const StopBenchOptions *o, double *to_bestmove, double *to_return, int *depth)
{
    start_position(e, o);
    SearchLimits limits;
    search_limits_init(&limits);
    limits.infinite = true;
    Answer a = { 0 };
    EngineCallbacks cb = { .bestmove = on_bestmove, .ctx = &a };
    engine_go(e, &limits, &cb);
    sleep_ms(o->after_ms);
    double asked = timer_seconds();
    engine_stop(e);
    double returned = timer_seconds();
    *to_bestmove = (a.at - asked) * 1000.0;
    *to_return = (returned - asked) * 1000.0;
    *depth = a.depth;
}

/* Milliseconds from go to the bestmove callback, less the movetime. */
static double movetime_once(Engine *e, const StopBenchOptions *o)
{
    start_position(e, o);
    SearchLimits limits;
    search_limits_init(&limits);
    limits.clock.movetime_ms = o->movetime_ms;
    Answer a = { 0 };
    EngineCallbacks cb = { .bestmove = on_bestmove, .ctx = &a };
    double go = timer_seconds();
    engine_go(e, &limits, &cb);
    engine_wait(e);
    return (a.at - go) * 1000.0 - (double)o->movetime_ms;
}

static void measure(Engine *e, const StopBenchOptions *o, StopCell *c, FILE *progress)
{
    engine_set_smp(e, c->variant);
    engine_set_threads(e, c->threads);
    /* The warm-up starts the thread pool and touches the table. */
    double ignored_ms;
    int ignored_depth;
    stop_once(e, o, &ignored_ms, &ignored_ms, &ignored_depth);
    (void)movetime_once(e, o);
    for (int r = 0; r < o->runs; r++) {
        stop_once(e, o, &c->stop.runs[r], &c->stop_return.runs[r], &c->depths[r]);
        c->overrun.runs[r] = movetime_once(e, o);
        fprintf(progress, "bench stop: %s x%d, run %d/%d: stop %.3f ms (depth %d), movetime overrun %+.3f ms\n",
                smp_variant_name(c->variant), c->threads, r + 1, o->runs, c->stop.runs[r], c->depths[r],
                c->overrun.runs[r]);
        fflush(progress);
    }
    BenchTiming *samples[] = { &c->stop, &c->stop_return, &c->overrun };
    for (int s = 0; s < 3; s++) {
        samples[s]->run_count = o->runs;
        bench_timing_summarise(samples[s]);
    }
}

/* ---- output ---- */

static void stat_text(const BenchTiming *t, char *buf, size_t len)
{
    snprintf(buf, len, "%.3f (%.3f..%.3f)", t->median, t->min, t->max);
}

static void print_header(FILE *out, const StopBenchOptions *o, int configs)
{
    fprintf(out,
            "bench stop: %d configuration%s, %s, stop after %lld ms, movetime %lld ms (move overhead %lld ms), "
            "hash %zu MB, bind %s, 1 warm-up + %d run%s\n",
            configs, configs == 1 ? "" : "s", o->fen, (long long)o->after_ms, (long long)o->movetime_ms, (long long)o->overhead_ms,
            o->hash_mb, bind_policy_name(o->bind), o->runs, o->runs == 1 ? "" : "s");
    fprintf(out, "milliseconds, median (min..max):\n");
    fprintf(out, "%-7s %3s %28s %28s %28s\n", "variant", "thr", "stop -> bestmove", "stop -> return",
            "movetime overrun");
}

static void print_row(FILE *out, const StopCell *c)
{
    char stop[64], ret[64], over[64];
    stat_text(&c->stop, stop, sizeof stop);
    stat_text(&c->stop_return, ret, sizeof ret);
    stat_text(&c->overrun, over, sizeof over);
    fprintf(out, "%-7s %3d %28s %28s %28s\n", smp_variant_name(c->variant), c->threads, stop, ret, over);
    fflush(out);
}

static void json_method(JsonWriter *w, const StopBenchOptions *o)
{
    result_json_method_begin(w, JSON_LINES, 1, o->runs);
    json_int(w, "after_ms", o->after_ms);
    json_int(w, "movetime_ms", o->movetime_ms);
    json_int(w, "move_overhead_ms", o->overhead_ms);
    json_uint(w, "hash_mb", o->hash_mb);
    json_string(w, "bind", bind_policy_name(o->bind));
    json_string(w, "table", "cleared before every search");
    json_string(w, "fen", o->fen);
    json_string(w, "stop_latency", "engine_stop call to the bestmove callback");
    json_string(w, "stop_return", "engine_stop call to its return");
    json_string(w, "movetime_overrun", "engine_go call to the bestmove callback, less movetime_ms");
    json_end(w);
}

static void json_cell(JsonWriter *w, const StopCell *c)
{
    json_object_begin(w, NULL, JSON_LINES);
    json_string(w, "variant", smp_variant_name(c->variant));
    json_int(w, "threads", c->threads);
    result_json_timing(w, "stop_latency_ms", &c->stop, 3);
    result_json_timing(w, "stop_return_ms", &c->stop_return, 3);
    result_json_timing(w, "movetime_overrun_ms", &c->overrun, 3);
    json_array_begin(w, "stop_depths", JSON_INLINE);
    for (int r = 0; r < c->stop.run_count; r++)
        json_int(w, NULL, c->depths[r]);
    json_end(w);
    json_end(w);
    json_flush(w);
}

/* ---- the benchmark ---- */

/* The variants x thread counts as listed; serial always searches on one
 * thread, so it runs once. */
static int plan(const StopBenchOptions *o, StopCell *cells)
{
    int n = 0;
    for (int v = 0; v < o->variant_count; v++)
        for (int t = 0; t < o->thread_count; t++) {
            bool serial = o->variants[v] == SMP_SERIAL;
            cells[n++] = (StopCell){ .variant = o->variants[v], .threads = serial ? 1 : o->threads[t] };
            if (serial)
                break;
        }
    return n;
}

bool stop_bench_run(const StopBenchOptions *o, FILE *table, FILE *progress, FILE *json, char *err, size_t err_len)
{
    StopCell *cells = calloc(SMP_VARIANT_COUNT * STOP_BENCH_MAX_THREAD_COUNTS, sizeof *cells);
    Engine *e = engine_new(o->hash_mb);
    if (cells == NULL || e == NULL) {
        snprintf(err, err_len, "out of memory (hash %zu MB)", o->hash_mb);
        engine_free(e);
        free(cells);
        return false;
    }
    engine_set_bind(e, o->bind);
    engine_set_move_overhead(e, o->overhead_ms);
    int count = plan(o, cells);
    JsonWriter w;
    json_writer_init(&w, json);
    if (json) {
        Topology *topology = topology_open();
        result_json_open(&w, "chesslab-bench-stop/1", topology);
        topology_close(topology);
        json_method(&w, o);
        json_array_begin(&w, "results", JSON_LINES);
        json_flush(&w);
    }
    print_header(table, o, count);
    for (int c = 0; c < count; c++) {
        measure(e, o, &cells[c], progress);
        print_row(table, &cells[c]);
        if (json)
            json_cell(&w, &cells[c]);
    }
    if (json)
        result_json_end(&w);
    engine_free(e);
    free(cells);
    return true;
}
