#!/usr/bin/env python3
"""scripts/check_layers.py passes on the source tree and catches each kind
of violation in a small tree made for the purpose."""
import os
import subprocess
import sys
import tempfile

check = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "check_layers.py")
root = sys.argv[1]
failures = 0


def run(tree):
    return subprocess.run([sys.executable, check, tree], capture_output=True, text=True)


real = run(root)
if real.returncode != 0:
    print("the source tree breaks the layering:\n" + real.stdout + real.stderr)
    failures += 1

files = {
    "core/ok.h": '#include "core/types.h"\n',
    "core/types.h": "",
    "core/up.c": '#include "search/engine.h"\n',
    "search/engine.h": '#include "core/types.h"\n#include "movegen_variants/mailbox/board.h"\n',
    "movegen_variants/mailbox/board.h": '#include "movegen_variants/x88/x88.h"\n#include "board.h"\n',
    "movegen_variants/x88/x88.h": '#include "movegen_variants/registry.h"\n',
    "movegen_variants/registry.h": '#include "movegen_variants/x88/x88.h"\n',
    "play/match.c": '#include "../core/types.h"\n#include "bench/runner.h"\n',
    "bench/runner.h": '#include "play/match.h"\n',
    "play/match.h": "",
}
expected = [
    'core/up.c: #include "search/engine.h": core/ may not include search/',
    'movegen_variants/mailbox/board.h: #include "movegen_variants/x88/x88.h": generator \'mailbox\' includes generator \'x88\'',
    'movegen_variants/mailbox/board.h: #include "board.h": not a path from the repository root',
    'movegen_variants/x88/x88.h: #include "movegen_variants/registry.h": a generator includes the registry',
    'play/match.c: #include "../core/types.h": not a path from the repository root',
    'play/match.c: #include "bench/runner.h": play/ may not include bench/',
]
with tempfile.TemporaryDirectory() as tree:
    for name, text in files.items():
        os.makedirs(os.path.join(tree, os.path.dirname(name)), exist_ok=True)
        with open(os.path.join(tree, name), "w") as f:
            f.write(text)
    bad = run(tree)
    lines = bad.stdout.splitlines()
    if bad.returncode != 1:
        print(f"a tree with violations: exit {bad.returncode}, not 1")
        failures += 1
    for want in expected:
        if not any(line.startswith(want) for line in lines):
            print(f"not reported: {want}\n got: {lines}")
            failures += 1
    if len(lines) != len(expected):
        print(f"{len(lines)} lines reported, {len(expected)} expected: {lines}")
        failures += 1

print(f"layers: {'ok' if failures == 0 else str(failures) + ' failure(s)'}")
sys.exit(1 if failures else 0)
