/* Inside the search core: what the parallel variants (lazy.c, ybwc.c,
 * abdada.c) and the thread pool need from search.c, and nothing for the
 * rest of the program. One thread's whole state is a SearchThread; the
 * variants reach the tree only through the hooks in SearchShared and the
 * functions below, so the core stays one sequential PVS.
 *
 * Hooks the core offers (SearchShared.hooks, search.h; the hook points
 * are the hook_* functions of search.c):
 *   - cancel scopes: a thread working below a YBWC split point stops as
 *     soon as that split point (or one above it) has a cutoff;
 *   - split: after the eldest move of a node (the root included) is
 *     searched, the core offers the rest of the node's moves to
 *     hooks.split (YBWC);
 *   - deferral: nodes tell hooks.node_enter and node_leave they are being
 *     searched, and a move hooks.defer_move says another thread is in is
 *     put off to the end of the list (ABDADA);
 *   - depth skipping: hooks.skip_iteration lets helper threads skip some
 *     iterations (Lazy SMP). */
#ifndef CHESSLAB_SEARCH_INTERNAL_H
#define CHESSLAB_SEARCH_INTERNAL_H

#include "search/bitops.h"
#include "search/eval.h"
#include "search/nnue.h"
#include "search/search.h"
#include "search/see.h"

/* Boards a thread may stack: a YBWC master helping below its own split
 * point searches on the board above its path (ybwc.c), and one helping
 * there may do so again, up to this depth. */
enum { MAX_BOARD_NEST = 16 };
/* Keys of game positions kept before the root; the fifty-move rule makes
 * older ones unreachable by repetition. */
enum { HISTORY_KEYS = 400, KEY_STACK = HISTORY_KEYS + SEARCH_MAX_PLY + 8 };
/* Nodes between clock readings of the main thread (about a millisecond). */
enum { CLOCK_INTERVAL = 1024 };
enum { HISTORY_MAX = 16384 };

typedef struct PvLine {
    int len;
    Move moves[SEARCH_MAX_PLY];
} PvLine;

typedef struct Frame {
    int static_eval; /* SCORE_NONE when in check */
    bool null_move;  /* the move into this ply was a null move */
    Move move;       /* the move being searched from this ply (MOVE_NONE: a null move) */
    Move killers[2];
    /* Set while this ply's node runs its singular verification search: the
     * hash move, left out of that search. MOVE_NONE otherwise. */
    Move excluded;
} Frame;

typedef struct RootMove {
    Move move;
    int score;      /* last full-window result, -SCORE_INF when only a bound */
    uint64_t nodes; /* spent below this move in the current iteration */
    int pv_len;
    Move pv[SEARCH_MAX_PLY];
} RootMove;

/* Move ordering scores, highest first. */
enum {
    ORDER_HASH = 1 << 30,
    ORDER_GOOD_CAPTURE = 1 << 24,
    ORDER_KILLER = 1 << 22,
    ORDER_COUNTER = (1 << 22) - 1, /* after both killers, before any history score */
    ORDER_BAD_CAPTURE = -(1 << 24),
    ORDER_UNDERPROMOTION = -(1 << 26),
};

typedef struct ScoredMove {
    Move move;
    /* A capture of a cheaper piece, scored as a good capture until it is
     * about to be picked: only then does static exchange say whether it
     * loses material (most nodes cut off before they reach it). */
    bool see_pending;
    int score;
} ScoredMove;

/* A scope that can be cancelled from another thread: a YBWC split point
 * embeds one, and a thread searching below it points at it. Scopes chain
 * to the enclosing one, so a cutoff high in the tree reaches every thread
 * below it. */
typedef struct CancelScope {
    _Atomic bool cancelled;
    const struct CancelScope *parent;
} CancelScope;

/* What one node knows when its moves are searched: enough for any thread
 * to search one of them (search_node_move). */
typedef struct NodeInfo {
    int beta, depth, ply;
    bool pv_node, cut_node, in_check, improving;
    int static_eval;
    Move singular; /* the hash move when it proved singular: searched one ply deeper; else MOVE_NONE */
} NodeInfo;

/* The position of a node and the path to it, for a thread joining its
 * search: the board, the repetition keys and the frames around the ply. */
typedef struct NodeSnapshot {
    Setup setup;
    int ply, root_depth;
    int key_count;
    uint64_t keys[KEY_STACK];
    Frame frames[4]; /* plies ply-2 .. ply+1 */
} NodeSnapshot;

struct SearchThread {
    int id;
    const SearchBoardOps *ops;
    SearchShared *shared;
    SearchBoard *boards;  /* 1 + MAX_BOARD_NEST boards */
    SearchBoard *board;   /* the one being searched: boards[board_nest] */
    int board_nest;
    /* Whether the side to move is in check in the position of key
     * check_key: a parent finds it out after making the move (does the
     * move give check?), and the child's search and quiescence reuse it. */
    uint64_t check_key;
    bool check_value;
    uint64_t keys[KEY_STACK]; /* game history, then one key per ply of the path */
    int key_count;
    _Atomic uint64_t nodes; /* written by this thread only; others may read it */
    uint64_t clock_countdown;
    int seldepth, root_depth;
    const CancelScope *scope; /* innermost split point this thread works below, or NULL */
    Frame frames[SEARCH_MAX_PLY + 4];
    PvLine pv[SEARCH_MAX_PLY + 1];
    EvalCache *eval_cache; /* its own pawn-structure cache */
    NnueStack *nnue;       /* the network's accumulators along the path */
    int16_t history[2][64][64];
    Move counter[64][64]; /* by the opponent's last move (from, to): the quiet reply that refuted it */
    uint8_t reduction[64][64];
    RootMove root[MAX_MOVES];
    int root_count;
    /* Work done for the parallel variants, for the benchmark. */
    uint64_t splits;   /* YBWC split points this thread opened */
    uint64_t late_joins; /* YBWC split points it joined after they opened */
    uint64_t deferred; /* ABDADA moves put off because another thread had them */
    int64_t idle_ns;   /* YBWC: time a helper spent waiting for a split point */
};

static inline const Position *search_pos(const SearchThread *t) { return &t->board->pos; }

static inline bool search_stopped(const SearchThread *t)
{
    if (atomic_load_explicit(&t->shared->stop, memory_order_relaxed))
        return true;
    for (const CancelScope *c = t->scope; c != NULL; c = c->parent)
        if (atomic_load_explicit(&c->cancelled, memory_order_relaxed))
            return true;
    return false;
}

/* Outcome of search_node_move. */
typedef enum { MOVE_SEARCHED, MOVE_PRUNED, MOVE_DEFERRED } MoveOutcome;

/* Searches move m of the node t stands at (it is the move_count-th move,
 * 1-based, which sets its reduction) against the window (alpha, beta):
 * makes it, applies futility pruning, late-move reductions and the PVS
 * re-searches, unmakes it. `searched_one`: a move of this node has a score
 * already (futility only prunes then). With may_defer (ABDADA), a child
 * the defer_move hook puts off is not entered: MOVE_DEFERRED. The
 * score is meaningless when the search stopped (search_stopped). */
MoveOutcome search_node_move(SearchThread *t, const NodeInfo *node, Move m, int move_count, int alpha,
                             bool searched_one, bool may_defer, int *score);

/* Resets the per-search counters and attaches the thread to s; done by
 * search_iterate, and by a YBWC helper before it joins split points. */
void search_thread_begin(SearchThread *t, SearchShared *s);

/* line = m followed by child. */
void search_pv_join(PvLine *line, Move m, const PvLine *child);

/* The thread's current node, and loading one into another thread (its
 * board, key stack and frames) on its board `level` (0 for a thread
 * holding no path; a YBWC master helping below its own node uses a board
 * above its path, board_nest + 1, and restores its state afterwards). */
void search_node_snapshot(const SearchThread *t, int ply, NodeSnapshot *out);
void search_thread_load_snapshot(SearchThread *t, const NodeSnapshot *snap, int level);

/* Sets stop when the time is up or (with helpers) the node total reached;
 * every thread calls it every CLOCK_INTERVAL of its nodes. */
void search_watch_limits(SearchShared *s);

/* Nodes of every thread of the search. */
uint64_t search_shared_nodes(const SearchShared *s);

/* What the split hook is given: the node, its remaining moves (already
 * ordered as far as list[next]; pick them with search_pick_move), and the
 * node's running result, which the hook updates. */
typedef struct SplitRequest {
    NodeInfo node;
    ScoredMove *list;
    int count, next;
    int move_count; /* moves searched (or pruned) so far */
    int alpha, best;
    Move best_move;
    PvLine *pv;     /* the node's PV line (pv nodes), updated with a new best */
    /* Optional (the root asks, to order its next iteration): the nodes
     * spent below each move, added to tally_nodes[i] for the move
     * tally_moves[i]; NULL elsewhere. */
    const Move *tally_moves;
    uint64_t *tally_nodes;
    int tally_count;
} SplitRequest;

/* Selection sort one step at a time: most nodes cut off after a few moves,
 * so sorting the whole list would be wasted. p is the node's position (for
 * the pending exchanges). A pending capture that loses material drops to
 * the bad captures and the scan starts again; no entry has moved by then,
 * so the order is the one that scoring it bad at once would have given. */
static inline Move search_pick_move(ScoredMove *list, int n, int next, const Position *p, const SearchBoardOps *ops)
{
    for (;;) {
        /* The first of the highest scores, found without a branch per
         * entry: which entry wins is data the branch predictor cannot
         * learn. */
        int best = next, best_score = list[next].score;
        for (int i = next + 1; i < n; i++) {
            const int score = list[i].score;
            const bool higher = score > best_score;
            best = higher ? i : best;
            best_score = higher ? score : best_score;
        }
        if (list[best].see_pending) {
            list[best].see_pending = false;
            if (see(p, ops, list[best].move) < 0) {
                list[best].score += ORDER_BAD_CAPTURE - ORDER_GOOD_CAPTURE;
                continue;
            }
        }
        ScoredMove chosen = list[best];
        list[best] = list[next];
        list[next] = chosen;
        return chosen.move;
    }
}

/* Does move m, a non-capture other than castling, give check? Answered
 * before the move is made, so that a quiet move which futility or the move
 * count prunes is never made (most of the moves those two look at are
 * pruned). Direct checks by a knight or pawn on its new square; any slider
 * line to the king opened or made by the move (discovered checks too),
 * with the moving man taken off its square and put on the new one. */
static inline bool search_quiet_gives_check(const Position *p, const SearchBoardOps *ops, Move m)
{
    const Color us = sb_side(p);
    const Square from = move_from(m), to = move_to(m);
    const Square king = bb_first(sb_pieces(p, color_flip(us), KING));
    const PieceType moved = move_is_promotion(m) ? move_promotion_type(m) : sb_type_on(p, from);
    const Bitboard from_bb = bb_of(from), to_bb = bb_of(to), king_bb = bb_of(king);
    if (moved == KNIGHT && (sb_knight_attacks_from(to) & king_bb))
        return true;
    if (moved == PAWN && (sb_pawn_attacks_from(to, us) & king_bb))
        return true;
    const Bitboard occupied = (sb_occupied(p) & ~from_bb) | to_bb;
    Bitboard diagonal = (sb_pieces(p, us, BISHOP) | sb_pieces(p, us, QUEEN)) & ~from_bb;
    Bitboard straight = (sb_pieces(p, us, ROOK) | sb_pieces(p, us, QUEEN)) & ~from_bb;
    if (moved == BISHOP || moved == QUEEN)
        diagonal |= to_bb;
    if (moved == ROOK || moved == QUEEN)
        straight |= to_bb;
    return (ops->bishop_attacks(king, occupied) & diagonal) || (ops->rook_attacks(king, occupied) & straight);
}

#endif
