"""Refusal words that show the game's numbers: `else "it needs {3 - gears} more gears"`.

Each `{EXPR}` in a test's words is an expression read in the test's own scope (the move's
option, the card, `you`), evaluated only when the refusal is said, and shown as the
refused player may see it.
"""
import pytest

from deckwright.dsl.codegen import generate
from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_text
from tests.scenario import given, play

DECK = '''game "Words" extends "dvorak"
resource gears: start 0
counter charge

card "Gadget": Thing x 3

move tinker if gears >= 3 else "it needs {3 - gears} more gears (you have {gears})" {
  lose 3 gears
}

move wind(c from Thing cards you control) \\
    if charge on c >= 2 else "{c} holds {charge on c} of the 2 charge it needs" {
  remove all charge from c
}

card "Rally": Action {
  text "REQ: two or more Things in play under your control."
  require count Thing cards you control >= 2 \\
    else "it needs {2 - count Thing cards you control} more Things in play"
  effect { gain 1 gears }
}

card "Winder": Thing {
  ability "Wind up": if gears >= 1 else "{this} needs a gear, and {you} has {gears}" { pass }
}

override turn {
  phase draw { draw 1 }
  phase main { offer play_thing, play_action, tinker, wind, abilities }
}
'''


@pytest.fixture(scope="module")
def deck():
    return load_text(DECK, "words.deck")


def refusal(s, typed) -> str:
    with pytest.raises(AssertionError) as e:
        play(s, typed)
    return str(e.value).split(" refused: ")[1].split("; legal:")[0]


def start(deck, **kw):
    return given(deck, deck_cards=["Gadget"] * 20, **kw)


def test_a_moves_refusal_shows_how_many_more_it_needs(deck):
    s = start(deck, res={0: {"gears": 1}})
    assert refusal(s, "tinker") == "tinker is not allowed: it needs 2 more gears (you have 1)"


def test_the_words_are_read_for_the_option_the_player_typed(deck):
    s = start(deck, areas={0: ["Gadget", "Winder"]})
    s.state.zones["area:0"].cards[0].counters["charge"] = 1
    assert refusal(s, "wind: Gadget") == "wind: Gadget is not allowed: Gadget holds 1 of the 2 charge it needs"
    assert refusal(s, "wind: Winder") == "wind: Winder is not allowed: Winder holds 0 of the 2 charge it needs"


def test_a_cards_require_shows_the_count_it_misses(deck):
    s = start(deck, hands={0: ["Rally"]}, areas={0: ["Gadget"]})
    assert refusal(s, "play_action: Rally") == \
        "play_action: Rally is not allowed: it needs 1 more Things in play"


def test_an_abilitys_words_name_its_card_and_player(deck):
    s = start(deck, areas={0: ["Winder"]})
    assert refusal(s, "Winder: Wind up") == \
        "Winder: Wind up is not allowed: Winder needs a gear, and P1 has 0"


def test_words_without_values_generate_nothing(deck):
    from deckwright.dsl.loader import load_program
    source, _ = generate(load_program("urban_dead"), resumable=False)
    assert "def RW" not in source
    source, _ = generate(deck, resumable=False)
    assert source.count("def RW") == 4


def errors(text):
    with pytest.raises(DeckError) as e:
        load_text('game "E" extends "dvorak"\nresource gears: start 0\n' + text, "e.deck")
    return [(d.code, d.message, d.pos.line, d.pos.column) for d in e.value.diagnostics]


def test_a_value_in_the_words_is_checked_where_it_stands():
    assert errors('move m if gears > 1 else "short by {gaers}" { pass }\n') == [
        ("unknown-name", "unknown name `gaers`", 3, 37)]


def test_a_value_in_the_words_must_parse():
    assert errors('move m if gears > 1 else "short by {3 - }" { pass }\n') == [
        ("syntax", "unexpected `)`", 3, 41)]


def test_empty_braces_in_the_words_are_an_error():
    assert errors('move m if gears > 1 else "short by {}" { pass }\n') == [
        ("syntax", "`{...}` in words holds an expression (a name, a number, `count ...`), "
                   "with no `\\` in it (`\\{` is a brace)", 3, 37)]


def test_a_brace_in_the_words_is_written_with_a_backslash():
    s = given('''game "Braces" extends "dvorak"
resource gears: start 1
move tinker if gears >= 3 else "\\{gears\\} is {gears}" { pass }
override turn {
  phase draw { draw 1 }
  phase main { offer play_thing, tinker }
}
card "Gadget": Thing
''', deck_cards=["Gadget"] * 20)
    assert refusal(s, "tinker") == "tinker is not allowed: {gears} is 1"
