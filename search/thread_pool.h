/* A pool of worker threads created once and reused by every search, so a
 * search starts by waking threads rather than creating them.
 *
 * Worker i is bound to one processing unit chosen by the bind policy
 * (core/topology.h) before it does anything else, then builds its own
 * per-thread state through the init callback on its own thread: the pages
 * of that state are first touched, and so placed, on the worker's NUMA
 * node. A job is one function run by workers 0..count-1; the others stay
 * asleep. Idle workers block on a condition variable, so a pool of 64
 * threads on two cores costs nothing between searches. */
#ifndef CHESSLAB_SEARCH_THREAD_POOL_H
#define CHESSLAB_SEARCH_THREAD_POOL_H

#include <stdbool.h>

#include "core/topology.h"

typedef struct ThreadPool ThreadPool;

/* Runs on worker `index` after binding; returns its state, NULL on failure. */
typedef void *(*PoolInit)(void *ctx, int index);
/* Runs on worker `index` at shutdown with the state init returned. */
typedef void (*PoolFini)(void *ctx, int index, void *state);
/* One worker's part of a job. */
typedef void (*PoolJob)(void *ctx, int index, void *state);

/* `threads` workers placed by policy on topo (NULL or BIND_NONE: unbound).
 * NULL when a thread cannot be created or an init fails (the workers that
 * were started are shut down again). topo must outlive the pool. */
ThreadPool *thread_pool_new(int threads, BindPolicy policy, Topology *topo, PoolInit init, PoolFini fini,
                            void *ctx);
/* Waits for the running job, then ends and joins every worker. */
void thread_pool_free(ThreadPool *p);

int thread_pool_size(const ThreadPool *p);
BindPolicy thread_pool_policy(const ThreadPool *p);
/* OS index of the PU worker `index` is bound to; -1 when unbound (policy
 * none, or the OS refused the binding). */
int thread_pool_pu(const ThreadPool *p, int index);
/* The state init made for worker `index`; touch it only while no job runs
 * on that worker. */
void *thread_pool_state(const ThreadPool *p, int index);

/* Starts job on workers 0..count-1 (count clamped to the pool size), after
 * waiting for the previous job, and returns at once. */
void thread_pool_start(ThreadPool *p, int count, PoolJob job, void *ctx);
/* Returns when every worker of the current job has finished its part. */
void thread_pool_wait(ThreadPool *p);
/* For worker 0 inside a job: returns when every other worker of the job
 * has finished its part. */
void thread_pool_wait_others(ThreadPool *p);

#endif
