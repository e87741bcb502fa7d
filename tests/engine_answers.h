/* What an engine's search thread reports to a test: the number of info
 * lines and bestmove calls and the last best move, kept under a lock
 * because the callbacks run on the search thread. Shared by the threaded
 * search tests. */
#ifndef CHESSLAB_TESTS_ENGINE_ANSWERS_H
#define CHESSLAB_TESTS_ENGINE_ANSWERS_H

#include <pthread.h>

#include "search/engine.h"

typedef struct Answers {
    pthread_mutex_t lock;
    int bestmoves, infos;
    Move last;
    const Engine *engine; /* when set: bestmoves delivered while it still said it was searching */
    int busy_at_bestmove;
} Answers;

static inline void answers_init(Answers *a)
{
    *a = (Answers){ .bestmoves = 0 };
    pthread_mutex_init(&a->lock, NULL);
}

static inline void answers_destroy(Answers *a) { pthread_mutex_destroy(&a->lock); }

static inline void on_info(void *ctx, const SearchReport *r)
{
    (void)r;
    Answers *a = ctx;
    pthread_mutex_lock(&a->lock);
    a->infos++;
    pthread_mutex_unlock(&a->lock);
}

static inline void on_bestmove(void *ctx, const SearchResult *r)
{
    Answers *a = ctx;
    pthread_mutex_lock(&a->lock);
    a->bestmoves++;
    a->last = r->best;
    if (a->engine && engine_searching(a->engine))
        a->busy_at_bestmove++;
    pthread_mutex_unlock(&a->lock);
}

/* bestmove calls so far; *last (when not NULL) gets the last best move. */
static inline int answers(Answers *a, Move *last)
{
    pthread_mutex_lock(&a->lock);
    int n = a->bestmoves;
    if (last)
        *last = a->last;
    pthread_mutex_unlock(&a->lock);
    return n;
}

#endif
