#include "core/perft_tt.h"

#include <stdlib.h>
#include <string.h>

bool perft_tt_init(PerftTT *tt, size_t megabytes)
{
    size_t bytes = megabytes << 20, buckets = 1;
    while (buckets * 2 * sizeof(PerftTTBucket) <= bytes)
        buckets *= 2;
    tt->buckets = aligned_alloc(64, buckets * sizeof(PerftTTBucket));
    if (tt->buckets == NULL)
        return false;
    /* Zeroed entries read as empty (data == 0 never holds a real count). */
    memset(tt->buckets, 0, buckets * sizeof(PerftTTBucket));
    tt->mask = buckets - 1;
    return true;
}

void perft_tt_free(PerftTT *tt)
{
    free(tt->buckets);
    tt->buckets = NULL;
}

size_t perft_tt_bytes(const PerftTT *tt) { return (tt->mask + 1) * sizeof(PerftTTBucket); }
