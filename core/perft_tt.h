/* A perft transposition table: (position key, depth) -> leaf count, shared
 * by all threads without locks. Each entry stores `check = key ^ data` and
 * `data = count << 8 | depth` as two relaxed atomic words; a reader accepts
 * an entry only when check ^ data gives back its own key and depth, so an
 * entry torn by two concurrent writers is rejected rather than trusted.
 * Four entries share a 64-byte bucket; a store replaces the same position,
 * else an empty slot, else the shallowest entry (cheapest to recompute). */
#ifndef CHESSLAB_PERFT_TT_H
#define CHESSLAB_PERFT_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { PERFT_TT_BUCKET = 4 };

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

static inline bool perft_tt_probe(const PerftTT *tt, uint64_t key, int depth, uint64_t *count)
{
    const PerftTTBucket *b = &tt->buckets[key & tt->mask];
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

static inline void perft_tt_store(PerftTT *tt, uint64_t key, int depth, uint64_t count)
{
    PerftTTBucket *b = &tt->buckets[key & tt->mask];
    uint64_t data = count << 8 | (uint64_t)depth;
    int victim = 0, victim_depth = 256;
    for (int i = 0; i < PERFT_TT_BUCKET; i++) {
        uint64_t d = atomic_load_explicit(&b->entries[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b->entries[i].check, memory_order_relaxed);
        int entry_depth = d == 0 ? -1 : (int)(d & 0xff);
        if (d != 0 && (c ^ d) == key && entry_depth == depth)
            return; /* already there */
        if (entry_depth < victim_depth)
            victim = i, victim_depth = entry_depth;
    }
    atomic_store_explicit(&b->entries[victim].data, data, memory_order_relaxed);
    atomic_store_explicit(&b->entries[victim].check, key ^ data, memory_order_relaxed);
}

/* Counts must fit in 56 bits to be stored; larger ones are not cached. */
static inline bool perft_tt_fits(uint64_t count) { return count < (1ull << 56); }

#endif
