"""What compiled effects see while they run: the context, events and decisions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional


class Ctx:
    """Who is acting (``you``), which card speaks (``this``), the event being handled,
    the element a `where` clause is looking at (``it``) and local names."""
    __slots__ = ("g", "you", "this", "event", "it", "loc")

    def __init__(self, g, you, this=None, event=None, loc=None):
        self.g = g
        self.you = you
        self.this = this
        self.event = event
        self.it = None
        self.loc = loc if loc is not None else {}

    def child(self, you=None, this=None, event=None, loc=None) -> "Ctx":
        return Ctx(self.g, self.you if you is None else you,
                   self.this if this is None else this,
                   self.event if event is None else event,
                   self.loc if loc is None else loc)


class Event:
    """Something declared in the game: an action call (`draw`), a card moving, a turn
    starting. ``before`` reactions may set ``negated`` before it takes effect."""
    __slots__ = ("name", "data", "actor", "negated", "in_play_before")

    def __init__(self, name: str, data: dict, actor):
        self.name = name
        self.data = data
        self.actor = actor
        self.negated = False
        # The cards among its fields that were in play as it took effect: their `when`
        # triggers still hear it if it took them out of play ("when this is destroyed").
        self.in_play_before = ()

    def get(self, key: str):
        if key in self.data:
            return self.data[key]
        if key == "player":
            return self.actor
        if key == "name":
            return self.name
        return None

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.data.items())
        return f"{self.name}({args})"


@dataclass
class Decision:
    """A choice the engine hands to an agent. ``labels`` are what a person reads;
    ``values`` what the rules get back. A choice is an index into them, or for
    ``min_count``/``max_count`` choices a tuple of distinct indices."""
    player: Any
    kind: str                        # move | choose | may | one
    prompt: str
    labels: list
    values: list
    min_count: int = 1
    max_count: int = 1
    secret: bool = False
    source: Optional[str] = None     # the card or rule asking
    # Recomputes ``labels``/``values`` in place when the state changed while the decision
    # was pending (the REPL's `eval`); None when the options cannot go stale.
    refresh: Any = field(default=None, repr=False, compare=False)

    @property
    def multi(self) -> bool:
        return not (self.min_count == 1 and self.max_count == 1)

    def check(self, choice) -> Optional[str]:
        """The reason a choice is illegal, or None if it is legal."""
        n = len(self.labels)
        if not self.multi:
            if isinstance(choice, bool) or not isinstance(choice, int):
                return f"expected one option number, got {choice!r}"
            if not 0 <= choice < n:
                return f"option {choice} does not exist (choose 0 to {n - 1})"
            return None
        if not isinstance(choice, (tuple, list)) or not all(
                isinstance(i, int) and not isinstance(i, bool) for i in choice):
            return f"expected a list of option numbers, got {choice!r}"
        if len(set(choice)) != len(choice):
            return "an option was chosen twice"
        if not self.min_count <= len(choice) <= self.max_count:
            if self.min_count == self.max_count:
                return f"choose exactly {self.min_count}"
            return f"choose between {self.min_count} and {self.max_count}"
        bad = [i for i in choice if not 0 <= i < n]
        if bad:
            return f"option {bad[0]} does not exist (choose 0 to {n - 1})"
        return None

    def describe(self) -> str:
        lines = [f"{self.player}: {self.prompt}"]
        lines += [f"  [{i}] {label}" for i, label in enumerate(self.labels)]
        return "\n".join(lines)


class GameOver(Exception):
    def __init__(self, winners: list, draw: bool, reason: str):
        super().__init__(reason)
        self.winners = winners
        self.draw = draw
        self.reason = reason


@dataclass
class LogEntry:
    turn: int
    text: str
    pos: Any = None                  # the deck position that caused it
    source: Optional[str] = None     # card or rule name
    secret_for: Any = None           # shown only to this player when set
    extra: dict = field(default_factory=dict)
