/* ABDADA (Weill's "alpha-bêta distribué avec droit d'aînesse"): every
 * thread searches the whole tree from the root, and they spread out by
 * telling each other which nodes they are in. A node being searched is
 * "busy"; a thread about to enter a younger move whose child is busy puts
 * it off and searches it after the rest of the node's moves, by which time
 * the other thread has usually stored its result in the shared
 * transposition table. The eldest move is never put off (the eldest
 * brother's right), so the search keeps alpha-beta's order.
 *
 * The busy flags sit in a table of their own beside the transposition
 * table: one slot per key modulo its size, holding the key of the node
 * being searched there. A node claims an empty slot on entry and frees it
 * on exit; a node whose slot is taken (by another thread's node, or by a
 * collision) just goes unflagged, which costs a little duplicated work and
 * never a wrong result. Nodes too shallow to be worth the bookkeeping
 * (depth below ABDADA_MIN_DEPTH) are not flagged. */
#ifndef CHESSLAB_SEARCH_ABDADA_H
#define CHESSLAB_SEARCH_ABDADA_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/smp.h"

enum { ABDADA_MIN_DEPTH = 2 };

typedef struct AbdadaTable {
    _Atomic uint64_t *slots;
    size_t mask;
} AbdadaTable;

/* Sized for `threads` threads (a power of two, far more slots than the
 * nodes that can be busy at once). false when out of memory. */
bool abdada_init(AbdadaTable *a, int threads);
void abdada_free(AbdadaTable *a);
/* Empties every slot; only while no search runs. */
void abdada_clear(AbdadaTable *a);

static inline bool abdada_busy(const AbdadaTable *a, uint64_t key)
{
    return atomic_load_explicit(&a->slots[key & a->mask], memory_order_relaxed) == key;
}

/* true when this node now holds its slot (and must abdada_leave it). */
static inline bool abdada_enter(AbdadaTable *a, uint64_t key)
{
    uint64_t empty = 0;
    return atomic_compare_exchange_strong_explicit(&a->slots[key & a->mask], &empty, key, memory_order_relaxed,
                                                   memory_order_relaxed);
}

static inline void abdada_leave(AbdadaTable *a, uint64_t key)
{
    atomic_store_explicit(&a->slots[key & a->mask], 0, memory_order_relaxed);
}

/* The variant (smp.h): its state is a table sized for the pool; its
 * hooks are the node's entry and exit (abdada_enter, abdada_leave) and
 * the deferral of a move whose child is busy (abdada_busy). */
extern const SmpVariantOps smp_abdada_ops;

#endif
