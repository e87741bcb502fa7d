#include "search/smp.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "search/engine_options.h"

/* The names are the SMP option's choices (engine_options.c). */

const char *smp_variant_name(SmpVariant v)
{
    const char *name = engine_option_choice_name(engine_option(ENGINE_OPT_SMP), v);
    return name != NULL ? name : "?";
}

bool smp_variant_parse(const char *text, SmpVariant *out)
{
    long v;
    if (!engine_option_parse(engine_option(ENGINE_OPT_SMP), text, &v))
        return false;
    *out = (SmpVariant)v;
    return true;
}

static char list[128];
static pthread_once_t list_once = PTHREAD_ONCE_INIT;

static void make_list(void)
{
    size_t used = 0;
    for (const EngineChoice *c = engine_option(ENGINE_OPT_SMP)->choices; c->name != NULL && used < sizeof list; c++) {
        int n = snprintf(list + used, sizeof list - used, "%s%s", used ? ", " : "", c->name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

const char *smp_variant_list(void)
{
    pthread_once(&list_once, make_list);
    return list;
}
