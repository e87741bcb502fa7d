#include "distributed/work_units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/zobrist.h"

void work_unit_normalise(Setup *s)
{
    s->halfmove = 0;
    s->fullmove = 1;
    if (s->ep != SQ_NONE && !setup_ep_capturable(s))
        s->ep = SQ_NONE;
}

/* Order of positions by content, field by field (never memcmp of the
 * struct: padding bytes are not part of the position). */
static int setup_order(const Setup *a, const Setup *b)
{
    int c = memcmp(a->board, b->board, sizeof a->board);
    if (c != 0)
        return c;
    if (a->side != b->side)
        return a->side < b->side ? -1 : 1;
    if (a->castling != b->castling)
        return a->castling < b->castling ? -1 : 1;
    for (int i = 0; i < CASTLE_RIGHTS; i++) /* Chess960: which rook a right castles with */
        if ((a->castling & castle_right_bit(i)) && a->castle_file[i] != b->castle_file[i])
            return a->castle_file[i] < b->castle_file[i] ? -1 : 1;
    if (a->ep != b->ep)
        return a->ep < b->ep ? -1 : 1;
    return 0;
}

static int unit_order(const void *a, const void *b)
{
    return setup_order(&((const WorkUnit *)a)->setup, &((const WorkUnit *)b)->setup);
}

/* Expansion state: the units and an open-addressing index over them by key
 * (slots hold unit index + 1, 0 is empty). Equal keys are told apart by the
 * full position, so a key collision makes two units, never a wrong merge. */
typedef struct Expansion {
    WorkUnitList *list;
    size_t capacity;
    size_t *slots;
    size_t slot_mask;
} Expansion;

static bool index_grow(Expansion *e)
{
    size_t n = e->slots ? (e->slot_mask + 1) * 2 : 1024;
    size_t *slots = calloc(n, sizeof *slots);
    if (slots == NULL)
        return false;
    for (size_t i = 0; i < e->list->count; i++) {
        size_t h = (size_t)e->list->units[i].key & (n - 1);
        while (slots[h])
            h = (h + 1) & (n - 1);
        slots[h] = i + 1;
    }
    free(e->slots);
    e->slots = slots;
    e->slot_mask = n - 1;
    return true;
}

static bool add_position(Expansion *e, const Setup *raw)
{
    Setup s = *raw;
    work_unit_normalise(&s);
    uint64_t key = zobrist_key_of_setup(&s);
    WorkUnitList *list = e->list;
    list->paths++;
    bool collided = false;
    size_t h = (size_t)key & e->slot_mask;
    for (; e->slots[h]; h = (h + 1) & e->slot_mask) {
        WorkUnit *u = &list->units[e->slots[h] - 1];
        if (u->key != key)
            continue;
        if (setup_order(&u->setup, &s) == 0) {
            u->multiplicity++;
            return true;
        }
        collided = true;
    }
    if (collided)
        list->key_collisions++;
    if (list->count == e->capacity) {
        size_t capacity = e->capacity ? e->capacity * 2 : 256;
        WorkUnit *grown = realloc(list->units, capacity * sizeof *grown);
        if (grown == NULL)
            return false;
        list->units = grown;
        e->capacity = capacity;
    }
    list->units[list->count] = (WorkUnit){ s, key, 1 };
    e->slots[h] = ++list->count;
    /* Keep the index at most half full so probes stay short. */
    return 2 * list->count <= e->slot_mask + 1 || index_grow(e);
}

static bool expand(const MoveGen *g, void *board, int plies, Expansion *e)
{
    if (plies == 0) {
        Setup s;
        g->save(board, &s);
        return add_position(e, &s);
    }
    Move moves[MAX_MOVES];
    int n = g->legal_moves(board, moves);
    for (int i = 0; i < n; i++) {
        g->make(board, moves[i]);
        bool ok = expand(g, board, plies - 1, e);
        g->unmake(board);
        if (!ok)
            return false;
    }
    return true;
}

bool work_units_expand(const MoveGen *g, void *board, int split, WorkUnitList *out, char *err, size_t err_len)
{
    memset(out, 0, sizeof *out);
    if (split < 0 || split > WORK_UNITS_MAX_SPLIT) {
        snprintf(err, err_len, "split depth %d is not in 0..%d", split, WORK_UNITS_MAX_SPLIT);
        return false;
    }
    Expansion e = { out, 0, NULL, 0 };
    bool ok = index_grow(&e) && expand(g, board, split, &e);
    free(e.slots);
    if (!ok) {
        work_units_free(out);
        snprintf(err, err_len, "out of memory expanding the tree to depth %d", split);
        return false;
    }
    if (out->count > 1)
        qsort(out->units, out->count, sizeof *out->units, unit_order);
    return true;
}

void work_units_free(WorkUnitList *list)
{
    free(list->units);
    memset(list, 0, sizeof *list);
}

/* FNV-1a: simple and stable; the digest identifies a job, it is no defence
 * against deliberate forgery. */
static uint64_t fnv(uint64_t h, uint64_t value, int bytes)
{
    for (int i = 0; i < bytes; i++) {
        h ^= (value >> (8 * i)) & 0xff;
        h *= 0x100000001b3ull;
    }
    return h;
}

uint64_t work_units_hash(const WorkUnitList *list)
{
    uint64_t h = fnv(0xcbf29ce484222325ull, list->count, 8);
    for (size_t i = 0; i < list->count; i++) {
        const WorkUnit *u = &list->units[i];
        for (int sq = 0; sq < 64; sq++)
            h = fnv(h, u->setup.board[sq], 1);
        h = fnv(h, (uint64_t)u->setup.side, 1);
        h = fnv(h, u->setup.castling, 1);
        /* Rook files only where not standard: standard chess keeps the
         * digests (and checkpoints) it had. */
        for (int r = 0; r < CASTLE_RIGHTS; r++)
            if ((u->setup.castling & castle_right_bit(r)) && u->setup.castle_file[r] != castle_standard_file(r))
                h = fnv(h, u->setup.castle_file[r], 1);
        h = fnv(h, u->setup.ep, 1);
        h = fnv(h, u->multiplicity, 8);
    }
    return h;
}

void perft_total_text(PerftTotal value, char *buf)
{
    char digits[PERFT_TOTAL_TEXT];
    int n = 0;
    do {
        digits[n++] = (char)('0' + (int)(value % 10));
        value /= 10;
    } while (value != 0);
    for (int i = 0; i < n; i++)
        buf[i] = digits[n - 1 - i];
    buf[n] = '\0';
}
