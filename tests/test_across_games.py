"""Rules of the shared model that every game relies on: attachments and their hosts,
tokens made by `transform`, and who owns a card that changes hands. Scenarios run with
the invariants (dsl/invariants.py) checked after every step."""
from deckwright.dsl.invariants import violations
from scenario import given, names

BARNACLES = '''game "Barnacles" extends "dvorak"
zone stash: per player, hidden
zone trash: shared, public
card "Rock": Thing x 4 { text "A rock." }
card "Barnacle": Thing x 4 {
  text "Barnacle never leaves play."
  before leave where event.card == this { negate }
}
token "Corpse": Thing { text "A token." }
'''


def barnacles(**kw):
    return given(BARNACLES, hands={0: ["Rock"], 1: ["Rock"]}, deck_cards=["Rock"] * 2, **kw)


def test_a_host_that_leaves_play_holds_nothing_that_stays_behind():
    s = barnacles(areas={0: ["Rock", "Barnacle"]})
    rock, barnacle = s.state.zones["area:0"].cards
    barnacle.attached_to = rock
    s.run_effect('for each r in cards in your area where it.name == "Rock" { move r to your hand }')
    assert names(s, "area:0") == ["Barnacle"]          # the base rule could not take it along
    assert barnacle.attached_to is None
    assert any(e.text == "Barnacle is no longer attached to Rock" for e in s.game.log)


def test_the_base_rule_still_sends_attachments_home_with_their_host():
    s = barnacles(areas={0: ["Rock", "Rock"]})
    host, rider = s.state.zones["area:0"].cards
    rider.attached_to = host
    s.run_effect("for each r in cards in your area where it == first(cards in your area) "
                 "{ move r to your hand }")
    assert names(s, "area:0") == [] and rider.zone.key == "discard_pile"


def test_a_card_transformed_into_a_token_is_a_token_and_ceases_to_exist_out_of_play():
    s = barnacles(areas={0: ["Rock"]})
    (rock,) = s.state.zones["area:0"].cards
    s.run_effect('for each r in cards in your area { transform r into "Corpse" }')
    assert rock.token and rock.name == "Corpse"
    s.run_effect("for each r in cards in your area { move r to discard_pile }")
    assert names(s, "discard_pile") == [] and rock.id not in s.state.cards


def test_a_card_in_a_hand_transformed_into_a_token_ceases_to_exist_at_once():
    s = barnacles()
    s.run_effect('for each r in cards in your hand { transform r into "Corpse" }')
    assert names(s, "hand:0") == []


def test_a_card_put_into_another_players_pile_becomes_theirs():
    s = barnacles()
    rocks = list(s.state.zones["hand:0"].cards)
    s.run_effect("for each r in cards in your hand { move r to stash of next_player(you) }")
    assert {(r.zone.key, r.owner.name, r.controller.name) for r in rocks} == {("stash:1", "P2", "P2")}


def test_a_card_in_play_keeps_its_owner_whoever_controls_it():
    s = barnacles(areas={1: ["Rock"]})
    (rock,) = s.state.zones["area:1"].cards
    rock.owner = s.state.players[0]                  # P1's Rock, played into P2's area
    assert violations(s.game) == []
    s.run_effect("for each r in cards in area of next_player(you) { move r to discard_pile }")
    assert rock.owner.name == "P1"                   # the shared discard pile remembers


def test_give_to_none_makes_a_trashed_card_nobodys():
    s = barnacles()
    rocks = list(s.state.zones["hand:0"].cards)
    s.run_effect("for each r in cards in your hand { move r to trash\n give r to none }")
    assert all(r.zone.key == "trash" and r.owner is None and r.controller is None for r in rocks)


def test_the_invariants_name_an_attachment_whose_host_has_left_play():
    s = barnacles(areas={0: ["Rock", "Barnacle"]})
    rock, barnacle = s.state.zones["area:0"].cards
    barnacle.attached_to = rock
    s.game.observer = None
    s.state.zones["area:0"].cards.remove(rock)
    s.state.zones["hand:0"].cards.append(rock)
    rock.zone = s.state.zones["hand:0"]
    rock.counters.clear()
    assert any("attached to Rock" in v for v in violations(s.game))


def test_the_invariants_name_a_token_definition_that_is_not_a_token():
    s = barnacles(areas={0: ["Rock"]})
    (rock,) = s.state.zones["area:0"].cards
    rock.name, rock.d = "Corpse", s.game.def_index["Corpse"]
    assert any("its definition 'Corpse' is one" in v for v in violations(s.game))
