/* Attack test and the look around the king (checks and pins) on the 10x12
 * mailbox. Both walk outward from one cell; the border stops every walk. */
#ifndef CHESSLAB_MAILBOX_ATTACK_H
#define CHESSLAB_MAILBOX_ATTACK_H

#include <string.h>

#include "movegen_variants/mailbox/board.h"

/* True when a piece of colour `by` attacks cell `target`: two pawn cells,
 * eight knight and eight king cells, then eight rays to their first
 * occupied cell. Needs no piece list. */
MAILBOX_INLINE bool cell_attacked(const uint8_t *cells, int target, Color by)
{
    /* A white pawn attacks upward, so it stands one row below its target. */
    const int pawn_row = by == WHITE ? SOUTH : NORTH;
    const uint8_t pawn = make_piece(by, PAWN);
    if (cells[target + pawn_row + WEST] == pawn || cells[target + pawn_row + EAST] == pawn)
        return true;

    const uint8_t knight = make_piece(by, KNIGHT), king = make_piece(by, KING);
    for (int i = 0; i < 8; i++)
        if (cells[target + KNIGHT_STEPS[i]] == knight || cells[target + QUEEN_DIRECTIONS[i]] == king)
            return true;

    const uint8_t queen = make_piece(by, QUEEN);
    for (int i = 0; i < 8; i++) {
        const int step = QUEEN_DIRECTIONS[i];
        const uint8_t slider = make_piece(by, i < 4 ? ROOK : BISHOP);
        int cell = target + step;
        while (cells[cell] == EMPTY)
            cell += step;
        if (cells[cell] == slider || cells[cell] == queen)
            return true;
    }
    return false;
}

typedef struct KingSafety {
    int checkers;                  /* pieces giving check; 2+ = double check */
    int pin_count;                 /* at most one pin per ray: 0..8 */
    uint8_t pinned_cell[8];
    int8_t pin_step[8];            /* step from the king towards the piece */
    bool stops_check[BOARD_CELLS]; /* valid only when checkers == 1: the
                                      checker's cell and the cells between
                                      it and the king */
} KingSafety;

MAILBOX_INLINE void note_checker(KingSafety *ks, int king, int step, int checker)
{
    if (ks->checkers++ == 0)
        memset(ks->stops_check, 0, sizeof ks->stops_check);
    for (int cell = king + step; cell != checker; cell += step)
        ks->stops_check[cell] = true;
    ks->stops_check[checker] = true;
}

/* Finds the pieces checking the king of `us` and the pieces of `us` pinned
 * to it. */
MAILBOX_INLINE void find_checks_and_pins(const MailboxPosition *pos, KingSafety *ks, Color us)
{
    const Color them = color_flip(us);
    const uint8_t *cells = pos->cells;
    const int king = pos->king[us];

    ks->checkers = 0;
    ks->pin_count = 0;

    /* Pawn and knight checks: a single cell each, nothing to block. */
    const int pawn_row = us == WHITE ? NORTH : SOUTH;
    const uint8_t their_pawn = make_piece(them, PAWN), their_knight = make_piece(them, KNIGHT);
    if (cells[king + pawn_row + WEST] == their_pawn)
        note_checker(ks, king, pawn_row + WEST, king + pawn_row + WEST);
    if (cells[king + pawn_row + EAST] == their_pawn)
        note_checker(ks, king, pawn_row + EAST, king + pawn_row + EAST);
    for (int i = 0; i < 8; i++)
        if (cells[king + KNIGHT_STEPS[i]] == their_knight)
            note_checker(ks, king, KNIGHT_STEPS[i], king + KNIGHT_STEPS[i]);

    /* Slider checks and pins: walk each ray to the first piece; an enemy
     * slider of the right kind checks; an own piece is pinned when such a
     * slider stands next along the same ray. */
    const uint8_t their_queen = make_piece(them, QUEEN);
    for (int i = 0; i < 8; i++) {
        const int step = QUEEN_DIRECTIONS[i];
        const uint8_t their_slider = make_piece(them, i < 4 ? ROOK : BISHOP);
        int cell = king + step;
        while (cells[cell] == EMPTY)
            cell += step;
        if (cells[cell] == their_slider || cells[cell] == their_queen) {
            note_checker(ks, king, step, cell);
        } else if (piece_is(cells[cell], us)) {
            int beyond = cell + step;
            while (cells[beyond] == EMPTY)
                beyond += step;
            if (cells[beyond] == their_slider || cells[beyond] == their_queen) {
                ks->pinned_cell[ks->pin_count] = (uint8_t)cell;
                ks->pin_step[ks->pin_count++] = (int8_t)step;
            }
        }
    }
}

/* The pin line of the piece on cell (a step from the king), 0 if free.
 * Pins are rare, so a short list beats clearing a 120-entry table. */
MAILBOX_INLINE int pin_of(const KingSafety *ks, int cell)
{
    for (int i = 0; i < ks->pin_count; i++)
        if (ks->pinned_cell[i] == cell)
            return ks->pin_step[i];
    return 0;
}

#endif
