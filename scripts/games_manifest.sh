#!/usr/bin/env bash
# Lists kept self-play games files (nnue/games/): for each, its name, games,
# searched plies, records and the SHA-256 of the records it unpacks to, one
# tab-separated line, so a copy of the files can be checked against the
# MANIFEST committed beside them.
#
# Usage: scripts/games_manifest.sh [--bin CHESSLAB] FILE.clsg[.xz] ...
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/build/chesslab
if [ "${1:-}" = --bin ]; then
  [ $# -ge 2 ] || { echo "games_manifest.sh: --bin needs a value" >&2; exit 2; }
  bin=$2
  shift 2
fi
[ $# -gt 0 ] || { echo "usage: scripts/games_manifest.sh [--bin CHESSLAB] FILE.clsg[.xz] ..." >&2; exit 2; }
[ -x "$bin" ] || { echo "games_manifest.sh: no chesslab binary at '$bin'" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$@"; do
  [ -r "$f" ] || { echo "games_manifest.sh: cannot read '$f'" >&2; exit 2; }
  case $f in
    *.xz) summary=$(xz -dc "$f" | "$bin" nnue unpack --games - --out "$tmp/r.bin") ;;
    *) summary=$("$bin" nnue unpack --games "$f" --out "$tmp/r.bin") ;;
  esac
  # "G games, P plies, R records written to ..."
  read -r games _ plies _ records _ <<<"${summary//,/}"
  printf '%s\t%s\t%s\t%s\t%s\n' "$(basename "$f")" "$games" "$plies" "$records" \
    "$(sha256sum "$tmp/r.bin" | cut -d' ' -f1)"
done
