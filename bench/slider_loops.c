#include "bench/slider_loops.h"

#include "core/cpu.h"
#include "movegen_variants/bitboard/attacks_classical.h"
#include "movegen_variants/bitboard/attacks_hq.h"
#include "movegen_variants/bitboard/attacks_magic.h"
#include "movegen_variants/bitboard/attacks_simd.h"
#include "movegen_variants/bitboard/simd_levels.h"

/* One loop per strategy from one definition: PREFIX names the strategy's
 * attack functions. */
#define SLIDER_LOOP(name, prefix)                                                    \
    static uint64_t name(const SliderQuery *queries, size_t count)                   \
    {                                                                                \
        uint64_t sum = 0;                                                            \
        for (size_t i = 0; i < count; i++)                                           \
            sum ^= prefix##_rook_attacks(queries[i].square, queries[i].occupied) |   \
                   prefix##_bishop_attacks(queries[i].square, queries[i].occupied);  \
        return sum;                                                                  \
    }

SLIDER_LOOP(loop_classical, classical)
SLIDER_LOOP(loop_hq, hq)
SLIDER_LOOP(loop_magic, magic)
SLIDER_LOOP(loop_simd_scalar, simd_scalar)

static bool always(void) { return true; }

static bool magic_ready(void)
{
    magic_attacks_init();
    return true;
}

static bool pext_ready(void)
{
    if (!cpu_runs_bmi2(cpu_info()))
        return false;
    slider_loop_pext_init();
    return true;
}

static bool avx2_ready(void) { return simd_level_supported(SIMD_LEVEL_AVX2); }
static bool avx512_ready(void) { return simd_level_supported(SIMD_LEVEL_AVX512); }

const SliderLoop slider_loops[] = {
    { "classical", always, loop_classical },
    { "hq", always, loop_hq },
    { "magic", magic_ready, loop_magic },
    { "pext", pext_ready, slider_loop_pext },
    { "simd-scalar", always, loop_simd_scalar },
    { "simd-avx2", avx2_ready, slider_loop_simd_avx2 },
    { "simd-avx512", avx512_ready, slider_loop_simd_avx512 },
};
const size_t slider_loop_count = sizeof slider_loops / sizeof slider_loops[0];
