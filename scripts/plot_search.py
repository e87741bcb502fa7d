#!/usr/bin/env python3
"""Plots and a markdown table from a `chesslab bench search` result file.

    scripts/plot_search.py results/RUN.json [--out-dir DIR] [--table FILE]

Writes DIR/<RUN>_speedup.png (time-to-depth speedup against threads per
SMP variant, bars for its 95% bootstrap interval where the file has one,
the ideal linear speedup dashed; not for --movetime runs, which have no
speedup) and DIR/<RUN>_nps.png (NPS against serial on one thread,
per variant, the ideal line dashed), and prints the summary as a markdown
table (or writes it to FILE). DIR defaults to the folder of RUN.json.
"""
import sys

sys.dont_write_bytecode = True  # keep scripts/ free of __pycache__
import plot_env  # noqa: E402

plot_env.ensure_matplotlib(__file__)

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import textwrap  # noqa: E402

import matplotlib  # noqa: E402

matplotlib.use("Agg")  # headless: servers and CI have no display
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import ticker  # noqa: E402

import chesslab_results as cr  # noqa: E402

SCHEMA = "chesslab-bench-search/1"
VARIANT_ORDER = {"serial": 0, "lazy": 1, "ybwc": 2, "abdada": 3}
SUMMARY_FIELDS = ("variant", "threads", "speedup", "search_overhead", "nps_scaling", "best_move_agreement")


def load(path):
    """Returns (document, summary rows), or fails with one line naming the file."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except OSError as e:
        cr.fail(f"{path}: cannot read: {e.strerror}")
    except json.JSONDecodeError as e:
        cr.fail(f"{path}: not JSON: line {e.lineno}: {e.msg}")
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
        found = doc.get("schema") if isinstance(doc, dict) else type(doc).__name__
        cr.fail(f"{path}: schema is {found!r}, expected {SCHEMA!r}")
    rows = doc.get("summary")
    if not isinstance(rows, list) or not rows:
        cr.fail(f"{path}: 'summary' is missing, empty or not a list")
    for i, row in enumerate(rows):
        missing = [f for f in SUMMARY_FIELDS if not isinstance(row, dict) or f not in row]
        if missing:
            cr.fail(f"{path}: summary[{i}]: missing '{missing[0]}'")
        if not isinstance(row["threads"], int) or row["threads"] < 1:
            cr.fail(f"{path}: summary[{i}]: 'threads' must be a positive integer")
    return doc, rows


def variants(rows):
    names = dict.fromkeys(r["variant"] for r in rows)
    return sorted(names, key=lambda v: (VARIANT_ORDER.get(v, 9), v))


def method_line(doc):
    m = doc.get("method") or {}
    return (f"{m.get('limit', '?')} {m.get('limit_value', '?')}, {m.get('position_count', '?')} positions "
            f"({os.path.basename(str(m.get('positions', '?')))}), median of {m.get('runs', '?')} runs after a "
            f"warm-up, hash {m.get('hash_mb', '?')} MB, bind {m.get('bind', '?')}, table cleared before each search")


def interval_of(row, field):
    """(low, high) of the field's bootstrap interval, or None (older files,
    movetime runs, fields without one)."""
    ci = row.get(f"{field}_interval")
    if isinstance(ci, dict) and all(isinstance(ci.get(k), (int, float)) for k in ("low", "high")):
        return ci["low"], ci["high"]
    return None


def plot_ratio(doc, rows, field, ylabel, title, path):
    """One line per variant: field against threads; serial (one thread) is
    the point (1, 1) every line is measured from. Dashed: ideal y = threads.
    Error bars: the field's bootstrap interval, where the file has one."""
    series, intervals = {}, {}
    for r in rows:
        if isinstance(r.get(field), (int, float)):
            series.setdefault(r["variant"], {})[r["threads"]] = r[field]
            intervals.setdefault(r["variant"], {})[r["threads"]] = interval_of(r, field)
    if not series:
        print(f"note: no '{field}' values (a --movetime run?): no {os.path.basename(path)}", file=sys.stderr)
        return False
    threads = sorted({t for s in series.values() for t in s})
    with_bars = False
    fig, ax = plt.subplots(figsize=(7, 5), layout="constrained")
    ax.plot(threads, threads, linestyle="--", color="black", alpha=0.6, label="ideal")
    colours = plt.get_cmap("tab10").colors
    for i, variant in enumerate(variants(rows)):
        points = series.get(variant)
        if not points:
            continue
        xs = sorted(points)
        marker = "s" if variant == "serial" else "o"
        ys = [points[t] for t in xs]
        cis = [intervals[variant][t] for t in xs]
        yerr = None
        if all(cis):
            yerr = [[max(0.0, y - ci[0]) for y, ci in zip(ys, cis)], [max(0.0, ci[1] - y) for y, ci in zip(ys, cis)]]
            with_bars = True
        # Variants side by side (a few percent apart on the log axis), so
        # their bars do not hide each other.
        shift = 2 ** (0.025 * (i - 1.5)) if yerr else 1.0
        ax.errorbar([x * shift for x in xs], ys, yerr=yerr, marker=marker, capsize=3, color=colours[i % len(colours)],
                    linestyle="-" if len(xs) > 1 else "none", label=variant)
    if threads[-1] > threads[0]:
        ax.set_xscale("log", base=2)
        ax.set_yscale("log", base=2)  # log-log: ideal scaling is a straight line at any core count
        ax.yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))
        ax.yaxis.set_minor_formatter(ticker.NullFormatter())
    ax.set_xticks(threads, [str(t) for t in threads])
    ax.set_xlabel("threads")
    ax.set_ylabel(ylabel)
    if with_bars:
        title += f" (bars: {bootstrap_text(doc)})"
    ax.set_title(f"{title}\n{cr.machine_line(doc)}\n" + textwrap.fill(method_line(doc), 90), fontsize="small")
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize="small")
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True


def bootstrap_text(doc):
    boot = (doc.get("method") or {}).get("bootstrap") or {}
    level = boot.get("level")
    return (f"{level * 100:g}% bootstrap interval" if isinstance(level, (int, float)) else "bootstrap interval")


def interval_text(row, field):
    ci = interval_of(row, field)
    return "-" if ci is None else f"{ci[0]:.2f}-{ci[1]:.2f}"


def num(v, digits=2):
    return "-" if not isinstance(v, (int, float)) else f"{v:.{digits}f}"


def table(doc, rows):
    lines = ["## Parallel search, against serial on one thread", "",
             f"{cr.machine_line(doc)}; {cr.build_line(doc)}", "", f"method: {method_line(doc)}", "",
             "| variant | threads | speedup | 95% interval | search overhead | NPS scaling | best move = serial "
             "| mean depth | idle % | splits/search | deferred/search |",
             "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for variant in variants(rows):
        for r in sorted((r for r in rows if r["variant"] == variant), key=lambda r: r["threads"]):
            idle = r.get("idle_fraction")
            lines.append(f"| {variant} | {r['threads']} | {num(r['speedup'])} | {interval_text(r, 'speedup')} "
                         f"| {num(r['search_overhead'])} "
                         f"| {num(r['nps_scaling'])} | {num(r['best_move_agreement'])} "
                         f"| {num(r.get('mean_depth'), 1)} "
                         f"| {num(idle * 100 if isinstance(idle, (int, float)) else None, 1)} "
                         f"| {num(r.get('splits_per_search'), 0)} | {num(r.get('deferred_per_search'), 0)} |")
    lines += ["", "speedup: geometric mean over the positions of time(serial, 1 thread) / time(variant); "
              f"95% interval: the speedup's {bootstrap_text(doc)} (positions and runs resampled, fixed seed); "
              "search overhead: the same for nodes(variant) / nodes(serial); NPS scaling: NPS(variant) / "
              "NPS(serial, 1 thread); best move = serial: fraction of the runs that played serial's move."]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("result", help="a chesslab-bench-search/1 JSON file")
    ap.add_argument("--out-dir", help="folder for the PNG files (default: the JSON file's folder)")
    ap.add_argument("--table", help="write the markdown table here instead of stdout")
    args = ap.parse_args()
    doc, rows = load(args.result)
    out_dir = args.out_dir or os.path.dirname(os.path.abspath(args.result))
    os.makedirs(out_dir, exist_ok=True)
    stem = os.path.splitext(os.path.basename(args.result))[0]
    plots = (("speedup", "speedup", "speedup (time to depth of serial / variant)", "Time-to-depth speedup"),
             ("nps", "nps_scaling", "NPS / NPS of serial on 1 thread", "NPS scaling"))
    for name, field, ylabel, title in plots:
        path = os.path.join(out_dir, f"{stem}_{name}.png")
        if plot_ratio(doc, rows, field, ylabel, title, path):
            print(f"wrote {path}", file=sys.stderr)
    text = table(doc, rows)
    cr.write_table(text, args.table)


if __name__ == "__main__":
    main()
