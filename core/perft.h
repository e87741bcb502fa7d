/* Generic perft drivers over the MoveGen interface: divide (per root move),
 * applying UCI move lists. The node counting itself is each generator's own
 * hot loop (MoveGen.perft). */
#ifndef CHESSLAB_PERFT_H
#define CHESSLAB_PERFT_H

#include "epd.h"
#include "movegen.h"

typedef struct DivideEntry {
    Move move;
    uint64_t nodes;
} DivideEntry;

/* Counts per root move for depth >= 1, sorted by UCI text; returns the number
 * of root moves. The board is unchanged on return. */
int perft_divide(const MoveGen *g, void *board, int depth, PerftMode mode, DivideEntry out[MAX_MOVES]);

/* Sorts divide entries by UCI text (the order divide output uses). */
void perft_sort_divide(DivideEntry *entries, int count);

/* Plays UCI moves on the board. On an illegal or malformed move, returns
 * false with a message naming the move and its position in the list; the
 * moves before it stay made. */
bool perft_apply_moves(const MoveGen *g, void *board, const char *const *moves, int count, char *err,
                       size_t err_len);

#endif
