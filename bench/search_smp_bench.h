/* The parallel search benchmark (`chesslab bench search`): every
 * configuration (SMP variant x thread count) searches every position to
 * the same limit, the table cleared before each search; one warm-up search
 * per configuration, then R counted runs per position, the run with the
 * median time standing for the position.
 *
 * Serial on one thread is always run first: it is the baseline of the
 * summary, per configuration (geometric means over the positions):
 *   speedup          time(serial, 1) / time(variant, N)   (not for --movetime)
 *   search overhead  nodes(variant, N) / nodes(serial, 1)  (not for --movetime)
 *   NPS scaling      NPS(variant, N) / NPS(serial, 1)
 *   agreement        fraction of counted runs whose best move is the one of
 *                    serial's median run on that position;
 * and the speedup's 95% bootstrap interval (bench/bootstrap.h).
 * Results go to a table, progress lines and a JSON file
 * (results/FORMAT.md, schema chesslab-bench-search/1). */
#ifndef CHESSLAB_SEARCH_SMP_BENCH_H
#define CHESSLAB_SEARCH_SMP_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/position_file.h"
#include "core/topology.h"
#include "search/smp.h"

enum { SMP_BENCH_MAX_THREAD_COUNTS = 16, SMP_BENCH_MAX_POSITIONS = 1024, SMP_BENCH_MAX_RUNS = 25 };

typedef enum { SMP_LIMIT_DEPTH, SMP_LIMIT_NODES, SMP_LIMIT_MOVETIME } SmpBenchLimit;

typedef struct SmpBenchOptions {
    SmpVariant variants[SMP_VARIANT_COUNT];
    int variant_count;
    int threads[SMP_BENCH_MAX_THREAD_COUNTS];
    int thread_count;
    SmpBenchLimit limit;
    uint64_t limit_value;          /* depth, nodes or milliseconds */
    int runs;                      /* counted runs per position */
    size_t hash_mb;
    BindPolicy bind;
    int min_split_depth, split_threads;
    const char *positions_source;  /* file name, for the JSON */
} SmpBenchOptions;

const char *smp_bench_limit_name(SmpBenchLimit limit);

/* Runs the benchmark: a row per configuration and position and then the
 * summary to table, a line per search to progress, the JSON to json (may
 * be NULL). False with a message when out of memory. */
bool smp_bench_run(const SmpBenchOptions *o, const NamedPosition *positions, int position_count, FILE *table,
                   FILE *progress, FILE *json, char *err, size_t err_len);

#endif
