"""The checked program: what a deck means, ready to be compiled and run.

Built by :func:`deckwright.dsl.compiler.compile_program` from one or more deck files. Every name in
it is resolved and every effect is written down as :mod:`deckwright.dsl.ir`; :meth:`Program.code`
compiles it to Python (:mod:`deckwright.dsl.codegen`) the first time a game needs it, so a game
never walks a tree.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from . import ast as A
from .errors import SourcePosition

Fn = Any                           # an expression or a block of deckwright.dsl.ir


class Words(str):
    """A refusal's words that show values of the game ("needs {3 - n} more Suns"): the
    text as written, with ``values`` the checked expression of each `{...}` in order and
    ``k`` their number in the program (the generated code evaluates them, only when a
    refusal is said)."""
    __slots__ = ("values", "k", "pieces")

    def render(self, shown) -> str:
        """The words with the values ``shown`` (texts, one per `{...}`) in place."""
        out = [self.pieces[0]]
        for value, piece in zip(shown, self.pieces[1:]):
            out += [value, piece]
        return "".join(out)


@dataclass
class CompiledTrigger:
    kind: str                      # when | before | respond
    event: str
    where: Optional[Fn]
    body: Fn
    from_zone: Optional[str]
    once_per_turn: bool
    card: Optional[str]            # the card that carries it, or None for a game rule
    pos: SourcePosition
    index: int = 0                 # unique per program, for once-per-turn bookkeeping
    label: Optional[str] = None    # a response's name, the option offered
    cost: Optional[Fn] = None      # a response's `paying` block, run as it is declared


@dataclass
class CompiledStatic:
    kind: str                      # modify | substitute | forbid | prevent | instead | copy
    node: A.Static
    card: Optional[str]
    pos: SourcePosition
    param: Optional[str] = None
    amount: Optional[Fn] = None
    target: Optional[Fn] = None
    event: Optional[str] = None
    where: Optional[Fn] = None
    body: Optional[Fn] = None
    limit: Optional[str] = None
    substitute: Optional[str] = None
    once_per_turn: bool = False
    source: Optional[Fn] = None
    index: int = 0
    ability: Optional["CompiledAbility"] = None   # `grant`: the ability given


@dataclass
class CompiledAbility:
    name: str
    body: Fn
    uses: Optional[str]
    once_per_turn: bool
    cond: Optional[Fn]
    any_time: bool
    from_zone: Optional[str]
    card: str
    pos: SourcePosition
    requires: tuple = ()           # its `if` tests one by one: (test, words or None, position)
    target: Optional[tuple] = None     # (name, collection, prompt, count or None, exactly)

    @property
    def needs_target(self) -> bool:
        """Whether it is offered only while it has a legal target: a plain `target` or
        `exactly N` needs one; `up to N` does not (it may aim at none)."""
        return self.target is not None and (self.target[3] is None or self.target[4])


@dataclass
class CardDef:
    name: str
    types: frozenset
    subtypes: frozenset
    copies: int
    token: bool
    text: Optional[str]
    props: dict
    effect: Optional[Fn]
    triggers: list
    abilities: list
    statics: list
    pos: SourcePosition
    decl: A.CardDecl
    # `require` tests, for moves that would take the card from out of play:
    # (test, words or None, position), in order.
    requires: tuple = ()
    cost: Optional[Fn] = None                 # `to use { ... }`, checked statements
    # `target NAME from ...`: (name, collection, prompt, count or None, exactly), chosen
    # as the card resolves, before its effect runs
    target: Optional[tuple] = None

    words: frozenset = frozenset()            # types and subtypes together

    def __post_init__(self):
        self.words = self.types | self.subtypes


@dataclass
class CompiledAction:
    name: str
    params: tuple
    body: Fn
    pos: SourcePosition
    # Its `if`, test by test: (test, words or None, position); a call does nothing unless
    # every test holds.
    requires: tuple = ()
    # Its `target` parameters: (name, legality Fn or None), in order.
    targets: tuple = ()
    says: Optional[str] = None     # what a call is doing, for response windows
    # Its `say` lines: (words, condition Fn or None), the first whose condition holds
    # telling a call in the log as it is declared.
    told: tuple = ()
    # `target for P`: the parameter whose card's targets a call chooses as it is declared
    # (the card's play), for the body's `resolve P`; None without.
    aims: Optional[str] = None


@dataclass
class CompiledMove:
    name: str
    var: Optional[str]
    source: Optional[Fn]
    gate: Optional[Fn]             # the tests of its `if` that do not read the option: once
    each: Optional[Fn]             # the rest, once per option
    body: Fn
    pos: SourcePosition
    # Its tests one by one, for refusals: (test, the deck's words or None, position).
    requires: tuple = ()
    any_time: bool = False         # offered in response windows and at each phase's start


@dataclass
class ZoneDef:
    name: str
    scope: str
    visibility: str
    ordered: bool
    in_play: bool
    capacity: Optional[Fn]
    pos: SourcePosition
    unowned: bool = False          # cards here belong to no player


@dataclass
class ResourceDef:
    name: str
    start: Optional[Fn]
    min: Optional[Fn]
    max: Optional[Fn]
    shared: bool
    pos: SourcePosition
    score: bool = False            # the deck marks it a score: shown for every player
    per_side: bool = False         # `per side`: the players of a side share one amount
    worth: Optional[int] = None    # `worth N`: a unit's worth to a player's standing

    @property
    def weight(self) -> int:
        """What a unit is worth to a player's standing: `worth N`, else 1 for a score."""
        return self.worth if self.worth is not None else int(self.score)


@dataclass
class Program:
    name: str
    sources: dict = field(default_factory=dict)          # file → text
    files: list = field(default_factory=list)            # DeckFile ASTs, base first
    pos: Optional[SourcePosition] = None                 # the top file's `game` header
    min_players: int = 2
    max_players: int = 2
    sides: list = field(default_factory=list)            # (name, min, max)
    options: dict = field(default_factory=dict)          # name → value (defaults)
    params: dict = field(default_factory=dict)           # name → Fn
    zones: dict = field(default_factory=dict)            # name → ZoneDef
    resources: dict = field(default_factory=dict)        # name → ResourceDef
    vars: dict = field(default_factory=dict)             # name → (per_player, Fn | None)
    var_pos: dict = field(default_factory=dict)          # name → its declaration's position
    eliminates: bool = False     # a statement eliminates players: a turn's phases check its
                                 # player is still in (the generated code's TURN_OUT)
    shown_vars: set = field(default_factory=set)         # the `var ...: shown` ones
    shown_properties: dict = field(default_factory=dict)  # the `property ...: shown` ones, in order
    counters: set = field(default_factory=set)
    marks: set = field(default_factory=set)
    types: set = field(default_factory=set)
    subtypes: set = field(default_factory=set)
    properties: dict = field(default_factory=dict)       # name → default value
    granted: list = field(default_factory=list)          # CompiledAbility of `grant`s
    ability_names: set = field(default_factory=set)      # every ability's name
    # properties some `static modify` changes: read through the statics in force
    modified_props: set = field(default_factory=set)
    # whether any `static untargetable` is written: only then are declared targets'
    # collections narrowed to what their source may aim at (deckwright.dsl.ir.Aimable)
    untargetable: bool = False
    limits: dict = field(default_factory=dict)           # name → Fn
    actions: dict = field(default_factory=dict)          # name → CompiledAction
    moves: dict = field(default_factory=dict)            # name → CompiledMove
    setup: Optional[Fn] = None
    turn: Optional[Fn] = None
    round: Optional[Fn] = None
    triggers: list = field(default_factory=list)         # game-level CompiledTrigger
    whenevers: list = field(default_factory=list)        # (cond Fn, body Fn, pos)
    statics: list = field(default_factory=list)          # game-level CompiledStatic
    temp_statics: list = field(default_factory=list)     # statics created by effects
    cards: dict = field(default_factory=dict)            # name → CardDef (tokens too)
    decls: dict = field(default_factory=dict)            # (kind, name) → decl, for tools
    diagnostics: list = field(default_factory=list)      # warnings that did not stop it
    listened: set = field(default_factory=set)           # events anything listens to
    # whether anything reads an event's `source`: only then do built-in events carry it
    reads_source: bool = False
    # whether anything reads an event's `ability` (other than an `activate` event's own):
    # only then do built-in events and action calls carry the ability that made them
    reads_ability: bool = False
    all_triggers: list = field(default_factory=list)     # every CompiledTrigger
    all_statics: list = field(default_factory=list)      # every CompiledStatic
    event_uses: dict = field(default_factory=dict)       # action → the event fields it reads
    param_kinds: dict = field(default_factory=dict)      # (action, param) → kinds it takes
    # refusal words that show values (`else "needs {n} more"`), by their number
    words: list = field(default_factory=list)
    # `scenario` and `background` blocks (deckwright.dsl.scenario)
    scenarios: list = field(default_factory=list)
    # id of a `choose`'s IR node whose options are what an action's `if` allows →
    # (the node, (action, index of the parameter it passes the chosen card as)).
    choice_rules: dict = field(default_factory=dict)
    turn_order: str = "seat"                             # `turn order by side` | seat
    # `standing EXPR` (key None) and `side NAME: ..., standing EXPR` (key NAME) → Fn
    standings: dict = field(default_factory=dict)

    _code: dict = field(default_factory=dict, repr=False, compare=False)
    _info: Any = field(default=None, repr=False, compare=False)

    def code(self, resumable: bool = False, points: bool = False):
        """The program compiled to Python, in one of the two ways of running (made once).
        ``points``: as a scenario that looks at a phase's end runs it, each phase's end
        telling the game's watch (the same code otherwise)."""
        key = (resumable, "points") if points else resumable
        if key not in self._code:
            from .codegen import load
            self._code[key] = load(self, resumable, points=points)
        return self._code[key]

    def info(self):
        if self._info is None:
            from .codegen import ProgramInfo
            self._info = ProgramInfo(self)
        return self._info

    def library(self) -> list:
        """Card definitions that make up the deck (tokens excluded), in file order."""
        return [d for d in self.cards.values() if not d.token]
