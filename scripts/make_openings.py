#!/usr/bin/env python3
"""Makes the opening book for `chesslab match`: random short lines from the
start position, kept only when a shallow search calls the position balanced.

Each candidate is PLIES uniformly random legal moves from the start. It is
dropped when the side to move is in check, when it repeats a position
already kept (the first four FEN fields), or when Stockfish at a fixed depth
(one thread, a new game per position: deterministic) scores it outside
+-MAX_CP centipawns or finds a mate. Random lines reach odd but playable
middlegames, unlike a book of main lines whose games all look alike, and
the filter keeps either side from starting with a won game. The same seed,
depth and Stockfish version give the same file.

Output: one EPD record a line, e.g.
  rnbqkb1r/pp1ppppp/5n2/2p5/... w KQkq - id "book-0001"; c0 "e2e4 c7c5 ..."; c1 "cp 12 depth 10";

Usage: scripts/make_openings.py [--count N] [--plies P] [--seed S]
         [--depth D] [--max-cp C] [--engine PATH] [--out FILE]
"""
import argparse
import random
import subprocess
import sys


class Engine:
    """A UCI engine over pipes, read line by line."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name Threads value 1")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")

    def until(self, prefix):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def position(self, moves):
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))

    def legal_moves(self, moves):
        self.position(moves)
        self.send("go perft 1")
        out = self.until("Nodes searched")
        return [line.split(":")[0] for line in out if ":" in line and not line.startswith("Nodes")]

    def fen_and_checkers(self, moves):
        self.position(moves)
        self.send("d")
        out = self.until("Checkers:")
        fen = next(line[5:] for line in out if line.startswith("Fen: "))
        return fen, out[-1][len("Checkers:"):].strip()

    def score(self, moves, depth):
        self.send("ucinewgame")
        self.position(moves)
        self.send(f"go depth {depth}")
        kind, value = None, None
        for line in self.until("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
        return kind, value

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=1200)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--max-cp", type=int, default=60)
    ap.add_argument("--engine", default="/usr/games/stockfish")
    ap.add_argument("--out", default="-")
    args = ap.parse_args()
    if args.count < 1 or args.plies < 1 or args.depth < 1 or args.max_cp < 0:
        ap.error("count, plies and depth must be at least 1, max-cp at least 0")

    rng = random.Random(args.seed)
    engine = Engine(args.engine)
    kept, seen, tried = [], set(), 0
    while len(kept) < args.count:
        tried += 1
        if tried > 100 * args.count:
            sys.exit(f"only {len(kept)} openings after {tried} tries: loosen --max-cp or --plies")
        moves = []
        for _ in range(args.plies):
            legal = engine.legal_moves(moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        if len(moves) < args.plies:
            continue
        fen, checkers = engine.fen_and_checkers(moves)
        key = " ".join(fen.split()[:4])
        if checkers or key in seen:
            continue
        seen.add(key)
        kind, value = engine.score(moves, args.depth)
        if kind != "cp" or abs(value) > args.max_cp:
            continue
        kept.append((key, moves, value))
        if len(kept) % 100 == 0:
            print(f"{len(kept)} kept of {tried} tried", file=sys.stderr)
    engine.close()

    out = sys.stdout if args.out == "-" else open(args.out, "w")
    print(f"# chesslab opening book: {args.count} positions after {args.plies} random plies from the start,", file=out)
    print(f"# |score| <= {args.max_cp} cp at Stockfish depth {args.depth}, seed {args.seed}, deduplicated;", file=out)
    print(f"# {tried} lines tried. Made by scripts/make_openings.py.", file=out)
    for n, (key, moves, value) in enumerate(kept, 1):
        print(f'{key} id "book-{n:04d}"; c0 "{" ".join(moves)}"; c1 "cp {value} depth {args.depth}";', file=out)
    if out is not sys.stdout:
        out.close()
    print(f"{len(kept)} openings kept of {tried} tried", file=sys.stderr)


if __name__ == "__main__":
    main()
