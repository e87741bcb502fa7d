#include "core/chess960.h"

#include <string.h>

/* The n-th empty square of the back rank (n from 0). */
static int nth_empty(const PieceType rank[8], int n)
{
    for (int file = 0; file < 8; file++)
        if (rank[file] == PT_NONE && n-- == 0)
            return file;
    return -1; /* not reached: callers ask for at most the empties there are */
}

void chess960_start_position(int n, Setup *s)
{
    /* Knights on two of the five squares left, in this order of pairs. */
    static const int knights[10][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 0, 4 }, { 1, 2 },
                                        { 1, 3 }, { 1, 4 }, { 2, 3 }, { 2, 4 }, { 3, 4 } };
    PieceType rank[8] = { PT_NONE };
    rank[2 * (n % 4) + 1] = BISHOP; /* light-squared bishop: b, d, f or h */
    n /= 4;
    rank[2 * (n % 4)] = BISHOP; /* dark-squared bishop: a, c, e or g */
    n /= 4;
    rank[nth_empty(rank, n % 6)] = QUEEN;
    n /= 6;
    int first = nth_empty(rank, knights[n][0]), second = nth_empty(rank, knights[n][1]);
    rank[first] = rank[second] = KNIGHT;
    /* Rook, king, rook on the three squares left. */
    int rooks[2] = { nth_empty(rank, 0), nth_empty(rank, 2) };
    rank[nth_empty(rank, 1)] = KING;
    rank[rooks[0]] = rank[rooks[1]] = ROOK;

    memset(s, 0, sizeof *s);
    for (int file = 0; file < 8; file++) {
        s->board[make_square(file, 0)] = make_piece(WHITE, rank[file]);
        s->board[make_square(file, 1)] = W_PAWN;
        s->board[make_square(file, 6)] = B_PAWN;
        s->board[make_square(file, 7)] = make_piece(BLACK, rank[file]);
    }
    s->side = WHITE;
    s->castling = CASTLE_ALL;
    for (int c = 0; c < 2; c++) {
        s->castle_file[castle_right_index((Color)c, true)] = (uint8_t)rooks[0];
        s->castle_file[castle_right_index((Color)c, false)] = (uint8_t)rooks[1];
    }
    s->chess960 = true;
    s->shredder_fen = true;
    s->ep = SQ_NONE;
    s->fullmove = 1;
}
