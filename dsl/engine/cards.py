"""Moving cards between zones and changing them: the primitives of the card statements.

Events around a move (`enter`, `leave`...) are compiled into the rules; these functions
are the moves themselves, and the quiet versions used when nothing listens.
"""
from __future__ import annotations

from typing import Optional

from ..errors import EngineError
from .state import ORIENTATIONS, UPRIGHT, CardInst, Player, ZoneInst
from ..limits import MAX_CARDS, MAX_LOG_LINES
from .values import MAX_TOKENS, cards_of, charge, check_int


# --- moving cards ------------------------------------------------------------------------
def relocate(g, card: CardInst, zone: ZoneInst, pos_kind: str, index):
    g.moved += 1
    src = card.zone
    if (src is not None and not src.in_play and not zone.in_play and pos_kind == "top"
            and not card.token and (not g.logging or g.lines >= MAX_LOG_LINES)):
        # Out of play to the top of a zone out of play, unlogged (or past the log's limit,
        # where its line is only counted): most moves of a game (a draw, a discard). What
        # the rest of this function does in that case, and no more.
        src.cards.remove(card)
        zone.cards.append(card)
        card.zone = zone
        owner = zone.owner
        if owner is None and zone.unowned:
            card.owner = None
        elif owner is not None:
            card.owner = owner
        card.controller = card.owner
        card.attached_to = None
        card.face_up = zone.public
        if g.logging:
            g.cut_line()
        return
    was_up = card.face_up
    in_play = zone.in_play
    # Leaving a zone in play where alike cards stay: named as it lay there, before it moves.
    left = leaving(g, card, src) if g.logging and src is not None and src.in_play else None
    if card.token and not was_up and not in_play and g.logging and g.lines < MAX_LOG_LINES:
        left = g.naming(card)              # gone unread by some: named as each read it there
    was = False
    if src is not None:
        src.cards.remove(card)
        card.zone = None
        if src.in_play:
            g.playing += 1
            was = True
    if in_play:
        g.playing += 1
    if was != in_play:
        step = 1 if in_play else -1
        g.in_play_n[card.d] += step
        g.in_play_cards += step
        g.able_in_play += step * g.able_table[card.d]
        if g.copiers and card.name in g.copiers:
            g.copiers_in_play += 1 if in_play else -1
    if card.token and not in_play:
        del g.state.cards[card.id]      # tokens cease to exist outside play
        if left is None:
            g.write(f"{card.name} (token) ceases to exist")
        else:
            g.write_told(left.__getitem__, " (token) ceases to exist")
        return
    cards = zone.cards
    if pos_kind == "top":
        cards.append(card)
    elif pos_kind == "bottom":
        cards.insert(0, card)
    elif pos_kind == "random":
        cards.insert(g.state.rng.below(len(cards) + 1), card)
    else:
        cards.insert(max(0, min(len(cards), len(cards) - int(index or 0))), card)  # N from the top
    card.zone = zone
    owner = zone.owner
    if owner is not None:
        if card.owner is None or not in_play:
            # An unowned card belongs to the first to hold it; a card that ends up in a
            # player's hand, deck or discard pile is theirs from then on.
            card.owner = owner
        card.controller = owner if in_play else card.owner
    elif not in_play:
        if zone.unowned:
            card.owner = None              # a zone whose cards belong to no player
        card.controller = card.owner
    if not in_play:
        if src is not None and src.in_play:
            card.counters = {}             # never changed in place: copies share them
            card.marks = {}
            card.orient = UPRIGHT          # leaving play straightens it
        card.attached_to = None
    elif card.attached_to is not None and card.attached_to.zone is not zone:
        card.attached_to = None            # an attachment moved away from its host leaves it
    card.face_up = zone.public
    if g.logging:
        way = f"{src.title if src else 'nowhere'} → {zone.title}"
        extra = {"card": card.id, "from": src.key if src else None, "to": zone.key,
                 "was_up": was_up, "up": card.face_up}
        if left is None:
            g.write(f"{card.name}: {way}", extra=extra)
        else:
            g.write_told(left.__getitem__, f": {way}", extra=extra)
    if was and in_play and src is not zone and src.cards:
        carry(g, card, src, zone)


def leaving(g, card: CardInst, src: ZoneInst) -> Optional[dict]:
    """How each reader names a card about to leave ``src`` (a zone in play) where cards of
    its name stay: told apart from them by what it carries and what is on it, as the
    reader could read it there ("Scout (with Cutlass): P1's area → P1's discard"). A
    reader who could not read it there reads its name on the line, or "a card"
    (:func:`deckwright.repl.render.entry_text`). None: nothing there reads like it."""
    name = card.name
    if g.lines >= MAX_LOG_LINES or not any(c.name == name and c is not card
                                           for c in src.cards):
        return None                        # (past the limit, the line is only counted)
    from ..visibility import sees, told
    others = [c for c in src.cards if c is not card]
    return {r: told(card, r, others) if sees(r, card) else name for r in g.readers()}


def carry(g, host: CardInst, src: ZoneInst, zone: ZoneInst) -> None:
    """A host that moves within play takes its attachments along (no events of their
    own: they did not leave it); one that finds no room stays behind, attached to
    nothing."""
    for c in [x for x in src.cards if x.attached_to is host]:
        if zone.capacity is not None and len(zone.cards) >= zone.capacity:
            c.attached_to = None
            if g.logging:
                g.write_told(g.told(c), " cannot follow ", g.told(host),
                             f" to {zone.title}: it is full")
            continue
        relocate(g, c, zone, "top", None)


def release(g, host: CardInst) -> None:
    """A host that has left play holds nothing: what is still attached to it (no rule
    took it away with the host) stays where it is, attached to nothing."""
    if host.zone is not None and host.zone.in_play:
        return
    for z in g.state.inplay:
        for c in z.cards:
            if c.attached_to is host:
                c.attached_to = None
                if g.logging:
                    unattached(g, c, host)


def unattached(g, c: CardInst, host: CardInst) -> None:
    """Log that a card hangs on its host no more, each told apart from alike cards."""
    g.write_told(g.told(c), " is no longer attached to ", g.told(host))


def movable(g, card: CardInst, zone: ZoneInst) -> bool:
    """Whether a card may go to a zone: it still exists, and the zone has room."""
    if card.zone is None and card.id not in g.state.cards:
        return False                       # a token that has ceased to exist
    if zone.capacity is not None and card.zone is not zone and len(zone.cards) >= zone.capacity:
        full(g, card, zone)
        return False
    return True


def full(g, card: CardInst, zone: ZoneInst) -> None:
    if g.logging:
        g.write_told(g.told(card), f" cannot go to {zone.title}: it is full")


def move_quiet(g, what, zone, pos_kind, index):
    """`move` when nothing listens to cards moving."""
    if zone is None:
        return
    roomy = zone.capacity is None
    for card in cards_of(what):
        src = card.zone
        if roomy and src is not None and not src.in_play:
            relocate(g, card, zone, pos_kind, index)     # from out of play: none to release
        elif movable(g, card, zone):
            was = card.zone is not None and card.zone.in_play
            relocate(g, card, zone, pos_kind, index)
            if was and not zone.in_play:
                release(g, card)


def move_card_quiet(g, card, zone, pos_kind, index):
    """`move` of one card when nothing listens to cards moving."""
    if zone is None or card is None:
        return
    src = card.zone
    if src is not None and not src.in_play and zone.capacity is None:
        relocate(g, card, zone, pos_kind, index)         # from out of play: none to release
        return
    if src is None and card.id not in g.state.cards:
        return                             # a token that has ceased to exist
    if zone.capacity is not None and card.zone is not zone and len(zone.cards) >= zone.capacity:
        full(g, card, zone)
        return
    was = card.zone is not None and card.zone.in_play
    relocate(g, card, zone, pos_kind, index)
    if was and not zone.in_play:
        release(g, card)


def put(g, name: str, zone: ZoneInst, owner: Optional[Player] = None) -> CardInst:
    """Place a new card straight into a zone, with no events (arranging a scenario)."""
    d = g.defs[name]
    c = g.state.new_card(name, owner or zone.owner, d.token, g.def_index[name])
    g.state.place(c, zone)
    g.moved += 1
    g.playing += zone.in_play
    g.copiers_in_play += zone.in_play and name in g.copiers
    g.in_play_n[c.d] += zone.in_play
    g.in_play_cards += zone.in_play
    g.able_in_play += zone.in_play and g.able_table[c.d]
    c.controller = zone.owner if zone.in_play and zone.owner else c.owner
    c.face_up = zone.public
    return c


def take_out(g, card: CardInst) -> None:
    """Take a card out of the game, with no events: the undoing of :func:`put` (a scenario
    arranging a zone in the middle of a game). Its attachments stay, attached to nothing."""
    zone = card.zone
    if zone is not None:
        zone.cards.remove(card)
        card.zone = None
        g.moved += 1
        if zone.in_play:
            g.playing += 1
            g.in_play_n[card.d] -= 1
            g.in_play_cards -= 1
            g.able_in_play -= g.able_table[card.d]
            g.copiers_in_play -= card.name in g.copiers
    for c in g.state.cards.values():
        if c.attached_to is card:
            c.attached_to = None
    card.attached_to = None
    g.state.cards.pop(card.id, None)


def shuffle(g, zone: Optional[ZoneInst]) -> bool:
    if zone is None:
        return False
    g.state.rng.shuffle(zone.cards)
    g.playing += zone.in_play
    g.write(f"{zone.title} shuffled")
    return True


def reveal(g, you, what):
    cards = cards_of(what)
    if cards:
        g.write(f"{you.name} reveals {', '.join(c.name for c in cards)}",
                extra={"reveals": [c.id for c in cards]})


def set_face(what, up: bool):
    for c in cards_of(what):
        c.face_up = up


def orient_one(g, c, how: int) -> Optional[str]:
    """Turn one card sideways, upside down or upright (only a card in play: one out of
    play always lies upright). Its old orientation's name, or None when nothing changed."""
    if c.orient == how or c.zone is None or not c.zone.in_play:
        return None
    old = ORIENTATIONS[c.orient]
    it = g.told(c) if g.logging else None      # as it lay: how it lies now tells nothing
    c.orient = how
    if it is not None:
        g.write_told(it, f" is turned {ORIENTATIONS[how]}")
    return old


def detach(what):
    for c in cards_of(what):
        c.attached_to = None


def give(what, player):
    """Change the owner of cards in play or in a shared zone. Out of play, a player's
    own zone (their hand, deck or discard pile) or an `unowned` zone decides the owner,
    so there `give` changes nothing."""
    for c in cards_of(what):
        z = c.zone
        if z is not None and not z.in_play and (z.owner is not None or z.unowned):
            continue
        c.owner = player
        if z is None or not z.in_play:
            c.controller = player


def attachable(host) -> bool:
    return host is not None and host.zone is not None


def attach_now(g, c, host) -> bool:
    """Attach a card that is in its host's zone; whether it was."""
    if c.zone is host.zone:
        it = to = None
        if g.logging:                      # named as they were: the host carried nothing yet
            it, to = g.told(c), g.told(host)
        c.attached_to = host
        if it is not None:
            g.write_told(it, " attached to ", to)
        return True
    return False


def take_control(g, c, player) -> bool:
    """Give control of one card in play (it stays in play: no leave/enter); whether
    control changed."""
    if c.zone is None or not c.zone.in_play or c.controller is player:
        return False
    target = player.z[g.zone_index[c.zone.name]] if c.zone.owner is not None else c.zone
    src = c.zone
    it = g.told(c) if g.logging else None      # where it lay, before it changes hands
    if target is not None and target is not src:
        src.cards.remove(c)
        target.cards.append(c)
        c.zone = target
    c.controller = player
    g.moved += 1
    g.playing += 1
    if it is not None:
        g.write_told(f"{player.name} gains control of ", it)
    if c.zone is not src:
        carry(g, c, src, c.zone)           # its attachments go with it, to its controller
        host = c.attached_to
        if host is not None and host.zone is not c.zone:
            c.attached_to = None           # taken from its host, it no longer hangs on it
            if g.logging:
                unattached(g, c, host)
    return True


def transform_one(g, c, into, pos) -> Optional[str]:
    """The card becomes another definition where it stands: it neither leaves nor enters
    its zone and keeps owner, controller, counters and attachments; it is a token if the
    new definition is one (out of play, it then ceases to exist). Its old name, or None
    when it already was that card."""
    if into not in g.defs:
        raise EngineError(f"cannot transform into `{into}` at {pos}: no card has that name",
                          tuple(g.chain))
    old = c.name
    if old == into:
        return None
    was = g.told(c) if g.logging else None     # as it was, before it is another card
    if c.zone is not None and c.zone.in_play:
        if g.copiers:
            g.copiers_in_play += (into in g.copiers) - (old in g.copiers)
        g.in_play_n[c.d] -= 1
        g.in_play_n[g.def_index[into]] += 1
        g.able_in_play += g.able_table[g.def_index[into]] - g.able_table[c.d]
    c.name = into
    c.d = g.def_index[into]
    # a token is what its definition is, not its past; a token copy of a card stays one
    c.token = g.defs[into].token or (c.token and not g.defs[old].token)
    g.moved += 1
    g.playing += c.zone is not None and c.zone.in_play
    if was is not None:
        now = became(c, into)
        g.write_told(was, " becomes ", lambda r: now(r) or "another card")
    if c.token and (c.zone is None or not c.zone.in_play):
        if was is not None:               # named as it lay, before it is gone
            g.write_told(lambda r: now(r) or was(r), " (token) ceases to exist")
        if c.zone is not None:
            c.zone.cards.remove(c)
            c.zone = None
        g.state.cards.pop(c.id, None)       # tokens cease to exist outside play
    return old


def became(c: CardInst, into: str):
    """The name a transformed card has now, as a function of the reader: None for a reader
    who may not read the card, who reads that it changed but not into what ("a card in
    P1's hand becomes another card")."""
    from ..visibility import sees
    return lambda r: into if sees(r, c) else None


def put_counters_one(g, c, counter: str, n: int):
    c.counters = {**c.counters, counter: check_int(g, c.counters.get(counter, 0) + n)}


def remove_counters_one(c, counter: str, n) -> int:
    have = c.counters.get(counter, 0)
    take = have if n is None else min(have, max(n, 0))
    if take:
        left = have - take
        counters = c.counters = dict(c.counters)   # a new dict: never changed in place
        if left:
            counters[counter] = left
        else:
            del counters[counter]
    return take


def copy_source(c):
    """What `create N copies of CARD` makes tokens of: the card (None: nothing)."""
    return c if type(c) is CardInst else None


def new_card_for(g, name, zone: ZoneInst, you, pos=None):
    """A new card of `create` (at deck position ``pos``), not yet placed; None (and the
    rest not made) when the zone is full. ``name`` is a card's name, or for `create ...
    copies of CARD` the card itself: the new card is then a token of its definition."""
    copy = type(name) is not str
    if copy:
        if name is None:
            return None
        name = name.name
    d = g.defs[name]
    s = g.state
    if zone.capacity is not None and len(zone.cards) >= zone.capacity:
        g.write(f"no room in {zone.title} for {name}")
        return None
    charge(g, 1, pos)                      # a step for each card made
    if (d.token or copy) and len(s.cards) >= MAX_TOKENS:
        # counted only when there may be so many: each card looked at is a step
        charge(g, len(s.cards), pos)
        if sum(1 for c in s.cards.values() if c.token) >= MAX_TOKENS:
            raise EngineError(f"more than {MAX_TOKENS:,} tokens in play: `create` at {pos} "
                              f"would make another", tuple(g.chain))
    if len(s.cards) >= MAX_CARDS:
        too_many_cards(g, "create", pos)
    owner = zone.owner if zone.owner is not None else None if zone.unowned else you
    return s.new_card(name, owner, d.token or copy, g.def_index[name])


def unmade(g, c):
    """A created card whose entering was prevented ceases to exist."""
    if c.zone is None:
        g.state.cards.pop(c.id, None)
        return True
    return False


def too_many_cards(g, what: str, pos):
    raise EngineError(f"a game may hold at most {MAX_CARDS:,} cards: `{what}` at {pos} "
                      f"would make more", tuple(g.chain))


def create_library(g, zone, cond, keep, pos=None):
    """A card of every copy of every definition of the deck (tokens aside) into ``zone``:
    those for which ``cond(card)`` holds, or whose definition ``keep[k]`` holds (a test
    on the definition alone, worked out when the code was generated; the ids the others
    would have had are used up all the same)."""
    s = g.state
    cards, owner, public = s.cards, zone.owner, zone.public
    inside, capacity, in_play = zone.cards, zone.capacity, zone.in_play
    new = CardInst.__new__
    for k, d in g.info.library:
        if keep is not None and not keep[k]:
            s.next_id += d.copies
            continue
        if len(cards) > MAX_CARDS:      # checked per definition: each has at most as many
            too_many_cards(g, "create library", pos)
        charge(g, d.copies, pos)          # a step for each card made (or tested)
        first = s.next_id
        for i in range(first, first + d.copies):
            c = new(CardInst)             # CardInst(...), without the call: decks are big
            c.id = i
            c.name = d.name
            c.d = k
            c.owner = c.controller = owner
            c.zone = None
            c.face_up = False
            c.counters = {}
            c.attached_to = None
            c.marks = {}
            c.token = False
            c.orient = UPRIGHT
            s.next_id = i + 1
            cards[i] = c
            if cond is not None and not cond(c):
                del cards[i]
                continue
            if capacity is not None and len(inside) >= capacity:
                del cards[i]
                g.write(f"no room in {zone.title} for the rest of the library")
                return
            inside.append(c)
            c.zone = zone
            c.face_up = public
            g.moved += 1
            if in_play:
                g.playing += 1
                g.copiers_in_play += d.name in g.copiers
                g.in_play_n[k] += 1
                g.in_play_cards += 1
                g.able_in_play += g.able_table[k]
    if len(cards) > MAX_CARDS:
        too_many_cards(g, "create library", pos)
