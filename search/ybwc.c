/* Young Brothers Wait Concept over the search core (search/README.md,
 * "YBWC"). The core offers a node's younger moves (the root's included) to
 * ybwc_split once its eldest is searched; when threads are idle the node
 * becomes a split point they join, and the thread that offered it (its
 * master) searches moves there too, then helps below while its helpers
 * finish.
 *
 * Handing out work: every thread has a slot saying whether it can take
 * work. A thread with nothing to do (a helper in its idle loop, or a master
 * waiting for its helpers) puts an "available" value there; a master
 * opening a split point books it by swapping in the split point's address
 * (compare-and-swap, so one thread is booked once), and the booked thread
 * takes the booking by swapping in "busy". A master that runs out of moves
 * before a booked thread has taken its booking takes it back (the same
 * swap, from the other side): a thread slow to wake, as with more threads
 * than cores, then never makes its master wait. A waiting master is
 * available only to threads searching below its own split point: the work
 * it does there is work it waits for anyway, and its stack of split points
 * stays as deep as the tree. A thread that runs out of work later may also
 * join an open split point itself (late joining), under that split point's
 * lock. */
#include "search/ybwc.h"

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Split points one thread can have open at once (nested); no split when
 * its stack is full. */
enum { YBWC_STACK = 16 };

/* Each split point and each thread's slot on cache lines of their own:
 * helpers take the lock of a split point while other threads spin on
 * their slots. */
typedef struct SplitPoint {
    _Alignas(64) CancelScope scope; /* first member: a cutoff here cancels everything below */
    pthread_mutex_t lock;
    /* Written by the master before the split point is published (the
     * booking's release), read-only after. */
    NodeInfo node;
    NodeSnapshot snap;
    /* Under lock: the move picker and the node's running result. The list
     * lives in the master's frame of search(), which waits for the end of
     * the split. */
    ScoredMove *list;
    int count, next, move_count;
    int alpha, best;
    Move best_move;
    PvLine pv;
    const Move *tally_moves; /* SplitRequest's optional nodes per move */
    uint64_t *tally_nodes;
    int tally_count;
    /* Helpers booked or joined and not yet done; the master returns at 0. */
    _Atomic int helpers;
    /* Open to late joiners: set under lock once the split is made, cleared
     * under lock when the master has no move left. A joiner counts itself
     * in `helpers` under the same lock, so the master cannot miss it. */
    _Atomic bool joinable;
} SplitPoint;

/* Slot values: busy; available to anyone (an idle helper); available to
 * threads below split point sp (sp | 1: its master waiting); booked to sp. */
enum { SLOT_BUSY = 0, SLOT_IDLE = 1 };

static inline bool is_booking(uintptr_t v) { return v != SLOT_BUSY && !(v & 1); }

typedef struct Worker {
    _Alignas(64) _Atomic uintptr_t slot;
    _Atomic uintptr_t parked; /* the available value it last put in slot: a revoked booking puts it back */
    _Atomic int depth;        /* split points open on this thread's stack; written by it only */
    SplitPoint stack[YBWC_STACK];
} Worker;

struct YbwcState {
    int threads, split_threads;
    int split_threads_asked; /* ybwc_new's argument, before it was bounded */
    int thread_count;    /* of the current search */
    bool oversubscribed; /* more threads than processors: idle threads sleep soon */
    YbwcTestMode test_mode;
    Worker *workers;
    /* Threads with an available slot, the split's quick test; on a line of
     * its own (the rest above is read-only during a search). */
    _Alignas(64) _Atomic int available;
    /* Split points open to late joiners, an idle thread's quick test. */
    _Alignas(64) _Atomic int joinable;
};

/* ---- waiting ---- */

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

/* Spin first: work usually comes within microseconds. With a processor
 * per thread nobody else wants the core, and a sleeping thread would wake
 * too late for most split points (their moves take a fraction of a
 * millisecond): after the spin, yield, which hands the core to any other
 * program that wants it and otherwise returns at once. With more threads
 * than processors spinning and yielding take time from searching threads:
 * spin a few rounds, yield briefly, then sleep in short steps (a booking is
 * then often taken back before the thread wakes, which costs nothing, and
 * stop is still seen within a fraction of a millisecond). */
enum { SPIN_ROUNDS = 64, SPIN_NS = 500000, YIELD_NS_SHARED = 200000, SLEEP_NS = 50000 };

typedef struct Backoff {
    unsigned rounds;
    bool oversubscribed;
    int64_t since; /* when the first SPIN_ROUNDS were over */
} Backoff;

static void backoff(Backoff *b)
{
    if (b->rounds < SPIN_ROUNDS) {
        b->rounds++;
        cpu_relax();
        return;
    }
    int64_t now = timer_now_ns();
    if (b->rounds++ == SPIN_ROUNDS)
        b->since = now;
    int64_t waited = now - b->since;
    if (!b->oversubscribed) {
        if (waited < SPIN_NS)
            for (int i = 0; i < 16; i++)
                cpu_relax();
        else
            sched_yield();
    } else if (waited < YIELD_NS_SHARED) {
        sched_yield();
    } else {
        struct timespec ts = { 0, SLEEP_NS };
        nanosleep(&ts, NULL);
    }
}

static void publish(YbwcState *y, Worker *w, uintptr_t value)
{
    atomic_store_explicit(&w->parked, value, memory_order_relaxed);
    atomic_fetch_add_explicit(&y->available, 1, memory_order_relaxed);
    atomic_store_explicit(&w->slot, value, memory_order_release);
}

/* Takes the booking the slot shows; false when its master took it back.
 * The acquire makes the split point's contents visible. */
static bool take_booking(Worker *w, uintptr_t booking)
{
    return atomic_compare_exchange_strong_explicit(&w->slot, &booking, SLOT_BUSY, memory_order_acquire,
                                                   memory_order_relaxed);
}

/* Takes the slot back; false when a master booked it first. */
static bool withdraw(YbwcState *y, Worker *w, uintptr_t value)
{
    if (!atomic_compare_exchange_strong_explicit(&w->slot, &value, SLOT_BUSY, memory_order_acq_rel,
                                                 memory_order_acquire))
        return false;
    atomic_fetch_sub_explicit(&y->available, 1, memory_order_relaxed);
    return true;
}

/* ---- searching at a split point ---- */

/* Takes moves until none is left or the search below this split point is
 * cancelled, and merges each result. t stands at the split point's node. */
static void search_moves(SearchThread *t, SplitPoint *sp)
{
    const NodeInfo *node = &sp->node;
    for (;;) {
        pthread_mutex_lock(&sp->lock);
        if (sp->next >= sp->count || search_stopped(t)) {
            pthread_mutex_unlock(&sp->lock);
            return;
        }
        Move m = search_pick_move(sp->list, sp->count, sp->next++, search_pos(t), t->ops);
        int move_count = ++sp->move_count, alpha = sp->alpha;
        bool searched_one = sp->best > -SCORE_MATE_BOUND;
        pthread_mutex_unlock(&sp->lock);

        int score = 0;
        const uint64_t nodes_before = search_thread_nodes(t);
        if (search_node_move(t, node, m, move_count, alpha, searched_one, false, &score) != MOVE_SEARCHED)
            continue;
        /* Cancelled (here or above) or stopped while searching: the score
         * is meaningless. A thread that cut off has merged already. */
        if (search_stopped(t))
            return;
        pthread_mutex_lock(&sp->lock);
        for (int i = 0; i < sp->tally_count; i++)
            if (sp->tally_moves[i] == m) {
                sp->tally_nodes[i] += search_thread_nodes(t) - nodes_before;
                break;
            }
        if (score > sp->best) {
            sp->best = score;
            if (score > sp->alpha) {
                sp->alpha = score;
                sp->best_move = m;
                if (node->pv_node)
                    search_pv_join(&sp->pv, m, &t->pv[node->ply + 1]);
                if (score >= node->beta)
                    atomic_store_explicit(&sp->scope.cancelled, true, memory_order_relaxed);
            }
        }
        pthread_mutex_unlock(&sp->lock);
    }
}

/* A booked thread's work at sp; its last touch of sp is leaving it. */
static void serve(SearchThread *t, SplitPoint *sp, int level)
{
    search_thread_load_snapshot(t, &sp->snap, level);
    const CancelScope *outer = t->scope;
    t->scope = &sp->scope;
    search_moves(t, sp);
    t->scope = outer;
    atomic_fetch_sub_explicit(&sp->helpers, 1, memory_order_release);
}

/* A waiting master booked below its own split point `mine`: searches there
 * on a board above its own path, then puts back what that overwrote (the
 * frames around its node; deeper frames and PV lines are scratch). */
static void help_below(SearchThread *t, const SplitPoint *mine, SplitPoint *sp)
{
    const int board_nest = t->board_nest, key_count = t->key_count, root_depth = t->root_depth;
    serve(t, sp, board_nest + 1);
    t->board_nest = board_nest;
    t->board = &t->boards[board_nest];
    t->key_count = key_count;
    t->root_depth = root_depth;
    for (int i = 0; i < 4; i++) {
        int at = mine->snap.ply - 2 + i;
        if (at >= 0)
            t->frames[at] = mine->snap.frames[i];
    }
}

/* Bookings to sp that their threads have not taken yet go back to them:
 * the master has no move left for them. */
static void revoke_bookings(YbwcState *y, SplitPoint *sp)
{
    for (int i = 0; i < y->thread_count; i++) {
        Worker *w = &y->workers[i];
        uintptr_t v = (uintptr_t)sp;
        if (atomic_load_explicit(&w->slot, memory_order_relaxed) != v)
            continue;
        uintptr_t back = atomic_load_explicit(&w->parked, memory_order_relaxed);
        if (atomic_compare_exchange_strong_explicit(&w->slot, &v, back, memory_order_relaxed,
                                                    memory_order_relaxed)) {
            atomic_fetch_add_explicit(&y->available, 1, memory_order_relaxed);
            atomic_fetch_sub_explicit(&sp->helpers, 1, memory_order_relaxed);
        }
    }
}

/* ---- late joining ----
 * A thread that runs out of work after a split point opened was not there
 * to be booked; it may still join while the split point has moves left and
 * room for a helper. Everything is checked under the split point's lock,
 * and nothing but the two atomics is read before it. */

static bool split_cancelled(const SplitPoint *sp)
{
    for (const CancelScope *c = &sp->scope; c != NULL; c = c->parent)
        if (atomic_load_explicit(&c->cancelled, memory_order_relaxed))
            return true;
    return false;
}

/* Does sp lie below `mine`? (NULL: an idle helper may join anywhere.) */
static bool lies_below(const SplitPoint *sp, const SplitPoint *mine)
{
    if (mine == NULL)
        return true;
    for (const CancelScope *c = sp->scope.parent; c != NULL; c = c->parent)
        if (c == &mine->scope)
            return true;
    return false;
}

/* The split point t is now counted in as a helper, or NULL. t has taken
 * its slot back first, so nobody books it meanwhile. Each worker's stack is
 * searched from the bottom: the split points nearest the root have the
 * largest subtrees left. */
static SplitPoint *late_join(YbwcState *y, const SearchThread *t, const SplitPoint *mine)
{
    for (int k = 1; k < y->thread_count; k++) {
        Worker *w = &y->workers[(t->id + k) % y->thread_count];
        const int open = atomic_load_explicit(&w->depth, memory_order_relaxed);
        for (int j = 0; j < open && j < YBWC_STACK; j++) {
            SplitPoint *sp = &w->stack[j];
            if (!atomic_load_explicit(&sp->joinable, memory_order_relaxed))
                continue;
            pthread_mutex_lock(&sp->lock);
            const bool join = atomic_load_explicit(&sp->joinable, memory_order_relaxed) && sp->count - sp->next >= 2 &&
                              atomic_load_explicit(&sp->helpers, memory_order_relaxed) < y->split_threads - 1 &&
                              !atomic_load_explicit(&t->shared->stop, memory_order_relaxed) &&
                              !split_cancelled(sp) && lies_below(sp, mine);
            if (join)
                atomic_fetch_add_explicit(&sp->helpers, 1, memory_order_relaxed);
            pthread_mutex_unlock(&sp->lock);
            if (join)
                return sp;
        }
    }
    return NULL;
}

/* Worth looking for a split point to join now? Not at every round of a
 * wait: the search is a few hundred loads. */
static inline bool may_look_for_work(const YbwcState *y, const Backoff *b)
{
    return b->rounds % 8 == 7 && atomic_load_explicit(&y->joinable, memory_order_relaxed) > 0;
}

/* Opens sp to late joiners, or closes it (the master has no move left). */
static void set_joinable(YbwcState *y, SplitPoint *sp, bool open)
{
    pthread_mutex_lock(&sp->lock);
    atomic_store_explicit(&sp->joinable, open, memory_order_relaxed);
    pthread_mutex_unlock(&sp->lock);
    atomic_fetch_add_explicit(&y->joinable, open ? 1 : -1, memory_order_relaxed);
}

/* Work for a master waiting at `mine`, its slot taken back: a booking
 * below its split point, or (now and then) a split point there to join
 * late; NULL when neither. */
static SplitPoint *work_below(YbwcState *y, SearchThread *t, const SplitPoint *mine, const Backoff *wait)
{
    Worker *me = &y->workers[t->id];
    const uintptr_t waiting = (uintptr_t)mine | 1;
    uintptr_t v = atomic_load_explicit(&me->slot, memory_order_relaxed);
    if (is_booking(v) && take_booking(me, v))
        return (SplitPoint *)v;
    if (may_look_for_work(y, wait) && withdraw(y, me, waiting)) {
        SplitPoint *sp = late_join(y, t, mine);
        if (sp != NULL) {
            t->late_joins++;
            return sp;
        }
        publish(y, me, waiting); /* nothing to join: wait on */
    }
    return NULL;
}

/* The master has no move left at sp: until its helpers are done it helps
 * below sp when booked there or when it finds work there, else waits. */
static void master_wait(YbwcState *y, SearchThread *t, SplitPoint *sp)
{
    revoke_bookings(y, sp);
    if (atomic_load_explicit(&sp->helpers, memory_order_acquire) == 0)
        return;
    Worker *me = &y->workers[t->id];
    const uintptr_t waiting = (uintptr_t)sp | 1;
    const bool can_help = t->board_nest < MAX_BOARD_NEST; /* a free board to help on */
    int64_t start = timer_now_ns();
    Backoff wait = { .oversubscribed = y->oversubscribed };
    if (can_help)
        publish(y, me, waiting);
    for (;;) {
        SplitPoint *work = can_help ? work_below(y, t, sp, &wait) : NULL;
        if (work != NULL) {
            t->idle_ns += timer_now_ns() - start;
            help_below(t, sp, work);
            start = timer_now_ns();
            wait.rounds = 0;
            if (atomic_load_explicit(&sp->helpers, memory_order_acquire) == 0)
                break;
            publish(y, me, waiting);
            continue;
        }
        if (atomic_load_explicit(&sp->helpers, memory_order_acquire) == 0) {
            if (!can_help || withdraw(y, me, waiting))
                break;
            continue; /* booked just now: serve first */
        }
        /* Waiting, a master counts no nodes: it watches the limits here. */
        if (wait.rounds % 16 == 0)
            search_watch_limits(t->shared);
        backoff(&wait);
    }
    t->idle_ns += timer_now_ns() - start;
}

/* ---- the split ---- */

/* Can t book the thread whose slot reads v? Idle helpers: yes; a waiting
 * master: only when t searches below that master's split point. */
static bool bookable(const SearchThread *t, uintptr_t v)
{
    if (!(v & 1))
        return false;
    if (v == SLOT_IDLE)
        return true;
    const CancelScope *theirs = &((const SplitPoint *)(v & ~(uintptr_t)1))->scope;
    for (const CancelScope *c = t->scope; c != NULL; c = c->parent)
        if (c == theirs)
            return true;
    return false;
}

static bool any_bookable(const YbwcState *y, const SearchThread *t)
{
    for (int i = 0; i < y->thread_count; i++)
        if (i != t->id && bookable(t, atomic_load_explicit(&y->workers[i].slot, memory_order_relaxed)))
            return true;
    return false;
}

static void open_split_point(SplitPoint *sp, SearchThread *t, const SplitRequest *req)
{
    atomic_store_explicit(&sp->scope.cancelled, false, memory_order_relaxed);
    sp->scope.parent = t->scope;
    sp->node = req->node;
    search_node_snapshot(t, req->node.ply, &sp->snap);
    sp->list = req->list;
    sp->count = req->count;
    sp->next = req->next;
    sp->move_count = req->move_count;
    sp->alpha = req->alpha;
    sp->best = req->best;
    sp->best_move = req->best_move;
    sp->tally_moves = req->tally_moves;
    sp->tally_nodes = req->tally_nodes;
    sp->tally_count = req->tally_nodes != NULL ? req->tally_count : 0;
    sp->pv.len = 0;
    if (req->node.pv_node && req->pv != NULL) {
        sp->pv.len = req->pv->len;
        memcpy(sp->pv.moves, req->pv->moves, (size_t)req->pv->len * sizeof(Move));
    }
    atomic_store_explicit(&sp->helpers, 0, memory_order_relaxed);
}

/* Books up to `want` available threads to sp; returns how many. The
 * booking's release publishes everything open_split_point wrote. */
static int book_helpers(YbwcState *y, SearchThread *t, SplitPoint *sp, int want)
{
    int booked = 0;
    for (int k = 1; k < y->thread_count && booked < want; k++) {
        Worker *w = &y->workers[(t->id + k) % y->thread_count];
        uintptr_t v = atomic_load_explicit(&w->slot, memory_order_relaxed);
        if (!bookable(t, v))
            continue;
        /* Counted before the thread can see the booking (and leave). */
        atomic_fetch_add_explicit(&sp->helpers, 1, memory_order_relaxed);
        if (atomic_compare_exchange_strong_explicit(&w->slot, &v, (uintptr_t)sp, memory_order_acq_rel,
                                                    memory_order_relaxed)) {
            atomic_fetch_sub_explicit(&y->available, 1, memory_order_relaxed);
            booked++;
        } else {
            atomic_fetch_sub_explicit(&sp->helpers, 1, memory_order_relaxed);
        }
    }
    return booked;
}

/* YbwcTestMode: before its first move at sp the master waits until other
 * threads have taken `want` moves there (fewer when fewer are left). */
static void wait_for_helper_moves(SearchThread *t, SplitPoint *sp, int want, bool oversubscribed)
{
    pthread_mutex_lock(&sp->lock);
    const int first = sp->next;
    if (want > sp->count - first)
        want = sp->count - first;
    pthread_mutex_unlock(&sp->lock);
    Backoff wait = { .oversubscribed = oversubscribed };
    for (;;) {
        pthread_mutex_lock(&sp->lock);
        const int taken = sp->next - first;
        pthread_mutex_unlock(&sp->lock);
        if (taken >= want || search_stopped(t))
            return;
        if (wait.rounds % 16 == 0)
            search_watch_limits(t->shared);
        backoff(&wait);
    }
}

static bool ybwc_split(SearchThread *t, SplitRequest *req)
{
    YbwcState *y = t->shared->hooks.ctx;
    /* Called at most nodes of the upper tree: nobody available is the
     * common answer and costs one load. */
    if (atomic_load_explicit(&y->available, memory_order_relaxed) <= 0)
        return false;
    /* One move left: a helper would only take it from the master. */
    if (y->split_threads < 2 || t->id >= y->thread_count || req->count - req->next < 2)
        return false;
    Worker *me = &y->workers[t->id];
    const int depth = atomic_load_explicit(&me->depth, memory_order_relaxed);
    if (depth >= YBWC_STACK || search_stopped(t) || !any_bookable(y, t))
        return false;

    SplitPoint *sp = &me->stack[depth];
    open_split_point(sp, t, req);
    int booked = 0;
    if (y->test_mode != YBWC_LATE_JOIN_FIRST && (booked = book_helpers(y, t, sp, y->split_threads - 1)) == 0)
        return false; /* taken by others meanwhile; nobody saw sp */
    atomic_store_explicit(&me->depth, depth + 1, memory_order_relaxed);
    t->splits++;
    set_joinable(y, sp, true);

    const CancelScope *outer = t->scope;
    t->scope = &sp->scope;
    if (y->test_mode != YBWC_NORMAL)
        wait_for_helper_moves(t, sp, y->test_mode == YBWC_LATE_JOIN_FIRST ? 1 : booked, y->oversubscribed);
    search_moves(t, sp);
    set_joinable(y, sp, false);
    master_wait(y, t, sp);
    t->scope = outer;

    pthread_mutex_lock(&sp->lock);
    req->next = sp->next;
    req->move_count = sp->move_count;
    req->alpha = sp->alpha;
    req->best = sp->best;
    req->best_move = sp->best_move;
    if (req->node.pv_node && req->pv != NULL) {
        req->pv->len = sp->pv.len;
        memcpy(req->pv->moves, sp->pv.moves, (size_t)sp->pv.len * sizeof(Move));
    }
    pthread_mutex_unlock(&sp->lock);
    atomic_store_explicit(&me->depth, depth, memory_order_relaxed);
    return true;
}

/* ---- the interface ---- */

YbwcState *ybwc_new(int threads, int split_threads)
{
    if (threads < 1)
        threads = 1;
    YbwcState *y = aligned_alloc(_Alignof(YbwcState), sizeof *y);
    if (y == NULL)
        return NULL;
    memset(y, 0, sizeof *y);
    y->workers = aligned_alloc(_Alignof(Worker), (size_t)threads * sizeof(Worker));
    if (y->workers == NULL) {
        free(y);
        return NULL;
    }
    memset(y->workers, 0, (size_t)threads * sizeof(Worker));
    y->threads = threads;
    y->split_threads_asked = split_threads;
    y->split_threads = split_threads < 1 || split_threads > threads ? threads : split_threads;
    for (int i = 0; i < threads; i++)
        for (int j = 0; j < YBWC_STACK; j++)
            pthread_mutex_init(&y->workers[i].stack[j].lock, NULL);
    return y;
}

void ybwc_free(YbwcState *y)
{
    if (y == NULL)
        return;
    for (int i = 0; i < y->threads; i++)
        for (int j = 0; j < YBWC_STACK; j++)
            pthread_mutex_destroy(&y->workers[i].stack[j].lock);
    free(y->workers);
    free(y);
}

int ybwc_available_threads(const YbwcState *y)
{
    return atomic_load_explicit(&y->available, memory_order_relaxed);
}

void ybwc_set_test_mode(YbwcState *y, YbwcTestMode mode) { y->test_mode = mode; }

void ybwc_attach(YbwcState *y, SearchShared *s, int min_split_depth)
{
    y->thread_count = s->thread_count < y->threads ? s->thread_count : y->threads;
    long processors = sysconf(_SC_NPROCESSORS_ONLN);
    y->oversubscribed = processors > 0 && y->thread_count > processors;
    atomic_store_explicit(&y->available, 0, memory_order_relaxed);
    atomic_store_explicit(&y->joinable, 0, memory_order_relaxed);
    for (int i = 0; i < y->threads; i++) {
        atomic_store_explicit(&y->workers[i].slot, SLOT_BUSY, memory_order_relaxed);
        atomic_store_explicit(&y->workers[i].depth, 0, memory_order_relaxed);
    }
    s->hooks.ctx = y;
    s->hooks.split = ybwc_split;
    s->hooks.split_depth = min_split_depth > 1 ? min_split_depth : 2;
}

void ybwc_helper_loop(YbwcState *y, SearchThread *t, SearchShared *s)
{
    search_thread_begin(t, s);
    if (t->id <= 0 || t->id >= y->thread_count)
        return;
    Worker *w = &y->workers[t->id];
    for (;;) {
        int64_t start = timer_now_ns();
        Backoff wait = { .oversubscribed = y->oversubscribed };
        publish(y, w, SLOT_IDLE);
        uintptr_t v;
        for (;;) {
            v = atomic_load_explicit(&w->slot, memory_order_relaxed);
            if (is_booking(v) && take_booking(w, v))
                break;
            if (atomic_load_explicit(&s->stop, memory_order_relaxed) && withdraw(y, w, SLOT_IDLE)) {
                t->idle_ns += timer_now_ns() - start;
                return;
            }
            if (may_look_for_work(y, &wait) && withdraw(y, w, SLOT_IDLE)) {
                SplitPoint *sp = late_join(y, t, NULL);
                if (sp != NULL) {
                    t->late_joins++;
                    v = (uintptr_t)sp;
                    break;
                }
                publish(y, w, SLOT_IDLE);
            }
            backoff(&wait);
        }
        t->idle_ns += timer_now_ns() - start;
        serve(t, (SplitPoint *)v, 0);
    }
}

/* ---- the variant ---- */

static bool prepare(void **state, const SmpVariantConfig *cfg)
{
    YbwcState *y = *state;
    if (y != NULL && y->threads == cfg->threads && y->split_threads_asked == cfg->split_threads)
        return true;
    YbwcState *fresh = ybwc_new(cfg->threads, cfg->split_threads);
    if (fresh == NULL)
        return false;
    ybwc_free(y);
    *state = fresh;
    return true;
}

static void start(void *state, SearchShared *s, const SmpVariantConfig *cfg)
{
    ybwc_attach(state, s, cfg->min_split_depth);
}

static void helper(void *state, SearchThread *t, SearchShared *s, SearchResult *out)
{
    (void)out; /* a helper has no result of its own */
    ybwc_helper_loop(state, t, s);
}

static void release(void *state) { ybwc_free(state); }

static void work_text(const SmpWork *w, bool per_thread, char *buf, size_t len)
{
    if (per_thread)
        snprintf(buf, len, ", splits %llu, late joins %llu, idle %.1f ms", (unsigned long long)w->splits,
                 (unsigned long long)w->late_joins, w->idle_ns / 1e6);
    else
        snprintf(buf, len, ", %llu splits, %llu late joins", (unsigned long long)w->splits,
                 (unsigned long long)w->late_joins);
}

const SmpVariantOps smp_ybwc_ops = {
    .name = "ybwc",
    .summary = "Young Brothers Wait: idle threads join nodes whose eldest move is searched",
    .parallel = true,
    .prepare = prepare,
    .start = start,
    .helper = helper,
    .release = release,
    .work_text = work_text,
};
