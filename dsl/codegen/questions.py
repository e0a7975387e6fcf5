"""Questions the expression and statement writers ask of the checked program's IR: what
may be hoisted out of a loop, what holds a selector or `it`, what a statement block sets,
and what a test on a card's definition alone comes to for each definition.
"""
from __future__ import annotations

from .. import ir as I


_PURE = (I.Arith, I.Res, I.ResShared, I.PlayerVar, I.GlobalVar, I.ParamRef, I.Remaining,
         I.Count, I.ZoneAttr, I.EventGet, I.OptionRef, I.CounterCount, I.Field, I.Prop,
         I.AnyAttr, I.CardAttr)


def invariants(n, exclude) -> list:
    """The largest parts of a selector's tests that read neither `it` nor the locals in
    ``exclude``, draw no random number and cannot fail (no division): worth working out
    once, before the loop over the elements."""
    roots = [n.where] if n.where is not None else []
    if isinstance(n, I.CardSel):
        roots += [arg for _, arg in n.filters]
    return [x for r in roots if r is not None for x in invariants_of(r, exclude)]


def _depends(x, exclude) -> bool:
    holds = I.facts(x)
    # a selector has its own `it`: not worth the analysis
    return bool(holds & _UNHOISTABLE) or any(("local", name) in holds for name in exclude)


def member_collections(n, exclude) -> list:
    """The collections of a selector's `X in C` tests that read neither `it` nor the
    locals in ``exclude``: their members may be listed once, before the loop."""
    roots = [n.where] if n.where is not None else []
    if isinstance(n, I.CardSel):
        roots += [arg for _, arg in n.filters]
    out = []

    def visit(x):
        if isinstance(x, I.Member) and not isinstance(x.collection, (I.CardSel, I.PlayerSel,
                                                                     I.ListOf)) \
                and not _depends(x.collection, exclude):
            out.append(x.collection)
        for c in x.children():
            visit(c)

    for r in roots:
        if r is not None:
            visit(r)
    return out


def invariants_of(root, exclude) -> list:
    """`invariants` of one expression."""
    out = []

    def visit(x):
        if isinstance(x, _PURE) and not _depends(x, exclude) and not _trivial(x):
            out.append(x)
            return
        for c in x.children():
            visit(c)

    visit(root)
    return out


def _trivial(x) -> bool:
    """Reads that cost as little as a temporary: not worth one."""
    return isinstance(x, (I.PlayerVar, I.Res)) and x.player is None


_UNHOISTABLE = frozenset({("builtin", "it"), ("func", "random"), ("func", "shuffled"),
                          ("op", "/"), ("op", "%"), I.CardSel, I.PlayerSel})


def assigns(stmts, name: str) -> bool:
    """Whether the statements set the local ``name`` (so it may hold `none` again)."""
    return ("let", name) in I.facts(tuple(stmts or ()))


def selects(n) -> bool:
    """Whether an expression holds a selector (worth writing as a loop)."""
    holds = I.facts(n)
    return I.CardSel in holds or I.PlayerSel in holds


def is_you(player) -> bool:
    return player is None or (isinstance(player, I.Builtin) and player.which == "you")


def mentions_it(n) -> bool:
    return ("builtin", "it") in I.facts(n)


def def_static(n) -> bool:
    """Whether ``n`` depends on nothing but constants and the definition of `it`."""
    t = type(n)
    if t is I.Const:
        return True
    if t is I.Prop or t is I.IsType:
        obj = n.obj if t is I.Prop else n.expr
        return isinstance(obj, I.Builtin) and obj.which == "it"
    if t is I.Field:
        return n.name == "name" and isinstance(n.obj, I.Builtin) and n.obj.which == "it"
    if t is I.Member:
        return def_static(n.item) and def_static(n.collection)
    if t is I.Compare:
        return def_static(n.left) and def_static(n.right)
    if t in (I.And, I.Or):
        return all(def_static(x) for x in n.items)
    if t is I.Not:
        return def_static(n.operand)
    if t is I.ListOf:
        return all(def_static(x) for x in n.items)
    return False


def _members(v):
    if v is None:
        return ()
    if isinstance(v, list):
        return v
    return (v,)


def static_eval(n, d):
    """The value of a `def_static` node for a card of definition ``d``."""
    t = type(n)
    if t is I.Const:
        return n.value
    if t is I.Prop:
        return d.props.get(n.name, n.default)
    if t is I.IsType:
        return (n.word in d.words) != n.negated
    if t is I.Field:
        return d.name
    if t is I.Member:
        return (static_eval(n.item, d) in _members(static_eval(n.collection, d))) != n.negated
    if t is I.Compare:
        a, b = static_eval(n.left, d), static_eval(n.right, d)
        if n.op == "==":
            return a == b
        if n.op == "!=":
            return a != b
        if a is None or b is None:
            return False
        return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[n.op]
    if t is I.And:
        return all(static_eval(x, d) for x in n.items)
    if t is I.Or:
        return any(static_eval(x, d) for x in n.items)
    if t is I.Not:
        return not static_eval(n.operand, d)
    if t is I.ListOf:
        return [static_eval(x, d) for x in n.items]
    raise AssertionError(t)
