#!/usr/bin/python3
"""`chesslab game` from outside, on hostile input.

JSON: every JSON it prints is valid JSON in valid UTF-8, whatever bytes its
input held: PGN tags with invalid UTF-8 (0xff 0xfe, truncated and overlong
sequences, surrogates), control characters, a file name that is not UTF-8;
well-formed UTF-8 comes through unchanged and each ill-formed part becomes
one U+FFFD. Parsed with Python's json module after a strict UTF-8 decode
(`search --json` too, the other writer of free text).

PGN files: a result the final position contradicts (issue 14's 0-1 after
Qxf7#) is an error naming game and ply, exit 1; a NUL byte stops the
reading, exit 1; a directory, /dev/zero, a FIFO nobody writes to and an
empty file are refused at once, exit 1, one line each (2 is for a path
that cannot be opened).

Usage: game_pgn_cli_test.py CHESSLAB_BINARY
"""
import json
import os
import subprocess
import sys
import tempfile

BIN = sys.argv[1]
failures = []
checks = 0


def check(ok, what):
    global checks
    checks += 1
    if not ok:
        failures.append(what)
        print("FAIL:", what, flush=True)


def run_json(args, what):
    """Runs chesslab, returns (exit status, parsed JSON or None)."""
    p = subprocess.run([BIN.encode()] + args, capture_output=True, timeout=120)
    try:
        doc = json.loads(p.stdout.decode("utf-8", errors="strict"))
    except (UnicodeDecodeError, ValueError) as e:
        check(False, "%s: not valid UTF-8 JSON (%s): %r" % (what, e, p.stdout[:300]))
        return p.returncode, None
    check(True, what)
    return p.returncode, doc


# Tag values: bytes written, and the text the JSON must give back.
TAGS = [
    (b"a\xff\xfeb", "a\ufffd\ufffdb"),                 # the bytes
    (b"caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80", "caf\u00e9 \u65e5 \U0001F600"),  # kept as they are
    (b"cut \xe6\x97", "cut \ufffd"),                    # truncated: one U+FFFD for the maximal subpart
    (b"over \xc0\xaf", "over \ufffd\ufffd"),            # overlong lead byte and stray continuation
    (b"sur \xed\xa0\x80", "sur \ufffd\ufffd\ufffd"),   # a UTF-16 surrogate is not UTF-8
    (b"big \xf4\x90\x80\x80", "big \ufffd\ufffd\ufffd\ufffd"),  # above U+10FFFF
    (b"ctl \x01\x1b\x7f\t", "ctl \x01\x1b\x7f\t"),       # control characters escaped
    (b"q \\\" \\\\", "q \" \\"),                         # PGN escapes read, JSON escapes written
]


# A hang guard, not a time limit: each run takes milliseconds, a few seconds
# at most under a sanitizer on a loaded machine; a reader blocked on a FIFO
# or reading /dev/zero for ever still fails it.
HANG_GUARD_S = 60


def run_game(args, what):
    """chesslab game with a hang guard: (exit status, stdout, stderr lines)."""
    try:
        p = subprocess.run([BIN.encode(), b"game"] + args, capture_output=True, timeout=HANG_GUARD_S)
    except subprocess.TimeoutExpired:
        check(False, "%s: no answer within %d s" % (what, HANG_GUARD_S))
        return None, b"", []
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace").splitlines()


def pgn_files(tmp):
    mate = os.path.join(tmp, b"mate.pgn")
    with open(mate, "wb") as f:
        f.write(b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1\n")
    code, out, err = run_game(["--pgn", mate], "mate scored 0-1")
    check(code == 1 and len(err) == 1 and err[0].endswith(
        "mate.pgn:1: game 1, ply 7 (4. Qxf7#): result 0-1 contradicts the final position (checkmate: 1-0)"),
        "0-1 after 4. Qxf7#: exit 1 and the error (%s, %s)" % (code, err))
    nul = os.path.join(tmp, b"nul.pgn")
    with open(nul, "wb") as f:
        f.write(b"1. e4 e5 *\n1. d4\0 d5 *\n1. c4 *\n")
    code, out, err = run_game(["--pgn", nul], "NUL byte")
    check(code == 1 and len(err) == 1 and "a NUL byte on line 2" in err[0] and b"2 games: 1 read, 1 with errors"
          in out, "NUL byte: one error, reading stops, exit 1 (%s, %s)" % (code, err))
    empty = os.path.join(tmp, b"empty.pgn")
    with open(empty, "wb") as f:
        f.write(b"; a comment, no game\n")
    fifo = os.path.join(tmp, b"fifo.pgn")
    os.mkfifo(fifo)
    for path, message in ((empty, "holds no games"), (tmp, "it is a directory, not a file"),
                          (b"/dev/zero", "it is a character device, not a file"),
                          (fifo, "it is a FIFO, not a file")):
        for json_flag in ([], ["--json"]):
            code, out, err = run_game(json_flag + ["--pgn", path], path.decode())
            check(code == 1 and len(err) == 1 and message in err[0],
                  "%s %s: exit 1 and '%s' (%s, %s)" % (path, json_flag, message, code, err))
    code, out, err = run_game(["--pgn", os.path.join(tmp, b"missing.pgn")], "missing file")
    check(code == 2 and len(err) == 1 and "cannot open" in err[0], "missing file: exit 2 (%s, %s)" % (code, err))


def main():
    with tempfile.TemporaryDirectory() as tmp:
        tmp = tmp.encode()
        pgn = os.path.join(tmp, b"tags.pgn")
        with open(pgn, "wb") as f:
            for i, (raw, _) in enumerate(TAGS):
                f.write(b'[White "' + raw + b'"]\n[Black "B"]\n\n1. e4 e5 *\n\n')
            # A broken game whose error message quotes the file name and a
            # bad byte of the movetext.
            f.write(b"1. e4 \xff e5 *\n")
        code, doc = run_json(["game", "--json", "--pgn", pgn], "game --json --pgn with invalid UTF-8 tags")
        if doc is not None:
            games = doc["games"]
            check(len(games) == len(TAGS) + 1, "every game listed: %d" % len(games))
            for (raw, want), g in zip(TAGS, games):
                check(g["white"] == want, "tag %r: JSON gives %r, expected %r" % (raw, g["white"], want))
            check(games[-1]["error"] is not None and "0xff" in games[-1]["error"], "bad game's error in JSON")
            check(code == 1, "a bad game: exit 1 (got %d)" % code)
        # A file name that is not UTF-8 appears in "file" and in the errors.
        odd = os.path.join(tmp, b"odd\xff\xfe.pgn")
        with open(odd, "wb") as f:
            f.write(b"1. e4 e5 2. Ke3 *\n")
        code, doc = run_json(["game", "--json", "--pgn", odd], "game --json --pgn FILE with a non-UTF-8 name")
        if doc is not None:
            check(doc["file"].endswith("odd\ufffd\ufffd.pgn"), "file name replaced: %r" % doc["file"])
            check("odd\ufffd\ufffd.pgn" in (doc["games"][0]["error"] or ""), "error names the file")
        pgn_files(tmp)
    code, doc = run_json(["game", "--json", "--san", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"],
                         "game --json --san")
    if doc is not None:
        check(doc["result"] == "1-0" and doc["plies"][-1]["san"] == "Qxf7#", "game --json: the mate read")
    code, doc = run_json(["search", "--depth", "3", "--json"], "search --json")
    if doc is not None:
        check(code == 0 and len(doc["bestmove"]) >= 4, "search --json: a best move")
    print("%d checks, %d failed" % (checks, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
