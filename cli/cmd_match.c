/* chesslab match: games between two UCI engines, by default this chesslab
 * with two option sets (an SMP variant on N threads against serial on
 * one): openings from a file or a built-in set (play/openings.h), each
 * played twice with the colours swapped, clocks kept here, every move
 * refereed by the project's rules (play/match.c), games run across workers
 * and PGN written by play/match_runner.h. This file parses the options and
 * prints: the score with its Elo difference and 95% error bar (play/elo.h)
 * and the JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "play/elo.h"
#include "play/match.h"
#include "play/match_runner.h"
#include "play/openings.h"
#include "bench/result_json.h"
#include "cli/commands.h"
#include "cli/engine_flags.h"
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

enum { MATCH_MAX_GAMES = 100000, MATCH_MAX_CONCURRENCY = 64 };

typedef struct MatchOptions {
    MatchEngineSpec spec[2]; /* A, B */
    MatchSettings settings;
    long games, concurrency;
    const char *openings_file, *pgn_file, *out_file;
} MatchOptions;

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
    char err[512];
    int count = openings_load(o->openings_file, registry_default(), out, err, sizeof err);
    if (count == OPENINGS_NO_MEMORY)
        cli_error("match", "out of memory");
    else if (count <= 0)
        cli_error("match", "--openings: %s", err);
    return count;
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

static void print_summary(const MatchOptions *o, const MatchRun *run, const EloEstimate *e)
{
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

static void write_json(FILE *f, const MatchOptions *o, const MatchRun *run, const EloEstimate *e)
{
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
        const MatchGameRecord *r = &run->records[i];
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

int cmd_match(int argc, char **argv)
{
    const char *cmd = "match";
    MatchOptions o;
    int status = parse_options(argc, argv, &o);
    if (status)
        return status;
    MatchRun run = { .spec = o.spec, .settings = &o.settings, .games = o.games, .concurrency = o.concurrency,
                     .gen = registry_default(), .progress = stderr, .warnings = stderr };
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
    char err[512];
    MatchStart got = match_run_start(&run, err, sizeof err);
    status = got == MATCH_STARTED ? 0 : got == MATCH_BAD_OPTION ? EXIT_USAGE : 1;
    if (status == 0) {
        match_run_play(&run);
        EloEstimate e = elo_estimate(run.wins, run.draws, run.losses);
        print_summary(&o, &run, &e);
        if (json)
            write_json(json, &o, &run, &e);
        if (run.error[0]) {
            snprintf(err, sizeof err, "%s", run.error);
            status = 1;
        }
    }
    match_run_finish(&run);
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
    free(openings);
    return status;
}
