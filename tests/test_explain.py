"""`deckwright explain`: a card's effect in plain English, from the checked program."""
import inspect

import pytest

from deckwright.dsl import ir as I
from deckwright.dsl.cli import main
from deckwright.dsl.explain import Explainer, explain_card, verbs
from deckwright.dsl.loader import load_program, load_text

BUNDLED = ["dvorak", "example", "dueling_runes", "dveck_builder", "urban_dead"]


@pytest.fixture(scope="module")
def example():
    return load_program("example")


@pytest.mark.parametrize("card, english", [
    ("Windmill", "At the start of your turn: gain 1 gears."),
    ("Oversized Satchel", "Your hand size is increased by 2."),
    ("Gearbox", "When Gearbox leaves a zone: gain 2 gears."),
    ("Treasure Chest", "Open (uses action_play): destroy Treasure Chest and gain 3 gears."),
    ("Spring Press", "Wind (uses action_play): put 1 charge counter on Spring Press; then if the "
                     "number of charge counters on Spring Press is at least 3, remove all charge "
                     "counters from Spring Press and gain 3 gears."),
    ("Tin Soldier Factory", 'Wind up (uses action_play): create 1 "Tin Soldier" token in your area.'),
])
def test_a_cards_effect_reads_as_english(example, card, english):
    assert explain_card(example, card) == english


def test_this_is_the_cards_own_name_and_numbers_and_choices_are_said():
    p = load_text('game "T" extends "dvorak"\nresource vp: start 0\ncounter charge\n'
                  'card "Scholar": Action {\n'
                  '  effect {\n'
                  '    choose c from cards in your hand up to 2 prompt "Discard" { discard c }\n'
                  '    if count cards in your hand < 3 { draw 2 } else { lose 1 vp }\n'
                  '    put 2 charge on this\n'
                  '  }\n'
                  '}\n', "t.deck")
    assert explain_card(p, "Scholar") == (
        "Choose up to 2 (c) of cards in your hand, then discard c; then if the number of cards "
        "in your hand is less than 3, draw 2; otherwise lose 1 vp; then put 2 charge counters "
        "on Scholar.")


def test_every_node_of_the_checked_program_has_an_english_handler():
    missing = [c.__name__ for c in vars(I).values()
               if inspect.isclass(c) and issubclass(c, I.Node)
               and c not in (I.Node, I.Expr, I.Stmt, I.Duration)
               and not hasattr(Explainer, ("s_" if issubclass(c, I.Stmt) else "e_") + c.__name__)]
    assert missing == [], f"add Explainer.e_/s_ handlers to dsl/explain.py for {missing}"


@pytest.mark.parametrize("deck", BUNDLED)
def test_every_bundled_card_is_explained_without_a_gap(deck):
    p = load_program(deck)
    for name, card in p.cards.items():
        text = explain_card(p, name)
        assert "<" not in text, (name, text)
        if card.effect or card.triggers or card.abilities or card.statics:
            assert text.endswith("."), (name, text)


def test_verbs_are_what_the_effect_does_through_its_actions(example):
    assert verbs(example, "Treasure Chest") >= {"destroy", "gain"}
    assert "move" in verbs(example, "Treasure Chest")      # `destroy` moves the card


def test_explain_one_card(capsys):
    assert main(["explain", "example", "Windmill"]) == 0
    assert capsys.readouterr().out == (
        "Windmill\n"
        "  printed: At the start of your turn, gain 1 gear.\n"
        "  effect:  At the start of your turn: gain 1 gears.\n")


def test_explain_finds_a_card_as_the_repl_does_whatever_the_case(capsys):
    main(["explain", "example", "Windmill"])
    exact = capsys.readouterr().out
    for typed in ("windmill", "WINDMILL", '"windmill"', "mill"):
        assert main(["explain", "example", typed]) == 0
        assert capsys.readouterr().out == exact


def test_explain_a_card_the_deck_lacks_says_what_it_may_mean(capsys):
    assert main(["explain", "example", "Windmlil"]) == 1
    assert capsys.readouterr().err == ('deckwright explain: no card named "Windmlil" in '
                                       'example (did you mean `Windmill`?)\n')


def test_explain_a_name_that_means_several_cards_names_them(capsys):
    assert main(["explain", "example", "spring"]) == 1
    assert capsys.readouterr().err == ("deckwright explain: `spring` is ambiguous: it matches "
                                       "Spring Press, Spring Cleaning (type more of one)\n")


def test_explain_every_card(capsys):
    assert main(["explain", "example"]) == 0
    out = capsys.readouterr().out
    assert "Magnet\n  printed: When Magnet enters play" in out
    assert out.count("\n  effect:  ") == sum(
        1 for c in load_program("example").cards.values()
        if explain_card(load_program("example"), c.name))


@pytest.mark.parametrize("card, english", [
    ("Twin Bolt", "Targets ts: exactly 2 of Thing cards. For each t in ts, destroy t."),
    ("Pincer", "Pinch (uses action_play, targets ts: exactly 2 of Thing cards where its "
               "controller is not you): for each t in ts, put 1 charge counter on t."),
    ("Aimed Wrench", "Target t: one of Machine cards. Destroy t."),
    ("Two Wrenches", "Targets ts: up to 2 of Machine cards. For each t in ts, destroy t."),
])
def test_a_cards_declared_targets_are_said_before_its_effect(card, english):
    from tests.test_declared_targets import EXACT
    p = load_text('game "T" extends "example"\n' + EXACT + '''
card "Aimed Wrench": Action {
  target t from Machine cards
  effect { destroy t }
}
card "Two Wrenches": Action {
  target ts from Machine cards up to 2
  effect { for each t in ts { destroy t } }
}
''', "t.deck")
    assert explain_card(p, card) == english
