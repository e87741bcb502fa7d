/* The engine's NNUE evaluation (search/nnue.h): network files are read
 * strictly, the integer evaluation is the one search/nnue_format.h defines
 * (checked against a plain reference written here), and it does not
 * depend on which colour is which. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/setup.h"
#include "core/random.h"
#include "search/engine.h"
#include "search/engine_options.h"
#include "search/nnue.h"
#include "tests/test_support.h"

enum { TEST_HIDDEN = 64 };

/* A random int16 in [-limit, limit]. */
static int16_t random_weight(uint64_t *state, int limit)
{
    return (int16_t)((int)(splitmix64(state) % (uint64_t)(2 * limit + 1)) - limit);
}

static void put_u32(unsigned char *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (unsigned char)(v >> (8 * i));
}

static void put_i16(unsigned char *b, int16_t v)
{
    b[0] = (unsigned char)((uint16_t)v & 0xff);
    b[1] = (unsigned char)((uint16_t)v >> 8);
}

/* A network file of width h with random weights inside the quantised
 * ranges (w1 within +-1.98 QA spread over a few rows, w2 within +-127). */
typedef struct TestNet {
    unsigned char *bytes;
    size_t size;
    int16_t *w1, *b1, *w2; /* the same values, for the reference */
    int32_t b2;
} TestNet;

static TestNet make_net(int h, uint64_t seed)
{
    TestNet t = { 0 };
    size_t shorts = (size_t)NNUE_INPUTS * h + 3 * (size_t)h;
    t.size = NNUE_FILE_HEADER_BYTES + 2 * shorts + 4;
    t.bytes = calloc(t.size, 1);
    t.w1 = malloc(shorts * sizeof(int16_t));
    assert_non_null(t.bytes);
    assert_non_null(t.w1);
    t.b1 = t.w1 + (size_t)NNUE_INPUTS * h;
    t.w2 = t.b1 + h;
    memcpy(t.bytes, NNUE_FILE_MAGIC, 4);
    put_u32(t.bytes + 4, NNUE_FILE_VERSION);
    put_u32(t.bytes + 8, (uint32_t)h);
    uint64_t state = seed;
    for (size_t i = 0; i < shorts; i++) {
        bool output = i >= (size_t)NNUE_INPUTS * h + (size_t)h;
        t.w1[i] = random_weight(&state, output ? 127 : 160);
        put_i16(t.bytes + NNUE_FILE_HEADER_BYTES + 2 * i, t.w1[i]);
    }
    t.b2 = (int32_t)random_weight(&state, 30000);
    put_u32(t.bytes + NNUE_FILE_HEADER_BYTES + 2 * shorts, (uint32_t)t.b2);
    return t;
}

static void free_net(TestNet *t)
{
    free(t->bytes);
    free(t->w1);
}

/* The header's formula, square by square from the Setup, in 64 bits. */
static int reference_eval(const TestNet *t, int h, const Setup *s)
{
    long long acc[2][NNUE_HIDDEN_MAX];
    for (int c = 0; c < 2; c++)
        for (int j = 0; j < h; j++)
            acc[c][j] = t->b1[j];
    for (int sq = 0; sq < 64; sq++) {
        if (s->board[sq] == NO_PIECE)
            continue;
        for (int c = 0; c < 2; c++) {
            int f = nnue_feature((Color)c, s->board[sq], (Square)sq);
            for (int j = 0; j < h; j++)
                acc[c][j] += t->w1[(size_t)f * h + j];
        }
    }
    long long sum = 0;
    for (int half = 0; half < 2; half++) {
        const long long *a = acc[half == 0 ? s->side : color_flip(s->side)];
        for (int j = 0; j < h; j++) {
            assert_true(a[j] >= INT16_MIN && a[j] <= INT16_MAX);
            long long v = a[j] < 0 ? 0 : a[j] > NNUE_QA ? NNUE_QA : a[j];
            sum += v * v * t->w2[half * h + j];
        }
    }
    long long out = sum / NNUE_QA + t->b2;
    return (int)(out * NNUE_OUTPUT_SCALE / (NNUE_QA * NNUE_QB));
}

static int engine_eval(const NnueNet *net, const Setup *s)
{
    const SearchBoardOps *ops = search_board_ops();
    SearchBoard *board = search_board_new();
    assert_non_null(board);
    ops->load(board, s);
    int score = nnue_evaluate(net, search_board_position(board));
    movegen_board_free(board);
    return score;
}

/* Every perft-suite position: the engine's evaluation is the reference's,
 * and its colour mirror scores the same. */
static void test_evaluation_matches_reference(void **state)
{
    (void)state;
    TestNet t = make_net(TEST_HIDDEN, 1);
    char err[256];
    NnueNet *net = nnue_net_from_bytes(t.bytes, t.size, err, sizeof err);
    assert_non_null(net);
    assert_int_equal(net->hidden, TEST_HIDDEN);
    SuiteLines suite = suite_load("perftsuite.epd");
    int distinct = 0, first = 0;
    for (int i = 0; i < suite.count; i++) {
        const Setup *s = &suite.lines[i].setup;
        int score = engine_eval(net, s);
        assert_int_equal(score, reference_eval(&t, TEST_HIDDEN, s));
        Setup m;
        setup_mirror_colours(s, &m);
        assert_int_equal(engine_eval(net, &m), score);
        if (i == 0)
            first = score;
        distinct += score != first;
    }
    /* The random network does tell positions apart (the test can fail). */
    assert_true(distinct > suite.count / 2);
    suite_free(&suite);
    nnue_net_free(net);
    free_net(&t);
}

/* Random walks from every perft-suite position (moves, null moves, takes
 * back, evaluations skipped at some plies so that updates span several
 * plies): the stacked evaluation is always the one from scratch. */
static void test_stacked_matches_scratch(void **state)
{
    (void)state;
    TestNet t = make_net(TEST_HIDDEN, 3);
    char err[256];
    NnueNet *net = nnue_net_from_bytes(t.bytes, t.size, err, sizeof err);
    assert_non_null(net);
    NnueStack *stack = nnue_stack_new();
    assert_non_null(stack);
    const SearchBoardOps *ops = search_board_ops();
    SearchBoard *board = search_board_new();
    SuiteLines suite = suite_load("perftsuite.epd");
    uint64_t random = 7;
    long updated = 0;
    for (int i = 0; i < suite.count; i++) {
        ops->load(board, &suite.lines[i].setup);
        nnue_stack_reset(stack);
        int depth = 0;
        bool null_below[64] = { false };
        for (int step = 0; step < 400; step++) {
            const Position *p = search_board_position(board);
            if (splitmix64(&random) % 3 != 0) {
                int before = stack->top;
                assert_int_equal(nnue_evaluate_stacked(net, p, stack), nnue_evaluate(net, p));
                assert_int_equal(stack->top, before);
                updated += depth > 0;
            }
            Move moves[MAX_MOVES];
            int n = ops->legal_moves(board, moves);
            unsigned r = (unsigned)(splitmix64(&random) % 8);
            if (depth > 0 && (r < 3 || n == 0 || depth == 40)) {
                if (null_below[depth])
                    ops->unmake_null(board);
                else
                    ops->unmake(board);
                nnue_stack_pop(stack);
                depth--;
            } else if (r == 3 && !ops->in_check(board)) {
                ops->make_null(board);
                nnue_stack_push(stack);
                null_below[++depth] = true;
            } else if (n > 0) {
                ops->make(board, moves[splitmix64(&random) % (uint64_t)n]);
                nnue_stack_push(stack);
                null_below[++depth] = false;
            }
        }
    }
    assert_true(updated > 1000);
    /* A stack out of step with the board (entries of another path) still
     * gives the right score. */
    ops->load(board, &suite.lines[0].setup);
    const Position *p = search_board_position(board);
    assert_int_equal(nnue_evaluate_stacked(net, p, stack), nnue_evaluate(net, p));
    suite_free(&suite);
    movegen_board_free(board);
    nnue_stack_free(stack);
    nnue_net_free(net);
    free_net(&t);
}

/* Files that are not networks of this format are refused with a reason. */
static void test_bad_files_refused(void **state)
{
    (void)state;
    TestNet t = make_net(32, 2);
    char err[256];
    NnueNet *net = nnue_net_from_bytes(t.bytes, t.size, err, sizeof err);
    assert_non_null(net);
    nnue_net_free(net);

    err[0] = '\0';
    assert_null(nnue_net_from_bytes(t.bytes, 10, err, sizeof err));
    assert_true(err[0] != '\0');
    assert_null(nnue_net_from_bytes(t.bytes, t.size - 2, err, sizeof err));
    assert_non_null(strstr(err, "bytes"));
    t.bytes[0] = 'X';
    assert_null(nnue_net_from_bytes(t.bytes, t.size, err, sizeof err));
    assert_non_null(strstr(err, "CLNN"));
    t.bytes[0] = 'C';
    put_u32(t.bytes + 4, NNUE_FILE_VERSION + 1);
    assert_null(nnue_net_from_bytes(t.bytes, t.size, err, sizeof err));
    assert_non_null(strstr(err, "version"));
    put_u32(t.bytes + 4, NNUE_FILE_VERSION);
    put_u32(t.bytes + 8, 33);
    assert_null(nnue_net_from_bytes(t.bytes, t.size, err, sizeof err));
    assert_non_null(strstr(err, "multiple of 32"));
    put_u32(t.bytes + 8, 0);
    assert_null(nnue_net_from_bytes(t.bytes, t.size, err, sizeof err));
    assert_null(nnue_net_load("/nonexistent/net.nnue", err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/net.nnue"));
    free_net(&t);
}

/* The built-in network, when the build has one, is a valid network; when
 * it has none, the reason says so. */
static void test_builtin(void **state)
{
    (void)state;
    const NnueNet *net = nnue_builtin();
    if (net == NULL) {
        assert_true(strlen(nnue_builtin_error()) > 0);
        return;
    }
    Setup s;
    assert_true(setup_from_fen(&s, FEN_STARTPOS, NULL, 0));
    int score = engine_eval(net, &s);
    assert_true(score > -200 && score < 200);
    assert_true(nnue_builtin() == net);
}

/* A network file of width h in a temporary file; path receives its name. */
static void write_net_file(int h, uint64_t seed, char *path, size_t len)
{
    snprintf(path, len, "/tmp/chesslab-test-net-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    TestNet t = make_net(h, seed);
    assert_int_equal(write(fd, t.bytes, t.size), (ssize_t)t.size);
    assert_int_equal(close(fd), 0);
    free_net(&t);
}


/* UCI EvalFile: a network read from a file replaces the built-in one for
 * Eval nnue (at once when it plays), a file that is no network is refused
 * with the reason and changes nothing, and <builtin> goes back. */
static void test_eval_file_option(void **state)
{
    (void)state;
    Engine *e = engine_new(1);
    assert_non_null(e);
    char msg[1024], wide[64], narrow[64];
    const NnueNet *builtin = nnue_builtin();
    assert_ptr_equal(engine_net(e), builtin);
    assert_int_equal(engine_option_set(e, "Eval", "linear", msg, sizeof msg), ENGINE_OPTION_SET);
    assert_int_equal(engine_option_set(e, "EvalFile", "/nonexistent/net.nnue", msg, sizeof msg), ENGINE_OPTION_REFUSED);
    assert_non_null(strstr(msg, "/nonexistent/net.nnue"));
    assert_non_null(strstr(msg, "keeping the current network"));
    assert_int_equal(engine_option_set(e, "EvalFile", NULL, msg, sizeof msg), ENGINE_OPTION_REFUSED);
    assert_int_equal(engine_option_set(e, "EvalFile", "", msg, sizeof msg), ENGINE_OPTION_REFUSED);
    assert_ptr_equal(engine_net(e), builtin);

    write_net_file(64, 3, wide, sizeof wide);
    write_net_file(32, 4, narrow, sizeof narrow);
    assert_int_equal(engine_option_set(e, "EvalFile", wide, msg, sizeof msg), ENGINE_OPTION_SET);
    assert_string_equal(msg, "");
    assert_non_null(engine_net(e));
    assert_int_equal(engine_net(e)->hidden, 64);
    assert_null(engine_options(e)->net); /* Eval is linear: it stays */
    assert_int_equal(engine_option_set(e, "Eval", "nnue", msg, sizeof msg), ENGINE_OPTION_SET);
    assert_ptr_equal(engine_options(e)->net, engine_net(e));
    /* Playing the network: a new file is played from the next search on. */
    assert_int_equal(engine_option_set(e, "EvalFile", narrow, msg, sizeof msg), ENGINE_OPTION_SET);
    assert_int_equal(engine_options(e)->net->hidden, 32);
    SearchLimits l;
    search_limits_init(&l);
    l.depth = 3;
    SearchResult r;
    engine_search(e, &l, NULL, &r);
    assert_true(r.best != MOVE_NONE && r.depth == 3);
    /* A file that is no network: refused, the current one stays. */
    assert_int_equal(truncate(wide, 100), 0);
    assert_int_equal(engine_option_set(e, "EvalFile", wide, msg, sizeof msg), ENGINE_OPTION_REFUSED);
    assert_int_equal(engine_options(e)->net->hidden, 32);
    EngineOptionResult back = engine_option_set(e, "EvalFile", ENGINE_NET_BUILTIN, msg, sizeof msg);
    if (builtin != NULL) {
        assert_int_equal(back, ENGINE_OPTION_SET);
        assert_ptr_equal(engine_options(e)->net, builtin);
    } else {
        assert_int_equal(back, ENGINE_OPTION_REFUSED);
    }
    unlink(wide);
    unlink(narrow);
    engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_evaluation_matches_reference),
        cmocka_unit_test(test_stacked_matches_scratch),
        cmocka_unit_test(test_bad_files_refused),
        cmocka_unit_test(test_builtin),
        cmocka_unit_test(test_eval_file_option),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
