#!/usr/bin/python3
"""chesslab match stopped by a signal, as a long SPRT is stopped by hand.

Each case starts a long match in the background and signals it at a point
it reports (a game's progress line, a file the fake engine makes when told
to go), never after a fixed sleep, so that the outcome does not depend on
the load:

- SIGTERM after the first game (twice in a burst, as timeout(1) sends it):
  the match ends by SIGTERM, the summary says it stopped and after how many
  games, the JSON (valid, strict) and the PGN hold exactly the games
  reported finished, "stopped" is "signal SIGTERM", the earlier files of
  those names were kept until the new ones were complete, and no
  temporary file is left;
- SIGINT ignored at start (as in a script's background job) stays
  ignored: SIGINT then SIGTERM stops it by SIGTERM;
- SIGINT while an engine thinks on a long clock: the wait wakes, the engine
  gets `stop` then `quit`, the unfinished game is not counted;
- a second signal a second or more after the first ends the match at once,
  here while it waits to write its JSON into a FIFO nobody reads.

Usage: match_stop_test.py CHESSLAB"""
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

BIN = sys.argv[1]
# Seconds before a wait counts as hung: a hang guard, not a time limit.
HANG_GUARD = 120
# The burst window of cli/stop_signals.c, with a margin.
REPEAT_S = 1.2
FAST = ["--tc", "600000+0", "--depth", "2", "--hash", "1"]
GAME_LINE = re.compile(r"^game (\d+)/\d+ \(")
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
    return ok


class Match:
    """chesslab match in the background; its stdout and stderr lines read
    by threads into one queue as they come."""

    def __init__(self, args, sigint=signal.SIG_DFL):
        self.proc = subprocess.Popen([BIN, "match"] + args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True,
                                     preexec_fn=lambda: signal.signal(signal.SIGINT, sigint))
        self.lines = queue.Queue()
        self.out, self.err = [], []
        self.readers = [threading.Thread(target=self._read, args=(s, k, self.lines))
                        for s, k in ((self.proc.stdout, "out"), (self.proc.stderr, "err"))]
        for r in self.readers:
            r.start()

    @staticmethod
    def _read(stream, kind, lines):
        for line in stream:
            lines.put((kind, line.rstrip("\n")))
        lines.put((kind, None))

    def wait_for(self, kind, pattern):
        """The first line of that stream matching pattern (None, and a
        failure, when the stream ends or the guard passes first)."""
        deadline = time.monotonic() + HANG_GUARD
        regex = re.compile(pattern)
        while time.monotonic() < deadline:
            try:
                got_kind, line = self.lines.get(timeout=1)
            except queue.Empty:
                continue
            if line is not None:
                (self.out if got_kind == "out" else self.err).append(line)
            if got_kind == kind and line is not None and regex.search(line):
                return line
            if got_kind == kind and line is None:
                break
        failures.append(f"no line /{pattern}/ on std{kind}; stderr: {self.err[-5:]}")
        return None

    def signal(self, sig):
        self.proc.send_signal(sig)

    def finish(self):
        """The exit status (negative: the signal that ended it)."""
        try:
            rc = self.proc.wait(timeout=HANG_GUARD)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait()
            failures.append("the match did not end")
        for r in self.readers:
            r.join()
        while not self.lines.empty():
            kind, line = self.lines.get()
            if line is not None:
                (self.out if kind == "out" else self.err).append(line)
        return rc


def read_json(path):
    def reject(name):
        raise ValueError(f"not JSON: {name}")
    with open(path, encoding="utf-8") as f:
        return json.loads(f.read(), parse_constant=reject)


def pgn_games(path):
    """Games chesslab's own PGN reader reads, and games read with errors."""
    done = subprocess.run([BIN, "game", "--pgn", path], capture_output=True, text=True, timeout=HANG_GUARD)
    m = re.search(r"^(\d+) games?: (\d+) read, (\d+) with errors?", done.stdout, re.M)
    return (int(m.group(2)), int(m.group(3))) if m else (None, None)


def stopped_after_first_game(tmp):
    out, pgn = os.path.join(tmp, "match.json"), os.path.join(tmp, "match.pgn")
    for path in (out, pgn):
        with open(path, "w") as f:
            f.write("previous\n")
    m = Match(["--games", "1000", "--pgn", pgn, "--out", out] + FAST)
    if m.wait_for("err", GAME_LINE.pattern):
        for path in (out, pgn):
            with open(path) as f:
                check(f.read() == "previous\n", f"{path} replaced before the match ended")
        m.signal(signal.SIGTERM)
        m.signal(signal.SIGTERM)  # a burst counts once
    rc = m.finish()
    check(rc == -signal.SIGTERM, f"SIGTERM: ended with {rc}, expected death by SIGTERM; stderr {m.err[-5:]}")
    finished = [int(GAME_LINE.match(line).group(1)) for line in m.err if GAME_LINE.match(line)]
    summary = [re.match(r"stopped by SIGTERM after (\d+) games", line) for line in m.out]
    summary = [s for s in summary if s]
    if check(len(summary) == 1, f"SIGTERM: no 'stopped by SIGTERM after N games' line: {m.out}"):
        check(int(summary[0].group(1)) == len(finished) >= 1,
              f"SIGTERM: summary says {summary[0].group(1)} games, {len(finished)} reported")
    check(any("SIGTERM: stopping" in line for line in m.err), "SIGTERM: no 'stopping' line on stderr")
    check(any(line.startswith("score of A: ") for line in m.out), "SIGTERM: no score line")
    try:
        doc = read_json(out)
    except (OSError, ValueError) as e:
        failures.append(f"SIGTERM: JSON: {e}")
        doc = None
    if doc:
        check(doc["schema"] == "chesslab-match/1", f"SIGTERM: schema {doc['schema']}")
        check(doc["stopped"] == "signal SIGTERM", f"SIGTERM: stopped {doc['stopped']!r}")
        check(doc["error"] is None, f"SIGTERM: error {doc['error']!r}")
        check(doc["method"]["games"] == 1000, "SIGTERM: method.games")
        rounds = sorted(g["round"] for g in doc["games"])
        check(rounds == sorted(finished), f"SIGTERM: JSON games {rounds}, reported {finished}")
        check(all(g["a_points"] is not None for g in doc["games"]), "SIGTERM: an unfinished game in the JSON")
        score = doc["score"]
        check(score["games"] == len(finished) == score["wins"] + score["draws"] + score["losses"],
              f"SIGTERM: score {score}, {len(finished)} reported")
    read, broken = pgn_games(pgn)
    check(read == len(finished) and broken == 0, f"SIGTERM: PGN has {read} games ({broken} broken), "
          f"{len(finished)} reported")
    check(sorted(os.listdir(tmp)) == ["match.json", "match.pgn"], f"SIGTERM: files left: {os.listdir(tmp)}")


def sigint_ignored(tmp):
    out = os.path.join(tmp, "ignored.json")
    m = Match(["--games", "1000", "--out", out] + FAST, sigint=signal.SIG_IGN)
    if m.wait_for("err", GAME_LINE.pattern):
        # Had SIGINT been handled, it would have come first (a lower number
        # is delivered first) and the SIGTERM right after it would belong
        # to its burst.
        m.signal(signal.SIGINT)
        m.signal(signal.SIGTERM)
    rc = m.finish()
    check(rc == -signal.SIGTERM, f"ignored SIGINT: ended with {rc}, expected death by SIGTERM")
    check(not any("SIGINT" in line for line in m.err), f"ignored SIGINT: it was handled: {m.err[-5:]}")
    try:
        check(read_json(out)["stopped"] == "signal SIGTERM", "ignored SIGINT: stopped is not SIGTERM")
    except (OSError, ValueError) as e:
        failures.append(f"ignored SIGINT: JSON: {e}")


def fake_thinker(tmp):
    """A UCI engine that thinks until told to stop; it logs what it reads
    and makes NAME.thinking at its first go."""
    path = os.path.join(tmp, "thinker")
    with open(path, "w") as f:
        f.write('#!/bin/sh\nwhile read -r line; do\n  echo "$line" >>"$0.log"\n  case "$line" in\n'
                '    uci) echo "id name fake-thinker"; echo "uciok" ;;\n    isready) echo "readyok" ;;\n'
                '    go*) : >"$0.thinking" ;;\n    stop) echo "bestmove 0000" ;;\n    quit) exit 0 ;;\n'
                '  esac\ndone\n')
    os.chmod(path, 0o755)
    return path


def sigint_while_thinking(tmp):
    engine, out = fake_thinker(tmp), os.path.join(tmp, "thinking.json")
    m = Match(["--games", "100", "--path-b", engine, "--out", out] + FAST)
    deadline = time.monotonic() + HANG_GUARD
    while not os.path.exists(engine + ".thinking") and m.proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    if check(os.path.exists(engine + ".thinking"), "thinking: the fake engine never got go"):
        m.signal(signal.SIGINT)
    else:
        m.proc.kill()
    rc = m.finish()  # without the wake, B's 10-minute clock: past the guard
    check(rc == -signal.SIGINT, f"thinking: ended with {rc}, expected death by SIGINT; stderr {m.err[-5:]}")
    with open(engine + ".log") as f:
        told = [line.split()[0] for line in f.read().splitlines() if line]
    check(told[-2:] == ["stop", "quit"] and "go" in told, f"thinking: the engine was told {told[-4:]}")
    check(any(re.match(r"game 1/100 abandoned", line) for line in m.err), "thinking: no 'abandoned' line")
    check(any(line.startswith("stopped by SIGINT after 0 games") for line in m.out), f"thinking: summary {m.out}")
    try:
        doc = read_json(out)
        check(doc["games"] == [] and doc["score"]["games"] == 0 and doc["stopped"] == "signal SIGINT"
              and doc["error"] is None, f"thinking: JSON {doc['games']} {doc['score']} {doc['stopped']}")
    except (OSError, ValueError) as e:
        failures.append(f"thinking: JSON: {e}")


def second_signal(tmp):
    fifo = os.path.join(tmp, "never-read.json")
    os.mkfifo(fifo)
    m = Match(["--games", "1000", "--out", fifo] + FAST)
    if m.wait_for("err", GAME_LINE.pattern):
        m.signal(signal.SIGTERM)
        # The summary is out: the match now waits for a reader of its JSON.
        if m.wait_for("out", r"^stopped by SIGTERM after"):
            time.sleep(REPEAT_S)
            m.signal(signal.SIGTERM)
    rc = m.finish()
    check(rc == -signal.SIGTERM, f"second signal: ended with {rc}, expected death by SIGTERM")
    check(os.listdir(tmp) == ["never-read.json"], f"second signal: files left: {os.listdir(tmp)}")


def main():
    cases = [stopped_after_first_game, sigint_ignored, sigint_while_thinking, second_signal]
    # ThreadSanitizer runs a signal's handler only once the thread is out of
    # a blocking system call, so a match blocked writing into the FIFO never
    # sees the second signal there: that case runs in the other builds only.
    if "thread" in os.environ.get("CHESSLAB_SANITIZE", ""):
        cases.remove(second_signal)
        print("second_signal: skipped under ThreadSanitizer (handlers wait for blocking calls)")
    for case in cases:
        tmp = tempfile.mkdtemp(prefix="chesslab-match-stop-")
        try:
            start = time.monotonic()
            before = len(failures)
            case(tmp)
            print(f"{case.__name__}: {'ok' if len(failures) == before else 'FAILED'} "
                  f"({time.monotonic() - start:.1f} s)")
        finally:
            shutil.rmtree(tmp)
    for f in failures:
        print("FAIL:", f)
    print(f"match_stop: {len(cases)} cases, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
