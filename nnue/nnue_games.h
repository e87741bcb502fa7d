/* Self-play games in a compact file, from which their training records are
 * rebuilt exactly: a game's start (the position after the opening's random
 * plies) as FEN, its result, and for every position the engine searched
 * the move it played and the search's score. A ply takes about 2 bytes
 * (under xz about 1.6) where a record takes 32, so generations of
 * self-play can live in git and outlast the machine that played them
 * (nnue/README.md, "Keeping the games").
 *
 * File, little-endian:
 *   char magic[4] "CLSG", uint32_t version 1
 *   then per game:
 *     uint8_t  result       0 Black won, 1 draw, 2 White won
 *     uint8_t  flags        NNUE_GAME_ADJUDICATED
 *     uint16_t plies        searched positions, 1..NNUE_GAME_MAX_PLIES
 *     uint8_t  fen_length   then that many bytes of FEN, no terminator
 *     plies x uint8_t       the move played: its rank among the position's
 *                           legal moves ordered by their Move codes
 *                           (core/types.h), so no generator's order matters
 *     plies x varint        the search's score (White's view) less the
 *                           ply before's (0 before the first), zigzag, in
 *                           7-bit groups, low first
 *
 * The records of a game (nnue_game_records) are the positions, in order,
 * where the side to move is not in check, the move played is no capture or
 * promotion and the score no mate: the filter of nnue_data.h. */
#ifndef CHESSLAB_NNUE_NNUE_GAMES_H
#define CHESSLAB_NNUE_NNUE_GAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "search/nnue_format.h"

enum { NNUE_GAME_MAX_PLIES = 400, NNUE_GAME_ADJUDICATED = 1, NNUE_GAMES_VERSION = 1 };

typedef struct NnueGame {
    Setup start;
    uint8_t result; /* 0, 1, 2: White's half points */
    uint8_t flags;
    int plies;
    uint8_t choices[NNUE_GAME_MAX_PLIES]; /* the move played from each searched position (nnue_game_choice) */
    int16_t scores[NNUE_GAME_MAX_PLIES];  /* the search's score there, White's view */
} NnueGame;

/* The score as stored: clamped to int16 (a mate score stays a mate). */
int16_t nnue_game_score(int white_score);

/* m's rank among the legal moves ordered by Move code: how many of them
 * have a smaller code. */
uint8_t nnue_game_choice(const Move *legal, int count, Move m);

bool nnue_games_write_header(FILE *out);
bool nnue_games_write(FILE *out, const NnueGame *g);

/* Reads and checks the header; false with a message in err. */
bool nnue_games_read_header(FILE *in, char *err, size_t err_len);
/* Reads the next game: 1, 0 at a clean end of the file, -1 with a message
 * in err (a truncated game, an unreadable FEN, a ply count out of range). */
int nnue_games_read(FILE *in, NnueGame *g, char *err, size_t err_len);

/* Replays g on game (any generator) and writes its records into out
 * (room for g->plies); returns how many, or -1 with a message in err when
 * a choice names no legal move. */
int nnue_game_records(const NnueGame *g, Game *game, NnueRecord *out, char *err, size_t err_len);

#endif
