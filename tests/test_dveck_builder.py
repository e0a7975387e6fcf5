"""Dveck Builder (decks/dveck_builder.deck), one rule of the seed per story.

Each test: given a state → these decisions → this outcome. Seats 0-3 are P1-P4; seat 0
moves first. Unless a test says otherwise the Shop is full and both the main deck and the
Booster Deck hold cards, so no refill or game end gets in the way. The rules that read as
a rule book's example are scenarios in decks/dveck_builder.test.deck (owners' discard
piles and the trash, the Shop, cycling, coins and buying, the turn, 50 VP, ownership,
reactions); these are the rest.
"""
import os

import pytest

from deckwright.dsl.agents import GreedyAgent, RandomAgent
from deckwright.dsl.engine import Game
from deckwright.dsl.invariants import assert_invariants
from deckwright.dsl.loader import load_program
from deckwright.dsl.session import Session
from scenario import area, given, hand, names, play, res

DECK = "dveck_builder"
PILES = ["blue_shards", "red_shards", "gold_shards", "blue_bars", "red_bars", "gold_bars",
         "blue_slabs", "red_slabs", "gold_slabs"]
PILE_CARD = dict(zip(PILES, ["Blue Shard", "Red Shard", "Gold Shard", "Blue Bar", "Red Bar",
                             "Gold Bar", "Blue Slab", "Red Slab", "Gold Slab"]))
SHOP = ["Quick Study", "Demolish", "Piggy Bank", "Tinker", "Alloy"]
BOOSTER_SHOP = ["Fireball", "Apprentice", "Rose Quartz"]


def dv(*, hands=None, areas=None, decks=None, discards=None, shop=None, booster_shop=None,
       main=None, booster=None, piles=3, res=None, players=2, first=0):
    """An arranged Dveck Builder game. ``decks`` lists each deck top first; ``discards``
    each discard pile bottom to top; the supply piles hold ``piles`` cards each."""
    zones = {pile: [PILE_CARD[pile]] * piles for pile in PILES}
    zones["main_deck"] = list(reversed(main if main is not None else ["Windfall"] * 6))
    zones["booster_deck"] = list(reversed(booster if booster is not None else ["Potluck"] * 3))
    zones["shop"] = list(SHOP if shop is None else shop)
    zones["booster_shop"] = list(BOOSTER_SHOP if booster_shop is None else booster_shop)
    for seat, cards in (decks or {}).items():
        zones[f"deck:{seat}"] = list(reversed(cards))
    for seat, cards in (discards or {}).items():
        zones[f"discard_pile:{seat}"] = list(cards)
    return given(DECK, players=players, first=first, zones=zones, hands=hands or {0: []},
                 areas=areas, res=res)


def discard_pile(s, seat):
    return names(s, f"discard_pile:{seat}")


def deck(s, seat):
    return list(reversed(names(s, f"deck:{seat}")))


def card(s, zone_key, name):
    return next(c for c in s.state.zones[zone_key].cards if c.name == name)


def moves(s, prefix):
    return [label for label in s.legal() if label.startswith(prefix)]


# --- Decks ----------------------------------------------------------------------------

def test_setup_each_player_starts_with_five_blue_four_red_one_gold_shard_and_draws_five():
    s = Session(load_program(DECK), seed=3, players=3)
    for seat in range(3):
        own = names(s, f"hand:{seat}") + names(s, f"deck:{seat}")
        assert sorted(own) == sorted(["Blue Shard"] * 5 + ["Red Shard"] * 4 + ["Gold Shard"])
        assert len(names(s, f"hand:{seat}")) == 5
        assert discard_pile(s, seat) == []


def test_setup_the_shop_is_five_main_deck_cards_and_three_booster_cards():
    s = Session(load_program(DECK), seed=5, players=2)
    program = s.program
    main_total = sum(d.copies for d in program.library()
                     if "Basic" not in d.types and d.props.get("module") is None)
    assert main_total == 100
    shop, booster_shop = names(s, "shop"), names(s, "booster_shop")
    assert len(shop) == 5 and len(booster_shop) == 3
    assert all(program.cards[n].props.get("module") is None for n in shop)
    assert all(program.cards[n].props.get("module") is not None for n in booster_shop)
    assert len(names(s, "main_deck")) == 95
    boosters = names(s, "booster_deck") + booster_shop
    assert 20 <= len(boosters) <= 30
    # whole modules: every module present brings all its cards
    modules = {program.cards[n].props["module"] for n in boosters}
    for m in modules:
        assert sum(d.copies for d in program.library() if d.props.get("module") == m) == \
            sum(1 for n in boosters if program.cards[n].props["module"] == m)


def test_setup_the_rest_of_the_basic_materials_form_nine_face_up_supply_piles():
    s = Session(load_program(DECK), seed=5, players=2)
    assert len(names(s, "blue_shards")) == 40 - 10
    assert len(names(s, "red_shards")) == 34 - 8
    assert len(names(s, "gold_shards")) == 16 - 2
    assert set(names(s, "gold_slabs")) == {"Gold Slab"}
    assert all(s.state.zones[p].visibility == "public" for p in PILES)


def test_a_trashed_card_belongs_to_no_player():
    # The Trash is `unowned`: the zone, not the verb, says that its cards have no owner.
    s = dv(hands={0: ["Walk the Plank"]}, areas={1: ["Tinker"]})
    assert card(s, "area:1", "Tinker").owner.name == "P2"
    play(s, "play_action: Walk the Plank")
    trashed = card(s, "trash", "Tinker")
    assert trashed.owner is None and trashed.controller is None


# --- the Shop ---------------------------------------------------------------------------

def test_an_empty_deck_is_replaced_by_the_other_so_the_shop_keeps_eight_cards():
    s = dv(hands={0: ["Red Bar", "Gold Bar"]}, main=["Heist"], booster=[])
    play(s, "play_material: Red Bar", "play_material: Gold Bar",
         "buy_action: Fireball", "pay 1 red", "pay 1 red")     # the rest is gold
    # the booster slot took the main deck's top card; the main deck is now empty too...
    assert "Heist" in names(s, "booster_shop")
    # ...and with both decks empty the game ended at once
    assert s.is_over
    assert s.result["reason"] == "decks empty, tied on vp"    # named by the deck; a draw


# --- Cycling and VP ---------------------------------------------------------------------

def test_looking_at_the_top_of_an_empty_deck_does_not_cycle():
    s = dv(hands={0: ["Crystal Ball"]}, decks={0: []}, discards={0: ["Tinker"]},
           res={0: {"acquired": 8}})
    play(s, "play_material: Crystal Ball")
    assert res(s, 0, "vp") == 0
    assert discard_pile(s, 0) == ["Tinker"]


# --- Materials and buying ---------------------------------------------------------------

def test_materials_may_be_paid_with_any_mix_of_coins():
    s = dv(hands={0: ["Red Bar", "Blue Bar"]}, decks={0: ["Tinker"] * 5})
    play(s, "play_material: Red Bar", "play_material: Blue Bar", "buy_material: Alloy")
    play(s, "pay 1 red", "pay 1 blue", "pay 1 blue")     # the last coin can only be red
    # bought first, then the turn ended (nothing left to do) and the Materials followed it
    assert discard_pile(s, 0) == ["Alloy", "Red Bar", "Blue Bar"]


def test_a_bought_card_goes_on_top_of_the_discard_pile_and_non_basic_ones_are_counted():
    s = dv(hands={0: ["Gold Slab", "Gold Bar"]}, discards={0: ["Red Shard"]},
           decks={0: ["Alloy"] * 5})
    play(s, "play_material: Gold Slab", "play_material: Gold Bar", "buy_thing: Tinker")
    assert discard_pile(s, 0) == ["Red Shard", "Tinker"]
    assert res(s, 0, "acquired") == 1
    play(s, "buy_basic: Gold Shard")       # the turn then ends: the Materials follow
    assert discard_pile(s, 0)[:3] == ["Red Shard", "Tinker", "Gold Shard"]
    assert res(s, 0, "acquired") == 1
    assert card(s, "discard_pile:0", "Tinker").owner.name == "P1"


def test_acquiring_without_buying_costs_nothing():
    s = dv(hands={0: ["Bargain Hunt"]}, shop=["Quick Study", "Heist", "Piggy Bank", "Tinker", "Alloy"])
    play(s, "play_action: Bargain Hunt", "Quick Study")
    assert discard_pile(s, 0) == ["Quick Study", "Bargain Hunt"]
    assert res(s, 0, "acquired") == 1


# --- On your turn -------------------------------------------------------------------------

def test_one_buy_of_each_type_per_turn():
    s = dv(hands={0: ["Gold Slab", "Gold Slab", "Gold Slab"]})
    for _ in range(3):
        play(s, "play_material: Gold Slab")
    play(s, "buy_basic: Blue Shard")
    assert moves(s, "buy_basic") == [] and moves(s, "buy_material") == []
    play(s, "buy_action: Quick Study", "buy_thing: Tinker")
    assert moves(s, "buy_action") == [] and moves(s, "buy_thing") == []


def test_the_end_of_turn_discards_down_to_the_hand_size():
    s = dv(hands={0: ["Tinker"] * 7}, decks={0: ["Alloy"]})
    play(s, "pass", (0, 1))
    assert hand(s, 0) == ["Tinker"] * 5


def test_end_of_turn_card_effects_come_before_the_clean_up():
    s = dv(hands={0: ["Red Shard"]}, areas={0: ["Bee Hive"]}, decks={0: ["Alloy"] * 5})
    play(s, "play_material: Red Shard", "pass")
    assert area(s, 0) == ["Bee", "Bee Hive"]
    assert "Red Shard" in discard_pile(s, 0)


# --- Ending ----------------------------------------------------------------------------------

def test_equal_vp_at_the_end_is_a_draw():
    s = dv(hands={0: ["Red Bar"]}, main=[], booster=["Plunder"], res={0: {"vp": 4}, 1: {"vp": 4}})
    play(s, "play_material: Red Bar", "buy_action: Quick Study")
    assert s.result["draw"] is True


# --- Tokens and counters ----------------------------------------------------------------------

def test_tokens_are_things_named_by_type_and_cease_to_exist_outside_play():
    s = dv(hands={0: ["Pinkie Pie"]})
    play(s, "play_thing: Pinkie Pie")
    party = card(s, "area:0", "Party")
    assert party.token and s.game.is_type(party, "Thing") and s.game.is_type(party, "Party")
    play(s, "Party: Celebrate")
    assert party.id not in s.state.cards
    assert "Party" not in discard_pile(s, 0)


def test_a_token_moving_to_another_play_area_survives_and_belongs_to_its_new_holder():
    s = dv(hands={0: ["Heist"]}, areas={1: ["Bee"]})
    play(s, "play_action: Heist")
    bee = card(s, "area:0", "Bee")
    assert bee.owner.name == "P1" and bee.controller.name == "P1"


def test_counters_are_put_and_removed_only_by_their_own_card():
    s = dv(hands={0: []}, areas={0: ["Piggy Bank", "Piggy Bank"]})
    first, second = s.state.zones["area:0"].cards
    play(s, "Piggy Bank: Save")         # the first bank's ability: a counter on that bank
    assert (first.counters.get("coin", 0), second.counters.get("coin", 0)) == (1, 0)
    assert [m for m in s.legal() if "Smash" in m] == ["Piggy Bank: Smash [coin 1]",
                                                      "Piggy Bank: Smash"]
    play(s, "Piggy Bank: Smash [coin 1]")
    assert res(s, 0, "gold") == 1
    assert first.counters == {} and second.counters == {}


# --- Abilities, reactions and Negate ------------------------------------------------------------

def test_abilities_are_used_only_on_your_own_turn():
    s = dv(hands={0: [], 1: ["Red Shard"]}, areas={0: ["Apprentice"]}, decks={0: ["Alloy"] * 5})
    assert "Apprentice: Study" in s.legal()
    play(s, "pass")
    assert s.decision.player.name == "P2"
    assert "Apprentice: Study" not in s.legal()


def test_an_ability_can_be_negated():
    s = dv(hands={0: [], 1: ["Stifle"]}, areas={0: ["Apprentice"]}, decks={0: ["Tinker"]})
    play(s, "Apprentice: Study", "Stifle: Discard Stifle to negate that Ability")
    assert hand(s, 0) == []
    assert discard_pile(s, 1) == ["Stifle"]


# --- Upgrade and Downgrade ----------------------------------------------------------------------

def test_upgrading_changes_the_card_in_place_and_swaps_it_with_the_next_pile_up():
    s = dv(hands={0: ["Refine"]}, areas={0: ["Blue Shard"]}, piles=2)
    shard = s.state.zones["area:0"].cards[0]
    enters = []
    s.game.observer = lambda g: (assert_invariants(g), enters.append(len(g.log)))
    play(s, "play_action: Refine")
    assert shard.name == "Blue Bar" and shard.zone.key == "area:0"
    assert shard.owner.name == "P1"
    assert names(s, "blue_shards") == ["Blue Shard"] * 3
    assert names(s, "blue_bars") == ["Blue Bar"]
    assert not any("P1's area →" in e.text or "→ P1's area" in e.text for e in s.game.log)
    # a Material already in play that is upgraded gives no extra coins
    assert res(s, 0, "blue") == 0


def test_slabs_cannot_be_upgraded_and_shards_cannot_be_downgraded():
    s = dv(hands={0: ["Refine", "Blue Slab"]}, piles=2)
    play(s, "play_action: Refine")             # the Slab is the only choice
    assert hand(s, 0) == ["Blue Slab"]
    s = dv(hands={0: ["Shatter"], 1: []}, discards={1: ["Red Shard"]}, decks={0: ["Alloy"]})
    play(s, "play_action: Shatter", "P2")
    assert discard_pile(s, 1) == ["Red Shard"]


def test_only_what_can_change_is_offered_for_an_upgrade_or_a_downgrade():
    # "Slabs cannot be upgraded ... Shards cannot be downgraded": they are not choices.
    s = dv(hands={0: ["Refine", "Blue Slab", "Gold Slab", "Blue Shard", "Red Bar"]}, piles=2)
    play(s, "play_action: Refine")
    assert sorted(s.decision.labels) == ["Blue Shard", "Red Bar"]
    assert s.refusal("Blue Slab").reason == \
        "Blue Slab is not allowed: only a Shard or a Bar can be upgraded"
    s = dv(hands={0: ["Shatter"], 1: []}, discards={1: ["Red Shard", "Gold Bar"]},
           decks={0: ["Alloy"]}, piles=2)
    play(s, "play_action: Shatter", "P2")
    assert discard_pile(s, 1) == ["Red Shard", "Gold Shard"]     # the only choice: no question


def test_downgrading_a_bar_returns_it_and_takes_a_shard():
    s = dv(hands={0: ["Shatter"], 1: []}, discards={1: ["Red Bar"]}, decks={0: ["Alloy"]}, piles=2)
    play(s, "play_action: Shatter", "P2")
    assert discard_pile(s, 1) == ["Red Shard"]
    assert names(s, "red_bars") == ["Red Bar"] * 3
    assert names(s, "red_shards") == ["Red Shard"]


def test_upgrading_into_an_empty_pile_does_nothing():
    s = dv(hands={0: ["Refine", "Blue Shard"]}, piles=0)
    play(s, "play_action: Refine")
    assert hand(s, 0) == ["Blue Shard"]


def test_only_basic_materials_can_be_upgraded():
    s = dv(hands={0: ["Refine", "Alloy", "Red Shard"]})
    play(s, "play_action: Refine")
    # the only choice was the Basic Red Shard: it was upgraded without asking
    assert hand(s, 0) == ["Alloy", "Red Bar"]


# --- Granted plays and attachments ---------------------------------------------------------------

def test_a_play_granted_by_a_card_does_not_count_toward_the_limits():
    s = dv(hands={0: ["Double Time", "Windfall", "Tinker", "Scarecrow", "Quick Study"]},
           decks={0: ["Alloy"] * 4})
    play(s, "play_action: Double Time", "Windfall", "Tinker")
    assert area(s, 0) == ["Tinker"]
    assert res(s, 0, "blue") == 1 and res(s, 0, "red") == 1     # Windfall happened
    # Double Time used the turn's Action play; the Thing play is still there
    assert moves(s, "play_action") == []
    play(s, "play_thing: Scarecrow")
    assert area(s, 0) == ["Scarecrow", "Tinker"]


def test_attachments_go_to_their_owners_discard_piles_when_their_host_leaves_play():
    s = dv(hands={0: ["Cutlass", "Demolish"], 1: []}, areas={0: ["Tinker"]})
    play(s, "play_thing: Cutlass")
    cutlass = card(s, "area:0", "Cutlass")
    assert cutlass.attached_to is card(s, "area:0", "Tinker")
    play(s, "play_action: Demolish", "Tinker")
    assert discard_pile(s, 0) == ["Tinker", "Cutlass", "Demolish"]


def test_a_stolen_thing_takes_what_is_attached_to_it_into_its_new_controllers_area():
    # Q15: an attached card is controlled by its host's controller, in the host's area.
    s = dv(hands={0: ["Heist"]}, areas={1: ["Tinker", "Leech"]})
    tinker, leech = card(s, "area:1", "Tinker"), card(s, "area:1", "Leech")
    leech.attached_to = tinker
    play(s, "play_action: Heist", "Tinker")
    assert area(s, 0) == ["Leech", "Tinker"] and leech.attached_to is tinker
    assert (leech.owner.name, leech.controller.name) == ("P2", "P1")
    assert s.state.players[0].name == "P1" and s.game.param("hand_size", s.state.players[0]) == 4


def test_an_attachment_goes_home_with_its_host_even_where_destroying_is_prevented():
    # Scarecrow stops other players destroying P2's Things; falling off is not destroying.
    s = dv(hands={0: ["Walk the Plank"], 1: ["Cutlass"]}, areas={1: ["Scarecrow", "Tinker"]},
           decks={0: ["Alloy"] * 5, 1: ["Alloy"] * 5})
    play(s, "pass", "play_thing: Cutlass", "Tinker", "pass")
    play(s, "play_action: Walk the Plank", "Tinker")
    assert names(s, "trash") == ["Tinker"]
    assert discard_pile(s, 1) == ["Cutlass"]
    assert area(s, 1) == ["Scarecrow"]


# --- Ghost Copy ----------------------------------------------------------------------------------

def test_ghost_copy_has_the_text_of_the_top_of_the_discard_pile_with_its_own_name():
    # Boomerang: "Action: Return Boomerang to your hand" reads, on Ghost Copy,
    # "Return Ghost Copy to your hand".
    s = dv(hands={0: []}, areas={0: ["Ghost Copy"]}, discards={0: ["Boomerang"]})
    assert "Ghost Copy: Return" in s.legal()
    play(s, "Ghost Copy: Return")
    assert hand(s, 0) == ["Ghost Copy"]
    assert discard_pile(s, 0) == ["Boomerang"]


def test_ghost_copy_gains_the_copied_cards_triggers():
    s = dv(hands={0: []}, areas={0: ["Ghost Copy"]}, discards={0: ["Bee Hive"]},
           decks={0: ["Alloy"] * 5})
    play(s, "pass")                  # Bee Hive's text: at the end of your turn, create a Bee
    assert area(s, 0) == ["Bee", "Ghost Copy"]


def test_ghost_copy_loses_the_text_when_the_top_card_changes():
    s = dv(hands={0: ["Gold Bar"]}, areas={0: ["Ghost Copy"]}, discards={0: ["Boomerang"]})
    assert "Ghost Copy: Return" in s.legal()
    play(s, "play_material: Gold Bar", "buy_basic: Blue Shard")
    assert discard_pile(s, 0)[-1] == "Blue Shard"
    assert "Ghost Copy: Return" not in s.legal()


# --- Twilight Sparkle ----------------------------------------------------------------------------

TWILIGHT = "Twilight Sparkle: Play an Action instead of a Thing"


def test_twilight_sparkle_lets_you_play_an_action_instead_of_a_thing_once():
    s = dv(hands={0: ["Windfall", "Windfall", "Windfall", "Tinker"]},
           areas={0: ["Twilight Sparkle"]}, decks={0: ["Alloy"] * 5})
    play(s, "play_action: Windfall", TWILIGHT, "Windfall")
    # the second Action used the Thing play: no Thing and no third Action
    assert moves(s, "play_action") == [] and moves(s, "play_thing") == []
    assert TWILIGHT not in s.legal()
    assert res(s, 0, "actions_played") == 2


def test_twilight_sparkle_is_for_action_cards_not_action_abilities():
    s = dv(hands={0: ["Windfall", "Windfall"]}, areas={0: ["Twilight Sparkle", "Apprentice"]},
           decks={0: ["Alloy"] * 5})
    play(s, "play_action: Windfall")
    # the Action play is spent: "Action:" abilities are gone, Twilight's offer is not
    assert "Apprentice: Study" not in s.legal() and TWILIGHT in s.legal()
    # ... and with no Action card in hand, Twilight offers nothing
    s = dv(hands={0: ["Tinker"]}, areas={0: ["Twilight Sparkle"]}, decks={0: ["Alloy"] * 5})
    assert TWILIGHT not in s.legal()


def test_twilight_sparkle_second_action_draws_a_card_per_pony():
    s = dv(hands={0: ["Windfall", "Windfall"]}, areas={0: ["Twilight Sparkle"]},
           decks={0: ["Alloy", "Tinker", "Heist"]})
    play(s, "play_action: Windfall")
    assert hand(s, 0) == ["Windfall"]
    play(s, TWILIGHT)                         # the only Action in hand: played at once
    assert hand(s, 0) == ["Alloy"]            # one Pony: one card, nothing discarded


def test_twilight_sparkle_discards_a_card_when_it_drew_more_than_two():
    s = dv(hands={0: ["Windfall", "Windfall"]},
           areas={0: ["Twilight Sparkle", "Rainbow Dash", "Fluttershy"]},
           decks={0: ["Alloy", "Tinker", "Heist", "Salvage"]})
    play(s, "play_action: Windfall", TWILIGHT)
    assert hand(s, 0) == ["Alloy", "Heist", "Tinker"]
    play(s, "Heist")
    assert hand(s, 0) == ["Alloy", "Tinker"]
    assert discard_pile(s, 0)[-1] == "Heist"


def test_twilight_sparkle_counts_actions_played_by_card_effects():
    s = dv(hands={0: ["Double Time", "Windfall"]}, areas={0: ["Twilight Sparkle"]},
           decks={0: ["Alloy", "Tinker"]})
    play(s, "play_action: Double Time", "Windfall")
    assert hand(s, 0) == ["Alloy"]


# --- whole games ---------------------------------------------------------------------------------

def _bot_games(n, bots, players=2, seed=0):
    program = load_program(DECK)
    games = []
    for i in range(n):
        agents = [(GreedyAgent if bots[k % len(bots)] == "greedy" else RandomAgent)(seed * 1000 + i * 10 + k)
                  for k in range(players)]
        g = Game(program, seed=seed + i, agents=agents, players=players, log=False,
                 observer=assert_invariants)
        g.run()
        games.append(g)
    return games


@pytest.mark.parametrize("bots,players", [(["random"], 2), (["greedy"], 2),
                                          (["greedy", "random"], 3)])
def test_bot_games_finish_by_a_rule_with_invariants_checked(bots, players):
    for g in _bot_games(12, bots, players):
        assert g.state.result["reason"] in ("decks empty", "50 VP", "decks empty, tied on vp",
                                            "50 VP, tied on vp")


@pytest.mark.slow
def test_a_thousand_seeded_bot_games_finish_by_a_rule():
    games = _bot_games(500, ["random"], seed=10_000) + _bot_games(500, ["greedy"], seed=20_000)
    ends = {}
    for g in games:
        end = g.state.result["reason"].split(",")[0]        # "decks empty, tied on vp"
        ends[end] = ends.get(end, 0) + 1
    assert sum(ends.values()) == 1000 and set(ends) <= {"decks empty", "50 VP"}


def test_an_action_being_played_is_out_of_the_hand_so_it_cannot_play_or_discard_itself():
    # "Play an Action ... from your hand": Double Time may not choose itself.
    s = dv(hands={0: ["Double Time", "Windfall", "Tinker"]}, decks={0: ["Alloy"] * 4})
    play(s, "play_action: Double Time")
    assert s.decision.prompt == "Play an Action" and s.decision.labels == ["Windfall"]
    # "Discard any number of cards from your hand": Spring Clean is not among them.
    s = dv(hands={0: ["Spring Clean", "Red Shard"]}, decks={0: ["Alloy"] * 4})
    play(s, "play_action: Spring Clean")
    assert s.decision.prompt == "Discard" and s.decision.labels == ["Red Shard"]
    play(s, (0,))
    assert hand(s, 0) == ["Alloy"]
    assert discard_pile(s, 0) == ["Red Shard", "Spring Clean"]   # it went last, when done


def test_the_shop_refills_at_once_so_a_second_acquire_sees_the_new_card():
    # Wrecking Ball destroys two Buried Treasures: each has its owner acquire from the Shop.
    s = dv(hands={0: ["Wrecking Ball"], 1: []}, areas={1: ["Buried Treasure", "Buried Treasure"]},
           shop=["Quick Study", "Demolish", "Piggy Bank", "Tinker", "Alloy"],
           main=["Heist", "Salvage", "Windfall"], decks={0: ["Alloy"] * 6})
    play(s, "play_action: Wrecking Ball", "P2")
    assert s.decision.prompt == "Acquire" and "Quick Study" in s.decision.labels
    play(s, "Quick Study")
    assert s.decision.prompt == "Acquire"           # the second Buried Treasure asks ...
    assert names(s, "shop") == ["Demolish", "Piggy Bank", "Tinker", "Alloy", "Heist"]  # refilled


# --- more scenarios: Shop fallback, reactions, granted plays, ownership, Materials, Fluttershy ---

def test_with_the_main_deck_empty_a_main_shop_slot_is_refilled_from_the_booster_deck():
    s = dv(hands={0: ["Red Bar"]}, main=[], booster=["Plunder", "Potluck"])
    play(s, "play_material: Red Bar", "buy_action: Quick Study")
    # the booster card fills the empty main slot: the Shop still holds 5 + 3 cards
    assert names(s, "shop") == ["Demolish", "Piggy Bank", "Tinker", "Alloy", "Plunder"]
    assert names(s, "booster_shop") == BOOSTER_SHOP
    assert names(s, "booster_deck") == ["Potluck"]
    assert not s.is_over                       # one deck is still left


def test_watchtower_in_play_negates_another_players_action_by_destroying_itself():
    s = dv(hands={0: ["Quick Study"], 1: []}, areas={1: ["Watchtower"]},
           decks={0: ["Tinker", "Alloy"]})
    play(s, "play_action: Quick Study")
    assert s.decision.player.name == "P2"      # asked on P1's turn, before the draw
    play(s, "Watchtower: Destroy Watchtower to negate that Action")
    assert hand(s, 0) == []                     # negated: no cards drawn
    assert area(s, 1) == []
    assert discard_pile(s, 1) == ["Watchtower"]
    assert discard_pile(s, 0) == ["Quick Study"]


def test_counterspell_from_the_hand_negates_another_players_action():
    s = dv(hands={0: ["Quick Study"], 1: ["Counterspell"]}, decks={0: ["Tinker", "Alloy"]})
    play(s, "play_action: Quick Study")
    assert s.decision.prompt == "Respond to P1 resolving Quick Study?"
    play(s, "Counterspell: Discard Counterspell to negate that Action")
    assert hand(s, 0) == [] and hand(s, 1) == []
    assert discard_pile(s, 1) == ["Counterspell"]
    assert discard_pile(s, 0) == ["Quick Study"]


def test_only_the_player_holding_a_reaction_is_asked_and_once_for_all_their_cards():
    # P2 holds Naysay and Counterspell, P3 nothing: one question, to P2, with both.
    s = dv(hands={0: ["Quick Study"], 1: ["Naysay", "Counterspell"], 2: ["Tinker"]},
           decks={0: ["Tinker", "Alloy"]}, players=3)
    play(s, "play_action: Quick Study")
    d = s.decision
    assert (d.player.name, d.prompt) == ("P2", "Respond to P1 resolving Quick Study?")
    assert sorted(d.labels) == ["Counterspell: Discard Counterspell to negate that Action",
                                "Naysay: Discard Naysay to negate that Action", "pass"]
    play(s, "pass")
    assert hand(s, 0) == ["Alloy", "Tinker"]    # nobody else was asked


def test_encore_plays_an_action_from_the_top_of_the_deck_beyond_the_limits():
    # The seed's example: "Look at the top cards of your deck. You may play one of them."
    # plays an Action even though the turn's Action (Encore itself) is already played.
    s = dv(hands={0: ["Encore", "Tinker"]}, decks={0: ["Windfall", "Alloy", "Heist", "Salvage"]})
    play(s, "play_action: Encore", "Windfall")
    assert (res(s, 0, "red"), res(s, 0, "blue")) == (1, 1)       # Windfall happened
    assert discard_pile(s, 0) == ["Windfall", "Alloy", "Heist", "Encore"]
    assert deck(s, 0) == ["Salvage"]
    # the Action play went to Encore; the granted Windfall used nothing, the Thing play is left
    assert moves(s, "play_action") == [] and moves(s, "play_thing") == ["play_thing: Tinker"]


def test_hive_mind_drones_belong_to_the_player_in_whose_area_they_are_created():
    s = dv(hands={0: ["Hive Mind"], 1: []}, decks={0: ["Alloy"] * 5, 1: ["Alloy"] * 5})
    play(s, "play_thing: Hive Mind")
    drone = card(s, "area:1", "Drone")
    assert (drone.owner.name, drone.controller.name) == ("P2", "P2")
    play(s, "pass", "Drone: Serve")            # on P2's turn, P2 uses its own Drone
    assert area(s, 1) == [] and area(s, 0) == ["Drone", "Hive Mind"]
    assert (res(s, 1, "gold"), res(s, 0, "gold")) == (1, 0)


def test_materials_are_neither_actions_nor_things():
    s = dv(hands={0: ["Alloy", "Red Shard", "Wrecking Ball"]}, areas={0: ["Tinker"]})
    assert moves(s, "play_thing") == []
    assert moves(s, "play_action") == ["play_action: Wrecking Ball"]
    play(s, "play_material: Alloy", "play_action: Wrecking Ball", "P1")
    # "Destroy all Things controlled by target player": the Material in play stays
    assert area(s, 0) == ["Alloy"]
    assert discard_pile(s, 0) == ["Tinker", "Wrecking Ball"]


def test_fluttershy_keeps_its_controllers_things_from_being_destroyed_by_other_players():
    s = dv(hands={0: ["Wrecking Ball"], 1: ["Demolish"]}, areas={1: ["Fluttershy", "Tinker"]},
           decks={0: ["Alloy"] * 5, 1: ["Alloy"] * 5})
    play(s, "play_action: Wrecking Ball", "P2")
    assert area(s, 1) == ["Fluttershy", "Tinker"]      # Fluttershy protects itself too
    assert discard_pile(s, 1) == []
    play(s, "pass", "play_action: Demolish", "Tinker")  # its controller still can
    assert area(s, 1) == ["Fluttershy"]
    assert discard_pile(s, 1) == ["Tinker", "Demolish"]
