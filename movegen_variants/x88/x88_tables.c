/* Fills the write-once 0x88 lookup tables before main() runs. */
#include "movegen_variants/x88/x88_board.h"

X88Tables x88_tables;

/* Records that a piece of the given type on an origin square reaches the
 * square `delta` away (on an empty board), moving by unit step `step`. */
static void mark(int delta, PieceType type, int step)
{
    x88_tables.attackers[delta + X88_DIFF_OFFSET] |= (uint8_t)(1u << type);
    x88_tables.step[delta + X88_DIFF_OFFSET] = (int8_t)step;
}

static void fill_difference_table(void)
{
    for (int d = 0; d < 8; d++) {
        int step = x88_queen_steps[d];
        PieceType slider = d < 4 ? ROOK : BISHOP;
        mark(step, KING, step);
        /* step * distance for distance 1..7 is every delta along the line;
         * none coincides with another line's, nor with a knight jump. */
        for (int distance = 1; distance <= 7; distance++) {
            mark(step * distance, slider, step);
            mark(step * distance, QUEEN, step);
        }
        mark(x88_knight_steps[d], KNIGHT, 0);
    }
}

/* zone_attackers[d] = OR of attackers[d + e] over the zone offsets e. */
static void fill_zone_table(void)
{
    for (int d = -X88_DIFF_OFFSET; d <= X88_DIFF_OFFSET; d++)
        for (int rank = -1; rank <= 1; rank++)
            for (int file = -2; file <= 2; file++) {
                const int reached = d + rank * 16 + file;
                if (reached >= -X88_DIFF_OFFSET && reached <= X88_DIFF_OFFSET)
                    x88_tables.zone_attackers[d + X88_DIFF_OFFSET] |=
                        x88_tables.attackers[reached + X88_DIFF_OFFSET];
            }
}


__attribute__((constructor)) static void x88_tables_init(void)
{
    fill_difference_table();
    fill_zone_table();
}
