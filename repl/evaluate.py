"""`eval` and `def card`: deck text typed at the prompt, checked against the loaded program.

``compile_effect`` checks a statement block (``gain 2 gears; draw 1``) in the scope of a
game rule (:mod:`deckwright.dsl.adhoc`): every zone, resource, action and type of the program is
known, `this` and `event` are not. Errors are DeckErrors positioned in the typed text.

``build_program`` recompiles the deck with cards typed at the prompt (``def card ...``):
the deck's top file is extended by an overlay that overrides cards it already has and adds
the others.

>>> from deckwright.dsl.loader import load_program
>>> stmts = compile_effect(load_program("example"), "gain 2 gears")
>>> len(stmts)
1
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

from deckwright.dsl.adhoc import AdHoc, _shift, check_effect
from deckwright.dsl.errors import DeckError, Diagnostic
from deckwright.dsl.loader import load_program, load_text
from deckwright.dsl.parser import quote
from deckwright.dsl.program import Program

DEF_FILE = "<def>"


def compile_effect(program: Program, text: str):
    """A statement block → its checked statements; DeckError (positions in ``text``)."""
    return check_effect(program, text)


class Evaluator(AdHoc):
    """Runs `eval` effects inside the game, live and on every replay, compiling each
    text once per program."""


DEF_RE = re.compile(r'^\s*(card|token)\s+"((?:[^"\\\n]|\\.)*)"')


def def_name(text: str) -> Optional[str]:
    """The card name a `def` text declares, or None."""
    m = DEF_RE.match(text)
    return m.group(2) if m else None


def overlay_text(program_name: str, base: Path, defs: dict, base_cards: set) -> tuple:
    """The overlay deck (text, first line of each def) extending ``base`` with ``defs``.
    The name and path are written as the grammar's strings: a `"` or `\\` in either
    would otherwise end the string or escape the next character."""
    lines = [f'game {quote(program_name)} extends {quote(str(base.resolve()))}']
    starts = {}
    for name, text in defs.items():
        starts[name] = len(lines) + 1
        lines.append(("override " if name in base_cards else "") + text.strip())
    return "\n".join(lines) + "\n", starts


def build_program(deck_path: Path, defs: dict, dealt: set = frozenset()) -> Program:
    """The deck at ``deck_path`` plus the cards typed at the prompt. Cards in ``dealt`` were
    added after the game in progress was dealt: they get no copies in its library, so its
    replay deals the same cards (put one in play with `eval create 1 "Name" in your hand`)."""
    base = load_program(str(deck_path))
    if not defs:
        return base
    text, starts = overlay_text(base.name, deck_path, defs, set(base.cards))
    try:
        program = load_text(text, DEF_FILE, root=Path(deck_path).resolve().parent)
    except DeckError as err:
        diags = []
        for d in err.diagnostics:
            if d.pos is not None and d.pos.file == DEF_FILE:
                name = max((n for n in starts if starts[n] <= d.pos.line),
                           key=lambda n: starts[n], default=None)
                offset = starts[name] - 1 if name else 0
                prefix = len("override ") if name in base.cards else 0
                d = _shift([d], DEF_FILE, prefix + 0, offset)[0]
                d = Diagnostic(d.code, d.message, d.pos, d.severity, d.hint)
            diags.append(d)
        sources = dict(err.sources)
        sources[DEF_FILE] = "\n".join(defs.values())
        last = list(defs.values())[-1]
        sources[DEF_FILE] = last
        raise DeckError(diags, sources) from None
    for name in dealt:
        if name in program.cards:
            program.cards[name].copies = 0
    return program
