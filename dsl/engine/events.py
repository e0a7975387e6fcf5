"""What rules and agents exchange while a game runs: events, decisions, the log, the end."""
from __future__ import annotations

from typing import Any, Callable, Optional


class Event:
    """Something declared in the game: an action call (`draw`), a card moving, a turn
    starting. ``before`` reactions may set ``negated`` before it takes effect; a game that
    logs keeps in ``negated_by`` what negated it (the rules running, the statement's place)."""
    __slots__ = ("name", "data", "actor", "negated", "negated_by", "in_play_before",
                 "copied_before")

    def __init__(self, name: str, data: dict, actor):
        self.name = name
        self.data = data
        self.actor = actor
        self.negated = False
        self.negated_by = None
        # The cards among its fields that were in play as it took effect: their `when`
        # triggers still hear it if it took them out of play ("when this is destroyed").
        self.in_play_before = ()
        # Of those, the ones with copied text (`static copy text of`), and whose: (card,
        # the copied card's name). If the event takes one out of play, the text it had
        # then still hears it ("when this leaves play", copied).
        self.copied_before = ()

    def get(self, key: str):
        if key in self.data:
            return self.data[key]
        if key == "player":
            return self.actor
        if key == "name":
            return self.name
        if key == "targets":
            return []
        return None

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.data.items())
        return f"{self.name}({args})"


class Decision:
    """A choice the engine hands to an agent. ``values`` are what the rules get back;
    ``labels`` what a person reads, made from the values the first time they are read,
    every one reading differently (:func:`deckwright.dsl.visibility.tell_apart`); ``alike``
    says which options the chooser cannot tell apart. A choice is an index into them, or
    for ``min_count``/``max_count`` choices a tuple of distinct indices.

    >>> d = Decision(None, "one", "choose one", ["red", "blue"], ["red", "blue"])
    >>> d.labels, d.check(1), d.check(2)
    (['red', 'blue'], None, 'option 2 does not exist (choose 0 to 1)')
    >>> Decision(None, "one", "choose one", ["left", "left"], ["left", "left"]).labels
    ['left #1', 'left #2']
    """
    __slots__ = ("player", "kind", "_prompt", "_said", "values", "min_count", "max_count",
                 "secret", "source", "refresh", "_given", "_labels", "_alike", "_labeler",
                 "card", "why")

    def __init__(self, player, kind: str, prompt: str, labels: Optional[list], values: list,
                 min_count: int = 1, max_count: int = 1, secret: bool = False,
                 source: Optional[str] = None, refresh: Optional[Callable] = None,
                 labeler: Optional[Callable] = None, card=None, why=None):
        self.player = player
        self.kind = kind                   # move | choose | may | one
        # the question, or (function, *arguments) that says it to a reader when first read
        # (:meth:`prompt_for`): a game that only runs asks its bots without anyone reading it
        self._prompt = prompt
        self._said = None                  # reader's index → the question said to them
        self.values = values
        self.min_count = min_count
        self.max_count = max_count
        self.secret = secret
        self.source = source               # the card or rule asking
        # (lister, player) when the options can go stale while the decision is pending (an
        # offer, after the REPL's `eval`): ``lister(game, player)`` lists them again.
        self.refresh = refresh
        self._given = labels               # labels as the rules made them, if they did
        self._labels = None
        self._alike = None
        self._labeler = labeler
        self.card = card                   # the card asking, if any (who may read the question)
        # (action, parameter index, aiming ability or None) when the options are what
        # that action's `if` or its target's legality allows: a refusal reads the
        # action's tests, or what keeps a target out (deckwright.dsl.engine.legality);
        # (call, None, its event's fields, every option) for a card's target that a
        # `static forbid` of the call playing it narrowed: a refusal names the forbid
        self.why = why

    @property
    def prompt(self) -> str:
        """The question as its chooser reads it."""
        p = self._prompt
        return self.prompt_for(self.player) if type(p) is tuple else p

    @prompt.setter
    def prompt(self, text: str) -> None:
        self._prompt = text
        self._said = None

    def prompt_for(self, reader) -> str:
        """The question as ``reader`` reads it (a seat; None, the omniscient view): a
        question made as ``(function, *arguments)`` is said to each reader by
        ``function(*arguments, reader)`` when they first read it (a response window names
        the card it answers as that reader may read it).

        >>> d = Decision(None, "respond", (lambda who, r: f"{who}, {r}?", "Hello"), None, [0])
        >>> d.prompt_for(None)
        'Hello, None?'
        """
        p = self._prompt
        if type(p) is not tuple:
            return p
        said = self._said
        if said is None:
            said = self._said = {}
        key = None if reader is None else reader.index
        text = said.get(key)
        if text is None:
            text = said[key] = p[0](*p[1:], reader)
        return text

    def say_to(self, readers) -> None:
        """Say the question now to each of ``readers``: the state will not wait for them
        to read it (a stepped game, waiting for a seat)."""
        if type(self._prompt) is tuple:
            for r in readers:
                self.prompt_for(r)

    @property
    def labels(self) -> list:
        if self._labels is None:
            from ..visibility import tell_apart
            given = self._given
            if given is None:
                given = self._labeler(self.values, self.player)     # as the chooser sees them
            self._labels, self._alike = tell_apart(given, self.values, self.player)
        return self._labels

    @property
    def alike(self) -> list:
        """For each option, the first option its chooser cannot tell it from (itself if
        none): copies whose labels differ only by their number, "#1", "#2"."""
        labels = self.labels
        return list(range(len(labels))) if self._alike is None else self._alike

    def relabel(self) -> None:
        """Forget the labels (the values changed); they are made again when read."""
        if self._labeler is not None:
            self._given = self._labels = self._alike = None

    @property
    def multi(self) -> bool:
        return not (self.min_count == 1 and self.max_count == 1)

    def check(self, choice) -> Optional[str]:
        """The reason a choice is illegal, or None if it is legal."""
        n = len(self.values)
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

    def __repr__(self) -> str:
        return f"Decision({self.player}, {self.kind!r}, {self.prompt!r}, {len(self.values)} options)"


class GameOver(Exception):
    def __init__(self, winners: list, draw: bool, reason: str):
        super().__init__(reason)
        self.winners = winners
        self.draw = draw
        self.reason = reason


class TurnOut(Exception):
    """The player whose turn it is was eliminated: what is left of the turn's body is not
    played (docs/language.md, `eliminate`). Raised where the turn would go on with them
    (their next decision, move or phase) and caught where the turn's body is called."""


class LogEntry:
    __slots__ = ("turn", "text", "pos", "source", "secret_for", "extra")

    def __init__(self, turn: int, text: str, pos: Any = None, source: Optional[str] = None,
                 secret_for: Any = None, extra: Optional[dict] = None):
        self.turn = turn
        self.text = text
        self.pos = pos                     # the deck position that caused it
        self.source = source               # card or rule name
        self.secret_for = secret_for       # shown only to this player when set
        self.extra = extra if extra is not None else {}

    def __repr__(self) -> str:
        return f"LogEntry({self.turn}, {self.text!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, LogEntry) and (self.turn, self.text, self.pos, self.source,
                                                self.secret_for, self.extra) == (
            other.turn, other.text, other.pos, other.source, other.secret_for, other.extra)
