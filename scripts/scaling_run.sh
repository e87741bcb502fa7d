#!/usr/bin/env bash
# The whole scaling study in one command, on the machine it runs on:
#
#   scripts/scaling_run.sh [BUDGET_MINUTES] [--out DIR] [--name NAME] [--bin FILE]
#                          [--max-threads N] [--plan-only]
#
# Builds Release (build-scaling/, without the tests, target chesslab;
# BUILD_DIR and JOBS override; build/ and its settings are left alone),
# records the machine (chesslab topology, lscpu, gens), calibrates (a perft
# and serial searches at rising depths), plans depths to fit the budget
# (scripts/scaling_plan.py, which says why in plan.json), then runs
#   - perft: the fastest generator, bulk and hash, threads 1, 2, 4, ... up
#     to the cores, bind compact and scatter (bench movegen);
#   - bench search: serial, lazy, ybwc, abdada at the same thread counts on
#     the Bratko-Kopec positions (../shared/data/bk.epd), 3 runs, speedups
#     with bootstrap intervals;
#   - if time is left, Lazy SMP on the most threads against serial on one;
# and writes the JSON, plots and Markdown tables, study.json (machine,
# method, commit, steps) and README.md into results/scaling-NAME/ (NAME:
# the CPU model and core count). BUDGET_MINUTES (default 8, decimals
# allowed) covers the whole command, build included; every step runs under
# a timeout at the budget, and one cut short is reported as "cut".
# --max-threads N measures up to N threads instead of the core count (more
# threads than cores checks the code paths, and the study says so).
# --plan-only stops after the plan. --bin FILE uses that binary, no build.
# EPD (positions file) and TC (match clock, default 1000+10) override.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts=scripts
budget_minutes=8 out="" name="" bin="" max_threads="" plan_only=false
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --name) name=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --max-threads) max_threads=$2; shift 2 ;;
    --plan-only) plan_only=true; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    [0-9]*) budget_minutes=$1; shift ;;
    *) echo "scaling_run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
now() { date +%s.%N; }
start=$(now)
budget_s=$(awk -v m="$budget_minutes" 'BEGIN { if (m + 0 <= 0) exit 1; printf "%.1f", m * 60 }') ||
  { echo "scaling_run.sh: BUDGET_MINUTES must be a positive number" >&2; exit 2; }
deadline=$(awk -v s="$start" -v b="$budget_s" 'BEGIN { printf "%.3f", s + b }')
# Seconds kept for the plots and the report: 20, less for tiny budgets.
reserve=$(awk -v b="$budget_s" 'BEGIN { r = b * 0.15; printf "%d", (r > 20 ? 20 : r) }')
left() { awk -v d="$deadline" -v n="$(now)" -v r="$reserve" 'BEGIN { v = d - n - r; printf "%d", (v > 0 ? v : 0) }'; }
since() { awk -v t="$1" -v n="$(now)" 'BEGIN { printf "%.1f", n - t }'; }

echo "== build (Release)"
if [ -z "$bin" ]; then
  build=${BUILD_DIR:-build-scaling}
  configure() { cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCHESSLAB_TESTS=OFF >/dev/null; }
  configure || { scripts/install_deps.sh && configure; }
  cmake --build "$build" --target chesslab -j "${JOBS:-$(nproc)}"
  bin=$build/chesslab
fi

cpu=$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)
topology_json=$("$bin" topology --json)
cores=$(printf '%s' "$topology_json" | /usr/bin/python3 -c 'import json, sys; print(json.load(sys.stdin)["cores"])')
max_threads=${max_threads:-$cores}
if [ -z "$name" ]; then
  name=$(printf '%s-%sc' "${cpu:-unknown-cpu}" "$cores" | tr 'A-Z' 'a-z' |
         sed 's/([^)]*)//g; s/ cpu @.*-/-/; s/[^a-z0-9]\{1,\}/-/g; s/^-//; s/-$//')
fi
out=${out:-results/scaling-$name}
mkdir -p "$out/calibration"
: >"$out/steps.tsv"
printf '%s\n' "$topology_json" >"$out/topology.json"
lscpu >"$out/lscpu.txt"
"$bin" topology >"$out/topology.txt"
"$bin" gens >"$out/gens.txt"
threads=$(/usr/bin/python3 $scripts/scaling_plan.py threads "$max_threads")
fastest=$(awk '/^default:/ {print $2}' "$out/gens.txt")
epd=${EPD:-../shared/data/bk.epd}
tc=${TC:-1000+10}
/usr/bin/python3 $scripts/scaling_plan.py start "$out" "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)" "name=$name" \
  "cpu_model=$cpu" "binary=$bin" "budget_minutes=$budget_minutes" "budget_seconds=$budget_s" \
  "max_threads=$max_threads" "match_tc=$tc" "generator=$fastest" "positions=$epd"
echo "== $cpu: $cores cores; threads $threads; budget ${budget_s} s; results in $out"

# step NAME ESTIMATE FILE NOTE LOG COMMAND...: runs COMMAND (its output to
# the file LOG, or here when LOG is "") under a timeout at the budget and
# logs it in steps.tsv as done, failed, cut or skipped (no time left).
step() {
  local what=$1 estimate=$2 file=$3 note=$4 log=$5 t0 status=done rc=0 limit
  shift 5
  limit=$(left)
  if [ "$limit" -le 0 ]; then
    printf '%s\tskipped\t0\t%s\t\tno time left\n' "$what" "$estimate" >>"$out/steps.tsv"
    echo "== $what: skipped, no time left"
    return 1
  fi
  echo "== $what (${limit} s left${estimate:+, estimated $estimate s})"
  t0=$(now)
  if [ -n "$log" ]; then
    timeout --kill-after=5 "$limit" "$@" >"$log" 2>&1 || rc=$?
  else
    timeout --kill-after=5 "$limit" "$@" || rc=$?
  fi
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then status=cut; elif [ "$rc" -ne 0 ]; then status="failed ($rc)"; fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$what" "$status" "$(since "$t0")" "$estimate" "$file" "$note" >>"$out/steps.tsv"
  [ "$status" = done ]
}

# Calibration: what one thread does here, for the plan.
step calibrate-perft "" calibration/perft.json "start d6, 1 thread" "$out/calibration/perft.txt" \
  "$bin" bench movegen --gens "$fastest" --standard start:6 --modes bulk,hash --threads 1 --runs 1 \
  --out "$out/calibration/perft.json"
cap=$(awk -v b="$budget_s" 'BEGIN { v = b * 0.025; printf "%.1f", (v < 1 ? 1 : v) }')
for depth in $(seq 5 20); do
  file=calibration/search-d$depth.json
  step "calibrate-search-d$depth" "" "$file" "serial, 1 run" "$out/calibration/search-d$depth.txt" \
    "$bin" bench search --smp serial --threads 1 --depth "$depth" --runs 1 --epd "$epd" --out "$out/$file" || break
  took=$(tail -n 1 "$out/steps.tsv" | cut -f 3)
  awk -v t="$took" -v c="$cap" 'BEGIN { exit !(t >= c) }' && break
done

eval "$(/usr/bin/python3 $scripts/scaling_plan.py plan "$out" "$(left)" "$cores" "$threads")"
echo "== plan: perft $PERFT_SPEC (~$PERFT_ESTIMATE s), bench search depth $SEARCH_DEPTH (~$SEARCH_ESTIMATE s);" \
     "why: $out/plan.json"

if ! $plan_only; then
  for bind in compact scatter; do
    step "perft-$bind" "$((PERFT_ESTIMATE / 2))" "perft-$bind.json" "$PERFT_SPEC" "" \
      "$bin" bench movegen --gens "$fastest" --standard "$PERFT_SPEC" --modes bulk,hash --threads "$threads" \
      --runs 3 --bind "$bind" --out "$out/perft-$bind.json" || true
  done
  step search "$SEARCH_ESTIMATE" search.json "depth $SEARCH_DEPTH, chosen from the budget" "$out/search.txt" \
    "$bin" bench search --smp serial,lazy,ybwc,abdada --threads "$threads" --depth "$SEARCH_DEPTH" --runs 3 \
    --epd "$epd" --out "$out/search.json" || true
  [ ! -f "$out/search.txt" ] || sed -n '/^summary/,$p' "$out/search.txt"
  most=${threads##*,}
  games=$(/usr/bin/python3 $scripts/scaling_plan.py games "$(left)" "$tc")
  if [ "$most" -gt 1 ] && [ "$games" -gt 0 ]; then
    step match "" "match-lazy$most-vs-serial.json" "$games games at $tc" "$out/match.txt" \
      "$bin" match --engine-a "SMP=lazy,Threads=$most" --engine-b "SMP=serial,Threads=1" --games "$games" \
      --tc "$tc" --pgn "$out/match-lazy$most-vs-serial.pgn" --out "$out/match-lazy$most-vs-serial.json" || true
    [ ! -f "$out/match.txt" ] || tail -n 3 "$out/match.txt"
  else
    printf 'match\tskipped\t0\t\t\t%s\n' "not enough time left for 4 games at $tc" >>"$out/steps.tsv"
  fi
fi

# Plots and tables of the files that came out whole; then the report.
echo "== plots and tables"
reserve=0
for bind in compact scatter; do
  if grep -q "^perft-$bind	done" "$out/steps.tsv"; then
    $scripts/plot_movegen.py "$out/perft-$bind.json" --out-dir "$out" --table "$out/perft-$bind.md" || true
  fi
done
if grep -q "^search	done" "$out/steps.tsv"; then
  $scripts/plot_search.py "$out/search.json" --out-dir "$out" --table "$out/search.md" || true
fi
/usr/bin/python3 $scripts/scaling_plan.py report "$out"
echo "== done in $(since "$start") s of ${budget_s} s: $out/README.md"
