#!/usr/bin/env bash
# `chesslab bench search` and `chesslab match` from the command line: bad
# options (one line on stderr, exit 2), a small benchmark run whose JSON is
# checked and plotted, a short match whose PGN is read back by the
# project's own reader, and fake engines that play illegal moves, overrun
# their clock, crash and hang (the match must report them and never hang).
# Usage: search_smp_cli_test.sh CHESSLAB_BINARY DATA_DIR
set -u
bin=$1
data=$2
scripts="$(cd "$(dirname "$0")/../scripts" && pwd)"
source "$(dirname "$0")/cli_lib.sh"
export PYTHONDONTWRITEBYTECODE=1

# check DESCRIPTION COMMAND...: the command must succeed.
check() {
  local what=$1
  shift
  if "$@"; then ok; else bad "$what"; fi
}

head -n 3 "$data/bk.epd" >"$tmp/three.epd"

# --- bench search: bad input
expect_error 2 "--smp: 'fast' is not one of serial, lazy, ybwc, abdada" bench search --smp lazy,fast
expect_error 2 "--smp: 'lazy' is listed twice" bench search --smp lazy,ybwc,lazy
expect_error 2 "--threads '0' is not an integer in 1..256" bench search --threads 1,0
expect_error 2 "--threads: 2 is listed twice" bench search --threads 2,2
expect_error 2 "--depth, --nodes and --movetime exclude each other" bench search --depth 4 --nodes 1000
expect_error 2 "--depth 'x' is not an integer" bench search --depth x
expect_error 2 "--nodes '0' is not a positive integer" bench search --nodes 0
expect_error 2 "--movetime '0' is not an integer" bench search --movetime 0
expect_error 2 "--runs '26' is not an integer in 1..25" bench search --runs 26
expect_error 2 "--bind 'wide' is not compact, scatter or none" bench search --bind wide
expect_error 2 "--min-split-depth '0' is not an integer" bench search --min-split-depth 0
expect_error 2 "--split-threads '1' is not an integer" bench search --split-threads 1
expect_error 2 "--epd: cannot open '/nonexistent.epd'" bench search --epd /nonexistent.epd
printf '8/8/8 w - -\n' >"$tmp/broken.epd"
expect_error 2 "--epd: .*broken.epd:1: " bench search --epd "$tmp/broken.epd"
expect_error 2 "--out: cannot write" bench search --epd "$tmp/three.epd" --out /nonexistent/dir/x.json
expect_error 2 "unknown option '--bogus'" bench search --bogus
expect_error 2 "option --smp needs a value" bench search --smp

# --- bench search: every variant on 1 and 2 threads, depth 4, three positions
if timeout 600 "$bin" bench search --smp serial,lazy,ybwc,abdada --threads 1,2 --depth 4 --epd "$tmp/three.epd" \
    --runs 2 --hash 8 --out "$tmp/search.json" >"$tmp/search.out" 2>"$tmp/search.err"; then
  ok
  check "bench search: summary table" grep -q '^summary against serial on 1 thread' "$tmp/search.out"
  check "bench search: progress on stderr" grep -q '^bench search: ybwc x2, position 3/3' "$tmp/search.err"
  check "bench search: JSON content" /usr/bin/python3 - "$tmp/search.json" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["schema"] == "chesslab-bench-search/1", doc["schema"]
for key in ("machine", "build", "method", "results", "summary"):
    assert key in doc, key
assert doc["method"]["limit"] == "depth" and doc["method"]["limit_value"] == 4
configs = [(s["variant"], s["threads"]) for s in doc["summary"]]
# serial once (1 thread), then three variants x two thread counts
assert configs == [("serial", 1), ("lazy", 1), ("lazy", 2), ("ybwc", 1), ("ybwc", 2), ("abdada", 1), ("abdada", 2)], configs
assert len(doc["results"]) == 7 * 3, len(doc["results"])
for r in doc["results"]:
    assert r["best_move"] and len(r["runs"]) == 2 and len(r["pus"]) == r["threads"], r
    assert r["depth"] >= 4 or r["mate"] is not None, r
    assert r["time_ms"]["min"] <= r["time_ms"]["median"] <= r["time_ms"]["max"]
    assert all(len(run["thread_nodes"]) == r["threads"] for run in r["runs"])
serial = doc["summary"][0]
assert abs(serial["speedup"] - 1) < 1e-9 and abs(serial["search_overhead"] - 1) < 1e-9, serial
assert serial["best_move_agreement"] == 1.0, serial  # depth-limited serial is deterministic
for s in doc["summary"]:
    assert s["positions"] == 3 and s["speedup"] > 0 and s["nps_scaling"] > 0, s
    assert 0 <= s["best_move_agreement"] <= 1, s
    assert len(s["placement"]) == s["threads"], s
    assert 0 < s["speedup_interval"]["low"] <= s["speedup_interval"]["high"], s
boot = doc["method"]["bootstrap"]
assert boot["replicates"] == 2000 and boot["level"] == 0.95 and boot["seed"] == 1, boot
EOF
  if /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
    check "plot_search.py on a real run" "$scripts/plot_search.py" "$tmp/search.json" --out-dir "$tmp/png" --table "$tmp/search.md"
    check "plot_search.py: speedup PNG" test -s "$tmp/png/search_speedup.png"
    check "plot_search.py: table row" grep -q '^| ybwc | 2 |' "$tmp/search.md"
  fi
else
  bad "bench search run failed: $(tail -c 400 "$tmp/search.err")"
fi

# A movetime run: no speedup (time is fixed), one variant, one count.
if timeout 120 "$bin" bench search --smp lazy --threads 2 --movetime 20 --epd "$tmp/three.epd" --runs 1 --hash 8 \
    >"$tmp/mt.out" 2>"$tmp/mt.err"; then
  check "bench search --movetime: speedup and its interval shown as -" grep -Eq '^lazy +2 +- +- +- ' "$tmp/mt.out"
else
  bad "bench search --movetime failed: $(tail -c 400 "$tmp/mt.err")"
fi

# --- the other benchmarks are unchanged
expect_error 2 "unknown benchmark 'nosuch'" bench nosuch
check "bench --help lists bench search" sh -c "\"$bin\" bench --help | grep -q 'chesslab bench search'"

# --- match: bad input
expect_error 2 "--games '0' is not an integer" match --games 0
expect_error 2 "--tc 'abc' is not MS\+INC" match --tc abc
expect_error 2 "--tc '100\+' is not MS\+INC" match --tc 100+
expect_error 2 "--tc '0\+5' is not MS\+INC" match --tc 0+5
expect_error 2 "--concurrency '0' is not an integer" match --concurrency 0
expect_error 2 "--engine-a: '=3': an option needs a name" match --engine-a "=3"
expect_error 2 "--engine-b: option 'Threads' has an empty value" match --engine-b "Threads="
expect_error 2 "--path-b: cannot run '/nonexistent'" match --path-b /nonexistent
expect_error 2 "--openings: cannot open '/nonexistent.epd'" match --openings /nonexistent.epd
expect_error 2 "--pgn: cannot write" match --pgn /nonexistent/dir/x.pgn
expect_error 2 "unknown option '--rounds'" match --rounds 3
expect_error 2 "engine A \(chesslab.*\) has no option 'Bogus'" match --engine-a "Bogus=1" --games 1
expect_error 2 "engine B: option Threads '0' is not an integer in 1\.\.256" match --engine-b "Threads=0" --games 1
expect_error 2 "engine A: option SMP is one of .*, not 'fast'" match --engine-a "SMP=fast" --games 1
expect_error 2 "engine A refused its options: error: EvalFile /nonexistent.nnue: cannot open" \
  match --engine-a "EvalFile=/nonexistent.nnue" --games 1
expect_error 2 "--sprt 'elo0=5,elo1=0': elo0 must be below elo1" match --sprt elo0=5,elo1=0
expect_error 2 "--sprt 'elo1=5': elo0 and elo1 are required" match --sprt elo1=5
expect_error 2 "--sprt 'elo0=0,elo1=5,alpha=1': alpha must lie strictly between 0 and 0.5" match --sprt elo0=0,elo1=5,alpha=1
expect_error 2 "--sprt 'elo0=0,elo1=5,x=1': unknown field 'x'" match --sprt elo0=0,elo1=5,x=1
expect_error 2 "--sprt counts game pairs: --games must be at least 2" match --sprt elo0=0,elo1=5 --games 1
expect_error 2 "--seed '-1' is not an integer" match --seed -1
printf '1. e4 e5 2. Ke3 *\n' >"$tmp/bad.pgn"
expect_error 2 "--openings: .*bad.pgn:1: game 1" match --openings "$tmp/bad.pgn"

# --- match: two games, an SMP variant against serial, fast clock and depth limit
if timeout 300 "$bin" match --engine-a "SMP=lazy,Threads=2" --engine-b "SMP=serial,Threads=1" --games 2 --tc 300+5 \
    --depth 3 --hash 8 --pgn "$tmp/match.pgn" --out "$tmp/match.json" >"$tmp/match.out" 2>"$tmp/match.err"; then
  ok
  check "match: score line" grep -Eq '^score of A: W-D-L [0-2]-[0-2]-[0-2], [0-9.]+/2 = ' "$tmp/match.out"
  check "match: Elo line" grep -q '^Elo difference A - B: ' "$tmp/match.out"
  check "match: progress per game" test "$(grep -c '^game [12]/2 ' "$tmp/match.err")" -eq 2
  "$bin" game --pgn "$tmp/match.pgn" >"$tmp/pgn.out" 2>"$tmp/pgn.err"
  check "match: PGN read back by chesslab game" grep -q '^2 games: 2 read, 0 with errors' "$tmp/pgn.out"
  check "match: colours swapped" grep -Eq '^game 2 .*SMP=serial,Threads=1\) - chesslab.*SMP=lazy,Threads=2\)' "$tmp/pgn.out"
  check "match: PGN headers" grep -q '^\[TimeControl "0.3+0.005"\]' "$tmp/match.pgn"
  check "match: JSON" /usr/bin/python3 - "$tmp/match.json" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["schema"] == "chesslab-match/1"
assert len(doc["games"]) == 2 and doc["games"][0]["white"] == "A" and doc["games"][1]["white"] == "B"
s = doc["score"]
assert s["games"] == 2 and s["wins"] + s["draws"] + s["losses"] == 2
assert doc["error"] is None
EOF
else
  bad "match failed: $(tail -c 600 "$tmp/match.err")"
fi

# --- match: two games at once, each by its own pair of engines
if timeout 300 "$bin" match --engine-a "SMP=abdada,Threads=2" --games 4 --concurrency 2 --tc 1000+10 --depth 2 \
    --hash 8 --pgn "$tmp/conc.pgn" >"$tmp/conc.out" 2>"$tmp/conc.err"; then
  check "concurrency 2: all games played" grep -q '^4 of 4 games' "$tmp/conc.out"
  "$bin" game --pgn "$tmp/conc.pgn" >"$tmp/conc_pgn.out" 2>&1
  check "concurrency 2: PGN of 4 games" grep -q '^4 games: 4 read, 0 with errors' "$tmp/conc_pgn.out"
else
  bad "match --concurrency 2 failed: $(tail -c 400 "$tmp/conc.err")"
fi

# --- match: fake engines. They answer the handshake and then misbehave.
# Each outcome follows from what the fake does, not from how fast: chesslab
# (depth 2, a few ms a move) gets clocks it cannot overrun on a loaded
# machine, and the slow fake answers only when told to stop, so it loses on
# time however late the match's stop comes (3 s before `hung`).
fake() { # fake NAME GO-ACTION [STOP-ACTION]: a UCI engine in sh
  cat >"$tmp/$1" <<EOF
#!/bin/sh
while read -r line; do
  case "\$line" in
    uci) echo "id name fake-$1"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) $2 ;;
    stop) ${3:-:} ;;
    quit) exit 0 ;;
  esac
done
EOF
  chmod +x "$tmp/$1"
}
fake illegal 'echo "bestmove a1a1"'
fake slow ':' 'echo "bestmove 0000"'
fake crash 'exit 3'
fake hang ':'

if timeout 120 "$bin" match --path-b "$tmp/illegal" --games 2 --tc 10000+10 --depth 2 --hash 8 >"$tmp/il.out" 2>"$tmp/il.err"; then
  check "illegal moves lose" grep -q '^score of A: W-D-L 2-0-0' "$tmp/il.out"
  check "illegal moves counted" grep -q 'illegal moves: A 0, B 2' "$tmp/il.out"
  check "illegal move named" grep -q 'a1a1 is not a legal move' "$tmp/il.err"
else
  bad "match against an engine playing illegal moves failed: $(tail -c 400 "$tmp/il.err")"
fi
if timeout 120 "$bin" match --path-b "$tmp/slow" --games 2 --tc 1000+0 --time-margin 50 --depth 2 --hash 8 >"$tmp/sl.out" 2>"$tmp/sl.err"; then
  check "slow engine loses on time" grep -q 'losses on time: A 0, B 2' "$tmp/sl.out"
  # B's clock ran out on its first move in both games: nothing left at the end.
  check "clock use of the slow engine" grep -Eq '^clock use: A [0-9]+ ms a move, .*; B [0-9]+ ms a move, -?0\.[0-9] s left' "$tmp/sl.out"
else
  bad "match against a slow engine failed: $(tail -c 400 "$tmp/sl.err")"
fi
# --- match: SPRT. A beats the illegal-move fake in every game, so every
# pair is 2-0 and, with bounds [0, 400] nElo, the LLR passes 2.94 at the
# 10th pair (by the formula in play/sprt.h, recomputed here): the match
# stops there, well before its 100 games.
book=$(dirname "$0")/../openings/book-8ply.epd
if timeout 300 "$bin" match --path-b "$tmp/illegal" --games 100 --tc 10000+10 --depth 1 --hash 8 \
    --sprt elo0=0,elo1=400 --openings "$book" --out "$tmp/sprt.json" >"$tmp/sprt.out" 2>"$tmp/sprt.err"; then
  check "SPRT: stops at the 10th pair" grep -q '^20 of 100 games' "$tmp/sprt.out"
  check "SPRT: H1 accepted" grep -q '^SPRT nElo \[0, 400\], alpha 0.05, beta 0.05: LLR [0-9.]* (-2.94, 2.94): H1 accepted' "$tmp/sprt.out"
  check "SPRT: a line per pair" test "$(grep -c '^SPRT nElo \[0, 400\]: LLR' "$tmp/sprt.err")" -eq 10
  check "SPRT: JSON" /usr/bin/python3 - "$tmp/sprt.json" <<'EOF'
import json, math, sys
doc = json.load(open(sys.argv[1]))
assert doc["pairs"]["pentanomial"] == [0, 0, 0, 0, 10], doc["pairs"]
s = doc["sprt"]
assert s["verdict"] == "H1" and s["elo0"] == 0 and s["elo1"] == 400, s
assert s["decided_at_pairs"] == 10 and s["decided_llr"] >= s["upper"], s
# The LLR from the counts, as play/sprt.h defines it.
c = [x + 0.01 for x in doc["pairs"]["pentanomial"]]
n = sum(c)
mean = sum(ci * i / 4 for i, ci in enumerate(c)) / n
var = sum(ci * (i / 4 - mean) ** 2 for i, ci in enumerate(c)) / n
t = (mean - 0.5) / math.sqrt(2 * var)
t1 = 400 / (800 / math.log(10))
llr = n * math.log((1 + t * t) / (1 + (t - t1) ** 2))
assert abs(s["llr"] - llr) < 1e-3 and s["llr"] >= s["upper"], (s, llr)
assert doc["games_per_minute"] > 0 and doc["method"]["seed"] == 1
EOF
else
  bad "match --sprt failed: $(tail -c 400 "$tmp/sprt.err")"
fi
# Continuing an SPRT: 8 pairs of an earlier run given with --sprt-prior,
# so the 10 pairs that decide are reached at this run's 2nd pair.
if timeout 300 "$bin" match --path-b "$tmp/illegal" --games 100 --tc 10000+10 --depth 1 --hash 8 --seed 2 \
    --sprt elo0=0,elo1=400 --sprt-prior 0,0,0,0,8 --openings "$book" --out "$tmp/prior.json" >"$tmp/prior.out" 2>"$tmp/prior.err"; then
  check "SPRT prior: stops at the 2nd pair" grep -q '^4 of 100 games' "$tmp/prior.out"
  check "SPRT prior: combined counts" grep -q '^with the 8 pairs of --sprt-prior \[0, 0, 0, 0, 8\]: 10 pairs' "$tmp/prior.out"
  check "SPRT prior: H1 accepted" grep -q 'H1 accepted' "$tmp/prior.out"
  check "SPRT prior: JSON" /usr/bin/python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["pairs"]["pentanomial"] == [0, 0, 0, 0, 2], doc["pairs"]
assert doc["sprt"]["prior_pentanomial"] == [0, 0, 0, 0, 8] and doc["sprt"]["verdict"] == "H1", doc["sprt"]' "$tmp/prior.json"
else
  bad "match --sprt-prior failed: $(tail -c 400 "$tmp/prior.err")"
fi
expect_error 2 "--sprt-prior continues an SPRT: give --sprt too" match --sprt-prior 1,2,3,4,5
expect_error 2 "--sprt-prior '1,2,3': expected five counts of pairs" match --sprt elo0=0,elo1=5 --sprt-prior 1,2,3
expect_error 2 "--sprt-prior: those pairs already decide the test" match --sprt elo0=0,elo1=10 --sprt-prior 0,0,100,500,900

# --- match: openings in a seeded order, each once before any repeats; PGN
# games as openings (all their moves, and a FEN start).
openings_of() { # openings_of SEED: the openings of 6 games, one a line
  timeout 120 "$bin" match --path-b "$tmp/illegal" --games 6 --tc 10000+10 --depth 1 --hash 8 --seed "$1" \
    --openings "$book" --out "$tmp/seed$1.json" >/dev/null 2>&1 &&
    /usr/bin/python3 -c 'import json, sys; print("\n".join(g["opening"] for g in json.load(open(sys.argv[1]))["games"]))' "$tmp/seed$1.json"
}
o7=$(openings_of 7)
check "seed: the same order twice" test "$o7" = "$(openings_of 7)"
check "seed: another seed, another order" test "$o7" != "$(openings_of 8)"
check "seed: pairs share an opening, 3 distinct" test "$(sort -u <<<"$o7" | wc -l)" -eq 3 -a "$(uniq <<<"$o7" | wc -l)" -eq 3
cat >"$tmp/open.pgn" <<'EOF'
[Event "one"]
[Opening "Ruy Lopez"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 *

[Event "two"]
[SetUp "1"]
[FEN "4k3/pppp4/8/8/8/8/PPPP4/4K2R w K - 0 1"]

1. O-O *
EOF
if timeout 120 "$bin" match --path-b "$tmp/illegal" --games 4 --tc 10000+10 --depth 1 --hash 8 \
    --openings "$tmp/open.pgn" --pgn "$tmp/open_games.pgn" --out "$tmp/open.json" >"$tmp/open.out" 2>"$tmp/open.err"; then
  check "PGN openings: both played" /usr/bin/python3 -c 'import json, sys
names = sorted(g["opening"] for g in json.load(open(sys.argv[1]))["games"])
assert names == sorted(["Ruy Lopez", "Ruy Lopez", sys.argv[2] + ":2", sys.argv[2] + ":2"]), names' "$tmp/open.json" "$tmp/open.pgn"
  check "PGN openings: the moves are played first" grep -q '^1\. e4 e5 2\. Nf3 Nc6 3\. Bb5 ' "$tmp/open_games.pgn"
  check "PGN openings: a FEN start" grep -q '^\[FEN "4k3/pppp4/8/8/8/8/PPPP4/4K2R w K - 0 1"\]' "$tmp/open_games.pgn"
else
  bad "match --openings PGN failed: $(tail -c 400 "$tmp/open.err")"
fi

timeout 120 "$bin" match --path-b "$tmp/crash" --games 2 --tc 1000+10 --depth 2 --hash 8 >"$tmp/cr.out" 2>"$tmp/cr.err"
rc=$?
check "crashing engine: exit 1 (got $rc)" test "$rc" -eq 1
check "crashing engine: reported" grep -q 'engine B (black) ended (crashed?)' "$tmp/cr.err"
timeout 120 "$bin" match --path-a "$tmp/hang" --games 2 --tc 300+0 --depth 2 --hash 8 >"$tmp/hg.out" 2>"$tmp/hg.err"
rc=$?
check "hanging engine: exit 1 (got $rc)" test "$rc" -eq 1
check "hanging engine: reported" grep -q 'engine A (white) hung' "$tmp/hg.err"

finish search_smp_cli
