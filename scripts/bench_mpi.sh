#!/usr/bin/env bash
# MPI scaling of the distributed perft: `chesslab perft --mpi` on 1 and 2
# ranks (RANKS), RUNS times each, one JSON per run, combined into
# results/mpi_scaling.json and plotted as results/mpi_scaling.png.
#   scripts/bench_mpi.sh [BUILD_DIR] [OUT_DIR]
# Environment: RANKS ("1 2"), RUNS (3), THREADS per rank (1), JOBS as
# POSITION:DEPTH:SPLIT ("start:7:2 kiwipete:6:1": no transpositions at those
# split depths, so every node counted is a node computed and Mnps compares
# with the single-process figures), MPIEXEC_FLAGS (OpenMPI: --oversubscribe
# --allow-run-as-root, needed as root and with more ranks than cores).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="${1:-$here/../build}"
out="${2:-$here/../results}"
ranks="${RANKS:-1 2}"
runs="${RUNS:-3}"
threads="${THREADS:-1}"
jobs="${JOBS:-start:7:2 kiwipete:6:1}"
read -r -a flags <<<"${MPIEXEC_FLAGS:---oversubscribe --allow-run-as-root}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
for job in $jobs; do
  IFS=: read -r position depth split <<<"$job"
  for np in $ranks; do
    for run in $(seq "$runs"); do
      mpirun "${flags[@]}" -np "$np" "$build/chesslab" perft --mpi --position "$position" --depth "$depth" \
        --split-depth "$split" --threads "$threads" --json "$tmp/${position}_np${np}_run${run}.json" >/dev/null
    done
  done
done
/usr/bin/python3 "$here/plot_mpi.py" "$out/mpi_scaling.json" "$tmp"/*.json --png "$out/mpi_scaling.png"
