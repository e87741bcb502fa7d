#include "core/zobrist.h"
#include "core/random.h"

ZobristKeys zobrist;

void zobrist_reseed(uint64_t seed)
{
    uint64_t state = seed;
    for (int p = 0; p < PIECE_LIMIT; p++) {
        bool real = piece_type((Piece)p) >= PAWN && piece_type((Piece)p) <= KING;
        for (int sq = 0; sq < 64; sq++)
            zobrist.piece[p][sq] = real ? splitmix64(&state) : 0;
    }
    /* Castling keys are XORs of four per-right keys, so a set of rights and
     * the union of its parts hash alike (cheap incremental updates). */
    uint64_t right_key[4];
    for (int i = 0; i < 4; i++)
        right_key[i] = splitmix64(&state);
    for (int rights = 0; rights < 16; rights++) {
        zobrist.castling[rights] = 0;
        for (int i = 0; i < 4; i++)
            if (rights & (1 << i))
                zobrist.castling[rights] ^= right_key[i];
    }
    for (int f = 0; f < 8; f++)
        zobrist.ep_file[f] = splitmix64(&state);
    zobrist.side = splitmix64(&state);
    /* Drawn last, so standard chess keeps the keys it had before Chess960;
     * a right with its rook on the standard file is the key above. */
    for (int i = 0; i < CASTLE_RIGHTS; i++)
        for (int f = 0; f < 8; f++)
            zobrist.castle_rook[i][f] = f == castle_standard_file(i) ? right_key[i] : splitmix64(&state);
}

/* Filled before main() so that no caller can forget it. */
__attribute__((constructor)) static void zobrist_init_default(void)
{
    zobrist_reseed(ZOBRIST_DEFAULT_SEED);
}

uint64_t zobrist_key_of_setup(const Setup *s)
{
    uint64_t key = 0;
    for (int sq = 0; sq < 64; sq++)
        key ^= zobrist.piece[s->board[sq]][sq];
    key ^= zobrist_castling_key(s->castling, s->castle_file);
    if (s->side == BLACK)
        key ^= zobrist.side;
    if (setup_ep_capturable(s))
        key ^= zobrist.ep_file[square_file(s->ep)];
    return key;
}
