"""A copy of a stepped game at its decision, without replaying the turn.

A stepped game waits at a decision inside a stack of suspended generator frames, one per
rule, action or effect that is running. :func:`resumed` copies the state, then makes each
frame again from data: its locals and its loops' positions, copied so that they name the
copy's cards, players and zones, given to the frame's resume variant
(:mod:`deckwright.dsl.codegen.resume`), which goes on from the point where the frame
waits. The copy then waits at the same decision, as the game itself does.

It returns None whenever the game holds something it does not know how to copy (an
``eval`` effect running, a frame waiting at a point with no variant, an object of a kind
not listed here): :meth:`Game.clone` then replays the turn from its checkpoint, as it
always did. Reading a suspended frame's loop iterators uses ``gc.get_referents``, which
CPython answers with the frame's locals and then its value stack; where that does not
hold (another interpreter), the count of iterators does not match and the game is
replayed.
"""
from __future__ import annotations

import gc
import types
from itertools import chain
from typing import Optional

from .divide import Division, Plan
from .events import Decision, Event
from .state import CardInst, GameState, Player, ZoneInst

_PLAIN = frozenset({int, str, bool, type(None), float, range})
_ITERATORS = frozenset({type(iter([])), type(iter(())), type(iter(range(0))), chain})
# Objects of the rules' own making that a frame may hold: copied field by field.
_COPIED = frozenset({Decision, Event, Division, Plan})
# The game's own fields: those a game shares with its copy (the program, tables made from
# it, settings), those copied as plain containers, and those the copy starts afresh.
_SHARED = frozenset({
    "program", "defs", "options", "seed", "logging", "quick", "budget", "max_turns",
    "observer", "arrange", "watch", "keep", "stepped", "code", "info", "deflist",
    "def_index", "zone_index", "static_kinds", "static_events", "static_carriers",
    "substitutes", "copiers", "shared_resources", "side_resources", "able_table",
    "_first_agents", "evaluate", "steps", "depth", "defer", "in_whenever", "timed", "moved",
    "playing", "copiers_in_play", "able_in_play", "in_play_cards", "lines", "cut"})


class Unresumable(Exception):
    """Something in the game that this module does not copy: the game is replayed."""


def resumed(game) -> Optional["object"]:
    """A new game at ``game``'s decision, its frames made again from data; None when
    that cannot be done (the caller replays instead)."""
    resumer = getattr(game.code, "resumer", None)
    if resumer is None or len(game._stack) != 1 or game._waiting or game._feed \
            or game.decision is None:
        return None
    frames = []
    gen = game._stack[0]
    while gen is not None:
        if type(gen) is not types.GeneratorType or gen.gi_frame is None:
            return None
        frames.append(gen)
        gen = gen.gi_yieldfrom
    variants = []
    for gen in frames:
        found = resumer.variant(gen.gi_frame)
        if found is None:
            return None
        variants.append(found)
    try:
        return _copy(game, frames, variants)
    except Unresumable:
        return None


def _copy(game, frames, variants):
    from .copies import _copy_agent
    from .game import Game   # noqa: the game module imports this one
    old = game.state
    new = old.copy()
    g = Game.__new__(Game)
    fields = game.__dict__
    for key in fields.keys() - _KNOWN:
        if type(fields[key]) not in _PLAIN:
            raise Unresumable(f"the game's field {key}")
    g.__dict__.update(fields)
    memo: dict = {id(game): g, id(old): new}
    for p, q in zip(old.players, new.players):
        memo[id(p)] = q
    for key, z in old.zones.items():           # a frame may loop over a zone's own list
        y = new.zones[key]
        memo[id(z)] = y
        memo[id(z.cards)] = y.cards
    copy = _Mapper(old, new, memo, game.code.resumer.shared).value
    g.state = new
    g.agents = [_copy_agent(a) for a in game.agents]
    g.checkpoints = list(game.checkpoints)
    g.log = list(game.log)
    g.decisions = list(game.decisions)
    g.history = list(game.history)
    g._feed, g._waiting = [], []
    g.chain = list(game.chain)
    g.turn_of = None if game.turn_of is None else new.players[game.turn_of.index]
    g.in_play_n = list(game.in_play_n)
    if game.prop_busy or game.cut is not None:
        # a property being worked out; the log's count of lines not kept, which the
        # copy would go on counting in the game's own log entry
        raise Unresumable("the engine's work in progress")
    g.prop_busy = set()
    g.by_name, g.by_name_key = {}, -1          # caches: made again when first read
    g.copy_cache = (None, [])
    g.zone_names = {}
    g.decision = None
    sub = copy(game.decision)
    get = memo.get
    for gen, (fn, loops, live) in zip(reversed(frames), reversed(variants)):
        if loops:
            iters = [r for r in gc.get_referents(gen) if type(r) in _ITERATORS]
            if len(iters) != loops:
                raise Unresumable("the frame's loops")
            iters = [_iterator(it, copy) for it in iters]
        else:
            iters = None
        were = gen.gi_frame.f_locals
        local = {}
        for k in live:
            if k in were:
                v = were[k]
                local[k] = v if type(v) in _PLAIN else get(id(v)) or copy(v)
        sub = fn(local, sub, iters)
    g._stack = [sub]
    g._drive(None, first=True)
    return g


# The game's fields a copy makes for itself (above), not taken from the game.
_FRESH = frozenset({
    "state", "agents", "checkpoints", "log", "decisions", "history", "_feed", "_waiting",
    "chain", "turn_of", "in_play_n", "prop_busy", "by_name", "by_name_key", "copy_cache",
    "zone_names", "decision", "_stack"})
_KNOWN = _SHARED | _FRESH


def _iterator(it, copy):
    """A copy of a list, tuple or range iterator, over the copy of what it runs over, at
    the same place; or of a ``chain`` of them (a loop of a frame resumed before)."""
    how = it.__reduce__()
    if type(it) is chain:
        out = chain()
        if len(how) > 2:
            out.__setstate__(tuple(_iterator(x, copy) for x in how[2]))
        return out
    if len(how) < 3:                            # used up
        return iter(())
    out = iter(copy(how[1][0]))
    out.__setstate__(how[2])
    return out


class _Mapper:
    """Values of the game, copied so that they name the copy's objects (each object
    copied once: what two frames share, their copies share)."""

    def __init__(self, old: GameState, new: GameState, memo: dict, shared: frozenset):
        self.old, self.new, self.memo, self.shared = old, new, memo, shared

    def value(self, v):
        t = type(v)
        if t in _PLAIN:
            return v
        memo = self.memo
        got = memo.get(id(v))
        if got is not None:
            return got
        if t is CardInst:
            out = self.new.cards.get(v.id) if self.old.cards.get(v.id) is v else None
            if out is None:
                out = v.detached_copy()         # a card gone from the game that is named
        elif t is Player:
            if self.old.players[v.index] is not v:
                raise Unresumable("a player of another game")
            out = self.new.players[v.index]
        elif t is ZoneInst:
            if self.old.zones.get(v.key) is not v:
                raise Unresumable("a zone of another game")
            out = self.new.zones[v.key]
        elif t is list:
            out = memo[id(v)] = []
            out.extend(self.value(x) for x in v)
            return out
        elif t is tuple:
            return tuple(self.value(x) for x in v)
        elif t in _ITERATORS:
            return _iterator(v, self.value)
        elif t is dict:
            out = memo[id(v)] = {}
            for k, x in v.items():
                out[self.value(k)] = self.value(x)
            return out
        elif t is set or t is frozenset:
            out = t(self.value(x) for x in v)
        elif t in _COPIED:
            out = memo[id(v)] = t.__new__(t)
            for name in getattr(t, "__slots__", ()):
                try:
                    x = getattr(v, name)
                except AttributeError:
                    continue
                setattr(out, name, self.value(x))
            if hasattr(v, "__dict__"):
                for name, x in v.__dict__.items():
                    setattr(out, name, self.value(x))
            return out
        elif t is types.FunctionType:
            if v.__closure__ is not None and id(v) not in self.shared:
                raise Unresumable("a closure")
            return v
        elif t is types.BuiltinFunctionType:
            return v
        elif t is types.MethodType:
            return types.MethodType(v.__func__, self.value(v.__self__))
        elif _is_program_data(v):
            return v
        else:
            raise Unresumable(f"a {t.__name__}")
        memo[id(v)] = out
        return out


def _is_program_data(v) -> bool:
    """The loaded program's own objects (abilities, definitions): the same in every game."""
    from ..program import CompiledAbility, CompiledTrigger
    return type(v) is CompiledAbility or type(v) is CompiledTrigger
