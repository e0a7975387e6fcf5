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
