#!/usr/bin/env bash
# The search from the command line: `chesslab search` (text, JSON,
# determinism, bad input), the win/draw/loss model of each evaluation
# (`chesslab tune --wdl --eval`), the `chesslab bench` signature (layout,
# determinism, the 60-second promise) and the tactical suite at a fixed node
# count with a solved-count floor that a broken search cannot reach.
# Usage: search_test.sh CHESSLAB_BINARY DATA_DIR [full|quick]
#   quick (sanitizer builds): the full-depth bench is skipped.
set -u
bin=$1
data=$2
mode=${3:-full}
source "$(dirname "$0")/cli_lib.sh"

kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'

# --- bad input
expect_error 2 "a limit is required" search
expect_error 2 "unknown option '--bogus'" search --depth 3 --bogus
expect_error 2 "--depth '0' is not an integer in 1..100" search --depth 0
expect_error 2 "--depth 'x' is not an integer" search --depth x
expect_error 2 "--nodes must be at least 1" search --nodes 0
expect_error 2 "--fen: FEN field 1" search --depth 2 --fen "8/8/8 w - - 0 1"
expect_error 2 "--moves: move 2 'e2e4' is not a legal move" search --depth 2 --moves e2e4 e2e4
expect_error 2 "--off: 'magic' is not null, lmr, futility or aspiration" search --depth 2 --off null,magic
expect_error 2 "--captures 'random' is not SEE or MVV-LVA" search --depth 2 --captures random
expect_error 2 "--smp 'quantum' is not serial, lazy, ybwc or abdada" search --depth 2 --smp quantum
expect_error 2 "--threads '0' is not an integer in 1..256" search --depth 2 --threads 0
expect_error 2 "--threads '257' is not an integer in 1..256" search --depth 2 --threads 257
expect_error 2 "--bind 'everywhere' is not compact, scatter or none" search --depth 2 --bind everywhere
expect_error 2 "--min-split-depth '0' is not an integer in 1..32" search --depth 2 --min-split-depth 0
expect_error 2 "--split-threads '1' is not an integer in 2..256" search --depth 2 --split-threads 1
expect_error 2 "--multipv '0' is not an integer in 1..256" search --depth 2 --multipv 0
expect_error 2 "--multipv '257' is not an integer in 1..256" search --depth 2 --multipv 257
expect_error 2 "unknown option '--bogus'" bench --bogus
expect_error 2 "--depth '31' is not an integer in 1..30" bench --depth 31
expect_error 2 "unknown benchmark 'nosuch'" bench nosuch
expect_error 2 "unknown option '--bogus'" bench tactics --bogus
expect_error 2 "--epd: cannot open '/nonexistent.epd'" bench tactics --epd /nonexistent.epd
expect_error 2 "unexpected argument 'now'" uci now

# --- search: text and JSON, legal move, determinism
if "$bin" search --fen "$kiwipete" --depth 7 >"$tmp/a" && "$bin" search --fen "$kiwipete" --depth 7 >"$tmp/b" &&
  grep -Eq '^bestmove  [a-h][1-8][a-h][1-8]' "$tmp/a" && grep -Eq '^nodes     [0-9]+' "$tmp/a" &&
  grep -Eq '^pv        [a-h][1-8][a-h][1-8][nbrq]?( [a-h][1-8][a-h][1-8][nbrq]?)*$' "$tmp/a"; then ok; else bad "search text output: $(cat "$tmp/a")"; fi
if diff <(grep -E '^(bestmove|nodes|score|pv)' "$tmp/a") <(grep -E '^(bestmove|nodes|score|pv)' "$tmp/b") >/dev/null; then
  ok
else
  bad "repeated depth-7 searches differ: $(cat "$tmp/a" "$tmp/b")"
fi
best=$(awk '/^bestmove/ {print $2}' "$tmp/a")
if "$bin" perft --depth 1 --divide --fen "$kiwipete" | grep -q "^$best: "; then ok; else bad "bestmove $best is not legal"; fi
if "$bin" search --moves e2e4 e7e5 --nodes 5000 --json >"$tmp/j" && /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["nodes"] == 5000, d
assert d["fen"].startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w"), d
assert len(d["bestmove"]) in (4, 5) and d["pv"][0] == d["bestmove"], d
assert "cp" in d["score"] or "mate" in d["score"], d
' "$tmp/j"; then ok; else bad "search --json: $(cat "$tmp/j")"; fi
if "$bin" search --fen "7k/8/6K1/8/8/8/8/R7 w - - 0 1" --depth 4 --json | grep -q '"bestmove": "a1a8", "ponder": "", "score": {"mate": 1}'; then
  ok
else
  bad "mate in 1 via search --json"
fi
# --multipv: the JSON for one line has no "lines"; with 3, three distinct
# legal moves numbered 1..3, scores non-increasing, bestmove line 1's move;
# never more lines than legal moves (two here).
if "$bin" search --depth 5 --json >"$tmp/m1" && ! grep -q '"lines"' "$tmp/m1" &&
  "$bin" search --fen "$kiwipete" --depth 5 --multipv 3 --json >"$tmp/m3" &&
  "$bin" search --fen "k7/8/8/8/8/8/r7/6K1 w - - 0 1" --depth 5 --multipv 5 --json >"$tmp/m5" &&
  "$bin" perft --depth 1 --divide --fen "$kiwipete" >"$tmp/legal" && /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
legal = {l.split(":")[0] for l in open(sys.argv[3]) if ": " in l}
rank = lambda s: s["cp"] if "cp" in s else (100000 - s["mate"] if s["mate"] > 0 else -100000 - s["mate"])
lines = d["lines"]
assert [l["multipv"] for l in lines] == [1, 2, 3], lines
assert len({l["pv"][0] for l in lines}) == 3 and {l["pv"][0] for l in lines} <= legal, lines
assert [rank(l["score"]) for l in lines] == sorted((rank(l["score"]) for l in lines), reverse=True), lines
assert lines[0]["pv"][0] == d["bestmove"] and lines[0]["score"] == d["score"], d
assert all(l["depth"] == 5 for l in lines), lines
two = json.load(open(sys.argv[2]))["lines"]
assert sorted(l["pv"][0] for l in two) == ["g1f1", "g1h1"], two
' "$tmp/m3" "$tmp/m5" "$tmp/legal"; then ok; else bad "search --multipv: $(cat "$tmp/m1" "$tmp/m3" "$tmp/m5")"; fi
if "$bin" search --depth 4 --multipv 2 >"$tmp/mt" && [ "$(grep -Ec '^line [12] ' "$tmp/mt")" -eq 2 ] &&
  ! "$bin" search --depth 4 | grep -q '^line '; then ok; else bad "search --multipv 2 text: $(cat "$tmp/mt")"; fi
# At least half the movetime (the plan's floor; delays only add), and the
# search ends by the clock rather than running on: the bound above is a
# sanity bound (20 s, as TEST_SANITY_MS), since a loaded machine can stop
# a second and more late (1718 ms seen). How late a stop is is measured by
# `chesslab bench stop`, not asserted here.
if "$bin" search --movetime 200 --info >"$tmp/out" 2>"$tmp/err" && grep -q '^depth ' "$tmp/err" &&
  ms=$(awk '/^time/ {print $2}' "$tmp/out") && [ "$ms" -ge 100 ] && [ "$ms" -le 20000 ]; then ok; else
  bad "search --movetime 200: $(cat "$tmp/out")"; fi
if "$bin" search --depth 6 --off null,lmr,futility,aspiration --captures mvv-lva | grep -q '^bestmove  '; then
  ok
else
  bad "search with every switch off"
fi

# --- parallel search: every variant with 2 and 3 threads gives a legal move,
# names the variant and where each thread ran; the JSON node total is the
# sum of the threads' nodes. One thread of any variant is the serial search.
for smp in serial lazy ybwc abdada; do
  for threads in 2 3; do
    if "$bin" search --fen "$kiwipete" --depth 6 --smp $smp --threads $threads >"$tmp/p" 2>"$tmp/pe" &&
      grep -Eq "^smp       $smp, ([0-9]+) threads?, bind (compact|none)" "$tmp/p" &&
      grep -Eq '^thread 0  ' "$tmp/p"; then
      best=$(awk '/^bestmove/ {print $2}' "$tmp/p")
      if "$bin" perft --depth 1 --divide --fen "$kiwipete" | grep -q "^$best: "; then ok; else bad "--smp $smp --threads $threads: bestmove $best is not legal"; fi
    else
      bad "search --smp $smp --threads $threads: $(cat "$tmp/p" "$tmp/pe")"
    fi
  done
  if "$bin" search --fen "$kiwipete" --depth 6 --smp $smp --threads 3 --json >"$tmp/pj" && /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["smp"] == sys.argv[2], d
assert d["threads"] == (1 if sys.argv[2] == "serial" else 3), d
assert sum(t["nodes"] for t in d["thread_stats"]) == d["nodes"], d
assert all(t["where"] for t in d["thread_stats"]), d
' "$tmp/pj" $smp; then ok; else bad "search --smp $smp --threads 3 --json: $(cat "$tmp/pj")"; fi
  if diff <(grep -E '^(bestmove|nodes|score|pv)' "$tmp/a") \
    <("$bin" search --fen "$kiwipete" --depth 7 --smp $smp --threads 1 | grep -E '^(bestmove|nodes|score|pv)') >/dev/null; then
    ok
  else
    bad "--smp $smp --threads 1 differs from the serial search"
  fi
done

# --- the win/draw/loss model that UCI_ShowWDL shows, one per evaluation:
# tune --wdl --eval picks whose scores it is fitted to and which model it
# writes; Texel's method has weights for the linear evaluation only.
pgn="$(dirname "$0")/data/selfplay-24.pgn"
expect_error 2 "--eval nnue needs --wdl" tune --eval nnue --pgn "$pgn"
expect_error 2 "--eval 'bogus' is not linear or nnue" tune --wdl --eval bogus --pgn "$pgn"
expect_error 2 "--start sets the linear evaluation's weights" tune --wdl --eval nnue --start x.c --pgn "$pgn"
for eval in nnue linear; do
  if "$bin" tune --wdl --eval "$eval" --pgn "$pgn" --iterations 100 --out "$tmp/wdl.c" >"$tmp/wdl" 2>&1 &&
    grep -q "^wdl model: a = " "$tmp/wdl"; then ok; else bad "tune --wdl --eval $eval: $(tail -c 300 "$tmp/wdl")"; fi
  variable=$([ "$eval" = nnue ] && echo wdl_model_nnue || echo wdl_model)
  if grep -q "^const WdlModel $variable = { .a0 = " "$tmp/wdl.c" && grep -q -- "--eval $eval" "$tmp/wdl.c"; then ok; else
    bad "tune --wdl --eval $eval wrote no $variable: $(head -c 300 "$tmp/wdl.c")"; fi
done
# The default is the engine's evaluation, nnue.
if "$bin" tune --wdl --pgn "$pgn" --iterations 0 >"$tmp/wdl" 2>&1 && grep -q "^scores: the built-in network's" "$tmp/wdl"
then ok; else bad "tune --wdl does not score by the network: $(head -c 300 "$tmp/wdl")"; fi

# --- bench: the signature's layout, the same node count every run
"$bin" bench --depth 6 >"$tmp/b1" 2>"$tmp/e1"
"$bin" bench --depth 6 >"$tmp/b2" 2>"$tmp/e2"
if grep -Eq '^Nodes searched  : [0-9]+$' "$tmp/e1" && grep -Eq '^Nodes/second    : [0-9]+$' "$tmp/e1" &&
  grep -Eq '^Total time \(ms\) : [0-9]+$' "$tmp/e1" && [ "$(grep -c '^position' "$tmp/b1")" -eq 16 ]; then
  ok
else
  bad "bench layout: $(cat "$tmp/e1")"
fi
if [ "$(grep '^Nodes searched' "$tmp/e1")" = "$(grep '^Nodes searched' "$tmp/e2")" ]; then ok; else bad "bench is not deterministic"; fi
# The 60 s promise in CPU time (one thread), not on the wall clock, which
# other processes on a busy machine stretch at will.
if [ "$mode" = full ]; then
  TIMEFORMAT='%U %S'
  cpu=$({ time "$bin" bench >/dev/null 2>"$tmp/full"; } 2>&1)
  ms=$(awk '{printf "%d", ($1 + $2) * 1000}' <<<"$cpu")
  if grep -q '^Total time' "$tmp/full" && [ -n "$ms" ] && [ "$ms" -lt 60000 ]; then ok; else
    bad "bench takes ${ms:-?} ms of CPU (limit 60000): $(tail -c 300 "$tmp/full")"; fi
  echo "bench: $(grep -E '^(Nodes searched|Nodes/second|Total time)' "$tmp/full" | tr '\n' ' ')CPU ${ms} ms"
fi

# --- tactics: Win At Chess at 20000 nodes per position. The count is exact
# (node limits are deterministic); the floor leaves room for tuning but not
# for a broken search (no quiescence, wrong scores or ordering solve far
# fewer; this search solves about 240).
floor=225
if "$bin" bench tactics --epd "$data/wac.epd" --nodes 20000 --quiet >"$tmp/t" 2>"$tmp/te"; then
  solved=$(awk '/^solved/ {print $2}' "$tmp/t")
  if [ -n "$solved" ] && [ "$solved" -ge "$floor" ]; then ok; else bad "WAC at 20000 nodes: $(cat "$tmp/t") (floor $floor)"; fi
  echo "tactics: $(cat "$tmp/t")"
else
  bad "bench tactics failed: $(cat "$tmp/t" "$tmp/te")"
fi

finish search
