"""A deck that `check` accepts never raises a Python exception when it is played.

The bundled games are mutated: one argument of a verb, an action call or a function
(`draw 1`, `move c to your hand`, `top(deck)`) is replaced by a value of another kind,
written out (`"two"`, `[1, "x"]`, `you`) or hidden from the checker in a list's element
(`first(["two"])`, whose kind is known only when the game runs). Each mutant either
fails `check` with a positioned error, or plays seeded bot games that end normally or
with the engine's own error (an EngineError, which names what was expected and where):
never a TypeError or an AttributeError from inside Deckwright.

The default run tries a seeded sample; ``DECKWRIGHT_SOAK=1`` (or ``-m slow``) tries many
more, with more games each.
"""
import random

import pytest

from deckwright.decks import DECKS_DIR
from deckwright.dsl import ast as A
from deckwright.dsl.errors import DeckError, EngineError
from deckwright.dsl.loader import load_text
from deckwright.dsl.parser import parse_text
from deckwright.dsl.sim import play_one

GAMES = ["example", "dveck_builder", "dueling_runes", "urban_dead"]

# Values of every kind, written out and hidden in a list's element.
WRITTEN = ['"two"', "7", "true", "none", '[1, "x"]', "you", "players"]
HIDDEN = ['first(["two"])', "first([7])", "first([true])", "first([none])",
          'first([[1, "x"]])', "first([you])", "first([players])"]


def argument_spans(deck: A.DeckFile) -> list:
    """(line, column, end_line, end_column) of every argument of a statement, an action
    call or a function call in the deck, in file order."""
    out = []
    stack = [deck]
    while stack:
        node = stack.pop()
        if isinstance(node, (list, tuple)):
            stack.extend(node)
            continue
        if not isinstance(node, A.Node):
            continue
        if isinstance(node, (A.Stmt, A.Call)):
            for name in node._fields:
                value = getattr(node, name)
                for v in (value if isinstance(value, tuple) else (value,)):
                    if isinstance(v, A.Expr) and v.pos.line:
                        out.append((v.pos.line, v.pos.column, v.pos.end_line, v.pos.end_column))
        stack.extend(getattr(node, f) for f in node._fields)
    return sorted(set(out))


def mutate(text: str, span: tuple, value: str) -> str:
    line, col, end_line, end_col = span
    lines = text.split("\n")
    if line != end_line:
        return text
    s = lines[line - 1]
    lines[line - 1] = s[:col - 1] + value + s[end_col - 1:]
    return "\n".join(lines)


def mutants(count: int, seed: int) -> list:
    """``count`` (deck, span, value) picked at random (seeded) from every argument of
    every bundled game and every value."""
    rng = random.Random(seed)
    every = []
    for name in GAMES:
        text = (DECKS_DIR / f"{name}.deck").read_text(encoding="utf-8")
        for span in argument_spans(parse_text(text, f"{name}.deck")):
            every.extend((name, span, v) for v in WRITTEN + HIDDEN)
    return rng.sample(every, min(count, len(every)))


def check_mutant(name: str, span: tuple, value: str, games: int) -> str:
    """What became of one mutant: "refused", "played" or "stopped" (an engine error)."""
    text = mutate((DECKS_DIR / f"{name}.deck").read_text(encoding="utf-8"), span, value)
    try:
        program = load_text(text, f"{name}.deck", root=DECKS_DIR)
    except DeckError as err:
        assert err.diagnostics
        assert all(d.pos is not None and d.pos.line for d in err.diagnostics), err.render()
        return "refused"
    outcome = "played"
    for i in range(games):
        try:
            play_one(program, 0, i, max(program.min_players, 2), ["random"])
        except EngineError:
            outcome = "stopped"
    return outcome


def _run(count: int, seed: int, games: int) -> None:
    failures = []
    for name, span, value in mutants(count, seed):
        try:
            check_mutant(name, span, value, games)
        except AssertionError:
            raise
        except Exception as err:       # noqa: BLE001 - this is what the test looks for
            failures.append(f"{name}.deck:{span[0]}:{span[1]} ← {value}: "
                            f"{type(err).__name__}: {err}")
    assert not failures, "\n".join(failures)


def test_the_mutation_replaces_one_argument():
    text = 'game "G" extends "dvorak"\ncard "C": Action {\n  effect { draw 1 }\n}\n'
    spans = argument_spans(parse_text(text, "g.deck"))
    assert spans == [(3, 17, 3, 18)]
    assert mutate(text, spans[0], '"two"').splitlines()[2] == '  effect { draw "two" }'


def test_a_written_value_of_the_wrong_kind_is_refused_where_it_is_written():
    text = (DECKS_DIR / "example.deck").read_text(encoding="utf-8")
    span = next(s for s in argument_spans(parse_text(text, "example.deck"))
                if text.split("\n")[s[0] - 1][s[1] - 1:s[3] - 1] == "1"
                and "draw 1" in text.split("\n")[s[0] - 1])
    assert check_mutant("example", span, '"two"', 1) == "refused"


def test_mistyped_arguments_fail_check_or_play_without_a_python_exception():
    _run(count=30, seed=15, games=2)


@pytest.mark.slow
def test_mistyped_arguments_soak():
    _run(count=3000, seed=1515, games=4)
