"""Values compiled rules compute with: collections, numbers and their limits, and reads
of the state that decide nothing (tops of zones, attributes by name, random picks).

Each is a function of plain values or of the game ``g``."""
from __future__ import annotations

from typing import Optional

from ..errors import EngineError
from ..limits import MAX_HELD_VALUES, MAX_VALUE_DEPTH, MAX_VALUE_SIZE
from .events import Event
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


def agg(g, f, values, pos):
    """`min(...)`/`max(...)`: of numbers and lists of numbers, flattened one level, `none`
    left out; each element looked at a step of the budget."""
    flat = []
    for v in values:
        if isinstance(v, (list, tuple)):
            charge(g, len(v), pos)
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


def number(g, v):
    """``v`` if it is a whole number; else the error of using it as one."""
    if type(v) is int:
        return v
    shown = "`none`" if v is None else f"`{v}`" if type(v) in (str, bool) else "a list" \
        if isinstance(v, (list, tuple)) else f"a {type(v).__name__.lower().replace('inst', '')}"
    raise EngineError(f"{shown} used as a number in arithmetic (a property of no card, or a "
                      f"variable that does not hold a number)", tuple(g.chain))


def divide(g, a, b):
    if b == 0:
        raise EngineError("division by zero", tuple(g.chain))
    return a // b


def modulo(g, a, b):
    if b == 0:
        raise EngineError("division by zero", tuple(g.chain))
    return a % b


def number_range(g, lo, hi, pos) -> list:
    """`range(lo, hi)`: lo..hi inclusive, bounded like every other number; each number
    made a step of the budget."""
    lo, hi = int(lo or 0), int(hi or 0)
    if hi - lo > MAX_TOKENS:
        raise EngineError(f"range({lo}, {hi}) has more than {MAX_TOKENS} numbers",
                          tuple(g.chain))
    if hi >= lo:
        charge(g, hi - lo + 1, pos)
    return list(range(lo, hi + 1))


def checked_value(g, v, pos):
    """``v``, after making sure it is within the limits of one value: at most
    MAX_VALUE_SIZE elements, every element of every inner list (or event) counted each
    time it is reached, and lists at most MAX_VALUE_DEPTH deep. Called where a deck
    builds a list of lists or keeps a value in a variable; the walk stops at the limit,
    so a value built by sharing (`v = [v, v]`) costs no more to check than any other,
    and every element looked at past the first level is a step of the budget."""
    t = type(v)
    if t is list or t is Event or t is tuple:
        _checked_size(g, v, pos)
    return v


def _checked_size(g, v, pos) -> int:
    """The elements of ``v`` (a list, tuple or event) as :func:`checked_value` counts
    them, checked against its limits."""
    size = 0
    work = [(v, 1)]
    while work:
        x, depth = work.pop()
        if depth > MAX_VALUE_DEPTH:
            raise EngineError(f"a value nested more than {MAX_VALUE_DEPTH} lists deep at {pos}",
                              tuple(g.chain))
        items = x.data.values() if type(x) is Event else x
        size += len(items)
        if size > MAX_VALUE_SIZE:
            raise EngineError(f"a value of more than {MAX_VALUE_SIZE:,} elements at {pos} "
                              f"(inner lists' elements counted)", tuple(g.chain))
        for y in items:
            ty = type(y)
            if ty is list or ty is Event or ty is tuple:
                work.append((y, depth + 1))
    g.steps += size - (len(v.data) if type(v) is Event else len(v))
    return size


def held_value(g, v, sizes: dict, name: str, pos):
    """``v``, checked as :func:`checked_value` checks it, as the new value of the
    variable ``name`` of ``sizes``' holder (the game's ``GameState.sizes``, a player's
    ``Player.sizes``: each variable's count of the elements of the list it holds). The
    game's count of what its variables hold (``GameState.held``) goes up by the elements
    of ``v`` and down by those of the list ``v`` replaces; past MAX_HELD_VALUES, with the
    lasting effects, it is the limit's error, and the variable keeps its value.

    Compiled rules call it where a variable is set to a list, tuple or event; a plain
    value put in place of a list changes no count (that costs the common case nothing).
    So ``held`` may count a list no variable holds any more, never fewer than they hold,
    and before the error it is counted again from the values themselves."""
    t = type(v)
    n = _checked_size(g, v, pos) if t is list or t is Event or t is tuple else 0
    s = g.state
    held = s.held + n - sizes.get(name, 0)
    if held + len(s.temp) > MAX_HELD_VALUES:
        held = recounted_held(g) + n - sizes.get(name, 0)
        if held + len(s.temp) > MAX_HELD_VALUES:
            too_much_held(g, pos)
    s.held = held
    if n:
        sizes[name] = n
    else:
        sizes.pop(name, None)
    return v


def recounted_held(g) -> int:
    """The state's count of what its variables hold, made exact (:func:`count_held`);
    each variable looked at is a step of the budget."""
    s = g.state
    count_held(s)
    g.steps += len(s.globals) + sum(len(p.vars) for p in s.players)
    return s.held


def too_much_held(g, pos):
    raise EngineError(f"the game holds more than {MAX_HELD_VALUES:,} values at {pos} (the "
                      f"elements of its variables' lists and its lasting effects)",
                      tuple(g.chain))


def count_held(s) -> None:
    """Set the state's counts of what its variables hold (``held``, ``sizes``) from the
    values themselves: for a state made other than by the rules (the variables' first
    values, a scenario's arrangement, a state read from JSON). No limit is checked."""
    s.held = 0
    for sizes, values in [(s.sizes, s.globals)] + [(p.sizes, p.vars) for p in s.players]:
        sizes.clear()
        for name, v in values.items():
            if type(v) in (list, tuple, Event):
                sizes[name] = n = elements(v)
                s.held += n


def elements(v) -> int:
    """The elements of a list, tuple or event, every inner one's counted each time it is
    reached (as :func:`checked_value` counts them, without its limits)."""
    size, work = 0, [v]
    while work:
        x = work.pop()
        items = x.data.values() if type(x) is Event else x
        size += len(items)
        work.extend(y for y in items if type(y) in (list, tuple, Event))
    return size


def budget_exceeded(g, pos):
    at = f" at {pos}" if pos is not None else ""
    raise EngineError(f"step budget of {g.budget} exceeded{at} "
                      f"(an effect or trigger loops without end)", tuple(g.chain), pos=pos)


# --- work charged to the budget ------------------------------------------------------------
# A loop's pass is one step, and so is each element of a collection that an expression or
# a statement looks at, copies or changes (a selector's candidates, a membership test's
# list, the cards a `move` moves...): no step can do more than a bounded amount of work, so
# the budget bounds an action's time whatever its loops' bodies do (docs/language.md §17).
def charge(g, n: int, pos) -> None:
    """``n`` steps of the budget, checked at once (``pos``: the deck position to name)."""
    g.steps += n
    if g.steps > g.budget:
        budget_exceeded(g, pos)


def pool(g, items, pos):
    """``items`` (a list or tuple a selector looks through), its length charged."""
    g.steps += len(items)
    if g.steps > g.budget:
        budget_exceeded(g, pos)
    return items


def pool_of(g, items, n: int, pos):
    """``items``, with ``n`` steps charged: the zones in play, ``n`` their cards."""
    g.steps += n
    if g.steps > g.budget:
        budget_exceeded(g, pos)
    return items


def equal(g, a, b, pos) -> bool:
    """`a == b` where both may be lists: lists of one length are compared element by
    element, inner lists' too, and each element is a step."""
    if type(a) is list and type(b) is list and len(a) == len(b):
        charge(g, elements(a), pos)
    return a == b


def charged(g, v, pos):
    """``v`` (a card, a collection, a zone or zones, none), its elements charged: what a
    statement that acts on each of them, or a test that looks at each, costs."""
    t = type(v)
    if t is list or t is tuple:
        n = len(v) if not v or type(v[0]) is not ZoneInst else sum(len(z.cards) for z in v)
    elif t is ZoneInst:
        n = len(v.cards)
    else:
        return v
    charge(g, n, pos)
    return v


def too_deep(g):
    from .recursion import trigger_loop_error
    raise trigger_loop_error(g)


# --- reading -----------------------------------------------------------------------------
def top_card(z: Optional[ZoneInst]):
    if z is None or not z.cards:
        return None
    return z.cards[-1]


def bottom_card(z: Optional[ZoneInst]):
    if z is None or not z.cards:
        return None
    return z.cards[0]


def top_cards(g, z: Optional[ZoneInst], k, bottom, pos) -> list:
    if z is None or k is None or k <= 0:
        return []
    out = list(z.cards[:k]) if bottom else list(reversed(z.cards[-k:]))
    charge(g, len(out), pos)
    return out


def random_of(g, coll):
    items = iterate(coll)
    return g.state.rng.choice(items) if items else None


def shuffled(g, coll, pos):
    items = list(iterate(coll))
    charge(g, len(items), pos)
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
                "rotated": lambda c: c.rotated, "inverted": lambda c: c.inverted,
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
            base = g.deflist[v.d].props.get(name, p.properties[name])
            if name in p.modified_props:
                from .statics import prop_now
                return prop_now(g, v, name, base)
            return base
        if name == "attachments":
            return attachments(g, v)
        f = _CARD_FIELDS.get(name)
        return f(v) if f is not None else None
    if t is Player:
        if name in p.resources:
            return v.res.get(name, 0)
        if name in p.params:
            return _param(g, name, v)
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
    """`NAME on X`: X's counters of that name; anything but a card has none."""
    return c.counters.get(name, 0) if type(c) is CardInst else 0


def _param(g, name, player):
    from .statics import param
    return param(g, name, player)
