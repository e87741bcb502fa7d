#include "core/movegen.h"

#include <stdlib.h>
#include <string.h>

void *movegen_board_new(const MoveGen *g)
{
    size_t size = (g->board_size + MOVEGEN_BOARD_ALIGN - 1) / MOVEGEN_BOARD_ALIGN * MOVEGEN_BOARD_ALIGN;
    void *board = aligned_alloc(MOVEGEN_BOARD_ALIGN, size);
    if (board)
        memset(board, 0, size);
    return board;
}

void movegen_board_free(void *board) { free(board); }

const char *perft_mode_name(PerftMode mode) { return mode == PERFT_FULL ? "full" : "bulk"; }
