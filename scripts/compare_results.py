#!/usr/bin/env python3
"""Markdown table of B/A median Mnps ratios between two result files.

    scripts/compare_results.py A.json B.json

Rows pair results with the same kind, generator, position, depth, mode,
threads and hash size. Standard library only (no matplotlib needed).
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True  # keep scripts/ free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import chesslab_results as cr  # noqa: E402

WARNING = ("> **Cross-run ratios are less trustworthy than same-run ratios.** A and B were measured "
           "in separate runs: clock boost, temperature, other load, memory placement and the build "
           "may differ between them. Prefer ratios between results of one file (plot_movegen.py's "
           "table); read these as indications, and distrust differences of a few percent.")


def fmt(v):
    return f"{v:.2f}" if v < 10 else f"{v:.1f}"


def describe(label, path, doc):
    return f"- {label}: `{path}`: {cr.machine_line(doc)}; {cr.build_line(doc)}"


def notes_for(a, b):
    """Why a ratio may mislead: wrong counts, different work, overlap."""
    notes = []
    if not a["correct"] or not b["correct"]:
        notes.append("WRONG count in " + " and ".join(n for n, r in (("A", a), ("B", b)) if not r["correct"]))
    if a["nodes"] != b["nodes"]:
        notes.append("node counts differ")
    if a["mnps"]["min"] <= b["mnps"]["max"] and b["mnps"]["min"] <= a["mnps"]["max"]:
        notes.append("min-max ranges overlap")
    return "; ".join(notes)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("a", metavar="A.json", help="the reference result file")
    ap.add_argument("b", metavar="B.json", help="the result file compared with A")
    args = ap.parse_args()
    try:
        doc_a, rows_a = cr.load(args.a)
        doc_b, rows_b = cr.load(args.b)
    except cr.ResultError as e:
        cr.fail(str(e))
    by_key_a = {cr.row_key(r): r for r in rows_a}
    by_key_b = {cr.row_key(r): r for r in rows_b}
    common = [k for k in by_key_a if k in by_key_b]  # A's order
    if not common:
        cr.fail("no result appears in both files (same generator, position, depth, mode, threads)")

    out = ["## B / A: median Mnps", "", describe("A", args.a, doc_a), describe("B", args.b, doc_b), "", WARNING]
    cpu_a = (doc_a.get("machine") or {}).get("cpu_model")
    cpu_b = (doc_b.get("machine") or {}).get("cpu_model")
    if cpu_a != cpu_b:
        out.append(f">\n> The files come from different CPUs ({cpu_a or '?'} and {cpu_b or '?'}).")
    out += ["", "| generator | position | depth | mode | threads | A Mnps | B Mnps | B/A | note |",
            "|---|---|--:|---|--:|--:|--:|--:|---|"]
    for k in common:
        a, b = by_key_a[k], by_key_b[k]
        ma, mb = a["mnps"]["median"], b["mnps"]["median"]
        ratio = f"{mb / ma:.3f}" if ma > 0 else "n/a"
        name = f"{a['generator']} (peer)" if a["kind"] == "peer" else a["generator"]
        out.append(f"| {name} | {a['position']} | {a['depth']} | {cr.mode_label(a)} | {a['threads']} | "
                   f"{fmt(ma)} | {fmt(mb)} | {ratio} | {notes_for(a, b)} |")
    only_a = len(by_key_a) - len(common)
    only_b = len(by_key_b) - len(common)
    out.append("")
    if only_a or only_b:
        out.append(f"Not compared: {only_a} result(s) only in A, {only_b} only in B.")
    out.append("min-max ranges overlap: the difference is within the spread of the runs.")
    print("\n".join(out))


if __name__ == "__main__":
    main()
