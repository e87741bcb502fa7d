#include "play/openings.h"

#include <stdio.h>
#include <stdlib.h>

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

int openings_load(const char *path, const MoveGen *gen, MatchOpening **out, char *err, size_t err_len)
{
    int count = BUILTIN_OPENINGS;
    MatchOpening *openings = NULL;
    if (path) {
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
