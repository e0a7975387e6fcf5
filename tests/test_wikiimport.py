"""`deckwright import`: a Dvorak wiki page's card templates become a deck of cards to write."""
from deckwright.dsl.cli import main
from deckwright.dsl.lint import lint
from deckwright.dsl.loader import load_text
from deckwright.dsl.wikiimport import import_wikitext, templates

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
