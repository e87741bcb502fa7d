/* Slider-attack lookups of every bitboard strategy, for the micro
 * benchmarks: each loop runs one strategy's static inline queen attacks
 * (rook | bishop) over a batch of (square, occupancy) queries, compiled with
 * that strategy's instruction set, so the measurement includes no call per
 * lookup. A loop may run only when its available() says so. */
#ifndef CHESSLAB_SLIDER_LOOPS_H
#define CHESSLAB_SLIDER_LOOPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct SliderQuery {
    uint64_t occupied;
    uint8_t square;
} SliderQuery;

typedef struct SliderLoop {
    const char *name;
    bool (*available)(void);  /* CPU support; also builds the tables */
    uint64_t (*run)(const SliderQuery *queries, size_t count); /* XOR of all attack sets */
} SliderLoop;

extern const SliderLoop slider_loops[];
extern const size_t slider_loop_count;

/* Loops compiled with extra instruction sets (slider_loops_*.c). */
uint64_t slider_loop_pext(const SliderQuery *queries, size_t count);
void slider_loop_pext_init(void);
uint64_t slider_loop_simd_avx2(const SliderQuery *queries, size_t count);
uint64_t slider_loop_simd_avx512(const SliderQuery *queries, size_t count);

#endif
