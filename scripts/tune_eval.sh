#!/usr/bin/env bash
# Reruns the Texel fit from what tune/games/ holds: the self-play games
# (*.pgn.xz, in the order FILES lists them, else in name order), the tuner's options (SETTINGS) and, when
# the fit started from other weights than search/eval_weights.c's, those
# (start_weights.c); then compares the result with search/eval_weights.c.
# Usage: scripts/tune_eval.sh [CHESSLAB] [OUT]
#   CHESSLAB  the chesslab binary (default build/chesslab)
#   OUT       where the fitted weights go (default /tmp/eval_weights.c)
# Exit status 0 when the result is identical to search/eval_weights.c.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
chesslab=$(realpath "${1:-build/chesslab}")
out=$(realpath -m "${2:-/tmp/eval_weights.c}")
games=tune/games
[ -r "$games/SETTINGS" ] || { echo "tune_eval.sh: $games/SETTINGS missing" >&2; exit 2; }
start=$games/start_weights.c
[ -r "$start" ] || start=search/eval_weights.c
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The games in the order FILES lists them (every 10th game of that order is
# held out), else in name order.
if [ -r "$games/FILES" ]; then
  mapfile -t archives < <(sed "s|^|$games/|" "$games/FILES")
else
  archives=("$games"/*.pgn.xz)
fi
args=()
for archive in "${archives[@]}"; do
  name=$(basename "$archive" .xz)
  xz -dc "$archive" > "$work/$name"
  args+=(--pgn "$name")
done
read -r -a settings < "$games/SETTINGS"
# The gradient's sums are added per thread: fix the count so reruns agree.
(cd "$work" && OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} "$chesslab" tune --start "$root/$start" "${settings[@]}" "${args[@]}" --out "$out")
diff -u search/eval_weights.c "$out" && echo "tune_eval.sh: identical to search/eval_weights.c"
