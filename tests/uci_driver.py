"""A UCI engine behind a pipe, for the test scripts: a reader thread
timestamps every line, so answer times are measured where they arrive."""
import queue
import re
import subprocess
import threading
import time


class Engine:
    """The engine behind a pipe; a reader thread timestamps every line."""

    def __init__(self, command):
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put((time.monotonic(), line.rstrip("\n")))
        self.lines.put((time.monotonic(), None))

    def send(self, text):
        """Sends a line; returns the time just before it was written: the
        engine cannot have read it earlier, whereas a stamp taken after the
        flush can come late when the test is descheduled there (the engine
        may have acted on the line by then)."""
        stamp = time.monotonic()
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()
        return stamp

    def until(self, pattern, timeout=60.0):
        """Lines up to and including the first matching one; (lines, time).
        The timeout is a hang guard, not a time limit: long enough for a
        sanitizer build on a loaded machine."""
        regex = re.compile(pattern)
        got = []
        deadline = time.monotonic() + timeout
        while True:
            try:
                stamp, line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return got, None
            if line is None:
                return got, None
            got.append(line)
            if regex.search(line):
                return got, stamp

    def quiet_for(self, seconds):
        """Lines that arrive within the given time (expecting none, usually)."""
        got = []
        deadline = time.monotonic() + seconds
        while True:
            try:
                _, line = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return got
            if line is None:
                return got
            got.append(line)

    def close(self):
        """Sends quit; (exit status or "killed", stderr). The wait is a hang
        guard like until's: callers that bound the time to quit measure it
        themselves (up to 25 s for a 4-thread search under a sanitizer)."""
        try:
            self.send("quit")
        except BrokenPipeError:
            pass
        try:
            code = self.p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.p.kill()
            code = "killed"
        err = self.p.stderr.read()
        return code, err
