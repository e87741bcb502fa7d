/* One game between two UCI engines, refereed by the project's rules
 * (core/game.h), under a clock kept here: `chesslab match` plays many.
 *
 * The clock of the side to move runs from writing `go` to reading
 * `bestmove`, so pipe and scheduling delays count against the engine as
 * in a GUI; a move that overruns the clock by more than the margin loses
 * on time, and then the engine gets `stop` and a few seconds to answer
 * before it counts as hung. An illegal move (or none while moves exist)
 * loses. The game ends by the rules: checkmate, stalemate, dead position,
 * the 75-move rule, and threefold repetition and the fifty-move rule,
 * which are claimed at once as in engine matches. An engine that ends or
 * hangs fails the game and the match stops. */
#ifndef CHESSLAB_MATCH_H
#define CHESSLAB_MATCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "play/uci_client.h"

enum { MATCH_MAX_OPTIONS = 16, MATCH_VALUE_MAX = 128, MATCH_HANG_GRACE_MS = 3000, MATCH_READY_TIMEOUT_MS = 60000 };

/* How to run and configure one engine. */
typedef struct MatchEngineSpec {
    char text[256];                       /* the options as given, "SMP=lazy,Threads=2" */
    char names[MATCH_MAX_OPTIONS][UCI_OPTION_NAME_MAX];
    char values[MATCH_MAX_OPTIONS][MATCH_VALUE_MAX];
    int option_count;
    const char *path;                     /* the program; NULL: this chesslab, `chesslab uci` */
} MatchEngineSpec;

/* "Name=value,Name=value" (names may hold spaces: "Move Overhead=100");
 * false with a message on a malformed list. */
bool match_spec_parse(const char *text, MatchEngineSpec *spec, char *err, size_t err_len);

typedef struct MatchSettings {
    int64_t base_ms, inc_ms;  /* Fischer clock per side */
    int64_t margin_ms;        /* overrun tolerated before a loss on time */
    int depth;                /* 0: none; else sent with every go */
    long hash_mb;             /* 0: the engine's default; else set where the engine has
                                 a Hash option and the spec does not set it */
    bool chess960;            /* Chess960: UCI_Chess960 set on both engines, castling
                                 sent and read as king takes rook */
} MatchSettings;

typedef struct MatchPlayer {
    UciClient client;
    char name[400];           /* for PGN and messages */
} MatchPlayer;

typedef enum { MATCH_STARTED, MATCH_BAD_OPTION, MATCH_ENGINE_FAILED } MatchStart;

/* Runs the engine, checks every option of spec against what it declares
 * (name, type, range: a bad one gives MATCH_BAD_OPTION), sets them and
 * waits for readyok. Info strings it answers with go to warnings (may be
 * NULL); one starting "error" is a refusal: MATCH_BAD_OPTION. Start engines from one thread at a time (uci_client.h). */
MatchStart match_player_start(MatchPlayer *p, const char *label, const MatchEngineSpec *spec,
                              const MatchSettings *s, FILE *warnings, char *err, size_t err_len);
void match_player_stop(MatchPlayer *p);

/* An opening: a start position and UCI moves played from it. */
typedef struct MatchOpening {
    char name[64];
    Setup start;
    char moves[256];          /* space-separated UCI moves, "" for none */
} MatchOpening;

typedef enum {
    MATCH_END_RULES,          /* mate, stalemate, dead position, 75 moves, claimed draws */
    MATCH_END_TIME,           /* the loser overran its clock */
    MATCH_END_ILLEGAL,        /* the loser played an illegal move or none */
    MATCH_END_FAILED,         /* an engine ended or hung: no result */
    MATCH_END_ABORTED         /* the match stopped (another game failed, or a signal) */
} MatchEnd;

/* What an engine said with one move: the score and depth of its last
 * info line that gave a score, and the time the move took on the match's
 * clock. */
typedef struct MatchMoveNote {
    int64_t time_ms;
    int depth;                /* 0: no info line gave one */
    bool has_score, mate;
    int score;                /* centipawns, or moves to mate (negative: mated); the mover's view */
} MatchMoveNote;

enum { MATCH_NOTES_MAX = 1024 }; /* moves noted per game; longer games go on without notes */

typedef struct MatchGameResult {
    MatchEnd end;
    char result[8];           /* "1-0", "0-1", "1/2-1/2", "*" */
    char reason[320];         /* "checkmate", "black lost on time (412 ms over)", the error */
    int64_t lowest_clock_ms[2];  /* by colour */
    int64_t clock_end_ms[2];     /* by colour, when the game ended */
    int64_t think_ms[2];         /* by colour, in all */
    int moves[2];                /* by colour: moves the engines played */
    int first_note_ply;          /* the ply (1-based) of notes[0]: the first after the opening */
    int note_count;
    MatchMoveNote notes[MATCH_NOTES_MAX];
} MatchGameResult;

/* The PGN comment of a note, as other match tools write it: the score in
 * pawns from the mover's view (or +M5 / -M3) and depth, then the time:
 * "+0.35/12 0.251s", or "0.251s" without a score. */
void match_note_text(const MatchMoveNote *note, char *buf, size_t len);

/* Reads an engine's info line into note (score and depth), when it has a
 * score; other lines leave note as it was. */
void match_note_info(const char *line, MatchMoveNote *note);

/* Plays the opening's moves into game (false with a message when one is
 * illegal there). */
bool match_opening_start(const MatchOpening *o, Game *game, char *err, size_t err_len);

/* Plays one game from the opening (game holds the moves afterwards);
 * abort, when set by another thread, ends it early (MATCH_END_ABORTED), as
 * does the players' wake descriptor (uci_client_set_wake) becoming
 * readable while an engine thinks: that engine gets `stop` and a few
 * seconds to answer it. A wait cut short elsewhere (ucinewgame) fails the
 * game: the caller knows that a stop was asked for. */
void match_play_game(MatchPlayer *white, MatchPlayer *black, const MatchOpening *opening, const MatchSettings *s,
                     Game *game, const atomic_bool *abort, MatchGameResult *out);

/* The PGN Termination tag of an end: normal, time forfeit, rules infraction, ... */
const char *match_end_termination(MatchEnd end);

#endif
