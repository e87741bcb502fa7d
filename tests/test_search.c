/* The search: mates found with the right score, draws by the rules inside
 * the tree, determinism, the transposition table (including torn entries),
 * static exchange, evaluation symmetry, time plans. */
#include "tests/test_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/move_text.h"
#include "core/san.h"
#include "tests/engine_helpers.h"
#include "search/engine.h"
#include "search/eval.h"
#include "search/see.h"
#include "search/search_internal.h"
#include "core/castling.h"

/* ---- helpers ---- */

static Engine *engine_at(const char *fen, const char *const *moves, int count)
{
    Engine *e = engine_new(16);
    assert_non_null(e);
    Setup s;
    char err[256];
    if (!setup_from_fen(&s, fen, err, sizeof err))
        fail_msg("%s: %s", fen, err);
    if (!engine_set_position(e, &s, moves, count, err, sizeof err))
        fail_msg("%s", err);
    return e;
}

/* ---- mates ---- */

/* Every mate in 1, 2 and 3 of mates.epd: the score is exactly that mate,
 * and for mates in 1 and 2 (whose bm lists every mating key) the move is
 * one of the bm moves. All search features on. */
static void test_mates(void **state)
{
    (void)state;
    DataLines data = data_lines_read("mates.epd");
    char **lines = data.lines;
    const int n = data.count;
    int checked[4] = { 0 };
    Engine *e = engine_new(16);
    assert_non_null(e);
    for (int i = 0; i < n; i++) {
        const char *dm_text = strstr(lines[i], "dm ");
        int dm = dm_text ? atoi(dm_text + 3) : 0;
        if (dm < 1 || dm > 3)
            continue;
        char fen[FEN_MAX] = "";
        const char *bm = strstr(lines[i], " bm ");
        snprintf(fen, sizeof fen, "%.*s", (int)(bm - lines[i]), lines[i]);
        Setup s;
        assert_true(setup_from_fen(&s, fen, NULL, 0));
        engine_new_game(e);
        assert_true(engine_set_position(e, &s, NULL, 0, NULL, 0));
        /* `go mate N`: deepen until a mate in at most N moves is found (a
         * shorter one than dm cannot exist, so it must be exactly dm). */
        SearchLimits l;
        search_limits_init(&l);
        l.mate = dm;
        l.depth = 2 * dm + 6;
        SearchResult r;
        engine_search(e, &l, NULL, &r);
        if (!(r.score >= SCORE_MATE_BOUND && score_mate_moves(r.score) == dm))
            fail_msg("%s: expected mate in %d, score %d", fen, dm, r.score);
        if (dm <= 2) {
            /* bm: SAN moves up to ';' */
            char moves[128];
            snprintf(moves, sizeof moves, "%.*s", (int)strcspn(bm + 4, ";"), bm + 4);
            bool found = false;
            char *save = NULL;
            for (char *w = strtok_r(moves, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
                Move m;
                char err[128];
                assert_int_equal(san_to_move(engine_ops(e)->gen, engine_board(e), w, &m, err, sizeof err), SAN_OK);
                found |= m == r.best;
            }
            if (!found)
                fail_msg("%s: played a move not in bm %.*s", fen, (int)strcspn(bm + 4, ";"), bm + 4);
        }
        checked[dm]++;
    }
    engine_free(e);
    data_lines_free(&data);
    assert_int_equal(checked[1], 8);
    assert_int_equal(checked[2], 185);
    assert_int_equal(checked[3], 13);
}

/* The side to move is mated or stalemated: no move, the right score. */
static void test_no_legal_move(void **state)
{
    (void)state;
    Engine *e = engine_at("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", NULL, 0);
    SearchResult r = search_depth(e, 3);
    assert_int_equal(r.best, MOVE_NONE);
    assert_int_equal(r.score, -SCORE_MATE);
    engine_free(e);
    e = engine_at("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", NULL, 0);
    r = search_depth(e, 3);
    assert_int_equal(r.best, MOVE_NONE);
    assert_int_equal(r.score, SCORE_DRAW);
    engine_free(e);
}

/* ---- draws inside the search ---- */

static void test_fifty_move_rule(void **state)
{
    (void)state;
    /* A rook up, but every move completes 100 plies without capture or
     * pawn move (and none mates): a draw. */
    Engine *e = engine_at("8/8/8/8/8/3k4/8/R3K3 w - - 99 80", NULL, 0);
    SearchResult r = search_depth(e, 6);
    assert_int_equal(r.score, SCORE_DRAW);
    engine_free(e);
    /* The same position with the counter at 0: clearly won (the network
     * scores a bare rook up at about 3 pawns, the linear evaluation at 5). */
    e = engine_at("8/8/8/8/8/3k4/8/R3K3 w - - 0 80", NULL, 0);
    r = search_depth(e, 6);
    assert_true(r.score > 200);
    engine_free(e);
    /* A mate on the hundredth ply stands (RULES.md art. 10). */
    e = engine_at("7k/8/6K1/8/8/8/8/R7 w - - 99 80", NULL, 0);
    r = search_depth(e, 3);
    assert_int_equal(r.score, SCORE_MATE - 1);
    engine_free(e);
}

static void test_dead_material(void **state)
{
    (void)state;
    const char *dead[] = {
        "8/8/8/8/8/3k4/8/2B1K3 w - - 0 1",     /* K+B v K */
        "8/8/8/8/8/3k4/8/1N2K3 w - - 0 1",     /* K+N v K */
        "8/8/8/2b5/8/3k4/8/2B1K3 w - - 0 1",   /* bishops on dark squares only */
    };
    for (size_t i = 0; i < sizeof dead / sizeof dead[0]; i++) {
        Engine *e = engine_at(dead[i], NULL, 0);
        SearchResult r = search_depth(e, 5);
        if (r.score != SCORE_DRAW)
            fail_msg("%s: score %d, expected a draw", dead[i], r.score);
        engine_free(e);
    }
}

/* After Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Black's Ng8 repeats the start
 * position a third time: the search scores it as a draw, because it knows
 * the game before the root. */
static void test_repetition_with_history(void **state)
{
    (void)state;
    const char *moves[] = { "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1" };
    Engine *e = engine_at(FEN_STARTPOS, moves, 7);
    SearchLimits l;
    search_limits_init(&l);
    l.depth = 6;
    l.searchmoves[0] = move_from_uci(engine_ops(e)->gen, engine_board(e), "f6g8");
    l.searchmove_count = 1;
    SearchResult r;
    engine_search(e, &l, NULL, &r);
    assert_int_equal(r.best, l.searchmoves[0]);
    assert_int_equal(r.score, SCORE_DRAW);
    engine_free(e);
}

/* ---- determinism ---- */

/* One search thread on its own table and board, without the engine. */
typedef struct ThreadRig {
    SearchThread *thread;
    TranspositionTable tt;
    SearchBoard *board;
    SearchOptions options;
    SearchLimits limits;
    SearchShared shared;
    Color side;
} ThreadRig;

static void rig_open(ThreadRig *rig, const SearchBoardOps *ops, const char *fen)
{
    *rig = (ThreadRig){ .thread = search_thread_new(ops, 0) };
    assert_non_null(rig->thread);
    assert_true(tt_resize(&rig->tt, 8));
    Setup s;
    assert_true(setup_from_fen(&s, fen, NULL, 0));
    rig->side = s.side;
    rig->board = search_board_new();
    ops->load(rig->board, &s);
    search_thread_set_root(rig->thread, rig->board, NULL, 0);
    search_options_default(&rig->options);
    search_limits_init(&rig->limits);
}

/* After the limits are set: the shared state of one search. */
static void rig_init_shared(ThreadRig *rig, const SearchBoardOps *ops)
{
    search_shared_init(&rig->shared, ops, &rig->tt, &rig->options, &rig->limits, rig->side, 0);
}

static void rig_close(ThreadRig *rig)
{
    movegen_board_free(rig->board);
    tt_free(&rig->tt);
    search_thread_free(rig->thread);
}

static SearchResult thread_search(const SearchBoardOps *ops, const char *fen, int depth, uint64_t nodes)
{
    ThreadRig rig;
    rig_open(&rig, ops, fen);
    rig.limits.depth = depth;
    rig.limits.nodes = nodes;
    rig_init_shared(&rig, ops);
    SearchResult r;
    search_iterate(rig.thread, &rig.shared, &r);
    rig_close(&rig);
    return r;
}

/* Same input, same nodes, move and score: every run, and with both slider
 * strategies (they must be indistinguishable to the search). */
static void test_determinism(void **state)
{
    (void)state;
    const char *fens[] = {
        FEN_STARTPOS,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };
    const SearchBoardOps *magic = search_board_ops_named("magic");
    const SearchBoardOps *pext = search_board_ops_named("pext");
    assert_non_null(magic);
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        SearchResult a = thread_search(search_board_ops(), fens[i], 8, 0);
        SearchResult b = thread_search(search_board_ops(), fens[i], 8, 0);
        SearchResult c = thread_search(magic, fens[i], 8, 0);
        assert_true(a.nodes > 1000);
        assert_int_equal(a.nodes, b.nodes);
        assert_int_equal(a.best, b.best);
        assert_int_equal(a.score, b.score);
        assert_int_equal(a.nodes, c.nodes);
        assert_int_equal(a.best, c.best);
        if (pext) {
            SearchResult d = thread_search(pext, fens[i], 8, 0);
            assert_int_equal(a.nodes, d.nodes);
        }
        /* A node limit stops at exactly that many nodes, every time. */
        SearchResult n1 = thread_search(search_board_ops(), fens[i], 0, 5000);
        SearchResult n2 = thread_search(search_board_ops(), fens[i], 0, 5000);
        assert_int_equal(n1.nodes, 5000);
        assert_int_equal(n2.nodes, 5000);
        assert_int_equal(n1.best, n2.best);
    }
}

/* A node limit is exact wherever the search stands when it runs out: a
 * stopped child must not cause a re-search (which would count nodes after
 * the stop). Many limits over the perft suite's middlegames. */
static void test_node_limit_exact(void **state)
{
    (void)state;
    SuiteLines suite = suite_load("perftsuite.epd");
    int searches = 0, stopped_by_limit = 0;
    for (int i = 0; i < suite.count && i < 40; i++)
        for (uint64_t limit = 700; limit < 40000; limit = limit * 3 + 17) {
            SearchResult r = thread_search(search_board_ops(), suite.lines[i].fen, 0, limit);
            if (r.nodes > limit)
                fail_msg("line %d, limit %llu: %llu nodes searched: %s", i + 1, (unsigned long long)limit,
                         (unsigned long long)r.nodes, suite.lines[i].fen);
            searches++;
            stopped_by_limit += r.nodes == limit; /* fewer: a mate or the depth cap ended it */
        }
    assert_true(stopped_by_limit * 4 > searches * 3);
    suite_free(&suite);
}

/* Switching features off changes the tree but not the answer: a mate in 2
 * with a quiet key (which null-move and futility pruning hide at the
 * shallowest depths), every combination of switches. */
static void test_switches(void **state)
{
    (void)state;
    const char *fen = "8/2r2pk1/3p2p1/3Pb3/2P1P2K/6r1/1R2B3/1R6 b - - 0 1"; /* 1... Kh6 */
    for (int mask = 0; mask < 32; mask++) {
        Engine *e = engine_at(fen, NULL, 0);
        SearchOptions *o = engine_options(e);
        o->null_move = mask & 1;
        o->lmr = mask & 2;
        o->futility = mask & 4;
        o->aspiration = mask & 8;
        o->capture_order = mask & 16 ? CAPTURES_MVV_LVA : CAPTURES_SEE;
        SearchLimits l;
        search_limits_init(&l);
        l.mate = 2;
        l.depth = 12;
        SearchResult r;
        engine_search(e, &l, NULL, &r);
        if (!(r.score >= SCORE_MATE_BOUND && score_mate_moves(r.score) == 2))
            fail_msg("switch mask %d: score %d", mask, r.score);
        assert_int_equal(r.best, move_from_uci(engine_ops(e)->gen, engine_board(e), "g7h6"));
        engine_free(e);
    }
}

/* ---- MultiPV ---- */

/* The lines of the last depth reported. */
typedef struct Lines {
    int depth, count;
    Move first[SEARCH_MAX_MULTIPV];
    int score[SEARCH_MAX_MULTIPV];
} Lines;

static void collect_line(void *ctx, const SearchReport *r)
{
    Lines *l = ctx;
    assert_true(r->multipv >= 1 && r->multipv <= SEARCH_MAX_MULTIPV);
    if (r->bound != BOUND_EXACT)
        return;
    if (r->depth != l->depth)
        *l = (Lines){ .depth = r->depth };
    assert_int_equal(r->multipv, l->count + 1); /* in order, 1 first */
    l->first[l->count] = r->pv[0];
    l->score[l->count++] = r->score;
}

/* MultiPV 4: four distinct moves, scores non-increasing, the result line
 * 1's; never more lines than moves; MultiPV 1 is the plain search, and
 * reports line 1. */
static void test_multipv(void **state)
{
    (void)state;
    const char *kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    SearchLimits l;
    search_limits_init(&l);
    l.depth = 6;
    Lines lines = { 0 };
    EngineCallbacks cb = { .info = collect_line, .ctx = &lines };
    SearchResult r;
    Engine *e = engine_at(kiwipete, NULL, 0);
    engine_options(e)->multipv = 4;
    engine_search(e, &l, &cb, &r);
    assert_int_equal(lines.depth, 6);
    assert_int_equal(lines.count, 4);
    assert_int_equal(r.best, lines.first[0]);
    assert_int_equal(r.score, lines.score[0]);
    for (int i = 0; i < 4; i++)
        for (int j = i + 1; j < 4; j++) {
            assert_true(lines.first[i] != lines.first[j]);
            assert_true(lines.score[i] >= lines.score[j]);
        }
    engine_free(e);

    e = engine_at("k7/8/8/8/8/8/r7/6K1 w - - 0 1", NULL, 0); /* Kf1, Kh1 */
    engine_options(e)->multipv = 256;
    lines = (Lines){ 0 };
    engine_search(e, &l, &cb, &r);
    assert_int_equal(lines.count, 2);
    engine_free(e);

    /* MultiPV 1: the same tree as the thread search without the engine. */
    SearchResult plain = thread_search(search_board_ops(), kiwipete, 6, 0);
    e = engine_at(kiwipete, NULL, 0);
    lines = (Lines){ 0 };
    engine_search(e, &l, &cb, &r);
    assert_int_equal(lines.count, 1);
    assert_int_equal(r.nodes, plain.nodes);
    assert_int_equal(r.best, plain.best);
    engine_free(e);
}

/* ---- transposition table ---- */

static void test_tt_store_probe(void **state)
{
    (void)state;
    TranspositionTable tt = { 0 };
    assert_true(tt_resize(&tt, 1));
    TTData d;
    uint64_t key = 0x123456789abcdef1ull;
    assert_false(tt_probe(&tt, key, &d));
    Move m = move_make(SQ_E1 + 8, SQ_E1 + 24, MK_DOUBLE_PUSH);
    tt_store(&tt, key, m, -31990, 25, 12, BOUND_LOWER);
    assert_true(tt_probe(&tt, key, &d));
    assert_int_equal(d.move, m);
    assert_int_equal(d.score, -31990);
    assert_int_equal(d.eval, 25);
    assert_int_equal(d.depth, 12);
    assert_int_equal(d.bound, BOUND_LOWER);
    /* A shallower non-exact result of the same search keeps the deep one;
     * an exact one replaces it and keeps the move when it has none. */
    tt_store(&tt, key, MOVE_NONE, 5, 5, 2, BOUND_UPPER);
    assert_true(tt_probe(&tt, key, &d));
    assert_int_equal(d.depth, 12);
    tt_store(&tt, key, MOVE_NONE, 7, 5, 2, BOUND_EXACT);
    assert_true(tt_probe(&tt, key, &d));
    assert_int_equal(d.depth, 2);
    assert_int_equal(d.move, m);

    /* A torn entry: check word of one store, data word of another. */
    TTBucket *b = tt_bucket(&tt, key);
    int slot = -1;
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++)
        if ((atomic_load(&b->entry[i].check) ^ atomic_load(&b->entry[i].data)) == key)
            slot = i;
    assert_true(slot >= 0);
    uint64_t other = tt_pack(m, 100, 0, 30, BOUND_EXACT, tt.generation);
    atomic_store(&b->entry[slot].data, other);
    assert_false(tt_probe(&tt, key, &d));

    /* hashfull counts this search's entries; after a new search, none. */
    tt_clear(&tt);
    assert_int_equal(tt_hashfull(&tt), 0);
    for (uint64_t k = 1; k < 200000; k++)
        tt_store(&tt, k * 0x9e3779b97f4a7c15ull, MOVE_NONE, 0, 0, 1, BOUND_EXACT);
    assert_true(tt_hashfull(&tt) > 900);
    tt_new_search(&tt);
    assert_int_equal(tt_hashfull(&tt), 0);
    tt_free(&tt);
}

/* Old entries give way first: a bucket full of deep entries from many
 * searches ago takes a shallow new one. */
static void test_tt_aging(void **state)
{
    (void)state;
    TranspositionTable tt = { 0 };
    assert_true(tt_resize(&tt, 1));
    uint64_t base = 0x42;
    /* Keys landing in one bucket: same high product bits. */
    uint64_t keys[TT_BUCKET_ENTRIES + 1];
    int found = 0;
    TTBucket *target = tt_bucket(&tt, base);
    for (uint64_t k = base; found < TT_BUCKET_ENTRIES + 1; k += 1)
        if (tt_bucket(&tt, k) == target)
            keys[found++] = k;
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++)
        tt_store(&tt, keys[i], MOVE_NONE, 0, 0, 20, BOUND_EXACT);
    for (int g = 0; g < 5; g++)
        tt_new_search(&tt);
    tt_store(&tt, keys[TT_BUCKET_ENTRIES], MOVE_NONE, 0, 0, 1, BOUND_EXACT);
    TTData d;
    assert_true(tt_probe(&tt, keys[TT_BUCKET_ENTRIES], &d));
    /* Without aging, a depth-1 entry could not displace depth-20 ones of
     * the same search. */
    TranspositionTable fresh = { 0 };
    assert_true(tt_resize(&fresh, 1));
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++)
        tt_store(&fresh, keys[i], MOVE_NONE, 0, 0, 20, BOUND_EXACT);
    tt_store(&fresh, keys[TT_BUCKET_ENTRIES], MOVE_NONE, 0, 0, 1, BOUND_EXACT);
    int kept = 0;
    for (int i = 0; i < TT_BUCKET_ENTRIES; i++)
        kept += tt_probe(&fresh, keys[i], &d);
    assert_int_equal(kept, TT_BUCKET_ENTRIES - 1);
    tt_free(&fresh);
    tt_free(&tt);
}

/* ---- static exchange ---- */

static int see_of(const char *fen, const char *uci)
{
    const SearchBoardOps *ops = search_board_ops();
    SearchBoard *b = search_board_new();
    Setup s;
    assert_true(setup_from_fen(&s, fen, NULL, 0));
    ops->load(b, &s);
    Move m = move_from_uci(ops->gen, b, uci);
    assert_int_not_equal(m, MOVE_NONE);
    int v = see(search_board_position(b), ops, m);
    movegen_board_free(b);
    return v;
}

static void test_see(void **state)
{
    (void)state;
    assert_int_equal(see_of("4k3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), 100);
    assert_int_equal(see_of("4k3/8/2p5/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), -400);
    assert_int_equal(see_of("4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 220);
    assert_int_equal(see_of("3rk3/8/8/3p4/8/8/8/3RK3 w - - 0 1", "d1d5"), -400);
    /* The second rook behind the first (an x-ray) wins the pawn. */
    assert_int_equal(see_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5"), 100);
    /* A king cannot recapture on a square still guarded. */
    assert_int_equal(see_of("8/8/8/3k4/4p3/8/4R3/4RK2 w - - 0 1", "e2e4"), 100);
    /* Quiet moves and castling exchange nothing. */
    assert_int_equal(see_of(FEN_STARTPOS, "e2e4"), 0);
    /* En passant wins a pawn. */
    assert_int_equal(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
}

/* ---- evaluation ---- */

/* The position mirrored across the middle file (a to h), castling rights
 * dropped since they do not survive it. */
static void mirror_files(const Setup *s, Setup *m)
{
    *m = *s;
    for (int sq = 0; sq < 64; sq++)
        m->board[sq] = s->board[sq ^ 7];
    m->castling = 0;
    m->ep = s->ep == SQ_NONE ? SQ_NONE : (Square)(s->ep ^ 7);
}

/* Every line of the perft suite, with castling rights dropped when
 * without_castling, scores for the side to move what its image under
 * transform scores. */
static void assert_eval_invariant(void (*transform)(const Setup *, Setup *), bool without_castling, const char *what)
{
    SuiteLines suite = suite_load("perftsuite.epd");
    const SearchBoardOps *ops = search_board_ops();
    SearchBoard *a = search_board_new(), *b = search_board_new();
    for (int i = 0; i < suite.count; i++) {
        Setup original = suite.lines[i].setup, m;
        if (without_castling)
            original.castling = 0;
        transform(&original, &m);
        ops->load(a, &original);
        ops->load(b, &m);
        int ea = evaluate(search_board_position(a), ops), eb = evaluate(search_board_position(b), ops);
        if (ea != eb)
            fail_msg("line %d: %d vs %s %d: %s", i + 1, ea, what, eb, suite.lines[i].fen);
    }
    movegen_board_free(a);
    movegen_board_free(b);
    suite_free(&suite);
}

/* A position and its mirror across the middle file score the same: no term
 * favours a wing (the piece-square tables count files from the own king's
 * wing). */
static void test_eval_wing_symmetry(void **state)
{
    (void)state;
    assert_eval_invariant(mirror_files, true, "mirrored across the files");
}

/* The same position with the colours swapped scores the same for the side
 * to move: no term favours a colour. */
static void test_eval_symmetry(void **state)
{
    (void)state;
    assert_eval_invariant(setup_mirror_colours, false, "mirrored");
}

/* The pawn cache changes no score: every perft-suite line and its mirror,
 * evaluated through one cache three times (misses, then hits after other
 * formations may have replaced entries), equals the uncached evaluation. */
static void test_eval_cache(void **state)
{
    (void)state;
    SuiteLines suite = suite_load("perftsuite.epd");
    const SearchBoardOps *ops = search_board_ops();
    SearchBoard *a = search_board_new(), *b = search_board_new();
    EvalCache *cache = eval_cache_new();
    assert_non_null(cache);
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < suite.count; i++) {
            Setup m;
            setup_mirror_colours(&suite.lines[i].setup, &m);
            ops->load(a, &suite.lines[i].setup);
            ops->load(b, &m);
            const Position *pa = search_board_position(a), *pb = search_board_position(b);
            int want = evaluate(pa, ops);
            if (evaluate_cached(pa, ops, cache) != want || evaluate_cached(pb, ops, cache) != want)
                fail_msg("round %d line %d: the cached evaluation differs: %s", round, i + 1, suite.lines[i].fen);
        }
    }
    eval_cache_free(cache);
    movegen_board_free(a);
    movegen_board_free(b);
    suite_free(&suite);
}

/* ---- the search board's extra entry points ---- */

/* One position's checks: tactical_moves lists exactly legal_moves' captures
 * and promotions, in its order; legal_count counts legal_moves; the
 * search's check test agrees with making each quiet move; a null move
 * gives the position (and key) that loading it with the other side to move,
 * no en passant square and the halfmove clock at 0 gives, and unmake_null
 * restores the position and key. */
/* is_legal agrees with legal_moves on every 16-bit move (exhaustive) or on
 * every move from a square of the side to move (any kind, any target). */
static void check_is_legal(const SearchBoardOps *ops, const SearchBoard *b, const Move *all, int n, bool exhaustive,
                           const char *what)
{
    bool listed[1 << 16] = { false };
    for (int i = 0; i < n; i++)
        listed[all[i]] = true;
    const Position *p = search_board_position(b);
    const Bitboard own = sb_color(p, sb_side(p));
    for (int v = 0; v < (1 << 16); v++) {
        const Move m = (Move)v;
        if (!exhaustive && !(own & bb_of(move_from(m))))
            continue;
        if (ops->is_legal(b, m) != listed[v]) {
            char text[MOVE_TEXT_MAX];
            move_to_uci(m, text);
            fail_msg("%s (%s): is_legal says %d for move %#06x (%s), legal_moves %d", what, ops->strategy,
                     ops->is_legal(b, m), v, text, listed[v]);
        }
    }
}

static void check_board_extras(const SearchBoardOps *ops, SearchBoard *b, SearchBoard *scratch, bool exhaustive,
                               const char *what)
{
    Move all[MAX_MOVES], tactical[MAX_MOVES];
    const int n = ops->legal_moves(b, all), t = ops->tactical_moves(b, tactical);
    check_is_legal(ops, b, all, n, exhaustive, what);
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (!move_is_capture(all[i]) && !move_is_promotion(all[i]))
            continue;
        if (k >= t || tactical[k] != all[i])
            fail_msg("%s (%s): tactical move %d differs from legal_moves' captures", what, ops->strategy, k);
        k++;
    }
    if (k != t)
        fail_msg("%s (%s): %d tactical moves, legal_moves has %d", what, ops->strategy, t, k);
    if (ops->legal_count(b) != n)
        fail_msg("%s (%s): legal_count %d, legal_moves %d", what, ops->strategy, ops->legal_count(b), n);
    /* The search's check test before a quiet move agrees with making it. */
    for (int i = 0; i < n; i++) {
        if (move_is_capture(all[i]) || move_is_castle(all[i]))
            continue;
        const bool predicted = search_quiet_gives_check(search_board_position(b), ops, all[i]);
        ops->make(b, all[i]);
        const bool checks = ops->in_check(b);
        ops->unmake(b);
        if (predicted != checks) {
            char text[MOVE_TEXT_MAX];
            move_to_uci(all[i], text);
            fail_msg("%s (%s): %s gives check %d, predicted %d", what, ops->strategy, text, checks, predicted);
        }
    }

    Setup before, passed, after;
    ops->save(b, &before);
    const uint64_t key = search_board_position(b)->key;
    ops->make_null(b);
    ops->save(b, &passed);
    Setup want = before;
    want.side = color_flip(before.side);
    want.ep = SQ_NONE;
    want.halfmove = 0;
    ops->load(scratch, &want);
    if (!setup_equal(&passed, &want) || search_board_position(b)->key != search_board_position(scratch)->key)
        fail_msg("%s (%s): the null move's position or key differs from loading it", what, ops->strategy);
    ops->unmake_null(b);
    ops->save(b, &after);
    if (!setup_equal(&before, &after) || search_board_position(b)->key != key)
        fail_msg("%s (%s): unmake_null did not restore the position", what, ops->strategy);
}

/* Every position of the perft suites (the tricky file's en passant pins
 * among them) and every position one move from one, with each strategy. */
static void test_search_board_extras(void **state)
{
    (void)state;
    const char *files[] = { "perftsuite.epd", "cpw-perft.epd", "tricky-perft.epd" };
    const char *strategies[] = { "magic", "pext" };
    SearchBoard *b = search_board_new(), *scratch = search_board_new();
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        SuiteLines suite = suite_load(files[f]);
        for (int k = 0; k < 2; k++) {
            const SearchBoardOps *ops = search_board_ops_named(strategies[k]);
            if (ops == NULL)
                continue; /* pext where BMI2 is missing */
            for (int i = 0; i < suite.count; i++) {
                ops->load(b, &suite.lines[i].setup);
                check_board_extras(ops, b, scratch, true, suite.lines[i].fen);
                Move moves[MAX_MOVES];
                const int n = ops->legal_moves(b, moves);
                for (int j = 0; j < n; j++) {
                    ops->make(b, moves[j]);
                    check_board_extras(ops, b, scratch, false, suite.lines[i].fen);
                    ops->unmake(b);
                }
            }
        }
        suite_free(&suite);
    }
    movegen_board_free(b);
    movegen_board_free(scratch);
}

/* ---- time plans ---- */

static void test_time_plans(void **state)
{
    (void)state;
    TimeControl tc = { { 60000, 60000 }, { 0, 0 }, 0, -1 };
    TimePlan p = timeman_plan(&tc, WHITE, 30);
    assert_true(p.active);
    assert_true(p.soft_ms > 0 && p.soft_ms <= p.hard_ms);
    assert_true(p.hard_ms <= (60000 - 30) * 3 / 4);
    /* Almost no time: still a positive, tiny budget. */
    tc.time_ms[WHITE] = 5;
    p = timeman_plan(&tc, WHITE, 30);
    assert_true(p.hard_ms >= 1 && p.hard_ms <= 2);
    /* A big increment is spent, but never more than the clock holds. */
    tc.time_ms[WHITE] = 100;
    tc.inc_ms[WHITE] = 5000;
    p = timeman_plan(&tc, WHITE, 30);
    assert_true(p.hard_ms <= 70 * 3 / 4);
    /* Last move before the time control: much of the clock, a quarter kept. */
    tc = (TimeControl){ { 10000, 10000 }, { 0, 0 }, 1, -1 };
    p = timeman_plan(&tc, BLACK, 100);
    assert_true(p.hard_ms <= (10000 - 100) * 3 / 4 && p.hard_ms > 5000);
    /* movetime: that time less the overhead. */
    tc = (TimeControl){ { -1, -1 }, { 0, 0 }, 0, 1000 };
    p = timeman_plan(&tc, WHITE, 30);
    assert_int_equal(p.hard_ms, 970);
    /* Depth or nodes only: no clock. */
    tc = (TimeControl){ { -1, -1 }, { 0, 0 }, 0, -1 };
    p = timeman_plan(&tc, WHITE, 30);
    assert_false(p.active);
}

/* A clock already spent when the search starts (a thread starved by the
 * scheduler, or helpers that ran first) stops it only after depth 1: the
 * answer is a searched move with a score, never the first move generated. */
static void test_clock_spares_depth_one(void **state)
{
    (void)state;
    const SearchBoardOps *ops = search_board_ops();
    ThreadRig rig;
    rig_open(&rig, ops, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    rig.limits.clock.movetime_ms = 1;
    rig_init_shared(&rig, ops);
    atomic_store(&rig.shared.start_ns, rig.shared.go_ns - 10 * 1000000000LL); /* ten seconds late */
    search_watch_limits(&rig.shared);
    assert_false(atomic_load(&rig.shared.stop)); /* depth 1 not yet done */
    SearchResult r;
    search_iterate(rig.thread, &rig.shared, &r);
    assert_true(r.depth >= 1);
    assert_true(r.depth < 20); /* and the clock stopped it soon after */
    assert_true(r.best != MOVE_NONE && r.pv_len >= 1 && r.pv[0] == r.best);
    rig_close(&rig);
}

/* ---- positions with long histories ---- */

/* A move list longer than the board's undo stack is replayed in stretches
 * (knights shuffling back and forth; the repetitions do not matter here). */
static void test_long_move_list(void **state)
{
    (void)state;
    enum { PLIES = 2400 };
    static const char *cycle[] = { "g1f3", "g8f6", "f3g1", "f6g8" };
    const char **moves = malloc(PLIES * sizeof *moves);
    for (int i = 0; i < PLIES; i++)
        moves[i] = cycle[i % 4];
    Engine *e = engine_at(FEN_STARTPOS, moves, PLIES);
    Setup s;
    engine_ops(e)->save(engine_board(e), &s);
    assert_int_equal(s.fullmove, 1 + PLIES / 2);
    SearchResult r = search_depth(e, 4);
    assert_int_not_equal(r.best, MOVE_NONE);
    engine_free(e);
    free(moves);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mates),
        cmocka_unit_test(test_no_legal_move),
        cmocka_unit_test(test_fifty_move_rule),
        cmocka_unit_test(test_dead_material),
        cmocka_unit_test(test_repetition_with_history),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_node_limit_exact),
        cmocka_unit_test(test_switches),
        cmocka_unit_test(test_multipv),
        cmocka_unit_test(test_tt_store_probe),
        cmocka_unit_test(test_tt_aging),
        cmocka_unit_test(test_see),
        cmocka_unit_test(test_eval_symmetry),
        cmocka_unit_test(test_eval_wing_symmetry),
        cmocka_unit_test(test_eval_cache),
        cmocka_unit_test(test_search_board_extras),
        cmocka_unit_test(test_time_plans),
        cmocka_unit_test(test_clock_spares_depth_one),
        cmocka_unit_test(test_long_move_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
