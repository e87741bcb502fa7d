/* Static evaluation: a tapered score, the middlegame and endgame terms
 * blended by the material left on the board (the game phase), from the
 * side to move's point of view.
 *
 * Terms (search/eval_params.h lists them): material, piece-square tables,
 * mobility (squares a piece reaches that no enemy pawn guards, around a
 * typical count), bishop pair, passed, doubled and isolated pawns, rooks on
 * open files, a pawn shield for the king, a bonus for the side to move, and
 * a damping of pawnless endings that cannot be won by material alone. The
 * weights are one table (search/eval_weights.c) that `chesslab tune` (tune/)
 * fits to game results; the ones in use are still the hand-set values. The
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

/* The features behind one evaluation: for every weight, White's count minus
 * Black's, and how the sums were blended. White's score is
 * (mg * phase + eg * (24 - phase)) / 24 / divisor, with mg and eg the
 * counts times the weights. */
typedef struct EvalTrace {
    int16_t coef[EVAL_PARAM_COUNT];
    int phase;       /* 0 (pawns and kings) .. 24 (every piece) */
    int divisor;     /* 1, or 8 in a pawnless ending that material cannot win */
    int mg, eg;      /* the weighted sums, White's view */
    int white_score; /* the evaluation from White's side */
} EvalTrace;

/* evaluate() with its trace filled in; returns the same score. */
int eval_trace(const Position *p, const SearchBoardOps *ops, EvalTrace *trace);

/* True when the side has a piece other than pawns and king (null-move
 * pruning is unsafe in pawn endings: zugzwang). */
static inline bool eval_has_pieces(const Position *p, Color c)
{
    return (sb_color(p, c) & ~(sb_type(p, PAWN) | sb_type(p, KING))) != 0;
}

#endif
