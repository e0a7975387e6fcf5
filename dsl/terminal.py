"""Deck text made safe to print: control characters shown, never obeyed.

A deck is downloaded text, and its names and lines reach the terminal (errors, the log,
the state view). A card named ``"\\x1b]0;TITLE\\x07\\x1b[2J"`` printed as it is would set
the terminal's title and clear the screen. Every tool prints deck text through
:func:`visible`, which writes C0 controls (but newline and tab), DEL and C1 controls as
``\\xNN``, and the bidirectional overrides that make text read other than it is stored
as ``\\uNNNN``. It is idempotent: escaped text has nothing left to escape.

>>> visible("Evil\\x1b]0;TITLE\\x07\\x1b[2J card")
'Evil\\\\x1b]0;TITLE\\\\x07\\\\x1b[2J card'
>>> visible("two\\nlines\\tand a tab")
'two\\nlines\\tand a tab'
"""
from __future__ import annotations

import re

# C0 but \t and \n; DEL and C1; the bidi embeddings, overrides and isolates.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control character written out (see the module docstring)."""
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


# --- colour --------------------------------------------------------------------------
# Errors and findings are coloured on a terminal: the severity word and the caret under
# the mistake. Never when the stream is not a terminal (a pipe, a file, CI's log), for
# TERM=dumb, or when NO_COLOR is set to anything (https://no-color.org).
_SEVERITY = re.compile(r"^(.*?:\d+:\d+: |)(error|warning|info)(\[[^\]\n]*\])?:", re.M)
_CARET = re.compile(r"^(\s+\| *)(\^+)$", re.M)
_COLOURS = {"error": "\x1b[1;31m", "warning": "\x1b[1;33m", "info": "\x1b[1;36m"}
_RESET = "\x1b[0m"


def colour_wanted(stream, environ=None) -> bool:
    import os
    environ = os.environ if environ is None else environ
    if environ.get("NO_COLOR") or environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def paint(text: str) -> str:
    """``text`` (already :func:`visible`) with its severity words and carets coloured."""
    text = _SEVERITY.sub(lambda m: f"{m.group(1)}{_COLOURS[m.group(2)]}{m.group(2)}"
                                   f"{m.group(3) or ''}{_RESET}:", text)
    return _CARET.sub(lambda m: f"{m.group(1)}\x1b[1;32m{m.group(2)}{_RESET}", text)
