#!/usr/bin/env bash
# Runs the ctest suite N times (default 10) on a Release build while a CPU
# hog keeps every core busy, and prints the failures per test: a test that
# passes only on an idle machine fails here. A tool for people, not CI.
# Usage: scripts/stress_tests.sh [N] [CTEST ARGS...]
#   e.g. scripts/stress_tests.sh 20; scripts/stress_tests.sh 5 -R '^uci$'
# The build is build-stress/ (build/ is left alone); the ctest output of each
# failing run is kept in build-stress/stress-logs/.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=10
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  runs=$1
  shift
fi
[ "$runs" -ge 1 ] || { echo "usage: $0 [N >= 1] [CTEST ARGS...]" >&2; exit 2; }
build=build-stress
logs=$PWD/$build/stress-logs
jobs=$(nproc)

# stress-ng is the hog of choice; without it (or if it cannot be installed)
# a busy loop per core does the same.
scripts/install_deps.sh stress-ng || echo "stress-ng could not be installed: busy loops instead" >&2
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$jobs"
rm -rf "$logs"
mkdir -p "$logs"

# Each hog in a process group of its own (setsid), so that stopping it also
# stops the workers stress-ng forks; stopped on any exit, Ctrl-C included.
hogs=()
stop_hogs() {
  local pid
  for pid in "${hogs[@]}"; do
    kill -TERM -- "-$pid" 2>/dev/null || true
  done
  for pid in "${hogs[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  hogs=()
}
trap stop_hogs EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
if command -v stress-ng >/dev/null; then
  setsid stress-ng --cpu "$jobs" --quiet >"$logs/hog.log" 2>&1 &
  hogs+=($!)
  hog="stress-ng --cpu $jobs"
else
  for _ in $(seq "$jobs"); do
    setsid bash -c 'while :; do :; done' &
    hogs+=($!)
  done
  hog="$jobs busy loops"
fi
sleep 1
for pid in "${hogs[@]}"; do
  kill -0 "$pid" 2>/dev/null || { echo "the CPU hog ($hog) did not start" >&2; exit 1; }
done
echo "== $runs runs of ctest -j $jobs $* under $hog on $("$build/chesslab" gens | head -1)"

# One JUnit file per run: the verdict of every test, whatever ctest prints.
verdicts() { # verdicts FILE: "NAME STATUS" per test case
  /usr/bin/python3 - "$1" <<'EOF'
import sys
import xml.etree.ElementTree as ET
for case in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    failed = case.get("status") == "fail" or case.find("failure") is not None or case.find("error") is not None
    print(case.get("name"), "fail" if failed else case.get("status", "run"))
EOF
}
declare -A failures=()
declare -A seen=()
failed_runs=0
for run in $(seq "$runs"); do
  junit=$logs/run$run.xml
  started=$SECONDS
  status=0
  ctest --test-dir "$build" -j "$jobs" --no-tests=error --output-on-failure --output-junit "$junit" "$@" \
    >"$logs/run$run.log" 2>&1 ||
    status=$?
  bad=()
  if [ -s "$junit" ] && lines=$(verdicts "$junit"); then
    while read -r name verdict; do
      [ -n "$name" ] || continue
      seen[$name]=1
      if [ "$verdict" = fail ]; then
        failures[$name]=$((${failures[$name]:-0} + 1))
        bad+=("$name")
      fi
    done <<<"$lines"
  fi
  # ctest failed, yet no test case did: count the run itself (a bad argument,
  # an unreadable JUnit file).
  if [ "$status" -ne 0 ] && [ ${#bad[@]} -eq 0 ]; then
    seen["(ctest itself)"]=1
    failures["(ctest itself)"]=$((${failures["(ctest itself)"]:-0} + 1))
    bad+=("(ctest exit $status)")
  fi
  if [ ${#bad[@]} -gt 0 ]; then
    failed_runs=$((failed_runs + 1))
    cp "$build/Testing/Temporary/LastTest.log" "$logs/run$run.LastTest.log" 2>/dev/null || true
    echo "run $run/$runs: FAILED ${bad[*]} ($((SECONDS - started)) s; $logs/run$run.log)"
  else
    rm -f "$logs/run$run.log" "$junit"
    echo "run $run/$runs: passed ($((SECONDS - started)) s)"
  fi
done
stop_hogs

total=0
printf '\n%-28s %s\n' "test" "failures"
for name in $(printf '%s\n' "${!seen[@]}" | sort); do
  n=${failures[$name]:-0}
  total=$((total + n))
  printf '%-28s %d/%d\n' "$name" "$n" "$runs"
done
echo "total: $total failures in $failed_runs of $runs runs (under $hog)"
[ "$total" -eq 0 ]
