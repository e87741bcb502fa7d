#!/usr/bin/env python3
"""scripts/blunder_scan.py finds a known blunder with Stockfish as the oracle
and refuses bad input with a message and a non-zero exit.

Usage: blunder_scan_test.py CHESSLAB [ORACLE]. Exits 77 (skipped) when the
oracle is not installed."""
import json
import os
import subprocess
import sys
import tempfile

scan = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "blunder_scan.py")
chesslab = sys.argv[1]
oracle = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/stockfish"
if not os.access(oracle, os.X_OK):
    print(f"no oracle at {oracle}: skipped")
    sys.exit(77)
failures = 0

# Black's 3...Nf6?? allows mate in one; the other moves lose nothing much.
# The second game is White's, for a player who is not in the first one, from
# a FEN; its 2. Qxf7?? (the queen for a pawn) is its only blunder.
PGN = """[Event "t"]
[White "Teacher"]
[Black "Pupil"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "t"]
[White "Pupil"]
[Black "Other"]
[Result "0-1"]
[SetUp "1"]
[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 2 3"]

3. Qxf7+ Kxf7 {a comment} 4. Nf3 (4. d4 exd4) d6 0-1
"""


def run(*args):
    return subprocess.run([sys.executable, scan, "--chesslab", chesslab, "--oracle", oracle, *args],
                          capture_output=True, text=True, timeout=600)


with tempfile.TemporaryDirectory() as tmp:
    pgn = os.path.join(tmp, "games.pgn")
    out = os.path.join(tmp, "scan.json")
    with open(pgn, "w") as f:
        f.write(PGN)
    r = run("--pgn", pgn, "--player", "Pupil", "--nodes", "20000", "--out", out)
    if r.returncode != 0:
        print("scan failed:", r.stdout, r.stderr)
        sys.exit(1)
    report = json.load(open(out))
    games = report["games"]
    if [g["game"] for g in games] != [1, 2] or [g["player_white"] for g in games] != [False, True]:
        print("wrong games or colours:", [(g["game"], g["player_white"]) for g in games])
        failures += 1
    first = [(b["ply"], b["played"]) for b in games[0]["blunders"]]
    if first != [(6, "g8f6")]:
        print("game 1: expected the blunder g8f6 at ply 6, got", first)
        failures += 1
    if games[0]["lost_from_ply"] != 6 or games[0]["player_score"] != 0.0:
        print("game 1: expected lost from ply 6, got", games[0]["lost_from_ply"], games[0]["player_score"])
        failures += 1
    second = [(b["ply"], b["played"]) for b in games[1]["blunders"]]
    if second != [(1, "f3f7")]:
        print("game 2: expected the blunder f3f7 at ply 1, got", second)
        failures += 1
    summary = report["summary"]
    if summary["games"] != 2 or summary["lost"] != 2 or summary["lost_by_a_blunder"] != 2:
        print("wrong summary:", summary)
        failures += 1

    # Bad input: a missing file, a player in no game, a game that does not
    # parse, an oracle that is not there. Each a message and exit status 1.
    bad_pgn = os.path.join(tmp, "bad.pgn")
    with open(bad_pgn, "w") as f:
        f.write('[White "Pupil"]\n[Black "X"]\n\n1. e4 Ke7 2. Qxe7 1-0\n')
    cases = [
        (["--pgn", os.path.join(tmp, "none.pgn"), "--player", "Pupil"], "No such file"),
        (["--pgn", pgn, "--player", "Nobody"], "no game of that player"),
        (["--pgn", bad_pgn, "--player", "Pupil"], "not read"),
    ]
    for args, message in cases:
        r = run(*args, "--nodes", "1000")
        if r.returncode == 0 or message not in r.stderr:
            print(f"{args}: expected a failure saying '{message}', got {r.returncode}: {r.stderr.strip()}")
            failures += 1
    r = subprocess.run([sys.executable, scan, "--chesslab", chesslab, "--oracle", os.path.join(tmp, "nope"),
                        "--pgn", pgn, "--player", "Pupil"], capture_output=True, text=True)
    if r.returncode == 0 or "no oracle binary" not in r.stderr:
        print("a missing oracle was not refused:", r.returncode, r.stderr.strip())
        failures += 1

print("blunder_scan:", "FAIL" if failures else "ok")
sys.exit(1 if failures else 0)
