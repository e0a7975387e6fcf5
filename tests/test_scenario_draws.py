"""Random draws arranged in a scenario's `given`: `next random pick is ...` and `next
shuffle of ZONE leaves ... on top`, made by the game's own generator
(deckwright.dsl.rng.ArrangedRng).
"""
from __future__ import annotations


import pytest

from deckwright.dsl.rng import ArrangedRng, Rng
from deckwright.dsl.scenario.runner import check
from scenario import failures_of as shared_failures, scenario_deck

# A die: `random(range(1, 6))` is a roll; the example deck's Sabotage discards at random.
DIE = '''game "T" extends "example"
card "Lucky Roll": Action {
  text "Roll a die: gain that many gears."
  effect { gain random(range(1, 6)) gears }
}
'''


def deck(body: str):
    return scenario_deck(body, DIE)


def failures_of(body: str) -> list:
    return shared_failures(body, DIE)


ROLL = """
    scenario "s" {
      given {
        hand of P1: "Lucky Roll"
        deck top: "Wrench"
        next random pick is %s
      }
      when { P1 chooses "play_action: Lucky Roll" }
      then { gears of P1 is %s }
    }
    """


@pytest.mark.parametrize("roll", [1, 4, 6])
def test_the_next_die_roll_can_be_arranged(roll):
    assert failures_of(ROLL % (roll, roll)) == []


def test_an_arranged_roll_that_the_rule_gets_wrong_fails():
    assert failures_of(ROLL % (6, 5)) == [
        "t.deck:13:10: failed: gears of P1 is 6, not 5\n"
        "   13 |   then { gears of P1 is 5 }\n"
        "      |          ^^^^^^^^^^^^^^^^\n"
        "  - expected\n  + actual\n  - 5\n  + 6"]


def test_a_roll_the_die_cannot_make_fails_at_the_pick_with_what_it_was_drawn_from():
    assert failures_of(ROLL % (7, 7))[0] == (
        "t.deck:10:25: failed: the random pick could not be 7: it was drawn from 1, 2, 3, 4, "
        "5, 6\n"
        "   10 |     next random pick is 7\n"
        "      |                         ^\n"
        "  - expected\n  + actual\n  - 7\n  + 1\n  + 2\n  + 3\n  + 4\n  + 5\n  + 6")


def test_the_next_random_card_can_be_arranged():
    for card in ("Heist", "Invention", "Wrench"):
        assert failures_of(f"""
            scenario "s" {{
              given {{
                hand of P1: "Sabotage"
                hand of P2: "Heist", "Invention", "Wrench"
                deck top: "Oil Can", "Recycle"
                next random pick is "{card}"
              }}
              when {{ P1 chooses "play_action: Sabotage" }}
              then {{ discard_pile is "{card}", "Sabotage" }}
            }}
            """) == []


def test_picks_are_taken_in_order_and_a_pick_left_over_fails():
    out = failures_of("""
        scenario "s" {
          given {
            hand of P1: "Lucky Roll"
            deck top: "Wrench"
            next random picks are 2, 3
          }
          when { P1 chooses "play_action: Lucky Roll" }
          then { gears of P1 is 2 }
        }
        """)
    assert out == ["t.deck:10:30: failed: no random pick was left for this: the rules made "
                   "fewer random picks than the scenario arranges\n"
                   "   10 |     next random picks are 2, 3\n"
                   "      |                              ^"]


def test_a_random_pick_is_arranged_for_the_decks_own_setup_too():
    for first in ("P1", "P2"):
        assert failures_of(f"""
            scenario "s" {{
              given {{
                setup
                next random pick is {first}
              }}
              then {{ {first} is asked "your move" }}
            }}
            """) == []


def test_a_shuffle_arranged_but_never_made_fails():
    assert failures_of("""
        scenario "s" {
          given {
            deck: "Wrench", "Heist"
            next shuffle of deck leaves "Heist" on top
          }
        }
        """) == ["t.deck:9:5: failed: `deck` was not shuffled: this arranged shuffle was never "
                 "used\n"
                 "    9 |     next shuffle of deck leaves \"Heist\" on top\n"
                 "      |     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^"]


@pytest.mark.parametrize("value, message", [
    ("P3", "no seat `P3`: the scenario has P1 to P2"),
    ("none", "a random pick is of something: `none` is what an empty collection gives "
             "without a draw"),
])
def test_a_pick_is_checked_before_the_scenario_runs(value, message):
    program = deck(f'scenario "s" {{\n  given {{ next random pick is {value} }}\n}}\n')
    assert [d.message for d in check(program, program.scenarios[0])] == [message]


def test_an_arranged_generator_draws_as_the_plain_one_besides_what_is_arranged():
    plain, arranged = Rng(5), ArrangedRng.of(Rng(5))
    arranged.picks.append((lambda x: x == "c", None))
    assert arranged.choice(list("abcd")) == "c"
    plain.choice(list("abcd"))
    assert [arranged.below(100) for _ in range(5)] == [plain.below(100) for _ in range(5)]


def test_a_copy_of_an_arranged_generator_keeps_what_is_still_arranged():
    r = ArrangedRng.of(Rng(1))
    r.picks.append((lambda x: x == 9, None))
    copy = r.copy()
    assert copy.choice(list(range(10))) == 9 and r.choice(list(range(10))) == 9
    assert copy.picks == [] and r.picks == []


def test_python_tests_arrange_random_draws_with_the_same_lines():
    from scenario import arranged, names, play
    s = arranged("example", '''
        hand of P1: "Sabotage"
        hand of P2: "Heist", "Invention", "Wrench"
        deck top: "Oil Can", "Recycle"
        next random pick is "Wrench"
    ''')
    play(s, "play_action: Sabotage")
    assert names(s, "discard_pile") == ["Wrench", "Sabotage"]
