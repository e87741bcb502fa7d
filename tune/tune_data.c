#include "tune/tune_data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/grow.h"
#include "core/input_file.h"
#include "core/pgn.h"
#include "search/see.h"

void tune_set_init(TuneSet *set) { memset(set, 0, sizeof *set); }

void tune_set_free(TuneSet *set)
{
    free(set->positions);
    free(set->features);
    free(set->scores);
    tune_set_init(set);
}

bool tune_set_add(TuneSet *set, const EvalTrace *trace, float result, uint32_t game)
{
    int nonzero = 0;
    for (int i = 0; i < EVAL_PARAM_COUNT; i++)
        nonzero += trace->coef[i] != 0;
    if (!grow_array((void **)&set->positions, &set->capacity, set->count + 1, sizeof *set->positions) ||
        !grow_array((void **)&set->features, &set->feature_capacity, set->feature_count + (size_t)nonzero,
              sizeof *set->features))
        return false;
    TunePosition *pos = &set->positions[set->count++];
    *pos = (TunePosition){ .first = (uint32_t)set->feature_count, .count = (uint16_t)nonzero,
                           .phase = (uint8_t)trace->phase, .divisor = (uint8_t)trace->divisor,
                           .scale = (uint8_t)trace->scale,
                           .result = result, .game = game };
    for (int i = 0; i < EVAL_PARAM_COUNT; i++)
        if (trace->coef[i])
            set->features[set->feature_count++] = (TuneFeature){ (uint16_t)i, trace->coef[i] };
    return true;
}

/* Quiet enough for the static evaluation to stand for the position. */
static bool is_quiet(const SearchBoardOps *ops, const SearchBoard *board, Move played)
{
    if (move_is_capture(played) || move_is_promotion(played) || ops->in_check(board))
        return false;
    Move moves[MAX_MOVES];
    int n = ops->legal_moves(board, moves);
    for (int i = 0; i < n; i++)
        if (move_is_capture(moves[i]) && see(search_board_position(board), ops, moves[i]) > 0)
            return false;
    return true;
}

/* Adds the quiet positions of one finished game. */
static bool add_game(TuneSet *set, const SearchBoardOps *ops, SearchBoard *board, const PgnGame *pg)
{
    int half_points = pgn_result_half_points(pg->result);
    float result = half_points < 0 ? -1.0f : (float)half_points / 2;
    if (result < 0) {
        set->bad_games++;
        return true;
    }
    int plies = game_ply_count(pg->game);
    int first = pgn_tags_get(&pg->tags, "FEN") ? 0 : TUNE_SKIP_PLIES;
    bool added = false;
    for (int ply = first; ply < plies; ply++) {
        ops->load(board, game_setup(pg->game, ply));
        if (!is_quiet(ops, board, game_move(pg->game, ply))) {
            set->skipped++;
            continue;
        }
        const Position *p = search_board_position(board);
        EvalTrace trace;
        eval_trace(p, ops, &trace);
        /* scores[] grows first, so it never falls behind the positions. */
        if (set->scorer.score &&
            !grow_array((void **)&set->scores, &set->score_capacity, set->count + 1, sizeof *set->scores))
            return false;
        if (!tune_set_add(set, &trace, result, set->games))
            return false;
        if (set->scorer.score)
            set->scores[set->count - 1] = (float)set->scorer.score(set->scorer.ctx, p);
        added = true;
    }
    set->games += added;
    return true;
}

typedef struct TuneVisit {
    TuneSet *set;
    const SearchBoardOps *ops;
    SearchBoard *board;
} TuneVisit;

static bool visit_game(void *ctx, const PgnGame *pg, bool readable, char *err, size_t err_len)
{
    TuneVisit *v = ctx;
    if (!readable) {
        v->set->bad_games++;
        return true;
    }
    if (!add_game(v->set, v->ops, v->board, pg)) {
        snprintf(err, err_len, "out of memory after %u games", v->set->games);
        return false;
    }
    return true;
}

bool tune_set_add_pgn(TuneSet *set, const char *path, char *err, size_t err_len)
{
    TuneVisit v = { set, search_board_ops(), search_board_new() };
    if (v.board == NULL) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    bool ok = pgn_visit_file(path, v.ops->gen, visit_game, &v, err, err_len);
    movegen_board_free(v.board);
    return ok;
}
