/* Setup: the plain, validated description of a position, independent of
 * any board representation, with FEN reading and writing. Generators load
 * from and save to a Setup; nothing else about positions crosses layers. */
#ifndef CHESSLAB_SETUP_H
#define CHESSLAB_SETUP_H

#include <stddef.h>
#include "core/castling.h"

typedef struct Setup {
    Piece board[64];      /* indexed by Square */
    Color side;           /* side to move */
    uint8_t castling;     /* CASTLE_* bits */
    /* Rook file of each right (core/castling.h); the standard file (h, a,
     * h, a) where the right is absent, so equal positions compare equal. */
    uint8_t castle_file[CASTLE_RIGHTS];
    bool chess960;        /* Chess960 rules: UCI castling as king takes rook */
    bool shredder_fen;    /* castling field read as rook files (HAha), so written so */
    Square ep;            /* en passant target square or SQ_NONE */
    uint16_t halfmove;    /* plies since the last capture or pawn move */
    uint16_t fullmove;    /* starts at 1, incremented after Black moves */
} Setup;

enum { FEN_MAX = 128 };   /* enough for any valid FEN plus terminator */
#define FEN_STARTPOS "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

/* Parses and validates a FEN (6 fields, or 4 fields with clocks 0 1).
 * The castling field may be plain FEN (KQkq), X-FEN (KQkq for the
 * outermost rook on that side of the king, a file letter for an inner one:
 * "Bkq") or Shredder-FEN (rook files, "HAha"). A position whose castling
 * needs Chess960 rules (king off e, rook off a/h, file letters) gets
 * chess960 set. On error returns false and writes a one-line message
 * naming the field and the problem into err (if err is not NULL). */
bool setup_from_fen(Setup *s, const char *fen, char *err, size_t err_len);

typedef enum {
    FEN_CASTLING_AS_READ, /* Shredder-FEN if it was read so, else X-FEN (KQkq in standard chess) */
    FEN_CASTLING_XFEN,
    FEN_CASTLING_SHREDDER,
} FenCastlingStyle;

/* Writes the FEN of s into buf (at least FEN_MAX bytes), castling as read. */
void setup_to_fen(const Setup *s, char *buf);
void setup_to_fen_styled(const Setup *s, FenCastlingStyle style, char *buf);

/* Parses "as-read", "xfen" or "shredder"; false on other text. */
bool fen_castling_style_from_text(const char *text, FenCastlingStyle *style);

/* The square of the rook that right i (core/castling.h) castles with. */
static inline Square setup_castle_rook(const Setup *s, int right)
{
    return castle_rook_square(right, s->castle_file[right]);
}

/* True when every castling right present is standard chess's (king on e,
 * rook on a or h), so generators may use their fixed castling squares. */
bool setup_castling_is_standard(const Setup *s);

/* For each square, the rights lost when a move starts or ends there (the
 * king's square: both of its side; a castling rook's square: its right). */
void setup_castling_lost(const Setup *s, uint8_t lost[64]);

/* Drops the castling rights and resets their files to the standard ones
 * (for positions built by hand). */
void setup_clear_castling(Setup *s);

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
