/* The magic-number search. For one square: list every subset of its
 * relevant mask with the attacks it produces (the carry-rippler trick
 * enumerates subsets: sub = (sub - mask) & mask), then try sparse random
 * candidates until one maps all subsets into 2^bits slots without two
 * different attack sets sharing a slot (equal attack sets may share:
 * "constructive collisions"). */
#include "movegen_variants/bitboard/magic_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "movegen_variants/bitboard/attacks_classical.h"

Bitboard magic_relevant_mask(bool rook, Square sq)
{
    const Bitboard not_file_a = ~BB_FILE_A_MASK, not_file_h = ~BB_FILE_H_MASK;
    const Bitboard not_rank_1 = ~BB_RANK_1_MASK, not_rank_8 = ~BB_RANK_8_MASK;
    const Bitboard *ray[DIR_COUNT];
    for (int d = 0; d < DIR_COUNT; d++)
        ray[d] = bb_tables.ray[d];
    if (rook)
        return (ray[DIR_N][sq] & not_rank_8) | (ray[DIR_S][sq] & not_rank_1) | (ray[DIR_E][sq] & not_file_h) |
               (ray[DIR_W][sq] & not_file_a);
    return (ray[DIR_NE][sq] | ray[DIR_NW][sq] | ray[DIR_SE][sq] | ray[DIR_SW][sq]) & not_file_a & not_file_h &
           not_rank_1 & not_rank_8;
}

/* xorshift64*: tiny, fast, and fully determined by its state. */
static uint64_t prng_next(uint64_t *state)
{
    *state ^= *state >> 12;
    *state ^= *state << 25;
    *state ^= *state >> 27;
    return *state * 0x2545f4914f6cdd1dull;
}

/* A candidate with few bits set: magics with dense bits rarely work. */
static uint64_t sparse_candidate(uint64_t *state)
{
    return prng_next(state) & prng_next(state) & prng_next(state);
}

enum { MAX_SUBSETS = 4096 }; /* 2^12, the largest rook mask */

/* Scratch space of one search: every subset with its attacks, and the
 * slots with the attempt number that last wrote them (no clearing per try). */
typedef struct MagicScratch {
    Bitboard occupancy[MAX_SUBSETS], reference[MAX_SUBSETS], slot[MAX_SUBSETS];
    uint32_t slot_attempt[MAX_SUBSETS];
} MagicScratch;

static uint64_t search_square(MagicScratch *w, uint64_t seed, bool rook, Square sq)
{
    Bitboard mask = magic_relevant_mask(rook, sq);
    unsigned shift = 64u - (unsigned)bb_count(mask);
    int count = 0;
    Bitboard sub = 0;
    do {
        w->occupancy[count] = sub;
        w->reference[count] = rook ? classical_rook_attacks(sq, sub) : classical_bishop_attacks(sq, sub);
        count++;
        sub = (sub - mask) & mask;
    } while (sub);

    /* The stream depends only on (seed, piece, square). */
    uint64_t state = seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(sq + 1 + (rook ? 64 : 0)));
    if (state == 0)
        state = 1;
    memset(w->slot_attempt, 0, sizeof w->slot_attempt);
    for (uint32_t attempt = 1;; attempt++) {
        uint64_t magic = sparse_candidate(&state);
        /* Quick reject: the top byte of mask * magic must be well mixed. */
        if (bb_count((mask * magic) & 0xff00000000000000ull) < 6)
            continue;
        int i = 0;
        for (; i < count; i++) {
            unsigned index = (unsigned)((w->occupancy[i] * magic) >> shift);
            if (w->slot_attempt[index] != attempt) {
                w->slot_attempt[index] = attempt;
                w->slot[index] = w->reference[i];
            } else if (w->slot[index] != w->reference[i]) {
                break;
            }
        }
        if (i == count)
            return magic;
    }
}

static MagicScratch *scratch_new(void)
{
    MagicScratch *w = malloc(sizeof *w);
    if (!w) {
        fprintf(stderr, "magic search: out of memory\n");
        abort();
    }
    return w;
}

void magic_search_all(uint64_t seed, uint64_t rook_magics[64], uint64_t bishop_magics[64])
{
    MagicScratch *w = scratch_new();
    for (int sq = 0; sq < 64; sq++) {
        rook_magics[sq] = search_square(w, seed, true, (Square)sq);
        bishop_magics[sq] = search_square(w, seed, false, (Square)sq);
    }
    free(w);
}
