/* Tables of the pext strategy (compiled with -mbmi2). */
#include "movegen_variants/bitboard/attacks_pext.h"

#include <pthread.h>

#include "movegen_variants/bitboard/attacks_classical.h"
#include "movegen_variants/bitboard/magic_search.h"

PextEntry pext_rook[64], pext_bishop[64];

enum { ROOK_TABLE_SIZE = 102400, BISHOP_TABLE_SIZE = 5248 };
static Bitboard pext_attack_table[ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE];

/* PDEP is the inverse of PEXT: pdep(i, mask) is the occupancy whose
 * index is i, so slot i is filled directly, in order. */
static size_t fill_square(PextEntry *e, bool rook, Square sq, Bitboard *slice)
{
    e->mask = magic_relevant_mask(rook, sq);
    e->attacks = slice;
    size_t size = (size_t)1 << bb_count(e->mask);
    for (size_t i = 0; i < size; i++) {
        Bitboard occupied = _pdep_u64(i, e->mask);
        slice[i] = rook ? classical_rook_attacks(sq, occupied) : classical_bishop_attacks(sq, occupied);
    }
    return size;
}

static void build_tables(void)
{
    size_t used = 0;
    for (int sq = 0; sq < 64; sq++)
        used += fill_square(&pext_rook[sq], true, (Square)sq, pext_attack_table + used);
    for (int sq = 0; sq < 64; sq++)
        used += fill_square(&pext_bishop[sq], false, (Square)sq, pext_attack_table + used);
}

void pext_attacks_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_tables);
}
