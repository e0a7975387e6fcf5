"""Rules: things that can never be used."""
from __future__ import annotations

from .. import ast as A
from ..check.program import TODO_HINT
from .base import Rule
from .facts import walk


class NeverUsable(Rule):
    severity = "warning"
    summary = "an ability, move, trigger or card that can never be used"
    fix = "fix the condition or the limit, or delete it"

    def check(self, ctx):
        f = ctx.facts
        zero = {n for n, d in f.limits.items() if f.const(d.amount) == 0}
        substituted = {st.substitute for i in ctx.items for st in _statics(i)
                       if isinstance(st, A.StaticSubstitute)}
        for c in f.cards:
            if c.copies == 0 and not c.token:
                yield self.diag(f"\"{c.name}\" has 0 copies, so it is never in the deck", c.pos)
            for ab in c.abilities:
                if ab.uses in zero and ab.uses not in substituted:
                    yield self.diag(f"ability \"{ab.name}\" uses limit `{ab.uses}`, which is 0 "
                                    f"per turn: it can never be paid", ab.pos)
                if ab.cond is not None and f.const(ab.cond) is False:
                    yield self.diag(f"ability \"{ab.name}\" has a condition that is never "
                                    f"true", ab.cond.pos)
            for t in c.triggers:
                if t.where is not None and f.const(t.where) is False:
                    yield self.diag(f"this trigger's condition is never true", t.where.pos)
        for i in ctx.items:
            if isinstance(i, A.Trigger) and i.where is not None and f.const(i.where) is False:
                yield self.diag("this trigger's condition is never true", i.where.pos)
            elif isinstance(i, A.MoveDecl) and i.cond is not None and f.const(i.cond) is False:
                yield self.diag(f"move `{i.name}` has a condition that is never true", i.cond.pos)
        for u in f.units:
            for n in walk(u.body):
                if isinstance(n, A.OptionCase) and n.cond is not None and f.const(n.cond) is False:
                    yield self.diag(f"option \"{n.label}\" has a condition that is never true",
                                    n.cond.pos)
                elif isinstance(n, A.If) and f.const(n.cond) is False:
                    yield self.diag("this `if` condition is never true", n.cond.pos)
                elif isinstance(n, A.Use) and n.limit in zero and n.limit not in substituted:
                    yield self.diag(f"limit `{n.limit}` is 0 per turn, so this can never be "
                                    f"paid", n.pos)


def _statics(item) -> list:
    if isinstance(item, A.StaticDecl):
        return [item.static]
    if isinstance(item, A.CardDecl):
        return list(item.statics)
    return []


class ToDo(Rule):
    """Found by the checker (so `deckwright check` shows it too): this rule reports it, so
    that `--select` and `--ignore` choose it as any other rule's finding."""
    severity = "warning"
    summary = "a card marked `todo true`: its effect is still to write"
    fix = TODO_HINT
    from_checker = True

    def check(self, ctx):
        return [d for d in ctx.check if d.code == self.code]
