/* Attack tests and the pin/check scan, both driven by the difference table:
 * one table lookup per enemy piece rules most pieces out, and only a piece
 * that lies on a suitable line costs a walk along that line. */
#ifndef CHESSLAB_X88_ATTACK_H
#define CHESSLAB_X88_ATTACK_H

#include "movegen_variants/x88/x88_board.h"

static inline int x88_color_bits(int color) { return color << 3; } /* Piece & 8 */

/* True when a pawn of colour `by` attacks target: it stands one rank
 * behind target, seen from `by`, on a neighbouring file. */
X88_INLINE bool x88_pawn_attacks(const uint8_t *squares, int target, int by)
{
    const int row = target - x88_forward(by);
    const Piece pawn = make_piece((Color)by, PAWN);
    return (!x88_off_board(row - 1) && squares[row - 1] == pawn) ||
           (!x88_off_board(row + 1) && squares[row + 1] == pawn);
}

/* True when a piece of the given type on from attacks target, walking the
 * line between them when the type is a slider. */
X88_INLINE bool x88_piece_attacks(const uint8_t *squares, int from, int type, int target)
{
    const int d = x88_diff(target, from);
    if (!(x88_tables.attackers[d] & (1u << type)))
        return false;
    if (type == KNIGHT || type == KING)
        return true;
    const int step = x88_tables.step[d];
    int x = from + step;
    while (x != target && squares[x] == NO_PIECE)
        x += step;
    return x == target;
}

X88_INLINE bool x88_type_attacks(const X88Board *b, const uint8_t *squares, int target, int by,
                                 int type)
{
    const uint8_t *list = x88_list(b, by, type);
    for (int i = 0; i < b->count[by][type]; i++)
        if (x88_piece_attacks(squares, list[i], type, target))
            return true;
    return false;
}

/* True when colour `by` attacks target on the given squares array (the
 * board's own, or a modified copy for the en passant test). The attacking
 * pieces come from the board's lists. */
X88_INLINE bool x88_attacked(const X88Board *b, const uint8_t *squares, int target, int by)
{
    return x88_pawn_attacks(squares, target, by) || x88_type_attacks(b, squares, target, by, KNIGHT) ||
           x88_type_attacks(b, squares, target, by, BISHOP) ||
           x88_type_attacks(b, squares, target, by, ROOK) ||
           x88_type_attacks(b, squares, target, by, QUEEN) ||
           x88_type_attacks(b, squares, target, by, KING);
}

/* What legality needs to know about the side to move, found once per node. */
typedef struct X88Guard {
    uint64_t pinned;   /* own pieces pinned to their king (x88_bit) */
    uint64_t targets;  /* single check: squares a non-king move must reach */
    int checkers;      /* 0, 1 or 2 */
    /* Squares next to the king on the far side from a checking slider: the
     * king's own body hides them from the attack test, but stepping there
     * stays on the checking line. */
    int behind_king[2];
    /* Enemy pieces (king included) that could reach, on an empty board, a
     * square the king may step to or cross when castling: the only ones
     * the king's attack tests need to look at. */
    int near_count;
    uint8_t near_square[16];
    uint8_t near_type[16];
} X88Guard;

/* For each enemy piece of one type: is it near our king, does it check,
 * does it pin? From a slider a clear line to the king is a check, and
 * exactly one own piece on that line is a pin. */
X88_INLINE void x88_scan_type(const X88Board *b, X88Guard *g, int us, int type)
{
    const int them = us ^ 1, king = x88_king(b, us);
    const uint8_t *sq = b->squares, *list = x88_list(b, them, type);
    for (int i = 0; i < b->count[them][type]; i++) {
        const int from = list[i];
        const int d = x88_diff(king, from);
        if (!(x88_tables.zone_attackers[d] & (1u << type)))
            continue;
        g->near_square[g->near_count] = (uint8_t)from;
        g->near_type[g->near_count++] = (uint8_t)type;
        if (type == KING || !(x88_tables.attackers[d] & (1u << type)))
            continue;
        if (type == KNIGHT) {
            g->checkers++;
            g->targets = x88_bit(from);
            continue;
        }
        const int step = x88_tables.step[d];
        int x = from + step;
        while (sq[x] == NO_PIECE)
            x += step;
        if (x == king) {
            uint64_t line = 0;
            for (int y = from; y != king; y += step)
                line |= x88_bit(y);
            g->targets = line;
            g->behind_king[g->checkers > 0] = king + step;
            g->checkers++;
        } else if ((sq[x] & 8) == x88_color_bits(us)) {
            int y = x + step;
            while (sq[y] == NO_PIECE)
                y += step;
            if (y == king)
                g->pinned |= x88_bit(x);
        }
    }
}

X88_INLINE void x88_find_guard(const X88Board *b, X88Guard *g, int us)
{
    const int them = us ^ 1, king = x88_king(b, us);
    const uint8_t *sq = b->squares;
    g->pinned = 0;
    g->targets = ~0ull;
    g->checkers = 0;
    g->behind_king[0] = g->behind_king[1] = X88_NO_SQUARE;
    g->near_count = 0;

    const Piece enemy_pawn = make_piece((Color)them, PAWN);
    const int pawn_row = king + x88_forward(us);
    if (!x88_off_board(pawn_row - 1) && sq[pawn_row - 1] == enemy_pawn) {
        g->checkers++;
        g->targets = x88_bit(pawn_row - 1);
    }
    if (!x88_off_board(pawn_row + 1) && sq[pawn_row + 1] == enemy_pawn) {
        g->checkers++;
        g->targets = x88_bit(pawn_row + 1);
    }
    x88_scan_type(b, g, us, KNIGHT);
    x88_scan_type(b, g, us, BISHOP);
    x88_scan_type(b, g, us, ROOK);
    x88_scan_type(b, g, us, QUEEN);
    x88_scan_type(b, g, us, KING);
}

/* The attack test for a square next to the king (or crossed by castling):
 * only pawns and the pieces found near the king can reach it. */
X88_INLINE bool x88_king_square_attacked(const X88Board *b, const X88Guard *g, int target, int them)
{
    if (x88_pawn_attacks(b->squares, target, them))
        return true;
    for (int i = 0; i < g->near_count; i++)
        if (x88_piece_attacks(b->squares, g->near_square[i], g->near_type[i], target))
            return true;
    return false;
}

#endif
