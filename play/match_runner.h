/* A match: games between engines A and B played across workers, each
 * worker a pair of engine processes playing one game at a time, and the
 * results collected (the score from A's side, losses on time and by
 * illegal moves, each game's record, PGN as games end). `chesslab match`
 * parses the options and prints; this plays.
 *
 * Game 2k and 2k+1 play opening k (modulo the count) with colours swapped,
 * A White in even-numbered games. The first game that fails (an engine
 * ended or hung) stops the match. */
#ifndef CHESSLAB_PLAY_MATCH_RUNNER_H
#define CHESSLAB_PLAY_MATCH_RUNNER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "core/movegen.h"
#include "play/match.h"

/* One game's outcome, from A's side. */
typedef struct MatchGameRecord {
    bool played;
    bool a_white;
    int opening;
    MatchEnd end;
    char result[8];   /* "" when the game was not played */
    double a_points;
    int plies;
    char reason[320];
} MatchGameRecord;

typedef struct MatchWorker MatchWorker;

typedef struct MatchRun {
    /* Set by the caller before match_run_start. */
    const MatchEngineSpec *spec;   /* [2]: A, B */
    const MatchSettings *settings;
    long games, concurrency;
    const MatchOpening *openings;
    int opening_count;
    const MoveGen *gen;            /* the referee's rules */
    FILE *pgn;                     /* every finished game, NULL: none */
    FILE *progress;                /* a line per game, and illegal moves */
    FILE *warnings;                /* the first pair's info strings, NULL: none */

    /* The results, from A's side. */
    MatchGameRecord *records;      /* [games] */
    int wins, draws, losses, played;
    int time_losses[2], illegal[2]; /* by A, by B */
    char error[512];               /* the failure that stopped the match; "" none */
    char names[2][416];            /* A's and B's, " A"/" B" added when alike */

    /* Internal. */
    MatchWorker *workers;
    pthread_mutex_t lock;
    int next_game;
    atomic_bool abort;
} MatchRun;

/* Allocates and starts every worker's engines (from this thread: see
 * uci_client.h). Anything but MATCH_STARTED comes with a message (out of
 * memory is MATCH_ENGINE_FAILED); call match_run_finish either way. */
MatchStart match_run_start(MatchRun *run, char *err, size_t err_len);
/* Plays the games and waits for them; run->error says whether one failed. */
void match_run_play(MatchRun *run);
/* Stops the engines and frees what match_run_start allocated. */
void match_run_finish(MatchRun *run);

#endif
