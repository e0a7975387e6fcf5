"""`deckwright play` in a pseudo-terminal, driven as a person would drive it.

The REPL is the foreground process of its own terminal, so Ctrl-C typed into it is a
real SIGINT from the terminal, and closing the terminal a real SIGHUP. What it prints is
kept with its escape sequences removed; cursor-position requests are answered, as a
terminal does.
"""
from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import subprocess
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ESCAPE = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07]*\x07|[@-Z\\-_])")


def _controlling_terminal() -> None:
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)        # after setsid: the pty is our terminal


class PtyRepl:
    def __init__(self, *args: str, env: dict):
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "deckwright.dsl.cli", "play", *args], stdin=slave, stdout=slave,
            stderr=slave, cwd=ROOT, start_new_session=True, preexec_fn=_controlling_terminal,
            env={**os.environ, "TERM": "xterm", "COLUMNS": "100", "LINES": "30", **env})
        os.close(slave)
        self.text = ""                          # everything shown so far, escapes removed

    def send(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:                         # the REPL has gone and the pty closed
            return False
        if b"\x1b[6n" in data:
            self.send("\x1b[1;1R")
        self.text += ESCAPE.sub("", data.decode("utf-8", "replace")).replace("\r", "")
        return bool(data)

    def read_until(self, marker: str, timeout: float = 60) -> str:
        """Read until ``marker`` has been shown after what was read before; the new text."""
        self.read_until_any((marker,), timeout)
        return self.text[self._start:]

    def read_until_any(self, markers: tuple, timeout: float = 60) -> str:
        """Read until one of ``markers`` has been shown after what was read before; the
        first of them found."""
        start = self._start = len(self.text)
        end = time.monotonic() + timeout
        while True:
            new = self.text[start:]
            for marker in markers:
                if marker in new:
                    return marker
            if time.monotonic() > end or (not self._read(0.2) and self.proc.poll() is not None):
                raise AssertionError(f"{' or '.join(map(repr, markers))} never came; the REPL "
                                     f"showed:\n{new[-2000:]}\n(status {self.proc.poll()})")

    def hang_up(self) -> None:
        """Close the terminal, as closing its window does: the REPL gets SIGHUP."""
        os.close(self.master)
        self.master = None

    def wait(self, timeout: float = 60) -> int:
        end = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < end:
            if self.master is None:
                time.sleep(0.1)
            else:
                self._read(0.1)
        return self.proc.wait(max(0.1, end - time.monotonic()))

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.master is not None:
            os.close(self.master)
