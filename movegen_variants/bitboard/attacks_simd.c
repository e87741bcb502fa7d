/* Tables and CPU checks of the simd strategy (compiled without extra
 * instruction-set flags: this code runs before anyone knows the CPU). */
#include "movegen_variants/bitboard/attacks_simd.h"

#include "core/cpu.h"
#include "movegen_variants/bitboard/simd_levels.h"

_Alignas(32) Bitboard simd_line_masks[64][4];

__attribute__((constructor(BITBOARD_STRATEGY_PRIORITY))) static void simd_tables_init(void)
{
    for (int sq = 0; sq < 64; sq++) {
        simd_line_masks[sq][0] = bb_tables.ray[DIR_N][sq] | bb_tables.ray[DIR_S][sq];
        simd_line_masks[sq][1] = bb_tables.ray[DIR_E][sq] | bb_tables.ray[DIR_W][sq];
        simd_line_masks[sq][2] = bb_tables.ray[DIR_NE][sq] | bb_tables.ray[DIR_SW][sq];
        simd_line_masks[sq][3] = bb_tables.ray[DIR_NW][sq] | bb_tables.ray[DIR_SE][sq];
    }
}

/* The vector levels' files are also compiled with BMI1/2 and POPCNT. */
bool simd_level_supported(SimdLevel level)
{
    switch (level) {
    case SIMD_LEVEL_SCALAR:
        return true;
    case SIMD_LEVEL_AVX2:
        return cpu_runs_avx2(cpu_info());
    case SIMD_LEVEL_AVX512:
        return cpu_runs_avx512(cpu_info());
    default:
        return false;
    }
}

SimdLevel simd_best_level(void)
{
    if (simd_level_supported(SIMD_LEVEL_AVX512))
        return SIMD_LEVEL_AVX512;
    return simd_level_supported(SIMD_LEVEL_AVX2) ? SIMD_LEVEL_AVX2 : SIMD_LEVEL_SCALAR;
}

const char *simd_level_name(SimdLevel level)
{
    static const char *const names[SIMD_LEVEL_COUNT] = { "scalar", "avx2", "avx512" };
    return level < SIMD_LEVEL_COUNT ? names[level] : "?";
}
