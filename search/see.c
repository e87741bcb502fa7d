#include "search/see.h"

#include "search/bitops.h"

/* Exchange values: simple and round, the king too big to ever be traded. */
static const int see_value[KING + 1] = { 0, 100, 320, 330, 500, 950, 20000 };

Bitboard see_attackers(const Position *p, const SearchBoardOps *ops, Square sq, Bitboard occupied)
{
    return (sb_pawn_attacks_from(sq, BLACK) & sb_pieces(p, WHITE, PAWN)) |
           (sb_pawn_attacks_from(sq, WHITE) & sb_pieces(p, BLACK, PAWN)) |
           (sb_knight_attacks_from(sq) & sb_type(p, KNIGHT)) | (sb_king_attacks_from(sq) & sb_type(p, KING)) |
           (ops->bishop_attacks(sq, occupied) & (sb_type(p, BISHOP) | sb_type(p, QUEEN))) |
           (ops->rook_attacks(sq, occupied) & (sb_type(p, ROOK) | sb_type(p, QUEEN)));
}

/* The swap list: gain[d] is what the side making capture d has won if the
 * sequence stops right after it. Walking back from the last capture, each
 * side keeps the better of stopping and going on. */
int see(const Position *p, const SearchBoardOps *ops, Move m)
{
    const Square from = move_from(m), to = move_to(m);
    const MoveKind kind = move_kind(m);
    if (kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE)
        return 0;

    Bitboard type[KING + 1], color[2];
    for (int t = PAWN; t <= KING; t++)
        type[t] = sb_type(p, (PieceType)t);
    color[WHITE] = sb_color(p, WHITE);
    color[BLACK] = sb_color(p, BLACK);
    Bitboard occupied = color[WHITE] | color[BLACK];

    int gain[32];
    int d = 0;
    PieceType on_square = sb_type_on(p, from); /* what stands on `to` after capture d */
    gain[0] = kind == MK_EN_PASSANT ? see_value[PAWN] : see_value[sb_type_on(p, to)];
    if (kind & MK_PROMO_BIT) {
        on_square = move_promotion_type(m);
        gain[0] += see_value[on_square] - see_value[PAWN];
    }
    if (kind == MK_EN_PASSANT)
        occupied ^= bb_of((Square)(to + (sb_side(p) == WHITE ? -8 : 8)));
    occupied ^= bb_of(from);

    const Bitboard diagonal = type[BISHOP] | type[QUEEN];
    const Bitboard straight = type[ROOK] | type[QUEEN];
    Bitboard attackers = (sb_pawn_attacks_from(to, BLACK) & type[PAWN] & color[WHITE]) |
                         (sb_pawn_attacks_from(to, WHITE) & type[PAWN] & color[BLACK]) |
                         (sb_knight_attacks_from(to) & type[KNIGHT]) | (sb_king_attacks_from(to) & type[KING]) |
                         (ops->bishop_attacks(to, occupied) & diagonal) | (ops->rook_attacks(to, occupied) & straight);
    attackers &= occupied;
    Color side = color_flip(sb_side(p));

    for (;;) {
        Bitboard mine = attackers & color[side];
        if (!mine)
            break;
        PieceType t = PAWN;
        while (!(mine & type[t]))
            t++;
        d++;
        gain[d] = see_value[on_square] - gain[d - 1];
        /* Neither side can gain by going on: stop early. */
        if ((-gain[d - 1] > gain[d] ? -gain[d - 1] : gain[d]) < 0 || d == 31)
            break;
        /* A king may not capture onto a square the other side still guards. */
        if (t == KING && (attackers & color[color_flip(side)])) {
            d--;
            break;
        }
        occupied ^= bb_of(bb_first(mine & type[t]));
        /* Sliders behind the piece that just left join in. */
        if (t == PAWN || t == BISHOP || t == QUEEN)
            attackers |= ops->bishop_attacks(to, occupied) & diagonal;
        if (t == ROOK || t == QUEEN)
            attackers |= ops->rook_attacks(to, occupied) & straight;
        attackers &= occupied;
        on_square = t;
        side = color_flip(side);
    }
    while (d > 0) {
        int best = -gain[d - 1] > gain[d] ? -gain[d - 1] : gain[d];
        gain[d - 1] = -best;
        d--;
    }
    return gain[0];
}
