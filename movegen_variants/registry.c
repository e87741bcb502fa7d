#include "movegen_variants/registry.h"

#include "core/cpu.h"

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

/* Fastest first, as measured with `chesslab bench movegen` (README): since
 * depth 2 is counted fused (few slider lookups per leaf), the scalar table
 * lookups lead: pext where PEXT runs in hardware, then magic everywhere
 * else (Zen 1/2, where PEXT is microcoded, and CPUs without BMI2). simd's
 * AVX-512 level follows them on both AMD CPUs measured (results/). */
const MoveGen *registry_default(void)
{
    const char *order[] = { "pext", "magic", "simd", "hq", "bitboard", "0x88", "mailbox" };
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        const MoveGen *g = registry_find(order[i]);
        if (g == NULL || !movegen_available(g))
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
