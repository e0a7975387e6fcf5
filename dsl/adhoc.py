"""Ad-hoc effects: deck statements typed at a prompt (the REPL's `eval`) or by a test,
checked against a loaded program and run in a game as one of its steps.

>>> from deckwright.dsl.loader import load_program
>>> run = AdHoc(load_program("example"))
>>> run.check("gain 2 gears") is not None
True
"""
from __future__ import annotations

from . import ast as A
from .check import Checker, Scope
from .codegen import load_effect
from .errors import DeckError, Diagnostic, SourcePosition
from .parser import parse_text
from .program import Program

_PREFIX = 'game "eval"; setup { '          # the typed text starts on line 1 after this
EVAL_FILE = "<eval>"


def _shift(diags, file: str, first_line_cols: int, line_offset: int = 0) -> list:
    """Move positions from the wrapped text back into the text the user typed."""
    return [Diagnostic(d.code, d.message, _shift_pos(d.pos, file, first_line_cols, line_offset),
                       d.severity, d.hint) for d in diags]


def _shift_pos(pos, file: str, first_line_cols: int, line_offset: int = 0):
    if pos is not None and pos.file == file:
        line, end_line = pos.line - line_offset, pos.end_line - line_offset
        col = pos.column - (first_line_cols if line == 1 else 0)
        end = pos.end_column - (first_line_cols if end_line == 1 else 0)
        pos = SourcePosition(file, max(line, 1), max(col, 1), max(end_line, 1), max(end, 1))
    return pos


def check_effect(program: Program, text: str) -> tuple:
    """A statement block → its checked statements; DeckError (positions in ``text``) if
    it is wrong. It is checked as a game rule: every zone, resource, action and type of
    the program is known, `this` and `event` are not."""
    wrapped = _PREFIX + text + "\n}\n"
    try:
        deck = parse_text(wrapped, EVAL_FILE)
    except DeckError as err:
        raise DeckError(_shift(err.diagnostics, EVAL_FILE, len(_PREFIX)),
                        {EVAL_FILE: text}) from None
    setup = next(i for i in deck.items if isinstance(i, A.Setup))
    checker = Checker([], program)
    checker.symbols = set(program.types) | set(program.subtypes) | _card_symbols(program)
    checker.event_uses = program.event_uses
    checker.param_kinds = program.param_kinds
    stmts = checker.block(setup.body, Scope())
    errors = [d for d in checker.diags if d.severity == "error"]
    if errors:
        raise DeckError(_shift(errors, EVAL_FILE, len(_PREFIX)), {EVAL_FILE: text})
    return stmts


def _card_symbols(program: Program) -> set:
    out = set()
    for d in program.cards.values():
        for v in d.props.values():
            for x in (v if isinstance(v, list) else [v]):
                if isinstance(x, str) and x[:1].isupper():
                    out.add(x)
    return out


class AdHoc:
    """Runs effects inside a stepped game (``Game.evaluate``), compiling each text once
    per program: ``run(game, player, text)`` is a generator the game drives."""

    def __init__(self, program: Program):
        self.program = program
        self.compiled: dict = {}

    def check(self, text: str):
        if text not in self.compiled:
            fn = load_effect(self.program, check_effect(self.program, text), resumable=True)
            # Run-time errors (the step budget, the limits) name positions in the text
            # typed, as its checking errors do, not in the text it was wrapped in.
            table = fn.__globals__.get("POS")
            if table:
                table[:] = [_shift_pos(p, EVAL_FILE, len(_PREFIX)) for p in table]
            self.compiled[text] = fn
        return self.compiled[text]

    def __call__(self, game, player, text: str):
        fn = self.check(text)
        shown = "; ".join(line.strip() for line in text.splitlines() if line.strip())
        game.write(f"{player.name} evaluates: {shown}", source="eval")
        game.chain.append("eval")
        try:
            yield from fn(game, player, None, None)
        finally:
            game.chain.pop()
        yield from _whenevers(game)


def _whenevers(game):
    main = game.code.namespace.get("WHENEVERS")
    if main is None:
        return
    result = main(game)
    if result is not None:
        yield from result
