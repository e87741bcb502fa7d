/* Generator "pext": the bitboard board with BMI2 PEXT-indexed attacks.
 * Compiled WITHOUT -mbmi2: this file decides whether the CPU can run the
 * BMI2 code of gen_pext_bmi2.c, so it must not contain any. */
#include <cpuid.h>
#include <string.h>

#include "movegen_variants/bitboard/board.h"
#include "movegen_variants/bitboard/generator_exports.h"

BITBOARD_DECLARE_EXPORTS(pext_impl_)

static const char *pext_unavailable_reason(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt") ? NULL : "needs BMI2";
}

/* AMD (and Hygon) before family 19h (Zen 3) run PEXT/PDEP in microcode,
 * taking tens to hundreds of cycles depending on the mask. */
static bool amd_before_zen3(void)
{
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx))
        return false;
    char vendor[13];
    memcpy(vendor, &ebx, 4);
    memcpy(vendor + 4, &edx, 4);
    memcpy(vendor + 8, &ecx, 4);
    vendor[12] = '\0';
    if (strcmp(vendor, "AuthenticAMD") != 0 && strcmp(vendor, "HygonGenuine") != 0)
        return false;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx))
        return false;
    unsigned family = (eax >> 8) & 0xf;
    if (family == 0xf)
        family += (eax >> 20) & 0xff;
    return family < 0x19;
}

static const char *pext_note(void)
{
    return amd_before_zen3()
               ? "PEXT is microcoded and slow on AMD before Zen 3; this CPU is one of those, expect it slower than magic"
               : "PEXT is microcoded and slow on AMD before Zen 3 (not this CPU)";
}

const MoveGen movegen_pext = {
    .name = "pext",
    .summary = "bitboards, legal generation with pin/check masks, BMI2 PEXT-indexed attacks",
    .unavailable_reason = pext_unavailable_reason,
    .note = pext_note,
    .board_size = sizeof(BitboardBoard),
    BITBOARD_EXPORTED_FUNCTIONS(pext_impl_),
};
