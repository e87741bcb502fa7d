#include "core/perft_tt.h"

#include <stdlib.h>
#include <string.h>

#include "core/huge_pages.h"

bool perft_tt_init(PerftTT *tt, size_t megabytes)
{
    size_t bytes = megabytes << 20, buckets = 1;
    while (buckets * 2 * sizeof(PerftTTBucket) <= bytes)
        buckets *= 2;
    size_t size = buckets * sizeof(PerftTTBucket);
    /* Probes land anywhere in the table: on 4 KB pages nearly every one
     * is also a TLB miss, on 2 MB pages far fewer. */
    tt->buckets = huge_pages_alloc(size);
    if (tt->buckets == NULL)
        return false;
    /* Zeroed entries read as empty (data == 0 never holds a real count). */
    memset(tt->buckets, 0, size);
    tt->mask = buckets - 1;
    return true;
}

void perft_tt_free(PerftTT *tt)
{
    free(tt->buckets);
    tt->buckets = NULL;
}

size_t perft_tt_bytes(const PerftTT *tt) { return (tt->mask + 1) * sizeof(PerftTTBucket); }
