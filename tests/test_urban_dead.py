"""Urban Dead (distinct-teams mode): what its scenarios cannot say, and whole games.

The rules that read as a rule book's example are scenarios in decks/urban_dead.test.deck
(barricades, the attacks and counterattacks, conversion through the selection deck,
skills and cool-downs, power and radios, buildings, the reshuffle, the victories, and a
scenario for each card). What stays here reads what a scenario cannot: each card's deck
(a property no scenario line reads) and which deck the set-up dealt every card from.

Seat 0 (P1) plays the Survivors, seat 1 (P2) the Zombies.
"""
from __future__ import annotations

import os
from collections import Counter

import pytest

from deckwright.dsl.agents import RandomAgent
from deckwright.dsl.engine import Game
from deckwright.dsl.invariants import assert_invariants
from scenario import program

DECK = "urban_dead"


# --- the cards ---------------------------------------------------------------------------

def test_every_card_is_marked_with_its_deck_and_the_decks_are_big_enough():
    prog = program(DECK)
    decks = Counter(d.props.get("deck") for d in prog.library())
    assert set(decks) == {"SD", "ZD", "ZSD"}
    assert decks["SD"] >= 30 and decks["ZD"] >= 12
    heroes = [d for d in prog.library() if "Hero" in d.words]
    assert heroes and all(d.props["deck"] == "ZSD" for d in heroes)
    assert all(d.text for d in prog.library())
    sd_kinds = {w for d in prog.library() if d.props.get("deck") == "SD" for w in d.words}
    assert {"Survivor", "Item", "Skill", "Radio", "Barricade", "Equipment", "Building",
            "Fuel", "Military", "Science", "Civilian"} <= sd_kinds


def test_setup_gives_each_side_its_own_deck_and_a_starting_survivor():
    game = Game(program(DECK), seed=4, agents=[RandomAgent(1), RandomAgent(2)])
    game.code.setup(game, game.state.players[0], None, None)     # the set-up alone
    zs = game.state.zones
    sd = zs["deck:survivors"].cards + zs["hand:0"].cards + zs["rest:survivors"].cards
    zd = zs["deck:zombies"].cards + zs["hand:1"].cards
    assert {game.prop(c, "deck", None) for c in sd} == {"SD"}
    assert {game.prop(c, "deck", None) for c in zd} == {"ZD"}
    assert {game.prop(c, "deck", None) for c in zs["selection"].cards} == {"ZSD"}
    assert len(zs["hand:0"].cards) == len(zs["hand:1"].cards) == 5
    assert [game.is_type(c, "Survivor") for c in zs["rest:survivors"].cards] == [True]


# --- whole games -----------------------------------------------------------------------------------

def run_games(n, seed=0):
    prog = program(DECK)
    endings, turns = Counter(), 0
    for i in range(n):
        game = Game(prog, seed=seed + i, agents=[RandomAgent(seed * 1000 + 2 * i + 1),
                                                  RandomAgent(seed * 1000 + 2 * i + 2)],
                    log=False, observer=assert_invariants)
        result = game.run()
        assert result["reason"] in ("rescue", "overrun", "held out"), result
        endings[result["reason"]] += 1
        turns += result["turns"]
    return endings, turns / n


def test_seeded_bot_games_finish_by_a_rule_with_invariants_checked():
    endings, _ = run_games(60)
    assert sum(endings.values()) == 60
    assert set(endings) <= {"rescue", "overrun", "held out"}


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("DECKWRIGHT_SOAK"), reason="soak run: DECKWRIGHT_SOAK=1")
def test_a_thousand_bot_games_finish_by_a_rule():
    endings, avg = run_games(1000, seed=10_000)
    assert sum(endings.values()) == 1000
    print(f"endings {dict(endings)}, average {avg:.1f} turns")

