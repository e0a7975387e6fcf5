"""The steps of a scenario's `when`: what a refused step reports."""
from __future__ import annotations


from scenario import failures_of




SECOND_THING = """
    scenario "s" {
      given {
        hand of P1: "Windmill", "Gearbox"
        deck top: "Wrench"
      }
      when {
        P1 chooses "play_thing: Windmill"
        P1 chooses "play_thing: Gearbox" refused: "%s"
      }
    }
    """


def test_a_move_the_rules_do_not_offer_is_refused_with_the_rules_reason():
    assert failures_of(SECOND_THING % "you have played a Thing this turn") == []


def test_a_refusal_for_another_reason_shows_the_rules_reason():
    assert failures_of(SECOND_THING % "too expensive") == [
        "t.deck:9:47: failed: refused for another reason\n"
        '    9 |     P1 chooses "play_thing: Gearbox" refused: "too expensive"\n'
        "      |                                               ^^^^^^^^^^^^^^^\n"
        "  - expected\n  + actual\n  - too expensive\n"
        "  + play_thing: Gearbox is not allowed: you have played a Thing this turn"]


def test_a_label_no_rule_knows_is_refused_as_no_option():
    assert failures_of("""
        scenario "s" {
          given { hand of P1: "Windmill" }
          when { P1 chooses "play_thing: Gearbox" refused: "no option" }
        }
        """) == []
