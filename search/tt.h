/* The transposition table: what earlier searches learnt about positions
 * (best move, score and its bound, depth, static evaluation), shared by all
 * search threads without locks.
 *
 * An entry is two 64-bit words, `check = key ^ data` and `data`, written
 * and read with relaxed atomics. Two threads writing one entry at once can
 * leave `check` from one and `data` from the other; such a torn entry fails
 * `check ^ data == key` and is treated as a miss, never as a wrong result
 * (the chance of a false match is 2^-64). Relaxed atomics cost nothing on
 * x86-64 (plain loads and stores) and tell ThreadSanitizer that the races
 * are deliberate.
 *
 * Four entries make a 64-byte bucket, one cache line. A store goes to the
 * entry already holding the position, else to the entry worth least: the
 * shallowest, counting each search since the entry was written (its age)
 * as 8 plies of depth lost. */
#ifndef CHESSLAB_SEARCH_TT_H
#define CHESSLAB_SEARCH_TT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "core/types.h"

typedef enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 } Bound;

/* Where the table's pages live on a NUMA machine: first touch (each search
 * thread clears, and so places, its share of the table) or interleaved
 * page by page over all NUMA nodes. */
typedef enum { TT_PLACE_FIRST_TOUCH, TT_PLACE_INTERLEAVE } TtPlacement;

typedef struct TTEntry {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;
} TTEntry;

enum { TT_BUCKET_ENTRIES = 4, TT_GENERATIONS = 64, TT_MAX_MB = 1 << 20 };

typedef struct TTBucket {
    TTEntry entry[TT_BUCKET_ENTRIES];
} TTBucket;

/* Where a table's memory comes from when not from aligned_alloc: alloc
 * returns memory aligned to 64 bytes or NULL, release gives it back. */
typedef struct TtAllocator {
    void *(*alloc)(void *ctx, size_t bytes);
    void (*release)(void *ctx, void *memory, size_t bytes);
    void *ctx;
} TtAllocator;

typedef struct TranspositionTable {
    TTBucket *buckets;
    size_t bucket_count;
    /* Advanced once per search (tt_new_search) while no search runs; the
     * search threads only read it. */
    unsigned generation;
    TtAllocator allocator; /* how buckets was obtained; all NULL: aligned_alloc */
} TranspositionTable;

/* What a probe returns. depth 0 is a quiescence result. */
typedef struct TTData {
    Move move;
    int16_t score, eval; /* score relative to the node (score_from_tt) */
    uint8_t depth;
    Bound bound;
} TTData;

/* Sizes the table to at most mb megabytes (at least one bucket) and clears
 * it. On failure (out of memory) returns false and keeps the old table. */
bool tt_resize(TranspositionTable *tt, size_t mb);
/* Like tt_resize, from allocator (NULL: aligned_alloc), but leaves the
 * table uncleared: the caller clears it, for instance in slices by the
 * threads that will use it, so that first touch places its pages. */
bool tt_allocate(TranspositionTable *tt, size_t mb, const TtAllocator *allocator);
void tt_free(TranspositionTable *tt);
/* Only while no search runs. */
void tt_clear(TranspositionTable *tt);
/* Clears share `index` of `count` equal shares (threads may clear their
 * shares at once); only while no search runs. */
void tt_clear_slice(TranspositionTable *tt, int index, int count);
void tt_new_search(TranspositionTable *tt);
size_t tt_bytes(const TranspositionTable *tt);
/* Permille of the first thousand entries written by the current search. */
int tt_hashfull(const TranspositionTable *tt);

/* data: move 0-15, score 16-31, eval 32-47, depth 48-55, bound 56-57,
 * generation 58-63. */
static inline uint64_t tt_pack(Move move, int score, int eval, int depth, Bound bound, unsigned generation)
{
    return (uint64_t)move | (uint64_t)(uint16_t)(int16_t)score << 16 | (uint64_t)(uint16_t)(int16_t)eval << 32 |
           (uint64_t)(uint8_t)depth << 48 | (uint64_t)bound << 56 | (uint64_t)(generation & 63) << 58;
}

static inline TTBucket *tt_bucket(const TranspositionTable *tt, uint64_t key)
{
    /* The high half of key * count spreads keys evenly over any count. */
    return &tt->buckets[(size_t)(((unsigned __int128)key * tt->bucket_count) >> 64)];
}

static inline void tt_prefetch(const TranspositionTable *tt, uint64_t key)
{
    __builtin_prefetch(tt_bucket(tt, key));
}

static inline bool tt_probe(const TranspositionTable *tt, uint64_t key, TTData *out)
{
    TTBucket *b = tt_bucket(tt, key);
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        uint64_t data = atomic_load_explicit(&b->entry[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&b->entry[i].check, memory_order_relaxed);
        if ((check ^ data) != key || ((data >> 56) & 3) == BOUND_NONE)
            continue;
        out->move = (Move)data;
        out->score = (int16_t)(uint16_t)(data >> 16);
        out->eval = (int16_t)(uint16_t)(data >> 32);
        out->depth = (uint8_t)(data >> 48);
        out->bound = (Bound)((data >> 56) & 3);
        return true;
    }
    return false;
}

/* score relative to the node (score_to_tt), depth 0..255. */
void tt_store(TranspositionTable *tt, uint64_t key, Move move, int score, int eval, int depth, Bound bound);

#endif
