/* Hashed perft inside the bitboard generator: the part of the tree that
 * goes through the perft table (core/perft_tt.h) walked with the
 * generator's own copy-make, so a hashed node costs a move list and one
 * make per move, with no interface calls, undo stack or function pointers.
 * Include after generator_template.h with GEN_EXPORT_PREFIX defined; it
 * adds <prefix>perft_hashed (MoveGen.perft_hashed), and where GEN_SYMBOL
 * and the rest of the template's MoveGen macros are defined too, the
 * MoveGen movegen_<GEN_SYMBOL> with it (the template, given an export
 * prefix, emits functions only).
 *
 * Which nodes use the table: depth >= PERFT_TT_MIN_DEPTH (2). A depth-2
 * node is the fused leaf count, hundreds of leaves for one cache line, so
 * a probe pays whenever positions repeat; a depth-1 node is one popcount
 * pass, cheaper than the miss a probe costs, so depth 1 never uses the
 * table. Every child of a hashed node is made first and its bucket
 * prefetched, then the children are probed and counted in order: the
 * bucket of child i arrives while children before it are counted. */
#ifndef GEN_EXPORT_PREFIX
#error "generator_hashed.h needs GEN_EXPORT_PREFIX"
#endif

#include "core/perft_tt.h"

/* Leaves below p without the table (below PERFT_TT_MIN_DEPTH, a depth-2
 * node the table lacks, no table): the template's loops, as gen_perft
 * runs them. */
static BB_ALWAYS_INLINE uint64_t hashed_leaves(const Position *p, const CastleGeometry *g, int depth,
                                               PerftMode mode)
{
    const bool white = p->side == WHITE;
    if (depth <= 0)
        return 1;
    if (mode == PERFT_FULL)
        return white ? perft_full_white(p, g, depth) : perft_full_black(p, g, depth);
    if (depth == 1)
        return (uint64_t)(white ? count_moves_white(p, g) : count_moves_black(p, g));
    if (depth == 2)
        return white ? perft_bulk2_white(p, g) : perft_bulk2_black(p, g);
    return white ? perft_bulk_white(p, g, depth) : perft_bulk_black(p, g, depth);
}

/* depth >= 3 and >= PERFT_TT_MIN_DEPTH, p not in the table. A depth-2
 * node is never walked here: when the table does not have it, the fused
 * count (perft_bulk2) is what counts it. */
static uint64_t hashed_node(const Position *p, const CastleGeometry *g, int depth, PerftMode mode, PerftTT *tt)
{
    Move moves[MAX_MOVES];
    Sink s = { .castle = g, .out = moves, .count = 0 };
    const Color us = (Color)p->side;
    if (us == WHITE)
        generate(p, WHITE, SINK_LIST, &s);
    else
        generate(p, BLACK, SINK_LIST, &s);
    const int n = s.count, child_depth = depth - 1;
    uint64_t nodes = 0;
    if (child_depth < PERFT_TT_MIN_DEPTH) {
        for (int i = 0; i < n; i++) {
            Position child;
            position_make_move(&child, p, g, moves[i], us);
            nodes += hashed_leaves(&child, g, child_depth, mode);
        }
        return nodes;
    }
    Position children[MAX_MOVES];
    for (int i = 0; i < n; i++) {
        position_make_move(&children[i], p, g, moves[i], us);
        perft_tt_prefetch(tt, children[i].key);
    }
    for (int i = 0; i < n; i++) {
        uint64_t count;
        const uint64_t key = children[i].key;
        if (!perft_tt_probe(tt, key, child_depth, &count)) {
            count = child_depth >= 3 ? hashed_node(&children[i], g, child_depth, mode, tt)
                                     : hashed_leaves(&children[i], g, child_depth, mode);
            perft_tt_store(tt, key, child_depth, count);
        }
        nodes += count;
    }
    return nodes;
}

uint64_t GEN_CAT(GEN_EXPORT_PREFIX, perft_hashed)(void *board, int depth, PerftMode mode, PerftTT *tt)
{
    const BitboardBoard *b = board;
    Position p = b->pos;
    if (tt == NULL || depth < PERFT_TT_MIN_DEPTH)
        return hashed_leaves(&p, &b->castle, depth, mode);
    uint64_t count;
    if (perft_tt_probe(tt, p.key, depth, &count))
        return count;
    count = depth >= 3 ? hashed_node(&p, &b->castle, depth, mode, tt) : hashed_leaves(&p, &b->castle, depth, mode);
    perft_tt_store(tt, p.key, depth, count);
    return count;
}

#ifdef GEN_SYMBOL
#include "movegen_variants/bitboard/generator_exports.h"

/* One more expansion, so that the macros paste the prefix, not its name. */
#define GEN_HASHED_WITH(macro, prefix) macro(prefix)

const MoveGen GEN_CAT(movegen_, GEN_SYMBOL) = {
    .name = GEN_NAME,
    .summary = GEN_SUMMARY,
    .unavailable_reason = GEN_UNAVAILABLE,
    .note = GEN_NOTE,
    .board_size = sizeof(BitboardBoard),
    GEN_HASHED_WITH(BITBOARD_EXPORTED_FUNCTIONS, GEN_EXPORT_PREFIX),
    GEN_HASHED_WITH(BITBOARD_HASHED_FUNCTION, GEN_EXPORT_PREFIX),
};
#endif
