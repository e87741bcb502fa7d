/* The NNUE evaluation in the engine: a network trained by `chesslab nnue
 * train` (nnue/, whose README explains it) on the project's own games,
 * read from the file format of search/nnue_format.h and evaluated in
 * integers exactly as that header defines.
 *
 * A network is immutable once loaded, so any number of search threads
 * share one. The network built into the binary (CMake's CHESSLAB_NNUE_NET)
 * is read on first use. */
#ifndef CHESSLAB_SEARCH_NNUE_H
#define CHESSLAB_SEARCH_NNUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/nnue_format.h"
#include "search/score.h"
#include "search/search_board.h"

typedef struct NnueNet {
    int hidden;  /* H */
    int buckets; /* B: output buckets, 1..NNUE_BUCKETS_MAX (nnue_output_bucket) */
    bool mirrored; /* inputs flipped by each side's king wing (nnue_king_flip; file version 3) */
    int16_t *w1; /* [NNUE_INPUTS][H], 64-byte aligned */
    int16_t *b1; /* [H] */
    int16_t *w2; /* [B][2 * H]: per bucket the side to move's half, then the other's */
    int32_t b2[NNUE_BUCKETS_MAX]; /* [B] */
} NnueNet;

/* From the bytes of a network file; NULL with a one-line reason in err. */
NnueNet *nnue_net_from_bytes(const void *bytes, size_t size, char *err, size_t err_len);
/* From a file; NULL with a one-line reason in err. */
NnueNet *nnue_net_load(const char *path, char *err, size_t err_len);
void nnue_net_free(NnueNet *net);

/* The network built into this binary; NULL when it has none (or it could
 * not be read: nnue_builtin_error says why). */
const NnueNet *nnue_builtin(void);
const char *nnue_builtin_error(void);

/* The network's score of p, side to move's view, in centipawns. */
int nnue_evaluate(const NnueNet *net, const Position *p);

/* The accumulators of one position, kept per ply of a search path so a
 * child's come from its parent's plus and minus the rows of the pieces
 * that moved. Each entry holds the pieces of its position (recorded when
 * the move is made) and, once some position at or below it is evaluated,
 * their sums. An update is the difference between two entries' pieces, so
 * the result never depends on how the path got there: it equals
 * nnue_evaluate's exactly (tests/test_nnue.c). */
typedef struct NnueAccumulator {
    _Alignas(64) int16_t sums[2][NNUE_HIDDEN_MAX]; /* by perspective */
    Bitboard pieces[2][KING];                      /* by colour and type - 1: the entry's position */
    bool known;                                    /* pieces hold the position */
    bool valid;                                    /* sums are those of pieces */
} NnueAccumulator;

/* A search thread's path of accumulators: entry `top` is the current
 * position's, the ones below it its ancestors'. */
enum { NNUE_STACK_SIZE = SEARCH_MAX_PLY + 8 };
typedef struct NnueStack {
    NnueAccumulator entry[NNUE_STACK_SIZE];
    int top;
} NnueStack;

NnueStack *nnue_stack_new(void); /* NULL when out of memory */
void nnue_stack_free(NnueStack *s);

static inline void nnue_position_pieces(const Position *p, Bitboard pieces[2][KING])
{
    for (int c = WHITE; c <= BLACK; c++)
        for (int t = PAWN; t <= KING; t++)
            pieces[c][t - 1] = sb_pieces(p, (Color)c, (PieceType)t);
}

/* A new root: nothing below it is known. */
static inline void nnue_stack_reset(NnueStack *s)
{
    s->top = 0;
    s->entry[0].known = s->entry[0].valid = false;
}
/* A move (or a null move) was made, giving p; undone by nnue_stack_pop.
 * Only the pieces are taken now: the sums wait until an evaluation needs
 * them, so a node answered by the table costs no update. p NULL (no
 * network in use) records nothing. */
static inline void nnue_stack_push(NnueStack *s, const Position *p)
{
    if (s->top < NNUE_STACK_SIZE - 1) {
        NnueAccumulator *e = &s->entry[++s->top];
        if (p)
            nnue_position_pieces(p, e->pieces);
        e->known = p != NULL;
        e->valid = false;
    } else
        s->top++; /* past the end: evaluated from scratch */
}
static inline void nnue_stack_pop(NnueStack *s) { s->top--; }

/* nnue_evaluate(net, p) for the stack's current position p. The sums come
 * from the nearest ancestor that has them, updated ply by ply down the
 * path so every entry on the way keeps its sums for the other children;
 * with no such ancestor, the highest known entry is summed from scratch
 * first. */
int nnue_evaluate_stacked(const NnueNet *net, const Position *p, NnueStack *s);

/* The output layer's dot product sum_j clamp(acc_j, 0, QA)^2 * w_j over h
 * (a multiple of 32, at most NNUE_HIDDEN_MAX) terms, |w_j| <= 127: the
 * path the engine uses (AVX-512, AVX2 or scalar, as built) and the scalar
 * reference, which must agree exactly (tests). */
int64_t nnue_screlu_dot(const int16_t *acc, const int16_t *w, int h);
int64_t nnue_screlu_dot_reference(const int16_t *acc, const int16_t *w, int h);

#endif
