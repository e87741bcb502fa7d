#include "search/abdada.h"

#include <stdlib.h>

enum { SLOTS_PER_THREAD = 4096, MIN_SLOTS = 16384 };

bool abdada_init(AbdadaTable *a, int threads)
{
    size_t want = (size_t)(threads > 0 ? threads : 1) * SLOTS_PER_THREAD, count = MIN_SLOTS;
    while (count < want)
        count *= 2;
    _Atomic uint64_t *slots = calloc(count, sizeof *slots);
    if (slots == NULL)
        return false;
    free((void *)a->slots);
    a->slots = slots;
    a->mask = count - 1;
    return true;
}

void abdada_free(AbdadaTable *a)
{
    free((void *)a->slots);
    a->slots = NULL;
    a->mask = 0;
}

void abdada_clear(AbdadaTable *a)
{
    for (size_t i = 0; i <= a->mask && a->slots != NULL; i++)
        atomic_store_explicit(&a->slots[i], 0, memory_order_relaxed);
}
