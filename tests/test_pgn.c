/* PGN (core/pgn.c): reading a multi-game file with comments, variations,
 * NAGs, escape lines and broken games (each reported with file, line, game
 * and ply, reading going on); the lexical corner cases; results the final
 * position contradicts; input that is not text (NUL bytes, over-long lines
 * and tokens) and paths that are not regular files; the exact layout
 * written; and write-then-read giving back the same games, with every
 * generator. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/chess960.h"
#include "core/input_file.h"
#include "core/move_text.h"
#include "core/pgn.h"
#include "tests/test_support.h"

typedef struct Expected {
    PgnRead read;
    int plies;
    const char *result;    /* movetext result (good games) */
    GameEnd end;
    bool threefold;
    const char *last_san;  /* good games */
    const char *error;     /* bad games: the exact message */
} Expected;

static void check_read(const PgnReader *unused, PgnRead got, const PgnGame *pg, const char *err, const Expected *e)
{
    (void)unused;
    if (got != e->read)
        fail_msg("game %d: read %d, expected %d (%s)", pg->number, got, e->read, got == PGN_BAD_GAME ? err : "");
    if (e->read == PGN_BAD_GAME) {
        assert_string_equal(err, e->error);
        return;
    }
    GameStatus st;
    game_status(pg->game, game_ply_count(pg->game), &st);
    if (game_ply_count(pg->game) != e->plies)
        fail_msg("game %d: %d plies, expected %d", pg->number, game_ply_count(pg->game), e->plies);
    assert_string_equal(pg->result, e->result);
    assert_int_equal(st.end, e->end);
    assert_int_equal(st.threefold, e->threefold);
    if (e->last_san)
        assert_string_equal(game_san(pg->game, e->plies), e->last_san);
}

/* A reader on a file of tests/data, with a game to read into. */
typedef struct DataReader {
    FILE *f;
    PgnReader *r;
    PgnGame pg;
} DataReader;

static void data_reader_open(DataReader *d, const MoveGen *g, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", CHESSLAB_TEST_DATA_DIR, name);
    d->f = fopen(path, "r");
    assert_non_null(d->f);
    d->r = pgn_reader_new(d->f, name);
    assert_non_null(d->r);
    assert_true(pgn_game_init(&d->pg, g));
}

static void data_reader_close(DataReader *d)
{
    pgn_game_free(&d->pg);
    pgn_reader_free(d->r);
    fclose(d->f);
}

static void test_read_file(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    static const Expected expected[] = {
        { PGN_GAME, 7, "1-0", GAME_CHECKMATE, false, "Qxf7#", NULL },
        { PGN_GAME, 4, "0-1", GAME_CHECKMATE, false, "Qh4#", NULL },
        { PGN_BAD_GAME, 0, NULL, 0, false, NULL,
          "games.pgn:33: game 3, ply 5 (3. Nd2): Nd2 is ambiguous: b1d2, f3d2" },
        { PGN_GAME, 2, "1-0", GAME_CHECKMATE, false, "exd6#", NULL },
        { PGN_BAD_GAME, 0, NULL, 0, false, NULL,
          "games.pgn:57: game 5: no result (1-0, 0-1, 1/2-1/2 or *) before the next tags" },
        { PGN_GAME, 8, "1/2-1/2", GAME_ONGOING, true, "Ng8", NULL },
        { PGN_BAD_GAME, 0, NULL, 0, false, NULL,
          "games.pgn:72: game 7: FEN tag: FEN field 1 (placement): 3 ranks, expected 8" },
        { PGN_GAME, 3, "*", GAME_ONGOING, false, "c4", NULL },
    };
    DataReader d;
    data_reader_open(&d, g, "games.pgn");
    PgnReader *r = d.r;
    PgnGame *pg = &d.pg;
    char err[512];
    int n = 0;
    for (PgnRead got; (got = pgn_read_game(r, pg, err, sizeof err)) != PGN_END; n++) {
        assert_true(n < 8);
        assert_int_equal(pg->number, n + 1);
        check_read(r, got, pg, err, &expected[n]);
    }
    assert_int_equal(n, 8);
    /* Tags of a good game, and the state of a bad one. */
    rewind(d.f);
    pgn_reader_free(r);
    r = d.r = pgn_reader_new(d.f, "games.pgn");
    assert_int_equal(pgn_read_game(r, pg, err, sizeof err), PGN_GAME);
    assert_string_equal(pgn_tags_get(&pg->tags, "White"), "Anna");
    assert_string_equal(pgn_tags_get(&pg->tags, "Date"), "2024.01.01");
    assert_int_equal(pg->tags.count, 7);
    assert_int_equal(pg->line, 3);
    assert_int_equal(pgn_read_game(r, pg, err, sizeof err), PGN_GAME);
    assert_int_equal(pgn_read_game(r, pg, err, sizeof err), PGN_BAD_GAME);
    assert_int_equal(game_ply_count(pg->game), 4); /* the moves before Nd2 */
    assert_int_equal(pgn_read_game(r, pg, err, sizeof err), PGN_GAME);
    assert_int_equal(game_setup(pg->game, 0)->fullmove, 30);
    data_reader_close(&d);
}

/* Reads text (one or more games) and returns the outcomes as a string of
 * G (good) and B (bad), with the first error in err. */
static void read_bytes(const MoveGen *g, const char *text, size_t size, char *outcomes, char *first_error,
                       size_t len)
{
    FILE *f = fmemopen((void *)text, size, "r");
    assert_non_null(f);
    PgnReader *r = pgn_reader_new(f, "mem");
    PgnGame pg;
    assert_true(pgn_game_init(&pg, g));
    char err[512];
    int n = 0;
    first_error[0] = '\0';
    for (PgnRead got; (got = pgn_read_game(r, &pg, err, sizeof err)) != PGN_END && n < 20;) {
        outcomes[n++] = got == PGN_GAME ? 'G' : 'B';
        if (got == PGN_BAD_GAME && first_error[0] == '\0')
            snprintf(first_error, len, "%s", err);
    }
    outcomes[n] = '\0';
    pgn_game_free(&pg);
    pgn_reader_free(r);
    fclose(f);
}

static void read_text(const MoveGen *g, const char *text, char *outcomes, char *first_error, size_t len)
{
    read_bytes(g, text, strlen(text), outcomes, first_error, len);
}

static void test_lexical_cases(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    static const struct { const char *text, *outcomes, *error; } cases[] = {
        { "", "", "" },
        { "  \n; only a comment\n{ and another }\n", "", "" },
        { "1. e4 e5 *", "G", "" },                                      /* no tags */
        { "\xEF\xBB\xBF[White \"A\"]\r\n\r\n1. e4 e5 1/2-1/2\r\n", "G", "" }, /* BOM, CRLF */
        { "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 *", "G", "" },
        { "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) e5 *", "G", "" },
        { "1. e4 $1 $23 e5 ! ?? !? 2. Nf3!! Nc6?! *", "G", "" },
        { "1. e4 e5 {unclosed comment *", "B", "mem:1: game 1: comment opened on line 1 is not closed" },
        { "[White \"unclosed]\n1. e4 *\n[White \"B\"]\n1. d4 *", "BG",
          "mem:1: game 1: tag White: string not closed before the end of the line" },
        { "[White \"A\"\n[Black \"B\"]\n1. e4 *\n[White \"C\"]\n1. d4 *", "BG",
          "mem:2: game 1: tag White: ']' should follow the value" },
        { "[\"A\"]\n1. e4 *\n1. d4 *", "BG", "mem:1: game 1: a tag pair needs a name after '['" },
        { "1. e4 @ e5 *\n1. d4 *", "BG", "mem:1: game 1: unexpected character '@'" },
        { "1. e4 -- e5 *\n1. d4 *", "BG", "mem:1: game 1: unexpected character '-'" },
        { "1. e4 ) e5 *\n1. d4 *", "BG", "mem:1: game 1: ')' without '('" },
        { "1. e4 (1. d4 *) *\n1. d4 *", "BG", "mem:1: game 1: result * inside a variation" },
        { "1. e4 e5 \"text\" *\n1. d4 *", "BG", "mem:1: game 1: unexpected string in the movetext" },
        { "1. e4 e5 2. Ke3 *\n1. d4 *", "BG",
          "mem:1: game 1, ply 3 (2. Ke3): Ke3 is illegal: no white king can reach e3" },
        { "1. e4 e5\n2. Nf3", "B", "mem:2: game 1: the file ends before the game's result (1-0, 0-1, 1/2-1/2 or *)" },
        { "1. e4 (e5 2. Nf3", "B", "mem:1: game 1: the file ends inside a variation" },
        { "[Variant \"Atomic\"]\n1. e4 *\n1. d4 *", "BG",
          "mem:2: game 1: variant 'Atomic' is not supported (standard chess and Chess960 only)" },
        /* Chess960: king on e1 castling with the g1 rook, king on g1 after. */
        { "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K1R1 w G - 0 1\"]\n1. O-O Kd7 2. Kh1 *",
          "G", "" },
        { "[Variant \"Chess960\"]\n[FEN \"4k3/8/8/8/8/8/8/4K1R1 w Gz - 0 1\"]\n*", "B",
          "mem:2: game 1: FEN tag: FEN field 3 (castling): unexpected 'z', expected KQkq, rook files A-Ha-h or -" },
        { "[Variant \"Standard\"]\n1. e4 *", "G", "" },
        { "[FEN \"4k3/8/8/8/8/8/8/8 w - - 0 1\"]\n*\n[White \"x\"]\n1. d4 *", "BG",
          "mem:1: game 1: FEN tag: FEN field 1 (placement): 0 white kings, expected exactly 1" },
        { "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n1. Kb1 *", "B",
          "mem:2: game 1, ply 1 (1. Kb1): the game is already over (dead position)" },
        { "%escape\n1. e4 *\n  % not at line start\n", "GB", "mem:3: game 2: unexpected character '%'" },
        { "1. e4 e5 $ *\n1. d4 *", "BG", "mem:1: game 1: '$' without a number" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char outcomes[32], error[512];
        read_text(g, cases[i].text, outcomes, error, sizeof error);
        if (strcmp(outcomes, cases[i].outcomes) != 0 || strcmp(error, cases[i].error) != 0)
            fail_msg("case %zu: outcomes '%s' (expected '%s'), error '%s' (expected '%s')", i, outcomes,
                     cases[i].outcomes, error, cases[i].error);
    }
}

/* Results against the final position (tests/data/results.pgn): after a
 * mate, a stalemate or a dead position the result token and the Result tag
 * must be the rules' result or `*`; each contradiction is reported with the
 * game, the ply and its move, and the line of the token or tag. */
static void test_results(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    static const char *const errors[] = {
        "results.pgn:8: game 1, ply 7 (4. Qxf7#): result 0-1 contradicts the final position (checkmate: 1-0)",
        "results.pgn:13: game 2, ply 4 (2... Qh4#): result 1/2-1/2 contradicts the final position (checkmate: 0-1)",
        NULL,
        "results.pgn:21: game 4, ply 7 (4. Qxf7#): Result tag 1/2-1/2 contradicts the final position (checkmate: "
        "1-0)",
        "results.pgn:30: game 5, ply 1 (1. Qc7): result 1-0 contradicts the final position (stalemate: 1/2-1/2)",
        NULL,
        NULL,
        "results.pgn:50: game 8, ply 1 (1. Kxb2): result 1-0 contradicts the final position (dead position: "
        "1/2-1/2)",
        NULL,
        "results.pgn:58: game 10, ply 0 (start position): Result tag 0-1 contradicts the final position "
        "(checkmate: 1-0)",
    };
    enum { GAMES = sizeof errors / sizeof errors[0] };
    DataReader d;
    data_reader_open(&d, g, "results.pgn");
    char err[512];
    int n = 0;
    for (PgnRead got; (got = pgn_read_game(d.r, &d.pg, err, sizeof err)) != PGN_END; n++) {
        assert_true(n < GAMES);
        if (errors[n] == NULL && got != PGN_GAME)
            fail_msg("game %d: %s", n + 1, err);
        if (errors[n] != NULL) {
            assert_int_equal(got, PGN_BAD_GAME);
            assert_string_equal(err, errors[n]);
            /* The game itself was read to its end. */
            assert_int_not_equal(d.pg.result[0], '\0');
        }
    }
    assert_int_equal(n, GAMES);
    data_reader_close(&d);
}

/* Input that is not text: a NUL byte anywhere (tag, comment, movetext,
 * between games) and a line over PGN_LINE_MAX end the reading with one
 * error naming the game it cut; tokens over PGN_TOKEN_MAX are refused. */
static void test_not_text(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    static const char nul_tag[] = "[White \"A\0B\"]\n1. e4 *\n1. d4 *\n";
    static const char nul_comment[] = "1. e4 {a\0b} e5 *\n1. d4 *\n";
    static const char nul_movetext[] = "1. e4 e5 *\n\n1. d4\0 d5 *\n1. c4 *\n";
    static const char nul_between[] = "1. e4 e5 *\n\0\n1. d4 *\n";
    static const char nul_escape[] = "%ab\0c\n1. e4 *\n";
    static const struct { const char *text; size_t size; const char *outcomes, *error; } cases[] = {
        { nul_tag, sizeof nul_tag - 1, "B", "mem:1: game 1: tag White: a NUL byte on line 1: not a text file; "
                                            "reading stops" },
        { nul_comment, sizeof nul_comment - 1, "B", "mem:1: game 1: a NUL byte on line 1: not a text file; "
                                                    "reading stops" },
        { nul_movetext, sizeof nul_movetext - 1, "GB", "mem:3: game 2: a NUL byte on line 3: not a text file; "
                                                       "reading stops" },
        { nul_between, sizeof nul_between - 1, "GB", "mem:2: game 2: a NUL byte on line 2: not a text file; "
                                                     "reading stops" },
        { nul_escape, sizeof nul_escape - 1, "B", "mem:1: game 1: a NUL byte on line 1: not a text file; "
                                                  "reading stops" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char outcomes[32], error[512];
        read_bytes(g, cases[i].text, cases[i].size, outcomes, error, sizeof error);
        if (strcmp(outcomes, cases[i].outcomes) != 0 || strcmp(error, cases[i].error) != 0)
            fail_msg("NUL case %zu: outcomes '%s' (expected '%s'), error '%s' (expected '%s')", i, outcomes,
                     cases[i].outcomes, error, cases[i].error);
    }
    /* Lines: PGN_LINE_MAX bytes read (a long comment), one more refused,
     * and the games after it not read. */
    size_t size = (size_t)PGN_LINE_MAX + 64;
    char *text = malloc(size);
    assert_non_null(text);
    for (int extra = 0; extra <= 1; extra++) {
        int at = snprintf(text, size, "1. e4 e5 *\n1. d4 {");
        int line_start = (int)strlen("1. e4 e5 *\n");
        int close = line_start + PGN_LINE_MAX + extra - 3; /* "} *" ends the line */
        memset(text + at, 'x', (size_t)(close - at));
        at = close + snprintf(text + close, size - (size_t)close, "} *\n1. c4 *\n");
        char outcomes[32], error[512];
        read_bytes(g, text, (size_t)at, outcomes, error, sizeof error);
        if (extra == 0) {
            assert_string_equal(outcomes, "GGG");
        } else {
            assert_string_equal(outcomes, "GB");
            assert_string_equal(error, "mem:2: game 2: line 2 is longer than 1048576 bytes: not a PGN file; "
                                       "reading stops");
        }
    }
    /* A symbol and a string of PGN_TOKEN_MAX bytes are refused. */
    for (int kind = 0; kind < 2; kind++) {
        int at = snprintf(text, size, kind ? "[White \"" : "1. e4 ");
        memset(text + at, 'a', PGN_TOKEN_MAX);
        at += PGN_TOKEN_MAX;
        at += snprintf(text + at, size - (size_t)at, kind ? "\"]\n1. e4 *\n1. d4 *\n" : " *\n1. d4 *\n");
        char outcomes[32], error[512];
        read_bytes(g, text, (size_t)at, outcomes, error, sizeof error);
        assert_string_equal(outcomes, "BG");
        assert_string_equal(error, kind ? "mem:1: game 1: tag White: string longer than 4095 characters"
                                        : "mem:1: game 1: symbol longer than 4095 characters");
    }
    free(text);
}

/* Inputs that are not regular files are refused before reading, without
 * blocking (a FIFO nobody writes to); a regular file opens. */
static void test_input_file(void **state)
{
    (void)state;
    char err[256];
    FILE *f;
    assert_int_equal(input_file_open("/", &f, err, sizeof err), INPUT_FILE_NOT_A_FILE);
    assert_null(f);
    assert_string_equal(err, "cannot read '/': it is a directory, not a file");
    assert_int_equal(input_file_open("/dev/zero", &f, err, sizeof err), INPUT_FILE_NOT_A_FILE);
    assert_string_equal(err, "cannot read '/dev/zero': it is a character device, not a file");
    assert_int_equal(input_file_open("/no/such/file.pgn", &f, err, sizeof err), INPUT_FILE_CANNOT_OPEN);
    assert_string_equal(err, "cannot open '/no/such/file.pgn': No such file or directory");
    char dir[] = "/tmp/chesslab_pgn_XXXXXX", fifo[64];
    assert_non_null(mkdtemp(dir));
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_int_equal(input_file_open(fifo, &f, err, sizeof err), INPUT_FILE_NOT_A_FILE);
    assert_non_null(strstr(err, "it is a FIFO, not a file"));
    unlink(fifo);
    rmdir(dir);
    assert_int_equal(input_file_open(CHESSLAB_TEST_DATA_DIR "/games.pgn", &f, err, sizeof err), INPUT_FILE_OK);
    assert_int_equal(getc(f), '%');
    fclose(f);
}

/* The exact layout: roster, SetUp/FEN, extra tags, N... for Black first. */
static void test_write_layout(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    Game *game = game_new(g);
    Setup s;
    assert_true(setup_from_fen(&s, "6k1/3p2pp/6N1/4P3/8/8/B7/4K3 b - - 0 30", NULL, 0));
    assert_true(game_start(game, &s, NULL, 0));
    char err[256];
    assert_true(game_play_san(game, "d5", err, sizeof err) && game_play_san(game, "exd6", err, sizeof err));
    PgnTags tags = { 0 };
    pgn_tags_set(&tags, "White", "A \"quoted\" name");
    pgn_tags_set(&tags, "Annotator", "back\\slash");
    pgn_tags_set(&tags, "Result", "0-1"); /* replaced by the game's */
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_true(pgn_write_game(out, &tags, game, NULL));
    fclose(out);
    assert_string_equal(text, "[Event \"?\"]\n"
                              "[Site \"?\"]\n"
                              "[Date \"????.??.??\"]\n"
                              "[Round \"?\"]\n"
                              "[White \"A \\\"quoted\\\" name\"]\n"
                              "[Black \"?\"]\n"
                              "[Result \"1-0\"]\n"
                              "[SetUp \"1\"]\n"
                              "[FEN \"6k1/3p2pp/6N1/4P3/8/8/B7/4K3 b - - 0 30\"]\n"
                              "[Annotator \"back\\\\slash\"]\n"
                              "\n"
                              "30... d5 31. exd6# 1-0\n"
                              "\n");
    free(text);
    /* With comments: after one, Black's move carries its number again. */
    const char *comments[2] = { "-0.35/12 0.251s", "+M1/1 0.002s" };
    out = open_memstream(&text, &len);
    assert_true(pgn_write_game_commented(out, NULL, game, NULL, comments));
    fclose(out);
    assert_non_null(strstr(text, "\n30... d5 {-0.35/12 0.251s} 31. exd6# {+M1/1 0.002s} 1-0\n"));
    free(text);
    comments[0] = NULL;
    out = open_memstream(&text, &len);
    assert_true(pgn_write_game_commented(out, NULL, game, NULL, comments));
    fclose(out);
    assert_non_null(strstr(text, "\n30... d5 31. exd6# {+M1/1 0.002s} 1-0\n"));
    free(text);
    pgn_tags_free(&tags);
    game_free(game);
}

/* Small deterministic generator for random games. */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

typedef struct WrittenGame {
    Setup start;
    Move moves[400];
    int plies;
    char result[8];
    char white[64];
} WrittenGame;

/* Write-then-read: random games from the start and from suite positions,
 * with tags, long enough to wrap; reading gives back tags, start, moves
 * and result; no written line reaches 80 columns. */
static void test_write_then_read(void **state)
{
    const MoveGen *g = ((const GenTestCase *)*state)->gen;
    enum { GAMES = 60 };
    WrittenGame *written = calloc(GAMES, sizeof *written);
    SuiteLines suite = suite_load("perftsuite.epd");
    Game *game = game_new(g);
    uint64_t seed = 0x9e3779b97f4a7c15ull;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    char err[256];
    for (int i = 0; i < GAMES; i++) {
        WrittenGame *w = &written[i];
        if (i % 5 == 4) /* Chess960: the Variant tag and rook-file castling read back */
            chess960_start_position((int)(next_random(&seed) % CHESS960_POSITIONS), &w->start);
        else if (i % 3 == 0)
            setup_from_fen(&w->start, FEN_STARTPOS, NULL, 0);
        else
            w->start = suite.lines[next_random(&seed) % (uint64_t)suite.count].setup;
        assert_true(game_start(game, &w->start, err, sizeof err));
        int target = (int)(next_random(&seed) % 300);
        GameStatus st;
        for (;;) {
            game_status(game, game_ply_count(game), &st);
            if (st.end != GAME_ONGOING || game_ply_count(game) == target)
                break;
            int count;
            const Move *moves = game_legal_moves(game, &count);
            Move m = moves[next_random(&seed) % (uint64_t)count];
            assert_true(game_play(game, m, err, sizeof err));
            w->moves[game_ply_count(game)] = m;
        }
        w->plies = game_ply_count(game);
        /* Some games drawn by agreement: only those still going on, as a
         * result the final position contradicts is refused. */
        bool agreed = i % 7 == 6 && st.end == GAME_ONGOING;
        snprintf(w->result, sizeof w->result, "%s", agreed ? "1/2-1/2" : game_result(&st, false));
        snprintf(w->white, sizeof w->white, "Player \"%d\" \\ %s", i, g->name);
        PgnTags tags = { 0 };
        pgn_tags_set(&tags, "White", w->white);
        pgn_tags_set(&tags, "Round", i % 2 ? "7" : "?");
        pgn_tags_set(&tags, "PlyCount", "x");
        /* Every other game with a comment on most moves, of varied length,
         * as match PGN has them: the moves read back the same. */
        const char *comments[400] = { NULL };
        static const char *const notes[3] = { "+0.35/12 0.251s", "-12.07/31 10.000s", "0.001s" };
        for (int ply = 1; i % 2 && ply <= w->plies; ply++)
            comments[ply - 1] = ply % 5 ? notes[ply % 3] : NULL;
        assert_true(pgn_write_game_commented(out, &tags, game, agreed ? "1/2-1/2" : NULL, comments));
        pgn_tags_free(&tags);
    }
    fclose(out);
    for (char *line = text, *end; *line; line = end + 1) {
        end = strchr(line, '\n');
        assert_non_null(end);
        if (line[0] != '[' && end - line >= 80)
            fail_msg("movetext line of %d columns: %.*s", (int)(end - line), (int)(end - line), line);
    }

    FILE *in = fmemopen(text, len, "r");
    PgnReader *r = pgn_reader_new(in, "written");
    PgnGame pg;
    assert_true(pgn_game_init(&pg, g));
    char read_err[512];
    int n = 0, total_plies = 0;
    for (PgnRead got; (got = pgn_read_game(r, &pg, read_err, sizeof read_err)) != PGN_END; n++) {
        if (got != PGN_GAME)
            fail_msg("game %d: %s", n + 1, read_err);
        const WrittenGame *w = &written[n];
        assert_true(setup_equal(game_setup(pg.game, 0), &w->start));
        assert_int_equal(game_ply_count(pg.game), w->plies);
        for (int ply = 1; ply <= w->plies; ply++)
            assert_int_equal(game_move(pg.game, ply), w->moves[ply]);
        assert_string_equal(pg.result, w->result);
        assert_string_equal(pgn_tags_get(&pg.tags, "Result"), w->result);
        assert_string_equal(pgn_tags_get(&pg.tags, "White"), w->white);
        assert_string_equal(pgn_tags_get(&pg.tags, "Round"), n % 2 ? "7" : "?");
        assert_string_equal(pgn_tags_get(&pg.tags, "PlyCount"), "x");
        total_plies += w->plies;
    }
    assert_int_equal(n, GAMES);
    printf("    %s: %d games, %d plies written and read back\n", g->name, n, total_plies);
    pgn_game_free(&pg);
    pgn_reader_free(r);
    fclose(in);
    free(text);
    game_free(game);
    suite_free(&suite);
    free(written);
}

int main(void)
{
    int failures = 0;
    failures += run_per_generator("pgn_read_file", test_read_file, "read_file", NULL, NULL, 1);
    failures += run_per_generator("pgn_lexical", test_lexical_cases, "lexical", NULL, NULL, 1);
    failures += run_per_generator("pgn_results", test_results, "results", NULL, NULL, 1);
    failures += run_per_generator("pgn_not_text", test_not_text, "not_text", NULL, NULL, 1);
    failures += run_per_generator("pgn_write_layout", test_write_layout, "write_layout", NULL, NULL, 1);
    failures += run_per_generator("pgn_write_then_read", test_write_then_read, "write_then_read", NULL, NULL, 1);
    const struct CMUnitTest files[] = { cmocka_unit_test(test_input_file) };
    failures += cmocka_run_group_tests_name("input_file", files, NULL, NULL);
    return failures;
}
