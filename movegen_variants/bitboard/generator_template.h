/* The one legal move generator of the bitboard family, written once and
 * instantiated per slider-attack strategy. Include it after a strategy
 * header and `#define STRATEGY <prefix>`; the header must define
 *     static inline Bitboard <prefix>_rook_attacks(Square sq, Bitboard occupied);
 *     static inline Bitboard <prefix>_bishop_attacks(Square sq, Bitboard occupied);
 *     <prefix>_attacks_init(void)  run by load, idempotent (may do nothing)
 * and, where a queen is cheaper than rook + bishop, STRATEGY_HAS_QUEEN_ATTACKS
 * with <prefix>_queen_attacks. Define either
 *     GEN_SYMBOL, GEN_NAME, GEN_SUMMARY, GEN_UNAVAILABLE, GEN_NOTE
 *         -> const MoveGen movegen_<GEN_SYMBOL>
 * or
 *     GEN_EXPORT_PREFIX  -> extern functions <prefix>load, <prefix>perft, ...
 *         (see generator_exports.h), for strategies compiled with extra
 *         instruction sets whose MoveGen lives in a file compiled without.
 * Switch: BITBOARD_PLANT_EP_RANK_BUG 1 forgets that an en passant capture
 * removes two pawns from one rank (a planted bug for the test suite).
 *
 * Legality without trial moves: before generating, compute
 *   checkers    enemy pieces attacking our king;
 *   check_mask  squares a non-king move must reach (all, or the checker and
 *               the squares between it and the king; nothing in double check);
 *   pin_hv/pin_diag  for each enemy slider with exactly one of our pieces
 *               between it and our king: that line segment, pinner included.
 * A pinned piece stays on its pin segment; king moves are tested against
 * attacks computed without the king on the board; en passant gets an
 * explicit test because it removes two pieces at once. */

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

/* ---- attacks against a side ---- */

static BB_ALWAYS_INLINE Bitboard attackers_of(const Position *p, Square sq, Bitboard occupied, const Color by)
{
    Bitboard enemy = p->color_bb[by];
    Bitboard diagonal = p->type_bb[BISHOP] | p->type_bb[QUEEN];
    Bitboard straight = p->type_bb[ROOK] | p->type_bb[QUEEN];
    return ((bb_tables.pawn_attacks[by ^ 1][sq] & p->type_bb[PAWN]) |
            (bb_tables.knight[sq] & p->type_bb[KNIGHT]) | (bb_tables.king[sq] & p->type_bb[KING]) |
            (bishop_attacks(sq, occupied) & diagonal) | (rook_attacks(sq, occupied) & straight)) &
           enemy;
}

/* Cheapest tests first: most king destinations fail or pass on leapers. */
static BB_ALWAYS_INLINE bool square_attacked(const Position *p, Square sq, Bitboard occupied, const Color by)
{
    Bitboard enemy = p->color_bb[by];
    if ((bb_tables.pawn_attacks[by ^ 1][sq] & p->type_bb[PAWN] & enemy) ||
        (bb_tables.knight[sq] & p->type_bb[KNIGHT] & enemy) || (bb_tables.king[sq] & p->type_bb[KING] & enemy))
        return true;
    Bitboard diagonal = (p->type_bb[BISHOP] | p->type_bb[QUEEN]) & enemy;
    Bitboard straight = (p->type_bb[ROOK] | p->type_bb[QUEEN]) & enemy;
    return ((bb_tables.bishop_rays[sq] & diagonal) && (bishop_attacks(sq, occupied) & diagonal)) ||
           ((bb_tables.rook_rays[sq] & straight) && (rook_attacks(sq, occupied) & straight));
}

/* ---- emitting moves (out == NULL: count only, folded at compile time) ---- */

static BB_ALWAYS_INLINE int emit_piece_moves(Move *out, int n, Square from, Bitboard targets, Bitboard enemy)
{
    if (!out)
        return n + bb_count(targets);
    for (; targets; targets &= targets - 1) {
        Square to = bb_first(targets);
        /* MK_CAPTURE is kind 4: bit 14 of the move. */
        out[n++] = (Move)(from | (to << 6) | (((enemy >> to) & 1) << 14));
    }
    return n;
}

/* Pawn moves of one kind given by their destinations; from = to - delta. */
static BB_ALWAYS_INLINE int emit_pawn_moves(Move *out, int n, Bitboard targets, int delta, MoveKind kind)
{
    if (!out)
        return n + bb_count(targets);
    for (; targets; targets &= targets - 1) {
        Square to = bb_first(targets);
        out[n++] = move_make((Square)(to - delta), to, kind);
    }
    return n;
}

static BB_ALWAYS_INLINE int emit_promotions(Move *out, int n, Bitboard targets, int delta, MoveKind knight_kind)
{
    if (!out)
        return n + 4 * bb_count(targets);
    for (; targets; targets &= targets - 1) {
        Square to = bb_first(targets);
        for (int k = 0; k < 4; k++)
            out[n++] = move_make((Square)(to - delta), to, (MoveKind)(knight_kind + k));
    }
    return n;
}

/* ---- the generator ---- */

/* En passant: pins and the check mask were applied by the caller; what is
 * left is the discovered attack through the squares both pawns vacate. */
static BB_ALWAYS_INLINE bool ep_capture_safe(const Position *p, Square king, Square from, Square ep,
                                             Square captured_sq, const Color us)
{
    const Color them = color_flip(us);
    Bitboard occupied = (p->type_bb[0] ^ bb_of(from) ^ bb_of(captured_sq)) | bb_of(ep);
    Bitboard enemy = p->color_bb[them];
    Bitboard straight = (p->type_bb[ROOK] | p->type_bb[QUEEN]) & enemy;
    Bitboard diagonal = (p->type_bb[BISHOP] | p->type_bb[QUEEN]) & enemy;
    if (!BITBOARD_PLANT_EP_RANK_BUG && (rook_attacks(king, occupied) & straight))
        return false;
    return (bishop_attacks(king, occupied) & diagonal) == 0;
}

static BB_ALWAYS_INLINE int generate_moves(const Position *p, Move *out, const Color us)
{
    const Color them = color_flip(us);
    const int up = us == WHITE ? UP_WHITE : -UP_WHITE;
    const int up_west = us == WHITE ? UP_WEST_WHITE : -UP_EAST_WHITE;
    const int up_east = us == WHITE ? UP_EAST_WHITE : -UP_WEST_WHITE;
    const Bitboard rank_3 = us == WHITE ? BB_RANK_3_MASK : BB_RANK_6_MASK;
    const Bitboard rank_8 = us == WHITE ? BB_RANK_8_MASK : BB_RANK_1_MASK;

    const Bitboard occupied = p->type_bb[0];
    const Bitboard own = p->color_bb[us], enemy = p->color_bb[them];
    const Bitboard empty = ~occupied;
    const Square king = bb_first(pieces_of(p, us, KING));
    const Bitboard enemy_straight = (p->type_bb[ROOK] | p->type_bb[QUEEN]) & enemy;
    const Bitboard enemy_diagonal = (p->type_bb[BISHOP] | p->type_bb[QUEEN]) & enemy;
    int n = 0;

    /* King steps, tested with the king lifted so it cannot hide behind itself. */
    const Bitboard occupied_no_king = occupied ^ bb_of(king);
    for (Bitboard t = bb_tables.king[king] & ~own; t; t &= t - 1) {
        Square to = bb_first(t);
        if (!square_attacked(p, to, occupied_no_king, them))
            n = emit_piece_moves(out, n, king, bb_of(to), enemy);
    }

    /* Slider checks are looked up only when a slider is on an open line. */
    Bitboard checkers = ((bb_tables.pawn_attacks[us][king] & p->type_bb[PAWN]) |
                         (bb_tables.knight[king] & p->type_bb[KNIGHT])) & enemy;
    if (bb_tables.bishop_rays[king] & enemy_diagonal)
        checkers |= bishop_attacks(king, occupied) & enemy_diagonal;
    if (bb_tables.rook_rays[king] & enemy_straight)
        checkers |= rook_attacks(king, occupied) & enemy_straight;
    if (bb_several(checkers))
        return n;
    const Bitboard check_mask = checkers ? bb_tables.between[king][bb_first(checkers)] | checkers : ~0ull;

    Bitboard pin_hv = 0, pin_diag = 0;
    for (Bitboard s = bb_tables.rook_rays[king] & enemy_straight; s; s &= s - 1) {
        Square sniper = bb_first(s);
        Bitboard segment = bb_tables.between[king][sniper];
        Bitboard blockers = segment & occupied;
        if (blockers && !bb_several(blockers) && (blockers & own))
            pin_hv |= segment | bb_of(sniper);
    }
    for (Bitboard s = bb_tables.bishop_rays[king] & enemy_diagonal; s; s &= s - 1) {
        Square sniper = bb_first(s);
        Bitboard segment = bb_tables.between[king][sniper];
        Bitboard blockers = segment & occupied;
        if (blockers && !bb_several(blockers) && (blockers & own))
            pin_diag |= segment | bb_of(sniper);
    }
    const Bitboard pinned = (pin_hv | pin_diag) & own;
    const Bitboard targets = ~own & check_mask;

    /* Knights: a pinned knight can never stay on its line. */
    for (Bitboard b = pieces_of(p, us, KNIGHT) & ~pinned; b; b &= b - 1) {
        Square from = bb_first(b);
        n = emit_piece_moves(out, n, from, bb_tables.knight[from] & targets, enemy);
    }

    /* Sliders. Unpinned ones move freely; a pinned one only along its pin
     * segment, which also rules out the other kind of line (a rook pinned
     * on a diagonal cannot move at all). */
    const Bitboard bishops = pieces_of(p, us, BISHOP), rooks = pieces_of(p, us, ROOK);
    const Bitboard queens = pieces_of(p, us, QUEEN);
    for (Bitboard b = bishops & ~pinned; b; b &= b - 1) {
        Square from = bb_first(b);
        n = emit_piece_moves(out, n, from, bishop_attacks(from, occupied) & targets, enemy);
    }
    for (Bitboard b = rooks & ~pinned; b; b &= b - 1) {
        Square from = bb_first(b);
        n = emit_piece_moves(out, n, from, rook_attacks(from, occupied) & targets, enemy);
    }
    for (Bitboard b = queens & ~pinned; b; b &= b - 1) {
        Square from = bb_first(b);
        n = emit_piece_moves(out, n, from, queen_attacks(from, occupied) & targets, enemy);
    }
    if (!checkers) { /* a pinned piece can never answer a check */
        for (Bitboard b = (bishops | queens) & pin_diag; b; b &= b - 1) {
            Square from = bb_first(b);
            n = emit_piece_moves(out, n, from, bishop_attacks(from, occupied) & targets & pin_diag, enemy);
        }
        for (Bitboard b = (rooks | queens) & pin_hv; b; b &= b - 1) {
            Square from = bb_first(b);
            n = emit_piece_moves(out, n, from, rook_attacks(from, occupied) & targets & pin_hv, enemy);
        }
    }

    /* Pawns, all at once by shifting. Pushes: free pawns, and pawns pinned
     * on a file (their pushes stay on it). Captures: free pawns, and pawns
     * pinned on a diagonal capturing along it. */
    const Bitboard pawns = pieces_of(p, us, PAWN);
    const Bitboard free_pawns = pawns & ~pinned;
    Bitboard single = (shift_up(free_pawns, us) | (shift_up(pawns & pin_hv, us) & pin_hv)) & empty;
    Bitboard twice = shift_up(single & rank_3, us) & empty & check_mask;
    single &= check_mask;
    Bitboard west = (shift_up_west(free_pawns, us) | (shift_up_west(pawns & pin_diag, us) & pin_diag)) &
                    enemy & check_mask;
    Bitboard east = (shift_up_east(free_pawns, us) | (shift_up_east(pawns & pin_diag, us) & pin_diag)) &
                    enemy & check_mask;

    n = emit_pawn_moves(out, n, single & ~rank_8, up, MK_QUIET);
    n = emit_pawn_moves(out, n, twice, 2 * up, MK_DOUBLE_PUSH);
    n = emit_pawn_moves(out, n, west & ~rank_8, up_west, MK_CAPTURE);
    n = emit_pawn_moves(out, n, east & ~rank_8, up_east, MK_CAPTURE);
    if ((single | west | east) & rank_8) {
        n = emit_promotions(out, n, single & rank_8, up, MK_PROMO_N);
        n = emit_promotions(out, n, west & rank_8, up_west, MK_PROMO_CAPTURE_N);
        n = emit_promotions(out, n, east & rank_8, up_east, MK_PROMO_CAPTURE_N);
    }

    if (p->ep != SQ_NONE) {
        const Square ep = p->ep, captured_sq = (Square)(ep - up);
        /* Legal only if it captures the checker or lands on the check line. */
        if (check_mask & (bb_of(ep) | bb_of(captured_sq))) {
            for (Bitboard b = bb_tables.pawn_attacks[them][ep] & pawns & ~pin_hv; b; b &= b - 1) {
                Square from = bb_first(b);
                if ((bb_of(from) & pin_diag) && !(bb_of(ep) & pin_diag))
                    continue;
                if (ep_capture_safe(p, king, from, ep, captured_sq, us)) {
                    if (out)
                        out[n] = move_make(from, ep, MK_EN_PASSANT);
                    n++;
                }
            }
        }
    }

    /* Castling: rights imply king and rook on their squares; the squares
     * between must be empty, and the king may not pass an attacked square. */
    if (!checkers) {
        const uint8_t rights = p->castling >> (2 * us); /* bit 0 king side, bit 1 queen side */
        const Square base = us == WHITE ? SQ_A1 : SQ_A8;
        if ((rights & 1) && !(occupied & (bb_of(base + 5u) | bb_of(base + 6u))) &&
            !square_attacked(p, (Square)(base + 5), occupied, them) &&
            !square_attacked(p, (Square)(base + 6), occupied, them)) {
            if (out)
                out[n] = move_make((Square)(base + 4), (Square)(base + 6), MK_KING_CASTLE);
            n++;
        }
        if ((rights & 2) && !(occupied & (bb_of(base + 1u) | bb_of(base + 2u) | bb_of(base + 3u))) &&
            !square_attacked(p, (Square)(base + 3), occupied, them) &&
            !square_attacked(p, (Square)(base + 2), occupied, them)) {
            if (out)
                out[n] = move_make((Square)(base + 4), (Square)(base + 2), MK_QUEEN_CASTLE);
            n++;
        }
    }
    return n;
}

/* ---- perft: copy-make, side fixed per function, bulk count at the last ply ---- */

static uint64_t perft_bulk_white(const Position *p, int depth);
static uint64_t perft_bulk_black(const Position *p, int depth);
static uint64_t perft_full_white(const Position *p, int depth);
static uint64_t perft_full_black(const Position *p, int depth);

static BB_ALWAYS_INLINE uint64_t perft_node(const Position *p, int depth, const Color us, const bool full)
{
    if (!full && depth == 1)
        return (uint64_t)generate_moves(p, NULL, us);
    Move moves[MAX_MOVES];
    int count = generate_moves(p, moves, us);
    uint64_t nodes = 0;
    for (int i = 0; i < count; i++) {
        Position child;
        position_copy_make(&child, p, moves[i], us, full);
        if (depth == 1) {
            /* Keep the leaf make from being optimised away. */
            __asm__ __volatile__("" : : "r"(&child) : "memory");
            nodes++;
        } else if (full) {
            nodes += us == WHITE ? perft_full_black(&child, depth - 1) : perft_full_white(&child, depth - 1);
        } else {
            nodes += us == WHITE ? perft_bulk_black(&child, depth - 1) : perft_bulk_white(&child, depth - 1);
        }
    }
    return nodes;
}

static uint64_t perft_bulk_white(const Position *p, int depth) { return perft_node(p, depth, WHITE, false); }
static uint64_t perft_bulk_black(const Position *p, int depth) { return perft_node(p, depth, BLACK, false); }
static uint64_t perft_full_white(const Position *p, int depth) { return perft_node(p, depth, WHITE, true); }
static uint64_t perft_full_black(const Position *p, int depth) { return perft_node(p, depth, BLACK, true); }

/* ---- the MoveGen interface ---- */

static void gen_load(void *board, const Setup *s)
{
    GEN_CAT(STRATEGY, _attacks_init)();
    BitboardBoard *b = board;
    /* Unused undo records stay zero, so make + unmake restores every byte. */
    memset(b, 0, sizeof *b);
    position_load(&b->pos, s);
}

static void gen_save(const void *board, Setup *s)
{
    position_save(&((const BitboardBoard *)board)->pos, s);
}

static int gen_legal_moves(const void *board, Move *out)
{
    const Position *p = &((const BitboardBoard *)board)->pos;
    return p->side == WHITE ? generate_moves(p, out, WHITE) : generate_moves(p, out, BLACK);
}

static bool gen_in_check(const void *board)
{
    const Position *p = &((const BitboardBoard *)board)->pos;
    Color us = (Color)p->side;
    return attackers_of(p, bb_first(pieces_of(p, us, KING)), p->type_bb[0], color_flip(us)) != 0;
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
    u->captured = p->side == WHITE ? position_copy_make(p, &before, m, WHITE, true) : position_copy_make(p, &before, m, BLACK, true);
}

static void gen_unmake(void *board)
{
    BitboardBoard *b = board;
    UndoRecord *u = &b->undo[--b->undo_count];
    position_undo_move(&b->pos, u);
    memset(u, 0, sizeof *u);
}

static uint64_t gen_key(const void *board) { return ((const BitboardBoard *)board)->pos.key; }

static uint64_t gen_perft(void *board, int depth, PerftMode mode)
{
    if (depth <= 0)
        return 1;
    Position p = ((const BitboardBoard *)board)->pos;
    bool white = p.side == WHITE;
    if (mode == PERFT_FULL)
        return white ? perft_full_white(&p, depth) : perft_full_black(&p, depth);
    return white ? perft_bulk_white(&p, depth) : perft_bulk_black(&p, depth);
}

#ifdef GEN_EXPORT_PREFIX
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
