/* Make and unmake on the 0x88 board, with the piece lists and the Zobrist
 * key kept up to date incrementally. The undo record is the caller's: perft
 * keeps it on the C stack, the interface in the board's undo[] array.
 * `us` (the side making the move) is a constant after inlining. */
#ifndef CHESSLAB_X88_MAKE_H
#define CHESSLAB_X88_MAKE_H

#include "movegen_variants/x88/x88_board.h"

/* Removes the piece on sq from its list: the last entry fills the hole. */
X88_INLINE void x88_list_remove(X88Board *b, int color, int type, int sq)
{
    const int hole = b->slot[sq];
    const int last = x88_list_base(color, type) + --b->count[color][type];
    const int moved = b->lists[last];
    b->lists[hole] = (uint8_t)moved;
    b->slot[moved] = (uint8_t)hole;
    b->lists[last] = 0;
}

/* Exact inverse of x88_list_remove: puts sq back at position hole. */
X88_INLINE void x88_list_restore(X88Board *b, int color, int type, int sq, int hole)
{
    const int end = x88_list_base(color, type) + b->count[color][type]++;
    if (hole != end) {
        const int moved = b->lists[hole];
        b->lists[end] = (uint8_t)moved;
        b->slot[moved] = (uint8_t)end;
    }
    b->lists[hole] = (uint8_t)sq;
    b->slot[sq] = (uint8_t)hole;
}

/* Appends the piece on sq to its list. */
X88_INLINE void x88_list_push(X88Board *b, int color, int type, int sq)
{
    const int end = x88_list_base(color, type) + b->count[color][type]++;
    b->lists[end] = (uint8_t)sq;
    b->slot[sq] = (uint8_t)end;
}

/* Moves the piece on `from` to the empty `to`, list entry included. */
X88_INLINE void x88_relocate(X88Board *b, int from, int to)
{
    const int position = b->slot[from];
    b->squares[to] = b->squares[from];
    b->squares[from] = NO_PIECE;
    b->slot[to] = (uint8_t)position;
    b->slot[from] = 0;
    b->lists[position] = (uint8_t)to;
}

/* The key carries the ep file only when the side to move has a pawn beside
 * the pawn that just double-pushed (core/zobrist.h). */
X88_INLINE bool x88_ep_in_key(const X88Board *b, int ep, int side_to_move)
{
    const int pushed = ep - x88_forward(side_to_move);
    const Piece pawn = make_piece((Color)side_to_move, PAWN);
    return (!x88_off_board(pushed - 1) && b->squares[pushed - 1] == pawn) ||
           (!x88_off_board(pushed + 1) && b->squares[pushed + 1] == pawn);
}

X88_INLINE uint64_t x88_piece_key(int piece, int sq)
{
    return zobrist.piece[piece][x88_to_square(sq)];
}

/* Castling, after the king's ordinary move king_from -> king_to was played
 * by x88_relocate (make; unmake passes the squares the other way round):
 * put the rook from rook_from to rook_to. In Chess960 the king may have
 * landed on its rook's start, started on the rook's destination or not
 * moved, and then x88_relocate overwrote a square or a slot: so take the
 * slots again (the king's is its list's only entry; the rook's found in
 * the rook list where its square was overwritten), lift both pieces and
 * place both. Rare, so out of line. */
static uint64_t x88_finish_castling(X88Board *b, int us, int king_from, int king_to, int rook_from, int rook_to)
{
    const int king = make_piece((Color)us, KING), rook = make_piece((Color)us, ROOK);
    const int king_position = x88_list_base(us, KING);
    int rook_position = b->slot[rook_from];
    if (rook_from == king_to)
        for (int i = 0; i < b->count[us][ROOK]; i++)
            if (b->lists[x88_list_base(us, ROOK) + i] == rook_from)
                rook_position = x88_list_base(us, ROOK) + i;
    b->squares[king_from] = b->squares[rook_from] = NO_PIECE;
    b->slot[king_from] = b->slot[rook_from] = 0;
    b->squares[king_to] = (uint8_t)king;
    b->squares[rook_to] = (uint8_t)rook;
    b->slot[king_to] = (uint8_t)king_position;
    b->slot[rook_to] = (uint8_t)rook_position;
    b->lists[king_position] = (uint8_t)king_to;
    b->lists[rook_position] = (uint8_t)rook_to;
    return x88_piece_key(rook, rook_from) ^ x88_piece_key(rook, rook_to);
}

/* The rook squares of castling with right `right`. */
X88_INLINE void x88_castle_rook(const X88Board *b, int right, int *rook_from, int *rook_to)
{
    *rook_from = b->castle_rook[right];
    *rook_to = x88_from_square(castle_rook_target(right));
}

X88_INLINE void x88_make_for(X88Board *b, X88Move m, X88Undo *u, int us)
{
    const int from = x88_move_from(m), to = x88_move_to(m), kind = x88_move_kind(m);
    const int them = us ^ 1;
    const int piece = b->squares[from];
    uint64_t key = b->key ^ zobrist.side;

    u->key = b->key;
    u->move = m;
    u->halfmove = b->halfmove;
    u->castling = b->castling;
    u->ep = b->ep;
    u->captured = NO_PIECE;
    u->pawn_slot = 0;

    if (b->ep != X88_NO_SQUARE) {
        if (x88_ep_in_key(b, b->ep, us))
            key ^= zobrist.ep_file[x88_file(b->ep)];
        b->ep = X88_NO_SQUARE;
    }
    b->halfmove++;

    if (kind & MK_CAPTURE_BIT) {
        const int victim_sq = kind == MK_EN_PASSANT ? to - x88_forward(us) : to;
        const int victim = b->squares[victim_sq];
        u->captured = (uint8_t)victim;
        u->captured_slot = b->slot[victim_sq];
        x88_list_remove(b, them, victim & 7, victim_sq);
        b->squares[victim_sq] = NO_PIECE;
        b->slot[victim_sq] = 0;
        key ^= x88_piece_key(victim, victim_sq);
        b->halfmove = 0;
    }

    x88_relocate(b, from, to);
    key ^= x88_piece_key(piece, from) ^ x88_piece_key(piece, to);

    if ((piece & 7) == PAWN) {
        b->halfmove = 0;
        if (kind == MK_DOUBLE_PUSH) {
            b->ep = (uint8_t)(from + x88_forward(us));
            if (x88_ep_in_key(b, b->ep, them))
                key ^= zobrist.ep_file[x88_file(from)];
        } else if (kind & MK_PROMO_BIT) {
            const int promoted_type = KNIGHT + (kind & 3);
            const int promoted = make_piece((Color)us, (PieceType)promoted_type);
            u->pawn_slot = b->slot[to];
            x88_list_remove(b, us, PAWN, to);
            x88_list_push(b, us, promoted_type, to);
            b->squares[to] = (uint8_t)promoted;
            key ^= x88_piece_key(piece, to) ^ x88_piece_key(promoted, to);
        }
    } else if (kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE) {
        int rook_from, rook_to;
        x88_castle_rook(b, castle_right_index((Color)us, kind == MK_QUEEN_CASTLE), &rook_from, &rook_to);
        key ^= x88_finish_castling(b, us, from, to, rook_from, rook_to);
    }

    const int rights = b->castling & b->castle_keep[from] & b->castle_keep[to];
    if (rights != b->castling) { /* rare: a king or rook left home, or a rook was taken */
        key ^= b->castle_key[b->castling] ^ b->castle_key[rights];
        b->castling = (uint8_t)rights;
    }
    b->side = (uint8_t)them;
    b->fullmove += us == BLACK;
    b->key = key;
}

X88_INLINE void x88_unmake_for(X88Board *b, const X88Undo *u, int us)
{
    const X88Move m = u->move;
    const int from = x88_move_from(m), to = x88_move_to(m), kind = x88_move_kind(m);
    const int them = us ^ 1;

    b->side = (uint8_t)us;
    b->fullmove -= us == BLACK;

    if (kind & MK_PROMO_BIT) {
        /* The promoted piece is the last entry of its list: everything made
         * after it has been unmade. */
        const int promoted_type = KNIGHT + (kind & 3);
        b->lists[x88_list_base(us, promoted_type) + --b->count[us][promoted_type]] = 0;
        b->squares[to] = make_piece((Color)us, PAWN);
        x88_list_restore(b, us, PAWN, to, u->pawn_slot);
    }
    x88_relocate(b, to, from);
    if (kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE) {
        int rook_from, rook_to;
        x88_castle_rook(b, castle_right_index((Color)us, kind == MK_QUEEN_CASTLE), &rook_from, &rook_to);
        x88_finish_castling(b, us, to, from, rook_to, rook_from);
    }

    if (u->captured != NO_PIECE) {
        const int victim_sq = kind == MK_EN_PASSANT ? to - x88_forward(us) : to;
        b->squares[victim_sq] = u->captured;
        x88_list_restore(b, them, u->captured & 7, victim_sq, u->captured_slot);
    }

    b->key = u->key;
    b->halfmove = u->halfmove;
    b->castling = u->castling;
    b->ep = u->ep;
}

/* For callers that do not know the side to move at compile time. */
static inline void x88_make(X88Board *b, X88Move m, X88Undo *u)
{
    if (b->side == WHITE)
        x88_make_for(b, m, u, WHITE);
    else
        x88_make_for(b, m, u, BLACK);
}

static inline void x88_unmake(X88Board *b, const X88Undo *u)
{
    if (b->side == BLACK) /* White made the move */
        x88_unmake_for(b, u, WHITE);
    else
        x88_unmake_for(b, u, BLACK);
}

#endif
