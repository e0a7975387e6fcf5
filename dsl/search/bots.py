"""OpenSpiel's MCTS and information-set MCTS as Deckwright agents.

* ``mcts:N``: OpenSpiel's MCTS (UCT, N simulations a move) on one world dealt at random
  from what the seat knows (:func:`dsl.search.spiel.determinize`), so it never reads a
  hidden card;
* ``ismcts:N``: OpenSpiel's information-set MCTS, which deals a new world for every
  simulation and keys its tree by the seat's information state.

Both evaluate a position by one random playout to the end (the engine's own random bot,
inline, which is many times faster than stepping OpenSpiel actions), or to
``rollout_turns`` more turns, a draw if the game has not ended by then.

A search agent needs a game it can clone: one that keeps checkpoints and is played from
outside (:func:`dsl.sim.play_one` builds such a game when a seat searches).

>>> from dsl.loader import load_program
>>> from dsl.sim import play_one
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
from ..errors import EngineError
from ..rng import Rng
from . import spiel

UCT_C = 2.0                 # exploration: returns lie in [-1, 1]
ROLLOUT_TURNS = 200         # a playout longer than this is scored a draw

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


class PlayoutEvaluator(mcts.Evaluator):
    """The value of a position: one playout by the engine's random bots. OpenSpiel's MCTS
    and IS-MCTS discard the state they hand an evaluator, so the playout runs in that
    state's game itself rather than in a copy."""

    def __init__(self, rng: Rng, rollout_turns: int = ROLLOUT_TURNS):
        self.rng = rng
        self.rollout_turns = rollout_turns

    def evaluate(self, state):
        g = state.engine
        if g.state.result is None:
            below = self.rng.below
            g.agents = [RandomAgent(below(1 << 30)) for _ in g.state.players]
            g.max_turns = min(g.max_turns, g.state.turn + self.rollout_turns)
            g.keep = False                          # a playout is never cloned
            d = g.decision
            choice = g.agents[d.player.index].choose(g, d)
            if d.multi and state._picks:            # keep the picks the search made
                rest = [i for i in choice if i not in state._picks]
                choice = tuple(sorted(state._picks + rest)[:d.max_count])
            g.apply(choice)
        return np.array(spiel.returns_of(g, len(g.state.players)))

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


class SearchAgent(Agent):
    """A seat played by OpenSpiel's MCTS (``kind`` ``mcts``) or IS-MCTS (``ismcts``)."""
    trusted = True
    searches = True             # needs a game that clones (see dsl.sim.play_one)

    def __init__(self, seed: int = 0, simulations: int = 200, kind: str = "mcts",
                 rollout_turns: Optional[int] = None):
        if kind not in ("mcts", "ismcts"):
            raise EngineError(f"unknown search `{kind}`; searches: mcts, ismcts")
        self.name = f"{kind}:{simulations}"
        self.kind = kind
        self.simulations = simulations
        self.rollout_turns = ROLLOUT_TURNS if rollout_turns is None else rollout_turns
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
                              "from outside a game that keeps checkpoints (as dsl.sim.play_one "
                              "and the REPL's `bot` command do), not as the game's own agent")
        sgame = spiel_game(game)
        seat = decision.player.index
        numpy_rng = np.random.RandomState(self.rng.below(1 << 30))
        evaluator = PlayoutEvaluator(Rng(self.rng.below(1 << 30)), self.rollout_turns)
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
