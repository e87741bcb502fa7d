/* What the search benchmarks (`bench search`, `bench stop`) parse and
 * write alike: the configuration lists, runs, table, placement and the
 * --out file (which `bench movegen` writes the same way). */
#ifndef CHESSLAB_CLI_BENCH_OPTIONS_H
#define CHESSLAB_CLI_BENCH_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/atomic_file.h"
#include "core/topology.h"
#include "search/smp.h"

/* Where the values go: fields of the caller's own options. */
typedef struct BenchSharedOptions {
    SmpVariant *variants;   /* SMP_VARIANT_COUNT of them */
    int *variant_count;
    int *threads;
    int *thread_count;
    int max_thread_counts;
    int *runs;
    int max_runs;
    size_t *hash_mb;
    BindPolicy *bind;
    const char **out_file;
} BenchSharedOptions;

/* Every SMP variant, in order: the default list. Returns the count. */
int bench_default_variants(SmpVariant *out);

/* 1, 2, 4, ... and this machine's PU count (at most the Threads maximum),
 * at most max counts: the default thread counts. Returns the count. */
int bench_default_threads(int *out, int max);

/* argv[*i] as --smp, --threads, --runs, --hash, --bind or --out: 1 when
 * taken (value checked, *i advanced), 0 when it is none of them, -1 after
 * reporting a bad value. */
int bench_shared_option(const char *cmd, int argc, char **argv, int *i, const BenchSharedOptions *s);

/* Opens --out as a temporary file beside path, renamed over it only by
 * bench_out_close after a run that went well (core/atomic_file.h), so a
 * bad path is refused before the run and a failed or killed run leaves an
 * earlier file as it was. json->f is NULL when path is NULL. False after
 * reporting. */
bool bench_out_open(const char *cmd, const char *path, AtomicFile *json);
/* Commits the JSON when ok, else discards it; reports how the run went
 * (err when !ok) or why the file could not be written: the exit status. */
int bench_out_close(const char *cmd, const char *path, AtomicFile *json, bool ok, const char *err);

#endif
