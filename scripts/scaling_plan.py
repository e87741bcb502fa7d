#!/usr/bin/python3
"""The planning and the report of scripts/scaling_run.sh: which depths and
game counts fit the time budget, and the study's own JSON and Markdown.

    scaling_plan.py start DIR KEY=VALUE...          -> DIR/run.json (the run's settings)
    scaling_plan.py threads MAX                     -> 1,2,4,...,MAX
    scaling_plan.py plan DIR SECONDS CORES THREADS  -> shell assignments; DIR/plan.json
    scaling_plan.py games SECONDS TC                -> game count (even; 0: no match)
    scaling_plan.py report DIR                      -> DIR/study.json, DIR/README.md

`plan` reads the calibration files scaling_run.sh wrote into DIR/calibration
(a perft of the start position, bulk and hash, and serial searches of the
positions at rising depths) and picks, for the perft part and the search
part, the largest work whose estimated time fits its share of SECONDS. The
estimates count the fixed cost of each run (tables cleared, threads
started: the calibration's wall time less its measured time), assume poor
scaling (perft at 75% of linear, search speedup the square root of the
threads, both capped at the cores and shared out when there are more
threads than cores) and add a quarter, so a study finishes early rather
than late. Standard library only.
"""
import glob
import json
import math
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # keep scripts/ free of __pycache__

SCHEMA = "chesslab-scaling-study/1"
SAFETY = 1.25                 # every estimate times this
PERFT_SHARE, SEARCH_SHARE = 0.3, 0.5  # of the time left after calibration; the match gets the rest
PERFT_RUNS, SEARCH_RUNS = 3, 3
PERFT_MODES, BINDS = ("bulk", "hash"), ("compact", "scatter")
VARIANTS = ("lazy", "ybwc", "abdada")  # besides serial, the baseline
# (positions, total published nodes): start and Kiwipete at rising depths.
PERFT_LEVELS = (("start:5,kiwipete:4", 4865609 + 4085603),
                ("start:6,kiwipete:5", 119060324 + 193690690),
                ("start:7,kiwipete:6", 3195901860 + 8031647685))
MIN_DEPTH, MAX_DEPTH = 4, 30
MOVES_PER_SIDE = 60           # in a long game, for the clock estimate


def read_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def thread_counts(most):
    """1, 2, 4, ... up to most, and most itself when not a power of two."""
    counts, t = [], 1
    while t <= most:
        counts.append(t)
        t *= 2
    if counts[-1] != most:
        counts.append(most)
    return counts


def perft_seconds(nodes, mnps, run_cost, threads, cores):
    """One bench movegen file: every mode, thread count, warm-up and run,
    each run_cost seconds beside its counting."""
    total = 0.0
    for mode in PERFT_MODES:
        for t in threads:
            usable = min(t, cores)
            rate = mnps[mode] * 1e6 * (usable * 0.75 if usable > 1 else 1)
            total += (PERFT_RUNS + 1) * (run_cost + nodes / rate)
    return total * SAFETY


def search_speedup(t, cores):
    """A pessimistic speedup: sqrt of the cores used, shared out when
    there are more threads than cores."""
    return math.sqrt(min(t, cores)) * min(1.0, cores / t)


def serial_seconds(calibration, depth):
    """Serial time over all positions at depth: measured, or extrapolated
    from the deepest calibration by the larger of the last growth factor
    and the mean of the last two (odd and even depths grow unevenly)."""
    if depth in calibration:
        return calibration[depth]
    deepest = max(calibration)
    if depth < deepest:
        return calibration[min(d for d in calibration if d >= depth)]
    ratios = [calibration[d] / calibration[d - 1] for d in sorted(calibration)
              if d - 1 in calibration and calibration[d - 1] > 0]
    growth = max([1.5] + ratios[-1:] + ([math.sqrt(ratios[-1] * ratios[-2])] if len(ratios) > 1 else []))
    return calibration[deepest] * growth ** (depth - deepest)


def search_seconds(serial_s, search_cost, positions, threads, cores):
    """The whole bench search: serial once, then every variant x count,
    each with a warm-up search of one position and the counted runs, each
    search search_cost seconds beside its searching."""
    total = 0.0
    for t in [1] + [t for _ in VARIANTS for t in threads]:
        total += (SEARCH_RUNS * positions + 1) * search_cost
        total += (SEARCH_RUNS + 1 / positions) * serial_s / search_speedup(t, cores)
    return total * SAFETY


def median(values):
    ordered = sorted(values)
    return ordered[(len(ordered) - 1) // 2] if ordered else 0.0


def load_calibration(folder):
    """Perft Mnps per mode and the fixed cost of one perft run; serial
    search seconds by depth and the fixed cost of one search; positions."""
    walls = {s["step"]: s["seconds"] for s in read_steps(folder) if s["status"] == "done"}
    cal = os.path.join(folder, "calibration")
    perft = read_json(os.path.join(cal, "perft.json"))
    rows = perft["results"]
    mnps = {r["mode"]: r["mnps"]["median"] for r in rows}
    counting = sum(2 * r["seconds"]["median"] for r in rows)  # the warm-up and the run of each mode
    perft_cost = max(0.0, walls.get("calibrate-perft", 0.0) - counting) / (2 * len(rows))
    search, costs, positions = {}, [], 1
    for path in glob.glob(os.path.join(cal, "search-d*.json")):
        doc = read_json(path)
        depth, positions = doc["method"]["limit_value"], doc["method"]["position_count"]
        search[depth] = doc["summary"][0]["time_ms_total"] / 1000
        wall = walls.get(f"calibrate-search-d{depth}")
        if wall is not None:  # the warm-up searched one position more
            costs.append(max(0.0, wall - search[depth] * (1 + 1 / positions)) / (positions + 1))
    return mnps, perft_cost, search, median(costs), positions


def plan(folder, seconds, cores, threads_text):
    threads = [int(t) for t in threads_text.split(",")]
    mnps, perft_cost, calibration, search_cost, positions = load_calibration(folder)
    if not calibration:
        sys.exit("scaling_plan.py: no serial search finished in the calibration: no plan")
    perft_budget, search_budget = seconds * PERFT_SHARE, seconds * SEARCH_SHARE
    per_file = {spec: perft_seconds(nodes, mnps, perft_cost, threads, cores) for spec, nodes in PERFT_LEVELS}
    fitting = [spec for spec, _ in PERFT_LEVELS if per_file[spec] * len(BINDS) <= perft_budget]
    perft_spec = fitting[-1] if fitting else PERFT_LEVELS[0][0]
    cost = lambda d: search_seconds(serial_seconds(calibration, d), search_cost, positions, threads, cores)
    depths = [d for d in range(MIN_DEPTH, MAX_DEPTH + 1) if cost(d) <= search_budget]
    depth = depths[-1] if depths else MIN_DEPTH
    estimate = cost(depth)
    doc = {
        "seconds_planned_for": round(seconds, 1), "cores": cores, "threads": threads,
        "calibration": {"perft_mnps_1_thread": mnps, "perft_seconds_per_run_beside_counting": round(perft_cost, 4),
                        "search_seconds_per_search_beside_searching": round(search_cost, 4),
                        "serial_seconds_by_depth": {str(d): round(s, 3) for d, s in sorted(calibration.items())}},
        "perft": {"positions": perft_spec, "modes": list(PERFT_MODES), "binds": list(BINDS), "runs": PERFT_RUNS,
                  "estimated_seconds": round(per_file[perft_spec] * len(BINDS), 1),
                  "budget_seconds": round(perft_budget, 1),
                  "why": f"the deepest of {', '.join(s for s, _ in PERFT_LEVELS)} whose estimate fits "
                         f"{PERFT_SHARE:.0%} of the time left after calibration"},
        "search": {"variants": ["serial", *VARIANTS], "depth": depth, "runs": SEARCH_RUNS,
                   "estimated_seconds": round(estimate, 1), "budget_seconds": round(search_budget, 1),
                   "why": f"depth {depth}: the deepest (from {MIN_DEPTH}) whose estimated time fits "
                          f"{SEARCH_SHARE:.0%} of the time left after calibration, extrapolated from serial "
                          f"searches to depth {max(calibration)}"},
        "estimates": "the calibration's fixed cost per run or search, plus perft at 75% of linear scaling and "
                     "search speedup sqrt(threads), both capped at the cores and shared out beyond them, "
                     f"then x{SAFETY}",
    }
    with open(os.path.join(folder, "plan.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2)
    print(f"PERFT_SPEC={perft_spec}\nPERFT_ESTIMATE={doc['perft']['estimated_seconds']:.0f}\n"
          f"SEARCH_DEPTH={depth}\nSEARCH_ESTIMATE={estimate:.0f}")


def games(seconds, tc):
    """Games (in colour-swapped pairs) whose clocks fit in seconds: each
    game at most both sides' base time and increments over long games."""
    base_ms, inc_ms = (int(x) for x in tc.split("+"))
    per_game = 2 * (base_ms + inc_ms * MOVES_PER_SIDE) / 1000 * SAFETY
    count = int(seconds / per_game) // 2 * 2
    print(min(count, 400) if count >= 4 else 0)


def start(folder, pairs):
    """run.json: what the shell script knows of the run (numbers as numbers)."""
    settings = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        try:
            settings[key] = float(value) if "." in value else int(value)
        except ValueError:
            settings[key] = value
    with open(os.path.join(folder, "run.json"), "w", encoding="utf-8") as f:
        json.dump(settings, f, indent=2)


def git(*args):
    try:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def read_steps(folder):
    steps = []
    with open(os.path.join(folder, "steps.tsv"), encoding="utf-8") as f:
        for line in f:
            name, status, seconds, planned, file, note = line.rstrip("\n").split("\t")
            steps.append({"step": name, "status": status, "seconds": float(seconds),
                          "estimated_seconds": float(planned) if planned else None,
                          "file": file or None, "note": note or None})
    return steps


def match_lines(folder, steps):
    """A line per finished match: score, Elo and its error, time losses."""
    lines = []
    for s in steps:
        if s["step"] != "match" or s["status"] != "done":
            continue
        doc = read_json(os.path.join(folder, s["file"]))
        score, elo, engines = doc["score"], doc["elo"], doc["engines"]
        error = "inf" if elo.get("error_95") is None else f"{elo['error_95']:.0f}"
        difference = "-" if elo.get("difference") is None else f"{elo['difference']:+.0f}"
        lines += ["", "## Match", "",
                  f"{engines['A']['options']} against {engines['B']['options']}: {score['games']} games "
                  f"({doc['method']['base_ms']}+{doc['method']['inc_ms']} ms), W-D-L {score['wins']}-"
                  f"{score['draws']}-{score['losses']}, Elo {difference} +/- {error}, losses on time "
                  f"A {score['time_losses']['A']}, B {score['time_losses']['B']} ({s['file']})."]
    return lines


def report(folder):
    """study.json (machine, method, commit, steps) and README.md (the same
    in words, then every table the run made)."""
    env = read_json(os.path.join(folder, "run.json"))
    topology = read_json(os.path.join(folder, "topology.json"))
    plan_path = os.path.join(folder, "plan.json")
    method = read_json(plan_path) if os.path.exists(plan_path) else None
    steps = read_steps(folder)
    dirty = git("status", "--porcelain", "--untracked-files=no")
    doc = {"schema": SCHEMA, "date": env["date"], "name": env["name"],
           "machine": {"cpu_model": env["cpu_model"], "cores": topology.get("cores"), "pus": topology.get("pus"),
                       "topology": topology, "lscpu": "lscpu.txt"},
           "build": {"commit": git("rev-parse", "--short=12", "HEAD"), "dirty": bool(dirty),
                     "binary": env["binary"], "build_type": "Release"},
           "method": {"budget_seconds": env["budget_seconds"], "max_threads": env["max_threads"],
                      "oversubscribed": env["max_threads"] > (topology.get("cores") or 0),
                      "plan": method, "match_tc": env["match_tc"]},
           "steps": steps}
    with open(os.path.join(folder, "study.json"), "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2)
    lines = [f"# Scaling study: {env['name']}", "",
             f"{env['cpu_model']}, {topology.get('cores')} cores, {topology.get('pus')} PUs, "
             f"{topology.get('packages')} package(s), {topology.get('numa_nodes')} NUMA node(s); "
             f"{env['date']}; commit {doc['build']['commit']}{'+dirty' if dirty else ''}", "",
             f"Made by `scripts/scaling_run.sh {env['budget_minutes']}` (budget {env['budget_seconds']:.0f} s, "
             f"threads up to {env['max_threads']}).", ""]
    if doc["method"]["oversubscribed"]:
        lines += ["**More threads than cores: a check of the code paths, not scaling figures.**", ""]
    if method:
        lines += [f"- perft: {method['perft']['positions']}, {method['perft']['why']}",
                  f"- search: {method['search']['why']}", ""]
    lines += ["| step | status | seconds | estimated | file | note |", "|---|---|--:|--:|---|---|"]
    for s in steps:
        est = "" if s["estimated_seconds"] is None else f"{s['estimated_seconds']:.0f}"
        lines.append(f"| {s['step']} | {s['status']} | {s['seconds']:.0f} | {est} | {s['file'] or ''} "
                     f"| {s['note'] or ''} |")
    lines += match_lines(folder, steps)
    for table in sorted(glob.glob(os.path.join(folder, "*.md"))):
        if os.path.basename(table) != "README.md":
            with open(table, encoding="utf-8") as f:
                lines += ["", f.read().rstrip()]
    with open(os.path.join(folder, "README.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {os.path.join(folder, 'study.json')} and README.md", file=sys.stderr)


def main():
    args = sys.argv[1:]
    if args[:1] == ["start"] and len(args) >= 2:
        return start(args[1], args[2:])
    commands = {"threads": (1, lambda a: print(",".join(map(str, thread_counts(int(a[0])))))),
                "plan": (4, lambda a: plan(a[0], float(a[1]), int(a[2]), a[3])),
                "games": (2, lambda a: games(float(a[0]), a[1])),
                "report": (1, lambda a: report(a[0]))}
    if not args or args[0] not in commands or len(args) - 1 != commands[args[0]][0]:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        sys.exit(2)
    commands[args[0]][1](args[1:])


if __name__ == "__main__":
    main()
