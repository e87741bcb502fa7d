/* Texel tuning (tune/) and the evaluation trace it learns from: the trace
 * reproduces the evaluation exactly, the fitter recovers weights that
 * generated the labels, self-play PGN becomes labelled quiet positions
 * (scored by another evaluation when asked), and the win/draw/loss models
 * are fitted and written. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/setup.h"
#include "search/eval.h"
#include "tests/test_support.h"
#include "search/score.h"
#include "search/wdl.h"
#include "tune/texel.h"
#include "tune/tune_data.h"
#include "tune/wdl_fit.h"

/* Every line of the perft suite: the trace's counts times the weights give
 * the sums, the blend gives the score, and the score is evaluate()'s. */
static void test_trace_reproduces_evaluation(void **state)
{
    (void)state;
    SuiteLines suite = suite_load("perftsuite.epd");
    const SearchBoardOps *ops = search_board_ops();
    SearchBoard *board = search_board_new();
    static EvalTrace trace;
    double w_mg[EVAL_PARAM_COUNT], w_eg[EVAL_PARAM_COUNT];
    for (int j = 0; j < EVAL_PARAM_COUNT; j++) {
        w_mg[j] = eval_weights[j].mg;
        w_eg[j] = eval_weights[j].eg;
    }
    TuneSet set;
    tune_set_init(&set);
    for (int i = 0; i < suite.count; i++) {
        ops->load(board, &suite.lines[i].setup);
        const Position *p = search_board_position(board);
        int score = eval_trace(p, ops, &trace);
        assert_int_equal(score, evaluate(p, ops));
        assert_int_equal(sb_side(p) == WHITE ? trace.white_score : -trace.white_score, score);
        long mg = 0, eg = 0;
        for (int j = 0; j < EVAL_PARAM_COUNT; j++) {
            mg += (long)trace.coef[j] * eval_weights[j].mg;
            eg += (long)trace.coef[j] * eval_weights[j].eg;
        }
        assert_int_equal(mg, trace.mg);
        assert_int_equal(eg, trace.eg);
        assert_true(trace.phase >= 0 && trace.phase <= 24);
        assert_true(trace.divisor == 1 || trace.divisor == 8);
        assert_true(trace.scale > 0 && trace.scale <= 64);
        assert_int_equal((trace.mg * trace.phase * 64 + trace.eg * trace.scale * (24 - trace.phase)) / (24 * 64) /
                             trace.divisor,
                         trace.white_score);
        /* The tuner's real-valued score differs only by the rounding. */
        assert_true(tune_set_add(&set, &trace, 0.5f, (uint32_t)i));
        double real = tune_position_score(&set, set.count - 1, w_mg, w_eg);
        if (fabs(real - trace.white_score) >= 1.0)
            fail_msg("line %d: tuner score %.2f, evaluation %d", i + 1, real, trace.white_score);
    }
    tune_set_free(&set);
    movegen_board_free(board);
    suite_free(&suite);
}

/* Labels made from known weights by the logistic itself: the fit must find
 * those weights again (from zero), and K must come back too. */
static void test_fit_recovers_weights(void **state)
{
    (void)state;
    enum { POSITIONS = 6000, USED = 6 };
    static const int used[USED] = { EVAL_MATERIAL, EVAL_MATERIAL + 1, EVAL_BISHOP_PAIR, EVAL_PASSED + 5,
                                    EVAL_ROOK_OPEN, EVAL_TEMPO };
    static const int true_mg[USED] = { 80, 320, 40, -30, 25, 15 }, true_eg[USED] = { 120, 280, 60, 90, -10, 5 };
    static double w_mg[EVAL_PARAM_COUNT], w_eg[EVAL_PARAM_COUNT], t_mg[EVAL_PARAM_COUNT], t_eg[EVAL_PARAM_COUNT];
    for (int u = 0; u < USED; u++) {
        t_mg[used[u]] = true_mg[u];
        t_eg[used[u]] = true_eg[u];
    }
    TuneSet set;
    tune_set_init(&set);
    srand(7);
    static EvalTrace trace;
    const double k_true = 1.3;
    for (int i = 0; i < POSITIONS; i++) {
        memset(&trace, 0, sizeof trace);
        for (int u = 0; u < USED; u++)
            trace.coef[used[u]] = (int16_t)(rand() % 5 - 2);
        trace.phase = rand() % 25;
        trace.scale = 64;
        trace.divisor = 1;
        assert_true(tune_set_add(&set, &trace, 0, (uint32_t)i));
        double s = tune_position_score(&set, set.count - 1, t_mg, t_eg);
        set.positions[set.count - 1].result = (float)(1.0 / (1.0 + pow(10.0, -k_true * s / 400.0)));
    }
    double k = texel_fit_k(&set, t_mg, t_eg, 0);
    assert_true(fabs(k - k_true) < 0.01);

    TexelOptions o;
    texel_options_default(&o);
    o.iterations = 4000;
    o.rate = 2.0;
    o.validation_every = 0;
    o.k = k_true;
    TexelReport r;
    assert_true(texel_tune(&set, &o, w_mg, w_eg, &r));
    assert_true(r.train_after < r.train_before / 100);
    for (int u = 0; u < USED; u++) {
        if (fabs(w_mg[used[u]] - true_mg[u]) > 2 || fabs(w_eg[used[u]] - true_eg[u]) > 2)
            fail_msg("weight %d: fitted %.1f/%.1f, true %d/%d", used[u], w_mg[used[u]], w_eg[used[u]], true_mg[u],
                     true_eg[u]);
    }
    tune_set_free(&set);
}

/* Early stopping keeps the best held-out step: never worse than the start. */
static void test_early_stopping_never_worse(void **state)
{
    (void)state;
    TuneSet set;
    tune_set_init(&set);
    static EvalTrace trace;
    srand(11);
    /* Results that no weight explains: noise. */
    for (int i = 0; i < 2000; i++) {
        memset(&trace, 0, sizeof trace);
        trace.coef[EVAL_PST_KNIGHT + rand() % EVAL_PST_SQUARES] = 1;
        trace.phase = 24;
        trace.scale = 64;
        trace.divisor = 1;
        assert_true(tune_set_add(&set, &trace, (float)(rand() % 3) / 2, (uint32_t)(i / 20)));
    }
    static double w_mg[EVAL_PARAM_COUNT], w_eg[EVAL_PARAM_COUNT];
    TexelOptions o;
    texel_options_default(&o);
    o.iterations = 300;
    o.k = 1.0;
    o.validation_every = 2;
    TexelReport r;
    assert_true(texel_tune(&set, &o, w_mg, w_eg, &r));
    assert_true(r.validation_positions > 0 && r.train_positions > 0);
    assert_true(r.validation_after <= r.validation_before + 1e-12);
    tune_set_free(&set);
}

/* Self-play games become labelled quiet positions. */
static void test_positions_from_pgn(void **state)
{
    (void)state;
    TuneSet set;
    tune_set_init(&set);
    char err[256];
    assert_true(tune_set_add_pgn(&set, CHESSLAB_TEST_DATA_DIR "/selfplay-24.pgn", err, sizeof err));
    assert_int_equal(set.games, 24);
    assert_int_equal(set.bad_games, 0);
    assert_true(set.count > 24 * 20);
    assert_true(set.skipped > 0);
    for (size_t i = 0; i < set.count; i++) {
        float r = set.positions[i].result;
        assert_true(r == 0.0f || r == 0.5f || r == 1.0f);
        assert_true(set.positions[i].phase <= 24);
        assert_true(set.positions[i].game < 24);
    }
    assert_false(tune_set_add_pgn(&set, CHESSLAB_TEST_DATA_DIR "/no-such-file.pgn", err, sizeof err));
    assert_non_null(strstr(err, "cannot open"));
    tune_set_free(&set);
}

/* A scorer standing in for the network: the linear evaluation, White's
 * view, so its score must match the trace's of the same position. */
static double linear_score(const void *ctx, const Position *p)
{
    int score = evaluate(p, ctx);
    return sb_side(p) == WHITE ? score : -score;
}

/* A set with a scorer keeps the same positions, and each position's score
 * is the scorer's of that very position, which the wdl samples then use. */
static void test_scored_positions_from_pgn(void **state)
{
    (void)state;
    TuneSet plain, scored;
    tune_set_init(&plain);
    tune_set_init(&scored);
    scored.scorer = (TuneScorer){ linear_score, search_board_ops() };
    char err[256];
    assert_true(tune_set_add_pgn(&plain, CHESSLAB_TEST_DATA_DIR "/selfplay-24.pgn", err, sizeof err));
    assert_true(tune_set_add_pgn(&scored, CHESSLAB_TEST_DATA_DIR "/selfplay-24.pgn", err, sizeof err));
    assert_null(plain.scores);
    assert_non_null(scored.scores);
    assert_int_equal(scored.count, plain.count);
    double w_mg[EVAL_PARAM_COUNT], w_eg[EVAL_PARAM_COUNT];
    for (int j = 0; j < EVAL_PARAM_COUNT; j++) {
        w_mg[j] = eval_weights[j].mg;
        w_eg[j] = eval_weights[j].eg;
    }
    for (size_t i = 0; i < scored.count; i++) {
        double traced = tune_position_score(&scored, i, w_mg, w_eg);
        if (fabs(scored.scores[i] - traced) >= 1.0)
            fail_msg("position %zu: scorer %.0f, trace %.2f", i, scored.scores[i], traced);
        scored.scores[i] = (float)i; /* a score no trace gives */
    }
    WdlSample *samples = wdl_samples(&scored, w_mg, w_eg, 10);
    assert_non_null(samples);
    for (size_t i = 0; i < scored.count; i++)
        assert_true(samples[i].score == (float)i);
    free(samples);
    tune_set_free(&plain);
    tune_set_free(&scored);
}

/* ---- the win/draw/loss model ---- */

/* The model's probabilities are a distribution, favour the better score,
 * and treat the two sides alike; permille sums to 1000 and mates are sure. */
static void test_wdl_model_shape(void **state)
{
    (void)state;
    const WdlModel m = { .a0 = 200, .a1 = -120, .b0 = 100, .b1 = 50 };
    for (int phase = 0; phase <= 24; phase += 6) {
        double last_win = -1;
        for (int score = -1500; score <= 1500; score += 25) {
            double p[3], q[3];
            wdl_probabilities(&m, score, phase, p);
            wdl_probabilities(&m, -score, phase, q);
            assert_true(p[0] >= 0 && p[1] >= 0 && p[2] >= 0);
            assert_true(fabs(p[0] + p[1] + p[2] - 1) < 1e-12);
            assert_true(p[0] >= last_win);
            assert_true(fabs(p[0] - q[2]) < 1e-12 && fabs(p[1] - q[1]) < 1e-12);
            last_win = p[0];
            int w[3];
            wdl_permille(&m, score, phase, w);
            assert_int_equal(w[0] + w[1] + w[2], 1000);
            assert_true(w[0] >= 0 && w[1] >= 0 && w[2] >= 0);
        }
    }
    int w[3];
    wdl_permille(&m, SCORE_MATE - 5, 12, w);
    assert_true(w[0] == 1000 && w[1] == 0 && w[2] == 0);
    wdl_permille(&m, -SCORE_MATE + 4, 12, w);
    assert_true(w[0] == 0 && w[1] == 0 && w[2] == 1000);
    /* The fitted model too: a level score is not a likely win, a queen up is. */
    wdl_permille(&wdl_model, 0, 24, w);
    assert_true(w[0] < 500 && w[2] < 500);
    wdl_permille(&wdl_model, 900, 12, w);
    assert_true(w[0] > 900);
    wdl_permille(&wdl_model_nnue, 0, 24, w);
    assert_true(w[0] < 500 && w[2] < 500);
    wdl_permille(&wdl_model_nnue, 900, 12, w);
    assert_true(w[0] > 900);
    /* The network's model is its own fit, not the linear one's. */
    int linear[3];
    wdl_permille(&wdl_model, 100, 24, linear);
    wdl_permille(&wdl_model_nnue, 100, 24, w);
    assert_true(w[0] != linear[0] || w[2] != linear[2]);
}

/* The writer names the model of the evaluation it was fitted to. */
static void test_wdl_write_model_names(void **state)
{
    (void)state;
    const WdlModel m = { .a0 = 200, .a1 = -120, .b0 = 100, .b1 = 50 };
    for (int nnue = 0; nnue <= 1; nnue++) {
        FILE *f = tmpfile();
        assert_non_null(f);
        assert_true(wdl_write_model(f, &m, nnue, "fitted to nothing"));
        char text[1024];
        rewind(f);
        size_t n = fread(text, 1, sizeof text - 1, f);
        text[n] = '\0';
        fclose(f);
        assert_non_null(strstr(text, nnue ? "--eval nnue" : "--eval linear"));
        assert_non_null(strstr(text, nnue ? "const WdlModel wdl_model_nnue = { .a0 = 200.00, .a1 = -120.00,"
                                          : "const WdlModel wdl_model = { .a0 = 200.00, .a1 = -120.00,"));
    }
}

/* Results drawn from a known model are fitted back to it, and the fitted
 * model predicts held-out results better than the average rates do. */
static void test_wdl_fit_recovers_model(void **state)
{
    (void)state;
    const WdlModel truth = { .a0 = 180, .a1 = -90, .b0 = 90, .b1 = 60 };
    enum { N = 30000 };
    WdlSample *samples = malloc(N * sizeof *samples);
    assert_non_null(samples);
    uint64_t rng = 12345;
    for (int i = 0; i < N; i++) {
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        double score = (double)((rng >> 33) % 1201) - 600;
        int phase = (int)((rng >> 20) % 25);
        rng = rng * 6364136223846793005ull + 1442695040888963407ull;
        double u = (double)(rng >> 11) / 9007199254740992.0, p[3];
        wdl_probabilities(&truth, score, phase, p);
        samples[i] = (WdlSample){ .score = (float)score, .phase = (unsigned char)phase,
                                  .outcome = u < p[0] ? 0 : u < p[0] + p[1] ? 1 : 2, .held_out = i % 10 == 9 };
    }
    WdlModel m = { .a0 = 100, .a1 = 100, .b0 = 100, .b1 = 100 };
    WdlFitReport r;
    wdl_fit(samples, N, 1500, &m, &r);
    assert_int_equal(r.train + r.validation, N);
    assert_true(fabs(m.a0 - truth.a0) < 20 && fabs(m.a1 - truth.a1) < 30);
    assert_true(fabs(m.b0 - truth.b0) < 15 && fabs(m.b1 - truth.b1) < 25);
    assert_true(r.validation_loss < r.validation_baseline - 0.1);
    free(samples);
}

static void trace_of(const char *fen, EvalTrace *trace)
{
    Setup s;
    char err[256];
    if (!setup_from_fen(&s, fen, err, sizeof err))
        fail_msg("%s: %s", fen, err);
    const SearchBoardOps *ops = search_board_ops();
    SearchBoard *board = search_board_new();
    ops->load(board, &s);
    eval_trace(search_board_position(board), ops, trace);
    movegen_board_free(board);
}

/* The endgame scale, read from the trace, in the endings it is about and
 * in their near misses. */
static void test_trace_endgame_scale(void **state)
{
    (void)state;
    static const struct {
        const char *fen;
        int scale;
    } cases[] = {
        /* Opposite-coloured bishops (c3 dark, e6 light): level pawns 24/64,
         * three pawns up 48/64, the side ahead being either colour. */
        { "8/5k2/4b3/3p4/3P4/2B1K3/8/8 w - - 0 1", 24 },
        { "8/5k2/4b3/8/P1P5/2B1K3/5P2/8 w - - 0 1", 48 },
        { "8/5p2/2p1b3/p4k2/8/2B1K3/8/8 b - - 0 1", 48 },
        /* Same-coloured bishops, or a knight beside opposite ones: full. */
        { "8/5k2/3b4/3p4/3P4/2B1K3/5P2/8 w - - 0 1", 64 },
        { "8/5k2/4b3/3p4/3P4/2B1K3/5N2/8 w - - 0 1", 64 },
        /* One pawn against level pieces: half; two pawns, or a piece more:
         * full. */
        { "r7/8/4k3/8/4P3/4K3/8/7R w - - 0 1", 32 },
        { "r7/8/4k3/8/4P3/4K3/5P2/7R w - - 0 1", 64 },
        { "r7/8/4k3/8/4P3/4K3/8/5N1R w - - 0 1", 64 },
    };
    static EvalTrace trace;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        trace_of(cases[i].fen, &trace);
        if (trace.scale != cases[i].scale)
            fail_msg("%s: scale %d, expected %d", cases[i].fen, trace.scale, cases[i].scale);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_trace_reproduces_evaluation),
        cmocka_unit_test(test_trace_endgame_scale),
        cmocka_unit_test(test_fit_recovers_weights),
        cmocka_unit_test(test_early_stopping_never_worse),
        cmocka_unit_test(test_positions_from_pgn),
        cmocka_unit_test(test_scored_positions_from_pgn),
        cmocka_unit_test(test_wdl_model_shape),
        cmocka_unit_test(test_wdl_fit_recovers_model),
        cmocka_unit_test(test_wdl_write_model_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
