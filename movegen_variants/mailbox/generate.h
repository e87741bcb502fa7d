/* Legal move generation on the 10x12 mailbox.
 *
 * One look around the own king per node (attack.h) finds checkers and
 * pinned pieces. Then:
 *   - a free piece, not in check: every pseudo-legal move is legal;
 *   - in single check: a non-king move must land on stops_check[];
 *   - a pinned piece moves only along its pin line, and never in check;
 *   - double check: king moves only;
 *   - king moves, castling and en passant are tested on the cells.
 * generate_for() is inlined once per colour and the piece loop once per
 * in_check value, so those tests are compile-time constants there.
 * README.md explains why these rules are complete. */
#ifndef CHESSLAB_MAILBOX_GENERATE_H
#define CHESSLAB_MAILBOX_GENERATE_H

#include "movegen_variants/mailbox/attack.h"

MAILBOX_INLINE Move *emit(Move *out, int from, int to, MoveKind kind)
{
    *out = move_make(SQUARE_OF_CELL[from], SQUARE_OF_CELL[to], kind);
    return out + 1;
}

/* Q, R, B, N; kind is MK_QUIET or MK_CAPTURE. */
static Move *emit_promotions(Move *out, int from, int to, MoveKind kind)
{
    for (int promo = MK_PROMO_Q; promo >= MK_PROMO_N; promo--)
        out = emit(out, from, to, (MoveKind)(promo | kind));
    return out;
}

/* In check, a non-king move must capture the checker or block its line. */
MAILBOX_INLINE bool target_ok(const KingSafety *ks, bool in_check, int to)
{
    return !in_check || ks->stops_check[to];
}

/* One ray of a bishop, rook or queen: quiet moves up to the first piece,
 * a capture if that piece is an enemy. */
MAILBOX_INLINE Move *slide(const uint8_t *cells, const KingSafety *ks, bool in_check, Color them,
                           int from, int step, Move *out)
{
    int to = from + step;
    for (; cells[to] == EMPTY; to += step)
        if (target_ok(ks, in_check, to))
            out = emit(out, from, to, MK_QUIET);
    if (piece_is(cells[to], them) && target_ok(ks, in_check, to))
        out = emit(out, from, to, MK_CAPTURE);
    return out;
}

MAILBOX_INLINE Move *knight_moves(const uint8_t *cells, const KingSafety *ks, bool in_check,
                                  Color them, int from, Move *out)
{
    for (int i = 0; i < 8; i++) {
        const int to = from + KNIGHT_STEPS[i];
        const uint8_t target = cells[to];
        if (!target_ok(ks, in_check, to))
            continue;
        if (target == EMPTY)
            out = emit(out, from, to, MK_QUIET);
        else if (piece_is(target, them))
            out = emit(out, from, to, MK_CAPTURE);
    }
    return out;
}

/* A pawn's start rank (2 for White, 7 for Black) and the rank before its
 * promotion (7 for White, 2 for Black): 8 consecutive cells each. */
MAILBOX_INLINE bool on_start_rank(int cell, Color us)
{
    return (unsigned)(cell - (us == WHITE ? A2 : A7)) < 8;
}

MAILBOX_INLINE bool before_promotion(int cell, Color us)
{
    return (unsigned)(cell - (us == WHITE ? A7 : A2)) < 8;
}

/* A pawn on its seventh rank: pushes and captures all promote. Rare, so
 * kept out of line. */
static Move *promotion_moves(const uint8_t *cells, const KingSafety *ks, bool in_check, Color us,
                             int from, Move *out)
{
    const int forward = us == WHITE ? NORTH : SOUTH;
    const int one = from + forward;
    if (cells[one] == EMPTY && target_ok(ks, in_check, one))
        out = emit_promotions(out, from, one, MK_QUIET);
    for (int side = WEST; side <= EAST; side += 2) /* west, then east */
        if (piece_is(cells[one + side], color_flip(us)) && target_ok(ks, in_check, one + side))
            out = emit_promotions(out, from, one + side, MK_CAPTURE);
    return out;
}

/* A free pawn (not pinned; en passant is handled apart). */
MAILBOX_INLINE Move *pawn_moves(const uint8_t *cells, const KingSafety *ks, bool in_check, Color us,
                                int from, Move *out)
{
    if (before_promotion(from, us))
        return promotion_moves(cells, ks, in_check, us, from, out);
    const Color them = color_flip(us);
    const int forward = us == WHITE ? NORTH : SOUTH;
    const int one = from + forward;
    if (cells[one] == EMPTY) {
        if (target_ok(ks, in_check, one))
            out = emit(out, from, one, MK_QUIET);
        const int two = one + forward;
        if (on_start_rank(from, us) && cells[two] == EMPTY && target_ok(ks, in_check, two))
            out = emit(out, from, two, MK_DOUBLE_PUSH);
    }
    if (piece_is(cells[one + WEST], them) && target_ok(ks, in_check, one + WEST))
        out = emit(out, from, one + WEST, MK_CAPTURE);
    if (piece_is(cells[one + EAST], them) && target_ok(ks, in_check, one + EAST))
        out = emit(out, from, one + EAST, MK_CAPTURE);
    return out;
}

/* A pinned piece keeps to the line through its king and the pinner, in
 * either direction: a pinned knight never moves, a bishop pinned on a file
 * or rank neither, a pawn pushes only when pinned on its file and captures
 * only the pinner. Called only when not in check (a pinned piece cannot
 * answer a check: its line meets the check line only at the king). Rare. */
static Move *pinned_piece_moves(const uint8_t *cells, Color us, int from, int pin, Move *out)
{
    const Color them = color_flip(us);
    const KingSafety *none = NULL; /* target_ok never reads it when not in check */
    const bool diagonal = pin == NORTH_EAST || pin == NORTH_WEST || pin == SOUTH_EAST || pin == SOUTH_WEST;
    const PieceType type = piece_type(cells[from]);

    if (type == PAWN) {
        const int forward = us == WHITE ? NORTH : SOUTH;
        const bool promotes = before_promotion(from, us);
        if (pin == forward || pin == -forward) {
            const int one = from + forward, two = one + forward;
            if (cells[one] == EMPTY) {
                out = promotes ? emit_promotions(out, from, one, MK_QUIET) : emit(out, from, one, MK_QUIET);
                if (on_start_rank(from, us) && cells[two] == EMPTY)
                    out = emit(out, from, two, MK_DOUBLE_PUSH);
            }
        } else if (diagonal) {
            for (int side = WEST; side <= EAST; side += 2) {
                const int step = forward + side, to = from + step;
                if ((step == pin || step == -pin) && piece_is(cells[to], them))
                    out = promotes ? emit_promotions(out, from, to, MK_CAPTURE)
                                   : emit(out, from, to, MK_CAPTURE);
            }
        }
        return out;
    }
    if (type == QUEEN || type == (diagonal ? BISHOP : ROOK)) {
        out = slide(cells, none, false, them, from, pin, out);
        out = slide(cells, none, false, them, from, -pin, out);
    }
    return out;
}

/* Every piece of us except the king; in_check is a constant per call site. */
MAILBOX_INLINE Move *piece_moves(const MailboxPosition *pos, const KingSafety *ks, bool in_check,
                                 Color us, Move *out)
{
    const Color them = color_flip(us);
    const uint8_t *cells = pos->cells;
    for (int i = 0; i < pos->list_count[us]; i++) {
        const int from = pos->list[us][i];
        const uint8_t piece = cells[from];
        if (ks->pin_count != 0) {
            const int pin = pin_of(ks, from);
            if (pin != 0) {
                if (!in_check)
                    out = pinned_piece_moves(cells, us, from, pin, out);
                continue;
            }
        }
        switch (piece_type(piece)) {
        case PAWN:
            out = pawn_moves(cells, ks, in_check, us, from, out);
            break;
        case KNIGHT:
            out = knight_moves(cells, ks, in_check, them, from, out);
            break;
        case BISHOP:
            for (int d = 0; d < 4; d++)
                out = slide(cells, ks, in_check, them, from, BISHOP_DIRECTIONS[d], out);
            break;
        case ROOK:
            for (int d = 0; d < 4; d++)
                out = slide(cells, ks, in_check, them, from, ROOK_DIRECTIONS[d], out);
            break;
        case QUEEN:
            for (int d = 0; d < 8; d++)
                out = slide(cells, ks, in_check, them, from, QUEEN_DIRECTIONS[d], out);
            break;
        default: /* the king has its own generator */
            break;
        }
    }
    return out;
}

/* King steps: lift the king off the board while testing its targets, so a
 * slider checking along a line still attacks the cell behind the king. */
MAILBOX_INLINE Move *king_moves(MailboxPosition *pos, Color us, Move *out)
{
    const Color them = color_flip(us);
    uint8_t *cells = pos->cells;
    const int from = pos->king[us];
    cells[from] = EMPTY;
    for (int i = 0; i < 8; i++) {
        const int to = from + QUEEN_DIRECTIONS[i];
        const uint8_t target = cells[to];
        if (target != EMPTY && !piece_is(target, them))
            continue;
        if (!cell_attacked(cells, to, them))
            out = emit(out, from, to, target == EMPTY ? MK_QUIET : MK_CAPTURE);
    }
    cells[from] = make_piece(us, KING);
    return out;
}

/* Chess960 castling, any king and rook cells (core/castling.h gives the
 * squares): the cells to cross must be empty but for king and rook, and no
 * cell the king crosses or lands on attacked with king and rook lifted (the
 * rook may have sheltered the king's destination: rook b1, enemy queen a1,
 * castling long). Not in check, so the king's start needs no test. Rare. */
static Move *castling_moves_960(MailboxPosition *pos, Color us, Move *out)
{
    uint8_t *cells = pos->cells;
    const int king = pos->king[us];
    for (int wing = 0; wing < 2; wing++) {
        const int right = castle_right_index(us, wing == 1);
        if (!(pos->castling & castle_right_bit(right)))
            continue;
        const Square king_sq = SQUARE_OF_CELL[king];
        const int rook = pos->castle_rook[right];
        uint64_t must_be_empty = castle_empty_squares(king_sq, SQUARE_OF_CELL[rook], right);
        bool clear = true;
        for (; must_be_empty && clear; must_be_empty &= must_be_empty - 1)
            clear = cells[cell_of_square((Square)__builtin_ctzll(must_be_empty))] == EMPTY;
        if (!clear)
            continue;
        cells[king] = cells[rook] = EMPTY;
        for (uint64_t path = castle_king_path(king_sq, right); path && clear; path &= path - 1)
            clear = !cell_attacked(cells, cell_of_square((Square)__builtin_ctzll(path)), color_flip(us));
        cells[king] = make_piece(us, KING);
        cells[rook] = make_piece(us, ROOK);
        if (clear)
            out = emit(out, king, cell_of_square(castle_king_target(right)), wing ? MK_QUEEN_CASTLE : MK_KING_CASTLE);
    }
    return out;
}

/* Rights imply king and rook on their home cells (make drops a right as
 * soon as either moves or the rook is taken). Only when not in check. */
MAILBOX_INLINE Move *castling_moves(MailboxPosition *pos, Color us, Move *out)
{
    if (pos->castle960)
        return castling_moves_960(pos, us, out);
    const Color them = color_flip(us);
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

/* En passant empties two cells of one rank and fills a third, which pins
 * and checks do not describe (both pawns may leave the king's rank); so
 * play it on the cells, test the king, and put the cells back. Rare. */
static Move *en_passant_moves(MailboxPosition *pos, Color us, Move *out)
{
    uint8_t *cells = pos->cells;
    const int target = pos->ep;
    const int victim = target + (us == WHITE ? SOUTH : NORTH);
    const uint8_t pawn = make_piece(us, PAWN), taken = cells[victim];
    for (int from = victim + WEST; from <= victim + EAST; from += 2) { /* west, then east */
        if (cells[from] != pawn)
            continue;
        cells[target] = pawn;
        cells[from] = EMPTY;
        cells[victim] = EMPTY;
        const bool legal = !cell_attacked(cells, pos->king[us], color_flip(us));
        cells[victim] = taken;
        cells[from] = pawn;
        cells[target] = EMPTY;
        if (legal)
            out = emit(out, from, target, MK_EN_PASSANT);
    }
    return out;
}

/* All legal moves of us; the cells are changed during the call (king lift,
 * en passant trial) and restored before it returns. */
MAILBOX_INLINE Move *generate_for(MailboxPosition *pos, Color us, Move *out)
{
    KingSafety ks;
    find_checks_and_pins(pos, &ks, us);
    out = king_moves(pos, us, out);
    if (ks.checkers >= 2) /* double check: only the king can answer */
        return out;
    if (ks.checkers == 0) {
        out = piece_moves(pos, &ks, false, us, out);
        out = castling_moves(pos, us, out);
    } else {
        out = piece_moves(pos, &ks, true, us, out);
    }
    if (pos->ep != NO_SQ120)
        out = en_passant_moves(pos, us, out);
    return out;
}

/* Writes the legal moves of the side to move, returns their count. */
MAILBOX_INLINE int generate_legal(MailboxPosition *pos, Move *moves)
{
    Move *end = pos->side == WHITE ? generate_for(pos, WHITE, moves) : generate_for(pos, BLACK, moves);
    return (int)(end - moves);
}

#endif
