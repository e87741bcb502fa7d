/* FEN reading, writing and validation (core/setup.c), and the Zobrist key
 * definition (core/zobrist.c). */
#include <stdio.h>
#include <string.h>

#include "core/chess960.h"
#include "core/zobrist.h"
#include "tests/test_support.h"

static void fen_round_trip(const char *fen)
{
    Setup s, again;
    char err[256], out[FEN_MAX];
    if (!setup_from_fen(&s, fen, err, sizeof err))
        fail_msg("%s: %s", fen, err);
    setup_to_fen(&s, out);
    assert_string_equal(out, fen);
    assert_true(setup_from_fen(&again, out, err, sizeof err));
    assert_true(setup_equal(&s, &again));
}

static void test_round_trip_examples(void **state)
{
    (void)state;
    fen_round_trip(FEN_STARTPOS);
    fen_round_trip("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    fen_round_trip("r3k2r/p1ppqpb1/bn2pnp1/3P4/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    fen_round_trip("8/8/8/8/8/8/8/K6k b - - 99 200");
    fen_round_trip("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
}

static void test_round_trip_suites(void **state)
{
    (void)state;
    const char *files[] = { "perftsuite.epd", "cpw-perft.epd", "tricky-perft.epd", "chess960-perft.epd" };
    for (int f = 0; f < 4; f++) {
        SuiteLines suite = suite_load(files[f]);
        for (int i = 0; i < suite.count; i++)
            fen_round_trip(suite.lines[i].fen);
        suite_free(&suite);
    }
}

static void test_four_field_fen(void **state)
{
    (void)state;
    Setup s;
    char err[256], out[FEN_MAX];
    assert_true(setup_from_fen(&s, "8/8/8/8/8/8/8/K6k w - -", err, sizeof err));
    setup_to_fen(&s, out);
    assert_string_equal(out, "8/8/8/8/8/8/8/K6k w - - 0 1");
}

/* Each bad FEN must be refused with a message containing the given text. */
static const struct BadFen {
    const char *fen, *message;
} bad_fens[] = {
    { "", "0 fields" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "more than 8 ranks" },
    { "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "empty-square count 0" },
    { "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares" },
    { "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares" },
    { "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 squares" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "unknown piece letter 'X'" },
    { "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "0 black kings" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "2 white kings" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1", "pawn on h1" },
    { "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", "pawn on h8" },
    { "8/8/8/8/8/8/8/Kk6 w - - 0 1", "side not to move (Black) is in check" },
    { "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", "side not to move (Black) is in check" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "field 2 (side to move)" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", "field 3 (castling): unexpected 'x'" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "given twice" },
    { "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "right 'k' needs the king on e8 and a rook on h8" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", "0 white kings" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "not on rank 6" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "double-pushed" },
    { "rnbqkbnr/ppp2ppp/4p3/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "must be empty" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "field 4 (en passant): 'z9'" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "field 5 (halfmove clock)" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "field 5 (halfmove clock)" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "field 6 (fullmove number)" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "7 fields" },
    { "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "5 fields" },
    /* Material no game can reach (types.h): more than 16 men, more than 8
     * pawns, more promoted pieces than missing pawns. */
    { "knQQQQQQ/nnQ4Q/QQ5Q/Q6Q/Q6Q/Q6Q/Q6Q/QQQQQQQK w - - 0 1", "27 white men, at most 16" },
    { "QQQQQQQQ/QQQQQQQQ/QQQQ4/8/8/8/PPPPPPPP/k1K5 b - - 0 1", "29 white men, at most 16" },
    { "k7/pp6/8/8/8/7K/1QQQQQQQ/QQQQ4 w - - 0 1", "white has 10 promoted pieces but only 8 missing pawns" },
    { "k7/pppppppp/p7/8/8/8/8/7K w - - 0 1", "9 black pawns, at most 8" },
    { "k7/8/8/8/8/8/PPPPPPPP/KB1B4 w - - 0 1", "2 bishops on light squares" },
    { "k7/8/8/8/8/8/PPPPPPP1/KBBB1B2 w - - 0 1", "white has 2 promoted pieces but only 1 missing pawn" },
    { "k6K/8/pppppppp/8/8/8/8/nnn5 w - - 0 1", "3 knights" },
    { "k6K/8/pppppppp/8/8/8/8/rr1r4 w - - 0 1", "3 rooks" },
    { "k6K/8/pppppppp/8/8/8/8/qq6 w - - 0 1", "2 queens" },
};

/* Material at the limit of the rule is accepted: the 218-move position,
 * 10 pieces of a kind, 16 men with 8 pawns, two bishops on one colour. */
static void test_material_limits(void **state)
{
    (void)state;
    static const char *const fens[] = {
        "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
        "BNn1K2k/2NRN2r/1bb1NN1b/3rb2R/NBq1b1Qn/2b4b/N2Nb3/b1N1Nb2 w - - 0 1",
        "RR2N1kN/2B2nb1/1Rq1R1B1/ppRpp2R/RR2b1pp/1r3p2/n1R1p2Q/1R2rK2 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "k7/8/8/8/8/8/PPPPPPP1/KB1B4 w - - 0 1",
        "k6K/8/8/8/8/8/1ppppppp/nnn1bb2 w - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        Setup s;
        char err[256] = "";
        if (!setup_from_fen(&s, fens[i], err, sizeof err))
            fail_msg("refused '%s': %s", fens[i], err);
    }
}

static void test_bad_fens(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_fens / sizeof bad_fens[0]; i++) {
        Setup s;
        char err[256] = "";
        bool ok = setup_from_fen(&s, bad_fens[i].fen, err, sizeof err);
        if (ok)
            fail_msg("accepted bad FEN '%s'", bad_fens[i].fen);
        if (strstr(err, bad_fens[i].message) == NULL)
            fail_msg("FEN '%s': message '%s' lacks '%s'", bad_fens[i].fen, err, bad_fens[i].message);
        if (strchr(err, '\n') != NULL)
            fail_msg("FEN '%s': message is not one line", bad_fens[i].fen);
    }
}

static void test_key_definition(void **state)
{
    (void)state;
    Setup s;
    char err[256];
    /* The ep file counts only where a pawn of the side to move can take. */
    assert_true(setup_from_fen(&s, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", err, sizeof err));
    uint64_t with_ep = zobrist_key_of_setup(&s);
    s.ep = SQ_NONE;
    assert_int_equal(with_ep, zobrist_key_of_setup(&s));

    assert_true(setup_from_fen(&s, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", err, sizeof err));
    uint64_t capturable = zobrist_key_of_setup(&s);
    s.ep = SQ_NONE;
    assert_int_not_equal(capturable, zobrist_key_of_setup(&s));

    /* Side, castling and pieces all change the key. */
    assert_true(setup_from_fen(&s, FEN_STARTPOS, err, sizeof err));
    uint64_t start = zobrist_key_of_setup(&s);
    s.side = BLACK;
    assert_int_not_equal(start, zobrist_key_of_setup(&s));
    s.side = WHITE;
    s.castling = CASTLE_WK | CASTLE_BQ;
    assert_int_not_equal(start, zobrist_key_of_setup(&s));
    assert_int_equal(zobrist.castling[CASTLE_WK | CASTLE_BQ], zobrist.castling[CASTLE_WK] ^ zobrist.castling[CASTLE_BQ]);
}

/* Chess960 castling fields: Shredder-FEN, X-FEN and plain KQkq, read into
 * rook files and written back in the style read or the one asked for. */
static void test_chess960_castling_fields(void **state)
{
    (void)state;
    Setup s;
    char err[256], out[FEN_MAX];
    /* Shredder-FEN: rook files; round-trips as read. */
    fen_round_trip("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert_true(setup_from_fen(&s, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", err, sizeof err));
    assert_true(s.chess960 && s.shredder_fen);
    assert_int_equal(s.castle_file[castle_right_index(WHITE, false)], FILE_H);
    assert_int_equal(s.castle_file[castle_right_index(WHITE, true)], FILE_F);
    setup_to_fen_styled(&s, FEN_CASTLING_XFEN, out);
    assert_string_equal(out, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");

    /* X-FEN: KQkq is the outermost rook, same position as HFhf. */
    Setup x;
    assert_true(setup_from_fen(&x, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", err, sizeof err));
    assert_true(x.chess960 && !x.shredder_fen);
    assert_int_equal(zobrist_key_of_setup(&x), zobrist_key_of_setup(&s));
    setup_to_fen_styled(&x, FEN_CASTLING_SHREDDER, out);
    assert_string_equal(out, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");

    /* X-FEN names an inner rook by its file: rooks a1 and b1, the b1 one castles. */
    fen_round_trip("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_true(setup_from_fen(&s, "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", err, sizeof err));
    assert_int_equal(s.castle_file[castle_right_index(WHITE, true)], 1);
    setup_to_fen_styled(&s, FEN_CASTLING_XFEN, out);
    assert_string_equal(out, "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_true(setup_from_fen(&s, "4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1", err, sizeof err));
    assert_int_equal(s.castle_file[castle_right_index(WHITE, true)], FILE_A);

    /* The rook file is part of the key: b1 and a1 castling differ. */
    Setup a, b;
    assert_true(setup_from_fen(&a, "4k3/8/8/8/8/8/8/RR2K3 w A - 0 1", err, sizeof err));
    assert_true(setup_from_fen(&b, "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", err, sizeof err));
    assert_int_not_equal(zobrist_key_of_setup(&a), zobrist_key_of_setup(&b));
    assert_false(setup_equal(&a, &b));

    /* Standard chess stays standard, and its keys are the old table's. */
    assert_true(setup_from_fen(&s, FEN_STARTPOS, err, sizeof err));
    assert_false(s.chess960);
    assert_true(setup_castling_is_standard(&s));
    assert_int_equal(zobrist_castling_key(CASTLE_ALL, s.castle_file), zobrist.castling[CASTLE_ALL]);
    /* ... also when read as Shredder-FEN (HAha), which makes it Chess960. */
    assert_true(setup_from_fen(&s, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", err, sizeof err));
    assert_true(s.chess960 && setup_castling_is_standard(&s));
    setup_to_fen_styled(&s, FEN_CASTLING_AS_READ, out);
    assert_string_equal(out, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");

    FenCastlingStyle style;
    assert_true(fen_castling_style_from_text("shredder", &style) && style == FEN_CASTLING_SHREDDER);
    assert_false(fen_castling_style_from_text("kqkq", &style));
}

/* Malformed Chess960 castling fields get a one-line message each. */
static void test_chess960_bad_castling(void **state)
{
    (void)state;
    static const struct BadFen bad[] = {
        { "4k3/8/8/8/8/8/8/RR2K3 w E - 0 1", "'E' names the file of the white king" },
        { "4k3/8/8/8/8/8/8/RR2K3 w C - 0 1", "'C' needs a white rook on c1" },
        { "4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1", "queen-side right given twice" },
        { "4k3/8/8/8/8/8/8/RR2K3 w QB - 0 1", "queen-side right given twice" },
        { "4k3/8/8/8/8/8/8/RR2K3 w K - 0 1", "right 'K' needs" },
        { "4k3/8/8/8/8/8/8/RR2K3 w a - 0 1", "'a' needs a black rook on a8" },
        { "8/8/8/8/8/8/4k3/RR2K3 b a - 0 1", "'a' needs the black king on rank 8" },
        { "4k3/8/8/8/8/8/8/RR2K3 w 1 - 0 1", "unexpected '1'" },
        { "4k3/8/8/8/8/8/R7/1R2K3 w A - 0 1", "'A' needs a white rook on a1" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Setup s;
        char err[256] = "";
        if (setup_from_fen(&s, bad[i].fen, err, sizeof err))
            fail_msg("accepted bad FEN '%s'", bad[i].fen);
        if (strstr(err, bad[i].message) == NULL || strchr(err, '\n') != NULL)
            fail_msg("FEN '%s': message '%s' lacks '%s'", bad[i].fen, err, bad[i].message);
    }
    /* A right whose rook went to the wrong side of the king is refused by validation. */
    Setup s;
    char err[256] = "";
    assert_true(setup_from_fen(&s, "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", err, sizeof err));
    s.castle_file[castle_right_index(WHITE, true)] = FILE_H;
    assert_false(setup_validate(&s, err, sizeof err));
    assert_non_null(strstr(err, "right 'Q' needs"));
}

/* The numbered start positions: 518 is standard chess's, all 960 valid and
 * different, and a few by their published numbers. */
static void test_chess960_start_positions(void **state)
{
    (void)state;
    char fen[FEN_MAX], err[256];
    Setup s, again;
    chess960_start_position(CHESS960_STANDARD, &s);
    setup_to_fen_styled(&s, FEN_CASTLING_XFEN, fen);
    assert_string_equal(fen, FEN_STARTPOS);
    chess960_start_position(0, &s);
    setup_to_fen(&s, fen);
    assert_string_equal(fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    chess960_start_position(959, &s);
    setup_to_fen(&s, fen);
    assert_string_equal(fen, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1");
    static char seen[CHESS960_POSITIONS][9];
    for (int n = 0; n < CHESS960_POSITIONS; n++) {
        chess960_start_position(n, &s);
        if (!setup_validate(&s, err, sizeof err))
            fail_msg("start position %d: %s", n, err);
        setup_to_fen(&s, fen);
        assert_true(setup_from_fen(&again, fen, err, sizeof err));
        assert_true(setup_equal(&s, &again));
        memcpy(seen[n], fen + 35, 8); /* White's back rank */
        seen[n][8] = '\0';
        for (int m = 0; m < n; m++)
            assert_string_not_equal(seen[m], seen[n]);
    }
}

static void test_square_text(void **state)
{
    (void)state;
    char buf[3];
    for (int sq = 0; sq < 64; sq++) {
        square_to_text((Square)sq, buf);
        assert_int_equal(square_from_text(buf), sq);
    }
    assert_int_equal(square_from_text("i1"), SQ_NONE);
    assert_int_equal(square_from_text("a9"), SQ_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_examples), cmocka_unit_test(test_round_trip_suites),
        cmocka_unit_test(test_four_field_fen),      cmocka_unit_test(test_bad_fens), cmocka_unit_test(test_material_limits),
        cmocka_unit_test(test_key_definition),      cmocka_unit_test(test_square_text),
        cmocka_unit_test(test_chess960_castling_fields), cmocka_unit_test(test_chess960_bad_castling),
        cmocka_unit_test(test_chess960_start_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
