#!/usr/bin/env bash
# Distributed perft under mpirun: 2 and 3 ranks (oversubscribed on small
# machines) give the single-process counts; a run stopped part way resumes
# from its checkpoint to the same total; a rank that dies stops the run with
# an error and leaves its finished units in the checkpoint; damaged and
# foreign checkpoints, and paths that are no regular files, are refused.
# Usage: mpi_test.sh CHESSLAB MPIEXEC NUMPROC_FLAG DATA_DIR [MPIEXEC FLAGS...]
set -u
bin=$1
mpiexec=$2
np_flag=$3
data=$4
shift 4
flags=("$@")
source "$(dirname "$0")/cli_lib.sh"

run() { # run NP ARGS...: mpirun with the test flags; stdout in $tmp/out, stderr in $tmp/err
  local np=$1
  shift
  timeout 120 "$mpiexec" "${flags[@]}" "$np_flag" "$np" "$bin" perft --mpi "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
}
nodes() { sed -n 's/^nodes *//p' "$tmp/out"; }
local_count() { "$bin" perft --depth "$1" --fen "$2" | sed -n 's/^nodes *//p'; }

# --- same counts as the single process: standard positions and suite lines
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
jobs=("5|$start" "4|$kiwipete")
while IFS= read -r line; do
  jobs+=("3|${line%% ;*}")
done < <(sed -n '1p;50p;100p;126p' "$data/perftsuite.epd")
while IFS= read -r line; do
  jobs+=("3|${line%% ;*}")
done < <(sed -n '1,3p' "$data/tricky-perft.epd")
# Chess960: rook-file castling rights through the work units.
while IFS= read -r line; do
  jobs+=("4|${line%% ;*}")
done < <(sed -n '1p;960p' "$data/chess960-perft.epd")
for np in 2 3; do
  for job in "${jobs[@]}"; do
    depth=${job%%|*}
    fen=${job#*|}
    want=$(local_count "$depth" "$fen")
    extra=()
    [ "$np" -eq 3 ] && extra=(--threads 2 --hash 4 --split-depth 2)
    if run "$np" --depth "$depth" --fen "$fen" "${extra[@]}" && [ -n "$want" ] && [ "$(nodes)" = "$want" ]; then ok; else
      bad "np $np depth $depth $fen: got '$(nodes)', expected '$want': $(head -c 300 "$tmp/err")"; fi
  done
done
run 1 --depth 4 --position kiwipete && [ "$(nodes)" = 4085603 ] && ok || bad "np 1: $(nodes) $(head -c 300 "$tmp/err")"

# --- --verify-keys: two passes, two seeds, the same counts
if run 2 --depth 5 --position position3 --hash 2 --verify-keys && [ "$(nodes)" = 674624 ] &&
  grep -q "^verify    keys agree" "$tmp/out"; then ok; else bad "verify-keys: $(cat "$tmp/out" "$tmp/err")"; fi

# --- stopped part way (rank 0 exits abruptly after 40 units), then resumed
cp="$tmp/run.checkpoint"
CHESSLAB_MPI_TEST_STOP_AFTER=40 run 3 --depth 5 --position start --split-depth 2 --checkpoint "$cp"
status=$?
records=$(grep -c '^u ' "$cp")
if [ "$status" -ne 0 ] && [ "$records" -ge 40 ] && [ "$records" -lt 400 ]; then ok; else
  bad "stopped run: status $status, $records records"; fi
if run 2 --depth 5 --position start --split-depth 2 --checkpoint "$cp" --gen mailbox && [ "$(nodes)" = 4865609 ] &&
  grep -q "^resumed   $records units" "$tmp/out"; then ok; else bad "resume: $(cat "$tmp/out" "$tmp/err")"; fi
if run 2 --depth 5 --position start --split-depth 2 --checkpoint "$cp" && [ "$(nodes)" = 4865609 ] &&
  grep -q "^resumed   400 units" "$tmp/out"; then ok; else bad "second resume: $(cat "$tmp/out")"; fi

# --- a worker dies: clear error, non-zero exit, the checkpoint keeps the finished units
# Rank 1 dies on receiving its 4th unit, sent only after rank 0 recorded
# its first two: two records at least (the third may still be in flight).
# OpenMPI sends SIGKILL 1 s after the SIGTERM that makes rank 0 print its
# message, which a loaded machine can miss: 5 s here.
cp="$tmp/die.checkpoint"
OMPI_MCA_odls_base_sigkill_timeout=5 CHESSLAB_MPI_TEST_DIE=1:3 \
  run 3 --depth 5 --position kiwipete --split-depth 2 --checkpoint "$cp"
status=$?
records=$(grep -c '^u ' "$cp")
if [ "$status" -ne 0 ] && grep -q "a rank died" "$tmp/err" && [ "$records" -ge 2 ]; then ok; else
  bad "dead rank: status $status, $records records, stderr $(head -c 400 "$tmp/err")"; fi
if run 2 --depth 5 --position kiwipete --split-depth 2 --checkpoint "$cp" && [ "$(nodes)" = 193690690 ]; then ok; else
  bad "resume after a dead rank: $(cat "$tmp/out" "$tmp/err")"; fi

# --- refused checkpoints: another job, a damaged record, not a checkpoint; a torn last line is fine
run 2 --depth 4 --position kiwipete --split-depth 2 --checkpoint "$cp"
if [ $? -eq 2 ] && grep -q "belongs to another job: its line 3 is 'depth 5', this job's is 'depth 4'" "$tmp/err"; then ok; else
  bad "foreign checkpoint: $(head -c 300 "$tmp/err")"; fi
sed '12s/^u \([0-9]*\) \([0-9]*\) /u \1 \2 9/' "$cp" >"$tmp/corrupt"
run 2 --depth 5 --position kiwipete --split-depth 2 --checkpoint "$tmp/corrupt"
if [ $? -eq 2 ] && grep -q "is corrupt: line 12 .* is not a valid unit record" "$tmp/err"; then ok; else
  bad "corrupt checkpoint: $(head -c 300 "$tmp/err")"; fi
echo "not a checkpoint" >"$tmp/other"
run 2 --depth 5 --checkpoint "$tmp/other"
if [ $? -eq 2 ] && grep -q "is not a chesslab perft checkpoint" "$tmp/err"; then ok; else
  bad "non-checkpoint: $(head -c 300 "$tmp/err")"; fi
# Not files: /dev/null would swallow every record (and a resumed run would
# count everything again), /dev/zero and a FIFO never end. Refused, once.
mkfifo "$tmp/fifo"
for path in /dev/null /dev/zero "$tmp/fifo" "$tmp"; do
  run 2 --depth 3 --split-depth 1 --checkpoint "$path"
  status=$?
  if [ "$status" -eq 2 ] && [ "$(grep -c "checkpoint '$path'" "$tmp/err")" -eq 1 ] &&
    grep -Eq "is a (character device|FIFO), not a regular file|Is a directory" "$tmp/err"; then ok; else
    bad "checkpoint $path: exit $status, $(head -c 300 "$tmp/err")"; fi
done
head -c -9 "$cp" >"$tmp/torn"
if run 2 --depth 5 --position kiwipete --split-depth 2 --checkpoint "$tmp/torn" && [ "$(nodes)" = 193690690 ] &&
  grep -q "torn last line was dropped" "$tmp/out"; then ok; else bad "torn checkpoint: $(cat "$tmp/out" "$tmp/err")"; fi

# --- progress: rank 0 shows units, nodes, rate on a terminal (mpirun relays
# it), nothing when mpirun's output is not one (every run above: files)
if run 2 --depth 5 --position start --hash 2 && [ "$(nodes)" = 4865609 ] && [ ! -s "$tmp/err" ]; then ok; else
  bad "progress with output to files: stderr '$(head -c 300 "$tmp/err")'"; fi
if command -v script >/dev/null; then
  # script(1) gives mpirun a terminal for stdout and stderr.
  cmd=$(printf '%q ' timeout 120 "$mpiexec" "${flags[@]}" "$np_flag" 2 "$bin" perft --mpi --depth 5 --position start --split-depth 2)
  script -qec "$cmd" /dev/null >"$tmp/tty" </dev/null
  if grep -q 'perft --mpi: 400/400 units, 4865609 nodes' "$tmp/tty" && grep -q '^nodes *4865609' "$tmp/tty"; then ok; else
    bad "progress on a terminal: $(head -c 400 "$tmp/tty" | tr '\r' '|')"; fi
  # stdout to a file with stderr still a terminal: no progress either
  script -qec "$cmd >$(printf '%q' "$tmp/out")" /dev/null >"$tmp/tty" </dev/null
  if [ "$(nodes)" = 4865609 ] && ! grep -q 'units' "$tmp/tty"; then ok; else
    bad "progress with stdout to a file: $(head -c 400 "$tmp/tty" | tr '\r' '|')"; fi
fi

# --- usage errors are reported once, not once per rank
# (checked several times: a rank exiting early once raced rank 0's message)
for attempt in 1 2 3 4 5; do
  run 3 --depth 4 --split-depth 5
  status=$?
  if [ "$status" -eq 2 ] && [ "$(grep -c 'deeper than --depth' "$tmp/err")" -eq 1 ]; then ok; else
    bad "usage error (try $attempt) exited $status: $(cat "$tmp/err")"
  fi
done
run 2 --depth 3 --fen 'not a fen'
status=$?
if [ "$status" -eq 2 ] && [ "$(grep -c 'fen' "$tmp/err")" -eq 1 ]; then ok; else bad "bad FEN exited $status: $(cat "$tmp/err")"; fi

finish mpi
