"""Invariants of the shared game state, checked after every action in tests.

>>> from deckwright.dsl.loader import load_program
>>> from deckwright.dsl.engine import Game
>>> from deckwright.dsl.agents import RandomAgent
>>> game = Game(load_program("example"), seed=2, agents=[RandomAgent(1), RandomAgent(2)],
...             observer=assert_invariants)
>>> _ = game.run()
"""
from __future__ import annotations

from .engine.events import Event
from .engine.statics import limit_amount
from .engine.values import elements


def violations(game) -> list:
    """Every broken invariant, as readable sentences (empty when all hold)."""
    s, out = game.state, []
    seen = {}
    for z in s.zones.values():
        if z.capacity is not None and len(z.cards) > z.capacity:
            out.append(f"{z.key} holds {len(z.cards)} cards, more than its capacity {z.capacity}")
        for c in z.cards:
            if c.id in seen:
                out.append(f"{c!r} is in both {seen[c.id]} and {z.key}")
            seen[c.id] = z.key
            if c.zone is not z:
                out.append(f"{c!r} is listed in {z.key} but thinks it is in {c.zone}")
            if s.cards.get(c.id) is not c:
                out.append(f"{c!r} is in {z.key} but not in the game's card table")
            if c.token and not z.in_play:
                out.append(f"token {c!r} exists outside play, in {z.key}")
            if z.in_play and z.owner is not None and c.controller is not z.owner:
                out.append(f"{c!r} is in {z.key} but controlled by {c.controller}")
            if not z.in_play and z.owner is not None and c.owner is not z.owner:
                out.append(f"{c!r} is out of play in {z.key} but owned by {c.owner}, "
                           f"not by the zone's player {z.owner}")
            if z.unowned and c.owner is not None:
                out.append(f"{c!r} is in {z.key}, whose cards belong to no player, but is "
                           f"owned by {c.owner}")
            if not z.in_play and c.controller is not c.owner:
                out.append(f"{c!r} is out of play in {z.key} but controlled by {c.controller}, "
                           f"not its owner {c.owner}")
            host = c.attached_to
            if host is not None and (host.zone is None or not z.in_play or not host.zone.in_play
                                     or s.cards.get(host.id) is not host):
                out.append(f"{c!r} is attached to {host!r}, which is not in play with it")
            elif host is not None and host.zone is not z:
                out.append(f"{c!r} is in {z.key} but attached to {host!r} in {host.zone}")
            if game.defs[c.name].token and not c.token:
                # (a token that is a copy of a card may have a card's definition)
                out.append(f"{c!r} is not a token, but its definition {c.name!r} is one")
            for name, n in c.counters.items():
                if n <= 0:
                    out.append(f"{c!r} has {n} {name} counters")
            if not z.in_play and c.counters:
                out.append(f"{c!r} keeps counters outside play, in {z.key}")
    in_play = sum(len(z.cards) for z in s.inplay)
    if game.in_play_cards != in_play:
        out.append(f"the engine counts {game.in_play_cards} cards in play, not {in_play}")
    for c in s.cards.values():
        if c.id not in seen:
            out.append(f"{c!r} is in no zone")
    code = game.code
    for p in s.players:
        for name, r in game.program.resources.items():
            if r.shared:
                continue
            value = p.res.get(name, 0)
            lo, hi = code.resource_min.get(name), code.resource_max.get(name)
            if lo is not None and value < lo(game, p, None, None):
                out.append(f"{p.name} has {value} {name}, below its minimum")
            if hi is not None and value > hi(game, p, None, None):
                out.append(f"{p.name} has {value} {name}, above its maximum")
    for (index, limit), n in s.used.items():
        p = s.players[index]
        if n > limit_amount(game, limit, p) + 1:
            out.append(f"{p.name} used `{limit}` {n} times this turn")
    holders = [("the game", s.sizes, s.globals)] + [(p.name, p.sizes, p.vars) for p in s.players]
    if s.held != sum(sum(sizes.values()) for _, sizes, _ in holders):
        out.append(f"the game counts {s.held} values held, not the sum of its variables' counts")
    for who, sizes, values in holders:
        for name, v in values.items():
            if type(v) in (list, tuple, Event) and sizes.get(name) != elements(v):
                out.append(f"{who}'s `{name}` holds {elements(v)} values, counted as "
                           f"{sizes.get(name, 0)}")
    return out


class InvariantError(AssertionError):
    pass


def assert_invariants(game) -> None:
    problems = violations(game)
    if problems:
        raise InvariantError("; ".join(problems[:5]))
