/* The one list of generators. CHESSLAB_GENERATORS is an X-macro: each entry
 * is X(symbol) for a `const MoveGen movegen_<symbol>` defined in its folder.
 * The registry, the CLI names and the test matrix all expand this list, so a
 * new generator joins everything by adding one entry here (and its sources
 * to CMakeLists.txt). */
#ifndef CHESSLAB_REGISTRY_H
#define CHESSLAB_REGISTRY_H

#include "core/movegen.h"

#define CHESSLAB_GENERATORS(X) \
    X(mailbox) \
    X(x88) \
    X(bitboard) \
    X(hq) \
    X(magic) \
    X(pext) \
    X(simd)

#define CHESSLAB_DECLARE_GENERATOR(sym) extern const MoveGen movegen_##sym;
CHESSLAB_GENERATORS(CHESSLAB_DECLARE_GENERATOR)
#undef CHESSLAB_DECLARE_GENERATOR

/* All generators, available on this CPU or not, in list order. */
size_t registry_count(void);
const MoveGen *registry_at(size_t index);

/* By name; NULL when no generator has that name. */
const MoveGen *registry_find(const char *name);

/* The default generator: the first available one in preference order
 * (fastest first). */
const MoveGen *registry_default(void);

/* Comma-separated names into buf, for error messages and help text. */
void registry_names(char *buf, size_t len);

#endif
