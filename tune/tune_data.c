#include "tune/tune_data.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/input_file.h"
#include "core/pgn.h"
#include "search/see.h"

void tune_set_init(TuneSet *set) { memset(set, 0, sizeof *set); }

void tune_set_free(TuneSet *set)
{
    free(set->positions);
    free(set->features);
    tune_set_init(set);
}

static bool grow(void **items, size_t *capacity, size_t need, size_t size)
{
    if (need <= *capacity)
        return true;
    size_t next = *capacity ? *capacity * 2 : 4096;
    while (next < need)
        next *= 2;
    void *bigger = realloc(*items, next * size);
    if (bigger == NULL)
        return false;
    *items = bigger;
    *capacity = next;
    return true;
}

bool tune_set_add(TuneSet *set, const EvalTrace *trace, float result, uint32_t game)
{
    int nonzero = 0;
    for (int i = 0; i < EVAL_PARAM_COUNT; i++)
        nonzero += trace->coef[i] != 0;
    if (!grow((void **)&set->positions, &set->capacity, set->count + 1, sizeof *set->positions) ||
        !grow((void **)&set->features, &set->feature_capacity, set->feature_count + (size_t)nonzero,
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

/* 1, 0.5 or 0 for White; negative for "*" or anything else. */
static float result_for_white(const char *result)
{
    if (strcmp(result, "1-0") == 0)
        return 1.0f;
    if (strcmp(result, "0-1") == 0)
        return 0.0f;
    if (strcmp(result, "1/2-1/2") == 0)
        return 0.5f;
    return -1.0f;
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
    float result = result_for_white(pg->result);
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
        EvalTrace trace;
        eval_trace(search_board_position(board), ops, &trace);
        if (!tune_set_add(set, &trace, result, set->games))
            return false;
        added = true;
    }
    set->games += added;
    return true;
}

bool tune_set_add_pgn(TuneSet *set, const char *path, char *err, size_t err_len)
{
    FILE *f;
    if (input_file_open(path, &f, err, err_len) != INPUT_FILE_OK)
        return false;
    const SearchBoardOps *ops = search_board_ops();
    PgnReader *reader = pgn_reader_new(f, path);
    SearchBoard *board = search_board_new();
    PgnGame pg;
    bool pg_ready = reader && board && pgn_game_init(&pg, ops->gen);
    bool ok = pg_ready;
    if (!ok)
        snprintf(err, err_len, "out of memory");
    char game_err[1024];
    for (PgnRead got; ok && (got = pgn_read_game(reader, &pg, game_err, sizeof game_err)) != PGN_END;) {
        if (got == PGN_BAD_GAME) {
            set->bad_games++;
            continue;
        }
        if (!add_game(set, ops, board, &pg)) {
            snprintf(err, err_len, "out of memory after %u games", set->games);
            ok = false;
        }
    }
    if (pg_ready)
        pgn_game_free(&pg);
    if (board)
        movegen_board_free(board);
    pgn_reader_free(reader);
    fclose(f);
    return ok;
}
