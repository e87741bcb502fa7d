/* Zobrist keys, defined on the position itself so that every generator
 * produces the same key for the same position:
 *   key = XOR of piece[p][sq] over occupied squares
 *       ^ castling[rights]                (one entry per set of rights)
 *       ^ side                            (when Black is to move)
 *       ^ ep_file[file of ep square]      (only when a pawn of the side to
 *                                          move stands beside the pawn that
 *                                          just double-pushed, see
 *                                          setup_ep_capturable)
 * The tables come from a fixed-seed generator filled before main() runs,
 * so keys are identical run to run and across programs. */
#ifndef CHESSLAB_ZOBRIST_H
#define CHESSLAB_ZOBRIST_H

#include "core/setup.h"

typedef struct ZobristKeys {
    uint64_t piece[PIECE_LIMIT][64]; /* rows for NO_PIECE and unused codes are 0 */
    uint64_t castling[16];           /* castling[0] == 0 */
    uint64_t ep_file[8];
    uint64_t side;
} ZobristKeys;

/* Written only by zobrist_reseed; read everywhere. */
extern ZobristKeys zobrist;

#define ZOBRIST_DEFAULT_SEED 0x636865737362ull /* "chessb" */

/* Refills the tables from a seed. Call only while no board is in use
 * (keys held by boards become stale). */
void zobrist_reseed(uint64_t seed);

uint64_t zobrist_key_of_setup(const Setup *s);

#endif
