#include "core/perft_tt.h"

#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

enum { HUGE_PAGE = 2 << 20 };

bool perft_tt_init(PerftTT *tt, size_t megabytes)
{
    size_t bytes = megabytes << 20, buckets = 1;
    while (buckets * 2 * sizeof(PerftTTBucket) <= bytes)
        buckets *= 2;
    size_t size = buckets * sizeof(PerftTTBucket);
    /* Probes land anywhere in the table: on 4 KB pages nearly every one
     * is also a TLB miss, on 2 MB pages far fewer. Tables of 2 MB and up
     * are sizes that are multiples of 2 MB, as aligned_alloc wants. */
    size_t align = size >= HUGE_PAGE ? HUGE_PAGE : 64;
    tt->buckets = aligned_alloc(align, size);
    if (tt->buckets == NULL)
        return false;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (align == HUGE_PAGE)
        (void)madvise(tt->buckets, size, MADV_HUGEPAGE); /* advice only: 4 KB pages work too */
#endif
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
