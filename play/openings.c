#include "play/openings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/input_file.h"
#include "core/move_text.h"
#include "core/pgn.h"
#include "core/position_file.h"

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

/* A PGN game as an opening: its start position and every move it has. */
static bool opening_from_game(const PgnGame *pg, const char *path, MatchOpening *o, char *err, size_t err_len)
{
    const char *event = pgn_tags_get(&pg->tags, "Opening");
    if (event == NULL || event[0] == '\0' || strcmp(event, "?") == 0)
        snprintf(o->name, sizeof o->name, "%s:%d", path, pg->number);
    else
        snprintf(o->name, sizeof o->name, "%s", event);
    o->start = *game_setup(pg->game, 0);
    size_t used = 0;
    o->moves[0] = '\0';
    for (int ply = 1; ply <= game_ply_count(pg->game); ply++) {
        char text[MOVE_TEXT_MAX];
        move_to_uci(game_move(pg->game, ply), text);
        int n = snprintf(o->moves + used, sizeof o->moves - used, "%s%s", used ? " " : "", text);
        if (n < 0 || (size_t)n >= sizeof o->moves - used) {
            snprintf(err, err_len, "%s: game %d: more moves than an opening holds (%zu characters of UCI moves)",
                     path, pg->number, sizeof o->moves - 1);
            return false;
        }
        used += (size_t)n;
    }
    return true;
}

static int load_pgn(const char *path, const MoveGen *gen, MatchOpening *openings, char *err, size_t err_len)
{
    FILE *f;
    if (input_file_open(path, &f, err, err_len) != INPUT_FILE_OK)
        return OPENINGS_BAD;
    PgnReader *reader = pgn_reader_new(f, path);
    PgnGame pg;
    bool have_game = reader != NULL && pgn_game_init(&pg, gen);
    int count = 0;
    if (!have_game)
        snprintf(err, err_len, "out of memory");
    while (have_game) {
        PgnRead r = pgn_read_game(reader, &pg, err, err_len);
        if (r == PGN_END)
            break;
        if (r == PGN_BAD_GAME || count == OPENINGS_MAX ||
            !opening_from_game(&pg, path, &openings[count], err, err_len)) {
            if (count == OPENINGS_MAX)
                snprintf(err, err_len, "%s: more than %d games", path, OPENINGS_MAX);
            count = OPENINGS_BAD;
            break;
        }
        count++;
    }
    if (count == 0)
        snprintf(err, err_len, "%s: no games", path);
    if (have_game)
        pgn_game_free(&pg);
    pgn_reader_free(reader);
    fclose(f);
    return have_game && count > 0 ? count : OPENINGS_BAD;
}

static bool is_pgn_path(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && strcasecmp(path + n - 4, ".pgn") == 0;
}

void openings_order(int *order, int count, uint64_t seed)
{
    uint64_t state = seed ^ 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < count; i++)
        order[i] = i;
    /* Fisher-Yates with splitmix64 draws (a fixed generator, unlike rand()). */
    for (int i = count - 1; i > 0; i--) {
        uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
        int j = (int)(z % (uint64_t)(i + 1));
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

int openings_load(const char *path, const MoveGen *gen, MatchOpening **out, char *err, size_t err_len)
{
    int count = BUILTIN_OPENINGS;
    MatchOpening *openings = NULL;
    if (path && is_pgn_path(path)) {
        openings = calloc(OPENINGS_MAX, sizeof *openings);
        if (openings == NULL)
            return OPENINGS_NO_MEMORY;
        count = load_pgn(path, gen, openings, err, err_len);
        if (count <= 0) {
            free(openings);
            return OPENINGS_BAD;
        }
    } else if (path) {
        NamedPosition *lines = calloc(OPENINGS_MAX, sizeof *lines);
        count = lines ? position_file_read(path, lines, OPENINGS_MAX, err, err_len) : -1;
        if (count <= 0) {
            if (lines == NULL)
                snprintf(err, err_len, "out of memory");
            free(lines);
            return OPENINGS_BAD;
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
    if (openings == NULL)
        return OPENINGS_NO_MEMORY;
    /* Every opening is checked once, before any engine starts. */
    Game *game = game_new(gen);
    for (int i = 0; game && i < count; i++)
        if (!match_opening_start(&openings[i], game, err, err_len)) {
            game_free(game);
            free(openings);
            return OPENINGS_BAD;
        }
    game_free(game);
    *out = openings;
    return count;
}
