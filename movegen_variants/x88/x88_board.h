/* The 0x88 board: squares, moves, the board struct and the lookup tables.
 *
 * A 0x88 square is rank * 16 + file: the board is 16 columns wide, of which
 * only the left 8 are real. Any square index with bit 0x08 (file 8..15) or
 * bit 0x80 (rank 8..15, or a negative index) set is off the board, so one
 * AND tests for "left the board" in every direction. See README.md. */
#ifndef CHESSLAB_X88_BOARD_H
#define CHESSLAB_X88_BOARD_H

#include "core/inline.h"
#include "core/movegen.h"
#include "core/zobrist.h"

/* Hot helpers are forced inline so that compile-time flags (count_only,
 * in_check, the side to move) fold away in each specialised copy (not in
 * sanitizer builds: core/inline.h). Define X88_INLINE as
 * `static __attribute__((noinline))` to profile per function. */
#ifndef X88_INLINE
#define X88_INLINE static CHESSLAB_FORCE_INLINE
#endif

enum {
    X88_NO_SQUARE = 0x80, /* "no en passant square": fails the on-board test */
    X88_A1 = 0x00, X88_B1, X88_C1, X88_D1, X88_E1, X88_F1, X88_G1, X88_H1,
    X88_A8 = 0x70, X88_B8, X88_C8, X88_D8, X88_E8, X88_F8, X88_G8, X88_H8,
};

static inline bool x88_off_board(int sq) { return (sq & 0x88) != 0; }
static inline int x88_file(int sq) { return sq & 7; }
static inline int x88_rank(int sq) { return sq >> 4; }
/* a1=0..h8=63  <->  0x88: insert / remove the unused bit 3. */
static inline int x88_from_square(Square sq) { return sq + (sq & 0x38); }
static inline Square x88_to_square(int sq) { return (Square)((sq + (sq & 7)) >> 1); }
static inline uint64_t x88_bit(int sq) { return 1ull << x88_to_square(sq); }

/* Pawns of colour c move by x88_forward(c): +16 (up a rank) or -16. */
static inline int x88_forward(int color) { return color == WHITE ? 16 : -16; }

/* Internal move: from | to << 8 | MoveKind << 16, squares in 0x88. The
 * interface converts to and from the canonical Move only at its edge. */
typedef uint32_t X88Move;
static inline X88Move x88_move(int from, int to, int kind)
{
    return (X88Move)from | (X88Move)to << 8 | (X88Move)kind << 16;
}
static inline int x88_move_from(X88Move m) { return m & 0xff; }
static inline int x88_move_to(X88Move m) { return (m >> 8) & 0xff; }
static inline int x88_move_kind(X88Move m) { return (int)(m >> 16); }

/* What unmake needs beyond the move itself. */
typedef struct X88Undo {
    uint64_t key;
    X88Move move;
    uint16_t halfmove;
    uint8_t castling;
    uint8_t ep;
    uint8_t captured;      /* Piece taken, NO_PIECE if none */
    uint8_t captured_slot; /* its position in lists[] */
    uint8_t pawn_slot;     /* promotions: the pawn's position in lists[] */
} X88Undo;

/* One compact list of squares per colour and piece type, so each loop
 * knows its piece type at compile time. The lists share one flat array and
 * slot[] holds a piece's position in that array, so moving a piece updates
 * its entry without knowing colour or type. Removal moves the last entry
 * into the hole. Entries past a count and slot[] of empty squares are kept
 * at 0, so make + unmake restores the board byte for byte. */
enum {
    X88_LIST_MAX = 10, /* 2 pieces + 8 promoted pawns; 8 pawns */
    X88_LISTS = 2 * (KING + 1),
};
_Static_assert((int)X88_LIST_MAX >= (int)SETUP_MAX_OF_A_KIND && (int)X88_LIST_MAX >= (int)SETUP_MAX_PAWNS,
               "a piece list must hold every piece of one kind an accepted position can have");

typedef struct X88Board {
    uint8_t squares[128];                     /* Piece (core/types.h) per 0x88 square */
    uint8_t slot[128];                        /* position of that piece in lists[] */
    uint8_t lists[X88_LISTS * X88_LIST_MAX];  /* squares, by colour and PieceType */
    uint8_t count[2][KING + 1];
    uint8_t side;
    uint8_t castling;
    uint8_t ep;                               /* en passant target square or X88_NO_SQUARE */
    uint16_t halfmove;
    uint16_t fullmove;
    uint16_t ply;                             /* entries used in undo[] (interface make) */
    uint64_t key;
    /* Castling geometry, fixed for the game (rights are only lost): the
     * rook square of each right; castling &= castle_keep[from] &
     * castle_keep[to] drops the rights of a king or rook that leaves, or a
     * rook taken on, its square; the key of each set of rights. castle960:
     * king or rooks off e/a/h, so the general castling code runs. */
    uint8_t castle_rook[CASTLE_RIGHTS];
    uint8_t castle_keep[128];
    uint64_t castle_key[16];
    bool castle960, chess960, shredder_fen;   /* chess960, shredder_fen: the Setup's */
    X88Undo undo[MOVEGEN_MAX_PLY];
} X88Board;

static inline int x88_list_base(int color, int type) { return (color * (KING + 1) + type) * X88_LIST_MAX; }
static inline const uint8_t *x88_list(const X88Board *b, int color, int type)
{
    return &b->lists[x88_list_base(color, type)];
}
static inline int x88_king(const X88Board *b, int color) { return b->lists[x88_list_base(color, KING)]; }

/* The difference table: for two squares a (target) and b (origin),
 * index a - b + 119 lies in 0..238 and names the geometric relation
 * uniquely, because files cannot wrap on a 16-wide board. */
enum { X88_DIFF_OFFSET = 119, X88_DIFF_SIZE = 239 };
static inline int x88_diff(int target, int origin) { return target - origin + X88_DIFF_OFFSET; }

typedef struct X88Tables {
    /* bit (1 << PieceType) set when that piece type, standing on origin,
     * reaches target on an empty board (KNIGHT, BISHOP, ROOK, QUEEN, KING;
     * pawns are tested directly). */
    uint8_t attackers[X88_DIFF_SIZE];
    /* Unit step from origin toward target along a rank, file or diagonal;
     * 0 when the two squares share no line. */
    int8_t step[X88_DIFF_SIZE];
    /* Like attackers, but set when the piece reaches any square of the
     * king's zone around target: files -2..+2, ranks -1..+1 (the squares a
     * king may step to, and those castling crosses). */
    uint8_t zone_attackers[X88_DIFF_SIZE];
} X88Tables;

/* Written once before main() (constructor in x88_tables.c), then only read. */
extern X88Tables x88_tables;

/* Directions: the first four are rook steps, the last four bishop steps. */
static const int x88_queen_steps[8] = { 1, -1, 16, -16, 15, 17, -15, -17 };
static const int x88_knight_steps[8] = { 33, 31, 18, 14, -14, -18, -31, -33 };

#endif
