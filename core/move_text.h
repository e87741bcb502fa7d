/* UCI long algebraic move text: e2e4, e7e8q; castling as the king's move
 * (e1g1) in standard chess, as king takes rook (e1h1, b1a1) in Chess960
 * (UCI_Chess960), where a king step and a castling can reach one square. */
#ifndef CHESSLAB_MOVE_TEXT_H
#define CHESSLAB_MOVE_TEXT_H

#include "core/movegen.h"

enum { MOVE_TEXT_MAX = 6 };

/* How castling is written, and where the rooks are: a game's rook files
 * never change (rights are only lost), so any position of the game gives
 * the notation of all its moves. */
typedef struct MoveNotation {
    bool chess960;
    uint8_t castle_file[CASTLE_RIGHTS];
} MoveNotation;

MoveNotation move_notation_of(const Setup *s);
/* Standard chess: castling as the king's move. */
extern const MoveNotation MOVE_NOTATION_STANDARD;

/* Writes the UCI text of m (promotions lowercase) into buf, castling as
 * the king's move. */
void move_to_uci(Move m, char buf[MOVE_TEXT_MAX]);

/* The same in the given notation. */
void move_to_uci_as(Move m, const MoveNotation *n, char buf[MOVE_TEXT_MAX]);

/* Finds the legal move of the board whose UCI text is text; MOVE_NONE when
 * the text is malformed or names no legal move. Castling is read in the
 * board's notation (Setup.chess960), and in the other one too where that
 * names no other move (e1h1 in standard chess, e1g1 in Chess960 when the
 * king cannot step there). */
Move move_from_uci(const MoveGen *g, const void *board, const char *text);

#endif
