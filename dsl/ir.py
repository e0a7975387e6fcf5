"""The checked program's effects: what the checker makes of the syntax tree.

The checker (:mod:`deckwright.dsl.check`) resolves every name of a deck's effects and checks every
kind, and writes down what it found as these nodes: not "the name `hand`" but "the zone
`hand` of this player", not "`.cost`" but "the static property `cost` of this card". The
code generator (:mod:`deckwright.dsl.codegen`) turns them into Python source, and nothing else does.

A node holds plain values (deck names and numbers, which the generator emits only as
literals or table indexes), other nodes, and tuples of them. Expression nodes carry the
checker's ``kind`` (one of :mod:`deckwright.dsl.check.kinds`); statements carry ``pos`` where the
engine reports an error at them.

>>> Arith("+", Const(1, "number"), Const(2, "number"), "number")
Arith('+', Const(1, 'number'), Const(2, 'number'), 'number')
"""
from __future__ import annotations


class Node:
    """Positional fields, in ``_fields`` order; equality by type and fields."""
    _fields: tuple = ()

    def __init__(self, *args):
        fields = self._fields
        if len(args) != len(fields):
            raise TypeError(f"{type(self).__name__} takes {fields}, got {len(args)} values")
        self.__dict__.update(zip(fields, args))      # past the immutable __setattr__

    def __setattr__(self, key, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other):
        return type(self) is type(other) and all(
            getattr(self, f) == getattr(other, f) for f in self._fields)

    def __hash__(self):
        return hash((type(self).__name__,) + tuple(
            getattr(self, f) if not isinstance(getattr(self, f), list) else None
            for f in self._fields))

    def __repr__(self):
        return f"{type(self).__name__}({', '.join(repr(getattr(self, f)) for f in self._fields)})"

    def children(self):
        """The nodes directly inside this one (in tuples too), in field order."""
        stack = [getattr(self, f) for f in reversed(self._fields)]
        while stack:
            v = stack.pop()
            if isinstance(v, Node):
                yield v
            elif isinstance(v, tuple):
                stack.extend(reversed(v))


def _node(*fields):
    def make(cls):
        cls._fields = fields
        return cls
    return make


# --- expressions --------------------------------------------------------------------
class Expr(Node):
    pass


@_node("value", "kind")
class Const(Expr):
    """A value known when the deck is checked: number, text, symbol, truth, none, or a
    list of these."""


@_node("name", "kind")
class Local(Expr):
    """A `let` name, a loop variable or an action's parameter."""


@_node("which", "kind")
class Builtin(Expr):
    """`you`, `this`, `event`, `it`, `active_player`, `turn_number` or `play` (the zones
    in play)."""


@_node("name", "kind")
class OptionRef(Expr):
    """A variant option: fixed for a game, chosen when it starts."""


@_node("name", "player", "kind")
class ParamRef(Expr):
    """A parameter of a player (``player`` None: `you`), after static modifiers."""


@_node("name", "kind")
class GlobalVar(Expr):
    pass


@_node("name", "player", "kind")
class PlayerVar(Expr):
    """A per-player variable; ``player`` None means `you`."""


@_node("name", "player", "kind")
class Res(Expr):
    """A player's resource (``player`` None: `you`); for a shared one ``player`` is
    ignored and the game's value is read."""


@_node("name", "shared", "kind")
class ResShared(Expr):
    pass


@_node("name", "scope", "player", "kind")
class ZoneRef(Expr):
    """One zone: shared (``player`` None) or the one of ``player``."""


@_node("name", "kind")
class ZonesNamed(Expr):
    """Every instance of a per-player or per-side zone."""


@_node("obj", "name", "kind")
class Field(Expr):
    """A plain field of a card (name, owner, controller, zone, face_up, token, id, turned)
    or of a player (alive, name, side, turns, seat): ``obj`` has that kind."""


@_node("obj", "name", "kind")
class CardAttr(Expr):
    """A card's computed attribute: host, in_play, attachments."""


@_node("obj", "name", "default", "kind")
class Prop(Expr):
    """A printed property of a card (static: it depends only on the card's definition)."""


@_node("obj", "name", "default", "kind")
class LiveProp(Expr):
    """A printed number of a card that some `static modify` changes: the printed value
    plus the modifiers in force."""


@_node("obj", "name", "kind")
class ZoneAttr(Expr):
    """size, cards, top, bottom, owner, name, in_play of a zone."""


@_node("obj", "name", "kind")
class EventGet(Expr):
    """A field of an event (`event.card`); none when it has no such field."""


@_node("obj", "name", "kind")
class AnyAttr(Expr):
    """`x.name` where the kind of x is known only at run time: resolved then against the
    program's own tables (never a Python attribute of the value)."""


@_node("target", "counter", "kind")
class CounterCount(Expr):
    pass


@_node("expr", "kind")
class Count(Expr):
    pass


@_node("op", "left", "right", "kind")
class Arith(Expr):
    pass


@_node("operand", "kind")
class Neg(Expr):
    pass


@_node("op", "left", "right", "kind")
class Compare(Expr):
    pass


@_node("items", "kind")
class And(Expr):
    pass


@_node("items", "kind")
class Or(Expr):
    pass


@_node("operand", "kind")
class Not(Expr):
    pass


@_node("expr", "word", "negated", "kind")
class IsType(Expr):
    pass


@_node("item", "collection", "negated", "kind")
class Member(Expr):
    pass


@_node("expr", "mark", "kind")
class HasMark(Expr):
    pass


@_node("func", "args", "kind")
class Func(Expr):
    """A built-in function: top, bottom, random, shuffled, first, last, next_player,
    turn_order, range, abs, min, max."""


@_node("limit", "kind")
class Remaining(Expr):
    pass


@_node("items", "kind", "pos")
class ListOf(Expr):
    """`[a, b, ...]`; ``pos`` is where the engine reports a list grown past its limits."""


@_node("collection", "ability", "kind")
class Aimable(Expr):
    """The elements of a declared target's collection that its source may aim at: those
    no `static untargetable` in force protects from it (the source is `this`, the aiming
    player `you`, ``ability`` the aiming ability's name or None for a card's target).
    Made only in a deck that has such a static."""


@_node("value", "kind")
class MayAim(Expr):
    """Whether `you` may aim at ``value`` with the running text (`this`, and the ability
    whose body runs, if any): no `static untargetable` in force protects it. Joins the
    `where` of a `choose` whose body starts by calling an action with the chosen value
    as a `target` parameter. Made only in a deck that has such a static."""


@_node("expr", "kinds", "what", "pos", "kind")
class Checked(Expr):
    """A value whose kind is known only when the game runs (a variable, an event's field,
    a list's element) where the checker needs one of ``kinds``: the engine checks it
    there and stops the game with an error naming ``what`` and ``pos`` if it is not."""


@_node("words", "zones", "filters", "where", "kind")
class CardSel(Expr):
    """Cards with every type word in ``words``, in ``zones`` (none: the zones in play),
    passing every ``(filter, arg)`` and the ``where`` condition (with `it`)."""


@_node("opponents", "excepts", "where", "kind")
class PlayerSel(Expr):
    pass


# --- statements ---------------------------------------------------------------------
class Stmt(Node):
    pass


@_node("what", "to", "where", "index")
class Move(Stmt):
    """``where``: top, bottom, random or index (then ``index`` is the expression)."""


@_node("zone",)
class Shuffle(Stmt):
    pass


@_node("what",)
class Reveal(Stmt):
    pass


@_node("what", "up")
class Face(Stmt):
    pass


@_node("card", "name", "pos")
class UseAbility(Stmt):
    pass


@_node("what", "how")
class Orient(Stmt):
    pass


@_node("what", "host")
class Attach(Stmt):
    pass


@_node("what",)
class Detach(Stmt):
    pass


@_node("what", "player")
class GiveControl(Stmt):
    pass


@_node("what", "player")
class Give(Stmt):
    pass


@_node("what", "into", "pos")
class Transform(Stmt):
    pass


@_node("target", "counter", "amount")
class PutCounter(Stmt):
    pass


@_node("target", "counter", "amount")
class RemoveCounter(Stmt):
    """``amount`` None: all of them."""


@_node("resource", "amount")
class Gain(Stmt):
    pass


@_node("resource", "amount")
class Lose(Stmt):
    """``amount`` None: all of it."""


@_node("name", "value")
class SetShared(Stmt):
    pass


@_node("name", "player", "value")
class SetRes(Stmt):
    pass


@_node("name", "player", "value", "pos")
class SetPlayerVar(Stmt):
    pass


@_node("name", "value", "pos")
class SetGlobal(Stmt):
    pass


@_node("card", "amount", "zone", "pos")
class Create(Stmt):
    pass


@_node("card", "amount", "zone", "pos")
class CreateCopy(Stmt):
    pass


@_node("zone", "cond", "pos")
class CreateLibrary(Stmt):
    pass


@_node("name", "value")
class Let(Stmt):
    """`let x = ...` and `x = ...` alike."""


@_node("kind", "turns")
class Duration(Node):
    """this_turn, next_turn or turns (``turns`` an expression)."""


@_node("target", "mark", "duration")
class Mark(Stmt):
    pass


@_node("target", "mark")
class Unmark(Stmt):
    pass


@_node("card",)
class Resolve(Stmt):
    pass


@_node()
class Negate(Stmt):
    pass


@_node("limit",)
class Use(Stmt):
    pass


@_node("moves",)
class Offer(Stmt):
    pass


@_node("kind", "winner", "resource", "name")
class EndGame(Stmt):
    """kind draw, most (``resource``) or winner (``winner`` an expression); ``name`` the
    end condition the deck names, or None."""


@_node("players",)
class Eliminate(Stmt):
    pass


@_node("players",)
class ExtraTurn(Stmt):
    """`extra turn [for PLAYERS]`: ``players`` an expression (`you` when not written)."""


@_node("players",)
class SkipTurn(Stmt):
    """`skip next turn [of PLAYERS]`."""


@_node()
class ReverseOrder(Stmt):
    """`reverse turn order`."""


@_node("text", "pos")
class Say(Stmt):
    pass


@_node("action", "args", "pos")
class CallAction(Stmt):
    pass


@_node("cond", "then", "orelse")
class If(Stmt):
    pass


@_node("var", "collection", "body", "pos")
class ForEach(Stmt):
    pass


@_node("var", "collection", "key", "descending", "grouped", "body", "pos")
class ForOrdered(Stmt):
    pass


@_node("times", "body", "pos")
class Repeat(Stmt):
    pass


@_node("cond", "body", "pos")
class While(Stmt):
    pass


@_node("var", "source", "lo_hi", "by", "secret", "prompt", "body", "pos")
class Choose(Stmt):
    """``lo_hi``: (exactly, up_to, at_least, optional), the first three expressions or
    None: how many may be chosen."""


@_node("amount", "source", "target", "share", "by", "prompt", "costs", "most", "body", "pos")
class Divide(Stmt):
    """``costs``: (cost, which or None) pairs, each cost read with `it` as a target, the
    first whose ``which`` holds the target applying (else 1); ``most``: the most one target
    may take (`it` the target), or None."""


@_node("by", "cases", "pos")
class ChooseOne(Stmt):
    """``cases``: (label, condition or None, body) tuples."""


@_node("by", "prompt", "secret", "body", "pos")
class May(Stmt):
    pass


@_node("player", "body")
class As(Stmt):
    pass


@_node("body",)
class Simultaneously(Stmt):
    pass


@_node("name", "body")
class Phase(Stmt):
    pass


@_node("static", "duration", "pos")
class TempStatic(Stmt):
    """``static``: the index of the static in the program's table; ``pos``, where the
    engine reports the limit on what a game holds (dsl/limits.py)."""


def facts(node) -> frozenset:
    """What ``node`` (or a tuple of nodes) holds, anywhere inside: the class of every node,
    and ``("func", name)``, ``("builtin", which)``, ``("let", name)``, ``("local", name)``,
    ``("op", op)`` for the functions, built-ins, locals set and read, and operators.
    Worked out once per node: the generator asks it of a statement and of every block
    around it."""
    if isinstance(node, tuple):
        return frozenset().union(*_inner_facts(node, []))
    d = node.__dict__
    made = d.get("_facts")
    if made is not None:
        return made
    cls = type(node)
    tag = _TAGS.get(cls)
    key = (cls, getattr(node, tag[1])) if tag is not None else cls
    own = _OWN.get(key)
    if own is None:
        own = _OWN[key] = frozenset((cls, (tag[0], key[1])) if tag is not None else (cls,))
    parts: list = []
    for f in node._fields:
        v = d[f]
        if isinstance(v, Node):
            got = v.__dict__.get("_facts")
            parts.append(got if got is not None else facts(v))
        elif type(v) is tuple:
            _inner_facts(v, parts)
    made = own.union(*parts) if parts else own
    d["_facts"] = made                   # a cache, not a field: equality ignores it
    return made


def _inner_facts(values, out: list) -> list:
    for v in values:
        if isinstance(v, Node):
            got = v.__dict__.get("_facts")
            out.append(got if got is not None else facts(v))
        elif type(v) is tuple:
            _inner_facts(v, out)
    return out


_OWN: dict = {}                          # (class, tag) → the facts of a node on its own
_TAGS = {Func: ("func", "func"), Builtin: ("builtin", "which"), Let: ("let", "name"),
         Local: ("local", "name"), Arith: ("op", "op")}


def reads_locals(node) -> bool:
    """Whether ``node`` reads a local name (a parameter, a `let`, a loop variable)."""
    if isinstance(node, tuple):
        return any(reads_locals(x) for x in node)
    if isinstance(node, Local):
        return True
    return isinstance(node, Node) and any(
        reads_locals(getattr(node, name)) for name in node._fields
        if isinstance(getattr(node, name), (Node, tuple)))


def reads_field(node, name: str) -> bool:
    """Whether ``node`` reads the field ``name`` of a value known only at run time, an
    event's (`event.targets`) or any other."""
    if isinstance(node, tuple):
        return any(reads_field(x, name) for x in node)
    if isinstance(node, (EventGet, AnyAttr)) and node.name == name:
        return True
    return isinstance(node, Node) and any(reads_field(x, name) for x in node.children())
