#!/usr/bin/env python3
"""Plots and a markdown table from a `chesslab bench movegen` result file.

    scripts/plot_movegen.py results/RUN.json [--out-dir DIR] [--table FILE] [--peer NAME]

Writes DIR/<RUN>_mnps.png (median Mnps per generator and mode, one thread,
bars per position, min-max error bars), DIR/<RUN>_scaling.png (Mnps against
threads with the ideal linear line, only when the file has several thread
counts) and prints the table of median Mnps (ratio to the peer, if any).
DIR defaults to the folder of RUN.json.
"""
import sys

sys.dont_write_bytecode = True  # keep scripts/ free of __pycache__
import plot_env  # noqa: E402

plot_env.ensure_matplotlib(__file__)

import argparse  # noqa: E402
import os  # noqa: E402
import math  # noqa: E402

import matplotlib  # noqa: E402

matplotlib.use("Agg")  # headless: servers and CI have no display
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import ticker  # noqa: E402

import chesslab_results as cr  # noqa: E402

MODE_ORDER = {"bulk": 0, "full": 1, "hash": 2}


def ordered(values):
    """Unique values in first-seen order (file order is the runner's order)."""
    return list(dict.fromkeys(values))


def sort_modes(labels):
    return sorted(labels, key=lambda m: (MODE_ORDER.get(m.split()[0], 9), m))


def series_order(rows):
    """Our generators first, in file order, then the peers."""
    names = ordered((r["kind"], r["generator"]) for r in rows)
    return [n for n in names if n[0] != "peer"] + [n for n in names if n[0] == "peer"]


def deepest(rows):
    """One row per (kind, generator, mode, threads, position): the deepest
    depth, whose longer run gives the steadier timing."""
    best = {}
    for r in rows:
        k = (r["kind"], r["generator"], cr.mode_label(r), r["threads"], r["position"])
        if k not in best or r["depth"] > best[k]["depth"]:
            best[k] = r
    return best


def depth_text(depths):
    lo, hi = min(depths), max(depths)
    return f"d{lo}" if lo == hi else f"d{lo}-{hi}"


def error_bars(rows):
    return [[r["mnps"]["median"] - r["mnps"]["min"] for r in rows],
            [r["mnps"]["max"] - r["mnps"]["median"] for r in rows]]


def plot_bars(doc, rows, path):
    """(a) one subplot per mode, bars grouped by position, threads == 1."""
    one = [r for r in rows if r["threads"] == 1]
    if not one:
        print("note: no one-thread results: no bar plot", file=sys.stderr)
        return False
    best = deepest(one)
    modes = sort_modes(ordered(cr.mode_label(r) for r in one))
    positions = ordered(r["position"] for r in one)
    fig, axes = plt.subplots(len(modes), 1, figsize=(max(8, 1.6 * len(positions) + 3), 4.2 * len(modes)),
                             squeeze=False, layout="constrained")
    palette = plt.get_cmap("tab10").colors
    # One colour per generator across all subplots; peers are grey and hatched.
    colour_of = {s: palette[i % len(palette)] for i, s in enumerate(series_order(one))}
    peers = [s for s in series_order(one) if s[0] == "peer"]
    hatch_of = {s: ("//", "\\\\", "..", "oo")[i % 4] for i, s in enumerate(peers)}
    any_wrong = False
    for ax, mode in zip(axes[:, 0], modes):
        series = series_order([r for r in one if cr.mode_label(r) == mode])
        width = 0.8 / len(series)
        for i, (kind, gen) in enumerate(series):
            xs, picked = [], []
            for p, pos in enumerate(positions):
                r = best.get((kind, gen, mode, 1, pos))
                if r:
                    xs.append(p - 0.4 + width * (i + 0.5))
                    picked.append(r)
            peer = kind == "peer"
            colour = "0.55" if peer else colour_of[(kind, gen)]
            bars = ax.bar(xs, [r["mnps"]["median"] for r in picked], width, yerr=error_bars(picked),
                          capsize=2, color=colour, edgecolor="black" if peer else colour,
                          hatch=hatch_of.get((kind, gen)), label=f"{gen} (peer)" if peer else gen)
            for bar, r in zip(bars, picked):
                if not r["correct"]:  # a wrong count makes the speed meaningless
                    any_wrong = True
                    bar.set_hatch("xx")
                    bar.set_edgecolor("red")
        labels = []
        for pos in positions:
            depths = [r["depth"] for k, r in best.items() if k[2] == mode and k[4] == pos]
            labels.append(f"{pos}\n{depth_text(depths)}" if depths else pos)
        ax.set_xticks(range(len(positions)), labels)
        ax.set_ylabel("Mnps (median, bars min-max)")
        ax.set_title(f"mode {mode}")
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    title = f"Perft speed, 1 thread\n{cr.machine_line(doc)}"
    if any_wrong:
        title += "\nred cross-hatched: node count differs from the expected one"
    fig.suptitle(title)
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True


def plot_scaling(doc, rows, path):
    """(b) Mnps against threads per position; dashed: ideal linear scaling
    from the smallest thread count measured (normally 1)."""
    groups = {}
    for r in rows:
        k = (r["position"], r["kind"], r["generator"], cr.mode_label(r), r["depth"])
        groups.setdefault(k, {})[r["threads"]] = r
    groups = {k: v for k, v in groups.items() if len(v) > 1}
    if not groups:
        print("note: one thread count only: no scaling plot", file=sys.stderr)
        return False
    positions = ordered(k[0] for k in groups)
    cols = min(3, len(positions))
    nrows = math.ceil(len(positions) / cols)
    fig, axes = plt.subplots(nrows, cols, figsize=(5.5 * cols, 4.5 * nrows), squeeze=False,
                             layout="constrained")
    colours = plt.get_cmap("tab10").colors
    for n, pos in enumerate(positions):
        ax = axes[n // cols][n % cols]
        keys = [k for k in groups if k[0] == pos]
        several_depths = len({k[4] for k in keys}) > 1
        all_threads = set()
        for i, k in enumerate(keys):
            by_threads = groups[k]
            threads = sorted(by_threads)
            all_threads.update(threads)
            picked = [by_threads[t] for t in threads]
            label = f"{k[2]}{' (peer)' if k[1] == 'peer' else ''} {k[3]}" + (f" d{k[4]}" if several_depths else "")
            colour = colours[i % len(colours)]
            ax.errorbar(threads, [r["mnps"]["median"] for r in picked], yerr=error_bars(picked),
                        marker="o", capsize=2, color=colour, label=label)
            base = picked[0]["mnps"]["median"] / threads[0]
            ax.plot(threads, [base * t for t in threads], linestyle="--", color=colour, alpha=0.5)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")  # log-log: ideal scaling is a straight line at any core count
        ax.yaxis.set_major_locator(ticker.LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))
        ax.yaxis.set_minor_formatter(ticker.NullFormatter())
        ticks = sorted(all_threads)
        ax.set_xticks(ticks, [str(t) for t in ticks])
        ax.set_xlabel("threads")
        ax.set_ylabel("Mnps (median, bars min-max)")
        ax.set_title(f"{pos} (dashed: ideal linear)")
        ax.grid(alpha=0.3, which="both")
        ax.legend(fontsize="small")
    for n in range(len(positions), nrows * cols):
        axes[n // cols][n % cols].set_visible(False)
    fig.suptitle(f"Thread scaling\n{cr.machine_line(doc)}")
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return True


def fmt(v):
    return f"{v:.2f}" if v < 10 else f"{v:.1f}"


def choose_peer(rows, wanted):
    peers = ordered(r["generator"] for r in rows if r["kind"] == "peer")
    if wanted:
        if wanted not in peers:
            cr.fail(f"no peer named '{wanted}' in the file (peers: {', '.join(peers) or 'none'})")
        return wanted, None
    if len(peers) == 1:
        return peers[0], None
    if peers:
        return None, f"several peers ({', '.join(peers)}): name one with --peer for ratios"
    return None, None


def table(doc, rows, peer_name):
    """(c) median Mnps per generator x mode x threads (rows) and position
    (columns), at the deepest depth measured; ratio to the peer measured in
    the same run at the same position, depth, mode and threads."""
    peer, peer_note = choose_peer(rows, peer_name)
    best = deepest(rows)
    positions = ordered(r["position"] for r in rows)
    peer_rows = {cr.row_key(r): r for r in rows if r["kind"] == "peer" and r["generator"] == peer}
    lines = ["## Perft speed, median Mnps", "",
             f"{cr.machine_line(doc)}; {cr.build_line(doc)}"]
    method = doc.get("method") or {}
    if method:
        lines.append(f"method: {method.get('statistic', 'median')} of {method.get('runs', '?')} runs after "
                     f"{method.get('warmup_runs', '?')} warm-up, bind {method.get('bind', '?')}")
    heads = []
    for pos in positions:
        depths = [r["depth"] for k, r in best.items() if k[4] == pos]
        heads.append(f"{pos} {depth_text(depths)}")
    lines += ["", "| generator | mode | threads | " + " | ".join(heads) + " | geomean |",
              "|---|---|--:|" + "--:|" * len(positions) + "--:|"]
    kinds = {(r["kind"], r["generator"]) for r in rows}
    wrong = 0
    for kind, gen in series_order(rows):
        for mode in sort_modes(ordered(cr.mode_label(r) for r in rows if (r["kind"], r["generator"]) == (kind, gen))):
            for threads in sorted({r["threads"] for r in rows if (r["kind"], r["generator"]) == (kind, gen)}):
                cells, values = [], []
                for pos in positions:
                    r = best.get((kind, gen, mode, threads, pos))
                    if not r:
                        cells.append("")
                        continue
                    text = fmt(r["mnps"]["median"])
                    values.append(r["mnps"]["median"])
                    ref = peer_rows.get(("peer", peer) + cr.row_key(r)[2:])
                    if ref and kind != "peer" and ref["mnps"]["median"] > 0:
                        text += f" ({r['mnps']['median'] / ref['mnps']['median']:.2f}x)"
                    if not r["correct"]:
                        text += " WRONG"
                        wrong += 1
                    cells.append(text)
                if not values:
                    continue
                geo = ""
                if len(values) == len(positions) > 1 and min(values) > 0:
                    geo = fmt(math.exp(sum(math.log(v) for v in values) / len(values)))
                name = f"{gen} (peer)" if kind == "peer" else gen
                lines.append(f"| {name} | {mode} | {threads} | " + " | ".join(cells) + f" | {geo} |")
    lines.append("")
    if peer:
        lines.append(f"(N.NNx): Mnps divided by {peer}'s, measured in the same run at the same position, "
                     "depth, mode and threads.")
    if peer_note:
        lines.append(peer_note)
    if wrong:
        lines.append(f"WRONG: {wrong} result(s) whose node count differs from the expected one; their speed means nothing.")
    if ("chesslab", peer) in kinds:
        lines.append(f"note: '{peer}' is also a chesslab generator name")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("result", help="a chesslab-bench-movegen/1 JSON file")
    ap.add_argument("--out-dir", help="folder for the PNG files (default: the JSON file's folder)")
    ap.add_argument("--table", help="write the markdown table here instead of stdout")
    ap.add_argument("--peer", help="peer to compute ratios against (default: the only peer in the file)")
    args = ap.parse_args()
    try:
        doc, rows = cr.load(args.result)
    except cr.ResultError as e:
        cr.fail(str(e))
    if not rows:
        cr.fail(f"{args.result}: no results")
    out_dir = args.out_dir or os.path.dirname(os.path.abspath(args.result))
    os.makedirs(out_dir, exist_ok=True)
    stem = os.path.splitext(os.path.basename(args.result))[0]
    text = table(doc, rows, args.peer)
    for name, plot in (("mnps", plot_bars), ("scaling", plot_scaling)):
        path = os.path.join(out_dir, f"{stem}_{name}.png")
        if plot(doc, rows, path):
            print(f"wrote {path}", file=sys.stderr)
    cr.write_table(text, args.table)


if __name__ == "__main__":
    main()
