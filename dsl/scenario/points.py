"""The points of a scenario's steps: the state a `then at POINT` looks at, the table a
`given at POINT` arranges between two decisions, and the phases passed over when a
scenario starts in one (`given { phase NAME }`).

All of them come from one hook, the game's ``watch`` (see :class:`deckwright.dsl.engine.game.Game`):
the game tells it of each log line it writes and of each phase that starts, and a phase
whose start it answers with true is passed over. A game outside a scenario has no watch,
so it only tests that it has none, as it did before scenarios started in phases. A
scenario that looks at a phase's end (`at end of phase NAME`) runs the program's code
compiled with ``points``, where each phase's end tells the watch too: no other code pays
for it.

A point is where the game was when it came: the length of the log, and how many phase
starts and ends came since its last line. A copy of the game (undo, a rewind after an
error) comes back through the same points in the same order; the arrangements made at
them are made again there, and only points past the furthest one seen are new.
"""
from __future__ import annotations

from .arrange import Failure, Stop
from .syntax import PhasePoint, Text


class Snapshot:
    """The state as it was at a point of the steps (end of turn, a phase start, a log
    line), and how much of the log had been written."""
    __slots__ = ("state", "log_len")

    def __init__(self, state, log_len):
        self.state = state
        self.log_len = log_len


def point_key(point):
    """A point as the watch counts it: "turn end", ("phase", NAME), ("phase end", NAME)
    or ("log", TEXT)."""
    if isinstance(point, PhasePoint):
        return ("phase end" if point.end else "phase", point.name)
    if isinstance(point, Text):
        return ("log", point.text)
    return point


def nth_of(part) -> int:
    return part.nth.value if part.nth is not None else 1


def looks_at_phase_ends(sc) -> bool:
    """Whether a scenario has a part at the end of a phase (so runs the code that tells
    the watch of phase ends)."""
    return any(isinstance(part.point, PhasePoint) and part.point.end for part in sc.parts)


class Watch:
    """A scenario's ``Game.watch``. ``run`` is the runner: ``arrange_at(game, part)``
    arranges the table as a `given` at a point says."""

    def __init__(self, run):
        self.run = run
        self.start_phase = None       # the `phase NAME` line the scenario starts in
        self.first_turn = None        # the number of the turn it starts in
        self.began = False            # that phase has begun in that turn
        self.looking = None           # while a `when` runs: key → [parts at that point]
        self.counts: dict = {}        # key → how often it came during those steps
        self.snapshots: dict = {}     # (key, nth) → Snapshot, for a `then`
        self.arranged: set = set()    # ids of the `given` parts made during those steps
        self.made: dict = {}          # point → `given` part made there (made again in a copy)
        self.since_log = 0            # phases started or ended since the last log line
        self.frontier = (-1, 0)       # the furthest point seen: points up to it are a copy's

    # what the `when` before the parts wants
    def look(self, parts) -> None:
        """Watch the steps of a `when` for the points of the parts after it."""
        self.looking = {}
        for part in parts:
            self.looking.setdefault(point_key(part.point), []).append(part)
        self.counts, self.snapshots, self.arranged = {}, {}, set()

    def stop_looking(self) -> None:
        self.looking = None

    # the hook
    def __call__(self, g, phase, ends=False):
        if phase is None:
            self.since_log = 0
            text = g.log[-1].text
            turn_begins = text.startswith(("— turn ", "— round "))
            if turn_begins and self.start_phase is not None:
                self.turn_begins(g)
            if self.new_point(g):
                if turn_begins or text.startswith("game over:"):
                    self.came(g, "turn end", len(g.log) - 1)
                for key in list(self.looking or ()):
                    if type(key) is tuple and key[0] == "log" and key[1] in text:
                        self.came(g, key, len(g.log))
            return False
        self.since_log += 1
        if ends:                          # (a phase passed over neither begins nor ends)
            if self.new_point(g):
                self.came(g, ("phase end", phase), len(g.log))
            return False
        if self.start_phase is not None and self.passes_over(g, phase):
            return True
        if self.new_point(g):
            self.came(g, ("phase", phase), len(g.log))
        return False

    def new_point(self, g) -> bool:
        """Whether the game is at a point it has not been at before (else a copy of it is
        coming back through the points, and what was arranged at this one is made again)."""
        here = (len(g.log), self.since_log)
        if here > self.frontier:
            self.frontier = here
            return self.looking is not None
        part = self.made.get(here)
        if part is not None:
            self.run.arrange_at(g, part)
        return False

    def came(self, g, key, log_len: int) -> None:
        n = self.counts[key] = self.counts.get(key, 0) + 1
        for part in self.looking.get(key, ()):
            if nth_of(part) != n:
                continue
            if part.kind == "then":
                self.snapshots[(key, n)] = Snapshot(g.state.copy(), log_len)
            else:
                self.made[(len(g.log), self.since_log)] = part
                self.arranged.add(id(part))
                self.run.arrange_at(g, part)

    # a scenario that starts in a phase
    def turn_begins(self, g) -> None:
        if self.first_turn is None:
            self.first_turn = g.state.turn
        if g.state.turn == self.first_turn:
            self.began = False            # (again, in a copy that starts the turn over)
        elif not self.began:
            line = self.start_phase
            raise Stop(Failure(line.pos, f"phase `{line.args[0].word}` never began in the "
                                         f"first turn (turn {self.first_turn}): its phases "
                                         "were passed over until it ended"))

    def passes_over(self, g, phase: str) -> bool:
        """Whether the phase starting is one before the phase the scenario starts in."""
        if self.began or g.state.turn != self.first_turn:
            return False
        if phase == self.start_phase.args[0].word:
            self.began = True
            return False
        return True

    # what a part at a point found
    def missed(self, part) -> str:
        """Why the point of ``part`` was not found during the steps before it."""
        key, nth = point_key(part.point), nth_of(part)
        seen = self.counts.get(key, 0)
        where = f"during the steps before this `{part.kind}`"
        if nth == 1:
            what = ("no turn ended" if key == "turn end"
                    else f"no phase `{key[1]}` began" if key[0] == "phase"
                    else f"no phase `{key[1]}` ended" if key[0] == "phase end"
                    else f"the log did not say `{key[1]}`")
            return f"{what} {where}"
        what = ("a turn ended" if key == "turn end"
                else f"phase `{key[1]}` began" if key[0] == "phase"
                else f"phase `{key[1]}` ended" if key[0] == "phase end"
                else f"the log said `{key[1]}`")
        return f"{what} {seen} time{'' if seen == 1 else 's'} {where}, not a {part.nth.word} time"
