"""`eval` and `def card`: deck text typed at the prompt, checked against the loaded program.

``compile_effect`` turns a statement block (``gain 2 gears; draw 1``) into a closure in the
scope of a game rule: every zone, resource, action and type of the program is known,
`this` and `event` are not. Errors are DeckErrors positioned in the typed text itself.

``build_program`` recompiles the deck with cards typed at the prompt (``def card ...``):
the deck's top file is extended by an overlay that overrides cards it already has and adds
the others.

>>> from dsl.loader import load_program
>>> fn = compile_effect(load_program("example"), "gain 2 gears")
>>> callable(fn)
True
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

from dsl import ast as A
from dsl.compiler import Compiler, Scope
from dsl.errors import DeckError, Diagnostic, SourcePosition
from dsl.loader import load_program, load_text
from dsl.parser import parse_text, quote
from dsl.program import Program
from dsl.runtime import Ctx

_PREFIX = 'game "eval"; setup { '          # the typed text starts on line 1 after this
EVAL_FILE = "<eval>"
DEF_FILE = "<def>"


def _shift(diags, file: str, first_line_cols: int, line_offset: int = 0) -> list:
    """Move positions from the wrapped text back into the text the user typed."""
    out = []
    for d in diags:
        pos = d.pos
        if pos is not None and pos.file == file:
            line, end_line = pos.line - line_offset, pos.end_line - line_offset
            col = pos.column - (first_line_cols if line == 1 else 0)
            end = pos.end_column - (first_line_cols if end_line == 1 else 0)
            pos = SourcePosition(file, max(line, 1), max(col, 1), max(end_line, 1), max(end, 1))
        out.append(Diagnostic(d.code, d.message, pos, d.severity, d.hint))
    return out


def compile_effect(program: Program, text: str):
    """A statement block → ``fn(ctx)``; DeckError (positions in ``text``) if it is wrong."""
    wrapped = _PREFIX + text + "\n}\n"
    try:
        deck = parse_text(wrapped, EVAL_FILE)
    except DeckError as err:
        raise DeckError(_shift(err.diagnostics, EVAL_FILE, len(_PREFIX)), {EVAL_FILE: text}) from None
    setup = next(i for i in deck.items if isinstance(i, A.Setup))
    compiler = Compiler([], program)
    compiler.symbols = set(program.types) | set(program.subtypes) | _card_symbols(program)
    fn = compiler.block(setup.body, Scope())
    errors = [d for d in compiler.diags if d.severity == "error"]
    if errors:
        raise DeckError(_shift(errors, EVAL_FILE, len(_PREFIX)), {EVAL_FILE: text})
    return fn


def _card_symbols(program: Program) -> set:
    out = set()
    for d in program.cards.values():
        for v in d.props.values():
            for x in (v if isinstance(v, list) else [v]):
                if isinstance(x, str) and x[:1].isupper():
                    out.add(x)
    return out


class Evaluator:
    """Runs `eval` effects inside the game (the Session calls it on the game's thread,
    live and on every replay), compiling each text once per program."""

    def __init__(self, program: Program):
        self.program = program
        self.compiled: dict = {}

    def check(self, text: str):
        if text not in self.compiled:
            self.compiled[text] = compile_effect(self.program, text)
        return self.compiled[text]

    def __call__(self, game, player, text: str):
        fn = self.check(text)
        game.begin_action()
        shown = "; ".join(line.strip() for line in text.splitlines() if line.strip())
        game.write(f"{player.name} evaluates: {shown}", source="eval")
        game.chain.append("eval")
        try:
            fn(Ctx(game, player))
        finally:
            game.chain.pop()
        game.check_whenevers()


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
