/* The run-time levels of the "simd" generator, exposed for tests: which
 * levels this CPU runs, each level's attack functions out of line, and the
 * generator pinned to one level (not in the registry). Call anything of a
 * level only when simd_level_supported(level). */
#ifndef CHESSLAB_BITBOARD_SIMD_LEVELS_H
#define CHESSLAB_BITBOARD_SIMD_LEVELS_H

#include "core/movegen.h"

typedef enum { SIMD_LEVEL_SCALAR, SIMD_LEVEL_AVX2, SIMD_LEVEL_AVX512, SIMD_LEVEL_COUNT } SimdLevel;

bool simd_level_supported(SimdLevel level);
SimdLevel simd_best_level(void); /* what movegen_simd runs here */
const char *simd_level_name(SimdLevel level);

uint64_t simd_level_rook_attacks(SimdLevel level, Square sq, uint64_t occupied);
uint64_t simd_level_bishop_attacks(SimdLevel level, Square sq, uint64_t occupied);
uint64_t simd_level_queen_attacks(SimdLevel level, Square sq, uint64_t occupied);

/* "simd-scalar", "simd-avx2", "simd-avx512": same board as movegen_simd. */
const MoveGen *simd_level_generator(SimdLevel level);

#endif
