"""Every argument of an action or a verb has the kind it needs: an error where it is
written when the checker can tell, and a clean game error where it is used when only the
running game can (a variable, a list's element) — never a Python exception."""
import pytest

from deckwright.dsl.cli import main
from deckwright.dsl.errors import DeckError, EngineError
from deckwright.dsl.loader import load_text
from deckwright.dsl.sim import play_one

BASE = 'game "Bad" extends "dvorak"\n'


def rendered(text) -> str:
    with pytest.raises(DeckError) as err:
        load_text(BASE + text, "bad.deck")
    return err.value.render()


def card(effect: str, head: str = "") -> str:
    return head + f'card "C": Action x 10 {{\n  text "x"\n  effect {{ {effect} }}\n}}\n'


def test_an_action_argument_of_the_wrong_kind_is_an_error_where_it_is_written():
    assert rendered(card('draw "two"')) == (
        'bad.deck:4:17: error: the argument `n` of `draw` must be a number, not a text\n'
        '    4 |   effect { draw "two" }\n'
        '      |                 ^^^^^')


def test_cards_where_a_number_is_needed_are_not_silently_accepted():
    assert rendered(card("draw Thing cards you control")).splitlines()[0] == (
        "bad.deck:4:17: error: the argument `n` of `draw` must be a number, not cards")


def test_what_an_action_needs_follows_the_actions_it_calls():
    head = "action twice(k) {\n  draw k\n  draw k\n}\n"
    assert rendered(card("twice you", head)).splitlines()[0] == (
        "bad.deck:8:18: error: the argument `k` of `twice` must be a number, not a player")


def test_a_parameter_the_action_assigns_to_is_not_held_to_one_kind():
    head = "action count_down(k) {\n  k = 3\n  repeat k { draw 1 }\n}\n"
    load_text(BASE + card('count_down "any"', head), "ok.deck")


def test_a_verb_argument_of_the_wrong_kind_is_an_error():
    assert rendered(card('move "two" to your hand')).splitlines()[0] == (
        "bad.deck:4:17: error: what `move` moves must be a card or cards or `none` or a list, "
        "not a text")
    assert rendered(card("gain true vp", "resource vp\n")).splitlines()[0] == (
        "bad.deck:5:17: error: how much is gained must be a number, "
        "not a condition (true or false)")


def test_a_list_holding_values_of_the_wrong_kind_is_an_error():
    assert rendered(card("discard [1, 2]")).splitlines()[0] == (
        "bad.deck:4:20: error: the argument `card` of `discard` must be a card or cards or "
        "a list or `none`, not a list holding a number")


def test_a_resource_of_something_that_is_not_a_player_is_an_error():
    assert rendered(card("gain vp of 3 vp", "resource vp\n")).splitlines()[0] == (
        "bad.deck:5:23: error: whose `vp` must be a player, not a number")


def test_a_value_whose_kind_only_the_game_knows_is_checked_where_it_is_used():
    program = load_text(BASE + card("draw v", 'var v = "two"\n'), "late.deck")
    with pytest.raises(EngineError) as err:
        for i in range(5):
            play_one(program, 0, i, 2, ["random"])
    assert str(err.value).startswith(
        'the argument `n` of `draw` must be a number or `none`, not the text "two" '
        "(at late.deck:5:17)")


def test_check_reports_every_error_at_once(tmp_path, capsys):
    deck = tmp_path / "four.deck"
    deck.write_text(BASE + "resource gears\nresource gears\n"
                    + card("gain 1 gearz") + 'card "D": Thing - Robot {\n}\n')
    assert main(["check", str(deck)]) == 1
    lines = [x for x in capsys.readouterr().err.splitlines() if ": error: " in x]
    assert [x.split(": error: ")[1] for x in lines] == [
        "resource `gears` is declared twice in this file (also at line 2)",
        "unknown resource `gearz`",
        "unknown subtype `Robot`",
    ]
