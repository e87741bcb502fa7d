/* 10x12 mailbox move generator, the reference implementation: perft and
 * the MoveGen interface. The board is in board.h, the attack test and the
 * check/pin scan in attack.h, generation in generate.h, make/unmake in
 * make.h; README.md explains the whole scheme. */
#include <assert.h>
#include <string.h>

#include "movegen_variants/mailbox/generate.h"
#include "movegen_variants/mailbox/make.h"

/* ------------------------------------------------------------------------ */
/* Perft                                                                    */
/* ------------------------------------------------------------------------ */

static uint64_t perft_node(MailboxPosition *pos, int depth, PerftMode mode);

/* One node of perft for the side to move us (a constant in each copy). The
 * undo entries live on the C stack, so perft never touches the board's own
 * undo stack. */
MAILBOX_INLINE uint64_t perft_node_for(MailboxPosition *pos, int depth, PerftMode mode, Color us)
{
    Move moves[MAX_MOVES];
    const int count = (int)(generate_for(pos, us, moves) - moves);
    if (depth == 1 && mode == PERFT_BULK)
        return (uint64_t)count;
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        MailboxUndo undo;
        make_move_for(pos, moves[i], &undo, us);
        nodes += depth == 1 ? 1 : perft_node(pos, depth - 1, mode);
        unmake_move_for(pos, &undo, us);
    }
    return nodes;
}

static uint64_t perft_node(MailboxPosition *pos, int depth, PerftMode mode)
{
    return pos->side == WHITE ? perft_node_for(pos, depth, mode, WHITE)
                              : perft_node_for(pos, depth, mode, BLACK);
}

/* ------------------------------------------------------------------------ */
/* The MoveGen interface                                                    */
/* ------------------------------------------------------------------------ */

static void mailbox_load(void *board, const Setup *s)
{
    MailboxBoard *b = board;
    memset(b, 0, sizeof *b);
    MailboxPosition *pos = &b->pos;
    memset(pos->cells, OFFBOARD, sizeof pos->cells);
    for (int sq = 0; sq < 64; sq++)
        pos->cells[cell_of_square((Square)sq)] = s->board[sq];
    /* Fill the piece lists grouped by type (pawns first, king last): the
     * generator then meets long runs of one type, and the branch on the
     * piece type is predicted well. Captures disturb the order only a
     * little, and correctness never depends on it. */
    for (PieceType type = PAWN; type <= KING; type++) {
        for (int sq = 0; sq < 64; sq++) {
            const Piece piece = s->board[sq];
            if (piece == NO_PIECE || piece_type(piece) != type)
                continue;
            const int cell = cell_of_square((Square)sq);
            const Color c = piece_color(piece);
            pos->list_index[cell] = pos->list_count[c];
            pos->list[c][pos->list_count[c]++] = (uint8_t)cell;
            if (type == KING)
                pos->king[c] = (uint8_t)cell;
        }
    }
    pos->side = (uint8_t)s->side;
    pos->castling = s->castling;
    pos->ep = s->ep == SQ_NONE ? NO_SQ120 : (uint8_t)cell_of_square(s->ep);
    pos->halfmove = s->halfmove;
    pos->fullmove = s->fullmove;
    pos->key = zobrist_key_of_setup(s);

    uint8_t lost[64];
    setup_castling_lost(s, lost);
    for (int sq = 0; sq < 64; sq++)
        pos->castling_lost[cell_of_square((Square)sq)] = lost[sq];
    for (int i = 0; i < CASTLE_RIGHTS; i++)
        pos->castle_rook[i] = (uint8_t)cell_of_square(setup_castle_rook(s, i));
    zobrist_castling_keys(s, pos->castle_key);
    pos->castle960 = !setup_castling_is_standard(s);
    pos->chess960 = s->chess960;
    pos->shredder_fen = s->shredder_fen;
}

static void mailbox_save(const void *board, Setup *s)
{
    const MailboxPosition *pos = &((const MailboxBoard *)board)->pos;
    for (int sq = 0; sq < 64; sq++)
        s->board[sq] = pos->cells[cell_of_square((Square)sq)];
    s->side = (Color)pos->side;
    setup_clear_castling(s);
    s->castling = pos->castling;
    for (int i = 0; i < CASTLE_RIGHTS; i++)
        if (pos->castling & castle_right_bit(i))
            s->castle_file[i] = (uint8_t)square_file(SQUARE_OF_CELL[pos->castle_rook[i]]);
    s->chess960 = pos->chess960;
    s->shredder_fen = pos->shredder_fen;
    s->ep = pos->ep == NO_SQ120 ? SQ_NONE : SQUARE_OF_CELL[pos->ep];
    s->halfmove = pos->halfmove;
    s->fullmove = pos->fullmove;
}

static int mailbox_legal_moves(const void *board, Move *out)
{
    /* The generator lifts the king and tries en passant on the cells, so
     * give it a private copy of the position, never the caller's board. */
    MailboxPosition pos = ((const MailboxBoard *)board)->pos;
    return generate_legal(&pos, out);
}

static bool mailbox_in_check(const void *board)
{
    const MailboxPosition *pos = &((const MailboxBoard *)board)->pos;
    const Color us = (Color)pos->side;
    return cell_attacked(pos->cells, pos->king[us], color_flip(us));
}

static void mailbox_make(void *board, Move m)
{
    MailboxBoard *b = board;
    assert(b->ply < MOVEGEN_MAX_PLY);
    MailboxUndo *undo = &b->undo[b->ply++];
    if (b->pos.side == WHITE)
        make_move_for(&b->pos, m, undo, WHITE);
    else
        make_move_for(&b->pos, m, undo, BLACK);
}

static void mailbox_unmake(void *board)
{
    MailboxBoard *b = board;
    assert(b->ply > 0);
    MailboxUndo *undo = &b->undo[--b->ply];
    if (b->pos.side == WHITE) /* Black made the move */
        unmake_move_for(&b->pos, undo, BLACK);
    else
        unmake_move_for(&b->pos, undo, WHITE);
    /* Leave the slot as load left it (zero), so make + unmake restores
     * every byte of the board. */
    memset(undo, 0, sizeof *undo);
}

static uint64_t mailbox_key(const void *board) { return ((const MailboxBoard *)board)->pos.key; }

static uint64_t mailbox_perft(void *board, int depth, PerftMode mode)
{
    if (depth <= 0)
        return 1;
    return perft_node(&((MailboxBoard *)board)->pos, depth, mode);
}

const MoveGen movegen_mailbox = {
    .name = "mailbox",
    .summary = "10x12 mailbox with sentinel border; legal moves from a check and pin scan around the king",
    .unavailable_reason = NULL,
    .note = NULL,
    .board_size = sizeof(MailboxBoard),
    .load = mailbox_load,
    .save = mailbox_save,
    .legal_moves = mailbox_legal_moves,
    .in_check = mailbox_in_check,
    .make = mailbox_make,
    .unmake = mailbox_unmake,
    .key = mailbox_key,
    .perft = mailbox_perft,
};
