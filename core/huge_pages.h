/* Memory for large tables probed at random addresses (transposition
 * tables). On 4 KB pages nearly every probe of such a table also misses
 * the TLB and waits for a page walk; on 2 MB pages far fewer do. Linux
 * backs an aligned region with transparent huge pages when the kernel's
 * setting is "always", or "madvise" (Debian's default) and the region was
 * advised, which huge_pages_alloc does. */
#ifndef CHESSLAB_CORE_HUGE_PAGES_H
#define CHESSLAB_CORE_HUGE_PAGES_H

#include <stdbool.h>
#include <stddef.h>

enum { HUGE_PAGE_BYTES = 2 << 20 };

/* At least `bytes` bytes (uninitialised), 64-byte aligned; from 2 MB up
 * aligned to 2 MB and advised for huge pages. Release with free(). NULL
 * when out of memory. */
void *huge_pages_alloc(size_t bytes);

/* Whether this build can ask for huge pages at all (Linux with
 * MADV_HUGEPAGE); whether the kernel grants them is its own affair. */
bool huge_pages_supported(void);

#endif
