/* Bitboard helpers the search needs beyond the generator's exports:
 * leaper and pawn attacks of whole sets computed by shifts, of one square
 * read from the generator's tables, and square colours. Sliders come from the
 * search board's strategy (SearchBoardOps). */
#ifndef CHESSLAB_SEARCH_BITOPS_H
#define CHESSLAB_SEARCH_BITOPS_H

#include "movegen_variants/bitboard/board.h"

#define SB_FILE_A 0x0101010101010101ull
#define SB_FILE_B 0x0202020202020202ull
#define SB_FILE_G 0x4040404040404040ull
#define SB_FILE_H 0x8080808080808080ull
#define SB_LIGHT_SQUARES 0x55aa55aa55aa55aaull /* h1 is light (RULES.md art. 2) */

static inline Bitboard sb_east(Bitboard b) { return (b << 1) & ~SB_FILE_A; }
static inline Bitboard sb_west(Bitboard b) { return (b >> 1) & ~SB_FILE_H; }

static inline Bitboard sb_knight_attacks(Bitboard b)
{
    Bitboard one = sb_east(b) | sb_west(b);
    Bitboard two = ((b << 2) & ~(SB_FILE_A | SB_FILE_B)) | ((b >> 2) & ~(SB_FILE_G | SB_FILE_H));
    return (one << 16) | (one >> 16) | (two << 8) | (two >> 8);
}

static inline Bitboard sb_king_attacks(Bitboard b)
{
    Bitboard row = b | sb_east(b) | sb_west(b);
    return (row | (row << 8) | (row >> 8)) ^ b;
}

/* The same for a piece on one square: the generator's tables, one load
 * where the shifts take a dozen operations (per knight in every
 * evaluation, per exchange in SEE). */
static inline Bitboard sb_knight_attacks_from(Square sq) { return bb_tables.knight[sq]; }
static inline Bitboard sb_king_attacks_from(Square sq) { return bb_tables.king[sq]; }
static inline Bitboard sb_pawn_attacks_from(Square sq, Color c) { return bb_tables.pawn_attacks[c][sq]; }

/* Squares attacked by the pawns b of colour c. */
static inline Bitboard sb_pawn_attacks(Bitboard b, Color c)
{
    Bitboard ahead = c == WHITE ? b << 8 : b >> 8;
    return sb_east(ahead) | sb_west(ahead);
}

/* Every square in front of b (toward the opponent), same files. */
static inline Bitboard sb_front_span(Bitboard b, Color c)
{
    if (c == WHITE) {
        b <<= 8;
        b |= b << 8;
        b |= b << 16;
        b |= b << 32;
    } else {
        b >>= 8;
        b |= b >> 8;
        b |= b >> 16;
        b |= b >> 32;
    }
    return b;
}

static inline Bitboard sb_file_fill(Bitboard b)
{
    return sb_front_span(b, WHITE) | sb_front_span(b, BLACK) | b;
}

static inline Square sb_relative(Square sq, Color c) { return c == WHITE ? sq : (Square)(sq ^ 56); }

#endif
