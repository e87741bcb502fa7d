#include "search/abdada.h"

#include <stdio.h>
#include <stdlib.h>

#include "search/search_internal.h"

enum { SLOTS_PER_THREAD = 4096, MIN_SLOTS = 16384 };

bool abdada_init(AbdadaTable *a, int threads)
{
    size_t want = (size_t)(threads > 0 ? threads : 1) * SLOTS_PER_THREAD, count = MIN_SLOTS;
    while (count < want)
        count *= 2;
    _Atomic uint64_t *slots = calloc(count, sizeof *slots);
    if (slots == NULL)
        return false;
    free((void *)a->slots);
    a->slots = slots;
    a->mask = count - 1;
    return true;
}

void abdada_free(AbdadaTable *a)
{
    free((void *)a->slots);
    a->slots = NULL;
    a->mask = 0;
}

void abdada_clear(AbdadaTable *a)
{
    for (size_t i = 0; i <= a->mask && a->slots != NULL; i++)
        atomic_store_explicit(&a->slots[i], 0, memory_order_relaxed);
}

/* ---- the variant ---- */

typedef struct AbdadaState {
    AbdadaTable table;
    int threads; /* sized for */
} AbdadaState;

static bool prepare(void **state, const SmpVariantConfig *cfg)
{
    AbdadaState *a = *state;
    if (a != NULL && a->threads == cfg->threads)
        return true;
    if (a == NULL && (a = calloc(1, sizeof *a)) == NULL)
        return false;
    *state = a;
    if (!abdada_init(&a->table, cfg->threads))
        return false;
    a->threads = cfg->threads;
    return true;
}

static void release(void *state)
{
    AbdadaState *a = state;
    if (a != NULL)
        abdada_free(&a->table);
    free(a);
}

/* The hooks (search.c says where they are called). */
static bool node_enter(SearchThread *t, uint64_t key) { return abdada_enter(t->shared->hooks.ctx, key); }
static void node_leave(SearchThread *t, uint64_t key) { abdada_leave(t->shared->hooks.ctx, key); }
static bool defer_move(const SearchThread *t, uint64_t child_key)
{
    return abdada_busy(t->shared->hooks.ctx, child_key);
}

static void start(void *state, SearchShared *s, const SmpVariantConfig *cfg)
{
    (void)cfg;
    AbdadaState *a = state;
    abdada_clear(&a->table);
    s->hooks.ctx = &a->table;
    s->hooks.node_enter = node_enter;
    s->hooks.node_leave = node_leave;
    s->hooks.defer_move = defer_move;
    s->hooks.defer_depth = ABDADA_MIN_DEPTH;
}

static void work_text(const SmpWork *w, bool per_thread, char *buf, size_t len)
{
    snprintf(buf, len, per_thread ? ", deferred %llu" : ", %llu moves deferred", (unsigned long long)w->deferred);
}

const SmpVariantOps smp_abdada_ops = {
    .name = "abdada",
    .summary = "ABDADA: every thread searches the tree, putting off moves another thread is in",
    .parallel = true,
    .prepare = prepare,
    .start = start,
    .release = release,
    .work_text = work_text,
};
