"""Every way a deck ends its game can be answered: `end game by most R` makes each player
with the most a `win` event, as `end game winner` does, and a draw (`end game draw`, or
all tied for the most) is a `game_drawn` event. `before` with `negate`, `static prevent`
and `static instead` answer them; the game ends with what stood, else it goes on.
"""
import pytest

from deckwright.dsl.codegen import generate
from deckwright.dsl.loader import load_text
from tests.scenario import given, play

BASE = '''game "Ends" extends "dvorak"
resource vp: start 0
card "Showdown": Action {
  text "The player with the most VP wins."
  effect { end game by most vp }
}
card "Truce": Action {
  text "The game ends in a draw."
  effect { end game draw }
}
card "Filler": Thing
'''

IDOL = '''card "Cursed Idol": Thing {
  text "When you would win, you are eliminated instead."
  static instead win where event.player == this.controller { eliminate this.controller }
}
'''

STALEMATE = '''card "Stalemate Breaker": Thing {
  text "When the game would end in a draw, you win instead."
  static instead game_drawn { end game winner this.controller }
}
'''

NO_PEACE = '''card "Warmonger": Thing {
  text "The game can't end in a draw."
  before game_drawn { negate }
}
when game_drawn where event.reason == "tied on vp" and count (event.tied) == 2 {
  say "a draw: both tied on vp"
}
'''


def game(extra, **kw):
    return given(load_text(BASE + extra, "ends.deck"), deck_cards=["Filler"] * 30, **kw)


def cast(s, card):
    while s.decision.kind != "move" or s.decision.player is not s.state.active:
        play(s, "pass")
    play(s, f"play_action: {card}")


def log(s) -> list:
    return [e.text for e in s.game.log]


def test_the_player_with_the_most_wins():
    s = game("", hands={0: ["Showdown"]}, res={0: {"vp": 3}, 1: {"vp": 1}})
    cast(s, "Showdown")
    assert (s.result["winners"], s.result["reason"]) == (["P1"], "most vp")


def test_a_win_by_most_can_be_replaced():
    # P1 has the most but holds the Cursed Idol: P1 is out instead, and the game goes on.
    s = game(IDOL, hands={0: ["Showdown"]}, areas={0: ["Cursed Idol"]},
             res={0: {"vp": 3}, 1: {"vp": 1}})
    cast(s, "Showdown")
    assert s.result is None
    assert not s.state.players[0].alive
    assert "P1 is eliminated" in log(s)


def test_all_tied_for_the_most_is_a_draw_that_can_be_replaced():
    s = game(STALEMATE, hands={0: ["Showdown"]}, areas={1: ["Stalemate Breaker"]},
             res={0: {"vp": 2}, 1: {"vp": 2}})
    cast(s, "Showdown")
    assert s.result["winners"] == ["P2"]


def test_a_draw_that_is_negated_does_not_end_the_game():
    s = game(NO_PEACE, hands={0: ["Truce"]}, areas={1: ["Warmonger"]})
    cast(s, "Truce")
    assert s.result is None
    assert "Truce" in [c.name for c in s.state.zones["discard_pile"].cards]


def test_a_draw_is_heard_with_its_reason_before_the_game_ends():
    s = game(NO_PEACE, hands={0: ["Showdown"]}, res={0: {"vp": 2}, 1: {"vp": 2}})
    cast(s, "Showdown")
    assert (s.result["draw"], s.result["reason"]) == (True, "tied on vp")
    assert "P1: a draw: both tied on vp" in log(s)


def test_a_deck_that_answers_no_ending_ends_as_before():
    source, _ = generate(load_text(BASE, "ends.deck"), resumable=False)
    assert "END_MOST(g, 'vp')" in source and "END([], True, 'draw')" in source
    assert "MOST_OF" not in source and "game_drawn" not in source


@pytest.mark.parametrize("stepped", [False, True])
def test_the_ending_events_generate_only_the_generators_words(stepped):
    from tests.test_codegen_safety import unsafe_parts
    program = load_text(BASE + IDOL + STALEMATE + NO_PEACE, "ends.deck")
    source, _ = generate(program, resumable=stepped)
    assert unsafe_parts(program, source) == []
    assert "MOST_OF" in source and "'game_drawn'" in source
