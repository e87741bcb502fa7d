/* The bitboard board shared by every slider-attack strategy: a compact
 * Position (piece bitboards + 64-byte mailbox + state), the strategy-free
 * lookup tables (knight, king, pawn attacks, rays, squares between), and
 * making and unmaking moves. Slider attacks come from a strategy header;
 * generator_template.h turns a strategy into a legal move generator. */
#ifndef CHESSLAB_BITBOARD_BOARD_H
#define CHESSLAB_BITBOARD_BOARD_H

#include "../../core/movegen.h"
#include "../../core/zobrist.h"

typedef uint64_t Bitboard;

#define BB_ALWAYS_INLINE inline __attribute__((always_inline))

#define BB_FILE_A_MASK 0x0101010101010101ull
#define BB_FILE_H_MASK 0x8080808080808080ull
#define BB_RANK_1_MASK 0x00000000000000ffull
#define BB_RANK_3_MASK 0x0000000000ff0000ull
#define BB_RANK_6_MASK 0x0000ff0000000000ull
#define BB_RANK_8_MASK 0xff00000000000000ull

static BB_ALWAYS_INLINE Bitboard bb_of(unsigned sq) { return 1ull << sq; }
static BB_ALWAYS_INLINE Square bb_first(Bitboard b) { return (Square)__builtin_ctzll(b); }
static BB_ALWAYS_INLINE Square bb_last(Bitboard b) { return (Square)(63 ^ __builtin_clzll(b)); }
static BB_ALWAYS_INLINE int bb_count(Bitboard b) { return __builtin_popcountll(b); }
static BB_ALWAYS_INLINE bool bb_several(Bitboard b) { return (b & (b - 1)) != 0; }

/* Ray directions. The first four step to higher square numbers, so the
 * nearest blocker on them is the lowest set bit; the others the highest. */
typedef enum {
    DIR_N, DIR_E, DIR_NE, DIR_NW, /* +8, +1, +9, +7 */
    DIR_S, DIR_W, DIR_SW, DIR_SE, /* -8, -1, -9, -7 */
    DIR_COUNT
} Direction;

/* Filled once before main() (board_tables.c), read-only afterwards. */
typedef struct BitboardTables {
    Bitboard knight[64];
    Bitboard king[64];
    Bitboard pawn_attacks[2][64];   /* squares a pawn of that colour on sq attacks */
    Bitboard ray[DIR_COUNT][64];    /* empty-board ray, origin excluded */
    Bitboard rook_rays[64];         /* union of the four orthogonal rays */
    Bitboard bishop_rays[64];       /* union of the four diagonal rays */
    Bitboard between[64][64];       /* squares strictly between two aligned squares, else 0 */
    uint8_t castle_keep[64];        /* castling rights that survive a move touching sq */
} BitboardTables;

extern BitboardTables bb_tables;

/* Constructor priorities: board tables first, strategy tables after. */
#define BITBOARD_TABLES_PRIORITY 101
#define BITBOARD_STRATEGY_PRIORITY 102

/* The position itself: 152 bytes, copied by value in perft. */
typedef struct Position {
    Bitboard type_bb[KING + 1]; /* [0]: every occupied square; [PAWN..KING]: both colours */
    Bitboard color_bb[2];
    uint64_t key;
    Piece mailbox[64];
    uint16_t halfmove, fullmove;
    uint8_t side, castling, ep; /* ep: target square after any double push, else SQ_NONE */
} Position;

/* What unmake needs beyond the move itself. */
typedef struct UndoRecord {
    uint64_t key;
    Move move;
    uint16_t halfmove;
    Piece captured;
    uint8_t castling, ep;
} UndoRecord;

/* The board behind the MoveGen interface: position plus undo stack. */
typedef struct BitboardBoard {
    Position pos;
    uint32_t undo_count;
    UndoRecord undo[MOVEGEN_MAX_PLY];
} BitboardBoard;

void position_load(Position *p, const Setup *s);
void position_save(const Position *p, Setup *s);

static BB_ALWAYS_INLINE Bitboard pieces_of(const Position *p, Color c, PieceType t)
{
    return p->type_bb[t] & p->color_bb[c];
}

/* The ep file counts in the key only when a pawn of the side to move
 * stands beside the pushed pawn (core/zobrist.h); with pawn attack tables
 * that is: one of our pawns attacks ep as seen from the other side. */
static BB_ALWAYS_INLINE bool position_ep_hashed(const Position *p, Color to_move)
{
    return p->ep != SQ_NONE &&
           (bb_tables.pawn_attacks[to_move ^ 1][p->ep] & pieces_of(p, to_move, PAWN)) != 0;
}

static BB_ALWAYS_INLINE void position_put(Position *p, Piece pc, Square sq)
{
    Bitboard b = bb_of(sq);
    p->type_bb[0] |= b;
    p->type_bb[piece_type(pc)] |= b;
    p->color_bb[piece_color(pc)] |= b;
    p->mailbox[sq] = pc;
    p->key ^= zobrist.piece[pc][sq];
}

static BB_ALWAYS_INLINE void position_remove(Position *p, Piece pc, Square sq)
{
    Bitboard b = bb_of(sq);
    p->type_bb[0] ^= b;
    p->type_bb[piece_type(pc)] ^= b;
    p->color_bb[piece_color(pc)] ^= b;
    p->mailbox[sq] = NO_PIECE;
    p->key ^= zobrist.piece[pc][sq];
}

/* Moves pc from one square to an empty one. */
static BB_ALWAYS_INLINE void position_shift(Position *p, Piece pc, Square from, Square to)
{
    Bitboard b = bb_of(from) | bb_of(to);
    p->type_bb[0] ^= b;
    p->type_bb[piece_type(pc)] ^= b;
    p->color_bb[piece_color(pc)] ^= b;
    p->mailbox[from] = NO_PIECE;
    p->mailbox[to] = pc;
    p->key ^= zobrist.piece[pc][from] ^ zobrist.piece[pc][to];
}

/* Rook squares of a castling move, indexed by the king's destination. */
static BB_ALWAYS_INLINE void castle_rook_squares(Square king_to, Square *rook_from, Square *rook_to)
{
    bool king_side = square_file(king_to) == 6;
    Square base = (Square)(king_to & 56);
    *rook_from = (Square)(base + (king_side ? 7 : 0));
    *rook_to = (Square)(base + (king_side ? 5 : 3));
}

/* Plays legal move m for side us into dst, a copy of src (us is a
 * constant in hot callers, so each side gets its own branch-light copy).
 * Every changed field of dst is computed from src and stored once: reading
 * back a field just written by the struct copy would stall on store
 * forwarding. Returns the captured piece. */
static BB_ALWAYS_INLINE Piece position_copy_make(Position *restrict dst, const Position *restrict src, Move m,
                                                 const Color us, const bool track_key)
{
    const Color them = color_flip(us);
    const int up = us == WHITE ? 8 : -8;
    const Square from = move_from(m), to = move_to(m);
    const MoveKind kind = move_kind(m);
    const Piece moved = src->mailbox[from];
    const PieceType moved_type = piece_type(moved);
    const Bitboard from_bit = bb_of(from), to_bit = bb_of(to);

    *dst = *src;
    uint64_t key = src->key ^ zobrist.side;
    if (position_ep_hashed(src, us))
        key ^= zobrist.ep_file[square_file(src->ep)];
    dst->ep = SQ_NONE;
    uint8_t rights = src->castling & bb_tables.castle_keep[from] & bb_tables.castle_keep[to];
    key ^= zobrist.castling[src->castling] ^ zobrist.castling[rights];
    dst->castling = rights;

    /* Without a capture, captured_type is 0: its store below goes to the
     * occupancy slot, which is overwritten at the end. */
    Square captured_sq = kind == MK_EN_PASSANT ? (Square)(to - up) : to;
    Piece captured = (kind & MK_CAPTURE_BIT) ? src->mailbox[captured_sq] : NO_PIECE;
    PieceType captured_type = piece_type(captured);
    Bitboard captured_bit = captured ? bb_of(captured_sq) : 0;
    key ^= zobrist.piece[captured][captured_sq]; /* row NO_PIECE is all zero */
    dst->type_bb[captured_type] = src->type_bb[captured_type] ^ captured_bit;
    dst->mailbox[captured_sq] = NO_PIECE;

    Piece placed = (kind & MK_PROMO_BIT) ? make_piece(us, move_promotion_type(m)) : moved;
    PieceType placed_type = piece_type(placed);
    Bitboard own_change = from_bit | to_bit;
    dst->type_bb[moved_type] = src->type_bb[moved_type] ^ (moved_type == captured_type ? captured_bit : 0) ^ from_bit ^
                               (placed_type == moved_type ? to_bit : 0);
    if (placed_type != moved_type)
        dst->type_bb[placed_type] =
            src->type_bb[placed_type] ^ (placed_type == captured_type ? captured_bit : 0) ^ to_bit;
    dst->mailbox[from] = NO_PIECE;
    dst->mailbox[to] = placed;
    key ^= zobrist.piece[moved][from] ^ zobrist.piece[placed][to];

    if (kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE) {
        Square rook_from, rook_to;
        castle_rook_squares(to, &rook_from, &rook_to);
        Bitboard rook_change = bb_of(rook_from) | bb_of(rook_to);
        Piece rook = make_piece(us, ROOK);
        dst->type_bb[ROOK] = src->type_bb[ROOK] ^ rook_change;
        own_change ^= rook_change;
        dst->mailbox[rook_from] = NO_PIECE;
        dst->mailbox[rook_to] = rook;
        key ^= zobrist.piece[rook][rook_from] ^ zobrist.piece[rook][rook_to];
    }
    dst->type_bb[0] = src->type_bb[0] ^ captured_bit ^ own_change;
    dst->color_bb[us] = src->color_bb[us] ^ own_change;
    dst->color_bb[them] = src->color_bb[them] ^ captured_bit;

    dst->halfmove = (moved_type == PAWN || captured) ? 0 : (uint16_t)(src->halfmove + 1);
    if (kind == MK_DOUBLE_PUSH) {
        dst->ep = (Square)(from + up);
        if (bb_tables.pawn_attacks[us][dst->ep] & src->type_bb[PAWN] & src->color_bb[them])
            key ^= zobrist.ep_file[square_file(dst->ep)];
    }
    dst->side = (uint8_t)them;
    dst->fullmove = (uint16_t)(src->fullmove + (us == BLACK));
    if (track_key)
        dst->key = key;
    return captured;
}

/* Reverses position_copy_make given what it recorded; restores the key
 * from the record rather than recomputing it. */
static inline void position_undo_move(Position *p, const UndoRecord *u)
{
    const Color us = color_flip((Color)p->side);
    const int up = us == WHITE ? 8 : -8;
    Move m = u->move;
    Square from = move_from(m), to = move_to(m);
    MoveKind kind = move_kind(m);

    if (kind & MK_PROMO_BIT) {
        position_remove(p, p->mailbox[to], to);
        position_put(p, make_piece(us, PAWN), from);
    } else {
        position_shift(p, p->mailbox[to], to, from);
    }
    if (kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE) {
        Square rook_from, rook_to;
        castle_rook_squares(to, &rook_from, &rook_to);
        position_shift(p, make_piece(us, ROOK), rook_to, rook_from);
    }
    if (u->captured != NO_PIECE)
        position_put(p, u->captured, kind == MK_EN_PASSANT ? (Square)(to - up) : to);
    if (us == BLACK)
        p->fullmove--;
    p->side = (uint8_t)us;
    p->key = u->key;
    p->halfmove = u->halfmove;
    p->castling = u->castling;
    p->ep = u->ep;
}

#endif
