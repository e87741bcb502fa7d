/* Zobrist keys, defined on the position itself so that every generator
 * produces the same key for the same position:
 *   key = XOR of piece[p][sq] over occupied squares
 *       ^ castle_rook[i][rook file]       (per right i present, core/castling.h;
 *                                          castling[rights] is their XOR when
 *                                          the rooks stand on a/h)
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
    uint64_t castling[16];           /* castling[0] == 0; rooks on the standard files */
    uint64_t castle_rook[CASTLE_RIGHTS][8]; /* one key per right and rook file (Chess960) */
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

/* The castling part of the key: rights with their rooks' files. */
static inline uint64_t zobrist_castling_key(uint8_t rights, const uint8_t castle_file[CASTLE_RIGHTS])
{
    uint64_t key = 0;
    for (int i = 0; i < CASTLE_RIGHTS; i++)
        if (rights & castle_right_bit(i))
            key ^= zobrist.castle_rook[i][castle_file[i]];
    return key;
}

/* The castling key of every set of rights with the rooks of s. */
static inline void zobrist_castling_keys(const Setup *s, uint64_t keys[16])
{
    for (int rights = 0; rights < 16; rights++)
        keys[rights] = zobrist_castling_key((uint8_t)rights, s->castle_file);
}

#endif
