"""A plain pager for the REPL's long looks (`state`, `log`, `cards`, `help`, `why`): a
screenful at a time, on a terminal only.

Paging never happens when the output is not a terminal (a pipe, a file, `--script`, the
tests' dummy output), with ``TERM=dumb``, or when the text fits the screen. It pages in
place, without switching screens, so what was shown stays above the next prompt:

    >>> shown = []
    >>> keys = iter("q")
    >>> page([f"line {i}" for i in range(10)], 5, shown.append, lambda: next(keys))
    >>> shown[-2:]
    ['line 3', '(6 more lines not shown: q stopped the pager)']
"""
from __future__ import annotations

import contextlib
import os
import shutil
import sys
from typing import Callable

PAGED = ("state", "log", "cards", "help", "why")       # the looks that may run long

MORE = "-- more: Space a page, Enter a line, q stops --"


def wanted(output) -> bool:
    """Whether to page: only the REPL's own terminal (``output`` None: prompt_toolkit's
    default), with standard input and output both terminals, and a terminal that can."""
    if output is not None or os.environ.get("TERM") == "dumb":
        return False
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):       # a closed or replaced stream
        return False


def rows() -> int:
    return shutil.get_terminal_size((80, 24)).lines


def page(lines: list, height: int, show: Callable[[str], None], read_key: Callable[[], str],
         prompt: Callable[[str], None] = lambda text: None,
         unprompt: Callable[[], None] = lambda: None) -> None:
    """Show ``lines`` ``height - 1`` at a time (the last row is the pager's question);
    after each screenful ``read_key()``: Space (or anything else) the next screenful,
    Enter one more line, ``q`` (or Escape) stops, saying how much was left out."""
    step = max(1, height - 1)
    shown = 0
    while True:
        for line in lines[shown:shown + step]:
            show(line)
        shown = min(len(lines), shown + step)
        if shown >= len(lines):
            return
        prompt(MORE)
        key = read_key()
        unprompt()
        if key in ("q", "Q", "\x1b"):
            left = len(lines) - shown
            show(f"({left} more line{'s' if left != 1 else ''} not shown: q stopped the pager)")
            return
        step = 1 if key in ("\r", "\n") else max(1, height - 1)


@contextlib.contextmanager
def keys():
    """The terminal's keys, one at a time without Enter (Ctrl-C still interrupts), for the
    whole of one paging: the terminal is put in that mode before the first question is
    shown, so a key pressed at once is neither echoed nor lost."""
    try:
        import termios
        import tty
    except ImportError:                         # not POSIX
        try:
            import msvcrt
            yield msvcrt.getwch
        except ImportError:
            yield lambda: sys.stdin.readline()[:1] or "q"
        return
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield lambda: os.read(fd, 1).decode("utf-8", "replace") or "q"
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def terminal_prompt(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()


def terminal_unprompt() -> None:
    sys.stdout.write("\r\x1b[K")                # the question's row, cleared for what follows
    sys.stdout.flush()
