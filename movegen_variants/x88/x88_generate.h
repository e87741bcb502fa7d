/* Legal move generation on the 0x88 board.
 *
 * One generator serves two uses, chosen by a compile-time flag: writing
 * moves (count_only false) and counting them for bulk perft (count_only
 * true). It is also specialised on in_check, so the common case (no check)
 * carries no target filter. Legality without make-and-test:
 *   - unpinned non-king pieces: every pseudo-legal move is legal;
 *   - pinned pieces: only moves along the pin line;
 *   - single check: non-king moves must land on the checker or between it
 *     and the king (guard.targets); pinned pieces cannot help;
 *   - double check: king moves only;
 *   - king moves and castling: attack test on each square;
 *   - en passant: the one move tested on a modified copy of the board. */
#ifndef CHESSLAB_X88_GENERATE_H
#define CHESSLAB_X88_GENERATE_H

#include <string.h>

#include "movegen_variants/x88/x88_attack.h"

X88_INLINE int x88_emit(X88Move *out, int n, bool count_only, int from, int to, int kind)
{
    if (!count_only)
        out[n] = x88_move(from, to, kind);
    return n + 1;
}

/* kind is MK_QUIET or MK_CAPTURE; a promoting pawn makes four moves. */
X88_INLINE int x88_emit_pawn(X88Move *out, int n, bool count_only, int from, int to, int kind,
                             bool promotes)
{
    if (!promotes)
        return x88_emit(out, n, count_only, from, to, kind);
    for (int piece = MK_PROMO_Q; piece >= MK_PROMO_N; piece--)
        n = x88_emit(out, n, count_only, from, to, piece | kind);
    return n;
}

X88_INLINE bool x88_target_ok(const X88Guard *g, bool in_check, int to)
{
    return !in_check || ((g->targets >> x88_to_square(to)) & 1);
}

/* A square holds 0 or a piece code; white pieces are 1..6, black 9..14.
 * them_bits is a constant after inlining, so this is one test either way. */
X88_INLINE bool x88_is_enemy(int piece, int them_bits)
{
    return them_bits ? (piece & 8) != 0 : (unsigned)(piece - 1) < 6u;
}

/* All squares along one direction up to and including the first enemy. */
X88_INLINE int x88_slide(const uint8_t *sq, const X88Guard *g, X88Move *out, int n,
                         bool count_only, bool in_check, int from, int step, int them_bits)
{
    for (int to = from + step; !x88_off_board(to); to += step) {
        const int p = sq[to];
        if (p == NO_PIECE) {
            if (x88_target_ok(g, in_check, to))
                n = x88_emit(out, n, count_only, from, to, MK_QUIET);
            continue;
        }
        if ((p & 8) == them_bits && x88_target_ok(g, in_check, to))
            n = x88_emit(out, n, count_only, from, to, MK_CAPTURE);
        break;
    }
    return n;
}

X88_INLINE int x88_gen_knight(const uint8_t *sq, const X88Guard *g, X88Move *out, int n,
                              bool count_only, bool in_check, int from, int them_bits)
{
    for (int d = 0; d < 8; d++) {
        const int to = from + x88_knight_steps[d];
        if (x88_off_board(to) || !x88_target_ok(g, in_check, to))
            continue;
        const int p = sq[to];
        if (count_only) /* no branch on the square's contents */
            n += p == NO_PIECE || x88_is_enemy(p, them_bits);
        else if (p == NO_PIECE)
            n = x88_emit(out, n, count_only, from, to, MK_QUIET);
        else if ((p & 8) == them_bits)
            n = x88_emit(out, n, count_only, from, to, MK_CAPTURE);
    }
    return n;
}

/* A pinned piece keeps to the line through its king (rare: not inlined). */
static int x88_gen_pinned_piece(const X88Board *b, X88Move *out, int n, bool count_only, int from)
{
    const int us = b->side, them_bits = x88_color_bits(us ^ 1);
    const int d = x88_diff(from, x88_king(b, us));
    const int line = x88_tables.step[d];
    const int type = b->squares[from] & 7;
    const X88Guard no_check = { .targets = ~0ull };

    if (type == PAWN) {
        const int fwd = x88_forward(us);
        const bool promotes = x88_rank(from + fwd) == (us == WHITE ? 7 : 0);
        if (line == 16 || line == -16) {
            if (b->squares[from + fwd] == NO_PIECE) {
                n = x88_emit_pawn(out, n, count_only, from, from + fwd, MK_QUIET, promotes);
                if (x88_rank(from) == (us == WHITE ? 1 : 6) && b->squares[from + 2 * fwd] == NO_PIECE)
                    n = x88_emit(out, n, count_only, from, from + 2 * fwd, MK_DOUBLE_PUSH);
            }
            return n;
        }
        for (int side = -1; side <= 1; side += 2) {
            const int capture = fwd + side;
            if ((capture == line || capture == -line) &&
                x88_is_enemy(b->squares[from + capture], them_bits))
                n = x88_emit_pawn(out, n, count_only, from, from + capture, MK_CAPTURE, promotes);
        }
        return n;
    }
    /* A bishop pinned on a file, a rook on a diagonal, a knight: no moves. */
    if (type != KNIGHT && (x88_tables.attackers[d] & (1u << type))) {
        n = x88_slide(b->squares, &no_check, out, n, count_only, false, from, line, them_bits);
        n = x88_slide(b->squares, &no_check, out, n, count_only, false, from, -line, them_bits);
    }
    return n;
}

/* Knights, bishops, rooks or queens (type is a constant after inlining). */
X88_INLINE int x88_gen_type(const X88Board *b, const X88Guard *g, X88Move *out, int n,
                            bool count_only, bool in_check, int us, int type)
{
    const int them_bits = x88_color_bits(us ^ 1);
    const uint8_t *sq = b->squares;

    const uint8_t *list = x88_list(b, us, type);
    const uint64_t pinned = g->pinned;
    for (int i = 0; i < b->count[us][type]; i++) {
        const int from = list[i];
        if (pinned && (pinned & x88_bit(from))) {
            if (!in_check)
                n = x88_gen_pinned_piece(b, out, n, count_only, from);
            continue;
        }
        if (type == KNIGHT) {
            n = x88_gen_knight(sq, g, out, n, count_only, in_check, from, them_bits);
            continue;
        }
        if (type != BISHOP) { /* rook and queen */
            n = x88_slide(sq, g, out, n, count_only, in_check, from, 1, them_bits);
            n = x88_slide(sq, g, out, n, count_only, in_check, from, -1, them_bits);
            n = x88_slide(sq, g, out, n, count_only, in_check, from, 16, them_bits);
            n = x88_slide(sq, g, out, n, count_only, in_check, from, -16, them_bits);
        }
        if (type != ROOK) { /* bishop and queen */
            n = x88_slide(sq, g, out, n, count_only, in_check, from, 15, them_bits);
            n = x88_slide(sq, g, out, n, count_only, in_check, from, 17, them_bits);
            n = x88_slide(sq, g, out, n, count_only, in_check, from, -15, them_bits);
            n = x88_slide(sq, g, out, n, count_only, in_check, from, -17, them_bits);
        }
    }
    return n;
}

X88_INLINE int x88_gen_pieces(const X88Board *b, const X88Guard *g, X88Move *out, int n,
                              bool count_only, bool in_check, int us)
{
    n = x88_gen_type(b, g, out, n, count_only, in_check, us, KNIGHT);
    n = x88_gen_type(b, g, out, n, count_only, in_check, us, BISHOP);
    n = x88_gen_type(b, g, out, n, count_only, in_check, us, ROOK);
    return x88_gen_type(b, g, out, n, count_only, in_check, us, QUEEN);
}

/* A pawn about to promote makes four moves per target (rare: not inlined,
 * and it keeps the off-board tests the fast path below does without). */
static int x88_gen_promotions(const X88Board *b, const X88Guard *g, X88Move *out, int n,
                              bool count_only, bool in_check, int from)
{
    const int us = b->side, them_bits = x88_color_bits(us ^ 1);
    const int to = from + x88_forward(us);
    if (b->squares[to] == NO_PIECE && x88_target_ok(g, in_check, to))
        n = x88_emit_pawn(out, n, count_only, from, to, MK_QUIET, true);
    for (int side = -1; side <= 1; side += 2)
        if (!x88_off_board(to + side) && x88_is_enemy(b->squares[to + side], them_bits) &&
            x88_target_ok(g, in_check, to + side))
            n = x88_emit_pawn(out, n, count_only, from, to + side, MK_CAPTURE, true);
    return n;
}

X88_INLINE int x88_gen_pawns(const X88Board *b, const X88Guard *g, X88Move *out, int n,
                             bool count_only, bool in_check, int us)
{
    const int them_bits = x88_color_bits(us ^ 1);
    const uint8_t *sq = b->squares;
    const int fwd = x88_forward(us);
    const int start_rank = us == WHITE ? 1 : 6, last_rank = us == WHITE ? 7 : 0;

    const uint8_t *list = x88_list(b, us, PAWN);
    const uint64_t pinned = g->pinned;
    for (int i = 0; i < b->count[us][PAWN]; i++) {
        const int from = list[i];
        if (pinned && (pinned & x88_bit(from))) {
            if (!in_check)
                n = x88_gen_pinned_piece(b, out, n, count_only, from);
            continue;
        }
        const int to = from + fwd; /* on the board: no pawn stands on its last rank */
        if (x88_rank(to) == last_rank) {
            n = x88_gen_promotions(b, g, out, n, count_only, in_check, from);
            continue;
        }
        if (sq[to] == NO_PIECE) {
            if (x88_target_ok(g, in_check, to))
                n = x88_emit(out, n, count_only, from, to, MK_QUIET);
            if (x88_rank(from) == start_rank && sq[to + fwd] == NO_PIECE &&
                x88_target_ok(g, in_check, to + fwd))
                n = x88_emit(out, n, count_only, from, to + fwd, MK_DOUBLE_PUSH);
        }
        /* No off-board test: to is at most on the 7th rank (2nd for black),
         * so to +- 1 stays inside the array, and the squares off the right
         * edge of the 0x88 board are never written, so they read as empty
         * and never as an enemy. */
        if (x88_is_enemy(sq[to - 1], them_bits) && x88_target_ok(g, in_check, to - 1))
            n = x88_emit(out, n, count_only, from, to - 1, MK_CAPTURE);
        if (x88_is_enemy(sq[to + 1], them_bits) && x88_target_ok(g, in_check, to + 1))
            n = x88_emit(out, n, count_only, from, to + 1, MK_CAPTURE);
    }
    return n;
}

/* En passant removes two pawns from one rank and can uncover the king along
 * that rank, a diagonal, or leave a check unanswered: test it for real on
 * a copy of the squares. Rare, so not inlined. */
static bool x88_ep_legal(const X88Board *b, int from, int to, int victim)
{
    uint8_t squares[128];
    memcpy(squares, b->squares, sizeof squares);
    squares[to] = squares[from];
    squares[from] = NO_PIECE;
    squares[victim] = NO_PIECE;
    return !x88_attacked(b, squares, x88_king(b, b->side), b->side ^ 1);
}

X88_INLINE int x88_gen_en_passant(const X88Board *b, X88Move *out, int n, bool count_only, int us)
{
    const int ep = b->ep;
    if (ep == X88_NO_SQUARE)
        return n;
    const int victim = ep - x88_forward(us);
    const Piece pawn = make_piece((Color)us, PAWN);
    for (int side = -1; side <= 1; side += 2) {
        const int from = victim + side;
        if (!x88_off_board(from) && b->squares[from] == pawn && x88_ep_legal(b, from, ep, victim))
            n = x88_emit(out, n, count_only, from, ep, MK_EN_PASSANT);
    }
    return n;
}

X88_INLINE int x88_gen_king(const X88Board *b, const X88Guard *g, X88Move *out, int n,
                            bool count_only, int us)
{
    const int them = us ^ 1, us_bits = x88_color_bits(us);
    const int king = x88_king(b, us);
    for (int d = 0; d < 8; d++) {
        const int to = king + x88_queen_steps[d];
        if (x88_off_board(to))
            continue;
        const int p = b->squares[to];
        if ((p != NO_PIECE && (p & 8) == us_bits) || to == g->behind_king[0] ||
            to == g->behind_king[1] || x88_king_square_attacked(b, g, to, them))
            continue;
        n = x88_emit(out, n, count_only, king, to, p == NO_PIECE ? MK_QUIET : MK_CAPTURE);
    }
    return n;
}

/* Chess960 castling, king and rook anywhere on the back rank (squares from
 * core/castling.h): what they cross must be empty but for the two, and no
 * square the king crosses or lands on attacked once king and rook are
 * lifted (the rook may have sheltered the king's square: rook b1, enemy
 * queen a1, castling long). Rare, so out of line. */
static int x88_gen_castling_960(const X88Board *b, X88Move *out, int n, bool count_only, int us)
{
    const int king = x88_king(b, us);
    const Square king_sq = x88_to_square(king);
    for (int wing = 0; wing < 2; wing++) {
        const int right = castle_right_index((Color)us, wing == 1);
        if (!(b->castling & castle_right_bit(right)))
            continue;
        const int rook = b->castle_rook[right];
        bool clear = true;
        for (uint64_t empty = castle_empty_squares(king_sq, x88_to_square(rook), right); empty && clear;
             empty &= empty - 1)
            clear = b->squares[x88_from_square((Square)__builtin_ctzll(empty))] == NO_PIECE;
        if (!clear)
            continue;
        uint8_t lifted[128];
        memcpy(lifted, b->squares, sizeof lifted);
        lifted[king] = lifted[rook] = NO_PIECE;
        for (uint64_t path = castle_king_path(king_sq, right); path && clear; path &= path - 1)
            clear = !x88_attacked(b, lifted, x88_from_square((Square)__builtin_ctzll(path)), us ^ 1);
        if (clear)
            n = x88_emit(out, n, count_only, king, x88_from_square(castle_king_target(right)),
                         wing ? MK_QUEEN_CASTLE : MK_KING_CASTLE);
    }
    return n;
}

/* Only when not in check. Rights imply king and rook on their squares. */
X88_INLINE int x88_gen_castling(const X88Board *b, const X88Guard *g, X88Move *out, int n,
                                bool count_only, int us)
{
    const int them = us ^ 1;
    const int rights = b->castling >> (2 * us); /* bit 0: king side, bit 1: queen side */
    if (!(rights & 3))
        return n;
    if (b->castle960)
        return x88_gen_castling_960(b, out, n, count_only, us);
    const int base = us == WHITE ? X88_A1 : X88_A8;
    const uint8_t *sq = b->squares;
    if ((rights & 1) && sq[base + 5] == NO_PIECE && sq[base + 6] == NO_PIECE &&
        !x88_king_square_attacked(b, g, base + 5, them) &&
        !x88_king_square_attacked(b, g, base + 6, them))
        n = x88_emit(out, n, count_only, base + 4, base + 6, MK_KING_CASTLE);
    if ((rights & 2) && sq[base + 3] == NO_PIECE && sq[base + 2] == NO_PIECE &&
        sq[base + 1] == NO_PIECE && !x88_king_square_attacked(b, g, base + 3, them) &&
        !x88_king_square_attacked(b, g, base + 2, them))
        n = x88_emit(out, n, count_only, base + 4, base + 2, MK_QUEEN_CASTLE);
    return n;
}

/* The generator for one side to move (us is a constant after inlining). */
X88_INLINE int x88_generate_for(const X88Board *b, X88Move *out, bool count_only, int us)
{
    X88Guard g;
    x88_find_guard(b, &g, us);
    int n = 0;
    if (g.checkers == 0) {
        n = x88_gen_pieces(b, &g, out, n, count_only, false, us);
        n = x88_gen_pawns(b, &g, out, n, count_only, false, us);
        n = x88_gen_castling(b, &g, out, n, count_only, us);
    } else if (g.checkers == 1) {
        n = x88_gen_pieces(b, &g, out, n, count_only, true, us);
        n = x88_gen_pawns(b, &g, out, n, count_only, true, us);
    }
    n = x88_gen_en_passant(b, out, n, count_only, us);
    return x88_gen_king(b, &g, out, n, count_only, us);
}

#endif
