/* chesslab uci: the Universal Chess Interface over stdin/stdout, so that
 * chess GUIs (cutechess, Arena, Scid vs. PC, ...) and match tools can play
 * the engine. The protocol is read on this thread; searches run on the
 * engine's thread (search/engine.h), so `isready` and `stop` are answered
 * at once while one runs. Every line written is flushed, and the two
 * threads write whole lines under one lock.
 *
 * Bad input never ends the session: unknown commands and tokens, bad
 * numbers, illegal moves and broken FENs get an `info string` and are
 * otherwise ignored (an illegal move leaves the position as it was before
 * that `position` command); so do lines holding a NUL byte and lines over
 * UCI_LINE_MAX bytes, refused whole. The end of input is `quit`.
 * Extensions: `go perft N` (on the search thread too), `bench [DEPTH]`,
 * `d`, `eval`. */
#include <ctype.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/args.h"
#include "bench/search_bench.h"
#include "cli/commands.h"
#include "core/epd.h"
#include "core/move_text.h"
#include "search/engine.h"
#include "search/engine_options.h"
#include "search/eval.h"
#include "search/nnue.h"
#include "search/see.h"
#include "search/wdl.h"

/* UCI_LINE_MAX: the longest legal game's move list (about 5900 moves,
 * 72 KB as UCI text) fits three times over; a longer line is refused, and
 * input costs this buffer, never more. */
enum { UCI_MAX_PERFT_DEPTH = 12, LINE_MAX_TOKENS = 16384, UCI_LINE_MAX = 1 << 18 };

typedef struct Uci {
    Engine *engine;
    FILE *out;
    pthread_mutex_t out_lock;
    MoveNotation notation; /* castling text of the current position's game */
    bool show_wdl;         /* UCI_ShowWDL, read at go */
    int root_phase;        /* the searched position's game phase, for wdl */
    const WdlModel *wdl;   /* the model of the evaluation searched with, for wdl */
} Uci;

/* One whole line, flushed, never interleaved with the other thread's. */
__attribute__((format(printf, 2, 3))) static void say(Uci *u, const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&u->out_lock);
    fputs(line, u->out);
    fputc('\n', u->out);
    fflush(u->out);
    pthread_mutex_unlock(&u->out_lock);
}

/* ---- output from the search thread ---- */

static int append(char *buf, int used, int size, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int append(char *buf, int used, int size, const char *fmt, ...)
{
    if (used >= size)
        return used;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + used, (size_t)(size - used), fmt, ap);
    va_end(ap);
    return n < 0 ? used : used + n;
}

static int append_score(char *buf, int used, int size, int score)
{
    if (score_is_mate(score))
        return append(buf, used, size, "score mate %d", score_mate_moves(score));
    return append(buf, used, size, "score cp %d", score);
}

static void on_info(void *ctx, const SearchReport *r)
{
    Uci *u = ctx;
    char line[4096];
    int size = (int)sizeof line, used = 0;
    if (r->depth == 0) {
        /* No legal move: mated (mate 0) or stalemated. */
        used = append(line, used, size, "info depth 0 ");
        used = r->score < 0 ? append(line, used, size, "score mate 0") : append(line, used, size, "score cp 0");
        say(u, "%s", line);
        return;
    }
    uint64_t nps = r->time_ms > 0 ? r->nodes * 1000 / (uint64_t)r->time_ms : r->nodes * 1000;
    used = append(line, used, size, "info depth %d seldepth %d multipv %d ", r->depth, r->seldepth, r->multipv);
    used = append_score(line, used, size, r->score);
    if (u->show_wdl) {
        int wdl[3];
        wdl_permille(u->wdl, r->score, u->root_phase, wdl);
        used = append(line, used, size, " wdl %d %d %d", wdl[0], wdl[1], wdl[2]);
    }
    if (r->bound == BOUND_LOWER)
        used = append(line, used, size, " lowerbound");
    else if (r->bound == BOUND_UPPER)
        used = append(line, used, size, " upperbound");
    used = append(line, used, size, " nodes %llu nps %llu hashfull %d tbhits 0 time %lld pv",
                  (unsigned long long)r->nodes, (unsigned long long)nps, r->hashfull, (long long)r->time_ms);
    for (int i = 0; i < r->pv_len; i++) {
        char move[MOVE_TEXT_MAX];
        move_to_uci_as(r->pv[i], &u->notation, move);
        used = append(line, used, size, " %s", move);
    }
    say(u, "%s", line);
}

/* Once the search has run a second (the search says when). */
static void on_currmove(void *ctx, int depth, Move move, int number)
{
    Uci *u = ctx;
    char text[MOVE_TEXT_MAX];
    move_to_uci_as(move, &u->notation, text);
    say(u, "info depth %d currmove %s currmovenumber %d", depth, text, number);
}

static void on_bestmove(void *ctx, const SearchResult *r)
{
    Uci *u = ctx;
    if (r->best == MOVE_NONE) {
        say(u, "bestmove (none)");
        return;
    }
    char best[MOVE_TEXT_MAX], ponder[MOVE_TEXT_MAX];
    move_to_uci_as(r->best, &u->notation, best);
    if (r->ponder != MOVE_NONE) {
        move_to_uci_as(r->ponder, &u->notation, ponder);
        say(u, "bestmove %s ponder %s", best, ponder);
    } else {
        say(u, "bestmove %s", best);
    }
}

/* ---- numbers ---- */

/* Parses an integer token; out-of-range values are clamped with a note.
 * False (with a note) when the token is not a number. */
static bool parse_number(Uci *u, const char *what, const char *text, long long min, long long max, long long *out)
{
    char msg[512];
    EngineOptionResult r = engine_parse_number(what, text, min, max, out, msg, sizeof msg);
    if (msg[0])
        say(u, "info string %s", msg);
    return r != ENGINE_OPTION_REFUSED;
}

/* ---- uci, setoption ---- */

static void cmd_uci_hello(Uci *u)
{
    say(u, "id name chesslab 0.1");
    say(u, "id author the chesslab authors");
    for (int i = 0; i < ENGINE_OPTION_COUNT; i++) {
        char line[1024];
        engine_option_uci_line(engine_option((EngineOptionId)i), line, sizeof line);
        say(u, "%s", line);
    }
    say(u, "uciok");
}

/* Joins tokens[from..to) with single spaces. */
static void join(char **tokens, int from, int to, char *buf, size_t len)
{
    buf[0] = '\0';
    size_t used = 0;
    for (int i = from; i < to && used + 1 < len; i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i > from ? " " : "", tokens[i]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

static void cmd_setoption(Uci *u, char **tokens, int count)
{
    int name_at = -1, value_at = -1;
    for (int i = 1; i < count; i++) {
        if (name_at < 0 && strcasecmp(tokens[i], "name") == 0)
            name_at = i;
        else if (name_at >= 0 && value_at < 0 && strcasecmp(tokens[i], "value") == 0)
            value_at = i;
    }
    if (name_at < 0 || name_at + 1 >= (value_at < 0 ? count : value_at)) {
        say(u, "info string setoption needs: setoption name NAME [value VALUE]");
        return;
    }
    char name[256], value_buf[4096]; /* a value may be a path */
    join(tokens, name_at + 1, value_at < 0 ? count : value_at, name, sizeof name);
    const char *value = NULL;
    if (value_at >= 0) {
        join(tokens, value_at + 1, count, value_buf, sizeof value_buf);
        value = value_buf;
    }
    char msg[1024];
    engine_option_set(u->engine, name, value, msg, sizeof msg);
    if (msg[0])
        say(u, "info string %s", msg);
}

/* ---- position ---- */

/* The engine's position says how castling is written (UCI_Chess960 or a
 * Chess960 FEN: king takes rook). */
static void update_notation(Uci *u)
{
    Setup s;
    engine_ops(u->engine)->save(engine_board(u->engine), &s);
    u->notation = move_notation_of(&s);
}

static void cmd_position(Uci *u, char **tokens, int count)
{
    Setup start;
    char err[256];
    int i = 1;
    if (i < count && strcmp(tokens[i], "startpos") == 0) {
        setup_from_fen(&start, FEN_STARTPOS, NULL, 0);
        i++;
    } else if (i < count && strcmp(tokens[i], "fen") == 0) {
        int from = ++i;
        while (i < count && strcmp(tokens[i], "moves") != 0)
            i++;
        char fen[512];
        join(tokens, from, i, fen, sizeof fen);
        if (!setup_from_fen(&start, fen, err, sizeof err)) {
            say(u, "info string bad FEN '%s': %s; position unchanged", fen, err);
            return;
        }
    } else {
        say(u, "info string position needs startpos or fen; position unchanged");
        return;
    }
    if (i < count && strcmp(tokens[i], "moves") != 0) {
        say(u, "info string position: unexpected '%s'; position unchanged", tokens[i]);
        return;
    }
    int first_move = i < count ? i + 1 : count;
    if (!engine_set_position(u->engine, &start, (const char *const *)tokens + first_move, count - first_move, err,
                             sizeof err))
        say(u, "info string %s; position unchanged", err);
    update_notation(u);
}

/* ---- go ---- */

/* From the search thread: Stockfish's layout when the count is whole; after
 * a stop, the root moves counted in full and no total (a partial total
 * would look like a wrong count). */
static void on_perft(void *ctx, const EnginePerft *p)
{
    Uci *u = ctx;
    for (int i = 0; i < p->counted; i++) {
        char move[MOVE_TEXT_MAX];
        move_to_uci_as(p->moves[i].move, &u->notation, move);
        say(u, "%s: %llu", move, (unsigned long long)p->moves[i].nodes);
    }
    if (p->counted < p->root_moves) {
        say(u, "info string perft %d stopped: %d of %d root moves counted, no total", p->depth, p->counted,
            p->root_moves);
        return;
    }
    say(u, "%s", "");
    say(u, "Nodes searched: %llu", (unsigned long long)p->nodes);
    say(u, "%s", "");
}

/* On the search thread like any go, so isready, stop and quit are answered
 * while it counts. */
static void go_perft(Uci *u, const char *depth_text)
{
    long long depth;
    if (!parse_number(u, "perft depth", depth_text, 1, UCI_MAX_PERFT_DEPTH, &depth))
        return;
    if (!engine_perft(u->engine, (int)depth, on_perft, u))
        say(u, "info string out of memory");
}

static bool is_go_keyword(const char *t)
{
    static const char *const words[] = { "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc",
                                         "movestogo", "infinite", "mate", "searchmoves", "ponder", "perft" };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(t, words[i]) == 0)
            return true;
    return false;
}

static void cmd_go(Uci *u, char **tokens, int count)
{
    SearchLimits l;
    search_limits_init(&l);
    long long n;
    const long long max_ms = (long long)1 << 40;
    for (int i = 1; i < count; i++) {
        const char *t = tokens[i];
        const char *v = i + 1 < count ? tokens[i + 1] : NULL;
        if (strcmp(t, "infinite") == 0) {
            l.infinite = true;
        } else if (strcmp(t, "ponder") == 0) {
            l.ponder = true;
        } else if (strcmp(t, "perft") == 0) {
            go_perft(u, v);
            return;
        } else if (strcmp(t, "searchmoves") == 0) {
            while (i + 1 < count && !is_go_keyword(tokens[i + 1])) {
                Move m = move_from_uci(engine_ops(u->engine)->gen, engine_board(u->engine), tokens[++i]);
                if (m == MOVE_NONE)
                    say(u, "info string searchmoves: '%s' is not a legal move here: ignored", tokens[i]);
                else if (l.searchmove_count < MAX_MOVES)
                    l.searchmoves[l.searchmove_count++] = m;
            }
        } else if (strcmp(t, "depth") == 0) {
            if (parse_number(u, "depth", v, 1, SEARCH_MAX_DEPTH, &n))
                l.depth = (int)n;
            i += v != NULL;
        } else if (strcmp(t, "nodes") == 0) {
            if (parse_number(u, "nodes", v, 1, LLONG_MAX, &n))
                l.nodes = (uint64_t)n;
            i += v != NULL;
        } else if (strcmp(t, "mate") == 0) {
            if (parse_number(u, "mate", v, 1, SEARCH_MAX_PLY / 2, &n))
                l.mate = (int)n;
            i += v != NULL;
        } else if (strcmp(t, "movetime") == 0) {
            if (parse_number(u, "movetime", v, 0, max_ms, &n))
                l.clock.movetime_ms = n;
            i += v != NULL;
        } else if (strcmp(t, "wtime") == 0 || strcmp(t, "btime") == 0) {
            /* GUIs send negative times when a flag is about to fall. */
            if (parse_number(u, t, v, 0, max_ms, &n))
                l.clock.time_ms[t[0] == 'w' ? WHITE : BLACK] = n;
            i += v != NULL;
        } else if (strcmp(t, "winc") == 0 || strcmp(t, "binc") == 0) {
            if (parse_number(u, t, v, 0, max_ms, &n))
                l.clock.inc_ms[t[0] == 'w' ? WHITE : BLACK] = n;
            i += v != NULL;
        } else if (strcmp(t, "movestogo") == 0) {
            if (parse_number(u, "movestogo", v, 1, 1000, &n))
                l.clock.movestogo = (int)n;
            i += v != NULL;
        } else {
            say(u, "info string go: unknown token '%s' ignored", t);
        }
    }
    if (l.searchmove_count == 0 && count > 1 && strcmp(tokens[count - 1], "searchmoves") == 0)
        say(u, "info string searchmoves without legal moves: searching all");
    EngineCallbacks cb = { on_info, on_bestmove, u, on_currmove };
    /* A search still running reads show_wdl, root_phase and wdl in on_info:
     * stopped (it answers with its bestmove) before they change. */
    engine_stop(u->engine);
    u->show_wdl = engine_show_wdl(u->engine);
    u->root_phase = eval_phase(search_board_position(engine_board(u->engine)));
    /* Each evaluation has its own model: the same chances come at smaller
     * scores from the network. An EvalFile network gets the built-in
     * one's model, the nearest there is. */
    u->wdl = engine_options(u->engine)->net ? &wdl_model_nnue : &wdl_model;
    engine_go(u->engine, &l, &cb);
}

/* ---- extensions: d, eval, bench ---- */

static void cmd_d(Uci *u)
{
    const SearchBoard *board = engine_board(u->engine);
    const SearchBoardOps *ops = engine_ops(u->engine);
    Setup s;
    ops->save(board, &s);
    static const char letters[] = ".PNBRQK..pnbrqk";
    say(u, "%s", "");
    say(u, " +---+---+---+---+---+---+---+---+");
    for (int rank = 7; rank >= 0; rank--) {
        char row[64];
        int used = 0;
        for (int file = 0; file < 8; file++) {
            Piece p = s.board[make_square(file, rank)];
            used += snprintf(row + used, sizeof row - (size_t)used, " | %c", p ? letters[p] : ' ');
        }
        say(u, "%s | %d", row, rank + 1);
        say(u, " +---+---+---+---+---+---+---+---+");
    }
    say(u, "   a   b   c   d   e   f   g   h");
    say(u, "%s", "");
    char fen[FEN_MAX];
    setup_to_fen(&s, fen);
    say(u, "Fen: %s", fen);
    say(u, "Key: %016llX", (unsigned long long)ops->gen->key(board));
    const Position *p = search_board_position(board);
    Color us = sb_side(p);
    Bitboard checkers = see_attackers(p, ops, bb_first(sb_pieces(p, us, KING)), sb_occupied(p)) &
                        sb_color(p, color_flip(us));
    char list[64] = "";
    int used = 0;
    for (; checkers; checkers &= checkers - 1) {
        char sq[3];
        square_to_text(bb_first(checkers), sq);
        used += snprintf(list + used, sizeof list - (size_t)used, " %s", sq);
    }
    say(u, "Checkers:%s", list);
}

static void cmd_eval(Uci *u)
{
    const SearchBoard *board = engine_board(u->engine);
    const Position *p = search_board_position(board);
    const NnueNet *net = engine_options(u->engine)->net;
    int score = net ? nnue_evaluate(net, p) : evaluate(p, engine_ops(u->engine));
    if (sb_side(p) == BLACK)
        score = -score;
    say(u, "Static evaluation: %+.2f (White's view; side to move %s; %s)", score / 100.0,
        sb_side(p) == WHITE ? "White" : "Black", net ? "nnue" : "linear");
}

static void uci_bench(Uci *u, char **tokens, int count)
{
    if (engine_searching(u->engine)) {
        say(u, "info string bench ignored while searching");
        return;
    }
    long long depth = SEARCH_BENCH_DEFAULT_DEPTH;
    if (count > 1 && !parse_number(u, "bench depth", tokens[1], 1, 30, &depth))
        return;
    SearchBenchTotals totals;
    pthread_mutex_lock(&u->out_lock);
    bool ok = search_bench_signature((int)depth, engine_options(u->engine)->net, u->out, stderr, &totals);
    pthread_mutex_unlock(&u->out_lock);
    if (!ok)
        say(u, "info string bench: out of memory");
}

/* ---- the loop ---- */

static int tokenize(char *line, char **tokens, int max)
{
    int n = 0;
    for (char *save = NULL, *t = strtok_r(line, " \t\r\n", &save); t && n < max; t = strtok_r(NULL, " \t\r\n", &save))
        tokens[n++] = t;
    return n;
}

/* Handles one line; false on quit. */
static bool handle(Uci *u, char *line, char **tokens)
{
    int count = tokenize(line, tokens, LINE_MAX_TOKENS);
    if (count == 0)
        return true;
    if (count == LINE_MAX_TOKENS) {
        /* Longer than any legal game's move list: refuse rather than cut. */
        say(u, "info string command of %d or more words ignored", LINE_MAX_TOKENS);
        return true;
    }
    const char *c = tokens[0];
    if (strcmp(c, "quit") == 0)
        return false;
    if (strcmp(c, "uci") == 0)
        cmd_uci_hello(u);
    else if (strcmp(c, "isready") == 0)
        say(u, "readyok");
    else if (strcmp(c, "ucinewgame") == 0)
        engine_new_game(u->engine);
    else if (strcmp(c, "setoption") == 0)
        cmd_setoption(u, tokens, count);
    else if (strcmp(c, "position") == 0)
        cmd_position(u, tokens, count);
    else if (strcmp(c, "go") == 0)
        cmd_go(u, tokens, count);
    else if (strcmp(c, "stop") == 0)
        engine_stop(u->engine);
    else if (strcmp(c, "ponderhit") == 0)
        engine_ponderhit(u->engine);
    else if (strcmp(c, "debug") == 0 || strcmp(c, "register") == 0)
        ; /* accepted, nothing to do */
    else if (strcmp(c, "d") == 0)
        cmd_d(u);
    else if (strcmp(c, "eval") == 0)
        cmd_eval(u);
    else if (strcmp(c, "bench") == 0)
        uci_bench(u, tokens, count);
    else
        say(u, "info string unknown command '%s'", c);
    return true;
}

int cmd_uci(int argc, char **argv)
{
    if (argc >= 2 && cli_is_help(argv[1])) {
        fputs("usage: chesslab uci   (the UCI protocol on stdin/stdout; also `chesslab` with stdin not a "
              "terminal)\n",
              stdout);
        return 0;
    }
    if (argc >= 2) {
        cli_error("uci", "unexpected argument '%s'", argv[1]);
        return EXIT_USAGE;
    }
    Uci u = { .out = stdout, .notation = MOVE_NOTATION_STANDARD };
    pthread_mutex_init(&u.out_lock, NULL);
    u.engine = engine_new((size_t)engine_option_default(ENGINE_OPT_HASH));
    char **tokens = malloc(LINE_MAX_TOKENS * sizeof *tokens);
    char *line = malloc(UCI_LINE_MAX + 1);
    if (u.engine == NULL || tokens == NULL || line == NULL) {
        cli_error("uci", "out of memory");
        engine_free(u.engine);
        free(tokens);
        free(line);
        return 1;
    }
    /* The line reader every text input shares (core/epd.h): bounded, and
     * a NUL byte reported rather than cutting the line. A NUL would end the
     * line for every string function here, so the command before it would
     * run as if it were all: such a line is refused whole. */
    EpdLineProblem problem;
    while (epd_read_line(stdin, line, UCI_LINE_MAX + 1, &problem)) {
        if (problem == EPD_LINE_NUL)
            say(&u, "info string line refused: it holds a NUL byte");
        else if (problem == EPD_LINE_TOO_LONG)
            say(&u, "info string line refused: longer than %d bytes", UCI_LINE_MAX);
        else if (!handle(&u, line, tokens))
            break;
    }
    /* quit, or the end of input, which is quit too: a GUI that dies closes
     * the pipe, and the engine must not search on alone. engine_free stops
     * the search, which answers with its bestmove first. */
    engine_free(u.engine);
    free(line);
    free(tokens);
    pthread_mutex_destroy(&u.out_lock);
    return 0;
}
