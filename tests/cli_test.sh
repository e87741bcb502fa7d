#!/usr/bin/env bash
# Command-line behaviour of chesslab: output layouts, and every class of bad
# input answered by a one-line error on stderr and a non-zero exit (never a
# crash). Usage: cli_test.sh CHESSLAB_BINARY DATA_DIR
set -u
bin=$1
data=$2
source "$(dirname "$0")/cli_lib.sh"

# expect_output REGEX ARGS...: exit 0 (within the hang guard) and stdout
# matching REGEX (grep -E, whole output).
expect_output() {
  local regex=$1
  shift
  timeout "$hang_guard" "$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  if [ "$got" -ne 0 ]; then
    bad "chesslab $* exited $got; stderr: $(head -c 300 "$tmp/err")"
  elif ! grep -Eq -- "$regex" "$tmp/out"; then
    bad "chesslab $*: stdout does not match /$regex/: $(head -c 300 "$tmp/out")"
  else
    ok
  fi
}

start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

# --- bad input: options and numbers
expect_error 2 "unknown command 'frobnicate'" frobnicate
expect_error 2 "unknown option '--bogus'" perft --depth 1 --bogus
expect_error 2 "--depth '21' is not an integer in 0..20" perft --depth 21
expect_error 2 "--depth '-1' is not an integer in 0..20" perft --depth -1
expect_error 2 "--depth 'x' is not an integer" perft --depth x
expect_error 2 "option --depth needs a value" perft --depth
expect_error 2 "--depth N is required" perft
expect_error 2 "unknown generator 'nosuch'" perft --depth 1 --gen nosuch
expect_error 2 "--mode 'fast' is not bulk or full" perft --depth 1 --mode fast
expect_error 2 "--fen and --epd exclude each other" perft --depth 1 --fen "$start" --epd x.epd
expect_error 2 "unknown option '--x'" gens --x
expect_error 2 "unknown option '--fast'" compare --fast
expect_error 2 "--runs '0' is not an integer" compare --runs 0
expect_error 2 "unknown generator 'nosuch'" compare --gens mailbox,nosuch
expect_error 2 "unknown position 'nope'" compare --positions nope
expect_error 2 "no published count for position5 at depth 6" compare --positions position5:6
expect_error 2 "DEPTH '8' is not an integer in 1..7" compare --positions start:8
expect_error 2 "--positions and --standard exclude each other" bench movegen --positions x.epd --standard start

expect_error 2 "unknown option '--bogus'" bench --bogus
expect_error 2 "unknown benchmark 'nosuch'" bench nosuch
expect_error 2 "--modes: 'fast' is not bulk, full or hash" bench movegen --modes bulk,fast
expect_error 2 "--threads '0' is not an integer in 1..1024" bench movegen --threads 1,0
expect_error 2 "--runs '26' is not an integer in 1..25" bench movegen --runs 26
expect_error 2 "--peer 'crafty': only stockfish is supported" bench movegen --peer crafty
expect_error 1 "stockfish not found at /nonexistent" bench movegen --peer stockfish --peer-path /nonexistent
# A bad --out is refused before the first case (no table on stdout).
expect_error 2 "--out: cannot write '/nonexistent/dir/b.json': No such file" bench movegen --out /nonexistent/dir/b.json
if [ ! -s "$tmp/out" ]; then ok; else bad "bench movegen with a bad --out ran: $(head -c 300 "$tmp/out")"; fi
expect_error 2 "--out: cannot write '$tmp': it is a directory" bench movegen --out "$tmp"
expect_error 2 "--bind 'wide' is not compact, scatter or none" perft --depth 1 --bind wide
expect_error 2 "--threads '0' is not an integer in 1..1024" perft --depth 1 --threads 0
expect_error 2 "--hash 'lots' is not an integer" perft --depth 1 --hash lots
expect_error 2 "--split-depth 4 is deeper than --depth 3" perft --mpi --depth 3 --split-depth 4
expect_error 2 "unknown option '--divide' with --mpi" perft --mpi --depth 3 --divide
expect_error 2 "unknown option '--svg'" topology --svg

# --- bad input: FEN fields (one per class; the unit test covers every message)
expect_error 2 "field 1 \(placement\): 7 ranks" perft --depth 1 --fen "8/8/8/8/8/8/K6k w - - 0 1"
expect_error 2 "rank 8 has 9 squares|more than 8 squares" perft --depth 1 --fen "9/8/8/8/8/8/8/K6k w - - 0 1"
expect_error 2 "unknown piece letter 'Z'" perft --depth 1 --fen "Z7/8/8/8/8/8/8/K6k w - - 0 1"
expect_error 2 "2 white kings" perft --depth 1 --fen "K7/8/8/8/8/8/8/K6k w - - 0 1"
expect_error 2 "pawn on a1" perft --depth 1 --fen "4k3/8/8/8/8/8/8/P3K3 w - - 0 1"
expect_error 2 "side not to move \(Black\) is in check" perft --depth 1 --fen "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"
expect_error 2 "side not to move \(White\) is in check" perft --depth 1 --fen "4k3/8/8/8/8/8/8/r3K3 b - - 0 1"
expect_error 2 "right 'K' needs the king on e1 and a rook on h1" perft --depth 1 --fen "4k3/8/8/8/8/8/8/4K3 w K - 0 1"
expect_error 2 "en passant\): e6 needs a black pawn" perft --depth 1 --fen "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"
expect_error 2 "field 2 \(side to move\)" perft --depth 1 --fen "4k3/8/8/8/8/8/8/4K3 white - - 0 1"
expect_error 2 "field 5 \(halfmove clock\)" perft --depth 1 --fen "4k3/8/8/8/8/8/8/4K3 w - - x 1"
expect_error 2 "field 6 \(fullmove number\)" perft --depth 1 --fen "4k3/8/8/8/8/8/8/4K3 w - - 0 0"
expect_error 2 "FEN: 1 fields, expected 6" perftree 1 "bad"
expect_error 2 "empty-square count 0" perftree 1 "8/8/8/8/8/8/8/K6k0 w - - 0 1"

# --- bad input: moves
expect_error 2 "move 1 'e2e5' is not a legal move" perft --depth 1 --moves e2e5
expect_error 2 "move 2 'e2e4' is not a legal move" perft --depth 1 --moves e2e4 e2e4
expect_error 2 "move 1 'zz' is not a legal move" perft --depth 1 --moves zz
expect_error 2 "move 2 'e7e8' is not a legal move" perftree 1 "$start" "e2e4 e7e8"
expect_error 2 "expected DEPTH FEN" perftree 1
expect_error 2 "DEPTH '99' is not an integer in 0..20" perftree 99 "$start"

# --- bad input: EPD files (bad lines reported with file and line; the run goes on)
expect_error 2 "cannot open" perft --epd "$tmp/missing.epd"
printf '%s\n' "$start ;D1 20 ;D2 400" "not a fen ;D1 3" "$start ;D1 20 ;Dx 1" \
  "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ;D1 5 ;D2 25" >"$tmp/mixed.epd"
"$bin" perft --epd "$tmp/mixed.epd" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -eq 1 ] && grep -q "mixed.epd:2: " "$tmp/err" && grep -q "mixed.epd:3: bad depth" "$tmp/err" &&
  grep -q "^line 1: pass D1..D2" "$tmp/out" && grep -q "^line 4: pass D1..D2" "$tmp/out" &&
  grep -q "4 lines: 2 passed, 0 failed, 0 skipped, 2 unreadable" "$tmp/out"; then ok; else
  bad "mixed EPD: status $status, out: $(cat "$tmp/out"), err: $(cat "$tmp/err")"; fi
printf '%s\n' "$start ;D1 20 ;D2 401" >"$tmp/wrong.epd"
"$bin" perft --epd "$tmp/wrong.epd" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -eq 1 ] && grep -q "line 1: FAIL D2: expected 401, got 400" "$tmp/out"; then ok; else
  bad "wrong EPD count: status $status, out: $(cat "$tmp/out")"; fi

# --- output layouts
expect_output "^e2e4: 600$" perft --depth 3 --divide
expect_output "^Nodes searched: 8902$" perft --depth 3 --divide
expect_output "mode full" perft --depth 2 --divide --mode full
expect_output "^mode +full$" perft --depth 2 --mode full
expect_output "^nodes +8902$" perft --depth 3
expect_output "^nodes +1$" perft --depth 0
expect_output "^a7a8n: 1$" perft --depth 1 --divide --fen "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
expect_output "^nodes +600$" perft --depth 2 --moves e2e4 --fen "$start"

expect_output "^mailbox +kiwipete +3 +97862 .* ok$" compare --gens mailbox --positions kiwipete:3,start:2 --runs 1 --mode full

expect_output "^nodes +197281$" perft --depth 4 --threads 3 --hash 1 --bind scatter
expect_output "^thread 2 " perft --depth 4 --threads 3 --bind compact
expect_output "processing units" topology
# --out replaces an earlier file once the run is complete (below), and
# not before: a run killed part way leaves the earlier file as it was, and
# the temporary file it was writing (FILE.PID.tmp).
echo '{"earlier": true}' >"$tmp/bench.json"
"$bin" bench movegen --gens mailbox --standard start:1,kiwipete:5 --runs 1 --modes bulk --threads 1 \
  --out "$tmp/bench.json" >"$tmp/killed.out" 2>&1 </dev/null &
pid=$!
for _ in $(seq 600); do grep -q ' ok$' "$tmp/killed.out" && break; sleep 0.1; done
kill -KILL "$pid"
wait "$pid" 2>/dev/null
if grep -q ' ok$' "$tmp/killed.out" && [ "$(cat "$tmp/bench.json")" = '{"earlier": true}' ] &&
  [ -s "$tmp/bench.json.$pid.tmp" ]; then ok; else
  bad "bench movegen killed part way: $(cat "$tmp/bench.json") $(head -c 300 "$tmp/killed.out")"; fi
rm -f "$tmp/bench.json.$pid.tmp"
"$bin" bench movegen --gens mailbox --depth 3 --runs 1 --modes bulk,hash --threads 1,2 --out "$tmp/bench.json" >"$tmp/out" 2>"$tmp/err"
if [ $? -eq 0 ] && /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema"] == "chesslab-bench-movegen/1"
assert len(d["results"]) == 6 * 2 * 2, len(d["results"])
assert all(r["correct"] and r["nodes"] == r["expected"] for r in d["results"])
assert d["machine"]["cpu_model"] and d["build"]["commit"] and d["method"]["runs"] == 1
' "$tmp/bench.json" && [ -z "$(ls "$tmp" | grep '\.tmp$')" ]; then ok; else
  bad "bench movegen JSON: $(cat "$tmp/err") $(head -c 500 "$tmp/bench.json") $(ls "$tmp")"; fi

# perftree: exactly `move count` lines, a blank line, the total; nothing else.
"$bin" perftree 3 "$start" >"$tmp/out" 2>"$tmp/err"
if [ "$(wc -l <"$tmp/out")" -eq 22 ] && [ "$(tail -n 1 "$tmp/out")" = 8902 ] &&
  [ -z "$(sed -n 21p "$tmp/out")" ] && grep -q '^e2e4 600$' "$tmp/out" &&
  [ "$(head -n 20 "$tmp/out" | grep -Ecv '^[a-h][1-8][a-h][1-8][nbrq]? [0-9]+$')" -eq 0 ]; then ok; else
  bad "perftree layout: $(cat "$tmp/out")"; fi
"$bin" perftree 2 "$start" "e2e4" >"$tmp/out" 2>"$tmp/err"
if [ "$(tail -n 1 "$tmp/out")" = 600 ]; then ok; else bad "perftree with moves: $(tail -n 1 "$tmp/out")"; fi

# --- verify: bad input, then a clean seeded cross-check of every generator
expect_error 2 "--depth '9' is not an integer in 1..8" verify --depth 9
expect_error 2 "need at least two generators" verify --gens mailbox
expect_error 2 "unknown option '--fast'" verify --fast
expect_error 2 "cannot open" verify --epd "$tmp/missing.epd"
if [ "$("$bin" gens | awk '$2 == "yes"' | wc -l)" -ge 2 ]; then
  expect_output "^clean: 477 positions" verify --random 300 --seed 7 --depth 3
fi

# --- game: bad input (one line on stderr, exit 2; a broken PGN game exits 1)
here=$(cd "$(dirname "$0")" && pwd)
expect_error 2 "unknown option '--bogus'" game --bogus
expect_error 2 "unknown generator 'nosuch'" game --gen nosuch
expect_error 2 "option --pgn needs a value" game --pgn
expect_error 2 "--moves, --san and --pgn exclude each other" game --moves e2e4 --san e4
expect_error 2 "--fen and --pgn exclude each other" game --fen "$start" --pgn "$here/data/games.pgn"
expect_error 2 "--fen: FEN field 1 \(placement\): 3 ranks" game --fen "8/8/8 w - - 0 1"
expect_error 2 "--san: move 5 \(3\. Nd2\): Nd2 is ambiguous: b1d2, f3d2" game --san d4 d5 Nf3 Nf6 Nd2
expect_error 2 "--san: move 1 \(1\. Ke2\): Ke2 is illegal: e2 holds a white pawn" game --san Ke2
expect_error 2 "--san: move 2 \(1\.\.\. N@f6\): 'N@f6' is not SAN" game --san e4 N@f6
expect_error 2 "--moves: move 2 \(1\.\.\. e2e4\): e2e4 is not a legal move" game --moves e2e4 e2e4
expect_error 2 "--moves: move 1 \(1\. zz\): 'zz' is not a UCI move" game --moves zz
expect_error 2 "move 5 \(3\. Nc3\): the game is already over \(checkmate\)" game --san f3 e5 g4 Qh4 Nc3
expect_error 2 "cannot open" game --pgn "$tmp/missing.pgn"
expect_error 1 "--pgn: cannot read '$tmp'" game --pgn "$tmp"
printf '%s\n' '[White "A"]' '1. e4 e5 1/2-1/2' '[White "B"]' '1. e4 e5 2. Ke3 *' '[White "C"]' '1. d4 *' >"$tmp/broken.pgn"
expect_error 1 "broken.pgn:4: game 2, ply 3 \(2\. Ke3\): Ke3 is illegal: no white king can reach e3" game --pgn "$tmp/broken.pgn"
if grep -q "^3 games: 2 read, 1 with errors$" "$tmp/out"; then ok; else bad "game --pgn summary: $(cat "$tmp/out")"; fi
printf '\000\001\377[[[ (((( {{ "\n%%\n]]] ))) $ 1-0 [x' >"$tmp/garbage.pgn"
"$bin" game --pgn "$tmp/garbage.pgn" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -eq 1 ] && grep -q "with errors" "$tmp/out"; then ok; else bad "game --pgn garbage: status $status"; fi

# --- game: output
expect_output "^7 +4\. Qxf7# +h5f7 +r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4 +checkmate$" \
  game --san e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7
expect_output "^result +1-0 \(checkmate\)$" game --san e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7
expect_output "^result +0-1 \(checkmate\)$" game --gen mailbox --moves f2f3 e7e5 g2g4 d8h4
expect_output "^result +1/2-1/2 \(dead position\)$" game --fen "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1" --san Kxd2
expect_output "^result +\* \(ongoing; draw claimable: threefold repetition\)$" game --san Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8
expect_output "^1 +80\. Ra7 .* ongoing; draw claimable: fifty-move rule$" game --fen "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80" --san Ra7
expect_output "^result +1/2-1/2 \(seventy-five-move rule\)$" game --fen "6k1/5ppp/8/8/8/8/8/R5K1 w - - 148 100" --san Ra7 Kf8
expect_output "^result +1-0 \(checkmate\)$" game --fen "6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 100" --san Ra8
"$bin" game --pgn "$here/data/games.pgn" >"$tmp/out" 2>"$tmp/err"
status=$?
if [ "$status" -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 3 ] && grep -q "^8 games: 5 read, 3 with errors$" "$tmp/out" &&
  grep -q "^game 6 (line 57): Ivo - Jan  1/2-1/2  8 plies  ongoing; draw claimable: threefold repetition$" "$tmp/out" &&
  grep -q "games.pgn:33: game 3, ply 5 (3. Nd2): Nd2 is ambiguous: b1d2, f3d2$" "$tmp/err"; then ok; else
  bad "game --pgn games.pgn: status $status, out: $(cat "$tmp/out"), err: $(cat "$tmp/err")"; fi
"$bin" game --san e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7 --json >"$tmp/game.json" 2>"$tmp/err" &&
  "$bin" game --pgn "$here/data/games.pgn" --json >"$tmp/pgn.json" 2>/dev/null
if /usr/bin/python3 -c '
import json, sys
g = json.load(open(sys.argv[1]))
assert g["result"] == "1-0" and g["termination"] == "checkmate", g
assert [p["san"] for p in g["plies"]] == ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
assert g["plies"][-1]["status"]["end"] == "checkmate" and g["plies"][-1]["uci"] == "h5f7"
p = json.load(open(sys.argv[2]))
assert p["read"] == 5 and p["errors"] == 3 and len(p["games"]) == 8, p
assert p["games"][2]["error"].endswith("Nd2 is ambiguous: b1d2, f3d2")
assert p["games"][5]["status"]["threefold"] is True
' "$tmp/game.json" "$tmp/pgn.json"; then ok; else bad "game --json: $(head -c 500 "$tmp/game.json") $(cat "$tmp/err")"; fi

# --- every generator on every suite line through the command (depth 2, quick)
while read -r gen; do
  for suite in perftsuite.epd cpw-perft.epd tricky-perft.epd; do
    if "$bin" perft --gen "$gen" --epd "$data/$suite" --depth 2 >"$tmp/out" 2>"$tmp/err"; then ok; else
      bad "perft --gen $gen --epd $suite: $(tail -n 3 "$tmp/out") $(cat "$tmp/err")"; fi
  done
done < <("$bin" gens | awk '$2 == "yes" {print $1}')

# --- inputs that are not text files, or say nothing (issue 14): refused
# up front (no hang on /dev/zero or a FIFO), never a "pass" of nothing
start_fen='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
mkfifo "$tmp/fifo"
for path in /dev/zero /dev/null "$tmp" "$tmp/fifo"; do
  expect_error 2 "cannot read '$path': it is a" perft --epd "$path"
  expect_error 2 "cannot read '$path': it is a" verify --epd "$path" --random 0
  expect_error 2 "cannot read '$path': it is a" bench tactics --epd "$path" --nodes 10
  expect_error 2 "cannot read '$path': it is a" bench movegen --positions "$path" --runs 1
  expect_error 2 "--epd: cannot read '$path': it is a" bench search --epd "$path" --depth 1
  expect_error 2 "--openings: cannot read '$path': it is a" match --openings "$path" --games 1
done
: >"$tmp/empty.epd"
expect_error 2 "no count checked \(no lines\)" perft --epd "$tmp/empty.epd"
expect_error 2 "no position read" verify --epd "$tmp/empty.epd" --random 0
expect_error 2 "no position searched" bench tactics --epd "$tmp/empty.epd" --nodes 10
expect_error 2 "--depth 0 with --epd checks no count" perft --epd "$data/cpw-perft.epd" --depth 0
# A line whose counts are all deeper than --depth checks nothing: "skipped", never "pass".
printf '%s\n' "$start_fen ;D3 8902" >"$tmp/deep.epd"
expect_error 2 "no count checked \(no published count at these depths\)" perft --epd "$tmp/deep.epd" --depth 2
if grep -q "^line 1: skipped, no count at D1..D2" "$tmp/out" && ! grep -q ": pass " "$tmp/out"; then ok; else
  bad "perft --epd deep.epd --depth 2: $(cat "$tmp/out")"; fi
printf '%s\n' "$start_fen ;D1 20" "$start_fen ;D3 8902" >"$tmp/deep2.epd"
expect_output "^2 lines: 1 passed, 0 failed, 1 skipped, 0 unreadable" perft --epd "$tmp/deep2.epd" --depth 2
# A NUL byte would cut the line to a shorter, valid one ("D1 20" alone).
printf '%s ;D1 20\0;D2 999\n' "$start_fen" >"$tmp/nul.epd"
# expect_lines STATUS REGEX ARGS...: like expect_error, more lines allowed.
expect_lines() {
  local want=$1 regex=$2
  shift 2
  timeout "$hang_guard" "$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  if [ "$got" -eq "$want" ] && grep -Eq -- "$regex" "$tmp/err"; then ok; else
    bad "chesslab $*: exit $got (expected $want), stderr $(head -c 300 "$tmp/err")"; fi
}
expect_lines 1 "nul.epd:1: NUL byte in the line" perft --epd "$tmp/nul.epd"
expect_lines 1 "nul.epd:1: NUL byte in the line" verify --epd "$tmp/nul.epd" --random 0
expect_lines 2 "nul.epd:1: NUL byte in the line" bench search --epd "$tmp/nul.epd" --depth 1
expect_lines 2 "nul.epd:1: NUL byte in the line" match --openings "$tmp/nul.epd" --games 1
# Over-long lines and endless bad lines: reported, then the reader gives up.
head -c 5000 /dev/zero | tr '\0' 'x' >"$tmp/long.epd"
expect_lines 1 "long.epd:1: line too long" perft --epd "$tmp/long.epd"
# ... and reading goes on after it: the next line is checked.
{ cat "$tmp/long.epd"; echo; echo "$start_fen ;D1 20"; } >"$tmp/long2.epd"
expect_lines 1 "long2.epd:1: line too long" perft --epd "$tmp/long2.epd"
if grep -q "^2 lines: 1 passed, 0 failed, 0 skipped, 1 unreadable" "$tmp/out"; then ok; else
  bad "perft --epd long2.epd: $(tail -n 1 "$tmp/out")"; fi
yes 'not a fen' | head -n 100000 >"$tmp/many.epd"
expect_lines 1 "many.epd: 20 bad lines, giving up" perft --epd "$tmp/many.epd"
if [ "$(grep -c 'many.epd:[0-9]*:' "$tmp/err")" -eq 20 ]; then ok; else bad "perft --epd many.epd: not 20 line errors"; fi

# --- Chess960: castling fields, numbered start positions, verify, match.
c960='4k3/8/8/8/8/8/8/4K1R1 w G - 0 1'
expect_output "^Nodes searched: 15" perft --depth 1 --fen "$c960" --divide
if grep -q "^e1g1: 1" "$tmp/out" && grep -q "^e1f1: 1" "$tmp/out"; then ok; else bad "perft --divide 960: no e1g1/e1f1"; fi
expect_error 2 "'C' needs a white rook on c1" perft --depth 1 --fen "4k3/8/8/8/8/8/8/RR2K3 w C - 0 1"
expect_error 2 "'E' names the file of the white king" perft --depth 1 --fen "4k3/8/8/8/8/8/8/RR2K3 w E - 0 1"
expect_error 2 "queen-side right given twice" game --fen "4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1"
expect_output "O-O +e1h1 " game --start960 518 --moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1
expect_output "O-O +e1g1 " game --fen "$c960" --moves e1g1
expect_output "O-O +e1h1 " game --chess960 --san e4 e5 Nf3 Nc6 Bc4 Nf6 O-O
expect_output "PPPP1PPP/RNBQKBNR b HAha e3 0 1" game --fen-style shredder --moves e2e4
expect_output "PPPPPPPP/BBQN1RKR b KQkq - 1 1" game --start960 0 --fen-style xfen --moves e1d3
expect_error 2 "--fen-style 'kqkq': expected as-read, xfen or shredder" game --fen-style kqkq
expect_error 2 "--start960 '960' is not an integer in 0..959" game --start960 960
expect_error 2 "--fen and --start960 exclude each other" game --start960 3 --fen "$c960"
expect_output "^clean: " verify --chess960 --gens mailbox,magic --random 20 --depth 2
expect_error 2 "--variant 'atomic': expected standard or chess960" match --variant atomic
expect_output "illegal moves: A 0, B 0" match --variant chess960 --games 2 --depth 1 --tc 60000+0 --pgn "$tmp/960.pgn"
if grep -q '^\[Variant "Chess960"\]' "$tmp/960.pgn"; then ok; else bad "match --variant chess960: no Variant tag"; fi
expect_output "2 games: 2 read, 0 with errors" game --pgn "$tmp/960.pgn"

# --- tune: bad input, and the weights file round trip
expect_error 2 "no games: give --pgn FILE" tune
expect_error 2 "unknown option '--bogus'" tune --bogus
expect_error 2 "option --pgn needs a value" tune --pgn
expect_error 2 "--rate 'fast' is not a number" tune --pgn "$here/data/selfplay-24.pgn" --rate fast
expect_error 2 "--iterations '-5' is not an integer" tune --pgn "$here/data/selfplay-24.pgn" --iterations -5
expect_error 2 "--pgn: cannot open '$tmp/none.pgn'" tune --pgn "$tmp/none.pgn"
expect_error 2 "--pgn: cannot read '/tmp': it is a directory" tune --pgn /tmp
expect_error 2 "--start: no 'eval_weights\[EVAL_PARAM_COUNT\] = \{' table" tune --pgn "$here/data/selfplay-24.pgn" --start "$here/cli_test.sh"
sed 's/\[EVAL_TEMPO\]/[EVAL_TEMP]/' "$here/../search/eval_weights.c" >"$tmp/other_layout.c"
expect_error 2 "--start: expected \[EVAL_TEMPO\] =" tune --pgn "$here/data/selfplay-24.pgn" --start "$tmp/other_layout.c"
: >"$tmp/empty.pgn"
expect_error 1 "the files hold no usable position" tune --pgn "$tmp/empty.pgn"
# --out: a bad path is refused before the games are read; a run that fails
# leaves an earlier file as it was.
expect_error 2 "--out: cannot write '$tmp/no/w.c': No such file" tune --pgn "$here/data/selfplay-24.pgn" --out "$tmp/no/w.c"
if [ ! -s "$tmp/out" ]; then ok; else bad "tune with a bad --out read the games: $(head -c 300 "$tmp/out")"; fi
expect_error 2 "--out: cannot write '$tmp': it is a directory" tune --wdl --pgn "$here/data/selfplay-24.pgn" --out "$tmp"
echo earlier >"$tmp/w.c"
expect_error 1 "the files hold no usable position" tune --pgn "$tmp/empty.pgn" --out "$tmp/w.c"
if [ "$(cat "$tmp/w.c")" = earlier ] && [ -z "$(ls "$tmp" | grep '\.tmp$')" ]; then ok; else
  bad "tune that failed: --out holds '$(head -c 100 "$tmp/w.c")', $(ls "$tmp")"; fi
# Zero steps write back the weights the binary plays with: the committed
# search/eval_weights.c is exactly what the tuner writes (header aside).
expect_output "^positions: 2241 quiet positions from 24 games" tune --pgn "$here/data/selfplay-24.pgn" --iterations 0 --out "$tmp/w.c"
if diff <(sed '1,/Rerun the tuner/d' "$tmp/w.c") <(sed '1,/Rerun the tuner/d' "$here/../search/eval_weights.c") >/dev/null; then ok; else
  bad "tune --iterations 0 does not write back search/eval_weights.c"; fi
# A few steps lower the training loss.
expect_output "kept the weights of step 20" tune --pgn "$here/data/selfplay-24.pgn" --iterations 20 --validation 0 --report 0
if awk '/training positions/ { split($0, a, "loss "); split(a[2], b, " -> "); exit !(b[2] + 0 < b[1] + 0) }' "$tmp/out"; then ok; else
  bad "tune: 20 steps did not lower the training loss: $(tail -n 1 "$tmp/out")"; fi

# --- nnue train: bad input, and a tiny run end to end
expect_error 2 "missing subcommand \(known: data, selfplay, unpack, train" nnue
expect_error 2 "unknown subcommand 'frob'" nnue frob
expect_error 2 "unknown option '--bogus'" nnue train --bogus
expect_error 2 "no records: give --data FILE" nnue train --out "$tmp/n.nnue"
expect_error 2 "no network file: give --out FILE" nnue train --data "$tmp/none.bin"
expect_error 2 "--data: cannot open '$tmp/none.bin'" nnue train --data "$tmp/none.bin" --out "$tmp/n.nnue"
expect_error 2 "--hidden '33' is not a multiple of 32" nnue train --data "$tmp/none.bin" --out "$tmp/n.nnue" --hidden 33
expect_error 2 "--hidden '2048' is not an integer in 32..1024" nnue train --hidden 2048
expect_error 2 "--lambda '1.5' is not a number in 0..1" nnue train --lambda 1.5
expect_error 2 "--buckets '0' is not an integer in 1..8" nnue train --data "$tmp/none.bin" --out "$tmp/n.nnue" --buckets 0
expect_error 2 "--buckets '9' is not an integer in 1..8" nnue train --buckets 9
expect_error 2 "--out: cannot write '$tmp/no/n.nnue': No such file" nnue train --data "$tmp/none.bin" --out "$tmp/no/n.nnue"
head -c 33 /dev/zero >"$tmp/odd.bin"
expect_error 2 "'$tmp/odd.bin': 33 bytes is not a whole number of 32-byte records" nnue train --data "$tmp/odd.bin" --out "$tmp/n.nnue"
: >"$tmp/empty.bin"
expect_error 1 "the files hold no usable record" nnue train --data "$tmp/empty.bin" --out "$tmp/n.nnue"
# 64 records of the start position (White to move, +25, a draw), one epoch.
start_record='\xff\xff\x00\x00\x00\x00\xff\xff\x24\x53\x36\x42\x11\x11\x11\x11\x99\x99\x99\x99\xac\xdb\xbe\xca\x19\x00\x01\x00\x00\x00\x00\x00'
for _ in $(seq 64); do printf "$start_record"; done >"$tmp/start.bin"
expect_output "network written to $tmp/n.nnue \(hidden 32, buckets 1\)" nnue train --data "$tmp/start.bin" --out "$tmp/n.nnue" --hidden 32 --epochs 1 --validation 0
# A round's 24 runs and 50 kept files of games are 74 --data files: all read
# (64 was once the limit); past 1024 the command says so.
many=(); for _ in $(seq 74); do many+=(--data "$tmp/start.bin"); done
expect_output "data: 4736 records from 74 files" nnue train "${many[@]}" --out "$tmp/n74.nnue" --hidden 32 --epochs 1 --validation 0
many=(); for _ in $(seq 1025); do many+=(--data "$tmp/start.bin"); done
expect_error 2 "at most 1024 --data files" nnue train "${many[@]}" --out "$tmp/n74.nnue"
# One output bucket: version 1, the size it always had.
if [ "$(head -c 4 "$tmp/n.nnue")" = CLNN ] && [ "$(od -An -tu4 -j4 -N4 "$tmp/n.nnue" | tr -d ' ')" = 1 ] &&
  [ "$(wc -c <"$tmp/n.nnue")" -eq $((16 + 2 * (768 * 32 + 3 * 32) + 4)) ]; then ok; else
  bad "nnue train: $tmp/n.nnue is not a version 1 network of width 32 ($(wc -c <"$tmp/n.nnue") bytes)"; fi

# --- nnue data: bad input, and the 24 games labelled end to end
expect_error 2 "unknown option '--bogus'" nnue data --bogus
expect_error 2 "no games: give --pgn FILE" nnue data --out "$tmp/d.bin"
expect_error 2 "no output: give --out FILE" nnue data --pgn "$here/data/selfplay-24.pgn"
expect_error 2 "--nodes '0' is not an integer" nnue data --pgn "$here/data/selfplay-24.pgn" --out "$tmp/d.bin" --nodes 0
expect_error 2 "--every 'x' is not an integer" nnue data --pgn "$here/data/selfplay-24.pgn" --out "$tmp/d.bin" --every x
expect_error 2 "--out: cannot write '$tmp/no/d.bin'" nnue data --pgn "$here/data/selfplay-24.pgn" --out "$tmp/no/d.bin"
expect_error 2 "--net: cannot open '$tmp/none.nnue'" nnue data --pgn "$here/data/selfplay-24.pgn" --out "$tmp/d.bin" --net "$tmp/none.nnue"
expect_error 2 "cannot open '$tmp/none.pgn'" nnue data --pgn "$tmp/none.pgn" --out "$tmp/d.bin"
expect_output "records from 24 games \(0 unreadable or unfinished\) written to $tmp/d.bin" nnue data --pgn "$here/data/selfplay-24.pgn" --out "$tmp/d.bin" --nodes 100 --every 4
if [ -s "$tmp/d.bin" ] && [ $(($(wc -c <"$tmp/d.bin") % 32)) -eq 0 ]; then ok; else
  bad "nnue data: $tmp/d.bin is no file of 32-byte records ($(wc -c <"$tmp/d.bin") bytes)"; fi
expect_output "network written to $tmp/d.nnue" nnue train --data "$tmp/d.bin" --out "$tmp/d.nnue" --hidden 32 --epochs 1
# Four output buckets: version 2 with 4 after the width, the size of four
# output layers, and a network bench plays.
expect_output "network written to $tmp/b.nnue \(hidden 32, buckets 4\)" nnue train --data "$tmp/d.bin" --out "$tmp/b.nnue" --hidden 32 --buckets 4 --epochs 1
if grep -q "hidden 32, buckets 4, epochs 1" "$tmp/out"; then ok; else bad "nnue train --buckets 4: no buckets in the header line"; fi
if [ "$(od -An -tu4 -j4 -N12 "$tmp/b.nnue" | tr -s ' ')" = " 2 32 4" ] &&
  [ "$(wc -c <"$tmp/b.nnue")" -eq $((16 + 2 * (768 * 32 + 32 + 4 * 2 * 32) + 4 * 4)) ]; then ok; else
  bad "nnue train --buckets 4: $tmp/b.nnue is not a version 2 network of 4 buckets ($(wc -c <"$tmp/b.nnue") bytes)"; fi
# --init: a run that goes on from b.nnue takes its width and buckets, and
# says the start's loss; a file that is no network, or a width that
# differs, is refused before any record is read.
expect_error 2 "--init: cannot open '$tmp/none.nnue'" nnue train --data "$tmp/d.bin" --out "$tmp/i.nnue" --init "$tmp/none.nnue"
expect_error 2 "--init: $tmp/d.bin: not a chesslab network" nnue train --data "$tmp/d.bin" --out "$tmp/i.nnue" --init "$tmp/d.bin"
expect_error 2 "--init $tmp/b.nnue has hidden 32 and 4 buckets, not mirrored; --hidden, --buckets and --mirror must match it" nnue train --data "$tmp/none.bin" --out "$tmp/i.nnue" --init "$tmp/b.nnue" --hidden 64
expect_error 2 "not mirrored; --hidden, --buckets and --mirror must match it" nnue train --data "$tmp/d.bin" --out "$tmp/i.nnue" --init "$tmp/b.nnue" --mirror
expect_error 2 "must match it" nnue train --data "$tmp/d.bin" --out "$tmp/i.nnue" --init "$tmp/b.nnue" --buckets 2
expect_output "network written to $tmp/i.nnue \(hidden 32, buckets 4\)" nnue train --data "$tmp/d.bin" --out "$tmp/i.nnue" --init "$tmp/b.nnue" --epochs 1
if grep -q "start: the weights of $tmp/b.nnue, loss 0\.[0-9]* on the validation records" "$tmp/out"; then ok; else
  bad "nnue train --init: no start line"; fi
bucket_nodes=$("$bin" bench --depth 3 --net "$tmp/b.nnue" 2>&1 | grep "Nodes searched")
if [ -n "$bucket_nodes" ]; then ok "bench --net with 4 buckets"; else bad "bench --depth 3 --net $tmp/b.nnue did not play"; fi
# --mirror: version 3 with 4 after the width, the size of version 2, said in
# both lines; a run from it (--init) stays mirrored; bench plays it.
expect_output "network written to $tmp/m.nnue \(hidden 32, buckets 4, mirrored\)" nnue train --data "$tmp/d.bin" --out "$tmp/m.nnue" --hidden 32 --buckets 4 --mirror --epochs 1
if grep -q "hidden 32, buckets 4, mirrored, epochs 1" "$tmp/out"; then ok; else bad "nnue train --mirror: not in the header line"; fi
if [ "$(od -An -tu4 -j4 -N12 "$tmp/m.nnue" | tr -s ' ')" = " 3 32 4" ] &&
  [ "$(wc -c <"$tmp/m.nnue")" -eq "$(wc -c <"$tmp/b.nnue")" ]; then ok; else
  bad "nnue train --mirror: $tmp/m.nnue is not a version 3 network of 4 buckets ($(wc -c <"$tmp/m.nnue") bytes)"; fi
expect_output "network written to $tmp/mi.nnue \(hidden 32, buckets 4, mirrored\)" nnue train --data "$tmp/d.bin" --out "$tmp/mi.nnue" --init "$tmp/m.nnue" --epochs 1
mirrored_nodes=$("$bin" bench --depth 3 --net "$tmp/m.nnue" 2>&1 | grep "Nodes searched")
if [ -n "$mirrored_nodes" ]; then ok "bench --net with a mirrored network"; else bad "bench --depth 3 --net $tmp/m.nnue did not play"; fi
expect_error 2 "no games: give --games N" nnue selfplay --out "$tmp/s.bin"
expect_error 2 "--random-plies '40' is not an integer in 0..32" nnue selfplay --games 1 --out "$tmp/s.bin" --random-plies 40
expect_error 2 "--eval 'deep'" nnue selfplay --games 1 --out "$tmp/s.bin" --eval deep
expect_error 2 "--openings: .*none.epd" nnue selfplay --games 1 --out "$tmp/s.bin" --openings "$tmp/none.epd"
expect_output "2 games .* records written to $tmp/s.bin" nnue selfplay --games 2 --nodes 100 --out "$tmp/s.bin"
expect_error 2 "--net: cannot open '$tmp/none.nnue'" nnue selfplay --games 1 --out "$tmp/s.bin" --net "$tmp/none.nnue"
# --net with the file the default build embeds plays the same games as --eval nnue.
expect_output "2 games" nnue selfplay --games 2 --nodes 100 --out "$tmp/net.bin" --net "$here/../nnue/nets/default.nnue"
expect_output "2 games" nnue selfplay --games 2 --nodes 100 --out "$tmp/builtin.bin" --eval nnue
if cmp -s "$tmp/net.bin" "$tmp/builtin.bin"; then ok "selfplay --net FILE = --eval nnue"; else bad "selfplay --net FILE differs from --eval nnue"; fi
# --games-out and nnue unpack: the games give back the same records, also
# through xz and standard input; damaged files are refused with exit 1.
expect_error 2 "--games-out: cannot write '$tmp/no/g.clsg'" nnue selfplay --games 1 --out "$tmp/s.bin" --games-out "$tmp/no/g.clsg"
expect_output "3 games .* records written to $tmp/g.bin" nnue selfplay --games 3 --nodes 100 --seed 4 --out "$tmp/g.bin" --games-out "$tmp/g.clsg"
expect_output "3 games, [0-9]+ plies, [0-9]+ records written to $tmp/u.bin" nnue unpack --games "$tmp/g.clsg" --out "$tmp/u.bin"
if cmp -s "$tmp/g.bin" "$tmp/u.bin"; then ok "nnue unpack = selfplay's records"; else bad "nnue unpack differs from selfplay's records"; fi
xz -c "$tmp/g.clsg" >"$tmp/g.clsg.xz"
if xz -dc "$tmp/g.clsg.xz" | "$bin" nnue unpack --games - --games "$tmp/g.clsg" --out "$tmp/u2.bin" >/dev/null &&
   cat "$tmp/g.bin" "$tmp/g.bin" | cmp -s - "$tmp/u2.bin"; then ok "nnue unpack from standard input"; else bad "nnue unpack --games - (from xz)"; fi
expect_error 2 "unknown option '--bogus'" nnue unpack --bogus
expect_error 2 "no games: give --games FILE" nnue unpack --out "$tmp/u.bin"
expect_error 2 "no output: give --out FILE" nnue unpack --games "$tmp/g.clsg"
expect_error 2 "standard input \('-'\) given more than once" nnue unpack --games - --games - --out "$tmp/u.bin"
expect_error 2 "--games: cannot open '$tmp/none.clsg'" nnue unpack --games "$tmp/none.clsg" --out "$tmp/u.bin"
expect_error 2 "--games: cannot read '$tmp': it is a directory" nnue unpack --games "$tmp" --out "$tmp/u.bin"
expect_error 2 "--out: cannot write '$tmp/no/u.bin'" nnue unpack --games "$tmp/g.clsg" --out "$tmp/no/u.bin"
expect_error 1 "$tmp/g.bin: not a self-play games file" nnue unpack --games "$tmp/g.bin" --out "$tmp/u.bin"
head -c 100 "$tmp/g.clsg" >"$tmp/cut.clsg"
expect_error 1 "$tmp/cut.clsg: game 1: truncated" nnue unpack --games "$tmp/cut.clsg" --out "$tmp/u.bin"
# bench and bench tactics take --net too: the same nodes as the built-in network.
expect_error 2 "bench: --net: cannot open '$tmp/none.nnue'" bench --net "$tmp/none.nnue"
expect_error 2 "bench tactics: --net: .*none.nnue" bench tactics --net "$tmp/none.nnue"
net_nodes=$("$bin" bench --depth 4 --net "$here/../nnue/nets/default.nnue" 2>&1 | grep "Nodes searched")
builtin_nodes=$("$bin" bench --depth 4 --eval nnue 2>&1 | grep "Nodes searched")
if [ -n "$net_nodes" ] && [ "$net_nodes" = "$builtin_nodes" ]; then ok "bench --net"; else bad "bench --net: '$net_nodes' vs '$builtin_nodes'"; fi
# scripts/nnue_round.sh end to end, tiny: self-play, training, WAC, the SPRT command.
round=$(bash "$here/../scripts/nnue_round.sh" --bin "$bin" --dir "$tmp/round" --runs 2 --games 2 --nodes 100 \
  --epochs 1 --hidden 32 --wac-nodes 100 2>&1)
if [ -s "$tmp/round/net.nnue" ] && grep -q "EvalFile=.*net.nnue" <<<"$round"; then ok "nnue_round.sh"; else
  bad "nnue_round.sh: $(tail -c 400 <<<"$round")"; fi
# A second round going on from the first's network keeps its width (32).
mv "$tmp/round/net.nnue" "$tmp/round1.nnue"
round=$(bash "$here/../scripts/nnue_round.sh" --bin "$bin" --dir "$tmp/round" --runs 2 --games 2 --nodes 100 \
  --epochs 1 --init "$tmp/round1.nnue" --lr 0.0003 --wac-nodes 100 2>&1)
if grep -q "start: the weights of $tmp/round1.nnue" <<<"$round" && grep -q "(hidden 32, buckets 8)" <<<"$round"; then
  ok "nnue_round.sh --init"; else bad "nnue_round.sh --init: $(tail -c 400 <<<"$round")"; fi
# Players in turn (--player) and a mirrored network (--mirror): run k is
# played by the (k mod 2)-th player, each run's log names it.
round=$(bash "$here/../scripts/nnue_round.sh" --bin "$bin" --dir "$tmp/round2" --runs 3 --games 2 --nodes 100 \
  --player "$tmp/round1.nnue" --player "$here/../nnue/nets/default.nnue" --mirror --epochs 1 --hidden 32 \
  --wac-nodes 100 2>&1)
if grep -q "player: $tmp/round1.nnue" "$tmp/round2/selfplay-101.log" \
  && grep -q "player: .*nets/default.nnue" "$tmp/round2/selfplay-102.log" \
  && grep -q "player: $tmp/round1.nnue" "$tmp/round2/selfplay-103.log" \
  && grep -q "(hidden 32, buckets 8, mirrored)" <<<"$round"; then
  ok "nnue_round.sh --player --mirror"; else bad "nnue_round.sh --player --mirror: $(tail -c 400 <<<"$round")"; fi
# Each run keeps its games under xz; a round with no runs of its own trains
# on them (--data-games), unpacked into the very records the runs wrote.
round=$(bash "$here/../scripts/nnue_round.sh" --bin "$bin" --dir "$tmp/round3" --runs 0 --epochs 1 --hidden 32 \
  --wac-nodes 100 --data-games "$tmp/round2/selfplay-101.clsg.xz" --data-games "$tmp/round2/selfplay-102.clsg.xz" 2>&1)
if [ -s "$tmp/round3/net.nnue" ] && cmp -s "$tmp/round2/selfplay-101.bin" "$tmp/round3/unpacked-0-selfplay-101.bin" \
  && cmp -s "$tmp/round2/selfplay-102.bin" "$tmp/round3/unpacked-1-selfplay-102.bin" \
  && [ ! -e "$tmp/round2/selfplay-101.clsg.part" ]; then
  ok "nnue_round.sh --data-games"; else bad "nnue_round.sh --data-games: $(tail -c 400 <<<"$round")"; fi
# scripts/games_manifest.sh: a line per kept games file, with the SHA-256
# of the records it unpacks to.
manifest=$(bash "$here/../scripts/games_manifest.sh" --bin "$bin" "$tmp/round2/selfplay-103.clsg.xz" 2>&1)
want=$(printf 'selfplay-103.clsg.xz\t2\t[0-9]+\t%s\t%s' "$(($(wc -c <"$tmp/round2/selfplay-103.bin") / 32))" \
  "$(sha256sum "$tmp/round2/selfplay-103.bin" | cut -d' ' -f1)")
if grep -Eq "^$want\$" <<<"$manifest"; then ok "games_manifest.sh"; else bad "games_manifest.sh: '$manifest', want /$want/"; fi
if bash "$here/../scripts/games_manifest.sh" --bin "$bin" "$tmp/none.clsg.xz" >/dev/null 2>&1; then
  bad "games_manifest.sh none.clsg.xz accepted"; else ok; fi
if bash "$here/../scripts/nnue_round.sh" --bin "$bin" --dir "$tmp/round" --data-games "$tmp/none.clsg.xz" >/dev/null 2>&1; then
  bad "nnue_round.sh --data-games none.clsg.xz accepted"; else ok; fi
if bash "$here/../scripts/nnue_round.sh" --bin "$bin" --dir "$tmp/round" --player "$tmp/none.nnue" >/dev/null 2>&1; then
  bad "nnue_round.sh --player none.nnue accepted"; else ok; fi
if bash "$here/../scripts/nnue_round.sh" --bin "$bin" --dir "$tmp/round" --init "$tmp/none.nnue" >/dev/null 2>&1; then
  bad "nnue_round.sh --init none.nnue accepted"; else ok; fi
if bash "$here/../scripts/nnue_round.sh" --bin "$bin" --dir "$tmp/round" --games x >/dev/null 2>&1; then
  bad "nnue_round.sh --games x accepted"; else ok; fi

finish cli
