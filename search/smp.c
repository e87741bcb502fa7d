#include "search/smp.h"

#include <strings.h>

static const char *const NAMES[SMP_VARIANT_COUNT] = { "serial", "lazy", "ybwc", "abdada" };

const char *smp_variant_name(SmpVariant v)
{
    return (unsigned)v < SMP_VARIANT_COUNT ? NAMES[v] : "?";
}

bool smp_variant_parse(const char *text, SmpVariant *out)
{
    for (int i = 0; i < SMP_VARIANT_COUNT; i++)
        if (strcasecmp(text, NAMES[i]) == 0) {
            *out = (SmpVariant)i;
            return true;
        }
    return false;
}

const char *smp_variant_list(void) { return "serial, lazy, ybwc, abdada"; }
