/* The six positions of the Chess Programming Wiki's "Perft Results" page,
 * with their published leaf counts, built in so that the default jobs need
 * no data files. */
#ifndef CHESSLAB_STANDARD_POSITIONS_H
#define CHESSLAB_STANDARD_POSITIONS_H

#include <stdint.h>

enum { STANDARD_KNOWN_DEPTH = 7, STANDARD_POSITION_COUNT = 6 };

typedef struct StandardPosition {
    const char *name, *fen;
    int default_depth;                        /* a few million nodes */
    uint64_t nodes[STANDARD_KNOWN_DEPTH + 1]; /* by depth; 0: not published */
} StandardPosition;

extern const StandardPosition standard_positions[STANDARD_POSITION_COUNT];

/* By name ("start", "kiwipete", "position3".."position6"), else NULL. */
const StandardPosition *standard_position_find(const char *name);

#endif
