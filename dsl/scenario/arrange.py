"""Arranging a scenario's table: the cards, values and marks of its `given` lines, at the
start (every zone empty) or in the middle of a game, and the random draws it names.

:class:`Arranging` is the part of the runner (:mod:`deckwright.dsl.scenario.runner`) that turns the
names of a scenario into the game's state; :class:`Failure` and :class:`Stop` are how every
part of the runner reports what did not hold.
"""
from __future__ import annotations

from ..engine.values import count_held
from ..rng import ArrangedRng
from .expect import _show
from .syntax import Place, Text, Value


class Failure:
    """One expectation that did not hold (or a step that could not be taken), at ``pos``;
    ``expected``/``actual`` are lines of text for the diff, when there is one."""
    __slots__ = ("pos", "message", "expected", "actual", "hint")

    def __init__(self, pos, message: str, expected=None, actual=None, hint=None):
        self.pos = pos
        self.message = message
        self.expected = expected
        self.actual = actual
        self.hint = hint

    def __repr__(self) -> str:
        return f"Failure({self.pos}, {self.message!r})"


class Stop(Exception):
    """A failure after which the scenario cannot go on (a step not taken)."""

    def __init__(self, failure: Failure):
        self.failure = failure


class Arranging:
    """How `given` lines become the state (mixed into the runner, which holds ``p``, the
    program, ``unused``, the arranged draws not made yet, ``labels``, the id of the card
    each `called` label names, and ``fail``)."""

    # random draws
    def arrange_draws(self, st, lines):
        """Put the draws that ``lines`` arrange on the game's generator, after any still
        waiting: the next shuffles of zones, the next random picks (in order)."""
        if not isinstance(st.rng, ArrangedRng):
            st.rng = ArrangedRng.of(st.rng)
        for line in lines:
            if line.kind == "g_rig":
                key = self.zone_key(st, line.args[0])
                st.rng.shuffles.append((_zone_list(key), self.on_top(line, key)))
                self.waiting_for(line)
            else:
                for v in line.args:
                    st.rng.picks.append(self.pick(st, line, v))
                    self.waiting_for(v)

    def waiting_for(self, what):
        if not any(x is what for x in self.unused):
            self.unused.append(what)

    def on_top(self, line, key):
        """What the shuffle that `next shuffle of ZONE leaves "X", "Y" on top` arranges
        does to the zone's cards once shuffled: X on top, then Y."""
        names = [t.text for t in line.args[1:]]

        def arrange(items):
            for i, x in enumerate(self.unused):
                if x is line:
                    del self.unused[i]
                    break
            moved = 0
            for name in reversed(names):      # the last named ends on top
                at = next((i for i in range(len(items) - 1 - moved, -1, -1)
                           if items[i].name == name), None)
                if at is None:
                    self.fail(line.pos, f"the shuffle of {key} could not leave `{name}` on "
                                        "top: it is not there")
                    continue
                moved += 1
                items.append(items.pop(at))
        return arrange

    def pick(self, st, line, v: Value):
        """(wanted, missed) for the random pick ``v`` arranges."""
        from ..engine.state import CardInst, Player
        want = v.value
        unused = self.unused

        def wanted(item) -> bool:
            for i, x in enumerate(unused):
                if x is v:
                    del unused[i]
                    break
            if type(item) is CardInst:
                return v.kind == "str" and item.name == want
            if type(item) is Player:
                return v.kind == "seat" and item.name == want
            return type(item) is type(want) and item == want

        def missed(items):
            shown = [_show(x) for x in items[:12]] + (["..."] if len(items) > 12 else [])
            self.fail(v.pos, f"the random pick could not be {_show(want)}: it was drawn "
                             f"from {', '.join(shown) or 'nothing'}",
                      [_show(want)], shown)
        return wanted, missed

    def arrange(self, game, lines, mid: bool = False, background: int = 0):
        """Arrange the table as ``lines`` say: at the start (every zone empty), or in the
        middle of the game (``mid``), where a zone's line says all it holds: a card it
        holds already under a name listed stays (the same card, with what lies on it),
        the others leave the game, and the zone's order becomes the listed one. The first
        ``background`` lines are the background's: a host named in them is one of theirs,
        and a host named in the others one of the others'."""
        st = game.state
        placed = []                       # (card, spec, its block) in the order they were put
        for n, line in enumerate(lines):
            k = line.kind
            if k in ("g_zone", "g_zone_top", "g_zone_empty"):
                zone = st.zones[self.zone_key(st, line.args[0])]
                specs = line.args[1:] if k != "g_zone_empty" else ()
                cards = [(spec, i) for spec in specs for i in range(spec.copies)]
                if k == "g_zone_top":
                    cards.reverse()       # listed top first; a zone's list ends at its top
                before = list(zone.cards) if mid else []
                order = []
                for spec, _ in cards:
                    name = spec.name.text
                    c = next((x for x in before if x.name == name), None)
                    owner = None
                    for a in spec.attrs:
                        if a.kind == "owner":
                            owner = self.seat(st, a.value.word)
                    if c is not None:
                        before.remove(c)
                        if owner is not None:
                            c.owner = owner
                    else:
                        if owner is None:
                            owner = self.default_owner(st, zone)
                        c = game.put(name, zone, owner)
                        if owner is None:
                            c.owner = None
                            c.controller = zone.owner if zone.in_play else None
                    for a in spec.attrs:
                        if a.kind == "controller":
                            c.controller = self.seat(st, a.value.word)
                        elif a.kind == "face":
                            c.face_up = a.value
                        elif a.kind == "orient":
                            c.orient = a.value
                        elif a.kind == "counter":
                            counters = dict(c.counters)   # never changed in place
                            counters.pop(a.value.word, None)
                            if a.count:
                                counters[a.value.word] = a.count
                            c.counters = counters
                        elif a.kind == "mark":
                            c.marks = {**c.marks, a.value.word: None}
                        elif a.kind == "called":
                            self.labels[a.value.word] = c.id
                    placed.append((c, spec, n < background))
                    order.append(c)
                if mid:
                    for c in before:
                        game.take_out(c)
                    zone.cards[:] = order
            elif k == "g_value":
                place, value = line.args
                self.set_value(st, place, self.value(st, value))
            elif k == "g_first":
                st.globals["first_player"] = self.seat(st, line.args[0].word)
            elif k == "g_player_mark":
                p = self.seat(st, line.args[0].word)
                p.marks = {**p.marks, line.args[1].word: None}
            elif k == "g_turn":
                st.turn = line.args[0].value - 1
        for c, spec, block in placed:
            for a in spec.attrs:
                if a.kind == "attached":
                    c.attached_to = self.host(st, c, a.value,
                                              [h for h, _, b in placed if b == block])
        if any(line.kind == "g_value" for line in lines):
            count_held(st)                # a list a value replaces is held no longer

    def host(self, st, c, host, block):
        """The card ``c`` is attached to: the one of the name ``host`` (a Text) that its
        block of lines arranges in play, or the one the label ``host`` (a Word) names.
        The scenario's check has made sure there is one; a labelled card may have left
        play since it was labelled."""
        if isinstance(host, Text):
            found = [h for h in block if h.name == host.text and h is not c and h.zone.in_play]
            if len(found) != 1:
                raise Stop(Failure(host.pos, f"no `{host.text}` is arranged in play in this "
                                             f"`given` for `{c.name}` to be attached to"))
            return found[0]
        h = labelled(st, self.labels.get(host.word))
        if h is None or not h.zone.in_play:
            where = f"is in {h.zone.title}" if h is not None else "has left the game"
            raise Stop(Failure(host.pos, f"`{host.word}` {where}, not in play: `{c.name}` "
                                         "cannot be attached to it"))
        return h

    @staticmethod
    def default_owner(st, zone):
        if zone.owner is not None:
            return zone.owner
        if zone.side is not None:
            return next((p for p in st.players if p.side == zone.side), None)
        return None

    # names → state
    @staticmethod
    def seat(st, word: str):
        return st.players[int(word[1:]) - 1]

    def zone_key(self, st, place: Place) -> str:
        zdef = self.p.zones[place.name]
        if zdef.scope == "shared":
            return place.name
        if zdef.scope == "player":
            return f"{place.name}:{int(place.seat[1:]) - 1}"
        side = place.side or self.seat(st, place.seat).side
        return f"{place.name}:{side}"

    def read_value(self, st, place: Place):
        p, name = self.p, place.name
        if name in p.resources:
            if p.resources[name].shared:
                return st.globals.get(name, 0)
            return self.seat(st, place.seat).res.get(name, 0)
        if p.vars[name][0]:
            return self.seat(st, place.seat).vars.get(name)
        return st.globals.get(name)

    def set_value(self, st, place: Place, value):
        p, name = self.p, place.name
        if name in p.resources:
            if p.resources[name].shared:
                st.globals[name] = value
            else:
                self.seat(st, place.seat).res[name] = value
        elif p.vars[name][0]:
            self.seat(st, place.seat).vars[name] = value
        else:
            st.globals[name] = value

    def value(self, st, v: Value):
        return self.seat(st, v.value) if v.kind == "seat" else v.value


def labelled(st, card_id):
    """The card of ``st`` with the id ``card_id`` (a label's card), or None if it has
    left the game."""
    c = st.cards.get(card_id)
    return c if c is not None and c.zone is not None else None


def _zone_list(key: str):
    """Whether a list being shuffled is the cards of the zone ``key`` (its cards know
    their zone)."""
    def fits(items) -> bool:
        zone = getattr(items[0], "zone", None) if items else None
        return zone is not None and zone.cards is items and zone.key == key
    return fits

