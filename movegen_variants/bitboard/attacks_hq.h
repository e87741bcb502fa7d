/* Slider strategy "hq": hyperbola quintessence. On one line through the
 * slider, with o = occupied squares of the line and r = the slider's bit,
 * o - 2r borrows through the empty squares above r up to the first blocker,
 * so o ^ (o - 2r) marks the squares reachable upward. Downward is the same
 * trick on the bit-reversed line. For files and diagonals reversing the
 * byte order (one bswap) reverses the line, because each of their squares
 * sits in a different byte; a rank lives in one byte, so ranks use a small
 * table instead: 8 files x 64 inner-occupancy patterns. */
#ifndef CHESSLAB_BITBOARD_ATTACKS_HQ_H
#define CHESSLAB_BITBOARD_ATTACKS_HQ_H

#include "movegen_variants/bitboard/board.h"

/* Line masks exclude the slider's own square. */
typedef struct HqMasks {
    Bitboard file, diagonal, anti_diagonal;
    Bitboard pad; /* 32 bytes: one entry never straddles a cache line */
} HqMasks;

extern HqMasks hq_masks[64];
extern uint8_t hq_rank_attacks[8][64]; /* [file][occupancy of files b..g] */

static BB_ALWAYS_INLINE Bitboard hq_line(Square sq, Bitboard occupied, Bitboard mask)
{
    Bitboard forward = occupied & mask;
    Bitboard reverse = __builtin_bswap64(forward);
    forward -= bb_of(sq);
    reverse -= __builtin_bswap64(bb_of(sq));
    return (forward ^ __builtin_bswap64(reverse)) & mask;
}

static BB_ALWAYS_INLINE Bitboard hq_rank(Square sq, Bitboard occupied)
{
    unsigned shift = sq & 56u;
    unsigned inner = (unsigned)(occupied >> (shift + 1)) & 63u;
    return (Bitboard)hq_rank_attacks[sq & 7][inner] << shift;
}

static inline Bitboard hq_rook_attacks(Square sq, Bitboard occupied)
{
    return hq_line(sq, occupied, hq_masks[sq].file) | hq_rank(sq, occupied);
}

static inline Bitboard hq_bishop_attacks(Square sq, Bitboard occupied)
{
    return hq_line(sq, occupied, hq_masks[sq].diagonal) | hq_line(sq, occupied, hq_masks[sq].anti_diagonal);
}

/* Tables filled before main() (attacks_hq.c). */
static inline void hq_attacks_init(void) {}

#endif
