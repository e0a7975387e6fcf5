"""Urban Dead (distinct-teams mode), every rule of the seed as a scenario.

The rules that read as a rule book's example are scenarios in decks/urban_dead.test.deck
(barricades, Refuel, used-up weapons, the attacks, counterattacks, searching); these are
the rest.

Seat 0 (P1) plays the Survivors, seat 1 (P2) the Zombies. Zones of the base belong to a
side: "fighters:survivors", "barricades:survivors", ...; zombie tokens are the resources
`horde` and `resting` of the zombie player.
"""
from __future__ import annotations

import os
from collections import Counter

import pytest

from deckwright.dsl.agents import RandomAgent
from deckwright.dsl.engine import Game
from deckwright.dsl.invariants import assert_invariants
from deckwright.dsl.engine.values import attr
from deckwright.dsl.session import Session
from scenario import names, play, program, res

S, Z = 0, 1
DECK = "urban_dead"
FILLER = ["Loosely Barricaded"] * 6          # keeps the draw piles from running out


def base(fighters=(), rest=(), barricades=(), items=(), building=(), hand_s=(), hand_z=(),
         horde=0, resting=0, first=S, selection=(), zones=None, counters=None):
    """The arranged game; `counters` maps (zone key, card name) → {counter: n}."""
    layout = {"fighters:survivors": list(fighters), "rest:survivors": list(rest),
              "barricades:survivors": list(barricades), "items:survivors": list(items),
              "building:survivors": list(building),
              "deck:survivors": list(FILLER), "deck:zombies": ["Death Rattle"] * 6,
              "selection": list(selection)}
    layout.update(zones or {})
    layout["hand:0"], layout["hand:1"] = list(hand_s), list(hand_z)

    def arrange(game):
        st = game.state
        for key, cards in layout.items():
            for name in cards:
                c = game.put(name, st.zones[key], owner=st.players[Z if key.endswith(":zombies") or key == "hand:1" else S])
                c.controller = c.owner if key != "selection" else None
                if key == "selection":
                    c.owner = None
        for (key, name), values in (counters or {}).items():
            next(c for c in st.zones[key].cards if c.name == name).counters.update(values)
        st.players[Z].res.update({"horde": horde, "resting": resting})
        st.globals["first_player"] = st.players[first]

    session = Session(program(DECK), seed=1, players=2, arrange=arrange)
    session.game.observer = assert_invariants
    assert_invariants(session.game)
    return session


def card(s, zone, name):
    return next(c for c in s.state.zones[zone].cards if c.name == name)


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


# --- the zombie attack ------------------------------------------------------------------------

def test_two_zombies_are_needed_per_damage_to_the_rest_area_while_fighters_stand():
    s = base(fighters=["Cop"], rest=["Doctor"], horde=4, first=Z)
    play(s, "pass", "Attack the survivors", "4")
    assert "4 on Doctor" not in s.decision.labels           # two zombies a damage there
    assert "1 on Cop, 2 on Doctor" not in s.decision.labels  # five zombies: one too many
    play(s, "2 on Doctor")                        # all four zombies: two a damage
    assert card(s, "rest:survivors", "Doctor").counters["damage"] == 2
    assert "damage" not in card(s, "fighters:survivors", "Cop").counters


def test_survivors_kill_only_as_many_as_their_attack_and_the_battle_ends_when_they_stop():
    s = base(fighters=["Cop", "Private"], horde=10, first=Z, selection=["Two Shamblers"])
    play(s, "pass", "Attack the survivors", "3")
    play(s, "3 on Cop")
    play(s, ["Cop", "Private"])                   # 2 + 2 but only 3 attacked: all 3 die
    assert s.state.globals["engaged"] == 0
    assert res(s, Z, "resting") == 0 and res(s, Z, "horde") == 7


def test_zombies_that_decline_to_counterattack_go_to_rest():
    s = base(fighters=["Doctor"], rest=["Cop"], horde=4, first=Z)
    play(s, "pass", "Attack the survivors", "4")
    play(s, "3 on Doctor")                        # all it can take: the Doctor (3) falls
    # the Doctor is dead (3 health): the 4th zombie hits the rest area at full rate
    assert card(s, "rest:survivors", "Cop").counters["damage"] == 1
    assert names(s, "fighters:survivors") == []
    assert res(s, Z, "resting") == 4


# --- the survivor attack ----------------------------------------------------------------------

def test_the_counterattack_cap_is_the_number_that_counterattacked():
    s = base(fighters=["Cop"], horde=8)
    play(s, "pass", "Attack the horde", ["Cop"], ["Cop"])
    assert res(s, Z, "horde") == 6
    play(s, "yes", "1")
    play(s, ["Cop"])                              # 2 attack, 1 zombie to kill
    assert res(s, Z, "horde") == 5 and s.state.globals["engaged"] == 0


# --- conversion through the ZSD ----------------------------------------------------------------

@pytest.mark.parametrize("killed, selection, zombies, heroes", [
    (2, ["Police Station Riot"], 1, 0),           # 7/10 of 2 = 1.4 → 1
    (2, ["Ferals at the Door"], 1, 0),            # 3/10 of 2 = 0.6 → at least one
    (3, ["The Malton Mob"], 3, 0),                # 10/10 of 3
    (3, ["The Malton Mob", "Zombie Cop"], 2, 1),  # a hero: to the hand, one fewer
    (2, ["Police Station Riot", "Zombie Cop"], 0, 1),   # at least one, then minus the hero
])
def test_killed_survivors_rise_in_tenths_rounded_down_at_least_one(killed, selection, zombies, heroes):
    s = base(fighters=["Doctor"] * killed, horde=3 * killed, first=Z, selection=selection)
    play(s, "pass", "Attack the survivors", str(3 * killed))   # one plan: 3 on each Doctor
    assert names(s, "fighters:survivors") == []
    assert res(s, Z, "horde") == zombies
    hand = names(s, "hand:1")
    assert sum(1 for n in hand if n == "Zombie Cop") == heroes


def test_the_end_of_turn_selection_draw_gains_its_number_minus_heroes():
    s = base(rest=["Cop"], first=Z, selection=["Mall Crowd", "Feral Firefighter"])
    play(s, "pass")                               # no zombies yet: drawing is the only choice
    assert res(s, Z, "horde") == 4 and "Feral Firefighter" in names(s, "hand:1")


def test_a_hero_zombie_plays_as_a_thing_and_attacks_like_zombies():
    s = base(fighters=["Cop"], first=Z, hand_z=["Zombie Cop"])
    play(s, "play_thing: Zombie Cop", "pass", "Attack the survivors", ["Zombie Cop"])
    assert card(s, "fighters:survivors", "Cop").counters["damage"] == 2


# --- skills and cool-downs ------------------------------------------------------------------------

def test_an_active_skill_works_in_the_rest_area_then_cools_down_for_its_value():
    s = base(rest=["Medic"], fighters=["Cop"], counters={("fighters:survivors", "Cop"): {"damage": 2}},
             selection=["A Lone Corpse"] * 3)
    play(s, "Medic: First Aid")
    medic = card(s, "rest:survivors", "Medic")
    assert card(s, "fighters:survivors", "Cop").counters["damage"] == 1
    assert medic.rotated                          # turned sideways while it cools
    assert "Medic: First Aid" not in s.legal()
    assert s.refusal("Medic: First Aid").reason == \
        "Medic: First Aid is not allowed: the survivor is cooling down"
    play(s, "pass")                               # survivor ends (search)
    play(s, "pass")                               # zombies draw from the ZSD
    assert medic.counters.get("cool") == 1 and medic.rotated   # one token
    assert "Medic: First Aid" not in s.legal()
    play(s, "pass", "Search")
    play(s, "pass", "Draw from the Zombie selection deck")
    assert not medic.turned and "cool" not in medic.counters           # cool-down 2 reached on the 2nd turn
    assert "Medic: First Aid" in s.legal()


def test_active_skills_need_the_rest_area_an_unhurt_survivor_and_no_move_this_turn():
    s = base(fighters=["Medic", "Cop"], counters={("fighters:survivors", "Cop"): {"damage": 2}})
    assert "Medic: First Aid" not in s.legal()        # in the fighter area
    assert s.refusal("Medic: First Aid").reason == \
        "Medic: First Aid is not allowed: it works only in the rest area"
    play(s, "reposition: Medic")
    assert "Medic: First Aid" not in s.legal()        # just moved into the rest area
    assert s.refusal("Medic: First Aid").reason == \
        "Medic: First Aid is not allowed: the survivor moved to the rest area this turn"
    s2 = base(rest=["Medic"], fighters=["Cop"], counters={("rest:survivors", "Medic"): {"damage": 1},
                                                          ("fighters:survivors", "Cop"): {"damage": 1}})
    assert "Medic: First Aid" not in s2.legal()       # damaged
    assert s2.refusal("Medic: First Aid").reason == \
        "Medic: First Aid is not allowed: a hurt survivor cannot use an active skill"


def test_a_survivor_moves_between_areas_once_per_turn_with_its_gear():
    s = base(fighters=["Cop"], hand_s=["Pistol"])
    play(s, "play_thing: Pistol")
    play(s, "reposition: Cop")
    assert names(s, "rest:survivors") == ["Cop", "Pistol"]
    assert "reposition: Cop" not in s.legal()


def test_a_passive_skill_adds_health():
    s = base(fighters=["Doctor"], hand_s=["Body Building"], horde=4)
    play(s, "play_thing: Body Building", "pass", "Search")
    play(s, "pass", "Attack the survivors", "4")
    assert card(s, "fighters:survivors", "Doctor").counters["damage"] == 4   # 3 + 2 health


def test_a_weapon_kills_its_attack_value_and_spends_a_use():
    s = base(fighters=["Doctor"], hand_s=["Shotgun"], horde=6)
    play(s, "play_thing: Shotgun", "pass", "Attack the horde", ["Doctor"], ["Doctor"], "Shotgun", "no")
    assert res(s, Z, "horde") == 1
    assert card(s, "rest:survivors", "Shotgun").counters["uses"] == 1


# --- power and radios -------------------------------------------------------------------------------

RADIO_BASE = dict(rest=["Radio Ham"], items=["Radio Transceiver", "Generator"],
                  hand_s=["Broadcast for Help", "Refuel"])


def test_radio_actions_need_transceiver_generator_running_and_radio_operation():
    s = base(**RADIO_BASE)
    assert "play_action: Broadcast for Help" not in s.legal()     # generator not running
    assert s.refusal("Broadcast").reason == \
        "play_action: Broadcast for Help is not allowed: no generator is running"
    play(s, "play_action: Refuel")
    assert card(s, "items:survivors", "Generator").counters["fuel"] == 3
    play(s, "run_generator: Generator")
    assert card(s, "items:survivors", "Generator").counters["fuel"] == 2
    assert "play_action: Broadcast for Help" not in s.legal()     # action play used
    assert s.refusal("play_action: Broadcast for Help").reason == \
        "play_action: Broadcast for Help is not allowed: you have played an Action this turn"
    s = base(**RADIO_BASE, counters={("items:survivors", "Generator"): {"fuel": 1}})
    play(s, "run_generator: Generator")
    play(s, "play_action: Broadcast for Help")
    assert len(s.state.zones["hand:0"].cards) == 1 + 1 + 2


def test_a_transceiver_with_three_health_left_is_not_intact():
    s = base(**RADIO_BASE, counters={("items:survivors", "Generator"): {"fuel": 1},
                                     ("items:survivors", "Radio Transceiver"): {"damage": 3}})
    play(s, "run_generator: Generator")
    assert "play_action: Broadcast for Help" not in s.legal()
    assert s.refusal("play_action: Broadcast for Help").reason == \
        "play_action: Broadcast for Help is not allowed: a Radio Action needs an intact " \
        "transceiver (more than 3 health left)"


def test_radio_operation_can_come_from_a_skill():
    s = base(rest=["Cop"], items=["Radio Transceiver", "Generator"],
             hand_s=["Broadcast for Help", "Radio Operation"],
             counters={("items:survivors", "Generator"): {"fuel": 1}})
    play(s, "run_generator: Generator")
    assert "play_action: Broadcast for Help" not in s.legal()
    assert s.refusal("play_action: Broadcast for Help").reason == \
        "play_action: Broadcast for Help is not allowed: a Radio Action needs a survivor " \
        "with Radio Operation"
    play(s, "play_thing: Radio Operation")
    assert "play_action: Broadcast for Help" in s.legal()


def test_a_running_generator_lets_a_doctor_heal_more_and_the_hospital_more_still():
    for building, healed in (([], 3), (["Hospital"], 4)):
        s = base(rest=["Doctor"], fighters=["Cop"], items=["Generator"], building=building,
                 counters={("fighters:survivors", "Cop"): {"damage": 5},
                           ("items:survivors", "Generator"): {"fuel": 1}})
        play(s, "run_generator: Generator", "Doctor: Surgery")
        assert card(s, "fighters:survivors", "Cop").counters["damage"] == 5 - healed


def test_item_actions_may_need_a_kind_of_survivor():
    hurt = {("fighters:survivors", "Private"): {"damage": 2}}
    s = base(rest=["Cop"], fighters=["Private"], hand_s=["First Aid Kit"], counters=hurt)
    assert "play_action: First Aid Kit" not in s.legal()
    assert s.refusal("play_action: First Aid Kit").reason == \
        "play_action: First Aid Kit is not allowed: it needs a Medic or a Doctor in the base"
    s = base(rest=["Medic"], fighters=["Private"], hand_s=["First Aid Kit"], counters=hurt)
    play(s, "play_action: First Aid Kit")
    assert "damage" not in card(s, "fighters:survivors", "Private").counters


# --- buildings and the reshuffle ------------------------------------------------------------------

def test_only_one_building_a_new_one_replaces_the_old():
    s = base(rest=["Cop"], building=["Mall"], hand_s=["Hospital"])
    play(s, "play_thing: Hospital")
    assert names(s, "building:survivors") == ["Hospital"]
    assert "Mall" in names(s, "discard_pile:survivors")


def test_the_own_discard_pile_may_be_shuffled_in_when_about_as_large_as_the_deck():
    s = base(rest=["Cop"], zones={"discard_pile:survivors": ["Toolbox"] * 2})
    # the draw pile holds 5 after the draw: 2 >= 5 - 2 is false
    assert "reshuffle_discard" not in s.legal()
    s = base(rest=["Cop"], zones={"discard_pile:survivors": ["Toolbox"] * 3})
    play(s, "reshuffle_discard")
    assert len(s.state.zones["deck:survivors"].cards) == 8
    assert "reshuffle_discard" not in s.legal()        # once per turn


# --- victory ------------------------------------------------------------------------------------------

def test_the_survivors_are_rescued_when_their_deck_runs_out():
    s = base(rest=["Cop"], zones={"deck:survivors": ["Toolbox"]})
    play(s, "pass")
    assert s.is_over and s.result["winners"] == ["P1"]
    assert s.result["reason"] == "rescue"


def test_the_zombies_win_when_the_base_is_empty_after_their_third_turn():
    s = base(first=Z, zones={"deck:survivors": FILLER * 3}, selection=["A Lone Corpse"] * 3)
    for turn in range(3):
        assert not s.is_over
        play(s, "pass")                           # zombies: no card; attack or draw
        if s.decision is not None and s.decision.prompt == "choose one":
            play(s, "Draw from the Zombie selection deck")
        if turn < 2:
            play(s, "pass")                       # the survivors play nothing
    assert s.is_over and s.result["winners"] == ["P2"]
    assert s.result["reason"] == "overrun"


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


def test_a_health_bonus_counts_once_however_often_its_survivor_moves():
    s = base(fighters=["Doctor"], hand_s=["Flak Jacket"], horde=6, selection=["A Lone Corpse"] * 5)
    play(s, "play_thing: Flak Jacket", "reposition: Doctor")
    doctor = card(s, "rest:survivors", "Doctor")
    assert names(s, "rest:survivors") == ["Doctor", "Flak Jacket"]   # the gear moved along
    assert attr(s.game, doctor, "health") == 5         # 3 printed + 2 while it wears the jacket
    play(s, "Search", "pass", "Attack the survivors", "5")   # no fighters: each zombie hits
    # (the one plan, not asked: all five on the Doctor, as much as its health 5 can take)
    assert "Doctor" not in names(s, "rest:survivors")  # 5 damage on health 5: removed


def test_the_firefighter_has_one_more_health_while_a_fire_axe_is_attached():
    s = base(fighters=["Firefighter"], hand_s=["Fire Axe"], horde=6)
    firefighter = card(s, "fighters:survivors", "Firefighter")
    assert attr(s.game, firefighter, "health") == 6
    play(s, "play_thing: Fire Axe")
    assert card(s, "fighters:survivors", "Fire Axe").attached_to is firefighter
    assert attr(s.game, firefighter, "health") == 7


def test_a_damaged_survivor_cannot_strike_with_an_active_skill():
    s = base(fighters=["Private"], hand_s=["Headshot"], horde=6,
             counters={("fighters:survivors", "Private"): {"damage": 3}})
    play(s, "play_thing: Headshot", "pass", "Attack the horde", ["Private"], ["Private"])
    # No "Strike with" question: Headshot (3 kills) is out, the Private's own 2 is used.
    assert s.decision.prompt == "Counterattack?"
    assert res(s, Z, "horde") == 4


def test_either_player_may_reshuffle_at_any_point_even_on_the_other_players_turn():
    # "At any point, either player can choose to shuffle their own discard pile into their
    # deck": the survivors are offered it at each step of the zombie player's turn.
    s = base(fighters=["Private"], horde=2, first=Z, selection=["Two Shamblers"],
             zones={"deck:survivors": ["Loosely Barricaded"] * 3,
                    "discard_pile:survivors": ["Loosely Barricaded"]})
    d = s.decision
    assert (d.player.name, d.kind, d.labels) == ("P1", "respond", ["reshuffle_discard", "pass"])
    assert d.prompt == "Act at the start of phase draw (P2's turn)?"
    play(s, "reshuffle_discard")
    assert names(s, "discard_pile:survivors") == []
    while s.decision.kind == "respond":
        assert "reshuffle_discard" not in s.decision.labels   # once per turn
        play(s, "pass")


def test_the_starting_survivors_are_the_survivor_players_from_the_first_turn():
    # Setup moves them from the side's deck (nobody's cards) straight to the rest area:
    # they are P1's, so their abilities are offered from the first turn (seed 3 starts
    # with a Consumer), and a survivor that fought goes back to its controller's rest area.
    game = Game(program(DECK), seed=3, agents=[None, None], players=2)
    game.start()
    rest = game.state.zones["rest:survivors"].cards
    assert [(c.name, c.owner.name, c.controller.name) for c in rest] == [("Consumer", "P1", "P1")]
    assert "Consumer: Shopping" in game.decision.labels
