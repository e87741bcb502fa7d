#include "core/perft.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/move_text.h"

static int compare_by_uci(const void *a, const void *b)
{
    char ta[MOVE_TEXT_MAX], tb[MOVE_TEXT_MAX];
    move_to_uci(((const DivideEntry *)a)->move, ta);
    move_to_uci(((const DivideEntry *)b)->move, tb);
    return strcmp(ta, tb);
}

int perft_divide(const MoveGen *g, void *board, int depth, PerftMode mode, DivideEntry out[MAX_MOVES])
{
    int counted;
    return perft_divide_stoppable(g, board, depth, mode, NULL, out, &counted);
}

/* Adds the leaves below board to *nodes; false when stopped first. Above
 * PERFT_STOP_DEPTH the tree is walked here, through the interface, one
 * generation per subtree of millions of leaves. */
static bool count_until_stopped(const MoveGen *g, void *board, int depth, PerftMode mode, const atomic_bool *stop,
                                uint64_t *nodes)
{
    if (stop == NULL) {
        *nodes += g->perft(board, depth, mode);
        return true;
    }
    if (depth <= PERFT_STOP_DEPTH) {
        if (atomic_load_explicit(stop, memory_order_relaxed))
            return false;
        *nodes += g->perft(board, depth, mode);
        return true;
    }
    Move moves[MAX_MOVES];
    int n = g->legal_moves(board, moves);
    for (int i = 0; i < n; i++) {
        g->make(board, moves[i]);
        bool done = count_until_stopped(g, board, depth - 1, mode, stop, nodes);
        g->unmake(board);
        if (!done)
            return false;
    }
    return true;
}

int perft_divide_stoppable(const MoveGen *g, void *board, int depth, PerftMode mode, const atomic_bool *stop,
                           DivideEntry out[MAX_MOVES], int *counted)
{
    Move moves[MAX_MOVES];
    int n = g->legal_moves(board, moves);
    *counted = 0;
    for (int i = 0; i < n; i++) {
        uint64_t nodes = 0;
        g->make(board, moves[i]);
        bool done = count_until_stopped(g, board, depth - 1, mode, stop, &nodes);
        g->unmake(board);
        if (!done)
            break;
        out[*counted] = (DivideEntry){ moves[i], nodes };
        ++*counted;
    }
    perft_sort_divide(out, *counted);
    return n;
}

void perft_sort_divide(DivideEntry *entries, int count)
{
    qsort(entries, (size_t)count, sizeof entries[0], compare_by_uci);
}

bool perft_apply_moves(const MoveGen *g, void *board, const char *const *moves, int count, char *err,
                       size_t err_len)
{
    for (int i = 0; i < count; i++) {
        if (i >= MOVEGEN_MAX_PLY) {
            snprintf(err, err_len, "more than %d moves", MOVEGEN_MAX_PLY);
            return false;
        }
        Move m = move_from_uci(g, board, moves[i]);
        if (m == MOVE_NONE) {
            Setup s;
            char fen[FEN_MAX];
            g->save(board, &s);
            setup_to_fen(&s, fen);
            snprintf(err, err_len, "move %d '%s' is not a legal move in %s", i + 1, moves[i], fen);
            return false;
        }
        g->make(board, m);
    }
    return true;
}
