/* PGN reading: a lexer over the file (tokens of the PGN standard, with
 * comments, escape lines and NAGs consumed here) and the game reader on top
 * of it. Writing and tags are in pgn.c. */
#include "core/pgn.h"
#include "core/input_file.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- reading: tokens ---- */

typedef enum {
    TOK_EOF, TOK_ERROR, TOK_TAG_OPEN, TOK_TAG_CLOSE, TOK_STRING, TOK_SYMBOL, TOK_PERIOD, TOK_NAG,
    TOK_COMMENT, TOK_VARIATION_OPEN, TOK_VARIATION_CLOSE
} TokenKind;

struct PgnReader {
    FILE *f;
    char *name;
    long line;             /* current line, from 1 */
    bool line_start;       /* the next character begins a line (% escapes) */
    int games;             /* games begun so far */
    bool pushed_back;      /* the last token is to be read again */
    TokenKind last;
    long token_line;       /* line where the last token began */
    long fen_line;         /* line of the current game's FEN tag */
    long result_line;      /* and of its Result tag */
    long column;           /* bytes read of the current line */
    Setup standard;
    char text[PGN_TOKEN_MAX]; /* symbol or string text, or a lexer error */
    /* Why the file cannot be read on (a NUL byte, an over-long line, a
     * read error), "" while it can: from then on the file reads as its
     * end, and the game being read gets this as its error. */
    char fatal[160];
};

PgnReader *pgn_reader_new(FILE *f, const char *name)
{
    PgnReader *r = calloc(1, sizeof *r);
    if (r == NULL)
        return NULL;
    r->name = strdup(name);
    if (r->name == NULL) {
        free(r);
        return NULL;
    }
    r->f = f;
    r->line = 1;
    r->line_start = true;
    setup_from_fen(&r->standard, FEN_STARTPOS, NULL, 0);
    return r;
}

void pgn_reader_free(PgnReader *r)
{
    if (r == NULL)
        return;
    free(r->name);
    free(r);
}

/* The next byte, or EOF at the end of the file and once it proved not to
 * be text: a NUL byte (no text holds one, and C strings would cut the tag
 * or move at it silently), a line longer than PGN_LINE_MAX, a read error. */
static int next_char(PgnReader *r)
{
    if (r->fatal[0])
        return EOF;
    int c = getc(r->f);
    if (c == '\n') {
        r->line++;
        r->line_start = true;
        r->column = 0;
    } else if (c != EOF) {
        r->line_start = false;
        r->column++;
    }
    if (c == '\0')
        snprintf(r->fatal, sizeof r->fatal, "a NUL byte on line %ld: not a text file; reading stops", r->line);
    else if (r->column > PGN_LINE_MAX)
        snprintf(r->fatal, sizeof r->fatal, "line %ld is longer than %d bytes: not a PGN file; reading stops",
                 r->line, PGN_LINE_MAX);
    else if (c == EOF && ferror(r->f))
        snprintf(r->fatal, sizeof r->fatal, "read error on line %ld: %s; reading stops", r->line, strerror(errno));
    else
        return c;
    return EOF;
}

/* Puts back the byte just read. */
static void unread_char(PgnReader *r, int c)
{
    if (c == EOF)
        return;
    ungetc(c, r->f);
    if (c == '\n')
        r->line--;
    else
        r->column--;
}

static TokenKind lex_error(PgnReader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static TokenKind lex_error(PgnReader *r, const char *fmt, ...)
{
    if (r->fatal[0]) { /* the real reason a string or comment was cut */
        snprintf(r->text, sizeof r->text, "%s", r->fatal);
        return r->last = TOK_ERROR;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->text, sizeof r->text, fmt, ap);
    va_end(ap);
    return r->last = TOK_ERROR;
}

static bool is_symbol_char(int c) { return isalnum(c) || (c != '\0' && strchr("_+#=:-/!?", c) != NULL); }

static TokenKind lex_string(PgnReader *r)
{
    size_t len = 0;
    for (;;) {
        int c = next_char(r);
        if (c == EOF || c == '\n')
            return lex_error(r, "string not closed before the end of the line");
        if (c == '"')
            break;
        if (c == '\\') {
            c = next_char(r);
            if (c == EOF || c == '\n')
                return lex_error(r, "string not closed before the end of the line");
        }
        if (len + 1 >= sizeof r->text)
            return lex_error(r, "string longer than %d characters", PGN_TOKEN_MAX - 1);
        r->text[len++] = (char)c;
    }
    r->text[len] = '\0';
    return r->last = TOK_STRING;
}

static TokenKind lex_symbol(PgnReader *r, int c)
{
    size_t len = 0;
    do {
        if (len + 1 >= sizeof r->text)
            return lex_error(r, "symbol longer than %d characters", PGN_TOKEN_MAX - 1);
        r->text[len++] = (char)c;
        c = next_char(r);
    } while (c != EOF && is_symbol_char(c));
    unread_char(r, c);
    r->text[len] = '\0';
    return r->last = TOK_SYMBOL;
}

/* Skips characters up to and including stop; false at end of file. */
static bool skip_past(PgnReader *r, int stop)
{
    for (int c = next_char(r); c != EOF; c = next_char(r))
        if (c == stop)
            return true;
    return false;
}

static TokenKind lex(PgnReader *r)
{
    if (r->pushed_back) {
        r->pushed_back = false;
        return r->last;
    }
    for (;;) {
        bool at_line_start = r->line_start;
        int c = next_char(r);
        if (c == EOF && r->fatal[0]) {
            r->token_line = r->line;
            return lex_error(r, "%s", r->fatal);
        }
        if (c == EOF)
            return r->last = TOK_EOF;
        if (isspace(c))
            continue;
        if (c == '%' && at_line_start) { /* escape line: ignored to its end */
            skip_past(r, '\n');
            continue;
        }
        r->token_line = r->line;
        switch (c) {
        case '[': return r->last = TOK_TAG_OPEN;
        case ']': return r->last = TOK_TAG_CLOSE;
        case '(': return r->last = TOK_VARIATION_OPEN;
        case ')': return r->last = TOK_VARIATION_CLOSE;
        case '"': return lex_string(r);
        case '{':
            if (!skip_past(r, '}'))
                return lex_error(r, "comment opened on line %ld is not closed", r->token_line);
            return r->last = TOK_COMMENT;
        case ';':
            skip_past(r, '\n');
            return r->last = TOK_COMMENT;
        case '<': /* reserved by the standard for expansion */
            skip_past(r, '>');
            return r->last = TOK_COMMENT;
        case '.':
            while ((c = next_char(r)) == '.')
                ;
            unread_char(r, c);
            return r->last = TOK_PERIOD;
        case '$':
            c = next_char(r);
            if (!isdigit(c))
                return lex_error(r, "'$' without a number");
            return lex_symbol(r, c) == TOK_SYMBOL ? (r->last = TOK_NAG) : TOK_ERROR;
        case '!': case '?':
            return lex_symbol(r, c) == TOK_SYMBOL ? (r->last = TOK_NAG) : TOK_ERROR;
        case '*':
            strcpy(r->text, "*");
            return r->last = TOK_SYMBOL;
        case 0xEF: /* a UTF-8 byte order mark is harmless */
            if (next_char(r) == 0xBB && next_char(r) == 0xBF)
                continue;
            return lex_error(r, "unexpected byte 0xef");
        default:
            if (isalnum(c))
                return lex_symbol(r, c);
            if (isprint(c))
                return lex_error(r, "unexpected character '%c'", c);
            return lex_error(r, "unexpected byte 0x%02x", (unsigned)c);
        }
    }
}

static void push_back(PgnReader *r) { r->pushed_back = true; }

/* ---- reading: games ---- */

static bool is_result(const char *s)
{
    return strcmp(s, "1-0") == 0 || strcmp(s, "0-1") == 0 || strcmp(s, "1/2-1/2") == 0 || strcmp(s, "*") == 0;
}

static bool is_move_number(const char *s)
{
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

/* After a problem: skip what is left of the game, up to its result or to
 * the tag section of the next game. in_movetext: the problem was past the
 * tags (else the rest of the tag section is skipped first). */
static void skip_game(PgnReader *r, bool in_movetext)
{
    bool in_tag = false;
    while (!r->fatal[0]) {
        TokenKind t = lex(r);
        switch (t) {
        case TOK_EOF:
            return;
        case TOK_TAG_OPEN:
            if (in_movetext) {
                push_back(r);
                return;
            }
            in_tag = true;
            break;
        case TOK_TAG_CLOSE:
            in_tag = false;
            break;
        case TOK_SYMBOL:
            if (!in_tag && is_result(r->text))
                return;
            in_movetext |= !in_tag;
            break;
        case TOK_PERIOD: case TOK_NAG: case TOK_VARIATION_OPEN: case TOK_VARIATION_CLOSE:
            in_movetext |= !in_tag;
            break;
        default:
            break;
        }
    }
}

/* "FILE:LINE: game N" and the rest of the message, into err. */
static void vgame_error(const PgnReader *r, const PgnGame *pg, char *err, size_t err_len, const char *fmt, va_list ap)
{
    if (err && err_len) {
        int n = snprintf(err, err_len, "%s:%ld: game %d", r->name, r->token_line, pg->number);
        if (n >= 0 && (size_t)n < err_len)
            vsnprintf(err + n, err_len - (size_t)n, fmt, ap);
    }
}

static PgnRead bad_game(PgnReader *r, PgnGame *pg, bool in_movetext, char *err, size_t err_len, const char *fmt,
                        ...) __attribute__((format(printf, 6, 7)));
static PgnRead bad_game(PgnReader *r, PgnGame *pg, bool in_movetext, char *err, size_t err_len, const char *fmt,
                        ...)
{
    va_list ap;
    va_start(ap, fmt);
    vgame_error(r, pg, err, err_len, fmt, ap);
    va_end(ap);
    skip_game(r, in_movetext);
    return PGN_BAD_GAME;
}

/* A game read to its end whose result is wrong: reported as bad_game is,
 * with nothing left to skip. */
static PgnRead wrong_result(PgnReader *r, PgnGame *pg, char *err, size_t err_len, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static PgnRead wrong_result(PgnReader *r, PgnGame *pg, char *err, size_t err_len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vgame_error(r, pg, err, err_len, fmt, ap);
    va_end(ap);
    return PGN_BAD_GAME;
}

/* A game that ended by the rules (checkmate, stalemate, dead position,
 * seventy-five moves) has the result they give: a recorded 1-0, 0-1 or
 * 1/2-1/2 that differs is a wrong score or a lost move, and is reported
 * with the last ply. `*` records no result and contradicts nothing. The
 * result token is checked first, then the Result tag. */
static PgnRead check_result(PgnReader *r, PgnGame *pg, char *err, size_t err_len)
{
    int ply = game_ply_count(pg->game);
    GameStatus st;
    game_status(pg->game, ply, &st);
    if (st.end == GAME_ONGOING)
        return PGN_GAME;
    const char *rules = game_result(&st, false), *tag = pgn_tags_get(&pg->tags, "Result");
    const char *what = "result";
    const char *recorded = pg->result;
    if (strcmp(recorded, "*") == 0 || strcmp(recorded, rules) == 0) {
        if (tag == NULL || strcmp(tag, "*") == 0 || strcmp(tag, rules) == 0)
            return PGN_GAME;
        what = "Result tag";
        recorded = tag;
        r->token_line = r->result_line; /* name the tag's line */
    }
    char status[128], where[64] = "start position";
    game_status_text(&st, status, sizeof status);
    if (ply > 0) {
        const Setup *before = game_setup(pg->game, ply - 1);
        snprintf(where, sizeof where, "%u%s %s", before->fullmove, before->side == WHITE ? "." : "...",
                 game_san(pg->game, ply));
    }
    return wrong_result(r, pg, err, err_len, ", ply %d (%s): %s %s contradicts the final position (%s: %s)", ply,
                        where, what, recorded, status, rules);
}

static PgnRead read_tags(PgnReader *r, PgnGame *pg, TokenKind *t, char *err, size_t err_len)
{
    while (*t == TOK_TAG_OPEN) {
        char name[256];
        if (lex(r) != TOK_SYMBOL) {
            push_back(r);
            return bad_game(r, pg, false, err, err_len, ": a tag pair needs a name after '['");
        }
        snprintf(name, sizeof name, "%.255s", r->text);
        if (lex(r) != TOK_STRING) {
            if (r->last != TOK_ERROR)
                push_back(r);
            return bad_game(r, pg, false, err, err_len, ": tag %s: %s", name,
                            r->last == TOK_ERROR ? r->text : "a quoted value should follow the name");
        }
        if (strcmp(name, "FEN") == 0)
            r->fen_line = r->token_line;
        else if (strcmp(name, "Result") == 0)
            r->result_line = r->token_line;
        if (!pgn_tags_set(&pg->tags, name, r->text))
            return bad_game(r, pg, false, err, err_len, ": out of memory");
        if (lex(r) != TOK_TAG_CLOSE) {
            push_back(r);
            return bad_game(r, pg, false, err, err_len, ": tag %s: ']' should follow the value", name);
        }
        do
            *t = lex(r);
        while (*t == TOK_COMMENT);
    }
    return PGN_GAME;
}

static PgnRead set_up(PgnReader *r, PgnGame *pg, char *err, size_t err_len)
{
    const char *variant = pgn_tags_get(&pg->tags, "Variant");
    const bool chess960 = variant && (strcasecmp(variant, "chess960") == 0 || strcasecmp(variant, "fischerandom") == 0);
    if (variant && !chess960 && strcasecmp(variant, "standard") != 0 && strcasecmp(variant, "chess") != 0)
        return bad_game(r, pg, true, err, err_len,
                        ": variant '%s' is not supported (standard chess and Chess960 only)", variant);
    const char *fen = pgn_tags_get(&pg->tags, "FEN");
    Setup start = r->standard;
    char why[256];
    if (fen && !setup_from_fen(&start, fen, why, sizeof why)) {
        r->token_line = r->fen_line; /* name the tag's line, not the movetext's */
        return bad_game(r, pg, true, err, err_len, ": FEN tag: %s", why);
    }
    start.chess960 |= chess960;
    if (!game_start(pg->game, &start, why, sizeof why))
        return bad_game(r, pg, true, err, err_len, ": %s", why);
    return PGN_GAME;
}

PgnRead pgn_read_game(PgnReader *r, PgnGame *pg, char *err, size_t err_len)
{
    pgn_tags_clear(&pg->tags);
    pg->result[0] = '\0';
    if (r->fatal[0]) /* reported with the game it cut */
        return PGN_END;
    TokenKind t;
    do
        t = lex(r);
    while (t == TOK_COMMENT);
    if (t == TOK_EOF)
        return PGN_END;
    pg->number = ++r->games;
    pg->line = r->token_line;
    game_start(pg->game, &r->standard, NULL, 0);
    if (t == TOK_ERROR)
        return bad_game(r, pg, false, err, err_len, ": %s", r->text);

    if (read_tags(r, pg, &t, err, err_len) != PGN_GAME)
        return PGN_BAD_GAME;
    /* The first movetext token is read again after the set-up, so that a
     * bad FEN skips from it (it may be the result). */
    push_back(r);
    if (set_up(r, pg, err, err_len) != PGN_GAME)
        return PGN_BAD_GAME;
    t = lex(r);

    int depth = 0; /* of variations */
    for (;; t = lex(r)) {
        switch (t) {
        case TOK_EOF:
            return bad_game(r, pg, true, err, err_len, ": the file ends %s",
                            depth ? "inside a variation" : "before the game's result (1-0, 0-1, 1/2-1/2 or *)");
        case TOK_ERROR:
            return bad_game(r, pg, true, err, err_len, ": %s", r->text);
        case TOK_TAG_OPEN:
            push_back(r);
            return bad_game(r, pg, true, err, err_len, ": no result (1-0, 0-1, 1/2-1/2 or *) before the next tags");
        case TOK_TAG_CLOSE: case TOK_STRING:
            return bad_game(r, pg, true, err, err_len, ": unexpected %s in the movetext",
                            t == TOK_STRING ? "string" : "']'");
        case TOK_VARIATION_OPEN:
            depth++;
            break;
        case TOK_VARIATION_CLOSE:
            if (depth == 0)
                return bad_game(r, pg, true, err, err_len, ": ')' without '('");
            depth--;
            break;
        case TOK_SYMBOL:
            if (is_result(r->text)) {
                if (depth)
                    return bad_game(r, pg, true, err, err_len, ": result %s inside a variation", r->text);
                snprintf(pg->result, sizeof pg->result, "%.7s", r->text);
                return check_result(r, pg, err, err_len);
            }
            if (depth == 0 && !is_move_number(r->text)) {
                char why[512];
                if (!game_play_san(pg->game, r->text, why, sizeof why)) {
                    int ply = game_ply_count(pg->game);
                    const Setup *s = game_setup(pg->game, ply);
                    return bad_game(r, pg, true, err, err_len, ", ply %d (%u%s %s): %s", ply + 1, s->fullmove,
                                    s->side == WHITE ? "." : "...", r->text, why);
                }
            }
            break;
        default: /* move-number periods, NAGs, comments */
            break;
        }
    }
}

bool pgn_game_init(PgnGame *pg, const MoveGen *g)
{
    *pg = (PgnGame){ .tags = { NULL, 0, 0 } };
    pg->game = game_new(g);
    return pg->game != NULL;
}

void pgn_game_free(PgnGame *pg)
{
    pgn_tags_free(&pg->tags);
    game_free(pg->game);
    pg->game = NULL;
}

bool pgn_visit_file(const char *path, const MoveGen *g, PgnVisit visit, void *ctx, char *err, size_t err_len)
{
    FILE *f;
    if (input_file_open(path, &f, err, err_len) != INPUT_FILE_OK)
        return false;
    PgnReader *reader = pgn_reader_new(f, path);
    PgnGame pg;
    bool pg_ready = reader && pgn_game_init(&pg, g);
    bool ok = pg_ready;
    if (!ok)
        snprintf(err, err_len, "%s: out of memory", path);
    char game_err[1024];
    for (PgnRead got; ok && (got = pgn_read_game(reader, &pg, game_err, sizeof game_err)) != PGN_END;)
        ok = visit(ctx, &pg, got == PGN_GAME, err, err_len);
    if (pg_ready)
        pgn_game_free(&pg);
    pgn_reader_free(reader);
    fclose(f);
    return ok;
}
