#include "search/eval.h"

#include "search/bitops.h"

/* Move ordering and pruning margins keep fixed values of their own, so that
 * retuning the evaluation does not reorder the search's moves by accident. */
const int eval_piece_value[KING + 1] = { 0, 85, 330, 345, 470, 1000, 0 };

/* Game phase: 24 with all pieces on the board, 0 with pawns and kings only. */
static const int phase_weight[KING + 1] = { 0, 0, 1, 1, 2, 4, 0 };
enum { PHASE_MAX = 24 };

static const int pst_term[KING + 1] = { 0, EVAL_PST_PAWN, EVAL_PST_KNIGHT, EVAL_PST_BISHOP,
                                        EVAL_PST_ROOK, EVAL_PST_QUEEN, EVAL_PST_KING };
/* Mobility counts squares beyond these, so an average piece scores zero. */
static const int mobility_typical[KING + 1] = { [KNIGHT] = 4, [BISHOP] = 6, [ROOK] = 6, [QUEEN] = 12 };

/* The running sums of one side, and where its counts go when tracing. */
typedef struct Accumulator {
    int mg, eg;
    EvalTrace *trace; /* NULL when only the score is wanted */
    int sign;         /* +1 for White, -1 for Black in the trace */
} Accumulator;

/* The one place a weight enters the score. With trace NULL (evaluate) the
 * compiler drops the trace branch, so the engine pays nothing for tuning. */
static inline __attribute__((always_inline)) void term(Accumulator *a, int index, int count)
{
    a->mg += eval_weights[index].mg * count;
    a->eg += eval_weights[index].eg * count;
    if (a->trace)
        a->trace->coef[index] += (int16_t)(a->sign * count);
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
static inline __attribute__((always_inline)) void evaluate_side(Accumulator *a, const Position *p,
                                                                const SearchBoardOps *ops, Color us, int *phase)
{
    const Color them = color_flip(us);
    const Bitboard occupied = sb_occupied(p);
    const Bitboard own_pawns = pieces_of(p, us, PAWN), their_pawns = pieces_of(p, them, PAWN);
    const Bitboard mobility_area = ~sb_color(p, us) & ~sb_pawn_attacks(their_pawns, them);
    const int flip = us == WHITE ? 56 : 0;

    for (PieceType t = PAWN; t <= KING; t++) {
        for (Bitboard b = pieces_of(p, us, t); b; b &= b - 1) {
            Square sq = bb_first(b);
            term(a, EVAL_MATERIAL + t - PAWN, 1);
            term(a, pst_term[t] + (sq ^ flip), 1);
            *phase += phase_weight[t];
            if (t >= KNIGHT && t <= QUEEN) {
                int reach = bb_count(piece_attacks(ops, t, sq, occupied) & mobility_area);
                term(a, EVAL_MOBILITY + t - KNIGHT, reach - mobility_typical[t]);
            }
        }
    }

    if (bb_several(pieces_of(p, us, BISHOP)))
        term(a, EVAL_BISHOP_PAIR, 1);

    /* Pawn structure. */
    for (Bitboard b = own_pawns; b; b &= b - 1) {
        Square sq = bb_first(b);
        Bitboard bit = bb_of(sq);
        Bitboard front = sb_front_span(bit, us);
        Bitboard adjacent_files = sb_file_fill(sb_east(bit) | sb_west(bit));
        if (!((front | sb_front_span(sb_east(bit) | sb_west(bit), us)) & their_pawns))
            term(a, EVAL_PASSED + square_rank(sb_relative(sq, us)), 1);
        if (front & own_pawns)
            term(a, EVAL_DOUBLED, 1);
        if (!(adjacent_files & own_pawns))
            term(a, EVAL_ISOLATED, 1);
    }

    for (Bitboard b = pieces_of(p, us, ROOK); b; b &= b - 1) {
        Bitboard file = sb_file_fill(bb_of(bb_first(b)));
        if (!(file & (own_pawns | their_pawns)))
            term(a, EVAL_ROOK_OPEN, 1);
        else if (!(file & own_pawns))
            term(a, EVAL_ROOK_HALF_OPEN, 1);
    }

    /* Own pawns on the three files around the king, one or two ranks ahead. */
    Bitboard king = pieces_of(p, us, KING);
    Bitboard one = us == WHITE ? king << 8 : king >> 8;
    Bitboard zone = one | (us == WHITE ? one << 8 : one >> 8);
    zone |= sb_east(zone) | sb_west(zone);
    term(a, EVAL_KING_SHIELD, bb_count(zone & own_pawns));
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
 * (KR v KB, KNN v K, ...) are usually drawn: the score is divided by 8 so
 * the search prefers keeping pawns or winning more material. Returns the
 * divisor. */
static int drawish_divisor(const Position *p, int score)
{
    Color strong = score > 0 ? WHITE : BLACK;
    if (pieces_of(p, strong, PAWN))
        return 1;
    Color weak = color_flip(strong);
    int strong_material = piece_material(p, strong);
    if (strong_material - piece_material(p, weak) < eval_piece_value[ROOK] ||
        (pieces_of(p, strong, KNIGHT) == (sb_color(p, strong) & ~sb_type(p, KING)) && !pieces_of(p, weak, PAWN)))
        return 8;
    return 1;
}

static inline int blend(int mg, int eg, int phase) { return (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX; }

static inline __attribute__((always_inline)) int evaluate_traced(const Position *p, const SearchBoardOps *ops,
                                                                 EvalTrace *trace)
{
    Accumulator side[2] = { { 0, 0, trace, 1 }, { 0, 0, trace, -1 } };
    int phase = 0;
    for (Color c = WHITE; c <= BLACK; c++)
        evaluate_side(&side[c], p, ops, c, &phase);
    if (phase > PHASE_MAX)
        phase = PHASE_MAX;
    int mg = side[WHITE].mg - side[BLACK].mg, eg = side[WHITE].eg - side[BLACK].eg;
    int blended = blend(mg, eg, phase);
    int divisor = drawish_divisor(p, blended);
    int score = blended / divisor;
    /* The side to move's bonus, outside the damping: it is the move, not
     * material, that it stands for. */
    int tempo = blend(eval_weights[EVAL_TEMPO].mg, eval_weights[EVAL_TEMPO].eg, phase);
    const Color us = sb_side(p);
    if (trace) {
        trace->coef[EVAL_TEMPO] = us == WHITE ? 1 : -1;
        trace->phase = phase;
        trace->divisor = divisor;
        trace->mg = mg;
        trace->eg = eg;
        trace->white_score = score + (us == WHITE ? tempo : -tempo);
    }
    return (us == WHITE ? score : -score) + tempo;
}

int evaluate(const Position *p, const SearchBoardOps *ops) { return evaluate_traced(p, ops, NULL); }

int eval_trace(const Position *p, const SearchBoardOps *ops, EvalTrace *trace)
{
    *trace = (EvalTrace){ .phase = 0 };
    return evaluate_traced(p, ops, trace);
}

const EvalTermInfo eval_terms[] = {
#define EVAL_TERM_INFO(name, count, what) { #name, what, EVAL_##name, count },
    EVAL_TERMS(EVAL_TERM_INFO)
#undef EVAL_TERM_INFO
};
const int eval_term_count = (int)(sizeof eval_terms / sizeof eval_terms[0]);
