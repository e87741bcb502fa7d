"""Reading `chesslab-bench-movegen/1` result files (see results/FORMAT.md).

Shared by plot_movegen.py, plot_search.py and compare_results.py. Standard
library only, so that the table scripts run with any Python 3.9+.
"""
import json
import signal
import sys

# Quiet exit when the reader goes away (`... | head`), as Unix tools do.
signal.signal(signal.SIGPIPE, signal.SIG_DFL)

SCHEMA = "chesslab-bench-movegen/1"

# Fields every result row must carry for the plots and tables to be honest.
REQUIRED = ("kind", "generator", "position", "depth", "mode", "threads", "nodes", "correct", "mnps")
MNPS_FIELDS = ("median", "min", "max")


class ResultError(Exception):
    """A result file that cannot be used; the message names file and field."""


def load(path):
    """Returns (document, rows); rows are the validated `results` entries."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except OSError as e:
        raise ResultError(f"{path}: cannot read: {e.strerror}") from e
    except json.JSONDecodeError as e:
        raise ResultError(f"{path}: not JSON: line {e.lineno}: {e.msg}") from e
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA:
        found = doc.get("schema") if isinstance(doc, dict) else type(doc).__name__
        raise ResultError(f"{path}: schema is {found!r}, expected {SCHEMA!r}")
    rows = doc.get("results")
    if not isinstance(rows, list):
        raise ResultError(f"{path}: 'results' is missing or not a list")
    for i, row in enumerate(rows):
        where = f"{path}: results[{i}]"
        if not isinstance(row, dict):
            raise ResultError(f"{where}: not an object")
        for field in REQUIRED:
            if field not in row:
                raise ResultError(f"{where}: missing '{field}'")
        mnps = row["mnps"]
        if not isinstance(mnps, dict) or not all(isinstance(mnps.get(k), (int, float)) for k in MNPS_FIELDS):
            raise ResultError(f"{where}: 'mnps' needs numeric median, min and max")
        if not isinstance(row["threads"], int) or row["threads"] < 1:
            raise ResultError(f"{where}: 'threads' must be a positive integer")
    return doc, rows


def mode_label(row):
    """Mode name; hash mode carries its table size, since sizes differ in speed."""
    if row["mode"] == "hash" and row.get("hash_mb"):
        return f"hash {row['hash_mb']}MB"
    return row["mode"]


def row_key(row):
    """What must match for two rows to measure the same work."""
    return (row["kind"], row["generator"], row["position"], row["depth"], row["mode"],
            row["threads"], row.get("hash_mb", 0))


def machine_line(doc):
    """`CPU model, date` for titles and table headers."""
    cpu = (doc.get("machine") or {}).get("cpu_model") or "unknown CPU"
    return f"{cpu}, {doc.get('date') or 'undated'}"


def build_line(doc):
    build = doc.get("build") or {}
    commit = build.get("commit") or "?"
    if build.get("dirty"):
        commit += "+dirty"
    flags = " ".join(str(build.get("flags", "")).split())
    return f"{build.get('compiler', '?')} {flags}".strip() + f", commit {commit}"


def fail(message):
    """One line on stderr, exit status 1 (bad input, not bad usage)."""
    print(f"error: {message}", file=sys.stderr)
    sys.exit(1)


def write_table(text, path):
    """Writes a Markdown table to path (saying so on stderr), or to stdout
    when path is None."""
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {path}", file=sys.stderr)
    else:
        sys.stdout.write(text)
