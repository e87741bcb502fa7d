/* Slider strategy "simd": the rays of one slider computed side by side in
 * vector lanes, at three levels chosen at run time (gen_simd.c):
 *
 *   scalar   Kogge-Stone occluded fill, one direction after another.
 *   AVX2     hyperbola quintessence on 4 lines at once (file, rank,
 *            diagonal, anti-diagonal in the four 64-bit lanes of a ymm
 *            register), with a full bit reversal (byte shuffle + nibble
 *            table) so that ranks work like the other lines.
 *   AVX-512  Kogge-Stone occluded fill on the 8 directions at once (one
 *            direction per 64-bit lane of a zmm register), with per-lane
 *            rotates (VPROLVQ) and three-input logic (VPTERNLOGQ).
 *
 * Kogge-Stone fill in one direction (shift s, "wrap" = squares that a
 * one-step shift may legally reach, so nothing slides off one edge onto
 * the other):
 *     empty = ~occupied & wrap
 *     gen |= empty & rot(gen, s);   empty &= rot(empty, s);
 *     gen |= empty & rot(gen, 2s);  empty &= rot(empty, 2s);
 *     gen |= empty & rot(gen, 4s);
 *     attacks = rot(gen, s) & wrap       (one more step: the blocker)
 * Three doubling steps cover the 7 squares of the longest ray.
 *
 * The AVX-512 level also offers the generator a set-wise interface,
 * DirLanes (one bitboard per direction, any number of sliders per lane),
 * which it uses to analyse whole nodes and count the last ply's moves.
 *
 * A file that instantiates the generator defines SIMD_USE_LEVEL (0, 1, 2)
 * and is compiled with the matching -m flags (CMakeLists.txt); files that
 * only need the tables include this header without it. */
#ifndef CHESSLAB_BITBOARD_ATTACKS_SIMD_H
#define CHESSLAB_BITBOARD_ATTACKS_SIMD_H

#include "movegen_variants/bitboard/board.h"

#if defined(__AVX2__)
#include <immintrin.h>
#endif

/* Per square, the four lines through it (square excluded), in the lane
 * order of the AVX2 path: file, rank, diagonal, anti-diagonal. */
extern _Alignas(32) Bitboard simd_line_masks[64][4];

/* ---- scalar: Kogge-Stone, one direction at a time ---- */

static BB_ALWAYS_INLINE Bitboard simd_rotate_left(Bitboard x, unsigned s)
{
    return (x << s) | (x >> ((64 - s) & 63));
}

static BB_ALWAYS_INLINE Bitboard simd_scalar_ray(Bitboard slider, Bitboard occupied, unsigned s, Bitboard wrap)
{
    Bitboard empty = ~occupied & wrap, gen = slider;
    gen |= empty & simd_rotate_left(gen, s);
    empty &= simd_rotate_left(empty, s);
    gen |= empty & simd_rotate_left(gen, (2 * s) & 63);
    empty &= simd_rotate_left(empty, (2 * s) & 63);
    gen |= empty & simd_rotate_left(gen, (4 * s) & 63);
    return simd_rotate_left(gen, s) & wrap;
}

/* Shift (as a left rotation) and wrap mask of each direction. */
#define SIMD_NOT_A (~BB_FILE_A_MASK)
#define SIMD_NOT_H (~BB_FILE_H_MASK)
#define SIMD_NOT_1 (~BB_RANK_1_MASK)
#define SIMD_NOT_8 (~BB_RANK_8_MASK)
#define SIMD_WRAP_N SIMD_NOT_1
#define SIMD_WRAP_E SIMD_NOT_A
#define SIMD_WRAP_S SIMD_NOT_8
#define SIMD_WRAP_W SIMD_NOT_H
#define SIMD_WRAP_NE (SIMD_NOT_1 & SIMD_NOT_A)
#define SIMD_WRAP_NW (SIMD_NOT_1 & SIMD_NOT_H)
#define SIMD_WRAP_SW (SIMD_NOT_8 & SIMD_NOT_H)
#define SIMD_WRAP_SE (SIMD_NOT_8 & SIMD_NOT_A)

static inline Bitboard simd_scalar_rook_attacks(Square sq, Bitboard occupied)
{
    Bitboard b = bb_of(sq);
    return simd_scalar_ray(b, occupied, 8, SIMD_WRAP_N) | simd_scalar_ray(b, occupied, 1, SIMD_WRAP_E) |
           simd_scalar_ray(b, occupied, 56, SIMD_WRAP_S) | simd_scalar_ray(b, occupied, 63, SIMD_WRAP_W);
}

static inline Bitboard simd_scalar_bishop_attacks(Square sq, Bitboard occupied)
{
    Bitboard b = bb_of(sq);
    return simd_scalar_ray(b, occupied, 9, SIMD_WRAP_NE) | simd_scalar_ray(b, occupied, 7, SIMD_WRAP_NW) |
           simd_scalar_ray(b, occupied, 55, SIMD_WRAP_SW) | simd_scalar_ray(b, occupied, 57, SIMD_WRAP_SE);
}

static inline Bitboard simd_scalar_queen_attacks(Square sq, Bitboard occupied)
{
    return simd_scalar_rook_attacks(sq, occupied) | simd_scalar_bishop_attacks(sq, occupied);
}

/* ---- AVX2: hyperbola quintessence on 2 or 4 lines at once ---- */
#if defined(__AVX2__)

#define SIMD_C(x) ((char)(x))
/* Reverse the bytes of each 64-bit lane, then the bits of each byte by
 * looking up both nibbles (PSHUFB as a 16-entry table). */
#define SIMD_BYTE_REVERSE 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8
#define SIMD_NIBBLE_REVERSE_HIGH                                                                       \
    SIMD_C(0x00), SIMD_C(0x80), SIMD_C(0x40), SIMD_C(0xc0), SIMD_C(0x20), SIMD_C(0xa0), SIMD_C(0x60), \
        SIMD_C(0xe0), SIMD_C(0x10), SIMD_C(0x90), SIMD_C(0x50), SIMD_C(0xd0), SIMD_C(0x30), SIMD_C(0xb0), \
        SIMD_C(0x70), SIMD_C(0xf0)
#define SIMD_NIBBLE_REVERSE_LOW 0x0, 0x8, 0x4, 0xc, 0x2, 0xa, 0x6, 0xe, 0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf

static BB_ALWAYS_INLINE __m128i simd_bit_reverse_128(__m128i x)
{
    const __m128i bytes = _mm_setr_epi8(SIMD_BYTE_REVERSE);
    const __m128i low_to_high = _mm_setr_epi8(SIMD_NIBBLE_REVERSE_HIGH);
    const __m128i high_to_low = _mm_setr_epi8(SIMD_NIBBLE_REVERSE_LOW);
    const __m128i nibble = _mm_set1_epi8(0x0f);
    x = _mm_shuffle_epi8(x, bytes);
    __m128i low = _mm_and_si128(x, nibble), high = _mm_and_si128(_mm_srli_epi16(x, 4), nibble);
    return _mm_or_si128(_mm_shuffle_epi8(low_to_high, low), _mm_shuffle_epi8(high_to_low, high));
}

static BB_ALWAYS_INLINE __m256i simd_bit_reverse_256(__m256i x)
{
    const __m256i bytes = _mm256_setr_epi8(SIMD_BYTE_REVERSE, SIMD_BYTE_REVERSE);
    const __m256i low_to_high = _mm256_setr_epi8(SIMD_NIBBLE_REVERSE_HIGH, SIMD_NIBBLE_REVERSE_HIGH);
    const __m256i high_to_low = _mm256_setr_epi8(SIMD_NIBBLE_REVERSE_LOW, SIMD_NIBBLE_REVERSE_LOW);
    const __m256i nibble = _mm256_set1_epi8(0x0f);
    x = _mm256_shuffle_epi8(x, bytes);
    __m256i low = _mm256_and_si256(x, nibble), high = _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble);
    return _mm256_or_si256(_mm256_shuffle_epi8(low_to_high, low), _mm256_shuffle_epi8(high_to_low, high));
}

/* Bit reversal maps square sq to 63 - sq, on every line at once. */
static BB_ALWAYS_INLINE __m128i simd_hq_128(Square sq, Bitboard occupied, __m128i mask)
{
    __m128i line = _mm_and_si128(_mm_set1_epi64x((long long)occupied), mask);
    __m128i forward = _mm_sub_epi64(line, _mm_set1_epi64x((long long)bb_of(sq)));
    __m128i reverse = _mm_sub_epi64(simd_bit_reverse_128(line), _mm_set1_epi64x((long long)bb_of(63u - sq)));
    return _mm_and_si128(_mm_xor_si128(forward, simd_bit_reverse_128(reverse)), mask);
}

static BB_ALWAYS_INLINE Bitboard simd_or_lanes_128(__m128i x)
{
    return (Bitboard)_mm_cvtsi128_si64(_mm_or_si128(x, _mm_unpackhi_epi64(x, x)));
}

static BB_ALWAYS_INLINE Bitboard simd_or_lanes_256(__m256i x)
{
    return simd_or_lanes_128(_mm_or_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256(x, 1)));
}

static inline Bitboard simd_avx2_rook_attacks(Square sq, Bitboard occupied)
{
    __m128i mask = _mm_load_si128((const __m128i *)&simd_line_masks[sq][0]);
    return simd_or_lanes_128(simd_hq_128(sq, occupied, mask));
}

static inline Bitboard simd_avx2_bishop_attacks(Square sq, Bitboard occupied)
{
    __m128i mask = _mm_load_si128((const __m128i *)&simd_line_masks[sq][2]);
    return simd_or_lanes_128(simd_hq_128(sq, occupied, mask));
}

static inline Bitboard simd_avx2_queen_attacks(Square sq, Bitboard occupied)
{
    __m256i mask = _mm256_load_si256((const __m256i *)simd_line_masks[sq]);
    __m256i line = _mm256_and_si256(_mm256_set1_epi64x((long long)occupied), mask);
    __m256i forward = _mm256_sub_epi64(line, _mm256_set1_epi64x((long long)bb_of(sq)));
    __m256i reverse =
        _mm256_sub_epi64(simd_bit_reverse_256(line), _mm256_set1_epi64x((long long)bb_of(63u - sq)));
    return simd_or_lanes_256(_mm256_and_si256(_mm256_xor_si256(forward, simd_bit_reverse_256(reverse)), mask));
}

#endif /* __AVX2__ */

/* ---- AVX-512: Kogge-Stone on 4 or 8 directions at once ---- */
#if defined(__AVX512F__) && defined(__AVX512VL__)

#define SIMD_LL(x) ((long long)(x))
/* Lane order: N, E, S, W | NE, NW, SW, SE. */
#define SIMD_STRAIGHT_SHIFTS 8, 1, 56, 63
#define SIMD_DIAGONAL_SHIFTS 9, 7, 55, 57
#define SIMD_STRAIGHT_WRAPS SIMD_LL(SIMD_WRAP_N), SIMD_LL(SIMD_WRAP_E), SIMD_LL(SIMD_WRAP_S), SIMD_LL(SIMD_WRAP_W)
#define SIMD_DIAGONAL_WRAPS \
    SIMD_LL(SIMD_WRAP_NE), SIMD_LL(SIMD_WRAP_NW), SIMD_LL(SIMD_WRAP_SW), SIMD_LL(SIMD_WRAP_SE)
#define SIMD_TERNARY_A_OR_B_AND_C 0xf8 /* a | (b & c) */
/* Expands the lane lists before the (possibly macro) intrinsic counts them. */
#define SIMD_SETR_4(...) _mm256_setr_epi64x(__VA_ARGS__)
#define SIMD_SETR_8(...) _mm512_setr_epi64(__VA_ARGS__)

static BB_ALWAYS_INLINE __m256i simd_fill_256(Square sq, Bitboard occupied, __m256i shift, __m256i wrap)
{
    const __m256i shift2 = _mm256_and_si256(_mm256_add_epi64(shift, shift), _mm256_set1_epi64x(63));
    const __m256i shift4 = _mm256_and_si256(_mm256_add_epi64(shift2, shift2), _mm256_set1_epi64x(63));
    __m256i gen = _mm256_set1_epi64x((long long)bb_of(sq));
    __m256i empty = _mm256_andnot_si256(_mm256_set1_epi64x((long long)occupied), wrap);
    gen = _mm256_ternarylogic_epi64(gen, empty, _mm256_rolv_epi64(gen, shift), SIMD_TERNARY_A_OR_B_AND_C);
    empty = _mm256_and_si256(empty, _mm256_rolv_epi64(empty, shift));
    gen = _mm256_ternarylogic_epi64(gen, empty, _mm256_rolv_epi64(gen, shift2), SIMD_TERNARY_A_OR_B_AND_C);
    empty = _mm256_and_si256(empty, _mm256_rolv_epi64(empty, shift2));
    gen = _mm256_ternarylogic_epi64(gen, empty, _mm256_rolv_epi64(gen, shift4), SIMD_TERNARY_A_OR_B_AND_C);
    return _mm256_and_si256(_mm256_rolv_epi64(gen, shift), wrap);
}

static inline Bitboard simd_avx512_rook_attacks(Square sq, Bitboard occupied)
{
    const __m256i shift = SIMD_SETR_4(SIMD_STRAIGHT_SHIFTS);
    const __m256i wrap = SIMD_SETR_4(SIMD_STRAIGHT_WRAPS);
    return simd_or_lanes_256(simd_fill_256(sq, occupied, shift, wrap));
}

static inline Bitboard simd_avx512_bishop_attacks(Square sq, Bitboard occupied)
{
    const __m256i shift = SIMD_SETR_4(SIMD_DIAGONAL_SHIFTS);
    const __m256i wrap = SIMD_SETR_4(SIMD_DIAGONAL_WRAPS);
    return simd_or_lanes_256(simd_fill_256(sq, occupied, shift, wrap));
}

/* Kogge-Stone on the 8 directions at once: lane d of gen holds the
 * sliders that move along direction d (any number of them); the result's
 * lane d is every square they reach along d, first blocker included. */
static BB_ALWAYS_INLINE __m512i simd_fill_512(__m512i gen, Bitboard occupied)
{
    const __m512i shift = SIMD_SETR_8(SIMD_STRAIGHT_SHIFTS, SIMD_DIAGONAL_SHIFTS);
    const __m512i wrap = SIMD_SETR_8(SIMD_STRAIGHT_WRAPS, SIMD_DIAGONAL_WRAPS);
    const __m512i shift2 = _mm512_and_si512(_mm512_add_epi64(shift, shift), _mm512_set1_epi64(63));
    const __m512i shift4 = _mm512_and_si512(_mm512_add_epi64(shift2, shift2), _mm512_set1_epi64(63));
    __m512i empty = _mm512_andnot_si512(_mm512_set1_epi64((long long)occupied), wrap);
    gen = _mm512_ternarylogic_epi64(gen, empty, _mm512_rolv_epi64(gen, shift), SIMD_TERNARY_A_OR_B_AND_C);
    empty = _mm512_and_si512(empty, _mm512_rolv_epi64(empty, shift));
    gen = _mm512_ternarylogic_epi64(gen, empty, _mm512_rolv_epi64(gen, shift2), SIMD_TERNARY_A_OR_B_AND_C);
    empty = _mm512_and_si512(empty, _mm512_rolv_epi64(empty, shift2));
    gen = _mm512_ternarylogic_epi64(gen, empty, _mm512_rolv_epi64(gen, shift4), SIMD_TERNARY_A_OR_B_AND_C);
    return _mm512_and_si512(_mm512_rolv_epi64(gen, shift), wrap);
}

static BB_ALWAYS_INLINE Bitboard simd_or_lanes_512(__m512i x)
{
    return simd_or_lanes_256(_mm256_or_si256(_mm512_castsi512_si256(x), _mm512_extracti64x4_epi64(x, 1)));
}

static inline Bitboard simd_avx512_queen_attacks(Square sq, Bitboard occupied)
{
    return simd_or_lanes_512(simd_fill_512(_mm512_set1_epi64((long long)bb_of(sq)), occupied));
}

/* ---- DirLanes: the set-wise interface the generator uses at this level
 * (STRATEGY_HAS_DIRECTION_LANES, see generator_template.h). One bitboard
 * per direction, lanes N E S W NE NW SW SE; lane ^ 2 is the opposite. */
typedef __m512i DirLanes;

static BB_ALWAYS_INLINE DirLanes dir_lanes_all(Bitboard b) { return _mm512_set1_epi64((long long)b); }

/* `straight` in the four straight lanes, `diagonal` in the four others. */
static BB_ALWAYS_INLINE DirLanes dir_lanes_by_kind(Bitboard straight, Bitboard diagonal)
{
    return _mm512_mask_set1_epi64(_mm512_set1_epi64((long long)straight), 0xf0, (long long)diagonal);
}

static BB_ALWAYS_INLINE DirLanes dir_fill(DirLanes gen, Bitboard occupied) { return simd_fill_512(gen, occupied); }

static BB_ALWAYS_INLINE DirLanes dir_lanes_and(DirLanes a, DirLanes b) { return _mm512_and_si512(a, b); }
static BB_ALWAYS_INLINE DirLanes dir_lanes_or2(DirLanes a, DirLanes b) { return _mm512_or_si512(a, b); }

/* Swaps each lane with its opposite: 128-bit blocks (N,E)<->(S,W) and
 * (NE,NW)<->(SW,SE). */
static BB_ALWAYS_INLINE DirLanes dir_lanes_opposite(DirLanes x)
{
    return _mm512_shuffle_i64x2(x, x, _MM_SHUFFLE(2, 3, 0, 1));
}

/* Bit d set when lane d of a and lane d of b have a square in common. */
static BB_ALWAYS_INLINE unsigned dir_lanes_meeting(DirLanes a, DirLanes b) { return _mm512_test_epi64_mask(a, b); }

/* The lanes of x whose bit is set in mask; the others empty. */
static BB_ALWAYS_INLINE DirLanes dir_lanes_select(unsigned mask, DirLanes x)
{
    return _mm512_maskz_mov_epi64((__mmask8)mask, x);
}

static BB_ALWAYS_INLINE Bitboard dir_lanes_or(DirLanes x) { return simd_or_lanes_512(x); }

/* The sum of the popcounts of all lanes. */
static BB_ALWAYS_INLINE int dir_lanes_count(DirLanes a)
{
#if defined(__AVX512VPOPCNTDQ__)
    return (int)_mm512_reduce_add_epi64(_mm512_popcnt_epi64(a));
#else
    /* Through memory: measured 7% faster here than extracting the lanes
     * one by one (Zen 4 forwards the 64-byte store to the 8-byte loads). */
    uint64_t lane[8];
    _mm512_storeu_si512((void *)lane, a);
    int n = 0;
    for (int i = 0; i < 8; i++)
        n += __builtin_popcountll(lane[i]);
    return n;
#endif
}

/* The sum of the popcounts of all lanes of a and b. */
static BB_ALWAYS_INLINE int dir_lanes_count2(DirLanes a, DirLanes b)
{
#if defined(__AVX512VPOPCNTDQ__)
    return (int)_mm512_reduce_add_epi64(_mm512_add_epi64(_mm512_popcnt_epi64(a), _mm512_popcnt_epi64(b)));
#else
    return dir_lanes_count(a) + dir_lanes_count(b);
#endif
}

/* Lanes holding one line each (d | d ^ 2) split into file, rank,
 * diagonal and anti-diagonal: lanes 0, 1, 4 and 5. */
static BB_ALWAYS_INLINE void dir_lanes_lines(DirLanes by_line, Bitboard *file, Bitboard *rank, Bitboard *diagonal,
                                             Bitboard *anti)
{
    const __m128i low = _mm512_castsi512_si128(by_line), high = _mm512_extracti32x4_epi32(by_line, 2);
    *file = (Bitboard)_mm_cvtsi128_si64(low);
    *rank = (Bitboard)_mm_extract_epi64(low, 1);
    *diagonal = (Bitboard)_mm_cvtsi128_si64(high);
    *anti = (Bitboard)_mm_extract_epi64(high, 1);
}

/* The inverse: file, rank, diagonal, anti-diagonal sets into the lanes
 * along them. */
static BB_ALWAYS_INLINE DirLanes dir_lanes_from_lines(Bitboard file, Bitboard rank, Bitboard diagonal, Bitboard anti)
{
    __m512i x = _mm512_maskz_set1_epi64(0x05, (long long)file); /* lanes N, S */
    x = _mm512_mask_set1_epi64(x, 0x0a, (long long)rank);       /* E, W */
    x = _mm512_mask_set1_epi64(x, 0x50, (long long)diagonal);   /* NE, SW */
    return _mm512_mask_set1_epi64(x, 0xa0, (long long)anti);    /* NW, SE */
}

/* Knight attacks of a set, one jump per lane: a jump is a rotation, and
 * the mask drops the squares only reachable by wrapping round an edge. */
#define SIMD_KNIGHT_SHIFTS 17, 15, 10, 6, 58, 54, 49, 47 /* +17 +15 +10 +6 -6 -10 -15 -17 */
#define SIMD_KNIGHT_WRAPS                                                                        \
    SIMD_LL(~BB_FILE_A_MASK & ~(BB_RANK_1_MASK | BB_RANK_2_MASK)),                               \
        SIMD_LL(~BB_FILE_H_MASK & ~(BB_RANK_1_MASK | BB_RANK_2_MASK)),                           \
        SIMD_LL(~(BB_FILE_A_MASK | BB_FILE_B_MASK) & ~BB_RANK_1_MASK),                           \
        SIMD_LL(~(BB_FILE_G_MASK | BB_FILE_H_MASK) & ~BB_RANK_1_MASK),                           \
        SIMD_LL(~(BB_FILE_A_MASK | BB_FILE_B_MASK) & ~BB_RANK_8_MASK),                           \
        SIMD_LL(~(BB_FILE_G_MASK | BB_FILE_H_MASK) & ~BB_RANK_8_MASK),                           \
        SIMD_LL(~BB_FILE_A_MASK & ~(BB_RANK_7_MASK | BB_RANK_8_MASK)),                           \
        SIMD_LL(~BB_FILE_H_MASK & ~(BB_RANK_7_MASK | BB_RANK_8_MASK))

static BB_ALWAYS_INLINE DirLanes dir_knight_attacks(Bitboard knights)
{
    const __m512i shift = SIMD_SETR_8(SIMD_KNIGHT_SHIFTS);
    const __m512i wrap = SIMD_SETR_8(SIMD_KNIGHT_WRAPS);
    return _mm512_and_si512(_mm512_rolv_epi64(_mm512_set1_epi64((long long)knights), shift), wrap);
}

#endif /* __AVX512F__ && __AVX512VL__ */

/* ---- the strategy seen by generator_template.h ---- */
#ifdef SIMD_USE_LEVEL
#if SIMD_USE_LEVEL == 0
#define SIMD_LEVEL_PREFIX simd_scalar_
#elif SIMD_USE_LEVEL == 1
#ifndef __AVX2__
#error "SIMD_USE_LEVEL 1 needs -mavx2"
#endif
#define SIMD_LEVEL_PREFIX simd_avx2_
#define STRATEGY_HAS_QUEEN_ATTACKS 1
#else
#if !defined(__AVX512F__) || !defined(__AVX512VL__)
#error "SIMD_USE_LEVEL 2 needs -mavx512f -mavx512vl"
#endif
#define SIMD_LEVEL_PREFIX simd_avx512_
#define STRATEGY_HAS_QUEEN_ATTACKS 1
#define STRATEGY_HAS_DIRECTION_LANES 1
#endif
#define SIMD_CAT_(a, b) a##b
#define SIMD_CAT(a, b) SIMD_CAT_(a, b)
static inline Bitboard simd_rook_attacks(Square sq, Bitboard occupied)
{
    return SIMD_CAT(SIMD_LEVEL_PREFIX, rook_attacks)(sq, occupied);
}
static inline Bitboard simd_bishop_attacks(Square sq, Bitboard occupied)
{
    return SIMD_CAT(SIMD_LEVEL_PREFIX, bishop_attacks)(sq, occupied);
}
static inline Bitboard simd_queen_attacks(Square sq, Bitboard occupied)
{
    return SIMD_CAT(SIMD_LEVEL_PREFIX, queen_attacks)(sq, occupied);
}
/* The line masks are filled before main() (attacks_simd.c). */
static inline void simd_attacks_init(void) {}
#endif

#endif
