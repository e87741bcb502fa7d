# Shared by the command-line test scripts (sourced, after they set $bin):
# a scratch folder removed on exit, pass/fail counters and the check for a
# refused command. Each script ends with `finish NAME`.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

# Seconds a checked command may take before it counts as hung (exit 124): a
# hang guard, not a time limit. These commands take well under a second, a
# few under ASan on a loaded machine.
hang_guard=120

# expect_error STATUS REGEX ARGS...: chesslab ARGS exits with STATUS within
# the hang guard and prints exactly one stderr line, matching REGEX.
expect_error() {
  local want=$1 regex=$2
  shift 2
  timeout "$hang_guard" "$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  local got=$?
  local lines
  lines=$(wc -l <"$tmp/err")
  if [ "$got" -ne "$want" ]; then
    bad "chesslab $* exited $got, expected $want; stderr: $(head -c 300 "$tmp/err")"
  elif ! grep -Eq -- "$regex" "$tmp/err"; then
    bad "chesslab $*: stderr '$(head -c 300 "$tmp/err")' does not match /$regex/"
  elif [ "$lines" -ne 1 ]; then
    bad "chesslab $*: expected one line on stderr, got $lines: $(head -c 300 "$tmp/err")"
  else
    ok
  fi
}

# finish NAME: the summary line; the status says whether everything passed.
finish() {
  echo "$1: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
}
