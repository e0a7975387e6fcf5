"""Rules: contradictions between static effects."""
from __future__ import annotations

from collections import defaultdict

from .. import ast as A
from .base import Rule, _at, _of


def _must_calls(block, out: list):
    """Action and move calls that always run when ``block`` runs (not under if/may/choose)."""
    if block is None:
        return
    for s in block.stmts:
        if isinstance(s, A.CallStmt):
            out.append(s)
        elif isinstance(s, (A.Phase, A.As, A.Simultaneously)):
            _must_calls(s.body, out)
        elif isinstance(s, A.ForEach) and isinstance(s.collection, A.PlayerSel):
            _must_calls(s.body, out)


class ContradictoryStatics(Rule):
    severity = "error"
    summary = "a rule forbids what another rule says must happen"
    fix = "give the `forbid` a `where` condition, or make the other rule optional (`may`)"

    def check(self, ctx):
        f = ctx.facts
        forbids = [i for i in ctx.items if isinstance(i, A.StaticDecl)
                   and isinstance(i.static, A.StaticForbid) and i.static.where is None]
        if not forbids:
            return
        must = []
        for i in ctx.items:
            if isinstance(i, (A.Setup, A.Turn, A.Round)):
                _must_calls(i.body, must)
        for fb in forbids:
            ev = fb.static.event
            for call in must:
                if call.name == ev:
                    yield self.diag(f"`forbid {ev}` always applies, but the rules must "
                                    f"`{ev}` at {_at(call.pos, fb.pos)}", fb.pos)
                    break
            for u in f.units:
                if u.kind in ("trigger", "instead") and u.event == ev and u.card is None:
                    yield self.diag(f"`forbid {ev}` always applies, so {u.label} at {_at(u.pos, fb.pos)} "
                                    f"can never run", fb.pos, severity="warning")


class UnorderedReplacements(Rule):
    severity = "warning"
    summary = "two replacement effects for one event, with nothing saying which applies"
    fix = "merge them into one `instead` rule, or give them `where` conditions that exclude each other"

    def check(self, ctx):
        seen = defaultdict(list)
        for i in ctx.items:
            if isinstance(i, A.StaticDecl):
                self._add(seen, i.static, i.pos, None)
            elif isinstance(i, A.CardDecl):
                for st in i.statics:
                    self._add(seen, st, st.pos if st.pos.line else i.pos, i.name)
        for ev, group in seen.items():
            for k, (kind, pos, card, where) in enumerate(group):
                for first_kind, first_pos, first_card, first_where in group[:k]:
                    if "instead" not in (kind, first_kind) or exclusive(where, first_where):
                        continue           # two `prevent`s agree; exclusive ones never meet
                    yield self.diag(f"`{kind} {ev}`{_of(card)} and `{first_kind} {ev}`"
                                    f"{_of(first_card)} at {_at(first_pos, pos)} both replace "
                                    f"`{ev}`; which applies is not said", pos)
                    break

    @staticmethod
    def _add(seen, st, pos, card):
        if isinstance(st, (A.StaticInstead, A.StaticPrevent)):
            kind = "instead" if isinstance(st, A.StaticInstead) else "prevent"
            seen[st.event].append((kind, pos, card, st.where))


def exclusive(a, b) -> bool:
    """Whether two `where` conditions can never both hold, as far as their text shows: one
    has a test the other negates (`x == y` / `x != y`, `is` / `is not`, `is in` / `is not
    in`, `c` / `not c`), gives the same thing another constant (`x == 1` / `x == 2`), or
    puts the same number in ranges that do not meet (`event.n > 2` / `event.n <= 2`). A
    missing condition always holds."""
    if a is None or b is None:
        return False
    return any(_contradict(x, y) for x in _conjuncts(a) for y in _conjuncts(b))


def _conjuncts(node) -> list:
    if isinstance(node, A.And):
        return _conjuncts(node.left) + _conjuncts(node.right)
    return [node]


_CONSTANTS = (A.IntLit, A.StrLit, A.BoolLit, A.NoneLit, A.Symbol)
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def _contradict(x, y) -> bool:
    if (isinstance(x, A.Not) and x.operand == y) or (isinstance(y, A.Not) and y.operand == x):
        return True
    if isinstance(x, (A.IsType, A.Member)) and type(x) is type(y) and x.negated != y.negated:
        return all(getattr(x, f) == getattr(y, f) for f in x._fields if f != "negated")
    if isinstance(x, A.Compare) and isinstance(y, A.Compare):
        x, y = _constant_right(x), _constant_right(y)
        if x.left != y.left:
            return False
        if {x.op, y.op} == {"==", "!="} and x.right == y.right:
            return True
        if isinstance(x.right, _CONSTANTS) and isinstance(y.right, _CONSTANTS):
            if x.op == y.op == "==":      # by value: the symbol Moons is the text "Moons"
                return _value(x.right) != _value(y.right)
            rx, ry = _int_range(x), _int_range(y)
            return rx is not None and ry is not None and max(rx[0], ry[0]) > min(rx[1], ry[1])
    return False


def _constant_right(c):
    """`3 < x` as `x > 3`, so the constant is on the right."""
    if isinstance(c.left, _CONSTANTS) and not isinstance(c.right, _CONSTANTS):
        return A.Compare(_FLIP[c.op], c.right, c.left, pos=c.pos)
    return c


def _value(constant):
    return constant.id if isinstance(constant, A.Symbol) else getattr(constant, "value", None)


def _int_range(c):
    """The whole numbers `x OP n` allows, as (lowest, highest); None if not such a test."""
    if not isinstance(c.right, A.IntLit) or c.op == "!=":
        return None
    n, big = c.right.value, float("inf")
    return {"==": (n, n), "<": (-big, n - 1), "<=": (-big, n),
            ">": (n + 1, big), ">=": (n, big)}[c.op]
