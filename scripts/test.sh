#!/usr/bin/env bash
# The whole test suite: a Release build, then the same tests built with
# AddressSanitizer and UndefinedBehaviorSanitizer (smaller perft budgets),
# then the threaded tests built with clang and ThreadSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install_deps.sh
jobs=$(nproc)

echo "== Release build and tests"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCHESSLAB_SANITIZE=address,undefined -DCHESSLAB_PERFT_BUDGET=100000
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"

echo "== ThreadSanitizer build (clang, libomp) and the threaded tests"
CC=clang CXX=clang++ cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCHESSLAB_SANITIZE=thread -DCHESSLAB_PERFT_BUDGET=100000
# Only what the threaded tests run, read off ctest's list of them.
tsan_targets=$(cmake -DBUILD_DIR=build-tsan -DLABEL=threaded -P scripts/test_targets.cmake)
cmake --build build-tsan -j "$jobs" --target $tsan_targets
ctest --test-dir build-tsan --output-on-failure -L threaded --no-tests=error -j "$jobs"
