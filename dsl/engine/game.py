"""A game: a compiled program running on one game state, asking its agents as it goes.

The engine knows no game. A deck's rules are compiled to Python (:mod:`deckwright.dsl.codegen`);
the game state is plain data (:mod:`deckwright.dsl.engine.state`); this module builds the state
for a program and drives the compiled rules from one decision to the next. Every choice
goes to an agent; the engine never reads input or prints.

Two ways to play a game:

* ``run()`` plays it to the end, asking each seat's agent inline (bots, scripts);
* ``start()``, then ``decision`` / ``legal()`` / ``apply(choice)`` step through it one
  decision at a time (the OpenSpiel shape), for seats that have no agent (a person at
  the REPL, a search bot). ``clone()`` copies a game at its pending decision.

>>> from deckwright.dsl.loader import load_program
>>> from deckwright.dsl.agents import RandomAgent
>>> game = Game(load_program("example"), seed=3, agents=[RandomAgent(1), RandomAgent(2)])
>>> result = game.run()
>>> result["reason"] != "" and game.state.result is result
True
"""
from __future__ import annotations

from typing import Callable, Optional

from ..errors import EngineError, Refusal
from ..limits import MAX_HELD_VALUES
from ..rng import CountingRng
from .events import Decision, GameOver, LogEntry, TurnOut
from .copies import Checkpoint, Copies, _copy_agent
from .gamelog import GameLog
from .state import CardInst, GameState, Player, ZoneInst
from .recursion import too_deep_error
from .values import count_held, too_much_held

DEFAULT_BUDGET = 200_000         # evaluation steps per action (between two decisions)
MAX_TRIGGER_DEPTH = 40           # nested events (a trigger's effect causing another...)
MAX_TOKENS = 1_000               # tokens alive at once
MAX_INT = 10 ** 9                # numbers beyond this are a runaway, not a game
MAX_OFFER_MOVES = 500            # moves one player may make in one `offer` loop
DEFAULT_MAX_TURNS = 1_000        # a safety net; a game that hits it is not finished by a rule
                                 # (long random-bot games of a bundled deck reach 550 turns)


class Effect:
    """An ad-hoc effect run between two decisions (the REPL's `eval`). It is a step of the
    game's history like a choice, so undo, redo, save and replay reproduce it."""
    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __eq__(self, other) -> bool:
        return isinstance(other, Effect) and other.text == self.text

    def __hash__(self):
        return hash(self.text)

    def __repr__(self) -> str:
        return f"Effect({self.text!r})"


def seat_sides(sides: list, n: int) -> list:
    """Each seat's side: every side's minimum, in declaration order; then the extra
    players are dealt one at a time to the sides with room, in declaration order, so
    that a 2-against-2 game seats the sides alternately. Past every side's maximum,
    the last side takes the rest."""
    out = [name for name, lo, _ in sides for _ in range(lo)]
    room = {name: hi - lo for name, lo, hi in sides}
    while len(out) < n:
        open_ = [name for name, _, _ in sides if room[name] > 0]
        if not open_:
            out.extend([sides[-1][0] if sides else None] * (n - len(out)))
            break
        for name in open_:
            if len(out) < n:
                out.append(name)
                room[name] -= 1
    return out[:n]


class Game(GameLog, Copies):
    """One game: the program, the state, the agents and the engine's bookkeeping.

    ``agents`` holds one agent per seat, or None for a seat the caller plays through
    ``apply``. With ``checkpoints``, the game keeps a copy of itself at every turn
    start, so that ``clone`` and ``rewind`` replay only the current turn."""


    def __init__(self, program, seed: int = 0, agents: Optional[list] = None,
                 players: Optional[int] = None, options: Optional[dict] = None,
                 log: bool = True, budget: int = DEFAULT_BUDGET,
                 max_turns: int = DEFAULT_MAX_TURNS, observer: Optional[Callable] = None,
                 arrange: Optional[Callable] = None, checkpoints: bool = False,
                 stepped: Optional[bool] = None, code=None):
        self.program = program
        self.defs = program.cards
        self.options = dict(program.options)
        for key, value in (options or {}).items():
            if key not in self.options:
                raise EngineError(f"unknown option `{key}`; the deck has: "
                                  f"{', '.join(sorted(self.options)) or 'none'}")
            self.options[key] = _option_value(key, value, self.options[key])
        n = players if players is not None else max(program.min_players, len(agents or []) or 2)
        if not program.min_players <= n <= program.max_players:
            raise EngineError(f"{program.name} is for {program.min_players} to "
                              f"{program.max_players} players, not {n}")
        self.agents = list(agents or [])
        self.agents += [None] * (n - len(self.agents))
        self.seed = seed
        self.logging = log
        self.quick = False                # every seat a quick bot, no log: see ask_quick
        self.log: list[LogEntry] = []
        self.budget = budget
        self.max_turns = max_turns
        self.observer = observer          # called after every decision (tests: invariants)
        self.arrange = arrange            # replaces the deck's setup (scenario tests)
        # a scenario's points: ``watch(game, point)`` is told of each log entry (point None),
        # each phase start (its name) and, in code compiled with ``points``, each phase end
        self.watch = None
        self.keep = checkpoints
        self.checkpoints: list[Checkpoint] = []
        self.decisions: list = []         # every choice taken, in order (the replay log)
        self.history: list = []           # the steps of seats without an agent, in order
        # A game that is stepped runs the rules compiled as generators (they yield each
        # decision); one that only runs asks its agents from inside the rules.
        self.stepped = stepped if stepped is not None else (checkpoints or None in self.agents)
        self.code = code if code is not None else program.code(resumable=self.stepped)
        info = self.info = program.info()
        self.deflist, self.def_index, self.zone_index = info.deflist, info.def_index, info.zone_index
        self.static_kinds, self.static_events = info.static_kinds, info.static_events
        self.static_carriers, self.substitutes = info.static_carriers, info.substitutes
        self.copiers, self.shared_resources = info.copiers, info.shared_resources
        self.side_resources = info.side_resources       # `per side`: a side's players share
        self.able_table = info.able_table
        self._reset_engine()
        self.state = self._new_state()
        self._build(n)
        # the agents as they start, for rebuilding a stepped game from its first decision
        self._first_agents = [_copy_agent(a) for a in self.agents] if self.stepped else None
        self._stack: list = []            # running generators: the game, then eval effects
        self._waiting: list = []          # the decision each effect interrupted
        self._feed: list = []             # history to replay before asking anyone
        self.decision: Optional[Decision] = None
        self.evaluate = None              # runs an Effect: (game, player, text) → generator

    def _reset_engine(self):
        self.steps = 0
        self.new_stretch()
        self.depth = 0
        self.chain: list[str] = []
        self.defer = 0
        self.in_whenever = False
        self.turn_of = None               # whose turn's body is running (the rules set it)
        # Whether any mark or temporary effect may have an expiry: lets `expire` skip its
        # scan of every card on the many turns when nothing is timed.
        self.timed = True
        self.moved = 0                    # bumped by every card move: keys the caches below
        self.playing = 0                  # bumped when what is in play (or its order) changes
        self.by_name: dict = {}
        self.by_name_key = -1
        self.copy_cache = (None, [])
        self.zone_names: dict = {}        # zone name → (moved, names of the cards there)
        self.copiers_in_play = 0          # cards in play with `copy text`: 0 skips a scan
        self.prop_busy: set = set()       # property modifiers being worked out (statics.py)
        self.in_play_n = [0] * len(self.program.cards)    # cards in play, by definition
        self.in_play_cards = 0            # all of them: what a selector of cards in play looks at
        self.able_in_play = 0             # of them, those with abilities (or copied text)

    # --- construction --------------------------------------------------------------
    def _new_state(self) -> GameState:
        """The state a game starts from; a game that keeps checkpoints draws from a
        generator whose copies cost no conversion (CountingRng)."""
        s = GameState(self.seed)
        if self.keep:
            s.rng = CountingRng(self.seed)
        return s

    def _build(self, n: int):
        s, p, code = self.state, self.program, self.code
        for i, side in enumerate(seat_sides(p.sides, n)):
            s.add_player(f"P{i + 1}", side)
        first = s.players[0]
        for zdef in p.zones.values():
            cap = code.zone_capacity.get(zdef.name)
            if zdef.scope == "shared":
                s.add_zone(zdef.name, None, zdef.visibility, zdef.ordered, zdef.in_play,
                           cap(self, first, None, None) if cap else None)
            elif zdef.scope == "player":
                for pl in s.players:
                    s.add_zone(zdef.name, pl, zdef.visibility, zdef.ordered, zdef.in_play,
                               cap(self, pl, None, None) if cap else None)
            else:
                for side in dict.fromkeys(pl.side for pl in s.players):
                    s.add_zone(zdef.name, None, zdef.visibility, zdef.ordered, zdef.in_play,
                               cap(self, first, None, None) if cap else None, side=side)
        for zdef in p.zones.values():
            if zdef.unowned:
                for z in s.zones.values():
                    if z.name == zdef.name:
                        z.unowned = True
        s.index_zones(list(p.zones))
        for r in p.resources.values():
            start = code.resource_start.get(r.name)
            if r.shared:
                s.globals[r.name] = start(self, first, None, None) if start else 0
            else:
                for pl in s.players:
                    pl.res[r.name] = start(self, pl, None, None) if start else 0
                if r.per_side:                # each side's amount: its first player's
                    for pl in s.players:
                        pl.res[r.name] = next(q for q in s.players if q.side == pl.side).res[r.name]
        consts = code.var_const
        for name, (per_player, _) in p.vars.items():
            if name in consts:                # `var x = 0`: no call (values are never
                value = consts[name]          # changed in place, so may be shared)
                if per_player:
                    for pl in s.players:
                        pl.vars[name] = value
                else:
                    s.globals[name] = value
                continue
            init = code.var_init.get(name)
            if per_player:
                for pl in s.players:
                    pl.vars[name] = init(self, pl, None, None) if init else None
            else:
                s.globals[name] = init(self, first, None, None) if init else None
        if self.info.lists_at_start:
            count_held(s)
        if s.held > MAX_HELD_VALUES:              # the lists the variables start with
            total = 0
            for name in p.vars:
                total += s.sizes.get(name, 0) + sum(q.sizes.get(name, 0) for q in s.players)
                if total > MAX_HELD_VALUES:
                    too_much_held(self, p.var_pos[name])

    # --- running to the end ------------------------------------------------------------
    def run(self) -> dict:
        """Play the whole game, asking the agents; return (and store in the state) its
        result."""
        if None in self.agents:
            raise EngineError(f"no agent plays {self.state.players[self.agents.index(None)].name}")
        if not self.stepped:
            self.quick = not self.logging and all(a.quick for a in self.agents)
            try:
                try:
                    self.code.main(self, None)
                except RecursionError as err:
                    raise too_deep_error(self, err) from None
            except GameOver as over:
                self._over(over)
            return self.state.result
        self.start()
        return self.state.result

    def ask_quick(self, player, kind: str, n: int, lo: int = 1, hi: int = 1):
        """The choice of a quick bot (Agent.quick) among ``n`` options, asked without a
        Decision: what ``ask`` does, in a game that only runs, keeps no log, and whose
        every seat is played by such a bot (``self.quick``)."""
        choice = self.agents[player.index].pick(n, kind, lo, hi)
        self.decisions.append(choice)     # what _took does in such a game: nothing is
        if self.observer is not None:     # logged, no seat is played from outside
            self.observer(self)
        self.steps = 0
        return choice

    def ask(self, d: Decision):
        """Hand a decision to its player's agent, inline (games that only run); a
        decision of a player out of the game in their own turn ends the turn instead."""
        if d.player is self.turn_of and not d.player.alive:
            raise TurnOut()
        agent = self.agents[d.player.index]
        if agent is None:
            raise EngineError(f"no agent plays {d.player.name}")
        choice = agent.choose(self, d)
        if not agent.trusted:
            reason = d.check(choice)
            if reason is not None:
                raise EngineError(f"{d.player.name}'s agent made an illegal choice: {reason}")
        self._took(d, choice)
        return choice

    def _took(self, d: Decision, choice, external: bool = False):
        """Record a choice taken (``external``: by a seat without an agent, so a copy of
        the game must replay it rather than ask again)."""
        self.decisions.append(choice)
        if external:
            self.history.append(choice)
        if self.logging:
            self.new_stretch()
            self._log_choice(d, choice)
        if self.observer is not None:
            self.observer(self)
        self.steps = 0                    # a new action starts: a fresh step budget

    def _over(self, over: GameOver):
        s = self.state
        s.result = {"winners": [w.name for w in over.winners], "draw": over.draw,
                    "reason": over.reason, "turns": s.turn}
        # The rules that ended the game have unwound by now: its line names the statements
        # the end was raised from (`end game ...` in a `whenever`), from the traceback.
        at = self._statements_raising(over) if self.logging else ()
        self.write(f"game over: {self.describe_result()}", extra={"at": at} if at else None)
        self.decision = None
        self._stack = []

    def describe_result(self) -> str:
        r = self.state.result
        if r is None:
            return "in progress"
        if r["draw"] or not r["winners"]:
            return f"draw ({r['reason']})"
        return f"{' and '.join(r['winners'])} win{'s' if len(r['winners']) == 1 else ''} " \
               f"({r['reason']})"

    # --- stepping: the OpenSpiel shape -------------------------------------------------
    def start(self, resume: Optional[Player] = None) -> "Game":
        """Begin (or, from a checkpoint, resume at the turn of ``resume``) and run to the
        first decision of a seat without an agent, or to the end."""
        if not self.stepped:
            raise EngineError("this game was not built to be stepped")
        self._stack = [self.code.main(self, resume)]
        self._waiting = []
        self._drive(None, first=True)
        return self

    @property
    def is_over(self) -> bool:
        return self.state.result is not None

    @property
    def result(self):
        return self.state.result

    def legal(self) -> list:
        return list(self.decision.labels) if self.decision else []

    def refusal(self, choice) -> Optional[Refusal]:
        """Why ``apply(choice)`` would be refused, without applying it; None if it would
        be taken."""
        from ..agents import answers, resolve_choice
        if self.decision is None:
            return Refusal("the game is over")
        if isinstance(choice, Effect):
            return None
        try:
            choice = resolve_choice(self.decision, choice)
        except EngineError as err:
            # an answer that names no option may name one a rule refuses; one that names
            # several options is ambiguous, whatever else it names (so is each of several
            # answers to a question that takes more than one)
            from .legality import explain
            for typed in (choice,) if isinstance(choice, str) else \
                    choice if isinstance(choice, tuple) else ():
                if isinstance(typed, str) and not answers(self.decision, typed):
                    why = explain(self, self.decision, typed)
                    if why is not None:
                        return Refusal(why, by_rule=True)
            return Refusal(str(err))
        reason = self.decision.check(choice)
        return Refusal(reason) if reason is not None else None

    def apply(self, choice) -> Optional[Refusal]:
        """Take a choice (an index, a tuple of indices, a label, or an Effect) for the
        pending decision and run to the next decision of a seat without an agent.
        Refused choices change nothing. An action that breaks a limit raises EngineError
        and leaves this game unusable; :meth:`rewind` rebuilds it as it was."""
        from ..agents import resolve_choice
        refused = self.refusal(choice)
        if refused is not None:
            return refused
        if isinstance(choice, Effect):
            self.history.append(choice)
            self._push_effect(choice)
            self._drive(None, first=True)
            return None
        choice = resolve_choice(self.decision, choice)
        self._took(self.decision, choice, external=True)
        self._drive(choice)
        return None

    def _end_turn(self) -> Decision:
        """End the turn of its player, out of the game: TurnOut thrown into the rules
        where they wait (an eval effect waiting there ends with it), which go on to the
        next decision."""
        stack = self._stack
        while True:
            try:
                return stack[-1].throw(TurnOut())
            except TurnOut:
                stack.pop()               # an eval effect: the turn's rules wait below it
                self._waiting.pop()

    def _push_effect(self, step: "Effect"):
        if self.evaluate is None:
            raise EngineError("this game cannot evaluate effects")
        self.steps = 0
        self.new_stretch()
        self._waiting.append(self.decision)
        self._stack.append(self.evaluate(self, self.decision.player, step.text))

    def _drive(self, send, first: bool = False):
        """Run the rules until a seat without an agent must decide, or the game ends."""
        stack = self._stack
        try:
            try:
                while True:
                    try:
                        d = next(stack[-1]) if first else stack[-1].send(send)
                    except StopIteration:
                        if len(stack) == 1:
                            raise EngineError("the game's rules stopped without ending "
                                              "the game") from None
                        stack.pop()               # an eval effect ended: ask again
                        d = self._waiting.pop()
                        if self.turn_of is not None and not self.turn_of.alive:
                            d = self._end_turn()  # ... unless it put the turn's player out
                        elif d.refresh is not None:    # an offer: list the moves again
                            lister, who = d.refresh
                            d.values[:] = lister(self, who)
                            d.relabel()
                    if d.player is self.turn_of and not d.player.alive:
                        d = self._end_turn()      # no more questions in their turn
                    first = False
                    self.decision = d
                    if self._feed:                # replaying the history of a copy
                        step = self._feed.pop(0)
                        if isinstance(step, Effect):
                            self.history.append(step)
                            self._push_effect(step)
                            first = True
                            continue
                        self._took(d, step, external=True)
                        send = step
                        continue
                    agent = self.agents[d.player.index]
                    if agent is None:
                        d.say_to(self.readers())  # said now: the state will not wait
                        return                    # the caller decides: apply()
                    if agent.quick:
                        send = agent.pick(len(d.values), d.kind, d.min_count, d.max_count)
                    else:
                        send = agent.choose(self, d)
                        if not agent.trusted:
                            reason = d.check(send)
                            if reason is not None:
                                raise EngineError(f"{d.player.name}'s agent made an illegal "
                                                  f"choice: {reason}")
                    self._took(d, send)
            except RecursionError as err:
                raise too_deep_error(self, err) from None
        except GameOver as over:
            self._over(over)

    # --- questions tools ask ---------------------------------------------------------------
    def prop(self, card: Optional[CardInst], name: str, default=None):
        """A card's printed property (``default`` when it has none)."""
        return None if card is None else self.defs[card.name].props.get(name, default)

    def is_type(self, card: Optional[CardInst], word: str) -> bool:
        return card is not None and word in self.defs[card.name].words

    def param(self, name: str, player: Optional[Player]) -> int:
        """A player's parameter (hand size...), with the static effects now in force."""
        from .statics import param
        steps = self.steps                # asked between actions: its work is no action's
        self.steps = 0
        try:
            return param(self, name, player)
        finally:
            self.steps = steps

    # --- arranging a scenario ----------------------------------------------------------
    def put(self, name: str, zone: ZoneInst, owner: Optional[Player] = None) -> CardInst:
        """Place a new card straight into a zone, with no events."""
        from .cards import put
        return put(self, name, zone, owner)

    def take_out(self, card: CardInst) -> None:
        """Take a card out of the game, with no events (a scenario arranging mid-game)."""
        from .cards import take_out
        take_out(self, card)

    # --- labels --------------------------------------------------------------------------
    @staticmethod
    def label(v) -> str:
        if isinstance(v, (CardInst, Player)):
            return v.name
        if isinstance(v, ZoneInst):
            return v.key
        return str(v)

    def labels_of(self, values: list, viewer: Optional[Player] = None,
                  offer: bool = True) -> list:
        """Option labels as ``viewer`` may read them (None: everything); ``offer``: as the
        chooser, who reads what it is offered from out of play."""
        from ..visibility import value_name
        return [value_name(o, viewer, offer) for o in values]


# Where the engine enters the rules: a log line's statements are looked for below these.
Game.entries = frozenset({Game.run.__code__, Game._drive.__code__})


def _option_value(name: str, value, default):
    """A variant option's value, of its default's kind (the checker took the option to be
    of that kind everywhere the deck reads it); an EngineError otherwise."""
    from .values import MAX_INT
    kinds = {bool: "true or false", int: "a number", str: "a text", list: "a list"}
    want = kinds.get(type(default))
    if type(default) is str and type(value) in (int, bool):     # `--option mode=3`
        value = _shown(value)
    if want is not None and type(value) is not type(default):
        raise EngineError(f"option `{name}` is {want} (the deck's value is "
                          f"{_shown(default)}), not {_shown(value)}")
    if type(value) is int and not -MAX_INT <= value <= MAX_INT:
        raise EngineError(f"option `{name}` must be between -{MAX_INT:,} and {MAX_INT:,}, "
                          f"not {value}")
    return value


def _shown(v) -> str:
    if type(v) is bool:
        return "true" if v else "false"
    return f'"{v}"' if type(v) is str else str(v)
