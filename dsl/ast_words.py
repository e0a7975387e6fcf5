"""Words that show values of the game, `{EXPR}` each: a refusal's `else "needs {3 - n}
more"`, a `say`, an end condition's name. Each expression is parsed at its own place in
the file, so its errors point into the words; the texts around them are kept."""
from __future__ import annotations

import re

from lark import Token

from .errors import Diagnostic, SourcePosition


def unquote(tok: Token) -> str:
    """A string token's text, its escapes (`\\n`, `\\t`, `\\"`, `\\{`...) read."""
    body = str(tok)[1:-1]
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), body)


def _parse_shown(src: str, at: SourcePosition, diags: list):
    """One `{EXPR}` of words as an expression node at its place in the file:
    parsed as the condition of a `whenever` whose text puts it at that line and column
    (the header on line 1, a continued `whenever (` on the line before), so every
    position, and every error's caret, falls inside the words."""
    from .errors import DeckError
    from .parser import parse_text
    head = 'game "words"'
    lead = "\n" * (at.line - 2) + "whenever ( \\\n" if at.line > 2 else "; whenever ( \\\n"
    text = head + lead + " " * (at.column - 1) + src + ") {\n}\n"
    try:
        deck = parse_text(text, at.file)
    except DeckError as e:
        diags.extend(e.diagnostics)
        return None
    return deck.items[0].cond


def shown_values(tok: Token, file: str, diags: list) -> tuple:
    """The expressions words show, `{EXPR}` each ("needs {3 - n} more Suns"), parsed at
    their own place in the file (so an error points into the words), and the texts
    around them (`\\{` is a brace); mistakes are added to ``diags``."""
    raw = str(tok)
    if "{" not in raw:
        return (), ()
    says, pieces, text = [], [], []
    i, end = 1, len(raw) - 1
    while i < end:
        ch = raw[i]
        if ch == "\\":
            text.append(raw[i:i + 2])
            i += 2
            continue
        close = raw.find("}", i) if ch == "{" else -1
        if close < 0 or close >= end:
            text.append(ch)
            i += 1
            continue
        src = raw[i + 1:close]
        at = SourcePosition(file, tok.line, tok.column + i + 1, tok.line,
                            tok.column + close)
        if "\\" in src or "{" in src or not src.strip():
            diags.append(Diagnostic(
                "syntax", "`{...}` in words holds an expression (a name, a number, "
                          "`count ...`), with no `\\` in it (`\\{` is a brace)", at))
        else:
            expr = _parse_shown(src, at, diags)
            if expr is not None:
                pieces.append(unquote('"' + "".join(text) + '"'))
                says.append(expr)
                text = []
        i = close + 1
    if not says:
        return (), ()
    pieces.append(unquote('"' + "".join(text) + '"'))
    return tuple(says), tuple(pieces)
