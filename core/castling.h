/* Castling geometry shared by FEN, generators and move text.
 *
 * A castling right belongs to one rook: right i (the bit number of CASTLE_*:
 * 0 = White king side, 1 = White queen side, 2 = Black king side, 3 = Black
 * queen side) names its rook by file (Setup.castle_file). In standard chess
 * those are the h and a files with the king on e; in Chess960 any rook of
 * the back rank on the proper side of the king. Wherever king and rook
 * start, castling ends with the king on g/c and the rook on f/d of the back
 * rank (FIDE Chess960 rules), which is why a castling Move is still the
 * king's move to g1/c1/g8/c8: the rook's square comes from the right. */
#ifndef CHESSLAB_CASTLING_H
#define CHESSLAB_CASTLING_H

#include "core/types.h"

enum { CASTLE_RIGHTS = 4, FILE_A = 0, FILE_C = 2, FILE_D = 3, FILE_E = 4, FILE_F = 5, FILE_G = 6, FILE_H = 7 };

static inline int castle_right_index(Color c, bool queen_side) { return 2 * (int)c + (queen_side ? 1 : 0); }
static inline Color castle_right_color(int right) { return (Color)(right >> 1); }
static inline bool castle_right_queen_side(int right) { return (right & 1) != 0; }
static inline uint8_t castle_right_bit(int right) { return (uint8_t)(1u << right); }

static inline int castle_back_rank(Color c) { return c == WHITE ? 0 : 7; }

/* The rook file of right i in standard chess (h, a, h, a). */
static inline uint8_t castle_standard_file(int right) { return castle_right_queen_side(right) ? FILE_A : FILE_H; }

static inline Square castle_king_target(int right)
{
    return make_square(castle_right_queen_side(right) ? FILE_C : FILE_G, castle_back_rank(castle_right_color(right)));
}

static inline Square castle_rook_target(int right)
{
    return make_square(castle_right_queen_side(right) ? FILE_D : FILE_F, castle_back_rank(castle_right_color(right)));
}

static inline Square castle_rook_square(int right, int file)
{
    return make_square(file, castle_back_rank(castle_right_color(right)));
}

/* The right a castling move uses (kind MK_KING_CASTLE or MK_QUEEN_CASTLE). */
static inline int castle_right_of_move(Color us, Move m)
{
    return castle_right_index(us, move_kind(m) == MK_QUEEN_CASTLE);
}

/* The squares from a to b on one rank, both included, as a bit set. */
static inline uint64_t castle_span(Square a, Square b)
{
    Square low = a < b ? a : b, high = a < b ? b : a;
    return ((~0ull >> (63 - high)) >> low) << low;
}

/* Squares that must be empty for right i with king and rook on their
 * squares: all that either crosses or lands on, except the two themselves. */
static inline uint64_t castle_empty_squares(Square king, Square rook, int right)
{
    return (castle_span(king, castle_king_target(right)) | castle_span(rook, castle_rook_target(right))) &
           ~(1ull << king) & ~(1ull << rook);
}

/* Squares the king must not be attacked on (with king and castling rook
 * lifted): those it crosses and lands on. Its start square is left out,
 * as castling is tried only when not in check, unless the king stays
 * there: then the rook's leaving can still expose it. */
static inline uint64_t castle_king_path(Square king, int right)
{
    Square target = castle_king_target(right);
    return king == target ? 1ull << target : castle_span(king, target) & ~(1ull << king);
}

static inline bool move_is_castle(Move m)
{
    return move_kind(m) == MK_KING_CASTLE || move_kind(m) == MK_QUEEN_CASTLE;
}

#endif
