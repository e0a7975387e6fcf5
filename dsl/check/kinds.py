"""The kinds of values a deck's expressions have, and the names the language builds in.

The checker gives every expression one of these kinds; ``any`` means the kind is known
only at run time (a variable, an event's field).
"""
from __future__ import annotations

INT, BOOL, STR, CARD, CARDS, PLAYER, PLAYERS, ZONE, ZONES, LIST, EVENT, NONE, ANY = (
    "number", "condition", "text", "card", "cards", "player", "players", "zone", "zones",
    "list", "event", "none", "any")

COLLECTIONS = {CARDS, PLAYERS, LIST, ZONE, ZONES, ANY}

BUILTIN_NAMES = {"you": PLAYER, "this": CARD, "event": EVENT, "it": ANY,
                 "active_player": PLAYER, "turn_number": INT, "play": ZONES,
                 "current_phase": STR}

# Plain fields of a card, read directly; the others of CARD_ATTRS are computed.
CARD_FIELDS = ("name", "owner", "controller", "zone", "face_up", "token", "id", "turned",
               "rotated", "inverted")
CARD_ATTRS = {"name": STR, "owner": PLAYER, "controller": PLAYER, "zone": ZONE, "host": CARD,
              "face_up": BOOL, "token": BOOL, "in_play": BOOL, "id": INT, "turned": BOOL,
              "rotated": BOOL, "inverted": BOOL,
              "attachments": CARDS}
PLAYER_ATTRS = {"alive": BOOL, "seat": INT, "name": STR, "side": STR, "turns": INT}
ZONE_ATTRS = {"owner": PLAYER, "name": STR, "in_play": BOOL, "size": INT, "cards": CARDS,
              "top": CARD, "bottom": CARD}

FUNCTIONS = {"top", "bottom", "random", "min", "max", "abs", "remaining", "first", "last",
             "next_player", "turn_order", "shuffled", "range"}

# How many arguments each built-in function takes (99: any number).
ARITY = {"top": (1, 2), "bottom": (1, 2), "random": (1, 1), "abs": (1, 1),
         "first": (1, 1), "last": (1, 1), "next_player": (1, 1), "turn_order": (1, 1),
         "shuffled": (1, 1),
         "min": (1, 99), "max": (1, 99), "range": (2, 2)}

EVENTS_BUILTIN = {"move", "enter", "leave", "turn_start", "turn_end", "phase_start",
                  "phase_end", "round_start", "round_end", "game_start", "gain", "lose",
                  "create", "activate", "resolve", "counter_added",
                  "counter_removed", "attach", "control", "eliminate", "shuffle",
                  "transform", "win", "response", "orient", "game_drawn", "targeted"}

# Events the engine announces only once they have happened: `when` may follow them, but
# `before`, `prevent` and `instead` cannot stop them.
AFTER_THE_FACT = {"turn_start", "turn_end", "phase_start", "phase_end", "round_start",
                  "round_end", "game_start", "shuffle", "create", "counter_added",
                  "counter_removed", "attach", "control", "transform", "orient", "targeted"}

# The fields each built-in event carries (besides `player` and `name`, which all have).
EVENT_FIELDS = {
    "move": {"card", "from", "to"}, "enter": {"card", "from", "to"},
    "leave": {"card", "from", "to"}, "turn_start": set(), "turn_end": set(),
    "phase_start": {"phase"}, "phase_end": {"phase"}, "round_start": set(),
    "round_end": set(), "game_start": set(), "gain": {"resource", "amount"},
    "lose": {"resource", "amount"}, "create": {"card"}, "activate": {"card", "ability"},
    "resolve": {"card"}, "counter_added": {"card", "counter", "amount"},
    "counter_removed": {"card", "counter", "amount"}, "attach": {"card", "host"},
    "control": {"card"}, "eliminate": set(), "shuffle": {"zone"},
    "transform": {"card", "old", "new"}, "win": set(), "orient": {"card", "old", "new"},
    # a response being used: its name, the card it is on (or none), the event it answers
    "response": {"response", "card", "answers"},
    # a game about to end in a draw: why ("draw", "tied on vp"), and who tied at the top
    "game_drawn": {"reason", "tied"},
    # a card or player becoming a target, as its aiming is announced: what is aimed at
    # (`card` too when it is a card), and the event aiming (an action call, `activate`,
    # `resolve`); `player` is who aims, `source` and `ability` the aiming text
    "targeted": {"target", "card", "aiming", "source", "ability"},
}


# The order kinds are named in, in messages ("a number or a list").
_ORDER = (INT, BOOL, STR, CARD, CARDS, PLAYER, PLAYERS, ZONE, ZONES, LIST, EVENT, NONE, ANY,
          "numbers")


def in_order(kinds) -> tuple:
    return tuple(sorted(set(kinds), key=_ORDER.index))


def runtime_kinds(allowed, none_ok=None):
    """What a value of a kind known only at run time must be, in a place that allows the
    kinds ``allowed``: the kinds for :class:`deckwright.dsl.ir.Checked`, or None when any value will
    do (a collection's place, a condition's). A list in a card's place must hold cards,
    in a number's place numbers. ``none_ok``: whether `none` will do (by default, it
    will except where a number is needed). Asked of every expression checked in a
    place, from a few tuples of kinds: each answer is made once."""
    if ANY in allowed or BOOL in allowed:
        return None
    key = (allowed, none_ok)
    try:
        return _RUNTIME[key]
    except KeyError:
        out = _RUNTIME[key] = _runtime_kinds(allowed, none_ok)
    except TypeError:                   # kinds in a list or a set
        out = _runtime_kinds(allowed, none_ok)
    return out


_RUNTIME: dict = {}


def _runtime_kinds(allowed, none_ok):
    out = [k for k in allowed if k not in (LIST, NONE)]
    if LIST in allowed:
        if INT in allowed:
            out.append("numbers")
        elif CARD in allowed or CARDS in allowed:
            out.append(CARDS)
        else:
            out.append(LIST)
    if none_ok is None:
        none_ok = INT not in allowed
    if none_ok or NONE in allowed:
        out.append(NONE)
    return in_order(out)


def is_kind(kind, *allowed) -> bool:
    return kind == ANY or kind in allowed


def article(kind: str) -> str:
    return {"any": "anything", "none": "`none`", "condition": "a condition (true or false)",
            "cards": "cards", "players": "players", "zones": "zones"}.get(
        kind, ("an " if kind[0] in "aeiou" else "a ") + kind)


def element(kind: str) -> str:
    """The kind of each element of a collection of this kind."""
    return {CARDS: CARD, PLAYERS: PLAYER, ZONE: CARD, ZONES: CARD}.get(kind, ANY)


def kind_of_value(v) -> str:
    if isinstance(v, bool):
        return BOOL
    if isinstance(v, int):
        return INT
    if isinstance(v, str):
        return STR
    if isinstance(v, list):
        return LIST
    return ANY
