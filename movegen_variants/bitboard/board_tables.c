/* Strategy-free tables of the bitboard board, and Setup conversion. */
#include "movegen_variants/bitboard/board.h"

#include <string.h>

BitboardTables bb_tables;

static const int dir_file_step[DIR_COUNT] = { 0, 1, 1, -1, 0, -1, -1, 1 };
static const int dir_rank_step[DIR_COUNT] = { 1, 0, 1, 1, -1, 0, -1, -1 };

/* The square (file + df, rank + dr) as a bitboard, 0 when off the board. */
static Bitboard offset_bit(int file, int rank, int df, int dr)
{
    int f = file + df, r = rank + dr;
    return (f >= 0 && f < 8 && r >= 0 && r < 8) ? bb_of((unsigned)make_square(f, r)) : 0;
}

static void init_leapers(int sq)
{
    static const int knight_steps[8][2] = { {1, 2}, {2, 1}, {2, -1}, {1, -2},
                                            {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2} };
    int f = sq & 7, r = sq >> 3;
    for (int i = 0; i < 8; i++) {
        bb_tables.knight[sq] |= offset_bit(f, r, knight_steps[i][0], knight_steps[i][1]);
        bb_tables.king[sq] |= offset_bit(f, r, dir_file_step[i], dir_rank_step[i]);
    }
    bb_tables.pawn_attacks[WHITE][sq] = offset_bit(f, r, -1, 1) | offset_bit(f, r, 1, 1);
    bb_tables.pawn_attacks[BLACK][sq] = offset_bit(f, r, -1, -1) | offset_bit(f, r, 1, -1);
}

/* Walks every direction from sq, filling the ray and the squares between
 * sq and each square met on the way. */
static void init_lines(int sq)
{
    for (int d = 0; d < DIR_COUNT; d++) {
        Bitboard path = 0;
        int f = (sq & 7) + dir_file_step[d], r = (sq >> 3) + dir_rank_step[d];
        for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += dir_file_step[d], r += dir_rank_step[d]) {
            int to = make_square(f, r);
            bb_tables.between[sq][to] = path;
            path |= bb_of((unsigned)to);
        }
        bb_tables.ray[d][sq] = path;
        if (d == DIR_N || d == DIR_E || d == DIR_S || d == DIR_W)
            bb_tables.rook_rays[sq] |= path;
        else
            bb_tables.bishop_rays[sq] |= path;
    }
}

/* Priority 101 (the first one applications may use): strategy tables are
 * built from these in later constructors. */
__attribute__((constructor(BITBOARD_TABLES_PRIORITY))) static void bitboard_tables_init(void)
{
    memset(&bb_tables, 0, sizeof bb_tables);
    for (int sq = 0; sq < 64; sq++) {
        init_leapers(sq);
        init_lines(sq);
    }
    for (int sq = 0; sq < 64; sq++) {
        Bitboard self = bb_of((unsigned)sq);
        bb_tables.line[LINE_FILE][sq] = bb_tables.ray[DIR_N][sq] | bb_tables.ray[DIR_S][sq] | self;
        bb_tables.line[LINE_RANK][sq] = bb_tables.ray[DIR_E][sq] | bb_tables.ray[DIR_W][sq] | self;
        bb_tables.line[LINE_DIAGONAL][sq] = bb_tables.ray[DIR_NE][sq] | bb_tables.ray[DIR_SW][sq] | self;
        bb_tables.line[LINE_ANTI_DIAGONAL][sq] = bb_tables.ray[DIR_NW][sq] | bb_tables.ray[DIR_SE][sq] | self;
    }
}

void position_load(Position *p, CastleGeometry *g, const Setup *s)
{
    memset(p, 0, sizeof *p);
    for (int sq = 0; sq < 64; sq++)
        if (s->board[sq] != NO_PIECE)
            position_toggle(p, s->board[sq], (Square)sq);
    p->side = (uint8_t)s->side;
    const bool castle960 = !setup_castling_is_standard(s);
    p->castling = (uint8_t)(s->castling | (castle960 ? CASTLE960_FLAG : 0));
    p->ep = s->ep;
    p->halfmove = s->halfmove;
    p->fullmove = s->fullmove;
    p->key = zobrist_key_of_setup(s);

    memset(g, 0, sizeof *g);
    uint8_t lost[64];
    setup_castling_lost(s, lost);
    for (int sq = 0; sq < 64; sq++)
        g->keep[sq] = (uint8_t)((CASTLE_ALL | CASTLE960_FLAG) & ~lost[sq]);
    zobrist_castling_keys(s, g->key);
    memcpy(g->key + 16, g->key, 16 * sizeof g->key[0]); /* the flag changes no key */
    for (int i = 0; i < CASTLE_RIGHTS; i++)
        g->rook[i] = setup_castle_rook(s, i);
    g->chess960 = s->chess960;
    g->shredder_fen = s->shredder_fen;
}

void position_save(const Position *p, const CastleGeometry *g, Setup *s)
{
    for (int sq = 0; sq < 64; sq++)
        s->board[sq] = position_piece_on(p, (Square)sq);
    s->side = (Color)p->side;
    setup_clear_castling(s);
    s->castling = p->castling & CASTLE_ALL;
    for (int i = 0; i < CASTLE_RIGHTS; i++)
        if (p->castling & castle_right_bit(i))
            s->castle_file[i] = (uint8_t)square_file(g->rook[i]);
    s->chess960 = g->chess960;
    s->shredder_fen = g->shredder_fen;
    s->ep = p->ep;
    s->halfmove = p->halfmove;
    s->fullmove = p->fullmove;
}
