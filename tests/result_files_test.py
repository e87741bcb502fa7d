#!/usr/bin/python3
"""Every kind of JSON chesslab writes, produced quickly (tiny depths, one or
two runs) and read back by Python's json module: bench movegen, bench
search, bench stop, perft --mpi (when mpirun is given and found), match
(against a fake engine that loses at once), topology, game, search. Each is
checked for its schema string and the top-level keys results/FORMAT.md
documents, and for json.dumps(json.loads(text)) reading back to the same
value (nothing but standard JSON: no NaN, no infinities). The result files
are written over earlier files of the same names, which they must replace
without leaving a temporary file behind, and each of those commands must
refuse a path in a missing folder (exit status 2, one message) before it
starts its work.

Usage: result_files_test.py CHESSLAB [MPIEXEC [MPIEXEC FLAGS...]]"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

BIN = sys.argv[1]
MPIEXEC = sys.argv[2:]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
SHARED = ["schema", "date", "machine", "build"]
MACHINE = ["cpu_model", "cpu_vendor", "cpu_family", "cpu_features", "hostname", "os", "topology"]
BUILD = ["compiler", "flags", "build_type", "commit", "dirty"]
TOPOLOGY = ["packages", "numa_nodes", "cores", "pus", "caches"]
failures = []


def reject_constant(name):
    raise ValueError(f"not JSON: {name}")


def parse(what, text):
    """The document, after the round trip; None (and a failure) when the
    text is not strict JSON."""
    try:
        doc = json.loads(text, parse_constant=reject_constant)
        again = json.loads(json.dumps(doc, allow_nan=False))
    except ValueError as e:
        failures.append(f"{what}: {e}: {text[:300]!r}")
        return None
    if again != doc:
        failures.append(f"{what}: json.dumps does not read back to the same value")
    return doc


def has_keys(what, obj, keys):
    if not isinstance(obj, dict):
        failures.append(f"{what}: not an object: {obj!r}"[:300])
        return False
    missing = [k for k in keys if k not in obj]
    if missing:
        failures.append(f"{what}: missing {missing} (has {list(obj)})")
    return not missing


def check_result_file(what, path, schema, keys, entry_keys):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        failures.append(f"{what}: {e}")
        return None
    doc = parse(what, text)
    if doc is None or not has_keys(what, doc, SHARED + keys):
        return doc
    if doc["schema"] != schema:
        failures.append(f"{what}: schema {doc['schema']!r}, expected {schema!r}")
    if has_keys(f"{what} machine", doc["machine"], MACHINE) and doc["machine"]["topology"] is not None:
        has_keys(f"{what} machine.topology", doc["machine"]["topology"], TOPOLOGY)
    has_keys(f"{what} build", doc["build"], BUILD)
    results = doc.get("results", doc.get("games"))
    if not isinstance(results, list) or not results:
        failures.append(f"{what}: no entries")
    else:
        for i, entry in enumerate(results):
            has_keys(f"{what} entry {i}", entry, entry_keys)
    return doc


def run(what, args, ok_codes=(0,), timeout=60):
    """stdout of chesslab ARGS; None (and a failure) when it fails."""
    try:
        p = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        failures.append(f"{what}: no answer in {timeout} s")
        return None
    if p.returncode not in ok_codes:
        failures.append(f"{what}: exit status {p.returncode}: {p.stderr[-400:]}")
        return None
    return p.stdout


def refused(what, args, message):
    """chesslab ARGS exits with status 2, says MESSAGE once on stderr (once
    under mpirun too: rank 0 alone) and nothing on stdout: nothing ran."""
    try:
        p = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        failures.append(f"{what}: no answer in 60 s")
        return
    if p.returncode != 2 or p.stderr.count(message) != 1 or p.stdout:
        failures.append(f"{what}: exit status {p.returncode}, stdout {p.stdout[:200]!r}, stderr {p.stderr[-400:]!r}")


def main():
    tmp = tempfile.mkdtemp(prefix="result_files_")
    try:
        out = lambda name: os.path.join(tmp, name)

        def earlier(name):
            """out(name), holding an earlier file for the run to replace."""
            with open(out(name), "w") as f:
                f.write("earlier\n")
            return out(name)

        bad = os.path.join(tmp, "missing", "x.json")
        cannot = f"cannot write '{bad}': No such file or directory"

        if run("bench movegen", [BIN, "bench", "movegen", "--gens", "mailbox", "--standard", "start:2,kiwipete:1",
                                 "--modes", "bulk,hash", "--threads", "1", "--runs", "2", "--hash", "1",
                                 "--out", earlier("movegen.json")]) is not None:
            doc = check_result_file("bench movegen", out("movegen.json"), "chesslab-bench-movegen/1",
                                    ["method", "results"],
                                    ["kind", "generator", "position", "fen", "depth", "mode", "threads", "hash_mb",
                                     "nodes", "expected", "correct", "seconds", "mnps"])
            if doc and doc.get("results") and len(doc["results"]) != 4:
                failures.append(f"bench movegen: {len(doc['results'])} entries, expected 4")

        with open(out("one.epd"), "w") as f:
            f.write(START.rsplit(" ", 2)[0] + ' id "start";\n')
        if run("bench search", [BIN, "bench", "search", "--smp", "serial,ybwc", "--threads", "1,2", "--depth", "2",
                                "--epd", out("one.epd"), "--runs", "2", "--hash", "1",
                                "--out", earlier("search.json")]) is not None:
            doc = check_result_file("bench search", out("search.json"), "chesslab-bench-search/1",
                                    ["method", "results", "summary"],
                                    ["variant", "threads", "position", "fen", "time_ms", "nodes", "nps", "best_move",
                                     "score", "mate", "depth", "seldepth", "splits", "deferred", "idle_ms", "pus",
                                     "runs"])
            if doc:
                has_keys("bench search method.bootstrap", (doc.get("method") or {}).get("bootstrap"),
                         ["of", "resampled", "interval", "replicates", "level", "seed"])
            if doc and isinstance(doc.get("summary"), list):
                for i, s in enumerate(doc["summary"]):
                    has_keys(f"bench search summary {i}", s,
                             ["variant", "threads", "positions", "speedup", "speedup_interval",
                              "search_overhead", "nps_scaling",
                              "best_move_agreement", "mean_depth", "time_ms_total", "nodes_total", "nps",
                              "splits_per_search", "deferred_per_search", "idle_fraction", "placement"])

        if run("bench stop", [BIN, "bench", "stop", "--smp", "serial,lazy", "--threads", "2", "--runs", "1",
                              "--after", "5", "--movetime", "10", "--hash", "1",
                              "--out", earlier("stop.json")]) is not None:
            check_result_file("bench stop", out("stop.json"), "chesslab-bench-stop/1", ["method", "results"],
                              ["variant", "threads", "stop_latency_ms", "stop_return_ms", "movetime_overrun_ms",
                               "stop_depths"])

        if MPIEXEC and shutil.which(MPIEXEC[0]):
            if run("perft --mpi", MPIEXEC + ["2", BIN, "perft", "--mpi", "--depth", "3", "--position", "start",
                                             "--json", earlier("mpi.json")]) is not None:
                doc = check_result_file("perft --mpi", out("mpi.json"), "chesslab-bench-mpi/1", ["method", "results"],
                                        ["kind", "generator", "position", "fen", "depth", "split_depth", "mode",
                                         "ranks", "threads_per_rank", "threads", "hash_mb", "units", "paths",
                                         "resumed_units", "nodes", "expected", "correct", "expand_seconds",
                                         "seconds", "mnps", "per_rank"])
                if doc and doc.get("results") and doc["results"][0].get("nodes") != 8902:
                    failures.append(f"perft --mpi: nodes {doc['results'][0].get('nodes')}, expected 8902")
            refused("perft --mpi --json (bad path)",
                    MPIEXEC + ["2", BIN, "perft", "--mpi", "--depth", "3", "--json", bad], "--json: " + cannot)
        else:
            print("perft --mpi: skipped (no mpiexec)")

        # match: chesslab against a fake engine whose every move is illegal.
        fake = out("illegal")
        with open(fake, "w") as f:
            f.write('#!/bin/sh\nwhile read -r line; do\n  case "$line" in\n'
                    '    uci) echo "id name fake"; echo "uciok" ;;\n    isready) echo "readyok" ;;\n'
                    '    go*) echo "bestmove a1a1" ;;\n    quit) exit 0 ;;\n  esac\ndone\n')
        os.chmod(fake, 0o755)
        if run("match", [BIN, "match", "--path-b", fake, "--games", "2", "--tc", "10000+10", "--depth", "1",
                         "--hash", "1", "--out", earlier("match.json")]) is not None:
            check_result_file("match", out("match.json"), "chesslab-match/1",
                              ["method", "engines", "games", "score", "elo", "error", "stopped"],
                              ["round", "white", "opening", "result", "a_points", "plies", "termination", "reason",
                               "a_clock", "b_clock"])

        refused("bench movegen --out (bad path)", [BIN, "bench", "movegen", "--out", bad], "--out: " + cannot)
        refused("bench search --out (bad path)", [BIN, "bench", "search", "--depth", "2", "--epd", out("one.epd"),
                                                  "--out", bad], "--out: " + cannot)
        refused("bench stop --out (bad path)", [BIN, "bench", "stop", "--out", bad], "--out: " + cannot)
        refused("match --out (bad path)", [BIN, "match", "--path-b", fake, "--out", bad], "--out: " + cannot)
        left = sorted(name for name in os.listdir(tmp) if name.endswith(".tmp"))
        if left:
            failures.append(f"temporary files left behind: {left}")

        text = run("topology --json", [BIN, "topology", "--json"])
        if text is not None:
            has_keys("topology --json", parse("topology --json", text), TOPOLOGY)

        text = run("game --json", [BIN, "game", "--san", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7", "--json"])
        if text is not None:
            doc = parse("game --json", text)
            if has_keys("game --json", doc, ["generator", "start", "plies", "result", "termination"]):
                if len(doc["plies"]) != 7 or doc["result"] != "1-0":
                    failures.append(f"game --json: {len(doc['plies'])} plies, result {doc['result']!r}")
        pgn = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "games.pgn")
        text = run("game --pgn --json", [BIN, "game", "--pgn", pgn, "--json"], ok_codes=(0, 1))
        if text is not None:
            has_keys("game --pgn --json", parse("game --pgn --json", text),
                     ["file", "generator", "games", "read", "errors"])

        text = run("search --json", [BIN, "search", "--depth", "3", "--json"])
        if text is not None:
            has_keys("search --json", parse("search --json", text),
                     ["fen", "bestmove", "ponder", "score", "depth", "seldepth", "nodes", "time_ms", "nps", "pv",
                      "smp", "threads", "thread_stats"])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    for f in failures:
        print("FAIL", f)
    if failures:
        sys.exit(1)
    print("all result files read back")


main()
