"""The engine's primitives: what compiled rules call to read and change the game state.

Each is a function of the game ``g`` (a :class:`~dsl.engine.game.Game`). None of them
runs a deck's code that could decide anything: events, triggers and reactions around a
primitive are compiled into the rules themselves (:mod:`dsl.codegen.flow`), so these
stay plain functions whether the game is stepped or only run.
"""
from __future__ import annotations

from typing import Optional

from ..errors import EngineError
from .events import Decision, Event, GameOver
from .state import CardInst, Player, ZoneInst

MAX_TOKENS = 1_000
MAX_INT = 10 ** 9


# --- values ----------------------------------------------------------------------------
def iterate(v):
    """A value as a sequence of elements: zones stand for the cards in them."""
    if v is None:
        return ()
    if type(v) is list:
        if not v or type(v[0]) is not ZoneInst:
            return v
        return [c for z in v for c in z.cards]
    if type(v) is ZoneInst:
        return list(v.cards)
    if isinstance(v, tuple):
        return iterate(list(v))
    return (v,)


def members(v):
    if v is None:
        return ()
    if type(v) is ZoneInst:
        return v.cards
    if type(v) is list:
        return v if not v or type(v[0]) is not ZoneInst else iterate(v)
    if isinstance(v, tuple):
        return iterate(list(v))
    if isinstance(v, set):
        return v
    return (v,)


def count(v) -> int:
    return len(iterate(v))


def as_list(v):
    if v is None:
        return []
    return list(v) if isinstance(v, (list, tuple)) else [v]


def nth(v, i):
    items = iterate(v)
    return items[i] if items else None


def agg(f, values):
    flat = []
    for v in values:
        if isinstance(v, (list, tuple)):
            flat.extend(x for x in v if x is not None)
        elif v is not None:
            flat.append(v)
    return f(flat) if flat else 0


def cards_of(what) -> list:
    if what is None:
        return []
    if type(what) is CardInst:
        return [what]
    out = []
    for x in what:
        if type(x) is CardInst:
            out.append(x)
        elif type(x) is ZoneInst:
            out.extend(x.cards)
    return out


def over(g, v):
    """A number beyond the engine's integer limit: the runaway error."""
    raise EngineError(f"number {v} is beyond the limit of ±{MAX_INT}", tuple(g.chain))


def check_int(g, v):
    if v > MAX_INT or v < -MAX_INT:
        over(g, v)
    return v


def divide(g, a, b):
    if b == 0:
        raise EngineError("division by zero", tuple(g.chain))
    return a // b


def modulo(g, a, b):
    if b == 0:
        raise EngineError("division by zero", tuple(g.chain))
    return a % b


def number_range(g, lo, hi) -> list:
    """`range(lo, hi)`: lo..hi inclusive, bounded like every other number."""
    lo, hi = int(lo or 0), int(hi or 0)
    if hi - lo > MAX_TOKENS:
        raise EngineError(f"range({lo}, {hi}) has more than {MAX_TOKENS} numbers",
                          tuple(g.chain))
    return list(range(lo, hi + 1))


def budget_exceeded(g, pos):
    raise EngineError(f"step budget of {g.budget} exceeded at {pos} "
                      f"(an effect or trigger loops without end)", tuple(g.chain))


def too_deep(g):
    raise EngineError(f"more than 40 events nested inside each other (a trigger loop)",
                      tuple(g.chain))


# --- reading -----------------------------------------------------------------------------
def top_card(z: Optional[ZoneInst]):
    if z is None or not z.cards:
        return None
    return z.cards[-1]


def bottom_card(z: Optional[ZoneInst]):
    if z is None or not z.cards:
        return None
    return z.cards[0]


def top_cards(z: Optional[ZoneInst], k, bottom=False) -> list:
    if z is None or k is None or k <= 0:
        return []
    return list(z.cards[:k]) if bottom else list(reversed(z.cards[-k:]))


def random_of(g, coll):
    items = iterate(coll)
    return g.state.rng.choice(items) if items else None


def shuffled(g, coll):
    items = list(iterate(coll))
    g.state.rng.shuffle(items)
    return items


def next_player(g, player: Player) -> Player:
    players = g.state.players
    for k in range(1, len(players) + 1):
        cand = players[(player.index + k) % len(players)]
        if cand.alive:
            return cand
    return player


def attachments(g, c):
    if c is None:
        return None
    return [x for z in g.state.inplay for x in z.cards if x.attached_to is c]


def in_play(c):
    if c is None:
        return None
    return c.zone is not None and c.zone.in_play


def zone_attr(z, name: str):
    """size, cards, top, bottom, owner, name, in_play of a zone (None for no zone)."""
    if z is None:
        return None
    if name == "size":
        return len(z.cards)
    if name == "cards":
        return list(z.cards)
    if name == "top":
        return top_card(z)
    if name == "bottom":
        return bottom_card(z)
    if name == "owner":
        return z.owner
    if name == "name":
        return z.name
    return z.in_play


_CARD_FIELDS = {"name": lambda c: c.name, "owner": lambda c: c.owner,
                "controller": lambda c: c.controller, "zone": lambda c: c.zone,
                "face_up": lambda c: c.face_up, "token": lambda c: c.token,
                "id": lambda c: c.id, "turned": lambda c: c.turned,
                "host": lambda c: c.attached_to, "in_play": in_play}
_PLAYER_FIELDS = {"alive": lambda p: p.alive, "seat": lambda p: p.index,
                  "name": lambda p: p.name, "side": lambda p: p.side,
                  "turns": lambda p: p.turns}
_ZONE_FIELDS = {"size", "cards", "top", "bottom", "owner", "name", "in_play"}


def attr(g, v, name: str):
    """`x.name` when the kind of x is only known at run time. The name is looked up in
    the program's own tables and the model's own fields, never as a Python attribute."""
    t = type(v)
    p = g.program
    if t is CardInst:
        if name in p.properties:
            return g.deflist[v.d].props.get(name, p.properties[name])
        if name == "attachments":
            return attachments(g, v)
        f = _CARD_FIELDS.get(name)
        return f(v) if f is not None else None
    if t is Player:
        if name in p.resources:
            return v.res.get(name, 0)
        if name in p.params:
            return param(g, name, v)
        if name in v.vars:
            return v.vars[name]
        if name in p.zones:
            return zone_of(g, name, v)
        f = _PLAYER_FIELDS.get(name)
        return f(v) if f is not None else None
    if t is ZoneInst:
        return zone_attr(v, name) if name in _ZONE_FIELDS else None
    if t is Event:
        return v.get(name)
    return None


def zone_of(g, name: str, player: Optional[Player]):
    if player is None:
        return None
    zdef = g.program.zones[name]
    if zdef.scope == "shared":
        return None
    return player.z[g.zone_index[name]]


def event_get(ev, name: str):
    return ev.get(name) if ev is not None else None


def counters_on(c, name: str) -> int:
    return c.counters.get(name, 0) if c is not None else 0


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


def active_statics(g, kind: str):
    """(static, card or None, its `you`) for statics of this kind now in force."""
    if kind not in g.static_kinds:
        return                            # no card or rule of the game has one
    s = g.state
    for st in g.program.statics:
        if st.kind == kind:
            yield st, None, s.active
    carriers = g.static_carriers.get(kind)
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


def forbidden(g, name: str, data: dict, you) -> bool:
    if name not in g.static_events.get("forbid", ()):
        return False
    for st, src, owner in active_statics(g, "forbid"):
        if st.event == name:
            where = g.code.where.get(st.index)
            if where is None or where(g, owner, src, Event(name, data, you)):
                return True
    return False


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


def add_temp_static(g, index: int, duration, you, this):
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
        for m, exp in list(obj.marks.items()):
            if due(exp):
                del obj.marks[m]
            elif exp is not None:
                timed = True
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
    return [c for z in g.state.zn[g.zone_index[from_zone]] for c in z.cards
            if c.name == card_name]


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


def negated(g, ev):
    g.write(f"{ev.name} negated", source=g.chain[-1] if g.chain else None)


# --- moving cards ------------------------------------------------------------------------
def relocate(g, card: CardInst, zone: ZoneInst, pos_kind: str, index):
    g.moved += 1
    src = card.zone
    in_play = zone.in_play
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
        g.able_in_play += step * g.able_table[card.d]
        if g.copiers and card.name in g.copiers:
            g.copiers_in_play += 1 if in_play else -1
    if card.token and not in_play:
        del g.state.cards[card.id]      # tokens cease to exist outside play
        g.write(f"{card.name} (token) ceases to exist")
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
        if card.owner is None:
            card.owner = owner            # an unowned card belongs to the first to hold it
        card.controller = owner if in_play else card.owner
    elif not in_play:
        card.controller = card.owner
    if not in_play:
        if src is not None and src.in_play:
            card.counters.clear()
            card.marks.clear()
            card.turned = False
        card.attached_to = None
    card.face_up = zone.public
    if g.logging:
        g.write(f"{card.name}: {src.key if src else 'nowhere'} → {zone.key}",
                extra={"card": card.id, "from": src.key if src else None, "to": zone.key})


def movable(g, card: CardInst, zone: ZoneInst) -> bool:
    """Whether a card may go to a zone: it still exists, and the zone has room."""
    if card.zone is None and card.id not in g.state.cards:
        return False                       # a token that has ceased to exist
    if zone.capacity is not None and card.zone is not zone and len(zone.cards) >= zone.capacity:
        g.write(f"{card.name} cannot go to {zone.key}: it is full")
        return False
    return True


def move_quiet(g, what, zone, pos_kind, index):
    """`move` when nothing listens to cards moving."""
    if zone is None:
        return
    for card in cards_of(what):
        if movable(g, card, zone):
            relocate(g, card, zone, pos_kind, index)


def move_card_quiet(g, card, zone, pos_kind, index):
    """`move` of one card when nothing listens to cards moving."""
    if zone is None or card is None:
        return
    if card.zone is None and card.id not in g.state.cards:
        return                             # a token that has ceased to exist
    if zone.capacity is not None and card.zone is not zone and len(zone.cards) >= zone.capacity:
        g.write(f"{card.name} cannot go to {zone.key}: it is full")
        return
    relocate(g, card, zone, pos_kind, index)


def put(g, name: str, zone: ZoneInst, owner: Optional[Player] = None) -> CardInst:
    """Place a new card straight into a zone, with no events (arranging a scenario)."""
    d = g.defs[name]
    c = g.state.new_card(name, owner or zone.owner, d.token, g.def_index[name])
    g.state.place(c, zone)
    g.moved += 1
    g.playing += zone.in_play
    g.copiers_in_play += zone.in_play and name in g.copiers
    g.in_play_n[c.d] += zone.in_play
    g.able_in_play += zone.in_play and g.able_table[c.d]
    c.controller = zone.owner if zone.in_play and zone.owner else c.owner
    c.face_up = zone.public
    return c


def shuffle(g, zone: Optional[ZoneInst]) -> bool:
    if zone is None:
        return False
    g.state.rng.shuffle(zone.cards)
    g.playing += zone.in_play
    g.write(f"{zone.key} shuffled")
    return True


def reveal(g, you, what):
    cards = cards_of(what)
    if cards:
        g.write(f"{you.name} reveals {', '.join(c.name for c in cards)}")


def set_face(what, up: bool):
    for c in cards_of(what):
        c.face_up = up


def detach(what):
    for c in cards_of(what):
        c.attached_to = None


def give(what, player):
    for c in cards_of(what):
        c.owner = player
        if c.zone is None or not c.zone.in_play:
            c.controller = player


def attachable(host) -> bool:
    return host is not None and host.zone is not None


def attach_now(g, c, host) -> bool:
    """Attach a card that is in its host's zone; whether it was."""
    if c.zone is host.zone:
        c.attached_to = host
        g.write(f"{c.name} attached to {host.name}")
        return True
    return False


def take_control(g, c, player) -> bool:
    """Give control of one card in play (it stays in play: no leave/enter); whether
    control changed."""
    if c.zone is None or not c.zone.in_play or c.controller is player:
        return False
    target = player.z[g.zone_index[c.zone.name]] if c.zone.owner is not None else c.zone
    if target is not None and target is not c.zone:
        c.zone.cards.remove(c)
        target.cards.append(c)
        c.zone = target
    c.controller = player
    g.moved += 1
    g.playing += 1
    g.write(f"{player.name} gains control of {c.name}")
    return True


def transform_one(g, c, into, pos) -> Optional[str]:
    """The card becomes another definition where it stands: it neither leaves nor enters
    its zone and keeps owner, controller, counters and attachments. Its old name, or
    None when it already was that card."""
    if into not in g.defs:
        raise EngineError(f"cannot transform into `{into}` at {pos}: no card has that name",
                          tuple(g.chain))
    old = c.name
    if old == into:
        return None
    if c.zone is not None and c.zone.in_play:
        if g.copiers:
            g.copiers_in_play += (into in g.copiers) - (old in g.copiers)
        g.in_play_n[c.d] -= 1
        g.in_play_n[g.def_index[into]] += 1
        g.able_in_play += g.able_table[g.def_index[into]] - g.able_table[c.d]
    c.name = into
    c.d = g.def_index[into]
    g.moved += 1
    g.playing += c.zone is not None and c.zone.in_play
    g.write(f"{old} becomes {into}")
    return old


def put_counters_one(g, c, counter: str, n: int):
    c.counters[counter] = check_int(g, c.counters.get(counter, 0) + n)


def remove_counters_one(c, counter: str, n) -> int:
    have = c.counters.get(counter, 0)
    take = have if n is None else min(have, max(n, 0))
    if take:
        left = have - take
        if left:
            c.counters[counter] = left
        else:
            del c.counters[counter]
    return take


def new_card_for(g, name: str, zone: ZoneInst, you):
    """A new card of `create`, not yet placed; None (and the rest not made) when the zone
    is full."""
    d = g.defs[name]
    s = g.state
    if zone.capacity is not None and len(zone.cards) >= zone.capacity:
        g.write(f"no room in {zone.key} for {name}")
        return None
    if d.token and sum(1 for c in s.cards.values() if c.token) >= MAX_TOKENS:
        raise EngineError(f"more than {MAX_TOKENS} tokens in play", tuple(g.chain))
    owner = zone.owner if zone.owner is not None else you
    return s.new_card(name, owner, d.token, g.def_index[name])


def unmade(g, c):
    """A created card whose entering was prevented ceases to exist."""
    if c.zone is None:
        g.state.cards.pop(c.id, None)
        return True
    return False


def create_library(g, zone, cond, keep):
    """A card of every copy of every definition of the deck (tokens aside) into ``zone``:
    those for which ``cond(card)`` holds, or whose definition ``keep[k]`` holds (a test
    on the definition alone, worked out when the code was generated; the ids the others
    would have had are used up all the same)."""
    s = g.state
    cards, owner, public = s.cards, zone.owner, zone.public
    inside = zone.cards
    new = CardInst.__new__
    for d in g.program.library():
        k = g.def_index[d.name]
        if keep is not None and not keep[k]:
            s.next_id += d.copies
            continue
        for _ in range(d.copies):
            c = new(CardInst)             # CardInst(...), without the call: decks are big
            c.id, c.name, c.d, c.owner, c.controller, c.zone = s.next_id, d.name, k, owner, \
                owner, None
            c.face_up, c.counters, c.attached_to, c.marks, c.token, c.turned = \
                False, {}, None, {}, False, False
            s.next_id += 1
            cards[c.id] = c
            if cond is not None and not cond(c):
                del cards[c.id]
                continue
            if zone.capacity is not None and len(inside) >= zone.capacity:
                del cards[c.id]
                g.write(f"no room in {zone.key} for the rest of the library")
                return
            inside.append(c)
            c.zone = zone
            g.moved += 1
            if zone.in_play:
                g.playing += 1
                g.copiers_in_play += d.name in g.copiers
                g.in_play_n[k] += 1
                g.able_in_play += g.able_table[k]
            c.face_up = public


# --- players and resources -------------------------------------------------------------------
def clamp(g, player: Player, name: str, value: int) -> int:
    r = g.program.resources[name]
    code = g.code
    lo, hi = code.resource_min.get(name), code.resource_max.get(name)
    if lo is not None:
        value = max(value, lo(g, player, None, None))
    if hi is not None:
        value = min(value, hi(g, player, None, None))
    return check_int(g, value)


def gain_now(g, player, name: str, n: int):
    player.res[name] = clamp(g, player, name, player.res.get(name, 0) + n)
    if g.logging:
        g.write(f"{player.name} gains {n} {name} ({player.res[name]})")


def lose_now(g, player, name: str, n: int):
    player.res[name] = clamp(g, player, name, player.res.get(name, 0) - n)
    if g.logging:
        g.write(f"{player.name} loses {n} {name} ({player.res[name]})")


def gain_quiet(g, player, name: str, n):
    """`gain` when nothing listens to gains."""
    if n <= 0 or player is None:
        return
    if name in g.shared_resources:
        set_shared(g, name, g.state.globals.get(name, 0) + n)
        return
    gain_now(g, player, name, n)


def lose_amount(g, player, name: str, n) -> int:
    """How much `lose` takes (None: all of it); a shared resource is set here, at once."""
    if player is None:
        return 0
    if name in g.shared_resources:
        have = g.state.globals.get(name, 0)
        set_shared(g, name, 0 if n is None else have - n)
        return 0
    return player.res.get(name, 0) if n is None else n


def lose_quiet(g, player, name: str, n):
    """`lose` when nothing listens to losses."""
    amount = lose_amount(g, player, name, n)
    if amount > 0:
        lose_now(g, player, name, amount)


def set_res(g, player, name: str, value):
    if player is not None:
        player.res[name] = clamp(g, player, name, int(value or 0))


def set_shared(g, name: str, value: int):
    code = g.code
    s = g.state
    you = s.active or s.players[0]
    lo, hi = code.resource_min.get(name), code.resource_max.get(name)
    if lo is not None:
        value = max(value, lo(g, you, None, None))
    if hi is not None:
        value = min(value, hi(g, you, None, None))
    s.globals[name] = check_int(g, value)


def mark(g, target, name: str, duration, you):
    exp = expiry(g, duration, you)
    g.timed = g.timed or exp is not None
    for obj in (target if isinstance(target, list) else [target]):
        if obj is not None:
            obj.marks[name] = exp


def unmark(target, name: str):
    for obj in (target if isinstance(target, list) else [target]):
        if obj is not None:
            obj.marks.pop(name, None)


def eliminate_one(g, p) -> bool:
    if p is not None and p.alive:
        p.alive = False
        g.write(f"{p.name} is eliminated")
        return True
    return False


def end_game(winners, draw: bool, reason: str):
    winners = [w for w in winners if isinstance(w, Player)]
    raise GameOver(winners, draw or not winners, reason if not winners else "winner")


def end_by_most(g, resource: str):
    players = [p for p in g.state.players if p.alive] or g.state.players
    best = max(p.res.get(resource, 0) for p in players)
    winners = [p for p in players if p.res.get(resource, 0) == best]
    if len(winners) == len(players) and len(players) > 1:
        raise GameOver([], True, f"tied on {resource}")
    raise GameOver(winners, False, f"most {resource}")


# --- turns -----------------------------------------------------------------------------
def start_turn(g):
    s = g.state
    s.turn += 1
    s.used.clear()
    s.once.clear()
    if s.turn > g.max_turns:
        s.turn = g.max_turns
        raise GameOver([], True, "turn limit")


# --- decisions ---------------------------------------------------------------------------
def choice_of(g, chooser, options, lo, hi, prompt, secret, this):
    """The cards (or players, ...) picked without asking, as a list, or the Decision to
    ask: options without `none`, at most ``hi`` and at least ``lo`` of them."""
    options = [o for o in options if o is not None]
    if hi > len(options):
        hi = len(options)
    if lo > hi:
        lo = hi
    if hi <= 0:
        return []
    if lo == hi == len(options):
        return options                       # nothing to decide
    if chooser is None:
        return options[:lo]
    return Decision(chooser, "choose", prompt, None, options, lo, hi, secret,
                    this.name if this is not None else None, None, g.labels_of)


def picked(d: Decision, choice) -> list:
    if d.min_count == 1 and d.max_count == 1:
        return [d.values[choice]]
    values = d.values
    return [values[i] for i in sorted(choice)]


def labels_decision(g, chooser, labels, prompt, secret, this):
    return Decision(chooser, "one" if labels != ["yes", "no"] else "may", prompt, list(labels),
                    list(labels), 1, 1, secret, this.name if this is not None else None)
