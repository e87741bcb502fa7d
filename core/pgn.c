/* PGN tags and writing; reading is in pgn_read.c. */
#include "core/pgn.h"

#include <stdlib.h>
#include <string.h>

/* ---- tags ---- */

bool pgn_tags_set(PgnTags *tags, const char *name, const char *value)
{
    char *copy = strdup(value);
    if (copy == NULL)
        return false;
    for (int i = 0; i < tags->count; i++)
        if (strcmp(tags->items[i].name, name) == 0) {
            free(tags->items[i].value);
            tags->items[i].value = copy;
            return true;
        }
    if (tags->count == tags->capacity) {
        int capacity = tags->capacity ? tags->capacity * 2 : 16;
        PgnTag *grown = realloc(tags->items, (size_t)capacity * sizeof *grown);
        if (grown == NULL) {
            free(copy);
            return false;
        }
        tags->items = grown;
        tags->capacity = capacity;
    }
    char *name_copy = strdup(name);
    if (name_copy == NULL) {
        free(copy);
        return false;
    }
    tags->items[tags->count++] = (PgnTag){ name_copy, copy };
    return true;
}

const char *pgn_tags_get(const PgnTags *tags, const char *name)
{
    for (int i = 0; tags && i < tags->count; i++)
        if (strcmp(tags->items[i].name, name) == 0)
            return tags->items[i].value;
    return NULL;
}

void pgn_tags_clear(PgnTags *tags)
{
    for (int i = 0; i < tags->count; i++) {
        free(tags->items[i].name);
        free(tags->items[i].value);
    }
    tags->count = 0;
}

void pgn_tags_free(PgnTags *tags)
{
    pgn_tags_clear(tags);
    free(tags->items);
    *tags = (PgnTags){ NULL, 0, 0 };
}

/* ---- writing ---- */

static const char *const roster[7] = { "Event", "Site", "Date", "Round", "White", "Black", "Result" };

static void write_tag(FILE *out, const char *name, const char *value)
{
    fprintf(out, "[%s \"", name);
    for (const char *c = value; *c; c++) {
        if (*c == '"' || *c == '\\')
            fputc('\\', out);
        /* A tag pair is one line. */
        fputc(*c == '\n' || *c == '\r' ? ' ' : *c, out);
    }
    fputs("\"]\n", out);
}

static bool is_written_from_game(const char *name)
{
    for (int i = 0; i < 7; i++)
        if (strcmp(name, roster[i]) == 0)
            return true;
    return strcmp(name, "SetUp") == 0 || strcmp(name, "FEN") == 0 || strcmp(name, "Variant") == 0;
}

/* Movetext lines of at most 79 characters, tokens separated by one space. */
typedef struct LineWriter {
    FILE *out;
    char line[80];
    size_t len;
} LineWriter;

static void emit(LineWriter *w, const char *token)
{
    size_t n = strlen(token);
    if (w->len > 0 && w->len + 1 + n > sizeof w->line - 1) {
        fprintf(w->out, "%.*s\n", (int)w->len, w->line);
        w->len = 0;
    }
    if (w->len > 0)
        w->line[w->len++] = ' ';
    memcpy(w->line + w->len, token, n);
    w->len += n;
}

bool pgn_write_game(FILE *out, const PgnTags *tags, const Game *game, const char *result)
{
    return pgn_write_game_commented(out, tags, game, result, NULL);
}

bool pgn_write_game_commented(FILE *out, const PgnTags *tags, const Game *game, const char *result,
                              const char *const *comments)
{
    int plies = game_ply_count(game);
    if (result == NULL) {
        GameStatus status;
        game_status(game, plies, &status);
        result = game_result(&status, false);
    }
    static const char *const defaults[6] = { "?", "?", "????.??.??", "?", "?", "?" };
    for (int i = 0; i < 6; i++) {
        const char *value = pgn_tags_get(tags, roster[i]);
        write_tag(out, roster[i], value ? value : defaults[i]);
    }
    write_tag(out, "Result", result);
    const Setup *start = game_setup(game, 0);
    Setup standard;
    if (start->chess960)
        write_tag(out, "Variant", "Chess960");
    if (!setup_from_fen(&standard, FEN_STARTPOS, NULL, 0) || !setup_equal(start, &standard)) {
        char fen[FEN_MAX];
        setup_to_fen(start, fen);
        write_tag(out, "SetUp", "1");
        write_tag(out, "FEN", fen);
    }
    for (int i = 0; tags && i < tags->count; i++)
        if (!is_written_from_game(tags->items[i].name))
            write_tag(out, tags->items[i].name, tags->items[i].value);
    fputc('\n', out);

    LineWriter w = { .out = out };
    bool after_comment = false;
    for (int ply = 1; ply <= plies; ply++) {
        const Setup *before = game_setup(game, ply - 1);
        char number[16];
        if (before->side == WHITE || ply == 1 || after_comment) {
            snprintf(number, sizeof number, "%u%s", before->fullmove, before->side == WHITE ? "." : "...");
            emit(&w, number);
        }
        emit(&w, game_san(game, ply));
        after_comment = comments && comments[ply - 1];
        if (after_comment) {
            char comment[80];
            snprintf(comment, sizeof comment, "{%.*s}", (int)(sizeof comment - 3), comments[ply - 1]);
            emit(&w, comment);
        }
    }
    emit(&w, result);
    fprintf(out, "%.*s\n\n", (int)w.len, w.line);
    return !ferror(out);
}

int pgn_result_half_points(const char *result)
{
    if (strcmp(result, "1-0") == 0)
        return 2;
    if (strcmp(result, "1/2-1/2") == 0)
        return 1;
    if (strcmp(result, "0-1") == 0)
        return 0;
    return -1;
}
