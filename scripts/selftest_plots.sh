#!/usr/bin/env bash
# Self-test of plot_movegen.py and compare_results.py on synthetic result
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
