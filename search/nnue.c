#include "search/nnue.h"

#include <pthread.h>
#if defined(__AVX2__) || defined(__AVX512BW__)
#include <immintrin.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/input_file.h"

/* The built-in network's bytes (generated from CHESSLAB_NNUE_NET by CMake;
 * size 0 when the build has none). */
extern const unsigned char nnue_builtin_bytes[];
extern const size_t nnue_builtin_size;

enum { NNUE_ALIGN = 64 };

static uint32_t read_u32(const unsigned char *b) { return b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24; }

static void read_i16(int16_t *out, const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (int16_t)(uint16_t)(b[2 * i] | b[2 * i + 1] << 8);
}

void nnue_net_free(NnueNet *net)
{
    if (net == NULL)
        return;
    free(net->w1);
    free(net);
}

NnueNet *nnue_net_from_bytes(const void *bytes, size_t size, char *err, size_t err_len)
{
    const unsigned char *b = bytes;
    if (size < NNUE_FILE_HEADER_BYTES || memcmp(b, NNUE_FILE_MAGIC, 4) != 0) {
        snprintf(err, err_len, "not a chesslab network (no %s header)", NNUE_FILE_MAGIC);
        return NULL;
    }
    uint32_t version = read_u32(b + 4), hidden = read_u32(b + 8), buckets = read_u32(b + 12);
    if (version != NNUE_FILE_VERSION_ONE_BUCKET && version != NNUE_FILE_VERSION_BUCKETS &&
        version != NNUE_FILE_VERSION_MIRRORED) {
        snprintf(err, err_len, "network format version %u, this build reads %d to %d", version,
                 NNUE_FILE_VERSION_ONE_BUCKET, NNUE_FILE_VERSION_MIRRORED);
        return NULL;
    }
    if (hidden == 0 || hidden % 32 != 0 || hidden > NNUE_HIDDEN_MAX) {
        snprintf(err, err_len, "hidden width %u: must be a multiple of 32 up to %d", hidden, NNUE_HIDDEN_MAX);
        return NULL;
    }
    if (version == NNUE_FILE_VERSION_ONE_BUCKET)
        buckets = 1; /* the field was reserved */
    else if (buckets == 0 || buckets > NNUE_BUCKETS_MAX) {
        snprintf(err, err_len, "%u output buckets: must be 1 to %d", buckets, NNUE_BUCKETS_MAX);
        return NULL;
    }
    size_t h = hidden, shorts = (size_t)NNUE_INPUTS * h + h + 2 * buckets * h;
    size_t want = nnue_file_size(h, buckets);
    if (size != want) {
        snprintf(err, err_len, "network of width %u and %u output bucket%s should be %zu bytes, not %zu", hidden,
                 buckets, buckets == 1 ? "" : "s", want, size);
        return NULL;
    }
    NnueNet *net = calloc(1, sizeof *net);
    size_t bytes_needed = (shorts * sizeof(int16_t) + NNUE_ALIGN - 1) / NNUE_ALIGN * NNUE_ALIGN;
    int16_t *weights = net ? aligned_alloc(NNUE_ALIGN, bytes_needed) : NULL;
    if (weights == NULL) {
        free(net);
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    read_i16(weights, b + NNUE_FILE_HEADER_BYTES, shorts);
    net->hidden = (int)hidden;
    net->buckets = (int)buckets;
    net->mirrored = version == NNUE_FILE_VERSION_MIRRORED;
    net->w1 = weights;
    net->b1 = weights + (size_t)NNUE_INPUTS * h;
    net->w2 = net->b1 + h;
    for (uint32_t k = 0; k < buckets; k++)
        net->b2[k] = (int32_t)read_u32(b + NNUE_FILE_HEADER_BYTES + 2 * shorts + 4 * k);
    return net;
}

NnueNet *nnue_net_load(const char *path, char *err, size_t err_len)
{
    FILE *f;
    if (input_file_open(path, &f, err, err_len) != INPUT_FILE_OK)
        return NULL;
    NnueNet *net = NULL;
    unsigned char *bytes = NULL;
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (size < 0 || fseek(f, 0, SEEK_SET) != 0)
        snprintf(err, err_len, "%s: cannot read its size", path);
    else if ((bytes = malloc((size_t)size + 1)) == NULL)
        snprintf(err, err_len, "%s: out of memory", path);
    else if (fread(bytes, 1, (size_t)size, f) != (size_t)size)
        snprintf(err, err_len, "%s: read error", path);
    else if ((net = nnue_net_from_bytes(bytes, (size_t)size, err, err_len)) == NULL) {
        char reason[256];
        snprintf(reason, sizeof reason, "%s", err);
        snprintf(err, err_len, "%s: %s", path, reason);
    }
    free(bytes);
    fclose(f);
    return net;
}

/* The built-in network: read once, then shared read-only. */
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;
static NnueNet *builtin_net;
static char builtin_err[256];

static void builtin_read(void)
{
    if (nnue_builtin_size == 0)
        snprintf(builtin_err, sizeof builtin_err, "this build has no network (CMake option CHESSLAB_NNUE_NET)");
    else
        builtin_net = nnue_net_from_bytes(nnue_builtin_bytes, nnue_builtin_size, builtin_err, sizeof builtin_err);
}

const NnueNet *nnue_builtin(void)
{
    pthread_once(&builtin_once, builtin_read);
    return builtin_net;
}

const char *nnue_builtin_error(void)
{
    pthread_once(&builtin_once, builtin_read);
    return builtin_err;
}

/* acc += the row of one input; H a multiple of 32, so the loop vectorises
 * without a tail. */
static inline void add_row(int16_t *restrict acc, const int16_t *restrict row, int h)
{
    for (int j = 0; j < h; j++)
        acc[j] = (int16_t)(acc[j] + row[j]);
}

/* sum_j clamp(acc_j, 0, QA)^2 * w_j, the product v * w_j taken in 16 bits
 * first (|w_j| <= 127 and v <= QA keep it there, nnue_format.h), so that
 * one multiply-add instruction (pmaddwd, or vpdpwssd with AVX-512 VNNI)
 * takes 16-bit pairs to 32-bit sums. Each 32-bit lane adds at most
 * h / 8 = 128 terms of at most 255 * 32385 (AVX2, h <= 1024): 1.06e9, below
 * 2^31, and the lanes are summed in 64 bits, so the vector paths are exact
 * and equal the scalar one, whose blocks of 32 terms are summed in 32 bits
 * and the blocks in 64. One horizontal sum per call, not per block, is
 * what the vector paths save. */
static inline int64_t screlu_dot_scalar(const int16_t *restrict acc, const int16_t *restrict w, int h)
{
    int64_t sum = 0;
    for (int block = 0; block < h; block += 32) {
        int32_t part = 0;
        for (int j = block; j < block + 32; j++) {
            int16_t v = acc[j] < 0 ? 0 : acc[j] > NNUE_QA ? NNUE_QA : acc[j];
            part += (int32_t)(int16_t)(v * w[j]) * v;
        }
        sum += part;
    }
    return sum;
}

#if defined(__AVX512BW__)
static inline int64_t screlu_dot(const int16_t *restrict acc, const int16_t *restrict w, int h)
{
    const __m512i zero = _mm512_setzero_si512(), qa = _mm512_set1_epi16(NNUE_QA);
    __m512i sums = _mm512_setzero_si512();
    for (int j = 0; j < h; j += 32) {
        __m512i v = _mm512_min_epi16(_mm512_max_epi16(_mm512_loadu_si512(acc + j), zero), qa);
        __m512i vw = _mm512_mullo_epi16(v, _mm512_loadu_si512(w + j));
#if defined(__AVX512VNNI__)
        sums = _mm512_dpwssd_epi32(sums, v, vw);
#else
        sums = _mm512_add_epi32(sums, _mm512_madd_epi16(v, vw));
#endif
    }
    /* the lanes' total may pass 2^31: widen before the last sum */
    __m512i wide = _mm512_add_epi64(_mm512_cvtepi32_epi64(_mm512_castsi512_si256(sums)),
                                    _mm512_cvtepi32_epi64(_mm512_extracti64x4_epi64(sums, 1)));
    return _mm512_reduce_add_epi64(wide);
}
#elif defined(__AVX2__)
static inline int64_t screlu_dot(const int16_t *restrict acc, const int16_t *restrict w, int h)
{
    const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(NNUE_QA);
    __m256i sums = _mm256_setzero_si256();
    for (int j = 0; j < h; j += 16) {
        __m256i v = _mm256_min_epi16(_mm256_max_epi16(_mm256_loadu_si256((const __m256i *)(acc + j)), zero), qa);
        __m256i vw = _mm256_mullo_epi16(v, _mm256_loadu_si256((const __m256i *)(w + j)));
        sums = _mm256_add_epi32(sums, _mm256_madd_epi16(v, vw));
    }
    /* the lanes' total may pass 2^31: widen before the last sum */
    __m256i wide = _mm256_add_epi64(_mm256_cvtepi32_epi64(_mm256_castsi256_si128(sums)),
                                    _mm256_cvtepi32_epi64(_mm256_extracti128_si256(sums, 1)));
    __m128i pair = _mm_add_epi64(_mm256_castsi256_si128(wide), _mm256_extracti128_si256(wide, 1));
    return _mm_cvtsi128_si64(pair) + _mm_extract_epi64(pair, 1);
}
#else
static inline int64_t screlu_dot(const int16_t *restrict acc, const int16_t *restrict w, int h)
{
    return screlu_dot_scalar(acc, w, h);
}
#endif

int64_t nnue_screlu_dot(const int16_t *acc, const int16_t *w, int h) { return screlu_dot(acc, w, h); }
int64_t nnue_screlu_dot_reference(const int16_t *acc, const int16_t *w, int h)
{
    return screlu_dot_scalar(acc, w, h);
}

static inline void sub_row(int16_t *restrict acc, const int16_t *restrict row, int h)
{
    for (int j = 0; j < h; j++)
        acc[j] = (int16_t)(acc[j] - row[j]);
}

/* The row of an input of one perspective; flip is that perspective's
 * nnue_king_flip. */
static inline const int16_t *row_of(const NnueNet *net, Color perspective, Piece piece, Square sq, int flip)
{
    return net->w1 + (size_t)nnue_feature(perspective, piece, (Square)(sq ^ flip)) * (size_t)net->hidden;
}

/* The flip of side's inputs in a position of these pieces. */
static inline int side_flip(const NnueNet *net, const Bitboard pieces[2][KING], Color side)
{
    if (!net->mirrored)
        return 0;
    const Bitboard king = pieces[side][KING - 1];
    return king ? nnue_king_flip(true, (Square)__builtin_ctzll(king)) : 0;
}

/* One perspective's sums of a position's pieces from the biases up. */
static void refresh_side(const NnueNet *net, const Bitboard pieces[2][KING], Color side, int16_t *sums)
{
    const int h = net->hidden, flip = side_flip(net, pieces, side);
    memcpy(sums, net->b1, (size_t)h * sizeof(int16_t));
    for (int c = WHITE; c <= BLACK; c++)
        for (int t = PAWN; t <= KING; t++) {
            Piece piece = make_piece((Color)c, (PieceType)t);
            for (Bitboard left = pieces[c][t - 1]; left; left &= left - 1)
                add_row(sums, row_of(net, side, piece, (Square)__builtin_ctzll(left), flip), h);
        }
}

/* Both perspectives' sums, in one pass over the pieces. */
static void refresh(const NnueNet *net, const Bitboard pieces[2][KING], int16_t sums[2][NNUE_HIDDEN_MAX])
{
    const int h = net->hidden, flip_white = side_flip(net, pieces, WHITE), flip_black = side_flip(net, pieces, BLACK);
    memcpy(sums[WHITE], net->b1, (size_t)h * sizeof(int16_t));
    memcpy(sums[BLACK], net->b1, (size_t)h * sizeof(int16_t));
    for (int c = WHITE; c <= BLACK; c++)
        for (int t = PAWN; t <= KING; t++) {
            Piece piece = make_piece((Color)c, (PieceType)t);
            for (Bitboard left = pieces[c][t - 1]; left; left &= left - 1) {
                Square sq = (Square)__builtin_ctzll(left);
                add_row(sums[WHITE], row_of(net, WHITE, piece, sq, flip_white), h);
                add_row(sums[BLACK], row_of(net, BLACK, piece, sq, flip_black), h);
            }
        }
}

/* The score of p from its sums, through the output bucket of its piece
 * count. */
static int output(const NnueNet *net, const int16_t sums[2][NNUE_HIDDEN_MAX], const Position *p)
{
    int h = net->hidden, k = nnue_output_bucket(__builtin_popcountll(sb_occupied(p)), net->buckets);
    Color us = sb_side(p);
    const int16_t *w2 = net->w2 + (size_t)k * 2 * (size_t)h;
    int64_t sum = screlu_dot(sums[us], w2, h) + screlu_dot(sums[color_flip(us)], w2 + h, h);
    int64_t out = sum / NNUE_QA + net->b2[k];
    return (int)(out * NNUE_OUTPUT_SCALE / (NNUE_QA * NNUE_QB));
}

int nnue_evaluate(const NnueNet *net, const Position *p)
{
    _Alignas(NNUE_ALIGN) int16_t sums[2][NNUE_HIDDEN_MAX];
    Bitboard pieces[2][KING];
    nnue_position_pieces(p, pieces);
    refresh(net, (const Bitboard(*)[KING])pieces, sums);
    return output(net, sums, p);
}

NnueStack *nnue_stack_new(void)
{
    NnueStack *s = aligned_alloc(NNUE_ALIGN, (sizeof(NnueStack) + NNUE_ALIGN - 1) / NNUE_ALIGN * NNUE_ALIGN);
    if (s)
        nnue_stack_reset(s);
    return s;
}

void nnue_stack_free(NnueStack *s) { free(s); }

/* The rows an update adds and subtracts. Setups allow 16 men a side, so
 * neither list can pass 32; the bound is checked all the same. */
enum { NNUE_DELTA_MAX = 32 };
typedef struct NnueDelta {
    const int16_t *sub[2][NNUE_DELTA_MAX], *add[2][NNUE_DELTA_MAX]; /* by perspective */
    int n_sub, n_add;
} NnueDelta;

/* dst = src - sub rows + add rows in one pass for the usual differences (a
 * move, a capture, castling), so each accumulator is read and written once
 * rather than copied and then walked once per row. */
static inline void apply_delta(int16_t *restrict dst, const int16_t *restrict src, const int16_t *const *sub,
                               int n_sub, const int16_t *const *add, int n_add, int h)
{
    if (n_sub == 1 && n_add == 1) {
        const int16_t *s0 = sub[0], *a0 = add[0];
        for (int j = 0; j < h; j++)
            dst[j] = (int16_t)(src[j] - s0[j] + a0[j]);
    } else if (n_sub == 2 && n_add == 1) {
        const int16_t *s0 = sub[0], *s1 = sub[1], *a0 = add[0];
        for (int j = 0; j < h; j++)
            dst[j] = (int16_t)(src[j] - s0[j] - s1[j] + a0[j]);
    } else if (n_sub == 2 && n_add == 2) {
        const int16_t *s0 = sub[0], *s1 = sub[1], *a0 = add[0], *a1 = add[1];
        for (int j = 0; j < h; j++)
            dst[j] = (int16_t)(src[j] - s0[j] - s1[j] + a0[j] + a1[j]);
    } else {
        memcpy(dst, src, (size_t)h * sizeof(int16_t));
        for (int k = 0; k < n_sub; k++)
            sub_row(dst, sub[k], h);
        for (int k = 0; k < n_add; k++)
            add_row(dst, add[k], h);
    }
}

/* to->sums = from->sums minus the rows of from's pieces p lacks plus the
 * rows of p's pieces from lacks; a perspective whose king changed wings in
 * a mirrored network sees every input move, so it is summed afresh. False,
 * with nothing done, when the difference is too large for one NnueDelta. */
static inline __attribute__((always_inline)) bool update_as(const NnueNet *net, const NnueAccumulator *from,
                                                             NnueAccumulator *to, bool mirrored)
{
    const int h = net->hidden;
    const Bitboard(*now_pieces)[KING] = (const Bitboard(*)[KING])to->pieces;
    const Bitboard(*was_pieces)[KING] = (const Bitboard(*)[KING])from->pieces;
    /* mirrored is a constant in each caller below, so a plain network's
     * update has no flips to apply and no side to sum afresh. */
    const int flip[2] = { mirrored ? side_flip(net, now_pieces, WHITE) : 0,
                          mirrored ? side_flip(net, now_pieces, BLACK) : 0 };
    const bool fresh[2] = { mirrored && flip[WHITE] != side_flip(net, was_pieces, WHITE),
                            mirrored && flip[BLACK] != side_flip(net, was_pieces, BLACK) };
    NnueDelta d;
    d.n_sub = d.n_add = 0;
    for (int c = WHITE; c <= BLACK; c++)
        for (int t = PAWN; t <= KING; t++) {
            Piece piece = make_piece((Color)c, (PieceType)t);
            Bitboard was = from->pieces[c][t - 1], now = to->pieces[c][t - 1];
            for (Bitboard gone = was & ~now; gone; gone &= gone - 1, d.n_sub++) {
                if (d.n_sub == NNUE_DELTA_MAX)
                    return false;
                Square sq = (Square)__builtin_ctzll(gone);
                d.sub[WHITE][d.n_sub] = row_of(net, WHITE, piece, sq, flip[WHITE]);
                d.sub[BLACK][d.n_sub] = row_of(net, BLACK, piece, sq, flip[BLACK]);
            }
            for (Bitboard came = now & ~was; came; came &= came - 1, d.n_add++) {
                if (d.n_add == NNUE_DELTA_MAX)
                    return false;
                Square sq = (Square)__builtin_ctzll(came);
                d.add[WHITE][d.n_add] = row_of(net, WHITE, piece, sq, flip[WHITE]);
                d.add[BLACK][d.n_add] = row_of(net, BLACK, piece, sq, flip[BLACK]);
            }
        }
    for (int side = WHITE; side <= BLACK; side++) {
        if (fresh[side])
            refresh_side(net, now_pieces, (Color)side, to->sums[side]);
        else
            apply_delta(to->sums[side], from->sums[side], d.sub[side], d.n_sub, d.add[side], d.n_add, h);
    }
    return true;
}

static bool update(const NnueNet *net, const NnueAccumulator *from, NnueAccumulator *to)
{
    return net->mirrored ? update_as(net, from, to, true) : update_as(net, from, to, false);
}

int nnue_evaluate_stacked(const NnueNet *net, const Position *p, NnueStack *s)
{
    if (s->top < 0 || s->top >= NNUE_STACK_SIZE)
        return nnue_evaluate(net, p);
    NnueAccumulator *here = &s->entry[s->top];
    Bitboard now[2][KING];
    nnue_position_pieces(p, now);
    /* The pieces are compared all the same, so a stack out of step with
     * the board costs time, never a wrong score. */
    if (!here->known || memcmp(here->pieces, now, sizeof now) != 0) {
        memcpy(here->pieces, now, sizeof now);
        here->known = true;
        here->valid = false;
    }
    if (!here->valid) {
        int base = s->top;
        while (base > 0 && !s->entry[base].valid && s->entry[base - 1].known)
            base--;
        NnueAccumulator *first = &s->entry[base];
        if (!first->valid) {
            refresh(net, (const Bitboard(*)[KING])first->pieces, first->sums);
            first->valid = true;
        }
        for (int i = base + 1; i <= s->top; i++) {
            NnueAccumulator *to = &s->entry[i];
            if (!update(net, &s->entry[i - 1], to))
                refresh(net, (const Bitboard(*)[KING])to->pieces, to->sums);
            to->valid = true;
        }
    }
    return output(net, (const int16_t(*)[NNUE_HIDDEN_MAX])here->sums, p);
}
