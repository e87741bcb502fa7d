/* FEN reading, writing and validation (core/setup.c), and the Zobrist key
 * definition (core/zobrist.c). */
#include <stdio.h>
#include <string.h>

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
    const char *files[] = { "perftsuite.epd", "cpw-perft.epd", "tricky-perft.epd" };
    for (int f = 0; f < 3; f++) {
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
