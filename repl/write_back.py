"""Writing the cards typed with `def` back into a deck file, leaving the rest of the file
(its formatting and comments) as it was.

A card the file declares is replaced where it stands, from its first word (or the
`override` before it) to its closing brace, or the end of its line when it has no body.
A card the file does not declare is added at the end, with `override` when the decks the
file extends or includes declare it already.

>>> text = 'game "x"\\n# keep me\\ncard "A": Thing { text "old" }\\ncard "B": Action\\n'
>>> print(splice(text, {"A": 'card "A": Thing { text "new" }', "C": 'card "C": Action'},
...              {"A": 3}, set()), end="")
game "x"
# keep me
card "A": Thing { text "new" }
card "B": Action
<BLANKLINE>
card "C": Action
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _line_start(text: str, line: int) -> int:
    at = 0
    for _ in range(line - 1):
        at = text.index("\n", at) + 1
    return at


def declaration_span(text: str, start: int) -> tuple:
    """(start, end) of the card declaration that begins at offset ``start``: up to its
    closing brace, skipping braces inside strings and comments; or, with no body, to the
    end of its line."""
    depth, i, n = 0, start, len(text)
    while i < n:
        ch = text[i]
        if ch == '"':                              # a string: `\"` and `\\` escape
            i += 1
            while i < n and text[i] not in '"\n':
                i += 2 if text[i] == "\\" else 1
        elif ch == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        elif ch == "\\" and text[i + 1:i + 2] == "\n":   # a continued line
            i += 2
            continue
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return start, i + 1
        elif ch == "\n" and depth == 0:
            return start, i
        i += 1
    return start, n


def splice(text: str, defs: dict, lines: dict, elsewhere: set) -> str:
    """``text`` with each of ``defs`` (name → card text) written in: at the line in
    ``lines`` where the file declares it, or appended (with `override` when its name is
    in ``elsewhere``, the cards the file's bases declare)."""
    spans = []
    for name, line in lines.items():
        at = _line_start(text, line)
        first = text[at:].lstrip(" \t")
        at += len(text[at:]) - len(first)
        spans.append((declaration_span(text, at), name))
    out, done = text, set()
    for (a, b), name in sorted(spans, reverse=True):     # from the end: offsets hold
        keep = "override " if out[a:].startswith("override") else ""
        out = out[:a] + keep + defs[name].strip() + out[b:]
        done.add(name)
    added = [("override " if name in elsewhere else "") + body.strip()
             for name, body in defs.items() if name not in done]
    if added:
        out = out.rstrip("\n") + "\n\n" + "\n\n".join(added) + "\n"
    return out


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` whole or not at all, keeping its permissions."""
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    fd, tmp = tempfile.mkstemp(dir=str(path.parent), prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
