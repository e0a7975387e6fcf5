"""Statics, limits and durations, and which cards' triggers hear an event.

The static effects in force are found here (a game rule's, those of cards in play, of
copied text, and temporary ones); compiled rules then run their conditions and bodies.
"""
from __future__ import annotations

from typing import Optional

from ..errors import EngineError
from ..limits import MAX_HELD_VALUES
from .events import Event
from .state import CardInst, Player
from .values import iterate, recounted_held, too_much_held


# --- parameters, limits, statics -----------------------------------------------------------
def param(g, name: str, player: Optional[Player]) -> int:
    if player is None:
        return 0
    fn = g.code.params[name]
    base = fn(g, player, None, None)
    for st, src, you in active_statics(g, "modify"):
        if st.param != name:
            continue
        target = g.code.target.get(st.index)
        targets = target(g, you, src, None) if target else you
        if targets is player or (isinstance(targets, list) and player in targets):
            base += g.code.amount[st.index](g, you, src, None)
    return base


def prop_now(g, card, name: str, base):
    """A card's number `name` now: its printed value plus every `static modify name` in
    force whose cards (`for ...`, or the static's own card) include it. A modifier whose
    own amount or cards read the number being worked out does not count itself."""
    busy = g.prop_busy
    for st, src, you in active_statics(g, "modify_property"):
        if st.param != name or st.index in busy:
            continue
        busy.add(st.index)
        try:
            target = g.code.target.get(st.index)
            targets = target(g, you, src, None) if target else src
            if targets is card or (type(targets) is list and card in targets):
                if type(base) is not int:
                    raise EngineError(f"`{name}` of {card.name} is {base!r}, not a number: "
                                      f"a modifier cannot add to it", tuple(g.chain))
                base += g.code.amount[st.index](g, you, src, None)
        finally:
            busy.discard(st.index)
    return base


def cards_of_static(g, st, src, you) -> list:
    """The cards a `grant` or `always usable` static is about."""
    targets = g.code.target[st.index](g, you, src, None)
    if targets is None:
        return []
    return targets if type(targets) is list else [targets]


def granted_abilities(g, player) -> dict:
    """card id → (card, [abilities `static grant` gives it]) for the cards in play that
    ``player`` controls."""
    out: dict = {}
    for st, src, you in active_statics(g, "grant"):
        for c in cards_of_static(g, st, src, you):
            if type(c) is CardInst and c.controller is player and c.zone is not None \
                    and c.zone.in_play:
                entry = out.setdefault(c.id, (c, []))
                if st.ability not in entry[1]:
                    entry[1].append(st.ability)
    return out


def always_usable(g) -> set:
    """The ids of the cards whose abilities `static abilities of ... always usable` frees
    of their `if` conditions."""
    return {c.id for st, src, you in active_statics(g, "always_usable")
            for c in cards_of_static(g, st, src, you) if type(c) is CardInst}


def active_statics(g, kind: str):
    """(static, card or None, its `you`) for statics of this kind now in force."""
    if kind not in g.static_kinds:
        return                            # no card or rule of the game has one
    s = g.state
    carriers = g.static_carriers.get(kind)
    # the cards in play looked through and the lasting effects: a step of the budget each
    looked = len(s.temp) + (g.in_play_cards if carriers else 0)
    if looked:
        g.steps += looked
        if g.steps > g.budget:
            statics_exceeded(g)
    for st in g.program.statics:
        if st.kind == kind:
            yield st, None, s.active
    if carriers:
        defs = g.defs
        for z in s.inplay:
            for c in z.cards:
                if c.name in carriers:
                    for st in defs[c.name].statics:
                        if st.kind == kind:
                            yield st, c, c.controller
    if g.copiers and kind != "copy":
        for c, d in copied_text(g):
            for st in d.statics:
                if st.kind == kind:
                    yield st, c, c.controller
    if s.temp:
        statics = g.program.all_statics
        for t in s.temp:
            st = statics[t["static"]]
            if st.kind == kind:
                yield st, t["this"], t["you"]


def statics_exceeded(g):
    """The step budget spent finding the statics in force (where no statement of the
    deck is running: the chain names the cards and rules)."""
    s = g.state
    raise EngineError(f"step budget of {g.budget} exceeded finding the static effects in "
                      f"force ({len(s.temp):,} lasting effects, {g.in_play_cards:,} cards in "
                      f"play)", tuple(g.chain))


def forbidden(g, name: str, data: dict, you) -> bool:
    if name not in g.static_events.get("forbid", ()):
        return False
    for _ in forbidders(g, name, data, you):
        return True
    return False


def forbidders(g, name: str, data: dict, you, targets=(), aimed=None):
    """The `static forbid`s of ``name`` in force that refuse it (the event's fields
    ``data``, ``you`` acting), one by one, each as its source: its card, or None for a
    rule of the game. All of them (``aimed`` None); for a call that plays a card (`target
    for`), those that read `event.targets`, with the event listing ``targets``
    (``aimed`` True), or the others (False)."""
    reading = g.info.forbids_on_targets
    ev = None
    for st, src, owner in active_statics(g, "forbid"):
        if st.event != name or (aimed is not None and (st.index in reading) is not aimed):
            continue
        where = g.code.where.get(st.index)
        if where is not None:
            if ev is None:
                ev = Event(name, dict(data, targets=list(targets)) if aimed else data, you)
            if not where(g, owner, src, ev):
                continue
        yield src


def untargetable_guards(g) -> list:
    """(static, its card, its `you`, what it protects) for each `static untargetable` in
    force: by default its own card, else what its `for` gives now."""
    out = []
    for st, src, owner in active_statics(g, "untargetable"):
        what = g.code.target.get(st.index)
        protected = what(g, owner, src, None) if what is not None else src
        out.append((st, src, owner, protected if type(protected) is list else [protected]))
    return out


def may_aim(g, you, this, ability, v, found=None) -> bool:
    """Whether ``you`` may aim at ``v`` (a card or a player) with the text of ``this``
    (its ability named ``ability``, or None): no `static untargetable` in force protects
    ``v`` from that aiming. Its condition reads the aiming as `event`: `target`, `source`,
    `ability` and `player`. ``found``: the :func:`untargetable_guards`, when already known."""
    aiming = None
    for st, src, owner, protected in (untargetable_guards(g) if found is None else found):
        if not any(x is v for x in protected):
            continue
        where = g.code.where.get(st.index)
        if where is None:
            return False
        if aiming is None:
            aiming = Event("target", {"target": v, "source": this, "ability": ability}, you)
        if where(g, owner, src, aiming):
            return False
    return True


def aimable(g, you, this, ability, values):
    """The elements of a declared target's collection that its source may aim at (the
    collection itself while no `static untargetable` is in force)."""
    found = untargetable_guards(g)
    if not found:
        return values
    return [v for v in iterate(values)
            if v is not None and may_aim(g, you, this, ability, v, found)]


def limit_amount(g, name: str, player: Player) -> int:
    fn = g.code.limits[name]
    const = getattr(fn, "const", None)
    if const is not None:
        return const
    return fn(g, player, None, None)


def remaining(g, name: str, player: Player) -> int:
    used = g.state.used.get((player.index, name), 0)
    left = limit_amount(g, name, player) - used
    if name not in g.substitutes:
        return left if left > 0 else 0
    for st, src, you in active_statics(g, "substitute"):
        if st.limit == name and you is player:
            key = ("substitute", st.index, src.id if src else None)
            if st.once_per_turn and key in g.state.once:
                continue
            if limit_amount(g, st.substitute, player) - \
                    g.state.used.get((player.index, st.substitute), 0) > 0:
                left += 1
    return max(left, 0)


def use_limit(g, name: str, player: Player):
    s = g.state
    key = (player.index, name)
    if limit_amount(g, name, player) - s.used.get(key, 0) > 0:
        s.used[key] = s.used.get(key, 0) + 1
        return
    for st, src, you in active_statics(g, "substitute"):
        if st.limit != name or you is not player:
            continue
        once_key = ("substitute", st.index, src.id if src else None)
        if st.once_per_turn and once_key in s.once:
            continue
        sub = (player.index, st.substitute)
        if limit_amount(g, st.substitute, player) - s.used.get(sub, 0) > 0:
            s.used[sub] = s.used.get(sub, 0) + 1
            if st.once_per_turn:
                s.once.add(once_key)
            return
    raise EngineError(f"{player.name} has no `{name}` left this turn (check "
                      f"`remaining({name}) > 0` before `use {name}`)", tuple(g.chain))


def add_temp_static(g, index: int, duration, you, this, pos):
    """A lasting effect of a `static` statement: one of the values a game holds
    (dsl/limits.py MAX_HELD_VALUES)."""
    s = g.state
    if s.held + len(s.temp) >= MAX_HELD_VALUES and recounted_held(g) + len(s.temp) >= \
            MAX_HELD_VALUES:
        too_much_held(g, pos)
    exp = expiry(g, duration, you)
    g.timed = g.timed or exp is not None
    g.state.temp.append({"static": index, "this": this, "you": you, "expiry": exp})


def expiry(g, duration, you: Player):
    if duration is None:
        return None
    kind, turns = duration
    s = g.state
    if kind == "this_turn":
        return ["turn", s.turn]
    if kind == "turns":
        return ["turn", s.turn + max(turns, 1) - 1]
    return ["player", you.index, you.turns + 1]       # until the end of your next turn


def expire(g, player: Player):
    """End of `player`'s turn: marks and temporary effects whose time is up go."""
    if not g.timed:
        return
    s = g.state

    def due(exp) -> bool:
        if exp is None:
            return False
        if exp[0] == "turn":
            return exp[1] <= s.turn
        return exp[1] == player.index and exp[2] <= player.turns

    timed = False
    for obj in list(s.players) + [c for c in s.cards.values() if c.marks]:
        gone = None
        for m, exp in obj.marks.items():
            if due(exp):
                gone = [m] if gone is None else gone + [m]
            elif exp is not None:
                timed = True
        if gone:
            kept = obj.marks = dict(obj.marks)    # a new dict: never changed in place
            for m in gone:
                del kept[m]
    s.temp = [t for t in s.temp if not due(t["expiry"])]
    g.timed = timed or any(t["expiry"] is not None for t in s.temp)


# --- cards that listen ---------------------------------------------------------------------
def copied_text(g) -> list:
    """(card in play, definition whose text it has) for every `static copy text of X` in
    force. The copied text runs with `this` as the copying card, so text that names its
    own card means the copy. One level: copied `copy` statics are not followed. Cached
    until a card moves, changes or a decision is taken."""
    if not g.copiers_in_play:
        return ()
    key = (g.moved, len(g.decisions))
    if g.copy_cache[0] == key:
        return g.copy_cache[1]
    out = []
    s = g.state
    for z in s.inplay:
        for c in z.cards:
            if c.name not in g.copiers:
                continue
            for st in g.defs[c.name].statics:
                if st.kind != "copy":
                    continue
                src = g.code.source_of[st.index](g, c.controller or c.owner or s.active, c, None)
                if isinstance(src, CardInst) and src is not c and src.name in g.defs:
                    out.append((c, g.defs[src.name]))
    g.copy_cache = (key, out)
    return out


def copied_fields(g, ev) -> list:
    """(card, the copied card's name) for the cards among an event's fields that are in
    play with copied text as it takes effect (``ev.in_play_before``)."""
    was = ev.in_play_before
    return [(c, d.name) for c, d in copied_text(g) if any(x is c for x in was)]


def copied_hearing(g, ev):
    """Copied text whose `when` triggers hear an event: that of the cards in play, and,
    looking back, the text a card had as the event took it out of play (its copy ends
    as it leaves, but "when this leaves play" is the text it left with)."""
    now = copied_text(g)
    was = ev.copied_before
    if not was:
        return now
    defs = g.defs
    gone = [(c, defs[name]) for c, name in was if not (c.zone is not None and c.zone.in_play)]
    return list(now) + gone if gone else now


def instances(g, card_name: str, from_zone: Optional[str]):
    """The cards named ``card_name`` whose triggers hear an event: in play, or in the
    zones named ``from_zone``."""
    if from_zone is None:
        if not g.in_play_n[g.def_index[card_name]]:
            return ()                     # none of them is in play
        if g.by_name_key != g.playing:    # rebuilt only after what is in play changed
            by_name: dict = {}
            for z in g.state.inplay:
                for c in z.cards:
                    by_name.setdefault(c.name, []).append(c)
            g.by_name, g.by_name_key = by_name, g.playing
        return g.by_name.get(card_name, ())   # rebuilt, never changed in place
    zones = g.state.zn[g.zone_index[from_zone]]
    names = g.zone_names.get(from_zone)
    if names is None or names[0] != g.moved:   # the names there, made again after a move
        names = g.zone_names[from_zone] = (g.moved, {c.name for z in zones for c in z.cards})
    if card_name not in names[1]:
        return ()                         # most often: none of them is there
    return [c for z in zones for c in z.cards if c.name == card_name]


def hearing(g, card_name: str, ev):
    """In-play instances of a card, and those the event took out of play: `when`
    triggers look back ("when this is destroyed")."""
    cards = instances(g, card_name, None) if g.in_play_n[g.def_index[card_name]] else ()
    if ev.in_play_before:
        gone = [c for c in dict.fromkeys(ev.in_play_before) if c.name == card_name
                and not (c.zone is not None and c.zone.in_play)]
        if gone:
            return list(cards) + gone
    return cards


def in_play_fields(ev):
    """The cards among an event's fields that are in play as it takes effect."""
    return [v for v in ev.data.values() if type(v) is CardInst
            and v.zone is not None and v.zone.in_play]


def negate(g, ev, pos):
    """`negate`: the event will not take effect. A game that logs keeps what negated it,
    for the line that says so (the REPL's `why` names the card and the statement)."""
    ev.negated = True
    if g.logging:
        ev.negated_by = (tuple(g.chain), pos)


def negated(g, ev):
    by = ev.negated_by
    g.write(f"{ev.name} negated", source=g.chain[-1] if g.chain else None,
            extra={"negated_by": by} if by else None)
