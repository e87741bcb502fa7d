/* Static evaluation: a tapered score, the middlegame and endgame terms
 * blended by the material left on the board (the game phase), from the
 * side to move's point of view.
 *
 * Terms (search/eval_params.h lists them): material, file-mirrored
 * piece-square tables, mobility by squares reached outside enemy pawn guard,
 * passed pawns (with a free stop square, king distances), connected,
 * doubled, isolated and backward pawns, bishop pair, rooks on open files,
 * the king's pawn shield, attacks on the enemy king's ring, threats on
 * enemy pieces, the side to move; then a damping of pawnless endings that
 * cannot be won by material alone. The weights are fitted to this project's
 * self-play games by Texel's method (tune/, `chesslab tune`). The
 * evaluation is colour-symmetric: mirroring the board and swapping the
 * colours gives the same score (tests/test_search.c). */
#ifndef CHESSLAB_SEARCH_EVAL_H
#define CHESSLAB_SEARCH_EVAL_H

#include <stdint.h>

#include "search/eval_params.h"
#include "search/search_board.h"

/* Piece values for move ordering, exchange evaluation and pruning margins:
 * fixed by hand, not tuned with the evaluation. */
extern const int eval_piece_value[KING + 1];

int evaluate(const Position *p, const SearchBoardOps *ops);

/* A search thread's cache of pawn-structure terms, keyed by the two pawn
 * bitboards themselves (so a hit is exact). Pawn formations repeat across
 * most of a tree, and the pawn terms are a large part of an evaluation. */
enum { EVAL_PAWN_CACHE_BITS = 13 };
typedef struct PawnCacheEntry {
    Bitboard pawns[2];  /* the formation (White's, Black's pawns) */
    Bitboard passed[2]; /* its passed pawns */
    int32_t score;      /* its pawn-structure terms, White's minus Black's, mg + eg * 2^16 */
} PawnCacheEntry;
typedef struct EvalCache {
    PawnCacheEntry pawns[1 << EVAL_PAWN_CACHE_BITS];
} EvalCache;

EvalCache *eval_cache_new(void); /* NULL when out of memory */
void eval_cache_free(EvalCache *cache);

/* evaluate() through a cache; the same score. */
int evaluate_cached(const Position *p, const SearchBoardOps *ops, EvalCache *cache);

/* The features behind one evaluation: for every weight, White's count minus
 * Black's, and how the sums were blended. White's score is
 * (mg * phase * 64 + eg * scale * (24 - phase)) / (24 * 64) / divisor, with
 * mg and eg the counts times the weights. */
typedef struct EvalTrace {
    int16_t coef[EVAL_PARAM_COUNT];
    int phase;       /* 0 (pawns and kings) .. 24 (every piece) */
    int scale;       /* the endgame sum's scale in 64ths: 64, less in drawish endings */
    int divisor;     /* 1, or 8 in a pawnless ending that material cannot win */
    int mg, eg;      /* the weighted sums, White's view */
    int white_score; /* the evaluation from White's side */
} EvalTrace;

/* evaluate() with its trace filled in; returns the same score. */
int eval_trace(const Position *p, const SearchBoardOps *ops, EvalTrace *trace);

/* The game phase: 24 with every piece on the board (knight and bishop 1,
 * rook 2, queen 4; more after promotions counts as 24), 0 with pawns and
 * kings only. */
int eval_phase(const Position *p);

/* True when the side has a piece other than pawns and king (null-move
 * pruning is unsafe in pawn endings: zugzwang). */
static inline bool eval_has_pieces(const Position *p, Color c)
{
    return (sb_color(p, c) & ~(sb_type(p, PAWN) | sb_type(p, KING))) != 0;
}

#endif
