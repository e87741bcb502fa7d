#include "nnue/nnue_selfplay.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/random.h"
#include "nnue/nnue_data.h"
#include "search/engine.h"

/* One game's records, kept until the batch is written in order. */
typedef struct GameRecords {
    NnueRecord records[NNUE_SELFPLAY_MAX_PLIES];
    int count;
    int result; /* 0, 1, 2: White's half points */
    bool adjudicated;
    uint64_t positions, nodes;
} GameRecords;

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
    g->result = 1;
    for (;;) {
        int ply = game_ply_count(pl->game);
        GameStatus status;
        game_status(pl->game, ply, &status);
        if (status.end != GAME_ONGOING || status.threefold || status.fifty_moves) {
            const char *r = game_result(&status, true);
            g->result = strcmp(r, "1-0") == 0 ? 2 : strcmp(r, "0-1") == 0 ? 0 : 1;
            return;
        }
        if (ply - start_ply >= NNUE_SELFPLAY_MAX_PLIES) {
            g->adjudicated = true;
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
        const Setup *s = game_setup(pl->game, ply);
        int white = s->side == WHITE ? r.score : -r.score;
        if (!status.check && !move_is_capture(r.best) && !move_is_promotion(r.best) && !score_is_mate(r.score))
            nnue_record_from_setup(s, white, 1, &g->records[g->count++]);
        int leader = white >= NNUE_SELFPLAY_WIN_SCORE ? WHITE : white <= -NNUE_SELFPLAY_WIN_SCORE ? BLACK : -1;
        winning_streak = leader >= 0 && leader == winner ? winning_streak + 1 : leader >= 0;
        winner = leader;
        if (winning_streak >= NNUE_SELFPLAY_WIN_PLIES) {
            g->result = winner == WHITE ? 2 : 0;
            g->adjudicated = true;
            return;
        }
        if (!play_uci(pl, r.best))
            return;
    }
}

static bool write_batch(GameRecords *batch, int count, FILE *out, NnueSelfplayStats *stats)
{
    for (int i = 0; i < count; i++) {
        GameRecords *g = &batch[i];
        if (g->positions == 0)
            continue; /* skipped: the random plies ended it */
        stats->games++;
        stats->positions += g->positions;
        stats->nodes += g->nodes;
        stats->adjudicated += g->adjudicated;
        stats->white_wins += g->result == 2;
        stats->draws += g->result == 1;
        stats->black_wins += g->result == 0;
        for (int k = 0; k < g->count; k++)
            g->records[k].result = (uint8_t)g->result;
        if (g->count && fwrite(g->records, sizeof g->records[0], (size_t)g->count, out) != (size_t)g->count)
            return false;
        stats->records += (uint64_t)g->count;
    }
    return true;
}

bool nnue_selfplay(const NnueSelfplayOptions *o, FILE *out, NnueSelfplayStats *stats, char *err, size_t err_len)
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
    bool ok = true;
    for (int first = 0; ok && first < o->games; first += batch_size) {
        int count = o->games - first < batch_size ? o->games - first : batch_size;
        bool players_ok = true;
#pragma omp parallel reduction(&& : players_ok)
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
        } else if (!write_batch(batch, count, out, stats)) {
            snprintf(err, err_len, "cannot write the records");
            ok = false;
        }
    }
    free(batch);
    return ok;
}
