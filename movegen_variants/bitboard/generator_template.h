/* The one legal move generator of the bitboard family, written once and
 * instantiated per slider-attack strategy. Include it after a strategy
 * header and `#define STRATEGY <prefix>`; the header must define
 *     static inline Bitboard <prefix>_rook_attacks(Square sq, Bitboard occupied);
 *     static inline Bitboard <prefix>_bishop_attacks(Square sq, Bitboard occupied);
 *     <prefix>_attacks_init(void)  run by load, idempotent (may do nothing)
 * and, where a queen is cheaper than rook + bishop, STRATEGY_HAS_QUEEN_ATTACKS
 * with <prefix>_queen_attacks. A strategy that can fill the eight
 * directions of many sliders at once defines STRATEGY_HAS_DIRECTION_LANES
 * and the DirLanes functions (see attacks_simd.h); the generator then
 * analyses each node set-wise and counts the last ply's knight and slider
 * moves by lanes (section "set-wise analysis").
 * Define either
 *     GEN_SYMBOL, GEN_NAME, GEN_SUMMARY, GEN_UNAVAILABLE, GEN_NOTE
 *         -> const MoveGen movegen_<GEN_SYMBOL>
 * or
 *     GEN_EXPORT_PREFIX  -> extern functions <prefix>load, <prefix>perft, ...
 *         (see generator_exports.h), for strategies compiled with extra
 *         instruction sets whose MoveGen lives in a file compiled without.
 * Switch: BITBOARD_PLANT_EP_RANK_BUG 1 forgets that an en passant capture
 * removes two pawns from one rank (a planted bug for the test suite).
 *
 * Legality without trial moves: before generating, compute the node's
 * facts (NodeFacts):
 *   check_mask  squares a non-king move must reach (all, or the checker and
 *               the squares between it and the king; nothing in double check);
 *   pinned      our pieces with an enemy slider behind them on a line through
 *               our king, split by the line they stand on (file, rank,
 *               diagonal, anti-diagonal): a pinned piece may only move along
 *               that line;
 *   king_safe   squares next to our king that no enemy piece attacks once
 *               the king has left its square.
 * En passant gets an explicit test because it removes two pieces at once.
 *
 * One generator, five uses, chosen by a compile-time "sink": SINK_LIST
 * writes Move values (the interface), SINK_TACTICAL writes only the
 * captures and promotions (the search's quiescence, exported where
 * GEN_EXPORT_PREFIX is set), SINK_COUNT only adds popcounts (the
 * last ply of bulk perft), SINK_BULK and SINK_FULL make each move into a
 * child position and recurse right where the move is found (perft), so
 * there is no move list inside perft and make knows the moving piece's
 * type and the move kind as constants. */

#ifndef BITBOARD_PLANT_EP_RANK_BUG
#define BITBOARD_PLANT_EP_RANK_BUG 0
#endif

#include <string.h>

#define GEN_CAT_(a, b) a##b
#define GEN_CAT(a, b) GEN_CAT_(a, b)

static BB_ALWAYS_INLINE Bitboard rook_attacks(Square sq, Bitboard occupied)
{
    return GEN_CAT(STRATEGY, _rook_attacks)(sq, occupied);
}
static BB_ALWAYS_INLINE Bitboard bishop_attacks(Square sq, Bitboard occupied)
{
    return GEN_CAT(STRATEGY, _bishop_attacks)(sq, occupied);
}
static BB_ALWAYS_INLINE Bitboard queen_attacks(Square sq, Bitboard occupied)
{
#ifdef STRATEGY_HAS_QUEEN_ATTACKS
    return GEN_CAT(STRATEGY, _queen_attacks)(sq, occupied);
#else
    return rook_attacks(sq, occupied) | bishop_attacks(sq, occupied);
#endif
}

/* The attacks of the slider standing on sq. */
static BB_ALWAYS_INLINE Bitboard slider_attacks_on(const Position *p, Square sq, Bitboard occupied)
{
    const Bitboard bit = bb_of(sq);
    return (p->bb[QUEEN] & bit)  ? queen_attacks(sq, occupied)
           : (p->bb[ROOK] & bit) ? rook_attacks(sq, occupied)
                                 : bishop_attacks(sq, occupied);
}

/* ---- pawn geometry, with the side as a compile-time constant ---- */

static BB_ALWAYS_INLINE Bitboard shift_up(Bitboard b, const Color us)
{
    return us == WHITE ? b << 8 : b >> 8;
}
/* Captures toward the a-file and toward the h-file. */
static BB_ALWAYS_INLINE Bitboard shift_up_west(Bitboard b, const Color us)
{
    return (us == WHITE ? b << 7 : b >> 9) & ~BB_FILE_H_MASK;
}
static BB_ALWAYS_INLINE Bitboard shift_up_east(Bitboard b, const Color us)
{
    return (us == WHITE ? b << 9 : b >> 7) & ~BB_FILE_A_MASK;
}
enum { UP_WHITE = 8, UP_WEST_WHITE = 7, UP_EAST_WHITE = 9 };

/* Squares attacked by the pawns of side `by`. */
static BB_ALWAYS_INLINE Bitboard pawn_attack_set(Bitboard pawns, const Color by)
{
    return shift_up_west(pawns, by) | shift_up_east(pawns, by);
}

/* ---- attacks against a side ---- */

static BB_ALWAYS_INLINE Bitboard attackers_of(const Position *p, Square sq, Bitboard occupied, const Color by)
{
    Bitboard diagonal = p->bb[BISHOP] | p->bb[QUEEN];
    Bitboard straight = p->bb[ROOK] | p->bb[QUEEN];
    return ((bb_tables.pawn_attacks[by ^ 1][sq] & p->bb[PAWN]) | (bb_tables.knight[sq] & p->bb[KNIGHT]) |
            (bb_tables.king[sq] & p->bb[KING]) | (bishop_attacks(sq, occupied) & diagonal) |
            (rook_attacks(sq, occupied) & straight)) &
           pieces_of_color(p, by);
}

/* The pieces of one side as the sets that attack alike. */
typedef struct AttackerSets {
    Bitboard pawns, knights, king, diagonal, straight;
} AttackerSets;

static BB_ALWAYS_INLINE AttackerSets attacker_sets(const Position *p, const Color by)
{
    const Bitboard side = pieces_of_color(p, by);
    return (AttackerSets){ .pawns = p->bb[PAWN] & side,
                           .knights = p->bb[KNIGHT] & side,
                           .king = p->bb[KING] & side,
                           .diagonal = (p->bb[BISHOP] | p->bb[QUEEN]) & side,
                           .straight = (p->bb[ROOK] | p->bb[QUEEN]) & side };
}

/* Cheapest tests first: most squares fail or pass on leapers. */
static BB_ALWAYS_INLINE bool square_attacked_by(const AttackerSets *a, Square sq, Bitboard occupied, const Color by)
{
    if ((bb_tables.pawn_attacks[by ^ 1][sq] & a->pawns) || (bb_tables.knight[sq] & a->knights) ||
        (bb_tables.king[sq] & a->king))
        return true;
    return ((bb_tables.bishop_rays[sq] & a->diagonal) && (bishop_attacks(sq, occupied) & a->diagonal)) ||
           ((bb_tables.rook_rays[sq] & a->straight) && (rook_attacks(sq, occupied) & a->straight));
}

static BB_ALWAYS_INLINE bool square_attacked(const Position *p, Square sq, Bitboard occupied, const Color by)
{
    const AttackerSets a = attacker_sets(p, by);
    return square_attacked_by(&a, sq, occupied, by);
}

/* ---- castling geometry ---- */

/* Rights of side us (bit 0 king side, bit 1 queen side); a right implies
 * king and rook on their squares. */
static BB_ALWAYS_INLINE unsigned castling_rights_of(const Position *p, const Color us)
{
    return ((unsigned)p->castling >> (2 * us)) & 3;
}
static BB_ALWAYS_INLINE Bitboard castle_path(const Color us, const bool king_side) /* must be empty */
{
    return (king_side ? 0x60ull : 0x0eull) << (us == WHITE ? 0 : 56);
}
static BB_ALWAYS_INLINE Bitboard castle_walk(const Color us, const bool king_side) /* must not be attacked */
{
    return (king_side ? 0x60ull : 0x0cull) << (us == WHITE ? 0 : 56); /* b1/b8 may be attacked */
}
static BB_ALWAYS_INLINE bool castling_paths_clear(const Position *p, const Color us, Bitboard occupied)
{
    const unsigned rights = castling_rights_of(p, us);
    return ((rights & 1) && !(occupied & castle_path(us, true))) || ((rights & 2) && !(occupied & castle_path(us, false)));
}

/* ---- what the generator knows about a node before generating ---- */

typedef struct NodeFacts {
    Square king;
    Bitboard checkers;
    Bitboard check_mask;            /* ~0: no check; checker + between: single check; 0: double check */
    Bitboard pinned;                /* our pinned pieces, and the same split by the line */
    Bitboard pinned_file, pinned_rank, pinned_diagonal, pinned_anti; /* through the king they stand on */
    Bitboard king_safe;             /* squares the king may step to (castling aside) */
#ifdef STRATEGY_HAS_DIRECTION_LANES
    Bitboard attacked; /* every square the enemy attacks, our king lifted off the board */
#endif
} NodeFacts;

/* Separate fields, not an array indexed by Line, so that the compiler can
 * keep NodeFacts in registers. */
static BB_ALWAYS_INLINE Bitboard pinned_along(const NodeFacts *f, const Line line)
{
    return line == LINE_FILE ? f->pinned_file
           : line == LINE_RANK ? f->pinned_rank
           : line == LINE_DIAGONAL ? f->pinned_diagonal
                                   : f->pinned_anti;
}

/* The squares a pinned piece on sq may move to: its pin line. */
static BB_ALWAYS_INLINE Bitboard pin_line_of(const NodeFacts *f, Square sq)
{
    Bitboard b = bb_of(sq);
    Line line = (f->pinned_file & b)       ? LINE_FILE
                : (f->pinned_rank & b)     ? LINE_RANK
                : (f->pinned_diagonal & b) ? LINE_DIAGONAL
                                           : LINE_ANTI_DIAGONAL;
    return bb_tables.line[line][sq];
}

#ifdef STRATEGY_HAS_DIRECTION_LANES
/* ---- set-wise analysis: all eight directions of many sliders at once ----
 * A DirLanes value holds one bitboard per direction (lanes N E S W NE NW
 * SW SE; lane ^ 2 is the opposite direction). dir_fill(gen, occ) gives, in
 * each lane, every square reached from the lane's sliders along that
 * lane's direction, first blocker included. Three fills decide a node:
 *   from_king   the king's eight rays (first blocker included);
 *   enemy_rays  the rays of the enemy's rooks/queens (straight lanes) and
 *               bishops/queens (diagonal lanes), with our king lifted off
 *               the board so that it cannot shelter the squares behind it;
 * and, when counting, the rays of our own sliders (count_pieces_setwise).
 *   check: a king ray whose first blocker is an enemy slider of that line;
 *          the ray itself (checker included) is the check mask.
 *   pin:   our piece p is pinned exactly when p is the first blocker of
 *          the king's ray in direction d AND the first blocker of an enemy
 *          slider's ray in the opposite direction: lane d of from_king
 *          and lane d ^ 2 of enemy_rays meet on p. */
static BB_ALWAYS_INLINE Bitboard enemy_attack_map(const Position *p, const Color us, DirLanes enemy_rays)
{
    const Color them = color_flip(us);
    const Bitboard enemy = pieces_of_color(p, them);
    return dir_lanes_or(dir_lanes_or2(enemy_rays, dir_knight_attacks(p->bb[KNIGHT] & enemy))) |
           pawn_attack_set(p->bb[PAWN] & enemy, them) | bb_tables.king[bb_first(p->bb[KING] & enemy)];
}

/* king_safe (and the attack map) of f->king, for a node whose checks and
 * pins are known otherwise. */
static BB_ALWAYS_INLINE void analyse_king_safety(const Position *p, const Color us, NodeFacts *f)
{
    const Color them = color_flip(us);
    const Bitboard own = pieces_of_color(p, us), enemy = pieces_of_color(p, them);
    const Bitboard occupied = own | enemy;
    const Bitboard king_steps = bb_tables.king[f->king] & ~own;
    const DirLanes enemy_sliders =
        dir_lanes_by_kind((p->bb[ROOK] | p->bb[QUEEN]) & enemy, (p->bb[BISHOP] | p->bb[QUEEN]) & enemy);
    f->attacked = king_steps || castling_paths_clear(p, us, occupied)
                      ? enemy_attack_map(p, us, dir_fill(enemy_sliders, occupied ^ bb_of(f->king)))
                      : 0; /* not needed: nothing will ask */
    f->king_safe = king_steps & ~f->attacked;
}

static BB_ALWAYS_INLINE void analyse_node(const Position *p, const Color us, NodeFacts *f, const bool may_be_in_check)
{
    const Color them = color_flip(us);
    const Bitboard own = pieces_of_color(p, us), enemy = pieces_of_color(p, them);
    const Bitboard occupied = own | enemy;
    const Square king = bb_first(p->bb[KING] & own);
    const Bitboard king_bit = bb_of(king);
    const Bitboard enemy_straight = (p->bb[ROOK] | p->bb[QUEEN]) & enemy;
    const Bitboard enemy_diagonal = (p->bb[BISHOP] | p->bb[QUEEN]) & enemy;
    const DirLanes enemy_sliders = dir_lanes_by_kind(enemy_straight, enemy_diagonal);
    const Bitboard leaper_checkers = !may_be_in_check ? 0 :
        (bb_tables.pawn_attacks[us][king] & p->bb[PAWN] & enemy) | (bb_tables.knight[king] & p->bb[KNIGHT] & enemy);
    const Bitboard king_steps = bb_tables.king[king] & ~own;
    f->king = king;
    f->pinned_file = f->pinned_rank = f->pinned_diagonal = f->pinned_anti = 0;

    /* Common and cheap: no enemy slider on the king's lines, so no slider
     * check and no pin; the enemy's attacks are needed only if the king
     * has a square to step to or a castling path is clear. */
    if (!((bb_tables.rook_rays[king] & enemy_straight) | (bb_tables.bishop_rays[king] & enemy_diagonal))) {
        f->checkers = leaper_checkers;
        f->check_mask = !leaper_checkers ? ~0ull : bb_several(leaper_checkers) ? 0 : leaper_checkers;
        f->pinned = 0;
        analyse_king_safety(p, us, f);
        return;
    }

    const DirLanes enemy_rays = dir_fill(enemy_sliders, occupied ^ king_bit);
    const DirLanes from_king = dir_fill(dir_lanes_all(king_bit), occupied);
    f->attacked = enemy_attack_map(p, us, enemy_rays);
    f->king_safe = king_steps & ~f->attacked;

    if (may_be_in_check) {
        const Bitboard check_rays =
            dir_lanes_or(dir_lanes_select(dir_lanes_meeting(from_king, enemy_sliders), from_king));
        f->checkers = (check_rays & enemy) | leaper_checkers;
        f->check_mask = !f->checkers ? ~0ull : bb_several(f->checkers) ? 0 : (check_rays | f->checkers);
    } else {
        f->checkers = 0;
        f->check_mask = ~0ull;
    }

    const DirLanes pins = dir_lanes_and(dir_lanes_and(from_king, dir_lanes_opposite(enemy_rays)), dir_lanes_all(own));
    f->pinned = dir_lanes_or(pins);
    if (f->pinned)
        dir_lanes_lines(dir_lanes_or2(pins, dir_lanes_opposite(pins)), &f->pinned_file, &f->pinned_rank,
                        &f->pinned_diagonal, &f->pinned_anti);
}

static BB_ALWAYS_INLINE bool squares_safe(const Position *p, const NodeFacts *f, Bitboard squares, const Color us)
{
    (void)p;
    (void)us;
    return !(f->attacked & squares);
}

#else
/* ---- scalar analysis: one slider lookup per question ---- */
static BB_ALWAYS_INLINE void analyse_king_safety(const Position *p, const Color us, NodeFacts *f);

static BB_ALWAYS_INLINE void analyse_node(const Position *p, const Color us, NodeFacts *f, const bool may_be_in_check)
{
    const Color them = color_flip(us);
    const Bitboard own = pieces_of_color(p, us), enemy = pieces_of_color(p, them);
    const Bitboard occupied = own | enemy;
    const Square king = bb_first(p->bb[KING] & own);
    const Bitboard enemy_straight = (p->bb[ROOK] | p->bb[QUEEN]) & enemy;
    const Bitboard enemy_diagonal = (p->bb[BISHOP] | p->bb[QUEEN]) & enemy;
    f->king = king;

    /* Slider checks are looked up only when a slider is on an open line. */
    Bitboard checkers = 0;
    if (may_be_in_check) {
        checkers = ((bb_tables.pawn_attacks[us][king] & p->bb[PAWN]) | (bb_tables.knight[king] & p->bb[KNIGHT])) & enemy;
        if (bb_tables.bishop_rays[king] & enemy_diagonal)
            checkers |= bishop_attacks(king, occupied) & enemy_diagonal;
        if (bb_tables.rook_rays[king] & enemy_straight)
            checkers |= rook_attacks(king, occupied) & enemy_straight;
    }
    f->checkers = checkers;
    f->check_mask = !checkers ? ~0ull : bb_several(checkers) ? 0 : bb_tables.between[king][bb_first(checkers)] | checkers;

    /* Pins: an enemy slider on one of the king's lines with exactly one
     * piece, ours, between them. */
    Bitboard straight_pinned = 0, diagonal_pinned = 0;
    for (Bitboard s = bb_tables.rook_rays[king] & enemy_straight; s; s &= s - 1) {
        Bitboard blockers = bb_tables.between[king][bb_first(s)] & occupied;
        if (blockers && !bb_several(blockers) && (blockers & own))
            straight_pinned |= blockers;
    }
    for (Bitboard s = bb_tables.bishop_rays[king] & enemy_diagonal; s; s &= s - 1) {
        Bitboard blockers = bb_tables.between[king][bb_first(s)] & occupied;
        if (blockers && !bb_several(blockers) && (blockers & own))
            diagonal_pinned |= blockers;
    }
    f->pinned = straight_pinned | diagonal_pinned;
    f->pinned_file = straight_pinned & bb_tables.line[LINE_FILE][king];
    f->pinned_rank = straight_pinned & bb_tables.line[LINE_RANK][king];
    f->pinned_diagonal = diagonal_pinned & bb_tables.line[LINE_DIAGONAL][king];
    f->pinned_anti = diagonal_pinned & bb_tables.line[LINE_ANTI_DIAGONAL][king];

    analyse_king_safety(p, us, f);
}

/* King steps: leapers rule out squares set-wise, then each remaining
 * square is tested against sliders with the king lifted, so that it
 * cannot hide behind itself (a rook on e8 checking e1 attacks e2 too). */
static BB_ALWAYS_INLINE void analyse_king_safety(const Position *p, const Color us, NodeFacts *f)
{
    const Color them = color_flip(us);
    const Bitboard own = pieces_of_color(p, us), enemy = pieces_of_color(p, them);
    const Bitboard occupied = own | enemy;
    const Square king = f->king;
    const Bitboard enemy_straight = (p->bb[ROOK] | p->bb[QUEEN]) & enemy;
    const Bitboard enemy_diagonal = (p->bb[BISHOP] | p->bb[QUEEN]) & enemy;
    Bitboard safe = bb_tables.king[king] & ~own;
    if (safe) {
        safe &= ~pawn_attack_set(p->bb[PAWN] & enemy, them) & ~bb_tables.king[bb_first(p->bb[KING] & enemy)];
        for (Bitboard n = p->bb[KNIGHT] & enemy; n && safe; n &= n - 1)
            safe &= ~bb_tables.knight[bb_first(n)];
        const Bitboard occupied_no_king = occupied ^ bb_of(king);
        for (Bitboard t = safe; t; t &= t - 1) {
            Square to = bb_first(t);
            if (((bb_tables.bishop_rays[to] & enemy_diagonal) && (bishop_attacks(to, occupied_no_king) & enemy_diagonal)) ||
                ((bb_tables.rook_rays[to] & enemy_straight) && (rook_attacks(to, occupied_no_king) & enemy_straight)))
                safe ^= bb_of(to);
        }
    }
    f->king_safe = safe;
}

static BB_ALWAYS_INLINE bool squares_safe(const Position *p, const NodeFacts *f, Bitboard squares, const Color us)
{
    (void)f;
    for (; squares; squares &= squares - 1)
        if (square_attacked(p, bb_first(squares), occupied_squares(p), color_flip(us)))
            return false;
    return true;
}
#endif

#ifdef STRATEGY_HAS_DIRECTION_LANES
/* The last ply's knight and slider moves, counted without looking at one
 * piece at a time: each is a set of target squares per lane, and the
 * lanes' popcounts add up.
 *   knights  one lane per jump: two knights never jump to the same square
 *            in the same direction; a pinned knight never moves;
 *   sliders  one lane per direction: in one direction no two sliders reach
 *            the same square (the nearer one blocks the other); a pinned
 *            slider joins only the lanes along its pin line.
 * (Pawns stay scalar: tried in lanes too, they were slower, the vector
 * units being busy with the fills while the integer units idled.) */
static BB_ALWAYS_INLINE int count_pieces_setwise(const Position *p, const Color us, const NodeFacts *f,
                                                Bitboard targets)
{
    const Bitboard own = pieces_of_color(p, us);
    DirLanes movers = dir_lanes_by_kind((p->bb[ROOK] | p->bb[QUEEN]) & own, (p->bb[BISHOP] | p->bb[QUEEN]) & own);
    if (f->pinned)
        movers = dir_lanes_and(movers, dir_lanes_or2(dir_lanes_all(~f->pinned), dir_lanes_from_lines(f->pinned_file, f->pinned_rank, f->pinned_diagonal,
                                                                             f->pinned_anti)));
    const DirLanes slider_moves = dir_fill(movers, occupied_squares(p));
    const DirLanes knight_moves = dir_knight_attacks(p->bb[KNIGHT] & own & ~f->pinned);
    return dir_lanes_count2(dir_lanes_and(slider_moves, dir_lanes_all(targets)),
                            dir_lanes_and(knight_moves, dir_lanes_all(targets)));
}
#endif

/* The destinations of our pawn moves by kind, en passant aside. A pinned
 * pawn keeps only the moves along its pin line: pushes if pinned on the
 * file, captures toward the pinner if pinned on that diagonal. A white
 * pawn captures west along an anti-diagonal and east along a diagonal;
 * Black's the other way round. */
typedef struct PawnTargets {
    Bitboard single, twice, west, east;
} PawnTargets;

static BB_ALWAYS_INLINE PawnTargets pawn_targets(const Color us, Bitboard pawns, Bitboard empty, Bitboard enemy,
                                                 const NodeFacts *f, Bitboard check_mask)
{
    const Bitboard rank_3 = us == WHITE ? BB_RANK_3_MASK : BB_RANK_6_MASK;
    Bitboard pushers = pawns, west_capturers = pawns, east_capturers = pawns;
    if (pawns & f->pinned) {
        const Bitboard unpinned = pawns & ~f->pinned;
        const Line west_line = us == WHITE ? LINE_ANTI_DIAGONAL : LINE_DIAGONAL;
        const Line east_line = us == WHITE ? LINE_DIAGONAL : LINE_ANTI_DIAGONAL;
        pushers = unpinned | (pawns & f->pinned_file);
        west_capturers = unpinned | (pawns & pinned_along(f, west_line));
        east_capturers = unpinned | (pawns & pinned_along(f, east_line));
    }
    PawnTargets t;
    t.single = shift_up(pushers, us) & empty;
    t.twice = shift_up(t.single & rank_3, us) & empty & check_mask;
    t.single &= check_mask;
    t.west = shift_up_west(west_capturers, us) & enemy & check_mask;
    t.east = shift_up_east(east_capturers, us) & enemy & check_mask;
    return t;
}

/* Our pawn moves counted, four per promotion, en passant aside. */
static BB_ALWAYS_INLINE int count_pawn_targets(const PawnTargets *t, const Color us)
{
    const Bitboard rank_8 = us == WHITE ? BB_RANK_8_MASK : BB_RANK_1_MASK;
    const int moves = bb_count(t->single) + bb_count(t->twice) + bb_count(t->west) + bb_count(t->east);
    if (!((t->single | t->west | t->east) & rank_8)) /* the common case: no promotion */
        return moves;
    return moves + 3 * (bb_count(t->single & rank_8) + bb_count(t->west & rank_8) + bb_count(t->east & rank_8));
}

/* ---- sinks: what happens to each move found ---- */

/* SINK_BULK2 is the node two plies above the leaves (fused leaf counting:
 * most of its moves are not made, their replies are counted from what a
 * ReplyCache knows about the node). */
typedef enum { SINK_LIST, SINK_TACTICAL, SINK_COUNT, SINK_BULK, SINK_BULK2, SINK_FULL } SinkKind;

static BB_ALWAYS_INLINE bool sink_counts(const SinkKind sink) { return sink == SINK_COUNT; }
/* The sinks that write Move values. */
static BB_ALWAYS_INLINE bool sink_lists(const SinkKind sink) { return sink == SINK_LIST || sink == SINK_TACTICAL; }

/* What a depth-2 node knows about the replies to its moves before making
 * any, found once from the node itself (the replier's null-move view:
 * it is not in check there, as we are to move). */
typedef struct ReplyCache {
    NodeFacts facts;     /* the replier's king, pins, king_safe */
    /* King zone: from the replier's king along each ray up to the second
     * piece met. On a live ray (one of our sliders of its kind on it, or
     * the rank while the replier may castle) any change may matter; on
     * the others only our slider of that kind arriving. all: no fusion. */
    Bitboard zone_live, zone_straight, zone_diagonal;
    Bitboard king_steps; /* squares next to that king not holding its own pieces */
    Bitboard walk[2];    /* castle walk squares of each wing whose path is empty, else 0 */
    /* The watched squares (king steps and walks), whether we attack each
     * (with the replier's king lifted), and each one's rays up to the
     * first piece: only a change on those, or a leaper of ours jumping to
     * or from a square that reaches it, can alter whether it is attacked. */
    Bitboard watch_mask;               /* the watched squares */
    Bitboard attacked;                 /* watched squares we attack */
    Bitboard watch_rays;               /* union of watch_ray */
    int watch_count;
    Square watch_square[10];           /* at most 8 steps and 2 walk squares off them */
    Bitboard watch_ray[10];
    Bitboard knight_checks, pawn_checks; /* where our knight or pawn would check the replier */
    Bitboard en_passant_exposed;         /* where our double push can be taken en passant */
    Bitboard sliders;    /* the replier's unpinned sliders */
    Bitboard seen;       /* squares they attack, first blockers included */
    Bitboard pawn_zone;  /* squares the replier's unpinned pawns stand on, push to or capture on */
    int pieces_count;    /* the replier's knight and slider moves */
    int pawn_count;      /* its pawn moves */
    int castle_count;    /* its castling moves */
    int king_count;      /* its king moves, castling included */
    int total_count;     /* all its moves */
    /* Per type of our piece: the squares where it may appear or vanish
     * without altering any reply (stirring nothing above). A quiet move
     * with both squares off it has exactly total_count replies. */
    Bitboard stir[KING + 1];
    Bitboard slider_attacks[64]; /* of each square in sliders */
} ReplyCache;

typedef struct Sink {
    const CastleGeometry *castle; /* the board's, for make and castling */
    Move *out;      /* SINK_LIST, SINK_TACTICAL */
    int count;      /* SINK_LIST, SINK_TACTICAL, SINK_COUNT: moves so far */
    int depth;      /* SINK_BULK, SINK_FULL: depth of the node generating */
    uint64_t nodes; /* SINK_BULK, SINK_BULK2, SINK_FULL: leaves below the moves so far */
    const ReplyCache *replies; /* SINK_BULK2 */
} Sink;

static uint64_t perft_bulk_white(const Position *p, const CastleGeometry *g, int depth);
static uint64_t perft_bulk_black(const Position *p, const CastleGeometry *g, int depth);
static uint64_t perft_full_white(const Position *p, const CastleGeometry *g, int depth);
static uint64_t perft_full_black(const Position *p, const CastleGeometry *g, int depth);
static int count_moves_white(const Position *p, const CastleGeometry *g);
static int count_moves_black(const Position *p, const CastleGeometry *g);
static uint64_t perft_bulk2_white(const Position *p, const CastleGeometry *g);
static uint64_t perft_bulk2_black(const Position *p, const CastleGeometry *g);

/* En passant by the side whose facts f are, from `from` to ep, taking the
 * pawn on captured_sq, with `occupied` the board before it and straight /
 * diagonal the other side's sliders. The check mask was applied by the
 * caller; what is left is the pin of the capturing pawn and the discovered
 * attack through the squares both pawns vacate. Straight lines: only the
 * rank can open (on the captured pawn's file our pawn lands in between,
 * and leaving its own file is a pin); diagonals: either vacated square may
 * open one. */
static BB_ALWAYS_INLINE bool ep_legal_on(const NodeFacts *f, Bitboard occupied, Bitboard straight, Bitboard diagonal,
                                         Square from, Square ep, Square captured_sq)
{
    if ((f->pinned & bb_of(from)) && !(pin_line_of(f, from) & bb_of(ep)))
        return false;
    occupied = (occupied ^ bb_of(from) ^ bb_of(captured_sq)) | bb_of(ep);
    if (!BITBOARD_PLANT_EP_RANK_BUG && (rook_attacks(f->king, occupied) & straight & bb_tables.line[LINE_RANK][f->king]))
        return false;
    return (bishop_attacks(f->king, occupied) & diagonal) == 0;
}

static BB_ALWAYS_INLINE bool ep_capture_legal(const Position *p, const NodeFacts *f, Square from, Square ep,
                                              Square captured_sq, const Color us)
{
    const Bitboard enemy = pieces_of_color(p, color_flip(us));
    return ep_legal_on(f, occupied_squares(p), (p->bb[ROOK] | p->bb[QUEEN]) & enemy,
                       (p->bb[BISHOP] | p->bb[QUEEN]) & enemy, from, ep, captured_sq);
}

/* The type a move leaves on its destination. */
static BB_ALWAYS_INLINE PieceType placed_type(const PieceType moved, const MoveKind kind)
{
    return (kind & MK_PROMO_BIT) ? (PieceType)(KNIGHT + (kind & 3)) : moved;
}

static BB_ALWAYS_INLINE bool kind_is_castle(const MoveKind kind)
{
    return kind == MK_KING_CASTLE || kind == MK_QUEEN_CASTLE;
}

/* The rook's squares of a standard castling move of us, as bits. */
static BB_ALWAYS_INLINE Bitboard castle_rook_from_bit(const Color us, const MoveKind kind)
{
    return bb_of(kind == MK_KING_CASTLE ? SQ_H1 : SQ_A1) << (us == WHITE ? 0 : 56);
}
static BB_ALWAYS_INLINE Bitboard castle_rook_to_bit(const Color us, const MoveKind kind)
{
    return bb_of(kind == MK_KING_CASTLE ? SQ_F1 : SQ_D1) << (us == WHITE ? 0 : 56);
}

/* A move that leaves the replier's checks as they were and its pins but
 * for at most one new one: both squares (for castling the rook's two as
 * well) off the live king zone (so no king ray that has one of our
 * sliders of its kind changes its first or second piece: no slider check,
 * discovered check or pin comes or goes, castling paths and the pinned
 * pieces stay as they were), no knight or pawn check from the
 * destination, and a slider placed on a dead ray of its kind (it was free
 * of them) not the first piece there: then it checks nothing, and if the
 * piece in front of it is the replier's, that piece is pinned now and
 * *new_pin says which. Every kind qualifies but en passant (two squares
 * leave one line) and Chess960 castling (king and rook may swap or stay). */
static BB_ALWAYS_INLINE bool move_keeps_reply_facts(const Position *p, const ReplyCache *rc, const Color us,
                                                    const PieceType moved, const MoveKind kind, Square from, Square to,
                                                    Bitboard *new_pin)
{
    *new_pin = 0;
    if (kind == MK_EN_PASSANT)
        return false;
    if (kind_is_castle(kind))
        return !(p->castling & CASTLE960_FLAG) &&
               !((bb_of(from) | bb_of(to) | castle_rook_from_bit(us, kind) | castle_rook_to_bit(us, kind)) &
                 rc->zone_live) &&
               !(castle_rook_to_bit(us, kind) & rc->zone_straight);
    const PieceType placed = placed_type(moved, kind);
    Bitboard zone_to = rc->zone_live, dead = 0;
    if (placed == BISHOP || placed == QUEEN)
        dead |= rc->zone_diagonal;
    if (placed == ROOK || placed == QUEEN)
        dead |= rc->zone_straight;
    if (placed == KNIGHT)
        zone_to |= rc->knight_checks;
    if (placed == PAWN)
        zone_to |= rc->pawn_checks;
    if ((bb_of(from) & rc->zone_live) || (bb_of(to) & zone_to))
        return false;
    if (bb_of(to) & dead) {
        /* In the zone, so at most one piece in front (from is not one:
         * the slider was off this ray, a promoting pawn may be). */
        const Bitboard front = bb_tables.between[rc->facts.king][to] & occupied_squares(p) & ~bb_of(from);
        if (!front)
            return false; /* a check */
        *new_pin = front & pieces_of_color(p, color_flip(us));
    }
    return true;
}

/* Where our leaper of type t on sq attacks: nothing for a slider. */
static BB_ALWAYS_INLINE Bitboard leaper_reach(const PieceType t, const Color us, Square sq)
{
    return t == KNIGHT ? bb_tables.knight[sq]
           : t == PAWN ? bb_tables.pawn_attacks[us][sq]
           : t == KING ? bb_tables.king[sq]
                       : 0;
}

/* Our pieces of type t on the squares b appear or go. */
static BB_ALWAYS_INLINE void attacker_sets_toggle(AttackerSets *a, const PieceType t, Bitboard b)
{
    if (t == PAWN)
        a->pawns ^= b;
    else if (t == KNIGHT)
        a->knights ^= b;
    else if (t == KING)
        a->king ^= b;
    if (t == BISHOP || t == QUEEN)
        a->diagonal ^= b;
    if (t == ROOK || t == QUEEN)
        a->straight ^= b;
}

/* What the new pin of the replier's piece on new_pin (by our slider
 * arriving on to) takes from its moves: a knight loses them all, a
 * slider keeps those between king and pinner and the capture of the
 * pinner, pawns (one of them pinned now) are counted again, with the pin
 * on its line. Out of line: rare, and the same for every move kind. */
static __attribute__((noinline)) int newly_pinned_delta(const Position *p, const ReplyCache *rc, const Color us,
                                                        Bitboard new_pin, Square to, Bitboard occupied, Bitboard own)
{
    const Square sq = bb_first(new_pin), king = rc->facts.king;
    const Bitboard own_before = pieces_of_color(p, us);
    if (p->bb[KNIGHT] & new_pin)
        return -bb_count(bb_tables.knight[sq] & ~own_before);
    if (p->bb[PAWN] & new_pin) {
        NodeFacts f = rc->facts;
        f.pinned |= new_pin;
        if (bb_tables.line[LINE_FILE][king] & bb_of(to))
            f.pinned_file |= new_pin;
        else if (bb_tables.line[LINE_RANK][king] & bb_of(to))
            f.pinned_rank |= new_pin;
        else if (bb_tables.line[LINE_DIAGONAL][king] & bb_of(to))
            f.pinned_diagonal |= new_pin;
        else
            f.pinned_anti |= new_pin;
        const Bitboard ours = occupied & ~own;
        const PawnTargets t = pawn_targets(us, pieces_of(p, us, PAWN) & own, ~occupied, ours, &f, ~0ull);
        return count_pawn_targets(&t, us) - rc->pawn_count;
    }
    /* A slider: free before (the new pin's ray was dead), so in sliders. */
    return bb_count(slider_attacks_on(p, sq, occupied) & (bb_tables.between[king][to] | bb_of(to)) & ~own) -
           bb_count(rc->slider_attacks[sq] & ~own_before);
}

/* The replier's legal moves after our move from -> to (one that keeps the
 * reply facts), counted from the node and the ReplyCache without making
 * the move: only what the changed squares (two, or four for castling) can
 * touch is looked at again. A captured piece is off the king zone, so it
 * was not pinned.
 * With vanish (a constant), our piece on from just leaves the board (to
 * is not used; from off the live zone): the count every calm destination
 * shares, and *stirred gets the squares that stir a reply once from is
 * empty, beyond the cached ones (what the sliders and watched squares
 * that saw from now see through it). */
static BB_ALWAYS_INLINE int count_replies_fused(const Position *p, const ReplyCache *rc, const Color us,
                                                const PieceType moved, const MoveKind kind, Square from, Square to,
                                                Bitboard new_pin, const bool vanish, Bitboard *stirred)
{
    const Color them = color_flip(us);
    const PieceType placed = placed_type(moved, kind);
    const Bitboard to_bit = vanish ? 0 : bb_of(to);
    const Bitboard rook_from = kind_is_castle(kind) ? castle_rook_from_bit(us, kind) : 0;
    const Bitboard rook_to = kind_is_castle(kind) ? castle_rook_to_bit(us, kind) : 0;
    const Bitboard changed = bb_of(from) | to_bit | rook_from | rook_to;
    const Bitboard own_before = pieces_of_color(p, them); /* the replier's */
    const Bitboard captured = (kind & MK_CAPTURE_BIT) ? to_bit : 0;
    const Bitboard own = own_before ^ captured;
    const Bitboard occupied = (occupied_squares(p) & ~(bb_of(from) | rook_from)) | to_bit | rook_to;
    const Bitboard lifted = occupied ^ bb_of(rc->facts.king);
    const Bitboard ours = pieces_of_color(p, us) ^ changed; /* standard castling: four distinct squares */

    /* Knights do not care but for a capture; a slider's moves change only
     * where it saw a changed square (pinned ones move along a king line:
     * unchanged). A captured piece's moves go, and the pieces that guarded
     * it may now take there. */
    int count = rc->total_count;
    if (captured) {
        if (rc->sliders & captured)
            count -= bb_count(rc->slider_attacks[to] & ~own_before);
        else if (p->bb[KNIGHT] & captured)
            count -= bb_count(bb_tables.knight[to] & ~own_before);
        count += bb_count(bb_tables.knight[to] & p->bb[KNIGHT] & own & ~rc->facts.pinned);
    }
    if (changed & rc->seen) {
        for (Bitboard b = rc->sliders & ~captured & ~new_pin; b; b &= b - 1) {
            const Square sq = bb_first(b);
            const Bitboard before = rc->slider_attacks[sq];
            if (!(before & changed))
                continue;
            const Bitboard after = slider_attacks_on(p, sq, occupied);
            count += bb_count(after & ~own) - bb_count(before & ~own_before);
            if (vanish)
                *stirred |= after;
        }
    }

    /* Pawns: counted again (a few shifts) if a changed square is one they
     * stand on, push to or capture on. A double push next to one of their
     * pawns adds its en passant captures, legal unless pinned off the
     * line or uncovering an attack on their king. */
    if (new_pin)
        count += newly_pinned_delta(p, rc, them, new_pin, to, occupied, own);
    if ((changed & rc->pawn_zone) && !(new_pin & p->bb[PAWN])) {
        const PawnTargets t = pawn_targets(them, pieces_of(p, them, PAWN) & ~captured, ~occupied, ours,
                                           &rc->facts, ~0ull);
        count += count_pawn_targets(&t, them) - rc->pawn_count;
    }
    if (kind == MK_DOUBLE_PUSH && (bb_of(to) & rc->en_passant_exposed)) {
        const Square ep = (Square)((from + to) / 2);
        const Bitboard straight = (p->bb[ROOK] | p->bb[QUEEN]) & ours, diagonal = (p->bb[BISHOP] | p->bb[QUEEN]) & ours;
        for (Bitboard b = bb_tables.pawn_attacks[us][ep] & pieces_of(p, them, PAWN); b; b &= b - 1)
            count += ep_legal_on(&rc->facts, occupied, straight, diagonal, bb_first(b), ep, to);
    }

    /* King steps and castle walks: a watched square's attackers change
     * only if a changed square is on one of its rays up to the first piece
     * (a slider moving or seen through a vacated square, a new blocker) or
     * our moved leaper reaches it from either square; a captured piece
     * next to the king adds a step. Only those squares are tested again,
     * against our pieces as they stand after the move. */
    const Bitboard captured_step = captured & bb_tables.king[rc->facts.king];
    const Bitboard reach_to = vanish ? 0 : leaper_reach(placed, us, to);
    Bitboard redo = captured_step | ((leaper_reach(moved, us, from) | reach_to) & rc->watch_mask);
    if (changed & rc->watch_rays)
        for (int i = 0; i < rc->watch_count; i++)
            if (changed & rc->watch_ray[i]) {
                redo |= bb_of(rc->watch_square[i]);
                if (vanish)
                    *stirred |= queen_attacks(rc->watch_square[i], lifted);
            }
    if (!redo)
        return count;
    AttackerSets a = attacker_sets(p, us);
    if (vanish) {
        attacker_sets_toggle(&a, moved, bb_of(from));
    } else if (moved == placed) {
        attacker_sets_toggle(&a, moved, bb_of(from) | bb_of(to));
    } else {
        attacker_sets_toggle(&a, moved, bb_of(from));
        attacker_sets_toggle(&a, placed, bb_of(to));
    }
    a.straight ^= rook_from | rook_to;
    Bitboard attacked = rc->attacked & ~redo;
    for (Bitboard t = redo; t; t &= t - 1) {
        const Square sq = bb_first(t);
        if (square_attacked_by(&a, sq, lifted, us))
            attacked |= bb_of(sq);
    }
    const Bitboard safe = (rc->king_steps | captured_step) & ~attacked;
    const int castles = (rc->walk[0] && !(rc->walk[0] & attacked)) + (rc->walk[1] && !(rc->walk[1] & attacked));
    return count + bb_count(safe) + castles - rc->king_count;
}

/* count_replies_fused with vanish, out of line: once per piece, not per
 * move, and inlined it would bloat every piece's move loop. */
static __attribute__((noinline)) int count_replies_vanished_white(const Position *p, const ReplyCache *rc,
                                                                  PieceType moved, Square from, Bitboard *stirred)
{
    return count_replies_fused(p, rc, WHITE, moved, MK_QUIET, from, from, 0, true, stirred);
}
static __attribute__((noinline)) int count_replies_vanished_black(const Position *p, const ReplyCache *rc,
                                                                  PieceType moved, Square from, Bitboard *stirred)
{
    return count_replies_fused(p, rc, BLACK, moved, MK_QUIET, from, from, 0, true, stirred);
}

/* One move found by the generator, for every sink but SINK_COUNT. */
static BB_ALWAYS_INLINE void sink_move(Sink *s, const SinkKind sink, const Position *p, const Color us,
                                       const PieceType moved, const MoveKind kind, Square from, Square to)
{
    if (sink_lists(sink)) {
        s->out[s->count++] = move_make(from, to, kind);
        return;
    }
    Bitboard new_pin;
    if (sink == SINK_BULK2 && move_keeps_reply_facts(p, s->replies, us, moved, kind, from, to, &new_pin)) {
        s->nodes += (uint64_t)count_replies_fused(p, s->replies, us, moved, kind, from, to, new_pin, false, NULL);
        return;
    }
    Position child;
    const CastleGeometry *g = s->castle;
    position_make_typed(&child, p, g, us, moved, kind, from, to, sink == SINK_FULL);
    if (sink == SINK_FULL) {
        if (s->depth == 1) {
            /* The leaf's make must really happen: tell the compiler the
             * child is read, without making it forget everything else. */
            __asm__ __volatile__("" : : "m"(child));
            s->nodes++;
        } else {
            s->nodes +=
                us == WHITE ? perft_full_black(&child, g, s->depth - 1) : perft_full_white(&child, g, s->depth - 1);
        }
    } else if (sink == SINK_BULK2) {
        s->nodes += (uint64_t)(us == WHITE ? count_moves_black(&child, g) : count_moves_white(&child, g));
    } else if (s->depth == 3) {
        s->nodes += us == WHITE ? perft_bulk2_black(&child, g) : perft_bulk2_white(&child, g);
    } else {
        s->nodes += us == WHITE ? perft_bulk_black(&child, g, s->depth - 1) : perft_bulk_white(&child, g, s->depth - 1);
    }
}

/* Moves of one piece to a set of squares. */
static BB_ALWAYS_INLINE void sink_piece_moves(Sink *s, const SinkKind sink, const Position *p, const Color us,
                                              const PieceType moved, Square from, Bitboard targets)
{
    if (sink_counts(sink)) {
        s->count += bb_count(targets);
        return;
    }
    const Bitboard enemy = pieces_of_color(p, color_flip(us));
    if (sink == SINK_BULK2) { /* fused counting wants the kind as a constant */
        const ReplyCache *rc = s->replies;
        Bitboard quiet = targets & ~enemy, calm = quiet & ~rc->stir[moved];
        if (!(bb_of(from) & rc->stir[moved])) { /* the calm moves, all at once */
            s->nodes += (uint64_t)bb_count(calm) * (uint64_t)rc->total_count;
            quiet ^= calm;
        } else if (bb_several(calm) && !(bb_of(from) & rc->zone_live)) {
            /* from stirs: what leaving it does is found once, and the
             * destinations still calm after it share that count. */
            Bitboard stirred = 0;
            const int vanished = us == WHITE ? count_replies_vanished_white(p, rc, moved, from, &stirred)
                                             : count_replies_vanished_black(p, rc, moved, from, &stirred);
            calm &= ~stirred;
            s->nodes += (uint64_t)bb_count(calm) * (uint64_t)vanished;
            quiet ^= calm;
        }
        for (Bitboard t = quiet; t; t &= t - 1)
            sink_move(s, sink, p, us, moved, MK_QUIET, from, bb_first(t));
        targets &= enemy;
    }
    for (; targets; targets &= targets - 1) {
        Square to = bb_first(targets);
        MoveKind kind = (sink_lists(sink) || sink == SINK_BULK2) && (enemy & bb_of(to)) ? MK_CAPTURE : MK_QUIET;
        sink_move(s, sink, p, us, moved, kind, from, to);
    }
}

/* Pawn moves of one kind given by their destinations; from = to - delta. */
static BB_ALWAYS_INLINE void sink_pawn_moves(Sink *s, const SinkKind sink, const Position *p, const Color us,
                                             Bitboard targets, int delta, const MoveKind kind)
{
    if (sink_counts(sink)) {
        s->count += bb_count(targets);
        return;
    }
    if (sink == SINK_BULK2 && (kind == MK_QUIET || kind == MK_DOUBLE_PUSH)) {
        /* Calm pushes (both squares stir nothing, no en passant reply),
         * all at once; from = to - delta, so shift the stirring squares. */
        const ReplyCache *rc = s->replies;
        const Bitboard from_stirs = delta > 0 ? rc->stir[PAWN] << delta : rc->stir[PAWN] >> -delta;
        Bitboard calm = targets & ~rc->stir[PAWN] & ~from_stirs;
        if (kind == MK_DOUBLE_PUSH)
            calm &= ~rc->en_passant_exposed;
        s->nodes += (uint64_t)bb_count(calm) * (uint64_t)rc->total_count;
        targets ^= calm;
    }
    for (; targets; targets &= targets - 1) {
        Square to = bb_first(targets);
        sink_move(s, sink, p, us, PAWN, kind, (Square)(to - delta), to);
    }
}

/* Four moves per destination; knight_kind is MK_PROMO_N or MK_PROMO_CAPTURE_N. */
static BB_ALWAYS_INLINE void sink_promotions(Sink *s, const SinkKind sink, const Position *p, const Color us,
                                             Bitboard targets, int delta, const MoveKind knight_kind)
{
    if (sink_counts(sink)) {
        s->count += 4 * bb_count(targets);
        return;
    }
    for (; targets; targets &= targets - 1) {
        Square to = bb_first(targets);
        for (int k = 0; k < 4; k++)
            sink_move(s, sink, p, us, PAWN, (MoveKind)(knight_kind + k), (Square)(to - delta), to);
    }
}

/* ---- the generator ---- */

/* Chess960 castling (squares from core/castling.h): what king and rook
 * cross must be empty but for the two, and no square the king crosses or
 * lands on attacked with king and rook lifted; the rook may be what
 * shelters the king's square (rook b1, enemy queen a1, castling long), so
 * the attack test may not use the node's attack map. Writes the legal
 * castling moves (at most two) to out, returns their count. Rare, so out
 * of line; only when not in check. */
static __attribute__((noinline)) int castling_moves_960(const Position *p, const CastleGeometry *g, const Color us,
                                                        Square king, Bitboard occupied, Move out[2])
{
    int n = 0;
    for (int wing = 0; wing < 2; wing++) {
        const int right = castle_right_index(us, wing == 1);
        if (!(p->castling & castle_right_bit(right)))
            continue;
        const Square rook = g->rook[right];
        if (occupied & castle_empty_squares(king, rook, right))
            continue;
        const Bitboard lifted = occupied ^ bb_of(king) ^ bb_of(rook);
        bool safe = true;
        for (Bitboard path = castle_king_path(king, right); path && safe; path &= path - 1)
            safe = !square_attacked(p, bb_first(path), lifted, color_flip(us));
        if (safe)
            out[n++] = move_make(king, castle_king_target(right), wing ? MK_QUEEN_CASTLE : MK_KING_CASTLE);
    }
    return n;
}

static BB_ALWAYS_INLINE void sink_castling_960(Sink *s, const SinkKind sink, const Position *p, const Color us,
                                               Square king, Bitboard occupied)
{
    Move castles[2];
    const int n = castling_moves_960(p, s->castle, us, king, occupied, castles);
    for (int i = 0; i < n; i++) {
        if (sink_counts(sink))
            s->count++;
        else
            sink_move(s, sink, p, us, KING, move_kind(castles[i]), king, move_to(castles[i]));
    }
}

/* Slider moves one piece at a time: unpinned ones freely, pinned ones
 * along their pin line (a rook pinned on a diagonal gets nothing). */
static BB_ALWAYS_INLINE void generate_slider_moves(Sink *s, const SinkKind sink, const Position *p, const Color us,
                                                   const NodeFacts *f, Bitboard targets, const bool in_check)
{
    const Bitboard occupied = occupied_squares(p);
    const Bitboard bishops = pieces_of(p, us, BISHOP), rooks = pieces_of(p, us, ROOK), queens = pieces_of(p, us, QUEEN);
    for (Bitboard b = bishops & ~f->pinned; b; b &= b - 1) {
        Square from = bb_first(b);
        sink_piece_moves(s, sink, p, us, BISHOP, from, bishop_attacks(from, occupied) & targets);
    }
    for (Bitboard b = rooks & ~f->pinned; b; b &= b - 1) {
        Square from = bb_first(b);
        sink_piece_moves(s, sink, p, us, ROOK, from, rook_attacks(from, occupied) & targets);
    }
    for (Bitboard b = queens & ~f->pinned; b; b &= b - 1) {
        Square from = bb_first(b);
        sink_piece_moves(s, sink, p, us, QUEEN, from, queen_attacks(from, occupied) & targets);
    }
    /* In check a pinned piece has no move: its line meets the check line
     * only on the king. */
    if (f->pinned && !in_check) {
        for (Bitboard b = bishops & f->pinned; b; b &= b - 1) {
            Square from = bb_first(b);
            sink_piece_moves(s, sink, p, us, BISHOP, from, bishop_attacks(from, occupied) & targets & pin_line_of(f, from));
        }
        for (Bitboard b = rooks & f->pinned; b; b &= b - 1) {
            Square from = bb_first(b);
            sink_piece_moves(s, sink, p, us, ROOK, from, rook_attacks(from, occupied) & targets & pin_line_of(f, from));
        }
        for (Bitboard b = queens & f->pinned; b; b &= b - 1) {
            Square from = bb_first(b);
            sink_piece_moves(s, sink, p, us, QUEEN, from, queen_attacks(from, occupied) & targets & pin_line_of(f, from));
        }
    }
}

/* Knight and slider moves, counted. */
static BB_ALWAYS_INLINE int count_pieces(const Position *p, const Color us, const NodeFacts *f, Bitboard targets,
                                         const bool in_check)
{
#ifdef STRATEGY_HAS_DIRECTION_LANES
    (void)in_check; /* in check, targets already keep pinned pieces' lines off */
    return count_pieces_setwise(p, us, f, targets);
#else
    Sink s = { .count = 0 };
    for (Bitboard b = pieces_of(p, us, KNIGHT) & ~f->pinned; b; b &= b - 1)
        s.count += bb_count(bb_tables.knight[bb_first(b)] & targets);
    generate_slider_moves(&s, SINK_COUNT, p, us, f, targets, in_check);
    return s.count;
#endif
}

/* Every move but the king's steps. in_check is a compile-time constant:
 * the generator is expanded twice, and the common case (no check) has
 * no check mask at all, so its results do not wait for the check test. */
static BB_ALWAYS_INLINE void generate_non_king(const Position *p, const Color us, const SinkKind sink, Sink *s,
                                               const NodeFacts *nf, const bool in_check)
{
    const Color them = color_flip(us);
    const int up = us == WHITE ? UP_WHITE : -UP_WHITE;
    const int up_west = us == WHITE ? UP_WEST_WHITE : -UP_EAST_WHITE;
    const int up_east = us == WHITE ? UP_EAST_WHITE : -UP_WEST_WHITE;
    const Bitboard rank_8 = us == WHITE ? BB_RANK_8_MASK : BB_RANK_1_MASK;

    const NodeFacts f = *nf;
    const Bitboard occupied = occupied_squares(p);
    const Bitboard own = pieces_of_color(p, us), enemy = pieces_of_color(p, them);
    const Bitboard empty = ~occupied;
    const Bitboard check_mask = in_check ? f.check_mask : ~0ull;
    /* SINK_TACTICAL: pieces capture only; the order of what is left is
     * that of SINK_LIST, so a search sees the same captures in the same
     * order from either. */
    const Bitboard targets = ~own & check_mask & (sink == SINK_TACTICAL ? enemy : ~0ull);

    if (sink == SINK_COUNT) {
        s->count += count_pieces(p, us, &f, targets, in_check);
    } else {
        /* Knights: a pinned knight can never stay on its line. */
        for (Bitboard b = pieces_of(p, us, KNIGHT) & ~f.pinned; b; b &= b - 1) {
            Square from = bb_first(b);
            sink_piece_moves(s, sink, p, us, KNIGHT, from, bb_tables.knight[from] & targets);
        }
        generate_slider_moves(s, sink, p, us, &f, targets, in_check);
    }

    /* Pawns, all at once by shifting (pawn_targets). */
    const Bitboard pawns = pieces_of(p, us, PAWN);
    const PawnTargets pt = pawn_targets(us, pawns, empty, enemy, &f, check_mask);
    const Bitboard single = pt.single, twice = pt.twice, west = pt.west, east = pt.east;

    /* Promotions are split off only when a pawn stands on the seventh
     * rank: a test on the pawns themselves, known before any shift. */
    const Bitboard rank_7 = us == WHITE ? BB_RANK_7_MASK : BB_RANK_2_MASK;
    const Bitboard no_promotion = pawns & rank_7 ? ~rank_8 : ~0ull;
    if (sink != SINK_TACTICAL) {
        sink_pawn_moves(s, sink, p, us, single & no_promotion, up, MK_QUIET);
        sink_pawn_moves(s, sink, p, us, twice, 2 * up, MK_DOUBLE_PUSH);
    }
    sink_pawn_moves(s, sink, p, us, west & no_promotion, up_west, MK_CAPTURE);
    sink_pawn_moves(s, sink, p, us, east & no_promotion, up_east, MK_CAPTURE);
    if (pawns & rank_7) {
        sink_promotions(s, sink, p, us, single & rank_8, up, MK_PROMO_N);
        sink_promotions(s, sink, p, us, west & rank_8, up_west, MK_PROMO_CAPTURE_N);
        sink_promotions(s, sink, p, us, east & rank_8, up_east, MK_PROMO_CAPTURE_N);
    }

    /* En passant: the ep square is set after every double push, so test
     * without a branch whether one of our pawns can take at all (rarely). */
    const Bitboard ep_bit = (Bitboard)(p->ep != SQ_NONE) << (p->ep & 63);
    const Bitboard ep_capturers = pawn_attack_set(ep_bit, them) & pawns;
    if (ep_capturers) {
        const Square ep = p->ep, captured_sq = (Square)(ep - up);
        /* Legal only if it captures the checker or lands on the check line. */
        if (check_mask & (bb_of(ep) | bb_of(captured_sq))) {
            for (Bitboard b = ep_capturers; b; b &= b - 1) {
                Square from = bb_first(b);
                if (!ep_capture_legal(p, &f, from, ep, captured_sq, us))
                    continue;
                if (sink_counts(sink))
                    s->count++;
                else
                    sink_move(s, sink, p, us, PAWN, MK_EN_PASSANT, from, ep);
            }
        }
    }

    /* Castling: the squares between king and rook must be empty, and the
     * king may not pass an attacked square (nor start on one: !in_check). */
    const unsigned rights = sink == SINK_TACTICAL ? 0 : castling_rights_of(p, us);
    if (rights && !in_check && (p->castling & CASTLE960_FLAG)) {
        sink_castling_960(s, sink, p, us, f.king, occupied);
    } else if (rights && !in_check) {
        const Square king_from = us == WHITE ? SQ_E1 : SQ_E8;
        if ((rights & 1) && !(occupied & castle_path(us, true)) && squares_safe(p, &f, castle_walk(us, true), us)) {
            if (sink_counts(sink))
                s->count++;
            else
                sink_move(s, sink, p, us, KING, MK_KING_CASTLE, king_from, (Square)(king_from + 2));
        }
        if ((rights & 2) && !(occupied & castle_path(us, false)) && squares_safe(p, &f, castle_walk(us, false), us)) {
            if (sink_counts(sink))
                s->count++;
            else
                sink_move(s, sink, p, us, KING, MK_QUEEN_CASTLE, king_from, (Square)(king_from - 2));
        }
    }
}

static BB_ALWAYS_INLINE void generate(const Position *p, const Color us, const SinkKind sink, Sink *s)
{
    NodeFacts f;
    analyse_node(p, us, &f, true);
    const Bitboard king_targets = sink == SINK_TACTICAL ? f.king_safe & pieces_of_color(p, color_flip(us)) : f.king_safe;
    sink_piece_moves(s, sink, p, us, KING, f.king, king_targets);
    if (!f.checkers)
        generate_non_king(p, us, sink, s, &f, false);
    else if (f.check_mask) /* in double check only the king moves */
        generate_non_king(p, us, sink, s, &f, true);
}

/* ---- perft: copy-make, side fixed per function, counting at the last ply ---- */

static int count_moves_white(const Position *p, const CastleGeometry *g)
{
    Sink s = { .castle = g, .count = 0 };
    generate(p, WHITE, SINK_COUNT, &s);
    return s.count;
}

static int count_moves_black(const Position *p, const CastleGeometry *g)
{
    Sink s = { .castle = g, .count = 0 };
    generate(p, BLACK, SINK_COUNT, &s);
    return s.count;
}

/* The ReplyCache of a depth-2 node for the replier us (see ReplyCache). */
static BB_ALWAYS_INLINE void reply_cache_init(const Position *p, const Color us, ReplyCache *rc)
{
    const Color them = color_flip(us);
    const Bitboard own = pieces_of_color(p, us), occupied = occupied_squares(p);
    analyse_node(p, us, &rc->facts, false); /* the replier is not in check */
    const NodeFacts *f = &rc->facts;
    const Square king = f->king;
    const Bitboard zone = queen_attacks(king, occupied & ~queen_attacks(king, occupied));
    const Bitboard enemy = pieces_of_color(p, them);
    const Bitboard enemy_straight = (p->bb[ROOK] | p->bb[QUEEN]) & enemy;
    const Bitboard enemy_diagonal = (p->bb[BISHOP] | p->bb[QUEEN]) & enemy;
    rc->zone_live = castling_rights_of(p, us) ? zone & bb_tables.line[LINE_RANK][king] : 0;
    rc->zone_straight = zone & bb_tables.rook_rays[king];
    rc->zone_diagonal = zone & bb_tables.bishop_rays[king];
    rc->knight_checks = bb_tables.knight[king];
    rc->pawn_checks = bb_tables.pawn_attacks[us][king];
    const Bitboard beside_pawns =
        ((pieces_of(p, us, PAWN) << 1) & ~BB_FILE_A_MASK) | ((pieces_of(p, us, PAWN) >> 1) & ~BB_FILE_H_MASK);
    rc->en_passant_exposed = beside_pawns & (them == WHITE ? BB_RANK_4_MASK : BB_RANK_5_MASK);
    /* All rays dead, unless an enemy slider stands on one of its kind. */
    if ((bb_tables.rook_rays[king] & enemy_straight) | (bb_tables.bishop_rays[king] & enemy_diagonal))
        for (int d = 0; d < DIR_COUNT; d++) {
            const Bitboard ray = bb_tables.ray[d][king];
            const bool straight = d == DIR_N || d == DIR_E || d == DIR_S || d == DIR_W;
            if (ray & (straight ? enemy_straight : enemy_diagonal)) {
                rc->zone_live |= zone & ray;
                rc->zone_straight &= ~ray;
                rc->zone_diagonal &= ~ray;
            }
        }
    rc->king_steps = bb_tables.king[king] & ~own;

    rc->sliders = (p->bb[BISHOP] | p->bb[ROOK] | p->bb[QUEEN]) & own & ~f->pinned;
    rc->seen = 0;
    int pieces = 0; /* the attack sets found here count the moves too */
    for (Bitboard b = rc->sliders; b; b &= b - 1) {
        const Square sq = bb_first(b);
        const Bitboard attacks = slider_attacks_on(p, sq, occupied);
        rc->slider_attacks[sq] = attacks;
        rc->seen |= attacks;
        pieces += bb_count(attacks & ~own);
    }
    for (Bitboard b = pieces_of(p, us, KNIGHT) & ~f->pinned; b; b &= b - 1)
        pieces += bb_count(bb_tables.knight[bb_first(b)] & ~own);
    for (Bitboard b = (p->bb[BISHOP] | p->bb[ROOK] | p->bb[QUEEN]) & own & f->pinned; b; b &= b - 1) {
        const Square sq = bb_first(b);
        pieces += bb_count(slider_attacks_on(p, sq, occupied) & ~own & pin_line_of(f, sq));
    }
    rc->pieces_count = pieces;

    const Bitboard pawns = pieces_of(p, us, PAWN), unpinned = pawns & ~f->pinned;
    const PawnTargets t = pawn_targets(us, pawns, ~occupied, enemy, f, ~0ull);
    rc->pawn_count = count_pawn_targets(&t, us);
    const Bitboard rank_3 = us == WHITE ? BB_RANK_3_MASK : BB_RANK_6_MASK;
    const Bitboard pushed = shift_up(unpinned, us);
    rc->pawn_zone = unpinned | pushed | shift_up(pushed & rank_3, us) | pawn_attack_set(unpinned, us);

    /* The walks are tested with the king lifted, like its steps: not in
     * check, that changes nothing (whatever the king would shelter on its
     * rank would be giving check). */
    const Bitboard lifted = occupied ^ bb_of(king);
    const AttackerSets ours = attacker_sets(p, them);
    rc->walk[0] = rc->walk[1] = 0;
    rc->castle_count = 0;
    rc->attacked = rc->king_steps & ~f->king_safe;
    const unsigned rights = castling_rights_of(p, us);
    if (rights && (p->castling & CASTLE960_FLAG))
        rc->zone_live = ~0ull; /* Chess960 castling: every move is made */
    for (int wing = 0; wing < 2 && !(p->castling & CASTLE960_FLAG); wing++) {
        if (!(rights & (1u << wing)) || (occupied & castle_path(us, wing == 0)))
            continue;
        const Bitboard walk = castle_walk(us, wing == 0);
        rc->walk[wing] = walk;
        for (Bitboard w = walk & ~rc->king_steps; w; w &= w - 1)
            if (square_attacked_by(&ours, bb_first(w), lifted, them))
                rc->attacked |= w & -w;
        rc->castle_count += !(walk & rc->attacked);
    }
    rc->watch_mask = rc->king_steps | rc->walk[0] | rc->walk[1];
    rc->watch_rays = 0;
    rc->watch_count = 0;
    Bitboard knight_reach = 0; /* where our knight attacks a watched square */
    for (Bitboard w = rc->watch_mask; w; w &= w - 1) {
        const Square sq = bb_first(w);
        const Bitboard rays = queen_attacks(sq, lifted);
        rc->watch_square[rc->watch_count] = sq;
        rc->watch_ray[rc->watch_count++] = rays;
        rc->watch_rays |= rays;
        knight_reach |= bb_tables.knight[sq];
    }
    rc->king_count = bb_count(f->king_safe) + rc->castle_count;
    rc->total_count = rc->pieces_count + rc->pawn_count + rc->king_count;

    /* A square stirs a reply if one of the replier's sliders sees it, its
     * pawns use it, a watched square's ray runs through it or it is in
     * the live zone; for a type, also where that piece would check, pin
     * (a dead ray of its kind) or attack a watched square. One set serves
     * both squares of a move: our piece cannot stand where it would check,
     * nor a slider on a dead ray of its own kind. */
    const Bitboard stir = rc->seen | rc->pawn_zone | rc->watch_rays | rc->zone_live;
    const Bitboard w = rc->watch_mask;
    const Bitboard beside = ((w << 1) & ~BB_FILE_A_MASK) | ((w >> 1) & ~BB_FILE_H_MASK) | w;
    rc->stir[PAWN] = stir | rc->pawn_checks | pawn_attack_set(w, us);
    rc->stir[KNIGHT] = stir | rc->knight_checks | knight_reach;
    rc->stir[BISHOP] = stir | rc->zone_diagonal;
    rc->stir[ROOK] = stir | rc->zone_straight;
    rc->stir[QUEEN] = stir | rc->zone_diagonal | rc->zone_straight;
    rc->stir[KING] = stir | beside | (beside << 8) | (beside >> 8);

}

/* A depth-2 node: first what its replies share, seen from the replier,
 * then each move counted. */
static BB_ALWAYS_INLINE uint64_t perft_bulk2(const Position *p, const CastleGeometry *g, const Color us)
{
    ReplyCache rc;
    reply_cache_init(p, color_flip(us), &rc);
    Sink s = { .castle = g, .nodes = 0, .replies = &rc };
    generate(p, us, SINK_BULK2, &s);
    return s.nodes;
}

static uint64_t perft_bulk2_white(const Position *p, const CastleGeometry *g) { return perft_bulk2(p, g, WHITE); }
static uint64_t perft_bulk2_black(const Position *p, const CastleGeometry *g) { return perft_bulk2(p, g, BLACK); }

/* depth >= 3 (bulk) or >= 1 (full). */
static BB_ALWAYS_INLINE uint64_t perft_node(const Position *p, const CastleGeometry *g, int depth, const Color us,
                                            const SinkKind sink)
{
    Sink s = { .castle = g, .depth = depth, .nodes = 0 };
    generate(p, us, sink, &s);
    return s.nodes;
}

static uint64_t perft_bulk_white(const Position *p, const CastleGeometry *g, int depth)
{
    return perft_node(p, g, depth, WHITE, SINK_BULK);
}
static uint64_t perft_bulk_black(const Position *p, const CastleGeometry *g, int depth)
{
    return perft_node(p, g, depth, BLACK, SINK_BULK);
}
static uint64_t perft_full_white(const Position *p, const CastleGeometry *g, int depth)
{
    return perft_node(p, g, depth, WHITE, SINK_FULL);
}
static uint64_t perft_full_black(const Position *p, const CastleGeometry *g, int depth)
{
    return perft_node(p, g, depth, BLACK, SINK_FULL);
}

/* ---- the MoveGen interface ---- */

static void gen_load(void *board, const Setup *s)
{
    GEN_CAT(STRATEGY, _attacks_init)();
    BitboardBoard *b = board;
    /* Unused undo records stay zero, so make + unmake restores every byte. */
    memset(b, 0, sizeof *b);
    position_load(&b->pos, &b->castle, s);
}

static void gen_save(const void *board, Setup *s)
{
    const BitboardBoard *b = board;
    position_save(&b->pos, &b->castle, s);
}

static int gen_legal_moves(const void *board, Move *out)
{
    const BitboardBoard *b = board;
    const Position *p = &b->pos;
    Sink s = { .castle = &b->castle, .out = out, .count = 0 };
    if (p->side == WHITE)
        generate(p, WHITE, SINK_LIST, &s);
    else
        generate(p, BLACK, SINK_LIST, &s);
    return s.count;
}

static bool gen_in_check(const void *board)
{
    const Position *p = &((const BitboardBoard *)board)->pos;
    Color us = (Color)p->side;
    return attackers_of(p, bb_first(pieces_of(p, us, KING)), occupied_squares(p), color_flip(us)) != 0;
}

static void gen_make(void *board, Move m)
{
    BitboardBoard *b = board;
    Position *p = &b->pos;
    UndoRecord *u = &b->undo[b->undo_count++];
    u->key = p->key;
    u->move = m;
    u->halfmove = p->halfmove;
    u->castling = p->castling;
    u->ep = p->ep;
    Position before = *p;
    u->captured = position_make_move(p, &before, &b->castle, m, (Color)before.side);
}

static void gen_unmake(void *board)
{
    BitboardBoard *b = board;
    UndoRecord *u = &b->undo[--b->undo_count];
    position_undo_move(&b->pos, &b->castle, u);
    memset(u, 0, sizeof *u);
}

static uint64_t gen_key(const void *board) { return ((const BitboardBoard *)board)->pos.key; }

static uint64_t gen_perft(void *board, int depth, PerftMode mode)
{
    if (depth <= 0)
        return 1;
    const BitboardBoard *b = board;
    Position p = b->pos;
    const CastleGeometry *g = &b->castle;
    bool white = p.side == WHITE;
    if (mode == PERFT_FULL)
        return white ? perft_full_white(&p, g, depth) : perft_full_black(&p, g, depth);
    if (depth == 1)
        return (uint64_t)(white ? count_moves_white(&p, g) : count_moves_black(&p, g));
    if (depth == 2)
        return white ? perft_bulk2_white(&p, g) : perft_bulk2_black(&p, g);
    return white ? perft_bulk_white(&p, g, depth) : perft_bulk_black(&p, g, depth);
}

#ifdef GEN_EXPORT_PREFIX
/* The legal captures and promotions (under-promotions included), in the
 * order legal_moves lists them. */
int GEN_CAT(GEN_EXPORT_PREFIX, tactical_moves)(const void *board, Move *out)
{
    const Position *p = &((const BitboardBoard *)board)->pos;
    Sink s = { .castle = &((const BitboardBoard *)board)->castle, .out = out, .count = 0 };
    if (p->side == WHITE)
        generate(p, WHITE, SINK_TACTICAL, &s);
    else
        generate(p, BLACK, SINK_TACTICAL, &s);
    return s.count;
}
/* The number of legal moves, by the counting sink (no list). */
int GEN_CAT(GEN_EXPORT_PREFIX, legal_count)(const void *board)
{
    const BitboardBoard *b = board;
    return b->pos.side == WHITE ? count_moves_white(&b->pos, &b->castle) : count_moves_black(&b->pos, &b->castle);
}
/* Whether m is one of legal_moves' moves, for a move that may come from
 * another position (a hash table's move after a key collision, or any 16
 * bits): the search tries its hash move before generating the others.
 * The move must fit what stands on the board (piece, kind, path); then the
 * king must be safe once it is played, which the occupancy after the move
 * answers. Castling, rare in a hash move, is looked up in the full list. */
bool GEN_CAT(GEN_EXPORT_PREFIX, is_legal)(const void *board, Move m)
{
    const BitboardBoard *b = board;
    const Position *p = &b->pos;
    const Color us = (Color)p->side, them = color_flip(us);
    const Square from = move_from(m), to = move_to(m);
    const MoveKind kind = move_kind(m);
    const Bitboard own = pieces_of_color(p, us), enemy = pieces_of_color(p, them), occupied = own | enemy;
    const Bitboard from_bit = bb_of(from), to_bit = bb_of(to);
    if (!(own & from_bit) || (own & to_bit) || kind == 6 || kind == 7)
        return false;
    if (kind_is_castle(kind)) {
        Move list[MAX_MOVES];
        const int n = gen_legal_moves(board, list);
        for (int i = 0; i < n; i++)
            if (list[i] == m)
                return true;
        return false;
    }
    const bool capture = (kind & MK_CAPTURE_BIT) != 0, promotion = (kind & MK_PROMO_BIT) != 0;
    const PieceType moved = position_type_on(p, from);
    const int up = us == WHITE ? 8 : -8;
    Bitboard captured_bit = to_bit;
    if (moved == PAWN) {
        const Bitboard last_rank = us == WHITE ? BB_RANK_8_MASK : BB_RANK_1_MASK;
        if (promotion != ((to_bit & last_rank) != 0))
            return false;
        if (kind == MK_EN_PASSANT) {
            if (to != p->ep || !(bb_tables.pawn_attacks[us][from] & to_bit))
                return false;
            captured_bit = bb_of((Square)(to - up));
        } else if (capture) {
            if (!(enemy & to_bit) || !(bb_tables.pawn_attacks[us][from] & to_bit))
                return false;
        } else if (kind == MK_DOUBLE_PUSH) {
            const Bitboard second_rank = us == WHITE ? BB_RANK_2_MASK : BB_RANK_7_MASK;
            if (!(from_bit & second_rank) || to != from + 2 * up || (occupied & (bb_of((Square)(from + up)) | to_bit)))
                return false;
        } else if (to != from + up || (occupied & to_bit)) {
            return false;
        }
    } else {
        if (promotion || kind == MK_DOUBLE_PUSH || kind == MK_EN_PASSANT || capture != ((enemy & to_bit) != 0))
            return false;
        Bitboard reach = moved == KNIGHT ? bb_tables.knight[from]
                         : moved == KING ? bb_tables.king[from]
                         : moved == BISHOP ? bishop_attacks(from, occupied)
                         : moved == ROOK ? rook_attacks(from, occupied)
                                         : queen_attacks(from, occupied);
        if (!(reach & to_bit))
            return false;
    }
    if (!capture)
        captured_bit = 0;
    const Bitboard after = (occupied & ~from_bit & ~captured_bit) | to_bit;
    const Square king = moved == KING ? to : bb_first(pieces_of(p, us, KING));
    return (attackers_of(p, king, after, them) & ~captured_bit) == 0;
}
/* A null move (the side to move passes), for the search's null-move
 * pruning; undone by unmake_null. */
void GEN_CAT(GEN_EXPORT_PREFIX, make_null)(void *board)
{
    BitboardBoard *b = board;
    UndoRecord *u = &b->undo[b->undo_count++];
    position_make_null(&b->pos, u);
}
void GEN_CAT(GEN_EXPORT_PREFIX, unmake_null)(void *board)
{
    BitboardBoard *b = board;
    UndoRecord *u = &b->undo[--b->undo_count];
    position_undo_null(&b->pos, u);
    memset(u, 0, sizeof *u);
}
void GEN_CAT(GEN_EXPORT_PREFIX, load)(void *board, const Setup *s) { gen_load(board, s); }
void GEN_CAT(GEN_EXPORT_PREFIX, save)(const void *board, Setup *s) { gen_save(board, s); }
int GEN_CAT(GEN_EXPORT_PREFIX, legal_moves)(const void *board, Move *out) { return gen_legal_moves(board, out); }
bool GEN_CAT(GEN_EXPORT_PREFIX, in_check)(const void *board) { return gen_in_check(board); }
void GEN_CAT(GEN_EXPORT_PREFIX, make)(void *board, Move m) { gen_make(board, m); }
void GEN_CAT(GEN_EXPORT_PREFIX, unmake)(void *board) { gen_unmake(board); }
uint64_t GEN_CAT(GEN_EXPORT_PREFIX, key)(const void *board) { return gen_key(board); }
uint64_t GEN_CAT(GEN_EXPORT_PREFIX, perft)(void *board, int depth, PerftMode mode)
{
    return gen_perft(board, depth, mode);
}
/* The strategy's attacks out of line, for tests. */
Bitboard GEN_CAT(GEN_EXPORT_PREFIX, rook_attacks)(Square sq, Bitboard occupied) { return rook_attacks(sq, occupied); }
Bitboard GEN_CAT(GEN_EXPORT_PREFIX, bishop_attacks)(Square sq, Bitboard occupied)
{
    return bishop_attacks(sq, occupied);
}
Bitboard GEN_CAT(GEN_EXPORT_PREFIX, queen_attacks)(Square sq, Bitboard occupied) { return queen_attacks(sq, occupied); }
#else
const MoveGen GEN_CAT(movegen_, GEN_SYMBOL) = {
    .name = GEN_NAME,
    .summary = GEN_SUMMARY,
    .unavailable_reason = GEN_UNAVAILABLE,
    .note = GEN_NOTE,
    .board_size = sizeof(BitboardBoard),
    .load = gen_load,
    .save = gen_save,
    .legal_moves = gen_legal_moves,
    .in_check = gen_in_check,
    .make = gen_make,
    .unmake = gen_unmake,
    .key = gen_key,
    .perft = gen_perft,
};
#endif
