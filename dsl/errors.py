"""Positions, diagnostics and the one renderer every tool shares.

A diagnostic renders compiler-style::

    decks/x.deck:12:7: error: unknown zone `hnad`
       12 |   move c to your hnad
          |                  ^^^^
      hint: did you mean `hand`?

>>> pos = SourcePosition("x.deck", 1, 6, 1, 10)
>>> print(Diagnostic("unknown-name", "unknown zone `hnad`", pos, hint="did you mean `hand`?")
...       .render("game hnad"))
x.deck:1:6: error: unknown zone `hnad`
    1 | game hnad
      |      ^^^^
  hint: did you mean `hand`?
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, NamedTuple, Optional

from .terminal import visible


@lru_cache(maxsize=16)
def source_lines(text: str) -> tuple:
    """``text`` cut into lines by the one rule the parser counts lines by: only ``\\n``
    ends a line (a ``\\r`` before it is dropped). Not :meth:`str.splitlines`, which also
    cuts at form feeds, vertical tabs and U+2028 and so puts the caret on the wrong line.
    Cached: a file with thousands of errors is cut once, not once per error.

    >>> source_lines("a\\fb\\r\\nc\\u2028d")
    ('a\\x0cb', 'c\\u2028d')
    """
    return tuple(line[:-1] if line.endswith("\r") else line for line in text.split("\n"))


# What the code line of a diagnostic also writes out, beyond :func:`visible`: the line
# and paragraph separators (some terminals break the line there) and the byte-order mark
# (invisible) as \uNNNN, and lone surrogates (no terminal can print them) as \udNNN.
_ALSO_SHOWN = re.compile("[\u2028\u2029\ufeff\ud800-\udfff]")
SHOWN_WIDTH = 200                # a longer line is shown as a window around the caret


def _shown(text: str) -> str:
    text = visible(text)
    return _ALSO_SHOWN.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


class SourcePosition(NamedTuple):
    """Where a node or error is: 1-based line and column, and where its span ends.
    A named tuple because every syntax node has one, so making one must be cheap."""
    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    pos: Optional[SourcePosition]
    severity: str = "error"
    hint: Optional[str] = None

    def render(self, source: Optional[str] = None) -> str:
        """The diagnostic for a terminal: deck text in it has its control characters
        written out (:func:`deckwright.dsl.terminal.visible`), and the caret still fits under them.
        A line longer than :data:`SHOWN_WIDTH` is shown as a window around the caret."""
        where = f"{self.pos}: " if self.pos else ""
        out = [_shown(f"{where}{self.severity}: {self.message}")]
        if self.pos and source is not None and self.pos.line > 0:
            lines = source_lines(source)
            if self.pos.line <= len(lines):
                out.extend(self._code_lines(lines[self.pos.line - 1]))
        if self.hint:
            out.append(_shown(f"  hint: {self.hint}"))
        return "\n".join(out)

    def _code_lines(self, text: str) -> list:
        """The line and the caret under the span (to the line's end, if it goes on)."""
        start = self.pos.column - 1
        end = start + 1
        if self.pos.end_line == self.pos.line and self.pos.end_column > self.pos.column:
            end = self.pos.end_column - 1
        first, cut = 0, len(text)
        if len(text) > SHOWN_WIDTH:
            first = max(0, min(start - SHOWN_WIDTH // 4, len(text) - SHOWN_WIDTH))
            cut = first + SHOWN_WIDTH
        left, right = ("…" if first else ""), ("…" if cut < len(text) else "")
        gutter = f"{self.pos.line:5d} | "
        shown = left + _shown(text[first:cut]) + right
        pad = left + _shown(text[first:start])
        span = text[start:min(end, cut)]
        width = max(1, min(end, cut) - start + len(_shown(span)) - len(span))
        pad = "".join(ch if ch == "\t" else " " for ch in pad)
        return [gutter + shown, " " * (len(gutter) - 2) + "| " + pad + "^" * width]

    def as_dict(self) -> dict:
        pos = self.pos
        return {
            "code": self.code, "severity": self.severity, "message": self.message,
            "hint": self.hint,
            "file": pos.file if pos else None, "line": pos.line if pos else None,
            "column": pos.column if pos else None,
            "end_line": pos.end_line if pos else None,
            "end_column": pos.end_column if pos else None,
        }


class DeckError(Exception):
    """Every problem found in deck text, all at once. ``sources`` maps file → text so
    the error can render the offending lines."""

    def __init__(self, diagnostics: Iterable[Diagnostic], sources: Optional[dict] = None):
        self.diagnostics = list(diagnostics)
        self.sources = dict(sources or {})
        super().__init__(self.render())

    def render(self) -> str:
        return "\n".join(d.render(self.sources.get(d.pos.file) if d.pos else None)
                         for d in self.diagnostics)


class EngineError(Exception):
    """A rule or card broke a limit while running (step budget, trigger depth, ...).
    The game that raised it is left as it was before the action. ``chain``: what was
    running, outermost first (shown by :func:`chain_text`); ``pos``: the rule at fault,
    when one is known."""

    def __init__(self, message: str, chain: tuple = (), pos: Optional[SourcePosition] = None):
        self.chain = tuple(chain)
        text = message
        if chain:
            text += "\n  chain: " + chain_text(self.chain)
        super().__init__(text)
        self.message = message
        self.pos = pos


def chain_text(chain: tuple) -> str:
    """The chain of an EngineError, a run of three or more of the same entry (or of the
    same few entries) said once with its count: a trigger loop's 40 turns are one entry.

    >>> chain_text(("move play_action", "Spark") + ("rule at x.deck:5:1",) * 40)
    'move play_action → Spark → rule at x.deck:5:1 (40 times)'
    >>> chain_text(("Go",) + ("Bellows", "Furnace") * 20 + ("Bellows",))
    'Go → [Bellows → Furnace] (20 times) → Bellows'
    >>> chain_text(("ping", "pong", "ping"))
    'ping → pong → ping'
    """
    out, i, n = [], 0, len(chain)
    while i < n:
        size, times = 1, 1
        for p in range(1, min(8, (n - i) // 3) + 1):         # a run of p entries, repeated
            k = 1
            while chain[i + k * p:i + (k + 1) * p] == chain[i:i + p]:
                k += 1
            if k >= 3 and k * p > size * times:
                size, times = p, k
        if times == 1:
            out.append(chain[i])
        elif size == 1:
            out.append(f"{chain[i]} ({times} times)")
        else:
            out.append(f"[{' → '.join(chain[i:i + size])}] ({times} times)")
        i += size * times
    return " → ".join(out)


@dataclass(frozen=True)
class Refusal:
    """An illegal choice, returned as a value: the game is unchanged. ``by_rule``: the
    reason names the deck's rule that refuses it (not only that it is no option)."""
    reason: str
    by_rule: bool = False

    def __bool__(self) -> bool:      # `if game.apply(x):` reads as "if refused"
        return True


def suggest(name: str, candidates: Iterable[str]) -> Optional[str]:
    """The fix-it hint for an unknown name, or None when nothing is close."""
    pool = list(candidates)
    lowered = {c.lower(): c for c in pool}
    if name.lower() in lowered and lowered[name.lower()] != name:
        return f"did you mean `{lowered[name.lower()]}`?"
    match = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
    return f"did you mean `{match[0]}`?" if match else None
