/* Generator "pext": the bitboard board with BMI2 PEXT-indexed attacks.
 * Compiled WITHOUT -mbmi2: this file decides whether the CPU can run the
 * BMI2 code of gen_pext_bmi2.c, so it must not contain any. */
#include "core/cpu.h"
#include "movegen_variants/bitboard/board.h"
#include "movegen_variants/bitboard/generator_exports.h"

BITBOARD_DECLARE_EXPORTS(pext_impl_)
BITBOARD_DECLARE_HASHED(pext_impl_)

static const char *pext_unavailable_reason(void)
{
    return cpu_runs_bmi2(cpu_info()) ? NULL : "needs BMI2";
}

static const char *pext_note(void)
{
    return cpu_info()->pext_microcoded
               ? "PEXT is microcoded and slow on AMD and Hygon before Zen 3; this CPU is one of those, expect it slower than magic"
               : "PEXT is microcoded and slow on AMD and Hygon before Zen 3 (not this CPU)";
}

const MoveGen movegen_pext = {
    .name = "pext",
    .summary = "bitboards, legal generation with pin/check masks, BMI2 PEXT-indexed attacks",
    .unavailable_reason = pext_unavailable_reason,
    .note = pext_note,
    .board_size = sizeof(BitboardBoard),
    BITBOARD_EXPORTED_FUNCTIONS(pext_impl_), BITBOARD_HASHED_FUNCTION(pext_impl_),
};
