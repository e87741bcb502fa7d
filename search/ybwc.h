/* Young Brothers Wait Concept (Feldmann et al.): a node's younger moves may
 * be searched in parallel only after its eldest move has been searched, so
 * that the bound it gives makes the parallel work as small as the serial
 * one. See search/README.md for the idea and its costs.
 *
 * Interface for the engine (the state of one search's threads); the split
 * itself is reached by the core through SearchShared.split. */
#ifndef CHESSLAB_SEARCH_YBWC_H
#define CHESSLAB_SEARCH_YBWC_H

#include "search_internal.h"

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

#endif
