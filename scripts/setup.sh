#!/usr/bin/env bash
# One command for a fresh machine: install what is missing, build (Release),
# and run the default job: perft of the standard positions with every
# generator this CPU runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build
build/chesslab compare "$@"
