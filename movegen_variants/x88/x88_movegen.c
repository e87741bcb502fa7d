/* The 0x88 generator behind the MoveGen interface, and its perft. */
#include <string.h>

#include "movegen_variants/x88/x88_generate.h"
#include "movegen_variants/x88/x88_make.h"

/* The four specialised generators: listing and counting, for each side to
 * move. Kept out of line so that one copy of each serves every caller and
 * the hot code stays small enough for the instruction cache. */
__attribute__((noinline)) static int x88_list_white(const X88Board *b, X88Move *out)
{
    return x88_generate_for(b, out, false, WHITE);
}
__attribute__((noinline)) static int x88_list_black(const X88Board *b, X88Move *out)
{
    return x88_generate_for(b, out, false, BLACK);
}
__attribute__((noinline)) static int x88_count_white(const X88Board *b)
{
    return x88_generate_for(b, NULL, true, WHITE);
}
__attribute__((noinline)) static int x88_count_black(const X88Board *b)
{
    return x88_generate_for(b, NULL, true, BLACK);
}

static int x88_list_moves(const X88Board *b, X88Move *out)
{
    return b->side == WHITE ? x88_list_white(b, out) : x88_list_black(b, out);
}

static int x88_count_moves(const X88Board *b)
{
    return b->side == WHITE ? x88_count_white(b) : x88_count_black(b);
}

static void x88_load(void *board, const Setup *s)
{
    X88Board *b = board;
    memset(b, 0, sizeof *b);
    for (int sq64 = 0; sq64 < 64; sq64++) {
        const Piece p = s->board[sq64];
        if (p == NO_PIECE)
            continue;
        const int sq = x88_from_square((Square)sq64);
        b->squares[sq] = p;
        x88_list_push(b, piece_color(p), piece_type(p), sq);
    }
    b->side = (uint8_t)s->side;
    b->castling = s->castling;
    b->ep = s->ep == SQ_NONE ? X88_NO_SQUARE : (uint8_t)x88_from_square(s->ep);
    b->halfmove = s->halfmove;
    b->fullmove = s->fullmove;
    b->key = zobrist_key_of_setup(s);

    uint8_t lost[64];
    setup_castling_lost(s, lost);
    for (int sq64 = 0; sq64 < 64; sq64++)
        b->castle_keep[x88_from_square((Square)sq64)] = (uint8_t)(CASTLE_ALL & ~lost[sq64]);
    for (int i = 0; i < CASTLE_RIGHTS; i++)
        b->castle_rook[i] = (uint8_t)x88_from_square(setup_castle_rook(s, i));
    zobrist_castling_keys(s, b->castle_key);
    b->castle960 = !setup_castling_is_standard(s);
    b->chess960 = s->chess960;
    b->shredder_fen = s->shredder_fen;
}

static void x88_save(const void *board, Setup *s)
{
    const X88Board *b = board;
    for (int sq64 = 0; sq64 < 64; sq64++)
        s->board[sq64] = b->squares[x88_from_square((Square)sq64)];
    s->side = (Color)b->side;
    setup_clear_castling(s);
    s->castling = b->castling;
    for (int i = 0; i < CASTLE_RIGHTS; i++)
        if (b->castling & castle_right_bit(i))
            s->castle_file[i] = (uint8_t)x88_file(b->castle_rook[i]);
    s->chess960 = b->chess960;
    s->shredder_fen = b->shredder_fen;
    s->ep = b->ep == X88_NO_SQUARE ? SQ_NONE : x88_to_square(b->ep);
    s->halfmove = b->halfmove;
    s->fullmove = b->fullmove;
}

static Move x88_to_move(X88Move m)
{
    return move_make(x88_to_square(x88_move_from(m)), x88_to_square(x88_move_to(m)),
                     (MoveKind)x88_move_kind(m));
}

static int x88_legal_moves(const void *board, Move *out)
{
    X88Move moves[MAX_MOVES];
    const int n = x88_list_moves(board, moves);
    for (int i = 0; i < n; i++)
        out[i] = x88_to_move(moves[i]);
    return n;
}

static bool x88_in_check(const void *board)
{
    const X88Board *b = board;
    return x88_attacked(b, b->squares, x88_king(b, b->side), b->side ^ 1);
}

static void x88_make_move(void *board, Move m)
{
    X88Board *b = board;
    const X88Move internal = x88_move(x88_from_square(move_from(m)), x88_from_square(move_to(m)),
                                      move_kind(m));
    x88_make(b, internal, &b->undo[b->ply++]);
}

static void x88_unmake_move(void *board)
{
    X88Board *b = board;
    X88Undo *u = &b->undo[--b->ply];
    x88_unmake(b, u);
    memset(u, 0, sizeof *u); /* so make + unmake leaves every byte as it was */
}

static uint64_t x88_key(const void *board) { return ((const X88Board *)board)->key; }

/* Perft, specialised on the side to move so that make runs with us as a
 * constant. Each call handles one node, depth >= 2 for bulk (the last ply
 * only counts), depth >= 1 for full (every leaf is made). */
static uint64_t x88_perft_node(X88Board *b, int depth, PerftMode mode);

X88_INLINE uint64_t x88_perft_node_for(X88Board *b, int depth, PerftMode mode, int us)
{
    X88Move moves[MAX_MOVES];
    const int n = us == WHITE ? x88_list_white(b, moves) : x88_list_black(b, moves);
    uint64_t nodes = 0;
    X88Undo u;
    for (int i = 0; i < n; i++) {
        x88_make_for(b, moves[i], &u, us);
        if (mode == PERFT_FULL)
            nodes += depth == 1 ? 1 : x88_perft_node(b, depth - 1, mode);
        else if (depth == 2)
            nodes += (uint64_t)(us == WHITE ? x88_count_black(b) : x88_count_white(b));
        else
            nodes += x88_perft_node(b, depth - 1, mode);
        x88_unmake_for(b, &u, us);
    }
    return nodes;
}

static uint64_t x88_perft_node(X88Board *b, int depth, PerftMode mode)
{
    if (mode == PERFT_FULL)
        return b->side == WHITE ? x88_perft_node_for(b, depth, PERFT_FULL, WHITE)
                                : x88_perft_node_for(b, depth, PERFT_FULL, BLACK);
    return b->side == WHITE ? x88_perft_node_for(b, depth, PERFT_BULK, WHITE)
                            : x88_perft_node_for(b, depth, PERFT_BULK, BLACK);
}

static uint64_t x88_perft(void *board, int depth, PerftMode mode)
{
    X88Board *b = board;
    if (depth <= 0)
        return 1;
    if (mode == PERFT_BULK && depth == 1)
        return (uint64_t)x88_count_moves(b);
    return x88_perft_node(b, depth, mode);
}

const MoveGen movegen_x88 = {
    .name = "0x88",
    .summary = "0x88 board, piece lists, difference-table pin/check scan, legal generation",
    .unavailable_reason = NULL,
    .note = NULL,
    .board_size = sizeof(X88Board),
    .load = x88_load,
    .save = x88_save,
    .legal_moves = x88_legal_moves,
    .in_check = x88_in_check,
    .make = x88_make_move,
    .unmake = x88_unmake_move,
    .key = x88_key,
    .perft = x88_perft,
};
