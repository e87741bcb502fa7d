#!/usr/bin/env python3
"""Instructions per leaf of each move generator, from valgrind's callgrind.

    scripts/callgrind_movegen.py [--chesslab build-cg/chesslab] [--gens a,b,...]
        [--positions start:5,kiwipete:4] [--modes bulk,full] [--out results/movegen-callgrind]

Callgrind counts the instructions a program executes (Ir), which does not
depend on the machine's load, clock or caches: strategies can be compared
exactly on a shared, noisy server. Each case is `chesslab perft` run twice
under callgrind, at DEPTH and at depth 1; the depth-1 run measures start-up
(tables, magic search), so

    Ir per leaf = (Ir(DEPTH) - Ir(1)) / (leaves(DEPTH) - leaves(1)).

Valgrind does not run AVX-512, so build chesslab for it with
-DCHESSLAB_NATIVE=OFF (simd then measures its AVX2 level). Writes OUT.md
(a Markdown table) and OUT.json. Standard library only.
"""
import argparse
import json
import os
import re
import subprocess
import sys

FENS = {
    "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "position3": "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "position4": "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "position5": "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "position6": "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N1P/1PP1QPPP/R4RK1 w - - 0 10",
}


def measure(chesslab, gen, fen, depth, mode):
    """(instructions, leaves) of one perft under callgrind."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", chesslab, "perft", "--gen", gen,
           "--fen", fen, "--depth", str(depth), "--mode", mode]
    run = subprocess.run(cmd, capture_output=True, text=True, check=False)
    collected = re.search(r"Collected : (\d+)", run.stderr)
    nodes = re.search(r"^nodes\s+(\d+)", run.stdout, re.MULTILINE)
    if run.returncode != 0 or not collected or not nodes:
        sys.exit(f"callgrind_movegen: failed: {' '.join(cmd)}\n{run.stderr[-2000:]}")
    return int(collected.group(1)), int(nodes.group(1))


def cpu_line(chesslab):
    gens = subprocess.run([chesslab, "gens"], capture_output=True, text=True, check=False).stdout
    first = gens.splitlines()[0] if gens else ""
    return first.removeprefix("CPU: ").strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chesslab", default="build-cg/chesslab")
    ap.add_argument("--gens", default="mailbox,0x88,bitboard,hq,magic,pext,simd")
    ap.add_argument("--positions", default="start:5,kiwipete:4")
    ap.add_argument("--modes", default="bulk,full")
    ap.add_argument("--out", default="results/movegen-callgrind")
    args = ap.parse_args()

    cases = []
    for item in args.positions.split(","):
        name, depth = item.split(":")
        cases.append((name, int(depth)))
    results = []
    for gen in args.gens.split(","):
        for mode in args.modes.split(","):
            for name, depth in cases:
                ir, leaves = measure(args.chesslab, gen, FENS[name], depth, mode)
                ir1, leaves1 = measure(args.chesslab, gen, FENS[name], 1, mode)
                per_leaf = (ir - ir1) / (leaves - leaves1)
                results.append({"generator": gen, "mode": mode, "position": name, "depth": depth, "leaves": leaves,
                                "instructions": ir, "startup_instructions": ir1,
                                "instructions_per_leaf": round(per_leaf, 2)})
                print(f"{gen:9} {mode:5} {name:10} d{depth} {per_leaf:8.2f} Ir/leaf", file=sys.stderr)

    cpu = cpu_line(args.chesslab)
    doc = {"schema": "chesslab-callgrind-movegen/1", "tool": "valgrind --tool=callgrind", "cpu": cpu,
           "chesslab": args.chesslab, "method": "(Ir(depth) - Ir(1)) / (leaves(depth) - leaves(1))",
           "results": results}
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out + ".json", "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")

    columns = [(name, depth, mode) for mode in args.modes.split(",") for name, depth in cases]
    lines = [f"Instructions per leaf (callgrind Ir, start-up subtracted), one thread; CPU {cpu}. "
             "Callgrind counts executed instructions, so the figures do not depend on load or clock.", "",
             "| generator | " + " | ".join(f"{n} d{d} {m}" for n, d, m in columns) + " |",
             "|---|" + "---:|" * len(columns)]
    for gen in args.gens.split(","):
        cells = []
        for name, depth, mode in columns:
            r = next(r for r in results if (r["generator"], r["position"], r["mode"]) == (gen, name, mode))
            cells.append(f"{r['instructions_per_leaf']:.2f}")
        lines.append(f"| {gen} | " + " | ".join(cells) + " |")
    with open(args.out + ".md", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
