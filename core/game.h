/* A game: a start position, the moves played from it, and for every
 * position reached the facts the laws of RULES.md arts. 9, 10 and 12 need:
 * check, the legal-move count, a repetition key and count, and the
 * halfmove clock. Written against the MoveGen interface only.
 *
 * Cost per move: one make, one save, one legal-move generation (the list is
 * kept: it serves the status of this position, the SAN of the next move and
 * reading the next move), one in_check, one key, and a scan of the earlier
 * positions since the last irreversible move.
 *
 * How the game ends (art. 10):
 *   automatic: checkmate (1-0 / 0-1), stalemate, dead position, and the
 *              seventy-five-move rule (150 plies without capture or pawn
 *              move; a checkmate on that move stands);
 *   on claim:  threefold repetition and the fifty-move rule (100 plies).
 *              The status reports them as claimable and the game goes on;
 *              game_result(..., true) treats a claimable draw as claimed, as
 *              engine matches do.
 * Once the game has ended automatically, no further move is accepted.
 * Fivefold repetition is not among RULES.md's rules and is not applied;
 * the repetition count is reported for callers that want it. */
#ifndef CHESSLAB_GAME_H
#define CHESSLAB_GAME_H

#include <stddef.h>

#include "core/move_text.h"
#include "core/movegen.h"
#include "core/san.h"

typedef struct Game Game;

typedef enum {
    GAME_ONGOING = 0,
    GAME_CHECKMATE,          /* the side to move is mated */
    GAME_STALEMATE,
    GAME_DEAD_POSITION,      /* K v K, K v K+B, K v K+N, bishops all on one colour */
    GAME_SEVENTY_FIVE_MOVES  /* 150 plies without capture or pawn move */
} GameEnd;

typedef struct GameStatus {
    GameEnd end;         /* automatic end, GAME_ONGOING when none */
    Color side;          /* side to move */
    bool check;
    int legal_moves;
    int repetitions;     /* occurrences of this position so far, this one included */
    /* Draws claimable, reported only while the game goes on (end is
     * GAME_ONGOING): a checkmate on the 100th ply stands. */
    bool threefold;      /* repetitions >= 3 */
    bool fifty_moves;    /* halfmove >= 100 */
    int halfmove;        /* plies since the last capture or pawn move */
} GameStatus;

/* A game at the standard start position; NULL when out of memory. */
Game *game_new(const MoveGen *g);
void game_free(Game *game);

/* Starts again from start (validated; on error returns false with a
 * one-line message). The allocation is reused: reading thousands of games
 * needs one Game. */
bool game_start(Game *game, const Setup *start, char *err, size_t err_len);

/* Plays m, which must be one of the current legal moves; on error (illegal
 * move, game already over, out of memory) returns false with a message. */
bool game_play(Game *game, Move m, char *err, size_t err_len);
bool game_play_san(Game *game, const char *san, char *err, size_t err_len);
bool game_play_uci(Game *game, const char *uci, char *err, size_t err_len);

/* Takes back the last move (nothing when no move was played). */
void game_undo(Game *game);

const MoveGen *game_generator(const Game *game);
int game_ply_count(const Game *game);
/* Position after `ply` moves: 0 is the start, game_ply_count the current. */
const Setup *game_setup(const Game *game, int ply);
/* The move that led to position `ply` (1..game_ply_count), and its SAN. */
Move game_move(const Game *game, int ply);
const char *game_san(const Game *game, int ply);
/* The repetition key of position `ply`: the Zobrist key, with the en passant
 * file only when an en passant capture is legal (RULES.md art. 10 counts the
 * right only then). */
uint64_t game_repetition_key(const Game *game, int ply);

/* Legal moves of the current position (valid until the next play/undo). */
const Move *game_legal_moves(const Game *game, int *count);
/* The generator's board in the current position (copy it to search). */
const void *game_board(const Game *game);

/* How the game's moves are written in UCI text (castling king takes rook
 * in Chess960). */
MoveNotation game_notation(const Game *game);

/* Status of position `ply` (0..game_ply_count). */
void game_status(const Game *game, int ply, GameStatus *out);

/* "1-0", "0-1", "1/2-1/2", or "*" while the game goes on. With
 * claims_automatic, a claimable draw counts as claimed. */
const char *game_result(const GameStatus *status, bool claims_automatic);

/* "checkmate", "stalemate", "dead position", "seventy-five-move rule",
 * "ongoing", "check"; followed by "; draw claimable: threefold repetition"
 * and/or "fifty-move rule" when those apply. */
void game_status_text(const GameStatus *status, char *buf, size_t len);
/* Short names: "checkmate", "stalemate", "dead-position", "75-move-rule",
 * "ongoing" (for JSON and tests). */
const char *game_end_name(GameEnd end);

/* Dead position by material alone, exactly as RULES.md art. 10 lists it. */
bool game_dead_material(const Setup *s);

#endif
