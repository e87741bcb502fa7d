/* The engine's NNUE evaluation (search/nnue.h): network files of one
 * output bucket (version 1) and of several (version 2) are read strictly,
 * the integer evaluation is the one search/nnue_format.h defines (checked
 * against a plain reference written here), and it does not depend on
 * which colour is which. */
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

/* A network file of width h and `buckets` output buckets with random
 * weights inside the quantised ranges (w1 within +-1.98 QA spread over a
 * few rows, w2 within +-127), laid out here as the header says: version 1
 * with the field after the width 0 for one bucket, else version 2 with
 * the bucket count there; w2 and b2 bucket by bucket. */
typedef struct TestNet {
    unsigned char *bytes;
    size_t size;
    int buckets;
    bool mirrored; /* version 3: each side's squares flipped by its king's wing */
    int16_t *w1, *b1, *w2; /* the same values, for the reference; w2 [B][2h] */
    int32_t b2[NNUE_BUCKETS_MAX];
} TestNet;

static TestNet make_net(int h, int buckets, uint64_t seed)
{
    TestNet t = { .buckets = buckets };
    size_t shorts = (size_t)NNUE_INPUTS * h + (size_t)h + 2 * (size_t)buckets * h;
    t.size = NNUE_FILE_HEADER_BYTES + 2 * shorts + 4 * (size_t)buckets;
    t.bytes = calloc(t.size, 1);
    t.w1 = malloc(shorts * sizeof(int16_t));
    assert_non_null(t.bytes);
    assert_non_null(t.w1);
    t.b1 = t.w1 + (size_t)NNUE_INPUTS * h;
    t.w2 = t.b1 + h;
    memcpy(t.bytes, NNUE_FILE_MAGIC, 4);
    put_u32(t.bytes + 4, buckets == 1 ? 1 : 2);
    put_u32(t.bytes + 8, (uint32_t)h);
    put_u32(t.bytes + 12, buckets == 1 ? 0 : (uint32_t)buckets);
    uint64_t state = seed;
    for (size_t i = 0; i < shorts; i++) {
        bool output = i >= (size_t)NNUE_INPUTS * h + (size_t)h;
        t.w1[i] = random_weight(&state, output ? 127 : 160);
        put_i16(t.bytes + NNUE_FILE_HEADER_BYTES + 2 * i, t.w1[i]);
    }
    for (int k = 0; k < buckets; k++) {
        t.b2[k] = (int32_t)random_weight(&state, 30000);
        put_u32(t.bytes + NNUE_FILE_HEADER_BYTES + 2 * shorts + 4 * (size_t)k, (uint32_t)t.b2[k]);
    }
    return t;
}

/* The same network made a mirrored one (version 3, the bucket count
 * after the width even for one bucket). */
static TestNet make_mirrored_net(int h, int buckets, uint64_t seed)
{
    TestNet t = make_net(h, buckets, seed);
    put_u32(t.bytes + 4, 3);
    put_u32(t.bytes + 12, (uint32_t)buckets);
    t.mirrored = true;
    return t;
}

static void free_net(TestNet *t)
{
    free(t->bytes);
    free(t->w1);
}

/* The pieces on the board of s. */
static int piece_count(const Setup *s)
{
    int n = 0;
    for (int sq = 0; sq < 64; sq++)
        n += s->board[sq] != NO_PIECE;
    return n;
}

/* The header's formula, square by square from the Setup, in 64 bits. */
static int reference_eval(const TestNet *t, int h, const Setup *s)
{
    const int16_t *w2 = t->w2 + 2 * (size_t)h * (size_t)nnue_output_bucket(piece_count(s), t->buckets);
    const int32_t b2 = t->b2[nnue_output_bucket(piece_count(s), t->buckets)];
    long long acc[2][NNUE_HIDDEN_MAX];
    int flip[2] = { 0, 0 };
    for (int sq = 0; sq < 64; sq++)
        if (t->mirrored && piece_type(s->board[sq]) == KING && sq % 8 >= 4)
            flip[piece_color(s->board[sq])] = 7;
    for (int c = 0; c < 2; c++)
        for (int j = 0; j < h; j++)
            acc[c][j] = t->b1[j];
    for (int sq = 0; sq < 64; sq++) {
        if (s->board[sq] == NO_PIECE)
            continue;
        for (int c = 0; c < 2; c++) {
            int f = nnue_feature((Color)c, s->board[sq], (Square)(sq ^ flip[c]));
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
            sum += v * v * w2[half * h + j];
        }
    }
    long long out = sum / NNUE_QA + b2;
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

/* s mirrored left to right (a1 <-> h1), without castling rights or an
 * en-passant square, which do not mirror. */
static void mirror_files(const Setup *s, Setup *out)
{
    *out = *s;
    for (int sq = 0; sq < 64; sq++)
        out->board[sq] = s->board[sq ^ 7];
    out->castling = 0;
    out->ep = SQ_NONE;
}

/* Every perft-suite position: the engine's evaluation of a network of
 * `buckets` is the reference's, and its colour mirror scores the same; a
 * mirrored network also scores the left-right mirror image the same,
 * where one that is not tells most of them apart. */
static void check_against_reference(int buckets, bool mirrored, uint64_t seed)
{
    TestNet t = mirrored ? make_mirrored_net(TEST_HIDDEN, buckets, seed) : make_net(TEST_HIDDEN, buckets, seed);
    char err[256];
    NnueNet *net = nnue_net_from_bytes(t.bytes, t.size, err, sizeof err);
    if (net == NULL)
        fail_msg("%d buckets: %s", buckets, err);
    assert_int_equal(net->hidden, TEST_HIDDEN);
    assert_int_equal(net->buckets, buckets);
    assert_int_equal(net->mirrored, mirrored);
    SuiteLines suite = suite_load("perftsuite.epd");
    int distinct = 0, first = 0, wings_differ = 0;
    bool bucket_seen[NNUE_BUCKETS_MAX] = { false };
    for (int i = 0; i < suite.count; i++) {
        const Setup *s = &suite.lines[i].setup;
        int score = engine_eval(net, s);
        assert_int_equal(score, reference_eval(&t, TEST_HIDDEN, s));
        Setup m;
        setup_mirror_colours(s, &m);
        assert_int_equal(engine_eval(net, &m), score);
        mirror_files(s, &m);
        const int wing_score = engine_eval(net, &m);
        assert_int_equal(wing_score, reference_eval(&t, TEST_HIDDEN, &m));
        if (mirrored)
            assert_int_equal(wing_score, score);
        wings_differ += wing_score != score;
        if (i == 0)
            first = score;
        distinct += score != first;
        bucket_seen[nnue_output_bucket(piece_count(s), buckets)] = true;
    }
    /* The random network does tell positions apart, and the positions
     * (3 to 12 pieces and full boards) fall in three buckets of four,
     * bucket 0 and two others (the test can fail). */
    assert_true(distinct > suite.count / 2);
    if (!mirrored)
        assert_true(wings_differ > suite.count / 2);
    int seen = 0;
    for (int k = 0; k < buckets; k++)
        seen += bucket_seen[k];
    assert_int_equal(seen, buckets < 3 ? buckets : 3);
    suite_free(&suite);
    nnue_net_free(net);
    free_net(&t);
}

static void test_evaluation_matches_reference(void **state)
{
    (void)state;
    check_against_reference(1, false, 1);
    check_against_reference(4, false, 5);
    check_against_reference(1, true, 8);
    check_against_reference(4, true, 9);
}

/* The bucket of a piece count: 2 pieces the first, 32 the last, never
 * down as pieces come, and the 31 counts shared out evenly. */
static void test_output_bucket(void **state)
{
    (void)state;
    for (int buckets = 1; buckets <= NNUE_BUCKETS_MAX; buckets++) {
        int size[NNUE_BUCKETS_MAX] = { 0 }, last = 0;
        for (int n = 2; n <= 32; n++) {
            int k = nnue_output_bucket(n, buckets);
            assert_true(k >= last && k < buckets);
            size[k]++;
            last = k;
        }
        assert_int_equal(nnue_output_bucket(2, buckets), 0);
        assert_int_equal(nnue_output_bucket(32, buckets), buckets - 1);
        assert_int_equal(nnue_output_bucket(0, buckets), 0);
        assert_int_equal(nnue_output_bucket(40, buckets), buckets - 1);
        for (int k = 0; k < buckets; k++)
            assert_true(size[k] == 31 / buckets || size[k] == (31 + buckets - 1) / buckets);
    }
    assert_int_equal(nnue_output_bucket(17, 4), 1); /* (17 - 2) * 4 / 31 */
    assert_int_equal(nnue_output_bucket(18, 4), 2);
}

/* Which wing each king stands on: bit 0 White's on files e to h, bit 1
 * Black's. */
static int king_wings(const Position *p)
{
    return (__builtin_ctzll(sb_pieces(p, WHITE, KING)) % 8 >= 4) | (__builtin_ctzll(sb_pieces(p, BLACK, KING)) % 8 >= 4) << 1;
}

/* Random walks from every perft-suite position (moves, null moves, takes
 * back, evaluations skipped at some plies so that updates run down several
 * plies): the stacked evaluation of a network of `buckets` is always the
 * one from scratch. */
static void check_stacked(int buckets, bool mirrored)
{
    TestNet t = mirrored ? make_mirrored_net(TEST_HIDDEN, buckets, 3) : make_net(TEST_HIDDEN, buckets, 3);
    char err[256];
    NnueNet *net = nnue_net_from_bytes(t.bytes, t.size, err, sizeof err);
    assert_non_null(net);
    NnueStack *stack = nnue_stack_new();
    assert_non_null(stack);
    const SearchBoardOps *ops = search_board_ops();
    SearchBoard *board = search_board_new();
    SuiteLines suite = suite_load("perftsuite.epd");
    uint64_t random = 7;
    long updated = 0, wing_changes = 0;
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
                nnue_stack_push(stack, search_board_position(board));
                null_below[++depth] = true;
            } else if (n > 0) {
                const int wings = king_wings(search_board_position(board));
                ops->make(board, moves[splitmix64(&random) % (uint64_t)n]);
                wing_changes += wings != king_wings(search_board_position(board));
                /* Now and then a ply whose pieces were not recorded (as
                 * when no network is in use): the path is summed afresh
                 * below it. */
                bool unrecorded = splitmix64(&random) % 16 == 0;
                nnue_stack_push(stack, unrecorded ? NULL : search_board_position(board));
                null_below[++depth] = false;
            }
        }
    }
    assert_true(updated > 1000);
    assert_true(wing_changes > 100); /* kings crossed between the d and e files: mirrored, a side summed afresh */
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

static void test_stacked_matches_scratch(void **state)
{
    (void)state;
    check_stacked(1, false);
    check_stacked(4, false); /* captures along the walks change the bucket */
    check_stacked(4, true);
}

/* The bytes are refused, with a one-line reason that holds `reason`. */
static void expect_refused(const unsigned char *bytes, size_t size, const char *reason)
{
    char err[256] = "";
    assert_null(nnue_net_from_bytes(bytes, size, err, sizeof err));
    if (strstr(err, reason) == NULL || strchr(err, '\n') != NULL)
        fail_msg("refused with '%s', not for '%s'", err, reason);
}

/* Files that are not networks of this format are refused with a reason. */
static void test_bad_files_refused(void **state)
{
    (void)state;
    TestNet t = make_net(32, 1, 2);
    char err[256];
    NnueNet *net = nnue_net_from_bytes(t.bytes, t.size, err, sizeof err);
    assert_non_null(net);
    nnue_net_free(net);

    expect_refused(t.bytes, 10, "CLNN");
    expect_refused(t.bytes, t.size - 2, "bytes");
    t.bytes[0] = 'X';
    expect_refused(t.bytes, t.size, "CLNN");
    t.bytes[0] = 'C';
    put_u32(t.bytes + 4, 4);
    expect_refused(t.bytes, t.size, "version 4");
    put_u32(t.bytes + 4, 0);
    expect_refused(t.bytes, t.size, "version 0");
    put_u32(t.bytes + 4, 1);
    put_u32(t.bytes + 8, 33);
    expect_refused(t.bytes, t.size, "multiple of 32");
    put_u32(t.bytes + 8, 0);
    expect_refused(t.bytes, t.size, "multiple of 32");
    assert_null(nnue_net_load("/nonexistent/net.nnue", err, sizeof err));
    assert_non_null(strstr(err, "/nonexistent/net.nnue"));
    free_net(&t);
}

/* Version 2 files: the bucket count must be 1 to NNUE_BUCKETS_MAX and the
 * size that of that many buckets; one bucket's file is no version 2 file
 * of more, nor the other way round. */
static void test_bad_bucket_files_refused(void **state)
{
    (void)state;
    TestNet t = make_net(32, 4, 6), one = make_net(32, 1, 6);
    char err[256];
    NnueNet *net = nnue_net_from_bytes(t.bytes, t.size, err, sizeof err);
    assert_non_null(net);
    assert_int_equal(net->buckets, 4);
    nnue_net_free(net);

    const uint32_t bad[] = { 0, 9, 1000 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        put_u32(t.bytes + 12, bad[i]);
        expect_refused(t.bytes, t.size, "output buckets: must be 1 to 8");
    }
    put_u32(t.bytes + 12, 3);
    expect_refused(t.bytes, t.size, "3 output buckets should be");
    put_u32(t.bytes + 12, 4);
    expect_refused(t.bytes, t.size - 4, "bytes");
    expect_refused(t.bytes, t.size + 2, "bytes");
    /* Read as version 1 the field is reserved: one bucket, and the size
     * of four is wrong. */
    put_u32(t.bytes + 4, 1);
    expect_refused(t.bytes, t.size, "1 output bucket should be");
    /* A version 2 file may hold one bucket: the same network as version 1. */
    put_u32(one.bytes + 4, 2);
    put_u32(one.bytes + 12, 1);
    net = nnue_net_from_bytes(one.bytes, one.size, err, sizeof err);
    assert_non_null(net);
    assert_int_equal(net->buckets, 1);
    nnue_net_free(net);
    free_net(&t);
    free_net(&one);
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
    TestNet t = make_net(h, 1, seed);
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

/* The output layer's vector dot product equals the scalar reference and a
 * plain 64-bit sum, at every width, at the extremes where a 32-bit lane
 * comes closest to overflowing, and from unaligned arrays. */
static int64_t plain_screlu_dot(const int16_t *acc, const int16_t *w, int h)
{
    int64_t sum = 0;
    for (int j = 0; j < h; j++) {
        int64_t v = acc[j] < 0 ? 0 : acc[j] > NNUE_QA ? NNUE_QA : acc[j];
        sum += v * v * w[j];
    }
    return sum;
}

static void test_screlu_dot_paths_agree(void **state)
{
    (void)state;
    static int16_t acc_store[NNUE_HIDDEN_MAX + 1], w_store[NNUE_HIDDEN_MAX + 1];
    uint64_t seed = 0x5c7e1u;
    const int widths[] = {32, 64, 128, 256, 512, NNUE_HIDDEN_MAX};
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++)
        for (int offset = 0; offset <= 1; offset++)
            for (int fill = 0; fill < 4; fill++) {
                int h = widths[i];
                int16_t *acc = acc_store + offset, *w = w_store + offset;
                for (int j = 0; j < h; j++) {
                    acc[j] = fill == 0 ? random_weight(&seed, 600) : fill == 1 ? INT16_MAX : (int16_t)NNUE_QA;
                    w[j] = fill == 0 ? random_weight(&seed, 127) : fill == 2 ? -127 : 127;
                }
                int64_t plain = plain_screlu_dot(acc, w, h);
                if (fill > 0)
                    assert_true(plain == (fill == 2 ? -1 : 1) * (int64_t)h * NNUE_QA * NNUE_QA * 127);
                assert_true(nnue_screlu_dot_reference(acc, w, h) == plain);
                assert_true(nnue_screlu_dot(acc, w, h) == plain);
            }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_evaluation_matches_reference),
        cmocka_unit_test(test_output_bucket),
        cmocka_unit_test(test_stacked_matches_scratch),
        cmocka_unit_test(test_bad_files_refused),
        cmocka_unit_test(test_bad_bucket_files_refused),
        cmocka_unit_test(test_builtin),
        cmocka_unit_test(test_eval_file_option),
        cmocka_unit_test(test_screlu_dot_paths_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
