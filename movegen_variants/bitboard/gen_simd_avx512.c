/* The simd generator at level avx512 (compiled with -mavx512f -mavx512vl and the AVX2 flags); its MoveGen and the
 * run-time choice of level are in gen_simd.c. */
#define SIMD_USE_LEVEL 2
#include "movegen_variants/bitboard/attacks_simd.h"

#define STRATEGY simd
#define GEN_EXPORT_PREFIX simd_avx512_impl_
#include "movegen_variants/bitboard/generator_template.h"
#include "movegen_variants/bitboard/generator_hashed.h"
