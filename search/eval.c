#include "search/eval.h"

#include <stdlib.h>
#include <string.h>

#include "core/inline.h"
#include "search/bitops.h"

/* Move ordering and pruning margins keep fixed values of their own, so that
 * retuning the evaluation does not reorder the search's moves by accident. */
const int eval_piece_value[KING + 1] = { 0, 85, 330, 345, 470, 1000, 0 };

/* Game phase: 24 with all pieces on the board, 0 with pawns and kings only. */
static const int phase_weight[KING + 1] = { 0, 0, 1, 1, 2, 4, 0 };
enum { PHASE_MAX = 24 };

static const int pst_term[KING + 1] = { 0, EVAL_PST_PAWN, EVAL_PST_KNIGHT, EVAL_PST_BISHOP,
                                        EVAL_PST_ROOK, EVAL_PST_QUEEN, EVAL_PST_KING };
static const int mobility_term[KING + 1] = { 0, 0, EVAL_MOBILITY_KNIGHT, EVAL_MOBILITY_BISHOP,
                                             EVAL_MOBILITY_ROOK, EVAL_MOBILITY_QUEEN, 0 };

/* The weights as mg + eg * 2^16 in one int, so that a term costs one
 * multiply-add rather than two. Sums split back exactly while their
 * middlegame and endgame parts stay within +-2^15 (a side's whole material
 * is a tenth of that). Made from eval_weights when the program loads. */
static int32_t packed_weights[EVAL_PARAM_COUNT];

static inline int32_t pack_score(int mg, int eg) { return (int32_t)((uint32_t)eg << 16) + mg; }
static inline int unpack_mg(int32_t packed) { return (int16_t)(uint16_t)(uint32_t)packed; }
static inline int unpack_eg(int32_t packed) { return (packed - unpack_mg(packed)) / 65536; }

__attribute__((constructor)) static void pack_weights(void)
{
    for (int i = 0; i < EVAL_PARAM_COUNT; i++)
        packed_weights[i] = pack_score(eval_weights[i].mg, eval_weights[i].eg);
}

/* The running sums of one side, and where its counts go when tracing. */
typedef struct Accumulator {
    int32_t score;    /* packed mg and eg */
    EvalTrace *trace; /* NULL when only the score is wanted */
    int sign;         /* +1 for White, -1 for Black in the trace */
} Accumulator;

/* The one place a weight enters the score. With trace NULL (evaluate) the
 * compiler drops the trace branch, so the engine pays nothing for tuning. */
static CHESSLAB_FORCE_INLINE void term(Accumulator *a, int index, int count)
{
    a->score += packed_weights[index] * count;
    if (a->trace)
        a->trace->coef[index] += (int16_t)(a->sign * count);
}

/* What each side attacks, gathered before the terms that need both sides. */
typedef struct SideAttacks {
    Bitboard pawns;           /* squares its pawns attack */
    Bitboard minors, rooks;   /* squares its knights and bishops, its rooks attack */
    Bitboard reach[KING + 1]; /* squares its knights .. queens attack, by type */
    Bitboard all;             /* every square it attacks, its king's too */
    Bitboard all_but_king;    /* every square its pawns and pieces attack */
    Bitboard king_ring;       /* its king's square and neighbours */
    int ring_units;           /* its hits on the enemy king's ring, weighted by attacker */
    int ring_attackers;       /* its pieces that hit the enemy king's ring */
} SideAttacks;

/* What one hit on the king's ring weighs in the danger count, by attacker;
 * a safe check weighs SAFE_CHECK_UNITS. The danger bucket is the sum over
 * DANGER_UNITS_PER_BUCKET: one weight per bucket lets the tuner learn the
 * steep, non-linear rise of an attack's worth with its size. */
static const int ring_hit_units[KING + 1] = { 0, 0, 2, 2, 3, 5, 0 };
enum { SAFE_CHECK_UNITS = 4, DANGER_UNITS_PER_BUCKET = 4, DANGER_BUCKETS = 15 };

/* The light squares (b1, d1, ..., a2, c2, ...). */
static const Bitboard light_squares = 0x55AA55AA55AA55AAull;

static CHESSLAB_FORCE_INLINE Bitboard piece_attacks(const SearchBoardOps *ops, PieceType t, Square sq,
                                                    Bitboard occupied)
{
    switch (t) {
    case KNIGHT:
        return sb_knight_attacks_from(sq);
    case BISHOP:
        return ops->bishop_attacks(sq, occupied);
    case ROOK:
        return ops->rook_attacks(sq, occupied);
    default:
        return ops->rook_attacks(sq, occupied) | ops->bishop_attacks(sq, occupied);
    }
}

/* The square from the piece's own side, mirrored across the middle file
 * when its king stands on files a to d: king_flip is 7 then, else 0. */
static inline int pst_index(Square sq, Color us, int king_flip) { return sb_relative(sq, us) ^ king_flip; }

static inline int distance(Square a, Square b)
{
    int df = square_file(a) - square_file(b), dr = square_rank(a) - square_rank(b);
    df = df < 0 ? -df : df;
    dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}

static inline Bitboard forward(Bitboard b, Color c) { return c == WHITE ? b << 8 : b >> 8; }

/* Material, squares, mobility, king attacks of one piece type: t is a
 * constant (pieces_terms calls this once per type), so every test on it
 * folds away. */
static CHESSLAB_FORCE_INLINE void piece_type_terms(Accumulator *a, const Position *p, const SearchBoardOps *ops,
                                                   Color us, SideAttacks *mine, const SideAttacks *theirs,
                                                   int *phase, int *ring_attackers, int king_flip, const PieceType t)
{
    const Bitboard pieces = pieces_of(p, us, t);
    if (t != KING)
        term(a, EVAL_MATERIAL + t - PAWN, bb_count(pieces));
    *phase += phase_weight[t] * bb_count(pieces);
    const Bitboard occupied = sb_occupied(p);
    const Bitboard mobility_area = ~sb_color(p, us) & ~theirs->pawns;
    const Bitboard own_pawns = pieces_of(p, us, PAWN), their_pawns = pieces_of(p, color_flip(us), PAWN);
    for (Bitboard b = pieces; b; b &= b - 1) {
        Square sq = bb_first(b);
        term(a, pst_term[t] + pst_index(sq, us, king_flip), 1);
        if (t < KNIGHT || t > QUEEN)
            continue;
        Bitboard reach = piece_attacks(ops, t, sq, occupied);
        term(a, mobility_term[t] + bb_count(reach & mobility_area), 1);
        mine->reach[t] |= reach;
        if (t <= BISHOP)
            mine->minors |= reach;
        else if (t == ROOK)
            mine->rooks |= reach;
        Bitboard ring_hits = reach & theirs->king_ring;
        if (ring_hits) {
            ++*ring_attackers;
            term(a, EVAL_KING_ZONE_ATTACK + t - KNIGHT, bb_count(ring_hits));
            mine->ring_units += ring_hit_units[t] * bb_count(ring_hits);
        }
        const int rank = square_rank(sb_relative(sq, us));
        if (t <= BISHOP) {
            /* An outpost: guarded by a pawn, and no enemy pawn on the
             * files beside it can ever come up to chase it away. */
            Bitboard bit = bb_of(sq);
            if (rank >= 3 && rank <= 5 && (bit & mine->pawns) &&
                !(sb_front_span(sb_east(bit) | sb_west(bit), us) & their_pawns))
                term(a, EVAL_OUTPOST + t - KNIGHT, 1);
            if (forward(bit, us) & own_pawns)
                term(a, EVAL_MINOR_BEHIND_PAWN, 1);
            if (t == BISHOP)
                term(a, EVAL_BISHOP_PAWNS,
                     bb_count(own_pawns & ((bit & light_squares) ? light_squares : ~light_squares)));
        } else if (t == ROOK && rank == 6) {
            const Bitboard their_eighth = us == WHITE ? 0xFFull << 56 : 0xFFull;
            const Bitboard their_seventh = us == WHITE ? 0xFFull << 48 : 0xFFull << 8;
            if ((pieces_of(p, color_flip(us), KING) & their_eighth) || (their_pawns & their_seventh))
                term(a, EVAL_ROOK_SEVENTH, 1);
        }
    }
}

/* Material, squares, mobility, king attacks: one pass over the pieces. */
static CHESSLAB_FORCE_INLINE void pieces_terms(Accumulator *a, const Position *p,
                                                               const SearchBoardOps *ops, Color us,
                                                               SideAttacks *mine, const SideAttacks *theirs,
                                                               int *phase)
{
    int ring_attackers = 0;
    const int king_flip = square_file(bb_first(pieces_of(p, us, KING))) < 4 ? 7 : 0;
    piece_type_terms(a, p, ops, us, mine, theirs, phase, &ring_attackers, king_flip, PAWN);
    piece_type_terms(a, p, ops, us, mine, theirs, phase, &ring_attackers, king_flip, KNIGHT);
    piece_type_terms(a, p, ops, us, mine, theirs, phase, &ring_attackers, king_flip, BISHOP);
    piece_type_terms(a, p, ops, us, mine, theirs, phase, &ring_attackers, king_flip, ROOK);
    piece_type_terms(a, p, ops, us, mine, theirs, phase, &ring_attackers, king_flip, QUEEN);
    piece_type_terms(a, p, ops, us, mine, theirs, phase, &ring_attackers, king_flip, KING);
    mine->all_but_king = mine->pawns | mine->reach[KNIGHT] | mine->reach[BISHOP] | mine->reach[ROOK] | mine->reach[QUEEN];
    mine->all |= mine->all_but_king;
    mine->ring_attackers = ring_attackers;
    term(a, EVAL_KING_ATTACKERS + (ring_attackers < 7 ? ring_attackers : 7), 1);
    if (bb_several(pieces_of(p, us, BISHOP)))
        term(a, EVAL_BISHOP_PAIR, 1);
}

/* The terms that depend on the pawns alone; returns the passed pawns. */
static CHESSLAB_FORCE_INLINE Bitboard pawn_structure_terms(Accumulator *a, const Position *p,
                                                                           Color us, Bitboard their_pawn_attacks)
{
    const Bitboard own_pawns = pieces_of(p, us, PAWN), their_pawns = pieces_of(p, color_flip(us), PAWN);
    const Bitboard defended = sb_pawn_attacks(own_pawns, us);
    Bitboard passed = 0;
    for (Bitboard b = own_pawns; b; b &= b - 1) {
        Square sq = bb_first(b);
        Bitboard bit = bb_of(sq), sides = sb_east(bit) | sb_west(bit);
        Bitboard front = sb_front_span(bit, us), stop = forward(bit, us);
        Bitboard adjacent_files = sb_file_fill(sides);
        int rank = square_rank(sb_relative(sq, us));
        if (!((front | sb_front_span(sides, us)) & their_pawns)) {
            term(a, EVAL_PASSED + rank, 1);
            passed |= bit;
        }
        if ((defended & bit) || (sides & own_pawns))
            term(a, EVAL_CONNECTED + rank, 1);
        if (front & own_pawns)
            term(a, EVAL_DOUBLED, 1);
        if (!(adjacent_files & own_pawns))
            term(a, EVAL_ISOLATED, 1);
        else if (!((sides | sb_front_span(sides, color_flip(us))) & own_pawns) && (stop & their_pawn_attacks))
            term(a, EVAL_BACKWARD, 1);
    }
    return passed;
}

/* What a passed pawn is worth beyond its rank: a free stop square, and the
 * kings' distances to that square. */
static CHESSLAB_FORCE_INLINE void passed_pawn_terms(Accumulator *a, const Position *p, Color us,
                                                                    Bitboard passed)
{
    const Bitboard occupied = sb_occupied(p);
    const Square own_king = bb_first(pieces_of(p, us, KING));
    const Square their_king = bb_first(pieces_of(p, color_flip(us), KING));
    for (Bitboard b = passed; b; b &= b - 1) {
        Square sq = bb_first(b);
        Bitboard stop = forward(bb_of(sq), us);
        int rank = square_rank(sb_relative(sq, us));
        if (!(stop & occupied))
            term(a, EVAL_PASSED_FREE + rank, 1);
        Square stop_sq = bb_first(stop);
        term(a, EVAL_ROOK_BEHIND_PASSER, bb_count(sb_front_span(bb_of(sq), color_flip(us)) & pieces_of(p, us, ROOK)));
        term(a, EVAL_PASSED_OWN_KING + rank, distance(own_king, stop_sq));
        term(a, EVAL_PASSED_THEIR_KING + rank, distance(their_king, stop_sq));
    }
}

/* The pawn-structure terms of both sides, from the cache when it holds
 * this pawn formation (exact: an entry keeps the pawns it was made from),
 * else computed and stored. Traced evaluations never use the cache, so the
 * tuner sees every count. */
static CHESSLAB_FORCE_INLINE void pawn_terms(Accumulator *white_acc, Accumulator *black_acc, const Position *p,
                                                             const SideAttacks attacks[2], EvalCache *cache,
                                                             Bitboard passed[2])
{
    const Bitboard white = pieces_of(p, WHITE, PAWN), black = pieces_of(p, BLACK, PAWN);
    PawnCacheEntry *e = NULL;
    if (cache != NULL) {
        uint64_t h = white * 0x9e3779b97f4a7c15ull ^ black * 0xc2b2ae3d27d4eb4full;
        e = &cache->pawns[h >> (64 - EVAL_PAWN_CACHE_BITS)];
        if (e->pawns[WHITE] == white && e->pawns[BLACK] == black) {
            white_acc->score += e->score;
            passed[WHITE] = e->passed[WHITE];
            passed[BLACK] = e->passed[BLACK];
            return;
        }
    }
    if (e == NULL) {
        passed[WHITE] = pawn_structure_terms(white_acc, p, WHITE, attacks[BLACK].pawns);
        passed[BLACK] = pawn_structure_terms(black_acc, p, BLACK, attacks[WHITE].pawns);
        return;
    }
    Accumulator own[2] = { { 0, NULL, 1 }, { 0, NULL, -1 } };
    for (Color c = WHITE; c <= BLACK; c++)
        passed[c] = pawn_structure_terms(&own[c], p, c, attacks[color_flip(c)].pawns);
    *e = (PawnCacheEntry){ .pawns = { white, black }, .passed = { passed[WHITE], passed[BLACK] },
                           .score = own[WHITE].score - own[BLACK].score };
    white_acc->score += e->score;
}

/* King safety beyond the ring: squares from which a piece could check
 * the enemy king and that no enemy piece guards, and the danger bucket of
 * the whole attack. */
static CHESSLAB_FORCE_INLINE void king_attack_terms(Accumulator *a, const Position *p,
                                                                    const SearchBoardOps *ops, Color us,
                                                                    const SideAttacks *mine,
                                                                    const SideAttacks *theirs)
{
    const Bitboard occupied = sb_occupied(p);
    const Bitboard king = pieces_of(p, color_flip(us), KING);
    const Square king_sq = bb_first(king);
    const Bitboard safe = ~sb_color(p, us) & ~theirs->all;
    const Bitboard diagonal = ops->bishop_attacks(king_sq, occupied), straight = ops->rook_attacks(king_sq, occupied);
    const Bitboard checks[KING + 1] = { [KNIGHT] = sb_knight_attacks(king), [BISHOP] = diagonal,
                                        [ROOK] = straight, [QUEEN] = diagonal | straight };
    int safe_checks = 0;
    for (PieceType t = KNIGHT; t <= QUEEN; t++) {
        int n = bb_count(mine->reach[t] & checks[t] & safe);
        term(a, EVAL_SAFE_CHECK + t - KNIGHT, n);
        safe_checks += n;
    }
    /* Their pieces that we attack and nothing of theirs guards. */
    const Bitboard their_pieces = sb_color(p, color_flip(us)) & ~pieces_of(p, color_flip(us), PAWN) & ~king;
    term(a, EVAL_HANGING, bb_count(their_pieces & mine->all & ~theirs->all));
    term(a, EVAL_WEAK_RING, bb_count(theirs->king_ring & ~king & mine->all & ~theirs->all_but_king));
    if (mine->ring_attackers >= 2) {
        int bucket = (mine->ring_units + SAFE_CHECK_UNITS * safe_checks) / DANGER_UNITS_PER_BUCKET;
        if (bucket > DANGER_BUCKETS)
            bucket = DANGER_BUCKETS;
        if (bucket > 0)
            term(a, EVAL_KING_DANGER + bucket - 1, 1);
    }
}

static CHESSLAB_FORCE_INLINE void placement_terms(Accumulator *a, const Position *p, Color us,
                                                                  const SideAttacks *mine)
{
    const Color them = color_flip(us);
    const Bitboard own_pawns = pieces_of(p, us, PAWN), their_pawns = pieces_of(p, them, PAWN);
    for (Bitboard b = pieces_of(p, us, ROOK); b; b &= b - 1) {
        Bitboard file = sb_file_fill(bb_of(bb_first(b)));
        if (!(file & (own_pawns | their_pawns)))
            term(a, EVAL_ROOK_OPEN, 1);
        else if (!(file & own_pawns))
            term(a, EVAL_ROOK_HALF_OPEN, 1);
    }

    /* Own pawns on the three files around the king, one or two ranks ahead. */
    Bitboard king = pieces_of(p, us, KING);
    Bitboard one = forward(king, us);
    one |= sb_east(one) | sb_west(one);
    term(a, EVAL_KING_SHIELD, bb_count(one & own_pawns));
    term(a, EVAL_KING_SHIELD + 1, bb_count(forward(one, us) & own_pawns));

    /* The king's file and its neighbours: open or half-open files toward
     * the king, and enemy pawns marching up them (ranks seen from our
     * side, so a pawn on our third rank is close). */
    Bitboard files = sb_file_fill(king | sb_east(king) | sb_west(king));
    for (Bitboard f = files & 0xFFull; f; f &= f - 1) {
        Bitboard file = sb_file_fill(bb_of(bb_first(f)));
        if (!(file & own_pawns))
            term(a, EVAL_KING_FILES + !(file & their_pawns), 1);
    }
    for (Bitboard b = files & their_pawns; b; b &= b - 1) {
        int rank = square_rank(sb_relative(bb_first(b), us));
        if (rank >= 2 && rank <= 5)
            term(a, EVAL_PAWN_STORM + rank - 2, 1);
    }

    for (PieceType t = PAWN; t <= QUEEN; t++) {
        Bitboard victims = pieces_of(p, them, t);
        term(a, EVAL_THREAT_BY_PAWN + t - PAWN, bb_count(victims & mine->pawns));
        term(a, EVAL_THREAT_BY_MINOR + t - PAWN, bb_count(victims & mine->minors));
        term(a, EVAL_THREAT_BY_ROOK + t - PAWN, bb_count(victims & mine->rooks));
    }
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

/* The endgame half's scale in 64ths, by the side ahead in the endgame
 * terms. Opposite-coloured bishops alone are often drawn a pawn or two up
 * (neither bishop can contest the other's squares), so each extra pawn
 * gives back only an eighth; a single pawn against level pieces (KRP v
 * KR, KBP v KN) is often held too. */
static int endgame_scale(const Position *p, int eg)
{
    enum { FULL = 64 };
    const Color strong = eg > 0 ? WHITE : BLACK, weak = color_flip(strong);
    const Bitboard strong_pawns = pieces_of(p, strong, PAWN);
    const Bitboard white_bishops = pieces_of(p, WHITE, BISHOP), black_bishops = pieces_of(p, BLACK, BISHOP);
    if (!(sb_type(p, KNIGHT) | sb_type(p, ROOK) | sb_type(p, QUEEN)) && white_bishops && !bb_several(white_bishops) &&
        black_bishops && !bb_several(black_bishops) &&
        !(white_bishops & light_squares) != !(black_bishops & light_squares)) {
        int extra = bb_count(strong_pawns) - bb_count(pieces_of(p, weak, PAWN));
        int scale = 24 + 8 * (extra > 0 ? extra : 0);
        return scale < FULL ? scale : FULL;
    }
    if (strong_pawns && !bb_several(strong_pawns) && eval_has_pieces(p, weak) &&
        piece_material(p, strong) - piece_material(p, weak) <= eval_piece_value[PAWN])
        return FULL / 2;
    return FULL;
}

static CHESSLAB_FORCE_INLINE int evaluate_traced(const Position *p, const SearchBoardOps *ops,
                                                                 EvalTrace *trace, EvalCache *cache)
{
    SideAttacks attacks[2] = { { 0 }, { 0 } };
    for (Color c = WHITE; c <= BLACK; c++) {
        attacks[c].pawns = sb_pawn_attacks(pieces_of(p, c, PAWN), c);
        Bitboard king = pieces_of(p, c, KING);
        attacks[c].king_ring = king | sb_king_attacks(king);
        attacks[c].all = sb_king_attacks(king);
    }
    /* Two named accumulators, never an array indexed by a variable: the
     * compiler then keeps them in registers and sees that trace is NULL
     * in evaluate() and evaluate_cached(), dropping every trace branch. */
    Accumulator white = { 0, trace, 1 }, black = { 0, trace, -1 };
    int phase = 0;
    pieces_terms(&white, p, ops, WHITE, &attacks[WHITE], &attacks[BLACK], &phase);
    pieces_terms(&black, p, ops, BLACK, &attacks[BLACK], &attacks[WHITE], &phase);
    Bitboard passed[2];
    pawn_terms(&white, &black, p, attacks, cache, passed);
    passed_pawn_terms(&white, p, WHITE, passed[WHITE]);
    passed_pawn_terms(&black, p, BLACK, passed[BLACK]);
    placement_terms(&white, p, WHITE, &attacks[WHITE]);
    placement_terms(&black, p, BLACK, &attacks[BLACK]);
    king_attack_terms(&white, p, ops, WHITE, &attacks[WHITE], &attacks[BLACK]);
    king_attack_terms(&black, p, ops, BLACK, &attacks[BLACK], &attacks[WHITE]);
    term(sb_side(p) == WHITE ? &white : &black, EVAL_TEMPO, 1);

    if (phase > PHASE_MAX)
        phase = PHASE_MAX;
    const int32_t sum = white.score - black.score;
    const int mg = unpack_mg(sum), eg = unpack_eg(sum);
    const int scale = endgame_scale(p, eg);
    /* One rounding: (mg * phase + eg * scale / 64 * (24 - phase)) / 24. */
    int blended = (mg * phase * 64 + eg * scale * (PHASE_MAX - phase)) / (PHASE_MAX * 64);
    int divisor = drawish_divisor(p, blended);
    int score = blended / divisor;
    if (trace) {
        trace->phase = phase;
        trace->scale = scale;
        trace->divisor = divisor;
        trace->mg = mg;
        trace->eg = eg;
        trace->white_score = score;
    }
    return sb_side(p) == WHITE ? score : -score;
}

int evaluate(const Position *p, const SearchBoardOps *ops) { return evaluate_traced(p, ops, NULL, NULL); }

int eval_phase(const Position *p)
{
    int phase = 0;
    for (PieceType t = KNIGHT; t <= QUEEN; t++)
        phase += phase_weight[t] * (bb_count(pieces_of(p, WHITE, t)) + bb_count(pieces_of(p, BLACK, t)));
    return phase < PHASE_MAX ? phase : PHASE_MAX;
}

int evaluate_cached(const Position *p, const SearchBoardOps *ops, EvalCache *cache)
{
    return evaluate_traced(p, ops, NULL, cache);
}

EvalCache *eval_cache_new(void)
{
    /* All zeros is a valid entry: the formation without pawns, whose terms
     * are all zero. */
    EvalCache *cache = aligned_alloc(64, sizeof *cache);
    if (cache != NULL)
        memset(cache, 0, sizeof *cache);
    return cache;
}

void eval_cache_free(EvalCache *cache) { free(cache); }

int eval_trace(const Position *p, const SearchBoardOps *ops, EvalTrace *trace)
{
    *trace = (EvalTrace){ .phase = 0 };
    return evaluate_traced(p, ops, trace, NULL);
}

const EvalTermInfo eval_terms[] = {
#define EVAL_TERM_INFO(name, count, what) { #name, what, EVAL_##name, count },
    EVAL_TERMS(EVAL_TERM_INFO)
#undef EVAL_TERM_INFO
};
const int eval_term_count = (int)(sizeof eval_terms / sizeof eval_terms[0]);
