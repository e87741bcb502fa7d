#!/usr/bin/env bash
# One round of the NNUE loop (nnue/README.md): self-play games written as
# training records, a network trained on them (and on any earlier records),
# and the SPRT command that tests it against the current build.
#
# Usage: scripts/nnue_round.sh --dir DIR [--bin CHESSLAB] [--runs R] [--games N]
#          [--nodes N] [--first-seed S] [--data FILE ...] [--epochs E] [--hidden H]
#          [--buckets B] [--wac-nodes N] [--init NET] [--lr X] [--player NET ...]
#          [--mirror] [--data-games FILE ...]
#   --dir DIR         where the records (selfplay-SEED.bin), the games they
#                     came from (selfplay-SEED.clsg.xz, which `chesslab nnue
#                     unpack` turns back into the same records: keep them,
#                     the records are 13 times their size), the logs and
#                     the network (net.nnue) go; created if missing
#   --bin CHESSLAB    the chesslab binary (default build/chesslab); its
#                     default evaluation plays the games unless --player
#   --runs R          self-play runs, one file each (default 4)
#   --games N         games per run (default 30000: about 2.2 M records,
#                     20 minutes on 2 cores at 2000 nodes)
#   --nodes N         nodes a move (default 2000)
#   --first-seed S    the first run's seed; run k uses S + k (default 101)
#   --data FILE       earlier records to train on too (repeat)
#   --data-games FILE earlier games to train on too (repeat): a games file
#                     (.clsg) or one under xz (.clsg.xz), unpacked into DIR
#   --epochs E        training epochs (default 30)
#   --hidden H        accumulator width (default 128)
#   --buckets B       output buckets (default 8, the built-in network's)
#   --wac-nodes N     nodes per position of the WAC check (default 20000)
#   --init NET        train on from this network (nnue train --init): its
#                     width and buckets, so --hidden and --buckets are unused
#   --lr X            the training's starting step (default: nnue train's)
#   --player NET      a network that plays the self-play runs (repeat for
#                     several: run k is played by the (k mod count)-th, so
#                     the records mix players, which the networks need)
#   --mirror          train a mirrored network (nnue train --mirror), the
#                     built-in network's shape since the eighth
# A run whose file exists is not played again, so an interrupted round
# resumes where it stopped (a run cut short leaves only its .part file).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$root/build/chesslab dir="" runs=4 games=30000 nodes=2000 seed=101 epochs=30 hidden=128 buckets=8 wac=20000
extra=() games_data=() init="" lr="" players=() mirror=()
usage() { sed -n '6,36p' "$root/scripts/nnue_round.sh" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  if [ "$1" = --mirror ]; then mirror=(--mirror); shift; continue; fi
  [ $# -ge 2 ] || { echo "nnue_round.sh: $1 needs a value" >&2; usage; }
  case $1 in
    --dir) dir=$2 ;;
    --bin) bin=$2 ;;
    --runs) runs=$2 ;;
    --games) games=$2 ;;
    --nodes) nodes=$2 ;;
    --first-seed) seed=$2 ;;
    --data) extra+=("$2") ;;
    --data-games) games_data+=("$2") ;;
    --epochs) epochs=$2 ;;
    --hidden) hidden=$2 ;;
    --buckets) buckets=$2 ;;
    --wac-nodes) wac=$2 ;;
    --init) init=$2 ;;
    --lr) lr=$2 ;;
    --player) players+=("$2") ;;
    *) echo "nnue_round.sh: unknown option '$1'" >&2; usage ;;
  esac
  shift 2
done
[ -n "$dir" ] || { echo "nnue_round.sh: give --dir DIR" >&2; usage; }
for n in "$runs" "$games" "$nodes" "$seed" "$epochs" "$hidden" "$buckets" "$wac"; do
  [[ $n =~ ^[0-9]+$ ]] || { echo "nnue_round.sh: '$n' is not a number" >&2; exit 2; }
done
[ -x "$bin" ] || { echo "nnue_round.sh: no chesslab binary at '$bin'" >&2; exit 2; }
for f in ${extra[@]+"${extra[@]}"}; do
  [ -r "$f" ] || { echo "nnue_round.sh: --data: cannot read '$f'" >&2; exit 2; }
done
for f in ${games_data[@]+"${games_data[@]}"}; do
  [ -r "$f" ] || { echo "nnue_round.sh: --data-games: cannot read '$f'" >&2; exit 2; }
done
for f in ${players[@]+"${players[@]}"}; do
  [ -r "$f" ] || { echo "nnue_round.sh: --player: cannot read '$f'" >&2; exit 2; }
done
[ -z "$init" ] || [ -r "$init" ] || { echo "nnue_round.sh: --init: cannot read '$init'" >&2; exit 2; }
[ -z "$lr" ] || [[ $lr =~ ^[0-9]*\.?[0-9]+([eE]-?[0-9]+)?$ ]] || { echo "nnue_round.sh: --lr '$lr' is not a number" >&2; exit 2; }
mkdir -p "$dir"
# Paths as given (relative to where the script was started), then the
# repository's root for the book.
bin=$(realpath "$bin") dir=$(realpath "$dir")
[ -z "$init" ] || init=$(realpath "$init")
for i in ${extra[@]+"${!extra[@]}"}; do extra[i]=$(realpath "${extra[i]}"); done
for i in ${players[@]+"${!players[@]}"}; do players[i]=$(realpath "${players[i]}"); done
for i in ${games_data[@]+"${!games_data[@]}"}; do games_data[i]=$(realpath "${games_data[i]}"); done
cd "$root"
data=()
for ((k = 0; k < runs; k++)); do
  s=$((seed + k))
  out=$dir/selfplay-$s.bin
  if [ ! -e "$out" ]; then
    player=()
    [ ${#players[@]} -eq 0 ] || player=(--net "${players[k % ${#players[@]}]}")
    { [ ${#player[@]} -eq 0 ] || echo "player: ${player[1]}"
      "$bin" nnue selfplay --games "$games" --nodes "$nodes" --openings openings/book-8ply.epd --seed "$s" \
        ${player[@]+"${player[@]}"} --out "$out.part" --games-out "$dir/selfplay-$s.clsg.part"; } \
      | tee "$dir/selfplay-$s.log"
    xz -9 -c "$dir/selfplay-$s.clsg.part" >"$dir/selfplay-$s.clsg.xz.part"
    mv "$dir/selfplay-$s.clsg.xz.part" "$dir/selfplay-$s.clsg.xz"
    rm "$dir/selfplay-$s.clsg.part"
    mv "$out.part" "$out"
  fi
  data+=(--data "$out")
done
for f in ${extra[@]+"${extra[@]}"}; do data+=(--data "$f"); done
# Kept games, unpacked once into records beside the new ones.
for i in ${games_data[@]+"${!games_data[@]}"}; do
  f=${games_data[i]}
  name=$(basename "$f") name=${name%.xz} name=${name%.clsg}
  out=$dir/unpacked-$i-$name.bin
  if [ ! -e "$out" ]; then
    case $f in
      *.xz) xz -dc "$f" | "$bin" nnue unpack --games - --out "$out.part" ;;
      *) "$bin" nnue unpack --games "$f" --out "$out.part" ;;
    esac
    mv "$out.part" "$out"
  fi
  data+=(--data "$out")
done
# A network to go on from sets the shape; else --hidden and --buckets do.
shape=(--hidden "$hidden" --buckets "$buckets")
[ -z "$init" ] || shape=(--init "$init")
[ -z "$lr" ] || shape+=(--lr "$lr")
shape+=(${mirror[@]+"${mirror[@]}"})
"$bin" nnue train "${data[@]}" --out "$dir/net.nnue" --epochs "$epochs" "${shape[@]}" \
  | tee "$dir/train.log"
"$bin" bench tactics --nodes "$wac" --quiet --net "$dir/net.nnue" | tee "$dir/wac.txt"
cat <<EOF
The network: $dir/net.nnue. Test it against this build's default evaluation:
  $bin match --engine-a "Eval=nnue,EvalFile=$(realpath "$dir/net.nnue")" --path-b $bin \\
    --games 1600 --tc 1000+10 --concurrency 2 --hash 16 --sprt elo0=0,elo1=10 \\
    --openings $root/openings/book-8ply.epd --seed N --out sprt.json --pgn sprt.pgn
EOF
