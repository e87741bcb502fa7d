"""Bad input never crashes or hangs chesslab: FENs, move lists, EPD lines
and UCI sessions, mutated at random from valid ones (a fixed seed, so a
failure repeats), go through the program, which must answer each with its
result or a clear error.
  perft --fen / --moves, game --san, perftree:
                         exit 0, or 2 with exactly one line on stderr;
  perft --epd:           exit 0, 1 (a count that no longer matches) or 2;
  game --pgn:            exit 0, or 1 (games with errors, each named);
  material past the limits: refused with one line, or counted alike by
                         every generator with at most 218 moves;
  NUL bytes, /dev/zero, FIFOs, directories as input files: one clear error;
  uci:                   exit 0 after `quit`, `readyok` after the last
                         `isready`, every bestmove a move or `(none)`.
Everywhere: no sanitizer report, no hang (each run has a time limit).
Usage: fuzz_input_test.py CHESSLAB [SEED]"""
import os
import random
import subprocess
import sys
import tempfile

BIN = sys.argv[1]
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else 20261130
rng = random.Random(SEED)
failures = []
checks = 0

FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/8/8/8/3k4/8/R3K3 w Q - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
]
FEN_ALPHABET = "pnbrqkPNBRQK12345678/ -wKQkqabcdefgh09x"
MOVES = ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1", "e8c8", "e7e8q", "a2a1n", "d5c6", "h7h5"]
MOVE_ALPHABET = "abcdefghi012345678 9qrbnkx-"


def mutate(text, alphabet, edits):
    s = list(text)
    for _ in range(edits):
        op = rng.random()
        at = rng.randrange(len(s) + 1)
        if op < 0.4 and s:
            s[min(at, len(s) - 1)] = rng.choice(alphabet)
        elif op < 0.7:
            s.insert(at, rng.choice(alphabet))
        elif s:
            del s[min(at, len(s) - 1)]
    return "".join(s)


def sanitizer_report(text):
    return "Sanitizer" in text or "runtime error:" in text


# The limit is a hang guard, not a time limit: a run takes milliseconds, at
# most seconds under TSan on a loaded machine.
def run(args, stdin=None, limit=60):
    try:
        return subprocess.run([BIN] + args, input=stdin, capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return None


def check(ok, what):
    global checks
    checks += 1
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def check_cli(args, allowed, what):
    p = run(args)
    if p is None:
        check(False, "%s: no answer within the limit" % what)
        return
    lines = p.stderr.strip().splitlines()
    check(not sanitizer_report(p.stderr), "%s: sanitizer report: %s" % (what, p.stderr[:400]))
    check(p.returncode in allowed, "%s: exit %d; stderr %r" % (what, p.returncode, p.stderr[:300]))
    if p.returncode == 2:
        check(len(lines) == 1, "%s: a usage error printed %d lines: %r" % (what, len(lines), p.stderr[:300]))


# ---- FENs through perft, every generator in turn
gens = [line.split()[0] for line in run(["gens"]).stdout.splitlines()
        if line.strip() and "yes" in line.split()[1:3]]
check(len(gens) >= 3, "chesslab gens lists the generators this CPU runs: %r" % gens)
for i in range(240):
    fen = mutate(rng.choice(FENS), FEN_ALPHABET, rng.randint(1, 4))
    gen = gens[i % len(gens)] if gens else "mailbox"
    check_cli(["perft", "--depth", "2", "--gen", gen, "--fen", fen], (0, 2), "perft --gen %s --fen %r" % (gen, fen))

# ---- move lists: mutated, shuffled, or cut
for i in range(80):
    moves = [mutate(m, MOVE_ALPHABET, rng.randint(0, 1)) if rng.random() < 0.3 else m
             for m in rng.sample(MOVES, rng.randint(1, 6))]
    fen = rng.choice(FENS)
    check_cli(["perft", "--depth", "1", "--fen", fen, "--moves"] + moves, (0, 2),
              "perft --fen %r --moves %s" % (fen, " ".join(moves)))

# ---- an EPD file of mutated lines (counts and FENs)
with tempfile.TemporaryDirectory() as scratch:
    for i in range(12):
        lines = []
        for _ in range(4):
            fen = rng.choice(FENS)
            line = "%s ;D1 %d ;D2 %d" % (" ".join(fen.split()[:4]), rng.randint(1, 50), rng.randint(1, 2000))
            lines.append(mutate(line, FEN_ALPHABET + ";D", rng.randint(0, 3)))
        path = os.path.join(scratch, "fuzz%d.epd" % i)
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        check_cli(["perft", "--epd", path, "--depth", "2"], (0, 1, 2), "perft --epd %r" % lines)

# ---- material at and over the limits setup accepts (core/types.h): random
# placements of up to 16 white men with many promoted pieces. Refused with
# one line, or counted alike by every generator and within MAX_MOVES.
def black_king_attacked(board, king):
    kf, kr = king % 8, king // 8
    for sq, piece in enumerate(board):
        df, dr = sq % 8 - kf, sq // 8 - kr
        if piece == "P" and dr == -1 and abs(df) == 1:
            return True
        if piece == "N" and sorted((abs(df), abs(dr))) == [1, 2]:
            return True
        if piece == "K" and max(abs(df), abs(dr)) == 1:
            return True
        straight, diagonal = df == 0 or dr == 0, abs(df) == abs(dr)
        if (piece == "R" and straight) or (piece == "B" and diagonal) or (piece == "Q" and (straight or diagonal)):
            step_f, step_r = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
            f, r = kf + step_f, kr + step_r
            while (f, r) != (sq % 8, sq // 8) and board[r * 8 + f] == ".":
                f, r = f + step_f, r + step_r
            if (f, r) == (sq % 8, sq // 8):
                return True
    return False


def random_placement(white):
    """A FEN with white to move and the black king not in check."""
    while True:
        board = ["."] * 64
        squares = rng.sample(range(64), len(white) + 1)
        board[squares[0]] = "k"
        for sq, piece in zip(squares[1:], white):
            if piece == "P" and sq // 8 in (0, 7):
                break
            board[sq] = piece
        else:
            if black_king_attacked(board, squares[0]):
                continue
            rows = []
            for rank in range(7, -1, -1):
                row = "".join(board[rank * 8:rank * 8 + 8])
                for n in range(8, 0, -1):
                    row = row.replace("." * n, str(n))
                rows.append(row)
            return "/".join(rows) + " w - - 0 1"


def nodes_of(p):
    for line in p.stdout.splitlines():
        if line.startswith("nodes"):
            return int(line.split()[1])
    return None


accepted = 0
for i in range(60):
    pawns = rng.randint(0, 8)
    # At the limit of the promotion rule, or one or two beyond it, or past 16 men.
    promoted = 8 - pawns + rng.choice([0, 0, 0, 1, 2])
    extra = [rng.choice("QQQRNB") for _ in range(promoted)]
    white = ["K"] + ["P"] * pawns + list("QRRNNB") + extra + (["B"] if rng.random() < 0.5 else [])
    if rng.random() < 0.1:
        white += ["Q"] * rng.randint(1, 12)
    fen = random_placement(white)
    counts = set()
    for gen in gens:
        p = run(["perft", "--depth", "2", "--gen", gen, "--fen", fen])
        what = "perft --gen %s --fen %r (%d white men)" % (gen, fen, len(white))
        if p is None:
            check(False, what + ": no answer within the limit")
            continue
        check(not sanitizer_report(p.stderr), "%s: sanitizer report: %s" % (what, p.stderr[:400]))
        check(p.returncode in (0, 2), "%s: exit %d" % (what, p.returncode))
        if p.returncode == 2:
            check(len(p.stderr.strip().splitlines()) == 1 and "FEN" in p.stderr, what + ": " + p.stderr[:300])
            counts.add("refused")
            continue
        d1 = run(["perft", "--depth", "1", "--gen", gen, "--fen", fen])
        moves = nodes_of(d1) if d1 is not None else None
        check(moves is not None and moves <= 218, "%s: %r legal moves" % (what, moves))
        counts.add((moves, nodes_of(p)))
    check(len(counts) == 1, "perft --fen %r: generators disagree: %r" % (fen, counts))
    accepted += "refused" not in counts
print("material fuzz: %d of 60 positions accepted" % accepted)
check(0 < accepted < 60, "material fuzz: %d of 60 positions accepted (some of each expected)" % accepted)

# ---- files that are no text: NUL bytes, endless or no files at all. Each
# gets one clear refusal (or, for lines with a NUL, a report naming the line)
# within the time limit: a hang here is a reader that never ends.
with tempfile.TemporaryDirectory() as scratch:
    for i in range(10):
        line = "%s ;D1 20 ;D2 400" % FENS[0]
        at = rng.randrange(len(line) + 1)
        path = os.path.join(scratch, "nul%d.epd" % i)
        with open(path, "w") as f:
            f.write(line[:at] + "\0" * rng.randint(1, 3) + line[at:] + "\n")
        p = run(["perft", "--epd", path])
        what = "perft --epd (NUL at byte %d)" % at
        check(p is not None and p.returncode == 1 and ":1: NUL byte" in p.stderr,
              "%s: %r" % (what, None if p is None else (p.returncode, p.stderr[:300])))
    fifo = os.path.join(scratch, "fifo")
    os.mkfifo(fifo)
    for path in ["/dev/zero", "/dev/urandom", scratch, fifo]:
        for args in (["perft", "--epd", path], ["verify", "--epd", path, "--random", "0"],
                     ["bench", "tactics", "--epd", path, "--nodes", "10"], ["game", "--pgn", path],
                     ["bench", "movegen", "--positions", path, "--runs", "1"]):
            p = run(args)
            what = " ".join(args)
            if p is None:
                check(False, what + ": no answer within the limit")
                continue
            # game --pgn reports unreadable PGN as bad games (exit 1, README).
            want = (1, 2) if args[0] == "game" else (2,)
            check(p.returncode in want and "cannot read" in p.stderr and len(p.stderr.strip().splitlines()) == 1,
                  "%s: exit %d, stderr %r" % (what, p.returncode, p.stderr[:300]))

# ---- PGN: the test games, mangled (tags, SAN, comments, variations, results)
games_pgn = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "games.pgn")
with open(games_pgn) as f:
    pgn_text = f.read()
with tempfile.TemporaryDirectory() as scratch:
    for i in range(20):
        path = os.path.join(scratch, "fuzz%d.pgn" % i)
        with open(path, "w") as f:
            f.write(mutate(pgn_text, "[]{}()\";%$!?+#=-/.0123456789 KQRBNabcdefgh*\n", rng.randint(1, 40)))
        check_cli(["game", "--pgn", path], (0, 1), "game --pgn (seed %d, file %d)" % (SEED, i))

# ---- SAN move lists through game, and perftree's arguments
SANS = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O", "Nf6", "d4", "exd4", "Qxd4", "Bxc6", "dxc6", "Qxd8+", "Kxd8"]
SAN_ALPHABET = "KQRBNabcdefgh12345678x+#=O-0!?"
for i in range(60):
    sans = [mutate(m, SAN_ALPHABET, 1) if rng.random() < 0.25 else m for m in SANS[:rng.randint(1, len(SANS))]]
    check_cli(["game", "--san"] + sans, (0, 2), "game --san %s" % " ".join(sans))
for i in range(40):
    fen = mutate(rng.choice(FENS), FEN_ALPHABET, rng.randint(0, 2))
    moves = " ".join(mutate(m, MOVE_ALPHABET, rng.randint(0, 1)) for m in rng.sample(MOVES, rng.randint(0, 3)))
    args = ["perftree", str(rng.randint(1, 2)), fen] + ([moves] if moves else [])
    check_cli(args, (0, 2), "perftree %r" % args[1:])

# ---- UCI sessions of random commands, some of them mangled
UCI = ["uci", "isready", "ucinewgame", "position startpos", "position startpos moves e2e4 e7e5 g1f3",
       "position fen 8/8/8/8/8/3k4/8/R3K3 w - - 0 1 moves a1a2", "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
       "go depth 3", "go nodes 500", "go movetime 20", "go wtime 100 btime 100", "go perft 2", "stop", "d",
       "setoption name Hash value 4", "setoption name Threads value 3", "setoption name SMP value ybwc",
       "setoption name SMP value abdada", "setoption name SMP value lazy", "go infinite", "ponderhit",
       "go ponder wtime 200 btime 200", "position startpos moves e2e5", "position fen x", "go depth 99999",
       "setoption name Threads value -1", "setoption name Bogus value 1", "go searchmoves e2e4 d2d4 depth 2",
       "go depth -3", "go nodes", "position", "setoption name Hash value 0"]
for trial in range(30):
    session = []
    for _ in range(rng.randint(3, 14)):
        command = rng.choice(UCI)
        if rng.random() < 0.15:
            command = mutate(command, "abz 019-_", 2)
        session.append(command)
    session += ["stop", "isready", "quit"]
    p = run(["uci"], stdin="\n".join(session) + "\n", limit=90)
    what = "uci session %r" % session
    if p is None:
        check(False, what + ": no exit within the limit")
        continue
    check(not sanitizer_report(p.stderr), what + ": sanitizer report: " + p.stderr[-400:])
    check(p.returncode == 0, what + ": exit %d" % p.returncode)
    out = p.stdout.splitlines()
    check(out[-1:] == ["readyok"] or "readyok" in out, what + ": no readyok")
    check(all(len(l.split()) >= 2 and (len(l.split()[1]) in (4, 5) or l.split()[1] == "(none)")
              for l in out if l.startswith("bestmove")), what + ": a malformed bestmove")

print("fuzz_input: %d checks, %d failed (seed %d)" % (checks, len(failures), SEED))
sys.exit(1 if failures else 0)
