"""The typed, frozen syntax tree of a deck file.

Every node carries a :class:`~dsl.errors.SourcePosition` as ``pos``. Nothing past the
parser sees a ``lark.Tree``: the transformer in :mod:`dsl.parser` builds these nodes once.

>>> from dsl.parser import parse_text
>>> deck = parse_text('game "Tiny"\\nresource vp: start 0\\n', "tiny.deck")
>>> deck.items[0]
Resource(name='vp', start=IntLit(value=0), min=None, max=None, shared=False)
"""
from __future__ import annotations

from typing import Optional

from .errors import SourcePosition

NOPOS = SourcePosition("<none>", 0, 0, 0, 0)


class Node:
    """Base of every syntax node: immutable, positional or keyword fields in annotation
    order, ``pos`` keyword-only and left out of equality and repr.

    Hand-rolled instead of ``@dataclass(frozen=True)``: ninety dataclasses cost 50 ms of
    import time, and the parser must be ready fast (REPL start-up).
    """
    _fields: tuple = ()
    _defaults: dict = {}
    _hidden: tuple = ()             # fields left out of equality and repr

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        ann = cls.__dict__.get("__annotations__", {})
        cls._fields = tuple(ann)
        cls._defaults = {k: cls.__dict__[k] for k in ann if k in cls.__dict__}
        # read-only view for tools that walk nodes generically (the linter)
        cls.__dataclass_fields__ = {k: k for k in cls._fields}

    def __init__(self, *args, pos: SourcePosition = NOPOS, **kw):
        fields = self._fields
        d = self.__dict__
        if not kw and len(args) == len(fields):      # the builder's usual call: fast path
            d.update(zip(fields, args))
            d["pos"] = pos
            return
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__} takes {len(fields)} fields, got {len(args)}")
        for name, value in zip(fields, args):
            d[name] = value
        for name in fields[len(args):]:
            if name in kw:
                d[name] = kw.pop(name)
            elif name in self._defaults:
                d[name] = self._defaults[name]
            else:
                raise TypeError(f"{type(self).__name__} is missing `{name}`")
        if kw:
            raise TypeError(f"{type(self).__name__} has no field `{next(iter(kw))}`")
        d["pos"] = pos

    def __setattr__(self, key, value):
        raise AttributeError(f"{type(self).__name__} is immutable")

    def _values(self) -> tuple:
        return tuple(self.__dict__[f] for f in self._fields if f not in self._hidden)

    def __eq__(self, other):
        return type(self) is type(other) and self._values() == other._values()

    def __hash__(self):
        return hash((type(self).__name__,) + self._values())

    def __repr__(self):
        inner = ", ".join(f"{f}={self.__dict__[f]!r}" for f in self._fields if f not in self._hidden)
        return f"{type(self).__name__}({inner})"


def node(cls):
    """Marks a syntax node class (all of them derive from :class:`Node`)."""
    assert issubclass(cls, Node), cls
    return cls


# --- expressions -------------------------------------------------------------------

class Expr(Node):
    pass


@node
class IntLit(Expr):
    value: int


@node
class StrLit(Expr):
    value: str


@node
class BoolLit(Expr):
    value: bool


@node
class NoneLit(Expr):
    pass


@node
class Name(Expr):
    id: str


@node
class Symbol(Expr):
    """A capitalised word: a type, subtype or any symbol a card may carry (`Moons`)."""
    id: str


@node
class Call(Expr):
    func: str
    args: tuple


@node
class ListLit(Expr):
    items: tuple


@node
class Attr(Expr):
    obj: Expr
    name: str


@node
class Of(Expr):
    """`hand of p`, `vp of p`: a per-player zone, resource, variable or parameter."""
    name: str
    target: Expr


@node
class CounterCount(Expr):
    counter: str
    target: Expr


@node
class Count(Expr):
    expr: Expr


@node
class BinOp(Expr):
    op: str
    left: Expr
    right: Expr


@node
class Neg(Expr):
    operand: Expr


@node
class Compare(Expr):
    op: str
    left: Expr
    right: Expr


@node
class And(Expr):
    left: Expr
    right: Expr


@node
class Or(Expr):
    left: Expr
    right: Expr


@node
class Not(Expr):
    operand: Expr


@node
class IsType(Expr):
    expr: Expr
    type: str
    negated: bool


@node
class Member(Expr):
    item: Expr
    collection: Expr
    negated: bool


@node
class HasMark(Expr):
    expr: Expr
    mark: str


@node
class Filter(Node):
    """One selector clause: kind is in, control, own, controlled_by, owned_by,
    attached_to, named or except."""
    kind: str
    arg: Optional[Expr]


@node
class CardSel(Expr):
    types: tuple          # capitalised words that must all be on the card
    filters: tuple
    where: Optional[Expr] = None


@node
class PlayerSel(Expr):
    opponents: bool
    filters: tuple
    where: Optional[Expr] = None


# --- statements --------------------------------------------------------------------

class Stmt(Node):
    pass


@node
class Block(Node):
    stmts: tuple


@node
class Move(Stmt):
    what: Expr
    to: Expr
    position: Optional[tuple] = None   # ("top"|"bottom"|"random", None) or ("index", Expr)


@node
class Shuffle(Stmt):
    zone: Expr


@node
class Reveal(Stmt):
    what: Expr


@node
class Face(Stmt):
    up: bool
    what: Expr


@node
class Orient(Stmt):
    """`turn CARDS sideways | upside down | upright`."""
    how: str                       # "sideways" | "upside down" | "upright"
    what: Expr


@node
class UseAbility(Stmt):
    """`use ability ["NAME"] of CARD`."""
    name: Optional[str]
    card: Expr


@node
class Attach(Stmt):
    what: Expr
    host: Expr


@node
class Detach(Stmt):
    what: Expr


@node
class GiveControl(Stmt):
    what: Expr
    player: Expr


@node
class Give(Stmt):
    what: Expr
    player: Expr


@node
class Transform(Stmt):
    """`transform CARD into NAME`: the card becomes another definition in place."""
    what: Expr
    into: Expr


@node
class PutCounter(Stmt):
    amount: Expr
    counter: str
    target: Expr


@node
class RemoveCounter(Stmt):
    amount: Optional[Expr]    # None: all of them
    counter: str
    target: Expr


@node
class Gain(Stmt):
    amount: Expr
    resource: str


@node
class Lose(Stmt):
    amount: Optional[Expr]    # None: all of it
    resource: str


@node
class Set(Stmt):
    name: str
    target: Optional[Expr]
    value: Expr


@node
class Create(Stmt):
    amount: Expr
    card: str
    zone: Optional[Expr]


@node
class CreateCopy(Stmt):
    """`create N copies of CARD in ZONE`: tokens that are copies of a card."""
    amount: Expr
    card: Expr
    zone: Optional[Expr]


@node
class CreateLibrary(Stmt):
    zone: Expr
    cond: Optional[Expr]


@node
class Let(Stmt):
    name: str
    value: Expr


@node
class Assign(Stmt):
    name: str
    value: Expr


@node
class Duration(Node):
    kind: str                 # this_turn | next_turn | turns
    turns: Optional[Expr] = None


@node
class MarkStmt(Stmt):
    target: Expr
    mark: str
    duration: Optional[Duration]


@node
class Unmark(Stmt):
    target: Expr
    mark: str


@node
class Resolve(Stmt):
    card: Expr


@node
class Negate(Stmt):
    pass


@node
class Use(Stmt):
    limit: str


@node
class Offer(Stmt):
    moves: tuple


@node
class EndGame(Stmt):
    kind: str                 # winner | draw | most
    winner: Optional[Expr] = None
    resource: Optional[str] = None
    name: Optional[str] = None    # the end condition, `end game "overrun" ...`


@node
class Eliminate(Stmt):
    player: Expr


@node
class ExtraTurn(Stmt):
    players: Optional[Expr] = None   # `extra turn for P`; None: `you`


@node
class SkipTurn(Stmt):
    players: Optional[Expr] = None   # `skip next turn of P`; None: `you`


@node
class ReverseOrder(Stmt):
    pass


@node
class Say(Stmt):
    text: str


@node
class Pass(Stmt):
    pass


@node
class CallStmt(Stmt):
    name: str
    args: tuple


@node
class If(Stmt):
    cond: Expr
    then: Block
    orelse: Optional[Block]


@node
class ForEach(Stmt):
    var: str
    collection: Expr
    body: Block
    order_key: Optional[Expr] = None     # `ordered by` / `grouped by` KEY (with `it`)
    descending: bool = False
    grouped: bool = False                # the variable is each group of equal keys


@node
class Repeat(Stmt):
    times: Expr
    body: Block


@node
class While(Stmt):
    cond: Expr
    body: Block


@node
class Choose(Stmt):
    var: str
    source: Expr
    body: Optional[Block]
    up_to: Optional[Expr] = None
    exactly: Optional[Expr] = None
    by: Optional[Expr] = None
    secret: bool = False
    optional: bool = False
    at_least: Optional[Expr] = None      # `at least N` (with `up to M`): N..M chosen
    prompt: Optional[str] = None


@node
class ChooseOne(Stmt):
    by: Optional[Expr]
    cases: tuple              # of OptionCase


@node
class OptionCase(Node):
    label: str
    cond: Optional[Expr]
    body: Block


@node
class May(Stmt):
    by: Optional[Expr]
    prompt: Optional[str]
    body: Block
    secret: bool = False


@node
class As(Stmt):
    player: Expr
    body: Block


@node
class Simultaneously(Stmt):
    body: Block


@node
class Phase(Stmt):
    name: str
    body: Block


@node
class TempStatic(Stmt):
    static: "Static"
    duration: Duration


# --- static effects ----------------------------------------------------------------

class Static(Node):
    pass


@node
class StaticModify(Static):
    param: str
    amount: Expr
    target: Optional[Expr]


@node
class StaticSubstitute(Static):
    limit: str
    substitute: str
    once_per_turn: bool


@node
class StaticForbid(Static):
    event: str
    where: Optional[Expr]


@node
class StaticPrevent(Static):
    event: str
    where: Optional[Expr]


@node
class StaticInstead(Static):
    event: str
    where: Optional[Expr]
    body: Block


@node
class StaticCopy(Static):
    source: Expr


@node
class StaticGrant(Static):
    """`static grant CARDS ability "NAME": ... { ... }`."""
    target: Expr
    ability: "Ability"


@node
class StaticAlwaysUsable(Static):
    """`static abilities of CARDS always usable`: their `if` conditions are not asked."""
    target: Expr


# --- declarations ------------------------------------------------------------------

class Decl(Node):
    pass


@node
class GameHeader(Node):
    name: str
    extends: Optional[str]


@node
class Players(Decl):
    min: int
    max: int


@node
class Option(Decl):
    name: str
    value: Expr


@node
class Param(Decl):
    name: str
    value: Expr


@node
class Side(Decl):
    name: str
    min: int
    max: int


@node
class TurnOrder(Decl):
    by: str                        # seat | side


@node
class Zone(Decl):
    name: str
    scope: str = "shared"          # shared | player | side
    visibility: str = "public"     # hidden | private | public
    ordered: bool = False
    in_play: bool = False
    capacity: Optional[Expr] = None
    unowned: bool = False          # cards here belong to no player


@node
class Resource(Decl):
    name: str
    start: Optional[Expr] = None
    min: Optional[Expr] = None
    max: Optional[Expr] = None
    shared: bool = False
    score: bool = False              # a score, shown for every player (front ends)
    per_side: bool = False           # one amount per side, shared by its players
    worth: Optional[int] = None      # a unit's worth to a player's standing (search bots)


@node
class Var(Decl):
    name: str
    value: Optional[Expr]
    per_player: bool
    shown: bool = False


@node
class CounterDecl(Decl):
    names: tuple


@node
class MarkDecl(Decl):
    names: tuple


@node
class TypeDecl(Decl):
    names: tuple


@node
class SubtypeDecl(Decl):
    names: tuple


@node
class PropertyDecl(Decl):
    name: str
    default: Optional[Expr]
    shown: bool = False


@node
class LimitDecl(Decl):
    name: str
    amount: Expr


@node
class ActionDecl(Decl):
    name: str
    params: tuple
    body: Block
    # The `target` parameters: (name, legality condition or None), in order.
    targets: tuple = ()
    says: Optional[str] = None     # what a call is doing: "casting {sp} at {tgt}"
    requires: tuple = ()           # Requirement per test of its `if`: what it can be done to


@node
class Requirement(Node):
    """One test of a move's or an ability's `if`, or a card's `require`, with the words a
    refusal gives when it fails (None: the engine says which test failed)."""
    cond: Expr
    reason: Optional[str] = None
    # The values its words show, one per `{EXPR}` in them, in order ("needs {n} more"),
    # and the texts before, between and after them (one more than `says`)
    says: tuple = ()
    pieces: tuple = ()


@node
class MoveDecl(Decl):
    name: str
    var: Optional[str]
    source: Optional[Expr]
    cond: Optional[Expr]
    body: Block
    any_time: bool = False
    requires: tuple = ()           # Requirement per test of `cond`, in order (`cond` is their `and`)


@node
class Setup(Decl):
    body: Block


@node
class Turn(Decl):
    body: Block


@node
class Round(Decl):
    body: Block


@node
class Trigger(Decl):
    kind: str                      # when | before | respond
    event: str
    where: Optional[Expr]
    body: Block
    from_zone: Optional[str] = None
    once_per_turn: bool = False
    label: Optional[str] = None    # a response's name, as the option offered
    cost: Optional[Block] = None   # a response's `paying` block


@node
class Whenever(Decl):
    cond: Expr
    body: Block


@node
class StaticDecl(Decl):
    static: Static


@node
class Ability(Node):
    name: str
    body: Block
    uses: Optional[str] = None
    once_per_turn: bool = False
    cond: Optional[Expr] = None
    any_time: bool = False
    from_zone: Optional[str] = None
    target: Optional[tuple] = None     # (name, collection, prompt, count or None, exactly)
    requires: tuple = ()           # Requirement per `if` (`cond` is their `and`)


@node
class CardProp(Node):
    name: str
    values: tuple


@node
class CardDecl(Decl):
    name: str
    types: tuple
    subtypes: tuple
    copies: int = 1
    token: bool = False
    text: Optional[str] = None
    props: tuple = ()
    effect: Optional[Block] = None
    triggers: tuple = ()
    abilities: tuple = ()
    statics: tuple = ()
    requires: tuple = ()           # Requirement per `require`: restrictions from out of play
    cost: Optional[Block] = None   # `to use { ... }`: paid when a move takes it from out of play
    repeated: tuple = ()           # ("text" | "effect", position) given a second time
    # `target NAME from ...`: (name, collection, prompt or None, count or None, exactly),
    # chosen as the card resolves, before its effect
    target: Optional[tuple] = None


@node
class Override(Decl):
    decl: Decl


@node
class Include(Decl):
    path: str


@node
class DeckFile(Node):
    path: str
    header: GameHeader
    items: tuple
    source: str = ""
    _hidden = ("source",)
