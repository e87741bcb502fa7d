#include "nnue/nnue_data.h"

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/grow.h"
#include "core/input_file.h"
#include "core/pgn.h"
#include "search/engine.h"

void nnue_record_from_setup(const Setup *s, int white_score, int result, NnueRecord *r)
{
    memset(r, 0, sizeof *r);
    int n = 0;
    for (int sq = 0; sq < 64; sq++) {
        if (s->board[sq] == NO_PIECE)
            continue;
        r->occupied |= 1ULL << sq;
        r->pieces[n / 2] |= (uint8_t)(s->board[sq] << (4 * (n % 2)));
        n++;
    }
    r->score = (int16_t)(white_score > NNUE_SCORE_LIMIT ? NNUE_SCORE_LIMIT
                         : white_score < -NNUE_SCORE_LIMIT ? -NNUE_SCORE_LIMIT : white_score);
    r->result = (uint8_t)result;
    r->side = (uint8_t)s->side;
}

/* The positions of one file waiting for their searches, game by game. */
typedef struct Candidate {
    Setup setup;
    uint8_t result; /* 0, 1, 2: White's */
} Candidate;

typedef struct FileGames {
    Candidate *candidates;
    size_t count, capacity;
    size_t *game_first; /* game g's candidates: [game_first[g], game_first[g + 1]) */
    size_t games, game_capacity;
} FileGames;

/* Adds the positions of one game that may be kept (not in check, past the
 * skipped opening, one in `every`); false when out of memory. */
static bool collect_game(FileGames *fg, const PgnGame *pg, int result, const NnueDataOptions *o,
                         const SearchBoardOps *ops, SearchBoard *board)
{
    if (!grow_array((void **)&fg->game_first, &fg->game_capacity, fg->games + 2, sizeof *fg->game_first))
        return false;
    fg->game_first[fg->games] = fg->count;
    int plies = game_ply_count(pg->game);
    int first = pgn_tags_get(&pg->tags, "FEN") ? 0 : NNUE_DATA_SKIP_PLIES;
    for (int ply = first; ply < plies; ply++) {
        if ((ply - first) % o->every != o->offset % o->every)
            continue;
        const Setup *s = game_setup(pg->game, ply);
        ops->load(board, s);
        if (ops->in_check(board))
            continue;
        if (!grow_array((void **)&fg->candidates, &fg->capacity, fg->count + 1, sizeof *fg->candidates))
            return false;
        fg->candidates[fg->count++] = (Candidate){ .setup = *s, .result = (uint8_t)result };
    }
    fg->games++;
    fg->game_first[fg->games] = fg->count;
    return true;
}

typedef struct DataVisit {
    FileGames *fg;
    NnueDataStats *stats;
    const NnueDataOptions *o;
    const SearchBoardOps *ops;
    SearchBoard *board;
} DataVisit;

static bool visit_game(void *ctx, const PgnGame *pg, bool readable, char *err, size_t err_len)
{
    DataVisit *v = ctx;
    int result = readable ? pgn_result_half_points(pg->result) : -1;
    if (result < 0) {
        v->stats->bad_games++;
        return true;
    }
    v->stats->games++;
    if (!collect_game(v->fg, pg, result, v->o, v->ops, v->board)) {
        snprintf(err, err_len, "out of memory after %llu games", (unsigned long long)v->stats->games);
        return false;
    }
    return true;
}

static bool read_games(const char *path, const NnueDataOptions *o, FileGames *fg, NnueDataStats *stats, char *err,
                       size_t err_len)
{
    DataVisit v = { fg, stats, o, search_board_ops(), search_board_new() };
    if (v.board == NULL) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    bool ok = pgn_visit_file(path, v.ops->gen, visit_game, &v, err, err_len);
    movegen_board_free(v.board);
    return ok;
}

/* Searches candidate c; true when it gives a record. */
static bool label(Engine *e, const SearchLimits *limits, const Candidate *c, NnueRecord *out, uint64_t *nodes)
{
    if (!engine_set_position(e, &c->setup, NULL, 0, NULL, 0))
        return false;
    SearchResult r;
    engine_search(e, limits, NULL, &r);
    *nodes += r.nodes;
    if (r.best == MOVE_NONE || move_is_capture(r.best) || move_is_promotion(r.best) || score_is_mate(r.score))
        return false;
    int white = c->setup.side == WHITE ? r.score : -r.score;
    nnue_record_from_setup(&c->setup, white, c->result, out);
    return true;
}

bool nnue_data_from_pgn(const char *path, const NnueDataOptions *o, FILE *out, NnueDataStats *stats, char *err,
                        size_t err_len)
{
    FileGames fg = { 0 };
    NnueDataOptions sane = *o;
    if (sane.every < 1)
        sane.every = 1;
    if (sane.offset < 0)
        sane.offset = 0;
    bool ok = read_games(path, &sane, &fg, stats, err, err_len);
    NnueRecord *records = ok && fg.count ? malloc(fg.count * sizeof *records) : NULL;
    bool *kept = ok && fg.count ? calloc(fg.count, sizeof *kept) : NULL;
    if (ok && fg.count && (records == NULL || kept == NULL)) {
        snprintf(err, err_len, "%s: out of memory", path);
        ok = false;
    }
    uint64_t nodes = 0;
    bool engines_ok = true;
    if (ok && fg.count) {
#pragma omp parallel reduction(+ : nodes) reduction(&& : engines_ok)
        {
            Engine *e = engine_new(NNUE_DATA_HASH_MB);
            engines_ok = e != NULL;
            if (e)
                engine_options(e)->net = o->net;
            SearchLimits limits;
            search_limits_init(&limits);
            limits.nodes = o->nodes;
            /* Every thread takes part in the loop, with or without an engine. */
#pragma omp for schedule(dynamic, 1)
            for (size_t g = 0; g < fg.games; g++) {
                if (e == NULL)
                    continue;
                engine_new_game(e);
                for (size_t i = fg.game_first[g]; i < fg.game_first[g + 1]; i++)
                    kept[i] = label(e, &limits, &fg.candidates[i], &records[i], &nodes);
            }
            if (e)
                engine_free(e);
        }
        if (!engines_ok) {
            snprintf(err, err_len, "out of memory for the search engines");
            ok = false;
        }
    }
    if (ok) {
        stats->positions += fg.count;
        stats->nodes += nodes;
        for (size_t i = 0; i < fg.count && ok; i++) {
            if (!kept[i])
                continue;
            stats->kept++;
            if (fwrite(&records[i], sizeof records[i], 1, out) != 1) {
                snprintf(err, err_len, "cannot write the records");
                ok = false;
            }
        }
    }
    free(records);
    free(kept);
    free(fg.candidates);
    free(fg.game_first);
    return ok;
}
