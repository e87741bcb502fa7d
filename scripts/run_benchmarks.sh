#!/usr/bin/env bash
# Remakes every committed move-generation result on this machine: builds
# Release, runs `chesslab bench movegen` for the one-thread comparison of all
# generators and modes, the deep runs against Debian's stockfish, and thread
# scaling, then the plots and tables. Takes about 20 minutes on 2 cores; run
# it on a quiet machine. Results go to results/ (or the folder given).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-results}
mkdir -p "$out"
scripts/install_deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build
bin=build/chesslab
cores=$(nproc)
threads=1
for t in 2 4 8 16 32 64 128; do [ "$t" -le "$cores" ] && threads="$threads,$t"; done

echo "== every generator, one thread, bulk/full/hash, stockfish in the same run"
$bin bench movegen --standard start:6,kiwipete:5 --modes bulk,full,hash --runs 5 \
  --peer stockfish --out "$out/movegen-1thread.json"

echo "== the speed target: start position depth 7 and Kiwipete depth 6 against stockfish"
fastest=$($bin gens | awk '/^default:/ {print $2}')
bitboards=$(printf '%s\n' "$fastest" pext magic | awk '!seen[$0]++' | paste -sd, -)
$bin bench movegen --standard start:7,kiwipete:6 --gens "$bitboards" --modes bulk \
  --runs 3 --peer stockfish --out "$out/movegen-deep.json"

echo "== the board representations on qperft's positions (start depth 7, Kiwipete depth 5)"
$bin bench movegen --standard start:7,kiwipete:5 --gens 0x88,mailbox --modes bulk \
  --runs 3 --peer stockfish --out "$out/movegen-mailbox-0x88.json"

echo "== thread scaling ($threads threads on $cores cores)"
$bin bench movegen --standard start:7,kiwipete:6 --gens "$fastest,0x88" --modes bulk,hash --threads "$threads" \
  --runs 3 --out "$out/movegen-threads.json"

for f in movegen-1thread movegen-deep movegen-mailbox-0x88 movegen-threads; do
  scripts/plot_movegen.py "$out/$f.json" --out-dir "$out" --table "$out/$f.md"
done
echo "results and plots in $out/"
