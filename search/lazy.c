#include "search/lazy.h"

#include "search/search.h"

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
