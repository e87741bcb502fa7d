#include "core/cpu.h"

#include <cpuid.h>
#include <stdio.h>
#include <string.h>

static CpuInfo detected;
static bool detected_done;

static bool os_saves_avx_state(unsigned mask)
{
    unsigned lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    (void)hi;
    return (lo & mask) == mask;
}

bool cpu_pext_microcoded_on(const char *vendor, int family)
{
    return (strcmp(vendor, "AuthenticAMD") == 0 || strcmp(vendor, "HygonGenuine") == 0) && family < 0x19;
}

/* Filled before main() (before the other constructors, which may ask), so
 * readers never race with the writer. */
__attribute__((constructor(101))) static void cpu_detect(void)
{
    if (detected_done)
        return;
    detected_done = true;
    unsigned a, b, c, d;
    CpuInfo *info = &detected;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return;
    unsigned max_leaf = a;
    memcpy(info->vendor, &b, 4);
    memcpy(info->vendor + 4, &d, 4);
    memcpy(info->vendor + 8, &c, 4);
    info->vendor[12] = '\0';

    __get_cpuid(1, &a, &b, &c, &d);
    int base_family = (a >> 8) & 15, base_model = (a >> 4) & 15;
    info->family = base_family == 15 ? base_family + (int)((a >> 20) & 255) : base_family;
    info->model = (base_family == 6 || base_family == 15) ? base_model + (int)(((a >> 16) & 15) << 4) : base_model;
    info->popcnt = (c >> 23) & 1;
    bool osxsave = (c >> 27) & 1;
    bool ymm_ok = osxsave && os_saves_avx_state(0x6);
    bool zmm_ok = osxsave && os_saves_avx_state(0xe6);

    if (max_leaf >= 7) {
        __get_cpuid_count(7, 0, &a, &b, &c, &d);
        info->bmi1 = (b >> 3) & 1;
        info->bmi2 = (b >> 8) & 1;
        info->avx2 = ymm_ok && ((b >> 5) & 1);
        info->avx512f = zmm_ok && ((b >> 16) & 1);
        info->avx512bw = zmm_ok && ((b >> 30) & 1);
        info->avx512vl = zmm_ok && ((b >> 31) & 1);
    }
    info->pext_microcoded = info->bmi2 && cpu_pext_microcoded_on(info->vendor, info->family);

    unsigned brand[12] = { 0 };
    if (__get_cpuid(0x80000000, &a, &b, &c, &d) && a >= 0x80000004) {
        for (unsigned i = 0; i < 3; i++)
            __get_cpuid(0x80000002 + i, &brand[i * 4], &brand[i * 4 + 1], &brand[i * 4 + 2], &brand[i * 4 + 3]);
        memcpy(info->brand, brand, 48);
        info->brand[48] = '\0';
        /* Brand strings are often padded with leading and trailing spaces. */
        char *start = info->brand;
        while (*start == ' ')
            start++;
        memmove(info->brand, start, strlen(start) + 1);
        for (size_t n = strlen(info->brand); n > 0 && info->brand[n - 1] == ' '; n--)
            info->brand[n - 1] = '\0';
    }
}

const CpuInfo *cpu_info(void)
{
    if (!detected_done)
        cpu_detect();
    return &detected;
}

void cpu_feature_list(const CpuInfo *info, char *buf, int len)
{
    snprintf(buf, (size_t)len, "%s%s%s%s%s%s", info->popcnt ? "popcnt " : "", info->bmi2 ? "bmi2 " : "",
             info->avx2 ? "avx2 " : "", info->avx512f ? "avx512f " : "", info->avx512bw ? "avx512bw " : "",
             info->avx512vl ? "avx512vl " : "");
    size_t n = strlen(buf);
    if (n > 0 && buf[n - 1] == ' ')
        buf[n - 1] = '\0';
}
