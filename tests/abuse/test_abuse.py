"""The abuse harness in the suite (tests/abuse/harness.py has the how and the why).

The default run: every evil card (each says what it must be answered with), every
pathological input, 1,000 seeded mutants of the bundled decks, 60 grammar-generated decks
(tests/abuse/generated.py: about half load and are played) and 100 random REPL commands
in a pseudo-terminal. The soak run (DECKWRIGHT_SOAK=1 or -m slow): 10,000
mutants, 10,000 grammar-generated decks and 1,000 REPL commands. Each prints its counts
in the form of issue 12; each fails on any traceback, file read outside the deck's
tree, code run, hang or REPL death.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from harness import (Report, Watch, evil_decks, expectation, run_evil, run_generated,
                     run_mutants, try_deck, _evil_outcome)
from pathological import INPUTS, run_pathological
from repl_monkey import run_repl

Watch.install()
SMALL = ["example", "dvorak", "decktet"]          # quick to parse: most of the budget
SLOW_INPUTS = {"200,000 short lines", "10,000 cards", "10,000 errors", "5,000 syntax errors",
               "a 1 MiB string", "an include diamond of 2**15"}


def assert_clean(report: Report):
    print(report)
    assert not report.tracebacks, report.tracebacks[:3]
    assert not report.reads, report.reads[:3]
    assert not report.runs, report.runs[:3]
    assert not report.hangs, report.hangs[:3]
    assert not report.repl_deaths, report.repl_deaths[:3]


@pytest.mark.parametrize("deck", evil_decks(), ids=lambda p: p.stem)
def test_an_evil_card_gets_the_answer_it_says(deck):
    report = Report()
    said = _evil_outcome(deck, report)
    assert expectation(deck) in said
    assert_clean(report)


def test_the_evil_corpus_is_there():
    assert len(evil_decks()) >= 30


def test_the_escape_card_holds_real_control_characters_and_none_reaches_a_terminal(capsys):
    """escape_names.deck once spelled its escapes `\\x1b`, which deck strings do not read
    (now an error), so it tested nothing: the file holds the characters themselves."""
    import re
    from deckwright.dsl.cli import main
    from harness import EVIL
    deck = EVIL / "escape_names.deck"
    text = deck.read_text(encoding="utf-8")
    assert all(ch in text for ch in ("\x1b", "\x07", "\x9b", "\u202e"))
    raw = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
    for argv, status, shown in (
            (["check"], 0, ": ok (2 cards, 40 with copies)"),
            (["play", "--watch"], 0, r"\x1b[2J\x1b[HClear: deck → P1's hand"),
            (["sim", "--games", "2"], 1, r"Evil\x1b]0;TITLE\x07: 2 games"),   # no end: turn limit
            (["explain"], 0, r"Bell\x07\x07\x9b31m")):
        assert main([argv[0], str(deck), *argv[1:]]) == status, argv
        out = capsys.readouterr()
        assert not raw.search(out.out + out.err), argv
        assert shown in out.out, argv


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW_INPUTS
                                  else n for n in INPUTS])
def test_a_pathological_input_is_a_positioned_error_or_a_game(name, tmp_path):
    report = Report()
    outcome = try_deck(INPUTS[name](tmp_path), report, name)
    assert outcome in ("deck-error", "ok", "engine-error")
    assert_clean(report)


@pytest.mark.parametrize("seed", [1, 2])
def test_five_hundred_mutants_of_small_decks(seed, tmp_path):
    report = Report()
    run_mutants(500, seed, report, tmp_path, play_every=4, seeds=SMALL)
    assert_clean(report)
    assert report.loaded > 50 and report.played > 5    # the checker and engine are reached


def test_a_generated_name_the_checker_does_not_know_is_replaced_by_a_declared_one():
    from generated import PRELUDE, repair
    card = 'card "Gen1": Action {\n  effect { gain 1 hand\n    put 1 dull on this }\n}\n'
    assert repair(PRELUDE + card) == PRELUDE + card.replace("gain 1 hand", "gain 1 vp") \
        .replace("put 1 dull", "put 1 charge")


def test_sixty_grammar_generated_decks_load_often_and_play(tmp_path):
    report = Report()
    run_generated(60, 1, report, tmp_path, games=2)
    assert_clean(report)
    tried, loaded = report.inputs["grammar-generated decks"], report.loaded
    assert tried == 60 and loaded >= 20          # the engine is reached, not only the checker
    assert report.played == 2 * loaded


def test_a_hundred_random_repl_commands(tmp_path):
    report = Report()
    run_repl(100, 1, report, tmp_path)
    assert report.repl_commands == 100
    assert_clean(report)


# --- the soak run ----------------------------------------------------------------------

@pytest.mark.slow
def test_soak_ten_thousand_mutants_of_every_bundled_deck(tmp_path):
    report = Report()
    run_mutants(10_000, 12, report, tmp_path, play_every=2)
    assert_clean(report)


@pytest.mark.slow
def test_soak_ten_thousand_grammar_generated_decks(tmp_path):
    report = Report()
    run_generated(10_000, 12, report, tmp_path)
    assert_clean(report)
    assert report.loaded >= 3_000                # about half load; each is played 3 times


@pytest.mark.slow
def test_soak_a_thousand_random_repl_commands(tmp_path):
    report = Report()
    run_repl(1_000, 12, report, tmp_path)
    assert_clean(report)


@pytest.mark.slow
def test_soak_the_evil_corpus_measured_and_every_pathological_input(tmp_path: Path):
    report = Report()
    run_evil(report, measure=True)
    run_pathological(report, tmp_path)
    assert_clean(report)
