#include "core/move_text.h"

#include <string.h>

const MoveNotation MOVE_NOTATION_STANDARD = { false, { FILE_H, FILE_A, FILE_H, FILE_A } };

MoveNotation move_notation_of(const Setup *s)
{
    MoveNotation n;
    n.chess960 = s->chess960;
    memcpy(n.castle_file, s->castle_file, sizeof n.castle_file);
    return n;
}

void move_to_uci_as(Move m, const MoveNotation *n, char buf[MOVE_TEXT_MAX])
{
    Square to = move_to(m);
    if (n->chess960 && move_is_castle(m)) {
        /* The castling side is the colour of the back rank the king is on. */
        int right = castle_right_of_move(square_rank(move_from(m)) == 0 ? WHITE : BLACK, m);
        to = castle_rook_square(right, n->castle_file[right]);
    }
    square_to_text(move_from(m), buf);
    square_to_text(to, buf + 2);
    if (move_is_promotion(m)) {
        buf[4] = "nbrq"[move_promotion_type(m) - KNIGHT];
        buf[5] = '\0';
    }
}

void move_to_uci(Move m, char buf[MOVE_TEXT_MAX]) { move_to_uci_as(m, &MOVE_NOTATION_STANDARD, buf); }

static Move find_by_text(const Move *moves, int n, const MoveNotation *notation, bool castling_only, const char *text)
{
    for (int i = 0; i < n; i++) {
        if (castling_only && !move_is_castle(moves[i]))
            continue;
        char buf[MOVE_TEXT_MAX];
        move_to_uci_as(moves[i], notation, buf);
        if (strcmp(buf, text) == 0)
            return moves[i];
    }
    return MOVE_NONE;
}

Move move_from_uci(const MoveGen *g, const void *board, const char *text)
{
    size_t len = strlen(text);
    if (len != 4 && len != 5)
        return MOVE_NONE;
    Move moves[MAX_MOVES];
    int n = g->legal_moves(board, moves);
    Setup s;
    g->save(board, &s);
    MoveNotation notation = move_notation_of(&s), other = notation;
    other.chess960 = !notation.chess960;
    /* Every move but castling reads the same in both notations, so a
     * castling in the other one is taken only when nothing else fits. */
    Move m = find_by_text(moves, n, &notation, false, text);
    return m != MOVE_NONE ? m : find_by_text(moves, n, &other, true, text);
}
