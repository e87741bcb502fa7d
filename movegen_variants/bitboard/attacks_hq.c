/* Tables of the hyperbola-quintessence strategy. */
#include "movegen_variants/bitboard/attacks_hq.h"

HqMasks hq_masks[64];
uint8_t hq_rank_attacks[8][64];

__attribute__((constructor(BITBOARD_STRATEGY_PRIORITY))) static void hq_tables_init(void)
{
    for (int sq = 0; sq < 64; sq++) {
        hq_masks[sq].file = bb_tables.ray[DIR_N][sq] | bb_tables.ray[DIR_S][sq];
        hq_masks[sq].diagonal = bb_tables.ray[DIR_NE][sq] | bb_tables.ray[DIR_SW][sq];
        hq_masks[sq].anti_diagonal = bb_tables.ray[DIR_NW][sq] | bb_tables.ray[DIR_SE][sq];
        hq_masks[sq].pad = 0;
    }
    /* Walk left and right from the file until the first occupied square. */
    for (int file = 0; file < 8; file++)
        for (int inner = 0; inner < 64; inner++) {
            unsigned occupied = (unsigned)inner << 1, attacks = 0;
            for (int f = file + 1; f < 8; f++) {
                attacks |= 1u << f;
                if (occupied & (1u << f))
                    break;
            }
            for (int f = file - 1; f >= 0; f--) {
                attacks |= 1u << f;
                if (occupied & (1u << f))
                    break;
            }
            hq_rank_attacks[file][inner] = (uint8_t)attacks;
        }
}
