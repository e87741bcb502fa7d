#include "bench/search_bench.h"

#include <stdlib.h>
#include <string.h>

#include "core/epd.h"
#include "core/move_text.h"
#include "core/san.h"
#include "search/engine.h"

/* Opening, middlegame and endgame positions, quiet and tactical: the six
 * standard perft positions and ten more. */
static const char *const signature_fens[] = {
    FEN_STARTPOS,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
    "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4",
    "r2q1rk1/pp1bbppp/2n1pn2/3p4/2PP4/2N1PN2/PP1BBPPP/R2Q1RK1 w - - 0 9",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "8/5r2/4k3/3p4/3P4/4K3/8/5R2 w - - 0 1",
    "8/8/1p3k2/p1p5/P1P5/1P3K2/8/8 w - - 0 1",
    "8/5pk1/6p1/3B4/8/5NP1/5PK1/3b4 w - - 0 1",
    "6k1/5pp1/8/8/3Q4/8/5PP1/3q2K1 w - - 0 1",
};
enum { SIGNATURE_POSITIONS = sizeof signature_fens / sizeof signature_fens[0] };

static void score_text(int score, char *buf, size_t len)
{
    if (score_is_mate(score))
        snprintf(buf, len, "mate %d", score_mate_moves(score));
    else
        snprintf(buf, len, "cp %d", score);
}

bool search_bench_signature(int depth, const struct NnueNet *net, FILE *out, FILE *err, SearchBenchTotals *totals)
{
    Engine *e = engine_new(SEARCH_BENCH_HASH_MB);
    if (e == NULL)
        return false;
    engine_options(e)->net = net;
    memset(totals, 0, sizeof *totals);
    SearchLimits limits;
    search_limits_init(&limits);
    limits.depth = depth;
    for (int i = 0; i < SIGNATURE_POSITIONS; i++) {
        Setup s;
        setup_from_fen(&s, signature_fens[i], NULL, 0);
        /* Each position starts from a cleared table and history: the total
         * does not depend on the order of the positions. */
        engine_new_game(e);
        engine_set_position(e, &s, NULL, 0, NULL, 0);
        SearchResult r;
        engine_search(e, &limits, NULL, &r);
        char move[MOVE_TEXT_MAX] = "(none)", score[32];
        if (r.best != MOVE_NONE)
            move_to_uci(r.best, move);
        score_text(r.score, score, sizeof score);
        fprintf(out, "position %2d/%d  depth %d  nodes %10llu  time %6lld ms  bestmove %-5s  score %s  %s\n", i + 1,
                SIGNATURE_POSITIONS, r.depth, (unsigned long long)r.nodes, (long long)r.time_ms, move, score,
                signature_fens[i]);
        fflush(out);
        totals->nodes += r.nodes;
        totals->time_ms += r.time_ms;
        totals->positions++;
    }
    engine_free(e);
    int64_t ms = totals->time_ms > 0 ? totals->time_ms : 1;
    fprintf(err, "\n===========================\n");
    fprintf(err, "Total time (ms) : %lld\n", (long long)totals->time_ms);
    fprintf(err, "Nodes searched  : %llu\n", (unsigned long long)totals->nodes);
    fprintf(err, "Nodes/second    : %llu\n", (unsigned long long)(totals->nodes * 1000 / (uint64_t)ms));
    fflush(err);
    return true;
}

/* ---- tactics ---- */

enum { EPD_MAX_MOVES = 8 };

typedef struct EpdTask {
    Setup setup;
    char id[64];
    char bm[EPD_MAX_MOVES][16], am[EPD_MAX_MOVES][16];
    int bm_count, am_count;
    int dm; /* 0: none */
} EpdTask;

/* `FEN(4 fields) op operands; op operands; ...` */
static bool parse_epd(const char *text, EpdTask *task, char *err, size_t err_len)
{
    memset(task, 0, sizeof *task);
    char line[EPD_LINE_MAX];
    snprintf(line, sizeof line, "%s", text);
    char *cursor = line;
    char fen[FEN_MAX] = "";
    for (int field = 0; field < 4; field++) {
        while (*cursor == ' ' || *cursor == '\t')
            cursor++;
        size_t len = strcspn(cursor, " \t");
        if (len == 0) {
            snprintf(err, err_len, "fewer than 4 FEN fields");
            return false;
        }
        size_t used = strlen(fen);
        if (used + len + 2 > sizeof fen) {
            snprintf(err, err_len, "FEN too long");
            return false;
        }
        memcpy(fen + used, cursor, len);
        fen[used + len] = field < 3 ? ' ' : '\0';
        fen[used + len + 1] = '\0';
        cursor += len;
    }
    if (!setup_from_fen(&task->setup, fen, err, err_len))
        return false;
    char *ops_save = NULL;
    for (char *op = strtok_r(cursor, ";", &ops_save); op; op = strtok_r(NULL, ";", &ops_save)) {
        while (*op == ' ' || *op == '\t')
            op++;
        size_t code_len = strcspn(op, " \t");
        char *operands = op + code_len + (op[code_len] ? 1 : 0);
        if (strncmp(op, "bm", code_len) == 0 && code_len == 2) {
            char copy[256];
            snprintf(copy, sizeof copy, "%s", operands);
            char *save = NULL;
            for (char *w = strtok_r(copy, " \t", &save); w && task->bm_count < EPD_MAX_MOVES;
                 w = strtok_r(NULL, " \t", &save))
                snprintf(task->bm[task->bm_count++], 16, "%s", w);
        } else if (strncmp(op, "am", code_len) == 0 && code_len == 2) {
            char copy[256];
            snprintf(copy, sizeof copy, "%s", operands);
            char *save = NULL;
            for (char *w = strtok_r(copy, " \t", &save); w && task->am_count < EPD_MAX_MOVES;
                 w = strtok_r(NULL, " \t", &save))
                snprintf(task->am[task->am_count++], 16, "%s", w);
        } else if (strncmp(op, "dm", code_len) == 0 && code_len == 2) {
            task->dm = atoi(operands);
        } else if (strncmp(op, "id", code_len) == 0 && code_len == 2) {
            const char *q = strchr(operands, '"');
            snprintf(task->id, sizeof task->id, "%.*s", q ? (int)strcspn(q + 1, "\"") : (int)strlen(operands),
                     q ? q + 1 : operands);
        }
    }
    if (task->bm_count == 0 && task->am_count == 0) {
        snprintf(err, err_len, "no bm or am operation");
        return false;
    }
    return true;
}

/* The SAN list as moves of the position; an unreadable SAN is an error. */
static bool resolve_moves(const SearchBoardOps *ops, const SearchBoard *board, char list[EPD_MAX_MOVES][16], int n,
                          Move *out, char *err, size_t err_len)
{
    for (int i = 0; i < n; i++) {
        char san_err[128];
        if (san_to_move(ops->gen, board, list[i], &out[i], san_err, sizeof san_err) != SAN_OK) {
            snprintf(err, err_len, "%s", san_err);
            return false;
        }
    }
    return true;
}

bool search_bench_tactics(const TacticsOptions *o, FILE *out, TacticsTotals *totals, char *err_text,
                          size_t err_len)
{
    memset(totals, 0, sizeof *totals);
    EpdFile file;
    if (!epd_file_open(&file, o->epd, err_text, err_len))
        return false;
    Engine *e = engine_new(o->hash_mb);
    if (e == NULL) {
        epd_file_close(&file);
        snprintf(err_text, err_len, "out of memory");
        return false;
    }
    engine_options(e)->net = o->net;
    SearchLimits limits;
    search_limits_init(&limits);
    limits.nodes = o->nodes;
    limits.depth = o->depth;
    char text[EPD_LINE_MAX];
    while (epd_file_next(&file, text)) {
        const int line_no = file.line_no;
        if (line_no < o->first || (o->count > 0 && line_no >= o->first + o->count))
            continue;
        if (text[strspn(text, " \t\r\n")] == '\0' || text[0] == '#')
            continue;
        EpdTask task;
        char problem[256];
        Move bm[EPD_MAX_MOVES], am[EPD_MAX_MOVES];
        if (!parse_epd(text, &task, problem, sizeof problem) ||
            !engine_set_position(e, &task.setup, NULL, 0, problem, sizeof problem) ||
            !resolve_moves(engine_ops(e), engine_board(e), task.bm, task.bm_count, bm, problem, sizeof problem) ||
            !resolve_moves(engine_ops(e), engine_board(e), task.am, task.am_count, am, problem, sizeof problem)) {
            epd_file_error(&file, problem);
            continue;
        }
        engine_new_game(e);
        SearchResult r;
        engine_search(e, &limits, NULL, &r);
        bool ok = task.bm_count == 0;
        for (int i = 0; i < task.bm_count; i++)
            ok |= r.best == bm[i];
        for (int i = 0; i < task.am_count; i++)
            ok &= r.best != am[i];
        /* Mates: the length must be right; the suites list every mating
         * key for mates in 1 and 2 only, so longer ones are judged by the
         * length alone (shared/data/README.md). */
        if (task.dm)
            ok = (ok || task.dm > 2) && r.score >= SCORE_MATE_BOUND && score_mate_moves(r.score) == task.dm;
        totals->total++;
        totals->solved += ok;
        totals->nodes += r.nodes;
        totals->time_ms += r.time_ms;
        if (o->verbose) {
            char san[SAN_MAX] = "(none)", score[32];
            SearchBoard *copy = search_board_new();
            if (copy && r.best != MOVE_NONE) {
                memcpy(copy, engine_board(e), sizeof *copy);
                san_from_move(engine_ops(e)->gen, copy, r.best, san);
            }
            movegen_board_free(copy);
            score_text(r.score, score, sizeof score);
            fprintf(out, "%-4s %-24s played %-7s expected %s%s%s%s  depth %d  %s  nodes %llu\n", ok ? "ok" : "FAIL",
                    task.id[0] ? task.id : "-", san, task.bm_count ? "bm " : "am ",
                    task.bm_count ? task.bm[0] : task.am[0], task.bm_count > 1 || task.am_count > 1 ? " ..." : "",
                    task.dm ? " (mate)" : "", r.depth, score, (unsigned long long)r.nodes);
            fflush(out);
        }
    }
    totals->unreadable = file.errors;
    epd_file_close(&file);
    engine_free(e);
    return true;
}
