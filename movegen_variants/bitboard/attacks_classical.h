/* Slider strategy "bitboard": classical ray attacks. Each direction has an
 * empty-board ray per square; the nearest blocker on it is found with one
 * bit scan (lowest set bit on rays toward higher squares, highest on the
 * others), and the ray beyond the blocker is cut off by XOR with the
 * blocker's own ray in the same direction. Four scans per rook or bishop. */
#ifndef CHESSLAB_BITBOARD_ATTACKS_CLASSICAL_H
#define CHESSLAB_BITBOARD_ATTACKS_CLASSICAL_H

#include "movegen_variants/bitboard/board.h"

/* Bit 63 (resp. 0) is added as a sentinel blocker: its ray in every
 * increasing (resp. decreasing) direction is empty, so an unblocked ray
 * comes out whole without a branch. */
static BB_ALWAYS_INLINE Bitboard ray_toward_higher(Direction d, Square sq, Bitboard occupied)
{
    Bitboard ray = bb_tables.ray[d][sq];
    return ray ^ bb_tables.ray[d][bb_first((ray & occupied) | bb_of(63))];
}

static BB_ALWAYS_INLINE Bitboard ray_toward_lower(Direction d, Square sq, Bitboard occupied)
{
    Bitboard ray = bb_tables.ray[d][sq];
    return ray ^ bb_tables.ray[d][bb_last((ray & occupied) | 1)];
}

static inline Bitboard classical_rook_attacks(Square sq, Bitboard occupied)
{
    return ray_toward_higher(DIR_N, sq, occupied) | ray_toward_higher(DIR_E, sq, occupied) |
           ray_toward_lower(DIR_S, sq, occupied) | ray_toward_lower(DIR_W, sq, occupied);
}

static inline Bitboard classical_bishop_attacks(Square sq, Bitboard occupied)
{
    return ray_toward_higher(DIR_NE, sq, occupied) | ray_toward_higher(DIR_NW, sq, occupied) |
           ray_toward_lower(DIR_SW, sq, occupied) | ray_toward_lower(DIR_SE, sq, occupied);
}

/* The rays are board tables, filled before main(). */
static inline void classical_attacks_init(void) {}

#endif
