/* CPU feature detection (x86-64 CPUID), for run-time dispatch of the BMI2 and
 * AVX code paths and for describing the machine in results. */
#ifndef CHESSLAB_CPU_H
#define CHESSLAB_CPU_H

#include <stdbool.h>

typedef struct CpuInfo {
    char vendor[13];   /* "AuthenticAMD", "GenuineIntel", ... */
    char brand[49];    /* model name */
    int family, model; /* display family and model */
    bool popcnt, bmi2, avx2, avx512f, avx512bw, avx512vl;
    /* PEXT/PDEP run in microcode on AMD before Zen 3 (family 19h). */
    bool pext_microcoded;
} CpuInfo;

/* Detected once, then read-only. */
const CpuInfo *cpu_info(void);

/* Space-separated list of the features above that this CPU has. */
void cpu_feature_list(const CpuInfo *info, char *buf, int len);

#endif
