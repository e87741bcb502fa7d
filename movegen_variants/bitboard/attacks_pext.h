/* Slider strategy "pext": BMI2 PEXT gathers the bits of occupied that lie
 * in the slider's relevant mask into a dense index, which is what a magic
 * multiply approximates, exactly and without a searched number:
 *     index = pext(occupied, mask)
 * Same table sizes as fancy magic (102400 rook + 5248 bishop entries).
 * Only for files compiled with -mbmi2 (see CMakeLists.txt), and only run
 * after movegen_pext.unavailable_reason() said BMI2 is there. */
#ifndef CHESSLAB_BITBOARD_ATTACKS_PEXT_H
#define CHESSLAB_BITBOARD_ATTACKS_PEXT_H

#ifndef __BMI2__
#error "attacks_pext.h needs a file compiled with -mbmi2"
#endif

#include <immintrin.h>

#include "movegen_variants/bitboard/board.h"

typedef struct PextEntry {
    Bitboard mask;
    const Bitboard *attacks;
} PextEntry;

extern PextEntry pext_rook[64], pext_bishop[64];

/* Builds the tables once (pthread_once): load calls it, after the
 * availability check, never a constructor (that would run BMI2 code on
 * every CPU). */
void pext_attacks_init(void);

static BB_ALWAYS_INLINE Bitboard pext_lookup(const PextEntry *e, Bitboard occupied)
{
    return e->attacks[_pext_u64(occupied, e->mask)];
}

static inline Bitboard pext_rook_attacks(Square sq, Bitboard occupied) { return pext_lookup(&pext_rook[sq], occupied); }
static inline Bitboard pext_bishop_attacks(Square sq, Bitboard occupied)
{
    return pext_lookup(&pext_bishop[sq], occupied);
}

#endif
