#include "search/thread_pool.h"

#include <pthread.h>
#include <stdlib.h>

typedef struct Worker {
    ThreadPool *pool;
    int index;
    int pu; /* bound PU, -1 unbound */
    void *state;
    pthread_t thread;
} Worker;

struct ThreadPool {
    pthread_mutex_t lock;
    pthread_cond_t wake; /* a job was posted, or quit */
    pthread_cond_t done; /* a worker finished its part, or its init */
    Worker *workers;
    int size;
    BindPolicy policy;
    Topology *topo;
    PoolInit init;
    PoolFini fini;
    void *ctx;
    /* Under lock. */
    int started;      /* workers past init */
    bool init_failed;
    unsigned long job_number; /* advanced by every job; a worker runs each number once */
    int job_count;    /* workers 0..job_count-1 take part in the current job */
    int running;      /* of those, the ones not finished yet */
    PoolJob job;
    void *job_ctx;
    bool quit;
};

static void *worker_main(void *arg)
{
    Worker *w = arg;
    ThreadPool *p = w->pool;
    /* Bind first, so that everything the worker allocates and touches
     * from here on lands on its own NUMA node. */
    int pu = p->topo ? topology_pu_for_thread(p->topo, p->policy, w->index) : -1;
    if (pu >= 0 && !topology_bind_current_thread(p->topo, pu))
        pu = -1;
    void *state = p->init(p->ctx, w->index);

    pthread_mutex_lock(&p->lock);
    w->pu = pu;
    w->state = state;
    p->started++;
    p->init_failed |= state == NULL;
    pthread_cond_broadcast(&p->done);
    unsigned long seen = 0;
    for (;;) {
        while (!p->quit && (p->job_number == seen || w->index >= p->job_count))
            pthread_cond_wait(&p->wake, &p->lock);
        if (p->quit)
            break;
        seen = p->job_number;
        PoolJob job = p->job;
        void *ctx = p->job_ctx;
        pthread_mutex_unlock(&p->lock);
        job(ctx, w->index, state);
        pthread_mutex_lock(&p->lock);
        /* Waiters want 0 (the whole job) or 1 (worker 0 waiting for the
         * others). */
        if (--p->running <= 1)
            pthread_cond_broadcast(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    if (state != NULL && p->fini != NULL)
        p->fini(p->ctx, w->index, state);
    return NULL;
}

static void shut_down(ThreadPool *p, int created)
{
    pthread_mutex_lock(&p->lock);
    while (p->running > 0)
        pthread_cond_wait(&p->done, &p->lock);
    p->quit = true;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < created; i++)
        pthread_join(p->workers[i].thread, NULL);
    pthread_cond_destroy(&p->wake);
    pthread_cond_destroy(&p->done);
    pthread_mutex_destroy(&p->lock);
    free(p->workers);
    free(p);
}

ThreadPool *thread_pool_new(int threads, BindPolicy policy, Topology *topo, PoolInit init, PoolFini fini,
                            void *ctx)
{
    if (threads < 1)
        threads = 1;
    ThreadPool *p = calloc(1, sizeof *p);
    Worker *workers = calloc((size_t)threads, sizeof *workers);
    if (p == NULL || workers == NULL) {
        free(p);
        free(workers);
        return NULL;
    }
    *p = (ThreadPool){ .workers = workers, .size = threads, .policy = topo ? policy : BIND_NONE, .topo = topo,
                       .init = init, .fini = fini, .ctx = ctx };
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->done, NULL);
    int created = 0;
    for (; created < threads; created++) {
        workers[created] = (Worker){ .pool = p, .index = created, .pu = -1 };
        if (pthread_create(&workers[created].thread, NULL, worker_main, &workers[created]) != 0)
            break;
    }
    pthread_mutex_lock(&p->lock);
    while (p->started < created)
        pthread_cond_wait(&p->done, &p->lock);
    bool ok = created == threads && !p->init_failed;
    pthread_mutex_unlock(&p->lock);
    if (!ok) {
        shut_down(p, created);
        return NULL;
    }
    return p;
}

void thread_pool_free(ThreadPool *p)
{
    if (p != NULL)
        shut_down(p, p->size);
}

int thread_pool_size(const ThreadPool *p) { return p->size; }
BindPolicy thread_pool_policy(const ThreadPool *p) { return p->policy; }

/* Written by each worker before thread_pool_new returned, never again. */
int thread_pool_pu(const ThreadPool *p, int index) { return p->workers[index].pu; }
void *thread_pool_state(const ThreadPool *p, int index) { return p->workers[index].state; }

void thread_pool_start(ThreadPool *p, int count, PoolJob job, void *ctx)
{
    if (count < 1)
        count = 1;
    if (count > p->size)
        count = p->size;
    pthread_mutex_lock(&p->lock);
    while (p->running > 0)
        pthread_cond_wait(&p->done, &p->lock);
    p->job = job;
    p->job_ctx = ctx;
    p->job_count = count;
    p->running = count;
    p->job_number++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
}

void thread_pool_wait(ThreadPool *p)
{
    pthread_mutex_lock(&p->lock);
    while (p->running > 0)
        pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

void thread_pool_wait_others(ThreadPool *p)
{
    pthread_mutex_lock(&p->lock);
    while (p->running > 1)
        pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
}
