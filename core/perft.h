/* Generic perft drivers over the MoveGen interface: divide (per root move),
 * applying UCI move lists. The node counting itself is each generator's own
 * hot loop (MoveGen.perft). */
#ifndef CHESSLAB_PERFT_H
#define CHESSLAB_PERFT_H

#include <stdatomic.h>

#include "core/epd.h"
#include "core/movegen.h"

typedef struct DivideEntry {
    Move move;
    uint64_t nodes;
} DivideEntry;

/* Counts per root move for depth >= 1, sorted by UCI text; returns the number
 * of root moves. The board is unchanged on return. */
int perft_divide(const MoveGen *g, void *board, int depth, PerftMode mode, DivideEntry out[MAX_MOVES]);

/* Subtrees of this many plies are counted by the generator's hot loop in
 * one call: a few milliseconds at most with the fast generators. */
enum { PERFT_STOP_DEPTH = 4 };

/* perft_divide that another thread can stop (stop NULL: never). The flag
 * is read only between subtrees of PERFT_STOP_DEPTH plies, above the
 * generator's hot loop, which stays as fast as ever; a stop is seen within
 * one such subtree. Returns the number of root moves; *counted is how many
 * were counted to the end, all of them unless stopped, and those are
 * out[0..*counted), sorted by UCI text (a root move cut short is dropped:
 * no count printed is ever partial). */
int perft_divide_stoppable(const MoveGen *g, void *board, int depth, PerftMode mode, const atomic_bool *stop,
                           DivideEntry out[MAX_MOVES], int *counted);

/* Sorts divide entries by UCI text (the order divide output uses). */
void perft_sort_divide(DivideEntry *entries, int count);

/* Plays UCI moves on the board. On an illegal or malformed move, returns
 * false with a message naming the move and its position in the list; the
 * moves before it stay made. */
bool perft_apply_moves(const MoveGen *g, void *board, const char *const *moves, int count, char *err,
                       size_t err_len);

#endif
