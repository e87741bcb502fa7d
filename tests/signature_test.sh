#!/usr/bin/env bash
# The signatures that prove a refactor changed nothing:
# - the search's: `chesslab bench` node counts, pinned here. A commit that
#   changes the search on purpose updates them and says `Bench: N` in its
#   message (N = the full bench's count).
# - the generators': `chesslab compare` counts of the six standard
#   positions against the published figures (CPW "Perft Results"), for every
#   generator this CPU runs, typed in here rather than read from the program.
# Usage: signature_test.sh CHESSLAB_BINARY [full|quick]
#   quick (sanitizer builds): the depth-6 bench and smaller perft depths.
set -u
bin=$1
mode=${2:-full}
source "$(dirname "$0")/cli_lib.sh"

bench_nodes=6443546        # chesslab bench (default depth; the default evaluation, nnue)
bench_depth6_nodes=71745   # chesslab bench --depth 6
linear_depth6_nodes=62148  # chesslab bench --depth 6 --eval linear (the other evaluation)

bench_count() { # bench_count ARGS...: the "Nodes searched" of chesslab bench ARGS
  timeout "$hang_guard" "$bin" bench "$@" 2>&1 >/dev/null </dev/null | awk '/^Nodes searched/ {print $4}'
}
got=$(bench_count --depth 6)
if [ "$got" = "$bench_depth6_nodes" ]; then ok; else
  bad "bench --depth 6 searched '${got}' nodes, the pinned signature is $bench_depth6_nodes"; fi
got=$(bench_count --depth 6 --eval linear)
if [ "$got" = "$linear_depth6_nodes" ]; then ok; else
  bad "bench --depth 6 --eval linear searched '${got}' nodes, the pinned signature is $linear_depth6_nodes"; fi
if [ "$mode" = full ]; then
  got=$(bench_count)
  if [ "$got" = "$bench_nodes" ]; then ok; else
    bad "bench searched '${got}' nodes, the pinned signature is $bench_nodes (Bench: N changes only with the search)"; fi
fi

# Published perft counts, position:depth:nodes.
if [ "$mode" = full ]; then
  published="start:5:4865609 kiwipete:4:4085603 position3:5:674624 position4:5:15833292 position5:4:2103487 position6:4:3894594"
else
  published="start:4:197281 kiwipete:3:97862 position3:4:43238 position4:4:422333 position5:3:62379 position6:3:89890"
fi
positions=$(for p in $published; do printf '%s,' "${p%:*}"; done)
if timeout "$hang_guard" "$bin" compare --runs 1 --positions "${positions%,}" >"$tmp/cmp" 2>"$tmp/cmperr" </dev/null; then
  ok
else
  bad "compare exited non-zero: $(head -c 300 "$tmp/cmperr")"
fi
checked=0
for gen in $(awk 'NF == 7 && $7 == "ok" {print $1}' "$tmp/cmp" | sort -u); do
  for p in $published; do
    IFS=: read -r name depth nodes <<<"$p"
    if awk -v g="$gen" -v n="$name" -v d="$depth" -v c="$nodes" \
      '$1 == g && $2 == n && $3 == d && $4 == c && $7 == "ok" {found = 1} END {exit !found}' "$tmp/cmp"; then
      ok
      checked=$((checked + 1))
    else
      bad "compare: $gen $name depth $depth is not the published $nodes: $(grep "^$gen " "$tmp/cmp" | grep " $name ")"
    fi
  done
done
# Every generator the registry lists for this CPU took part.
ngens=$(awk 'NF == 7 {print $1}' "$tmp/cmp" | sort -u | wc -l)
if [ "$ngens" -ge 7 ] && [ "$checked" -eq $((ngens * 6)) ]; then ok; else
  bad "compare covered $ngens generators and $checked counts: $(cat "$tmp/cmp")"; fi
echo "signature: bench $([ "$mode" = full ] && echo "$bench_nodes" || echo "not run (quick)") (depth 6: ${bench_depth6_nodes}); compare: $checked published counts over $ngens generators"
finish signature
