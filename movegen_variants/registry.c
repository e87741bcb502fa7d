#include "movegen_variants/registry.h"

#include "core/cpu.h"
#include "movegen_variants/bitboard/simd_levels.h"

#include <stdio.h>
#include <string.h>

#define CHESSLAB_ENTRY(sym) &movegen_##sym,
static const MoveGen *const generators[] = { CHESSLAB_GENERATORS(CHESSLAB_ENTRY) };
#undef CHESSLAB_ENTRY

enum { GENERATOR_COUNT = sizeof generators / sizeof generators[0] };

size_t registry_count(void) { return GENERATOR_COUNT; }

const MoveGen *registry_at(size_t index)
{
    return index < GENERATOR_COUNT ? generators[index] : NULL;
}

const MoveGen *registry_find(const char *name)
{
    for (size_t i = 0; i < GENERATOR_COUNT; i++)
        if (strcmp(generators[i]->name, name) == 0)
            return generators[i];
    return NULL;
}

/* Fastest first, as measured with `chesslab bench movegen` (README): the
 * AVX-512 level of simd, then pext where PEXT runs in hardware, then magic.
 * On AVX2-only CPUs simd and pext are close; pext is the steadier choice. */
const MoveGen *registry_default(void)
{
    const char *order[] = { "simd", "pext", "magic", "hq", "bitboard", "0x88", "mailbox" };
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        const MoveGen *g = registry_find(order[i]);
        if (g == NULL || !movegen_available(g))
            continue;
        if (strcmp(order[i], "simd") == 0 && simd_best_level() != SIMD_LEVEL_AVX512)
            continue;
        if (strcmp(order[i], "pext") == 0 && !cpu_pext_fast(cpu_info()))
            continue;
        return g;
    }
    return generators[0];
}

void registry_names(char *buf, size_t len)
{
    size_t used = 0;
    if (len == 0)
        return;
    buf[0] = '\0';
    for (size_t i = 0; i < GENERATOR_COUNT && used < len; i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i ? "," : "", generators[i]->name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}
