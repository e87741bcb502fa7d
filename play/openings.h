/* The openings of a match: a built-in set of balanced main lines, the
 * positions of a FEN/EPD file (core/position_file.h), or the games of a PGN
 * file (a name ending in .pgn: each game's start and all its moves), each
 * checked to be playable before any engine starts; and the seeded order in
 * which a match draws them. */
#ifndef CHESSLAB_PLAY_OPENINGS_H
#define CHESSLAB_PLAY_OPENINGS_H

#include <stddef.h>
#include <stdint.h>

#include "core/movegen.h"
#include "play/match.h"

enum { OPENINGS_MAX = 4096 };

/* What openings_load returns when it fails. */
enum { OPENINGS_BAD = -1, OPENINGS_NO_MEMORY = -2 };

/* path NULL: the built-in openings; else the file's positions or games (at
 * most OPENINGS_MAX). Every opening is played out on gen once. Returns the
 * count with *out allocated (free it), or OPENINGS_BAD with a message (the
 * file or an opening's moves; "out of memory" while reading), or
 * OPENINGS_NO_MEMORY. */
int openings_load(const char *path, const MoveGen *gen, MatchOpening **out, char *err, size_t err_len);

/* order[0..count) = a permutation of 0..count-1 drawn from seed (the same
 * seed, the same order on every machine): a match plays openings in this
 * order, each once before any is repeated. */
void openings_order(int *order, int count, uint64_t seed);

#endif
