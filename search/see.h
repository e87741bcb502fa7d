/* Static exchange evaluation: the material balance of the capture sequence
 * on one square when both sides always recapture with their least valuable
 * piece and may stop whenever continuing would lose. Used to order captures
 * (losing ones after the quiet moves) and to skip losing captures in
 * quiescence. Pins are ignored, x-rays behind sliders are seen. */
#ifndef CHESSLAB_SEARCH_SEE_H
#define CHESSLAB_SEARCH_SEE_H

#include "search/search_board.h"

/* Pieces of both colours attacking sq, sliders seen through occupied. */
Bitboard see_attackers(const Position *p, const SearchBoardOps *ops, Square sq, Bitboard occupied);

/* Material gained by the legal move m (negative: it loses material). */
int see(const Position *p, const SearchBoardOps *ops, Move m);

#endif
