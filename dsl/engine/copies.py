"""A game's copies: checkpoints at turn starts, clones at a decision, and rewinds (undo).

A clone or a rewind starts from the last checkpoint at or before the wanted step (a copy of
the state at a turn start) and replays the decisions since; once the turn so far holds
:data:`RESUME_AFTER` decisions, a clone copies the state and makes the running rules again
from data instead (:mod:`.resume`). A mixin of :class:`~.game.Game`.
"""
from __future__ import annotations

from .state import Player


# A clone resumes from data once the turn so far holds this many decisions: measured
# (bench/clone.py, 3 Dec), its copy of the running frames costs about what replaying
# seven decisions of a turn costs (docs/performance.md).
RESUME_AFTER = 8


class Checkpoint:
    """The game at the start of a turn: a copy of the state, of the agents, and how far
    the history had come. A game is rebuilt from one by replaying the history since."""
    __slots__ = ("steps_taken", "decisions", "state", "seat", "log_len", "budget_steps",
                 "agents")

    def __init__(self, steps_taken, decisions, state, seat, log_len, budget_steps, agents):
        self.steps_taken = steps_taken
        self.decisions = decisions
        self.state = state
        self.seat = seat
        self.log_len = log_len
        self.budget_steps = budget_steps
        self.agents = agents


class Copies:
    """Checkpoints, ``clone`` and ``rewind`` of a :class:`~.game.Game`."""

    def checkpoint(self, seat: Player):
        """Called by the rules at every turn start when the game keeps checkpoints."""
        snapshot = self.state.copy()
        self.checkpoints.append(Checkpoint(
            len(self.history), len(self.decisions), snapshot, seat.index,
            len(self.log), self.steps, [_copy_agent(a) for a in self.agents]))

    def clone(self) -> "Copies":
        """An independent game at the same decision point: the last checkpoint's copy of
        the state with the history since replayed, or, once the turn so far holds
        :data:`RESUME_AFTER` decisions or more, a copy of the state with the running
        rules made again from data (resume.py), where that can be done."""
        ck = self.checkpoints[-1] if self.checkpoints else None
        if ck is not None and len(self.history) - ck.steps_taken >= RESUME_AFTER:
            from .resume import resumed
            copy = resumed(self)
            if copy is not None:
                return copy
        return self.rewind(len(self.history))

    def rewind(self, steps: int) -> "Copies":
        """A new game at the decision where the history had ``steps`` steps (fewer than
        now: undo; as many: a clone). The game itself is left as it is."""
        ck = None
        for c in reversed(self.checkpoints):
            if c.steps_taken <= steps:
                ck = c
                break
        g = type(self).__new__(type(self))
        g.__dict__.update(self.__dict__)
        g._reset_engine()
        g.agents = [_copy_agent(a) for a in (ck.agents if ck else self._initial_agents())]
        g.checkpoints = [c for c in self.checkpoints if c.steps_taken <= steps]
        g.decision = None
        if ck is None:
            g.state = g._new_state()
            g._build(len(self.state.players))
            g.log, g.decisions, g.history = [], [], []
            g._feed = list(self.history[:steps])
            g.start()
            return g
        g._restore(ck)
        g.log = self.log[:ck.log_len]
        g.decisions = self.decisions[:ck.decisions]
        g.history = self.history[:ck.steps_taken]
        g._feed = list(self.history[ck.steps_taken:steps])
        g.start(g.state.players[ck.seat])
        return g

    def _restore(self, ck: Checkpoint) -> None:
        """The state of a checkpoint (a copy of it), with the engine's counts of what is in
        play made again."""
        self.state = ck.state.copy()
        self.copiers_in_play = sum(c.name in self.copiers for z in self.state.inplay
                                   for c in z.cards)
        for z in self.state.inplay:
            for c in z.cards:
                self.in_play_n[c.d] += 1
                self.able_in_play += self.able_table[c.d]
        self.in_play_cards = sum(len(z.cards) for z in self.state.inplay)
        self.steps = ck.budget_steps

    def _initial_agents(self) -> list:
        return self._first_agents


def _copy_agent(agent):
    if agent is None:
        return None
    copy = getattr(agent, "copy", None)
    return copy() if copy is not None else agent
