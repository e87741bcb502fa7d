#!/usr/bin/env bash
# `chesslab bench stop` from the command line: bad options (one line on
# stderr, exit 2), and small runs whose table, progress lines and JSON are
# checked for shape only. The latencies themselves are measured, never
# asserted: only that they are numbers in order (min <= median <= max) and
# not negative, which holds under any load.
# Usage: bench_stop_test.sh CHESSLAB_BINARY
set -u
bin=$1
source "$(dirname "$0")/cli_lib.sh"

# check DESCRIPTION COMMAND...: the command must succeed.
check() {
  local what=$1
  shift
  if "$@"; then ok; else bad "$what"; fi
}

# --- bad input
expect_error 2 "--smp: 'fast' is not one of serial, lazy, ybwc, abdada" bench stop --smp lazy,fast
expect_error 2 "--smp: 'ybwc' is listed twice" bench stop --smp ybwc,ybwc
expect_error 2 "--threads '0' is not an integer in 1..256" bench stop --threads 1,0
expect_error 2 "--threads: 2 is listed twice" bench stop --threads 2,2
expect_error 2 "--runs '0' is not an integer in 1..25" bench stop --runs 0
expect_error 2 "--runs '26' is not an integer in 1..25" bench stop --runs 26
expect_error 2 "--after '-1' is not an integer in 0..600000" bench stop --after -1
expect_error 2 "--after 'soon' is not an integer" bench stop --after soon
expect_error 2 "--movetime '0' is not an integer in 1..600000" bench stop --movetime 0
expect_error 2 "--overhead '5001' is not an integer in 0..5000" bench stop --overhead 5001
expect_error 2 "--hash '0' is not an integer" bench stop --hash 0
expect_error 2 "--bind 'wide' is not compact, scatter or none" bench stop --bind wide
expect_error 2 "--fen: " bench stop --fen "8/8/8 w - -"
expect_error 2 "--out: cannot write '/nonexistent/dir/x.json'" bench stop --runs 1 --out /nonexistent/dir/x.json
expect_error 2 "unknown option '--bogus' \(see chesslab bench stop --help\)" bench stop --bogus
expect_error 2 "option --smp needs a value" bench stop --smp
expect_error 2 "unknown benchmark 'halt' \(known: movegen, tactics, search, stop" bench halt

# --- help
if "$bin" bench stop --help >"$tmp/help.out" 2>&1; then ok; else bad "bench stop --help failed"; fi
check "bench stop --help: usage" grep -q '^usage: chesslab bench stop ' "$tmp/help.out"
check "bench --help names bench stop" sh -c "'$bin' bench --help | grep -q '^usage: chesslab bench stop '"

# --- every variant on 1 and 2 threads, short waits, three runs
if timeout 600 "$bin" bench stop --smp serial,lazy,ybwc,abdada --threads 1,2 --runs 3 --after 20 --movetime 30 \
    --hash 8 --out "$tmp/stop.json" >"$tmp/stop.out" 2>"$tmp/stop.err"; then
  ok
  check "bench stop: header" grep -q '^bench stop: 7 configurations, .*, 1 warm-up + 3 runs$' "$tmp/stop.out"
  # serial once, then three variants x two thread counts
  rows=$(grep -cE '^(serial|lazy|ybwc|abdada) +[12]( +-?[0-9]+\.[0-9]{3} \(-?[0-9.]+\.\.-?[0-9.]+\)){3}$' "$tmp/stop.out")
  check "bench stop: 7 table rows, got $rows" test "$rows" -eq 7
  check "bench stop: results line" grep -qx "results written to $tmp/stop.json" "$tmp/stop.out"
  runs=$(grep -cE '^bench stop: (serial|lazy|ybwc|abdada) x[12], run [123]/3: stop -?[0-9.]+ ms \(depth [0-9]+\), movetime overrun [-+][0-9.]+ ms$' "$tmp/stop.err")
  check "bench stop: 21 progress lines, got $runs" test "$runs" -eq 21
  check "bench stop: JSON content" /usr/bin/python3 - "$tmp/stop.json" <<'EOF'
import json, sys
doc = json.load(open(sys.argv[1]))
assert doc["schema"] == "chesslab-bench-stop/1", doc["schema"]
for key in ("date", "machine", "build", "method", "results"):
    assert key in doc, key
assert doc["machine"]["cpu_model"], doc["machine"]
assert "commit" in doc["build"], doc["build"]
m = doc["method"]
assert (m["warmup_runs"], m["runs"], m["statistic"]) == (1, 3, "median"), m
assert (m["after_ms"], m["movetime_ms"], m["move_overhead_ms"], m["hash_mb"]) == (20, 30, 30, 8), m
assert m["fen"].startswith("rnbqkbnr/pppppppp/"), m["fen"]
configs = [(r["variant"], r["threads"]) for r in doc["results"]]
assert configs == [("serial", 1), ("lazy", 1), ("lazy", 2), ("ybwc", 1), ("ybwc", 2), ("abdada", 1),
                   ("abdada", 2)], configs
for r in doc["results"]:
    for name in ("stop_latency_ms", "stop_return_ms", "movetime_overrun_ms"):
        s = r[name]
        assert len(s["runs"]) == 3, (name, s)
        assert s["min"] <= s["median"] <= s["max"], (name, s)
        assert s["min"] == min(s["runs"]) and s["max"] == max(s["runs"]), (name, s)
    # the bestmove comes after the stop call, and after go
    assert r["stop_latency_ms"]["min"] >= 0, r
    assert r["stop_return_ms"]["min"] >= 0, r
    assert r["movetime_overrun_ms"]["min"] >= -m["movetime_ms"], r
    assert len(r["stop_depths"]) == 3 and all(d >= 0 for d in r["stop_depths"]), r
EOF
else
  bad "bench stop exited $?: $(tail -c 300 "$tmp/stop.err")"
fi

# --- one configuration, one run: median = min = max, no JSON asked
if timeout 300 "$bin" bench stop --smp lazy --threads 2 --runs 1 --after 0 --movetime 10 --overhead 0 \
    --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" \
    >"$tmp/one.out" 2>"$tmp/one.err"; then
  ok
  check "bench stop --runs 1: one row" test "$(grep -cE '^lazy +2 ' "$tmp/one.out")" -eq 1
  check "bench stop --runs 1: median = min = max" \
    grep -qE '^lazy +2( +(-?[0-9.]+) \(\2\.\.\2\)){3}$' "$tmp/one.out"
  check "bench stop: no results line without --out" sh -c "! grep -q '^results written' '$tmp/one.out'"
else
  bad "bench stop --runs 1 exited $?: $(tail -c 300 "$tmp/one.err")"
fi

finish bench_stop
