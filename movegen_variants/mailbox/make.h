/* Make and unmake on the 10x12 mailbox: cells, piece lists, king cells,
 * rights, clocks and the Zobrist key, with a 16-byte undo entry per move.
 * The undo entry is the caller's: perft keeps it on the C stack, the
 * MoveGen interface on the board's undo stack. */
#ifndef CHESSLAB_MAILBOX_MAKE_H
#define CHESSLAB_MAILBOX_MAKE_H

#include "movegen_variants/mailbox/board.h"

/* Piece-list upkeep. Removal moves the last entry into the hole; restore
 * undoes exactly that, so unmake leaves every byte as it was. */
MAILBOX_INLINE void list_move(MailboxPosition *pos, Color c, int from, int to)
{
    const uint8_t slot = pos->list_index[from];
    pos->list[c][slot] = (uint8_t)to;
    pos->list_index[to] = slot;
    pos->list_index[from] = 0;
}

MAILBOX_INLINE uint8_t list_remove(MailboxPosition *pos, Color c, int cell)
{
    const uint8_t slot = pos->list_index[cell];
    const uint8_t last_cell = pos->list[c][--pos->list_count[c]];
    pos->list[c][slot] = last_cell;
    pos->list_index[last_cell] = slot;
    pos->list_index[cell] = 0;
    return slot;
}

MAILBOX_INLINE void list_restore(MailboxPosition *pos, Color c, int cell, uint8_t slot)
{
    const uint8_t last = pos->list_count[c]++;
    const uint8_t moved_cell = pos->list[c][slot];
    pos->list[c][last] = moved_cell;
    pos->list_index[moved_cell] = last;
    pos->list[c][slot] = (uint8_t)cell;
    pos->list_index[cell] = slot;
}

MAILBOX_INLINE uint64_t piece_key(uint8_t piece, int cell)
{
    return zobrist.piece[piece][SQUARE_OF_CELL[cell]];
}

/* The key holds the en passant file only when a pawn of the side to move
 * (us) stands beside the pawn that just double-pushed (core/zobrist.h). */
MAILBOX_INLINE bool ep_in_key(const MailboxPosition *pos, Color us)
{
    const int pushed = pos->ep + (us == WHITE ? SOUTH : NORTH);
    const uint8_t own_pawn = make_piece(us, PAWN);
    return pos->cells[pushed + WEST] == own_pawn || pos->cells[pushed + EAST] == own_pawn;
}

MAILBOX_INLINE uint64_t ep_key(int ep_cell) { return zobrist.ep_file[square_file(SQUARE_OF_CELL[ep_cell])]; }

/* The slot of the piece of us whose list entry is cell, other than
 * `except` (-1: none). Only for the overlaps of Chess960 castling. */
static int list_slot_of(const MailboxPosition *pos, Color us, int cell, int except)
{
    for (int i = 0; i < pos->list_count[us]; i++)
        if (pos->list[us][i] == cell && i != except)
            return i;
    return 0; /* not reached: the piece is in the list */
}

/* Castling, after the king's ordinary move king_from -> king_to was played
 * on cells and list (make; unmake passes the squares the other way round):
 * put the rook from rook_from to rook_to. In standard chess that is all; in
 * Chess960 the king may have landed on its rook's start (king e1, rook g1),
 * started on the rook's destination (king f1, rook h1) or not moved, and
 * then the ordinary move overwrote a cell or a list index: so find both
 * slots again, lift both pieces and place both. Rare, so out of line. */
static uint64_t finish_castling(MailboxPosition *pos, Color us, int king_from, int king_to, int rook_from,
                                int rook_to)
{
    uint8_t *cells = pos->cells;
    const uint8_t king = make_piece(us, KING), rook = make_piece(us, ROOK);
    const int king_slot = king_from != king_to ? pos->list_index[king_to] : list_slot_of(pos, us, king_to, -1);
    const int rook_slot = rook_from != king_to ? pos->list_index[rook_from] : list_slot_of(pos, us, rook_from, king_slot);
    cells[king_from] = cells[rook_from] = EMPTY;
    pos->list_index[king_from] = pos->list_index[rook_from] = 0;
    cells[king_to] = king;
    cells[rook_to] = rook;
    pos->list[us][king_slot] = (uint8_t)king_to;
    pos->list[us][rook_slot] = (uint8_t)rook_to;
    pos->list_index[king_to] = (uint8_t)king_slot;
    pos->list_index[rook_to] = (uint8_t)rook_slot;
    return piece_key(rook, rook_from) ^ piece_key(rook, rook_to);
}

/* The cells of the rook of the castling move m (made by us). */
MAILBOX_INLINE void castling_rook_cells(const MailboxPosition *pos, Color us, Move m, int *rook_from, int *rook_to)
{
    const int right = castle_right_of_move(us, m);
    *rook_from = pos->castle_rook[right];
    *rook_to = cell_of_square(castle_rook_target(right));
}

/* Plays m (legal here) for us, the side to move, recording in undo what
 * unmake needs. us is a constant where the caller is specialised. */
MAILBOX_INLINE void make_move_for(MailboxPosition *pos, Move m, MailboxUndo *undo, Color us)
{
    const int forward = us == WHITE ? NORTH : SOUTH;
    const int from = cell_of_square(move_from(m)), to = cell_of_square(move_to(m));
    const MoveKind kind = move_kind(m);
    uint8_t *cells = pos->cells;
    const uint8_t piece = cells[from];
    uint64_t key = pos->key ^ zobrist.side;

    undo->key = pos->key;
    undo->move = m;
    undo->halfmove = pos->halfmove;
    undo->castling = pos->castling;
    undo->ep = pos->ep;
    undo->captured = EMPTY;
    undo->captured_slot = 0;

    if (pos->ep != NO_SQ120) {
        if (ep_in_key(pos, us))
            key ^= ep_key(pos->ep);
        pos->ep = NO_SQ120;
    }
    pos->halfmove++;

    if (move_is_capture(m)) {
        const int victim = kind == MK_EN_PASSANT ? to - forward : to;
        const uint8_t captured = cells[victim];
        undo->captured = captured;
        undo->captured_slot = list_remove(pos, color_flip(us), victim);
        cells[victim] = EMPTY;
        key ^= piece_key(captured, victim);
        pos->halfmove = 0;
    }

    const uint8_t placed = move_is_promotion(m) ? make_piece(us, move_promotion_type(m)) : piece;
    cells[from] = EMPTY;
    cells[to] = placed;
    key ^= piece_key(piece, from) ^ piece_key(placed, to);
    list_move(pos, us, from, to);

    if (piece_type(piece) == PAWN) {
        pos->halfmove = 0;
        if (kind == MK_DOUBLE_PUSH) {
            pos->ep = (uint8_t)(from + forward);
            /* The key takes the file if a pawn of the side now to move
             * (them) stands beside the pushed pawn. */
            const uint8_t their_pawn = make_piece(color_flip(us), PAWN);
            if (cells[to + WEST] == their_pawn || cells[to + EAST] == their_pawn)
                key ^= ep_key(pos->ep);
        }
    } else if (piece_type(piece) == KING) {
        pos->king[us] = (uint8_t)to;
        if (kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE) {
            int rook_from, rook_to;
            castling_rook_cells(pos, us, m, &rook_from, &rook_to);
            key ^= finish_castling(pos, us, from, to, rook_from, rook_to);
        }
    }

    /* Rights change rarely: a king or rook left home, or a rook was taken. */
    const uint8_t rights = pos->castling & (uint8_t)~(pos->castling_lost[from] | pos->castling_lost[to]);
    if (rights != pos->castling) {
        key ^= pos->castle_key[pos->castling] ^ pos->castle_key[rights];
        pos->castling = rights;
    }

    pos->fullmove += us == BLACK;
    pos->side = (uint8_t)color_flip(us);
    pos->key = key;
}

/* Takes back the move recorded in undo; us is the side that made it. */
MAILBOX_INLINE void unmake_move_for(MailboxPosition *pos, const MailboxUndo *undo, Color us)
{
    const Move m = undo->move;
    const int from = cell_of_square(move_from(m)), to = cell_of_square(move_to(m));
    const MoveKind kind = move_kind(m);
    uint8_t *cells = pos->cells;

    const uint8_t placed = cells[to];
    cells[from] = move_is_promotion(m) ? make_piece(us, PAWN) : placed;
    cells[to] = EMPTY;
    list_move(pos, us, to, from);
    if (undo->captured != EMPTY) {
        const int victim = kind == MK_EN_PASSANT ? to - (us == WHITE ? NORTH : SOUTH) : to;
        cells[victim] = undo->captured;
        list_restore(pos, color_flip(us), victim, undo->captured_slot);
    }
    if (piece_type(placed) == KING) {
        pos->king[us] = (uint8_t)from;
        if (kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE) {
            int rook_from, rook_to;
            castling_rook_cells(pos, us, m, &rook_from, &rook_to);
            finish_castling(pos, us, to, from, rook_to, rook_from);
        }
    }

    pos->side = (uint8_t)us;
    pos->fullmove -= us == BLACK;
    pos->halfmove = undo->halfmove;
    pos->castling = undo->castling;
    pos->ep = undo->ep;
    pos->key = undo->key;
}

#endif
