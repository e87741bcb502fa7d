/* chesslab match: games between two UCI engines, by default this chesslab
 * with two option sets (an SMP variant on N threads against serial on
 * one): openings from a file or a built-in set (play/openings.h), each
 * played twice with the colours swapped, clocks kept here, every move
 * refereed by the project's rules (play/match.c), games run across workers
 * and PGN written by play/match_runner.h. This file parses the options and
 * prints: the score with its Elo difference and 95% error bar (play/elo.h)
 * and the JSON. A signal stops the match in order (cli/stop_signals.h):
 * the games finished are reported as a finished match's are. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/args.h"
#include "core/atomic_file.h"
#include "core/chess960.h"
#include "play/elo.h"
#include "play/match.h"
#include "play/match_runner.h"
#include "play/openings.h"
#include "play/sprt.h"
#include "bench/result_json.h"
#include "cli/commands.h"
#include "cli/engine_flags.h"
#include "cli/stop_signals.h"
#include "movegen_variants/registry.h"

static const char *const usage_text =
    "usage: chesslab match [--engine-a OPTIONS] [--engine-b OPTIONS] [--games N] [--tc MS+INC]\n"
    "                      [--openings FILE] [--pgn FILE] [--out FILE] [--concurrency N]\n"
    "                      [--hash MB] [--depth D] [--time-margin MS] [--path-a FILE] [--path-b FILE]\n"
    "                      [--sprt elo0=E0,elo1=E1[,alpha=A,beta=B]] [--sprt-prior N0,N1,N2,N3,N4]\n"
    "                      [--seed S]\n"
    "                      [--variant standard|chess960]\n"
    "\n"
    "Plays N games (default 10) between engine A and engine B, two `chesslab uci`\n"
    "processes (this binary) configured with setoption from OPTIONS, a comma list\n"
    "of Name=value, e.g. --engine-a \"SMP=lazy,Threads=2\" --engine-b \"SMP=serial\".\n"
    "Options are checked against what the engine declares (name, range, values).\n"
    "\n"
    "  --games N         games (default 10, with --sprt 20000 at most); game 2k and\n"
    "                    2k+1 are a pair: the same opening with colours swapped\n"
    "                    (A is White in even-numbered games)\n"
    "  --sprt SPEC       stop when the SPRT decides: H0 (A is not elo0 better) or\n"
    "                    H1 (A is elo1 better); bounds in normalised Elo, alpha and\n"
    "                    beta 0.05 by default, e.g. elo0=0,elo1=5\n"
    "  --sprt-prior P    go on with an SPRT that reached its cap undecided: the\n"
    "                    pentanomial pair counts it printed (N0,...,N4) are counted\n"
    "                    with this run's pairs (give another --seed for new openings)\n"
    "  --seed S          the order of the openings, each played once before any\n"
    "                    repeats (default 1)\n"
    "  --tc MS+INC       clock per side in ms and increment per move (default 10000+100)\n"
    "  --openings FILE   FEN or EPD lines, or PGN games (a .pgn file: each game's\n"
    "                    moves); default: 16 built-in balanced openings;\n"
    "                    openings/book-8ply.epd holds 1200\n"
    "  --variant V       standard (default) or chess960: both engines get\n"
    "                    UCI_Chess960, castling goes king takes rook; the start\n"
    "                    positions are the 960 numbered ones in --seed order,\n"
    "                    or those of --openings (FEN lines, X-FEN or Shredder-FEN)\n"
    "  --pgn FILE        the games in PGN\n"
    "  --out FILE        the result as JSON (schema chesslab-match/1); both files\n"
    "                    are written beside FILE and renamed over it once complete\n"
    "  --concurrency N   games played at once, each by its own pair of engines (default 1)\n"
    "  --hash MB         Hash of both engines (unless OPTIONS set it)\n"
    "  --depth D         also limit every search to depth D (fast test matches)\n"
    "  --time-margin MS  overrun of the clock tolerated before a loss on time (default 100)\n"
    "  --path-a/-b FILE  run another UCI engine instead of this chesslab\n"
    "\n"
    "Games end by the rules (mate, stalemate, dead position, 75-move rule;\n"
    "threefold repetition and the fifty-move rule claimed at once), a loss on\n"
    "time or an illegal move. An engine that crashes or hangs stops the match:\n"
    "error message, exit status 1. Bad options: exit status 2.\n"
    "\n"
    "SIGTERM, and SIGINT (Ctrl-C) and SIGHUP unless they were ignored at start (as\n"
    "in a script's background jobs, or under nohup), stop the match: no new game\n"
    "starts, the games under way are abandoned (not counted), the summary, JSON\n"
    "(\"stopped\") and PGN of the games finished are written, and the match ends\n"
    "by that signal (a shell shows 128+N: 143 for SIGTERM, 130 for SIGINT). A\n"
    "second signal, a second or more later, ends it at once.\n";

enum { MATCH_MAX_GAMES = 100000, MATCH_MAX_CONCURRENCY = 64, MATCH_SPRT_GAMES = 20000 };

typedef struct MatchOptions {
    MatchEngineSpec spec[2]; /* A, B */
    MatchSettings settings;
    long games, concurrency;
    const char *openings_file, *pgn_file, *out_file;
    bool games_given;
    bool sprt_on;
    SprtConfig sprt;
    bool prior_given;
    Pentanomial sprt_prior;
    uint64_t seed;
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
    *o = (MatchOptions){ .games = 10, .concurrency = 1, .seed = 1,
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
            o->games_given = true;
        } else if (strcmp(a, "--sprt") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
            if (!sprt_parse(v, &o->sprt, err, sizeof err)) {
                cli_error(cmd, "--sprt '%s': %s", v, err);
                return EXIT_USAGE;
            }
            o->sprt_on = true;
        } else if (strcmp(a, "--sprt-prior") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
            if (!pentanomial_parse(v, &o->sprt_prior, err, sizeof err)) {
                cli_error(cmd, "--sprt-prior '%s': %s", v, err);
                return EXIT_USAGE;
            }
            o->prior_given = true;
        } else if (strcmp(a, "--seed") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--seed", v, 0, 2147483647L, &n))
                return EXIT_USAGE;
            o->seed = (uint64_t)n;
        } else if (strcmp(a, "--tc") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !parse_tc(cmd, v, &o->settings))
                return EXIT_USAGE;
        } else if (strcmp(a, "--variant") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
            if (strcmp(v, "chess960") != 0 && strcmp(v, "standard") != 0) {
                cli_error(cmd, "--variant '%s': expected standard or chess960", v);
                return EXIT_USAGE;
            }
            o->settings.chess960 = strcmp(v, "chess960") == 0;
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
    if (o->sprt_on && !o->games_given)
        o->games = MATCH_SPRT_GAMES;
    if (o->prior_given && !o->sprt_on) {
        cli_error(cmd, "--sprt-prior continues an SPRT: give --sprt too");
        return EXIT_USAGE;
    }
    if (o->prior_given && sprt_state(&o->sprt, &o->sprt_prior).verdict != SPRT_CONTINUE) {
        cli_error(cmd, "--sprt-prior: those pairs already decide the test (LLR %.2f)",
                  sprt_state(&o->sprt, &o->sprt_prior).llr);
        return EXIT_USAGE;
    }
    if (o->sprt_on && o->games < 2) {
        cli_error(cmd, "--sprt counts game pairs: --games must be at least 2");
        return EXIT_USAGE;
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

/* Chess960 without --openings: every numbered start position, named by
 * its number (the --seed order picks among them). */
static int chess960_openings(MatchOpening **out)
{
    *out = calloc(CHESS960_POSITIONS, sizeof **out);
    if (*out == NULL)
        return OPENINGS_NO_MEMORY;
    for (int n = 0; n < CHESS960_POSITIONS; n++) {
        snprintf((*out)[n].name, sizeof (*out)[n].name, "Chess960 #%d", n);
        chess960_start_position(n, &(*out)[n].start);
    }
    return CHESS960_POSITIONS;
}

static int load_openings(const MatchOptions *o, MatchOpening **out)
{
    char err[512];
    int count = o->settings.chess960 && !o->openings_file
                    ? chess960_openings(out)
                    : openings_load(o->openings_file, registry_default(), out, err, sizeof err);
    if (count == OPENINGS_NO_MEMORY)
        cli_error("match", "out of memory");
    else if (count <= 0)
        cli_error("match", "--openings: %s", err);
    for (int i = 0; i < count && o->settings.chess960; i++)
        (*out)[i].start.chess960 = true;
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

/* stopped: the signal that stopped the match ("SIGTERM"), NULL when none did. */
static int compare_int64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* How each engine used its clock over the games played: the mean time a
 * move and the median clock left when a game ended. */
static void print_clock_use(const MatchOptions *o, const MatchRun *run)
{
    int64_t *left = malloc((size_t)o->games * sizeof *left);
    if (left == NULL || run->played == 0) {
        free(left);
        return;
    }
    printf("clock use:");
    for (int e = 0; e < 2; e++) {
        int64_t think = 0, moves = 0;
        size_t n = 0;
        for (int i = 0; i < o->games; i++) {
            const MatchGameRecord *r = &run->records[i];
            if (!r->played)
                continue;
            think += r->think_ms[e];
            moves += r->moves[e];
            left[n++] = r->clock_end_ms[e];
        }
        qsort(left, n, sizeof *left, compare_int64);
        double median = n % 2 ? (double)left[n / 2] : ((double)left[n / 2 - 1] + (double)left[n / 2]) / 2;
        printf("%s %c %.0f ms a move, %.1f s left at the end (median)", e ? ";" : "", "AB"[e],
               moves ? (double)think / (double)moves : 0.0, median / 1000.0);
    }
    printf("\n");
    free(left);
}

static void print_summary(const MatchOptions *o, const MatchRun *run, const EloEstimate *e, const char *stopped)
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
    printf("%d of %ld games, clock %lld+%lld ms%s, %d openings (%s, seed %llu), concurrency %ld\n", run->played,
           o->games, (long long)o->settings.base_ms, (long long)o->settings.inc_ms,
           o->settings.depth ? " and depth limit" : "", run->opening_count,
           o->openings_file ? o->openings_file : o->settings.chess960 ? "Chess960 start positions" : "built-in",
           (unsigned long long)o->seed, o->concurrency);
    if (stopped)
        printf("stopped by %s after %d games: the games under way were abandoned, not counted\n", stopped,
               run->played);
    printf("score of A: W-D-L %d-%d-%d, %.1f/%d = %.3f\n", run->wins, run->draws, run->losses,
           run->wins + 0.5 * run->draws, run->played, e->score);
    printf("Elo difference A - B: %s +/- %s (95%% interval %s .. %s)\n", elo, error, low, high);
    const uint64_t *n = run->pentanomial.pairs;
    PairEstimate pe = pair_estimate(&run->pentanomial);
    printf("pairs: %llu, pentanomial [%llu, %llu, %llu, %llu, %llu]", (unsigned long long)pe.pairs,
           (unsigned long long)n[0], (unsigned long long)n[1], (unsigned long long)n[2], (unsigned long long)n[3],
           (unsigned long long)n[4]);
    if (pe.pairs > 0)
        printf(", Elo %+.1f +/- %.1f, nElo %+.1f +/- %.1f (from pairs)", pe.elo, pe.elo_error, pe.nelo, pe.nelo_error);
    printf("\n");
    if (o->sprt_on && o->prior_given) {
        const uint64_t *q = o->sprt_prior.pairs;
        Pentanomial all = pentanomial_sum(&run->pentanomial, &o->sprt_prior);
        PairEstimate pa = pair_estimate(&all);
        printf("with the %llu pairs of --sprt-prior [%llu, %llu, %llu, %llu, %llu]: %llu pairs, Elo %+.1f +/- %.1f, "
               "nElo %+.1f +/- %.1f\n",
               (unsigned long long)pentanomial_total(&o->sprt_prior), (unsigned long long)q[0],
               (unsigned long long)q[1], (unsigned long long)q[2], (unsigned long long)q[3], (unsigned long long)q[4],
               (unsigned long long)pa.pairs, pa.elo, pa.elo_error, pa.nelo, pa.nelo_error);
    }
    if (o->sprt_on) {
        /* The verdict with the LLR it was reached at; the pairs that were
         * under way then may have moved the LLR since (shown after it). */
        const SprtDecision *d = &run->sprt_decision;
        printf("SPRT nElo [%g, %g], alpha %g, beta %g: LLR %.2f (%.2f, %.2f): %s", o->sprt.elo0, o->sprt.elo1,
               o->sprt.alpha, o->sprt.beta, d->state.llr, d->state.lower, d->state.upper,
               d->state.verdict == SPRT_ACCEPT_H1   ? "H1 accepted"
               : d->state.verdict == SPRT_ACCEPT_H0 ? "H0 accepted"
                                                    : "undecided");
        uint64_t counted = pentanomial_total(&run->pentanomial) + pentanomial_total(&o->sprt_prior);
        if (d->state.verdict != SPRT_CONTINUE)
            printf(" at pair %llu", (unsigned long long)d->pairs);
        if (d->state.verdict != SPRT_CONTINUE && counted != d->pairs)
            printf("; with the %llu pairs that were under way, %llu pairs: LLR %.2f",
                   (unsigned long long)(counted - d->pairs), (unsigned long long)counted, run->sprt_state.llr);
        printf("\n");
    }
    printf("losses on time: A %d, B %d; illegal moves: A %d, B %d\n", run->time_losses[0], run->time_losses[1],
           run->illegal[0], run->illegal[1]);
    print_clock_use(o, run);
    printf("%d games in %.1f s: %.1f games/minute\n", run->played, (double)run->elapsed_ms / 1000.0,
           match_run_games_per_minute(run));
}

static void write_engines(JsonWriter *w, const MatchOptions *o, const MatchRun *run)
{
    json_object_begin(w, "engines", JSON_INLINE);
    for (int i = 0; i < 2; i++) {
        json_object_begin(w, i ? "B" : "A", JSON_INLINE);
        json_string(w, "name", run->names[i]);
        json_string(w, "options", o->spec[i].text);
        json_string(w, "path", o->spec[i].path);
        json_end(w);
    }
    json_end(w);
}

static void write_games(JsonWriter *w, const MatchOptions *o, const MatchRun *run)
{
    json_array_begin(w, "games", JSON_LINES);
    for (int i = 0; i < o->games; i++) {
        const MatchGameRecord *r = &run->records[i];
        if (r->result[0] == '\0')
            continue; /* not played */
        json_object_begin(w, NULL, JSON_INLINE);
        json_int(w, "round", i + 1);
        json_string(w, "white", r->a_white ? "A" : "B");
        json_string(w, "opening", run->openings[r->opening].name);
        json_string(w, "result", r->result);
        if (r->played)
            json_double(w, "a_points", r->a_points, 1);
        else
            json_null(w, "a_points");
        json_int(w, "plies", r->plies);
        json_string(w, "termination", match_end_termination(r->end));
        json_string(w, "reason", r->reason);
        for (int e = 0; e < 2; e++) {
            json_object_begin(w, e ? "b_clock" : "a_clock", JSON_INLINE);
            json_int(w, "moves", r->moves[e]);
            json_int(w, "think_ms", r->think_ms[e]);
            json_int(w, "end_ms", r->clock_end_ms[e]);
            json_int(w, "lowest_ms", r->lowest_clock_ms[e]);
            json_end(w);
        }
        json_end(w);
    }
    json_end(w);
}

static void write_pairs(JsonWriter *w, const MatchOptions *o, const MatchRun *run)
{
    PairEstimate pe = pair_estimate(&run->pentanomial);
    json_object_begin(w, "pairs", JSON_INLINE);
    json_uint(w, "count", pe.pairs);
    json_array_begin(w, "pentanomial", JSON_INLINE);
    for (int i = 0; i < 5; i++)
        json_uint(w, NULL, run->pentanomial.pairs[i]);
    json_end(w);
    json_double(w, "elo", pe.elo, 2);
    json_double(w, "elo_error_95", pe.elo_error, 2);
    json_double(w, "nelo", pe.nelo, 2);
    json_double(w, "nelo_error_95", pe.nelo_error, 2);
    json_end(w);
    if (!o->sprt_on) {
        json_null(w, "sprt");
        return;
    }
    json_object_begin(w, "sprt", JSON_INLINE);
    json_string(w, "model", "normalised Elo, pentanomial GSPRT (t-value approximation)");
    json_double(w, "elo0", o->sprt.elo0, 2);
    json_double(w, "elo1", o->sprt.elo1, 2);
    json_double(w, "alpha", o->sprt.alpha, 4);
    json_double(w, "beta", o->sprt.beta, 4);
    json_double(w, "llr", run->sprt_state.llr, 4);
    json_double(w, "lower", run->sprt_state.lower, 4);
    json_double(w, "upper", run->sprt_state.upper, 4);
    json_string(w, "verdict", sprt_verdict_name(run->sprt_decision.state.verdict));
    json_uint(w, "decided_at_pairs", run->sprt_decision.state.verdict != SPRT_CONTINUE ? run->sprt_decision.pairs : 0);
    json_double(w, "decided_llr", run->sprt_decision.state.llr, 4);
    json_array_begin(w, "prior_pentanomial", JSON_INLINE);
    for (int i = 0; i < 5; i++)
        json_uint(w, NULL, o->sprt_prior.pairs[i]);
    json_end(w);
    json_end(w);
}

static void write_json(FILE *f, const MatchOptions *o, const MatchRun *run, const EloEstimate *e,
                       const char *stopped)
{
    JsonWriter w;
    json_writer_init(&w, f);
    Topology *topology = topology_open();
    result_json_open(&w, "chesslab-match/1", topology);
    topology_close(topology);
    json_object_begin(&w, "method", JSON_INLINE);
    json_int(&w, "games", o->games);
    json_int(&w, "base_ms", o->settings.base_ms);
    json_int(&w, "inc_ms", o->settings.inc_ms);
    json_int(&w, "time_margin_ms", o->settings.margin_ms);
    json_int(&w, "depth", o->settings.depth);
    json_int(&w, "hash_mb", o->settings.hash_mb);
    json_int(&w, "concurrency", o->concurrency);
    json_string(&w, "openings", o->openings_file ? o->openings_file : o->settings.chess960 ? "chess960" : "built-in");
    json_string(&w, "variant", o->settings.chess960 ? "chess960" : "standard");
    json_int(&w, "opening_count", run->opening_count);
    json_uint(&w, "seed", o->seed);
    json_string(&w, "colours", "each opening twice, colours swapped");
    json_string(&w, "elo", "logistic; 95% interval from the per-game score variance");
    json_end(&w);
    write_engines(&w, o, run);
    write_games(&w, o, run);
    json_object_begin(&w, "score", JSON_INLINE);
    json_int(&w, "games", run->played);
    json_int(&w, "wins", run->wins);
    json_int(&w, "draws", run->draws);
    json_int(&w, "losses", run->losses);
    json_double(&w, "fraction", e->score, 4);
    json_object_begin(&w, "time_losses", JSON_INLINE);
    json_int(&w, "A", run->time_losses[0]);
    json_int(&w, "B", run->time_losses[1]);
    json_end(&w);
    json_object_begin(&w, "illegal_moves", JSON_INLINE);
    json_int(&w, "A", run->illegal[0]);
    json_int(&w, "B", run->illegal[1]);
    json_end(&w);
    json_end(&w);
    json_object_begin(&w, "elo", JSON_INLINE);
    json_double(&w, "difference", e->elo, 2);
    json_double(&w, "error_95", e->error, 2);
    json_double(&w, "low", e->low, 2);
    json_double(&w, "high", e->high, 2);
    json_double(&w, "score_stderr", e->score_stderr, 5);
    json_end(&w);
    write_pairs(&w, o, run);
    json_double(&w, "seconds", (double)run->elapsed_ms / 1000.0, 3);
    json_double(&w, "games_per_minute", match_run_games_per_minute(run), 2);
    json_string(&w, "error", run->error[0] ? run->error : NULL);
    char why[32];
    snprintf(why, sizeof why, "signal %s", stopped ? stopped : "");
    json_string(&w, "stopped", stopped ? why : NULL);
    json_end(&w);
}

/* ---- the command ---- */

/* The PGN grows in a temporary file as games end; the JSON is written at
 * the end. Each replaces its target only once complete
 * (core/atomic_file.h), so bad paths are refused before any game. */
static int open_files(const MatchOptions *o, AtomicFile *pgn)
{
    char err[400];
    *pgn = (AtomicFile){ 0 };
    if (o->pgn_file && !atomic_file_open(pgn, o->pgn_file, err, sizeof err)) {
        cli_error("match", "--pgn: %s", err);
        return EXIT_USAGE;
    }
    if (o->out_file && !atomic_file_check(o->out_file, err, sizeof err)) {
        cli_error("match", "--out: %s", err);
        atomic_file_discard(pgn);
        return EXIT_USAGE;
    }
    return 0;
}

/* The JSON and the PGN, each whole or not at all; false with the first
 * failure in err. */
static bool write_files(const MatchOptions *o, const MatchRun *run, const EloEstimate *e, const char *stopped,
                        AtomicFile *pgn, char *err, size_t err_len)
{
    char why[400];
    bool ok = true;
    if (o->out_file) {
        AtomicFile json;
        ok = atomic_file_open(&json, o->out_file, why, sizeof why);
        if (ok) {
            write_json(json.f, o, run, e, stopped);
            ok = atomic_file_commit(&json, why, sizeof why);
        }
        if (!ok)
            snprintf(err, err_len, "--out: %s", why);
    }
    if (pgn->f && !atomic_file_commit(pgn, why, sizeof why) && ok) {
        snprintf(err, err_len, "--pgn: %s", why);
        ok = false;
    }
    return ok;
}

/* The summary and the files of a match played, to its end or stopped.
 * Exit status 1 with err when a game failed or a file could not be
 * written. */
static int report(const MatchOptions *o, const MatchRun *run, AtomicFile *pgn, char *err, size_t err_len)
{
    EloEstimate e = elo_estimate(run->wins, run->draws, run->losses);
    const char *stopped = run->stopped ? stop_signal_name(stop_signals_received()) : NULL;
    print_summary(o, run, &e, stopped);
    fflush(stdout);
    bool written = write_files(o, run, &e, stopped, pgn, err, err_len);
    if (run->error[0])
        snprintf(err, err_len, "%s", run->error);
    return written && run->error[0] == '\0' ? 0 : 1;
}

static int play(const MatchOptions *o, MatchRun *run, AtomicFile *pgn)
{
    char err[512];
    MatchStart got = match_run_start(run, err, sizeof err);
    int status = got == MATCH_STARTED ? 0 : got == MATCH_BAD_OPTION ? EXIT_USAGE : 1;
    if (status == 0) {
        match_run_play(run);
        status = report(o, run, pgn, err, sizeof err);
    } else {
        atomic_file_discard(pgn);
    }
    match_run_finish(run);
    if (status)
        cli_error("match", "%s", err);
    return status;
}

int cmd_match(int argc, char **argv)
{
    MatchOptions o;
    int status = parse_options(argc, argv, &o);
    if (status)
        return status;
    MatchRun run = { .spec = o.spec, .settings = &o.settings, .games = o.games, .concurrency = o.concurrency,
                     .gen = registry_default(), .progress = stderr, .warnings = stderr, .seed = o.seed,
                     .sprt = o.sprt_on ? &o.sprt : NULL, .sprt_prior = o.sprt_prior, .stop_fd = -1 };
    MatchOpening *openings = NULL;
    if ((run.opening_count = load_openings(&o, &openings)) <= 0)
        return EXIT_USAGE;
    run.openings = openings;
    if ((o.games + 1) / 2 > run.opening_count)
        fprintf(stderr, "chesslab match: note: %ld game pairs from %d openings: openings repeat\n", (o.games + 1) / 2,
                run.opening_count);
    AtomicFile pgn;
    if ((status = open_files(&o, &pgn)) == 0) {
        run.pgn = pgn.f;
        /* Before the engines start: a signal from here on stops in order
         * (-1, no pipe: the signals keep their default actions). */
        run.stop_fd = stop_signals_install();
        status = play(&o, &run, &pgn);
    }
    free(openings);
    stop_signals_exit();
    return status;
}
