#include "bench/movegen_runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/perft_parallel.h"
#include "core/timer.h"

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void bench_timing_summarise(BenchTiming *t)
{
    double sorted[BENCH_MAX_RUNS];
    memcpy(sorted, t->runs, (size_t)t->run_count * sizeof sorted[0]);
    qsort(sorted, (size_t)t->run_count, sizeof sorted[0], compare_double);
    int n = t->run_count;
    t->min = sorted[0];
    t->max = sorted[n - 1];
    t->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

static bool run_once(const BenchCase *c, void *board, BindPolicy bind, Topology *topology, uint64_t *nodes,
                     double *seconds, char *err, size_t err_len)
{
    PerftMode mode = c->mode == BENCH_FULL ? PERFT_FULL : PERFT_BULK;
    if (c->threads == 1 && c->mode != BENCH_HASH) {
        double start = timer_seconds();
        *nodes = c->gen->perft(board, c->depth, mode);
        *seconds = timer_seconds() - start;
        return true;
    }
    PerftJob job = { c->gen, board, c->depth, mode, c->threads, c->mode == BENCH_HASH ? c->hash_mb : 0, bind,
                     topology, false };
    PerftOutcome out;
    if (!perft_parallel(&job, &out, err, err_len))
        return false;
    *nodes = out.nodes;
    *seconds = out.seconds;
    perft_outcome_free(&out);
    return true;
}

bool bench_run_case(const BenchCase *c, int runs, BindPolicy bind, Topology *topology, BenchTiming *out, char *err,
                    size_t err_len)
{
    memset(out, 0, sizeof *out);
    if (runs < 1 || runs > BENCH_MAX_RUNS) {
        snprintf(err, err_len, "runs must be 1..%d", BENCH_MAX_RUNS);
        return false;
    }
    void *board = movegen_board_new(c->gen);
    if (board == NULL) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    c->gen->load(board, &c->setup);
    out->correct = true;
    bool ok = true;
    for (int r = -1; r < runs && ok; r++) { /* r == -1: warm-up, not counted */
        uint64_t nodes;
        double seconds;
        ok = run_once(c, board, bind, topology, &nodes, &seconds, err, err_len);
        if (!ok)
            break;
        out->nodes = nodes;
        if (c->expected && nodes != c->expected)
            out->correct = false;
        if (r >= 0)
            out->runs[out->run_count++] = seconds;
    }
    movegen_board_free(board);
    if (ok)
        bench_timing_summarise(out);
    return ok;
}

const char *bench_mode_name(BenchMode mode)
{
    return mode == BENCH_FULL ? "full" : mode == BENCH_HASH ? "hash" : "bulk";
}

bool bench_mode_parse(const char *text, BenchMode *mode)
{
    if (strcmp(text, "bulk") == 0)
        *mode = BENCH_BULK;
    else if (strcmp(text, "full") == 0)
        *mode = BENCH_FULL;
    else if (strcmp(text, "hash") == 0)
        *mode = BENCH_HASH;
    else
        return false;
    return true;
}
