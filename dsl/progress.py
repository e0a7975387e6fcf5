"""A progress line for long runs: games done, games per second and the time left.

Shown on a terminal only (standard error), and only once a run has lasted a second, so
quick runs, pipes and ``--json`` stay quiet.

>>> import io
>>> bar = Progress(10, stream=io.StringIO())     # not a terminal: shows nothing
>>> bar(3); bar.close(); bar.stream.getvalue()
''
"""
from __future__ import annotations

import sys
import time


class Progress:
    def __init__(self, total: int, what: str = "games", stream=None, delay: float = 1.0,
                 force: bool = False):
        self.total, self.what = total, what
        self.stream = stream if stream is not None else sys.stderr
        self.shown = force or (hasattr(self.stream, "isatty") and self.stream.isatty())
        self.delay = delay
        self.done = 0
        self.start = time.perf_counter()
        self.last = 0.0
        self.drawn = False

    def __call__(self, n: int = 1) -> None:
        self.done += n
        if not self.shown:
            return
        now = time.perf_counter() - self.start
        if now < self.delay or (now - self.last < 0.1 and self.done < self.total):
            return
        self.last = now
        rate = self.done / now if now > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        width = 30
        full = width * self.done // max(self.total, 1)
        self.stream.write(f"\r[{'#' * full}{'.' * (width - full)}] {self.done}/{self.total} "
                          f"{self.what}, {rate:.1f}/s, {_clock(left)} left ")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    m, s = divmod(int(seconds + 0.5), 60)
    return f"{m}:{s:02d}"
