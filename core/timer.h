/* The program's one clock: monotonic wall-clock time, for measurements,
 * deadlines and search time alike (never the settable CLOCK_REALTIME). */
#ifndef CHESSLAB_TIMER_H
#define CHESSLAB_TIMER_H

#include <stdint.h>
#include <time.h>

static inline int64_t timer_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static inline int64_t timer_now_ms(void)
{
    return timer_now_ns() / 1000000;
}

static inline double timer_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Nodes per second in millions, 0 when no time elapsed. */
static inline double timer_mnps(uint64_t nodes, double seconds)
{
    return seconds > 0 ? (double)nodes / seconds / 1e6 : 0.0;
}

#endif
