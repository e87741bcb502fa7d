/* The stop-latency benchmark (`chesslab bench stop`): how fast the engine
 * answers `stop` and how far it overruns a fixed movetime, per SMP variant
 * and thread count, through the engine API as the UCI loop uses it.
 *
 * Per configuration, one warm-up of each kind and then R counted runs:
 *   stop      engine_go with infinite limits, engine_stop from the caller
 *             after `after_ms`; latency = the engine_stop call to the
 *             bestmove callback (what a GUI waits for), and to the return
 *             of engine_stop (search threads joined);
 *   movetime  engine_go with movetime M; overrun = (go to the bestmove
 *             callback) - M, negative when the engine answered early (the
 *             move overhead is subtracted from M by the time manager).
 * Median, min and max of each. Tests keep only loose sanity bounds on
 * these times (issue 13); this is where they are measured. Results go to a
 * table, progress lines and a JSON file (results/FORMAT.md, schema
 * chesslab-bench-stop/1). */
#ifndef CHESSLAB_STOP_BENCH_H
#define CHESSLAB_STOP_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/setup.h"
#include "core/topology.h"
#include "bench/movegen_runner.h"
#include "search/smp.h"

enum { STOP_BENCH_MAX_THREAD_COUNTS = 16, STOP_BENCH_MAX_RUNS = BENCH_MAX_RUNS };

typedef struct StopBenchOptions {
    SmpVariant variants[SMP_VARIANT_COUNT];
    int variant_count;
    int threads[STOP_BENCH_MAX_THREAD_COUNTS];
    int thread_count;
    int runs;             /* counted runs of each kind */
    int64_t after_ms;     /* stop this long after go */
    int64_t movetime_ms;
    int64_t overhead_ms;  /* the engine's move overhead */
    size_t hash_mb;
    BindPolicy bind;
    const char *fen;      /* for the table and the JSON */
    Setup setup;
} StopBenchOptions;

/* Runs the benchmark: a row per configuration to table, a line per run to
 * progress, the JSON to json (may be NULL). Serial runs once, on one
 * thread, whatever the thread counts. False with a message when out of
 * memory. */
bool stop_bench_run(const StopBenchOptions *o, FILE *table, FILE *progress, FILE *json, char *err, size_t err_len);

#endif
