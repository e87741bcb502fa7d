#include "search/lazy.h"

#include "search/search_internal.h"

/* true when b should be played rather than a (lazy.h gives the rule). */
static bool better(const SearchResult *b, const SearchResult *a)
{
    if (b->best == MOVE_NONE)
        return false;
    const bool b_mates = b->score >= SCORE_MATE_BOUND, a_mates = a->score >= SCORE_MATE_BOUND;
    if (b_mates || a_mates)
        return b_mates && (!a_mates || b->score > a->score);
    if (b->depth != a->depth)
        return b->depth > a->depth;
    return b->score > a->score;
}

int lazy_pick_result(const SearchResult *const *results, int count)
{
    int chosen = 0;
    for (int i = 1; i < count; i++)
        if (better(results[i], results[chosen]))
            chosen = i;
    return chosen;
}

/* Hook, at the root per iteration: the main thread and every first
 * iteration are searched. */
static bool skip_iteration(const SearchThread *t, int depth)
{
    return t->id > 0 && depth > 1 && lazy_helper_skips_depth(t->id, depth);
}

static void start(void *state, SearchShared *s, const SmpVariantConfig *cfg)
{
    (void)state, (void)cfg;
    s->hooks.skip_iteration = skip_iteration;
}

const SmpVariantOps smp_lazy_ops = {
    .name = "lazy",
    .summary = "Lazy SMP: every thread iterates from the root over the shared table",
    .parallel = true,
    .start = start,
    .pick_result = lazy_pick_result,
};
