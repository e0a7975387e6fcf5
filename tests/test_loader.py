"""Decks extend decks: base first, explicit overrides, includes."""
import pytest

from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_program, load_text


def test_a_deck_extends_the_dvorak_base_and_keeps_its_rules():
    program = load_program("example")
    assert {"deck", "discard_pile", "hand", "area"} <= set(program.zones)
    assert "draw" in program.actions and program.turn is not None
    assert program.name == "Tinker's Fair"


def test_an_override_replaces_the_base_rule():
    program = load_text('game "Big Hands" extends "dvorak"\noverride param hand_size = 7\n'
                        'card "X": Thing { text "x" }\n', "big.deck")
    from deckwright.dsl.engine import Game
    game = Game(program, seed=1, players=2)
    assert game.param("hand_size", game.state.players[0]) == 7


def test_redeclaring_a_base_rule_without_override_is_an_error():
    with pytest.raises(DeckError) as err:
        load_text('game "Big Hands" extends "dvorak"\nparam hand_size = 7\n', "big.deck")
    d = err.value.diagnostics[0]
    assert d.code == "needs-override" and "param `hand_size` is already declared" in d.message


def test_include_pulls_in_another_files_declarations(tmp_path, monkeypatch):
    (tmp_path / "parts.deck").write_text('game "Parts"\ncard "Gizmo": Thing { text "A gizmo." }\n')
    (tmp_path / "main.deck").write_text('game "Main" extends "dvorak"\ninclude "parts"\n')
    program = load_program(str(tmp_path / "main.deck"))
    assert "Gizmo" in program.cards


def test_a_deck_that_extends_itself_is_reported(tmp_path):
    (tmp_path / "a.deck").write_text('game "A" extends "b"\n')
    (tmp_path / "b.deck").write_text('game "B" extends "a"\n')
    with pytest.raises(DeckError) as err:
        load_program(str(tmp_path / "a.deck"))
    assert "extends or includes itself" in str(err.value)


def test_bundled_games_are_the_decks_that_play_on_their_own():
    from deckwright.dsl.loader import bundled_games
    games = bundled_games()
    assert [n for n, why_not in games.items() if why_not is None] == \
        ["dueling_runes", "dveck_builder", "example", "urban_dead"]
    assert games["dvorak"] == "has no cards (a base for other decks)"
    # A file of cards is named for the game that includes it, not for the turn it lacks.
    assert games["dveck_cards"] == "cards for `include`, part of decks/dveck_builder.deck"
    assert games["decktet"] == "cards for `include`, part of decks/dueling_runes.deck"


# ----------------------------------------------------------------------------------
# Includes inside included files
# ----------------------------------------------------------------------------------

@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                 # errors then name files as `a.deck`
    return tmp_path


def rendered_load(name: str) -> str:
    with pytest.raises(DeckError) as err:
        load_program(name)
    return err.value.render()


def test_an_include_inside_an_included_file_brings_its_cards(here):
    (here / "sub").mkdir()
    (here / "main.deck").write_text('game "Main" extends "dvorak"\ninclude "sub/cards"\n')
    (here / "sub" / "cards.deck").write_text('game "C"\ncard "Outer": Thing { text "o" }\n'
                                             'include "more"\n')
    (here / "sub" / "more.deck").write_text('game "M"\ncard "Inner": Thing { text "i" }\n')
    assert {"Outer", "Inner"} <= set(load_program("main.deck").cards)


def test_an_include_cycle_is_an_error_at_the_include_that_closes_it(here):
    (here / "a.deck").write_text('game "A" extends "dvorak"\ninclude "b"\n')
    (here / "b.deck").write_text('game "B"\ntype Thingamajig\ninclude "a"\n')
    assert rendered_load("a.deck") == (
        "b.deck:3:1: error: `a.deck` extends or includes itself (a.deck → b.deck → a.deck)\n"
        '    3 | include "a"\n'
        "      | ^^^^^^^^^^^")


def test_an_extends_cycle_is_an_error_at_the_extends_that_closes_it(here):
    (here / "a.deck").write_text('game "A" extends "b"\n')
    (here / "b.deck").write_text('game "B" extends "a"\n')
    assert rendered_load("a.deck") == (
        "b.deck:1:1: error: `a.deck` extends or includes itself (a.deck → b.deck → a.deck)\n"
        '    1 | game "B" extends "a"\n'
        "      | ^^^^^^^^^^^^^^^^^^^^")


def test_includes_nested_too_deep_are_an_error(here):
    for n in range(20):
        (here / f"i{n}.deck").write_text(f'game "I"\ninclude "i{n + 1}"\n')
    (here / "i20.deck").write_text('game "I"\n')
    (here / "main.deck").write_text('game "Main" extends "dvorak"\ninclude "i0"\n')
    assert rendered_load("main.deck") == (
        "i14.deck:2:1: error: decks extend or include each other more than 16 deep\n"
        '    2 | include "i15"\n'
        "      | ^^^^^^^^^^^^^")


def test_a_nested_include_keeps_the_folder_rule(here):
    (here / "game" / "sub").mkdir(parents=True)
    (here / "outside.deck").write_text('game "O"\ntype Stolen\n')
    (here / "game" / "main.deck").write_text('game "Main" extends "dvorak"\ninclude "sub/cards"\n')
    (here / "game" / "sub" / "cards.deck").write_text('game "C"\ninclude "../../outside"\n')
    out = rendered_load("game/main.deck")
    assert out.startswith("game/sub/cards.deck:2:1: error: cannot include `../../outside`: "
                          "it is outside the deck's folder\n")
    # A nested include is found from its own file's folder, and may climb within the tree.
    (here / "game" / "sub" / "cards.deck").write_text('game "C"\ninclude "../shared"\n')
    (here / "game" / "shared.deck").write_text('game "S"\ncard "Shared": Thing { text "s" }\n')
    assert "Shared" in load_program("game/main.deck").cards
