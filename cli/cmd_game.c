/* chesslab game: plays moves (UCI or SAN) from a position and prints every
 * ply's SAN, UCI, FEN and status and the result; or reads a PGN file and
 * prints one summary per game. The rules themselves live in core/game.c,
 * core/san.c and core/pgn.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/chess960.h"
#include "core/game.h"
#include "core/input_file.h"
#include "core/json.h"
#include "core/move_text.h"
#include "core/pgn.h"
#include "movegen_variants/registry.h"

static const char *const usage_text =
    "usage: chesslab game [--gen NAME] [--fen FEN | --start960 N] [--chess960] [--fen-style STYLE]\n"
    "                     [--moves UCI... | --san SAN... | --pgn FILE] [--json]\n"
    "\n"
    "  --gen NAME     move generator (default: fastest here)\n"
    "  --fen FEN      start position (default: the standard one; not with --pgn);\n"
    "                 Chess960 castling as X-FEN (KQkq, or the inner rook's file)\n"
    "                 or Shredder-FEN (HAha)\n"
    "  --start960 N   Chess960 start position number N (0..959, 518 the standard)\n"
    "  --chess960     Chess960 rules for the moves' UCI text: castling is king\n"
    "                 takes rook (e1h1); set anyway by --start960 and by a FEN\n"
    "                 whose castling needs Chess960 (O-O and O-O-O in SAN alike)\n"
    "  --fen-style S  castling in the FENs printed: as-read (default: Shredder-FEN\n"
    "                 if read so, else X-FEN, plain KQkq in standard chess),\n"
    "                 xfen or shredder (rook files, HAha)\n"
    "  --moves m ...  moves in UCI (e2e4 e7e5 e1g1 e7e8q; in Chess960 also e1h1)\n"
    "  --san m ...    moves in SAN (e4 e5 Nf3 O-O exd8=Q; 0-0, e8Q, Ngf3, missing\n"
    "                 or extra x, +, #, !, ? are accepted)\n"
    "  --pgn FILE     every game of a PGN file: one summary line per game; a game\n"
    "                 that cannot be read is reported (file, line, game, ply) and\n"
    "                 reading goes on; exit status 1 if any game could not be read\n"
    "                 (also a result the final position contradicts: 0-1 after\n"
    "                 Black is mated), or if the file holds no games, is not\n"
    "                 text or not a regular file; 2 if it cannot be opened\n"
    "  --json         JSON instead of text\n"
    "\n"
    "Status per position: checkmate, stalemate, dead position and the\n"
    "seventy-five-move rule end the game; threefold repetition and the\n"
    "fifty-move rule are reported as claimable draws (the game goes on).\n"
    "Bad moves or FEN: one line on stderr, exit status 2.\n";

typedef struct GameOptions {
    const MoveGen *gen;
    const char *fen, *pgn;
    char **moves;
    int move_count;
    long start960; /* -1: none */
    FenCastlingStyle fen_style;
    bool san, json, chess960;
} GameOptions;

static int parse_options(int argc, char **argv, GameOptions *o)
{
    const char *cmd = "game";
    *o = (GameOptions){ .start960 = -1 };
    const char *gen_name = NULL;
    int lists = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(usage_text, stdout);
            exit(0);
        } else if (strcmp(a, "--gen") == 0) {
            if (!(gen_name = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--fen") == 0) {
            if (!(o->fen = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
        } else if (strcmp(a, "--pgn") == 0) {
            if (!(o->pgn = cli_value(cmd, argc, argv, &i)))
                return EXIT_USAGE;
            lists++;
        } else if (strcmp(a, "--moves") == 0 || strcmp(a, "--san") == 0) {
            o->san = strcmp(a, "--san") == 0;
            o->moves = &argv[i + 1];
            o->move_count = 0;
            while (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0)
                i++, o->move_count++;
            lists++;
        } else if (strcmp(a, "--json") == 0) {
            o->json = true;
        } else if (strcmp(a, "--fen-style") == 0) {
            const char *v = cli_value(cmd, argc, argv, &i);
            if (!v)
                return EXIT_USAGE;
            if (!fen_castling_style_from_text(v, &o->fen_style)) {
                cli_error(cmd, "--fen-style '%s': expected as-read, xfen or shredder", v);
                return EXIT_USAGE;
            }
        } else if (strcmp(a, "--chess960") == 0) {
            o->chess960 = true;
        } else if (strcmp(a, "--start960") == 0) {
            const char *v = cli_value(cmd, argc, argv, &i);
            if (!v || !cli_parse_long(cmd, "--start960", v, 0, CHESS960_POSITIONS - 1, &o->start960))
                return EXIT_USAGE;
        } else {
            cli_error(cmd, "unknown option '%s' (see chesslab game --help)", a);
            return EXIT_USAGE;
        }
    }
    if (lists > 1) {
        cli_error(cmd, "--moves, --san and --pgn exclude each other (and each is given once)");
        return EXIT_USAGE;
    }
    if ((o->fen || o->start960 >= 0 || o->chess960) && o->pgn) {
        cli_error(cmd, "--fen and --pgn exclude each other, as do --start960 and --chess960 with --pgn "
                       "(a PGN game carries its own FEN and Variant tags)");
        return EXIT_USAGE;
    }
    if (o->fen && o->start960 >= 0) {
        cli_error(cmd, "--fen and --start960 exclude each other");
        return EXIT_USAGE;
    }
    o->gen = gen_name ? cli_generator(cmd, gen_name) : registry_default();
    return o->gen ? 0 : EXIT_USAGE;
}

static void json_status(JsonWriter *w, const GameStatus *st)
{
    char text[128];
    game_status_text(st, text, sizeof text);
    json_object_begin(w, "status", JSON_INLINE);
    json_string(w, "end", game_end_name(st->end));
    json_bool(w, "check", st->check);
    json_int(w, "repetitions", st->repetitions);
    json_bool(w, "threefold", st->threefold);
    json_bool(w, "fifty_moves", st->fifty_moves);
    json_int(w, "halfmove", st->halfmove);
    json_string(w, "text", text);
    json_end(w);
}

static void print_game(const GameOptions *o, const Game *game)
{
    int plies = game_ply_count(game);
    GameStatus st;
    char fen[FEN_MAX], text[128];
    setup_to_fen_styled(game_setup(game, 0), o->fen_style, fen);
    game_status(game, 0, &st);
    JsonWriter w;
    json_writer_init(&w, stdout);
    if (o->json) {
        json_object_begin(&w, NULL, JSON_LINES);
        json_string(&w, "generator", o->gen->name);
        json_object_begin(&w, "start", JSON_INLINE);
        json_string(&w, "fen", fen);
        json_status(&w, &st);
        json_end(&w);
        json_array_begin(&w, "plies", JSON_LINES);
    } else {
        game_status_text(&st, text, sizeof text);
        printf("generator %s\nstart     %s  (%s)\n\n%-4s %-14s %-6s %-70s %s\n", o->gen->name, fen, text, "ply",
               "move", "uci", "fen", "status");
    }
    const MoveNotation notation = game_notation(game);
    for (int ply = 1; ply <= plies; ply++) {
        const Setup *before = game_setup(game, ply - 1);
        char uci[MOVE_TEXT_MAX], numbered[32];
        move_to_uci_as(game_move(game, ply), &notation, uci);
        setup_to_fen_styled(game_setup(game, ply), o->fen_style, fen);
        game_status(game, ply, &st);
        if (o->json) {
            json_object_begin(&w, NULL, JSON_INLINE);
            json_int(&w, "ply", ply);
            json_uint(&w, "move_number", before->fullmove);
            json_string(&w, "side", before->side == WHITE ? "w" : "b");
            json_string(&w, "san", game_san(game, ply));
            json_string(&w, "uci", uci);
            json_string(&w, "fen", fen);
            json_status(&w, &st);
            json_end(&w);
        } else {
            snprintf(numbered, sizeof numbered, "%u%s %s", before->fullmove, before->side == WHITE ? "." : "...",
                     game_san(game, ply));
            game_status_text(&st, text, sizeof text);
            printf("%-4d %-14s %-6s %-70s %s\n", ply, numbered, uci, fen, text);
        }
    }
    game_status(game, plies, &st);
    const char *result = game_result(&st, false);
    game_status_text(&st, text, sizeof text);
    if (o->json) {
        json_end(&w); /* plies */
        json_string(&w, "result", result);
        json_string(&w, "termination", text);
        json_end(&w);
    } else {
        printf("\nresult    %s (%s)\n", result, text);
    }
}

static int play_moves(const GameOptions *o)
{
    const char *cmd = "game";
    Setup start;
    char err[640];
    if (o->start960 >= 0) {
        chess960_start_position((int)o->start960, &start);
    } else if (!setup_from_fen(&start, o->fen ? o->fen : FEN_STARTPOS, err, sizeof err)) {
        cli_error(cmd, "--fen: %s", err);
        return EXIT_USAGE;
    }
    start.chess960 |= o->chess960;
    Game *game = game_new(o->gen);
    if (game == NULL || !game_start(game, &start, err, sizeof err)) {
        cli_error(cmd, "%s", game ? err : "out of memory");
        game_free(game);
        return game ? EXIT_USAGE : 1;
    }
    for (int i = 0; i < o->move_count; i++) {
        const Setup *s = game_setup(game, game_ply_count(game));
        unsigned number = s->fullmove;
        Color side = s->side;
        bool ok = o->san ? game_play_san(game, o->moves[i], err, sizeof err)
                         : game_play_uci(game, o->moves[i], err, sizeof err);
        if (!ok) {
            cli_error(cmd, "%s: move %d (%u%s %s): %s", o->san ? "--san" : "--moves", i + 1, number,
                      side == WHITE ? "." : "...", o->moves[i], err);
            game_free(game);
            return EXIT_USAGE;
        }
    }
    print_game(o, game);
    game_free(game);
    return 0;
}

static void json_tag(JsonWriter *w, const char *key, const PgnGame *pg, const char *name)
{
    const char *value = pgn_tags_get(&pg->tags, name);
    json_string(w, key, value ? value : "?");
}

static int read_pgn(const GameOptions *o)
{
    const char *cmd = "game";
    char err[1024];
    FILE *f;
    InputFileStatus opened = input_file_open(o->pgn, &f, err, sizeof err);
    if (opened != INPUT_FILE_OK) {
        cli_error(cmd, "--pgn: %s", err);
        return opened == INPUT_FILE_CANNOT_OPEN ? EXIT_USAGE : 1;
    }
    PgnReader *reader = pgn_reader_new(f, o->pgn);
    PgnGame pg;
    if (reader == NULL || !pgn_game_init(&pg, o->gen)) {
        cli_error(cmd, "out of memory");
        pgn_reader_free(reader);
        fclose(f);
        return 1;
    }
    int good = 0, bad = 0;
    JsonWriter w;
    json_writer_init(&w, stdout);
    if (o->json) {
        json_object_begin(&w, NULL, JSON_LINES);
        json_string(&w, "file", o->pgn);
        json_string(&w, "generator", o->gen->name);
        json_array_begin(&w, "games", JSON_LINES);
    }
    for (PgnRead got; (got = pgn_read_game(reader, &pg, err, sizeof err)) != PGN_END;) {
        int plies = game_ply_count(pg.game);
        GameStatus st;
        game_status(pg.game, plies, &st);
        char text[128], fen[FEN_MAX];
        game_status_text(&st, text, sizeof text);
        setup_to_fen_styled(game_setup(pg.game, plies), o->fen_style, fen);
        if (got == PGN_BAD_GAME) {
            cli_error(cmd, "%s", err);
            bad++;
        } else {
            good++;
        }
        if (o->json) {
            json_object_begin(&w, NULL, JSON_INLINE);
            json_int(&w, "number", pg.number);
            json_int(&w, "line", pg.line);
            json_tag(&w, "white", &pg, "White");
            json_tag(&w, "black", &pg, "Black");
            json_string(&w, "result", pg.result);
            json_int(&w, "plies", plies);
            json_status(&w, &st);
            json_string(&w, "fen", fen);
            json_string(&w, "error", got == PGN_BAD_GAME ? err : NULL);
            json_end(&w);
        } else if (got == PGN_GAME) {
            const char *white = pgn_tags_get(&pg.tags, "White"), *black = pgn_tags_get(&pg.tags, "Black");
            printf("game %d (line %ld): %s - %s  %s  %d plies  %s\n", pg.number, pg.line, white ? white : "?",
                   black ? black : "?", pg.result, plies, text);
        } else {
            printf("game %d (line %ld): not read (see the error)\n", pg.number, pg.line);
        }
    }
    /* A file without games is not a PGN file: an error, never "0 games read". */
    bool empty = good + bad == 0;
    if (empty)
        cli_error(cmd, "--pgn: '%s' holds no games", o->pgn);
    if (o->json) {
        json_end(&w); /* games */
        json_int(&w, "read", good);
        json_int(&w, "errors", bad);
        json_end(&w);
    } else
        printf("\n%d game%s: %d read, %d with errors\n", good + bad, good + bad == 1 ? "" : "s", good, bad);
    pgn_game_free(&pg);
    pgn_reader_free(reader);
    fclose(f);
    return empty || bad ? 1 : 0;
}

int cmd_game(int argc, char **argv)
{
    GameOptions o;
    int status = parse_options(argc, argv, &o);
    if (status != 0)
        return status;
    return o.pgn ? read_pgn(&o) : play_moves(&o);
}
