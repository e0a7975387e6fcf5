"""A move undone: the state as it was when the move began, when a play it makes is refused.

A move whose body plays a card after other steps (or a card other than its option, or
inside an `if`) cannot be checked as it is offered: what refuses the play (the card's
`require`, a `static forbid`, the play's `if`) is known only as the play is made. Such a
move keeps a copy of the state as it begins (``UNDO_POINT``); a play refused in its body
puts the state back as it was (``UNDO_MOVE``), in place, so that the rules running around
the move (the `offer` loop, the turn) go on with the same players, zones and cards, and
the player is asked again. The refusal is said with the rule that refuses it.

A play refused elsewhere (a card's effect, a trigger, an ability's body) does nothing
(``PLAY_NOT_ALLOWED`` says why): the move that led to it was legal, and stands.
"""
from __future__ import annotations

from typing import Optional

from .state import CardInst, GameState, Player, ZoneInst


def undo_point(g) -> GameState:
    """The state as a move begins (a copy of it). The log keeps the move's lines: what
    was done is said, then that it is undone."""
    return g.state.copy()


def restore(g, snap: GameState) -> None:
    """Put ``g``'s state back as it was at ``snap``, in place: the same player, zone and
    card objects (a card made since is gone from the game; one gone since is back)."""
    live = g.state
    cards = {}
    ghosts: dict = {}

    def value(v):
        t = type(v)
        if t is CardInst:
            n = cards.get(v.id)
            if n is None or snap.cards.get(v.id) is not v:
                n = ghosts.get(id(v))
                if n is None:
                    n = ghosts[id(v)] = v.detached_copy()
            return n
        if t is Player:
            return live.players[v.index]
        if t is ZoneInst:
            return live.zones[v.key]
        if t is list:
            return [value(x) for x in v]
        if t is dict:
            return {value(k): value(x) for k, x in v.items()}
        if t is tuple:
            return tuple(value(x) for x in v)
        return v

    for cid, c in snap.cards.items():          # the live objects, or new ones for cards gone
        n = live.cards.get(cid)
        cards[cid] = n if n is not None else CardInst(cid, c.name, None, c.token, c.d)
    for cid, c in snap.cards.items():
        n = cards[cid]
        n.name, n.d, n.face_up, n.token, n.orient = c.name, c.d, c.face_up, c.token, c.orient
        n.owner, n.controller = value(c.owner), value(c.controller)
        n.counters, n.marks = c.counters, c.marks          # never changed in place: shared
        n.attached_to = value(c.attached_to)
        n.zone = None if c.zone is None else live.zones[c.zone.key]
    live.cards = cards
    for key, z in snap.zones.items():
        y = live.zones[key]
        y.cards = [cards[c.id] for c in z.cards]
        y.owner, y.visibility, y.public, y.unowned = value(z.owner), z.visibility, z.public, \
            z.unowned
    for p, q in zip(live.players, snap.players):
        p.alive, p.turns, p.res, p.marks = q.alive, q.turns, q.res.copy(), q.marks
        p.sizes = q.sizes.copy() if q.sizes else {}
        p.vars = {k: value(v) for k, v in q.vars.items()}
    live.globals = {k: value(v) for k, v in snap.globals.items()}
    live.rng.set_state(snap.rng.get_state())
    live.next_id, live.turn, live.phase, live.result = snap.next_id, snap.turn, snap.phase, \
        snap.result
    live.order = value(snap.order)
    live.held, live.sizes = snap.held, snap.sizes.copy() if snap.sizes else {}
    live.active = value(snap.active)
    live.used, live.once = snap.used.copy(), snap.once.copy()
    live.passed = snap.passed.copy() if snap.passed else {}
    live.temp = [{k: value(v) for k, v in t.items()} for t in snap.temp]
    _recount(g)


def _recount(g) -> None:
    """The engine's counts of what is in play made again, its caches dropped."""
    s = g.state
    g.in_play_n = [0] * len(g.program.cards)
    g.able_in_play = 0
    for z in s.inplay:
        for c in z.cards:
            g.in_play_n[c.d] += 1
            g.able_in_play += g.able_table[c.d]
    g.copiers_in_play = sum(c.name in g.copiers for z in s.inplay for c in z.cards)
    g.in_play_cards = sum(len(z.cards) for z in s.inplay)
    g.moved += 1
    g.playing += 1
    g.by_name, g.by_name_key = {}, -1
    g.copy_cache = (None, [])
    g.zone_names = {}
    g.timed = True


def play_required(g, you, card) -> Optional[str]:
    """The words of the first `require` of ``card`` (out of play) that keeps ``you`` from
    playing it, or None (a card in play, or one whose `require`s hold)."""
    if type(card) is not CardInst:
        return None
    from .legality import _card_refusal
    return _card_refusal(g, you, card)


def play_refused(g, action: str, you, this, ev, ability, card, args: list) -> Optional[str]:
    """The words of what refused a call of ``action`` playing ``card`` that came back
    REFUSED (its `if`, a `static forbid`), worked out as it was refused; None when a
    forbid refused only the targets chosen (that refusal was said as they were)."""
    from .legality import call_refusal
    return call_refusal(g, action, you, this, ev, ability, args)


def _card_named(g, you, card) -> str:
    from ..visibility import value_name
    return value_name(card, you, False) if type(card) is CardInst else str(card)


def play_not_allowed(g, you, card, words: str) -> None:
    """A play an effect makes that its card's `require` refuses: it does nothing."""
    if g.logging and you is not None:
        hidden = type(card) is CardInst and not card.face_up
        g.write(f"{you.name}: playing {_card_named(g, you, card)} is not allowed: {words}: "
                "the play does not happen", secret_for=you if hidden else None)


def undo_move(g, point: GameState, you, name: str, card, words: Optional[str]):
    """A play refused in the body of move ``name``: the state back as the move began, the
    refusal said (for ``you`` alone while the card is unseen); REFUSED, so that the
    `offer` loop asks again."""
    from ..codegen.runtime_targets import REFUSED
    named = _card_named(g, you, card)
    restore(g, point)
    if g.logging and you is not None:
        hidden = type(card) is CardInst and not card.face_up
        why = f" is not allowed: {words}" if words else " is refused"
        g.write(f"{you.name}: playing {named}{why}: the move {name} is undone",
                secret_for=you if hidden else None)
    return REFUSED
