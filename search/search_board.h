/* The search's board: the bitboard family's board and legal generator
 * (movegen_variants/bitboard), instantiated once more for the search with
 * the best slider strategy this build and CPU allow: pext where PEXT runs
 * in hardware, else magic (always correct, fast everywhere).
 *
 * The search uses only what the bitboard generator exports (load, save,
 * legal_moves, tactical_moves, legal_count, is_legal, in_check, make, unmake, make_null,
 * unmake_null, key and the slider attacks) and reads
 * the position only through the sb_* accessors below; it never writes board
 * fields. So the generator's internals may change without touching search/. */
#ifndef CHESSLAB_SEARCH_BOARD_H
#define CHESSLAB_SEARCH_BOARD_H

#include "movegen_variants/bitboard/board.h"

typedef BitboardBoard SearchBoard;

typedef struct SearchBoardOps {
    const char *strategy; /* "pext" or "magic" */
    /* The same functions as a MoveGen, for the generic drivers (perft,
     * move text, SAN). */
    const MoveGen *gen;
    void (*load)(void *board, const Setup *s);
    void (*save)(const void *board, Setup *s);
    int (*legal_moves)(const void *board, Move *out);
    /* The legal captures and promotions, in legal_moves' order. */
    int (*tactical_moves)(const void *board, Move *out);
    /* How many legal moves, counted without listing them. */
    int (*legal_count)(const void *board);
    /* Whether a move from anywhere (a hash move, any 16 bits) is one of
     * legal_moves' moves here. */
    bool (*is_legal)(const void *board, Move m);
    bool (*in_check)(const void *board);
    void (*make)(void *board, Move m);
    void (*unmake)(void *board);
    /* The side to move passes (null-move pruning): the en passant chance
     * lapses and the halfmove clock restarts; undone by unmake_null. */
    void (*make_null)(void *board);
    void (*unmake_null)(void *board);
    Bitboard (*rook_attacks)(Square sq, Bitboard occupied);
    Bitboard (*bishop_attacks)(Square sq, Bitboard occupied);
} SearchBoardOps;

/* pext when this binary has the BMI2 instantiation and the CPU runs PEXT in
 * hardware (not AMD before Zen 3), else magic. */
const SearchBoardOps *search_board_ops(void);

/* By strategy name ("pext", "magic"); NULL when unknown or not runnable
 * here. For tests that compare both. */
const SearchBoardOps *search_board_ops_named(const char *strategy);

static inline const Position *search_board_position(const SearchBoard *b) { return &b->pos; }

/* Reading a position: the only place in search/ that knows the board's
 * layout. Built on pieces_of(), pieces_of_color(), occupied_squares() and
 * the state fields (side, key, halfmove), which the board has kept through
 * its optimisations. */
static inline Bitboard sb_pieces(const Position *p, Color c, PieceType t) { return pieces_of(p, c, t); }
static inline Bitboard sb_type(const Position *p, PieceType t)
{
    return pieces_of(p, WHITE, t) | pieces_of(p, BLACK, t);
}
static inline Bitboard sb_color(const Position *p, Color c) { return pieces_of_color(p, c); }
static inline Bitboard sb_occupied(const Position *p) { return occupied_squares(p); }
/* PT_NONE for an empty square. */
static inline PieceType sb_type_on(const Position *p, Square sq)
{
    Bitboard bit = bb_of(sq);
    for (int t = PAWN; t <= KING; t++)
        if (sb_type(p, (PieceType)t) & bit)
            return (PieceType)t;
    return PT_NONE;
}
static inline Color sb_side(const Position *p) { return (Color)p->side; }
static inline uint64_t sb_key(const Position *p) { return p->key; }
static inline int sb_halfmove(const Position *p) { return p->halfmove; }

/* Allocates a zeroed, aligned board (free with movegen_board_free). */
SearchBoard *search_board_new(void);

#endif
