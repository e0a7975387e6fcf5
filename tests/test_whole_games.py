"""Seeded bot games of every bundled deck, to the end, invariants checked after every action.

The always-on run plays 200 games per deck; `DECKWRIGHT_SOAK=1` (or `-m slow`) adds a
1,000-game soak.
"""
import pytest

from decks import bundled
from dsl.errors import DeckError
from dsl.invariants import assert_invariants
from dsl.loader import load_program
from dsl.sim import simulate


def playable_decks():
    out = []
    for name in bundled():
        try:
            program = load_program(name)
        except DeckError:
            continue                      # a deck under construction has its own tests
        if program.library() and (program.turn or program.round):
            out.append(name)
    return out


@pytest.mark.parametrize("deck", playable_decks())
def test_200_seeded_bot_games_finish_by_a_rule_with_invariants_held(deck):
    report = simulate(load_program(deck), games=200, seed=2026, observer=assert_invariants)
    assert report["failures"] == []
    assert report["finished"] == 200


@pytest.mark.slow
@pytest.mark.parametrize("deck", playable_decks())
def test_soak_1000_games(deck):
    report = simulate(load_program(deck), games=1000, seed=77, observer=assert_invariants)
    assert report["failures"] == [] and report["finished"] == 1000


def test_first_legal_bots_also_finish():
    report = simulate(load_program("example"), games=20, seed=3, bots=["first"],
                      observer=assert_invariants)
    assert report["failures"] == [] and report["finished"] == 20
