"""The card model's own rules (docs/language.md §15): ownership by zone, tokens, hosts and
their attachments, orientation, modifiers of a card's numbers.

Each test: given a state → these decisions → this outcome; the invariants
(dsl/invariants.py) are checked after every decision.
"""
from dsl.invariants import violations
from scenario import given, names, play

# --- ownership is a rule of the zones ---------------------------------------------------

SCRAPYARD = '''game "Scrapyard" extends "example"
zone scrap: shared, public, ordered, unowned
card "Scrap It": Action {
  text "Put a card from your hand on the scrap heap."
  effect { choose c from cards in your hand prompt "Scrap" { move c to scrap } }
}
card "Salvage": Action {
  text "Take a card from the scrap heap into your hand. Give it to the next player."
  effect {
    choose c from cards in scrap prompt "Salvage" {
      move c to your hand
      give c to next_player(you)
    }
  }
}
card "Deed": Action {
  text "The next player now owns a card on the scrap heap."
  effect { choose c from cards in scrap prompt "Deed" { give c to next_player(you) } }
}
'''


def card(s, zone_key, name):
    return next(c for c in s.state.zones[zone_key].cards if c.name == name)


def test_a_card_in_an_unowned_zone_belongs_to_no_player():
    s = given(SCRAPYARD, hands={0: ["Scrap It", "Windmill"]}, deck_cards=["Oil Can"] * 4)
    assert card(s, "hand:0", "Windmill").owner.name == "P1"
    play(s, "play_action: Scrap It", "Windmill")
    scrapped = card(s, "scrap", "Windmill")
    assert scrapped.owner is None and scrapped.controller is None


def test_a_card_that_ends_up_in_a_players_hand_is_theirs_and_give_cannot_say_otherwise():
    s = given(SCRAPYARD, hands={0: [], 1: ["Salvage"]}, zones={"scrap": ["Windmill"]},
              first=1, deck_cards=["Oil Can"] * 4)
    play(s, "play_action: Salvage")
    taken = card(s, "hand:1", "Windmill")
    assert taken.owner.name == "P2"           # the hand decides, not `give`


def test_give_cannot_make_a_card_in_an_unowned_zone_anyones():
    s = given(SCRAPYARD, hands={0: ["Deed"]}, zones={"scrap": ["Windmill"]},
              deck_cards=["Oil Can"] * 4)
    play(s, "play_action: Deed")
    assert card(s, "scrap", "Windmill").owner is None


def test_the_invariants_name_a_card_owned_in_an_unowned_zone():
    s = given(SCRAPYARD, hands={0: []}, zones={"scrap": ["Windmill"]},
              deck_cards=["Oil Can"] * 4)
    c = card(s, "scrap", "Windmill")
    c.owner = c.controller = s.state.players[0]
    assert violations(s.game) == [f"{c!r} is in scrap, whose cards belong to no player, "
                                  f"but is owned by P1"]


def test_the_invariants_name_a_card_in_a_players_hand_owned_by_another():
    s = given(SCRAPYARD, hands={0: ["Windmill"]}, deck_cards=["Oil Can"] * 4)
    c = card(s, "hand:0", "Windmill")
    c.owner = c.controller = s.state.players[1]
    assert violations(s.game) == [f"{c!r} is out of play in hand:0 but owned by P2, "
                                  f"not by the zone's player P1"]
