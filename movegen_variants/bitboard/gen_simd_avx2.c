/* The simd generator at level avx2 (compiled with -mavx2 -mbmi2 -mpopcnt); its MoveGen and the
 * run-time choice of level are in gen_simd.c. */
#define SIMD_USE_LEVEL 1
#include "movegen_variants/bitboard/attacks_simd.h"

#define STRATEGY simd
#define GEN_EXPORT_PREFIX simd_avx2_impl_
#include "movegen_variants/bitboard/generator_template.h"
#include "movegen_variants/bitboard/generator_hashed.h"
