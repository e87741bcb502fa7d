/* Helpers shared by the C tests: cmocka includes, suite loading, and the
 * per-generator test matrix built at run time from the registry. */
#ifndef CHESSLAB_TEST_SUPPORT_H
#define CHESSLAB_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "core/epd.h"
#include "core/setup.h"
#include "core/movegen.h"
#include "core/timer.h"

/* Loads every line of a perft EPD file from the data directory (the
 * CHESSLAB_DATA_DIR environment variable, else the build-time default).
 * Fails the calling test on a missing file or a bad line. */
typedef struct SuiteLines {
    PerftEpdLine *lines;
    int count;
} SuiteLines;
SuiteLines suite_load(const char *file_name);
void suite_free(SuiteLines *suite);

/* A file of the data directory (the CHESSLAB_DATA_DIR environment
 * variable, else the build-time default), or an absolute path, opened for
 * reading; fails the calling test when it cannot be opened. */
FILE *data_file_open(const char *file_name);

/* Every line of a data file, newline kept; free with data_lines_free. */
typedef struct DataLines {
    char **lines;
    int count;
} DataLines;
DataLines data_lines_read(const char *file_name);
void data_lines_free(DataLines *d);

/* The position with the board flipped top to bottom and the colours
 * swapped (side to move, castling rights, en passant square too): the
 * same position for the other side. */
void setup_mirror_colours(const Setup *s, Setup *m);

/* An environment variable as an unsigned integer, or fallback when unset. */
uint64_t env_u64(const char *name, uint64_t fallback);

/* Depth to test a line at: the deepest published depth whose count is at
 * most budget, but at least min_depth (capped by the line's deepest). */
int suite_depth(const PerftEpdLine *line, uint64_t budget, int min_depth);

/* Tests that involve threads and clocks assert nothing about speed: how
 * promptly a search ends is measured by `chesslab bench stop`. A time bound
 * in a test is a sanity bound that a machine many times slower than an idle
 * one (sanitizers, more threads than cores, every core busy) still meets;
 * it catches a search that ignores its limit, not one that is slow. */
enum { TEST_SANITY_MS = 20000 };

/* Sleeps ms milliseconds (deadlines use core/timer.h's timer_now_ms). */
void test_sleep_ms(long ms);

/* Test matrix: one cmocka test per available generator, state = MoveGen. */
typedef struct GenTestCase {
    char name[96];
    const MoveGen *gen;
    const void *param;
} GenTestCase;

/* Runs fn once per available generator and parameter; returns failures. */
int run_per_generator(const char *group, void (*fn)(void **state), const char *fn_name,
                      const void *const *params, const char *const *param_names, int param_count);

#endif
