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
from dataclasses import dataclass, field
from typing import Iterable, NamedTuple, Optional

from .terminal import visible


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
        written out (:func:`dsl.terminal.visible`), and the caret still fits under them."""
        where = f"{self.pos}: " if self.pos else ""
        out = [visible(f"{where}{self.severity}: {self.message}")]
        if self.pos and source is not None and self.pos.line > 0:
            lines = source.splitlines()
            if self.pos.line <= len(lines):
                text = lines[self.pos.line - 1]
                gutter = f"{self.pos.line:5d} | "
                out.append(gutter + visible(text))
                start = self.pos.column - 1
                width = 1
                if self.pos.end_line == self.pos.line and self.pos.end_column > self.pos.column:
                    span = text[start:self.pos.end_column - 1]
                    width = self.pos.end_column - self.pos.column + len(visible(span)) - len(span)
                pad = "".join(ch if ch == "\t" else " " for ch in visible(text[:start]))
                out.append(" " * (len(gutter) - 2) + "| " + pad + "^" * width)
        if self.hint:
            out.append(visible(f"  hint: {self.hint}"))
        return "\n".join(out)

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
    The game that raised it is left as it was before the action."""

    def __init__(self, message: str, chain: tuple = ()):
        self.chain = tuple(chain)
        text = message
        if chain:
            text += "\n  chain: " + " → ".join(chain)
        super().__init__(text)
        self.message = message


@dataclass(frozen=True)
class Refusal:
    """An illegal choice, returned as a value: the game is unchanged."""
    reason: str

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
