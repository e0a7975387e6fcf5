"""What a `then` reads besides zones and values (docs/testing.md §4, §7): a card's
properties as the rules read them (static effects included), a parameter of the rules
(`hand_size of P1`), a card that belongs to nobody, and copies in a list (`"X" x 3`)."""
from __future__ import annotations

from scenario import ON_EXAMPLE, failures_of

URBAN = 'game "T" extends "urban_dead"\n'
DVECK = 'game "T" extends "dveck_builder"\n'
DUEL = 'game "T" extends "dueling_runes"\n'


def test_a_property_is_read_as_the_rules_read_it_a_static_effect_included():
    # Urban Dead's Flak Jacket: "the wearer has two more health" (a Doctor's is 3).
    assert failures_of("""
        scenario "s" {
          given {
            fighters of survivors: "Doctor", "Flak Jacket" (attached to "Doctor"), "Cop"
            deck of survivors: "Loosely Barricaded" x 3
          }
          then {
            "Doctor" in fighters of survivors: health is 5
            "Cop" in fighters of survivors: health is 5
          }
        }
        """, URBAN) == [
        "t.deck:9:5: failed: `Cop` in fighters of survivors is not as expected\n"
        '    9 |     "Cop" in fighters of survivors: health is 5\n'
        "      |     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "  - expected\n  + actual\n  - health is 5\n  + health is 6"]


def test_a_property_the_deck_does_not_declare_or_one_given_would_set_is_an_error():
    assert failures_of("""
        scenario "s" {
          given { hand of P1: "The Calamity" (rank is 3) }
          then { "The Calamity" in hand of P1: rnak is 12 }
        }
        """, DUEL) == [
        "t.deck:3:39: failed: `rank` is printed on the card: `given` cannot change it\n"
        '    3 |   given { hand of P1: "The Calamity" (rank is 3) }\n'
        "      |                                       ^^^^^^^^^\n"
        '  hint: a `then` checks it, as the rules read it: `"CARD" in ZONE: rank is ...`',
        "t.deck:4:40: failed: no property named `rnak`\n"
        '    4 |   then { "The Calamity" in hand of P1: rnak is 12 }\n'
        "      |                                        ^^^^\n"
        "  hint: did you mean `rank`?"]


def test_a_parameter_of_the_rules_is_read_with_the_static_effects_in_force():
    # Dveck Builder's Leech: "-1 hand size" for its host's controller.
    assert failures_of("""
        scenario "s" {
          given {
            area of P1: "Workshop", "Leech" (owner P2, attached to "Workshop")
            deck of P1 top: "Red Bar" x 5
          }
          then {
            hand_size of P1 is 4
            hand_size of P2 >= 5
            hand_size of P2 is 4
          }
        }
        """, DVECK) == [
        "t.deck:10:5: failed: hand_size of P2 is 5, not 4\n"
        "   10 |     hand_size of P2 is 4\n"
        "      |     ^^^^^^^^^^^^^^^^^^^^\n"
        "  - expected\n  + actual\n  - 4\n  + 5"]


def test_a_parameter_is_not_arranged_and_is_read_only_after_the_steps():
    assert failures_of("""
        scenario "s" {
          given { hand_size of P1 = 3 }
        }
        """) == [
        "t.deck:3:11: failed: `hand_size` is a parameter of the rules: they set it, and a "
        "scenario reads it\n"
        "    3 |   given { hand_size of P1 = 3 }\n"
        "      |           ^^^^^^^^^^^^^^^\n"
        "  hint: arrange what changes it (a card in play), and check it in `then`: "
        "`hand_size of P1 is ...`"]
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Invention"
            deck top: "Wrench", "Heist"
          }
          when { P1 chooses "pass" }
          then at end of turn { hand_size of P1 is 5 }
        }
        """) == [
        "t.deck:8:25: failed: a parameter of the rules is read only after the steps, not at "
        "a point in the middle of them\n"
        "    8 |   then at end of turn { hand_size of P1 is 5 }\n"
        "      |                         ^^^^^^^^^^^^^^^^^^^^"]


def test_a_card_in_the_trash_belongs_to_nobody():
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Scrapheap", "Red Shard", "Blue Shard"
            deck of P1 top: "Red Bar"
            main_deck top: "Windfall" x 3
            booster_deck top: "Potluck" x 3
            shop: "Quick Study", "Demolish", "Piggy Bank", "Tinker", "Alloy"
          }
          when {
            P1 chooses "play_action: Scrapheap"
            P1 chooses "Red Shard", "Blue Shard"
          }
          then {
            "Red Shard" in trash: owner nobody, controller nobody
            "Blue Shard" in trash: owner P1
          }
        }
        """, DVECK) == [
        "t.deck:16:5: failed: `Blue Shard` in trash is not as expected\n"
        '   16 |     "Blue Shard" in trash: owner P1\n'
        "      |     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "  - expected\n  + actual\n  - owner P1\n  + owner nobody"]


def test_nobody_is_checked_not_arranged():
    assert failures_of("""
        scenario "s" {
          given { area of P1: "Gearbox" (owner nobody) }
        }
        """) == [
        "t.deck:3:34: failed: `owner nobody` is something to check, not to arrange\n"
        '    3 |   given { area of P1: "Gearbox" (owner nobody) }\n'
        "      |                                  ^^^^^^^^^^^^\n"
        "  hint: a card arranged in a zone that belongs to nobody (an `unowned` one) belongs "
        "to nobody"]


def test_copies_in_a_list_that_then_checks():
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Invention" x 2, "Heist"
            deck top: "Wrench" x 3
          }
          then {
            hand of P1 is "Invention" x 2, "Heist", "Wrench"
            deck is "Wrench" x 2
            deck has "Wrench" x 2
            deck has "Wrench" x 3
          }
        }
        """) == [
        "t.deck:11:5: failed: deck lacks Wrench x 3 (it holds 2)\n"
        '   11 |     deck has "Wrench" x 3\n'
        "      |     ^^^^^^^^^^^^^^^^^^^^^\n"
        '  - expected\n  + actual\n    "Wrench"\n    "Wrench"\n  - "Wrench"']


def test_the_bottom_of_a_zone_and_a_cards_place_in_it():
    # Tinker's Fair's Blueprint: "Put one into your hand and the rest on the bottom."
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Blueprint", "Windmill"
            deck top: "Wrench", "Gearbox", "Heist", "Recycle", "Oil Can", "Invention"
          }
          when {
            P1 chooses "play_action: Blueprint"
            P1 chooses "Heist"
          }
          then {
            deck bottom is "Recycle", "Gearbox"
            "Invention" in deck: 2nd from top, 3rd from bottom
            deck bottom is "Gearbox"
            "Oil Can" in deck: 2nd from top
          }
        }
        """) == [
        "t.deck:14:5: failed: other cards are at the bottom of deck (bottom first)\n"
        '   14 |     deck bottom is "Gearbox"\n'
        "      |     ^^^^^^^^^^^^^^^^^^^^^^^^\n"
        '  - expected\n  + actual\n  + "Recycle"\n    "Gearbox"\n  + "Invention"',
        "t.deck:15:5: failed: `Oil Can` in deck is not as expected\n"
        '   15 |     "Oil Can" in deck: 2nd from top\n'
        "      |     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "  - expected\n  + actual\n  - 2nd from top\n  + 1st from top"]


def test_a_place_is_checked_in_an_ordered_zone_and_only_in_then():
    assert failures_of("""
        scenario "s" {
          given { deck top: "Wrench" (1st from top) }
          then {
            "Wrench" in hand of P1: 1st from top
            "Wrench" in deck: 2th from bottom
          }
        }
        """) == [
        "t.deck:3:31: failed: `1st from top` is something to check: in `given`, the order "
        "of a zone's line places its cards\n"
        '    3 |   given { deck top: "Wrench" (1st from top) }\n'
        "      |                               ^^^^^^^^^^^^",
        "t.deck:5:29: failed: `hand` is not ordered: its cards have no place in it\n"
        '    5 |     "Wrench" in hand of P1: 1st from top\n'
        "      |                             ^^^^^^^^^^^^",
        "t.deck:6:23: failed: `2th` is not an ordinal\n"
        '    6 |     "Wrench" in deck: 2th from bottom\n'
        "      |                       ^^^\n"
        "  hint: write `2nd`"]
