#include "registry.h"

#include <stdio.h>
#include <string.h>

#define CHESSLAB_ENTRY(sym) &movegen_##sym,
static const MoveGen *const generators[] = { CHESSLAB_GENERATORS(CHESSLAB_ENTRY) };
#undef CHESSLAB_ENTRY

enum { GENERATOR_COUNT = sizeof generators / sizeof generators[0] };

size_t registry_count(void) { return GENERATOR_COUNT; }

const MoveGen *registry_at(size_t index)
{
    return index < GENERATOR_COUNT ? generators[index] : NULL;
}

const MoveGen *registry_find(const char *name)
{
    for (size_t i = 0; i < GENERATOR_COUNT; i++)
        if (strcmp(generators[i]->name, name) == 0)
            return generators[i];
    return NULL;
}

const MoveGen *registry_default(void)
{
    /* Preference: later entries in the list are the faster strategies. */
    for (size_t i = GENERATOR_COUNT; i-- > 0;)
        if (movegen_available(generators[i]))
            return generators[i];
    return generators[0];
}

void registry_names(char *buf, size_t len)
{
    size_t used = 0;
    if (len == 0)
        return;
    buf[0] = '\0';
    for (size_t i = 0; i < GENERATOR_COUNT && used < len; i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i ? "," : "", generators[i]->name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}
