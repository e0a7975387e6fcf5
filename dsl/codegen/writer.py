"""Writing Python source, the Jinja2 way: lines to a buffer, a frame per function.

Every identifier in the generated source is made here (or is a runtime helper's name,
:mod:`deckwright.dsl.codegen.runtime`); a deck's names never become identifiers. Deck values enter
the source only through :func:`literal`, which emits the ``repr()`` of a ``str``, ``int``,
``bool`` or ``None`` (lists of those as list displays) and refuses anything else.
"""
from __future__ import annotations

from typing import Optional

from ..errors import EngineError

MAX_LITERAL_INT = 10 ** 12         # decks' numbers are capped far below this by the checker

# The generator's vocabulary: every identifier in generated source is one of these, a
# name `Writer.fresh` made (a prefix of letters and a number, see GENERATED), a runtime
# helper's name or an allowed builtin (deckwright.dsl.codegen.runtime). tests/test_codegen_safety.py
# checks every bundled deck's source, and decks of injection attempts, against it.
GENERATED = r"^[A-Za-z_]+[0-9]+[bw]?$"
NAMES = frozenset({
    # parameters and locals of the templates
    "g", "you", "this", "ev", "S", "start", "cur", "skip", "first", "player", "pl", "out",
    "x", "data", "card", "zone", "pos", "index", "what", "host", "name", "n", "fx", "ab",
    "k", "c", "d", "t", "st", "src", "yo", "w", "fired", "leaving", "entering", "_", "v",
    # the functions every program's module defines
    "MAIN", "SETUP", "TURN", "TURN_BODY", "ROUND", "WHENEVERS", "ACTIVATE", "RESOLVE",
    "MV", "MV1", "ATTACH", "CREATE", "GAIN", "LOSE", "EVAL", "WINDOW", "RESPOND",
    # the locals of WINDOW
    "order", "quiet", "made", "i", "p", "opts", "lister",
    # a step's window (a phase start, or after a move of `mover`'s `offer` loop), and what
    # its offer depends on (STEP_KEY's locals)
    "STEP_WINDOW", "STEP_KEY", "key", "o", "mover",
    # declared targets: how many may be chosen (fewest, most), and those still legal
    "lo", "hi", "now",
    # ACTIVATE's flag: an ability used through `use ability of`, its costs not paid
    "free",
    # a card's targets chosen as it is played (`target for`): the helper that chooses
    # them, and the card with what it chose, handed to the body's `resolve`; where a
    # forbid of the play reads them, the helper's choice alone, what it chose as the move
    # playing the card started, and the targets the forbid allows
    "AIM", "aim", "AIMS", "pre", "allowed",
    # a move's state as it began, put back when a play it makes is refused, and the
    # words of a card's `require` that refuses a play (dsl/codegen/plays.py)
    "snap", "why",
    # MP's flag: every forbid that refuses a move's play (a refusal's words), not the first
    "every",
    # the card an event's helper names as its source (when the deck reads `source`), and
    # the ability it names (when the deck reads an event's `ability`)
    "by", "byab"})
# Attributes generated code reads or writes: the game's, the state model's, events',
# decisions' and the checked program's fields, and list/set/dict methods.
ATTRIBUTES = frozenset({
    "active", "actor", "add", "alive", "append", "arrange", "ask", "ask_quick", "attached_to",
    "budget", "cards", "chain", "checkpoint", "controller", "copied_before", "copiers_in_play",
    "counters", "d", "data", "defer", "depth", "event", "extend", "face_up", "from_zone", "get", "globals",
    "id", "in_play", "in_play_before", "in_play_cards", "in_whenever", "index", "inplay", "keep",
    "kind",
    "label", "target",
    "labels_of", "logging", "marks", "name", "negated", "once", "once_per_turn", "options",
    "owner", "phase", "players", "pop", "pos", "quick", "res", "side", "sizes", "state",
    "steps", "timed", "token", "triggers", "turn", "turn_of", "turns", "used", "uses", "values",
    "vars", "write", "z", "zl", "zn", "zone", "turned", "rotated", "inverted", "passed",
    "log_forced", "watch"})


def has_safe_repr(v) -> bool:
    """Whether ``repr(v)`` is Python source that evaluates back to ``v`` and to nothing
    else: text, whole numbers, truth values, none, and lists of them."""
    t = type(v)
    if t is str or t is bool or v is None:
        return True
    if t is int:
        return -MAX_LITERAL_INT <= v <= MAX_LITERAL_INT
    if t is list:
        kinds = set(map(type, v))
        if kinds <= _PLAIN:                 # a table's thousand values: their types at once
            return int not in kinds or all(-MAX_LITERAL_INT <= x <= MAX_LITERAL_INT
                                           for x in v if type(x) is int)
        return all(has_safe_repr(x) for x in v)
    return False


_PLAIN = frozenset({str, bool, int, type(None)})


def literal(v) -> str:
    """A deck value as source: its repr, after checking that it is one of the plain kinds
    whose repr cannot be anything but that value (a list's is its items' reprs)."""
    if not has_safe_repr(v):
        raise EngineError(f"internal error: cannot emit a value of type {type(v).__name__}")
    return repr(v)


class Frame:
    """One generated function: what the deck's names and `you`, `this`, `event`, `it`
    are called in it, its temporaries, and whether it is a generator."""

    def __init__(self, gen: "Writer", resumable: bool, you="you", this="this", ev="ev",
                 it: Optional[str] = None, it_safe: bool = False):
        self.gen = gen
        self.resumable = resumable   # a generator: deciding calls are `yield from`
        self.names: dict = {}        # deck local → identifier
        self.you, self.this, self.ev = you, this, ev
        # the ability whose body this is (its name as a literal), the caller's inside an
        # action (`byab`), or None: what built-in events say as `event.ability`
        self.ability = "None"
        self.it = it                 # the identifier `it` stands for, where it means something
        self.it_safe = it_safe       # `it` is never none there (a selector's element)
        self.hoist = True            # statements may be written before the current one
        self.walrus = True           # `:=` may be used (not in a comprehension's iterable)
        self.inits: list = []        # identifiers set to None when the function starts
        self.uses_state = False      # the body reads `S`, the game state
        self.this_safe = False       # `this` is never none (a card's own text)
        self.ev_safe = False         # `event` is never none (a trigger, a static)
        self.subst: dict = {}        # id of a node → the temporary holding its value
        self.safe: set = set()       # identifiers that hold no `none` here (loop elements)
        self.aim = None              # the parameter whose card's targets `aim` holds (`target for`)

    def local(self, name: str) -> str:
        ident = self.names.get(name)
        if ident is None:
            ident = self.names[name] = self.gen.fresh("l")
            self.inits.append(ident)
        return ident

    def temp(self) -> str:
        return self.gen.fresh("t")


class Writer:
    """Lines of source with indentation, and identifiers no deck can choose."""

    def __init__(self):
        self.lines: list[str] = []
        self.level = 0
        self.counters: dict = {}

    def fresh(self, prefix: str) -> str:
        n = self.counters.get(prefix, 0)
        self.counters[prefix] = n + 1
        return f"{prefix}{n}"

    def writeline(self, text: str) -> None:
        self.lines.append("    " * self.level + text)

    def indent(self) -> None:
        self.level += 1

    def outdent(self) -> None:
        self.level -= 1

    def source(self) -> str:
        return "\n".join(self.lines) + "\n"
