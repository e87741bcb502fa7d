/* A match: games between engines A and B played across workers, each
 * worker a pair of engine processes playing one game at a time, and the
 * results collected (the score from A's side, losses on time and by
 * illegal moves, each game's record, PGN as games end). `chesslab match`
 * parses the options and prints; this plays.
 *
 * Game 2k and 2k+1 are a pair: they play the k-th opening of a seeded
 * order (openings_order: each opening once before any repeats) with the
 * colours swapped, A White in even-numbered games. Each finished pair adds
 * its pentanomial outcome (play/sprt.h); with an SPRT, the match starts no
 * new game once the LLR leaves its bounds (the games under way finish and
 * count). The first game that fails (an engine ended or hung) stops the
 * match.
 *
 * A stop request (stop_fd readable: a signal, cli/stop_signals.h) starts
 * no new game and cuts the games under way short: the engine thinking
 * gets `stop`, and those games are abandoned, neither counted nor written
 * to the PGN (an engine that ended meanwhile, say by a pkill that reached
 * it too, is no error then). The results are those of the games finished.
 * The engines run in process groups of their own (uci_client.h), so that
 * Ctrl-C and timeout(1) reach the runner only. */
#ifndef CHESSLAB_PLAY_MATCH_RUNNER_H
#define CHESSLAB_PLAY_MATCH_RUNNER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "core/movegen.h"
#include "play/match.h"
#include "play/sprt.h"

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
    /* The clock, by engine (A, B): moves played, time they took in all,
     * the clock when the game ended and its lowest (after a move, before
     * the increment). */
    int moves[2];
    int64_t think_ms[2], clock_end_ms[2], lowest_clock_ms[2];
} MatchGameRecord;

typedef struct MatchWorker MatchWorker;

typedef struct MatchRun {
    /* Set by the caller before match_run_start. */
    const MatchEngineSpec *spec;   /* [2]: A, B */
    const MatchSettings *settings;
    long games, concurrency;
    const MatchOpening *openings;
    int opening_count;
    uint64_t seed;                 /* of the opening order */
    const SprtConfig *sprt;        /* NULL: play all the games */
    Pentanomial sprt_prior;        /* pairs of earlier runs of the same test: the SPRT counts them too */
    const MoveGen *gen;            /* the referee's rules */
    FILE *pgn;                     /* every finished game, NULL: none */
    FILE *progress;                /* a line per game, and illegal moves */
    FILE *warnings;                /* the first pair's info strings, NULL: none */
    int stop_fd;                   /* readable once the match should stop; -1: never (set it: 0 is stdin) */

    /* The results, from A's side. */
    MatchGameRecord *records;      /* [games] */
    int wins, draws, losses, played;
    int time_losses[2], illegal[2]; /* by A, by B */
    char error[512];               /* the failure that stopped the match; "" none */
    char names[2][416];            /* A's and B's, " A"/" B" added when alike */
    Pentanomial pentanomial;       /* finished pairs */
    SprtState sprt_state;          /* after the last finished pair, with sprt_prior (with sprt) */
    SprtDecision sprt_decision;    /* the verdict and where it was reached (sprt_prior's pairs counted) */
    bool sprt_stopped;             /* the SPRT ended the match */
    bool stopped;                  /* a stop request abandoned games or kept them from starting */
    int64_t elapsed_ms;            /* wall time of match_run_play */

    /* Internal. */
    MatchWorker *workers;
    int *order;                    /* [opening_count] */
    int64_t start_ms;
    pthread_mutex_t lock;
    int next_game;
    atomic_bool abort;
} MatchRun;

/* Allocates and starts every worker's engines (from this thread: see
 * uci_client.h). Anything but MATCH_STARTED comes with a message (out of
 * memory is MATCH_ENGINE_FAILED); call match_run_finish either way. */
MatchStart match_run_start(MatchRun *run, char *err, size_t err_len);
/* The opening game index plays (an index into openings). */
int match_run_opening(const MatchRun *run, int index);
/* Games per minute of wall time so far (0 before the first). */
double match_run_games_per_minute(const MatchRun *run);
/* Plays the games and waits for them; run->error says whether one failed. */
void match_run_play(MatchRun *run);
/* Stops the engines and frees what match_run_start allocated. */
void match_run_finish(MatchRun *run);

#endif
