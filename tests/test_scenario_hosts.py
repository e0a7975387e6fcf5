"""A host (`attached to "X"`) is the X the same `given` arranges in play, never a card of
that name elsewhere (the background's Shop, a hand, a deck); two such X, or none, are an
error at the host's name; `called` labels one arranged card so that a host, a `then` and
a later `given` can name that card and not another of its name (issue 18)."""
from __future__ import annotations

import pytest

from deckwright.dsl.errors import DeckError
from scenario import ON_EXAMPLE, arrange_now, arranged, failures_by_scenario


DVECK = 'game "T" extends "dveck_builder"\n'
URBAN = 'game "T" extends "urban_dead"\n'

# Dveck Builder's scenarios all start from a full Shop, and its Shop holds a Tinker.
SHOP = '''background {
  main_deck top: "Windfall" x 6
  booster_deck top: "Potluck" x 3
  shop: "Quick Study", "Demolish", "Piggy Bank", "Tinker", "Alloy"
}
'''


def failures_of(body: str, head: str) -> list:
    """What the scenario "s" of such a deck reports, starting from its background."""
    return failures_by_scenario(body, head)["s"]


def test_a_host_is_the_card_in_play_not_the_backgrounds_card_of_that_name():
    assert failures_of(SHOP + """
        scenario "s" {
          given {
            hand of P1: "Demolish"
            area of P1: "Tinker", "Cutlass" (attached to "Tinker")
            deck of P1 top: "Red Bar" x 5
          }
          when {
            P1 chooses "play_action: Demolish"
            P1 chooses "Tinker"
          }
          then {
            discard_pile of P1 is "Tinker", "Cutlass", "Demolish"
            shop has "Tinker"
          }
        }
        """, DVECK) == []


def test_a_host_only_in_a_zone_not_in_play_is_an_error_at_its_name():
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Private"
            fighters of survivors: "Pistol" (attached to "Private")
          }
        }
        """, URBAN) == [
        "t.deck:5:50: failed: no `Private` is arranged in play in this `given` for `Pistol` "
        "to be attached to\n"
        '    5 |     fighters of survivors: "Pistol" (attached to "Private")\n'
        "      |                                                  ^^^^^^^^^\n"
        "  hint: the `Private` of this `given` is in hand of P1, which is not in play"]


def test_a_host_only_the_background_holds_is_an_error_at_its_name():
    assert failures_of("""
        background {
          rest of survivors: "Private"
        }
        scenario "s" {
          given {
            fighters of survivors: "Pistol" (attached to "Private")
          }
        }
        """, URBAN) == [
        "t.deck:7:50: failed: no `Private` is arranged in play in this `given` for `Pistol` "
        "to be attached to\n"
        '    7 |     fighters of survivors: "Pistol" (attached to "Private")\n'
        "      |                                                  ^^^^^^^^^\n"
        "  hint: the background's `Private`, or another `given`'s, is no host here: list it "
        'in this `given`, or label it (`"Private" (called NAME)`) and write `attached to NAME`']


def test_two_hosts_of_the_name_are_an_error_that_says_how_to_tell_them_apart():
    assert failures_of("""
        scenario "s" {
          given {
            fighters of survivors: "Private" x 2, "Pistol" (attached to "Private")
          }
        }
        """, URBAN) == [
        "t.deck:4:65: failed: 2 `Private` are arranged in play in this `given`: which one is "
        "`Pistol` attached to?\n"
        '    4 |     fighters of survivors: "Private" x 2, "Pistol" (attached to "Private")\n'
        "      |                                                                 ^^^^^^^^^\n"
        '  hint: label the host, `"Private" (called NAME)`, and write `attached to NAME`']


def test_a_label_names_one_host_and_then_names_the_labelled_card():
    assert failures_of("""
        scenario "s" {
          given {
            fighters of survivors: "Private", "Private" (called sniper), "Pistol" (2 uses, attached to sniper)
          }
          then {
            "Pistol" in fighters of survivors: attached to sniper, 2 uses
            sniper in fighters of survivors: owner P1
          }
        }
        """, URBAN) == []


def test_a_labelled_card_that_is_not_as_expected_is_a_failure_with_a_diff():
    # Tinker's Fair: the Wrench destroys the Gearbox chosen and what is attached to it.
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Wrench"
            area of P2: "Gearbox" (called bare), "Gearbox" (called loaded), "Windmill" (attached to loaded)
            deck top: "Heist", "Recycle"
          }
          when {
            P1 chooses "play_action: Wrench"
            P1 chooses "Gearbox (with Windmill)"
          }
          then {
            loaded in area of P2: controller P2
            "Windmill" in discard_pile: attached to bare
          }
        }
        """, ON_EXAMPLE) == [
        "t.deck:13:5: failed: `loaded` is not in area of P2: it is in discard_pile\n"
        "   13 |     loaded in area of P2: controller P2\n"
        "      |     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        "t.deck:14:5: failed: `Windmill` in discard_pile is not as expected\n"
        '   14 |     "Windmill" in discard_pile: attached to bare\n'
        "      |     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "  - expected\n  + actual\n  - attached to bare\n  + attached to nothing"]


def test_a_later_given_attaches_to_a_card_labelled_at_the_start():
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Windmill", "Wrench"
            area of P2: "Gearbox", "Gearbox" (called loaded)
            deck top: "Heist", "Recycle"
          }
          when { P1 chooses "play_thing: Windmill" }
          given { area of P2: "Gearbox", "Gearbox", "Spring Press" (attached to loaded) }
          when {
            P1 chooses "play_action: Wrench"
            P1 chooses "Gearbox (with Spring Press)"
          }
          then {
            area of P2 is "Gearbox"
            discard_pile has "Gearbox", "Spring Press"
          }
        }
        """, ON_EXAMPLE) == []


def test_the_mistakes_in_labels_are_errors_before_anything_runs():
    assert failures_of("""
        scenario "s" {
          given {
            fighters of survivors: "Private" (called sniper), "Private" (called sniper)
            rest of survivors: "Cop" x 2 (called cops), "Pistol" (attached to snipr)
            hand of P1: "Medic" (called medic), "Shotgun" (attached to medic)
            items of survivors: "Fire Axe" (attached to later), "Kitchen Knife" (called knife, attached to knife)
          }
          then { "Private" in fighters of survivors: called sniper }
          given { fighters of survivors: "Private" (called later) }
        }
        """, URBAN) == [
        "t.deck:4:73: failed: two cards are called `sniper`\n"
        '    4 |     fighters of survivors: "Private" (called sniper), "Private" (called sniper)\n'
        "      |                                                                         ^^^^^^\n"
        "  hint: the first at line 4: a label names one card",
        "t.deck:5:35: failed: `called` names one card, not 2\n"
        '    5 |     rest of survivors: "Cop" x 2 (called cops), "Pistol" (attached to snipr)\n'
        "      |                                   ^^^^^^^^^^^\n"
        "  hint: list the copies one by one, each with its own label",
        "t.deck:5:71: failed: no card is called `snipr`\n"
        '    5 |     rest of survivors: "Cop" x 2 (called cops), "Pistol" (attached to snipr)\n'
        "      |                                                                       ^^^^^\n"
        "  hint: did you mean `sniper`?",
        "t.deck:6:64: failed: `medic` is in hand of P1, which is not in play: `Shotgun` cannot "
        "be attached to it\n"
        '    6 |     hand of P1: "Medic" (called medic), "Shotgun" (attached to medic)\n'
        "      |                                                                ^^^^^",
        "t.deck:7:49: failed: no card is called `later` yet\n"
        '    7 |     items of survivors: "Fire Axe" (attached to later), "Kitchen Knife" '
        '(called knife, attached to knife)\n'
        "      |                                                 ^^^^^\n"
        "  hint: a later `given` labels `later`: a label names its card from the `given` "
        "that arranges it on",
        "t.deck:7:100: failed: `Kitchen Knife` cannot be attached to itself\n"
        '    7 |     items of survivors: "Fire Axe" (attached to later), "Kitchen Knife" '
        '(called knife, attached to knife)\n'
        "      |                                                                          "
        "                          ^^^^^",
        "t.deck:9:46: failed: `called` labels a card where `given` arranges it\n"
        '    9 |   then { "Private" in fighters of survivors: called sniper }\n'
        "      |                                              ^^^^^^^^^^^^^\n"
        "  hint: `then` names a labelled card by its label: `NAME in ZONE: ...`"]


def test_tests_that_stay_in_python_label_cards_and_attach_to_them_later():
    s = arranged("example", '''
        area of P2: "Gearbox", "Gearbox" (called loaded)
        hand of P1: "Windmill"
        deck top: "Heist", "Recycle"
    ''')
    loaded = s.state.zones["area:1"].cards[1]
    arrange_now(s, 'area of P2: "Gearbox", "Gearbox", "Spring Press" (attached to loaded)')
    assert s.state.zones["area:1"].cards[2].attached_to is loaded
    with pytest.raises(DeckError) as err:
        arrange_now(s, 'area of P2: "Gearbox" (called loaded)')
    lines = str(err.value).split("\n")
    assert (lines[0], lines[-1]) == (
        "<given>:1:87: error: two cards are called `loaded`",
        "  hint: the first before these lines: a label names one card")
