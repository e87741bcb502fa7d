#include "play/match_runner.h"

#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/pgn.h"
#include "core/timer.h"
#include "play/openings.h"

struct MatchWorker {
    MatchRun *run;
    MatchPlayer player[2]; /* A, B */
    bool started[2];
    Game *game;
    MatchGameResult result; /* the game under way (about 16 KB: kept off the stack) */
    pthread_t thread;
};

static void seconds_text(int64_t ms, char *buf, size_t len)
{
    if (ms % 1000 == 0) {
        snprintf(buf, len, "%lld", (long long)(ms / 1000));
        return;
    }
    snprintf(buf, len, "%.3f", (double)ms / 1000.0);
    char *end = buf + strlen(buf) - 1;
    while (*end == '0')
        *end-- = '\0';
}

enum { NOTE_TEXT_MAX = 48 };

static void write_pgn(MatchRun *run, int index, const MatchGameRecord *rec, const Game *game,
                      const MatchGameResult *r)
{
    PgnTags tags = { 0 };
    char round[16], date[16], host[128] = "?", tc[64], base[24], inc[24], plies[16];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    gethostname(host, sizeof host - 1);
    snprintf(round, sizeof round, "%d", index + 1);
    seconds_text(run->settings->base_ms, base, sizeof base);
    seconds_text(run->settings->inc_ms, inc, sizeof inc);
    snprintf(tc, sizeof tc, "%s+%s", base, inc);
    snprintf(plies, sizeof plies, "%d", game_ply_count(game));
    pgn_tags_set(&tags, "Event", "chesslab match");
    pgn_tags_set(&tags, "Site", host);
    pgn_tags_set(&tags, "Date", date);
    pgn_tags_set(&tags, "Round", round);
    pgn_tags_set(&tags, "White", run->names[rec->a_white ? 0 : 1]);
    pgn_tags_set(&tags, "Black", run->names[rec->a_white ? 1 : 0]);
    pgn_tags_set(&tags, "TimeControl", tc);
    pgn_tags_set(&tags, "Opening", run->openings[rec->opening].name);
    pgn_tags_set(&tags, "PlyCount", plies);
    pgn_tags_set(&tags, "Termination", match_end_termination(rec->end));
    pgn_tags_set(&tags, "TerminationDetails", rec->reason);
    /* Each engine move's score, depth and time as its comment; without
     * memory for them, the moves alone. */
    int count = game_ply_count(game);
    const char **comments = count ? calloc((size_t)count, sizeof *comments) : NULL;
    char *texts = comments ? malloc((size_t)r->note_count * NOTE_TEXT_MAX + 1) : NULL;
    for (int i = 0; texts && i < r->note_count; i++) {
        int ply = r->first_note_ply + i;
        if (ply < 1 || ply > count)
            break;
        match_note_text(&r->notes[i], texts + (size_t)i * NOTE_TEXT_MAX, NOTE_TEXT_MAX);
        comments[ply - 1] = texts + (size_t)i * NOTE_TEXT_MAX;
    }
    pgn_write_game_commented(run->pgn, &tags, game, rec->result, texts ? comments : NULL);
    fflush(run->pgn);
    free(texts);
    free(comments);
    pgn_tags_free(&tags);
}

/* When both games of index's pair are in: its pentanomial outcome, and the
 * SPRT's verdict (under the lock). */
static void book_pair(MatchRun *run, int index)
{
    int first = index - index % 2;
    if (first + 1 >= run->games || !run->records[first].played || !run->records[first + 1].played)
        return;
    pentanomial_add(&run->pentanomial, run->records[first].a_points, run->records[first + 1].a_points);
    if (run->sprt == NULL)
        return;
    Pentanomial counted = pentanomial_sum(&run->pentanomial, &run->sprt_prior);
    run->sprt_state = sprt_state(run->sprt, &counted);
    const uint64_t *n = counted.pairs;
    fprintf(run->progress,
            "SPRT nElo [%g, %g]: LLR %.2f (%.2f, %.2f) after %llu pairs [%llu, %llu, %llu, %llu, %llu]; %.1f games/min\n",
            run->sprt->elo0, run->sprt->elo1, run->sprt_state.llr, run->sprt_state.lower, run->sprt_state.upper,
            (unsigned long long)pentanomial_total(&counted), (unsigned long long)n[0],
            (unsigned long long)n[1], (unsigned long long)n[2], (unsigned long long)n[3], (unsigned long long)n[4],
            match_run_games_per_minute(run));
    if (sprt_decide(&run->sprt_decision, run->sprt_state, pentanomial_total(&counted))) {
        run->sprt_stopped = true;
        fprintf(run->progress, "SPRT: %s accepted; the games under way finish\n",
                sprt_verdict_name(run->sprt_state.verdict));
    }
}

/* Whether a stop was asked for: the stop pipe is readable (never read). */
static bool stop_asked(const MatchRun *run)
{
    struct pollfd p = { run->stop_fd, POLLIN, 0 };
    return run->stop_fd >= 0 && poll(&p, 1, 0) > 0;
}

/* Books a finished game (under the lock). */
static void record_game(MatchRun *run, int index, bool a_white, int opening, const MatchGameResult *r,
                        const Game *game)
{
    MatchGameRecord *rec = &run->records[index];
    /* Once a stop is asked for, a failed game is one cut short: a wait
     * woken, or an engine ended by the same signal (pkill reaches every
     * chesslab process; the engines' own process groups keep Ctrl-C and
     * timeout(1) from them). */
    bool stopping = stop_asked(run);
    if (r->end == MATCH_END_ABORTED || (r->end == MATCH_END_FAILED && stopping)) {
        if (stopping) {
            run->stopped = true;
            fprintf(run->progress, "game %d/%ld abandoned: the match stopped\n", index + 1, run->games);
            fflush(run->progress);
        }
        return;
    }
    if (r->end == MATCH_END_FAILED) {
        if (run->error[0] == '\0')
            snprintf(run->error, sizeof run->error, "game %d: %s", index + 1, r->reason);
        atomic_store(&run->abort, true);
    }
    *rec = (MatchGameRecord){ .played = r->end != MATCH_END_FAILED, .a_white = a_white, .opening = opening,
                              .end = r->end, .plies = game_ply_count(game) };
    for (int e = 0; e < 2; e++) {
        Color c = (e == 0) == a_white ? WHITE : BLACK;
        rec->moves[e] = r->moves[c];
        rec->think_ms[e] = r->think_ms[c];
        rec->clock_end_ms[e] = r->clock_end_ms[c];
        rec->lowest_clock_ms[e] = r->lowest_clock_ms[c];
    }
    snprintf(rec->result, sizeof rec->result, "%s", r->result);
    snprintf(rec->reason, sizeof rec->reason, "%s", r->reason);
    if (run->pgn)
        write_pgn(run, index, rec, game, r);
    if (!rec->played)
        return;
    bool white_won = strcmp(r->result, "1-0") == 0, black_won = strcmp(r->result, "0-1") == 0;
    rec->a_points = white_won ? (a_white ? 1.0 : 0.0) : black_won ? (a_white ? 0.0 : 1.0) : 0.5;
    run->wins += rec->a_points == 1.0;
    run->losses += rec->a_points == 0.0;
    run->draws += rec->a_points == 0.5;
    run->played++;
    /* Who lost on time or by an illegal move: the loser, A (0) or B (1). */
    int loser = rec->a_points == 0.0 ? 0 : 1;
    if (r->end == MATCH_END_TIME)
        run->time_losses[loser]++;
    if (r->end == MATCH_END_ILLEGAL) {
        run->illegal[loser]++;
        fprintf(run->progress, "chesslab match: game %d: %s\n", index + 1, r->reason);
    }
    fprintf(run->progress, "game %d/%ld (%s, A %s): %s %s (%s); A: %d-%d-%d\n", index + 1, run->games,
            run->openings[opening].name, a_white ? "white" : "black", r->result, match_end_termination(r->end),
            r->reason, run->wins, run->draws, run->losses);
    book_pair(run, index);
    fflush(run->progress);
}

static void *worker_main(void *arg)
{
    MatchWorker *w = arg;
    MatchRun *run = w->run;
    for (int e = 0; e < 2; e++)
        uci_client_set_wake(&w->player[e].client, run->stop_fd);
    for (;;) {
        pthread_mutex_lock(&run->lock);
        bool more = run->next_game < run->games && !atomic_load(&run->abort) && !run->sprt_stopped;
        if (more && stop_asked(run)) {
            run->stopped = true;
            more = false;
        }
        int index = more ? run->next_game++ : -1;
        pthread_mutex_unlock(&run->lock);
        if (index < 0)
            break;
        bool a_white = index % 2 == 0;
        int opening = match_run_opening(run, index);
        match_play_game(&w->player[a_white ? 0 : 1], &w->player[a_white ? 1 : 0], &run->openings[opening],
                        run->settings, w->game, &run->abort, &w->result);
        pthread_mutex_lock(&run->lock);
        record_game(run, index, a_white, opening, &w->result, w->game);
        pthread_mutex_unlock(&run->lock);
    }
    return NULL;
}

int match_run_opening(const MatchRun *run, int index)
{
    return run->order[index / 2 % run->opening_count];
}

double match_run_games_per_minute(const MatchRun *run)
{
    int64_t ms = run->elapsed_ms > 0 ? run->elapsed_ms : run->start_ms > 0 ? timer_now_ms() - run->start_ms : 0;
    return ms > 0 ? run->played * 60000.0 / (double)ms : 0.0;
}

MatchStart match_run_start(MatchRun *run, char *err, size_t err_len)
{
    run->records = calloc((size_t)run->games, sizeof *run->records);
    run->workers = calloc((size_t)run->concurrency, sizeof *run->workers);
    run->order = calloc((size_t)run->opening_count, sizeof *run->order);
    MatchStart status = run->records && run->workers && run->order ? MATCH_STARTED : MATCH_ENGINE_FAILED;
    if (run->order)
        openings_order(run->order, run->opening_count, run->seed);
    if (status != MATCH_STARTED)
        snprintf(err, err_len, "out of memory");
    /* Engines start from this thread only, before any game (uci_client.h). */
    for (long i = 0; status == MATCH_STARTED && i < run->concurrency; i++) {
        MatchWorker *w = &run->workers[i];
        w->run = run;
        w->game = game_new(run->gen);
        if (w->game == NULL) {
            snprintf(err, err_len, "out of memory");
            status = MATCH_ENGINE_FAILED;
        }
        for (int e = 0; status == MATCH_STARTED && e < 2; e++) {
            char label[16];
            snprintf(label, sizeof label, "engine %c", "AB"[e]);
            status = match_player_start(&w->player[e], label, &run->spec[e], run->settings,
                                        i == 0 ? run->warnings : NULL, err, err_len);
            w->started[e] = true;
        }
    }
    if (status != MATCH_STARTED)
        return status;
    for (int e = 0; e < 2; e++)
        snprintf(run->names[e], sizeof run->names[e], "%s", run->workers[0].player[e].name);
    if (strcmp(run->names[0], run->names[1]) == 0)
        for (int e = 0; e < 2; e++) {
            size_t used = strlen(run->names[e]);
            snprintf(run->names[e] + used, sizeof run->names[e] - used, " %c", "AB"[e]);
        }
    return MATCH_STARTED;
}

void match_run_play(MatchRun *run)
{
    int64_t start_ms = timer_now_ms();
    run->start_ms = start_ms;
    run->elapsed_ms = 0;
    pthread_mutex_init(&run->lock, NULL);
    atomic_init(&run->abort, false);
    long started = 0;
    for (; started < run->concurrency; started++)
        if (pthread_create(&run->workers[started].thread, NULL, worker_main, &run->workers[started]) != 0)
            break;
    if (started == 0)
        worker_main(&run->workers[0]);
    for (long i = 0; i < started; i++)
        pthread_join(run->workers[i].thread, NULL);
    pthread_mutex_destroy(&run->lock);
    run->elapsed_ms = timer_now_ms() - start_ms;
}

void match_run_finish(MatchRun *run)
{
    for (long i = 0; run->workers != NULL && i < run->concurrency; i++) {
        for (int e = 0; e < 2; e++)
            if (run->workers[i].started[e])
                match_player_stop(&run->workers[i].player[e]);
        game_free(run->workers[i].game);
    }
    free(run->workers);
    run->workers = NULL;
    free(run->records);
    run->records = NULL;
    free(run->order);
    run->order = NULL;
}
