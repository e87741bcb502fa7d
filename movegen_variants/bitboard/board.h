/* The bitboard board shared by every slider-attack strategy: a compact
 * Position (eight bitboards in one cache line + state), the strategy-free
 * lookup tables (knight, king, pawn attacks, rays, squares between), and
 * making and unmaking moves. Slider attacks come from a strategy header;
 * generator_template.h turns a strategy into a legal move generator. */
#ifndef CHESSLAB_BITBOARD_BOARD_H
#define CHESSLAB_BITBOARD_BOARD_H

#include "core/inline.h"
#include "core/movegen.h"
#include "core/zobrist.h"

typedef uint64_t Bitboard;

/* Forced but in sanitizer builds (core/inline.h). */
#define BB_ALWAYS_INLINE CHESSLAB_FORCE_INLINE

#define BB_FILE_A_MASK 0x0101010101010101ull
#define BB_FILE_B_MASK 0x0202020202020202ull
#define BB_FILE_G_MASK 0x4040404040404040ull
#define BB_FILE_H_MASK 0x8080808080808080ull
#define BB_RANK_1_MASK 0x00000000000000ffull
#define BB_RANK_2_MASK 0x000000000000ff00ull
#define BB_RANK_3_MASK 0x0000000000ff0000ull
#define BB_RANK_4_MASK 0x00000000ff000000ull
#define BB_RANK_5_MASK 0x000000ff00000000ull
#define BB_RANK_6_MASK 0x0000ff0000000000ull
#define BB_RANK_7_MASK 0x00ff000000000000ull
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

/* The four lines through a square; a pinned piece stays on one of them. */
typedef enum { LINE_FILE, LINE_RANK, LINE_DIAGONAL, LINE_ANTI_DIAGONAL, LINE_COUNT } Line;

/* Filled once before main() (board_tables.c), read-only afterwards. */
typedef struct BitboardTables {
    Bitboard knight[64];
    Bitboard king[64];
    Bitboard pawn_attacks[2][64];   /* squares a pawn of that colour on sq attacks */
    Bitboard ray[DIR_COUNT][64];    /* empty-board ray, origin excluded */
    Bitboard rook_rays[64];         /* union of the four orthogonal rays */
    Bitboard bishop_rays[64];       /* union of the four diagonal rays */
    Bitboard line[LINE_COUNT][64];  /* the whole line through sq, sq included */
    Bitboard between[64][64];       /* squares strictly between two aligned squares, else 0 */
} BitboardTables;

extern BitboardTables bb_tables;

/* Constructor priorities: board tables first, strategy tables after. */
#define BITBOARD_TABLES_PRIORITY 101
#define BITBOARD_STRATEGY_PRIORITY 102

/* The position itself. PieceType runs from PAWN = 1 to KING = 6, which
 * leaves slots 0 and 7 of an 8-entry array free: they hold the two
 * colours, so all piece placement is 8 bitboards, 64 bytes, one cache
 * line. There is no mailbox: perft's make knows the moving piece's type
 * from the code path that generated the move, and the rare callers that
 * need "what stands on sq" (save, the interface's make and unmake) test
 * the six type boards. 80 bytes in all. */
enum { SLOT_WHITE = 0, SLOT_BLACK = 7 };

typedef struct Position {
    Bitboard bb[8]; /* [SLOT_WHITE], [PAWN..KING] (both colours), [SLOT_BLACK] */
    uint64_t key;
    uint16_t halfmove, fullmove;
    uint8_t side, castling, ep; /* ep: target square after any double push, else SQ_NONE */
} Position;

/* Bit of Position.castling above the four rights: king or a castling rook
 * off e/a/h, so castling takes the general (Chess960) code. In the rights
 * byte because the generator reads that byte anyway: standard chess pays
 * one test for Chess960. Rights updates keep it (CastleGeometry.keep). */
enum { CASTLE960_FLAG = 16 };

/* What castling needs that never changes during a game (rights are only
 * lost): the rook square of each right, the rights that survive a move
 * from or to each square, the key of each set of rights. It lives beside
 * the Position (one per board) rather than in it, so that copy-make copies
 * no more than before; perft and make take it by pointer. Indexed by the
 * castling byte, CASTLE960_FLAG included. chess960 and shredder_fen are
 * the Setup's, kept for save. */
typedef struct CastleGeometry {
    uint64_t key[2 * 16];
    uint8_t keep[64];
    uint8_t rook[CASTLE_RIGHTS];
    bool chess960, shredder_fen;
} CastleGeometry;

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
    CastleGeometry castle;
    uint32_t undo_count;
    UndoRecord undo[MOVEGEN_MAX_PLY];
} BitboardBoard;

void position_load(Position *p, CastleGeometry *g, const Setup *s);
void position_save(const Position *p, const CastleGeometry *g, Setup *s);

static BB_ALWAYS_INLINE unsigned color_slot(Color c) { return c == WHITE ? SLOT_WHITE : SLOT_BLACK; }
static BB_ALWAYS_INLINE Bitboard pieces_of_color(const Position *p, Color c) { return p->bb[color_slot(c)]; }
static BB_ALWAYS_INLINE Bitboard pieces_of_type(const Position *p, PieceType t) { return p->bb[t]; }
static BB_ALWAYS_INLINE Bitboard occupied_squares(const Position *p) { return p->bb[SLOT_WHITE] | p->bb[SLOT_BLACK]; }
static BB_ALWAYS_INLINE Bitboard pieces_of(const Position *p, Color c, PieceType t)
{
    return p->bb[t] & p->bb[color_slot(c)];
}

/* The type standing on an occupied square (PT_NONE if empty). Not for
 * hot loops: the generator knows the type of what it moves. */
static inline PieceType position_type_on(const Position *p, Square sq)
{
    Bitboard b = bb_of(sq);
    for (int t = PAWN; t <= KING; t++)
        if (p->bb[t] & b)
            return (PieceType)t;
    return PT_NONE;
}

static inline Piece position_piece_on(const Position *p, Square sq)
{
    PieceType t = position_type_on(p, sq);
    return t == PT_NONE ? NO_PIECE : make_piece((p->bb[SLOT_BLACK] >> sq) & 1 ? BLACK : WHITE, t);
}

/* The ep file counts in the key only when a pawn of the side to move
 * stands beside the pushed pawn (core/zobrist.h); with pawn attack tables
 * that is: one of our pawns attacks ep as seen from the other side. */
static BB_ALWAYS_INLINE bool position_ep_hashed(const Position *p, Color to_move)
{
    return p->ep != SQ_NONE &&
           (bb_tables.pawn_attacks[to_move ^ 1][p->ep] & pieces_of(p, to_move, PAWN)) != 0;
}

/* Places or lifts a piece, bitboards only (the key is the caller's). */
static BB_ALWAYS_INLINE void position_toggle(Position *p, Piece pc, Square sq)
{
    Bitboard b = bb_of(sq);
    p->bb[piece_type(pc)] ^= b;
    p->bb[color_slot(piece_color(pc))] ^= b;
}

/* Rook squares of a castling move of us (kind MK_KING_CASTLE or
 * MK_QUEEN_CASTLE): from the right's square to f or d. */
static BB_ALWAYS_INLINE void castle_rook_squares(const CastleGeometry *g, const Color us, const MoveKind kind,
                                                 Square *rook_from, Square *rook_to)
{
    const int right = castle_right_index(us, kind == MK_QUEEN_CASTLE);
    *rook_from = g->rook[right];
    *rook_to = castle_rook_target(right);
}

/* Plays a legal move of side us into dst, a copy of src plus the move.
 * `moved` is the type of the moving piece and `kind` the move kind; in
 * perft both are compile-time constants of the code path that found the
 * move (a knight loop knows it moves knights), so this folds into a few
 * instructions per move kind. Captures need no flag: whatever enemy piece
 * stands on the captured square is cleared from every board (our own
 * pieces never stand there), which also makes MK_QUIET and MK_CAPTURE the
 * same code. With track_state false (bulk perft) only what move generation
 * reads is written: the bitboards, castling rights and ep square; the key,
 * clocks and side of dst are left unwritten because nobody reads them.
 * Every written field of dst is computed from src and stored once: reading
 * back a field just written by a struct copy would stall on store
 * forwarding. Returns the captured piece (computed only with track_state). */
static BB_ALWAYS_INLINE Piece position_make_typed(Position *restrict dst, const Position *restrict src,
                                                  const CastleGeometry *g, const Color us, const PieceType moved,
                                                  const MoveKind kind, const Square from, const Square to,
                                                  const bool track_state)
{
    const Color them = color_flip(us);
    const int up = us == WHITE ? 8 : -8;
    const bool promotion = (kind & MK_PROMO_BIT) != 0;
    const bool castle = kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE;
    const PieceType placed = promotion ? (PieceType)(KNIGHT + (kind & 3)) : moved;
    const Square captured_sq = kind == MK_EN_PASSANT ? (Square)(to - up) : to;
    /* Castling captures nothing, and in Chess960 the king may land on its
     * own rook's square: so no captured bit there. XOR, not OR, for the
     * rook and the king, as either may stay where it is. */
    const Bitboard from_bit = bb_of(from), to_bit = bb_of(to), captured_bit = castle ? 0 : bb_of(captured_sq);

    Square rook_from = 0, rook_to = 0;
    Bitboard rook_change = 0;
    if (castle) {
        castle_rook_squares(g, us, kind, &rook_from, &rook_to);
        rook_change = bb_of(rook_from) ^ bb_of(rook_to);
    }
    for (int t = PAWN; t <= KING; t++) {
        Bitboard b = src->bb[t] & ~captured_bit;
        if (t == (int)moved)
            b ^= from_bit;
        if (t == (int)placed)
            b ^= to_bit;
        if (t == ROOK)
            b ^= rook_change;
        dst->bb[t] = b;
    }
    dst->bb[color_slot(us)] = src->bb[color_slot(us)] ^ from_bit ^ to_bit ^ rook_change;
    dst->bb[color_slot(them)] = src->bb[color_slot(them)] & ~captured_bit;

    /* A pawn move that does not promote never touches a rook's or king's
     * home square, so it keeps the rights without a table lookup. */
    const uint8_t rights =
        moved == PAWN && !promotion ? src->castling : (uint8_t)(src->castling & g->keep[from] & g->keep[to]);
    dst->castling = rights;
    dst->ep = kind == MK_DOUBLE_PUSH ? (uint8_t)(from + up) : SQ_NONE;
    if (!track_state)
        return NO_PIECE;

    const Piece captured =
        src->bb[color_slot(them)] & captured_bit ? make_piece(them, position_type_on(src, captured_sq)) : NO_PIECE;
    const Piece moved_piece = make_piece(us, moved), placed_piece = make_piece(us, placed);
    uint64_t key = src->key ^ zobrist.side;
    if (position_ep_hashed(src, us))
        key ^= zobrist.ep_file[square_file(src->ep)];
    key ^= g->key[src->castling] ^ g->key[rights];
    key ^= zobrist.piece[captured][captured_sq]; /* row NO_PIECE is all zero */
    key ^= zobrist.piece[moved_piece][from] ^ zobrist.piece[placed_piece][to];
    if (castle) {
        Piece rook = make_piece(us, ROOK);
        key ^= zobrist.piece[rook][rook_from] ^ zobrist.piece[rook][rook_to];
    }
    if (kind == MK_DOUBLE_PUSH && (bb_tables.pawn_attacks[us][from + up] & pieces_of(src, them, PAWN)))
        key ^= zobrist.ep_file[square_file(from)];
    dst->key = key;
    dst->halfmove = (moved == PAWN || captured) ? 0 : (uint16_t)(src->halfmove + 1);
    dst->fullmove = (uint16_t)(src->fullmove + (us == BLACK));
    dst->side = (uint8_t)them;
    return captured;
}

/* The same for a move given only as a Move (the interface's make): the
 * moving piece's type is looked up, so nothing folds; not for hot loops. */
static inline Piece position_make_move(Position *restrict dst, const Position *restrict src, const CastleGeometry *g,
                                       Move m, Color us)
{
    PieceType moved = position_type_on(src, move_from(m));
    return us == WHITE ? position_make_typed(dst, src, g, WHITE, moved, move_kind(m), move_from(m), move_to(m), true)
                       : position_make_typed(dst, src, g, BLACK, moved, move_kind(m), move_from(m), move_to(m), true);
}

/* A null move: the other side is to move, the en passant chance lapses
 * (and its file leaves the key if it was in it), and the halfmove clock
 * restarts, as loading the position with the other side to move would
 * give. What it changes goes into u for position_undo_null. */
static inline void position_make_null(Position *p, UndoRecord *u)
{
    const Color us = (Color)p->side;
    u->key = p->key;
    u->move = MOVE_NONE;
    u->halfmove = p->halfmove;
    u->captured = NO_PIECE;
    u->castling = p->castling;
    u->ep = p->ep;
    uint64_t key = p->key ^ zobrist.side;
    if (position_ep_hashed(p, us))
        key ^= zobrist.ep_file[square_file(p->ep)];
    p->key = key;
    p->ep = SQ_NONE;
    p->halfmove = 0;
    p->side = (uint8_t)color_flip(us);
}

static inline void position_undo_null(Position *p, const UndoRecord *u)
{
    p->side = (uint8_t)color_flip((Color)p->side);
    p->key = u->key;
    p->halfmove = u->halfmove;
    p->ep = u->ep;
}

/* Reverses position_make_move given what it recorded; restores the key
 * from the record rather than recomputing it. */
static inline void position_undo_move(Position *p, const CastleGeometry *g, const UndoRecord *u)
{
    const Color us = color_flip((Color)p->side);
    const int up = us == WHITE ? 8 : -8;
    Move m = u->move;
    Square from = move_from(m), to = move_to(m);
    MoveKind kind = move_kind(m);

    if (kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE) {
        /* Toggles, so the order does not matter even where squares coincide. */
        Square rook_from, rook_to;
        castle_rook_squares(g, us, kind, &rook_from, &rook_to);
        position_toggle(p, make_piece(us, KING), to);
        position_toggle(p, make_piece(us, KING), from);
        position_toggle(p, make_piece(us, ROOK), rook_to);
        position_toggle(p, make_piece(us, ROOK), rook_from);
    } else {
        Piece placed = make_piece(us, position_type_on(p, to));
        position_toggle(p, placed, to);
        position_toggle(p, (kind & MK_PROMO_BIT) ? make_piece(us, PAWN) : placed, from);
    }
    if (u->captured != NO_PIECE)
        position_toggle(p, u->captured, kind == MK_EN_PASSANT ? (Square)(to - up) : to);
    if (us == BLACK)
        p->fullmove--;
    p->side = (uint8_t)us;
    p->key = u->key;
    p->halfmove = u->halfmove;
    p->castling = u->castling;
    p->ep = u->ep;
}

#endif
