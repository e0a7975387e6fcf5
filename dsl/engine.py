"""The engine: runs a compiled program against the shared game state.

The engine knows no game. It implements the language's primitives (moving cards,
counters, resources, marks, choices...), dispatches events to triggers, reactions and
static effects, and runs the deck's own `setup` and `turn`/`round` blocks. Every choice
goes to an agent through :meth:`Game.choose`; the engine never reads input or prints.

>>> from dsl.loader import load_program
>>> from dsl.agents import RandomAgent
>>> program = load_program("example")
>>> game = Game(program, seed=3, agents=[RandomAgent(1), RandomAgent(2)])
>>> result = game.run()
>>> result["reason"] != "" and game.state.result is result
True
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from .compiler import _iterate
from .errors import EngineError
from .program import CompiledAction, Program
from .runtime import Ctx, Decision, Event, GameOver, LogEntry
from .state import CardInst, GameState, Player, ZoneInst

DEFAULT_BUDGET = 200_000         # evaluation steps per action (between two decisions)
MAX_TRIGGER_DEPTH = 40           # nested events (a trigger's effect causing another...)
MAX_TOKENS = 1_000               # tokens alive at once
MAX_INT = 10 ** 9                # numbers beyond this are a runaway, not a game
MAX_OFFER_MOVES = 500            # moves one player may make in one `offer` loop
DEFAULT_MAX_TURNS = 1_000        # a safety net; a game that hits it is not finished by a rule
                                 # (long random-bot games of a bundled deck reach 550 turns)


class Game:
    """One game: the program, the state, the agents and the event machinery."""

    def __init__(self, program: Program, seed: int = 0, agents: Optional[list] = None,
                 players: Optional[int] = None, options: Optional[dict] = None,
                 log: bool = True, budget: int = DEFAULT_BUDGET,
                 max_turns: int = DEFAULT_MAX_TURNS, observer: Optional[Callable] = None,
                 arrange: Optional[Callable] = None):
        self.program = program
        self.defs = program.cards
        self.options = dict(program.options)
        for key, value in (options or {}).items():
            if key not in self.options:
                raise EngineError(f"unknown option `{key}`; the deck has: "
                                  f"{', '.join(sorted(self.options)) or 'none'}")
            self.options[key] = value
        n = players if players is not None else max(program.min_players, len(agents or []) or 2)
        if not program.min_players <= n <= program.max_players:
            raise EngineError(f"{program.name} is for {program.min_players} to "
                              f"{program.max_players} players, not {n}")
        self.agents = list(agents or [])
        self.state = GameState(seed)
        self.logging = log
        self.log: list[LogEntry] = []
        self.budget = budget
        self.steps = 0
        self.depth = 0
        self.chain: list[str] = []
        self.max_turns = max_turns
        self.observer = observer          # called after every decision (tests: invariants)
        self.arrange = arrange            # replaces the deck's setup (scenario tests)
        self.decisions: list = []         # every choice taken, in order (the replay log)
        self.defer_checks = 0
        self.in_whenever = False
        self._in_play_cache = None
        # Whether any mark or temporary effect may have an expiry: lets `expire` skip its
        # scan of every card on the many turns when nothing is timed.
        self._timed = True
        self._build(n)

    # --- construction --------------------------------------------------------------
    def _build(self, n: int):
        s, p = self.state, self.program
        sides = []
        for name, lo, hi in p.sides:
            sides.extend([name] * lo)
        for i in range(n):
            side = sides[i] if i < len(sides) else (p.sides[-1][0] if p.sides else None)
            s.add_player(f"P{i + 1}", side)
        cx = Ctx(self, s.players[0])
        for zdef in p.zones.values():
            cap = None
            if zdef.scope == "shared":
                s.add_zone(zdef.name, None, zdef.visibility, zdef.ordered, zdef.in_play,
                           zdef.capacity(cx) if zdef.capacity else None)
            elif zdef.scope == "player":
                for pl in s.players:
                    cap = zdef.capacity(Ctx(self, pl)) if zdef.capacity else None
                    s.add_zone(zdef.name, pl, zdef.visibility, zdef.ordered, zdef.in_play, cap)
            else:
                for side in dict.fromkeys(pl.side for pl in s.players):
                    s.add_zone(zdef.name, None, zdef.visibility, zdef.ordered, zdef.in_play,
                               zdef.capacity(cx) if zdef.capacity else None, side=side)
        for r in p.resources.values():
            if r.shared:
                s.globals[r.name] = r.start(cx) if r.start else 0
            else:
                for pl in s.players:
                    pl.res[r.name] = r.start(Ctx(self, pl)) if r.start else 0
        for name, (per_player, init) in p.vars.items():
            if per_player:
                for pl in s.players:
                    pl.vars[name] = init(Ctx(self, pl)) if init else None
            else:
                s.globals[name] = init(cx) if init else None
        self._zone_lists = {}
        for z in s.zones.values():
            self._zone_lists.setdefault(z.name, []).append(z)
        self._in_play = [z for z in s.zones.values() if z.in_play]
        self._listeners = self._index_listeners()
        self._listeners_of: dict = {}     # (event, kind) → the listeners of that kind, in order
        for ev_name, ls in self._listeners.items():
            for entry in ls:
                self._listeners_of.setdefault((ev_name, entry[1].kind), []).append(entry)
        # Events some card's `when` trigger hears: only these need to look back.
        self._card_whens = {name for (name, kind), ls in self._listeners_of.items()
                            if kind == "when" and any(card for card, _ in ls)}
        # Cards with `static copy text of ...`: they also carry the copied card's text.
        self._copiers = {d.name for d in self.defs.values()
                         if any(st.kind == "copy" for st in d.statics)}
        self._moved = 0                   # bumped by every card move: keys _copied_text's cache
        self._by_name: dict = {}          # in-play cards by name, for trigger dispatch
        self._zone_of: dict = {}          # (zone name, seat) → that player's zone
        self._by_name_key = -1
        self._static_kinds = {st.kind for st in self.program.all_statics}
        self._static_events: dict = {}        # kind → events some static of that kind names
        for st in self.program.all_statics:
            if st.event:
                self._static_events.setdefault(st.kind, set()).add(st.event)
        self._substitutes = {st.limit for st in self.program.all_statics if st.kind == "substitute"}
        self._guarded = set().union(*(self._static_events.get(k, ()) for k in
                                      ("forbid", "prevent", "instead")))
        self._copy_cache = (None, [])
        self._able = {d.name for d in self.defs.values() if d.abilities} | self._copiers
        self._copyable = {(t.event, t.kind) for d in self.defs.values() for t in d.triggers
                          if t.from_zone is None}     # triggers a copier could carry
        self._ability_zones = sorted({ab.from_zone for d in self.defs.values()
                                      for ab in d.abilities if ab.from_zone})
        self._static_carriers: dict = {}      # kind → names of cards with such statics
        for d in self.defs.values():
            for st in d.statics:
                self._static_carriers.setdefault(st.kind, set()).add(d.name)

    def _index_listeners(self) -> dict:
        """event → [(card name or None, trigger)] so dispatch looks at few candidates."""
        out: dict = {}
        for t in self.program.triggers:
            out.setdefault(t.event, []).append((None, t))
        for d in self.defs.values():
            for t in d.triggers:
                out.setdefault(t.event, []).append((d.name, t))
        return out

    # --- running -------------------------------------------------------------------
    def run(self) -> dict:
        """Play the whole game; return (and store in the state) its result."""
        s, p = self.state, self.program
        try:
            try:
                if self.arrange is not None:
                    self.arrange(self)
                elif p.setup:
                    p.setup(Ctx(self, s.players[0]))
                self.emit_simple("game_start", {}, s.players[0])
                self.check_whenevers()
                if p.round is not None:
                    while True:
                        self.run_round()
                else:
                    first = s.globals.get("first_player")
                    current = first if isinstance(first, Player) else s.players[0]
                    while True:
                        self.run_turn(current)
                        current = self.next_player(current)
            except RecursionError:
                raise EngineError("effects nested too deeply (an effect keeps calling itself)",
                                  tuple(self.chain)) from None
        except GameOver as over:
            s.result = {"winners": [w.name for w in over.winners], "draw": over.draw,
                        "reason": over.reason, "turns": s.turn}
            self.write(f"game over: {self.describe_result()}")
        return s.result

    def describe_result(self) -> str:
        r = self.state.result
        if r is None:
            return "in progress"
        if r["draw"] or not r["winners"]:
            return f"draw ({r['reason']})"
        return f"{' and '.join(r['winners'])} win{'s' if len(r['winners']) == 1 else ''} ({r['reason']})"

    def _start_turn_bookkeeping(self):
        s = self.state
        s.turn += 1
        s.used.clear()
        s.once.clear()
        if s.turn > self.max_turns:
            s.turn = self.max_turns
            raise GameOver([], True, "turn limit")

    def run_turn(self, player: Player):
        s = self.state
        self._start_turn_bookkeeping()
        s.active = player
        player.turns += 1
        s.phase = None
        self.write(f"— turn {s.turn}: {player.name} —")
        cx = Ctx(self, player)
        self.emit_simple("turn_start", {"player": player}, player)
        self.program.turn(cx)
        s.phase = None
        self.emit_simple("turn_end", {"player": player}, player)
        self.expire(player)
        self.check_whenevers()

    def run_round(self):
        s = self.state
        self._start_turn_bookkeeping()
        for pl in s.players:
            if pl.alive:
                pl.turns += 1
        s.active = next((pl for pl in s.players if pl.alive), s.players[0])
        self.write(f"— round {s.turn} —")
        cx = Ctx(self, s.active)
        self.emit_simple("round_start", {}, s.active)
        self.program.round(cx)
        s.phase = None
        self.emit_simple("round_end", {}, s.active)
        for pl in s.players:
            self.expire(pl)
        self.check_whenevers()

    def next_player(self, player: Player) -> Player:
        players = self.state.players
        for k in range(1, len(players) + 1):
            cand = players[(player.index + k) % len(players)]
            if cand.alive:
                return cand
        return player

    def phase(self, name: str, body: Callable, cx: Ctx):
        s = self.state
        s.phase = name
        self.emit_simple("phase_start", {"phase": name}, cx.you)
        body(cx)
        self.emit_simple("phase_end", {"phase": name}, cx.you)
        self.check_whenevers()

    # --- limits and budgets ----------------------------------------------------------
    def begin_action(self):
        """A new action starts (a decision was just taken): reset the step budget."""
        self.steps = 0

    def budget_exceeded(self, pos):
        raise EngineError(f"step budget of {self.budget} exceeded at {pos} "
                          f"(an effect or trigger loops without end)", tuple(self.chain))

    def check_int(self, v: int) -> int:
        if v > MAX_INT or v < -MAX_INT:
            raise EngineError(f"number {v} is beyond the limit of ±{MAX_INT}", tuple(self.chain))
        return v

    def divide(self, a, b, modulo: bool):
        if b == 0:
            raise EngineError("division by zero", tuple(self.chain))
        return a % b if modulo else a // b

    def number_range(self, lo, hi) -> list:
        """`range(lo, hi)`: lo..hi inclusive, bounded like every other number."""
        lo, hi = int(lo or 0), int(hi or 0)
        if hi - lo > MAX_TOKENS:
            raise EngineError(f"range({lo}, {hi}) has more than {MAX_TOKENS} numbers",
                              tuple(self.chain))
        return list(range(lo, hi + 1))

    # --- the log ---------------------------------------------------------------------
    def write(self, text: str, pos=None, source=None, secret_for=None, extra=None):
        if self.logging:
            # Provenance for tools (the REPL's `why N`): what was running, in which phase.
            extra = dict(extra) if extra else {}
            if self.chain:
                extra["chain"] = tuple(self.chain)
            if self.state.phase is not None:
                extra["phase"] = self.state.phase
            self.log.append(LogEntry(self.state.turn, text, pos, source, secret_for, extra))

    def say(self, text: str, cx: Ctx, pos):
        self.write(f"{cx.you.name}: {text}", pos, cx.this.name if cx.this else None)

    # --- lookups --------------------------------------------------------------------
    def in_play_zones(self) -> list:
        return self._in_play

    def zones_named(self, name: str) -> list:
        return self._zone_lists.get(name, [])

    def zone_of(self, name: str, player: Optional[Player]) -> Optional[ZoneInst]:
        if player is None:
            return None
        key = (name, player.index)
        zone = self._zone_of.get(key)
        if zone is None:                 # zones never change once the game is built
            zdef = self.program.zones[name]
            suffix = player.side if zdef.scope == "side" else player.index
            zone = self._zone_of[key] = self.state.zones.get(f"{name}:{suffix}")
        return zone

    def param(self, name: str, player: Optional[Player]) -> int:
        base = self.program.params[name](Ctx(self, player)) if player is not None else 0
        for st, src, you in self.active_statics("modify"):
            if st.param != name:
                continue
            cx = Ctx(self, you, src)
            targets = st.target(cx) if st.target else you
            if targets is player or (isinstance(targets, list) and player in targets):
                base += st.amount(cx)
        return base

    def prop(self, card: Optional[CardInst], name: str, default):
        if card is None:
            return None
        return self.defs[card.name].props.get(name, default)

    def is_type(self, card, word) -> bool:
        return card is not None and word in self.defs[card.name].words

    def card_attr(self, c: Optional[CardInst], name: str):
        if c is None:
            return None
        if name == "host":
            return c.attached_to
        if name == "in_play":
            return c.zone is not None and c.zone.in_play
        if name == "attachments":
            return [x for z in self._in_play for x in z.cards if x.attached_to is c]
        return getattr(c, name)

    def player_attr(self, p: Optional[Player], name: str):
        if p is None:
            return None
        return p.index if name == "seat" else getattr(p, name)

    def zone_attr(self, z: Optional[ZoneInst], name: str):
        if z is None:
            return None
        if name == "size":
            return len(z.cards)
        if name == "cards":
            return list(z.cards)
        if name in ("top", "bottom"):
            return self.top_card(z, name == "bottom")
        return getattr(z, name)

    def attr(self, v, name: str):
        """`x.name` when the kind of x is only known at run time."""
        if isinstance(v, CardInst):
            if name in self.program.properties:
                return self.prop(v, name, self.program.properties[name])
            return self.card_attr(v, name)
        if isinstance(v, Player):
            if name in self.program.resources:
                return v.res.get(name, 0)
            if name in self.program.params:
                return self.param(name, v)
            if name in v.vars:
                return v.vars[name]
            if name in self.program.zones:
                return self.zone_of(name, v)
            return self.player_attr(v, name)
        if isinstance(v, ZoneInst):
            return self.zone_attr(v, name)
        if isinstance(v, Event):
            return v.get(name)
        return None

    def has_mark(self, obj, mark: str) -> bool:
        return obj is not None and mark in obj.marks

    def top_card(self, z: Optional[ZoneInst], bottom=False):
        if z is None or not z.cards:
            return None
        return z.cards[0] if bottom else z.cards[-1]

    def top_cards(self, z: Optional[ZoneInst], k: int, bottom=False) -> list:
        if z is None or k <= 0:
            return []
        return list(z.cards[:k]) if bottom else list(reversed(z.cards[-k:]))

    def random_of(self, coll):
        items = _iterate(coll)
        return self.state.rng.choice(items) if items else None

    def shuffled(self, coll):
        items = list(_iterate(coll))
        self.state.rng.shuffle(items)
        return items

    # --- statics ----------------------------------------------------------------------
    def active_statics(self, kind: str):
        """(static, card or None, its `you`) for statics of this kind now in force."""
        if kind not in self._static_kinds:
            return                        # no card or rule of the game has one
        for st in self.program.statics:
            if st.kind == kind:
                yield st, None, self.state.active
        carriers = self._static_carriers.get(kind)
        if carriers:
            for z in self._in_play:
                for c in z.cards:
                    if c.name in carriers:
                        for st in self.defs[c.name].statics:
                            if st.kind == kind:
                                yield st, c, c.controller
        if self._copiers and kind != "copy":
            for c, d in self._copied_text():
                for st in d.statics:
                    if st.kind == kind:
                        yield st, c, c.controller
        if self.state.temp:
            statics = self.program.all_statics
            for t in self.state.temp:
                st = statics[t["static"]]
                if st.kind == kind:
                    yield st, t["this"], t["you"]

    def add_temp_static(self, index: int, duration, cx: Ctx):
        expiry = self._expiry(duration, cx.you)
        self._timed = self._timed or expiry is not None
        self.state.temp.append({"static": index, "this": cx.this, "you": cx.you,
                                "expiry": expiry})

    def _expiry(self, duration, you: Player):
        if duration is None:
            return None
        kind, turns = duration
        s = self.state
        if kind == "this_turn":
            return ["turn", s.turn]
        if kind == "turns":
            return ["turn", s.turn + max(turns, 1) - 1]
        return ["player", you.index, you.turns + 1]       # until the end of your next turn

    def expire(self, player: Player):
        """End of `player`'s turn: marks and temporary effects whose time is up go."""
        if not self._timed:
            return
        s = self.state

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
        self._timed = timed or any(t["expiry"] is not None for t in s.temp)

    # --- events ------------------------------------------------------------------------
    def emit_simple(self, name: str, data: dict, actor):
        """An event that nothing can negate: turn and phase boundaries, game start."""
        if name in self.program.listened:
            ev = Event(name, data, actor)
            self.dispatch(ev, "when")

    def emit(self, name: str, data: dict, actor, perform: Callable) -> bool:
        """Declare an event, let reactions answer it, perform it unless negated, then run
        triggers. Returns whether it happened."""
        if name not in self.program.listened:
            perform()
            return True
        return self.emit_event(Event(name, data, actor), perform)

    def _prevented(self, ev: Event) -> bool:
        if ev.name not in self._guarded:
            return False                  # no forbid, prevent or instead names this event
        if self.forbidden(ev.name, ev.data, ev.actor):
            return True
        for kind in ("prevent", "instead"):
            if ev.name not in self._static_events.get(kind, ()):
                continue
            for st, src, you in self.active_statics(kind):
                if st.event != ev.name:
                    continue
                cx = Ctx(self, you, src, ev)
                if st.where is None or st.where(cx):
                    if st.body is not None:
                        self.chain.append(src.name if src else "rule")
                        try:
                            st.body(cx)
                        finally:
                            self.chain.pop()
                    return True
        return False

    def forbidden(self, name: str, data: dict, you) -> bool:
        if name not in self._static_events.get("forbid", ()):
            return False
        for st, src, owner in self.active_statics("forbid"):
            if st.event == name:
                cx = Ctx(self, owner, src, Event(name, data, you))
                if st.where is None or st.where(cx):
                    return True
        return False

    def dispatch(self, ev: Event, kind: str):
        listeners = self._listeners_of.get((ev.name, kind))
        if not listeners:
            return                        # nothing (not even copied text) answers it
        s = self.state
        for card_name, t in listeners:
            if card_name is None:
                you = ev.actor if ev.actor is not None else s.active
                self._fire(t, None, you, ev)
                continue
            if t.from_zone is None and self._by_name_key == self._moved:
                cards = self._by_name.get(card_name, ())     # _instances, the common case
            else:
                cards = self._instances(card_name, t.from_zone)
            if ev.in_play_before and kind == "when" and t.from_zone is None:
                # Triggers look back: a card the event took out of play still hears it.
                gone = [c for c in dict.fromkeys(ev.in_play_before) if c.name == card_name
                        and not (c.zone is not None and c.zone.in_play)]
                if gone:
                    cards = list(cards) + gone
            for c in cards:
                self._fire(t, c, c.controller or c.owner or s.active, ev)
            if ev.negated:
                return
        if self._copiers and (ev.name, kind) in self._copyable:
            for c, d in self._copied_text():
                for t in d.triggers:
                    if t.event == ev.name and t.kind == kind and t.from_zone is None:
                        self._fire(t, c, c.controller or c.owner or s.active, ev)
                        if ev.negated:
                            return

    def _copied_text(self) -> list:
        """(card in play, definition whose text it has) for every `static copy text of X`
        in force. The copied text runs with `this` as the copying card, so text that names
        its own card means the copy. One level: copied `copy` statics are not followed.
        Cached until a card moves, changes or a decision is taken."""
        key = (self._moved, len(self.decisions))
        if self._copy_cache[0] == key:
            return self._copy_cache[1]
        out = []
        for z in self._in_play:
            for c in z.cards:
                if c.name not in self._copiers:
                    continue
                for st in self.defs[c.name].statics:
                    if st.kind != "copy":
                        continue
                    src = st.source(Ctx(self, c.controller or c.owner or self.state.active, c))
                    if isinstance(src, CardInst) and src is not c and src.name in self.defs:
                        out.append((c, self.defs[src.name]))
        self._copy_cache = (key, out)
        return out

    def _instances(self, card_name: str, from_zone: Optional[str]) -> list:
        if from_zone is None:
            if self._by_name_key != self._moved:     # rebuilt only after cards moved
                by_name: dict = {}
                for z in self._in_play:
                    for c in z.cards:
                        by_name.setdefault(c.name, []).append(c)
                self._by_name, self._by_name_key = by_name, self._moved
            return self._by_name.get(card_name, ())   # rebuilt, never changed in place
        return [c for z in self._zone_lists.get(from_zone, ()) for c in z.cards
                if c.name == card_name]

    def _fire(self, t, card, you, ev):
        key = ("trigger", t.index, card.id if card else None)
        if t.once_per_turn and key in self.state.once:
            return
        cx = Ctx(self, you, card, ev)
        if t.where is not None and not t.where(cx):
            return
        if t.once_per_turn:
            self.state.once.add(key)
        self.steps += 1                   # triggers can set each other off: each is a step
        if self.steps > self.budget:
            self.budget_exceeded(t.pos)
        self.chain.append(card.name if card else f"rule at {t.pos}")
        try:
            t.body(cx)
        finally:
            self.chain.pop()

    def check_whenevers(self):
        if self.defer_checks or self.in_whenever or not self.program.whenevers:
            return
        self.in_whenever = True
        try:
            for _ in range(50):
                fired = False
                cx = None
                for cond, body, pos in self.program.whenevers:
                    if cx is None:                # conditions leave it as they found it
                        cx = Ctx(self, self.state.active or self.state.players[0])
                    if cond(cx):
                        fired = True
                        self.chain.append(f"whenever at {pos}")
                        try:
                            body(cx)
                        finally:
                            self.chain.pop()
                        cx = None
                if not fired:
                    return
            raise EngineError("a `whenever` rule keeps firing: its effect never makes its "
                              "condition false", tuple(self.chain))
        finally:
            self.in_whenever = False

    def simultaneously(self, body: Callable, cx: Ctx):
        self.defer_checks += 1
        try:
            body(cx)
        finally:
            self.defer_checks -= 1
        self.check_whenevers()

    # --- actions (deck-defined verbs) ----------------------------------------------------
    def call_action(self, action: CompiledAction, args: tuple, cx: Ctx, pos=None):
        self.steps += 1                   # calls can recurse: each one is a step
        if self.steps > self.budget:
            self.budget_exceeded(pos)
        name = action.name
        data = dict(zip(action.params, args))
        if name in self._static_events.get("forbid", ()) and self.forbidden(name, data, cx.you):
            return
        # The body sees its caller's `you`, `this` and `event` (a helper called from a
        # reaction may read or negate the reaction's event); the call's own event is for
        # the triggers and statics that name the action.
        if name in self.program.listened:
            inner = Ctx(self, cx.you, cx.this, cx.event, dict(data))
            self.emit_event(Event(name, data, cx.you), lambda: action.body(inner))
        else:
            action.body(Ctx(self, cx.you, cx.this, cx.event, data))   # nothing else sees data

    def emit_event(self, ev: Event, perform: Callable) -> bool:
        self.depth += 1
        try:
            if self.depth > MAX_TRIGGER_DEPTH:
                raise EngineError(f"more than {MAX_TRIGGER_DEPTH} events nested inside each "
                                  f"other (a trigger loop)", tuple(self.chain))
            if self._prevented(ev):
                return False
            self.dispatch(ev, "before")
            if ev.negated:
                self.write(f"{ev.name} negated", source=self.chain[-1] if self.chain else None)
                return False
            if ev.name in self._card_whens:
                ev.in_play_before = [v for v in ev.data.values() if type(v) is CardInst
                                     and v.zone is not None and v.zone.in_play]
            perform()
            self.dispatch(ev, "when")
            return True
        finally:
            self.depth -= 1

    # --- primitives: cards --------------------------------------------------------------
    def _cards(self, what) -> list:
        if what is None:
            return []
        if isinstance(what, CardInst):
            return [what]
        out = []
        for x in what:
            if isinstance(x, CardInst):
                out.append(x)
            elif isinstance(x, ZoneInst):
                out.extend(x.cards)
        return out

    def move(self, what, zone: Optional[ZoneInst], pos_kind: str, index, cx: Ctx):
        if zone is None:
            return
        for card in self._cards(what):
            if card.zone is None and card.id not in self.state.cards:
                continue                   # a token that has ceased to exist
            self._move_one(card, zone, pos_kind, index, cx)

    def _move_one(self, card: CardInst, zone: ZoneInst, pos_kind, index, cx: Ctx):
        src = card.zone
        if zone.capacity is not None and src is not zone and len(zone.cards) >= zone.capacity:
            self.write(f"{card.name} cannot go to {zone.key}: it is full")
            return
        leaving = src is not None and src.in_play and not zone.in_play
        entering = zone.in_play and (src is None or not src.in_play)

        def perform():
            if card.zone is not src:
                return                      # a reaction moved it elsewhere already
            self._relocate(card, zone, pos_kind, index)

        listened = self.program.listened
        if not (listened and ("move" in listened or (leaving and "leave" in listened)
                              or (entering and "enter" in listened))):
            perform()
            return
        data = {"card": card, "from": src, "to": zone}
        actor = cx.you

        def with_enter_leave():
            if leaving:
                if not self.emit("leave", data, actor, perform):
                    return
            elif entering:
                if not self.emit("enter", data, actor, perform):
                    return
            else:
                perform()

        self.emit("move", data, actor, with_enter_leave)

    def _relocate(self, card: CardInst, zone: ZoneInst, pos_kind, index):
        s = self.state
        self._moved += 1
        src = card.zone
        if src is not None:
            src.cards.remove(card)
            card.zone = None
        if card.token and not zone.in_play:
            del s.cards[card.id]            # tokens cease to exist outside play
            self.write(f"{card.name} (token) ceases to exist")
            return
        if pos_kind == "bottom":
            zone.cards.insert(0, card)
        elif pos_kind == "random":
            zone.cards.insert(s.rng.below(len(zone.cards) + 1), card)
        elif pos_kind == "index":
            i = max(0, min(len(zone.cards), len(zone.cards) - int(index or 0)))
            zone.cards.insert(i, card)       # `at N`: N cards from the top
        else:
            zone.cards.append(card)
        card.zone = zone
        if zone.owner is not None:
            if card.owner is None:
                card.owner = zone.owner       # an unowned card belongs to the first to hold it
            if zone.in_play:
                card.controller = zone.owner
            else:
                card.controller = card.owner
        elif not zone.in_play:
            card.controller = card.owner
        if src is not None and src.in_play and not zone.in_play:
            card.counters.clear()
            card.marks.clear()
            card.turned = False
        if not zone.in_play:
            card.attached_to = None
        card.face_up = zone.visibility == "public"
        if self.logging:
            self.write(f"{card.name}: {src.key if src else 'nowhere'} → {zone.key}",
                       extra={"card": card.id, "from": src.key if src else None,
                              "to": zone.key})

    def put(self, name: str, zone: ZoneInst, owner: Optional[Player] = None) -> CardInst:
        """Place a new card straight into a zone, with no events (arranging a scenario)."""
        d = self.defs[name]
        c = self.state.new_card(name, owner or zone.owner, d.token)
        self.state.place(c, zone)
        self._moved += 1
        c.controller = zone.owner if zone.in_play and zone.owner else c.owner
        c.face_up = zone.visibility == "public"
        return c

    def shuffle(self, zone: Optional[ZoneInst], cx: Ctx):
        if zone is not None:
            self.state.rng.shuffle(zone.cards)
            self.write(f"{zone.key} shuffled")
            self.emit_simple("shuffle", {"zone": zone}, cx.you)

    def reveal(self, what, cx: Ctx):
        cards = self._cards(what)
        if cards:
            self.write(f"{cx.you.name} reveals {', '.join(c.name for c in cards)}")

    def set_face(self, what, up: bool):
        for c in self._cards(what):
            c.face_up = up

    def attach(self, what, host: Optional[CardInst], cx: Ctx):
        if host is None or host.zone is None:
            return
        for c in self._cards(what):
            if c is host:
                continue
            if c.zone is not host.zone:
                self._move_one(c, host.zone, "top", None, cx)
            if c.zone is host.zone:
                c.attached_to = host
                self.write(f"{c.name} attached to {host.name}")
                self.emit_simple("attach", {"card": c, "host": host}, cx.you)

    def detach(self, what):
        for c in self._cards(what):
            c.attached_to = None

    def give_control(self, what, player: Optional[Player], cx: Ctx):
        if player is None:
            return
        for c in self._cards(what):
            if c.zone is None or not c.zone.in_play or c.controller is player:
                continue
            target = self.zone_of(c.zone.name, player) if c.zone.owner is not None else c.zone
            if target is not None and target is not c.zone:
                c.zone.cards.remove(c)     # stays in play: no leave/enter events
                target.cards.append(c)
                c.zone = target
            c.controller = player
            self._moved += 1
            self.write(f"{player.name} gains control of {c.name}")
            self.emit_simple("control", {"card": c, "player": player}, cx.you)

    def give(self, what, player: Optional[Player], cx: Ctx):
        for c in self._cards(what):
            c.owner = player
            if c.zone is None or not c.zone.in_play:
                c.controller = player

    def transform(self, what, into, cx: Ctx, pos=None):
        """The card becomes another definition where it stands: it neither leaves nor
        enters its zone and keeps owner, controller, counters and attachments."""
        if into is None:
            return
        if into not in self.defs:
            raise EngineError(f"cannot transform into `{into}` at {pos}: no card has that name",
                              tuple(self.chain))
        for c in self._cards(what):
            old = c.name
            if old == into:
                continue
            c.name = into
            self._moved += 1
            self.write(f"{old} becomes {into}")
            self.emit_simple("transform", {"card": c, "old": old, "new": into}, cx.you)

    def put_counters(self, what, counter: str, n: int, cx: Ctx):
        if n <= 0:
            return
        for c in self._cards(what):
            c.counters[counter] = self.check_int(c.counters.get(counter, 0) + n)
            self.emit_simple("counter_added", {"card": c, "counter": counter, "amount": n}, cx.you)

    def remove_counters(self, what, counter: str, n: Optional[int], cx: Ctx):
        for c in self._cards(what):
            have = c.counters.get(counter, 0)
            take = have if n is None else min(have, max(n, 0))
            if take:
                left = have - take
                if left:
                    c.counters[counter] = left
                else:
                    del c.counters[counter]
                self.emit_simple("counter_removed", {"card": c, "counter": counter, "amount": take}, cx.you)

    def create(self, name: str, n: int, zone: Optional[ZoneInst], cx: Ctx):
        d = self.defs[name]
        s = self.state
        for _ in range(max(n, 0)):
            if zone.capacity is not None and len(zone.cards) >= zone.capacity:
                self.write(f"no room in {zone.key} for {name}")
                return
            if d.token and sum(1 for c in s.cards.values() if c.token) >= MAX_TOKENS:
                raise EngineError(f"more than {MAX_TOKENS} tokens in play", tuple(self.chain))
            owner = zone.owner if zone is not None and zone.owner is not None else cx.you
            c = s.new_card(name, owner, d.token)
            self._move_one(c, zone, "top", None, cx)
            if c.zone is None:
                s.cards.pop(c.id, None)          # its entering was prevented
                continue
            self.emit_simple("create", {"card": c}, cx.you)

    def create_library(self, zone: ZoneInst, cond, cx: Ctx):
        s = self.state
        for d in self.program.library():
            for _ in range(d.copies):
                c = s.new_card(d.name, zone.owner)
                if cond is not None:
                    saved = cx.it
                    cx.it = c
                    keep = cond(cx)
                    cx.it = saved
                    if not keep:
                        del s.cards[c.id]
                        continue
                if zone.capacity is not None and len(zone.cards) >= zone.capacity:
                    del s.cards[c.id]
                    self.write(f"no room in {zone.key} for the rest of the library")
                    return
                s.place(c, zone)
                self._moved += 1
                c.face_up = zone.visibility == "public"

    def resolve(self, card: Optional[CardInst], cx: Ctx):
        if card is None:
            return
        d = self.defs[card.name]
        if d.effect is None:
            return
        inner = Ctx(self, cx.you, card, cx.event)

        def perform():
            self.chain.append(card.name)
            try:
                d.effect(inner)
            finally:
                self.chain.pop()
        if "resolve" in self.program.listened:
            ev = Event("resolve", {"card": card}, cx.you)
            inner.event = ev
            self.emit_event(ev, perform)
        else:
            perform()

    # --- primitives: players and resources ----------------------------------------------
    def _clamp(self, player: Player, name: str, value: int) -> int:
        r = self.program.resources[name]
        cx = Ctx(self, player)
        if r.min is not None:
            value = max(value, r.min(cx))
        if r.max is not None:
            value = min(value, r.max(cx))
        return self.check_int(value)

    def gain(self, player: Player, name: str, n: int, cx: Ctx):
        if n <= 0 or player is None:
            return
        if self.program.resources[name].shared:
            self.set_shared(name, self.state.globals.get(name, 0) + n)
            return

        def perform():
            player.res[name] = self._clamp(player, name, player.res.get(name, 0) + n)
            self.write(f"{player.name} gains {n} {name} ({player.res[name]})")
        self.emit("gain", {"player": player, "resource": name, "amount": n}, player, perform)

    def lose(self, player: Player, name: str, n: Optional[int], cx: Ctx):
        if player is None:
            return
        if self.program.resources[name].shared:
            have = self.state.globals.get(name, 0)
            self.set_shared(name, 0 if n is None else have - n)
            return
        have = player.res.get(name, 0)
        amount = have if n is None else n
        if amount <= 0:
            return

        def perform():
            player.res[name] = self._clamp(player, name, player.res.get(name, 0) - amount)
            self.write(f"{player.name} loses {amount} {name} ({player.res[name]})")
        self.emit("lose", {"player": player, "resource": name, "amount": amount}, player, perform)

    def set_res(self, player: Player, name: str, value, cx: Ctx):
        if player is not None:
            player.res[name] = self._clamp(player, name, int(value or 0))

    def set_shared(self, name: str, value: int):
        r = self.program.resources[name]
        cx = Ctx(self, self.state.active or self.state.players[0])
        if r.min is not None:
            value = max(value, r.min(cx))
        if r.max is not None:
            value = min(value, r.max(cx))
        self.state.globals[name] = self.check_int(value)

    def mark(self, target, mark: str, duration, cx: Ctx):
        expiry = self._expiry(duration, cx.you)
        self._timed = self._timed or expiry is not None
        for obj in (target if isinstance(target, list) else [target]):
            if obj is not None:
                obj.marks[mark] = expiry

    def unmark(self, target, mark: str):
        for obj in (target if isinstance(target, list) else [target]):
            if obj is not None:
                obj.marks.pop(mark, None)

    def eliminate(self, players: list, cx: Ctx):
        for p in players:
            if p is not None and p.alive:
                p.alive = False
                self.write(f"{p.name} is eliminated")
                self.emit_simple("eliminate", {"player": p}, cx.you)

    def end_game(self, winners: list, draw: bool, reason: str, cx: Ctx):
        winners = [w for w in winners if isinstance(w, Player)]
        raise GameOver(winners, draw or not winners, reason if not winners else "winner")

    def end_by_most(self, resource: str, cx: Ctx):
        players = [p for p in self.state.players if p.alive] or self.state.players
        best = max(p.res.get(resource, 0) for p in players)
        winners = [p for p in players if p.res.get(resource, 0) == best]
        if len(winners) == len(players) and len(players) > 1:
            raise GameOver([], True, f"tied on {resource}")
        raise GameOver(winners, False, f"most {resource}")

    # --- limits -------------------------------------------------------------------------
    def limit_amount(self, name: str, player: Player) -> int:
        fn = self.program.limits[name]
        if hasattr(fn, "const"):
            return fn.const
        return fn(Ctx(self, player))

    def remaining(self, name: str, player: Player) -> int:
        used = self.state.used.get((player.index, name), 0)
        fn = self.program.limits[name]
        left = (fn.const if hasattr(fn, "const") else fn(Ctx(self, player))) - used
        if name not in self._substitutes:
            return left if left > 0 else 0
        for st, src, you in self.active_statics("substitute"):
            if st.limit == name and you is player:
                key = ("substitute", st.index, src.id if src else None)
                if st.once_per_turn and key in self.state.once:
                    continue
                if self.limit_amount(st.substitute, player) - \
                        self.state.used.get((player.index, st.substitute), 0) > 0:
                    left += 1
        return max(left, 0)

    def use_limit(self, name: str, cx: Ctx):
        s, player = self.state, cx.you
        key = (player.index, name)
        if self.limit_amount(name, player) - s.used.get(key, 0) > 0:
            s.used[key] = s.used.get(key, 0) + 1
            return
        for st, src, you in self.active_statics("substitute"):
            if st.limit != name or you is not player:
                continue
            once_key = ("substitute", st.index, src.id if src else None)
            if st.once_per_turn and once_key in s.once:
                continue
            sub = (player.index, st.substitute)
            if self.limit_amount(st.substitute, player) - s.used.get(sub, 0) > 0:
                s.used[sub] = s.used.get(sub, 0) + 1
                if st.once_per_turn:
                    s.once.add(once_key)
                return
        raise EngineError(f"{player.name} has no `{name}` left this turn (check "
                          f"`remaining({name}) > 0` before `use {name}`)", tuple(self.chain))

    # --- decisions ----------------------------------------------------------------------
    def ask(self, decision: Decision):
        """Hand a decision to the deciding player's agent and return the legal choice."""
        player = decision.player
        agent = self.agents[player.index] if player.index < len(self.agents) else None
        if agent is None:
            raise EngineError(f"no agent plays {player.name}")
        choice = agent.choose(self, decision)
        reason = decision.check(choice)
        if reason is not None:
            raise EngineError(f"{player.name}'s agent made an illegal choice: {reason}")
        self.decisions.append(choice)
        if self.logging:
            if decision.secret:
                self.write(f"{player.name} chooses secretly")
                self.write(f"{player.name} chose {self._choice_text(decision, choice)}",
                           secret_for=player)
            else:
                self.write(f"{player.name} chooses {self._choice_text(decision, choice)}",
                           extra=self._choice_extra(decision, choice))
        if self.observer is not None:
            self.observer(self)
        self.begin_action()
        return choice

    @staticmethod
    def _choice_extra(decision: Decision, choice):
        """Where the chosen face-down cards were, so a viewer's log can hide them."""
        picks = choice if decision.multi else (choice,)
        zones = [v.zone.key for v in (decision.values[i] for i in picks)
                 if isinstance(v, CardInst) and v.zone is not None and not v.face_up]
        return {"player": decision.player.index, "from": zones} if zones else None

    @staticmethod
    def _choice_text(decision: Decision, choice) -> str:
        if decision.multi:
            return ", ".join(decision.labels[i] for i in choice) or "nothing"
        return decision.labels[choice]

    def label(self, v) -> str:
        if isinstance(v, CardInst):
            return v.name
        if isinstance(v, Player):
            return v.name
        if isinstance(v, ZoneInst):
            return v.key
        return str(v)

    def choose(self, chooser: Player, options: list, lo: int, hi: int, prompt: str,
               secret: bool, cx: Ctx, pos=None) -> list:
        options = [o for o in options if o is not None]
        hi = min(hi, len(options))
        lo = min(lo, hi)
        if hi <= 0:
            return []
        if lo == hi == len(options):
            return list(options)             # nothing to decide
        if chooser is None:
            return options[:lo]
        label = self.label
        labels = [o.name if type(o) is CardInst else label(o) for o in options]
        d = Decision(chooser, "choose", prompt, labels, options,
                     lo, hi, secret, cx.this.name if cx.this else None)
        choice = self.ask(d)
        if d.multi:
            return [options[i] for i in sorted(choice)]
        return [options[choice]]

    def choose_label(self, chooser: Player, labels: list, prompt: str, cx: Ctx, pos=None,
                     secret: bool = False) -> int:
        if len(labels) == 1:
            return 0
        d = Decision(chooser, "one" if labels != ["yes", "no"] else "may", prompt, list(labels),
                     list(labels), secret=secret, source=cx.this.name if cx.this else None)
        return self.ask(d)

    # --- the free-action loop -------------------------------------------------------------
    def legal_moves(self, names, player: Player) -> list:
        """(label, kind, payload) for every move `player` may make now, plus `pass`."""
        out = []
        cx = Ctx(self, player)
        forbids = self._static_events.get("forbid", ())
        moves = self.program.moves
        for name in names:
            if name == "abilities":
                out.extend(self._legal_abilities(player))
                continue
            mv = moves[name]
            forbid = name in forbids      # some `forbid` static names this move
            if mv.gate is not None and not mv.gate(cx):
                continue
            if mv.var is None:
                if not (forbid and self.forbidden(name, {}, player)):
                    out.append((name, "move", (mv, None)))
                continue
            var, each = mv.var, mv.each
            for x in _iterate(mv.source(cx)):
                if each is not None:
                    cx.loc = {var: x}
                    if not each(cx):
                        continue
                if forbid and self.forbidden(name, {var: x}, player):
                    continue
                out.append((f"{name}: {self.label(x)}", "move", (mv, x)))
        out.append(("pass", "pass", None))
        return out

    def _legal_abilities(self, player: Player) -> list:
        out = []
        active = self.state.active is player
        seen = set()
        lefts: dict = {}
        able = self._able                 # names whose text (or copied text) has abilities
        if not able:
            return out
        for c in [c for z in self._in_play for c in z.cards
                  if c.controller is player and c.name in able] + \
                [c for c in self._ability_cards_elsewhere(player) if c.name in able]:
            if c.id in seen:
                continue
            seen.add(c.id)
            abilities = self.defs[c.name].abilities
            if c.name in self._copiers and c.zone is not None and c.zone.in_play:
                abilities = list(abilities) + [ab for cc, d in self._copied_text() if cc is c
                                               for ab in d.abilities if ab.from_zone is None]
            for ab in abilities:
                if ab.from_zone is not None and (c.zone is None or c.zone.name != ab.from_zone):
                    continue
                if ab.from_zone is None and not (c.zone and c.zone.in_play):
                    continue
                if not ab.any_time and not active:
                    continue
                if ab.once_per_turn and ("ability", c.id, ab.name) in self.state.once:
                    continue
                if ab.uses is not None:
                    left = lefts.get(ab.uses)      # the same for every card: ask once
                    if left is None:
                        left = lefts[ab.uses] = self.remaining(ab.uses, player)
                    if left <= 0:
                        continue
                if ab.cond is not None and not ab.cond(Ctx(self, player, c)):
                    continue
                out.append((f"{c.name}: {ab.name}", "ability", (c, ab)))
        return out

    def _ability_cards_elsewhere(self, player: Player) -> list:
        out = []
        for zname in self._ability_zones:
            z = self.zone_of(zname, player) if self.program.zones[zname].scope == "player" \
                else self.state.zones.get(zname)
            if z is not None:
                out.extend(z.cards)
        return out

    def offer(self, names, cx: Ctx):
        player = cx.you
        for _ in range(MAX_OFFER_MOVES):
            moves = self.legal_moves(names, player)
            if len(moves) == 1:
                return                      # only `pass` is left
            d = Decision(player, "move", "your move", [m[0] for m in moves], moves)

            def refresh(d=d):
                fresh = self.legal_moves(names, player)
                d.labels[:], d.values[:] = [m[0] for m in fresh], fresh
            d.refresh = refresh
            label, kind, payload = d.values[self.ask(d)]
            if kind == "pass":
                return
            if kind == "move":
                mv, x = payload
                inner = Ctx(self, player, None, None, {mv.var: x} if mv.var else {})
                self.chain.append(f"move {mv.name}")
                try:
                    mv.body(inner)
                finally:
                    self.chain.pop()
            else:
                self.activate(*payload, player)
            self.check_whenevers()
        raise EngineError(f"{player.name} made more than {MAX_OFFER_MOVES} moves in one turn")

    def activate(self, card: CardInst, ability, player: Player):
        cx = Ctx(self, player, card)
        if ability.uses is not None:
            self.use_limit(ability.uses, cx)
        if ability.once_per_turn:
            self.state.once.add(("ability", card.id, ability.name))
        self.write(f"{player.name} uses {card.name}: {ability.name}")

        def perform():
            self.chain.append(f"{card.name}: {ability.name}")
            try:
                ability.body(cx)
            finally:
                self.chain.pop()
        if "activate" in self.program.listened:
            ev = Event("activate", {"card": card, "ability": ability.name}, player)
            cx.event = ev
            self.emit_event(ev, perform)
        else:
            perform()
