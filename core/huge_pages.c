/* madvise and MADV_HUGEPAGE are not POSIX: the project builds with
 * _POSIX_C_SOURCE only, which hides them. */
#define _DEFAULT_SOURCE

#include "core/huge_pages.h"

#include <stdlib.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#if defined(__linux__) && defined(MADV_HUGEPAGE)
#define CHESSLAB_HAVE_MADV_HUGEPAGE 1
#else
#define CHESSLAB_HAVE_MADV_HUGEPAGE 0
#endif

void *huge_pages_alloc(size_t bytes)
{
    const size_t align = bytes >= HUGE_PAGE_BYTES ? HUGE_PAGE_BYTES : 64;
    /* aligned_alloc wants a size that is a multiple of the alignment. */
    const size_t size = (bytes + align - 1) / align * align;
    void *memory = aligned_alloc(align, size ? size : align);
#if CHESSLAB_HAVE_MADV_HUGEPAGE
    if (memory != NULL && align == HUGE_PAGE_BYTES)
        (void)madvise(memory, size, MADV_HUGEPAGE); /* advice only: 4 KB pages work too */
#endif
    return memory;
}

bool huge_pages_supported(void) { return CHESSLAB_HAVE_MADV_HUGEPAGE; }
