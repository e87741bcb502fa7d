#include "core/move_text.h"

#include <string.h>

void move_to_uci(Move m, char buf[MOVE_TEXT_MAX])
{
    square_to_text(move_from(m), buf);
    square_to_text(move_to(m), buf + 2);
    if (move_is_promotion(m)) {
        buf[4] = "nbrq"[move_promotion_type(m) - KNIGHT];
        buf[5] = '\0';
    }
}

Move move_from_uci(const MoveGen *g, const void *board, const char *text)
{
    size_t len = strlen(text);
    if (len != 4 && len != 5)
        return MOVE_NONE;
    Move moves[MAX_MOVES];
    int n = g->legal_moves(board, moves);
    for (int i = 0; i < n; i++) {
        char buf[MOVE_TEXT_MAX];
        move_to_uci(moves[i], buf);
        if (strcmp(buf, text) == 0)
            return moves[i];
    }
    return MOVE_NONE;
}
