#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages chesslab needs to build and test,
# skipping apt entirely when everything is already there. Extra package
# names as arguments: scripts/stress_tests.sh adds stress-ng.
set -euo pipefail
packages=(gcc g++ make cmake ninja-build pkg-config libcmocka-dev libhwloc-dev clang libomp-dev
  libbenchmark-dev python3-matplotlib stockfish libopenmpi-dev openmpi-bin xz-utils "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
