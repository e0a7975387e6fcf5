"""The runtime helpers of targets and response windows, for generated code only (a part
of :data:`deckwright.dsl.codegen.runtime.HELPERS`): a target list checked again, the log
lines of an aiming, who is asked in a window and the question they read, and the offer a
player passed on, as plain data.

A line said to everyone (a refusal's, an end's name) names a card someone may not see by
where it lies, never by its name (:func:`public_name`); a window's question is said to
each reader as that reader may read it (:func:`name_for`).
"""
from __future__ import annotations

import re
from itertools import combinations

from ..engine.statics import forbidders
from ..engine.state import CardInst, Player, ZoneInst
from ..engine.values import iterate


def name_for(g, v, reader) -> str:
    """A value as ``reader`` reads it (None: the omniscient view): a card they may not
    read is named by where it lies, never by its name; one with alike cards in play is
    told apart by what the reader sees of it (:func:`deckwright.dsl.visibility.told`)."""
    from ..visibility import value_name
    if type(v) is CardInst:
        from ..visibility import alike_in_play, told
        return told(v, reader, alike_in_play(v, g.state.inplay))
    return value_name(v, None, False)


def public_name(g, v) -> str:
    """A value as every seat may read it (an end's name, a refusal): a card someone may
    not see is named as they see it (where it lies), never by its name."""
    reader = None
    if type(v) is CardInst:
        from ..engine.gamelog import NOBODY
        from ..visibility import sees
        reader = next((p for p in g.state.players if not sees(p, v)), NOBODY)
    return name_for(g, v, reader)


def keep_targets(g, value, legal, action, again):
    """A `target` parameter with its illegal targets dropped: `none` for one, left out of
    a list. ``again``: checked after the reactions, so the log says it is no longer legal."""
    if value is None:
        return None
    if type(value) is list:
        kept = [v for v in value if v is not None and legal(v)]
        for v in value:
            if v is not None and v not in kept:
                _not_legal(g, v, action, again)
        return kept
    if legal(value):
        return value
    _not_legal(g, value, action, again)
    return None


def _not_legal(g, v, action, again):
    if g.logging:
        g.write_told(g.told(v), f" is {'no longer' if again else 'not'} a legal target of "
                                f"{action}")


def target_list(values) -> list:
    out = []
    for v in values:
        if type(v) is list:
            out.extend(x for x in v if x is not None)
        elif v is not None:
            out.append(v)
    return out


def targeted(g, you, action, targets):
    """Log a call's (a card's, an ability's) targets, each as a reader tells it from
    the cards in play it reads like."""
    if g.logging and targets:
        names = [g.told(v) for v in targets]
        who = you.name if you else "the game"
        g.write_seen(lambda r: f"{who}: {action} targeting " + ", ".join(n(r) for n in names))


def used(g, you, card, ability):
    """Log the use of a card's ability, the card told apart from those it reads like."""
    g.write_told(f"{you.name} uses ", g.told(card), f": {ability}")


def no_targets(g, you, action):
    """`up to N` targets answered with none: the text takes effect on an empty list."""
    if g.logging:
        g.write(f"{you.name if you else 'the game'}: {action} targeting nothing")


def targetless(g, you, action):
    if g.logging:
        g.write(f"{you.name if you else 'the game'}: {action} has no legal target: "
                "it does nothing")


# A play a `static forbid` refuses once its card's targets are chosen (AIM's answer then).
REFUSED = ("refused",)


def forbidden_as_aimed(g, name, data, you, targets, aimed=True) -> bool:
    """Whether a `static forbid` of the call ``name`` that plays a card refuses it: with
    ``aimed``, the forbids that read `event.targets`, with the call's event listing
    ``targets``; without, the others (checked before anything is chosen)."""
    for _ in forbidders(g, name, data, you, targets, aimed):
        return True
    return False


# The choices of a card's several targets a move's lister checks against a forbid of
# the play (all of them refused: the move is not offered); past these, the move is offered
# and a choice is refused as it is made.
MAX_CHOICES = 200


def play_refusal(g, name, data, you, card, aims, every=False) -> list:
    """What keeps the call ``name`` (``data``: its event's fields) from playing ``card``,
    as the move that would make it lists its option: the sources (a card, or None for a
    rule of the game) of the `static forbid`s that refuse it outright, or that read
    `event.targets` and refuse every choice of its targets (with none, a card without a
    target line; one with no target at all to choose is played, and does nothing).
    ``aims``: the cards' targets (``EFFECT_TARGET``), None where no card declares any
    (then every forbid is read outright). Empty when the play may happen; with
    ``every``, every source (the refusal's words), else the first."""
    if aims is None:
        return _sources(forbidders(g, name, data, you), every)
    found = _sources(forbidders(g, name, data, you, (), False), every)
    if found and not every:
        return found
    t = aims[card.d] if type(card) is CardInst else None
    by_choice = []
    for k, choice in enumerate(_choices(g, you, card, t)):
        by = _sources(forbidders(g, name, data, you, choice, True), every)
        if not by or k == MAX_CHOICES:
            return found
        by_choice.extend(by)
    return found + by_choice


def _choices(g, you, card, t):
    """Each choice of ``card``'s targets its play may make (``t``: its EFFECT_TARGET
    entry), as AIMS makes them: none for a card without a target line; one target, or
    `exactly N` of them, or zero to N; nothing when it has too few to choose (it will do
    nothing)."""
    if t is None:
        yield ()
        return
    options = [v for v in iterate(t[0](g, you, card, None)) if v is not None]
    if t[1] is None:
        yield from ((v,) for v in options)
        return
    n = t[1](g, you, card, None)
    if t[3]:
        sizes = [max(1, n)] if len(options) >= max(1, n) else []
    else:
        sizes = range(min(max(0, n), len(options)) + 1)
    for size in sizes:
        yield from combinations(options, size)


def _sources(found, every: bool) -> list:
    if every:
        return list(found)
    for src in found:
        return [src]
    return []


def forbid_options(g, name, data, you, options) -> list:
    """The options of a one-target card's play that no `static forbid` of ``name``
    refuses with that option as its target."""
    return [v for v in options if not forbidden_as_aimed(g, name, data, you, (v,))]


def aim_ruled(d, name, data, options):
    """The question of a card's single target, whose ``options`` a `static forbid` of the
    call ``name`` playing it (``data``, its event's fields) narrowed: a target typed that
    it left out is refused with the forbid's rule (deckwright.dsl.engine.legality)."""
    d.why = (name, None, data, options)


def refused_play(g, you, card, name, data, targets, options=()):
    """A play a `static forbid` of the call ``name`` (``data``, its event's fields)
    refuses with its ``targets`` (None: at every one of its ``options``): said to its
    player (the card was not shown, and nothing was told), with the forbids that refuse
    it; AIM answers REFUSED: the call does not happen."""
    if g.logging:
        from ..engine.legality import forbidders_named
        aimed = [tuple(targets)] if targets is not None else [(v,) for v in options]
        by = forbidders_named([src for t in aimed
                               for src in forbidders(g, name, data, you, t, True)])
        at = "at any of its targets" if targets is None else \
            "at " + (", ".join(public_name(g, v) for v in targets) or "nothing")
        g.write(f"{you.name}: playing {card.name} {at} is forbidden by {by}: the play does not "
                "happen", secret_for=you if not card.face_up else None)
    return REFUSED


def window_order(g, mover=None) -> list:
    """Who is asked in a response window, in turn: every living player, in seat order
    from the active player. After a move of ``mover``'s `offer` loop: every other living
    player, in seat order from the next one."""
    s = g.state
    players = s.players
    if mover is not None:
        start = players.index(mover) + 1
        return [p for p in players[start:] + players[:start - 1] if p.alive]
    start = players.index(s.active) if s.active in players else 0
    return [p for p in players[start:] + players[:start] if p.alive]


# What a built-in event is doing, for a window's question (an action says it itself).
_DOING = {"resolve": "resolving {card}", "activate": "using {card}: {ability}",
          "move": "moving {card}", "enter": "putting {card} into play",
          "leave": "taking {card} out of play", "gain": "gaining {amount} {resource}",
          "lose": "losing {amount} {resource}", "response": "responding with {response}",
          "game_drawn": "ending the game in a draw"}
_FIELD = re.compile(r"\{([a-z_][a-zA-Z0-9_]*)\}")


def step_prompt(g, mover, reader) -> str:
    """The question of a step's window: at a phase's start, or after a move of
    ``mover``'s `offer` loop. It names no card: every ``reader`` reads it alike."""
    s = g.state
    if mover is not None:
        return f"Act after {mover.name}'s move{' in phase ' + s.phase if s.phase else ''}?"
    phase = f"phase {s.phase}" if s.phase else "this step"
    who = s.active.name + "'s turn" if s.active is not None else "the game"
    return f"Act at the start of {phase} ({who})?"


def window_prompt(g, ev, reader) -> str:
    """The question of a response window: what is being answered, as ``reader`` reads it
    (asked, or reading it in the log): a card they may not read is named by where it lies
    ("a card in P2's hand"), never by its name. Its targets the words do not show already
    are named after them ("(targeting Gearbox)")."""
    info = g.info
    template = info.action_says.get(ev.name) or _DOING.get(ev.name)
    actor = ev.actor.name if ev.actor is not None else "the game"
    targets = ev.data.get("targets") or []
    if template is None:
        played = ev.data.get(info.action_plays.get(ev.name, ""))
        of = f" of {name_for(g, played, reader)}" if type(played) is CardInst else ""
        at = " at " + ", ".join(name_for(g, v, reader) for v in targets) if targets else ""
        return f"Respond to {actor}'s {ev.name}{of}{at}?"
    named = []

    def field(m):
        k = m.group(1)
        if not (k in ev.data or k in ("player", "name")):
            return m.group(0)
        v = ev.get(k)
        if type(v) is list:
            named.extend(v)
            return ", ".join(name_for(g, x, reader) for x in v)
        named.append(v)
        return name_for(g, v, reader)
    said = _FIELD.sub(field, template)
    rest = [v for v in targets if not any(v is x for x in named)]
    if rest:
        said += f" (targeting {', '.join(name_for(g, v, reader) for v in rest)})"
    return f"Respond to {actor} {said}?"


def responds(g, you, t, card):
    """Log a response once its cost is paid (a card used from the hand is shown by then,
    or its response is not named: its name may be the card's)."""
    if g.logging:
        if card is None:
            g.write(f"{you.name} responds: {t.label}")
            return
        from ..visibility import sees
        name = g.told(card)
        g.write_seen(lambda r: f"{you.name} responds: {name(r)}: "
                               f"{t.label if sees(r, card) else 'a response'}")


def offer_key(v):
    """A value as plain data (a card by its id, a player by seat), so that a phase start's
    offer can be kept in the state and compared with the next one (``STEP_WINDOW``)."""
    t = type(v)
    if v is None or t in (int, str, bool):
        return v
    if t is CardInst:
        return ("card", v.id)
    if t is Player:
        return ("player", v.index)
    if t is ZoneInst:
        return ("zone", v.key, tuple(c.id for c in v.cards))
    if t in (list, tuple):
        return tuple(offer_key(x) for x in v)
    if t is dict:
        return ("map", tuple((offer_key(k), offer_key(x)) for k, x in v.items()))
    return ("value", type(v).__name__)     # never an address: the state must hash alike
