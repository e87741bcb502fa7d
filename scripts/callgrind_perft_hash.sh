#!/usr/bin/env bash
# Hashed perft measured without timing: callgrind's instruction count (Ir)
# and its cache simulation (L1D and last-level misses), exact on a loaded
# machine. Build without AVX-512 for valgrind, e.g.
#   cmake -S . -B build-vg -G Ninja -DCMAKE_BUILD_TYPE=Release -DCHESSLAB_NATIVE=OFF \
#         -DCHESSLAB_TESTS=OFF -DCMAKE_C_FLAGS=-march=x86-64-v3 && ninja -C build-vg chesslab
# Usage: scripts/callgrind_perft_hash.sh [CHESSLAB]   (default build-vg/chesslab)
# Environment: GEN (magic), HASH (MB, 64), D1 and LL (cache geometry
# size,assoc,line; default Zen 5: 48 KB 12-way L1D, 32 MB 16-way L3; the
# host's own may be misreported in a VM). Prints one line per run; the
# depth-1 run is the start-up (table allocation and clearing) to subtract.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-build-vg/chesslab}
gen=${GEN:-magic}
mb=${HASH:-64}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
measure() { # measure NAME ARGS...
  local name=$1
  shift
  valgrind --tool=callgrind --cache-sim=yes --D1="${D1:-49152,12,64}" --LL="${LL:-33554432,16,64}" \
    --callgrind-out-file="$tmp/cg" "$bin" perft --gen "$gen" "$@" >"$tmp/out" 2>/dev/null
  awk -v name="$name" -v nodes="$(awk '/^nodes/ {print $2}' "$tmp/out")" '
    /^events:/ { for (i = 2; i <= NF; i++) col[$i] = i }
    /^summary:/ { printf "%-28s nodes %11s  Ir %13.0f  D1mr %10.0f  LLmr %9.0f\n", name, nodes,
                  $col["Ir"], $col["D1mr"], $col["DLmr"] }' "$tmp/cg"
}
echo "generator $gen, table $mb MB, D1 ${D1:-49152,12,64}, LL ${LL:-33554432,16,64}"
measure "start-up (depth 1)" --depth 1 --hash "$mb"
measure "start d6 hash" --depth 6 --hash "$mb"
measure "start d6 no table" --depth 6
measure "kiwipete d5 hash" --depth 5 --hash "$mb" --fen "$kiwipete"
measure "kiwipete d5 no table" --depth 5 --fen "$kiwipete"
