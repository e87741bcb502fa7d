/* Time management: how long to think about one move.
 *
 * Two limits, both in milliseconds from the start of the search (or from
 * ponderhit):
 *   soft  do not start another iteration after this: the next one would
 *         probably not finish, and an unfinished iteration is mostly waste;
 *   hard  abort the search here, whatever it is doing.
 * The hard limit never exceeds 75% of what is left on the clock after the
 * Move Overhead (also on the last move before a time control) (the time lost outside the engine: pipes, GUI, network),
 * so even a search aborted at the hard limit leaves time for every later
 * move. Increments are spent as they come (3/4 of each); without
 * movestogo the rest of the game is taken as 35 more moves. */
#ifndef CHESSLAB_SEARCH_TIMEMAN_H
#define CHESSLAB_SEARCH_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "core/types.h"

typedef struct TimePlan {
    bool active; /* false: no time limit (depth, nodes, mate, infinite) */
    int64_t soft_ms, hard_ms;
} TimePlan;

/* time_ms < 0 means "no clock given for that side". movetime_ms < 0: none. */
typedef struct TimeControl {
    int64_t time_ms[2], inc_ms[2];
    int movestogo;      /* 0: sudden death (or unknown) */
    int64_t movetime_ms;
} TimeControl;

TimePlan timeman_plan(const TimeControl *tc, Color us, int64_t move_overhead_ms);

#endif
