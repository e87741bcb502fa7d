/* A perft transposition table: (position key, depth) -> leaf count, shared
 * by all threads without locks.
 *
 * Entry: two 64-bit words, `data = count << 8 | depth` and `check = key ^
 * data`, stored with relaxed atomics. A reader accepts an entry only when
 * check ^ data gives back its own full 64-bit key and the depth matches,
 * so an entry torn by two concurrent writers (words from different
 * stores) is rejected rather than trusted, and a false hit needs a full
 * 64-bit key collision, as in a table without packing. Counts of 2^56 or
 * more are not cached (perft_tt_store leaves them out).
 *
 * Bucket: four entries in one 64-byte line, indexed by the key's low bits,
 * so a probe is one cache miss at most and is prefetched by the caller
 * (perft_tt_prefetch) before it is needed. A store replaces the same
 * position, else an empty entry, else the one cheapest to recompute: the
 * shallowest, and among equally deep ones the smallest count (measured:
 * fewer instructions than taking the first of the shallowest when the
 * table is too small). No ageing: a perft count never goes stale, so
 * entries of earlier work units (MPI) are as good as new ones; depth
 * decides what stays.
 *
 * Why 16-byte entries rather than 8-byte ones with a few key bits: an
 * 8-byte entry has room for 20-40 check bits, and with millions of probes
 * over several candidate entries each a false hit (a wrong count) becomes
 * likely at 20-30 bits and possible at 40; and at the sizes perft is run
 * with (256 MB holds 16 M entries; start perft 7 stores under 1 M) the
 * table does not fill, so halving entries buys nothing measurable
 * (README, "Hashed perft"). */
#ifndef CHESSLAB_PERFT_TT_H
#define CHESSLAB_PERFT_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { PERFT_TT_BUCKET = 4 };

/* The shallowest depth kept in the table. A depth-1 count is one pass of
 * popcounts, cheaper than the cache miss its probe costs; a depth-2 count
 * (hundreds of leaves, fused) is not. Overridable to measure the choice. */
#ifndef PERFT_TT_MIN_DEPTH
#define PERFT_TT_MIN_DEPTH 2
#endif

typedef struct PerftTTEntry {
    _Atomic uint64_t check;
    _Atomic uint64_t data;
} PerftTTEntry;

typedef struct PerftTTBucket {
    PerftTTEntry entries[PERFT_TT_BUCKET];
} PerftTTBucket;

typedef struct PerftTT {
    PerftTTBucket *buckets;
    uint64_t mask; /* bucket count - 1 (a power of two) */
} PerftTT;

/* Largest power-of-two number of buckets within megabytes (at least one).
 * Returns false when the memory cannot be had. */
bool perft_tt_init(PerftTT *tt, size_t megabytes);
void perft_tt_free(PerftTT *tt);
size_t perft_tt_bytes(const PerftTT *tt);

static inline PerftTTBucket *perft_tt_bucket(const PerftTT *tt, uint64_t key) { return &tt->buckets[key & tt->mask]; }

/* Starts loading key's bucket, for a probe soon after. */
static inline void perft_tt_prefetch(const PerftTT *tt, uint64_t key)
{
    __builtin_prefetch(perft_tt_bucket(tt, key));
}

static inline bool perft_tt_probe(const PerftTT *tt, uint64_t key, int depth, uint64_t *count)
{
    const PerftTTBucket *b = perft_tt_bucket(tt, key);
    for (int i = 0; i < PERFT_TT_BUCKET; i++) {
        uint64_t data = atomic_load_explicit(&b->entries[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&b->entries[i].check, memory_order_relaxed);
        if ((check ^ data) == key && (int)(data & 0xff) == depth && data != 0) {
            *count = data >> 8;
            return true;
        }
    }
    return false;
}

/* Counts must fit in 56 bits and depths in 8 to be stored. */
static inline bool perft_tt_fits(int depth, uint64_t count)
{
    return count < (1ull << 56) && depth > 0 && depth < 256;
}

static inline void perft_tt_store(PerftTT *tt, uint64_t key, int depth, uint64_t count)
{
    if (!perft_tt_fits(depth, count))
        return;
    PerftTTBucket *b = perft_tt_bucket(tt, key);
    const uint64_t data = count << 8 | (uint64_t)depth;
    int victim = 0;
    uint64_t victim_cost = UINT64_MAX;
    for (int i = 0; i < PERFT_TT_BUCKET; i++) {
        uint64_t d = atomic_load_explicit(&b->entries[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b->entries[i].check, memory_order_relaxed);
        if (d != 0 && (c ^ d) == key && (d & 0xff) == (uint64_t)depth)
            return; /* already there (another thread was first) */
        /* Cost to recompute: depth first, then count; empty (0) lowest. */
        uint64_t cost = (d & 0xff) << 56 | d >> 8;
        if (cost < victim_cost)
            victim = i, victim_cost = cost;
    }
    atomic_store_explicit(&b->entries[victim].data, data, memory_order_relaxed);
    atomic_store_explicit(&b->entries[victim].check, key ^ data, memory_order_relaxed);
}

#endif
