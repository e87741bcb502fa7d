/* The pieces of `chesslab match` that need no engine: the Elo estimate
 * (play/elo.c) against values worked out by hand, the option lists
 * (match_spec_parse) and the checks of option values against what an
 * engine declares (uci_option_value_ok). */
#include <math.h>
#include <string.h>

#include "play/elo.h"
#include "play/match.h"
#include "tests/test_support.h"

static void test_elo_from_score(void **state)
{
    (void)state;
    assert_true(fabs(elo_from_score(0.5)) < 1e-12);
    assert_false(signbit(elo_from_score(0.5))); /* printed as +0.0 */
    assert_true(fabs(elo_from_score(0.75) - 190.848) < 0.01);  /* -400 log10(1/3) */
    assert_true(fabs(elo_from_score(0.25) + 190.848) < 0.01);
    assert_true(isinf(elo_from_score(1.0)) && elo_from_score(1.0) > 0);
    assert_true(isinf(elo_from_score(0.0)) && elo_from_score(0.0) < 0);
}

static void test_elo_estimate(void **state)
{
    (void)state;
    /* 60-20-20: m = 0.7; var = (60 x 0.09 + 20 x 0.04 + 20 x 0.49) / 100
     * = 0.16; stderr = sqrt(0.16 / 100) = 0.04; interval 0.7 -+ 0.0784. */
    EloEstimate e = elo_estimate(60, 20, 20);
    assert_int_equal(e.games, 100);
    assert_true(fabs(e.score - 0.7) < 1e-12);
    assert_true(fabs(e.score_stderr - 0.04) < 1e-12);
    assert_true(fabs(e.elo - elo_from_score(0.7)) < 1e-9);
    assert_true(fabs(e.low - elo_from_score(0.6216)) < 1e-6);
    assert_true(fabs(e.high - elo_from_score(0.7784)) < 1e-6);
    assert_true(fabs(e.error - (e.high - e.low) / 2) < 1e-9);
    /* All draws: no variance, a zero-width interval at 0 Elo. */
    e = elo_estimate(0, 10, 0);
    assert_true(e.score_stderr == 0 && fabs(e.elo) < 1e-12 && fabs(e.error) < 1e-12);
    /* Draws narrow the interval compared with the same score from wins and losses. */
    EloEstimate decisive = elo_estimate(30, 0, 30), drawn = elo_estimate(15, 30, 15);
    assert_true(drawn.error < decisive.error);
    /* Every game won: infinite. */
    e = elo_estimate(4, 0, 0);
    assert_true(isinf(e.elo) && isinf(e.error));
    e = elo_estimate(0, 0, 0);
    assert_true(isinf(e.error));
}

static void test_spec_parse(void **state)
{
    (void)state;
    MatchEngineSpec spec;
    char err[256];
    assert_true(match_spec_parse("SMP=lazy, Threads=2 ,Move Overhead=100,Clear Hash", &spec, err, sizeof err));
    assert_int_equal(spec.option_count, 4);
    assert_string_equal(spec.names[0], "SMP");
    assert_string_equal(spec.values[0], "lazy");
    assert_string_equal(spec.names[1], "Threads");
    assert_string_equal(spec.values[1], "2");
    assert_string_equal(spec.names[2], "Move Overhead");
    assert_string_equal(spec.values[2], "100");
    assert_string_equal(spec.names[3], "Clear Hash");
    assert_string_equal(spec.values[3], "");
    assert_true(match_spec_parse("", &spec, err, sizeof err));
    assert_int_equal(spec.option_count, 0);
    assert_false(match_spec_parse("=3", &spec, err, sizeof err));
    assert_non_null(strstr(err, "needs a name"));
    assert_false(match_spec_parse("Threads=", &spec, err, sizeof err));
    assert_non_null(strstr(err, "empty value"));
}

static void test_option_values(void **state)
{
    (void)state;
    char err[256];
    UciOptionDecl spin = { .name = "Threads", .type = UCI_OPTION_SPIN, .min = 1, .max = 256 };
    assert_true(uci_option_value_ok(&spin, "1", err, sizeof err));
    assert_true(uci_option_value_ok(&spin, "256", err, sizeof err));
    assert_false(uci_option_value_ok(&spin, "0", err, sizeof err));
    assert_string_equal(err, "option Threads '0' is not an integer in 1..256");
    assert_false(uci_option_value_ok(&spin, "2x", err, sizeof err));
    UciOptionDecl combo = { .name = "SMP", .type = UCI_OPTION_COMBO, .vars = "serial\nlazy\nybwc\nabdada\n" };
    assert_true(uci_option_value_ok(&combo, "YBWC", err, sizeof err));
    assert_false(uci_option_value_ok(&combo, "fast", err, sizeof err));
    assert_string_equal(err, "option SMP is one of serial, lazy, ybwc, abdada, not 'fast'");
    UciOptionDecl check = { .name = "LMR", .type = UCI_OPTION_CHECK };
    assert_true(uci_option_value_ok(&check, "false", err, sizeof err));
    assert_false(uci_option_value_ok(&check, "no", err, sizeof err));
    UciOptionDecl button = { .name = "Clear Hash", .type = UCI_OPTION_BUTTON };
    assert_true(uci_option_value_ok(&button, "", err, sizeof err));
    assert_false(uci_option_value_ok(&button, "1", err, sizeof err));
}

/* A move's note: the last info line with a score wins; the text is what
 * match tools write in PGN comments. */
static void test_move_notes(void **state)
{
    (void)state;
    MatchMoveNote note = { 0 };
    match_note_info("info string NNUE evaluation using nets/default.nnue", &note);
    match_note_info("info depth 3 currmove e2e4 currmovenumber 1", &note);
    assert_false(note.has_score);
    match_note_info("info depth 7 seldepth 9 multipv 1 score cp 31 nodes 1200 pv e2e4 e7e5", &note);
    assert_true(note.has_score && !note.mate);
    assert_int_equal(note.score, 31);
    assert_int_equal(note.depth, 7);
    match_note_info("info depth 8 score cp -5 lowerbound wdl 300 400 300 nodes 2000 pv d2d4 depth 99", &note);
    assert_int_equal(note.score, -5);
    assert_int_equal(note.depth, 8); /* a "depth" after pv is a move list's, not read */
    char text[48];
    note.time_ms = 251;
    match_note_text(&note, text, sizeof text);
    assert_string_equal(text, "-0.05/8 0.251s");
    match_note_info("info depth 12 score mate -3 pv a1a2", &note);
    assert_true(note.mate);
    note.time_ms = 10000;
    match_note_text(&note, text, sizeof text);
    assert_string_equal(text, "-M3/12 10.000s");
    note.score = 1234;
    note.mate = false;
    match_note_text(&note, text, sizeof text);
    assert_string_equal(text, "+12.34/12 10.000s");
    MatchMoveNote none = { .time_ms = 7 };
    match_note_text(&none, text, sizeof text);
    assert_string_equal(text, "0.007s");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elo_from_score),
        cmocka_unit_test(test_elo_estimate),
        cmocka_unit_test(test_spec_parse),
        cmocka_unit_test(test_option_values),
        cmocka_unit_test(test_move_notes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
