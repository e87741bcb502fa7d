/* The NNUE trainer (nnue/nnue_train.h): the gradient is the loss's (against
 * finite differences, with one output bucket and with four), training
 * lowers the loss and repeats exactly, the network file is the header's
 * layout and its integer evaluation the header's formula (and, with
 * buckets, the engine's), the network does not care which colour is
 * which (nor, mirrored, which wing), and bad record files are refused with a message. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/setup.h"
#include "nnue/nnue_train.h"
#include "search/nnue.h"
#include "tests/test_support.h"

static const char *const fens[] = {
    FEN_STARTPOS,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "2r3k1/pp3ppp/4pn2/8/3P4/2N5/PP3PPP/3R2K1 b - - 0 22",
    "8/5pk1/6p1/3P4/4K3/8/6PP/8 w - - 0 40",
    "r4rk1/1bq2ppp/p3pn2/1p6/3N4/P1NB4/1PP2PPP/R2Q1RK1 b - - 3 15",
};
enum { FEN_COUNT = sizeof fens / sizeof fens[0] };

static uint64_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return *state >> 33;
}

/* A record of a board (by square), written as nnue_format.h says. */
static NnueRecord record_of(const Piece board[64], Color side, int score, int result)
{
    NnueRecord r;
    memset(&r, 0, sizeof r);
    int n = 0;
    for (int sq = 0; sq < 64; sq++) {
        if (board[sq] == NO_PIECE)
            continue;
        r.occupied |= 1ull << sq;
        r.pieces[n / 2] |= (uint8_t)(board[sq] << (4 * (n % 2)));
        n++;
    }
    r.score = (int16_t)score;
    r.result = (uint8_t)result;
    r.side = (uint8_t)side;
    return r;
}

static void board_of_fen(const char *fen, Setup *s)
{
    char err[256];
    if (!setup_from_fen(s, fen, err, sizeof err))
        fail_msg("%s: %s", fen, err);
}

/* Material balance, White's view (the synthetic label). */
static int material(const Piece board[64])
{
    static const int value[7] = { 0, 100, 300, 300, 500, 900, 0 };
    int sum = 0;
    for (int sq = 0; sq < 64; sq++)
        if (board[sq] != NO_PIECE)
            sum += piece_color(board[sq]) == WHITE ? value[piece_type(board[sq])] : -value[piece_type(board[sq])];
    return sum;
}

/* count records: the positions above with random men (kings aside) taken
 * off, either side to move, labelled by material and a result to match. */
static NnueSet synthetic_set(size_t count, uint64_t seed)
{
    NnueSet set;
    nnue_set_init(&set);
    set.records = malloc(count * sizeof *set.records);
    assert_non_null(set.records);
    set.capacity = count;
    uint64_t rng = seed;
    for (size_t i = 0; i < count; i++) {
        Setup s;
        board_of_fen(fens[next_random(&rng) % FEN_COUNT], &s);
        const int removals = (int)(next_random(&rng) % 12);
        for (int k = 0; k < removals; k++) {
            const int sq = (int)(next_random(&rng) % 64);
            if (piece_type(s.board[sq]) != KING)
                s.board[sq] = NO_PIECE;
        }
        const int score = material(s.board);
        const int result = score > 150 ? 2 : score < -150 ? 0 : 1;
        set.records[set.count++] = record_of(s.board, (Color)(next_random(&rng) % 2), score, result);
    }
    return set;
}

static const NnueLossOptions loss_options = { .lambda = 0.6, .wdl_scale = 150 };

/* The output bucket of a record in a network of `buckets`. */
static int record_bucket(const NnueRecord *r, int buckets)
{
    return nnue_output_bucket(__builtin_popcountll(r->occupied), buckets);
}

/* The analytic gradient against central differences, for weights of W1
 * (active rows and one no record uses), b1, W2 and b2 of the first and
 * the last bucket the records use; a bucket no record uses gets none. */
static void check_gradient(int buckets)
{
    enum { H = 32 };
    NnueFloatNet net;
    assert_true(nnue_float_net_init(&net, H, buckets, 5));
    uint64_t rng = 99;
    for (int i = 0; i < H; i++)
        net.b1[i] = 0.3f * (float)(next_random(&rng) % 1000) / 1000.0f;
    for (int k = 0; k < buckets; k++)
        net.b2[k] = 0.05f * (float)(k + 1);
    NnueSet set = synthetic_set(12, 3);
    float *grad = malloc(net.count * sizeof *grad);
    assert_non_null(grad);
    nnue_loss_gradient(&net, set.records, set.count, &loss_options, grad);

    bool used[NNUE_BUCKETS_MAX] = { false };
    for (size_t i = 0; i < set.count; i++)
        used[record_bucket(&set.records[i], buckets)] = true;
    int first = 0, last = buckets - 1;
    while (!used[first])
        first++;
    while (!used[last])
        last--;
    if (buckets > 1)
        assert_true(first > 0 && first < last); /* two buckets with records, bucket 0 without */

    const size_t h = H, b1 = NNUE_INPUTS * h, w2 = b1 + h, b2 = w2 + 2 * h * (size_t)buckets;
    assert_int_equal(net.count, b2 + (size_t)buckets);
    const size_t lo = w2 + 2 * h * (size_t)first, hi = w2 + 2 * h * (size_t)last;
    /* A white king on e1 (both perspectives' rows), a black queen on d8,
     * and a white pawn on a8 that no record has. */
    const size_t king_w = (size_t)nnue_feature(WHITE, W_KING, SQ_E1) * h;
    const size_t king_b = (size_t)nnue_feature(BLACK, W_KING, SQ_E1) * h;
    const size_t queen = (size_t)nnue_feature(WHITE, B_QUEEN, SQ_D8) * h;
    const size_t unused = (size_t)nnue_feature(WHITE, W_PAWN, SQ_A8) * h;
    const size_t checked[] = { king_w, king_w + 7, king_b + 3, king_b + 31, queen + 1, queen + 20, unused + 5,
                               b1, b1 + 9, b1 + 30, lo, lo + 17, lo + h + 2, lo + 2 * h - 1, b2 + (size_t)first,
                               hi + 3, hi + h + 5, hi + 2 * h - 2, b2 + (size_t)last };
    int nonzero = 0;
    for (size_t c = 0; c < sizeof checked / sizeof checked[0]; c++) {
        const size_t j = checked[c];
        const float w = net.params[j], eps = 1e-3f;
        net.params[j] = w + eps;
        const double plus = nnue_loss(&net, set.records, set.count, &loss_options);
        net.params[j] = w - eps;
        const double minus = nnue_loss(&net, set.records, set.count, &loss_options);
        net.params[j] = w;
        const double numeric = (plus - minus) / (2.0 * (double)eps), analytic = grad[j];
        if (fabs(numeric - analytic) > 0.02 * fmax(fabs(numeric), fabs(analytic)) + 2e-6)
            fail_msg("%d buckets, parameter %zu: analytic %.8f, finite difference %.8f", buckets, j, analytic,
                     numeric);
        nonzero += analytic != 0;
    }
    assert_true(grad[unused + 5] == 0.0f);
    assert_true(nonzero >= 16);
    for (int k = 0; k < buckets; k++) {
        if (used[k])
            continue;
        for (size_t j = w2 + 2 * h * (size_t)k; j < w2 + 2 * h * (size_t)(k + 1); j++)
            assert_true(grad[j] == 0.0f);
        assert_true(grad[b2 + (size_t)k] == 0.0f);
    }
    free(grad);
    nnue_set_free(&set);
    nnue_float_net_free(&net);
}

static void test_gradient_matches_finite_differences(void **state)
{
    (void)state;
    check_gradient(1);
    check_gradient(4);
}

static NnueTrainOptions small_training(void)
{
    NnueTrainOptions o;
    nnue_train_options_default(&o);
    o.loss = loss_options;
    o.epochs = 8;
    o.batch = 100;
    o.lr = 0.01;
    o.threads = 2;
    o.seed = 17;
    return o;
}

/* A few epochs on material-labelled positions lower the loss by far,
 * the kept network is the epoch with the lowest validation loss, and a
 * second run with the same seed and threads gives the same weights. */
static void test_training_lowers_loss(void **state)
{
    (void)state;
    NnueSet train = synthetic_set(800, 11), validation;
    assert_true(nnue_set_split(&train, 8, &validation));
    assert_int_equal(validation.count, 100);
    assert_int_equal(train.count, 700);
    NnueFloatNet net, again;
    assert_true(nnue_float_net_init(&net, 32, 1, 1));
    assert_true(nnue_float_net_init(&again, 32, 1, 1));
    const double before = nnue_loss(&net, train.records, train.count, &loss_options);
    const double validation_before = nnue_loss(&net, validation.records, validation.count, &loss_options);
    const NnueTrainOptions o = small_training();
    NnueTrainReport r;
    assert_true(nnue_train(&net, &train, &validation, &o, &r));
    const double after = nnue_loss(&net, train.records, train.count, &loss_options);
    const double validation_after = nnue_loss(&net, validation.records, validation.count, &loss_options);
    if (!(after < before / 3 && validation_after < validation_before / 2.5))
        fail_msg("loss %.5f -> %.5f, validation %.5f -> %.5f", before, after, validation_before, validation_after);
    assert_true(r.best_epoch >= 1 && r.best_epoch <= o.epochs);
    assert_true(fabs(r.validation_loss - validation_after) < 1e-9);
    assert_int_equal(r.threads, 2);
    for (size_t j = 0; j + 1 < net.count; j++)
        assert_true(fabsf(net.params[j]) <= NNUE_WEIGHT_CLIP);

    /* The same run again: the same weights, bit for bit. The training set
     * was shuffled in place; shuffles are seeded by the epoch, so start
     * from the same order. */
    NnueSet train2 = synthetic_set(800, 11), validation2;
    assert_true(nnue_set_split(&train2, 8, &validation2));
    assert_true(nnue_train(&again, &train2, &validation2, &o, &r));
    assert_memory_equal(net.params, again.params, net.count * sizeof(float));

    nnue_float_net_free(&net);
    nnue_float_net_free(&again);
    nnue_set_free(&train);
    nnue_set_free(&validation);
    nnue_set_free(&train2);
    nnue_set_free(&validation2);
}

static int16_t le16(const unsigned char *b) { return (int16_t)(uint16_t)(b[0] | b[1] << 8); }
static uint32_t le32(const unsigned char *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* The header's evaluation straight from the file's bytes, in 64 bits:
 * version 1 has one bucket, versions 2 and 3 the number after the width,
 * and version 3 flips a side's squares left to right when its king stands
 * on files e to h. */
static int eval_from_bytes(const unsigned char *file, const NnueRecord *r)
{
    const int h = (int)le32(file + 8), buckets = le32(file + 4) == 1 ? 1 : (int)le32(file + 12);
    Square squares[32];
    Piece pieces[32];
    const int n = nnue_record_pieces(r, squares, pieces), bucket = nnue_output_bucket(n, buckets);
    int flip[2] = { 0, 0 };
    for (int k = 0; k < n; k++)
        if (le32(file + 4) == 3 && piece_type(pieces[k]) == KING && squares[k] % 8 >= 4)
            flip[piece_color(pieces[k])] = 7;
    const unsigned char *w1 = file + NNUE_FILE_HEADER_BYTES, *b1 = w1 + 2 * NNUE_INPUTS * h, *w2s = b1 + 2 * h;
    const unsigned char *w2 = w2s + 4 * h * bucket;
    const int32_t b2 = (int32_t)le32(w2s + 4 * h * buckets + 4 * bucket);
    int64_t total = 0;
    for (int half = 0; half < 2; half++) {
        const Color perspective = half == 0 ? (Color)r->side : color_flip((Color)r->side);
        for (int i = 0; i < h; i++) {
            int acc = le16(b1 + 2 * i);
            for (int k = 0; k < n; k++)
                acc += le16(w1 + 2 * ((size_t)nnue_feature(perspective, pieces[k], squares[k] ^ flip[perspective]) * h +
                                      i));
            const int v = acc < 0 ? 0 : acc > NNUE_QA ? NNUE_QA : acc;
            total += (int64_t)v * v * le16(w2 + 2 * (half * h + i));
        }
    }
    total = total / NNUE_QA + b2;
    return (int)(total * NNUE_OUTPUT_SCALE / (NNUE_QA * NNUE_QB));
}

static unsigned char *read_whole(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *bytes = malloc(*size ? *size : 1);
    assert_non_null(bytes);
    assert_int_equal(fread(bytes, 1, *size, f), *size);
    fclose(f);
    return bytes;
}

/* Writes q through nnue_save_network to a temporary file and returns its
 * bytes (size in *size); with loaded, the engine's nnue_net_load of the
 * file as well. The file is removed. */
static unsigned char *save_and_read(const NnueQuantNet *q, size_t *size, NnueNet **loaded)
{
    char dir[] = "/tmp/test_nnue_train.XXXXXX", path[64], err[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/net.nnue", dir);
    if (!nnue_save_network(path, q, err, sizeof err))
        fail_msg("%s", err);
    unsigned char *file = read_whole(path, size);
    if (loaded && (*loaded = nnue_net_load(path, err, sizeof err)) == NULL)
        fail_msg("%s", err);
    unlink(path);
    rmdir(dir);
    return file;
}

/* A trained network of one bucket written, read back byte by byte: the
 * header (version 1 and the size it always had), the rounding of the
 * weights, and the integer evaluation (the trainer's and one from the
 * bytes agree exactly, and stay near the float network's). */
static void test_network_file(void **state)
{
    (void)state;
    enum { H = 64 };
    NnueSet train = synthetic_set(400, 23), none;
    nnue_set_init(&none);
    NnueFloatNet net;
    assert_true(nnue_float_net_init(&net, H, 1, 2));
    NnueTrainOptions o = small_training();
    o.epochs = 3;
    NnueTrainReport r;
    assert_true(nnue_train(&net, &train, &none, &o, &r));
    assert_int_equal(r.best_epoch, 3);
    NnueQuantNet q;
    assert_true(nnue_quantise(&net, &q));
    size_t size;
    unsigned char *file = save_and_read(&q, &size, NULL);
    assert_int_equal(size, NNUE_FILE_HEADER_BYTES + 2 * (NNUE_INPUTS * H + H + 2 * H) + 4);
    assert_memory_equal(file, NNUE_FILE_MAGIC, 4);
    assert_int_equal(le32(file + 4), 1);
    assert_int_equal(le32(file + 8), H);
    assert_int_equal(le32(file + 12), 0);
    const unsigned char *w1 = file + NNUE_FILE_HEADER_BYTES, *b1 = w1 + 2 * NNUE_INPUTS * H, *w2 = b1 + 2 * H;
    for (size_t j = 0; j < NNUE_INPUTS * H; j += 97)
        assert_int_equal(le16(w1 + 2 * j), lround(net.w1[j] * NNUE_QA));
    for (size_t j = 0; j < H; j++)
        assert_int_equal(le16(b1 + 2 * j), lround(net.b1[j] * NNUE_QA));
    for (size_t j = 0; j < 2 * H; j++)
        assert_int_equal(le16(w2 + 2 * j), lround(net.w2[j] * NNUE_QB));
    assert_int_equal((int32_t)le32(w2 + 4 * H), lround((double)*net.b2 * NNUE_QA * NNUE_QB));

    /* Rounding moves each output weight by up to 1/128 (QB 64) and each
     * accumulator by up to 33/510: a few centipawns on average, more at
     * the worst of 400 positions. */
    double worst = 0;
    for (size_t i = 0; i < train.count; i++) {
        const int cp = nnue_quant_eval(&q, &train.records[i]);
        assert_int_equal(cp, eval_from_bytes(file, &train.records[i]));
        worst = fmax(worst, fabs(nnue_float_eval(&net, &train.records[i]) - cp));
    }
    double quant_loss, mean_abs;
    nnue_quant_compare(&net, &q, train.records, train.count, &loss_options, &quant_loss, &mean_abs);
    if (worst > 30 || mean_abs > 8)
        fail_msg("quantised and float evaluations differ by %.2f cp on average, %.2f at worst", mean_abs, worst);
    assert_true(mean_abs <= worst);
    assert_true(fabs(quant_loss - nnue_loss(&net, train.records, train.count, &loss_options)) < 1e-3);
    free(file);
    nnue_quant_free(&q);

    /* Snapping the output weights to their grid keeps the mean output. */
    double mean_before = 0, mean_after = 0;
    for (size_t i = 0; i < train.count; i++)
        mean_before += nnue_float_eval(&net, &train.records[i]) / (double)train.count;
    const double shift = nnue_snap_output(&net, train.records, train.count);
    for (size_t i = 0; i < train.count; i++)
        mean_after += nnue_float_eval(&net, &train.records[i]) / (double)train.count;
    assert_true(fabs(mean_after - mean_before) < 0.01);
    assert_true(fabs(shift) > 0 && fabs(shift) < 30);
    for (size_t j = 0; j < 2 * H; j++)
        assert_true(net.w2[j] * NNUE_QB == rintf(net.w2[j] * NNUE_QB));

    /* Weights on the quantisation grid lose nothing to rounding: the two
     * evaluations differ only by the integer divisions' truncation. */
    for (size_t j = 0; j < net.count; j++) {
        const double scale = j < NNUE_INPUTS * H + H ? NNUE_QA : j + 1 < net.count ? NNUE_QB : NNUE_QA * NNUE_QB;
        net.params[j] = (float)(round(net.params[j] * scale) / scale);
    }
    assert_true(nnue_quantise(&net, &q));
    for (size_t i = 0; i < train.count; i++) {
        const int cp = nnue_quant_eval(&q, &train.records[i]);
        const float f = nnue_float_eval(&net, &train.records[i]);
        if (fabs(f - cp) > 1.05)
            fail_msg("record %zu: float %.3f cp, quantised %d cp, with weights on the grid", i, f, cp);
    }
    nnue_quant_free(&q);
    nnue_float_net_free(&net);
    nnue_set_free(&train);
}

/* The engine's score of a record: its position on a search board. */
static int engine_eval_record(const NnueNet *net, const NnueRecord *r)
{
    Setup s;
    board_of_fen(FEN_STARTPOS, &s);
    for (int sq = 0; sq < 64; sq++)
        s.board[sq] = NO_PIECE;
    Square squares[32];
    Piece pieces[32];
    const int n = nnue_record_pieces(r, squares, pieces);
    for (int k = 0; k < n; k++)
        s.board[squares[k]] = pieces[k];
    s.side = (Color)r->side;
    s.castling = 0;
    s.ep = SQ_NONE;
    const SearchBoardOps *ops = search_board_ops();
    SearchBoard *board = search_board_new();
    assert_non_null(board);
    ops->load(board, &s);
    const int score = nnue_evaluate(net, search_board_position(board));
    movegen_board_free(board);
    return score;
}

/* A network read back from its file as the start of a further run
 * (nnue train --init): its floats quantise to the file's integers
 * exactly, score every record within a few centipawns of the integer
 * network, and a run from them lowers the loss below the start's. */
static void test_start_from_network(void **state)
{
    (void)state;
    enum { H = 32, B = 4 };
    NnueSet train = synthetic_set(400, 31), none;
    nnue_set_init(&none);
    NnueFloatNet net;
    assert_true(nnue_float_net_init(&net, H, B, 2));
    NnueTrainOptions o = small_training();
    o.epochs = 2;
    NnueTrainReport r;
    assert_true(nnue_train(&net, &train, &none, &o, &r));
    NnueQuantNet q;
    assert_true(nnue_quantise(&net, &q));
    size_t size;
    NnueNet *loaded;
    free(save_and_read(&q, &size, &loaded));

    NnueFloatNet start;
    assert_true(nnue_float_net_from_quant(&start, loaded));
    assert_int_equal(start.hidden, H);
    assert_int_equal(start.buckets, B);
    assert_int_equal(start.count, net.count);
    NnueQuantNet again;
    assert_true(nnue_quantise(&start, &again));
    assert_memory_equal(again.w1, q.w1, NNUE_INPUTS * H * sizeof(int16_t));
    assert_memory_equal(again.b1, q.b1, H * sizeof(int16_t));
    assert_memory_equal(again.w2, q.w2, 2 * H * B * sizeof(int16_t));
    assert_memory_equal(again.b2, q.b2, B * sizeof(int32_t));
    double worst = 0;
    for (size_t i = 0; i < train.count; i++)
        worst = fmax(worst, fabs(nnue_float_eval(&start, &train.records[i]) - nnue_quant_eval(&q, &train.records[i])));
    if (worst > 5)
        fail_msg("the float start is %.2f cp from the integer network at worst", worst);

    const double start_loss = nnue_loss(&start, train.records, train.count, &loss_options);
    o.epochs = 4;
    o.lr = 0.003;
    assert_true(nnue_train(&start, &train, &none, &o, &r));
    const double end_loss = nnue_loss(&start, train.records, train.count, &loss_options);
    if (!(end_loss < start_loss * 0.95))
        fail_msg("a run from the network went from loss %.6f to %.6f", start_loss, end_loss);

    nnue_quant_free(&again);
    nnue_quant_free(&q);
    nnue_net_free(loaded);
    nnue_float_net_free(&start);
    nnue_float_net_free(&net);
    nnue_set_free(&train);
}

/* A trained network of four output buckets: snapping keeps the mean
 * output of each bucket's records, the file is version 2 of the header's
 * layout, and the engine reads it back (from the file and from its bytes)
 * and scores every record as nnue_quant_eval and the bytes' formula do. */
static void test_bucket_network(void **state)
{
    (void)state;
    enum { H = 32, B = 4 };
    NnueSet train = synthetic_set(400, 29), none;
    nnue_set_init(&none);
    NnueFloatNet net;
    assert_true(nnue_float_net_init(&net, H, B, 2));
    assert_int_equal(net.count, NNUE_INPUTS * H + H + 2 * B * H + B);
    NnueTrainOptions o = small_training();
    o.epochs = 3;
    NnueTrainReport r;
    assert_true(nnue_train(&net, &train, &none, &o, &r));
    size_t in[B] = { 0 };
    for (size_t i = 0; i < train.count; i++)
        in[record_bucket(&train.records[i], B)]++;
    int filled = 0;
    for (int k = 0; k < B; k++)
        filled += in[k] > 0;
    assert_true(filled >= 3);

    /* Each bucket's bias takes its own records' mean change. */
    double before[B] = { 0 }, after[B] = { 0 };
    float b2_before[B];
    for (size_t i = 0; i < train.count; i++)
        before[record_bucket(&train.records[i], B)] += nnue_float_eval(&net, &train.records[i]);
    memcpy(b2_before, net.b2, sizeof b2_before);
    const double shift = nnue_snap_output(&net, train.records, train.count);
    for (size_t i = 0; i < train.count; i++)
        after[record_bucket(&train.records[i], B)] += nnue_float_eval(&net, &train.records[i]);
    double mean_move = 0;
    for (int k = 0; k < B; k++) {
        if (in[k] && fabs(after[k] - before[k]) / (double)in[k] > 0.01)
            fail_msg("bucket %d: mean %.4f cp before snapping, %.4f after", k, before[k] / (double)in[k],
                     after[k] / (double)in[k]);
        mean_move += (net.b2[k] - b2_before[k]) * (double)in[k] / (double)train.count * NNUE_OUTPUT_SCALE;
    }
    assert_true(fabs(shift - mean_move) < 0.01);
    for (size_t j = 0; j < 2 * H * B; j++)
        assert_true(net.w2[j] * NNUE_QB == rintf(net.w2[j] * NNUE_QB));

    NnueQuantNet q;
    assert_true(nnue_quantise(&net, &q));
    size_t size;
    NnueNet *loaded;
    unsigned char *file = save_and_read(&q, &size, &loaded);
    assert_int_equal(size, NNUE_FILE_HEADER_BYTES + 2 * (NNUE_INPUTS * H + H + 2 * B * H) + 4 * B);
    assert_memory_equal(file, NNUE_FILE_MAGIC, 4);
    assert_int_equal(le32(file + 4), 2);
    assert_int_equal(le32(file + 8), H);
    assert_int_equal(le32(file + 12), B);
    const unsigned char *w2 = file + NNUE_FILE_HEADER_BYTES + 2 * (NNUE_INPUTS * H + H), *b2 = w2 + 4 * H * B;
    for (size_t j = 0; j < 2 * H * B; j++)
        assert_int_equal(le16(w2 + 2 * j), lround(net.w2[j] * NNUE_QB));
    for (int k = 0; k < B; k++)
        assert_int_equal((int32_t)le32(b2 + 4 * k), lround((double)net.b2[k] * NNUE_QA * NNUE_QB));
    char err[256];
    NnueNet *from_bytes = nnue_net_from_bytes(file, size, err, sizeof err);
    if (from_bytes == NULL)
        fail_msg("%s", err);
    assert_int_equal(loaded->buckets, B);
    assert_int_equal(from_bytes->buckets, B);

    /* The buckets' output layers differ: the same accumulators through
     * bucket 0's would score most records otherwise. */
    int differ = 0;
    for (size_t i = 0; i < train.count; i++) {
        const NnueRecord *rec = &train.records[i];
        const int cp = nnue_quant_eval(&q, rec);
        assert_int_equal(cp, eval_from_bytes(file, rec));
        assert_int_equal(engine_eval_record(loaded, rec), cp);
        assert_int_equal(engine_eval_record(from_bytes, rec), cp);
        const int k = record_bucket(rec, B);
        q.buckets = 1; /* bucket 0 for every record */
        differ += k != 0 && nnue_quant_eval(&q, rec) != cp;
        q.buckets = B;
    }
    assert_true(differ > (int)(train.count - in[0]) / 2);
    nnue_net_free(loaded);
    nnue_net_free(from_bytes);
    free(file);
    nnue_quant_free(&q);
    nnue_float_net_free(&net);
    nnue_set_free(&train);
}

/* The record of r's position mirrored left to right (a1 <-> h1). */
static NnueRecord mirror_record(const NnueRecord *r)
{
    Piece board[64];
    for (int sq = 0; sq < 64; sq++)
        board[sq] = NO_PIECE;
    Square squares[32];
    Piece pieces[32];
    const int n = nnue_record_pieces(r, squares, pieces);
    for (int k = 0; k < n; k++)
        board[squares[k] ^ 7] = pieces[k];
    return record_of(board, (Color)r->side, r->score, r->result);
}

/* A mirrored network (nnue train --mirror): a position and its left-right
 * mirror image score the same, in floats and in integers, where a network
 * that is not mirrored tells them apart; the file is version 3 with the
 * bucket count after the width, the engine reads it as mirrored and scores
 * every record as nnue_quant_eval and the bytes' formula do, and a run
 * started from it (--init) is mirrored too. */
static void test_mirrored_network(void **state)
{
    (void)state;
    enum { H = 32, B = 2 };
    NnueSet train = synthetic_set(400, 37), none;
    nnue_set_init(&none);
    NnueFloatNet net, plain;
    assert_true(nnue_float_net_init(&net, H, B, 3));
    assert_true(nnue_float_net_init(&plain, H, B, 3));
    assert_false(net.mirrored);
    net.mirrored = true;
    NnueTrainOptions o = small_training();
    o.epochs = 2;
    NnueTrainReport r;
    assert_true(nnue_train(&net, &train, &none, &o, &r));
    assert_true(nnue_train(&plain, &train, &none, &o, &r));
    NnueQuantNet q;
    assert_true(nnue_quantise(&net, &q));
    assert_true(q.mirrored);
    size_t size;
    NnueNet *loaded;
    unsigned char *file = save_and_read(&q, &size, &loaded);
    assert_int_equal(size, NNUE_FILE_HEADER_BYTES + 2 * (NNUE_INPUTS * H + H + 2 * H * B) + 4 * B);
    assert_int_equal(le32(file + 4), 3);
    assert_int_equal(le32(file + 12), B);
    assert_true(loaded->mirrored);
    assert_int_equal(loaded->buckets, B);

    int plain_differ = 0;
    for (size_t i = 0; i < train.count; i++) {
        const NnueRecord *rec = &train.records[i];
        const NnueRecord m = mirror_record(rec);
        const float f = nnue_float_eval(&net, rec);
        if (fabsf(f - nnue_float_eval(&net, &m)) > 1e-3f)
            fail_msg("record %zu: %.4f cp, mirrored %.4f cp", i, f, nnue_float_eval(&net, &m));
        plain_differ += fabsf(nnue_float_eval(&plain, rec) - nnue_float_eval(&plain, &m)) > 0.5f;
        const int cp = nnue_quant_eval(&q, rec);
        assert_int_equal(nnue_quant_eval(&q, &m), cp);
        assert_int_equal(eval_from_bytes(file, rec), cp);
        assert_int_equal(engine_eval_record(loaded, rec), cp);
        assert_int_equal(engine_eval_record(loaded, &m), cp);
    }
    assert_true(plain_differ > (int)train.count / 2);

    NnueFloatNet start;
    assert_true(nnue_float_net_from_quant(&start, loaded));
    assert_true(start.mirrored);
    for (size_t i = 0; i < train.count; i += 7)
        assert_true(fabsf(nnue_float_eval(&start, &train.records[i]) - nnue_quant_eval(&q, &train.records[i])) < 5);
    nnue_float_net_free(&start);
    nnue_net_free(loaded);
    free(file);
    nnue_quant_free(&q);
    nnue_float_net_free(&plain);
    nnue_float_net_free(&net);
    nnue_set_free(&train);
}

/* The clip spares the output biases, all of them: biases started past
 * NNUE_WEIGHT_CLIP on records all won for the side to move stay there,
 * those no record reaches as well, while every other weight is kept
 * within the clip. */
static void test_bucket_biases_not_clipped(void **state)
{
    (void)state;
    enum { B = 4 };
    NnueSet train = synthetic_set(400, 37), none;
    nnue_set_init(&none);
    for (size_t i = 0; i < train.count; i++) {
        NnueRecord *r = &train.records[i];
        r->score = r->side == WHITE ? 3000 : -3000;
        r->result = r->side == WHITE ? 2 : 0;
    }
    NnueFloatNet net;
    assert_true(nnue_float_net_init(&net, 32, B, 3));
    for (int k = 0; k < B; k++)
        net.b2[k] = 3.0f;
    const NnueTrainOptions o = small_training();
    NnueTrainReport r;
    assert_true(nnue_train(&net, &train, &none, &o, &r));
    for (int k = 0; k < B; k++)
        if (!(net.b2[k] >= 3.0f))
            fail_msg("bucket %d: b2 %.3f, clipped", k, net.b2[k]);
    for (size_t j = 0; j < net.count - B; j++)
        assert_true(fabsf(net.params[j]) <= NNUE_WEIGHT_CLIP);
    nnue_float_net_free(&net);
    nnue_set_free(&train);
}

/* A position and its colour-mirrored twin (ranks flipped, colours and the
 * side to move swapped, score and result turned over) are the same to the
 * network: float and integer evaluation, target and loss. */
static void test_colour_symmetry(void **state)
{
    (void)state;
    NnueFloatNet net;
    assert_true(nnue_float_net_init(&net, 64, 1, 8));
    uint64_t rng = 4;
    for (int i = 0; i < 64; i++)
        net.b1[i] = 0.5f * (float)(next_random(&rng) % 1000) / 1000.0f;
    NnueQuantNet q;
    assert_true(nnue_quantise(&net, &q));
    NnueSet set = synthetic_set(60, 31);
    for (size_t i = 0; i < set.count; i++) {
        const NnueRecord *r = &set.records[i];
        Square squares[32];
        Piece pieces[32], board[64] = { 0 }, mirrored[64] = { 0 };
        const int n = nnue_record_pieces(r, squares, pieces);
        for (int k = 0; k < n; k++) {
            board[squares[k]] = pieces[k];
            mirrored[squares[k] ^ 56] = make_piece(color_flip(piece_color(pieces[k])), piece_type(pieces[k]));
        }
        const NnueRecord same = record_of(board, (Color)r->side, r->score, r->result);
        assert_memory_equal(&same, r, sizeof same);
        const NnueRecord twin = record_of(mirrored, color_flip((Color)r->side), -r->score, 2 - r->result);
        const float a = nnue_float_eval(&net, r), b = nnue_float_eval(&net, &twin);
        if (fabsf(a - b) > 1e-3f * fmaxf(1.0f, fabsf(a)))
            fail_msg("record %zu: %.5f cp, mirrored %.5f cp", i, a, b);
        assert_int_equal(nnue_quant_eval(&q, r), nnue_quant_eval(&q, &twin));
        assert_true(fabs(nnue_target(r, &loss_options) - nnue_target(&twin, &loss_options)) < 1e-12);
        assert_true(fabs(nnue_loss(&net, r, 1, &loss_options) - nnue_loss(&net, &twin, 1, &loss_options)) < 1e-6);
    }
    nnue_set_free(&set);
    nnue_quant_free(&q);
    nnue_float_net_free(&net);
}

static void write_file(const char *path, const void *bytes, size_t size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, size, f), size);
    fclose(f);
}

/* Record files: a size that is no whole number of records, a record that
 * is no position, a directory and a missing file are refused with a
 * message and leave the set as it was; scores at the limit are left out. */
static void test_record_files(void **state)
{
    (void)state;
    char dir[] = "/tmp/test_nnue_train.XXXXXX", path[96], err[512];
    assert_non_null(mkdtemp(dir));
    NnueSet set = synthetic_set(3, 41);
    set.records[1].score = NNUE_SCORE_LIMIT;
    set.records[2].score = -NNUE_SCORE_LIMIT + 1;
    snprintf(path, sizeof path, "%s/good.bin", dir);
    write_file(path, set.records, 3 * sizeof(NnueRecord));
    NnueSet loaded;
    nnue_set_init(&loaded);
    if (!nnue_set_add_file(&loaded, path, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(loaded.count, 2);
    assert_int_equal(loaded.dropped, 1);
    assert_memory_equal(&loaded.records[1], &set.records[2], sizeof(NnueRecord));

    unsigned char bytes[33 + sizeof(NnueRecord)];
    memcpy(bytes, set.records, sizeof(NnueRecord));
    memset(bytes + sizeof(NnueRecord), 0, sizeof bytes - sizeof(NnueRecord));
    snprintf(path, sizeof path, "%s/odd.bin", dir);
    write_file(path, bytes, 33);
    assert_false(nnue_set_add_file(&loaded, path, err, sizeof err));
    assert_non_null(strstr(err, "33 bytes is not a whole number of 32-byte records"));

    NnueRecord bad = set.records[0];
    bad.pieces[0] = (uint8_t)((bad.pieces[0] & 0xf0) | 7);
    snprintf(path, sizeof path, "%s/bad.bin", dir);
    write_file(path, &bad, sizeof bad);
    assert_false(nnue_set_add_file(&loaded, path, err, sizeof err));
    assert_non_null(strstr(err, "record 1: piece code 7"));
    bad = set.records[0];
    bad.result = 3;
    write_file(path, &bad, sizeof bad);
    assert_false(nnue_set_add_file(&loaded, path, err, sizeof err));
    assert_non_null(strstr(err, "result 3"));

    assert_false(nnue_set_add_file(&loaded, dir, err, sizeof err));
    assert_non_null(strstr(err, "directory"));
    snprintf(path, sizeof path, "%s/missing.bin", dir);
    assert_false(nnue_set_add_file(&loaded, path, err, sizeof err));
    assert_non_null(strstr(err, "cannot open"));
    assert_int_equal(loaded.count, 2);
    assert_int_equal(loaded.dropped, 1);

    /* An empty file is a file of no records. */
    snprintf(path, sizeof path, "%s/empty.bin", dir);
    write_file(path, bytes, 0);
    assert_true(nnue_set_add_file(&loaded, path, err, sizeof err));
    assert_int_equal(loaded.count, 2);

    const char *names[] = { "good.bin", "odd.bin", "bad.bin", "empty.bin" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
    nnue_set_free(&loaded);
    nnue_set_free(&set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gradient_matches_finite_differences),
        cmocka_unit_test(test_training_lowers_loss),
        cmocka_unit_test(test_network_file),
        cmocka_unit_test(test_bucket_network),
        cmocka_unit_test(test_mirrored_network),
        cmocka_unit_test(test_start_from_network),
        cmocka_unit_test(test_bucket_biases_not_clipped),
        cmocka_unit_test(test_colour_symmetry),
        cmocka_unit_test(test_record_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
