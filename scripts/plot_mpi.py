#!/usr/bin/env python3
"""Combines `chesslab perft --mpi --json` files into one MPI scaling result
file and plots Mnps against ranks.

    scripts/plot_mpi.py OUT.json RUN.json... [--png OUT.png]

Runs of the same case (generator, position, depth, split, threads per rank,
hash) and rank count become one result with the median, min and max over
the runs (schema chesslab-bench-mpi/1, results/FORMAT.md); the per-rank
statistics are those of the median run. The plot has one line per case and
a dashed line of ideal linear scaling from the fewest ranks measured.
"""
import argparse
import json
import os
import statistics
import sys

sys.dont_write_bytecode = True
SCHEMA = "chesslab-bench-mpi/1"


def load(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("schema") != SCHEMA:
        sys.exit(f"error: {path}: schema is {doc.get('schema')!r}, expected {SCHEMA!r}")
    return doc


def case_key(r):
    return (r["generator"], r["position"], r["depth"], r["split_depth"], r["mode"], r["threads_per_rank"], r["hash_mb"])


def combine(docs):
    groups = {}
    for doc in docs:
        for r in doc["results"]:
            groups.setdefault((case_key(r), r["ranks"]), []).append(r)
    results = []
    for (_, ranks), runs in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1])):
        times = [r["seconds"]["median"] for r in runs]
        med = statistics.median(times)
        median_run = min(runs, key=lambda r: abs(r["seconds"]["median"] - med))
        if len({str(r["nodes"]) for r in runs}) != 1:
            sys.exit(f"error: runs of {case_key(runs[0])} on {ranks} ranks disagree on the count")
        out = dict(median_run)
        nodes = float(out["nodes"])
        out["seconds"] = {"median": med, "min": min(times), "max": max(times), "runs": times}
        out["mnps"] = {"median": nodes / med / 1e6, "min": nodes / max(times) / 1e6, "max": nodes / min(times) / 1e6}
        out["correct"] = all(r["correct"] is not False for r in runs) if runs[0]["correct"] is not None else None
        results.append(out)
    head = dict(docs[0])
    head["method"] = dict(head["method"], runs=max(len(v) for v in groups.values()))
    head["results"] = results
    return head


def plot(doc, path):
    import matplotlib
    matplotlib.use("Agg")  # headless
    import matplotlib.pyplot as plt
    cases = {}
    for r in doc["results"]:
        cases.setdefault(case_key(r), []).append(r)
    fig, ax = plt.subplots(figsize=(6, 4.5), layout="constrained")
    for i, (key, rows) in enumerate(cases.items()):
        rows.sort(key=lambda r: r["ranks"])
        ranks = [r["ranks"] for r in rows]
        mnps = [r["mnps"]["median"] for r in rows]
        err = [[r["mnps"]["median"] - r["mnps"]["min"] for r in rows], [r["mnps"]["max"] - r["mnps"]["median"] for r in rows]]
        colour = plt.get_cmap("tab10").colors[i % 10]
        label = f"{key[1]} d{key[2]} split {key[3]}, {key[0]} {key[4]}, {key[5]} thr/rank"
        ax.errorbar(ranks, mnps, yerr=err, marker="o", capsize=2, color=colour, label=label)
        ax.plot(ranks, [mnps[0] / ranks[0] * n for n in ranks], linestyle="--", color=colour, alpha=0.5)
    all_ranks = sorted({r["ranks"] for r in doc["results"]})
    ax.set_xticks(all_ranks, [str(n) for n in all_ranks])
    ax.set_xlabel("MPI ranks (rank 0 counts too)")
    ax.set_ylabel("Mnps (median, bars min-max)")
    m = doc["machine"]
    topo = m.get("topology", {})
    ax.set_title(f"perft --mpi scaling (dashed: ideal)\n{m.get('cpu_model', '?')}, {topo.get('cores', '?')} cores",
                 fontsize="medium")
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small")
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="combined JSON file to write")
    ap.add_argument("runs", nargs="+", help="chesslab perft --mpi --json files")
    ap.add_argument("--png", help="plot file (default: OUT with .png)")
    args = ap.parse_args()
    doc = combine([load(p) for p in args.runs])
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    png = args.png or os.path.splitext(args.out)[0] + ".png"
    plot(doc, png)
    for r in doc["results"]:
        print(f"{r['position']:>10} d{r['depth']} ranks {r['ranks']}: {r['nodes']} nodes, "
              f"{r['seconds']['median']:.3f} s median, {r['mnps']['median']:.1f} Mnps")
    print(f"wrote {args.out} and {png}", file=sys.stderr)


if __name__ == "__main__":
    main()
