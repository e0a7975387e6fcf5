"""Rules: everything `check` reports."""
from __future__ import annotations

from .. import ast as A
from .base import REGISTRY, Rule, _at


class Check(Rule):
    """Everything `deckwright check` reports: syntax errors, unknown names (with a
    suggestion), type errors... Each keeps the code the checker gives it; a finding a rule
    reports (``from_checker``, such as `to-do`) is left to that rule."""
    severity = "error"

    def check(self, ctx):
        return [d for d in ctx.check if not getattr(REGISTRY.get(d.code), "from_checker", False)]


class Duplicate(Rule):
    severity = "error"
    summary = "the same declaration written twice in one file"
    fix = "delete one of them"

    def check(self, ctx):
        from ..compiler import describe_key
        for c in ctx.conflicts:
            if c.code == "duplicate":
                yield self.diag(f"{describe_key(c.key)} is declared twice in this file "
                                f"(also at line {c.previous.pos.line})", c.decl.pos)


class ConflictingSetting(Rule):
    severity = "error"
    summary = "one setting given two different values"
    fix = "keep the value you mean and delete the other"

    def check(self, ctx):
        from ..compiler import describe_key
        for c in ctx.conflicts:
            if c.code == "conflicting-setting":
                yield self.diag(f"{describe_key(c.key)} is given two different values "
                                f"(first{_value_text(c.previous)} at line {c.previous.pos.line}, "
                                f"then{_value_text(c.decl)} here)", c.decl.pos)


def _value_text(decl) -> str:
    value = getattr(decl, "value", None) or getattr(decl, "amount", None)
    if isinstance(value, (A.IntLit, A.BoolLit)):
        return f" {str(value.value).lower()}"
    if isinstance(value, A.StrLit):
        return f" \"{value.value}\""
    return ""


class NeedsOverride(Rule):
    severity = "error"
    summary = "a deck redeclares a base rule without saying `override`"
    fix = "write `override` before it to replace the base's rule (or rename it)"

    def check(self, ctx):
        from ..compiler import describe_key
        for c in ctx.conflicts:
            if c.code == "needs-override":
                yield self.diag(f"{describe_key(c.key)} is already declared at "
                                f"{_at(c.previous.pos, c.decl.pos)}",
                                c.decl.pos)
