"""A `given` after a `when`: the table arranged in the middle of a game, at the decision
then pending (and `arrange_now`, the same for tests that stay in Python)."""
from __future__ import annotations


import pytest

from deckwright.dsl.errors import DeckError
from scenario import arrange_now, arranged, failures_of, names






def test_a_given_after_a_step_arranges_the_table_and_the_moves_are_listed_again():
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Gearbox", "Invention"
            deck top: "Wrench", "Heist"
          }
          when { P1 chooses "play_thing: Gearbox" }
          given {
            hand of P1: "Invention", "Sabotage"
            gears of P2 = 4
          }
          then {
            P1 may choose "play_action: Sabotage"
            hand of P1 is "Invention", "Sabotage"
            gears of P2 is 4
            area of P1 is "Gearbox"
          }
        }
        """) == []


def test_a_zone_arranged_in_the_middle_keeps_the_cards_it_names_and_takes_out_the_rest():
    s = arranged("example", '''
        area of P1: "Spring Press" (1 charge), "Windmill"
        hand of P1: "Gearbox", "Heist"
        deck top: "Wrench"
    ''')
    press = s.state.zones["area:0"].cards[0]
    arrange_now(s, '''
        area of P1: "Gearbox", "Spring Press"
        hand of P1: nothing
    ''')
    area = s.state.zones["area:0"].cards
    assert [c.name for c in area] == ["Gearbox", "Spring Press"]
    assert area[1] is press and press.counters == {"charge": 1}      # the same card
    assert names(s, "hand:0") == [] and names(s, "discard_pile") == []   # out of the game
    assert sorted(c.name for c in s.state.cards.values()) == ["Gearbox", "Spring Press"]
    assert s.legal() == ["Spring Press: Wind", "pass"]


def test_an_arrangement_is_a_step_of_the_game_undone_and_replayed_with_it():
    s = arranged("example", '''
        hand of P1: "Gearbox", "Invention"
        deck top: "Wrench", "Heist"
    ''')
    s.apply("play_thing: Gearbox")
    arrange_now(s, 'hand of P1: "Windmill", "Invention"\ngears of P1 = 7')
    copy = s.game.clone()
    assert names(copy_session(copy), "hand:0") == ["Windmill", "Invention"]
    assert copy.state.players[0].res["gears"] == 7
    assert s.undo() and names(s, "hand:0") == ["Invention", "Wrench"]
    assert s.state.players[0].res["gears"] == 0


def copy_session(game):
    class View:
        state = game.state
    return View


def test_a_random_pick_may_be_arranged_in_the_middle_too():
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Gearbox", "Sabotage"
            hand of P2: "Heist", "Wrench", "Invention"
            deck top: "Oil Can", "Recycle"
          }
          when { P1 chooses "play_thing: Gearbox" }
          given { next random pick is "Invention" }
          when { P1 chooses "play_action: Sabotage" }
          then { discard_pile is "Invention", "Sabotage" }
        }
        """) == []


def test_a_line_about_the_start_of_the_game_is_an_error_in_a_later_given():
    assert failures_of("""
        scenario "s" {
          given { hand of P1: "Invention" }
          when { P1 chooses "pass" }
          given { P2 goes first }
        }
        """) == ["t.deck:5:11: failed: `goes first` arranges the start of the game: it "
                 "belongs in the first `given`\n"
                 "    5 |   given { P2 goes first }\n"
                 "      |           ^^^^^^^^^^^^^\n"
                 "  hint: a `given` after a `when` arranges the table at the decision then "
                 "pending: cards, values, marks and random draws"]


def test_nothing_can_be_arranged_once_the_game_is_over():
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Invention"
            gears of P1 = 10
            deck top: "Wrench"
          }
          when { P1 chooses "play_action: Invention" }
          given { gears of P2 = 3 }
        }
        """) == ["t.deck:9:3: failed: the game is over: there is nothing to arrange (P1 wins "
                 "(12 gears))\n"
                 "    9 |   given { gears of P2 = 3 }\n"
                 "      |   ^^^^^^^^^^^^^^^^^^^^^^^^^"]


def test_arrange_now_reports_a_wrong_line_as_a_deck_error():
    s = arranged("example", 'hand of P1: "Invention", "Gearbox"')
    with pytest.raises(DeckError) as err:
        arrange_now(s, 'hand of P1: "Invension"')
    assert err.value.render().splitlines()[0] == \
        "<given>:1:69: error: no card named `Invension`"


# --- looking at a phase's start ------------------------------------------------------------

def test_then_at_start_of_phase_sees_the_state_as_the_phase_began():
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Invention" x 6
            deck top: "Wrench", "Heist"
          }
          when { P1 chooses "pass" }
          then at start of phase end { hand of P1 has 7 cards }
          then {
            P1 is asked "Discard down to your hand size"
          }
        }
        """) == []


def test_a_phase_the_game_does_not_have_is_an_error_with_the_nearest():
    assert failures_of("""
        scenario "s" {
          given { hand of P1: "Invention" }
          when { P1 chooses "pass" }
          then at start of phase ending { hand of P1 has 1 cards }
        }
        """) == ["t.deck:5:26: failed: no phase named `ending`\n"
                 "    5 |   then at start of phase ending { hand of P1 has 1 cards }\n"
                 "      |                          ^^^^^^\n"
                 "  hint: did you mean `end`?"]


def test_a_phase_that_did_not_begin_during_the_steps_fails():
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Invention", "Gearbox"
            deck top: "Wrench"
          }
          when { P1 chooses "play_thing: Gearbox" }
          then at start of phase end { hand of P1 has 1 cards }
        }
        """) == ["t.deck:8:3: failed: no phase `end` began during the steps before this "
                 "`then`\n"
                 "    8 |   then at start of phase end { hand of P1 has 1 cards }\n"
                 "      |   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"]
