/* Basic chess types shared by every layer: squares, colours, pieces, moves.
 * The encodings here are the project's canonical ones: every generator
 * emits exactly these values, so move lists and keys compare directly. */
#ifndef CHESSLAB_TYPES_H
#define CHESSLAB_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/* Squares: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63. */
typedef uint8_t Square;
enum { SQ_A1 = 0, SQ_B1, SQ_C1, SQ_D1, SQ_E1, SQ_F1, SQ_G1, SQ_H1,
       SQ_A8 = 56, SQ_B8, SQ_C8, SQ_D8, SQ_E8, SQ_F8, SQ_G8, SQ_H8,
       SQ_NONE = 64 };

static inline int square_file(Square sq) { return sq & 7; }
static inline int square_rank(Square sq) { return sq >> 3; }
static inline Square make_square(int file, int rank) { return (Square)(rank * 8 + file); }

typedef enum { WHITE = 0, BLACK = 1 } Color;
static inline Color color_flip(Color c) { return (Color)(c ^ 1); }

/* Piece = colour * 8 + type, 0 = empty square. */
typedef enum { PT_NONE = 0, PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING } PieceType;
typedef uint8_t Piece;
enum {
    NO_PIECE = 0,
    W_PAWN = 1, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
    B_PAWN = 9, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
    PIECE_LIMIT = 16 /* size of arrays indexed by Piece */
};
static inline Piece make_piece(Color c, PieceType t) { return (Piece)(c * 8 + t); }
static inline PieceType piece_type(Piece p) { return (PieceType)(p & 7); }
static inline Color piece_color(Piece p) { return (Color)(p >> 3); }

/* Castling rights, one bit each. */
enum { CASTLE_WK = 1, CASTLE_WQ = 2, CASTLE_BK = 4, CASTLE_BQ = 8, CASTLE_ALL = 15 };

/* A move in 16 bits: from (bits 0-5), to (bits 6-11), kind (bits 12-15).
 * Castling is encoded as the king's move (e1g1, e1c1, e8g8, e8c8). */
typedef uint16_t Move;
enum { MOVE_NONE = 0 }; /* a1a1 quiet: never a legal move */

typedef enum {
    MK_QUIET = 0, MK_DOUBLE_PUSH = 1, MK_KING_CASTLE = 2, MK_QUEEN_CASTLE = 3,
    MK_CAPTURE = 4, MK_EN_PASSANT = 5,
    MK_PROMO_N = 8, MK_PROMO_B = 9, MK_PROMO_R = 10, MK_PROMO_Q = 11,
    MK_PROMO_CAPTURE_N = 12, MK_PROMO_CAPTURE_B = 13, MK_PROMO_CAPTURE_R = 14,
    MK_PROMO_CAPTURE_Q = 15
} MoveKind;
enum { MK_CAPTURE_BIT = 4, MK_PROMO_BIT = 8 };

static inline Move move_make(Square from, Square to, MoveKind kind)
{
    return (Move)(from | (to << 6) | ((unsigned)kind << 12));
}
static inline Square move_from(Move m) { return (Square)(m & 63); }
static inline Square move_to(Move m) { return (Square)((m >> 6) & 63); }
static inline MoveKind move_kind(Move m) { return (MoveKind)(m >> 12); }
static inline bool move_is_capture(Move m) { return (m >> 12) & MK_CAPTURE_BIT; }
static inline bool move_is_promotion(Move m) { return (m >> 12) & MK_PROMO_BIT; }
/* Promotion piece type (KNIGHT..QUEEN); only meaningful for promotions. */
static inline PieceType move_promotion_type(Move m)
{
    return (PieceType)(KNIGHT + ((m >> 12) & 3));
}

/* The positions chesslab accepts (setup_validate, README "FEN
 * validation"): per side one king, at most 16 men, at most 8 pawns, and no
 * more promoted pieces than missing pawns (queens beyond 1, rooks, knights
 * beyond 2, bishops beyond 1 on each square colour). So no side has more
 * than 10 pieces of one kind (2 rooks + 8 promoted), and no accepted
 * position is known to have more than 218 legal moves (the maximum for a
 * legal position; the fuzz test places such material at random and counts).
 * Every board sizes its lists and move buffers from these, and asserts so
 * where it declares them. */
enum {
    SETUP_MAX_MEN = 16,
    SETUP_MAX_PAWNS = 8,
    SETUP_MAX_OF_A_KIND = 10,
    SETUP_MAX_LEGAL_MOVES = 218,
};

/* Room for the legal moves of any accepted position. */
enum { MAX_MOVES = 256 };
#ifndef __cplusplus
_Static_assert((int)MAX_MOVES >= (int)SETUP_MAX_LEGAL_MOVES, "move buffers must hold every accepted position's moves");
#endif

#endif
