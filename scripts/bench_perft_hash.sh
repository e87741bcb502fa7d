#!/usr/bin/env bash
# Hashed perft on a quiet machine: `chesslab bench movegen --modes bulk,hash`
# on start perft 7 and Kiwipete perft 6 with a 256 MB table, one thread: a
# warm-up run, then RUNS runs (median, min, max), every count checked, the
# table new and empty for each run (its allocation and clearing not timed).
# The CPU (`chesslab gens`) goes beside the JSON. Usage:
#   scripts/bench_perft_hash.sh [OUT.json]
# Environment: CHESSLAB (binary, default build/chesslab), GENS (default: the
# fastest generator here, pext, magic), STANDARD (default
# start:7,kiwipete:6), HASH (MB, 256), RUNS (5), THREADS (1).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${CHESSLAB:-build/chesslab}
out=${1:-results/perft-hash-$(hostname -s)-$(date -u +%Y%m%d).json}
[ -x "$bin" ] || { echo "no chesslab at $bin (build first, or set CHESSLAB)" >&2; exit 2; }
fastest=$("$bin" gens | awk '/^default:/ {print $2}')
gens=${GENS:-$(printf '%s\n' "$fastest" pext magic | awk 'NF && !seen[$0]++' | paste -sd, -)}
mkdir -p "$(dirname "$out")"
"$bin" gens | tee "${out%.json}.gens.txt"
"$bin" bench movegen --gens "$gens" --standard "${STANDARD:-start:7,kiwipete:6}" --modes bulk,hash \
  --hash "${HASH:-256}" --runs "${RUNS:-5}" --threads "${THREADS:-1}" --out "$out"
echo "results: $out (CPU: ${out%.json}.gens.txt)"
