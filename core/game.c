#include "core/game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/move_text.h"
#include "core/zobrist.h"

/* What the game keeps of each position it reached. */
typedef struct GameRecord {
    Setup setup;
    uint64_t key;          /* repetition key (see game_repetition_key) */
    Move move;             /* the move that led here; MOVE_NONE at the start */
    char san[SAN_MAX];
    Square legal_ep;       /* en passant square when such a capture is legal */
    bool check;
    int16_t legal_count;
    int16_t repetitions;
    GameEnd end;
    int window;            /* first position since the last irreversible move */
} GameRecord;

struct Game {
    const MoveGen *gen;
    void *board;
    int board_depth;       /* moves made since the board was last loaded */
    GameRecord *records;   /* records[ply], ply 0 = start */
    int count, capacity;   /* count = plies + 1 */
    int legal_count;
    Move legal[MAX_MOVES]; /* of the current position */
};

static bool fail(char *err, size_t err_len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(char *err, size_t err_len, const char *fmt, ...)
{
    if (err && err_len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, err_len, fmt, ap);
        va_end(ap);
    }
    return false;
}

bool game_dead_material(const Setup *s)
{
    int knights = 0, bishops[2] = { 0, 0 }; /* bishops by square colour */
    for (int sq = 0; sq < 64; sq++) {
        switch (piece_type(s->board[sq])) {
        case PAWN: case ROOK: case QUEEN:
            return false;
        case KNIGHT:
            knights++;
            break;
        case BISHOP:
            bishops[(square_file((Square)sq) + square_rank((Square)sq)) & 1]++;
            break;
        default:
            break;
        }
    }
    /* K v K, K v K+B, K v K+N: at most one minor piece on the board. */
    if (knights + bishops[0] + bishops[1] <= 1)
        return true;
    /* Only bishops, all on squares of one colour, on either side. Nothing
     * else is dead by material alone (K+N+N v K can still be mated). */
    return knights == 0 && (bishops[0] == 0 || bishops[1] == 0);
}

/* Fills r from the board's current position and refreshes the legal list. */
static void describe_position(Game *game, GameRecord *r)
{
    const MoveGen *g = game->gen;
    g->save(game->board, &r->setup);
    game->legal_count = g->legal_moves(game->board, game->legal);
    r->legal_count = (int16_t)game->legal_count;
    r->check = g->in_check(game->board);
    r->legal_ep = SQ_NONE;
    for (int i = 0; i < game->legal_count; i++)
        if (move_kind(game->legal[i]) == MK_EN_PASSANT) {
            r->legal_ep = r->setup.ep;
            break;
        }
    /* The key holds the ep file whenever a pawn stands beside the pushed
     * one; for repetition the right counts only if the capture is legal. */
    r->key = g->key(game->board);
    if (r->legal_ep == SQ_NONE && setup_ep_capturable(&r->setup))
        r->key ^= zobrist.ep_file[square_file(r->setup.ep)];
    if (r->legal_count == 0)
        r->end = r->check ? GAME_CHECKMATE : GAME_STALEMATE;
    else if (game_dead_material(&r->setup))
        r->end = GAME_DEAD_POSITION;
    else if (r->setup.halfmove >= 150)
        r->end = GAME_SEVENTY_FIVE_MOVES;
    else
        r->end = GAME_ONGOING;
}

static bool same_position(const GameRecord *a, const GameRecord *b)
{
    return a->key == b->key && memcmp(a->setup.board, b->setup.board, sizeof a->setup.board) == 0 &&
           a->setup.side == b->setup.side && a->setup.castling == b->setup.castling && a->legal_ep == b->legal_ep;
}

/* Counts earlier occurrences of position i. Only positions since the last
 * irreversible move can equal it: a capture or a pawn move changes the
 * material or the pawns for good, and lost castling rights never return.
 * Keys filter, the full comparison confirms (no trust in hash luck). */
static void count_repetitions(Game *game, int i, bool irreversible)
{
    GameRecord *r = &game->records[i];
    r->window = (i == 0 || irreversible) ? i : game->records[i - 1].window;
    r->repetitions = 1;
    for (int j = i - 2; j >= r->window; j -= 2)
        if (same_position(&game->records[j], r)) {
            r->repetitions = (int16_t)(game->records[j].repetitions + 1);
            break;
        }
}

Game *game_new(const MoveGen *g)
{
    Game *game = calloc(1, sizeof *game);
    if (game == NULL)
        return NULL;
    game->gen = g;
    game->board = movegen_board_new(g);
    game->capacity = 128;
    game->records = malloc((size_t)game->capacity * sizeof *game->records);
    Setup start;
    if (game->board == NULL || game->records == NULL || !setup_from_fen(&start, FEN_STARTPOS, NULL, 0) ||
        !game_start(game, &start, NULL, 0)) {
        game_free(game);
        return NULL;
    }
    return game;
}

void game_free(Game *game)
{
    if (game == NULL)
        return;
    movegen_board_free(game->board);
    free(game->records);
    free(game);
}

bool game_start(Game *game, const Setup *start, char *err, size_t err_len)
{
    if (!setup_validate(start, err, err_len))
        return false;
    game->gen->load(game->board, start);
    game->board_depth = 0;
    game->count = 1;
    GameRecord *r = &game->records[0];
    describe_position(game, r);
    r->move = MOVE_NONE;
    r->san[0] = '\0';
    count_repetitions(game, 0, true);
    return true;
}

static const char *end_words(GameEnd end)
{
    switch (end) {
    case GAME_CHECKMATE: return "checkmate";
    case GAME_STALEMATE: return "stalemate";
    case GAME_DEAD_POSITION: return "dead position";
    case GAME_SEVENTY_FIVE_MOVES: return "seventy-five-move rule";
    default: return "ongoing";
    }
}

/* Art. 10: the game ends at once; no move comes after an automatic end. */
static bool check_not_over(const Game *game, char *err, size_t err_len)
{
    GameEnd end = game->records[game->count - 1].end;
    if (end != GAME_ONGOING)
        return fail(err, err_len, "the game is already over (%s)", end_words(end));
    return true;
}

bool game_play(Game *game, Move m, char *err, size_t err_len)
{
    if (!check_not_over(game, err, err_len))
        return false;
    bool legal = false;
    for (int i = 0; i < game->legal_count && !legal; i++)
        legal = game->legal[i] == m;
    if (!legal) {
        char uci[MOVE_TEXT_MAX];
        MoveNotation notation = game_notation(game);
        move_to_uci_as(m, &notation, uci);
        return fail(err, err_len, "%s is not a legal move", uci);
    }
    if (game->count == game->capacity) {
        int capacity = game->capacity * 2;
        GameRecord *grown = realloc(game->records, (size_t)capacity * sizeof *grown);
        if (grown == NULL)
            return fail(err, err_len, "out of memory after %d plies", game->count - 1);
        game->records = grown;
        game->capacity = capacity;
    }
    const GameRecord *before = &game->records[game->count - 1];
    GameRecord *after = &game->records[game->count];
    char san[SAN_MAX];
    san_write_body(&before->setup, game->legal, game->legal_count, m, san);

    /* A board's undo stack holds MOVEGEN_MAX_PLY moves; longer games start
     * the board afresh from the saved position (undo then reloads too). */
    if (game->board_depth == MOVEGEN_MAX_PLY) {
        game->gen->load(game->board, &before->setup);
        game->board_depth = 0;
    }
    game->gen->make(game->board, m);
    game->board_depth++;
    describe_position(game, after);
    after->move = m;
    san_append_check(san, after->check, after->end == GAME_CHECKMATE);
    memcpy(after->san, san, sizeof san);
    bool irreversible = move_is_capture(m) || piece_type(before->setup.board[move_from(m)]) == PAWN ||
                        before->setup.castling != after->setup.castling;
    game->count++;
    count_repetitions(game, game->count - 1, irreversible);
    return true;
}

bool game_play_san(Game *game, const char *san, char *err, size_t err_len)
{
    if (!check_not_over(game, err, err_len))
        return false;
    Move m;
    if (san_parse(&game->records[game->count - 1].setup, game->legal, game->legal_count, san, &m, err, err_len) !=
        SAN_OK)
        return false;
    return game_play(game, m, err, err_len);
}

bool game_play_uci(Game *game, const char *uci, char *err, size_t err_len)
{
    if (!check_not_over(game, err, err_len))
        return false;
    Move m = move_from_uci(game->gen, game->board, uci);
    if (m != MOVE_NONE)
        return game_play(game, m, err, err_len);
    size_t len = strlen(uci);
    bool well_formed = (len == 4 || len == 5) && square_from_text(uci) != SQ_NONE &&
                       square_from_text(uci + 2) != SQ_NONE && (len == 4 || strchr("nbrq", uci[4]) != NULL);
    return fail(err, err_len, well_formed ? "%s is not a legal move" : "'%s' is not a UCI move (e2e4, e7e8q)", uci);
}

void game_undo(Game *game)
{
    if (game->count <= 1)
        return;
    if (game->board_depth > 0) {
        game->gen->unmake(game->board);
        game->board_depth--;
    } else {
        game->gen->load(game->board, &game->records[game->count - 2].setup);
    }
    game->count--;
    game->legal_count = game->gen->legal_moves(game->board, game->legal);
}

const MoveGen *game_generator(const Game *game) { return game->gen; }
int game_ply_count(const Game *game) { return game->count - 1; }
const Setup *game_setup(const Game *game, int ply) { return &game->records[ply].setup; }
Move game_move(const Game *game, int ply) { return game->records[ply].move; }
const char *game_san(const Game *game, int ply) { return game->records[ply].san; }
uint64_t game_repetition_key(const Game *game, int ply) { return game->records[ply].key; }
const void *game_board(const Game *game) { return game->board; }

MoveNotation game_notation(const Game *game) { return move_notation_of(game_setup(game, 0)); }

const Move *game_legal_moves(const Game *game, int *count)
{
    *count = game->legal_count;
    return game->legal;
}

void game_status(const Game *game, int ply, GameStatus *out)
{
    const GameRecord *r = &game->records[ply];
    bool going_on = r->end == GAME_ONGOING;
    *out = (GameStatus){
        .end = r->end,
        .side = r->setup.side,
        .check = r->check,
        .legal_moves = r->legal_count,
        .repetitions = r->repetitions,
        .threefold = going_on && r->repetitions >= 3,
        .fifty_moves = going_on && r->setup.halfmove >= 100,
        .halfmove = r->setup.halfmove,
    };
}

const char *game_result(const GameStatus *status, bool claims_automatic)
{
    switch (status->end) {
    case GAME_CHECKMATE:
        return status->side == WHITE ? "0-1" : "1-0";
    case GAME_STALEMATE: case GAME_DEAD_POSITION: case GAME_SEVENTY_FIVE_MOVES:
        return "1/2-1/2";
    default:
        return claims_automatic && (status->threefold || status->fifty_moves) ? "1/2-1/2" : "*";
    }
}

const char *game_end_name(GameEnd end)
{
    switch (end) {
    case GAME_CHECKMATE: return "checkmate";
    case GAME_STALEMATE: return "stalemate";
    case GAME_DEAD_POSITION: return "dead-position";
    case GAME_SEVENTY_FIVE_MOVES: return "75-move-rule";
    default: return "ongoing";
    }
}

void game_status_text(const GameStatus *status, char *buf, size_t len)
{
    const char *base = status->end != GAME_ONGOING ? end_words(status->end) : status->check ? "check" : "ongoing";
    if (status->threefold && status->fifty_moves)
        snprintf(buf, len, "%s; draw claimable: threefold repetition, fifty-move rule", base);
    else if (status->threefold || status->fifty_moves)
        snprintf(buf, len, "%s; draw claimable: %s", base,
                 status->threefold ? "threefold repetition" : "fifty-move rule");
    else
        snprintf(buf, len, "%s", base);
}
