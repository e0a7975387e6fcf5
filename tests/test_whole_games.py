"""Seeded bot games of every bundled deck, to the end, invariants checked after every action.

The always-on run plays 200 games per deck (40 of Dveck Builder, whose random-bot games take
about 1,700 decisions each: some 70,000 decisions, as many as the other decks' 200 games
take, in a fifth of the time); `DECKWRIGHT_SOAK=1` (or `-m slow`) adds a 1,000-game soak
of every deck.
"""
import json

import pytest

from deckwright.dsl.invariants import assert_invariants
from deckwright.dsl.loader import bundled_games, load_program
from deckwright.dsl.sim import simulate


def playable_decks():
    return [name for name, why_not in bundled_games().items() if why_not is None]


ALWAYS_ON_GAMES = {"dveck_builder": 40}


@pytest.mark.parametrize("deck", playable_decks())
def test_200_seeded_bot_games_finish_by_a_rule_with_invariants_held(deck):
    games = ALWAYS_ON_GAMES.get(deck, 200)
    report = simulate(load_program(deck), games=games, seed=2026, observer=assert_invariants)
    assert report["failures"] == []
    assert report["finished"] == games


@pytest.mark.slow
@pytest.mark.parametrize("deck", playable_decks())
def test_soak_1000_games(deck):
    report = simulate(load_program(deck), games=1000, seed=77, observer=assert_invariants)
    assert report["failures"] == [] and report["finished"] == 1000


def test_first_legal_bots_also_finish():
    report = simulate(load_program("example"), games=20, seed=3, bots=["first"],
                      observer=assert_invariants)
    assert report["failures"] == [] and report["finished"] == 20


def test_a_run_split_over_processes_reports_exactly_what_one_process_does():
    program = load_program("dueling_runes")
    alone = simulate(program, games=24, seed=5)
    split = simulate(program, games=24, seed=5, jobs=2)
    alone.pop("games_per_second"), split.pop("games_per_second")
    assert split == alone and alone["finished"] == 24


def test_sim_jobs_on_the_command_line_and_its_mistake(capsys):
    from deckwright.dsl.cli import main
    assert main(["sim", "example", "--games", "6", "--seed", "2", "--jobs", "2", "--json"]) == 0
    with_jobs = json.loads(capsys.readouterr().out)
    assert main(["sim", "example", "--games", "6", "--seed", "2", "--json"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert with_jobs["wins"] == alone["wins"] and with_jobs["avg_turns"] == alone["avg_turns"]
    with pytest.raises(SystemExit) as stop:               # a usage error, from argparse
        main(["sim", "example", "--games", "2", "--jobs", "-1"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.endswith(
        "deckwright sim: error: argument --jobs: the number of jobs must be 0 or more, not -1\n")
