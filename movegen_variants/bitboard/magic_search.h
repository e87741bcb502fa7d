/* Finding magic multipliers for fancy magic bitboards (see README.md).
 * The search is deterministic: the same seed gives the same numbers on
 * every machine, so the committed table in attacks_magic.c can be checked
 * against a fresh search at any time. */
#ifndef CHESSLAB_BITBOARD_MAGIC_SEARCH_H
#define CHESSLAB_BITBOARD_MAGIC_SEARCH_H

#include "movegen_variants/bitboard/board.h"

/* Seed that produced the committed table. */
#define MAGIC_SEARCH_SEED 0x6d61676963ull /* "magic" */

/* Squares a rook/bishop on sq needs to see to know its attacks: its rays,
 * less the last square of each (an edge square never blocks anything). */
Bitboard magic_relevant_mask(bool rook, Square sq);

/* Searches all 128 squares, each drawing candidates from a PRNG seeded
 * from (seed, rook, square). */
void magic_search_all(uint64_t seed, uint64_t rook_magics[64], uint64_t bishop_magics[64]);

/* True when a fresh search with MAGIC_SEARCH_SEED reproduces the committed
 * table exactly (for the test suite). */
bool magic_table_reproduces(void);

#endif
