"""Dveck Builder (decks/dveck_builder.deck): what its scenarios cannot say, and whole games.

The rules that read as a rule book's example are scenarios in decks/dveck_builder.test.deck
(the Shop, cycling, coins and buying, the turn, upgrades, granted plays, attachments,
reactions, Twilight Sparkle, Ghost Copy...). What stays here reads what a scenario cannot:
the make-up of a deck and hand together and of the booster modules dealt, a card with no
owner (a scenario's `owner` names a seat), a token's types and its end (gone from the
game, not only from the zones a scenario names), each of two same-named cards' counters.
Seats 0-3 are P1-P4; seat 0 moves first.
"""
import pytest

from deckwright.dsl.agents import GreedyAgent, RandomAgent
from deckwright.dsl.engine import Game
from deckwright.dsl.invariants import assert_invariants
from deckwright.dsl.loader import load_program
from deckwright.dsl.session import Session
from scenario import given, names, play, res

DECK = "dveck_builder"
PILES = {"blue_shards": "Blue Shard", "red_shards": "Red Shard", "gold_shards": "Gold Shard",
         "blue_bars": "Blue Bar", "red_bars": "Red Bar", "gold_bars": "Gold Bar",
         "blue_slabs": "Blue Slab", "red_slabs": "Red Slab", "gold_slabs": "Gold Slab"}


def dv(*, hands, areas=None):
    """An arranged Dveck Builder game: a full Shop, both decks and the supply piles hold
    cards, so no refill or game end gets in the way."""
    zones = {pile: [name] * 3 for pile, name in PILES.items()}
    zones["main_deck"] = ["Windfall"] * 6
    zones["booster_deck"] = ["Potluck"] * 3
    zones["shop"] = ["Quick Study", "Demolish", "Piggy Bank", "Tinker", "Alloy"]
    zones["booster_shop"] = ["Fireball", "Apprentice", "Rose Quartz"]
    return given(DECK, zones=zones, hands=hands, areas=areas)


def discard_pile(s, seat):
    return names(s, f"discard_pile:{seat}")


def card(s, zone_key, name):
    return next(c for c in s.state.zones[zone_key].cards if c.name == name)


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


def test_a_trashed_card_belongs_to_no_player():
    # The Trash is `unowned`: the zone, not the verb, says that its cards have no owner.
    s = dv(hands={0: ["Walk the Plank"]}, areas={1: ["Tinker"]})
    assert card(s, "area:1", "Tinker").owner.name == "P2"
    play(s, "play_action: Walk the Plank")
    trashed = card(s, "trash", "Tinker")
    assert trashed.owner is None and trashed.controller is None


# --- Tokens and counters ----------------------------------------------------------------------

def test_tokens_are_things_named_by_type_and_cease_to_exist_outside_play():
    s = dv(hands={0: ["Pinkie Pie"]})
    play(s, "play_thing: Pinkie Pie")
    party = card(s, "area:0", "Party")
    assert party.token and s.game.is_type(party, "Thing") and s.game.is_type(party, "Party")
    play(s, "Party: Celebrate")
    assert party.id not in s.state.cards
    assert "Party" not in discard_pile(s, 0)


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

