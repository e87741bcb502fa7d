/* CPU feature detection (x86-64 CPUID): the one source of what this CPU
 * runs, read by every generator's availability check, the registry's default
 * choice, the search's board choice, `gens` and the result files, so none of
 * them can disagree. AVX state counts only when the OS saves it (XGETBV). */
#ifndef CHESSLAB_CPU_H
#define CHESSLAB_CPU_H

#include <stdbool.h>

typedef struct CpuInfo {
    char vendor[13];   /* "AuthenticAMD", "GenuineIntel", ... */
    char brand[49];    /* model name */
    int family, model; /* display family and model */
    bool popcnt, bmi1, bmi2, avx2, avx512f, avx512bw, avx512vl;
    /* PEXT/PDEP run in microcode on AMD, and on Hygon (whose Dhyana is a
     * Zen 1), before family 19h (Zen 3): tens to hundreds of cycles. */
    bool pext_microcoded;
} CpuInfo;

/* Detected once before main() (and on first use, should a constructor ask
 * earlier), then read-only. */
const CpuInfo *cpu_info(void);

/* What the code paths compiled with extra instruction sets need. */
static inline bool cpu_runs_bmi2(const CpuInfo *c) { return c->bmi1 && c->bmi2 && c->popcnt; }
static inline bool cpu_runs_avx2(const CpuInfo *c) { return cpu_runs_bmi2(c) && c->avx2; }
static inline bool cpu_runs_avx512(const CpuInfo *c) { return cpu_runs_avx2(c) && c->avx512f && c->avx512vl; }
/* BMI2 in hardware at full speed: pext is worth choosing. */
static inline bool cpu_pext_fast(const CpuInfo *c) { return cpu_runs_bmi2(c) && !c->pext_microcoded; }

/* PEXT microcoded on this vendor and family (a pure function, tested). */
bool cpu_pext_microcoded_on(const char *vendor, int family);

/* Space-separated list of the features above that this CPU has. */
void cpu_feature_list(const CpuInfo *info, char *buf, int len);

#endif
