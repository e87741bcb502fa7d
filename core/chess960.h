/* The 960 start positions of Chess960 by their standard number (Scharnagl):
 * 0..959, where 518 is the standard start (RNBQKBNR). */
#ifndef CHESSLAB_CHESS960_H
#define CHESSLAB_CHESS960_H

#include "core/setup.h"

enum { CHESS960_POSITIONS = 960, CHESS960_STANDARD = 518 };

/* The start position number n (0..959): pieces mirrored for Black, all
 * four rights, White to move, marked chess960 and written as Shredder-FEN
 * (rook files, unambiguous for every engine). */
void chess960_start_position(int n, Setup *s);

#endif
