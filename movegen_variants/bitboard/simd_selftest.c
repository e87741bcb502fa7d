/* Self-test of the simd strategy, one program for ctest: for every level
 * this CPU runs, the attacks of every square under many occupancies equal
 * the classical ray attacks (so scalar == AVX2 == AVX-512), and perft
 * through the generator pinned to that level gives the known counts.
 * Exit 0: pass; 1: failure; levels the CPU lacks are reported as skipped. */
#include <stdio.h>

#include "core/random.h"
#include "movegen_variants/bitboard/attacks_classical.h"
#include "movegen_variants/bitboard/simd_levels.h"

/* Occupancies of varied density: sparse ones matter most (long rays). */
static Bitboard random_occupancy(uint64_t *state, int i)
{
    switch (i % 4) {
    case 0: return splitmix64(state);
    case 1: return splitmix64(state) & splitmix64(state);
    case 2: return splitmix64(state) & splitmix64(state) & splitmix64(state);
    default: return splitmix64(state) & splitmix64(state) & splitmix64(state) & splitmix64(state);
    }
}

static int check_attacks(SimdLevel level)
{
    enum { SAMPLES = 20000 };
    uint64_t state = 0x73696d64ull; /* "simd" */
    int errors = 0;
    for (int sq = 0; sq < 64; sq++)
        for (int i = 0; i < SAMPLES + 2; i++) {
            Bitboard occupied = i == SAMPLES ? 0 : i == SAMPLES + 1 ? ~0ull : random_occupancy(&state, i);
            Square s = (Square)sq;
            Bitboard rook = classical_rook_attacks(s, occupied), bishop = classical_bishop_attacks(s, occupied);
            if (simd_level_rook_attacks(level, s, occupied) != rook ||
                simd_level_bishop_attacks(level, s, occupied) != bishop ||
                simd_level_queen_attacks(level, s, occupied) != (rook | bishop)) {
                if (errors++ < 5)
                    printf("  %s: wrong attacks on square %d, occupancy %016llx\n", simd_level_name(level), sq,
                           (unsigned long long)occupied);
            }
        }
    return errors;
}

static int check_perft(SimdLevel level)
{
    static const struct { const char *fen; int depth; uint64_t nodes; } cases[] = {
        { FEN_STARTPOS, 4, 197281 },
        { "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862 },
        { "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624 },
        { "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333 },
        { "8/8/1k6/8/2pP4/8/5BK1/8 b - d3 0 1", 5, 62297 },
    };
    const MoveGen *g = simd_level_generator(level);
    void *board = movegen_board_new(g);
    int errors = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Setup s;
        char err[128];
        if (!setup_from_fen(&s, cases[i].fen, err, sizeof err)) {
            printf("  bad FEN %s: %s\n", cases[i].fen, err);
            errors++;
            continue;
        }
        g->load(board, &s);
        for (int mode = PERFT_BULK; mode <= PERFT_FULL; mode++) {
            uint64_t nodes = g->perft(board, cases[i].depth, (PerftMode)mode);
            if (nodes != cases[i].nodes) {
                printf("  %s: perft %s depth %d %s = %llu, expected %llu\n", g->name, cases[i].fen, cases[i].depth,
                       perft_mode_name((PerftMode)mode), (unsigned long long)nodes,
                       (unsigned long long)cases[i].nodes);
                errors++;
            }
        }
    }
    movegen_board_free(board);
    return errors;
}

int main(void)
{
    int errors = 0;
    for (int level = 0; level < SIMD_LEVEL_COUNT; level++) {
        if (!simd_level_supported((SimdLevel)level)) {
            printf("simd level %s: skipped (not supported by this CPU)\n", simd_level_name((SimdLevel)level));
            continue;
        }
        int e = check_attacks((SimdLevel)level) + check_perft((SimdLevel)level);
        printf("simd level %s: %s\n", simd_level_name((SimdLevel)level), e ? "FAILED" : "ok");
        errors += e;
    }
    printf("movegen_simd runs level %s here\n", simd_level_name(simd_best_level()));
    return errors ? 1 : 0;
}
