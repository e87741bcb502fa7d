/* Training data for the NNUE evaluation (nnue/nnue_data.h): the records of
 * self-play games decode to positions of those games with the games'
 * results, none in check, and the output does not depend on the number of
 * threads. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "core/setup.h"
#include "movegen_variants/registry.h"
#include "nnue/nnue_data.h"
#include "nnue/nnue_games.h"
#include "nnue/nnue_selfplay.h"
#include "search/search_board.h"
#include "tests/test_support.h"

static const char *const games_file = CHESSLAB_TEST_DATA_DIR "/selfplay-24.pgn";

/* The records of games_file labelled on `threads` threads, in memory. */
static unsigned char *label(int threads, int every, size_t *size, NnueDataStats *stats)
{
    char *buffer = NULL;
    FILE *out = open_memstream(&buffer, size);
    assert_non_null(out);
    NnueDataOptions o = { .nodes = 300, .every = every, .offset = 0 };
    memset(stats, 0, sizeof *stats);
    char err[256];
    omp_set_num_threads(threads);
    assert_true(nnue_data_from_pgn(games_file, &o, out, stats, err, sizeof err));
    assert_int_equal(fclose(out), 0);
    return (unsigned char *)buffer;
}

static void test_records_decode_to_positions(void **state)
{
    (void)state;
    size_t size;
    NnueDataStats stats;
    unsigned char *bytes = label(2, 1, &size, &stats);
    assert_int_equal(stats.games, 24);
    assert_int_equal(stats.bad_games, 0);
    assert_int_equal(size % sizeof(NnueRecord), 0);
    assert_int_equal(size / sizeof(NnueRecord), stats.kept);
    /* Most positions are quiet enough to keep, not all. */
    assert_true(stats.kept > stats.positions / 2 && stats.kept < stats.positions);
    const SearchBoardOps *ops = search_board_ops();
    SearchBoard *board = search_board_new();
    int results[3] = { 0 };
    for (size_t i = 0; i < stats.kept; i++) {
        NnueRecord r;
        memcpy(&r, bytes + i * sizeof r, sizeof r);
        Square squares[32];
        Piece pieces[32];
        int n = nnue_record_pieces(&r, squares, pieces);
        assert_int_equal(n, __builtin_popcountll(r.occupied));
        Setup s;
        memset(&s, 0, sizeof s);
        int kings[2] = { 0 };
        for (int k = 0; k < n; k++) {
            assert_true(piece_type(pieces[k]) >= PAWN && piece_type(pieces[k]) <= KING);
            kings[piece_color(pieces[k])] += piece_type(pieces[k]) == KING;
            s.board[squares[k]] = pieces[k];
        }
        assert_int_equal(kings[WHITE], 1);
        assert_int_equal(kings[BLACK], 1);
        assert_true(r.side <= BLACK && r.result <= 2);
        assert_true(r.score > -NNUE_SCORE_LIMIT && r.score < NNUE_SCORE_LIMIT);
        s.side = (Color)r.side;
        s.ep = SQ_NONE;
        ops->load(board, &s);
        assert_false(ops->in_check(board));
        results[r.result]++;
    }
    /* selfplay-24.pgn has wins for both sides and draws. */
    assert_true(results[0] > 0 && results[1] > 0 && results[2] > 0);
    movegen_board_free(board);
    free(bytes);
}

static void test_same_records_on_any_thread_count(void **state)
{
    (void)state;
    size_t size1, size2;
    NnueDataStats stats1, stats2;
    unsigned char *one = label(1, 3, &size1, &stats1);
    unsigned char *two = label(2, 3, &size2, &stats2);
    assert_int_equal(size1, size2);
    assert_memory_equal(one, two, size1);
    assert_int_equal(stats1.nodes, stats2.nodes);
    free(one);
    free(two);
}

/* Self-play games: records of legal positions with the games' results,
 * the same bytes on one thread and two; with games, the games file too. */
static unsigned char *selfplay_games(int threads, size_t *size, NnueSelfplayStats *stats, char **games,
                                     size_t *games_size)
{
    Setup start;
    assert_true(setup_from_fen(&start, FEN_STARTPOS, NULL, 0));
    NnueSelfplayOptions o = { .games = 4, .nodes = 200, .openings = &start, .opening_count = 1, .random_plies = 6,
                              .seed = 5, .net = NULL };
    char *buffer = NULL;
    FILE *out = open_memstream(&buffer, size);
    assert_non_null(out);
    memset(stats, 0, sizeof *stats);
    char err[256];
    FILE *games_out = games ? open_memstream(games, games_size) : NULL;
    omp_set_num_threads(threads);
    assert_true(nnue_selfplay(&o, out, games_out, stats, err, sizeof err));
    assert_int_equal(fclose(out), 0);
    if (games_out)
        assert_int_equal(fclose(games_out), 0);
    return (unsigned char *)buffer;
}

static unsigned char *selfplay(int threads, size_t *size, NnueSelfplayStats *stats)
{
    return selfplay_games(threads, size, stats, NULL, NULL);
}

/* The records of a games file, rebuilt on the given generator. */
static unsigned char *unpack(const char *games, size_t games_size, const char *generator, size_t *size,
                             int *game_count)
{
    FILE *in = fmemopen((void *)games, games_size, "rb");
    assert_non_null(in);
    char *buffer = NULL;
    FILE *out = open_memstream(&buffer, size);
    const MoveGen *gen = registry_find(generator);
    assert_non_null(gen);
    Game *game = game_new(gen);
    NnueGame *g = malloc(sizeof *g);
    static NnueRecord records[NNUE_GAME_MAX_PLIES];
    char err[256] = "";
    assert_true(nnue_games_read_header(in, err, sizeof err));
    int got;
    *game_count = 0;
    while ((got = nnue_games_read(in, g, err, sizeof err)) == 1) {
        int count = nnue_game_records(g, game, records, err, sizeof err);
        assert_true(count >= 0);
        assert_int_equal(fwrite(records, sizeof records[0], (size_t)count, out), (size_t)count);
        ++*game_count;
    }
    assert_int_equal(got, 0);
    free(g);
    game_free(game);
    fclose(in);
    assert_int_equal(fclose(out), 0);
    return (unsigned char *)buffer;
}

/* A games file gives back the very records self-play wrote, on any
 * generator, in about a tenth of their size. */
static void test_games_file_rebuilds_the_records(void **state)
{
    (void)state;
    size_t size, games_size;
    NnueSelfplayStats stats;
    char *games = NULL;
    unsigned char *records = selfplay_games(2, &size, &stats, &games, &games_size);
    assert_true(stats.records > 0);
    assert_true(games_size < size / 8);
    const char *generators[] = { "mailbox", "0x88", "magic" };
    for (int i = 0; i < 3; i++) {
        size_t rebuilt_size;
        int game_count;
        unsigned char *rebuilt = unpack(games, games_size, generators[i], &rebuilt_size, &game_count);
        assert_int_equal(game_count, stats.games);
        assert_int_equal(rebuilt_size, size);
        assert_memory_equal(rebuilt, records, size);
        free(rebuilt);
    }
    free(records);
    free(games);
}

/* Damaged games files: each is refused with a message, never misread. */
static int read_all(const char *bytes, size_t size, char *err, size_t err_len)
{
    FILE *in = fmemopen((void *)bytes, size, "rb");
    assert_non_null(in);
    int status = nnue_games_read_header(in, err, err_len) ? 1 : -1;
    NnueGame *g = malloc(sizeof *g);
    Game *game = game_new(registry_default());
    static NnueRecord records[NNUE_GAME_MAX_PLIES];
    while (status == 1) {
        status = nnue_games_read(in, g, err, err_len);
        if (status == 1 && nnue_game_records(g, game, records, err, err_len) < 0)
            status = -1;
    }
    game_free(game);
    free(g);
    fclose(in);
    return status;
}

static void test_damaged_games_files(void **state)
{
    (void)state;
    size_t size, games_size;
    NnueSelfplayStats stats;
    char *games = NULL;
    free(selfplay_games(1, &size, &stats, &games, &games_size));
    char err[256];
    assert_int_equal(read_all(games, games_size, err, sizeof err), 0);
    /* Cut anywhere inside the first game: a truncated header, FEN, move
     * or score, never a clean end. */
    size_t plies = (unsigned char)games[10] | (size_t)(unsigned char)games[11] << 8;
    size_t first_game_end = 8 + 5 + (unsigned char)games[12] + 2 * plies;
    for (size_t cut = 9; cut < first_game_end && cut < games_size; cut += 3) {
        err[0] = '\0';
        assert_int_equal(read_all(games, cut, err, sizeof err), -1);
        assert_non_null(strstr(err, "truncated"));
    }
    char *bad = malloc(games_size);
    memcpy(bad, games, games_size);
    bad[0] = 'X';
    assert_int_equal(read_all(bad, games_size, err, sizeof err), -1);
    assert_non_null(strstr(err, "CLSG"));
    memcpy(bad, games, games_size);
    bad[4] = 9;
    assert_int_equal(read_all(bad, games_size, err, sizeof err), -1);
    assert_non_null(strstr(err, "version 9"));
    memcpy(bad, games, games_size);
    bad[8] = 3; /* result */
    assert_int_equal(read_all(bad, games_size, err, sizeof err), -1);
    memcpy(bad, games, games_size);
    bad[13] = '?'; /* the FEN's first square */
    assert_int_equal(read_all(bad, games_size, err, sizeof err), -1);
    assert_non_null(strstr(err, "start position"));
    memcpy(bad, games, games_size);
    bad[8 + 5 + (unsigned char)games[12]] = (char)250; /* the first move: no position has 251 */
    assert_int_equal(read_all(bad, games_size, err, sizeof err), -1);
    assert_non_null(strstr(err, "legal moves"));
    free(bad);
    free(games);
}

static void test_selfplay_records(void **state)
{
    (void)state;
    size_t size1, size2;
    NnueSelfplayStats stats1, stats2;
    unsigned char *one = selfplay(1, &size1, &stats1);
    unsigned char *two = selfplay(2, &size2, &stats2);
    assert_int_equal(stats1.games, 4);
    assert_int_equal(stats1.white_wins + stats1.draws + stats1.black_wins, 4);
    assert_int_equal(size1, stats1.records * sizeof(NnueRecord));
    assert_true(stats1.records > 0 && stats1.records <= stats1.positions);
    assert_int_equal(size1, size2);
    assert_memory_equal(one, two, size1);
    for (size_t i = 0; i < stats1.records; i++) {
        NnueRecord r;
        memcpy(&r, one + i * sizeof r, sizeof r);
        Square squares[32];
        Piece pieces[32];
        int n = nnue_record_pieces(&r, squares, pieces), kings = 0;
        for (int k = 0; k < n; k++)
            kings += piece_type(pieces[k]) == KING;
        assert_int_equal(kings, 2);
        assert_true(r.result <= 2 && r.side <= BLACK);
    }
    free(one);
    free(two);
}

static void test_missing_file(void **state)
{
    (void)state;
    NnueDataOptions o = { .nodes = 100, .every = 1 };
    NnueDataStats stats = { 0 };
    char err[256] = "";
    assert_false(nnue_data_from_pgn(CHESSLAB_TEST_DATA_DIR "/no-such-file.pgn", &o, stdout, &stats, err,
                                    sizeof err));
    assert_non_null(strstr(err, "no-such-file.pgn"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_records_decode_to_positions),
        cmocka_unit_test(test_same_records_on_any_thread_count),
        cmocka_unit_test(test_selfplay_records),
        cmocka_unit_test(test_games_file_rebuilds_the_records),
        cmocka_unit_test(test_damaged_games_files),
        cmocka_unit_test(test_missing_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
