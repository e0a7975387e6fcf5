"""Decks extend decks: base first, explicit overrides, includes."""
import pytest

from dsl.errors import DeckError
from dsl.loader import load_program, load_text


def test_a_deck_extends_the_dvorak_base_and_keeps_its_rules():
    program = load_program("example")
    assert {"deck", "discard_pile", "hand", "area"} <= set(program.zones)
    assert "draw" in program.actions and program.turn is not None
    assert program.name == "Tinker's Fair"


def test_an_override_replaces_the_base_rule():
    program = load_text('game "Big Hands" extends "dvorak"\noverride param hand_size = 7\n'
                        'card "X": Thing { text "x" }\n', "big.deck")
    from dsl.engine import Game
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
    from dsl.loader import bundled_games
    games = bundled_games()
    assert [n for n, why_not in games.items() if why_not is None] == \
        ["dueling_runes", "dveck_builder", "example", "urban_dead"]
    assert games["dvorak"] == "has no cards (a base for other decks)"
    assert games["dveck_cards"].startswith("does not load on its own (unknown card type")
