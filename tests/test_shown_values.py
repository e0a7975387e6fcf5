"""Values in `say` and in an end condition's name: `{EXPR}`, as in a refusal's words.

Each seat reads the line as it may: a value that is a card is named to a seat that may
read it, told apart from the alike cards in play; to another it is said as it sees it,
where it lies (docs/language.md, "Resolving, negating, ending").
"""
import pytest

from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_text
from tests.scenario import failures_of

CRIER = '''
card "Town Crier": Thing {
  text "Action: tell everyone how many gears and cards you have, and what they are."
  ability "Cry": uses action_play {
    say "I have {gears} gears and {count cards in your hand} cards: {cards in your hand}"
    say "in my area: {cards in your area}; \\{braces\\} stay; rich: {gears >= 1}; {none}"
  }
}
'''


def test_say_shows_numbers_truths_and_the_cards_everyone_sees():
    assert failures_of(CRIER + '''
        scenario "The Crier says what it may" {
          given {
            hand of P1: "Oil Can"
            area of P1: "Town Crier", "Windmill"
            deck top: "Gearbox", "Magnet", "Wrench"
          }
          when { P1 chooses "Town Crier: Cry" }
          then {
            log says "P1: I have 1 gears and 2 cards: a card in P1's hand, a card in P1's hand"
            log says "P1: in my area: Town Crier, Windmill; {braces} stay; rich: true; none"
            log does not say "Oil Can"
            log for P1 says "P1: I have 1 gears and 2 cards: Oil Can, Gearbox"
          }
        }''') == []


def test_a_card_every_seat_sees_is_named():
    assert failures_of('''
        card "Herald": Thing {
          text "When a card is discarded, say which."
          when move where event.to == discard_pile { say "{event.card} is gone" }
        }
        scenario "A discarded card lies face up: the Herald names it" {
          given {
            hand of P1: "Scrap Sale"
            area of P1: "Herald", "Gearbox"
            deck top: "Oil Can", "Magnet", "Wrench"
          }
          when {
            P1 chooses "play_action: Scrap Sale"
            P1 chooses "Gearbox"
          }
          then {
            log says "P1: Gearbox is gone"
            log says "P1: Scrap Sale is gone"
          }
        }''') == []


ENDS = '''
when turn_start where turn_number == 2 and count players == 2 {
  end game "turn {turn_number}, {event.player} to play" winner event.player
}
when turn_start where turn_number == 2 and count players == 3 {
  end game "{count players} seats" by most gears
}
'''


def test_an_end_conditions_name_shows_its_values():
    assert failures_of(ENDS + '''
        scenario "The game ends named with its values" {
          given { deck top: "Gearbox", "Magnet", "Wrench" }
          when { P1 chooses "pass" }
          then { log says "game over: P2 wins (turn 2, P2 to play)" }
        }''') == []


def test_a_tie_on_a_named_end_keeps_its_values():
    assert failures_of(ENDS + '''
        scenario "Three seats tied on gears" {
          given {
            players 3
            deck top: "Gearbox", "Magnet", "Wrench"
          }
          when { P1 chooses "pass" }
          then { log says "game over: draw (3 seats, tied on gears)" }
        }''') == []


def test_the_result_and_sim_give_the_name_as_it_was_made():
    from deckwright.dsl.sim import play_one
    from tests.scenario import scenario_deck
    game = play_one(scenario_deck(ENDS), 1, 0, 2, ["random"])
    winner, = game.result["winners"]
    assert game.result["reason"] == f"turn 2, {winner} to play"


@pytest.mark.parametrize("line, message", [
    ('say "you have {gearz} gears"',
     "t.deck:3:18: error: unknown name `gearz`\n"
     '    3 |   say "you have {gearz} gears"\n'
     "      |                  ^^^^^\n"
     "  hint: did you mean `gears`?"),
    ('say "empty {} here"',
     "t.deck:3:15: error: `{...}` in words holds an expression (a name, a number, "
     "`count ...`), with no `\\` in it (`\\{` is a brace)\n"
     '    3 |   say "empty {} here"\n'
     "      |               ^"),
    ('end game "{count cardz} left" draw',
     "t.deck:3:20: error: unknown name `cardz`\n"
     '    3 |   end game "{count cardz} left" draw\n'
     "      |                    ^^^^^"),
])
def test_a_bad_value_in_words_is_reported_inside_them(line, message):
    with pytest.raises(DeckError) as e:
        load_text('game "T" extends "example"\nwhen game_start {\n  ' + line + "\n}\n", "t.deck")
    assert str(e.value) == message
