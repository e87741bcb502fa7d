/* The pext loop, compiled with -mbmi2 (see CMakeLists.txt). */
#include "bench/slider_loops.h"

#include "movegen_variants/bitboard/attacks_pext.h"

void slider_loop_pext_init(void) { pext_attacks_init(); }

uint64_t slider_loop_pext(const SliderQuery *queries, size_t count)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < count; i++)
        sum ^= pext_rook_attacks(queries[i].square, queries[i].occupied) |
               pext_bishop_attacks(queries[i].square, queries[i].occupied);
    return sum;
}
