/* Work units of a distributed perft: the distinct positions `split` plies
 * below the root, each with its multiplicity (the number of move paths that
 * reach it). perft(root, depth) = sum over units of
 * multiplicity * perft(unit, depth - split), so each unit is counted once
 * however many paths lead to it; the deep perft records were computed so.
 *
 * Positions are merged only when they are the same position for perft:
 * the move clocks are cleared (perft ignores them) and an en passant square
 * no pawn could use is dropped (the Zobrist key ignores it too). Merging
 * goes by key and is confirmed by comparing the full positions, so two
 * positions that share a key stay two units.
 *
 * The list is sorted by the positions' bytes, not by key or move order, so
 * the same job gives the same list (and list hash) whatever the generator
 * and the Zobrist seed: a checkpoint can be resumed with another generator
 * and the --verify-keys pass addresses the same units. */
#ifndef CHESSLAB_DIST_WORK_UNITS_H
#define CHESSLAB_DIST_WORK_UNITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/movegen.h"

/* Totals of deep perfts (perft(14) of the start position is ~6.2e19, above
 * 2^64): a GCC/Clang extension, available on every 64-bit target we build. */
typedef unsigned __int128 PerftTotal;

enum { WORK_UNITS_MAX_SPLIT = 8, PERFT_TOTAL_TEXT = 48 };

typedef struct WorkUnit {
    Setup setup;            /* clocks 0 1, en passant only when capturable */
    uint64_t key;           /* Zobrist key under the seed of the expansion */
    uint64_t multiplicity;  /* paths from the root that reach it */
} WorkUnit;

typedef struct WorkUnitList {
    WorkUnit *units;
    size_t count;
    uint64_t paths;         /* positions before merging: perft(root, split) */
    size_t key_collisions;  /* distinct positions that shared a key with another */
} WorkUnitList;

/* Expands g's board (not modified) split plies deep (0..WORK_UNITS_MAX_SPLIT)
 * into out. Returns false with a message when memory runs out. */
bool work_units_expand(const MoveGen *g, void *board, int split, WorkUnitList *out, char *err, size_t err_len);
void work_units_free(WorkUnitList *list);

/* A 64-bit digest of the positions and multiplicities in list order,
 * independent of generator and Zobrist seed: the identity of a unit list. */
uint64_t work_units_hash(const WorkUnitList *list);

/* Setup in the normal form units use (see above). */
void work_unit_normalise(Setup *s);

/* Decimal text of a 128-bit total into buf (PERFT_TOTAL_TEXT bytes). */
void perft_total_text(PerftTotal value, char *buf);

#endif
