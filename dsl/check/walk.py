"""Walks of the syntax tree: the nodes found by class, in one walk that goes only where
they may be (what the checker must know of a whole deck before it checks any of it: its
modifiers, abilities and protections, and of an action's body); whether an expression
draws random numbers or reads a local; what each action's body needs of `event`."""
from __future__ import annotations

from .. import ast as A


def gathered(node, classes: tuple) -> dict:
    """Every node of each of ``classes`` anywhere in ``node`` (walked through lists,
    tuples and nodes' fields), by class, in one walk for all of them. Only the fields
    that may hold one are walked into (see :func:`_walk_plan`): a deck's expressions,
    half its nodes, hold no statement, static or declaration."""
    out = {cls: [] for cls in classes}
    plans = _PLANS[any(issubclass(c, A.Expr) for c in classes)]
    stack = [node]
    pop, push, extend = stack.pop, stack.append, stack.extend
    while stack:
        x = pop()
        t = type(x)
        if t is tuple or t is list:
            extend(x)
            continue
        got = out.get(t)
        if got is not None:
            got.append(x)
        plan = plans.get(t)
        if plan is None:
            plan = plans[t] = _walk_plan(t, plans is _PLANS[True])
        if plan:
            d = x.__dict__
            for f in plan:
                v = d[f]
                if v:                           # not none, nor an empty tuple
                    push(v)
    return out


# A node's fields by their annotations: those that hold no node, and those that hold an
# expression (or none).
_LEAF_FIELDS = frozenset({"str", "int", "bool", "float", "Optional[str]", "Optional[int]",
                          "Optional[bool]"})
_EXPR_FIELDS = frozenset({"Expr", "Optional[Expr]"})
_PLANS = {False: {}, True: {}}          # node class → its fields to walk, per kind of walk


def _walk_plan(cls, exprs: bool) -> tuple:
    """The fields of a ``cls`` node that :func:`gathered` walks into: none for a value
    that is no node, nor (unless ``exprs``) for an expression; else every field but
    those whose annotation says they hold no node (nor, unless ``exprs``, those that
    hold an expression). A field of another annotation is walked."""
    if not (isinstance(cls, type) and issubclass(cls, A.Node)) \
            or (issubclass(cls, A.Expr) and not exprs):
        return ()
    skip = _LEAF_FIELDS if exprs else _LEAF_FIELDS | _EXPR_FIELDS
    notes = cls.__dict__.get("__annotations__", {})
    return tuple(f for f in cls._fields if notes.get(f) not in skip)


def draws(node) -> bool:
    """Whether an expression draws on the game's random numbers (so evaluating it fewer
    times would change the game)."""
    if isinstance(node, A.Call) and node.func in ("random", "shuffled"):
        return True
    if isinstance(node, (list, tuple)):
        return any(draws(x) for x in node)
    if isinstance(node, A.Node):
        return any(draws(getattr(node, f)) for f in node._fields)
    return False


def mentions(node, name: str) -> bool:
    """Whether an expression reads the local `name` (so it must be re-evaluated per option)."""
    if isinstance(node, A.Name):
        return node.id == name
    if isinstance(node, (list, tuple)):
        return any(mentions(x, name) for x in node)
    if isinstance(node, A.Node):
        return any(mentions(getattr(node, f), name) for f in node._fields)
    return False


def event_uses_by_action(items) -> dict:
    """action → what its body needs of `event`, with the actions it calls: the fields it
    reads (`event.card`, `card of event`), and "" for any other use (`negate`, `event`
    passed on). An action's body sees its caller's event."""
    direct: dict = {}
    calls: dict = {}

    def walk(node, uses: set, called: set):
        if isinstance(node, A.Attr) and isinstance(node.obj, A.Name) and node.obj.id == "event":
            uses.add(node.name)
            return
        if isinstance(node, A.Of) and isinstance(node.target, A.Name) \
                and node.target.id == "event":
            uses.add(node.name)
            return
        if (isinstance(node, A.Name) and node.id == "event") or isinstance(node, A.Negate):
            uses.add("")
        elif isinstance(node, A.CallStmt):
            called.add(node.name)
        if isinstance(node, (list, tuple)):
            for x in node:
                walk(x, uses, called)
        elif isinstance(node, A.Node):
            for f in node._fields:
                walk(getattr(node, f), uses, called)

    for item in items:
        if isinstance(item, A.ActionDecl):
            direct[item.name], calls[item.name] = set(), set()
            walk(item.body, direct[item.name], calls[item.name])
    changed = True
    while changed:                       # what a called action needs, its callers need too
        changed = False
        for name, called in calls.items():
            for other in called & direct.keys():
                if not direct[other] <= direct[name]:
                    direct[name] |= direct[other]
                    changed = True
    return {name: uses for name, uses in direct.items() if uses}
