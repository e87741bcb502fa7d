#include "search/search.h"

#include "search/search_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/castling.h"
#include "search/bitops.h"
#include "search/eval.h"
#include "search/nnue.h"
#include "search/see.h"

static inline const Position *pos(const SearchThread *t) { return &t->board->pos; }

/* ---- options, limits, clock ---- */

void search_limits_init(SearchLimits *l)
{
    memset(l, 0, sizeof *l);
    l->clock = (TimeControl){ { -1, -1 }, { 0, 0 }, 0, -1 };
}

int64_t search_elapsed_ms(const SearchShared *s)
{
    return (timer_now_ns() - atomic_load(&s->start_ns)) / 1000000;
}

void search_shared_init(SearchShared *s, const SearchBoardOps *ops, TranspositionTable *tt,
                        const SearchOptions *options, const SearchLimits *limits, Color us,
                        int64_t move_overhead_ms)
{
    s->ops = ops;
    s->tt = tt;
    s->report = NULL;
    s->currmove = NULL;
    s->report_ctx = NULL;
    s->threads = NULL;
    s->thread_count = 0;
    s->hooks = (SmpSearchHooks){ 0 };
    s->options = *options;
    /* `go mate N` asks for a proof: pruning on the static evaluation
     * (reverse futility, razoring, futility, late-move pruning) drops the
     * quiet moves of a mating attack by the side that is behind in
     * material, so the shortest mate would surface iterations later. */
    if (limits->mate > 0)
        s->options.futility = false;
    s->limits = *limits;
    s->plan = timeman_plan(&limits->clock, us, move_overhead_ms);
    atomic_store(&s->stop, false);
    atomic_store(&s->pondering, limits->ponder);
    atomic_store(&s->clock_may_stop, false);
    s->go_ns = timer_now_ns();
    atomic_store(&s->start_ns, s->go_ns);
}

/* ---- thread state ---- */

SearchThread *search_thread_new(const SearchBoardOps *ops, int id)
{
    SearchThread *t = aligned_alloc(64, (sizeof(SearchThread) + 63) / 64 * 64);
    if (t == NULL)
        return NULL;
    memset(t, 0, sizeof *t);
    size_t board_bytes = (sizeof(SearchBoard) + 63) / 64 * 64;
    t->boards = aligned_alloc(64, board_bytes * (1 + MAX_BOARD_NEST));
    if (t->boards == NULL) {
        free(t);
        return NULL;
    }
    memset(t->boards, 0, board_bytes * (1 + MAX_BOARD_NEST));
    t->eval_cache = eval_cache_new();
    t->nnue = nnue_stack_new();
    if (t->eval_cache == NULL || t->nnue == NULL) {
        eval_cache_free(t->eval_cache);
        nnue_stack_free(t->nnue);
        free(t->boards);
        free(t);
        return NULL;
    }
    t->id = id;
    t->ops = ops;
    t->board = &t->boards[0];
    /* Late moves of deep nodes are reduced most: about ln(depth) * ln(move
     * number) / 2, the usual shape. */
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            t->reduction[d][m] = (uint8_t)(0.5 + log(d) * log(m) / 2.0);
    Setup start;
    setup_from_fen(&start, FEN_STARTPOS, NULL, 0);
    ops->load(t->board, &start);
    t->keys[0] = sb_key(pos(t));
    t->key_count = 1;
    return t;
}

void search_thread_free(SearchThread *t)
{
    if (t == NULL)
        return;
    eval_cache_free(t->eval_cache);
    nnue_stack_free(t->nnue);
    free(t->boards);
    free(t);
}

void search_thread_clear(SearchThread *t)
{
    memset(t->history, 0, sizeof t->history);
    memset(t->counter, 0, sizeof t->counter);
    memset(t->frames, 0, sizeof t->frames);
}

void search_thread_set_root(SearchThread *t, const SearchBoard *board, const uint64_t *history, int count)
{
    /* Reloading empties the board's undo stack: the whole stack is free for
     * the search however long the game was. */
    Setup s;
    t->ops->save(board, &s);
    t->board_nest = 0;
    t->board = &t->boards[0];
    t->ops->load(t->board, &s);
    nnue_stack_reset(t->nnue);
    if (count > HISTORY_KEYS) {
        history += count - HISTORY_KEYS;
        count = HISTORY_KEYS;
    }
    if (count > 0)
        memcpy(t->keys, history, (size_t)count * sizeof *history);
    t->keys[count] = sb_key(pos(t));
    t->key_count = count + 1;
}

uint64_t search_thread_nodes(const SearchThread *t)
{
    return atomic_load_explicit(&t->nodes, memory_order_relaxed);
}

uint64_t search_shared_nodes(const SearchShared *s)
{
    uint64_t total = 0;
    for (int i = 0; i < s->thread_count; i++)
        total += search_thread_nodes(s->threads[i]);
    return total;
}

static uint64_t total_nodes(const SearchThread *t)
{
    return t->shared->thread_count > 0 ? search_shared_nodes(t->shared) : search_thread_nodes(t);
}

void search_thread_begin(SearchThread *t, SearchShared *s)
{
    t->shared = s;
    atomic_store_explicit(&t->nodes, 0, memory_order_relaxed);
    t->clock_countdown = CLOCK_INTERVAL;
    t->seldepth = 0;
    t->scope = NULL;
    t->splits = t->late_joins = t->deferred = 0;
    t->idle_ns = 0;
}

void search_node_snapshot(const SearchThread *t, int ply, NodeSnapshot *out)
{
    t->ops->save(t->board, &out->setup);
    out->ply = ply;
    out->root_depth = t->root_depth;
    out->key_count = t->key_count;
    memcpy(out->keys, t->keys, (size_t)t->key_count * sizeof *t->keys);
    for (int i = 0; i < 4; i++) {
        int at = ply - 2 + i;
        out->frames[i] = at >= 0 ? t->frames[at] : (Frame){ .static_eval = SCORE_NONE };
    }
}

void search_thread_load_snapshot(SearchThread *t, const NodeSnapshot *snap, int level)
{
    t->board_nest = level;
    t->board = &t->boards[level];
    t->ops->load(t->board, &snap->setup);
    t->key_count = snap->key_count;
    memcpy(t->keys, snap->keys, (size_t)snap->key_count * sizeof *t->keys);
    t->root_depth = snap->root_depth;
    for (int i = 0; i < 4; i++) {
        int at = snap->ply - 2 + i;
        if (at >= 0) {
            t->frames[at] = snap->frames[i];
            /* A joining thread searches the node's children, never the
             * node itself: an excluded move left here would later wrongly
             * exclude a move of another node at this ply. */
            t->frames[at].excluded = MOVE_NONE;
        }
    }
}

/* ---- small helpers ---- */


static inline bool stopped(const SearchThread *t) { return search_stopped(t); }

/* Is the side to move in check? Asked after a move by its parent (does it
 * give check?) and again by the child: the second time comes from the
 * thread's one-entry memo, keyed by the position's key. */
static inline bool side_in_check(SearchThread *t)
{
    const uint64_t key = sb_key(pos(t));
    if (t->check_key != key) {
        t->check_key = key;
        t->check_value = t->ops->in_check(t->board);
    }
    return t->check_value;
}

static inline void make_move(SearchThread *t, Move m)
{
    t->ops->make(t->board, m);
    nnue_stack_push(t->nnue, t->shared->options.net ? pos(t) : NULL);
    uint64_t key = sb_key(pos(t));
    /* The child probes the table first thing: start loading its bucket. */
    tt_prefetch(t->shared->tt, key);
    t->keys[t->key_count++] = key;
}

static inline void unmake_move(SearchThread *t)
{
    t->ops->unmake(t->board);
    nnue_stack_pop(t->nnue);
    t->key_count--;
}

/* The generator's null move clears the halfmove clock, which keeps
 * repetition scans from looking across it. */
static inline void make_null_move(SearchThread *t)
{
    t->ops->make_null(t->board);
    nnue_stack_push(t->nnue, t->shared->options.net ? pos(t) : NULL);
    uint64_t key = sb_key(pos(t));
    tt_prefetch(t->shared->tt, key);
    t->keys[t->key_count++] = key;
}

static inline void unmake_null_move(SearchThread *t)
{
    t->ops->unmake_null(t->board);
    nnue_stack_pop(t->nnue);
    t->key_count--;
}

void search_watch_limits(SearchShared *s)
{
    if ((s->plan.active && !atomic_load(&s->pondering) && atomic_load_explicit(&s->clock_may_stop, memory_order_relaxed) &&
         search_elapsed_ms(s) >= s->plan.hard_ms) ||
        (s->limits.nodes && s->thread_count > 1 && search_shared_nodes(s) >= s->limits.nodes))
        atomic_store_explicit(&s->stop, true, memory_order_relaxed);
}

/* Counts a node and watches the limits; true when the search must stop. */
/* The static evaluation the options chose: the network, or the linear
 * evaluation through the thread's pawn cache. */
static inline int static_evaluation(SearchThread *t, const Position *p)
{
    const NnueNet *net = t->shared->options.net;
    return net ? nnue_evaluate_stacked(net, p, t->nnue) : evaluate_cached(p, t->ops, t->eval_cache);
}

static inline bool count_node(SearchThread *t)
{
    uint64_t nodes = atomic_load_explicit(&t->nodes, memory_order_relaxed) + 1;
    atomic_store_explicit(&t->nodes, nodes, memory_order_relaxed);
    SearchShared *s = t->shared;
    /* With helpers the node limit counts every thread's nodes, summed every
     * 64 nodes of the main thread. */
    if (t->id == 0 && s->limits.nodes &&
        (s->thread_count <= 1 ? nodes >= s->limits.nodes
                              : (nodes & 63) == 0 && search_shared_nodes(s) >= s->limits.nodes))
        atomic_store_explicit(&s->stop, true, memory_order_relaxed);
    /* Every thread watches the clock (and helpers the node total): with
     * more threads than cores the main thread may sleep through its
     * deadline while helpers run. */
    if (--t->clock_countdown == 0) {
        t->clock_countdown = CLOCK_INTERVAL;
        search_watch_limits(s);
    }
    return stopped(t);
}

/* Two positions are the same for repetition when their keys are; only
 * positions since the last capture or pawn move can repeat, and only with
 * the same side to move (every second ply, at least four plies back). Any
 * repetition, in the game before the root or in the search path, scores as
 * a draw: the side that could avoid it has no better plan than repeating. */
static inline bool is_repetition(const SearchThread *t)
{
    int last = t->key_count - 1;
    int span = sb_halfmove(pos(t)) < last ? sb_halfmove(pos(t)) : last;
    uint64_t key = t->keys[last];
    for (int back = 4; back <= span; back += 2)
        if (t->keys[last - back] == key)
            return true;
    return false;
}

/* Dead position by material (RULES.md art. 10): K v K, K v K+minor, and
 * bishops only, all on squares of one colour. */
static inline bool dead_material(const Position *p)
{
    if (sb_type(p, PAWN) | sb_type(p, ROOK) | sb_type(p, QUEEN))
        return false;
    Bitboard minors = sb_type(p, KNIGHT) | sb_type(p, BISHOP);
    if (!bb_several(minors))
        return true;
    return !sb_type(p, KNIGHT) && (!(minors & SB_LIGHT_SQUARES) || !(minors & ~SB_LIGHT_SQUARES));
}

/* Fifty-move rule: a draw after 100 plies without capture or pawn move,
 * unless the side to move is checkmated right there. */
static inline bool fifty_move_draw(const SearchThread *t, bool in_check)
{
    if (sb_halfmove(pos(t)) < 100)
        return false;
    if (!in_check)
        return true;
    Move moves[MAX_MOVES];
    return t->ops->legal_moves(t->board, moves) > 0;
}

static inline bool tt_cutoff(Bound bound, int score, int alpha, int beta)
{
    return bound == BOUND_EXACT || (bound == BOUND_LOWER && score >= beta) || (bound == BOUND_UPPER && score <= alpha);
}

static inline bool is_tactical(Move m)
{
    return move_is_capture(m) || move_kind(m) == MK_PROMO_Q || move_kind(m) == MK_PROMO_CAPTURE_Q;
}

/* Is m among the n moves? (A hash move may come from another position
 * whose key collided.) */
static inline bool has_move(const Move *moves, int n, Move m)
{
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* moves without m (if there), the others keeping their order; the new count. */
static inline int remove_move(Move *moves, int n, Move m)
{
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (moves[i] != m)
            moves[kept++] = moves[i];
    return kept;
}

/* ---- move ordering ---- */

/* Most valuable victim first, least valuable attacker among equals. */
static inline int mvv_lva(const Position *p, Move m)
{
    PieceType victim = move_kind(m) == MK_EN_PASSANT ? PAWN : sb_type_on(p, move_to(m));
    int score = eval_piece_value[victim] * 8 - (int)sb_type_on(p, move_from(m));
    if (move_is_promotion(m))
        score += eval_piece_value[QUEEN] * 8;
    return score;
}

/* The reply that last refuted the opponent's previous move, MOVE_NONE at
 * the root or after a null move. */
static inline Move counter_move(const SearchThread *t, int ply)
{
    Move previous = ply > 0 ? t->frames[ply - 1].move : MOVE_NONE;
    return previous == MOVE_NONE ? MOVE_NONE : t->counter[move_from(previous)][move_to(previous)];
}

static void score_moves(SearchThread *t, const Move *moves, ScoredMove *out, int n, Move hash_move, int ply)
{
    const Position *p = pos(t);
    const Frame *f = &t->frames[ply];
    const bool use_see = t->shared->options.capture_order == CAPTURES_SEE;
    const Move counter = counter_move(t, ply);
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        int score;
        bool pending = false;
        if (m == hash_move) {
            score = ORDER_HASH;
        } else if (move_is_promotion(m) && move_promotion_type(m) != QUEEN) {
            score = ORDER_UNDERPROMOTION + mvv_lva(p, m);
        } else if (is_tactical(m)) {
            score = ORDER_GOOD_CAPTURE + mvv_lva(p, m);
            /* Taking a piece worth at least the taker never loses material:
             * SEE only where the victim is cheaper, and only when picked. */
            pending = use_see && move_is_capture(m) && move_kind(m) != MK_EN_PASSANT &&
                      eval_piece_value[sb_type_on(p, move_to(m))] < eval_piece_value[sb_type_on(p, move_from(m))];
        } else if (m == f->killers[0]) {
            score = ORDER_KILLER + 1;
        } else if (m == f->killers[1]) {
            score = ORDER_KILLER;
        } else if (m == counter) {
            score = ORDER_COUNTER;
        } else {
            score = t->history[sb_side(p)][move_from(m)][move_to(m)];
        }
        out[i] = (ScoredMove){ .move = m, .see_pending = pending, .score = score };
    }
}

static inline Move pick_move(const SearchThread *t, ScoredMove *list, int n, int next)
{
    return search_pick_move(list, n, next, pos(t), t->ops);
}

/* History with gravity: the entry moves toward +-HISTORY_MAX by a share of
 * the bonus that shrinks as it gets there, so it never overflows and old
 * knowledge fades. */
static inline void history_update(int16_t *entry, int bonus)
{
    int v = *entry;
    v += bonus - v * abs(bonus) / HISTORY_MAX;
    *entry = (int16_t)v;
}

static void reward_quiet(SearchThread *t, int ply, int depth, Move best, const Move *tried, int tried_count)
{
    Frame *f = &t->frames[ply];
    if (f->killers[0] != best) {
        f->killers[1] = f->killers[0];
        f->killers[0] = best;
    }
    Move previous = ply > 0 ? t->frames[ply - 1].move : MOVE_NONE;
    if (previous != MOVE_NONE)
        t->counter[move_from(previous)][move_to(previous)] = best;
    Color us = (Color)sb_side(pos(t));
    int bonus = 200 * depth - 100;
    if (bonus > 1600)
        bonus = 1600;
    history_update(&t->history[us][move_from(best)][move_to(best)], bonus);
    for (int i = 0; i < tried_count; i++)
        history_update(&t->history[us][move_from(tried[i])][move_to(tried[i])], -bonus);
}

void search_pv_join(PvLine *line, Move m, const PvLine *child)
{
    line->moves[0] = m;
    int len = child->len < SEARCH_MAX_PLY - 1 ? child->len : SEARCH_MAX_PLY - 1;
    memcpy(line->moves + 1, child->moves, (size_t)len * sizeof(Move));
    line->len = len + 1;
}

static inline void update_pv(SearchThread *t, int ply, Move m) { search_pv_join(&t->pv[ply], m, &t->pv[ply + 1]); }

/* ---- quiescence ---- */

static int qsearch(SearchThread *t, int alpha, int beta, int ply)
{
    t->pv[ply].len = 0;
    if (count_node(t))
        return 0;
    if (ply > t->seldepth)
        t->seldepth = ply;
    const Position *p = pos(t);
    const bool in_check = side_in_check(t);
    if (is_repetition(t) || dead_material(p) || fifty_move_draw(t, in_check))
        return SCORE_DRAW;
    if (ply >= SEARCH_MAX_PLY - 1)
        return in_check ? SCORE_DRAW : static_evaluation(t, p);

    const bool pv_node = beta - alpha > 1;
    TTData hit = { 0 };
    bool found = tt_probe(t->shared->tt, sb_key(p), &hit);
    int hit_score = found ? score_from_tt(hit.score, ply) : SCORE_NONE;
    if (found && !pv_node && tt_cutoff(hit.bound, hit_score, alpha, beta))
        return hit_score;

    const int alpha_start = alpha;
    int best = -SCORE_INF, static_eval = SCORE_NONE;
    if (!in_check) {
        static_eval = found && hit.eval != SCORE_NONE ? hit.eval : static_evaluation(t, p);
        best = static_eval;
        /* The table's bound is a better stand-pat when it lies on the
         * right side of the static evaluation. */
        if (found && !score_is_mate(hit_score) && (hit.bound & (hit_score > best ? BOUND_LOWER : BOUND_UPPER)))
            best = hit_score;
        if (best >= beta) {
            if (!found)
                tt_store(t->shared->tt, sb_key(p), MOVE_NONE, score_to_tt(best, ply), static_eval, 0, BOUND_LOWER);
            return best;
        }
        if (best > alpha)
            alpha = best;
    }

    /* Out of check: captures and queen promotions only (the generator's
     * tactical moves, less quiet under-promotions). In check: every
     * evasion (a mate is found here too). Without a tactical move the
     * position may be stalemate: the generator's count says. */
    Move moves[MAX_MOVES];
    int n;
    if (in_check) {
        n = t->ops->legal_moves(t->board, moves);
        if (n == 0)
            return -SCORE_MATE + ply;
    } else {
        n = t->ops->tactical_moves(t->board, moves);
        if (n == 0 && t->ops->legal_count(t->board) == 0)
            return SCORE_DRAW;
        int kept = 0;
        for (int i = 0; i < n; i++)
            if (is_tactical(moves[i]))
                moves[kept++] = moves[i];
        n = kept;
    }
    ScoredMove list[MAX_MOVES];
    score_moves(t, moves, list, n, found ? hit.move : MOVE_NONE, ply);

    const bool use_see = t->shared->options.capture_order == CAPTURES_SEE;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        Move m = pick_move(t, list, n, i);
        if (!in_check) {
            /* Delta pruning: even winning the victim for free cannot reach
             * alpha. */
            PieceType victim = move_kind(m) == MK_EN_PASSANT ? PAWN : sb_type_on(p, move_to(m));
            if (!move_is_promotion(m) && static_eval + eval_piece_value[victim] + 200 <= alpha)
                continue;
            if (use_see && list[i].score < ORDER_GOOD_CAPTURE && list[i].score != ORDER_HASH)
                continue; /* a losing capture */
        }
        t->frames[ply].move = m;
        make_move(t, m);
        int score = -qsearch(t, -beta, -alpha, ply + 1);
        unmake_move(t);
        if (stopped(t))
            return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = m;
                alpha = score;
                if (pv_node)
                    update_pv(t, ply, m);
                if (alpha >= beta)
                    break;
            }
        }
    }
    if (best == -SCORE_INF)
        best = alpha; /* in check, every evasion pruned: cannot happen, but stay safe */
    Bound bound = best >= beta ? BOUND_LOWER : best > alpha_start ? BOUND_EXACT : BOUND_UPPER;
    tt_store(t->shared->tt, sb_key(p), best_move, score_to_tt(best, ply), static_eval, 0, bound);
    return best;
}

/* ---- the hook points of the parallel variants ----
 *
 * The search below is the plain serial PVS; a parallel variant joins it
 * only here, through the hooks its start installed in SearchShared.hooks
 * (search.h). With a hook off (always, for the serial search) each of
 * these is one test of a pointer that stays in cache. */

/* Hook, at a node before its move loop. ABDADA: marks the node as being
 * searched, so that the other threads put off their moves into it. true
 * when it did; hook_node_leave must then unmark it. */
static inline bool hook_node_enter(SearchThread *t, int depth, uint64_t key)
{
    const SmpSearchHooks *h = &t->shared->hooks;
    return h->node_enter != NULL && depth >= h->defer_depth && h->node_enter(t, key);
}

/* Hook, once the move loop is over (ABDADA: the node is no longer busy). */
static inline void hook_node_leave(SearchThread *t, bool entered, uint64_t key)
{
    if (entered)
        t->shared->hooks.node_leave(t, key);
}

/* Hook, at a node before its move loop. ABDADA: may this node put off
 * its younger moves (hook_defer_move)? Not near the leaves, where the
 * bookkeeping costs more than the work it saves. */
static inline bool hook_may_defer(const SearchThread *t, int depth)
{
    const SmpSearchHooks *h = &t->shared->hooks;
    return h->defer_move != NULL && depth - 1 >= h->defer_depth;
}

/* Hook, per move once it is made. ABDADA: put the move off when another
 * thread is searching its child; it comes back after the node's other
 * moves, when the other thread's result is usually in the table. */
static inline bool hook_defer_move(const SearchThread *t, bool may_defer)
{
    return may_defer && t->shared->hooks.defer_move(t, sb_key(pos(t)));
}

/* Hook, after a move of a node (the root included). YBWC: may the rest of
 * the node's moves be offered to idle threads (hook_split)? Only when the
 * node is deep enough to be worth a split point. */
static inline bool hook_may_split(const SearchThread *t, int depth)
{
    const SmpSearchHooks *h = &t->shared->hooks;
    return h->split != NULL && depth >= h->split_depth;
}

/* YBWC: the eldest brother is searched; the hook may hand the younger ones
 * to idle threads and then searches them all (true), its result in req. */
static inline bool hook_split(SearchThread *t, SplitRequest *req) { return t->shared->hooks.split(t, req); }

/* Hook, at the root before each iteration. Lazy SMP: helpers skip some
 * depths, so the threads spread over several iterations and fill the
 * table for each other. */
static inline bool hook_skip_iteration(const SearchThread *t, int depth)
{
    const SmpSearchHooks *h = &t->shared->hooks;
    return h->skip_iteration != NULL && h->skip_iteration(t, depth);
}

/* ---- the main search ---- */

/* Below this depth the singular verification search costs more than the
 * extension finds. */
enum { SINGULAR_MIN_DEPTH = 6 };

static int search(SearchThread *t, int alpha, int beta, int depth, int ply, bool cut_node);

MoveOutcome search_node_move(SearchThread *t, const NodeInfo *node, Move m, int move_count, int alpha,
                             bool may_prune, bool may_defer, int *score_out)
{
    const SearchOptions *opt = &t->shared->options;
    const int depth = node->depth, ply = node->ply, beta = node->beta;
    const bool pv_node = node->pv_node, cut_node = node->cut_node, in_check = node->in_check;
    const bool tactical = is_tactical(m);
    const Frame *frame = &t->frames[ply];
    const bool killer = m == frame->killers[0] || m == frame->killers[1];
    const Color us = sb_side(pos(t));

    /* SEE pruning: near the leaves, once a move has been searched, a
     * capture that loses more material than the depth can win back is
     * skipped. */
    if (!pv_node && !in_check && may_prune && depth <= 4 && move_is_capture(m) && !move_is_promotion(m) &&
        see(pos(t), t->ops, m) < -100 * depth)
        return MOVE_PRUNED;

    /* Near the leaves, quiet moves that neither check nor have any hope
     * of reaching alpha are skipped once a move has been searched: by the
     * move count, or by futility at the depth the move would be searched
     * to after its late-move reduction (a quiet move that would get a
     * shallow search anyway is dropped when even a generous margin cannot
     * lift the static evaluation to alpha). Decided before the move is
     * made; a castling move's check is known only once it is. */
    bool futile = false;
    if (opt->futility && !pv_node && !in_check && !tactical && may_prune) {
        int lmr_depth = depth - 1 - t->reduction[depth < 64 ? depth : 63][move_count < 64 ? move_count : 63];
        if (lmr_depth < 0)
            lmr_depth = 0;
        futile = (depth <= 3 && move_count > 3 + depth * depth * (1 + node->improving)) ||
                 (lmr_depth <= 5 && node->static_eval + 100 + 120 * (lmr_depth + 1) <= alpha);
        if (futile && !move_is_castle(m) && !search_quiet_gives_check(pos(t), t->ops, m))
            return MOVE_PRUNED;
    }

    t->frames[ply].move = m;
    make_move(t, m);
    if (hook_defer_move(t, may_defer)) {
        unmake_move(t);
        return MOVE_DEFERRED;
    }
    const bool gives_check = side_in_check(t);
    if (futile && !gives_check) {
        unmake_move(t);
        return MOVE_PRUNED;
    }
    t->frames[ply + 1].null_move = false;
    int new_depth = depth - 1 + (m == node->singular), score;
    if (move_count == 1) {
        score = -search(t, -beta, -alpha, new_depth, ply + 1, pv_node ? false : !cut_node);
    } else {
        /* Late-move reductions: quiet moves late in a well-ordered list
         * rarely matter; search them shallower with a null window and
         * re-search at full depth only if they surprise. */
        int r = 0;
        if (opt->lmr && ply > 0 && depth >= 3 && move_count > 1 + 2 * pv_node && !tactical && !in_check &&
            !gives_check) { /* (root moves are not reduced, split or not) */
            r = t->reduction[depth < 64 ? depth : 63][move_count < 64 ? move_count : 63];
            r += !node->improving + cut_node - pv_node - killer;
            r -= t->history[us][move_from(m)][move_to(m)] / 8192;
            if (r > new_depth - 1)
                r = new_depth - 1;
            if (r < 0)
                r = 0;
        }
        /* A stopped child returns 0, which is no reason to search again
         * (and a node counted after the stop would overrun a node limit). */
        score = -search(t, -alpha - 1, -alpha, new_depth - r, ply + 1, true);
        if (r > 0 && score > alpha && !stopped(t))
            score = -search(t, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
        if (pv_node && score > alpha && score < beta && !stopped(t))
            score = -search(t, -beta, -alpha, new_depth, ply + 1, false);
    }
    unmake_move(t);
    *score_out = score;
    return MOVE_SEARCHED;
}

static int search(SearchThread *t, int alpha, int beta, int depth, int ply, bool cut_node)
{
    const bool pv_node = beta - alpha > 1;
    const bool in_check = side_in_check(t);
    /* Check extension: a check is searched one ply deeper, so forced lines
     * are seen to their end. Bounded so perpetual checks cannot run away. */
    if (in_check && ply < 2 * t->root_depth + 8)
        depth++;
    if (depth <= 0)
        return qsearch(t, alpha, beta, ply);

    t->pv[ply].len = 0;
    if (count_node(t))
        return 0;
    if (ply > t->seldepth)
        t->seldepth = ply;
    const Position *p = pos(t);
    if (is_repetition(t) || dead_material(p) || fifty_move_draw(t, in_check))
        return SCORE_DRAW;
    if (ply >= SEARCH_MAX_PLY - 1)
        return in_check ? SCORE_DRAW : static_evaluation(t, p);

    /* Mate distance pruning: no line from here can beat a mate already
     * found nearer the root. */
    if (alpha < -SCORE_MATE + ply)
        alpha = -SCORE_MATE + ply;
    if (beta > SCORE_MATE - ply - 1)
        beta = SCORE_MATE - ply - 1;
    if (alpha >= beta)
        return alpha;

    SearchShared *s = t->shared;
    const SearchOptions *opt = &s->options;
    TTData hit = { 0 };
    bool found = tt_probe(s->tt, sb_key(p), &hit);
    int hit_score = found ? score_from_tt(hit.score, ply) : SCORE_NONE;
    Move hash_move = found ? hit.move : MOVE_NONE;
    Frame *frame = &t->frames[ply];
    /* The singular verification search of this node (below) is about the
     * moves other than `excluded`: the table's entry, which is about all of
     * them, can neither cut it off nor take its result. */
    const Move excluded = frame->excluded;
    if (found && excluded == MOVE_NONE && !pv_node && hit.depth >= depth &&
        tt_cutoff(hit.bound, hit_score, alpha, beta))
        return hit_score;

    int static_eval = SCORE_NONE;
    if (!in_check)
        static_eval = found && hit.eval != SCORE_NONE ? hit.eval : static_evaluation(t, p);
    frame->static_eval = static_eval;
    const bool improving = !in_check && ply >= 2 && t->frames[ply - 2].static_eval != SCORE_NONE &&
                           static_eval > t->frames[ply - 2].static_eval;
    t->frames[ply + 1].killers[0] = t->frames[ply + 1].killers[1] = MOVE_NONE;

    /* Not in a verification search: its question is whether a move other
     * than the excluded one reaches the margin, which neither standing pat
     * nor passing answers. */
    if (!pv_node && !in_check && excluded == MOVE_NONE && beta < SCORE_MATE_BOUND && beta > -SCORE_MATE_BOUND) {
        /* Reverse futility: far enough above beta that a shallow search is
         * not going to fall below it. */
        if (opt->futility && depth <= 6 && static_eval - 90 * (depth - improving) >= beta)
            return static_eval;
        /* Razoring: so far below alpha near the leaves that only a capture
         * could help; when quiescence confirms the fail low, trust it. */
        if (opt->futility && depth <= 3 && static_eval + 200 + 200 * depth <= alpha) {
            int score = qsearch(t, alpha, alpha + 1, ply);
            if (stopped(t))
                return 0;
            if (score <= alpha)
                return score;
        }
        /* Null move: if passing still holds beta with a reduced search, a
         * real move will too. Not in pawn endings (zugzwang), not twice in
         * a row. */
        if (opt->null_move && depth >= 3 && static_eval >= beta && !frame->null_move &&
            eval_has_pieces(p, sb_side(p))) {
            int r = 3 + depth / 4 + ((static_eval - beta) / 200 < 3 ? (static_eval - beta) / 200 : 3);
            make_null_move(t);
            frame->move = MOVE_NONE;
            t->frames[ply + 1].null_move = true;
            int score = -search(t, -beta, -beta + 1, depth - 1 - r, ply + 1, !cut_node);
            t->frames[ply + 1].null_move = false;
            unmake_null_move(t);
            if (stopped(t))
                return 0;
            if (score >= beta)
                return score >= SCORE_MATE_BOUND ? beta : score;
        }
    }

    /* Singular extension: when the table says the hash move holds a score
     * (a lower bound or exact, searched nearly this deep) and every other
     * move fails low against a margin below it in a shallow search, the
     * hash move is the only good one here and is searched one ply deeper,
     * bounded by the ply like the check extension. When instead the other
     * moves still reach beta with the margin taken off (multi-cut), at
     * least two moves beat beta: a non-PV node fails high at once. */
    const bool may_be_singular = excluded == MOVE_NONE && depth >= SINGULAR_MIN_DEPTH && ply < 2 * t->root_depth &&
                                 hash_move != MOVE_NONE && hit.depth >= depth - 3 && (hit.bound & BOUND_LOWER) &&
                                 !score_is_mate(hit_score);
    /* Staged: a legal hash move is searched before the other moves are
     * generated, since it usually cuts off alone (about 85% of the time
     * in `bench`). Not where the singular test needs the list first. */
    const bool staged = !may_be_singular && excluded == MOVE_NONE && hash_move != MOVE_NONE &&
                        t->ops->is_legal(t->board, hash_move);
    Move moves[MAX_MOVES], singular = MOVE_NONE;
    ScoredMove list[MAX_MOVES];
    int n = 1;
    if (staged) {
        list[0] = (ScoredMove){ .move = hash_move, .score = ORDER_HASH };
    } else {
        n = t->ops->legal_moves(t->board, moves);
        if (n == 0)
            return in_check ? -SCORE_MATE + ply : SCORE_DRAW;
        /* Removed from the list rather than skipped, so that a YBWC split
         * of this node never hands it to a helper. With no move left the
         * search fails low below. */
        if (excluded != MOVE_NONE)
            n = remove_move(moves, n, excluded);
        if (may_be_singular && has_move(moves, n, hash_move)) {
            const int singular_beta = hit_score - 2 * depth;
            frame->excluded = hash_move;
            int score = search(t, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, cut_node);
            frame->excluded = MOVE_NONE;
            if (stopped(t))
                return 0;
            if (score < singular_beta)
                singular = hash_move;
            else if (!pv_node && singular_beta >= beta)
                return singular_beta;
        }
        score_moves(t, moves, list, n, hash_move, ply);
    }

    const NodeInfo node = { .beta = beta, .depth = depth, .ply = ply, .pv_node = pv_node, .cut_node = cut_node,
                            .in_check = in_check, .improving = improving, .static_eval = static_eval,
                            .singular = singular };
    /* Hooks (ABDADA): tell the other threads this node is being searched,
     * and whether its younger moves may be put off. Serial: false, false. */
    const bool claimed = hook_node_enter(t, depth, sb_key(p));
    const bool may_defer = hook_may_defer(t, depth);

    const int alpha_start = alpha;
    int best = -SCORE_INF, move_count = 0, quiet_count = 0, deferred_count = 0;
    Move best_move = MOVE_NONE;
    Move quiets[64], deferred[MAX_MOVES];
    bool aborted = false;
    /* First the ordered list, then the moves put off, in the order they
     * were put off. */
    for (int i = 0; i < n + deferred_count; i++) {
        const bool first_pass = i < n;
        Move m = first_pass ? pick_move(t, list, n, i) : deferred[i - n];
        const bool tactical = is_tactical(m);
        move_count++;
        int score = 0;
        MoveOutcome outcome = search_node_move(t, &node, m, move_count, alpha, best > -SCORE_MATE_BOUND,
                                               may_defer && first_pass && move_count > 1, &score);
        if (outcome == MOVE_DEFERRED) {
            deferred[deferred_count++] = m;
            move_count--;
            t->deferred++;
            continue;
        }
        if (outcome == MOVE_PRUNED)
            continue;
        if (stopped(t)) {
            aborted = true;
            break;
        }
        if (score > best) {
            best = score;
            if (score > alpha) {
                best_move = m;
                alpha = score;
                if (pv_node)
                    update_pv(t, ply, m);
                if (alpha >= beta) {
                    if (!tactical)
                        reward_quiet(t, ply, depth, m, quiets, quiet_count);
                    break;
                }
            }
        }
        if (!tactical && quiet_count < 64)
            quiets[quiet_count++] = m;
        if (staged && i == 0) {
            /* The hash move did not cut off: the other moves now, scored
             * with what its search taught the history. Picking the hash
             * move again puts it in front of them. */
            n = t->ops->legal_moves(t->board, moves);
            score_moves(t, moves, list, n, hash_move, ply);
            pick_move(t, list, n, 0);
        }

        /* Hook (YBWC): a split point offer once the eldest brother is
         * searched, for the younger ones of the first pass. */
        if (hook_may_split(t, depth) && first_pass && deferred_count == 0 && i + 1 < n) {
            SplitRequest req = { .node = node, .list = list, .count = n, .next = i + 1,
                                 .move_count = move_count, .alpha = alpha, .best = best,
                                 .best_move = best_move, .pv = &t->pv[ply] };
            if (hook_split(t, &req)) {
                if (stopped(t)) {
                    aborted = true;
                    break;
                }
                best = req.best;
                alpha = req.alpha;
                best_move = req.best_move;
                if (alpha >= beta && !is_tactical(best_move))
                    reward_quiet(t, ply, depth, best_move, quiets, quiet_count);
                break;
            }
        }
    }
    hook_node_leave(t, claimed, sb_key(p)); /* Hook (ABDADA): the node is no longer busy. */
    if (aborted)
        return 0;
    if (best == -SCORE_INF)
        best = alpha; /* every move pruned: fail low */

    Bound bound = best >= beta ? BOUND_LOWER : best > alpha_start ? BOUND_EXACT : BOUND_UPPER;
    if (excluded == MOVE_NONE) /* a verification result is not this position's */
        tt_store(s->tt, sb_key(p), best_move, score_to_tt(best, ply), static_eval, depth, bound);
    return best;
}

/* ---- the root ---- */

/* Move k becomes the front move of the moves from first on (those of
 * the line being searched: first is 0 but for MultiPV's later lines) with
 * its score and PV, the others keeping their order. */
static void root_promote(SearchThread *t, int first, int k, int score, const Move *pv, int pv_len)
{
    RootMove *rm = &t->root[k];
    rm->score = score;
    rm->pv_len = pv_len < SEARCH_MAX_PLY ? pv_len : SEARCH_MAX_PLY;
    memcpy(rm->pv, pv, (size_t)rm->pv_len * sizeof(Move));
    if (k > first) {
        RootMove chosen = *rm;
        memmove(&t->root[first + 1], &t->root[first], (size_t)(k - first) * sizeof(RootMove));
        t->root[first] = chosen;
    }
}

/* YBWC at the root: once the eldest root move is searched, the split hook
 * may hand the others to idle threads. Its result goes back into the root
 * list as search_root would have put it: the move that raised alpha last
 * to the front with its score and PV, and each move's nodes, which order
 * the next iteration. The moves are those from first on (the line being
 * searched). false when the hook did not split. */
static bool root_split(SearchThread *t, int first, int depth, int *alpha, int beta, int *best)
{
    const int n = t->root_count - first;
    if (!hook_may_split(t, depth) || n < 3)
        return false;
    RootMove *root = t->root + first;
    ScoredMove list[MAX_MOVES];
    Move moves[MAX_MOVES];
    uint64_t nodes[MAX_MOVES];
    for (int i = 0; i < n; i++) {
        moves[i] = root[i].move;
        list[i] = (ScoredMove){ .move = moves[i], .score = n - i }; /* picked in the root list's order */
        nodes[i] = 0;
    }
    PvLine pv = { .len = 0 };
    SplitRequest req = { .node = { .beta = beta, .depth = depth, .ply = 0, .pv_node = true,
                                   .in_check = t->ops->in_check(t->board), .static_eval = SCORE_NONE },
                         .list = list, .count = n, .next = 1, .move_count = 1, .alpha = *alpha, .best = *best,
                         .best_move = MOVE_NONE, .pv = &pv,
                         .tally_moves = moves, .tally_nodes = nodes, .tally_count = n };
    if (!hook_split(t, &req))
        return false;
    /* Only merged results count: a move searched to its end, even when
     * the search stopped meanwhile. */
    for (int i = 1; i < n; i++) {
        root[i].nodes += nodes[i];
        root[i].score = -SCORE_INF;
    }
    *alpha = req.alpha;
    *best = req.best;
    if (req.best_move != MOVE_NONE)
        for (int k = 1; k < n; k++)
            if (root[k].move == req.best_move) {
                root_promote(t, first, first + k, req.alpha, pv.moves, pv.len);
                break;
            }
    return true;
}

/* UCI's currmove: the main thread names each root move it starts once the
 * search has run this long (as Stockfish does, so that short searches stay
 * quiet). */
enum { CURRMOVE_AFTER_MS = 1000 };

static void announce_root_move(const SearchThread *t, int depth, Move m, int number)
{
    const SearchShared *s = t->shared;
    if (t->id == 0 && s->currmove != NULL && timer_now_ns() - s->go_ns >= CURRMOVE_AFTER_MS * (int64_t)1000000)
        s->currmove(s->report_ctx, depth, m, number);
}

/* Searches the root moves from first on (first > 0: a later MultiPV line,
 * the moves of the lines before it left out); a move that raises alpha
 * moves to position first, so that one is always the best found, even when
 * the search is stopped halfway. */
static int search_root(SearchThread *t, int alpha, int beta, int depth, int first)
{
    int best = -SCORE_INF;
    t->pv[0].len = 0;
    t->frames[1].killers[0] = t->frames[1].killers[1] = MOVE_NONE;
    for (int i = first; i < t->root_count; i++) {
        RootMove *rm = &t->root[i];
        announce_root_move(t, depth, rm->move, i + 1);
        uint64_t before = search_thread_nodes(t);
        t->frames[0].move = rm->move;
        make_move(t, rm->move);
        t->frames[1].null_move = false;
        int score;
        if (i == first) {
            score = -search(t, -beta, -alpha, depth - 1, 1, false);
        } else {
            score = -search(t, -alpha - 1, -alpha, depth - 1, 1, true);
            if (score > alpha && score < beta && !stopped(t))
                score = -search(t, -beta, -alpha, depth - 1, 1, false);
        }
        unmake_move(t);
        rm->nodes += search_thread_nodes(t) - before;
        if (stopped(t))
            break;
        if (score > best)
            best = score;
        if (i == first || score > alpha) {
            PvLine line;
            search_pv_join(&line, rm->move, &t->pv[1]);
            root_promote(t, first, i, score, line.moves, line.len);
        } else {
            rm->score = -SCORE_INF;
        }
        if (score > alpha) {
            alpha = score;
            if (alpha >= beta)
                break;
        }
        /* Hook (YBWC): the other root moves may go to idle threads. */
        if (i == first && root_split(t, first, depth, &alpha, beta, &best))
            break;
    }
    return best;
}

/* The next iteration searches the best move first, then the others by the
 * effort they took (a move with a big tree was hard to refute). */
static int compare_root_nodes(const void *a, const void *b)
{
    const RootMove *x = a, *y = b;
    if (x->nodes != y->nodes)
        return x->nodes > y->nodes ? -1 : 1;
    return x->move < y->move ? -1 : x->move > y->move;
}

static void build_root(SearchThread *t)
{
    const SearchLimits *l = &t->shared->limits;
    Move moves[MAX_MOVES];
    int n = t->ops->legal_moves(t->board, moves);
    t->root_count = 0;
    if (l->searchmove_count > 0) {
        int kept = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < l->searchmove_count; j++)
                if (moves[i] == l->searchmoves[j]) {
                    moves[kept++] = moves[i];
                    break;
                }
        if (kept > 0)
            n = kept;
    }
    TTData hit = { 0 };
    Move hash_move = tt_probe(t->shared->tt, sb_key(pos(t)), &hit) ? hit.move : MOVE_NONE;
    ScoredMove list[MAX_MOVES];
    t->frames[0].killers[0] = t->frames[0].killers[1] = MOVE_NONE;
    score_moves(t, moves, list, n, hash_move, 0);
    for (int i = 0; i < n; i++) {
        Move m = pick_move(t, list, n, i);
        t->root[t->root_count++] = (RootMove){ .move = m, .score = -SCORE_INF, .pv_len = 1, .pv = { m } };
    }
}

/* The line of root move `line` (0: the best; MultiPV numbers it line + 1). */
static void report(SearchThread *t, int depth, int line, int score, Bound bound)
{
    SearchShared *s = t->shared;
    if (t->id != 0 || s->report == NULL)
        return;
    const RootMove *rm = &t->root[line];
    SearchReport r = { .depth = depth, .seldepth = t->seldepth, .multipv = line + 1, .score = score,
                       .bound = bound, .nodes = total_nodes(t), .time_ms = (timer_now_ns() - s->go_ns) / 1000000,
                       .hashfull = tt_hashfull(s->tt), .pv = rm->pv, .pv_len = rm->pv_len };
    s->report(s->report_ctx, &r);
}

/* The move the opponent is expected to play: from the PV, else from the
 * table after playing the best move. */
static Move ponder_move(SearchThread *t)
{
    if (t->root[0].pv_len >= 2)
        return t->root[0].pv[1];
    Move result = MOVE_NONE;
    make_move(t, t->root[0].move);
    TTData hit = { 0 };
    if (tt_probe(t->shared->tt, sb_key(pos(t)), &hit) && hit.move != MOVE_NONE) {
        Move moves[MAX_MOVES];
        int n = t->ops->legal_moves(t->board, moves);
        for (int i = 0; i < n; i++)
            if (moves[i] == hit.move)
                result = hit.move;
    }
    unmake_move(t);
    return result;
}

/* How the last completed iterations went, for the clock: how many in a row
 * kept the best move, the share of the last one's nodes the best move took
 * (near 1: nothing else was close), and how far the score fell. */
typedef struct IterationTrend {
    int stable;
    double best_share;
    int score_drop;
} IterationTrend;

/* The soft limit scaled by the trend: a best move that keeps changing, that
 * others came close to, or whose score is falling, deserves more time; one
 * that stood for several iterations with little competition, less. The
 * factors multiply to about 1 in a typical middlegame. */
static double soft_time_scale(const IterationTrend *trend)
{
    static const double by_stability[] = { 1.5, 1.2, 1.0, 0.9, 0.8 };
    double stability = by_stability[trend->stable < 4 ? trend->stable : 4];
    double competition = 1.5 - trend->best_share; /* 0.5 .. 1.5 */
    int drop = trend->score_drop < 0 ? 0 : trend->score_drop > 80 ? 80 : trend->score_drop;
    double falling = 1.0 + drop / 160.0; /* up to 1.5 */
    return 1.3 * stability * competition * falling;
}

static bool iteration_ends_search(SearchThread *t, int depth, int score, const IterationTrend *trend)
{
    SearchShared *s = t->shared;
    const SearchLimits *l = &s->limits;
    if (depth >= SEARCH_MAX_DEPTH || (l->depth && depth >= l->depth))
        return true;
    if (l->mate && score >= SCORE_MATE_BOUND && score_mate_moves(score) <= l->mate)
        return true;
    if (s->plan.active && !atomic_load(&s->pondering)) {
        /* One legal move: no need to think, but a few iterations give a
         * score and a ponder move. */
        if (t->root_count == 1 && depth >= 4)
            return true;
        double soft = s->plan.soft_ms * soft_time_scale(trend);
        if (soft > s->plan.hard_ms)
            soft = (double)s->plan.hard_ms;
        if ((double)search_elapsed_ms(s) >= soft)
            return true;
    }
    return false;
}

/* One line of the root: the root moves from first on searched to a
 * full-window score through aspiration windows around center (the score
 * the line had at the last depth), the best of them to position first.
 * Aspiration fails are reported when report_bounds. */
static int search_line(SearchThread *t, int depth, int first, int center, bool report_bounds)
{
    int delta = 12, alpha = -SCORE_INF, beta = SCORE_INF;
    if (t->shared->options.aspiration && depth >= 5 && !score_is_mate(center)) {
        alpha = center - delta;
        beta = center + delta;
    }
    int result;
    for (;;) {
        result = search_root(t, alpha, beta, depth, first);
        if (stopped(t))
            break;
        if (result <= alpha) {
            if (report_bounds)
                report(t, depth, first, result, BOUND_UPPER);
            beta = (alpha + beta) / 2;
            alpha = result - delta > -SCORE_INF ? result - delta : -SCORE_INF;
        } else if (result >= beta) {
            if (report_bounds)
                report(t, depth, first, result, BOUND_LOWER);
            beta = result + delta < SCORE_INF ? result + delta : SCORE_INF;
        } else {
            break;
        }
        delta += delta / 2;
        if (delta > 600)
            alpha = -SCORE_INF, beta = SCORE_INF;
    }
    return result;
}

/* The lines the main thread searches: MultiPV, at most one per root move.
 * Helpers search one line (they only fill the table for the main one). */
static int root_lines(const SearchThread *t)
{
    int lines = t->id == 0 ? t->shared->options.multipv : 1;
    if (lines > t->root_count)
        lines = t->root_count;
    return lines > 1 ? lines : 1;
}

/* After a completed depth of several lines: the lines by score, best
 * first (a later line may come out above an earlier one when the table
 * changed between them), stable so that equal scores keep their order. */
static void sort_lines(SearchThread *t, int lines)
{
    for (int i = 1; i < lines; i++) {
        RootMove moved = t->root[i];
        int j = i;
        for (; j > 0 && t->root[j - 1].score < moved.score; j--)
            t->root[j] = t->root[j - 1];
        t->root[j] = moved;
    }
}

void search_iterate(SearchThread *t, SearchShared *s, SearchResult *out)
{
    search_thread_begin(t, s);
    for (int i = 0; i < SEARCH_MAX_PLY + 4; i++)
        t->frames[i] = (Frame){ .static_eval = SCORE_NONE };
    memset(out, 0, sizeof *out);

    build_root(t);
    if (t->root_count == 0) {
        /* Mated or stalemated: nothing to search. */
        out->score = t->ops->in_check(t->board) ? -SCORE_MATE : SCORE_DRAW;
        SearchReport r = { .multipv = 1, .score = out->score, .bound = BOUND_EXACT, .hashfull = tt_hashfull(s->tt) };
        if (t->id == 0 && s->report)
            s->report(s->report_ctx, &r);
        if (t->id == 0)
            atomic_store(&s->stop, true);
        return;
    }

    /* MultiPV: line k searches the root moves from k on, the best k moves
     * (the lines before it) left out; line_score[k] is its last score. */
    const int lines = root_lines(t);
    int line_score[SEARCH_MAX_MULTIPV];
    int score = 0, completed = 0, seldepth = 0;
    Move completed_best = MOVE_NONE;
    IterationTrend trend = { .stable = 0, .best_share = 1.0, .score_drop = 0 };
    for (int depth = 1; depth <= SEARCH_MAX_DEPTH; depth++) {
        if (hook_skip_iteration(t, depth)) /* Hook (Lazy SMP): this helper skips the depth. */
            continue;
        t->root_depth = depth;
        t->seldepth = 0;
        for (int i = 0; i < t->root_count; i++)
            t->root[i].nodes = 0;
        for (int k = 1; k < lines; k++)
            line_score[k] = t->root[k].score;
        int result = search_line(t, depth, 0, score, lines == 1);
        for (int k = 1; k < lines && !stopped(t); k++)
            search_line(t, depth, k, line_score[k], false);
        if (stopped(t) && completed > 0) {
            /* A move that beat the best one in the unfinished iteration was
             * searched to the end: it and its score stand. */
            if (t->root[0].move != completed_best && t->root[0].score != -SCORE_INF)
                score = t->root[0].score;
            break;
        }
        if (!stopped(t)) {
            uint64_t iteration_nodes = 0;
            for (int i = 0; i < t->root_count; i++)
                iteration_nodes += t->root[i].nodes;
            const int previous_score = score;
            completed = depth;
            score = result;
            if (t->id == 0)
                atomic_store(&s->clock_may_stop, true);
            if (lines > 1) {
                sort_lines(t, lines);
                score = t->root[0].score;
            }
            trend.stable = depth > 1 && t->root[0].move == completed_best ? trend.stable + 1 : 0;
            trend.best_share = iteration_nodes ? (double)t->root[0].nodes / (double)iteration_nodes : 1.0;
            trend.score_drop = depth > 1 ? previous_score - score : 0;
            completed_best = t->root[0].move;
            seldepth = t->seldepth;
            qsort(&t->root[lines], (size_t)(t->root_count - lines), sizeof(RootMove), compare_root_nodes);
            tt_store(s->tt, sb_key(pos(t)), t->root[0].move, score_to_tt(score, 0), SCORE_NONE, depth, BOUND_EXACT);
            for (int k = 0; k < lines; k++)
                report(t, depth, k, k == 0 ? score : t->root[k].score, BOUND_EXACT);
            if (t->id == 0 && iteration_ends_search(t, depth, score, &trend))
                break;
        } else {
            /* Stopped in the first iteration: the front move stands. */
            if (t->root[0].score != -SCORE_INF)
                score = t->root[0].score;
            break;
        }
    }
    if (t->id == 0)
        atomic_store(&s->stop, true);

    out->best = t->root[0].move;
    out->ponder = ponder_move(t);
    out->score = score;
    out->depth = completed;
    out->seldepth = seldepth;
    out->nodes = total_nodes(t);
    out->time_ms = (timer_now_ns() - s->go_ns) / 1000000;
    out->pv_len = t->root[0].pv_len;
    memcpy(out->pv, t->root[0].pv, (size_t)out->pv_len * sizeof(Move));
}
