/* The MoveGen contract at every node of small trees, for every generator:
 * the incremental key equals the key computed from scratch, make then unmake
 * restores position and key, save/load round-trips, in_check agrees with a
 * board scan, perft(1) equals the legal move count, and no move leaves the
 * mover's king attacked. */
#include <stdio.h>
#include <string.h>

#include "core/zobrist.h"
#include "movegen_variants/registry.h"
#include "tests/test_support.h"

typedef struct Walk {
    const MoveGen *gen;
    void *board;
    void *scratch; /* for load round trips */
    uint64_t nodes;
} Walk;

static Square king_square(const Setup *s, Color c)
{
    for (int sq = 0; sq < 64; sq++)
        if (s->board[sq] == make_piece(c, KING))
            return (Square)sq;
    return SQ_NONE;
}

static void check_node(Walk *w)
{
    const MoveGen *g = w->gen;
    Setup s, reloaded;
    char fen[FEN_MAX];
    g->save(w->board, &s);
    setup_to_fen(&s, fen);
    char err[256];
    if (!setup_validate(&s, err, sizeof err))
        fail_msg("%s: saved an invalid position %s: %s", g->name, fen, err);
    if (g->key(w->board) != zobrist_key_of_setup(&s))
        fail_msg("%s: incremental key differs from key of setup at %s", g->name, fen);
    g->load(w->scratch, &s);
    g->save(w->scratch, &reloaded);
    if (!setup_equal(&s, &reloaded) || g->key(w->scratch) != g->key(w->board))
        fail_msg("%s: save/load round trip differs at %s", g->name, fen);
    bool attacked = setup_square_attacked(&s, king_square(&s, s.side), color_flip(s.side));
    if (g->in_check(w->board) != attacked)
        fail_msg("%s: in_check says %d, board scan says %d at %s", g->name, g->in_check(w->board), attacked, fen);
}

static void walk(Walk *w, int depth)
{
    const MoveGen *g = w->gen;
    check_node(w);
    w->nodes++;
    if (depth == 0)
        return;
    Move moves[MAX_MOVES];
    int n = g->legal_moves(w->board, moves);
    if ((uint64_t)n != g->perft(w->board, 1, PERFT_BULK))
        fail_msg("%s: legal_moves gives %d, perft(1) %llu", g->name, n,
                 (unsigned long long)g->perft(w->board, 1, PERFT_BULK));
    Setup before;
    g->save(w->board, &before);
    uint64_t key_before = g->key(w->board);
    for (int i = 0; i < n; i++) {
        g->make(w->board, moves[i]);
        Setup after;
        g->save(w->board, &after);
        Color mover = color_flip(after.side);
        if (setup_square_attacked(&after, king_square(&after, mover), after.side)) {
            char fen[FEN_MAX];
            setup_to_fen(&before, fen);
            fail_msg("%s: move %04x leaves the king attacked in %s", g->name, moves[i], fen);
        }
        walk(w, depth - 1);
        g->unmake(w->board);
        Setup restored;
        g->save(w->board, &restored);
        if (!setup_equal(&before, &restored) || g->key(w->board) != key_before) {
            char fen[FEN_MAX];
            setup_to_fen(&before, fen);
            fail_msg("%s: make/unmake of move %04x does not restore %s", g->name, moves[i], fen);
        }
    }
}

static void test_contract(void **state)
{
    const GenTestCase *c = *state;
    /* limits-perft: positions at the limits setup accepts; every node below
     * them must be accepted too (check_node validates each). chess960:
     * castling keys, rights and save with rooks anywhere. */
    const char *files[] = { "cpw-perft.epd", "tricky-perft.epd", "perftsuite.epd",
                            CHESSLAB_TEST_DATA_DIR "/limits-perft.epd", "chess960-perft.epd" };
    const int steps[] = { 1, 1, 4, 1, 32 }; /* every 4th of perftsuite's 126, every 32nd of the 960 */
    int depth = (int)env_u64("CHESSLAB_CONTRACT_DEPTH", 3);
    Walk w = { c->gen, movegen_board_new(c->gen), movegen_board_new(c->gen), 0 };
    for (int f = 0; f < (int)(sizeof files / sizeof files[0]); f++) {
        SuiteLines suite = suite_load(files[f]);
        for (int i = 0; i < suite.count; i += steps[f]) {
            c->gen->load(w.board, &suite.lines[i].setup);
            walk(&w, depth);
        }
        suite_free(&suite);
    }
    movegen_board_free(w.board);
    movegen_board_free(w.scratch);
    printf("    %s: %llu nodes checked\n", c->gen->name, (unsigned long long)w.nodes);
}

int main(void)
{
    return run_per_generator("board_contract", test_contract, "contract", NULL, NULL, 1);
}
