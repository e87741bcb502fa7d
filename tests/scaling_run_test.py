#!/usr/bin/python3
"""scripts/scaling_run.sh end to end at a tiny budget on a built binary:
it plans from its calibration, runs every step or reports it cut or
skipped (never failed), keeps its steps within its budget, and writes study.json,
plan.json and README.md, with every finished step's JSON readable. Three
threads: a count that is not a power of two, and more threads than cores
on small machines; the first four Bratko-Kopec positions (EPD), so the
search fits the budget too. Bad arguments exit with status 2.

Usage: scaling_run_test.py SCRIPT CHESSLAB DATA_DIR"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

SCRIPT, BIN, DATA = sys.argv[1:4]
BUDGET_MINUTES = 0.5
failures = []


def check(what, ok):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def main():
    tmp = tempfile.mkdtemp(prefix="scaling_run_")
    out = os.path.join(tmp, "study")
    epd = os.path.join(tmp, "bk4.epd")
    with open(os.path.join(DATA, "bk.epd"), encoding="utf-8") as f, open(epd, "w", encoding="utf-8") as g:
        g.writelines(f.readlines()[:4])
    env = dict(os.environ, EPD=epd)
    try:
        for bad in (["0"], ["--bogus"]):
            p = subprocess.run([SCRIPT, *bad, "--bin", BIN, "--out", out], env=env, capture_output=True, text=True)
            check(f"{' '.join(bad)}: exit status 2", p.returncode == 2)
        began = time.monotonic()
        p = subprocess.run([SCRIPT, str(BUDGET_MINUTES), "--bin", BIN, "--max-threads", "3", "--out", out],
                           env=env, capture_output=True, text=True, timeout=300)
        took = time.monotonic() - began
        check("exit status 0" + ("" if p.returncode == 0 else f" (got {p.returncode}: {p.stderr[-300:]!r})"),
              p.returncode == 0)
        with open(os.path.join(out, "study.json"), encoding="utf-8") as f:
            study = json.load(f)
        # The budget is kept by the steps: each runs under a timeout at the
        # time left (less the reserve), killed 5 s after it, so only the last
        # can end past the deadline, by those 5 s and its own start and end
        # (process launches: 20 s allowed, however slow the build). A step
        # run without its timeout fails this. The whole run is printed, not
        # bounded (but by the hang guard above): the untimed plots and
        # report after the steps (Python, matplotlib, a first font cache)
        # take what a loaded machine gives them, tens of seconds at worst.
        steps_s = sum(s["seconds"] for s in study["steps"])
        check(f"steps within the budget ({steps_s:.1f} s of {BUDGET_MINUTES * 60:.0f}; the whole run {took:.1f} s)",
              steps_s < BUDGET_MINUTES * 60 + 20)
        check("study schema", study.get("schema") == "chesslab-scaling-study/1")
        check("study has machine, build, method, steps", all(k in study for k in ("machine", "build", "method", "steps")))
        check("commit recorded", bool(study["build"].get("commit")))
        plan = study["method"]["plan"]
        check("threads 1,2,3", plan["threads"] == [1, 2, 3])
        check("search depth chosen and explained", plan["search"]["depth"] >= 4 and "depth" in plan["search"]["why"])
        steps = {s["step"]: s for s in study["steps"]}
        for s in study["steps"]:
            print(f"     {s['step']}: {s['status']} in {s['seconds']:.1f} s")
        for name in ("calibrate-perft", "calibrate-search-d5", "perft-compact", "perft-scatter", "search", "match"):
            check(f"step {name} logged", name in steps)
        check("no step failed", all(s["status"] in ("done", "cut", "skipped") for s in study["steps"]))
        for s in study["steps"]:
            if s["status"] == "done" and s["file"] and s["file"].endswith(".json"):
                with open(os.path.join(out, s["file"]), encoding="utf-8") as f:
                    json.load(f)
        if steps.get("search", {}).get("status") == "done":
            check("search table made", os.path.exists(os.path.join(out, "search.md")))
        check("README.md says more threads than cores (when so)",
              not study["method"]["oversubscribed"] or
              "More threads than cores" in open(os.path.join(out, "README.md"), encoding="utf-8").read())
        for name in ("topology.json", "lscpu.txt", "gens.txt"):
            check(f"{name} recorded", os.path.getsize(os.path.join(out, name)) > 0)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        sys.exit(f"{len(failures)} check(s) failed")
    print("scaling_run.sh works")


main()
