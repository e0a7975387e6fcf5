"""OpenSpiel's MCTS and information-set MCTS as Deckwright agents.

* ``mcts:N``: OpenSpiel's MCTS (UCT, N simulations a move) on one world dealt at random
  from what the seat knows (:func:`deckwright.dsl.search.spiel.determinize`), so it never reads a
  hidden card;
* ``ismcts:N``: OpenSpiel's information-set MCTS, which deals a new world for every
  simulation and keys its tree by the seat's information state.

Both evaluate a position by one random playout (the engine's own random bot, inline,
which is many times faster than stepping OpenSpiel actions):

* in a deck that says how a player stands (a `standing` expression, its own or a side's,
  or resources it weighs: a score, `resource vp: ..., score`, or
  `resource health: ..., worth 1`), the playout is cut after
  :data:`SCORED_ROLLOUT_TURNS` more turns, and a game not over by then is valued by the
  players' standing (:func:`standing`);
* in a deck that says none of that, it plays to the end, or to :data:`ROLLOUT_TURNS`
  more turns, a draw if the game has not ended by then.

``rollout_turns`` sets the cut for either kind of deck.

A search agent needs a game it can clone: one that keeps checkpoints and is played from
outside (:func:`deckwright.dsl.sim.play_one` builds such a game when a seat searches).

>>> from deckwright.dsl.loader import load_program
>>> from deckwright.dsl.sim import play_one
>>> game = play_one(load_program("example"), 0, 0, 2, ["mcts:20", "random"])
>>> game.state.result["reason"] != ""
True
"""
from __future__ import annotations

import json
from typing import Optional

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from ..agents import Agent, RandomAgent
from ..engine.players import standing as standing_of
from ..errors import EngineError
from ..rng import Rng
from . import spiel

UCT_C = 2.0                 # exploration: returns lie in [-1, 1]
ROLLOUT_TURNS = 200         # a playout longer than this is scored a draw
SCORED_ROLLOUT_TURNS = 2    # with weighed resources: a playout is cut here

_GAMES: dict = {}           # (program, seats, options, max turns) → its DeckGame


def spiel_game(game) -> spiel.DeckGame:
    """The OpenSpiel game of a Deckwright game's deck, seats and options."""
    key = (id(game.program), len(game.state.players), json.dumps(game.options, sort_keys=True),
           game.max_turns)
    found = _GAMES.get(key)
    if found is None or found.program is not game.program:
        found = _GAMES[key] = spiel.DeckGame({
            "deck": spiel.deck_key(game.program), "players": key[1], "options": key[2],
            "max_turns": game.max_turns})
    return found


def standing_resources(program) -> tuple:
    """(name, worth) of each resource that counts toward a player's standing: marked
    `worth N`, or a score (worth 1), and each player's own."""
    return tuple((r.name, r.weight) for r in program.resources.values()
                 if r.weight and not r.shared)


def weighs(program) -> bool:
    """Whether a deck says how a player stands: a `standing` (its own or a side's), or
    a resource it weighs."""
    return bool(program.standings or standing_resources(program))


def standing(g, weights: Optional[tuple] = None) -> list:
    """Each seat's value of a game cut short: its standing (the deck's `standing`, else
    the worth of its resources, ``weights``; None: the deck's) against the best standing
    of another side's seat, as a share of the two: in [-1, 1], 0 when level (a win or a
    loss is worth 1 or -1)."""
    players = g.state.players
    if weights is None:
        weights = standing_resources(g.program)
    sums = [standing_of(g, p, weights) for p in players]
    out = []
    for p, mine in zip(players, sums):
        theirs = max((v for q, v in zip(players, sums)
                      if q is not p and (p.side is None or q.side != p.side)), default=mine)
        total = abs(mine) + abs(theirs)
        out.append(0.0 if total == 0 else (mine - theirs) / total)
    return out


class PlayoutEvaluator(mcts.Evaluator):
    """The value of a position: one playout by the engine's random bots, cut after
    ``rollout_turns`` more turns (valued by the players' standing when ``valued``, as in
    a deck that says how a player stands, else a draw).
    OpenSpiel's MCTS and IS-MCTS discard the state they hand an evaluator, so the playout
    runs in that state's game itself rather than in a copy."""

    def __init__(self, rng: Rng, rollout_turns: int = ROLLOUT_TURNS, valued: bool = False):
        self.rng = rng
        self.rollout_turns = rollout_turns
        self.valued = valued
        self.weights: Optional[tuple] = None        # the deck's, when first needed

    def evaluate(self, state):
        g = state.engine
        cut = None
        if g.state.result is None:
            below = self.rng.below
            g.agents = [RandomAgent(below(1 << 30)) for _ in g.state.players]
            cut = g.state.turn + self.rollout_turns
            if cut < g.max_turns:
                g.max_turns = cut
            else:
                cut = None                          # the game's own limit comes first
            g.keep = False                          # a playout is never cloned
            d = g.decision
            choice = g.agents[d.player.index].choose(g, d)
            if d.multi and state._picks:            # keep the picks the search made
                rest = [i for i in choice if i not in state._picks]
                choice = tuple(sorted(state._picks + rest)[:d.max_count])
            g.apply(choice)
        result = g.state.result
        if cut is not None and self.valued and result["draw"] and not result["winners"] \
                and result["turns"] >= cut:
            if self.weights is None:
                self.weights = standing_resources(g.program)
            return np.array(standing(g, self.weights))
        return np.array(spiel.returns_of(g, len(g.state.players)))

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


class SearchAgent(Agent):
    """A seat played by OpenSpiel's MCTS (``kind`` ``mcts``) or IS-MCTS (``ismcts``)."""
    trusted = True
    searches = True             # needs a game that clones (see deckwright.dsl.sim.play_one)

    def __init__(self, seed: int = 0, simulations: int = 200, kind: str = "mcts",
                 rollout_turns: Optional[int] = None):
        if kind not in ("mcts", "ismcts"):
            raise EngineError(f"unknown search `{kind}`; searches: mcts, ismcts")
        self.name = f"{kind}:{simulations}"
        self.kind = kind
        self.simulations = simulations
        self.rollout_turns = rollout_turns          # None: by the deck (see the module)
        self.seed = seed
        self.rng = Rng(seed)

    def copy(self) -> "SearchAgent":
        other = SearchAgent(self.seed, self.simulations, self.kind, self.rollout_turns)
        other.rng = self.rng.copy()
        return other

    def choose(self, game, decision):
        if not decision.multi and len(decision.values) == 1:
            return 0
        if not game.keep or game.agents[decision.player.index] is not None:
            raise EngineError(f"{self.name} searches copies of the game, so it plays a seat "
                              "from outside a game that keeps checkpoints (as "
                              "deckwright.dsl.sim.play_one and the REPL's `bot` command do), "
                              "not as the game's own agent")
        sgame = spiel_game(game)
        seat = decision.player.index
        numpy_rng = np.random.RandomState(self.rng.below(1 << 30))
        valued = weighs(game.program)
        turns = self.rollout_turns
        if turns is None:
            turns = SCORED_ROLLOUT_TURNS if valued else ROLLOUT_TURNS
        evaluator = PlayoutEvaluator(Rng(self.rng.below(1 << 30)), turns, valued)
        if self.kind == "mcts":
            root = sgame.state_of(*spiel.determinize(game, seat, self.rng))
            bot = mcts.MCTSBot(sgame, UCT_C, self.simulations, evaluator, solve=True,
                               random_state=numpy_rng)
        else:
            root = sgame.state_of(game)
            bot = ismcts.ISMCTSBot(sgame, evaluator, UCT_C, self.simulations,
                                   random_state=numpy_rng,
                                   allow_inconsistent_action_sets=True)
            bot.set_resampler(self._resampler(sgame))
        if not decision.multi:
            return int(bot.step(root))
        picks: list = []
        while True:
            action = int(bot.step(root))
            if action == spiel.DONE:
                break
            picks.append(action)
            if len(picks) == decision.max_count:
                break
            root._picks = list(picks)            # only the wrapper's picks: no game moves
        return tuple(sorted(picks))

    def _resampler(self, sgame):
        def resample(state, player):
            world = sgame.state_of(*spiel.determinize(state.engine, player, self.rng))
            world._picks = list(state._picks)
            return world
        return resample


def make_search_bot(kind: str, budget, seed: int) -> SearchAgent:
    """``mcts`` / ``ismcts`` with a budget of simulations (None: 200)."""
    return SearchAgent(seed, 200 if budget is None else budget, kind)
