#include "search/timeman.h"

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

enum { SUDDEN_DEATH_MOVES = 35, MAX_MOVES_TO_GO = 50 };

TimePlan timeman_plan(const TimeControl *tc, Color us, int64_t move_overhead_ms)
{
    TimePlan plan = { false, 0, 0 };
    if (tc->movetime_ms >= 0) {
        /* A fixed time per move: use it, less the overhead, but never less
         * than half of it. */
        int64_t t = tc->movetime_ms > 2 * move_overhead_ms ? tc->movetime_ms - move_overhead_ms : tc->movetime_ms / 2;
        plan = (TimePlan){ true, max64(t, 1), max64(t, 1) };
        return plan;
    }
    if (tc->time_ms[us] < 0)
        return plan;
    int64_t left = max64(tc->time_ms[us] - move_overhead_ms, 1);
    int64_t inc = max64(tc->inc_ms[us], 0);
    int moves = tc->movestogo > 0 ? (tc->movestogo < MAX_MOVES_TO_GO ? tc->movestogo : MAX_MOVES_TO_GO)
                                  : SUDDEN_DEATH_MOVES;
    int64_t share = left / moves + inc * 3 / 4;
    /* Even the last move before a time control keeps a quarter: a pipe or
     * scheduler hiccup must not cost the game. */
    plan.active = true;
    plan.hard_ms = max64(min64(share * 4, left * 3 / 4), 1);
    /* An iteration takes about as long as all before it: stop starting new
     * ones at 0.65 of the share. (At half of it a game ended with a third
     * of the start clock unspent: 0.3 s of 1 s + 10 ms, 3.7 s of 10 s +
     * 0.1 s.) */
    plan.soft_ms = max64(min64(share * 13 / 20, plan.hard_ms), 1);
    return plan;
}
