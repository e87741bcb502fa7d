#!/usr/bin/python3
"""Whole games through UCI under a clock: chesslab against itself and
against Debian's stockfish at a low skill level.

The referee is this script with the project's own rules: every move is
checked and every position judged by `chesslab game` (core/game.c), which
ends a game by checkmate, stalemate, dead position or the 75-move rule;
threefold repetition and the fifty-move rule are claimed at once, as in
engine matches. The clock is kept here, from the moment `go` is written to
the moment `bestmove` is read, so pipe and scheduling delays count against
the engine, as they do in a GUI.

Passes when every game has a result, every move was legal, and chesslab
never lost on time by its own fault: a loss on time while the engine's
CPU time for the move stayed within its clock is the loaded machine's
(printed, not counted), since no margin covers any load. Usage: games_test.py CHESSLAB_BINARY [STOCKFISH_BINARY]
"""
import json
import os
import subprocess
import sys
import time

import uci_driver

CHESSLAB = sys.argv[1]
STOCKFISH = sys.argv[2] if len(sys.argv) > 2 else "/usr/games/stockfish"
MAX_PLIES = 600  # the 75-move rule ends games long before; a guard only


class Player:
    def __init__(self, name, command, options):
        self.name = name
        self.engine = uci_driver.Engine(command)
        self.engine.send("uci")
        _, t = self.engine.until("^uciok$", timeout=60)
        if t is None:
            raise RuntimeError("%s: no uciok" % name)
        for key, value in options.items():
            self.engine.send("setoption name %s value %s" % (key, value))
        self.engine.send("ucinewgame")
        self.engine.send("isready")
        self.engine.until("^readyok$", timeout=60)

    def cpu_ms(self):
        """The engine process's CPU time so far (user + system), in ms."""
        try:
            with open("/proc/%d/stat" % self.engine.p.pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) * 1000 // os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return None

    def think(self, moves, go):
        self.engine.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        cpu = self.cpu_ms()
        start = self.engine.send("go " + go)
        # A hang guard only: every answer is due within the clock (seconds).
        lines, stamp = self.engine.until("^bestmove", timeout=120)
        after = self.cpu_ms()
        self.move_cpu_ms = after - cpu if cpu is not None and after is not None else None
        if stamp is None:
            return None, None, lines
        return lines[-1].split()[1], stamp - start, lines

    def close(self):
        return self.engine.close()


final_fen = {}
load_forfeits = []  # losses on time that the engine's own times put on the machine


def judge(moves):
    """The project's rules on the game so far: (legal, result or None, reason)."""
    p = subprocess.run([CHESSLAB, "game", "--json", "--moves", *moves], capture_output=True, text=True)
    if p.returncode != 0:
        return False, None, p.stderr.strip()
    game = json.loads(p.stdout)
    last = game["plies"][-1] if game["plies"] else game["start"]
    final_fen["fen"] = last["fen"]
    status = last["status"]
    if status["end"] != "ongoing":
        return True, game["result"], status["end"]
    if status["threefold"]:
        return True, "1/2-1/2", "threefold repetition (claimed)"
    if status["fifty_moves"]:
        return True, "1/2-1/2", "fifty-move rule (claimed)"
    return True, None, None


def play(white, black, opening, base_ms, inc_ms, movestogo=0):
    """Plays one game; returns (result, reason, plies, problems)."""
    players = (white, black)
    clock = [base_ms, base_ms]
    lowest = [base_ms, base_ms]
    delays = ([], [])
    moves = list(opening)
    problems = []
    legal, result, reason = judge(moves)
    assert legal and result is None
    while result is None and len(moves) < MAX_PLIES:
        side = len(moves) % 2
        go = "wtime %d btime %d winc %d binc %d" % (clock[0], clock[1], inc_ms, inc_ms)
        own_moves = (len(moves) - len(opening) - side) // 2 if len(moves) >= len(opening) else 0
        if movestogo:
            go += " movestogo %d" % (movestogo - own_moves % movestogo)
        move, seconds, lines = players[side].think(moves, go)
        if move is None or move == "(none)":
            problems.append("%s gave no move at ply %d: %s" % (players[side].name, len(moves) + 1, lines[-3:]))
            return ("0-1" if side == 0 else "1-0"), "no move", len(moves), problems
        clock[side] -= int(seconds * 1000)
        # The clock here less the engine's last `info ... time`: the delay
        # outside the search (plus any unfinished iteration), printed to show
        # how loaded the machine was.
        searched = [int(l.split(" time ")[1].split()[0]) for l in lines if l.startswith("info") and " time " in l]
        if searched:
            delays[side].append(seconds * 1000 - searched[-1])
        lowest[side] = min(lowest[side], clock[side])
        if clock[side] < 0:
            reason = "%s lost on time (%d ms over) at ply %d" % (players[side].name, -clock[side], len(moves) + 1)
            # The engine's CPU time for the move (its process's, from
            # /proc): within the clock it had, the rest of the wall time was
            # spent waiting for a CPU or a pipe, which no engine controls:
            # the game ends, and it is said, but it is no fault of
            # chesslab's. On an idle machine CPU time is the wall time, so
            # a search that ignores its clock still fails here.
            had = clock[side] + int(seconds * 1000)
            cpu = players[side].move_cpu_ms
            if cpu is not None and cpu <= had:
                reason += " (the machine's delay: the engine used %d ms of CPU of the %d it had)" % (cpu, had)
                load_forfeits.append(reason)
            elif players[side].name.startswith("chesslab"):
                problems.append(reason)
            return ("0-1" if side == 0 else "1-0"), reason, len(moves), problems
        clock[side] += inc_ms
        if movestogo and (own_moves + 1) % movestogo == 0:
            clock[side] += base_ms
        moves.append(move)
        legal, result, reason = judge(moves)
        if not legal:
            problems.append("%s played an illegal move %s at ply %d: %s" % (players[side].name, move, len(moves),
                                                                             reason))
            return ("0-1" if side == 0 else "1-0"), "illegal move", len(moves), problems
    if result is None:
        problems.append("no result after %d plies" % len(moves))
    reason += "; lowest clocks %d / %d ms; delay per move (mean/max) %s; final position %s" % (
        lowest[0], lowest[1], " / ".join("%.0f/%.0f ms" % (sum(d) / len(d), max(d)) if d else "-" for d in delays),
        final_fen["fen"])
    return result, reason, len(moves), problems


def main():
    # The clock here includes the pipe and scheduler delay of every move,
    # which no engine controls: a few ms a move on an idle machine; under
    # ASan beside a CPU hog per core, at most 24 ms on average and 170 ms at
    # worst (the `delay per move` printed below). Hence no game without an
    # increment, whose length alone would then decide a loss on time: each
    # increment is twice that loaded mean, so delays never drain a clock, and
    # Move Overhead (kept back from every plan) is three times that worst
    # single delay. Heavier load goes further (450 ms at worst beside a
    # two-thread self-play run and a parallel ctest), so a loss on time is
    # chesslab's only when its CPU time for the move overran (play()).
    overhead = 500
    chesslab_options = {"Hash": 16, "Move Overhead": overhead}
    stockfish_options = {"Skill Level": 0, "Threads": 1, "Hash": 16, "Move Overhead": overhead}
    have_stockfish = os.access(STOCKFISH, os.X_OK)
    games = [
        # (white, black, opening, base ms, increment ms, movestogo): a
        # movestogo control sums its moves' delays, so only 10 moves long.
        ("chesslab", "chesslab", ["e2e4", "c7c5"], 1500, 50, 0),
        ("chesslab", "chesslab", ["d2d4", "d7d5", "c2c4"], 1000, 50, 0),
        ("chesslab", "stockfish", [], 1000, 50, 0),
        ("stockfish", "chesslab", [], 1000, 50, 0),
        ("chesslab", "stockfish", ["g1f3"], 1500, 0, 10),
    ]
    failures = []
    for number, (w, b, opening, base, inc, mtg) in enumerate(games, 1):
        if "stockfish" in (w, b) and not have_stockfish:
            print("game %d skipped: no stockfish at %s" % (number, STOCKFISH))
            continue

        def make(name, colour):
            if name == "chesslab":
                return Player("chesslab (%s)" % colour, [CHESSLAB, "uci"], chesslab_options)
            return Player("stockfish (%s)" % colour, [STOCKFISH], stockfish_options)

        white, black = make(w, "white"), make(b, "black")
        started = time.monotonic()
        result, reason, plies, problems = play(white, black, opening, base, inc, mtg)
        for p in (white, black):
            code, err = p.close()
            if p.name.startswith("chesslab") and (code != 0 or "Sanitizer" in err):
                problems.append("%s exited %s: %s" % (p.name, code, err[-500:]))
        control = "%d+%d ms" % (base, inc) + (", %d moves per control" % mtg if mtg else "")
        print("game %d: %s - %s, %s: %s (%s), %d plies, %.1f s" % (number, white.name, black.name, control, result,
                                                                   reason, plies, time.monotonic() - started),
              flush=True)
        for problem in problems:
            print("  FAIL:", problem, flush=True)
        failures += problems
    print("%d games, %d problems, %d lost on time by the machine's delays (not counted)" % (
        len(games), len(failures), len(load_forfeits)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
