#!/usr/bin/env bash
# Self-test of plot_movegen.py, plot_search.py and compare_results.py on synthetic result
# files made in a temporary folder: PNGs are written and are PNGs, tables
# have the expected rows, bad input fails with status 1.
set -euo pipefail
scripts="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
export PYTHONDONTWRITEBYTECODE=1
fails=0
check() { # check DESCRIPTION COMMAND...: runs the command, counts failures
  local what="$1"; shift
  if "$@"; then echo "ok   $what"; else echo "FAIL $what"; fails=$((fails + 1)); fi
}
is_png() { [ -s "$1" ] && [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; }
rows() { grep -c "^| $2 " "$1" || true; }  # table lines whose first cell starts with $2

# Synthetic files: A has three generators, two modes, three positions, a peer,
# thread counts 1..8 for magic bulk and the peer on kiwipete, and one wrong
# count; B is A somewhat faster, minus one row; C has one thread count only.
/usr/bin/env python3 - "$tmp" <<'EOF'
import copy, json, sys
out = sys.argv[1]
depth = {"start": 5, "kiwipete": 4, "position3": 5}
nodes = {"start": 4865609, "kiwipete": 4085603, "position3": 674624}
speed = {"mailbox": 40.0, "x88": 55.0, "magic": 180.0, "stockfish": 200.0}
def row(kind, gen, pos, mode, threads, scale=1.0, correct=True):
    mnps = speed[gen] * (1 if mode == "bulk" else 0.12) * threads ** (0.9 if kind == "peer" else 0.8) * scale
    med = nodes[pos] / mnps / 1e6
    runs = [med * 0.98, med, med * 1.03]
    return {"kind": kind, "generator": gen, "position": pos, "fen": "-", "depth": depth[pos],
            "mode": mode, "threads": threads, "hash_mb": 0, "nodes": nodes[pos],
            "expected": nodes[pos] if correct else nodes[pos] + 1, "correct": correct,
            "seconds": {"median": med, "min": min(runs), "max": max(runs), "runs": runs},
            "mnps": {"median": nodes[pos] / med / 1e6, "min": nodes[pos] / max(runs) / 1e6,
                     "max": nodes[pos] / min(runs) / 1e6}}
rows = []
for gen in ("mailbox", "x88", "magic"):
    for mode in ("bulk", "full"):
        for pos in depth:
            rows.append(row("chesslab", gen, pos, mode, 1, correct=(gen, mode, pos) != ("x88", "full", "position3")))
for pos in depth:
    rows.append(row("peer", "stockfish", pos, "bulk", 1))
for t in (2, 4, 8):
    rows.append(row("chesslab", "magic", "kiwipete", "bulk", t))
    rows.append(row("peer", "stockfish", "kiwipete", "bulk", t))
doc = {"schema": "chesslab-bench-movegen/1", "date": "2026-11-30T03:10:00Z",
       "machine": {"cpu_model": "Synthetic CPU 9000", "cpu_vendor": "Test", "cpu_features": []},
       "build": {"compiler": "gcc 12.2.0", "flags": "-O3", "build_type": "Release", "commit": "abc1234", "dirty": False},
       "method": {"warmup_runs": 1, "runs": 3, "statistic": "median", "timer": "CLOCK_MONOTONIC", "bind": "none"},
       "results": rows}
json.dump(doc, open(f"{out}/a.json", "w"), indent=1)
b = copy.deepcopy(doc)
b["date"] = "2026-12-01T03:10:00Z"
b["results"] = [row(r["kind"], r["generator"], r["position"], r["mode"], r["threads"], scale=1.1) for r in rows[1:]]
json.dump(b, open(f"{out}/b.json", "w"), indent=1)
c = copy.deepcopy(doc)
c["results"] = [r for r in rows if r["threads"] == 1]
json.dump(c, open(f"{out}/c.json", "w"), indent=1)
EOF

# Run as an executable (its shebang's python3 may lack matplotlib: the script
# must then re-exec itself with Debian's /usr/bin/python3).
"$scripts/plot_movegen.py" "$tmp/a.json" --out-dir "$tmp/png" > "$tmp/a.md"
check "bar plot is a PNG" is_png "$tmp/png/a_mnps.png"
check "scaling plot is a PNG" is_png "$tmp/png/a_scaling.png"
# 3 generators x 2 modes at 1 thread, magic bulk at 2, 4, 8 threads.
check "table: 9 rows of our generators" test "$(rows "$tmp/a.md" '\(mailbox\|x88\|magic\)')" -eq 9
check "table: 4 peer rows (threads 1, 2, 4, 8)" test "$(rows "$tmp/a.md" 'stockfish (peer)')" -eq 4
check "table: ratios to the peer" grep -q 'magic | bulk | 1 | 180.0 (0.90x)' "$tmp/a.md"
check "table: wrong count flagged" grep -q 'WRONG' "$tmp/a.md"
check "table: CPU and date in header" grep -q 'Synthetic CPU 9000, 2026-11-30' "$tmp/a.md"

# Through whichever python3 is first on PATH, with --table; one thread count
# only, so no scaling plot.
python3 "$scripts/plot_movegen.py" "$tmp/c.json" --out-dir "$tmp/png" --table "$tmp/c.md" > "$tmp/c.out"
check "bar plot via python3 on PATH" is_png "$tmp/png/c_mnps.png"
check "no scaling plot for one thread count" test ! -e "$tmp/png/c_scaling.png"
check "--table writes the file, not stdout" test -s "$tmp/c.md" -a ! -s "$tmp/c.out"
check "table of c: 6 + 1 rows" test "$(grep -c '^| [a-z]' "$tmp/c.md")" -eq 8  # header line included

"$scripts/compare_results.py" "$tmp/a.json" "$tmp/b.json" > "$tmp/ab.md"
check "compare: warning about cross-run ratios" grep -q 'less trustworthy than same-run' "$tmp/ab.md"
check "compare: 26 matching rows" test "$(grep -c '^| [a-z]' "$tmp/ab.md")" -eq 27  # header line included
check "compare: B/A ratio" grep -q '| magic | start | 5 | bulk | 1 | 180.0 | 198.0 | 1.100 |' "$tmp/ab.md"
check "compare: unmatched row counted" grep -q '1 result(s) only in A, 0 only in B' "$tmp/ab.md"

# plot_search.py: serial on 1 thread and three variants on 1, 2, 4 threads
# (s.json); the same at a fixed movetime, where speedup and overhead are null
# (m.json).
/usr/bin/env python3 - "$tmp" <<'EOF'
import copy, json, sys
out = sys.argv[1]
def row(variant, threads, speedup, timed=False):
    return {"variant": variant, "threads": threads, "positions": 3,
            "speedup": None if timed else speedup,
            "speedup_interval": None if timed else {"low": speedup * 0.9, "high": speedup * 1.1},
            "search_overhead": None if timed else 1 + 0.1 * (threads - 1),
            "nps_scaling": threads * 0.9 if threads > 1 else 1.0, "best_move_agreement": 0.875,
            "mean_depth": 8.0, "time_ms_total": 1000.0 / speedup, "nodes_total": 1e6, "nps": 1e6,
            "splits_per_search": 12.0 if variant == "ybwc" else 0.0,
            "deferred_per_search": 3.0 if variant == "abdada" else 0.0, "idle_fraction": 0.05}
rows = [row("serial", 1, 1.0)]
for v, eff in (("lazy", 0.6), ("ybwc", 0.8), ("abdada", 0.7)):
    rows += [row(v, t, t ** eff) for t in (1, 2, 4)]
doc = {"schema": "chesslab-bench-search/1", "date": "2026-11-30T05:00:00Z",
       "machine": {"cpu_model": "Synthetic CPU 9000"},
       "build": {"compiler": "gcc 12.2.0", "flags": "-O3", "build_type": "Release", "commit": "abc1234", "dirty": False},
       "method": {"runs": 3, "limit": "depth", "limit_value": 8, "hash_mb": 64, "bind": "compact",
                  "positions": "bk.epd", "position_count": 3, "bootstrap": {"level": 0.95}},
       "results": [], "summary": rows}
json.dump(doc, open(f"{out}/s.json", "w"), indent=1)
m = copy.deepcopy(doc)
m["method"]["limit"] = "movetime"
m["summary"] = [row(r["variant"], r["threads"], r["speedup"], timed=True) for r in rows]
json.dump(m, open(f"{out}/m.json", "w"), indent=1)
EOF
"$scripts/plot_search.py" "$tmp/s.json" --out-dir "$tmp/png" > "$tmp/s.md"
check "search: speedup plot is a PNG" is_png "$tmp/png/s_speedup.png"
check "search: NPS plot is a PNG" is_png "$tmp/png/s_nps.png"
check "search: table has 10 rows" test "$(rows "$tmp/s.md" '\(serial\|lazy\|ybwc\|abdada\)')" -eq 10
check "search: ybwc 4 threads row" grep -q '| ybwc | 4 | 3.03 | 2.73-3.33 | 1.30 | 3.60 | 0.88 | 8.0 | 5.0 | 12 | 0 |' "$tmp/s.md"
python3 "$scripts/plot_search.py" "$tmp/m.json" --out-dir "$tmp/png" --table "$tmp/m.md" > "$tmp/m.out" 2> "$tmp/m.err"
check "search: no speedup plot at fixed movetime" test ! -e "$tmp/png/m_speedup.png"
check "search: NPS plot at fixed movetime" is_png "$tmp/png/m_nps.png"
check "search: --table writes the file" test -s "$tmp/m.md" -a ! -s "$tmp/m.out"
check "search: movetime speedup shown as -" grep -q '| lazy | 2 | - | - | - | 1.80 |' "$tmp/m.md"
set +e
"$scripts/plot_search.py" "$tmp/a.json" --out-dir "$tmp/png" > /dev/null 2> "$tmp/s_bad.err"; search_rc=$?
set -e
check "search: movegen file refused (exit 1)" test "$search_rc" -eq 1
check "search: one-line schema message" grep -q "a.json: schema is 'chesslab-bench-movegen/1', expected 'chesslab-bench-search/1'" "$tmp/s_bad.err"

echo '{"schema": "something-else"}' > "$tmp/bad.json"
set +e
"$scripts/plot_movegen.py" "$tmp/bad.json" --out-dir "$tmp/png" > /dev/null 2> "$tmp/bad.err"; plot_rc=$?
"$scripts/compare_results.py" "$tmp/a.json" "$tmp/bad.json" > /dev/null 2>> "$tmp/bad.err"; cmp_rc=$?
set -e
check "bad schema: plot exits 1" test "$plot_rc" -eq 1
check "bad schema: compare exits 1" test "$cmp_rc" -eq 1
check "bad schema: one-line message naming the file" test "$(grep -c "bad.json: schema is 'something-else'" "$tmp/bad.err")" -eq 2

if [ "$fails" -ne 0 ]; then echo "$fails check(s) failed"; exit 1; fi
echo "all plot script checks passed"
