/* Growing a heap array by doubling: one helper for the lists that are
 * filled one item at a time. */
#ifndef CHESSLAB_CORE_GROW_H
#define CHESSLAB_CORE_GROW_H

#include <stdbool.h>
#include <stdlib.h>

/* Makes room for need items of size bytes in *items (capacity *capacity),
 * doubling from 1024; false (the array untouched) when out of memory. */
static inline bool grow_array(void **items, size_t *capacity, size_t need, size_t size)
{
    if (need <= *capacity)
        return true;
    size_t next = *capacity ? *capacity * 2 : 1024;
    while (next < need)
        next *= 2;
    void *bigger = realloc(*items, next * size);
    if (bigger == NULL)
        return false;
    *items = bigger;
    *capacity = next;
    return true;
}

#endif
