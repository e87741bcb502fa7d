/* Self-test of the magic strategy, one program for ctest: a fresh search
 * from MAGIC_SEARCH_SEED must reproduce the committed magic numbers
 * (takes a few tenths of a second). Exit 0: pass. */
#include <stdio.h>

#include "movegen_variants/bitboard/magic_search.h"

int main(void)
{
    bool ok = magic_table_reproduces();
    printf("magic search from seed 0x%llx %s the committed table\n", (unsigned long long)MAGIC_SEARCH_SEED,
           ok ? "reproduces" : "does NOT reproduce");
    return ok ? 0 : 1;
}
