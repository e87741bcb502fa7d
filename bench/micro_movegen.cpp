// Google Benchmark micro benchmarks of every generator this CPU runs:
//   legal_moves/GEN          legal move generation over a fixed position set
//   make_unmake/GEN          make + unmake of every legal move of that set
//   perft3/GEN/POS           perft(3), bulk counting at the last ply
//   perft3_full/GEN/POS      perft(3), every leaf made and unmade
//   attacks/STRATEGY         queen (rook | bishop) attack lookups of each
//                            slider strategy over 4096 fixed random queries
// items_per_second counts moves (the first two), leaf nodes (perft) or
// lookups (attacks).
// Benchmarks are registered at run time from the registry, so a new
// generator is benchmarked without touching this file.
extern "C" {
#include "core/movegen.h"
#include "core/setup.h"
#include "core/types.h"
#include "movegen_variants/registry.h"
#include "bench/slider_loops.h"
}

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace {

struct PositionSpec {
    const char *name;
    const char *fen;
    uint64_t perft3; // published perft(3) count; 0: not used for perft benchmarks
};

// The six positions of the Chess Programming Wiki's "Perft Results" page,
// then middle games (open and closed, castled both ways) so that the move
// lists are not dominated by test positions built to stress special moves.
const PositionSpec kPositionSpecs[] = {
    {"start", FEN_STARTPOS, 8902},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 97862},
    {"position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 2812},
    {"position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 9467},
    {"position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 62379},
    {"position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 89890},
    {"qgd", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8", 0},
    {"sicilian", "r2q1rk1/1b2bppp/p2ppn2/1p6/3NP3/1BN1B3/PPPQ1PPP/2KR3R w - - 0 12", 0},
    {"dragon", "2rq1rk1/pp1bppbp/3p1np1/4n3/3NP3/1BN1BP2/PPPQ2PP/2KR3R b - - 0 12", 0},
    {"italian", "r4rk1/1pp2ppp/p1np1q2/4p3/2B1P1b1/2NP1N2/PPP2PPP/R2Q1RK1 w - - 0 10", 0},
};

// perft3 benchmarks run on these (a quiet opening, the castling/pin/en
// passant stress test, an endgame, a promotion-heavy position).
const char *const kPerftPositions[] = {"start", "kiwipete", "position3", "position4"};

struct Position {
    const PositionSpec *spec;
    Setup setup;
};

struct BoardFree {
    void operator()(void *board) const { movegen_board_free(board); }
};
using Board = std::unique_ptr<void, BoardFree>;

Board load_board(const MoveGen *g, const Setup &s)
{
    Board b(movegen_board_new(g));
    g->load(b.get(), &s);
    return b;
}

std::vector<Board> load_all(const MoveGen *g, const std::vector<Position> &positions)
{
    std::vector<Board> boards;
    for (const Position &p : positions)
        boards.push_back(load_board(g, p.setup));
    return boards;
}

void bm_legal_moves(benchmark::State &state, const MoveGen *g, const std::vector<Position> *positions)
{
    std::vector<Board> boards = load_all(g, *positions);
    Move moves[MAX_MOVES];
    int64_t per_pass = 0;
    for (const Board &b : boards)
        per_pass += g->legal_moves(b.get(), moves);
    for (auto _ : state) {
        for (const Board &b : boards) {
            int n = g->legal_moves(b.get(), moves);
            benchmark::DoNotOptimize(n);
        }
        benchmark::ClobberMemory(); // the move lists count as used
    }
    state.SetItemsProcessed(state.iterations() * per_pass);
    state.SetLabel(std::to_string(boards.size()) + " positions, " + std::to_string(per_pass) + " moves");
}

void bm_make_unmake(benchmark::State &state, const MoveGen *g, const std::vector<Position> *positions)
{
    std::vector<Board> boards = load_all(g, *positions);
    std::vector<std::vector<Move>> lists; // generated outside the timed loop
    int64_t per_pass = 0;
    for (const Board &b : boards) {
        Move moves[MAX_MOVES];
        int n = g->legal_moves(b.get(), moves);
        lists.emplace_back(moves, moves + n);
        per_pass += n;
    }
    for (auto _ : state) {
        for (size_t i = 0; i < boards.size(); i++) {
            for (Move m : lists[i]) {
                g->make(boards[i].get(), m);
                g->unmake(boards[i].get());
            }
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(state.iterations() * per_pass);
}

void bm_perft3(benchmark::State &state, const MoveGen *g, const Position *p, PerftMode mode)
{
    Board b = load_board(g, p->setup);
    uint64_t nodes = 0;
    for (auto _ : state) {
        nodes = g->perft(b.get(), 3, mode);
        benchmark::DoNotOptimize(nodes);
    }
    if (nodes != p->spec->perft3) {
        state.SkipWithError("perft(3) count differs from the published one");
        return;
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(nodes));
}

// Queries with about 3/8 of the squares occupied, as in a middle game, from
// a fixed xorshift stream so that every run times the same work.
std::vector<SliderQuery> make_slider_queries()
{
    std::vector<SliderQuery> queries(4096);
    uint64_t x = 0x2545f4914f6cdd1dull;
    auto next = [&x] {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        return x;
    };
    for (size_t i = 0; i < queries.size(); i++) {
        uint64_t a = next(), b = next(), c = next();
        queries[i].square = static_cast<uint8_t>(i % 64);
        queries[i].occupied = a & (b | c);
    }
    return queries;
}

void bm_attacks(benchmark::State &state, const SliderLoop *loop, const std::vector<SliderQuery> *queries)
{
    for (auto _ : state) {
        uint64_t sum = loop->run(queries->data(), queries->size());
        benchmark::DoNotOptimize(sum);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(queries->size()));
}

// A wrong generator would make every figure meaningless, and SkipWithError
// does not change the exit status: check the counts before timing anything.
bool counts_ok(const MoveGen *g, const std::vector<Position> &positions)
{
    bool ok = true;
    for (const Position &p : positions) {
        Board b = load_board(g, p.setup);
        Move moves[MAX_MOVES];
        uint64_t n = static_cast<uint64_t>(g->legal_moves(b.get(), moves));
        uint64_t bulk1 = g->perft(b.get(), 1, PERFT_BULK);
        if (n != bulk1) {
            std::fprintf(stderr, "error: %s, %s: %llu legal moves but perft(1) = %llu\n", g->name, p.spec->name,
                         static_cast<unsigned long long>(n), static_cast<unsigned long long>(bulk1));
            ok = false;
        }
        for (PerftMode mode : {PERFT_BULK, PERFT_FULL}) {
            uint64_t got = p.spec->perft3 ? g->perft(b.get(), 3, mode) : 0;
            if (got != p.spec->perft3) {
                std::fprintf(stderr, "error: %s, %s: perft(3, %s) = %llu, published %llu\n", g->name, p.spec->name,
                             perft_mode_name(mode), static_cast<unsigned long long>(got),
                             static_cast<unsigned long long>(p.spec->perft3));
                ok = false;
            }
        }
    }
    return ok;
}

bool parse_positions(std::vector<Position> &out)
{
    for (const PositionSpec &spec : kPositionSpecs) {
        Position p{&spec, {}};
        char err[160];
        if (!setup_from_fen(&p.setup, spec.fen, err, sizeof err)) {
            std::fprintf(stderr, "error: position %s: %s\n", spec.name, err);
            return false;
        }
        out.push_back(p);
    }
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 2;

    static std::vector<Position> positions; // outlives every registered benchmark
    if (!parse_positions(positions))
        return 1;

    std::string skipped;
    bool ok = true;
    for (size_t i = 0; i < registry_count(); i++) {
        const MoveGen *g = registry_at(i);
        if (!movegen_available(g)) {
            skipped += std::string(skipped.empty() ? "" : "; ") + g->name + ": " + g->unavailable_reason();
            continue;
        }
        ok = counts_ok(g, positions) && ok;
        const std::string name = g->name;
        benchmark::RegisterBenchmark(("legal_moves/" + name).c_str(), bm_legal_moves, g, &positions);
        benchmark::RegisterBenchmark(("make_unmake/" + name).c_str(), bm_make_unmake, g, &positions);
        for (const char *wanted : kPerftPositions) {
            for (const Position &p : positions) {
                if (std::string(p.spec->name) != wanted)
                    continue;
                benchmark::RegisterBenchmark(("perft3/" + name + "/" + wanted).c_str(), bm_perft3, g, &p, PERFT_BULK);
                benchmark::RegisterBenchmark(("perft3_full/" + name + "/" + wanted).c_str(), bm_perft3, g, &p,
                                             PERFT_FULL);
            }
        }
    }
    // Every slider strategy must give the classical (reference) attacks.
    static const std::vector<SliderQuery> queries = make_slider_queries();
    const uint64_t reference = slider_loops[0].run(queries.data(), queries.size());
    for (size_t i = 0; i < slider_loop_count; i++) {
        const SliderLoop *loop = &slider_loops[i];
        if (!loop->available()) {
            skipped += std::string(skipped.empty() ? "" : "; ") + "attacks/" + loop->name;
            continue;
        }
        if (loop->run(queries.data(), queries.size()) != reference) {
            std::fprintf(stderr, "error: slider strategy %s disagrees with classical attacks\n", loop->name);
            ok = false;
        }
        benchmark::RegisterBenchmark((std::string("attacks/") + loop->name).c_str(), bm_attacks, loop, &queries);
    }
    if (!ok)
        return 1;
    if (!skipped.empty()) {
        std::fprintf(stderr, "not benchmarked on this CPU: %s\n", skipped.c_str());
        benchmark::AddCustomContext("chesslab_not_run", skipped);
    }
    benchmark::AddCustomContext("chesslab_items",
                                "legal_moves, make_unmake: moves; perft3, perft3_full: leaf nodes; attacks: lookups");

    size_t ran = benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return ran > 0 ? 0 : 1; // a filter that matches nothing is a mistake
}
