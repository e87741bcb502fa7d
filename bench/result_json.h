/* Result files (results/FORMAT.md): the machine, the build, the method and
 * one entry per measured case, written through a JsonWriter as the run
 * goes, each entry flushed (into the temporary file of core/atomic_file.h,
 * which a run killed part way leaves behind). */
#ifndef CHESSLAB_RESULT_JSON_H
#define CHESSLAB_RESULT_JSON_H

#include <stdio.h>

#include "core/json.h"
#include "core/topology.h"
#include "bench/movegen_runner.h"

typedef struct ResultMethod {
    int warmup_runs, runs;
    const char *bind;
} ResultMethod;

typedef struct ResultEntry {
    const char *kind;       /* "chesslab" or "peer" */
    const char *generator;  /* generator or peer name */
    const char *position, *fen;
    int depth;
    const char *mode;
    int threads;
    size_t hash_mb;
    uint64_t expected;      /* 0: unknown */
    const BenchTiming *timing;
} ResultEntry;

/* Opens the file's object and writes the members every result file
 * shares: schema, date, machine, build. The caller adds its own and
 * closes the object with json_end. */
void result_json_open(JsonWriter *w, const char *schema, Topology *topology);
/* Opens "method" with the members most result files share: warmup_runs,
 * runs, statistic, timer. The caller adds its own and calls json_end. */
void result_json_method_begin(JsonWriter *w, JsonLayout layout, int warmup_runs, int runs);
/* result_json_open, the method, and the opening of "results". */
void result_json_begin(JsonWriter *w, const char *schema, const ResultMethod *method, Topology *topology);
/* One entry of "results", flushed. */
void result_json_entry(JsonWriter *w, const ResultEntry *entry);
/* {"median", "min", "max", "runs"} of t, numbers at the given decimals. */
void result_json_timing(JsonWriter *w, const char *key, const BenchTiming *t, int decimals);
/* "mnps": nodes / seconds / 10^6 at t's median, max and min time. */
void result_json_mnps(JsonWriter *w, double nodes, const BenchTiming *t);
/* Closes "results" and the file's object. */
void result_json_end(JsonWriter *w);

#endif
