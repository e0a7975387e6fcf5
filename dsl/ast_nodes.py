"""The syntax tree's nodes: the :class:`Node` base, expressions and statements (static
effects are in :mod:`deckwright.dsl.ast_statics`, declarations in :mod:`deckwright.dsl.ast_decls`; import them
all through :mod:`deckwright.dsl.ast`)."""
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
class Aimable(Expr):
    """A declared target's collection narrowed to what its source may aim at: made by the
    checker in a deck with a `static untargetable` (deckwright.dsl.check.targets), never parsed.
    ``ability`` is the aiming ability's name, None for a card's own target."""
    collection: Expr
    ability: Optional[str]


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
    # the values its name shows (`end game "{goal} VP" ...`) and the texts around them
    says: tuple = ()
    pieces: tuple = ()


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
    says: tuple = ()              # the values it shows, `{EXPR}` each, as a refusal's words
    pieces: tuple = ()            # and the texts before, between and after them


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
class Divide(Stmt):
    """`divide AMOUNT among TARGETS [by P] [prompt "..."] [paying N [for WHICH]]...
    [at most N] as TARGET, SHARE { ... }`: ``costs`` are (cost, which or None) pairs, in
    order; ``most`` is the `at most`."""
    amount: Expr
    source: Expr
    target: str
    share: str
    body: Block
    by: Optional[Expr] = None
    prompt: Optional[str] = None
    costs: tuple = ()
    most: Optional[Expr] = None


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
