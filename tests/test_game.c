/* Game status (core/game.c; RULES.md arts. 9, 10 and 12), with every
 * generator: checkmate (also by en passant and by promotion), stalemate
 * with the king not in check, dead positions exactly as listed, threefold
 * repetition with and without a legal en passant capture in play, a
 * repetition broken by lost castling rights, the fifty- and
 * seventy-five-move rules (with and without a mate on the last move),
 * games longer than a board's undo stack, and undo. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/move_text.h"
#include "core/zobrist.h"
#include "tests/test_support.h"

static Game *start_game(const MoveGen *g, const char *fen)
{
    Game *game = game_new(g);
    assert_non_null(game);
    Setup s;
    char err[256];
    if (!setup_from_fen(&s, fen, err, sizeof err) || !game_start(game, &s, err, sizeof err))
        fail_msg("%s: %s", fen, err);
    return game;
}

/* Plays space-separated SAN moves. */
static void play(Game *game, const char *moves)
{
    char copy[1024], err[256];
    snprintf(copy, sizeof copy, "%s", moves);
    for (char *save = NULL, *m = strtok_r(copy, " ", &save); m; m = strtok_r(NULL, " ", &save))
        if (!game_play_san(game, m, err, sizeof err))
            fail_msg("%s: ply %d, %s: %s", game_generator(game)->name, game_ply_count(game) + 1, m, err);
}

static GameStatus now(const Game *game)
{
    GameStatus st;
    game_status(game, game_ply_count(game), &st);
    return st;
}

static void expect_refused(Game *game, const char *san, const char *message)
{
    char err[256] = "";
    int plies = game_ply_count(game);
    if (game_play_san(game, san, err, sizeof err))
        fail_msg("%s was accepted", san);
    assert_string_equal(err, message);
    assert_int_equal(game_ply_count(game), plies);
}

static void test_checkmate(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    Game *game = start_game(g, FEN_STARTPOS);
    play(game, "f3 e5 g4 Qh4");
    GameStatus st = now(game);
    assert_int_equal(st.end, GAME_CHECKMATE);
    assert_true(st.check);
    assert_int_equal(st.legal_moves, 0);
    assert_string_equal(game_result(&st, false), "0-1");
    assert_string_equal(game_san(game, 4), "Qh4#");
    expect_refused(game, "Kf2", "the game is already over (checkmate)");

    Setup start;
    setup_from_fen(&start, FEN_STARTPOS, NULL, 0);
    assert_true(game_start(game, &start, NULL, 0));
    play(game, "e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7");
    st = now(game);
    assert_int_equal(st.end, GAME_CHECKMATE);
    assert_string_equal(game_result(&st, true), "1-0");
    assert_string_equal(game_san(game, 7), "Qxf7#");
    game_free(game);
}

/* Art. 10: stalemate is the side to move NOT in check with no legal move. */
static void test_stalemate(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    Game *game = start_game(g, "7k/8/4Q3/6K1/8/8/8/8 w - - 0 1");
    play(game, "Qf7");
    GameStatus st = now(game);
    assert_int_equal(st.end, GAME_STALEMATE);
    assert_false(st.check);
    assert_int_equal(st.legal_moves, 0);
    assert_string_equal(game_san(game, 1), "Qf7");
    assert_string_equal(game_result(&st, false), "1/2-1/2");
    game_free(game);
}

/* Black's only answer to the check blocks it with a double push; taking
 * that pawn en passant opens the diagonal again, and it is mate. */
static void test_mate_by_en_passant(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    Game *game = start_game(g, "6k1/3p2pp/6N1/4P3/8/8/B7/4K3 b - - 0 1");
    int count;
    game_legal_moves(game, &count);
    assert_int_equal(count, 1);
    play(game, "d5 exd6");
    assert_int_equal(move_kind(game_move(game, 2)), MK_EN_PASSANT);
    assert_string_equal(game_san(game, 2), "exd6#");
    GameStatus st = now(game);
    assert_int_equal(st.end, GAME_CHECKMATE);
    assert_string_equal(game_result(&st, false), "1-0");
    game_free(game);
}

static void test_mate_by_promotion(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    const char *fen = "7k/P5pp/8/8/8/8/8/4K3 w - - 0 1";
    const char *promotions[] = { "a8=Q", "a8R" };
    const char *written[] = { "a8=Q#", "a8=R#" };
    for (int i = 0; i < 2; i++) {
        Game *game = start_game(g, fen);
        play(game, promotions[i]);
        assert_string_equal(game_san(game, 1), written[i]);
        GameStatus st = now(game);
        assert_int_equal(st.end, GAME_CHECKMATE);
        assert_string_equal(game_result(&st, false), "1-0");
        game_free(game);
    }
    Game *game = start_game(g, fen);
    play(game, "a8=B");
    assert_int_equal(now(game).end, GAME_ONGOING);
    game_free(game);
}

/* Art. 10's list of dead positions, and nothing more. */
static void test_dead_positions(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    static const struct { const char *fen; bool dead; const char *what; } cases[] = {
        { "8/8/8/4k3/8/8/8/4K3 w - - 0 1", true, "K v K" },
        { "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", true, "K+B v K" },
        { "8/8/8/4k3/8/8/8/1N2K3 b - - 0 1", true, "K+N v K" },
        { "4k3/8/3b4/8/8/8/8/2B1K3 w - - 0 1", true, "K+B v K+B, both on dark squares" },
        { "4k3/8/8/8/8/4B3/8/2B1K3 w - - 0 1", true, "K+B+B v K, both on dark squares" },
        { "4k3/8/3b4/3b4/8/8/8/2B1K3 b - - 0 1", false, "K+B v K+B+B, one bishop on a light square" },
        { "4k3/8/8/3b4/8/8/8/2B1K3 w - - 0 1", false, "K+B v K+B on opposite colours" },
        { "4k3/8/8/8/8/8/8/1N2K1n1 w - - 0 1", false, "K+N v K+N" },
        { "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", false, "K+N+N v K" },
        { "4k3/8/8/8/8/8/8/2B1K1n1 w - - 0 1", false, "K+B v K+N" },
        { "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, "K+P v K" },
        { "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false, "K+R v K" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Game *game = start_game(g, cases[i].fen);
        GameStatus st = now(game);
        if (game_dead_material(game_setup(game, 0)) != cases[i].dead ||
            (st.end == GAME_DEAD_POSITION) != cases[i].dead)
            fail_msg("%s (%s): expected %s", cases[i].what, cases[i].fen, cases[i].dead ? "dead" : "not dead");
        if (cases[i].dead) {
            assert_string_equal(game_result(&st, false), "1/2-1/2");
            expect_refused(game, "Kd1", "the game is already over (dead position)");
        }
        game_free(game);
    }
    /* Reached by a capture: the game ends on that move. */
    Game *game = start_game(g, "4k3/8/3b4/8/8/8/3r4/2B1K3 w - - 0 1");
    play(game, "Kxd2");
    assert_int_equal(now(game).end, GAME_DEAD_POSITION);
    game_free(game);
}

static void test_threefold(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    Game *game = start_game(g, FEN_STARTPOS);
    play(game, "Nf3 Nf6 Ng1 Ng8");
    assert_int_equal(now(game).repetitions, 2);
    assert_false(now(game).threefold);
    play(game, "Nf3 Nf6 Ng1 Ng8");
    GameStatus st = now(game);
    assert_int_equal(st.repetitions, 3);
    assert_true(st.threefold);
    assert_int_equal(st.end, GAME_ONGOING); /* a claim, not an automatic end */
    assert_string_equal(game_result(&st, false), "*");
    assert_string_equal(game_result(&st, true), "1/2-1/2");
    char text[128];
    game_status_text(&st, text, sizeof text);
    assert_string_equal(text, "ongoing; draw claimable: threefold repetition");
    play(game, "Nf3"); /* the game goes on */
    assert_int_equal(now(game).repetitions, 3);
    game_free(game);
}

/* After e2-e4 the black d4 pawn stands beside it, so the Zobrist key holds
 * the en passant file. With the pawn pinned by Rd1 the capture is illegal:
 * the position after 1. e4 is the same as the one reached again by knight
 * moves (RULES.md art. 10), and the third occurrence comes at ply 9.
 * Without the rook the capture is legal, the first occurrence differs, and
 * the third comes only at ply 13. */
static void test_repetition_en_passant(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    const char *cycle = "Nc6 Nf3 Nb8 Ng1";
    for (int pinned = 1; pinned >= 0; pinned--) {
        Game *game = start_game(g, pinned ? "1n1k4/8/8/8/3p4/8/4P3/3RK1N1 w - - 0 1"
                                          : "1n1k4/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1");
        play(game, "e4");
        int count;
        const Move *moves = game_legal_moves(game, &count);
        bool ep_legal = false;
        for (int i = 0; i < count; i++)
            ep_legal |= move_kind(moves[i]) == MK_EN_PASSANT;
        assert_int_equal(ep_legal, !pinned);
        assert_true(setup_ep_capturable(game_setup(game, 1)));

        play(game, cycle);
        assert_int_not_equal(zobrist_key_of_setup(game_setup(game, 1)), zobrist_key_of_setup(game_setup(game, 5)));
        assert_int_equal(game_repetition_key(game, 1) == game_repetition_key(game, 5), pinned);
        assert_int_equal(now(game).repetitions, pinned ? 2 : 1);
        play(game, cycle);
        assert_int_equal(now(game).repetitions, pinned ? 3 : 2);
        assert_int_equal(now(game).threefold, pinned);
        play(game, cycle);
        assert_int_equal(now(game).repetitions, pinned ? 4 : 3);
        assert_true(now(game).threefold);
        game_free(game);
    }
}

/* Lost castling rights make a different position (RULES.md art. 10) and
 * do not come back: the placement repeats, the count starts again. */
static void test_repetition_castling_rights(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    const char *fen = "r3k1n1/8/8/8/8/8/8/R3K1N1 w Qq - 0 1";
    Game *game = start_game(g, fen);
    play(game, "Nf3 Nf6 Ng1 Ng8");
    assert_int_equal(now(game).repetitions, 2);
    play(game, "Ke2 Nf6 Ke1 Ng8"); /* same placement, White has lost Q */
    assert_int_equal(game_setup(game, 8)->castling, CASTLE_BQ);
    assert_int_equal(now(game).repetitions, 1);
    play(game, "Nf3 Nf6 Ng1 Ng8");
    assert_int_equal(now(game).repetitions, 2);
    assert_false(now(game).threefold);
    game_free(game);

    /* The same count with knight moves only reaches three. */
    game = start_game(g, fen);
    play(game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_int_equal(now(game).repetitions, 3);
    assert_true(now(game).threefold);
    game_free(game);
}

static void test_fifty_and_seventy_five(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    char text[128];
    /* 100 plies: claimable, the game goes on. */
    Game *game = start_game(g, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
    play(game, "Ra7");
    GameStatus st = now(game);
    assert_int_equal(st.halfmove, 100);
    assert_true(st.fifty_moves);
    assert_int_equal(st.end, GAME_ONGOING);
    assert_string_equal(game_result(&st, false), "*");
    assert_string_equal(game_result(&st, true), "1/2-1/2");
    game_status_text(&st, text, sizeof text);
    assert_string_equal(text, "ongoing; draw claimable: fifty-move rule");
    game_free(game);

    /* 150 plies: over, whatever anyone claims. */
    game = start_game(g, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 148 100");
    play(game, "Ra7");
    assert_int_equal(now(game).end, GAME_ONGOING);
    play(game, "Kf8");
    st = now(game);
    assert_int_equal(st.halfmove, 150);
    assert_int_equal(st.end, GAME_SEVENTY_FIVE_MOVES);
    assert_false(st.fifty_moves);
    assert_string_equal(game_result(&st, false), "1/2-1/2");
    expect_refused(game, "Ra8", "the game is already over (seventy-five-move rule)");
    game_free(game);

    /* A mate on the 150th ply stands. */
    game = start_game(g, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100");
    play(game, "Ra8");
    st = now(game);
    assert_int_equal(st.halfmove, 150);
    assert_int_equal(st.end, GAME_CHECKMATE);
    assert_string_equal(game_result(&st, false), "1-0");
    assert_string_equal(game_san(game, 1), "Ra8#");
    game_free(game);

    /* A capture or a pawn move starts the count again. */
    game = start_game(g, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 140 100");
    play(game, "Kf1 h6");
    assert_int_equal(now(game).halfmove, 0);
    assert_int_equal(now(game).end, GAME_ONGOING);
    game_free(game);
}

/* 1168 plies, more than a board's undo stack holds: the game reloads its
 * board and still counts repetitions, undoes and replays exactly. */
static void test_long_game(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    static const char *const pawn_moves[8] = { "a3 a6", "a4 a5", "b3 b6", "b4 b5", "c3 c6", "c4 c5", "h3 h6", "h4 h5" };
    Game *game = start_game(g, FEN_STARTPOS);
    for (int block = 0; block < 8; block++) {
        play(game, pawn_moves[block]);
        for (int cycle = 0; cycle < 36; cycle++)
            play(game, "Nf3 Nf6 Ng1 Ng8");
    }
    int plies = game_ply_count(game);
    assert_int_equal(plies, 8 * 146);
    assert_true(plies > MOVEGEN_MAX_PLY);
    GameStatus st = now(game);
    assert_int_equal(st.repetitions, 37);
    assert_int_equal(st.halfmove, 144);
    assert_int_equal(st.end, GAME_ONGOING);

    Move *moves = malloc(sizeof *moves * (size_t)(plies + 1));
    uint64_t *keys = malloc(sizeof *keys * (size_t)(plies + 1));
    for (int ply = 1; ply <= plies; ply++) {
        moves[ply] = game_move(game, ply);
        keys[ply] = game_repetition_key(game, ply);
    }
    for (int ply = plies; ply > plies - 300; ply--) {
        game_undo(game);
        Setup s;
        g->save(game_board(game), &s);
        assert_true(setup_equal(&s, game_setup(game, ply - 1)));
        assert_int_equal(g->key(game_board(game)), zobrist_key_of_setup(&s));
    }
    char err[256];
    for (int ply = plies - 299; ply <= plies; ply++) {
        if (!game_play(game, moves[ply], err, sizeof err))
            fail_msg("replay ply %d: %s", ply, err);
        assert_int_equal(game_repetition_key(game, ply), keys[ply]);
    }
    assert_int_equal(now(game).repetitions, 37);
    free(moves);
    free(keys);
    game_free(game);
}

static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* Repetition counts and halfmove clocks against their definitions, with
 * no keys and no window: every earlier position with the same placement,
 * side, castling rights and en passant capture actually legal counts.
 * Random games that often take back their own last move, so that
 * positions repeat, with and without captures and pawn moves between. */
static void test_repetition_by_definition(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    enum { MAX_PLIES = 400 };
    typedef struct Seen { Setup s; Square legal_ep; } Seen;
    Seen *seen = malloc(sizeof *seen * (MAX_PLIES + 1));
    SuiteLines suite = suite_load("perftsuite.epd");
    void *board = movegen_board_new(g);
    uint64_t seed = 12345, repeated = 0;
    char err[256];
    for (int n = 0; n < 40; n++) {
        const Setup *start = &suite.lines[next_random(&seed) % (uint64_t)suite.count].setup;
        Game *game = game_new(g);
        assert_true(game_start(game, start, err, sizeof err));
        for (int ply = 0; ply < MAX_PLIES; ply++) {
            GameStatus st;
            game_status(game, ply, &st);
            if (st.end != GAME_ONGOING)
                break;
            int count;
            const Move *moves = game_legal_moves(game, &count);
            Move pick = moves[next_random(&seed) % (uint64_t)count];
            if (ply >= 2 && next_random(&seed) % 10 < 7) {
                Move last = game_move(game, ply - 1);
                for (int i = 0; i < count; i++)
                    if (move_from(moves[i]) == move_to(last) && move_to(moves[i]) == move_from(last))
                        pick = moves[i];
            }
            assert_true(game_play(game, pick, err, sizeof err));
        }
        /* The reference, replayed on a separate board. */
        g->load(board, start);
        int plies = game_ply_count(game), clock = start->halfmove;
        for (int ply = 0; ply <= plies; ply++) {
            if (ply > 0) {
                Move m = game_move(game, ply);
                bool reset = move_is_capture(m) || piece_type(seen[ply - 1].s.board[move_from(m)]) == PAWN;
                clock = reset ? 0 : clock + 1;
                g->make(board, m);
            }
            Move moves[MAX_MOVES];
            int count = g->legal_moves(board, moves);
            g->save(board, &seen[ply].s);
            seen[ply].legal_ep = SQ_NONE;
            for (int i = 0; i < count; i++)
                if (move_kind(moves[i]) == MK_EN_PASSANT)
                    seen[ply].legal_ep = seen[ply].s.ep;
            int occurrences = 0;
            for (int j = 0; j <= ply; j++)
                occurrences += memcmp(seen[j].s.board, seen[ply].s.board, 64) == 0 &&
                               seen[j].s.side == seen[ply].s.side && seen[j].s.castling == seen[ply].s.castling &&
                               seen[j].legal_ep == seen[ply].legal_ep;
            GameStatus st;
            game_status(game, ply, &st);
            if (st.repetitions != occurrences || st.halfmove != clock)
                fail_msg("game %d ply %d: repetitions %d (definition %d), halfmove %d (definition %d)", n, ply,
                         st.repetitions, occurrences, st.halfmove, clock);
            repeated += occurrences > 1;
        }
        for (int ply = 0; ply < plies; ply++)
            g->unmake(board);
        game_free(game);
    }
    assert_true(repeated > 100);
    printf("    %s: %llu repeated positions checked\n", g->name, (unsigned long long)repeated);
    movegen_board_free(board);
    suite_free(&suite);
    free(seen);
}

static void test_moves_and_errors(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    Game *game = start_game(g, FEN_STARTPOS);
    char err[256];
    assert_true(game_play_uci(game, "e2e4", err, sizeof err));
    assert_false(game_play_uci(game, "e2e4", err, sizeof err));
    assert_string_equal(err, "e2e4 is not a legal move");
    assert_false(game_play_uci(game, "zz", err, sizeof err));
    assert_string_equal(err, "'zz' is not a UCI move (e2e4, e7e8q)");
    assert_false(game_play_san(game, "Nd4", err, sizeof err));
    assert_string_equal(err, "Nd4 is illegal: no black knight can reach d4");
    assert_int_equal(game_ply_count(game), 1);
    assert_string_equal(game_san(game, 1), "e4");

    /* Undo restores the position, its legal moves and its status. */
    play(game, "e5 Nf3");
    game_undo(game);
    int count;
    game_legal_moves(game, &count);
    assert_int_equal(count, 29);
    assert_int_equal(game_ply_count(game), 2);
    play(game, "Nc3");
    assert_string_equal(game_san(game, 3), "Nc3");
    while (game_ply_count(game) > 0)
        game_undo(game);
    game_undo(game); /* nothing left: no effect */
    game_legal_moves(game, &count);
    assert_int_equal(count, 20);

    /* A start position that is not valid is refused. */
    Setup bad;
    setup_from_fen(&bad, FEN_STARTPOS, NULL, 0);
    bad.board[SQ_E1] = NO_PIECE;
    assert_false(game_start(game, &bad, err, sizeof err));
    assert_non_null(strstr(err, "0 white kings"));
    game_free(game);
}

int main(void)
{
    struct { void (*fn)(void **); const char *name; } tests[] = {
        { test_checkmate, "checkmate" },
        { test_stalemate, "stalemate" },
        { test_mate_by_en_passant, "mate_by_en_passant" },
        { test_mate_by_promotion, "mate_by_promotion" },
        { test_dead_positions, "dead_positions" },
        { test_threefold, "threefold" },
        { test_repetition_en_passant, "repetition_en_passant" },
        { test_repetition_castling_rights, "repetition_castling_rights" },
        { test_fifty_and_seventy_five, "fifty_and_seventy_five" },
        { test_repetition_by_definition, "repetition_by_definition" },
        { test_long_game, "long_game" },
        { test_moves_and_errors, "moves_and_errors" },
    };
    int failures = 0;
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
        failures += run_per_generator(tests[i].name, tests[i].fn, tests[i].name, NULL, NULL, 1);
    return failures;
}
