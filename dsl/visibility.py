"""The visibility model: who may read which card. Every rendering of a card for a seat
(state views, option labels, log lines, the toolbar) asks :func:`sees` or names the card
through :func:`card_name`, so there is one rule to get right.

The rule:

* a face-up card is seen by everyone;
* a face-down card in a ``hidden`` zone (a draw pile) is seen by nobody;
* a face-down card in a ``private`` zone (a hand), or face down in a ``public`` zone
  (a card played face down, or turned over), is seen by the zone's holder: its
  owner, the players of its side, or (a shared zone) the card's controller;
* ``viewer=None`` is the omniscient view (`state all`, tests, the engine's own log text);
* the chooser of a decision also reads the options it offers from zones out of play (a
  pile, another's hand: choosing there means looking), never face-down cards in play
  (:func:`offered`);
* options of one decision that would read alike are told apart by what the chooser sees
  of them, never by a name they may not read (:func:`tell_apart`); a log line names a
  choice by the same words, as each reader sees them.

A card entering a ``public`` zone is turned face up, entering any other zone face down
(:func:`deckwright.dsl.engine.cards.relocate`), so "what a zone allows" and "how the card lies" are
the same question asked at different times.

>>> from deckwright.dsl.engine.state import GameState
>>> s = GameState(); p, q = s.add_player("P1"), s.add_player("P2")
>>> wall = s.add_zone("walls", owner=p, visibility="public")
>>> c = s.new_card("Door", owner=p); s.place(c, wall)
>>> sees(q, c), card_name(c, q), card_name(c, p)
(False, 'a face-down card', 'Door')
>>> c.face_up = True; card_name(c, q)
'Door'
"""
from __future__ import annotations

from typing import Optional

from .engine.state import ORIENTATIONS, CardInst, Player, ZoneInst

HIDDEN_CARD = "a face-down card"
UNSEEN_CARD = "a card"


def holds(zone: ZoneInst, viewer: Player, card: Optional[CardInst] = None) -> bool:
    """Whether ``viewer`` is the one a zone's face-down cards are shown to."""
    if zone.owner is not None:
        return zone.owner is viewer
    if zone.side is not None:
        return zone.side == viewer.side
    return card is not None and zone.visibility == "public" and card.controller is viewer


def zone_readable(zone: ZoneInst, viewer: Optional[Player]) -> bool:
    """Whether ``viewer`` may read the cards of ``zone`` as they lie there (face up in a
    public zone, or held in a private one); of a zone they may not, only the count."""
    if viewer is None or zone.visibility == "public":
        return True
    return zone.visibility == "private" and holds(zone, viewer)


def sees_at(viewer: Optional[Player], zone: Optional[ZoneInst], face_up: bool,
            card: Optional[CardInst] = None) -> bool:
    """Whether ``viewer`` sees a card lying in ``zone`` face up or down."""
    if viewer is None or face_up or zone is None:
        return True
    if zone.visibility == "hidden":
        return False
    return holds(zone, viewer, card)


def sees(viewer: Optional[Player], card: CardInst) -> bool:
    """Whether ``viewer`` may read ``card`` where it is now."""
    return viewer is None or card.face_up or sees_at(viewer, card.zone, False, card)


def unseen_name(card: CardInst) -> str:
    """How a card is named to someone who may not read it."""
    z = card.zone
    return HIDDEN_CARD if z is not None and z.visibility == "public" else UNSEEN_CARD


def card_name(card: CardInst, viewer: Optional[Player]) -> str:
    """The card's name if ``viewer`` may read it, else what they see of it."""
    return card.name if sees(viewer, card) else unseen_name(card)


def source_seen(decision, viewer: Optional[Player]) -> bool:
    """Whether ``viewer`` may read the question of a decision: the chooser may; another seat
    only when the card asking is one it may read (a reaction from a hand stays unasked)."""
    card = decision.card
    return viewer is None or viewer is decision.player or card is None or sees(viewer, card)


def offered(chooser: Optional[Player], card: CardInst) -> bool:
    """Whether the chooser of a decision may read ``card`` among its options: the cards
    they see, and cards out of play — a rule that has you choose among the top cards of a
    pile, or a card from another's hand, has you look at them ("look at the top three; play
    one"). Cards lying face down in play are chosen blind: an attack hits "a card"."""
    return sees(chooser, card) or (card.zone is not None and not card.zone.in_play)


def value_name(v, viewer: Optional[Player], offer: bool = False) -> str:
    """A value as a variable (or, ``offer``, as an option label for its chooser) shows it
    to ``viewer``."""
    if isinstance(v, CardInst):
        if sees(viewer, v) or (offer and offered(viewer, v)):
            return v.name
        # What anyone sees of it: where it lies and what is on it, so options differ.
        on = ", ".join(f"{k} {n}" for k, n in sorted(v.counters.items()))
        where = f" in {v.zone.title}" if v.zone is not None else ""
        return f"{unseen_name(v)}{where}" + (f" [{on}]" if on else "")
    if isinstance(v, Player):
        return v.name
    if isinstance(v, ZoneInst):
        return v.key
    return str(v)


def option_card(value) -> Optional[CardInst]:
    """The card an option is about: a card chosen, a move's card, an ability's card."""
    kind = type(value)                    # not isinstance: asked of every option logged
    if kind is CardInst:
        return value
    if kind is tuple and len(value) == 2:
        x = value[1]
        kind = type(x)
        if kind is CardInst:
            return x
        if kind is tuple and x and type(x[0]) is CardInst:
            return x[0]
    return None


def _kind(value):
    """What kind of option a value is, as far as its label goes: the move (or ability,
    response) it is made with, or None for a plain value."""
    return value[0] if type(value) is tuple and len(value) == 2 else None


def alike_options(values: list, picks) -> list:
    """The options that some reader might read alike and tell apart by a fact
    (:func:`tell_apart`), with one of ``picks`` among them: options of the same kind as a
    pick about a card of the same name, or in the same zone (a card one may not read is
    named by its zone), the picks included. Empty when such options are all plain copies
    of their pick (copies in one hand): a log line then names its picks without labelling
    every option for every reader.

    >>> from deckwright.dsl.engine.state import GameState
    >>> s = GameState(); p = s.add_player("P1")
    >>> hand, area = s.add_zone("hand", owner=p), s.add_zone("area", owner=p, in_play=True)
    >>> lamps = [s.new_card("Lamp", owner=p) for _ in range(3)]
    >>> _ = [s.place(c, hand) for c in lamps]
    >>> alike_options(lamps, [0]), s.place(lamps[2], area), alike_options(lamps, [0])
    ([], None, [0, 1, 2])
    """
    out: set = set()
    if len(values) < 2:
        return []
    cards = None
    for i in picks:
        if cards is None:
            cards = [option_card(v) for v in values]
        card = cards[i]
        if card is None:
            continue
        name, zone = card.name, card.zone
        near = [j for j, c in enumerate(cards)
                if c is not None and (c.name == name or c.zone is zone)]
        if len(near) > 1:
            kind = _kind(values[i])
            near = [j for j in near if _kind(values[j]) == kind]
            if len(near) > 1 and not _plain_copies([cards[j] for j in near]):
                out.update(near)
    return sorted(out)


def _host(c: CardInst, viewer) -> str:
    return "" if c.attached_to is None else f" on {card_name(c.attached_to, viewer)}"


def _place(c: CardInst, viewer) -> str:
    return "" if c.zone is None else f" in {c.zone.title}"


def _lying(c: CardInst, viewer) -> str:
    """What is on a card and how it lies, as the state view shows it to ``viewer``."""
    bits = [f"{k} {n}" for k, n in sorted(c.counters.items())]
    if sees(viewer, c):
        bits += sorted(c.marks)
    if c.orient:
        bits.append(ORIENTATIONS[c.orient])
    return f" [{', '.join(bits)}]" if bits else ""


def attachments(c: CardInst) -> list:
    """The cards attached to ``c``, in the order they lie. They lie in its zone, in play:
    an attachment that goes elsewhere leaves its host (:mod:`deckwright.dsl.invariants`)."""
    z = c.zone
    return [x for x in z.cards if x.attached_to is c] if z is not None and z.in_play else []


def carrying(c: CardInst, viewer) -> str:
    """What is attached to a card, each as ``viewer`` may read it ("a face-down card")."""
    held = attachments(c)
    if not held:
        return ""
    names: dict = {}
    for x in held:
        name = card_name(x, viewer)
        names[name] = names.get(name, 0) + 1
    said = ", ".join(n if k == 1 else f"{n} ×{k}" for n, k in sorted(names.items()))
    return f" (with {said})"


def _plain_copies(cards: list) -> bool:
    """Whether no fact can tell these cards apart: one zone, one host, nothing on them or
    attached to them (the usual copies in a hand, seen without making their facts)."""
    zone, host = cards[0].zone, cards[0].attached_to
    if not all(c.zone is zone and c.attached_to is host and not c.counters and not c.marks
               and not c.orient for c in cards):
        return False
    if zone is None or not zone.in_play:
        return True                       # nothing is attached out of play
    ids = {id(c) for c in cards}
    return not any(x.attached_to is not None and id(x.attached_to) in ids for x in zone.cards)


# What tells alike options apart, in the order it is tried: the card each is attached to,
# the zone each lies in, the cards attached to each, what is on each and how it lies.
FACTS = (_host, _place, carrying, _lying)


def tell_apart(labels: list, values: list, viewer: Optional[Player],
               number: bool = True) -> tuple:
    """The labels of one decision's options, every one reading differently, and for each
    option the first option it cannot be told from (None: all differ as given).

    Options labelled alike get the facts ``viewer`` sees that differ between them (the
    host card, the zone, the cards attached to each, counters and marks), tried in that
    order until they read apart; those still alike (copies in one hand) are numbered by
    their place among them, "#1", "#2" — unless ``number`` is false, as in a log line:
    there a number would only say which of copies nothing tells apart, and the copies
    keep one label. A card ``viewer`` may not read is never named by its facts (a host
    lying face down is "a face-down card", and so is an attachment).

    >>> from deckwright.dsl.engine.state import GameState
    >>> s = GameState(); p = s.add_player("P1")
    >>> hand, area = s.add_zone("hand", owner=p), s.add_zone("area", owner=p, in_play=True)
    >>> cards = [s.new_card("Lamp", owner=p) for _ in range(3)]
    >>> _ = [s.place(c, z) for c, z in zip(cards, (hand, hand, area))]
    >>> tell_apart(["Lamp"] * 3, cards, p)
    (["Lamp in P1's hand #1", "Lamp in P1's hand #2", "Lamp in P1's area"], [0, 0, 2])
    >>> shade = s.new_card("Shade", owner=p); s.place(shade, area); shade.attached_to = cards[2]
    >>> s.place(cards[1], area); tell_apart(["Lamp"] * 3, cards, p)[0]
    ["Lamp in P1's hand", "Lamp in P1's area", "Lamp in P1's area (with Shade)"]
    """
    n = len(labels)
    if len(set(labels)) == n:
        return labels, None
    out, alike = list(labels), list(range(n))
    groups: dict = {}
    for i, label in enumerate(labels):
        groups.setdefault(label, []).append(i)
    for label, group in groups.items():
        if len(group) < 2:
            continue
        cards = [option_card(values[i]) for i in group]
        if None in cards or _plain_copies(cards):
            for k, i in enumerate(group, 1):
                out[i], alike[i] = f"{label} #{k}" if number else label, group[0]
            continue
        said = [label] * len(group)
        for fact in FACTS:
            found = [fact(c, viewer) for c in cards]
            if len(set(found)) > 1:
                said = [t + f for t, f in zip(said, found)]
                if len(set(said)) == len(said):
                    break
        for i, text in zip(group, said):
            out[i] = text
        same: dict = {}
        for i in group:
            same.setdefault(out[i], []).append(i)
        for text, copies in same.items():
            if len(copies) > 1:
                for k, i in enumerate(copies, 1):
                    out[i], alike[i] = f"{text} #{k}" if number else text, copies[0]
    return out, alike


def alike_in_play(card: CardInst, zones) -> list:
    """The other cards of ``zones`` (the zones in play) that some reader might read as
    ``card``: of its name, or lying in its zone (one a reader may not read is named by
    where it lies). Empty, the card needs no telling apart for anyone."""
    name, zone = card.name, card.zone
    return [c for z in zones for c in z.cards
            if c is not card and (c.name == name or z is zone)]


def told(card, viewer: Optional[Player], others: list) -> str:
    """A value as ``viewer`` reads it in a log line; a card with the facts that tell it
    from those of ``others`` (:func:`alike_in_play`) the viewer would read alike, as
    :func:`tell_apart` tells options apart, without a number: copies nothing tells apart
    are alike to the reader.

    >>> from deckwright.dsl.engine.state import GameState
    >>> s = GameState(); p = s.add_player("P1")
    >>> area = s.add_zone("area", owner=p, in_play=True)
    >>> a, b, knife = (s.new_card(n, owner=p) for n in ("Scout", "Scout", "Knife"))
    >>> _ = [s.place(c, area) for c in (a, b, knife)]; knife.attached_to = b
    >>> told(a, p, alike_in_play(a, [area])), told(b, p, alike_in_play(b, [area]))
    ('Scout', 'Scout (with Knife)')
    >>> b.orient = 1; told(b, p, [a])
    'Scout (with Knife)'
    """
    label = value_name(card, viewer)
    if not others or type(card) is not CardInst:
        return label
    alike = [c for c in others if value_name(c, viewer) == label]
    if not alike:
        return label
    return tell_apart([label] * (len(alike) + 1), [card, *alike], viewer, number=False)[0][0]


def source_name(decision, viewer: Optional[Player], zones) -> Optional[str]:
    """What asks a decision, as ``viewer`` reads it: the card asking, told from the alike
    cards in ``zones`` (those in play), as :func:`told` tells it ("Slingshot [sideways]"),
    or the rule's name."""
    card, source = decision.card, decision.source
    if card is None or source != card.name:
        return source
    return told(card, viewer, alike_in_play(card, zones))
