/* Training data for the NNUE evaluation (nnue/nnue_data.h): the records of
 * self-play games decode to positions of those games with the games'
 * results, none in check, and the output does not depend on the number of
 * threads. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "core/setup.h"
#include "nnue/nnue_data.h"
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
 * the same bytes on one thread and two. */
static unsigned char *selfplay(int threads, size_t *size, NnueSelfplayStats *stats)
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
    omp_set_num_threads(threads);
    assert_true(nnue_selfplay(&o, out, stats, err, sizeof err));
    assert_int_equal(fclose(out), 0);
    return (unsigned char *)buffer;
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
        cmocka_unit_test(test_missing_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
