/* Young Brothers Wait Concept (Feldmann et al.): a node's younger moves may
 * be searched in parallel only after its eldest move has been searched, so
 * that the bound it gives makes the parallel work as small as the serial
 * one. See search/README.md for the idea and its costs.
 *
 * Interface for the engine (the state of one search's threads); the split
 * itself is reached by the core through SearchShared.hooks.split. */
#ifndef CHESSLAB_SEARCH_YBWC_H
#define CHESSLAB_SEARCH_YBWC_H

#include "search/search_internal.h"
#include "search/smp.h"

typedef struct YbwcState YbwcState;

/* For up to `threads` threads, at most split_threads of them (master
 * included) at one split point. NULL when out of memory. */
YbwcState *ybwc_new(int threads, int split_threads);
void ybwc_free(YbwcState *y);

/* Before each search: installs the split hook in s (s->split, split_ctx,
 * min_split_depth); s->threads and s->thread_count must be set. */
void ybwc_attach(YbwcState *y, SearchShared *s, int min_split_depth);

/* The job of every thread but the main one (id > 0) during a search:
 * begins the thread on s (search_thread_begin), waits for split points to
 * join, searches there, and returns once s->stop is set and it holds no
 * work. Counts its waiting time in t->idle_ns. Threads with an id of
 * `threads` or more return at once. */
void ybwc_helper_loop(YbwcState *y, SearchThread *t, SearchShared *s);

/* Threads that can take work now (idle helpers and waiting masters): a
 * test waits until its helpers are idle before the main thread starts, so
 * the first split point it offers is certain to be taken. */
int ybwc_available_threads(const YbwcState *y);

/* Tests only: make a scheduling event certain instead of likely. Whether a
 * helper gets the processor while a split point is open is the scheduler's
 * choice; in these modes the master waits for it before taking a move of
 * its own (the wait also ends when the search stops or is cancelled there).
 *   YBWC_HELPERS_FIRST: each booked helper takes a move first (a booking
 *     is never taken back before its thread has seen it);
 *   YBWC_LATE_JOIN_FIRST: nobody is booked; the split point opens to late
 *     joiners only, and one of them takes a move first. Use it where only
 *     one split point can be open at a time (minimum split depth = search
 *     depth), with idle helpers. */
typedef enum YbwcTestMode { YBWC_NORMAL, YBWC_HELPERS_FIRST, YBWC_LATE_JOIN_FIRST } YbwcTestMode;
void ybwc_set_test_mode(YbwcState *y, YbwcTestMode mode);

/* The variant (smp.h): its state is a YbwcState, its hook the split offer
 * after a node's eldest move (ybwc_attach), its helpers ybwc_helper_loop. */
extern const SmpVariantOps smp_ybwc_ops;

#endif
