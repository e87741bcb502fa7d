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
#include "search/engine.h"

static const char *const usage_text =
    "usage: chesslab search [--fen FEN] [--moves m1 m2 ...] (--depth D | --nodes N | --movetime MS)\n"
    "                       [--hash MB] [--off null,lmr,futility,aspiration] [--captures see|mvv-lva]\n"
    "                       [--smp VARIANT] [--threads N] [--bind POLICY] [--min-split-depth D]\n"
    "                       [--split-threads N] [--info] [--json]\n"
    "\n"
    "  --fen FEN        position (default: the start position)\n"
    "  --moves m ...    UCI moves played from it first\n"
    "  --depth D        iterations 1..100\n"
    "  --nodes N        stop after N nodes\n"
    "  --movetime MS    stop after MS milliseconds\n"
    "                   (at least one limit; with several, the first reached ends the search)\n"
    "  --hash MB        transposition table size (default 16)\n"
    "  --off LIST       switch off search features: null (null-move pruning), lmr\n"
    "                   (late-move reductions), futility, aspiration\n"
    "  --captures ORDER capture ordering: see (static exchange, default) or mvv-lva\n"
    "  --smp VARIANT    parallel search: serial, lazy (default), ybwc or abdada\n"
    "  --threads N      search threads 1..256 (default 1: the serial search)\n"
    "  --bind POLICY    thread placement: compact (default), scatter or none\n"
    "  --min-split-depth D  ybwc: shallowest node that may split, 1..32 (default 4)\n"
    "  --split-threads N    ybwc: most threads at one split point, 2..256 (default 8)\n"
    "  --info           progress lines (one per iteration) on stderr\n"
    "  --json           one JSON object instead of text\n";

typedef struct SearchCliOptions {
    const char *fen;
    const char *const *moves;
    int move_count;
    SearchLimits limits;
    size_t hash_mb;
    SearchOptions options;
    SmpVariant smp;
    int threads, min_split_depth, split_threads;
    BindPolicy bind;
    bool info, json;
} SearchCliOptions;

static bool parse_off(const char *text, SearchOptions *o)
{
    char list[128];
    snprintf(list, sizeof list, "%s", text);
    char *save = NULL;
    for (char *w = strtok_r(list, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        if (strcmp(w, "null") == 0)
            o->null_move = false;
        else if (strcmp(w, "lmr") == 0)
            o->lmr = false;
        else if (strcmp(w, "futility") == 0)
            o->futility = false;
        else if (strcmp(w, "aspiration") == 0)
            o->aspiration = false;
        else {
            cli_error("search", "--off: '%s' is not null, lmr, futility or aspiration", w);
            return false;
        }
    }
    return true;
}

static int parse_options(int argc, char **argv, SearchCliOptions *o)
{
    const char *cmd = "search";
    memset(o, 0, sizeof *o);
    search_limits_init(&o->limits);
    search_options_default(&o->options);
    o->hash_mb = ENGINE_DEFAULT_HASH_MB;
    o->smp = SMP_LAZY;
    o->threads = 1;
    o->bind = BIND_COMPACT;
    o->min_split_depth = ENGINE_DEFAULT_MIN_SPLIT_DEPTH;
    o->split_threads = ENGINE_DEFAULT_SPLIT_THREADS;
    bool limited = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        long n;
        uint64_t u;
        if (cli_is_help(a)) {
            fputs(usage_text, stdout);
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
        } else if (strcmp(a, "--hash") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_long(cmd, "--hash", v, 1, TT_MAX_MB, &n))
                return EXIT_USAGE;
            o->hash_mb = (size_t)n;
        } else if (strcmp(a, "--off") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !parse_off(v, &o->options))
                return EXIT_USAGE;
        } else if (strcmp(a, "--captures") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
            if (strcmp(v, "see") == 0)
                o->options.capture_order = CAPTURES_SEE;
            else if (strcmp(v, "mvv-lva") == 0)
                o->options.capture_order = CAPTURES_MVV_LVA;
            else {
                cli_error(cmd, "--captures '%s' is not see or mvv-lva", v);
                return EXIT_USAGE;
            }
        } else if (strcmp(a, "--smp") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
            if (!smp_variant_parse(v, &o->smp)) {
                cli_error(cmd, "--smp '%s' is not one of %s", v, smp_variant_list());
                return EXIT_USAGE;
            }
        } else if (strcmp(a, "--threads") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_long(cmd, "--threads", v, 1, ENGINE_MAX_THREADS, &n))
                return EXIT_USAGE;
            o->threads = (int)n;
        } else if (strcmp(a, "--bind") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) || !cli_parse_bind(cmd, v, &o->bind))
                return EXIT_USAGE;
        } else if (strcmp(a, "--min-split-depth") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_long(cmd, "--min-split-depth", v, 1, ENGINE_MAX_MIN_SPLIT_DEPTH, &n))
                return EXIT_USAGE;
            o->min_split_depth = (int)n;
        } else if (strcmp(a, "--split-threads") == 0) {
            if (!(v = cli_value(cmd, argc, argv, &i)) ||
                !cli_parse_long(cmd, "--split-threads", v, 2, ENGINE_MAX_THREADS, &n))
                return EXIT_USAGE;
            o->split_threads = (int)n;
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

static void print_info(void *ctx, const SearchReport *r)
{
    (void)ctx;
    char score[32];
    score_text(r->score, score, sizeof score);
    fprintf(stderr, "depth %2d  seldepth %2d  score %-9s%s  nodes %10llu  time %6lld ms  pv", r->depth, r->seldepth,
            score, r->bound == BOUND_LOWER ? " (lower bound)" : r->bound == BOUND_UPPER ? " (upper bound)" : "",
            (unsigned long long)r->nodes, (long long)r->time_ms);
    for (int i = 0; i < r->pv_len; i++) {
        char m[MOVE_TEXT_MAX];
        move_to_uci(r->pv[i], m);
        fprintf(stderr, " %s", m);
    }
    fputc('\n', stderr);
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

static void print_threads_json(const EngineStats *st, Topology *topo)
{
    printf(", \"smp\": \"%s\", \"threads\": %d, \"bind\": \"%s\", \"splits\": %llu, \"late_joins\": %llu, "
           "\"deferred\": %llu, \"thread_stats\": [",
           smp_variant_name(st->variant), st->threads, bind_policy_name(st->bind), (unsigned long long)st->splits,
           (unsigned long long)st->late_joins, (unsigned long long)st->deferred);
    for (int i = 0; i < st->threads; i++) {
        const EngineThreadStats *t = &st->thread[i];
        char where[128];
        where_text(topo, t->pu, where, sizeof where);
        printf("%s{\"thread\": %d, \"pu\": %d, \"where\": ", i ? ", " : "", i, t->pu);
        json_write_string(stdout, where);
        printf(", \"nodes\": %llu, \"splits\": %llu, \"late_joins\": %llu, \"deferred\": %llu, \"idle_ms\": %.3f}",
               (unsigned long long)t->nodes, (unsigned long long)t->splits, (unsigned long long)t->late_joins,
               (unsigned long long)t->deferred, t->idle_ns / 1e6);
    }
    printf("]");
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

static void print_result(const SearchCliOptions *o, const char *fen, const SearchResult *r, const EngineStats *st,
                         Topology *topo)
{
    char best[MOVE_TEXT_MAX] = "(none)", ponder[MOVE_TEXT_MAX] = "", score[32];
    if (r->best != MOVE_NONE)
        move_to_uci(r->best, best);
    if (r->ponder != MOVE_NONE)
        move_to_uci(r->ponder, ponder);
    score_text(r->score, score, sizeof score);
    unsigned long long nps = r->time_ms > 0 ? r->nodes * 1000 / (unsigned long long)r->time_ms : 0;
    if (o->json) {
        printf("{\"fen\": ");
        json_write_string(stdout, fen);
        printf(", \"bestmove\": ");
        json_write_string(stdout, r->best != MOVE_NONE ? best : "");
        printf(", \"ponder\": ");
        json_write_string(stdout, ponder);
        if (score_is_mate(r->score))
            printf(", \"score\": {\"mate\": %d}", score_mate_moves(r->score));
        else
            printf(", \"score\": {\"cp\": %d}", r->score);
        printf(", \"depth\": %d, \"seldepth\": %d, \"nodes\": %llu, \"time_ms\": %lld, \"nps\": %llu, \"pv\": [",
               r->depth, r->seldepth, (unsigned long long)r->nodes, (long long)r->time_ms, nps);
        for (int i = 0; i < r->pv_len; i++) {
            char m[MOVE_TEXT_MAX];
            move_to_uci(r->pv[i], m);
            printf("%s\"%s\"", i ? ", " : "", m);
        }
        printf("]");
        print_threads_json(st, topo);
        printf("}\n");
        return;
    }
    printf("position  %s\nbestmove  %s\nponder    %s\nscore     %s\ndepth     %d (seldepth %d)\nnodes     %llu\n"
           "time      %lld ms\nnps       %llu\npv        ",
           fen, best, ponder[0] ? ponder : "(none)", score, r->depth, r->seldepth, (unsigned long long)r->nodes,
           (long long)r->time_ms, nps);
    for (int i = 0; i < r->pv_len; i++) {
        char m[MOVE_TEXT_MAX];
        move_to_uci(r->pv[i], m);
        printf("%s%s", i ? " " : "", m);
    }
    printf("\n");
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
    Engine *e = engine_new(o.hash_mb);
    if (e == NULL) {
        cli_error("search", "out of memory (--hash %zu)", o.hash_mb);
        return 1;
    }
    if (!engine_set_position(e, &start, o.moves, o.move_count, err, sizeof err)) {
        cli_error("search", "--moves: %s", err);
        engine_free(e);
        return EXIT_USAGE;
    }
    *engine_options(e) = o.options;
    engine_set_smp(e, o.smp);
    engine_set_bind(e, o.bind);
    engine_set_min_split_depth(e, o.min_split_depth);
    engine_set_split_threads(e, o.split_threads);
    engine_set_threads(e, o.threads);
    /* Nothing stands between this process and its clock. */
    engine_set_move_overhead(e, 0);
    Setup now;
    engine_ops(e)->save(engine_board(e), &now);
    char fen[FEN_MAX];
    setup_to_fen(&now, fen);
    EngineCallbacks cb = { o.info ? print_info : NULL, NULL, NULL };
    SearchResult r;
    engine_search(e, &o.limits, &cb, &r);
    EngineStats stats;
    engine_last_stats(e, &stats);
    /* The machine, to name where bound threads ran. */
    Topology *topo = stats.thread[0].pu >= 0 ? topology_open() : NULL;
    print_result(&o, fen, &r, &stats, topo);
    topology_close(topo);
    engine_free(e);
    return 0;
}
