/* The 10x12 mailbox board: 120 bytes, the 8x8 board in the middle and a
 * border of OFFBOARD sentinels around it, so that every ray walk and every
 * knight jump stops on the border without a bounds check.
 *
 *   row 11   .  .  .  .  .  .  .  .  .  .     . = OFFBOARD
 *   row 10   .  .  .  .  .  .  .  .  .  .
 *   rank 8   . 91 92 93 94 95 96 97 98  .     a8 = 91, h8 = 98
 *   ...
 *   rank 1   . 21 22 23 24 25 26 27 28  .     a1 = 21, h1 = 28
 *   row 1    .  .  .  .  .  .  .  .  .  .
 *   row 0    .  .  .  .  .  .  .  .  .  .
 *
 * See README.md for the full picture and the cost of each operation. */
#ifndef CHESSLAB_MAILBOX_BOARD_H
#define CHESSLAB_MAILBOX_BOARD_H

#include "core/inline.h"
#include "core/movegen.h"
#include "core/zobrist.h"

/* Hot helpers are forced inline so that the colour and check flags passed
 * to them become constants (the generator is compiled once per colour);
 * not in sanitizer builds (core/inline.h). */
#define MAILBOX_INLINE static CHESSLAB_FORCE_INLINE

/* Contents of a board cell besides the Piece codes of core/types.h. */
enum { EMPTY = NO_PIECE, OFFBOARD = 0xFF };

/* Index 0 is a border cell, so it doubles as "no en passant square". */
enum { NO_SQ120 = 0, BOARD_CELLS = 120 };

/* Cell numbers of the squares castling and pawn moves care about. */
enum {
    A1 = 21, B1, C1, D1, E1, F1, G1, H1,
    A2 = 31, A7 = 81,
    A8 = 91, B8, C8, D8, E8, F8, G8, H8
};

/* Steps through the array: one row is 10 cells. */
enum { NORTH = 10, SOUTH = -10, EAST = 1, WEST = -1,
       NORTH_EAST = 11, NORTH_WEST = 9, SOUTH_EAST = -9, SOUTH_WEST = -11 };

static const int8_t ROOK_DIRECTIONS[4] = { NORTH, SOUTH, EAST, WEST };
static const int8_t BISHOP_DIRECTIONS[4] = { NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST };
/* King steps and queen directions alike; the first four are orthogonal. */
static const int8_t QUEEN_DIRECTIONS[8] = { NORTH, SOUTH, EAST, WEST,
                                            NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST };
/* Two cells one way and one the other: +-2 rows +-1 column, +-1 row +-2 columns. */
static const int8_t KNIGHT_STEPS[8] = { 21, 19, 12, 8, -8, -12, -19, -21 };

/* Cell number -> Square (a1 = 0 .. h8 = 63); 64 on the border. */
static const uint8_t SQUARE_OF_CELL[BOARD_CELLS] = {
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
    64,  0,  1,  2,  3,  4,  5,  6,  7, 64,
    64,  8,  9, 10, 11, 12, 13, 14, 15, 64,
    64, 16, 17, 18, 19, 20, 21, 22, 23, 64,
    64, 24, 25, 26, 27, 28, 29, 30, 31, 64,
    64, 32, 33, 34, 35, 36, 37, 38, 39, 64,
    64, 40, 41, 42, 43, 44, 45, 46, 47, 64,
    64, 48, 49, 50, 51, 52, 53, 54, 55, 64,
    64, 56, 57, 58, 59, 60, 61, 62, 63, 64,
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
    64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
};

/* Square -> cell number: skip two border rows and one border column. */
static inline int cell_of_square(Square sq) { return 21 + square_file(sq) + 10 * square_rank(sq); }

/* True when cell holds a piece of colour c. Piece codes of a colour are
 * c*8+1 .. c*8+6; EMPTY and OFFBOARD fall outside both ranges. */
static inline bool piece_is(uint8_t cell, Color c)
{
    return (unsigned)(cell - make_piece(c, PAWN)) <= (unsigned)(KING - PAWN);
}

/* The position itself: everything move generation reads. */
typedef struct MailboxPosition {
    uint8_t cells[BOARD_CELLS]; /* Piece code, EMPTY or OFFBOARD */
    /* Piece lists: the cells holding each colour's pieces, in no order, so
     * generation visits pieces instead of scanning 64 squares; list_index
     * maps an occupied cell back to its slot (0 for empty cells). A valid
     * Setup may hold up to 63 pieces of one colour, hence 64 slots. */
    uint8_t list[2][64];
    uint8_t list_count[2];
    uint8_t list_index[BOARD_CELLS];
    uint8_t king[2];            /* cell of each king, indexed by Color */
    uint8_t side;               /* Color to move */
    uint8_t castling;           /* CASTLE_* bits */
    uint8_t ep;                 /* en passant target cell or NO_SQ120 */
    uint16_t halfmove;
    uint16_t fullmove;
    uint64_t key;               /* Zobrist key, kept up to date by make */
    /* Castling geometry, fixed for the game (rights are only ever lost):
     * the rook cell of each right, the rights lost when anything moves
     * from or to a cell, and the key of each set of rights. castle960 is
     * set when king or rooks stand off e/a/h (Chess960), which takes the
     * general castling code; chess960 and shredder_fen are the Setup's. */
    uint8_t castle_rook[CASTLE_RIGHTS];
    uint8_t castling_lost[BOARD_CELLS];
    uint64_t castle_key[16];
    bool castle960, chess960, shredder_fen;
} MailboxPosition;

/* What unmake cannot recompute. */
typedef struct MailboxUndo {
    uint64_t key;
    Move move;
    uint16_t halfmove;
    uint8_t captured; /* Piece taken, EMPTY if none */
    uint8_t captured_slot; /* its slot in the piece list */
    uint8_t castling;
    uint8_t ep;
} MailboxUndo;

typedef struct MailboxBoard {
    MailboxPosition pos;
    uint16_t ply; /* entries in use on the undo stack */
    MailboxUndo undo[MOVEGEN_MAX_PLY];
} MailboxBoard;

#endif
