/* Benchmarks of the search.
 *
 * The signature (`chesslab bench`, UCI `bench`): a fixed set of positions
 * searched to a fixed depth by one thread with a cleared 16 MB table each,
 * so the node total identifies the search exactly (any change in pruning,
 * ordering or evaluation changes it) and the time measures its speed.
 * Output follows Stockfish, which fishtest and OpenBench read: the totals
 * `Total time (ms) : N`, `Nodes searched  : N`, `Nodes/second    : N` on
 * stderr.
 *
 * Tactics (`chesslab bench tactics`): every line of an EPD suite searched
 * at a fixed node count (deterministic, no timing); a line is solved when
 * the move played is one of its `bm` moves and none of its `am` moves, and,
 * where it has `dm N`, the score is a mate in exactly N. */
#ifndef CHESSLAB_SEARCH_BENCH_H
#define CHESSLAB_SEARCH_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum { SEARCH_BENCH_DEFAULT_DEPTH = 13, SEARCH_BENCH_HASH_MB = 16 };

typedef struct SearchBenchTotals {
    uint64_t nodes;
    int64_t time_ms;
    int positions;
} SearchBenchTotals;

/* Per-position lines to out, the totals to err; net NULL: the linear
 * evaluation (the signature), else that network. False when out of memory. */
struct NnueNet;
bool search_bench_signature(int depth, const struct NnueNet *net, FILE *out, FILE *err, SearchBenchTotals *totals);

typedef struct TacticsOptions {
    const char *epd;     /* file path */
    uint64_t nodes;      /* per position (0: none) */
    int depth;           /* per position (0: none) */
    size_t hash_mb;
    int first, count;    /* lines first..first+count-1 (1-based; count 0: all) */
    bool verbose;        /* a line per position */
    const struct NnueNet *net; /* NULL: the linear evaluation */
} TacticsOptions;

typedef struct TacticsTotals {
    int solved, total, unreadable;
    uint64_t nodes;
    int64_t time_ms;
} TacticsTotals;

/* Runs the suite; messages about unreadable lines go to stderr as
 * FILE:LINE: problem (core/epd.h's EpdFile). False when the file cannot be
 * opened or is not a regular file (message in err_text). */
bool search_bench_tactics(const TacticsOptions *o, FILE *out, TacticsTotals *totals, char *err_text,
                          size_t err_len);

#endif
