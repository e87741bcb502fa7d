#!/usr/bin/env bash
# Remakes the committed parallel-search results on this machine: builds
# Release, runs `chesslab bench search` for every variant at 1, 2, 4, ...
# threads up to the machine's processing units (time to depth over the 24
# Bratko-Kopec positions), the plots and table, then a match of Lazy SMP on
# the most threads against serial on one (strength at a short clock).
# About 15 minutes on 2 cores; run it on a quiet machine. Results go to
# results/ (or the folder given). DEPTH, GAMES and TC override the defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-results}
depth=${DEPTH:-15}
games=${GAMES:-64}
tc=${TC:-1000+10}
mkdir -p "$out"
scripts/install_deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
bin=build/chesslab
cores=$(nproc)
threads=1
for t in 2 4 8 16 32 64 128 256; do [ "$t" -le "$cores" ] && threads="$threads,$t"; done
most=${threads##*,}

echo "== time to depth $depth: every variant at $threads threads"
$bin bench search --smp serial,lazy,ybwc,abdada --threads "$threads" --depth "$depth" --runs 3 \
  --out "$out/search-smp.json"
scripts/plot_search.py "$out/search-smp.json" --out-dir "$out" --table "$out/search-smp.md"

if [ "$most" -gt 1 ]; then
  echo "== strength: Lazy SMP on $most threads against serial on one, $games games at $tc"
  $bin match --engine-a "SMP=lazy,Threads=$most" --engine-b "SMP=serial,Threads=1" --games "$games" \
    --tc "$tc" --pgn "$out/match-lazy$most-vs-serial.pgn" --out "$out/match-lazy$most-vs-serial.json"
fi
echo "results and plots in $out/"
