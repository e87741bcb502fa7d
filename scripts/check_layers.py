#!/usr/bin/env python3
"""Fails when an #include breaks the layering or the include style.

Every project include names its file from the repository root
("core/setup.h", never "../core/setup.h" or a bare "setup.h"), so a reader
sees at once which layer a dependency lives in, and this check can read the
layer off the path. The layers, lowest first (a folder may include its own
files and those of the folders listed for it):

  core              -
  movegen_variants  core; a generator only its own folder; the registry any generator
  search            core, movegen_variants (the engine's board is the bitboard generator's)
  play              core
  tune              core, movegen_variants, search (it fits the search's evaluation)
  distributed       core
  bench             core, movegen_variants, search, play
  cli               every folder above
  tests             every folder

Usage: check_layers.py [ROOT]   (exit 1 and one line per violation)
"""
import os
import re
import sys

ALLOWED = {
    "core": set(),
    "movegen_variants": {"core"},
    "search": {"core", "movegen_variants"},
    "play": {"core"},
    "tune": {"core", "movegen_variants", "search"},
    "nnue": {"core", "movegen_variants", "search"},
    "distributed": {"core"},
    "bench": {"core", "movegen_variants", "search", "play"},
    "cli": {"core", "movegen_variants", "search", "play", "distributed", "bench", "tune", "nnue"},
    "tests": {"core", "movegen_variants", "search", "play", "distributed", "bench", "tune", "nnue", "cli", "tests"},
}
# Headers the build generates (not in the source tree), by including file.
GENERATED = {("bench/build_info.c", "chesslab_git.h")}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
SOURCE = re.compile(r"\.(c|h|cpp)$")


def generator_of(path):
    """movegen_variants/<generator>/... -> <generator>; None for the registry."""
    parts = path.split("/")
    return parts[1] if len(parts) > 2 else None


def problems(root):
    for folder in ALLOWED:
        for dirpath, _, names in os.walk(os.path.join(root, folder)):
            for name in sorted(names):
                if not SOURCE.search(name):
                    continue
                path = os.path.relpath(os.path.join(dirpath, name), root)
                with open(os.path.join(root, path), encoding="utf-8") as f:
                    text = f.read()
                for target in INCLUDE.findall(text):
                    if (path, target) in GENERATED:
                        continue
                    why = judge(root, path, folder, target)
                    if why:
                        yield f'{path}: #include "{target}": {why}'


def judge(root, path, folder, target):
    if not os.path.isfile(os.path.join(root, target)):
        return "not a path from the repository root (the include style: \"folder/file.h\")"
    layer = target.split("/")[0]
    if layer == folder:
        if folder == "movegen_variants":
            mine, theirs = generator_of(path), generator_of(target)
            if mine and theirs and mine != theirs:
                return f"generator '{mine}' includes generator '{theirs}' (generators stand alone)"
            if mine and not theirs:
                return "a generator includes the registry above it"
        return None
    if layer not in ALLOWED[folder]:
        return f"{folder}/ may not include {layer}/ (allowed: {', '.join(sorted(ALLOWED[folder])) or 'nothing outside core'})"
    return None


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    found = list(problems(root))
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} include(s) break the layering; see scripts/check_layers.py", file=sys.stderr)
        return 1
    print("layering: every include is root-relative and points down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
