#include "nnue/nnue_selfplay.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/random.h"
#include "nnue/nnue_data.h"
#include "nnue/nnue_games.h"
#include "search/engine.h"

/* One game, its moves and scores and the records rebuilt from them
 * (nnue_game_records: the one path from a game to its records, so a games
 * file gives back exactly these), kept until the batch is written in
 * order. */
typedef struct GameRecords {
    NnueGame game;
    NnueRecord records[NNUE_SELFPLAY_MAX_PLIES];
    int count;
    uint64_t positions, nodes;
} GameRecords;
_Static_assert((int)NNUE_SELFPLAY_MAX_PLIES <= (int)NNUE_GAME_MAX_PLIES, "a game file holds every searched ply");

/* A player: the engine, the rules' game and the moves as text for it. */
typedef struct Player {
    Engine *engine;
    Game *game;
    char moves[NNUE_SELFPLAY_MAX_PLIES + 64][MOVE_TEXT_MAX];
    const char *move_ptrs[NNUE_SELFPLAY_MAX_PLIES + 64];
} Player;

static bool play_uci(Player *pl, Move m)
{
    int ply = game_ply_count(pl->game);
    MoveNotation n = game_notation(pl->game);
    move_to_uci_as(m, &n, pl->moves[ply]);
    pl->move_ptrs[ply] = pl->moves[ply];
    return game_play(pl->game, m, NULL, 0);
}

/* The opening with its random plies; false when they end the game (the
 * game is then skipped: it teaches nothing). */
static bool start_game(Player *pl, const Setup *opening, int random_plies, uint64_t *random)
{
    if (!game_start(pl->game, opening, NULL, 0))
        return false;
    for (int i = 0; i < random_plies; i++) {
        int count;
        const Move *moves = game_legal_moves(pl->game, &count);
        if (count == 0 || !play_uci(pl, moves[splitmix64(random) % (uint64_t)count]))
            return false;
    }
    GameStatus status;
    game_status(pl->game, game_ply_count(pl->game), &status);
    return status.end == GAME_ONGOING && status.legal_moves > 0;
}

/* Plays the game from its current position to the end; fills g. */
static void play_game(Player *pl, const Setup *opening, const SearchLimits *limits, GameRecords *g)
{
    int start_ply = game_ply_count(pl->game);
    int winning_streak = 0, winner = -1; /* plies in a row one side has been winning */
    NnueGame *ng = &g->game;
    ng->start = *game_setup(pl->game, start_ply);
    ng->result = 1;
    for (;;) {
        int ply = game_ply_count(pl->game);
        GameStatus status;
        game_status(pl->game, ply, &status);
        if (status.end != GAME_ONGOING || status.threefold || status.fifty_moves) {
            const char *r = game_result(&status, true);
            ng->result = strcmp(r, "1-0") == 0 ? 2 : strcmp(r, "0-1") == 0 ? 0 : 1;
            return;
        }
        if (ply - start_ply >= NNUE_SELFPLAY_MAX_PLIES) {
            ng->flags |= NNUE_GAME_ADJUDICATED;
            return;
        }
        if (!engine_set_position(pl->engine, opening, pl->move_ptrs, ply, NULL, 0))
            return; /* cannot happen: the moves came from the game */
        SearchResult r;
        engine_search(pl->engine, limits, NULL, &r);
        g->nodes += r.nodes;
        g->positions++;
        if (r.best == MOVE_NONE)
            return;
        int white = status.side == WHITE ? r.score : -r.score;
        int legal_count;
        const Move *legal = game_legal_moves(pl->game, &legal_count);
        ng->choices[ng->plies] = nnue_game_choice(legal, legal_count, r.best);
        ng->scores[ng->plies++] = nnue_game_score(white);
        int leader = white >= NNUE_SELFPLAY_WIN_SCORE ? WHITE : white <= -NNUE_SELFPLAY_WIN_SCORE ? BLACK : -1;
        winning_streak = leader >= 0 && leader == winner ? winning_streak + 1 : leader >= 0;
        winner = leader;
        if (winning_streak >= NNUE_SELFPLAY_WIN_PLIES) {
            ng->result = winner == WHITE ? 2 : 0;
            ng->flags |= NNUE_GAME_ADJUDICATED;
            return;
        }
        if (!play_uci(pl, r.best))
            return;
    }
}

static bool write_batch(GameRecords *batch, int count, FILE *out, FILE *games_out, NnueSelfplayStats *stats)
{
    for (int i = 0; i < count; i++) {
        GameRecords *g = &batch[i];
        if (g->positions == 0)
            continue; /* skipped: the random plies ended it */
        stats->games++;
        stats->positions += g->positions;
        stats->nodes += g->nodes;
        stats->adjudicated += (g->game.flags & NNUE_GAME_ADJUDICATED) != 0;
        stats->white_wins += g->game.result == 2;
        stats->draws += g->game.result == 1;
        stats->black_wins += g->game.result == 0;
        if (g->count && fwrite(g->records, sizeof g->records[0], (size_t)g->count, out) != (size_t)g->count)
            return false;
        if (games_out && g->game.plies > 0 && !nnue_games_write(games_out, &g->game))
            return false;
        stats->records += (uint64_t)g->count;
    }
    return true;
}

bool nnue_selfplay(const NnueSelfplayOptions *o, FILE *out, FILE *games_out, NnueSelfplayStats *stats, char *err,
                   size_t err_len)
{
    if (o->opening_count <= 0) {
        snprintf(err, err_len, "no openings");
        return false;
    }
    int threads = omp_get_max_threads();
    int batch_size = 8 * threads;
    GameRecords *batch = calloc((size_t)batch_size, sizeof *batch);
    if (batch == NULL) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    bool ok = games_out == NULL || nnue_games_write_header(games_out);
    if (!ok)
        snprintf(err, err_len, "cannot write the games");
    for (int first = 0; ok && first < o->games; first += batch_size) {
        int count = o->games - first < batch_size ? o->games - first : batch_size;
        bool players_ok = true, replayed = true;
#pragma omp parallel reduction(&& : players_ok, replayed)
        {
            Player *pl = malloc(sizeof *pl);
            Engine *e = pl ? engine_new(NNUE_SELFPLAY_HASH_MB) : NULL;
            Game *game = e ? game_new(engine_ops(e)->gen) : NULL;
            players_ok = game != NULL;
            if (players_ok) {
                pl->engine = e;
                pl->game = game;
                engine_options(e)->net = o->net;
            }
            SearchLimits limits;
            search_limits_init(&limits);
            limits.nodes = o->nodes;
#pragma omp for schedule(dynamic, 1)
            for (int i = 0; i < count; i++) {
                GameRecords *g = &batch[i];
                memset(g, 0, sizeof *g);
                if (!players_ok)
                    continue;
                int index = first + i;
                uint64_t random = o->seed ^ (0x9e3779b97f4a7c15ull * (uint64_t)(index + 1));
                const Setup *opening = &o->openings[splitmix64(&random) % (uint64_t)o->opening_count];
                engine_new_game(e);
                if (start_game(pl, opening, o->random_plies, &random))
                    play_game(pl, opening, &limits, g);
                char why[200];
                g->count = g->game.plies ? nnue_game_records(&g->game, pl->game, g->records, why, sizeof why) : 0;
                if (g->count < 0) {
                    replayed = false; /* cannot happen: the moves were played on this game */
                    g->count = 0;
                }
            }
            if (game)
                game_free(game);
            if (e)
                engine_free(e);
            free(pl);
        }
        if (!players_ok) {
            snprintf(err, err_len, "out of memory for the players");
            ok = false;
        } else if (!replayed) {
            snprintf(err, err_len, "a game did not replay from its moves");
            ok = false;
        } else if (!write_batch(batch, count, out, games_out, stats)) {
            snprintf(err, err_len, "cannot write the records%s", games_out ? " or the games" : "");
            ok = false;
        }
    }
    free(batch);
    return ok;
}
