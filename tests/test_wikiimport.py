"""`deckwright import`: a Dvorak wiki page's card templates become a deck of cards to write."""
import pytest

from deckwright.dsl.cli import main
from deckwright.dsl.lint import lint
from deckwright.dsl.loader import load_text
from deckwright.dsl.wikiimport import import_wikitext, plain, templates, words

PAGE = """{{Infobox
| title = Rooms of the House
| designer = A. N. Other
}}
The rooms, with a [[Main Page|link]].
{{card|title=Throne Room|type=Thing - Room|text='''Action:''' Gain a Crown Token. <br> '''Action:''' Put it on a [[Thing]] you own.|creator=Ann|bgcolor=006|longtext=|flavortext=}}
{{card|title=Collaborate|type=Action|creator=Bo|text=Each opponent draws three cards.}}
{{card|title=Collaborate|type=Action|creator=Bo|text=Each opponent draws three cards.}}
{{card|title=Wand of Death|type=Thing|cornervalue=3I|text=Replace a Thing with a "Corpse" token.|creator=Cy}}
{{card|title=Wand of Death|type=Thing|cornervalue=4|text=Another wand.|creator=Cy}}
<!-- {{card|title=Commented Out|type=Thing|text=|creator=}} -->
"""


def test_templates_split_only_on_their_own_bars():
    (t,) = templates("{{card|title=A|text=see [[x|y]] and {{b|c}}|type=Thing}}", "card")
    assert t == {"title": "A", "text": "see [[x|y]] and {{b|c}}", "type": "Thing"}


def test_an_imported_page_is_a_deck_that_checks_with_each_card_to_do(tmp_path):
    deck = import_wikitext(PAGE)
    program = load_text(deck, "rooms.deck")
    assert program.name == "Rooms of the House"
    assert {n: (c.copies, c.text) for n, c in program.cards.items()} == {
        "Throne Room": (1, "Action: Gain a Crown Token. Action: Put it on a Thing you own."),
        "Collaborate": (2, "Each opponent draws three cards."),
        "Wand of Death": (1, 'Replace a Thing with a "Corpse" token.'),
        "Wand of Death (2)": (1, "Another wand."),
    }
    assert program.cards["Wand of Death"].props["corner"] == "3I"
    assert program.cards["Wand of Death (2)"].props["corner"] == 4
    assert "Room" in program.subtypes
    (tmp_path / "rooms.deck").write_text(deck)
    assert lint(str(tmp_path / "rooms.deck")).counts() == {"to-do": 4}


def test_import_command_writes_the_deck(tmp_path, capsys):
    page = tmp_path / "page.wiki"
    page.write_text(PAGE)
    out = tmp_path / "rooms.deck"
    assert main(["import", str(page), "-o", str(out), "--name", "Rooms"]) == 0
    assert capsys.readouterr().err == f"{out}: 4 cards, each with its effect to write\n"
    assert out.read_text().startswith('game "Rooms" extends "dvorak"\n')


def test_import_of_a_page_without_cards_says_nothing_came_in(tmp_path, capsys):
    page = tmp_path / "empty.wiki"
    page.write_text("No cards here.")
    assert main(["import", str(page)]) == 1
    assert capsys.readouterr() == ("", f"deckwright import: `{page}` has no {{{{card ...}}}} "
                                       "templates\n")


# --- how wiki markup reads --------------------------------------------------------------

READINGS = [
    ("a symbol reads as its name", "When this enters play, gain 1 {{sym|gear}}.",
     "When this enters play, gain 1 gear."),
    ("... apart from a number written against it", "Pay 2{{sym|coin}}: draw a card.",
     "Pay 2 coin: draw a card."),
    ("... and from a symbol after it", "Costs {{sym|red}}{{sym|blue}}.", "Costs red blue."),
    ("... but not from the letters of its word", "Gain two {{sym|gear}}s.", "Gain two gears."),
    ("a named parameter reads as its value", "Gain {{sym|name=gear}}.", "Gain gear."),
    ("a template with no parameters reads as its name", "{{tap}}: draw a card.",
     "tap: draw a card."),
    ("templates inside templates", "Gain {{big|{{sym|gear}}}}.", "Gain gear."),
    ("bold, a line break and a link", "'''Action:''' Draw.<br>[[Link|Linked]] words",
     "Action: Draw. Linked words"),
]


@pytest.mark.parametrize("why,wikitext,printed", READINGS, ids=[w for w, _, _ in READINGS])
def test_printed_text(why, wikitext, printed):
    assert plain(wikitext) == printed


TYPE_WORDS = [
    ("Room/Trap", ["Room", "Trap"]),
    ("Room / Trap", ["Room", "Trap"]),
    ("Room, Trap & Hall", ["Room", "Trap", "Hall"]),
    ("wizard's tower", ["Wizards", "Tower"]),
    ("Thing", ["Thing"]),
]


@pytest.mark.parametrize("line,expected", TYPE_WORDS, ids=[t for t, _ in TYPE_WORDS])
def test_a_type_lines_words(line, expected):
    assert words(line) == expected


def test_the_infobox_of_a_deck_page_names_the_game():
    assert templates("{{Infobox Deck\n|title=Rooms Deck\n}}", "Infobox Deck") == [
        {"title": "Rooms Deck"}]
    assert import_wikitext(ROOMS).startswith('game "Rooms Deck" extends "dvorak"\n')
    assert import_wikitext(ROOMS, "Mine").startswith('game "Mine" extends "dvorak"\n')


ROOMS = """{{Infobox Deck
|title=Rooms Deck
|author=Someone
}}
{{card
|title=Hallway
|type=Thing
|text=When this enters play, gain 1 {{sym|gear}}.
}}
{{card|title=Pit|type=Thing — Room/Trap|cornervalue=X|text=Lose 1 {{sym|gear}}.}}
"""

ROOMS_DECK = '''game "Rooms Deck" extends "dvorak"

# Imported by `deckwright import` from a Dvorak wiki page. Each card keeps its printed text;
# its effect is still to write (`todo true`: `deckwright check` warns of each, `to-do`).
subtype Room, Trap
property corner = none
property todo = false

card "Hallway": Thing {
  text "When this enters play, gain 1 gear."
  todo true
}

card "Pit": Thing - Room Trap {
  text "Lose 1 gear."
  corner "X"
  todo true
}
'''


def test_a_page_with_symbols_and_two_subtypes_becomes_this_deck():
    assert import_wikitext(ROOMS) == ROOMS_DECK


def test_check_of_an_imported_deck_warns_of_each_card_still_to_write(tmp_path, capsys,
                                                                     monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "rooms.wiki").write_text(ROOMS)
    assert main(["import", "rooms.wiki", "-o", "rooms.deck"]) == 0
    assert capsys.readouterr() == ("", "rooms.deck: 2 cards, each with its effect to write\n")
    assert main(["check", "rooms.deck"]) == 0
    hint = "  hint: write its effect (its printed text says what it does), then remove `todo true`\n"
    assert capsys.readouterr() == (
        "rooms.deck: ok (2 cards, 2 with copies; 2 with their effect still to write)\n",
        'rooms.deck:11:3: warning: "Hallway": its effect is still to write\n'
        "   11 |   todo true\n"
        "      |   ^^^^^^^^^\n" + hint +
        'rooms.deck:17:3: warning: "Pit": its effect is still to write\n'
        "   17 |   todo true\n"
        "      |   ^^^^^^^^^\n" + hint)
