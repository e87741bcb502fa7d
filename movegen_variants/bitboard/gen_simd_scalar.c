/* The simd generator at level scalar; its MoveGen and the
 * run-time choice of level are in gen_simd.c. */
#define SIMD_USE_LEVEL 0
#include "movegen_variants/bitboard/attacks_simd.h"

#define STRATEGY simd
#define GEN_EXPORT_PREFIX simd_scalar_impl_
#include "movegen_variants/bitboard/generator_template.h"
#include "movegen_variants/bitboard/generator_hashed.h"
