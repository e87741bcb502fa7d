/* Generator "simd": the bitboard board with vectorised slider attacks,
 * the level (scalar, AVX2, AVX-512) picked at run time. Compiled without
 * extra instruction-set flags; each level's code is in gen_simd_<level>.c.
 * Dispatch happens once per interface call; perft's recursion runs inside
 * one level's code and calls nothing indirect. */
#include "movegen_variants/bitboard/board.h"
#include "movegen_variants/bitboard/generator_exports.h"
#include "movegen_variants/bitboard/simd_levels.h"

BITBOARD_DECLARE_EXPORTS(simd_scalar_impl_)
BITBOARD_DECLARE_HASHED(simd_scalar_impl_)
BITBOARD_DECLARE_EXPORTS(simd_avx2_impl_)
BITBOARD_DECLARE_HASHED(simd_avx2_impl_)
BITBOARD_DECLARE_EXPORTS(simd_avx512_impl_)
BITBOARD_DECLARE_HASHED(simd_avx512_impl_)

static const char *avx2_unavailable_reason(void)
{
    return simd_level_supported(SIMD_LEVEL_AVX2) ? NULL : "needs AVX2, BMI2 and POPCNT";
}

static const char *avx512_unavailable_reason(void)
{
    return simd_level_supported(SIMD_LEVEL_AVX512) ? NULL : "needs AVX-512 F and VL (and AVX2)";
}

#define SIMD_LEVEL_SUMMARY "bitboards, legal generation with pin/check masks, simd attacks pinned to "
static const MoveGen level_generators[SIMD_LEVEL_COUNT] = {
    { .name = "simd-scalar", .summary = SIMD_LEVEL_SUMMARY "scalar Kogge-Stone",
      .board_size = sizeof(BitboardBoard), BITBOARD_EXPORTED_FUNCTIONS(simd_scalar_impl_),
      BITBOARD_HASHED_FUNCTION(simd_scalar_impl_) },
    { .name = "simd-avx2", .summary = SIMD_LEVEL_SUMMARY "AVX2 4-line hyperbola quintessence",
      .unavailable_reason = avx2_unavailable_reason,
      .board_size = sizeof(BitboardBoard), BITBOARD_EXPORTED_FUNCTIONS(simd_avx2_impl_),
      BITBOARD_HASHED_FUNCTION(simd_avx2_impl_) },
    { .name = "simd-avx512", .summary = SIMD_LEVEL_SUMMARY "AVX-512 8-direction Kogge-Stone",
      .unavailable_reason = avx512_unavailable_reason,
      .board_size = sizeof(BitboardBoard), BITBOARD_EXPORTED_FUNCTIONS(simd_avx512_impl_),
      BITBOARD_HASHED_FUNCTION(simd_avx512_impl_) },
};

const MoveGen *simd_level_generator(SimdLevel level)
{
    return level < SIMD_LEVEL_COUNT ? &level_generators[level] : NULL;
}

uint64_t simd_level_rook_attacks(SimdLevel level, Square sq, uint64_t occupied)
{
    return level == SIMD_LEVEL_AVX512 ? simd_avx512_impl_rook_attacks(sq, occupied)
           : level == SIMD_LEVEL_AVX2 ? simd_avx2_impl_rook_attacks(sq, occupied)
                                      : simd_scalar_impl_rook_attacks(sq, occupied);
}

uint64_t simd_level_bishop_attacks(SimdLevel level, Square sq, uint64_t occupied)
{
    return level == SIMD_LEVEL_AVX512 ? simd_avx512_impl_bishop_attacks(sq, occupied)
           : level == SIMD_LEVEL_AVX2 ? simd_avx2_impl_bishop_attacks(sq, occupied)
                                      : simd_scalar_impl_bishop_attacks(sq, occupied);
}

uint64_t simd_level_queen_attacks(SimdLevel level, Square sq, uint64_t occupied)
{
    return level == SIMD_LEVEL_AVX512 ? simd_avx512_impl_queen_attacks(sq, occupied)
           : level == SIMD_LEVEL_AVX2 ? simd_avx2_impl_queen_attacks(sq, occupied)
                                      : simd_scalar_impl_queen_attacks(sq, occupied);
}

static const MoveGen *best(void) { return &level_generators[simd_best_level()]; }

static void simd_load(void *board, const Setup *s) { best()->load(board, s); }
static void simd_save(const void *board, Setup *s) { best()->save(board, s); }
static int simd_legal_moves(const void *board, Move *out) { return best()->legal_moves(board, out); }
static bool simd_in_check(const void *board) { return best()->in_check(board); }
static void simd_make(void *board, Move m) { best()->make(board, m); }
static void simd_unmake(void *board) { best()->unmake(board); }
static uint64_t simd_key(const void *board) { return best()->key(board); }
static uint64_t simd_perft(void *board, int depth, PerftMode mode) { return best()->perft(board, depth, mode); }
static uint64_t simd_perft_hashed(void *board, int depth, PerftMode mode, struct PerftTT *tt)
{
    return best()->perft_hashed(board, depth, mode, tt);
}

static const char *simd_note(void)
{
    static const char *const notes[SIMD_LEVEL_COUNT] = {
        "this CPU runs the scalar fallback (no AVX2)",
        "this CPU runs the AVX2 level (4-line hyperbola quintessence)",
        "this CPU runs the AVX-512 level (8-direction Kogge-Stone)",
    };
    return notes[simd_best_level()];
}

const MoveGen movegen_simd = {
    .name = "simd",
    .summary = "bitboards, legal generation with pin/check masks, SIMD slider attacks (AVX-512/AVX2/scalar)",
    .unavailable_reason = NULL,
    .note = simd_note,
    .board_size = sizeof(BitboardBoard),
    .load = simd_load,
    .save = simd_save,
    .legal_moves = simd_legal_moves,
    .in_check = simd_in_check,
    .make = simd_make,
    .unmake = simd_unmake,
    .key = simd_key,
    .perft = simd_perft,
    .perft_hashed = simd_perft_hashed,
};
