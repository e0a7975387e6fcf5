"""Urban Dead with teams ("2+" players): three play two survivors against one zombie, four
two against two. Seats alternate sides, the sides take turns, a side's players take the
side's turns in rotation, and a team shares its side's piles, base and horde.
"""
from __future__ import annotations

import pytest

from deckwright.dsl.agents import RandomAgent
from deckwright.dsl.engine import Game
from deckwright.dsl.invariants import assert_invariants
from deckwright.dsl.session import Session
from deckwright.dsl.sim import simulate
from scenario import names, play, program

DECK = "urban_dead"
FILLER = ["Loosely Barricaded"] * 6


def team_game(players, *, first=0, hands=None, zones=None, horde=0):
    """An arranged game of ``players`` seats; ``hands`` maps seat → card names."""
    layout = {"deck:survivors": list(FILLER), "deck:zombies": ["Death Rattle"] * 6}
    layout.update(zones or {})
    for seat, cards in (hands or {}).items():
        layout[f"hand:{seat}"] = list(cards)

    def arrange(game):
        st = game.state
        survivor, zombie = st.players[0], st.players[1]
        for key, cards in layout.items():
            for name in cards:
                seat = int(key[5:]) if key.startswith("hand:") else None
                owner = st.players[seat] if seat is not None else (
                    zombie if key.endswith(":zombies") else survivor)
                game.put(name, st.zones[key], owner=owner)
        for p in st.players:
            if p.side == "zombies":
                p.res["horde"] = horde
        st.globals["first_player"] = st.players[first]

    session = Session(program(DECK), seed=1, players=players, arrange=arrange)
    session.game.observer = assert_invariants
    assert_invariants(session.game)
    return session


def turn_order(game) -> list:
    return [e.text.split(": ")[1].rstrip(" —") for e in game.log if e.text.startswith("— turn ")]


@pytest.mark.parametrize("players,sides", [
    (2, ["survivors", "zombies"]),
    (3, ["survivors", "zombies", "survivors"]),
    (4, ["survivors", "zombies", "survivors", "zombies"]),
])
def test_seats_alternate_sides(players, sides):
    game = Game(program(DECK), seed=1, players=players)
    assert [p.side for p in game.state.players] == sides


def test_five_players_are_refused():
    with pytest.raises(Exception) as err:
        Game(program(DECK), seed=1, players=5)
    assert "2 to 4 players" in str(err.value)


def test_with_two_survivors_the_sides_still_take_turns_and_the_survivors_take_theirs_in_turn():
    game = Game(program(DECK), seed=3, agents=[RandomAgent(k) for k in range(3)], log=True)
    game.run()
    order = turn_order(game)
    assert len(order) >= 6
    expected = ["P1", "P2", "P3", "P2"] * len(order)
    assert order == expected[:len(order)]


def test_with_two_against_two_each_player_takes_every_fourth_turn():
    game = Game(program(DECK), seed=3, agents=[RandomAgent(k) for k in range(4)], log=True)
    game.run()
    order = turn_order(game)
    assert len(order) >= 8
    assert order == (["P1", "P2", "P3", "P4"] * len(order))[:len(order)]


def test_a_survivor_team_shares_one_base():
    # P3, the second survivor, barricades the base P1 holds a survivor in
    s = team_game(3, first=2, hands={2: ["Heavily Barricaded"]}, zones={"rest:survivors": ["Cop"]})
    play(s, "play_thing: Heavily Barricaded")
    assert names(s, "barricades:survivors") == ["Heavily Barricaded"]
    # and may move the team's survivor out to the fighter area
    play(s, "reposition: Cop")
    assert names(s, "fighters:survivors") == ["Cop"]


def test_a_survivor_team_draws_from_one_deck_into_their_own_hands():
    s = team_game(3, first=2, hands={0: ["Pistol"], 2: []})
    assert names(s, "hand:2") == ["Loosely Barricaded"]       # P3's turn's draw
    assert names(s, "hand:0") == ["Pistol"]
    assert len(names(s, "deck:survivors")) == len(FILLER) - 1


def test_a_zombie_team_shares_one_horde():
    s = team_game(4, first=1, horde=2, zones={"selection": ["Street Pack"]})
    p2, p4 = s.state.players[1], s.state.players[3]
    play(s, "pass", "Draw from the Zombie selection deck")
    assert p2.res["horde"] == p4.res["horde"] == 6
    assert s.state.players[0].res["horde"] == 0             # the survivors have no horde


@pytest.mark.parametrize("players", [3, 4])
def test_seeded_team_games_finish_by_a_rule_and_no_seat_sees_what_it_may_not(players):
    report = simulate(program(DECK), games=40, seed=2026, players=players,
                      observer=assert_invariants, audit_hidden=True)
    assert report["failures"] == []
    assert report["finished"] == 40
    assert set(report["wins"]) <= {"survivors", "zombies"}
    # a team's win is one win of its side: the wins and draws add up to the games
    assert sum(report["wins"].values()) + report["draws"] == 40


def test_the_overrun_grace_is_the_zombie_teams_three_turns():
    s = team_game(4, first=1)                     # P2 starts; no survivor in the base
    for _ in range(4):                            # P2, P3, P4, P1: nobody plays anything
        assert not s.is_over
        answer_turn(s)
    assert not s.is_over                          # P2's second turn, the team's third:
    answer_turn(s)
    assert s.is_over and s.result["winners"] == ["P2", "P4"]
    assert s.result["reason"] == "overrun"
    assert s.state.players[1].turns == 2


def answer_turn(s):
    """Play nothing; at the end of a zombie turn, draw from the selection deck."""
    who = s.decision.player
    while s.decision is not None and s.decision.player is who:
        play(s, "Draw from the Zombie selection deck" if s.decision.prompt == "choose one"
             else "pass")
