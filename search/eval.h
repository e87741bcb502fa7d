/* Static evaluation: a tapered score, the middlegame and endgame terms
 * blended by the material left on the board (the game phase), from the
 * side to move's point of view.
 *
 * Terms (values are this project's own, set by hand): material,
 * piece-square tables, mobility (squares a piece reaches that no enemy pawn
 * guards), bishop pair, passed, doubled and isolated pawns, rooks on open
 * files, a pawn shield for the king in the middlegame, a small bonus for the
 * side to move, and a damping of pawnless endings that cannot be won by
 * material alone. The evaluation is colour-symmetric: mirroring the board
 * and swapping the colours gives the same score (tests/test_search.c). */
#ifndef CHESSLAB_SEARCH_EVAL_H
#define CHESSLAB_SEARCH_EVAL_H

#include "search/search_board.h"

/* Middlegame piece values, also used by move ordering and pruning margins. */
extern const int eval_piece_value[KING + 1];

int evaluate(const Position *p, const SearchBoardOps *ops);

/* True when the side has a piece other than pawns and king (null-move
 * pruning is unsafe in pawn endings: zugzwang). */
static inline bool eval_has_pieces(const Position *p, Color c)
{
    return (sb_color(p, c) & ~(sb_type(p, PAWN) | sb_type(p, KING))) != 0;
}

#endif
