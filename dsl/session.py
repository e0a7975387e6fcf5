"""A game you step through one decision at a time (the REPL, tests, tools).

The engine runs a game straight through, asking agents as it goes. A :class:`Session`
runs it on a worker thread and parks it whenever a seat without a bot must decide, so
the caller sees the OpenSpiel shape: ``decision``, ``legal()``, ``apply(choice)``,
``is_over``, ``result``. Seats with bots play on their own.

* An illegal choice comes back as a :class:`~dsl.errors.Refusal` and changes nothing.
* If an action breaks a limit (step budget, trigger depth...), ``apply`` restores the game
  to the state before that choice, by replaying the game, and raises the EngineError.
* ``undo`` and ``redo`` replay the game with one choice fewer or more: a game is its deck,
  seed and decisions, so replay is exact.

>>> from dsl.loader import load_program
>>> s = Session(load_program("example"), seed=1, players=2)
>>> s.decision.player.name, "pass" in s.legal()
('P2', True)
>>> s.apply("pass") is None, s.apply(999).reason
(True, 'option 999 does not exist (choose 0 to 5)')
"""
from __future__ import annotations

import queue
import threading
from typing import Optional

from .agents import Agent, make_bot, resolve_choice
from .engine import Game
from .errors import EngineError, Refusal
from .program import Program


class Effect:
    """An ad-hoc effect run between two decisions (the REPL's `eval`). It is a step of the
    game's history like a choice, so undo, redo, save and replay reproduce it."""
    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text

    def __eq__(self, other) -> bool:
        return isinstance(other, Effect) and other.text == self.text

    def __repr__(self) -> str:
        return f"Effect({self.text!r})"


class _Abort(BaseException):
    """Unwinds an abandoned game thread (not an Exception, so no rule code catches it)."""


class _Parked(Agent):
    """The agent of every seat the session's caller plays: hands the decision over."""

    def __init__(self, session: "Session"):
        self.session = session

    def choose(self, game, decision):
        s = self.session
        while True:
            if s._replay_queue:
                choice = s._replay_queue.pop(0)
            else:
                s._out.put(("decision", decision))
                choice = s._in.get()
                if choice is _ABORT:
                    raise _Abort()
            if not isinstance(choice, Effect):
                return choice
            s._run_effect(game, decision, choice)      # then ask again, options refreshed


_ABORT = object()


class Session:
    def __init__(self, program: Program, seed: int = 1, players: Optional[int] = None,
                 bots: Optional[dict] = None, options: Optional[dict] = None,
                 choices: Optional[list] = None, arrange=None, evaluate=None):
        """``bots`` maps seat index → bot name for seats the session should not ask.
        ``evaluate(game, player, text)`` runs an :class:`Effect` (see :meth:`run_effect`)."""
        self.program = program
        self.evaluate = evaluate
        self.seed = seed
        self.players = players or max(program.min_players, 2)
        self.bots = dict(bots or {})
        self.options = dict(options or {})
        self.arrange = arrange
        self.choices: list = []          # choices the caller made, in order
        self.redo_stack: list = []
        self.game: Optional[Game] = None
        self.decision = None
        self.error: Optional[EngineError] = None
        self._thread = None
        self._start(list(choices or []))

    # --- the worker ------------------------------------------------------------------
    def _start(self, choices: list):
        self._stop()
        self._in: queue.Queue = queue.Queue()
        self._out: queue.Queue = queue.Queue()
        self._replay_queue = list(choices)
        parked = _Parked(self)
        agents = [make_bot(self.bots[i], self.seed * 1000 + i + 1) if i in self.bots else parked
                  for i in range(self.players)]
        self.game = Game(self.program, seed=self.seed, agents=agents, players=self.players,
                         options=self.options, arrange=self.arrange)
        self.choices = list(choices)
        self._thread = threading.Thread(target=self._run, args=(self.game,), daemon=True)
        self._thread.start()
        self._wait()
        if self._replay_queue:
            self._stop()
            raise EngineError("the recorded choices do not fit this game "
                              f"({len(self._replay_queue)} left over)")

    def _run(self, game: Game):
        try:
            result = game.run()
        except _Abort:
            return
        except EngineError as err:
            self._out.put(("error", err))
            return
        except Exception as err:             # a bug in Deckwright: report, don't hang
            self._out.put(("error", EngineError(f"internal error: {type(err).__name__}: {err}")))
            return
        self._out.put(("over", result))

    def _wait(self):
        kind, payload = self._out.get()
        if kind == "decision":
            self.decision = payload
        else:
            self.decision = None
            self._thread.join()
            if kind == "error":
                raise payload

    def _stop(self):
        if self._thread is not None and self._thread.is_alive():
            self._in.put(_ABORT)
            self._thread.join()

    def close(self):
        self._stop()

    # --- the OpenSpiel shape ----------------------------------------------------------
    @property
    def state(self):
        return self.game.state

    @property
    def is_over(self) -> bool:
        return self.decision is None

    @property
    def result(self):
        return self.game.state.result

    def legal(self) -> list:
        return list(self.decision.labels) if self.decision else []

    def refusal(self, choice) -> Optional[Refusal]:
        """Why ``apply(choice)`` would be refused, without applying it; None if it would
        be taken. (A taken choice can still fail later, when its effect breaks a limit.)"""
        if self.decision is None:
            return Refusal("the game is over")
        try:
            choice = resolve_choice(self.decision, choice)
        except EngineError as err:
            return Refusal(str(err))
        reason = self.decision.check(choice)
        return Refusal(reason) if reason is not None else None

    def apply(self, choice) -> Optional[Refusal]:
        """Take a choice (index, tuple of indices, or label). Refused choices change
        nothing; a choice whose action breaks a limit is undone before the error rises."""
        refused = self.refusal(choice)
        if refused is not None:
            return refused
        choice = resolve_choice(self.decision, choice)
        before = list(self.choices)
        self.choices.append(choice)
        self.redo_stack.clear()
        self._in.put(choice)
        try:
            self._wait()
        except EngineError as err:
            self._start(before)          # back to the state before this choice
            raise err
        return None

    def run_effect(self, text: str) -> None:
        """Run an ad-hoc effect now, as the deciding player, and record it in the history
        (undo takes it back; replay runs it again at the same point). If it breaks a
        limit, the game is restored and the EngineError rises."""
        if self.decision is None:
            raise EngineError("the game is over")
        if self.evaluate is None:
            raise EngineError("this session cannot evaluate effects")
        before = list(self.choices)
        self.choices.append(Effect(text))
        self.redo_stack.clear()
        self._in.put(Effect(text))
        try:
            self._wait()
        except EngineError as err:
            self._start(before)
            raise err

    def _run_effect(self, game, decision, step: "Effect"):
        self.evaluate(game, decision.player, step.text)
        if decision.refresh is not None:
            decision.refresh()

    def undo(self) -> bool:
        if not self.choices:
            return False
        self.redo_stack.append(self.choices[-1])
        self._restart(self.choices[:-1])
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        choice = self.redo_stack.pop()
        stack = self.redo_stack
        self._restart(self.choices + [choice])
        self.redo_stack = stack
        return True

    def replay(self, choices: list) -> None:
        """Rebuild the game from its start through ``choices``: recorded steps as
        :attr:`choices` holds them (a prefix of it to go back several steps at once, or
        more to go forward). The redo stack is kept. EngineError if they do not fit.

        >>> from dsl.loader import load_program
        >>> s = Session(load_program("example"), seed=1, players=2)
        >>> s.apply("pass"), s.replay([]), s.choices
        (None, None, [])
        """
        self._restart(list(choices))

    def _restart(self, choices: list):
        stack = self.redo_stack
        self._start(choices)
        self.redo_stack = stack

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
