/* 10x12 mailbox move generator: the reference implementation.
 *
 * Legality is decided before a move is emitted, from one look around the own
 * king per node (checkers and pinned pieces); only king moves and en passant
 * are tested square by square. README.md explains the whole scheme. */
#include "board.h"

#include <assert.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* Attack test                                                              */
/* ------------------------------------------------------------------------ */

/* True when a piece of colour `by` attacks cell `target`. Looks outward from
 * the target: two pawn cells, eight knight and eight king cells, then eight
 * rays to their first occupied cell. Needs no piece list. */
static inline bool cell_attacked(const uint8_t *cells, int target, Color by)
{
    /* A white pawn attacks upward, so it stands one row below its target. */
    const int pawn_row = by == WHITE ? SOUTH : NORTH;
    const uint8_t pawn = make_piece(by, PAWN);
    if (cells[target + pawn_row + WEST] == pawn || cells[target + pawn_row + EAST] == pawn)
        return true;

    const uint8_t knight = make_piece(by, KNIGHT), king = make_piece(by, KING);
    for (int i = 0; i < 8; i++) {
        if (cells[target + KNIGHT_STEPS[i]] == knight || cells[target + QUEEN_DIRECTIONS[i]] == king)
            return true;
    }

    const uint8_t queen = make_piece(by, QUEEN);
    const uint8_t rook = make_piece(by, ROOK), bishop = make_piece(by, BISHOP);
    for (int i = 0; i < 8; i++) {
        const int step = QUEEN_DIRECTIONS[i];
        int cell = target + step;
        while (cells[cell] == EMPTY)
            cell += step;
        const uint8_t slider = i < 4 ? rook : bishop;
        if (cells[cell] == slider || cells[cell] == queen)
            return true;
    }
    return false;
}

/* ------------------------------------------------------------------------ */
/* Checks and pins: one look around the own king per node                   */
/* ------------------------------------------------------------------------ */

typedef struct KingSafety {
    int checkers;                  /* pieces giving check; 2+ = double check */
    int pin_count;                 /* at most one pin per ray: 0..8 */
    uint8_t pinned_cell[8];
    int8_t pin_step[8];            /* step from the king towards the piece */
    bool stops_check[BOARD_CELLS]; /* valid only when checkers == 1: the
                                      checker's cell and the cells between
                                      it and the king */
} KingSafety;

static inline void note_checker(KingSafety *ks, int king, int step, int checker)
{
    if (ks->checkers++ == 0)
        memset(ks->stops_check, 0, sizeof ks->stops_check);
    for (int cell = king + step; cell != checker; cell += step)
        ks->stops_check[cell] = true;
    ks->stops_check[checker] = true;
}

static inline void find_checks_and_pins(const MailboxPosition *pos, KingSafety *ks)
{
    const Color us = (Color)pos->side, them = color_flip(us);
    const uint8_t *cells = pos->cells;
    const int king = pos->king[us];

    ks->checkers = 0;
    ks->pin_count = 0;

    /* Pawn and knight checks: a single cell each, nothing to block. */
    const int pawn_row = us == WHITE ? NORTH : SOUTH;
    const uint8_t their_pawn = make_piece(them, PAWN), their_knight = make_piece(them, KNIGHT);
    if (cells[king + pawn_row + WEST] == their_pawn)
        note_checker(ks, king, pawn_row + WEST, king + pawn_row + WEST);
    if (cells[king + pawn_row + EAST] == their_pawn)
        note_checker(ks, king, pawn_row + EAST, king + pawn_row + EAST);
    for (int i = 0; i < 8; i++)
        if (cells[king + KNIGHT_STEPS[i]] == their_knight)
            note_checker(ks, king, KNIGHT_STEPS[i], king + KNIGHT_STEPS[i]);

    /* Slider checks and pins: walk each ray to the first piece; an enemy
     * slider of the right kind checks; an own piece is pinned when such a
     * slider stands next along the same ray. */
    const uint8_t their_queen = make_piece(them, QUEEN);
    for (int i = 0; i < 8; i++) {
        const int step = QUEEN_DIRECTIONS[i];
        const uint8_t their_slider = make_piece(them, i < 4 ? ROOK : BISHOP);
        int cell = king + step;
        while (cells[cell] == EMPTY)
            cell += step;
        if (cells[cell] == their_slider || cells[cell] == their_queen) {
            note_checker(ks, king, step, cell);
        } else if (piece_is(cells[cell], us)) {
            int beyond = cell + step;
            while (cells[beyond] == EMPTY)
                beyond += step;
            if (cells[beyond] == their_slider || cells[beyond] == their_queen) {
                ks->pinned_cell[ks->pin_count] = (uint8_t)cell;
                ks->pin_step[ks->pin_count++] = (int8_t)step;
            }
        }
    }
}

/* The pin line of the piece on cell (a step from the king), 0 if free.
 * Pins are rare, so a short list beats clearing a 120-entry table. */
static inline int pin_of(const KingSafety *ks, int cell)
{
    for (int i = 0; i < ks->pin_count; i++)
        if (ks->pinned_cell[i] == cell)
            return ks->pin_step[i];
    return 0;
}

/* A pinned piece may still move along its pin line, in either direction. */
static inline bool pin_allows(int pin, int step) { return pin == 0 || pin == step || pin == -step; }

/* ------------------------------------------------------------------------ */
/* Move emission                                                            */
/* ------------------------------------------------------------------------ */

static inline Move *emit(Move *out, int from, int to, MoveKind kind)
{
    *out = move_make(SQUARE_OF_CELL[from], SQUARE_OF_CELL[to], kind);
    return out + 1;
}

/* A non-king move is legal when it respects the pin and, in check, lands on
 * the checker or between it and the king. */
static inline bool target_allowed(const KingSafety *ks, int to)
{
    return ks->checkers == 0 || ks->stops_check[to];
}

static inline Move *emit_promotions(Move *out, int from, int to, bool capture)
{
    const MoveKind base = capture ? MK_PROMO_CAPTURE_N : MK_PROMO_N;
    for (int kind = base + 3; kind >= (int)base; kind--) /* Q, R, B, N */
        out = emit(out, from, to, (MoveKind)kind);
    return out;
}

/* ------------------------------------------------------------------------ */
/* Moves of each piece                                                      */
/* ------------------------------------------------------------------------ */

static inline Move *slider_moves(const MailboxPosition *pos, const KingSafety *ks, int from,
                                 const int8_t *steps, int step_count, Move *out)
{
    const Color them = color_flip((Color)pos->side);
    const int pin = pin_of(ks, from);
    for (int i = 0; i < step_count; i++) {
        const int step = steps[i];
        if (!pin_allows(pin, step))
            continue;
        int to = from + step;
        for (; pos->cells[to] == EMPTY; to += step)
            if (target_allowed(ks, to))
                out = emit(out, from, to, MK_QUIET);
        if (piece_is(pos->cells[to], them) && target_allowed(ks, to))
            out = emit(out, from, to, MK_CAPTURE);
    }
    return out;
}

static inline Move *knight_moves(const MailboxPosition *pos, const KingSafety *ks, int from, Move *out)
{
    if (pin_of(ks, from)) /* a knight always leaves its pin line */
        return out;
    const Color them = color_flip((Color)pos->side);
    for (int i = 0; i < 8; i++) {
        const int to = from + KNIGHT_STEPS[i];
        const uint8_t target = pos->cells[to];
        if (!target_allowed(ks, to))
            continue;
        if (target == EMPTY)
            out = emit(out, from, to, MK_QUIET);
        else if (piece_is(target, them))
            out = emit(out, from, to, MK_CAPTURE);
    }
    return out;
}

/* En passant empties two cells of one rank and fills a third, which pins
 * and checks do not describe; so try it on the cells and look at the king.
 * It is rare, so this costs nothing measurable. */
static inline bool en_passant_legal(MailboxPosition *pos, int from, int to, int forward)
{
    const Color us = (Color)pos->side;
    uint8_t *cells = pos->cells;
    const int victim = to - forward;
    const uint8_t pawn = cells[from], taken = cells[victim];
    cells[to] = pawn;
    cells[from] = EMPTY;
    cells[victim] = EMPTY;
    const bool legal = !cell_attacked(cells, pos->king[us], color_flip(us));
    cells[victim] = taken;
    cells[from] = pawn;
    cells[to] = EMPTY;
    return legal;
}

static inline Move *pawn_moves(MailboxPosition *pos, const KingSafety *ks, int from, Move *out)
{
    const Color us = (Color)pos->side, them = color_flip(us);
    const int forward = us == WHITE ? NORTH : SOUTH;
    const int start_row = us == WHITE ? 2 : 7, last_row = us == WHITE ? 8 : 1;
    const uint8_t *cells = pos->cells;
    const int pin = pin_of(ks, from);

    const int one = from + forward;
    if (cells[one] == EMPTY && pin_allows(pin, forward)) {
        if (target_allowed(ks, one)) {
            if (cell_row(one) == last_row)
                out = emit_promotions(out, from, one, false);
            else
                out = emit(out, from, one, MK_QUIET);
        }
        const int two = one + forward;
        if (cell_row(from) == start_row && cells[two] == EMPTY && target_allowed(ks, two))
            out = emit(out, from, two, MK_DOUBLE_PUSH);
    }

    static const int8_t capture_sides[2] = { WEST, EAST };
    for (int i = 0; i < 2; i++) {
        const int step = forward + capture_sides[i], to = from + step;
        if (piece_is(cells[to], them)) {
            if (pin_allows(pin, step) && target_allowed(ks, to)) {
                if (cell_row(to) == last_row)
                    out = emit_promotions(out, from, to, true);
                else
                    out = emit(out, from, to, MK_CAPTURE);
            }
        } else if (to == pos->ep && en_passant_legal(pos, from, to, forward)) {
            out = emit(out, from, to, MK_EN_PASSANT);
        }
    }
    return out;
}

/* King steps: lift the king off the board while testing its targets, so a
 * slider checking along a line still attacks the cell behind the king. */
static inline Move *king_moves(MailboxPosition *pos, Move *out)
{
    const Color us = (Color)pos->side, them = color_flip(us);
    uint8_t *cells = pos->cells;
    const int from = pos->king[us];
    const uint8_t king = cells[from];
    cells[from] = EMPTY;
    for (int i = 0; i < 8; i++) {
        const int to = from + QUEEN_DIRECTIONS[i];
        const uint8_t target = cells[to];
        if (target != EMPTY && !piece_is(target, them))
            continue;
        if (!cell_attacked(cells, to, them))
            out = emit(out, from, to, target == EMPTY ? MK_QUIET : MK_CAPTURE);
    }
    cells[from] = king;
    return out;
}

/* Rights imply king and rook on their home cells (make drops a right as
 * soon as either moves or the rook is taken). Call only when not in check. */
static inline Move *castling_moves(const MailboxPosition *pos, Move *out)
{
    const Color us = (Color)pos->side, them = color_flip(us);
    const uint8_t *cells = pos->cells;
    const int home = us == WHITE ? E1 : E8;
    const int king_side = us == WHITE ? CASTLE_WK : CASTLE_BK;
    const int queen_side = us == WHITE ? CASTLE_WQ : CASTLE_BQ;

    if ((pos->castling & king_side) && cells[home + 1] == EMPTY && cells[home + 2] == EMPTY &&
        !cell_attacked(cells, home + 1, them) && !cell_attacked(cells, home + 2, them))
        out = emit(out, home, home + 2, MK_KING_CASTLE);
    /* The b-file cell must be empty but may be attacked. */
    if ((pos->castling & queen_side) && cells[home - 1] == EMPTY && cells[home - 2] == EMPTY &&
        cells[home - 3] == EMPTY && !cell_attacked(cells, home - 1, them) &&
        !cell_attacked(cells, home - 2, them))
        out = emit(out, home, home - 2, MK_QUEEN_CASTLE);
    return out;
}

/* All legal moves of the side to move into out; returns the count. The
 * cells are modified during the call (king lift, en passant trial) and
 * restored before it returns. */
static inline int generate_legal(MailboxPosition *pos, Move *moves)
{
    KingSafety ks;
    find_checks_and_pins(pos, &ks);

    Move *out = king_moves(pos, moves);
    if (ks.checkers >= 2) /* double check: only the king can answer */
        return (int)(out - moves);

    const Color us = (Color)pos->side;
    for (int i = 0; i < pos->list_count[us]; i++) {
        const int from = pos->list[us][i];
        const uint8_t piece = pos->cells[from];
        switch (piece_type(piece)) {
        case PAWN: out = pawn_moves(pos, &ks, from, out); break;
        case KNIGHT: out = knight_moves(pos, &ks, from, out); break;
        case BISHOP: out = slider_moves(pos, &ks, from, BISHOP_DIRECTIONS, 4, out); break;
        case ROOK: out = slider_moves(pos, &ks, from, ROOK_DIRECTIONS, 4, out); break;
        case QUEEN: out = slider_moves(pos, &ks, from, QUEEN_DIRECTIONS, 8, out); break;
        default: break; /* the king moved above */
        }
    }
    if (ks.checkers == 0)
        out = castling_moves(pos, out);
    return (int)(out - moves);
}

/* ------------------------------------------------------------------------ */
/* Make and unmake                                                          */
/* ------------------------------------------------------------------------ */

/* Piece-list upkeep. Removal moves the last entry into the hole; restore
 * undoes exactly that, so unmake leaves every byte as it was. */
static inline void list_move(MailboxPosition *pos, Color c, int from, int to)
{
    const uint8_t slot = pos->list_index[from];
    pos->list[c][slot] = (uint8_t)to;
    pos->list_index[to] = slot;
    pos->list_index[from] = 0;
}

static inline uint8_t list_remove(MailboxPosition *pos, Color c, int cell)
{
    const uint8_t slot = pos->list_index[cell];
    const uint8_t last_cell = pos->list[c][--pos->list_count[c]];
    pos->list[c][slot] = last_cell;
    pos->list_index[last_cell] = slot;
    pos->list_index[cell] = 0;
    return slot;
}

static inline void list_restore(MailboxPosition *pos, Color c, int cell, uint8_t slot)
{
    const uint8_t last = pos->list_count[c]++;
    const uint8_t moved_cell = pos->list[c][slot];
    pos->list[c][last] = moved_cell;
    pos->list_index[moved_cell] = last;
    pos->list[c][slot] = (uint8_t)cell;
    pos->list_index[cell] = slot;
}

/* Rights lost when anything moves from or to a cell (king or rook leaving
 * home, a rook captured at home). */
static const uint8_t CASTLING_LOST[BOARD_CELLS] = {
    [A1] = CASTLE_WQ, [E1] = CASTLE_WK | CASTLE_WQ, [H1] = CASTLE_WK,
    [A8] = CASTLE_BQ, [E8] = CASTLE_BK | CASTLE_BQ, [H8] = CASTLE_BK,
};

static inline uint64_t piece_key(uint8_t piece, int cell)
{
    return zobrist.piece[piece][SQUARE_OF_CELL[cell]];
}

/* The key holds the en passant file only when a pawn of the side to move
 * stands beside the pawn that just double-pushed (core/zobrist.h). */
static inline bool ep_in_key(const MailboxPosition *pos)
{
    if (pos->ep == NO_SQ120)
        return false;
    const Color us = (Color)pos->side;
    const int pushed = pos->ep + (us == WHITE ? SOUTH : NORTH);
    const uint8_t own_pawn = make_piece(us, PAWN);
    return pos->cells[pushed + WEST] == own_pawn || pos->cells[pushed + EAST] == own_pawn;
}

static inline uint64_t ep_key(int ep_cell) { return zobrist.ep_file[square_file(SQUARE_OF_CELL[ep_cell])]; }

/* Moves the castling rook (from and to are the king's cells). */
static inline uint64_t move_castling_rook(MailboxPosition *pos, Color us, int king_from, int king_to,
                                          bool undo)
{
    const bool king_side = king_to > king_from;
    int rook_from = king_side ? king_to + 1 : king_to - 2;
    int rook_to = king_side ? king_to - 1 : king_to + 1;
    if (undo) {
        int swap = rook_from;
        rook_from = rook_to;
        rook_to = swap;
    }
    const uint8_t rook = pos->cells[rook_from];
    pos->cells[rook_from] = EMPTY;
    pos->cells[rook_to] = rook;
    list_move(pos, us, rook_from, rook_to);
    return piece_key(rook, rook_from) ^ piece_key(rook, rook_to);
}

static inline void make_move(MailboxBoard *b, Move m)
{
    MailboxPosition *pos = &b->pos;
    MailboxUndo *undo = &b->undo[b->ply++];
    undo->key = pos->key;
    undo->move = m;
    undo->halfmove = pos->halfmove;
    undo->castling = pos->castling;
    undo->ep = pos->ep;

    const Color us = (Color)pos->side;
    const int forward = us == WHITE ? NORTH : SOUTH;
    const int from = cell_of_square(move_from(m)), to = cell_of_square(move_to(m));
    const MoveKind kind = move_kind(m);
    uint8_t *cells = pos->cells;
    const uint8_t piece = cells[from];
    uint64_t key = pos->key ^ zobrist.side;

    if (ep_in_key(pos))
        key ^= ep_key(pos->ep);
    pos->ep = NO_SQ120;

    const int victim = kind == MK_EN_PASSANT ? to - forward : to;
    const uint8_t captured = cells[victim];
    undo->captured = captured;
    if (captured != EMPTY) {
        cells[victim] = EMPTY;
        key ^= piece_key(captured, victim);
        undo->captured_slot = list_remove(pos, color_flip(us), victim);
    }

    const uint8_t placed = move_is_promotion(m) ? make_piece(us, move_promotion_type(m)) : piece;
    cells[from] = EMPTY;
    cells[to] = placed;
    key ^= piece_key(piece, from) ^ piece_key(placed, to);
    list_move(pos, us, from, to);

    if (piece_type(piece) == KING) {
        pos->king[us] = (uint8_t)to;
        if (kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE)
            key ^= move_castling_rook(pos, us, from, to, false);
    }

    const uint8_t rights = pos->castling & (uint8_t)~(CASTLING_LOST[from] | CASTLING_LOST[to]);
    key ^= zobrist.castling[pos->castling] ^ zobrist.castling[rights];
    pos->castling = rights;

    pos->halfmove = (piece_type(piece) == PAWN || captured != EMPTY) ? 0 : (uint16_t)(pos->halfmove + 1);
    if (us == BLACK)
        pos->fullmove++;
    pos->side = (uint8_t)color_flip(us);

    if (kind == MK_DOUBLE_PUSH) {
        pos->ep = (uint8_t)(from + forward);
        if (ep_in_key(pos))
            key ^= ep_key(pos->ep);
    }
    pos->key = key;
}

static inline void unmake_move(MailboxBoard *b)
{
    MailboxPosition *pos = &b->pos;
    MailboxUndo *undo = &b->undo[--b->ply];
    const Move m = undo->move;
    const Color us = color_flip((Color)pos->side); /* the side that moved */
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
        if (kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE)
            move_castling_rook(pos, us, from, to, true);
    }

    pos->side = (uint8_t)us;
    if (us == BLACK)
        pos->fullmove--;
    pos->halfmove = undo->halfmove;
    pos->castling = undo->castling;
    pos->ep = undo->ep;
    pos->key = undo->key;
    /* Leave the stack slot as load left it, so make+unmake restores every
     * byte of the board (one 16-byte store). */
    memset(undo, 0, sizeof *undo);
}

/* ------------------------------------------------------------------------ */
/* Perft                                                                    */
/* ------------------------------------------------------------------------ */

static uint64_t perft_node(MailboxBoard *b, int depth, PerftMode mode)
{
    Move moves[MAX_MOVES];
    const int count = generate_legal(&b->pos, moves);
    if (depth == 1 && mode == PERFT_BULK)
        return (uint64_t)count;
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        make_move(b, moves[i]);
        nodes += depth == 1 ? 1 : perft_node(b, depth - 1, mode);
        unmake_move(b);
    }
    return nodes;
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
}

static void mailbox_save(const void *board, Setup *s)
{
    const MailboxPosition *pos = &((const MailboxBoard *)board)->pos;
    for (int sq = 0; sq < 64; sq++)
        s->board[sq] = pos->cells[cell_of_square((Square)sq)];
    s->side = (Color)pos->side;
    s->castling = pos->castling;
    s->ep = pos->ep == NO_SQ120 ? SQ_NONE : SQUARE_OF_CELL[pos->ep];
    s->halfmove = pos->halfmove;
    s->fullmove = pos->fullmove;
}

static int mailbox_legal_moves(const void *board, Move *out)
{
    /* The generator lifts pieces temporarily, so give it a private copy of
     * the position (about 140 bytes), never the caller's const board. */
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
    make_move(b, m);
}

static void mailbox_unmake(void *board)
{
    MailboxBoard *b = board;
    assert(b->ply > 0);
    unmake_move(b);
}

static uint64_t mailbox_key(const void *board) { return ((const MailboxBoard *)board)->pos.key; }

static uint64_t mailbox_perft(void *board, int depth, PerftMode mode)
{
    if (depth <= 0)
        return 1;
    return perft_node(board, depth, mode);
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
