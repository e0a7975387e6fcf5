"""The one game-state model every game shares: players, zones, card instances.

The state is plain data. ``to_json`` and ``from_json`` round-trip it without loss and
``state_hash`` is a canonical digest of it, used to prove that a replay reproduces a game.
What a card *does* lives in the compiled program, never here.

>>> s = GameState(seed=1)
>>> p = s.add_player("P1")
>>> z = s.add_zone("hand", owner=p, visibility="private", ordered=False, in_play=False)
>>> c = s.new_card("Lucky Coin", owner=p)
>>> s.place(c, z); [x.name for x in z.cards]
['Lucky Coin']
>>> GameState.from_json(s.to_json()).to_json() == s.to_json()
True
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Optional

from ..rng import Rng


class Player:
    __slots__ = ("index", "name", "side", "alive", "res", "vars", "sizes", "marks", "turns",
                 "z")

    def __init__(self, index: int, name: str, side: Optional[str] = None):
        self.index = index
        self.name = name
        self.side = side
        self.alive = True
        self.res: dict[str, int] = {}
        self.vars: dict[str, Any] = {}
        self.sizes: dict[str, int] = {}      # var → elements of its list (GameState.held)
        self.marks: dict[str, Any] = {}      # mark → expiry (see Expiry) or None
        self.turns = 0                       # turns this player has started
        self.z: list = []                    # zone-table index → this player's instance

    def __repr__(self) -> str:
        return self.name


class ZoneInst:
    __slots__ = ("key", "name", "owner", "side", "visibility", "ordered", "in_play",
                 "capacity", "cards", "public", "unowned")

    def __init__(self, key, name, owner, visibility, ordered, in_play, capacity=None, side=None):
        self.key = key
        self.name = name
        self.owner: Optional[Player] = owner
        self.side = side
        self.visibility = visibility
        self.public = visibility == "public"   # cards put here are face up
        self.ordered = ordered
        self.in_play = in_play
        self.capacity = capacity
        self.cards: list[CardInst] = []      # the end of the list is the top
        self.unowned = False                 # a card entering it belongs to no player

    def __repr__(self) -> str:
        return self.key

    @property
    def title(self) -> str:
        """The zone as people name it: "P1's hand", "heroes' deck" (a side's), "discard_pile"
        (the key, `hand:0`, is for the engine and saves)."""
        holder = self.owner.name if self.owner is not None else self.side
        if holder is None:
            return self.name
        return f"{holder}' {self.name}" if holder.endswith("s") else f"{holder}'s {self.name}"


# How a card lies (CardInst.orient): upright, turned sideways (a quarter turn), upside down.
UPRIGHT, SIDEWAYS, UPSIDE_DOWN = 0, 1, 2
ORIENTATIONS = ("upright", "sideways", "upside down")


class CardInst:
    __slots__ = ("id", "name", "d", "owner", "controller", "zone", "face_up", "counters",
                 "attached_to", "marks", "token", "orient")

    def __init__(self, id: int, name: str, owner: Optional[Player], token: bool = False,
                 d: int = -1):
        self.id = id
        self.name = name
        self.d = d                            # index of its definition in the program's tables
        self.owner = owner
        self.controller: Optional[Player] = owner
        self.zone: Optional[ZoneInst] = None
        self.face_up = False
        self.counters: dict[str, int] = {}
        self.attached_to: Optional[CardInst] = None
        self.marks: dict[str, Any] = {}
        self.token = token
        self.orient = UPRIGHT                 # how it lies: UPRIGHT, SIDEWAYS or UPSIDE_DOWN

    # Orientation, read by the rules as `c.turned`, `c.rotated`, `c.inverted`.
    @property
    def turned(self) -> bool:
        return self.orient != UPRIGHT

    @property
    def rotated(self) -> bool:
        return self.orient == SIDEWAYS

    @property
    def inverted(self) -> bool:
        return self.orient == UPSIDE_DOWN

    def __repr__(self) -> str:
        return f"{self.name}#{self.id}"

    def detached_copy(self) -> "CardInst":
        """A copy of a card no longer in the game (a value still names it), in no zone."""
        n = CardInst(self.id, self.name, None, self.token, self.d)
        n.face_up, n.orient = self.face_up, self.orient
        n.counters, n.marks = dict(self.counters), dict(self.marks)
        return n


class GameState:
    """Everything that changes during a game, and nothing that doesn't."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = Rng(seed)
        self.players: list[Player] = []
        self.zones: dict[str, ZoneInst] = {}
        self.cards: dict[int, CardInst] = {}
        self.globals: dict[str, Any] = {}
        # What the variables hold, for the limit on it (dsl/limits.py MAX_HELD_VALUES): the
        # elements of their lists and events, and by variable of the game (here) or of a
        # player (Player.sizes) the count of each that holds one (values.held_value).
        self.held = 0
        self.sizes: dict[str, int] = {}
        self.next_id = 1
        self.turn = 0                  # turns (or rounds) started in the game
        self.active: Optional[Player] = None
        self.phase: Optional[str] = None
        self.used: dict[tuple, int] = {}      # (player index, limit) → uses this turn
        self.once: set = set()                # once-per-turn keys spent this turn
        self.temp: list[dict] = []            # temporary static effects with expiry
        # Player index → the phase-start offer of moves usable at any time they last
        # passed on (its options and the values its tests compare, as plain values):
        # they are not asked again while it stays the same (docs/language.md section 14).
        self.passed: dict = {}
        self.result: Optional[dict] = None    # {"winners": [...], "draw": bool, "reason": str}
        # Turn order as data, made by the first rule that needs it (see
        # deckwright.dsl.engine.players.next_turn): None while the order is plain seat order.
        self.order: Optional[dict] = None
        # Derived from the zones, for compiled rules: zone-table index → the shared
        # instance (None for per-player zones), → every instance; the zones in play.
        self.zone_order: list = []
        self.zl: list = []
        self.zn: list = []
        self.inplay: list = []

    # --- construction --------------------------------------------------------------
    def add_player(self, name: str, side: Optional[str] = None) -> Player:
        p = Player(len(self.players), name, side)
        self.players.append(p)
        return p

    def add_zone(self, name, owner=None, visibility="public", ordered=False, in_play=False,
                 capacity=None, side=None) -> ZoneInst:
        key = name if owner is None and side is None else f"{name}:{owner.index if owner else side}"
        z = ZoneInst(key, name, owner, visibility, ordered, in_play, capacity, side)
        self.zones[key] = z
        return z

    def index_zones(self, zone_order: list) -> None:
        """Build the zone tables compiled rules read, given the program's zone names in
        table order (per-side zones: a player's is the one of its side)."""
        self.zone_order = list(zone_order)
        by_name: dict = {}
        for z in self.zones.values():
            by_name.setdefault(z.name, []).append(z)
        self.zn = [by_name.get(name, []) for name in zone_order]
        self.zl = [self.zones.get(name) for name in zone_order]
        self.inplay = [z for z in self.zones.values() if z.in_play]
        for p in self.players:
            p.z = [self.zones.get(name) or self.zones.get(f"{name}:{p.index}")
                   or self.zones.get(f"{name}:{p.side}") for name in zone_order]

    def new_card(self, name: str, owner: Optional[Player], token: bool = False,
                 d: int = -1) -> CardInst:
        c = CardInst(self.next_id, name, owner, token, d)
        self.cards[c.id] = c
        self.next_id += 1
        return c

    def place(self, card: CardInst, zone: ZoneInst, index: Optional[int] = None) -> None:
        """Put a card (not in any zone) into a zone; the end of the list is the top."""
        if index is None:
            zone.cards.append(card)
        else:
            zone.cards.insert(index, card)
        card.zone = zone

    # --- copies ---------------------------------------------------------------------
    def copy(self) -> "GameState":
        """An independent copy: new players, zones and cards, every reference between
        them (and in variables, marks and temporary effects) pointing into the copy."""
        s = GameState.__new__(GameState)
        s.seed, s.rng, s.next_id, s.turn = self.seed, self.rng.copy(), self.next_id, self.turn
        s.phase, s.result = self.phase, self.result
        s.order = None if self.order is None else copy_order(self.order)
        players = s.players = []
        new_player = Player.__new__
        for p in self.players:
            q = new_player(Player)
            q.index, q.name, q.side, q.alive, q.turns = p.index, p.name, p.side, p.alive, p.turns
            q.res, q.marks = p.res.copy(), p.marks   # marks: never changed in place
            q.sizes = p.sizes.copy() if p.sizes else {}
            players.append(q)
        who = dict(zip(self.players, players))   # a player of this state → its copy
        who[None] = None
        cards = s.cards = {}
        zones = s.zones = {}
        attached = []                  # copies of cards attached to a host (of this state)
        new_card, new_zone = CardInst.__new__, ZoneInst.__new__
        for key, z in self.zones.items():
            y = new_zone(ZoneInst)
            y.key, y.name, y.side, y.visibility, y.public = key, z.name, z.side, z.visibility, \
                z.public
            y.ordered, y.in_play, y.capacity, y.unowned = z.ordered, z.in_play, z.capacity, \
                z.unowned
            y.owner = who[z.owner]
            inside = y.cards = []
            add = inside.append
            for c in z.cards:
                n = new_card(CardInst)
                n.id = i = c.id
                n.name = c.name
                n.d = c.d
                n.face_up = c.face_up
                n.token = c.token
                n.orient = c.orient
                n.owner = who[c.owner]
                n.controller = who[c.controller]
                n.counters = c.counters    # never changed in place: shared
                n.marks = c.marks
                n.attached_to = host = c.attached_to
                if host is not None:
                    attached.append(n)
                n.zone = y
                cards[i] = n
                add(n)
            zones[key] = y
        if len(cards) != len(self.cards):
            for cid, c in self.cards.items():   # a card between zones (being created)
                if cid not in cards:
                    n = cards[cid] = c.detached_copy()
                    n.owner = who[c.owner]
                    n.controller = who[c.controller]
            if len(cards) != len(self.cards):    # keep the table's order of ids
                s.cards = cards = {cid: cards[cid] for cid in self.cards}
        ghosts: dict = {}               # cards gone from the game that a value still names
        plain = (int, str, bool, type(None))

        def value(v):
            t = type(v)
            if t in plain:
                return v
            if t is CardInst:
                n = cards.get(v.id)
                if n is None or self.cards.get(v.id) is not v:
                    n = ghosts.get(id(v))
                    if n is None:
                        n = ghosts[id(v)] = v.detached_copy()
                return n
            if t is Player:
                return players[v.index]
            if t is ZoneInst:
                return zones[v.key]
            if t is list:
                return [value(x) for x in v]
            if t is dict:
                return {value(k): value(x) for k, x in v.items()}
            if t is tuple:
                return tuple(value(x) for x in v)
            return v

        for n in attached:
            n.attached_to = value(n.attached_to)
        def values_of(d: dict) -> dict:
            out = d.copy()
            for k, v in d.items():
                if type(v) not in plain:
                    out[k] = value(v)
            return out

        for q, p in zip(players, self.players):
            q.vars = values_of(p.vars)
        s.globals = values_of(self.globals)
        s.held, s.sizes = self.held, self.sizes.copy() if self.sizes else {}
        s.active = None if self.active is None else players[self.active.index]
        s.used = self.used.copy()
        s.once = self.once.copy()
        s.passed = self.passed.copy() if self.passed else {}
        s.temp = [{k: value(v) for k, v in t.items()} for t in self.temp]
        s.zone_order = self.zone_order
        s.zl = [None if z is None else zones[z.key] for z in self.zl]
        s.zn = [[zones[z.key] for z in zs] for zs in self.zn]
        s.inplay = [zones[z.key] for z in self.inplay]
        for q, p in zip(players, self.players):
            q.z = [None if z is None else zones[z.key] for z in p.z]
        return s

    # --- serialisation ------------------------------------------------------------
    def to_json(self) -> dict:
        enc = encode_value
        return {
            "seed": self.seed, "rng": self.rng.get_state(), "next_id": self.next_id,
            "turn": self.turn, "phase": self.phase,
            "active": self.active.index if self.active else None,
            "players": [{"name": p.name, "side": p.side, "alive": p.alive, "turns": p.turns,
                         "res": dict(sorted(p.res.items())),
                         "vars": {k: enc(v) for k, v in sorted(p.vars.items())},
                         "marks": {k: enc(v) for k, v in sorted(p.marks.items())}}
                        for p in self.players],
            "zones": {k: {"name": z.name, "owner": z.owner.index if z.owner else None,
                          "side": z.side, "visibility": z.visibility, "ordered": z.ordered,
                          "in_play": z.in_play, "capacity": z.capacity,
                          **({"unowned": True} if z.unowned else {}),
                          "cards": [c.id for c in z.cards]}
                      for k, z in self.zones.items()},
            "cards": {str(c.id): {"name": c.name,
                                  "owner": c.owner.index if c.owner else None,
                                  "controller": c.controller.index if c.controller else None,
                                  "face_up": c.face_up, "token": c.token, "turned": c.turned,
                                  **({"orient": c.orient} if c.orient else {}),
                                  "counters": dict(sorted(c.counters.items())),
                                  "attached_to": c.attached_to.id if c.attached_to else None,
                                  "marks": {k: enc(v) for k, v in sorted(c.marks.items())}}
                      for c in sorted(self.cards.values(), key=lambda c: c.id)},
            "globals": {k: enc(v) for k, v in sorted(self.globals.items())},
            "used": [[p, limit, n] for (p, limit), n in sorted(self.used.items())],
            "once": sorted(json.dumps(encode_value(k)) for k in self.once),
            "temp": [{k: enc(v) for k, v in t.items()} for t in self.temp],
            "result": self.result,
            **({} if self.order is None else {"order": copy_order(self.order)}),
            **({} if not self.passed else
               {"passed": [[p, encode_value(k)] for p, k in sorted(self.passed.items())]}),
        }

    @classmethod
    def from_json(cls, data: dict) -> "GameState":
        s = cls(data["seed"])
        s.rng.set_state(data["rng"])
        s.next_id = data["next_id"]
        s.turn = data["turn"]
        s.phase = data["phase"]
        for pd in data["players"]:
            p = s.add_player(pd["name"], pd["side"])
            p.alive, p.turns = pd["alive"], pd["turns"]
            p.res = dict(pd["res"])
        s.active = s.players[data["active"]] if data["active"] is not None else None
        for cid, cd in data["cards"].items():
            c = CardInst(int(cid), cd["name"], None, cd["token"])
            s.cards[c.id] = c
        for c_id, cd in data["cards"].items():
            c = s.cards[int(c_id)]
            c.owner = s.players[cd["owner"]] if cd["owner"] is not None else None
            c.controller = s.players[cd["controller"]] if cd["controller"] is not None else None
            c.face_up, c.orient = cd["face_up"], cd.get("orient", UPRIGHT)
            c.counters = dict(cd["counters"])
            c.attached_to = s.cards[cd["attached_to"]] if cd["attached_to"] is not None else None
        for key, zd in data["zones"].items():
            owner = s.players[zd["owner"]] if zd["owner"] is not None else None
            z = ZoneInst(key, zd["name"], owner, zd["visibility"], zd["ordered"], zd["in_play"],
                         zd["capacity"], zd["side"])
            z.unowned = zd.get("unowned", False)
            s.zones[key] = z
            for cid in zd["cards"]:
                s.place(s.cards[cid], z)
        dec = lambda v: decode_value(v, s)
        for p, pd in zip(s.players, data["players"]):
            p.vars = {k: dec(v) for k, v in pd["vars"].items()}
            p.marks = {k: dec(v) for k, v in pd["marks"].items()}
        for cid, cd in data["cards"].items():
            s.cards[int(cid)].marks = {k: dec(v) for k, v in cd["marks"].items()}
        s.globals = {k: dec(v) for k, v in data["globals"].items()}
        s.used = {(p, limit): n for p, limit, n in data["used"]}
        s.once = {_freeze(dec(json.loads(k))) for k in data["once"]}
        s.temp = [{k: dec(v) for k, v in t.items()} for t in data["temp"]]
        s.result = data["result"]
        s.order = copy_order(data["order"]) if data.get("order") is not None else None
        s.passed = {p: _freeze(k) for p, k in data.get("passed", ())}
        from .values import count_held     # (values.py reads this module's classes)
        count_held(s)
        return s

    def state_hash(self) -> str:
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def new_order(n: int) -> dict:
    """The turn order's data: whether it runs backwards, the extra turns to come (seat
    indexes, first first), the turns each seat will skip, the seat whose regular turn the
    extra turns follow, and for `turn order by side` each side's last player."""
    return {"reversed": False, "extra": [], "skip": [0] * n, "resume": None, "last": {}}


def copy_order(o: dict) -> dict:
    return {"reversed": o["reversed"], "extra": list(o["extra"]), "skip": list(o["skip"]),
            "resume": o["resume"], "last": dict(o["last"])}


def _freeze(v):
    return tuple(_freeze(x) for x in v) if isinstance(v, list) else v


def encode_value(v):
    """Values a deck can hold (numbers, text, players, cards, zones, lists) as JSON."""
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, Player):
        return {"player": v.index}
    if isinstance(v, CardInst):
        return {"card": v.id}
    if isinstance(v, ZoneInst):
        return {"zone": v.key}
    if isinstance(v, (list, tuple)):
        return [encode_value(x) for x in v]
    if isinstance(v, dict):
        return {"map": [[encode_value(k), encode_value(x)] for k, x in v.items()]}
    raise TypeError(f"cannot store {type(v).__name__} in the game state")


def decode_value(v, state: GameState):
    if isinstance(v, list):
        return [decode_value(x, state) for x in v]
    if isinstance(v, dict):
        if "player" in v:
            return state.players[v["player"]]
        if "card" in v:
            return state.cards.get(v["card"])
        if "zone" in v:
            return state.zones[v["zone"]]
        if "map" in v:
            return {_freeze(decode_value(k, state)): decode_value(x, state) for k, x in v["map"]}
    return v
