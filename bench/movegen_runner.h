/* The macro benchmark of move generation: one case is a generator on a
 * position at a depth, in a mode, with a thread count; it is run once to
 * warm up and then `runs` times, and its count is checked every time. */
#ifndef CHESSLAB_MOVEGEN_RUNNER_H
#define CHESSLAB_MOVEGEN_RUNNER_H

#include "core/movegen.h"
#include "core/topology.h"

enum { BENCH_MAX_RUNS = 25 };

typedef enum { BENCH_BULK, BENCH_FULL, BENCH_HASH } BenchMode;

typedef struct BenchCase {
    const MoveGen *gen;
    const char *position; /* a name for tables and JSON */
    Setup setup;
    int depth;
    uint64_t expected;    /* published count; 0 when unknown (not checked) */
    BenchMode mode;       /* hash: bulk counting with a shared table */
    int threads;
    size_t hash_mb;       /* table size for BENCH_HASH */
} BenchCase;

typedef struct BenchTiming {
    uint64_t nodes;
    bool correct;         /* every run gave the expected count */
    int run_count;
    double runs[BENCH_MAX_RUNS];
    double median, min, max; /* seconds */
} BenchTiming;

/* Median, min and max of the run times already in t->runs. */
void bench_timing_summarise(BenchTiming *t);

/* One thread in bulk or full mode calls the generator's own perft loop;
 * otherwise the parallel driver runs (a new table for every run, so that
 * hashed runs do not feed on each other). */
bool bench_run_case(const BenchCase *c, int runs, BindPolicy bind, Topology *topology, BenchTiming *out, char *err,
                    size_t err_len);

const char *bench_mode_name(BenchMode mode);
bool bench_mode_parse(const char *text, BenchMode *mode);

#endif
