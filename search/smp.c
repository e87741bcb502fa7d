#include "search/smp.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "search/abdada.h"
#include "search/lazy.h"
#include "search/ybwc.h"

/* The serial search: one thread, every hook off. */
const SmpVariantOps smp_serial_ops = {
    .name = "serial",
    .summary = "one thread, the plain PVS",
    .parallel = false,
};

/* The registry: one line per variant, in SmpVariant's order. */
const SmpVariantOps *const smp_variants[SMP_VARIANT_COUNT] = {
    [SMP_SERIAL] = &smp_serial_ops,
    [SMP_LAZY] = &smp_lazy_ops,
    [SMP_YBWC] = &smp_ybwc_ops,
    [SMP_ABDADA] = &smp_abdada_ops,
};

const SmpVariantOps *smp_variant_ops(SmpVariant v)
{
    return (unsigned)v < SMP_VARIANT_COUNT ? smp_variants[v] : &smp_serial_ops;
}

const char *smp_variant_name(SmpVariant v)
{
    return (unsigned)v < SMP_VARIANT_COUNT ? smp_variants[v]->name : "?";
}

bool smp_variant_parse(const char *text, SmpVariant *out)
{
    for (int i = 0; i < SMP_VARIANT_COUNT; i++)
        if (strcasecmp(text, smp_variants[i]->name) == 0) {
            *out = (SmpVariant)i;
            return true;
        }
    return false;
}

static char variant_list[SMP_VARIANT_COUNT * 32];
static pthread_once_t variant_list_once = PTHREAD_ONCE_INIT;

static void build_variant_list(void)
{
    size_t used = 0;
    for (int i = 0; i < SMP_VARIANT_COUNT && used < sizeof variant_list; i++)
        used += (size_t)snprintf(variant_list + used, sizeof variant_list - used, "%s%s", i ? ", " : "",
                                 smp_variants[i]->name);
}

const char *smp_variant_list(void)
{
    pthread_once(&variant_list_once, build_variant_list);
    return variant_list;
}

void smp_variant_work_text(SmpVariant v, const SmpWork *w, bool per_thread, char *buf, size_t len)
{
    const SmpVariantOps *ops = smp_variant_ops(v);
    if (len > 0)
        buf[0] = '\0';
    if (ops->work_text != NULL)
        ops->work_text(w, per_thread, buf, len);
}
