/* The simd strategy's AVX2 loop, compiled with -mavx2 (see CMakeLists.txt);
 * run only where simd_level_supported(SIMD_LEVEL_AVX2). */
#include "bench/slider_loops.h"

#include "movegen_variants/bitboard/attacks_simd.h"

uint64_t slider_loop_simd_avx2(const SliderQuery *queries, size_t count)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < count; i++)
        sum ^= simd_avx2_queen_attacks(queries[i].square, queries[i].occupied);
    return sum;
}
