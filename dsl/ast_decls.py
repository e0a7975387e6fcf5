"""The syntax tree's declarations: the game header, zones, resources, actions, moves,
cards and the rest of a deck's top level (import them through :mod:`deckwright.dsl.ast`)."""
from __future__ import annotations

from typing import Optional

from .ast_nodes import Block, Expr, Node, node
from .ast_statics import Static


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
    standing: Optional[Expr] = None  # its players' standing, in place of the game's


@node
class Standing(Decl):
    value: Expr                      # a player's standing (`you`), the bigger the better


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
    told: tuple = ()               # ActionSay per `say` line: how a call is told in the log
    # `target for P`: a Name per clause (P, at the clause); the call is where card P's
    # targets are chosen (its play), and the body's `resolve P` takes them.
    aims: tuple = ()


@node
class ActionSay(Node):
    """`say "WORDS" [if COND]` on an action: the log line of a call, as it is declared,
    when COND holds (the first that does); its words show values (`{EXPR}`)."""
    text: str
    cond: Optional[Expr] = None
    says: tuple = ()               # the values shown, one per `{EXPR}`
    pieces: tuple = ()             # the texts around them


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
