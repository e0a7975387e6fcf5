"""Agents: whoever takes a decision. The engine asks; an agent answers with a choice.

Every agent has ``choose(game, decision)`` returning an option index (or a tuple of
indices for a choice of several). Bots get their own seeded RNG, so a game is reproduced
by deck + game seed + bot seeds, or by deck + game seed + the recorded decisions.

>>> from deckwright.dsl.engine import Decision
>>> d = Decision(None, "move", "your move", ["play_thing: Coin", "pass"], [None, None])
>>> FirstLegalAgent().choose(None, d), ScriptedAgent(["pass"]).choose(None, d)
(0, 1)
"""
from __future__ import annotations

import copy
from typing import Iterable

from .engine.state import CardInst
from .errors import EngineError
from .rng import Rng


class Agent:
    name = "agent"
    trusted = False          # a built-in bot, whose choices are legal by construction
    # A bot whose choice depends only on the kind of decision and how many options it
    # has: ``pick(n, kind, lo, hi)`` chooses, and a game that only runs asks it without
    # making the Decision (see Game.quick).
    quick = False

    def choose(self, game, decision):
        raise NotImplementedError

    def copy(self) -> "Agent":
        """An agent in the same state, for a copy of the game (see Game.clone)."""
        return self


class RandomAgent(Agent):
    """Uniformly random among legal options; passes less often so games move on."""
    name = "random"
    trusted = True
    quick = True

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    def copy(self) -> "RandomAgent":
        other = copy.copy(self)
        other.rng = self.rng.copy()
        return other

    def choose(self, game, decision):
        return self.pick(len(decision.values), decision.kind, decision.min_count,
                         decision.max_count)

    def pick(self, n: int, kind: str, lo: int = 1, hi: int = 1):
        below = self.rng.below
        if lo != 1 or hi != 1:
            k = lo + below(hi - lo + 1)
            picks = list(range(n))
            self.rng.shuffle(picks)
            return tuple(sorted(picks[:k]))
        if kind == "move" and n > 1 and below(4) != 0:
            return below(n - 1)              # the last option is `pass`
        return below(n)


class FirstLegalAgent(Agent):
    """Always the first option (or the fewest allowed, first ones): a deterministic bot."""
    name = "first"
    trusted = True
    quick = True

    def choose(self, game, decision):
        return self.pick(len(decision.values), decision.kind, decision.min_count,
                         decision.max_count)

    def pick(self, n: int, kind: str, lo: int = 1, hi: int = 1):
        if lo != 1 or hi != 1:
            return tuple(range(lo))
        return 0


class ScriptedAgent(Agent):
    """Plays a list of choices in order: option numbers, tuples of them, or labels
    (``"play_thing: Lucky Coin"``, ``"pass"``, ``"yes"``). Used by tests and replays."""
    name = "scripted"

    def __init__(self, choices: Iterable, fallback: Agent | None = None):
        self.choices = list(choices)
        self.position = 0
        self.fallback = fallback

    def copy(self) -> "ScriptedAgent":
        other = copy.copy(self)
        other.fallback = self.fallback.copy() if self.fallback is not None else None
        return other

    def choose(self, game, decision):
        if self.position >= len(self.choices):
            if self.fallback is not None:
                return self.fallback.choose(game, decision)
            raise ScriptExhausted(decision)
        choice = self.choices[self.position]
        self.position += 1
        return resolve_choice(decision, choice)


class SharedScript(Agent):
    """One script for every seat, in the order the game asks (a recorded game)."""
    name = "replay"

    def __init__(self, choices: Iterable):
        self.script = ScriptedAgent(choices)

    def copy(self) -> "SharedScript":
        other = copy.copy(self)
        other.script = self.script.copy()
        return other

    def choose(self, game, decision):
        return self.script.choose(game, decision)


class ScriptExhausted(EngineError):
    def __init__(self, decision):
        super().__init__(f"the script has no choice left for: {decision.prompt} "
                         f"({decision.player})")
        self.decision = decision


def resolve_choice(decision, choice):
    """A label or list of labels → indices; numbers pass through."""
    if isinstance(choice, str):
        index = _index_of(decision, choice)
        return (index,) if decision.multi else index
    if isinstance(choice, int) and not isinstance(choice, bool) and decision.multi:
        return (choice,)
    if isinstance(choice, (list, tuple)):
        taken: list = []              # `lamp, lamp` takes two copies
        for c in choice:
            taken.append(_index_of(decision, c, taken) if isinstance(c, str) else c)
        return tuple(taken)
    return choice


def matching(names, typed: str) -> list:
    """The indices of the names a typed answer means, by one rule (the REPL's Enter and
    Tab, `card NAME` and scripts share it): the name itself; else the names equal to it
    ignoring case; else those containing it, ignoring case. One name is the answer;
    several are ambiguous.

    >>> matching(["play_thing: Windmill", "play_thing: Wind Vane", "pass"], "mill")
    [0]
    >>> matching(["play_thing: Windmill", "play_thing: Wind Vane", "pass"], "play_thing: wind")
    [0, 1]
    """
    names = list(names)
    exact = [i for i, n in enumerate(names) if n == typed]
    if exact:
        return exact
    low = typed.lower()
    lowered = [n.lower() for n in names]
    for test in (str.__eq__, lambda n, t: t in n):
        found = [i for i, n in enumerate(lowered) if test(n, low)]
        if found:
            return found
    return []


def cards_named(names, name: str) -> list:
    """The card names that the REPL's `card NAME` and `deckwright explain DECK NAME` may
    mean by ``name``: the one it spells (quotes aside, in any case), else every one it
    matches by Enter's rule, :func:`matching` (one is found, more are ambiguous)."""
    name = name.strip().strip('"')
    if name in names:
        return [name]
    lowered = {n.lower(): n for n in names}
    if name.lower() in lowered:
        return [lowered[name.lower()]]
    names = list(names)
    return [names[i] for i in matching(names, name)]


def ambiguous(typed: str, names: list, numbered: bool = True) -> str:
    """The message for a typed answer that means several different names."""
    shown = list(dict.fromkeys(names))
    return (f"`{typed}` is ambiguous: it matches {', '.join(shown)} "
            f"(type more of one{', or its number' if numbered else ''})")


def answers(decision, typed: str, taken=()) -> list:
    """The options a typed answer means, one for each set of options its chooser cannot
    tell apart: copies numbered "#1", "#2" are one answer, the first of them it matches
    that is not ``taken`` already (`lamp` takes "Lamp #1", `lamp #2` the second, and
    `lamp, lamp` both)."""
    alike, pick = decision.alike, {}
    for i in matching(decision.labels, typed):
        g = alike[i]
        if g not in pick or (pick[g] in taken and i not in taken):
            pick[g] = i
    return list(pick.values())


def _index_of(decision, label: str, taken=()) -> int:
    found = answers(decision, label, taken)
    if not found:
        raise EngineError(f"no option `{label}` in: {', '.join(decision.labels)}")
    if len(found) > 1:
        raise EngineError(ambiguous(label, [decision.labels[i] for i in found]))
    return found[0]


class GreedyAgent(RandomAgent):
    """Greedy by verb, then by a card number: among the moves whose label starts with the
    first verb in ``verbs`` that has any (``play...`` before ``buy...`` by default), take
    the one whose card has the highest ``prop`` (``cost``), ties broken at random. With no
    such move it uses some other move half the time, else passes; every other decision
    is random. It knows no game: only move labels and a card property's name."""
    name = "greedy"
    quick = False            # it reads the moves' labels

    def __init__(self, seed: int = 0, verbs=("play", "buy"), prop: str = "cost"):
        super().__init__(seed)
        self.verbs = tuple(verbs)
        self.prop = prop

    def _worth(self, game, value) -> int:
        # a move's option is (move index, the card or other value it is made with)
        card = value[1] if isinstance(value, tuple) and value[0] >= 0 else None
        if not isinstance(card, CardInst) or game is None:
            return 0
        v = game.defs[card.name].props.get(self.prop, game.program.properties.get(self.prop))
        return v if isinstance(v, int) else 0

    def choose(self, game, decision):
        if decision.kind != "move" or decision.multi:
            return super().choose(game, decision)
        labels = decision.labels
        for verb in self.verbs:
            picks = [i for i, label in enumerate(labels) if label.startswith(verb)]
            if picks:
                worth = [self._worth(game, decision.values[i]) for i in picks]
                best = max(worth)
                top = [i for i, w in zip(picks, worth) if w == best]
                return top[self.rng.below(len(top))]
        others = [i for i, label in enumerate(labels) if label != "pass"]
        if others and self.rng.below(2) == 0:
            return others[self.rng.below(len(others))]
        return labels.index("pass") if "pass" in labels else 0


BOTS = {"random": RandomAgent, "first": FirstLegalAgent, "greedy": GreedyAgent}

# Searching bots, from OpenSpiel (an optional extra, deckwright.dsl.search), with a budget of
# simulations a move: `mcts:200`.
SEARCH_BOTS = ("mcts", "ismcts")
ALL_BOTS = tuple(BOTS) + SEARCH_BOTS


def parse_bot(name: str) -> tuple:
    """A bot's name and budget: ``"mcts:200"`` → ``("mcts", 200)``; no budget → None.

    >>> parse_bot("mcts:200"), parse_bot("random")
    (('mcts', 200), ('random', None))
    """
    kind, colon, budget = name.partition(":")
    if not colon:
        return kind, None
    if kind not in SEARCH_BOTS:
        raise EngineError(f"bot `{kind}` takes no budget (only {', '.join(SEARCH_BOTS)} do: "
                          f"`mcts:200`)")
    if not budget.isdigit() or int(budget) < 1:
        raise EngineError(f"the budget in `{name}` must be a whole number of simulations, "
                          f"1 or more")
    return kind, int(budget)


def check_bot(name: str):
    """Why ``name`` is not a bot one can make here, or None if it is."""
    try:
        kind, _ = parse_bot(name)
    except EngineError as err:
        return str(err)
    if kind in SEARCH_BOTS:
        from .search import MISSING, available
        return None if available() else MISSING
    if kind not in BOTS:
        return f"unknown bot `{kind}`; bots: {', '.join(ALL_BOTS)}"
    return None


def make_bot(name: str, seed: int) -> Agent:
    reason = check_bot(name)
    if reason is not None:
        raise EngineError(reason)
    kind, budget = parse_bot(name)
    if kind in SEARCH_BOTS:
        from .search.bots import make_search_bot
        return make_search_bot(kind, budget, seed)
    cls = BOTS[kind]
    return cls(seed) if issubclass(cls, RandomAgent) else cls()
