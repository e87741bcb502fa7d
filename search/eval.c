#include "search/eval.h"

#include "search/bitops.h"

/* A score pair: middlegame and endgame, blended at the end. */
typedef struct Pair {
    int mg, eg;
} Pair;

const int eval_piece_value[KING + 1] = { 0, 85, 330, 345, 470, 1000, 0 };
static const int endgame_value[KING + 1] = { 0, 110, 300, 320, 530, 960, 0 };

/* Game phase: 24 with all pieces on the board, 0 with pawns and kings only. */
static const int phase_weight[KING + 1] = { 0, 0, 1, 1, 2, 4, 0 };
enum { PHASE_MAX = 24 };

/* Piece-square tables from White's side, written as the board is drawn:
 * the first row is rank 8, the last rank 1. A white piece on square sq uses
 * entry sq ^ 56, a black one entry sq (the board mirrored). */
static const signed char pst_mg[KING + 1][64] = {
    [PAWN] = {
          0,   0,   0,   0,   0,   0,   0,   0,
         60,  70,  70,  80,  80,  70,  70,  60,
         20,  25,  35,  45,  45,  35,  25,  20,
          5,  10,  15,  30,  30,  15,  10,   5,
          0,   0,  10,  25,  25,  10,   0,   0,
          5,  -5,  -5,   5,   5, -10,  -5,   5,
          5,  10,  10, -20, -20,  10,  10,   5,
          0,   0,   0,   0,   0,   0,   0,   0 },
    [KNIGHT] = {
        -60, -35, -25, -20, -20, -25, -35, -60,
        -30, -15,   0,   5,   5,   0, -15, -30,
        -20,   5,  15,  20,  20,  15,   5, -20,
        -15,   5,  20,  25,  25,  20,   5, -15,
        -15,   0,  15,  20,  20,  15,   0, -15,
        -20,   0,  10,  10,  10,  10,   0, -20,
        -30, -15,  -5,   5,   5,  -5, -15, -30,
        -55, -25, -20, -15, -15, -20, -25, -55 },
    [BISHOP] = {
        -20, -10, -10, -10, -10, -10, -10, -20,
        -10,   0,   0,   0,   0,   0,   0, -10,
        -10,   0,   5,  10,  10,   5,   0, -10,
        -10,   5,   5,  15,  15,   5,   5, -10,
        -10,   0,  15,  15,  15,  15,   0, -10,
        -10,  10,  10,  10,  10,  10,  10, -10,
        -10,  15,   0,   5,   5,   0,  15, -10,
        -20, -10, -15, -10, -10, -15, -10, -20 },
    [ROOK] = {
          5,  10,  10,  10,  10,  10,  10,   5,
         20,  25,  25,  25,  25,  25,  25,  20,
         -5,   0,   0,   0,   0,   0,   0,  -5,
         -5,   0,   0,   0,   0,   0,   0,  -5,
         -5,   0,   0,   0,   0,   0,   0,  -5,
         -5,   0,   0,   0,   0,   0,   0,  -5,
        -10,  -5,   0,   0,   0,   0,  -5, -10,
         -5,   0,   5,  10,  10,   5,   0,  -5 },
    [QUEEN] = {
        -20, -10, -10,  -5,  -5, -10, -10, -20,
        -10,   0,   0,   0,   0,   0,   0, -10,
        -10,   0,   5,   5,   5,   5,   0, -10,
         -5,   0,   5,   5,   5,   5,   0,  -5,
         -5,   0,   5,   5,   5,   5,   0,  -5,
        -10,   5,   5,   5,   5,   5,   0, -10,
        -10,   0,   5,   0,   0,   0,   0, -10,
        -20, -10, -10,   0,  -5, -10, -10, -20 },
    [KING] = {
        -60, -70, -70, -80, -80, -70, -70, -60,
        -60, -70, -70, -80, -80, -70, -70, -60,
        -50, -60, -60, -70, -70, -60, -60, -50,
        -40, -50, -50, -60, -60, -50, -50, -40,
        -30, -40, -40, -50, -50, -40, -40, -30,
        -20, -30, -30, -40, -40, -30, -30, -20,
         10,  10, -10, -20, -20, -10,  15,  15,
         20,  35,  15, -10,   0, -10,  40,  25 },
};

static const signed char pst_eg[KING + 1][64] = {
    [PAWN] = {
          0,   0,   0,   0,   0,   0,   0,   0,
         70,  70,  65,  60,  60,  65,  70,  70,
         40,  40,  35,  30,  30,  35,  40,  40,
         20,  20,  15,  10,  10,  15,  20,  20,
          8,   8,   5,   0,   0,   5,   8,   8,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0 },
    [KNIGHT] = {
        -40, -25, -20, -15, -15, -20, -25, -40,
        -25, -10,   0,   5,   5,   0, -10, -25,
        -20,   0,  10,  15,  15,  10,   0, -20,
        -15,   5,  15,  20,  20,  15,   5, -15,
        -15,   5,  15,  20,  20,  15,   5, -15,
        -20,   0,  10,  15,  15,  10,   0, -20,
        -25, -10,   0,   5,   5,   0, -10, -25,
        -40, -25, -20, -15, -15, -20, -25, -40 },
    [BISHOP] = {
        -15, -10,  -8,  -5,  -5,  -8, -10, -15,
        -10,  -5,   0,   0,   0,   0,  -5, -10,
         -8,   0,   5,   5,   5,   5,   0,  -8,
         -5,   0,   5,  10,  10,   5,   0,  -5,
         -5,   0,   5,  10,  10,   5,   0,  -5,
         -8,   0,   5,   5,   5,   5,   0,  -8,
        -10,  -5,   0,   0,   0,   0,  -5, -10,
        -15, -10,  -8,  -5,  -5,  -8, -10, -15 },
    [ROOK] = {
          5,   5,   5,   5,   5,   5,   5,   5,
         15,  15,  15,  15,  15,  15,  15,  15,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
          0,   0,   0,   0,   0,   0,   0,   0,
         -5,   0,   0,   0,   0,   0,   0,  -5 },
    [QUEEN] = {
        -20, -10, -10,  -5,  -5, -10, -10, -20,
        -10,   0,   5,   5,   5,   5,   0, -10,
        -10,   5,  10,  10,  10,  10,   5, -10,
         -5,   5,  10,  15,  15,  10,   5,  -5,
         -5,   5,  10,  15,  15,  10,   5,  -5,
        -10,   5,  10,  10,  10,  10,   5, -10,
        -10,   0,   5,   5,   5,   5,   0, -10,
        -20, -10, -10,  -5,  -5, -10, -10, -20 },
    [KING] = {
        -50, -35, -25, -20, -20, -25, -35, -50,
        -30, -15,  -5,   0,   0,  -5, -15, -30,
        -25,  -5,  15,  20,  20,  15,  -5, -25,
        -20,   0,  20,  30,  30,  20,   0, -20,
        -20,   0,  20,  30,  30,  20,   0, -20,
        -25,  -5,  15,  20,  20,  15,  -5, -25,
        -30, -15,  -5,   0,   0,  -5, -15, -30,
        -50, -35, -25, -20, -20, -25, -35, -50 },
};

/* Mobility: per reachable square beyond a typical count, so that a piece
 * with average freedom scores about zero. */
static const Pair mobility_weight[KING + 1] = { [KNIGHT] = { 4, 4 }, [BISHOP] = { 5, 5 },
                                                [ROOK] = { 2, 4 }, [QUEEN] = { 1, 2 } };
static const int mobility_typical[KING + 1] = { [KNIGHT] = 4, [BISHOP] = 6, [ROOK] = 6, [QUEEN] = 12 };

/* Passed pawn by rank from its own side (0 = first rank). */
static const Pair passed_bonus[8] = { { 0, 0 }, { 0, 5 }, { 5, 10 }, { 10, 25 }, { 20, 45 }, { 35, 75 },
                                      { 60, 120 }, { 0, 0 } };
static const Pair bishop_pair = { 30, 50 };
static const Pair doubled_pawn = { -10, -20 };
static const Pair isolated_pawn = { -10, -15 };
static const Pair rook_open_file = { 20, 10 };
static const Pair rook_half_open_file = { 10, 5 };
static const int shield_pawn_mg = 8;
static const int tempo_mg = 10;

static inline void add(Pair *s, Pair t, int times)
{
    s->mg += t.mg * times;
    s->eg += t.eg * times;
}

static Bitboard piece_attacks(const SearchBoardOps *ops, PieceType t, Square sq, Bitboard occupied)
{
    switch (t) {
    case KNIGHT:
        return sb_knight_attacks(bb_of(sq));
    case BISHOP:
        return ops->bishop_attacks(sq, occupied);
    case ROOK:
        return ops->rook_attacks(sq, occupied);
    default:
        return ops->rook_attacks(sq, occupied) | ops->bishop_attacks(sq, occupied);
    }
}

/* Everything of one colour, from that colour's point of view. */
static Pair evaluate_side(const Position *p, const SearchBoardOps *ops, Color us, int *phase)
{
    const Color them = color_flip(us);
    const Bitboard occupied = sb_occupied(p);
    const Bitboard own_pawns = pieces_of(p, us, PAWN), their_pawns = pieces_of(p, them, PAWN);
    const Bitboard mobility_area = ~sb_color(p, us) & ~sb_pawn_attacks(their_pawns, them);
    const int flip = us == WHITE ? 56 : 0;
    Pair s = { 0, 0 };

    for (PieceType t = PAWN; t <= KING; t++) {
        for (Bitboard b = pieces_of(p, us, t); b; b &= b - 1) {
            Square sq = bb_first(b);
            s.mg += eval_piece_value[t] + pst_mg[t][sq ^ flip];
            s.eg += endgame_value[t] + pst_eg[t][sq ^ flip];
            *phase += phase_weight[t];
            if (t >= KNIGHT && t <= QUEEN) {
                int reach = bb_count(piece_attacks(ops, t, sq, occupied) & mobility_area);
                add(&s, mobility_weight[t], reach - mobility_typical[t]);
            }
        }
    }

    if (bb_several(pieces_of(p, us, BISHOP)))
        add(&s, bishop_pair, 1);

    /* Pawn structure. */
    for (Bitboard b = own_pawns; b; b &= b - 1) {
        Square sq = bb_first(b);
        Bitboard bit = bb_of(sq);
        Bitboard front = sb_front_span(bit, us);
        Bitboard adjacent_files = sb_file_fill(sb_east(bit) | sb_west(bit));
        if (!((front | sb_front_span(sb_east(bit) | sb_west(bit), us)) & their_pawns))
            add(&s, passed_bonus[square_rank(sb_relative(sq, us))], 1);
        if (front & own_pawns)
            add(&s, doubled_pawn, 1);
        if (!(adjacent_files & own_pawns))
            add(&s, isolated_pawn, 1);
    }

    for (Bitboard b = pieces_of(p, us, ROOK); b; b &= b - 1) {
        Bitboard file = sb_file_fill(bb_of(bb_first(b)));
        if (!(file & (own_pawns | their_pawns)))
            add(&s, rook_open_file, 1);
        else if (!(file & own_pawns))
            add(&s, rook_half_open_file, 1);
    }

    /* Own pawns on the three files around the king, one or two ranks ahead. */
    Bitboard king = pieces_of(p, us, KING);
    Bitboard one = us == WHITE ? king << 8 : king >> 8;
    Bitboard zone = one | (us == WHITE ? one << 8 : one >> 8);
    zone |= sb_east(zone) | sb_west(zone);
    s.mg += shield_pawn_mg * bb_count(zone & own_pawns);
    return s;
}

/* Non-pawn material by middlegame values. */
static int piece_material(const Position *p, Color c)
{
    int m = 0;
    for (PieceType t = KNIGHT; t <= QUEEN; t++)
        m += eval_piece_value[t] * bb_count(pieces_of(p, c, t));
    return m;
}

/* Pawnless endings where the stronger side is at most a minor piece ahead
 * (KR v KB, KNN v K, ...) are usually drawn: shrink the score so the search
 * prefers keeping pawns or winning more material. */
static int scale_drawish(const Position *p, int score)
{
    Color strong = score > 0 ? WHITE : BLACK;
    if (pieces_of(p, strong, PAWN))
        return score;
    Color weak = color_flip(strong);
    int strong_material = piece_material(p, strong);
    if (strong_material - piece_material(p, weak) < eval_piece_value[ROOK] ||
        (pieces_of(p, strong, KNIGHT) == (sb_color(p, strong) & ~sb_type(p, KING)) && !pieces_of(p, weak, PAWN)))
        return score / 8;
    return score;
}

int evaluate(const Position *p, const SearchBoardOps *ops)
{
    int phase = 0;
    Pair white = evaluate_side(p, ops, WHITE, &phase);
    Pair black = evaluate_side(p, ops, BLACK, &phase);
    if (phase > PHASE_MAX)
        phase = PHASE_MAX;
    int mg = white.mg - black.mg, eg = white.eg - black.eg;
    int score = (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
    score = scale_drawish(p, score);
    Color us = sb_side(p);
    return (us == WHITE ? score : -score) + tempo_mg * phase / PHASE_MAX;
}
