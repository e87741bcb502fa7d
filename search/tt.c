#include "search/tt.h"

#include <stdlib.h>
#include <string.h>

#include "core/huge_pages.h"

static size_t buckets_for(size_t mb)
{
    if (mb > TT_MAX_MB)
        mb = TT_MAX_MB;
    size_t count = mb * 1024 * 1024 / sizeof(TTBucket);
    return count == 0 ? 1 : count;
}

static void release(TranspositionTable *tt)
{
    if (tt->allocator.release != NULL)
        tt->allocator.release(tt->allocator.ctx, tt->buckets, tt_bytes(tt));
    else
        free(tt->buckets);
}

bool tt_allocate(TranspositionTable *tt, size_t mb, const TtAllocator *allocator)
{
    size_t count = buckets_for(mb), bytes = count * sizeof(TTBucket);
    TTBucket *buckets = allocator != NULL ? allocator->alloc(allocator->ctx, bytes)
                                          : huge_pages_alloc(bytes);
    if (buckets == NULL)
        return false;
    release(tt);
    tt->buckets = buckets;
    tt->bucket_count = count;
    tt->generation = 0;
    tt->allocator = allocator != NULL ? *allocator : (TtAllocator){ 0 };
    return true;
}

bool tt_resize(TranspositionTable *tt, size_t mb)
{
    if (!tt_allocate(tt, mb, NULL))
        return false;
    tt_clear(tt);
    return true;
}

void tt_free(TranspositionTable *tt)
{
    release(tt);
    tt->buckets = NULL;
    tt->bucket_count = 0;
    tt->allocator = (TtAllocator){ 0 };
}

void tt_clear(TranspositionTable *tt) { tt_clear_slice(tt, 0, 1); }

void tt_clear_slice(TranspositionTable *tt, int index, int count)
{
    /* All-zero words are an empty entry (bound none). No search runs, so
     * plain stores are safe; thread start and join order them for TSan. */
    size_t from = tt->bucket_count * (size_t)index / (size_t)count;
    size_t to = tt->bucket_count * (size_t)(index + 1) / (size_t)count;
    if (to > from)
        memset((void *)(tt->buckets + from), 0, (to - from) * sizeof(TTBucket));
}

void tt_new_search(TranspositionTable *tt)
{
    tt->generation = (tt->generation + 1) % TT_GENERATIONS;
}

size_t tt_bytes(const TranspositionTable *tt) { return tt->bucket_count * sizeof(TTBucket); }

int tt_hashfull(const TranspositionTable *tt)
{
    int used = 0, seen = 0;
    for (size_t b = 0; b < tt->bucket_count && seen < 1000; b++) {
        for (int i = 0; i < TT_BUCKET_ENTRIES && seen < 1000; i++, seen++) {
            uint64_t data = atomic_load_explicit(&tt->buckets[b].entry[i].data, memory_order_relaxed);
            used += ((data >> 56) & 3) != BOUND_NONE && (data >> 58) == (tt->generation & 63);
        }
    }
    return seen ? used * 1000 / seen : 0;
}

void tt_store(TranspositionTable *tt, uint64_t key, Move move, int score, int eval, int depth, Bound bound)
{
    TTBucket *b = tt_bucket(tt, key);
    const unsigned generation = tt->generation & 63;
    TTEntry *victim = &b->entry[0];
    int victim_worth = 1 << 30;
    if (depth < 0)
        depth = 0;
    if (depth > 255)
        depth = 255;
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++) {
        TTEntry *e = &b->entry[i];
        uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&e->check, memory_order_relaxed);
        Bound old_bound = (Bound)((data >> 56) & 3);
        if ((check ^ data) == key && old_bound != BOUND_NONE) {
            int old_depth = (int)(uint8_t)(data >> 48);
            unsigned old_generation = (unsigned)(data >> 58);
            /* Keep a much deeper result of this search unless the new one
             * is exact; keep the old move when the new result has none. */
            if (bound != BOUND_EXACT && old_generation == generation && old_depth > depth + 3)
                return;
            if (move == MOVE_NONE)
                move = (Move)data;
            victim = e;
            break;
        }
        int worth = old_bound == BOUND_NONE
                        ? -(1 << 20)
                        : (int)(uint8_t)(data >> 48) - 8 * (int)((generation - (unsigned)(data >> 58)) & 63);
        if (worth < victim_worth) {
            victim_worth = worth;
            victim = e;
        }
    }
    uint64_t data = tt_pack(move, score, eval, depth, bound, generation);
    atomic_store_explicit(&victim->data, data, memory_order_relaxed);
    atomic_store_explicit(&victim->check, key ^ data, memory_order_relaxed);
}
