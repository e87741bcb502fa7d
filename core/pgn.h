/* Portable Game Notation: writing games and reading files of many games.
 *
 * Writing: the seven-tag roster (Event, Site, Date, Round, White, Black,
 * Result) in that order, SetUp and FEN when the game does not start from the
 * standard position, the caller's other tags, then the movetext with move
 * numbers (N... when Black moves first), lines under 80 columns, and the
 * result.
 *
 * Reading: tag pairs; movetext with move numbers (with . or ...), SAN as
 * san_parse accepts it, {} and ; comments, % escape lines, NAGs ($n and
 * !/? suffixes), variations in () skipped at any depth, and a result
 * (1-0, 0-1, 1/2-1/2, *) ending each game. A game that cannot be read (an
 * illegal or ambiguous move, a bad tag or FEN, no result) is reported with
 * the file, line, game number and ply, and reading goes on with the next
 * game. So is a game that ended by the rules (checkmate, stalemate, dead
 * position, seventy-five moves) whose result token or Result tag records
 * another result (`*`, no result, is accepted).
 *
 * A file that proves not to be text ends the reading, reported as the
 * error of the game it cut: a NUL byte, a line longer than PGN_LINE_MAX
 * bytes, a read error. Memory is bounded whatever the input: tokens (tag
 * names and values, moves) are at most PGN_TOKEN_MAX - 1 bytes, longer ones
 * are errors, and comments and variations are skipped unstored. */
#ifndef CHESSLAB_PGN_H
#define CHESSLAB_PGN_H

#include <stdio.h>

#include "core/game.h"

/* Lines of a million bytes hold any game's movetext with engine comments
 * on every ply; a longer one is binary or endless. */
enum { PGN_LINE_MAX = 1 << 20, PGN_TOKEN_MAX = 4096 };

typedef struct PgnTag {
    char *name, *value;
} PgnTag;

typedef struct PgnTags {
    PgnTag *items;
    int count, capacity;
} PgnTags;

/* Sets (replacing) or adds a tag; false when out of memory. */
bool pgn_tags_set(PgnTags *tags, const char *name, const char *value);
/* White's score in half points of a result token: 2 for "1-0", 1 for
 * "1/2-1/2", 0 for "0-1"; -1 for "*" or anything else. */
int pgn_result_half_points(const char *result);
/* The value of a tag, NULL when absent. */
const char *pgn_tags_get(const PgnTags *tags, const char *name);
void pgn_tags_clear(PgnTags *tags);
void pgn_tags_free(PgnTags *tags);

/* Writes one game and a blank line after it. result NULL: the game's own
 * result by the automatic rules (game_result without claims); tags may be
 * NULL (the roster then reads "?"). A Result, SetUp or FEN tag in tags is
 * ignored: they are written from the game and result. Returns false when
 * writing failed. */
bool pgn_write_game(FILE *out, const PgnTags *tags, const Game *game, const char *result);
/* The same with a comment after each move whose comments[ply - 1] is not
 * NULL (comments: one per ply of the game, or NULL for none), "{...}"; a
 * comment may not hold '}'. A Black move after a comment gets its number
 * ("12..."), as the PGN standard's export format asks. */
bool pgn_write_game_commented(FILE *out, const PgnTags *tags, const Game *game, const char *result,
                              const char *const *comments);

/* One game read from a file. */
typedef struct PgnGame {
    PgnTags tags;
    Game *game;        /* the moves read so far (all of them for a good game) */
    char result[8];    /* the result that ended the movetext, "" when none */
    int number;        /* 1 for the first game of the file */
    long line;         /* line where the game begins */
} PgnGame;

/* false when out of memory. */
bool pgn_game_init(PgnGame *pg, const MoveGen *g);
void pgn_game_free(PgnGame *pg);

typedef struct PgnReader PgnReader;

/* Reads from f (not closed by the reader); name appears in messages. NULL
 * when out of memory. */
PgnReader *pgn_reader_new(FILE *f, const char *name);
void pgn_reader_free(PgnReader *r);

typedef enum {
    PGN_GAME,     /* a game was read */
    PGN_BAD_GAME, /* a game could not be read: err says where and why; the
                     reader has moved on to the next game */
    PGN_END       /* no more games */
} PgnRead;

/* Reads the next game into pg. For PGN_BAD_GAME, err is one line:
 * "FILE:LINE: game N, ply P (12... Nd2): Nd2 is ambiguous: b1d2, f3d2", and
 * pg holds what was read before the problem. */
PgnRead pgn_read_game(PgnReader *r, PgnGame *pg, char *err, size_t err_len);

/* Every game of the file at path, in order: visit(ctx, pg, readable), with
 * readable false for a game that could not be read (pg then holds what was
 * read of it). visit returns false to stop (with a message in err).
 * Returns false with a one-line message in err when the file cannot be
 * opened, memory runs out or visit stopped. */
typedef bool (*PgnVisit)(void *ctx, const PgnGame *pg, bool readable, char *err, size_t err_len);
bool pgn_visit_file(const char *path, const MoveGen *g, PgnVisit visit, void *ctx, char *err, size_t err_len);

#endif
