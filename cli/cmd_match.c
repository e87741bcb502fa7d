/* chesslab match: games between two UCI engines, by default this chesslab
 * with two option sets (an SMP variant on N threads against serial on
 * one): openings from a file or a built-in set, each played twice with the
 * colours swapped, clocks kept here, every move refereed by the project's
 * rules (play/match.c), PGN written, and the score with its Elo
 * difference and 95% error bar (play/elo.h) at the end. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/args.h"
#include "play/elo.h"
#include "play/match.h"
#include "core/position_file.h"
#include "bench/result_json.h"
#include "cli/commands.h"
#include "cli/engine_flags.h"
#include "core/pgn.h"
#include "movegen_variants/registry.h"

static const char *const usage_text =
    "usage: chesslab match [--engine-a OPTIONS] [--engine-b OPTIONS] [--games N] [--tc MS+INC]\n"
    "                      [--openings FILE] [--pgn FILE] [--out FILE] [--concurrency N]\n"
    "                      [--hash MB] [--depth D] [--time-margin MS] [--path-a FILE] [--path-b FILE]\n"
    "\n"
    "Plays N games (default 10) between engine A and engine B, two `chesslab uci`\n"
    "processes (this binary) configured with setoption from OPTIONS, a comma list\n"
    "of Name=value, e.g. --engine-a \"SMP=lazy,Threads=2\" --engine-b \"SMP=serial\".\n"
    "Options are checked against what the engine declares (name, range, values).\n"
    "\n"
    "  --games N         games (default 10); game 2k and 2k+1 play the same opening\n"
    "                    with colours swapped (A is White in even-numbered games)\n"
    "  --tc MS+INC       clock per side in ms and increment per move (default 10000+100)\n"
    "  --openings FILE   FEN or EPD lines (default: 16 built-in balanced openings)\n"
    "  --pgn FILE        the games in PGN\n"
    "  --out FILE        the result as JSON (schema chesslab-match/1)\n"
    "  --concurrency N   games played at once, each by its own pair of engines (default 1)\n"
    "  --hash MB         Hash of both engines (unless OPTIONS set it)\n"
    "  --depth D         also limit every search to depth D (fast test matches)\n"
    "  --time-margin MS  overrun of the clock tolerated before a loss on time (default 100)\n"
    "  --path-a/-b FILE  run another UCI engine instead of this chesslab\n"
    "\n"
    "Games end by the rules (mate, stalemate, dead position, 75-move rule;\n"
    "threefold repetition and the fifty-move rule claimed at once), a loss on\n"
    "time or an illegal move. An engine that crashes or hangs stops the match:\n"
    "error message, exit status 1. Bad options: exit status 2.\n";

enum { MATCH_MAX_GAMES = 100000, MATCH_MAX_CONCURRENCY = 64, MATCH_MAX_OPENINGS = 4096 };

/* Main lines of well-known balanced openings, as UCI moves from the
 * standard position. */
static const struct {
    const char *name, *moves;
} builtin_openings[] = {
    { "Ruy Lopez", "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6" },
    { "Italian", "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 c2c3 g8f6" },
    { "Petrov", "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6 e5f3 f6e4" },
    { "Sicilian Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6" },
    { "French", "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6" },
    { "Caro-Kann", "e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4 c8f5" },
    { "Scandinavian", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5" },
    { "Queen's Gambit Declined", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6 c1g5 f8e7" },
    { "Slav", "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6 b1c3 d5c4" },
    { "King's Indian", "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6" },
    { "Nimzo-Indian", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4" },
    { "Queen's Indian", "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6" },
    { "Gruenfeld", "d2d4 g8f6 c2c4 g7g6 b1c3 d7d5" },
    { "Dutch", "d2d4 f7f5 g2g3 g8f6 f1g2 e7e6 g1f3 f8e7" },
    { "English", "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5" },
    { "Reti", "g1f3 d7d5 g2g3 g8f6 f1g2 e7e6 e1g1 f8e7" },
};
enum { BUILTIN_OPENINGS = sizeof builtin_openings / sizeof builtin_openings[0] };

typedef struct MatchOptions {
    MatchEngineSpec spec[2]; /* A, B */
    MatchSettings settings;
    long games, concurrency;
    const char *openings_file, *pgn_file, *out_file;
} MatchOptions;

/* One game's outcome, from A's side. */
typedef struct GameRecord {
    bool played;
    bool a_white;
    int opening;
    MatchEnd end;
    char result[8];
    double a_points;
    int plies;
    char reason[320];
} GameRecord;

typedef struct MatchRun {
    const MatchOptions *o;
    const MatchOpening *openings;
    int opening_count;
    pthread_mutex_t lock;
    int next_game;
    atomic_bool abort;
    GameRecord *records;
    int wins, draws, losses, played;
    int time_losses[2], illegal[2]; /* by A, by B */
    FILE *pgn;
    char error[512];
    char names[2][416];
} MatchRun;

typedef struct Worker {
    MatchRun *run;
    MatchPlayer player[2]; /* A, B */
    bool started[2];
    Game *game;
    pthread_t thread;
} Worker;

/* ---- options ---- */

static bool parse_tc(const char *cmd, const char *text, MatchSettings *s)
{
    char *end;
    long long base = strtoll(text, &end, 10), inc = 0;
    bool ok = end != text && base > 0 && base <= 86400000LL;
    if (ok && *end == '+') {
        const char *from = end + 1;
        inc = strtoll(from, &end, 10);
        ok = end != from && inc >= 0 && inc <= 3600000LL;
    }
    if (!ok || *end != '\0') {
        cli_error(cmd, "--tc '%s' is not MS+INC (milliseconds per side and per move, e.g. 2000+20)", text);
        return false;
    }
    s->base_ms = base;
    s->inc_ms = inc;
    return true;
}

static int parse_options(int argc, char **argv, MatchOptions *o)
{
    const char *cmd = "match";
    *o = (MatchOptions){ .games = 10, .concurrency = 1,
                         .settings = { .base_ms = 10000, .inc_ms = 100, .margin_ms = 100 } };
    char err[256];
    const char *spec_text[2] = { "", "" };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        if (cli_is_help(a)) {
            fputs(usage_text, stdout);
            exit(0);
        } else if (strcmp(a, "--engine-a") == 0 || strcmp(a, "--engine-b") == 0) {
            if (!(spec_text[a[9] == 'b'] = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--path-a") == 0 || strcmp(a, "--path-b") == 0) {
            if (!(o->spec[a[7] == 'b'].path = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--games") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--games", v, 1, MATCH_MAX_GAMES, &o->games))
                return EXIT_USAGE;
        } else if (strcmp(a, "--tc") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !parse_tc(cmd, v, &o->settings))
                return EXIT_USAGE;
        } else if (strcmp(a, "--openings") == 0) {
            if (!(o->openings_file = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--pgn") == 0) {
            if (!(o->pgn_file = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--out") == 0) {
            if (!(o->out_file = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--concurrency") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_long(cmd, "--concurrency", v, 1, MATCH_MAX_CONCURRENCY, &o->concurrency))
                return EXIT_USAGE;
        } else if (strcmp(a, "--hash") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_engine_value(cmd, ENGINE_OPT_HASH, v, &n))
                return EXIT_USAGE;
            o->settings.hash_mb = n;
        } else if (strcmp(a, "--depth") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--depth", v, 1, 100, &n))
                return EXIT_USAGE;
            o->settings.depth = (int)n;
        } else if (strcmp(a, "--time-margin") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--time-margin", v, 0, 60000, &n))
                return EXIT_USAGE;
            o->settings.margin_ms = n;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab match --help)", a);
            return EXIT_USAGE;
        }
    }
    for (int e = 0; e < 2; e++) {
        const char *path = o->spec[e].path;
        if (!match_spec_parse(spec_text[e], &o->spec[e], err, sizeof err)) {
            cli_error(cmd, "--engine-%c: %s", "ab"[e], err);
            return EXIT_USAGE;
        }
        o->spec[e].path = path;
        if (path && access(path, X_OK) != 0) {
            cli_error(cmd, "--path-%c: cannot run '%s'", "ab"[e], path);
            return EXIT_USAGE;
        }
    }
    return 0;
}

/* ---- openings ---- */

static int load_openings(const MatchOptions *o, MatchOpening **out)
{
    const char *cmd = "match";
    char err[512];
    int count = BUILTIN_OPENINGS;
    MatchOpening *openings = NULL;
    if (o->openings_file) {
        NamedPosition *lines = calloc(MATCH_MAX_OPENINGS, sizeof *lines);
        count = lines ? position_file_read(o->openings_file, lines, MATCH_MAX_OPENINGS, err, sizeof err) : -1;
        if (count <= 0) {
            cli_error(cmd, "--openings: %s", lines ? err : "out of memory");
            free(lines);
            return -1;
        }
        openings = calloc((size_t)count, sizeof *openings);
        for (int i = 0; openings && i < count; i++) {
            snprintf(openings[i].name, sizeof openings[i].name, "%s", lines[i].name);
            openings[i].start = lines[i].setup;
        }
        free(lines);
    } else {
        openings = calloc((size_t)count, sizeof *openings);
        for (int i = 0; openings && i < count; i++) {
            snprintf(openings[i].name, sizeof openings[i].name, "%s", builtin_openings[i].name);
            setup_from_fen(&openings[i].start, FEN_STARTPOS, NULL, 0);
            snprintf(openings[i].moves, sizeof openings[i].moves, "%s", builtin_openings[i].moves);
        }
    }
    if (openings == NULL) {
        cli_error(cmd, "out of memory");
        return -1;
    }
    /* Every opening is checked once, before any engine starts. */
    Game *game = game_new(registry_default());
    for (int i = 0; game && i < count; i++)
        if (!match_opening_start(&openings[i], game, err, sizeof err)) {
            cli_error(cmd, "--openings: %s", err);
            game_free(game);
            free(openings);
            return -1;
        }
    game_free(game);
    *out = openings;
    return count;
}

/* ---- playing ---- */

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

static void write_pgn(MatchRun *run, int index, const GameRecord *rec, const Game *game)
{
    const MatchOptions *o = run->o;
    PgnTags tags = { 0 };
    char round[16], date[16], host[128] = "?", tc[64], base[24], inc[24], plies[16];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(date, sizeof date, "%Y.%m.%d", &tm);
    gethostname(host, sizeof host - 1);
    snprintf(round, sizeof round, "%d", index + 1);
    seconds_text(o->settings.base_ms, base, sizeof base);
    seconds_text(o->settings.inc_ms, inc, sizeof inc);
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
    pgn_write_game(run->pgn, &tags, game, rec->result);
    fflush(run->pgn);
    pgn_tags_free(&tags);
}

/* Books a finished game (under the lock). */
static void record_game(MatchRun *run, int index, bool a_white, int opening, const MatchGameResult *r,
                        const Game *game)
{
    GameRecord *rec = &run->records[index];
    if (r->end == MATCH_END_ABORTED)
        return;
    if (r->end == MATCH_END_FAILED) {
        if (run->error[0] == '\0')
            snprintf(run->error, sizeof run->error, "game %d: %s", index + 1, r->reason);
        atomic_store(&run->abort, true);
    }
    *rec = (GameRecord){ .played = r->end != MATCH_END_FAILED, .a_white = a_white, .opening = opening,
                         .end = r->end, .plies = game_ply_count(game) };
    snprintf(rec->result, sizeof rec->result, "%s", r->result);
    snprintf(rec->reason, sizeof rec->reason, "%s", r->reason);
    if (run->pgn)
        write_pgn(run, index, rec, game);
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
        fprintf(stderr, "chesslab match: game %d: %s\n", index + 1, r->reason);
    }
    fprintf(stderr, "game %d/%ld (%s, A %s): %s %s (%s); A: %d-%d-%d\n", index + 1, run->o->games,
            run->openings[opening].name, a_white ? "white" : "black", r->result,
            match_end_termination(r->end), r->reason, run->wins, run->draws, run->losses);
    fflush(stderr);
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    MatchRun *run = w->run;
    for (;;) {
        pthread_mutex_lock(&run->lock);
        int index = run->next_game < run->o->games && !atomic_load(&run->abort) ? run->next_game++ : -1;
        pthread_mutex_unlock(&run->lock);
        if (index < 0)
            break;
        bool a_white = index % 2 == 0;
        int opening = index / 2 % run->opening_count;
        MatchGameResult r;
        match_play_game(&w->player[a_white ? 0 : 1], &w->player[a_white ? 1 : 0], &run->openings[opening],
                        &run->o->settings, w->game, &run->abort, &r);
        pthread_mutex_lock(&run->lock);
        record_game(run, index, a_white, opening, &r, w->game);
        pthread_mutex_unlock(&run->lock);
    }
    return NULL;
}

/* ---- results ---- */

static void elo_text(double elo, char *buf, size_t len)
{
    if (isinf(elo))
        snprintf(buf, len, "%s", elo > 0 ? "+inf" : "-inf");
    else
        snprintf(buf, len, "%+.1f", elo);
}

/* JSON has no infinity: null. */
static void json_number(FILE *f, double x)
{
    if (isfinite(x))
        fprintf(f, "%.2f", x);
    else
        fprintf(f, "null");
}

static void print_summary(const MatchRun *run, const EloEstimate *e)
{
    const MatchOptions *o = run->o;
    char elo[24], error[24], low[24], high[24];
    elo_text(e->elo, elo, sizeof elo);
    elo_text(e->low, low, sizeof low);
    elo_text(e->high, high, sizeof high);
    if (isinf(e->error))
        snprintf(error, sizeof error, "inf");
    else
        snprintf(error, sizeof error, "%.1f", e->error);
    printf("match: A = %s\n       B = %s\n", run->names[0], run->names[1]);
    printf("%d of %ld games, clock %lld+%lld ms%s, %d openings (%s), concurrency %ld\n", run->played, o->games,
           (long long)o->settings.base_ms, (long long)o->settings.inc_ms, o->settings.depth ? " and depth limit" : "",
           run->opening_count, o->openings_file ? o->openings_file : "built-in", o->concurrency);
    printf("score of A: W-D-L %d-%d-%d, %.1f/%d = %.3f\n", run->wins, run->draws, run->losses,
           run->wins + 0.5 * run->draws, run->played, e->score);
    printf("Elo difference A - B: %s +/- %s (95%% interval %s .. %s)\n", elo, error, low, high);
    printf("losses on time: A %d, B %d; illegal moves: A %d, B %d\n", run->time_losses[0], run->time_losses[1],
           run->illegal[0], run->illegal[1]);
}

static void write_json(FILE *f, const MatchRun *run, const EloEstimate *e)
{
    const MatchOptions *o = run->o;
    Topology *topology = topology_open();
    result_json_header(f, "chesslab-match/1", topology);
    topology_close(topology);
    fprintf(f, "  \"method\": {\"games\": %ld, \"base_ms\": %lld, \"inc_ms\": %lld, \"time_margin_ms\": %lld, "
               "\"depth\": %d, \"hash_mb\": %ld, \"concurrency\": %ld,\n    \"openings\": ",
            o->games, (long long)o->settings.base_ms, (long long)o->settings.inc_ms,
            (long long)o->settings.margin_ms, o->settings.depth, o->settings.hash_mb, o->concurrency);
    json_write_string(f, o->openings_file ? o->openings_file : "built-in");
    fprintf(f, ", \"opening_count\": %d, \"colours\": \"each opening twice, colours swapped\",\n"
               "    \"elo\": \"logistic; 95%% interval from the per-game score variance\"},\n",
            run->opening_count);
    fprintf(f, "  \"engines\": {");
    for (int i = 0; i < 2; i++) {
        fprintf(f, "%s\"%c\": {\"name\": ", i ? ", " : "", "AB"[i]);
        json_write_string(f, run->names[i]);
        fprintf(f, ", \"options\": ");
        json_write_string(f, o->spec[i].text);
        fprintf(f, ", \"path\": ");
        if (o->spec[i].path)
            json_write_string(f, o->spec[i].path);
        else
            fprintf(f, "null");
        fprintf(f, "}");
    }
    fprintf(f, "},\n  \"games\": [");
    int written = 0;
    for (int i = 0; i < o->games; i++) {
        const GameRecord *r = &run->records[i];
        if (r->result[0] == '\0')
            continue; /* not played */
        fprintf(f, "%s\n    {\"round\": %d, \"white\": \"%c\", \"opening\": ", written++ ? "," : "", i + 1,
                r->a_white ? 'A' : 'B');
        json_write_string(f, run->openings[r->opening].name);
        fprintf(f, ", \"result\": \"%s\", \"a_points\": ", r->result);
        if (r->played)
            fprintf(f, "%.1f", r->a_points);
        else
            fprintf(f, "null");
        fprintf(f, ", \"plies\": %d, \"termination\": \"%s\", \"reason\": ", r->plies, match_end_termination(r->end));
        json_write_string(f, r->reason);
        fprintf(f, "}");
    }
    fprintf(f, "\n  ],\n  \"score\": {\"games\": %d, \"wins\": %d, \"draws\": %d, \"losses\": %d, \"fraction\": %.4f, "
               "\"time_losses\": {\"A\": %d, \"B\": %d}, \"illegal_moves\": {\"A\": %d, \"B\": %d}},\n",
            run->played, run->wins, run->draws, run->losses, e->score, run->time_losses[0], run->time_losses[1],
            run->illegal[0], run->illegal[1]);
    fprintf(f, "  \"elo\": {\"difference\": ");
    json_number(f, e->elo);
    fprintf(f, ", \"error_95\": ");
    json_number(f, e->error);
    fprintf(f, ", \"low\": ");
    json_number(f, e->low);
    fprintf(f, ", \"high\": ");
    json_number(f, e->high);
    fprintf(f, ", \"score_stderr\": %.5f},\n  \"error\": ", e->score_stderr);
    if (run->error[0])
        json_write_string(f, run->error);
    else
        fprintf(f, "null");
    fprintf(f, "\n}\n");
}

/* ---- the command ---- */

static void stop_workers(Worker *workers, long count)
{
    for (long i = 0; i < count; i++) {
        for (int e = 0; e < 2; e++)
            if (workers[i].started[e])
                match_player_stop(&workers[i].player[e]);
        game_free(workers[i].game);
    }
    free(workers);
}

int cmd_match(int argc, char **argv)
{
    const char *cmd = "match";
    MatchOptions o;
    int status = parse_options(argc, argv, &o);
    if (status)
        return status;
    MatchRun run = { .o = &o };
    MatchOpening *openings = NULL;
    if ((run.opening_count = load_openings(&o, &openings)) <= 0)
        return EXIT_USAGE;
    run.openings = openings;
    FILE *json = NULL;
    if (o.pgn_file && (run.pgn = fopen(o.pgn_file, "w")) == NULL) {
        cli_error(cmd, "--pgn: cannot write '%s'", o.pgn_file);
        free(openings);
        return EXIT_USAGE;
    }
    if (o.out_file && (json = fopen(o.out_file, "w")) == NULL) {
        cli_error(cmd, "--out: cannot write '%s'", o.out_file);
        if (run.pgn)
            fclose(run.pgn);
        free(openings);
        return EXIT_USAGE;
    }
    run.records = calloc((size_t)o.games, sizeof *run.records);
    Worker *workers = calloc((size_t)o.concurrency, sizeof *workers);
    char err[512];
    status = run.records && workers ? 0 : 1;
    if (status)
        snprintf(err, sizeof err, "out of memory");
    /* Engines start from this thread only, before any game (uci_client.h). */
    for (long i = 0; status == 0 && i < o.concurrency; i++) {
        workers[i].run = &run;
        workers[i].game = game_new(registry_default());
        if (workers[i].game == NULL) {
            snprintf(err, sizeof err, "out of memory");
            status = 1;
        }
        for (int e = 0; status == 0 && e < 2; e++) {
            char label[16];
            snprintf(label, sizeof label, "engine %c", "AB"[e]);
            MatchStart got = match_player_start(&workers[i].player[e], label, &o.spec[e], &o.settings,
                                                i == 0 ? stderr : NULL, err, sizeof err);
            workers[i].started[e] = true;
            status = got == MATCH_STARTED ? 0 : got == MATCH_BAD_OPTION ? EXIT_USAGE : 1;
        }
    }
    if (status == 0) {
        for (int e = 0; e < 2; e++)
            snprintf(run.names[e], sizeof run.names[e], "%s", workers[0].player[e].name);
        if (strcmp(run.names[0], run.names[1]) == 0)
            for (int e = 0; e < 2; e++) {
                size_t used = strlen(run.names[e]);
                snprintf(run.names[e] + used, sizeof run.names[e] - used, " %c", "AB"[e]);
            }
        pthread_mutex_init(&run.lock, NULL);
        atomic_init(&run.abort, false);
        long started = 0;
        for (; started < o.concurrency; started++)
            if (pthread_create(&workers[started].thread, NULL, worker_main, &workers[started]) != 0)
                break;
        if (started == 0)
            worker_main(&workers[0]);
        for (long i = 0; i < started; i++)
            pthread_join(workers[i].thread, NULL);
        pthread_mutex_destroy(&run.lock);
        EloEstimate e = elo_estimate(run.wins, run.draws, run.losses);
        print_summary(&run, &e);
        if (json)
            write_json(json, &run, &e);
        if (run.error[0]) {
            snprintf(err, sizeof err, "%s", run.error);
            status = 1;
        }
    }
    stop_workers(workers, workers ? o.concurrency : 0);
    if (run.pgn && fclose(run.pgn) != 0 && status == 0) {
        snprintf(err, sizeof err, "--pgn: cannot write '%s'", o.pgn_file);
        status = 1;
    }
    if (json && fclose(json) != 0 && status == 0) {
        snprintf(err, sizeof err, "--out: cannot write '%s'", o.out_file);
        status = 1;
    }
    if (status)
        cli_error(cmd, "%s", err);
    free(run.records);
    free(openings);
    return status;
}
