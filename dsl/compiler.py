"""Check a deck's merged declarations into a :class:`~deckwright.dsl.program.Program`.

The program is then compiled to Python by :mod:`deckwright.dsl.codegen`, the first time a game
asks for it (``Program.code``).
"""
from __future__ import annotations

from .check import Checker, Scope, decl_key, describe_key
from .errors import DeckError, Diagnostic
from .program import Program

__all__ = ["compile_program", "decl_key", "describe_key", "Checker", "Scope"]


def compile_program(items: list, program: Program) -> Program:
    """Check merged declarations; raise DeckError if anything is wrong. Scenarios are
    set aside on ``program.scenarios`` (they test the game; :mod:`deckwright.dsl.scenario`
    runs them)."""
    from .scenario.syntax import Background, Scenario
    if any(type(i) in (Scenario, Background) for i in items):
        program.scenarios = [i for i in items if type(i) in (Scenario, Background)]
        items = [i for i in items if type(i) not in (Scenario, Background)]
    checker = Checker(items, program)
    checker.check()
    errors = [d for d in checker.diags if d.severity == "error"]
    program.diagnostics.extend(d for d in checker.diags if d.severity != "error")
    if errors:
        raise DeckError(sorted(checker.diags, key=_diag_order), program.sources)
    return program


def _diag_order(d: Diagnostic):
    return (d.pos.file, d.pos.line, d.pos.column) if d.pos else ("", 0, 0)
