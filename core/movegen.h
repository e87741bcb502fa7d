/* The move-generator interface. Every board representation implements it;
 * tools (perft drivers, verify, rules, CLI) reach generators only through
 * it. core never names a generator: the list lives in movegen_variants/.
 *
 * Boards are opaque, caller-allocated blocks of board_size bytes with
 * alignment MOVEGEN_BOARD_ALIGN. A board is self-contained (no pointers into
 * itself), so memcpy makes an independent copy: threads work on copies. */
#ifndef CHESSLAB_MOVEGEN_H
#define CHESSLAB_MOVEGEN_H

#include <stddef.h>
#include "core/setup.h"

struct PerftTT;

typedef enum {
    PERFT_BULK, /* count the legal moves at depth 1 */
    PERFT_FULL  /* make and unmake every leaf move */
} PerftMode;

/* Each board keeps an undo stack of at least this many plies for make. */
enum { MOVEGEN_MAX_PLY = 1024 };
enum { MOVEGEN_BOARD_ALIGN = 64 };

typedef struct MoveGen {
    const char *name;     /* command-line name, e.g. "mailbox" */
    const char *summary;  /* one line for `chesslab gens` */
    /* NULL when this CPU can run the generator, else why not. */
    const char *(*unavailable_reason)(void);
    /* Extra remark for `gens` (e.g. slow hardware), NULL when none. */
    const char *(*note)(void);
    size_t board_size;

    /* Setup must be valid (setup_validate). */
    void (*load)(void *board, const Setup *s);
    void (*save)(const void *board, Setup *s);
    /* Writes the legal moves to out (MAX_MOVES entries), returns the count. */
    int (*legal_moves)(const void *board, Move *out);
    bool (*in_check)(const void *board);
    /* m must be legal here; the board records what unmake needs. */
    void (*make)(void *board, Move m);
    void (*unmake)(void *board);
    /* Must equal zobrist_key_of_setup of the saved position. */
    uint64_t (*key)(const void *board);
    /* Leaf count of the legal-move tree of the given depth (depth 0: 1).
     * The board is unchanged on return. The hot loop calls nothing indirect. */
    uint64_t (*perft)(void *board, int depth, PerftMode mode);
    /* Optional (NULL: core's perft driver walks the hashed part of the tree
     * through this interface). perft through the shared table tt (tt NULL:
     * as perft), walked by the generator itself; the counts it stores are
     * those core's driver stores, so either may fill a table for the other. */
    uint64_t (*perft_hashed)(void *board, int depth, PerftMode mode, struct PerftTT *tt);
} MoveGen;

static inline bool movegen_available(const MoveGen *g)
{
    return g->unavailable_reason == NULL || g->unavailable_reason() == NULL;
}

/* Allocates a zeroed, aligned board for g (free with movegen_board_free). */
void *movegen_board_new(const MoveGen *g);
void movegen_board_free(void *board);

const char *perft_mode_name(PerftMode mode);

#endif
