/* Result files (results/FORMAT.md): the machine, the build, the method and
 * one entry per measured case, written as the run goes. */
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

/* The opening brace and the fields every result file shares: schema,
 * date, machine, build (each line ends with a comma). */
void result_json_header(FILE *out, const char *schema, Topology *topology);
/* result_json_header, the method, and the opening of "results". */
void result_json_begin(FILE *out, const char *schema, const ResultMethod *method, Topology *topology);
void result_json_entry(FILE *out, const ResultEntry *entry, int index);
void result_json_end(FILE *out);

#endif
