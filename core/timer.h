/* Monotonic wall-clock time for measurements. */
#ifndef CHESSLAB_TIMER_H
#define CHESSLAB_TIMER_H

#include <stdint.h>
#include <time.h>

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
