/* Slider strategy "magic": fancy magic bitboards. The squares that can
 * block a slider on sq (its relevant mask) are gathered by one multiply:
 *     index = ((occupied & mask) * magic) >> shift
 * where the magic number was found by search (magic_search.c) so that any
 * two occupancies with different attacks land on different indices. Each
 * square has its own 2^bits-entry slice ("fancy": bits = popcount(mask)),
 * 102400 rook and 5248 bishop entries, about 840 KiB in all. */
#ifndef CHESSLAB_BITBOARD_ATTACKS_MAGIC_H
#define CHESSLAB_BITBOARD_ATTACKS_MAGIC_H

#include "movegen_variants/bitboard/board.h"

typedef struct MagicEntry {
    Bitboard mask;
    uint64_t magic;
    const Bitboard *attacks; /* this square's slice of the shared table */
    unsigned shift;          /* 64 - popcount(mask) */
} MagicEntry;

extern MagicEntry magic_rook[64], magic_bishop[64];

/* The committed numbers, found by magic_search_all(MAGIC_SEARCH_SEED). */
extern const uint64_t magic_rook_numbers[64], magic_bishop_numbers[64];

/* Builds the attack tables once (pthread_once); safe to call often. */
void magic_attacks_init(void);

static BB_ALWAYS_INLINE Bitboard magic_lookup(const MagicEntry *e, Bitboard occupied)
{
    return e->attacks[((occupied & e->mask) * e->magic) >> e->shift];
}

static inline Bitboard magic_rook_attacks(Square sq, Bitboard occupied)
{
    return magic_lookup(&magic_rook[sq], occupied);
}
static inline Bitboard magic_bishop_attacks(Square sq, Bitboard occupied)
{
    return magic_lookup(&magic_bishop[sq], occupied);
}


#endif
