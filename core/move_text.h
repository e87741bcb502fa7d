/* UCI long algebraic move text: e2e4, e7e8q, e1g1 (castling as king move). */
#ifndef CHESSLAB_MOVE_TEXT_H
#define CHESSLAB_MOVE_TEXT_H

#include "core/movegen.h"

enum { MOVE_TEXT_MAX = 6 };

/* Writes the UCI text of m (promotions lowercase) into buf. */
void move_to_uci(Move m, char buf[MOVE_TEXT_MAX]);

/* Finds the legal move of the board whose UCI text is text; MOVE_NONE when
 * the text is malformed or names no legal move. */
Move move_from_uci(const MoveGen *g, const void *board, const char *text);

#endif
