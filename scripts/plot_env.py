"""Makes matplotlib importable for the plotting scripts.

Debian's matplotlib belongs to /usr/bin/python3; another python3 found first
on PATH (pyenv, conda, a venv) may lack it, so the script hands itself over
to Debian's. Standard library only, so it runs under any Python 3.
"""
import importlib.util
import os
import sys

SYSTEM_PYTHON = "/usr/bin/python3"


def ensure_matplotlib(script):
    """Returns when matplotlib can be imported, else re-executes `script`
    (with the same arguments) under Debian's python, or exits with a hint."""
    if importlib.util.find_spec("matplotlib") is not None:
        return
    tried = os.environ.get("CHESSLAB_PLOT_REEXEC") == "1"
    same = os.path.exists(SYSTEM_PYTHON) and os.path.realpath(sys.executable) == os.path.realpath(SYSTEM_PYTHON)
    if tried or same or not os.access(SYSTEM_PYTHON, os.X_OK):
        sys.exit("error: matplotlib is not importable; install it (Debian/Ubuntu: apt-get install python3-matplotlib)")
    os.environ["CHESSLAB_PLOT_REEXEC"] = "1"  # guards against a re-exec loop
    os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON, os.path.abspath(script)] + sys.argv[1:])
