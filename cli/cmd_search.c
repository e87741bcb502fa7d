/* chesslab search: one search of one position for scripts: best move,
 * score, PV, nodes and time, and where each search thread ran, as text or
 * JSON. With one thread and --depth or --nodes the result is the same
 * every run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/json.h"
#include "core/move_text.h"
#include "cli/engine_flags.h"
#include "search/engine.h"

/* The engine options `search` takes as flags, in usage order. */
static const EngineOptionId FLAGS[] = { ENGINE_OPT_HASH,    ENGINE_OPT_CAPTURE_ORDER,   ENGINE_OPT_SMP,
                                        ENGINE_OPT_THREADS, ENGINE_OPT_BIND,            ENGINE_OPT_MIN_SPLIT_DEPTH,
                                        ENGINE_OPT_SPLIT_THREADS, ENGINE_OPT_MULTIPV,
                                        ENGINE_OPT_EVAL };
enum { FLAG_COUNT = sizeof FLAGS / sizeof FLAGS[0] };

static void usage(FILE *f)
{
    fputs("usage: chesslab search [--fen FEN] [--moves m1 m2 ...] (--depth D | --nodes N | --movetime MS)\n"
          "                       [--hash MB] [--off LIST] [--captures ORDER] [--smp VARIANT] [--threads N]\n"
          "                       [--bind POLICY] [--min-split-depth D] [--split-threads N] [--multipv N]\n"
          "                       [--eval EVAL]\n"
          "                       [--info] [--json]\n"
          "\n"
          "  --fen FEN        position (default: the start position)\n"
          "  --moves m ...    UCI moves played from it first\n"
          "  --depth D        iterations 1..100\n"
          "  --nodes N        stop after N nodes\n"
          "  --movetime MS    stop after MS milliseconds\n"
          "                   (at least one limit; with several, the first reached ends the search)\n",
          f);
    cli_engine_usage(f, ENGINE_OPT_HASH);
    cli_engine_off_usage(f);
    for (int i = 1; i < FLAG_COUNT; i++)
        cli_engine_usage(f, FLAGS[i]);
    fputs("  --info           progress lines (one per iteration) on stderr\n"
          "  --json           one JSON object instead of text\n",
          f);
}

typedef struct SearchCliOptions {
    const char *fen;
    const char *const *moves;
    int move_count;
    SearchLimits limits;
    long values[ENGINE_OPTION_COUNT]; /* the engine options */
    bool info, json;
} SearchCliOptions;

static int parse_options(int argc, char **argv, SearchCliOptions *o)
{
    const char *cmd = "search";
    memset(o, 0, sizeof *o);
    search_limits_init(&o->limits);
    cli_engine_defaults(o->values);
    bool limited = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        uint64_t u;
        int taken = cli_engine_flag(cmd, argc, argv, &i, FLAGS, FLAG_COUNT, o->values);
        if (taken < 0)
            return EXIT_USAGE;
        if (taken > 0)
            continue;
        if (cli_is_help(a)) {
            usage(stdout);
            exit(0);
        } else if (strcmp(a, "--fen") == 0) {
            if (!(o->fen = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--moves") == 0) {
            o->moves = (const char *const *)&argv[i + 1];
            while (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0)
                i++, o->move_count++;
        } else if (strcmp(a, "--depth") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--depth", v, 1, SEARCH_MAX_DEPTH, &n))
                return EXIT_USAGE;
            o->limits.depth = (int)n;
            limited = true;
        } else if (strcmp(a, "--nodes") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_u64(cmd, "--nodes", v, &u))
                return EXIT_USAGE;
            if (u == 0) {
                cli_error(cmd, "--nodes must be at least 1");
                return EXIT_USAGE;
            }
            o->limits.nodes = u;
            limited = true;
        } else if (strcmp(a, "--movetime") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--movetime", v, 1, 1L << 40, &n))
                return EXIT_USAGE;
            o->limits.clock.movetime_ms = n;
            limited = true;
        } else if (strcmp(a, "--off") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_engine_off(cmd, v, o->values))
                return EXIT_USAGE;
        } else if (strcmp(a, "--info") == 0) {
            o->info = true;
        } else if (strcmp(a, "--json") == 0) {
            o->json = true;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab search --help)", a);
            return EXIT_USAGE;
        }
    }
    if (!limited) {
        cli_error(cmd, "a limit is required: --depth D, --nodes N or --movetime MS");
        return EXIT_USAGE;
    }
    return 0;
}

static void score_text(int score, char *buf, size_t len)
{
    if (score_is_mate(score))
        snprintf(buf, len, "mate %d", score_mate_moves(score));
    else
        snprintf(buf, len, "cp %d", score);
}

/* The lines (--multipv) of the last completed depth, as reported. */
typedef struct SearchLine {
    int depth, score, pv_len;
    Move pv[SEARCH_MAX_PLY];
} SearchLine;

typedef struct SearchLines {
    bool info;     /* print each report on stderr too */
    bool numbered; /* --multipv N > 1: the reports name their line */
    int count;  /* lines of the last completed depth */
    SearchLine line[SEARCH_MAX_MULTIPV];
} SearchLines;

static void print_pv(FILE *f, const Move *pv, int len)
{
    for (int i = 0; i < len; i++) {
        char m[MOVE_TEXT_MAX];
        move_to_uci(pv[i], m);
        fprintf(f, "%s%s", i ? " " : "", m);
    }
}

/* A completed depth reports its lines in order, 1 first; a bound (an
 * aspiration fail) is no line. */
static void on_report(void *ctx, const SearchReport *r)
{
    SearchLines *lines = ctx;
    if (r->depth > 0 && r->bound == BOUND_EXACT && r->multipv >= 1 && r->multipv <= SEARCH_MAX_MULTIPV) {
        if (r->multipv == 1)
            lines->count = 0;
        SearchLine *l = &lines->line[r->multipv - 1];
        *l = (SearchLine){ .depth = r->depth, .score = r->score, .pv_len = r->pv_len };
        memcpy(l->pv, r->pv, (size_t)r->pv_len * sizeof *r->pv);
        if (r->multipv > lines->count)
            lines->count = r->multipv;
    }
    if (!lines->info)
        return;
    char score[32];
    score_text(r->score, score, sizeof score);
    fprintf(stderr, "depth %2d  seldepth %2d  ", r->depth, r->seldepth);
    if (lines->numbered)
        fprintf(stderr, "multipv %d  ", r->multipv);
    fprintf(stderr, "score %-9s%s  nodes %10llu  time %6lld ms  pv ", score,
            r->bound == BOUND_LOWER ? " (lower bound)" : r->bound == BOUND_UPPER ? " (upper bound)" : "",
            (unsigned long long)r->nodes, (long long)r->time_ms);
    print_pv(stderr, r->pv, r->pv_len);
    fputc('\n', stderr);
}

static void write_score_json(JsonWriter *w, int score)
{
    json_object_begin(w, "score", JSON_INLINE);
    if (score_is_mate(score))
        json_int(w, "mate", score_mate_moves(score));
    else
        json_int(w, "cp", score);
    json_end(w);
}

static void write_pv_json(JsonWriter *w, const Move *pv, int len)
{
    json_array_begin(w, "pv", JSON_INLINE);
    for (int i = 0; i < len; i++) {
        char m[MOVE_TEXT_MAX];
        move_to_uci(pv[i], m);
        json_string(w, NULL, m);
    }
    json_end(w);
}

/* --multipv N > 1: "lines", each with its number, depth, score and PV. */
static void write_lines_json(JsonWriter *w, const SearchLines *lines)
{
    json_array_begin(w, "lines", JSON_INLINE);
    for (int k = 0; k < lines->count; k++) {
        const SearchLine *l = &lines->line[k];
        json_object_begin(w, NULL, JSON_INLINE);
        json_int(w, "multipv", k + 1);
        json_int(w, "depth", l->depth);
        write_score_json(w, l->score);
        write_pv_json(w, l->pv, l->pv_len);
        json_end(w);
    }
    json_end(w);
}

/* "PU 3 (core 1, package 0, NUMA 0)", or "unbound". */
static void where_text(Topology *topo, int pu, char *buf, size_t len)
{
    if (pu < 0)
        snprintf(buf, len, "unbound");
    else if (topo != NULL)
        topology_describe_pu(topo, pu, buf, len);
    else
        snprintf(buf, len, "PU %d", pu);
}

static void write_threads_json(JsonWriter *w, const EngineStats *st, Topology *topo)
{
    /* The keys of the options the stats report, from the table. */
    json_string(w, engine_option(ENGINE_OPT_SMP)->json, smp_variant_name(st->variant));
    json_int(w, engine_option(ENGINE_OPT_THREADS)->json, st->threads);
    json_string(w, engine_option(ENGINE_OPT_BIND)->json, bind_policy_name(st->bind));
    json_uint(w, "splits", st->splits);
    json_uint(w, "late_joins", st->late_joins);
    json_uint(w, "deferred", st->deferred);
    json_array_begin(w, "thread_stats", JSON_INLINE);
    for (int i = 0; i < st->threads; i++) {
        const EngineThreadStats *t = &st->thread[i];
        char where[128];
        where_text(topo, t->pu, where, sizeof where);
        json_object_begin(w, NULL, JSON_INLINE);
        json_int(w, "thread", i);
        json_int(w, "pu", t->pu);
        json_string(w, "where", where);
        json_uint(w, "nodes", t->nodes);
        json_uint(w, "splits", t->splits);
        json_uint(w, "late_joins", t->late_joins);
        json_uint(w, "deferred", t->deferred);
        json_double(w, "idle_ms", t->idle_ns / 1e6, 3);
        json_end(w);
    }
    json_end(w);
}

static void print_threads_text(const EngineStats *st, Topology *topo)
{
    printf("smp       %s, %d thread%s, bind %s", smp_variant_name(st->variant), st->threads,
           st->threads == 1 ? "" : "s", bind_policy_name(st->bind));
    if (st->threads == 1 && smp_variant_ops(st->variant)->parallel)
        printf(" (one thread: the serial search)");
    char work[160];
    SmpWork total = { st->splits, st->late_joins, st->deferred, st->idle_ns };
    smp_variant_work_text(st->variant, &total, false, work, sizeof work);
    printf("%s\n", work);
    for (int i = 0; i < st->threads; i++) {
        const EngineThreadStats *t = &st->thread[i];
        char where[128];
        where_text(topo, t->pu, where, sizeof where);
        printf("thread %-3d%s, nodes %llu", i, where, (unsigned long long)t->nodes);
        SmpWork own = { t->splits, t->late_joins, t->deferred, t->idle_ns };
        smp_variant_work_text(st->variant, &own, true, work, sizeof work);
        printf("%s\n", work);
    }
}

static void print_result(const SearchCliOptions *o, const char *fen, const SearchResult *r, const SearchLines *lines,
                         const EngineStats *st, Topology *topo)
{

    char best[MOVE_TEXT_MAX] = "(none)", ponder[MOVE_TEXT_MAX] = "", score[32];
    if (r->best != MOVE_NONE)
        move_to_uci(r->best, best);
    if (r->ponder != MOVE_NONE)
        move_to_uci(r->ponder, ponder);
    score_text(r->score, score, sizeof score);
    unsigned long long nps = r->time_ms > 0 ? r->nodes * 1000 / (unsigned long long)r->time_ms : 0;
    if (o->json) {
        /* One line, as scripts read it. */
        JsonWriter w;
        json_writer_init(&w, stdout);
        json_object_begin(&w, NULL, JSON_INLINE);
        json_string(&w, "fen", fen);
        json_string(&w, "bestmove", r->best != MOVE_NONE ? best : "");
        json_string(&w, "ponder", ponder);
        write_score_json(&w, r->score);
        json_int(&w, "depth", r->depth);
        json_int(&w, "seldepth", r->seldepth);
        json_uint(&w, "nodes", r->nodes);
        json_int(&w, "time_ms", r->time_ms);
        json_uint(&w, "nps", nps);
        write_pv_json(&w, r->pv, r->pv_len);
        if (lines->numbered)
            write_lines_json(&w, lines);
        write_threads_json(&w, st, topo);
        json_end(&w);
        return;
    }
    printf("position  %s\nbestmove  %s\nponder    %s\nscore     %s\ndepth     %d (seldepth %d)\nnodes     %llu\n"
           "time      %lld ms\nnps       %llu\npv        ",
           fen, best, ponder[0] ? ponder : "(none)", score, r->depth, r->seldepth, (unsigned long long)r->nodes,
           (long long)r->time_ms, nps);
    print_pv(stdout, r->pv, r->pv_len);
    printf("\n");
    for (int k = 0; lines->numbered && k < lines->count; k++) {
        score_text(lines->line[k].score, score, sizeof score);
        printf("line %-5d%-9s depth %d  pv ", k + 1, score, lines->line[k].depth);
        print_pv(stdout, lines->line[k].pv, lines->line[k].pv_len);
        printf("\n");
    }
    print_threads_text(st, topo);
}

int cmd_search(int argc, char **argv)
{
    SearchCliOptions o;
    int status = parse_options(argc, argv, &o);
    if (status != 0)
        return status;
    Setup start;
    char err[256];
    if (!setup_from_fen(&start, o.fen ? o.fen : FEN_STARTPOS, err, sizeof err)) {
        cli_error("search", "--fen: %s", err);
        return EXIT_USAGE;
    }
    Engine *e = engine_new((size_t)o.values[ENGINE_OPT_HASH]);
    if (e == NULL) {
        cli_error("search", "out of memory (--hash %ld)", o.values[ENGINE_OPT_HASH]);
        return 1;
    }
    if (!engine_set_position(e, &start, o.moves, o.move_count, err, sizeof err)) {
        cli_error("search", "--moves: %s", err);
        engine_free(e);
        return EXIT_USAGE;
    }
    /* The engine starts at the defaults: the rest as given (the table was
     * sized by engine_new), the thread count last, so that the pool is
     * built once, for the placement asked. */
    for (int i = 0; i < ENGINE_OPTION_COUNT; i++) {
        const EngineOption *opt = engine_option((EngineOptionId)i);
        char note[256];
        if (i != ENGINE_OPT_HASH && i != ENGINE_OPT_THREADS && opt->apply && o.values[i] != opt->def)
            opt->apply(e, o.values[i], note, sizeof note);
    }
    engine_set_threads(e, (int)o.values[ENGINE_OPT_THREADS]);
    /* Nothing stands between this process and its clock. */
    engine_set_move_overhead(e, 0);
    Setup now;
    engine_ops(e)->save(engine_board(e), &now);
    char fen[FEN_MAX];
    setup_to_fen(&now, fen);
    static SearchLines lines; /* about 64 KB: not on the stack */
    lines.info = o.info;
    lines.numbered = o.values[ENGINE_OPT_MULTIPV] > 1;
    EngineCallbacks cb = { .info = on_report, .ctx = &lines };
    SearchResult r;
    engine_search(e, &o.limits, &cb, &r);
    EngineStats stats;
    engine_last_stats(e, &stats);
    /* The machine, to name where bound threads ran. */
    Topology *topo = stats.thread[0].pu >= 0 ? topology_open() : NULL;
    print_result(&o, fen, &r, &lines, &stats, topo);
    topology_close(topo);
    engine_free(e);
    return 0;
}
