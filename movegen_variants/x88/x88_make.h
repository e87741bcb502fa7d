/* Make and unmake on the 0x88 board, with the piece lists and the Zobrist
 * key kept up to date incrementally. The undo record is the caller's: perft
 * keeps it on the C stack, the interface in the board's undo[] array. */
#ifndef CHESSLAB_X88_MAKE_H
#define CHESSLAB_X88_MAKE_H

#include "x88_board.h"

/* Removes the piece on sq from its list: the last entry fills the hole. */
X88_INLINE void x88_list_remove(X88Board *b, int color, int type, int sq)
{
    uint8_t *list = b->list[color][type];
    const int index = b->slot[sq];
    const int last = list[--b->count[color][type]];
    list[index] = (uint8_t)last;
    b->slot[last] = (uint8_t)index;
    list[b->count[color][type]] = 0;
}

/* Exact inverse of x88_list_remove: puts sq back at index. */
X88_INLINE void x88_list_restore(X88Board *b, int color, int type, int sq, int index)
{
    uint8_t *list = b->list[color][type];
    const int count = b->count[color][type]++;
    if (index != count) {
        const int moved = list[index];
        list[count] = (uint8_t)moved;
        b->slot[moved] = (uint8_t)count;
    }
    list[index] = (uint8_t)sq;
    b->slot[sq] = (uint8_t)index;
}

/* Appends the piece on sq to its list. */
X88_INLINE void x88_list_push(X88Board *b, int color, int type, int sq)
{
    b->slot[sq] = b->count[color][type];
    b->list[color][type][b->count[color][type]++] = (uint8_t)sq;
}

/* Moves the piece of the given type from `from` to the empty `to`. */
X88_INLINE void x88_relocate(X88Board *b, int from, int to, int color, int type)
{
    const int index = b->slot[from];
    b->squares[to] = b->squares[from];
    b->squares[from] = NO_PIECE;
    b->slot[to] = (uint8_t)index;
    b->slot[from] = 0;
    b->list[color][type][index] = (uint8_t)to;
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

/* Castling's rook: from the corner to the square the king crossed. */
X88_INLINE void x88_castle_rook(int king_to, int kind, int *rook_from, int *rook_to)
{
    *rook_from = kind == MK_KING_CASTLE ? king_to + 1 : king_to - 2;
    *rook_to = kind == MK_KING_CASTLE ? king_to - 1 : king_to + 1;
}

X88_INLINE void x88_make(X88Board *b, X88Move m, X88Undo *u)
{
    const int from = x88_move_from(m), to = x88_move_to(m), kind = x88_move_kind(m);
    const int us = b->side, them = us ^ 1;
    const int piece = b->squares[from], type = piece & 7;
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

    x88_relocate(b, from, to, us, type);
    key ^= x88_piece_key(piece, from) ^ x88_piece_key(piece, to);

    if (type == PAWN) {
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
        x88_castle_rook(to, kind, &rook_from, &rook_to);
        const int rook = b->squares[rook_from];
        x88_relocate(b, rook_from, rook_to, us, ROOK);
        key ^= x88_piece_key(rook, rook_from) ^ x88_piece_key(rook, rook_to);
    }

    if (b->castling) {
        const int rights = b->castling & x88_tables.castle_keep[from] & x88_tables.castle_keep[to];
        key ^= zobrist.castling[b->castling] ^ zobrist.castling[rights];
        b->castling = (uint8_t)rights;
    }
    b->side = (uint8_t)them;
    b->fullmove += us == BLACK;
    b->key = key;
}

X88_INLINE void x88_unmake(X88Board *b, const X88Undo *u)
{
    const X88Move m = u->move;
    const int from = x88_move_from(m), to = x88_move_to(m), kind = x88_move_kind(m);
    const int them = b->side, us = them ^ 1;

    b->side = (uint8_t)us;
    b->fullmove -= us == BLACK;

    if (kind & MK_PROMO_BIT) {
        /* The promoted piece is the last entry of its list: everything made
         * after it has been unmade. */
        const int promoted_type = KNIGHT + (kind & 3);
        b->list[us][promoted_type][--b->count[us][promoted_type]] = 0;
        b->squares[to] = make_piece((Color)us, PAWN);
        x88_list_restore(b, us, PAWN, to, u->pawn_slot);
    } else if (kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE) {
        int rook_from, rook_to;
        x88_castle_rook(to, kind, &rook_from, &rook_to);
        x88_relocate(b, rook_to, rook_from, us, ROOK);
    }
    x88_relocate(b, to, from, us, b->squares[to] & 7);

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

#endif
