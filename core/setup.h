/* Setup: the plain, validated description of a position, independent of
 * any board representation, with FEN reading and writing. Generators load
 * from and save to a Setup; nothing else about positions crosses layers. */
#ifndef CHESSLAB_SETUP_H
#define CHESSLAB_SETUP_H

#include <stddef.h>
#include "core/types.h"

typedef struct Setup {
    Piece board[64];      /* indexed by Square */
    Color side;           /* side to move */
    uint8_t castling;     /* CASTLE_* bits */
    Square ep;            /* en passant target square or SQ_NONE */
    uint16_t halfmove;    /* plies since the last capture or pawn move */
    uint16_t fullmove;    /* starts at 1, incremented after Black moves */
} Setup;

enum { FEN_MAX = 128 };   /* enough for any valid FEN plus terminator */
#define FEN_STARTPOS "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* Parses and validates a FEN (6 fields, or 4 fields with clocks 0 1).
 * On error returns false and writes a one-line message naming the field
 * and the problem into err (if err is not NULL). */
bool setup_from_fen(Setup *s, const char *fen, char *err, size_t err_len);

/* Writes the FEN of s into buf (at least FEN_MAX bytes). */
void setup_to_fen(const Setup *s, char *buf);

/* Checks the rules a position must satisfy (kings, pawns, castling rights,
 * en passant square, side not to move not in check). Same messages as
 * setup_from_fen. */
bool setup_validate(const Setup *s, char *err, size_t err_len);

/* True when square sq is attacked by a piece of colour by (board scan; for
 * validation and tests, not for hot loops). */
bool setup_square_attacked(const Setup *s, Square sq, Color by);

/* True when the side to move could capture en passant by pawn geometry
 * (a pawn of the side to move stands next to the double-pushed pawn);
 * legality is not considered. This decides whether the key includes the
 * en passant file. */
bool setup_ep_capturable(const Setup *s);

bool setup_equal(const Setup *a, const Setup *b);

/* Square name ("e4") into buf[3]; parse returns SQ_NONE on bad text. */
void square_to_text(Square sq, char buf[3]);
Square square_from_text(const char *text);

#endif
