"""A game you step through one decision at a time (the REPL, tests, tools).

A :class:`Session` holds a stepped :class:`~deckwright.dsl.engine.game.Game` whose seats without a
bot are played by the caller, in the OpenSpiel shape: ``decision``, ``legal()``,
``apply(choice)``, ``is_over``, ``result``. Seats with bots play on their own.

* An illegal choice comes back as a :class:`~deckwright.dsl.errors.Refusal` and changes nothing.
* If an action breaks a limit (step budget, trigger depth...), ``apply`` restores the game
  to the state before that choice and raises the EngineError.
* ``undo`` and ``redo`` rebuild the game with one choice fewer or more, from the copy of
  the state the game keeps at every turn start: a game is its deck, seed and decisions,
  so this is exact.

>>> from deckwright.dsl.loader import load_program
>>> s = Session(load_program("example"), seed=1, players=2)
>>> s.decision.player.name, "pass" in s.legal()
('P2', True)
>>> s.apply("pass") is None, s.apply(999).reason
(True, 'option 999 does not exist (choose 0 to 5)')
"""
from __future__ import annotations

from typing import Optional

from .agents import make_bot
from .engine import Effect, Game
from .errors import EngineError, Refusal
from .program import Program

__all__ = ["Session", "Effect"]


class Session:
    def __init__(self, program: Program, seed: int = 1, players: Optional[int] = None,
                 bots: Optional[dict] = None, options: Optional[dict] = None,
                 choices: Optional[list] = None, arrange=None, evaluate=None, prepare=None,
                 code=None):
        """``bots`` maps seat index → bot name for seats the session should not ask.
        ``evaluate(game, player, text)`` runs an :class:`Effect` (see :meth:`run_effect`).
        ``prepare(game)`` is called with the new game before it starts, before its setup
        (a scenario's arranged random draws). ``code``: the program's code to run (by
        default its stepped code; a scenario's may tell its watch more)."""
        self.program = program
        self.code = code
        if evaluate is None:
            from .adhoc import AdHoc
            evaluate = AdHoc(program)
        self.evaluate = evaluate
        self.seed = seed
        self.players = players or max(program.min_players, 2)
        self.bots = dict(bots or {})
        self.options = dict(options or {})
        self.arrange = arrange
        self.prepare = prepare
        self.redo_stack: list = []
        self.game: Game = self._new_game(list(choices or []))

    def _new_game(self, choices: list) -> Game:
        agents = [make_bot(self.bots[i], self.seed * 1000 + i + 1) if i in self.bots else None
                  for i in range(self.players)]
        game = Game(self.program, seed=self.seed, agents=agents, players=self.players,
                    options=self.options, arrange=self.arrange, checkpoints=True,
                    code=self.code)
        game.evaluate = self.evaluate
        game._feed = list(choices)
        if self.prepare is not None:
            self.prepare(game)
        game.start()
        if game._feed:
            raise EngineError("the recorded choices do not fit this game "
                              f"({len(game._feed)} left over)")
        return game

    def close(self):
        """Nothing to release (kept for callers of the threaded session)."""

    # --- the OpenSpiel shape ----------------------------------------------------------
    @property
    def decision(self):
        return self.game.decision

    @property
    def choices(self) -> list:
        """The caller's steps so far (choices and effects), in order."""
        return self.game.history

    @property
    def state(self):
        return self.game.state

    @property
    def is_over(self) -> bool:
        return self.game.decision is None

    @property
    def result(self):
        return self.game.state.result

    def legal(self) -> list:
        return self.game.legal()

    def refusal(self, choice) -> Optional[Refusal]:
        """Why ``apply(choice)`` would be refused, without applying it; None if it would
        be taken. (A taken choice can still fail later, when its effect breaks a limit.)"""
        return self.game.refusal(choice)

    def apply(self, choice) -> Optional[Refusal]:
        """Take a choice (index, tuple of indices, or label). Refused choices change
        nothing; a choice whose action breaks a limit is undone before the error rises."""
        refused = self.game.refusal(choice)
        if refused is not None:
            return refused
        self.redo_stack.clear()
        self._step(choice)
        return None

    def _step(self, step):
        before = len(self.game.history)
        try:
            self.game.apply(step)
        except EngineError:
            self.game = self.game.rewind(before)      # back to the state before this step
            raise

    def run_effect(self, text: str) -> None:
        """Run an ad-hoc effect now, as the deciding player, and record it in the history
        (undo takes it back; replay runs it again at the same point). If it breaks a
        limit, the game is restored and the EngineError rises."""
        if self.game.decision is None:
            raise EngineError("the game is over")
        if self.evaluate is None:
            raise EngineError("this session cannot evaluate effects")
        self.redo_stack.clear()
        self._step(Effect(text))

    def undo(self) -> bool:
        if not self.game.history:
            return False
        self.redo_stack.append(self.game.history[-1])
        self.game = self.game.rewind(len(self.game.history) - 1)
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self._step(self.redo_stack.pop())
        return True

    def replay(self, choices: list) -> None:
        """Rebuild the game through ``choices``: recorded steps as :attr:`choices` holds
        them (a prefix of it to go back several steps at once, or more to go forward).
        The redo stack is kept. EngineError if they do not fit.

        >>> from deckwright.dsl.loader import load_program
        >>> s = Session(load_program("example"), seed=1, players=2)
        >>> s.apply("pass"), s.replay([]), s.choices
        (None, None, [])
        """
        choices = list(choices)
        history = self.game.history
        if len(choices) <= len(history) and choices == history[:len(choices)]:
            self.game = self.game.rewind(len(choices))      # from the nearest turn start
        else:
            self.game = self._new_game(choices)

    def to_save(self) -> dict:
        """What a save file holds: enough to rebuild this exact game."""
        return {"deck": self.program.name, "seed": self.seed, "players": self.players,
                "bots": {str(k): v for k, v in self.bots.items()}, "options": self.options,
                "choices": [list(c) if isinstance(c, tuple) else
                            {"eval": c.text} if isinstance(c, Effect) else c
                            for c in self.choices]}

    @classmethod
    def from_save(cls, program: Program, data: dict, evaluate=None) -> "Session":
        choices = [tuple(c) if isinstance(c, list) else
                   Effect(c["eval"]) if isinstance(c, dict) else c for c in data["choices"]]
        return cls(program, seed=data["seed"], players=data["players"],
                   bots={int(k): v for k, v in data.get("bots", {}).items()},
                   options=data.get("options"), choices=choices, evaluate=evaluate)
