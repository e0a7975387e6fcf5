"""Any deck as an OpenSpiel game (``pyspiel``, the optional extra ``deckwright[search]``).

Importing this module registers the game type ``deckwright``. Its parameters:

* ``deck``: a bundled deck's name or a deck file's path (default ``example``);
* ``players``: the number of seats (0: the deck's least, and at least 2);
* ``seeds``: how many game seeds the opening chance node deals from (default 1,000);
* ``options``: the deck's variant options, as a JSON object (default ``{}``);
* ``max_turns``: the engine's turn limit, a game that reaches it a draw (0: the engine's).

The shape of a game:

* **chance** is one node at the start, which picks the game seed; from then on the
  engine's own seeded generator deals, shuffles and rolls, as in every Deckwright game;
* **players** move one at a time: each decision's player (a secret pick is an ordinary
  decision whose answer the others cannot read);
* an **action** is an option's index; a choice of several options is taken one pick at a
  time, ending with :data:`DONE` (or when the most allowed are picked);
* **information**: a seat's information-state string is the table as the visibility
  model (:mod:`deckwright.dsl.visibility`) lets that seat read it; cards it may not read are ``?``;
* **returns** at the end: +1 to each winner, -1 to every other seat; 0 to all in a draw;
* ``clone()`` is the engine's :meth:`deckwright.dsl.engine.Game.clone`; serialisation is the deck,
  the seed and the decisions (a game is those three things), replayed on load.

>>> import pyspiel
>>> game = pyspiel.load_game("deckwright", {"deck": "example"})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), game.num_players()
(True, 2)
>>> state.apply_action(7)
>>> state.current_player(), state.is_terminal()
(0, False)
"""
from __future__ import annotations

import json
from typing import Optional

import pyspiel

from ..engine import Game
from ..engine.game import DEFAULT_MAX_TURNS
from ..engine.state import CardInst
from ..errors import EngineError
from ..loader import load_program
from ..visibility import card_name, sees, source_seen

MAX_OPTIONS = 512            # options of one decision the adapter can name as actions
DONE = MAX_OPTIONS           # the action that ends a choice of several options
MAX_GAME_LENGTH = 1_000_000  # actions in one game (the engine's turn limit ends it first)

DEFAULTS = {"deck": "example", "players": 0, "seeds": 1000, "options": "{}",
            "max_turns": 0}

_PROGRAMS: dict = {}         # deck → its Program, loaded once per process


def program_for(deck: str):
    """The program of a deck (a bundled name, a path, or a key from :func:`deck_key`)."""
    program = _PROGRAMS.get(deck)
    if program is None:
        program = _PROGRAMS[deck] = load_program(deck)
    return program


def deck_key(program) -> str:
    """A ``deck`` parameter that names an already loaded program in this process."""
    for key, known in _PROGRAMS.items():
        if known is program:
            return key
    key = f"{program.name}@{id(program):x}"
    _PROGRAMS[key] = program
    return key


_GAME_TYPE = pyspiel.GameType(
    short_name="deckwright",
    long_name="A Deckwright deck",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=64,
    min_num_players=1,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification=DEFAULTS)


class DeckGame(pyspiel.Game):
    """A deck, a number of seats and its options, as an OpenSpiel game."""

    def __init__(self, params=None):
        params = {**DEFAULTS, **(params or {})}
        self.deck = str(params["deck"])
        self.program = program_for(self.deck)
        self.options = json.loads(params["options"])
        p = self.program
        n = int(params["players"]) or max(p.min_players, 2)
        if not p.min_players <= n <= p.max_players:
            raise EngineError(f"{p.name} is for {p.min_players} to {p.max_players} players, "
                              f"not {n}")
        self.seats = n
        self.seeds = int(params["seeds"])
        self.max_turns = int(params["max_turns"]) or DEFAULT_MAX_TURNS
        info = pyspiel.GameInfo(num_distinct_actions=MAX_OPTIONS + 1,
                                max_chance_outcomes=self.seeds, num_players=n,
                                min_utility=-1.0, max_utility=1.0,
                                max_game_length=MAX_GAME_LENGTH)
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self):
        return DeckState(self)

    def state_of(self, game: Game, deal: Optional[dict] = None) -> "DeckState":
        """A state around a game already under way (it must keep checkpoints, and be
        played from outside: every seat's agent None), or around a world dealt from it
        (``deal``, see :func:`determinize`). Cloning the state clones the game; applying
        an action to the state itself plays it in ``game``."""
        state = DeckState(self)
        state._live = Live(self.deck, self.seats, self.options, game.seed, game.max_turns, game,
                           deal)
        return state

    def make_py_observer(self, iig_obs_type=None, params=None):
        return SeatObserver(iig_obs_type, params)


class Live:
    """The engine's game inside a state. OpenSpiel copies a Python state by deep-copying
    its attributes and pickles them to serialise it: here a deep copy is a clone of the
    game, and a pickle is the deck, the seed and the decisions."""
    __slots__ = ("deck", "players", "options", "seed", "max_turns", "game", "deal")

    def __init__(self, deck: str, players: int, options: dict, seed: int, max_turns: int,
                 game: Optional[Game] = None, deal: Optional[dict] = None):
        self.deck, self.players, self.options, self.seed = deck, players, options, seed
        self.max_turns = max_turns
        self.deal = deal                  # a world dealt for a search (see determinize)
        if game is None:
            game = Game(program_for(deck), seed=seed, agents=[None] * players,
                        players=players, options=options, log=False, checkpoints=True,
                        max_turns=max_turns)
            game.start()
        self.game = game

    def take(self, choice) -> None:
        refused = self.game.apply(choice)
        if refused is not None:
            raise EngineError(f"the adapter played a refused choice: {refused.reason}")

    def __deepcopy__(self, memo) -> "Live":
        copy = self.game.clone()
        if self.deal:
            lay(copy, self.deal)
        return Live(self.deck, self.players, self.options, self.seed, self.max_turns, copy,
                    self.deal)

    def __reduce__(self):
        return (_rebuild, (self.deck, self.players, self.options, self.seed, self.max_turns,
                           list(self.game.history), self.deal))


def _rebuild(deck, players, options, seed, max_turns, history, deal=None) -> Live:
    live = Live(deck, players, options, seed, max_turns)
    for step in history:
        live.take(step)
    if deal:
        lay(live.game, deal)
        live.deal = deal
    return live


class DeckState(pyspiel.State):
    """A game of a deck at one decision, in OpenSpiel's terms."""

    def __init__(self, game: DeckGame):
        super().__init__(game)
        self._live: Optional[Live] = None      # None: the seed is not dealt yet
        self._picks: list = []                 # a choice of several, so far

    @property
    def engine(self) -> Optional[Game]:
        """The Deckwright game (None before the opening chance node)."""
        return None if self._live is None else self._live.game

    def current_player(self):
        live = self._live
        if live is None:
            return pyspiel.PlayerId.CHANCE
        g = live.game
        if g.state.result is not None:
            return pyspiel.PlayerId.TERMINAL
        return g.decision.player.index

    def _legal_actions(self, player):
        d = self._live.game.decision
        n = len(d.values)
        if n > MAX_OPTIONS:
            raise EngineError(f"a decision with {n} options; the OpenSpiel adapter names at "
                              f"most {MAX_OPTIONS}")
        if not d.multi:
            return list(range(n))
        picks = self._picks
        actions = [i for i in range(n) if i not in picks] if len(picks) < d.max_count else []
        if len(picks) >= d.min_count:
            actions.append(DONE)
        return actions

    def chance_outcomes(self):
        seeds = self.get_game().seeds
        return [(i, 1.0 / seeds) for i in range(seeds)]

    def _apply_action(self, action):
        if self._live is None:
            g = self.get_game()
            self._live = Live(g.deck, g.seats, g.options, int(action), g.max_turns)
            return
        d = self._live.game.decision
        if not d.multi:
            self._live.take(int(action))
            return
        if action != DONE:
            self._picks.append(int(action))
        if action == DONE or len(self._picks) == d.max_count:
            choice, self._picks = tuple(sorted(self._picks)), []
            self._live.take(choice)

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        if action == DONE:
            return "done"
        d = self._live.game.decision if self._live is not None else None
        if d is not None and d.player.index == player and 0 <= action < len(d.values):
            return f"{action}: {d.labels[action]}"       # unique, though two cards share a name
        return f"option {action}"

    def is_terminal(self):
        return self._live is not None and self._live.game.state.result is not None

    def returns(self):
        return returns_of(self._live.game if self._live is not None else None,
                          self.get_game().seats)

    def __str__(self):
        if self._live is None:
            return "no seed dealt yet"
        g = self._live.game
        head = f"seed {g.seed}, {len(g.decisions)} decisions"
        if self._picks:
            head += f", picked so far {self._picks}"
        return head + "\n" + table_text(g, None)


def returns_of(game: Optional[Game], seats: int) -> list:
    """+1 to each winner and -1 to the others; 0 to all in a draw or a game not over."""
    result = game.state.result if game is not None else None
    if result is None or result["draw"] or not result["winners"]:
        return [0.0] * seats
    winners = set(result["winners"])
    return [1.0 if p.name in winners else -1.0 for p in game.state.players]


class SeatObserver:
    """What one seat may read of the table, as a string (no tensors)."""

    def __init__(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = None
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        g = state.engine
        if g is None:
            return f"P{player + 1}: no seed dealt yet"
        viewer = g.state.players[player]
        text = table_text(g, viewer)
        d = g.decision
        if state._picks and d is not None and d.player is viewer:
            text += f"\npicked so far {state._picks}"
        return text


# --- the table as a seat reads it ---------------------------------------------------------

def table_text(game: Game, viewer) -> str:
    """The table as ``viewer`` may read it (None: everything): whose decision it is, each
    player's resources, variables and marks, every zone's cards (``?`` for a card the
    viewer may not read), the game's variables, and the viewer's own options."""
    s = game.state
    lines = [f"{viewer.name if viewer else 'all'}: turn {s.turn}, phase {s.phase}, "
             f"active {s.active}, step {len(game.decisions)}"]
    for p in s.players:
        res = " ".join(f"{k}={v}" for k, v in sorted(p.res.items()))
        line = f"{p.name}{' ' + p.side if p.side else ''}{'' if p.alive else ' out'}: {res}"
        if p.vars:
            line += " | " + " ".join(f"{k}={_shown(v, viewer)}" for k, v in sorted(p.vars.items()))
        if p.marks:
            line += " | marks " + " ".join(sorted(map(str, p.marks)))
        lines.append(line)
    for z in s.zones.values():
        lines.append(f"{z.key}: {_zone_cards(z, viewer)}")
    if s.globals:
        lines.append(" ".join(f"{k}={_shown(v, viewer)}" for k, v in sorted(s.globals.items())))
    d = game.decision
    if s.result is not None:
        lines.append(f"over: {game.describe_result()}")
    elif d is not None:
        if viewer is None or source_seen(d, viewer):
            lines.append(f"{d.player.name} decides: {d.prompt_for(viewer)}"
                         + (f" ({d.source})" if d.source else ""))
        else:
            lines.append(f"{d.player.name} decides")
        if viewer is None or d.player is viewer:
            lines.append("options: " + " | ".join(d.labels))
    return "\n".join(lines)


def _zone_cards(zone, viewer) -> str:
    shown: list = []
    for c in zone.cards:
        text = c.name if sees(viewer, c) else "?"
        if c.counters:
            text += "[" + ",".join(f"{k}:{n}" for k, n in sorted(c.counters.items())) + "]"
        if shown and shown[-1][0] == text:
            shown[-1][1] += 1
        else:
            shown.append([text, 1])
    return ", ".join(t if n == 1 else f"{t} x{n}" for t, n in shown) or "-"


def _shown(v, viewer) -> str:
    from ..engine.state import CardInst, Player, ZoneInst
    if isinstance(v, CardInst):
        return card_name(v, viewer)
    if isinstance(v, (Player, ZoneInst)):
        return v.name if isinstance(v, Player) else v.key
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(_shown(x, viewer) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(f"{k}:{_shown(x, viewer)}" for k, x in sorted(v.items(), key=str)) + "}"
    return repr(v)


# --- a world consistent with what a seat knows --------------------------------------------

def determinize(game: Game, seat: int, rng) -> tuple:
    """A copy of ``game`` in which the cards out of play that ``seat`` may not read are
    dealt again at random among themselves, each kept with its owner: one world the seat
    cannot tell from the real one. Returns the copy and how it was dealt (card id → its
    new name and definition), which :meth:`DeckGame.state_of` needs to copy it again:
    an engine's clone replays the turn as it really went, then the deal is laid over it.
    That is exact for copies made at the decision the world was dealt for (which is where
    OpenSpiel's MCTS and IS-MCTS copy it)."""
    world = quiet(game.clone())
    viewer = world.state.players[seat]
    d = world.decision
    # The options a seat is offered from a pile or a hand it looks through are known to it.
    known = {v.id for v in d.values if isinstance(v, CardInst)} \
        if d is not None and d.player is viewer else set()
    groups: dict = {}
    for z in world.state.zones.values():
        if z.in_play:
            continue
        for c in z.cards:
            if not c.token and c.id not in known and not sees(viewer, c):
                groups.setdefault(c.owner.index if c.owner is not None else -1, []).append(c)
    deal: dict = {}
    for cards in groups.values():
        if len(cards) < 2:
            continue
        faces = [(c.name, c.d) for c in cards]
        rng.shuffle(faces)
        for c, face in zip(cards, faces):
            deal[c.id] = face
    lay(world, deal)
    if table_text(world, viewer) != table_text(game, game.state.players[seat]):
        # Something the seat reads names a dealt card: keep the cards as they are.
        return quiet(game.clone()), {}
    return world, deal


def lay(game: Game, deal: dict) -> Game:
    """Give the cards of a deal (id → name and definition) their dealt faces."""
    cards = game.state.cards
    for cid, (name, d) in deal.items():
        c = cards.get(cid)
        if c is not None:
            c.name, c.d = name, d
    return game


def quiet(game: Game) -> Game:
    """A copy made for searching: it keeps no log and calls no observer (what a search
    tries out is not part of the game)."""
    game.logging = False
    game.observer = None
    return game


pyspiel.register_game(_GAME_TYPE, DeckGame)
