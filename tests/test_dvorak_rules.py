"""The Dvorak base rules (decks/dvorak.deck), one story each, played with the example deck.

Each test: given a state → these decisions → this outcome.
"""
import pytest

from dsl.errors import EngineError
from dsl.loader import load_program
from dsl.session import Session
from scenario import area, given, hand, names, play, res

# Cards to draw later in a scenario, so that no reshuffle gets in the way.
PILE = ["Wrench", "Heist", "Recycle", "Blueprint", "Invention", "Oil Can", "Sabotage"]


def test_setup_deals_five_cards_to_each_player_and_the_rest_form_the_draw_pile():
    s = Session(load_program("example"), seed=7, players=3)
    program = s.program
    total = sum(d.copies for d in program.library())
    hands = [len(names(s, f"hand:{i}")) for i in range(3)]
    # the first player has also drawn for their turn already
    assert sorted(hands) == [5, 5, 6]
    assert len(names(s, "deck")) == total - 16
    assert names(s, "discard_pile") == []


def test_setup_shuffles_the_deck_and_a_random_player_starts():
    firsts = {Session(load_program("example"), seed=k, players=4).decision.player.name
              for k in range(12)}
    assert len(firsts) > 1
    decks = {tuple(names(Session(load_program("example"), seed=k, players=2), "deck")[:5])
             for k in range(3)}
    assert len(decks) == 3


def test_a_turn_begins_by_drawing_the_top_card():
    s = given("example", hands={0: []}, deck_cards=["Windmill", "Gearbox"])
    assert hand(s, 0) == ["Windmill"]
    assert names(s, "deck") == ["Gearbox"]


def test_a_player_may_play_one_thing_and_one_action():
    s = given("example", hands={0: ["Windmill", "Gearbox", "Invention", "Oil Can"]},
              deck_cards=["Wrench", "Heist", "Recycle"])
    play(s, "play_thing: Windmill", "play_action: Invention")
    assert area(s, 0) == ["Windmill"]
    assert res(s, 0, "gears") == 2
    # with one Thing and one Action played there is nothing left to do: the turn passes
    assert s.decision.player.name == "P2"
    assert hand(s, 0) == ["Gearbox", "Oil Can", "Wrench"]


def test_a_second_thing_cannot_be_played_in_the_same_turn():
    s = given("example", hands={0: ["Windmill", "Gearbox"]}, deck_cards=["Wrench"])
    play(s, "play_thing: Windmill")
    assert not any(label.startswith("play_thing") for label in s.legal())
    assert s.apply("play_thing: Gearbox").reason == (
        "play_thing: Gearbox is not allowed: you have played a Thing this turn")
    assert area(s, 0) == ["Windmill"]


def test_an_action_happens_once_then_is_discarded():
    s = given("example", hands={0: ["Invention"]}, deck_cards=PILE)
    play(s, "play_action: Invention")
    assert res(s, 0, "gears") == 2
    assert names(s, "discard_pile") == ["Invention"]
    assert area(s, 0) == []


def test_a_thing_stays_in_play_in_front_of_its_controller():
    s = given("example", hands={0: ["Gearbox"]}, deck_cards=["Wrench"])
    play(s, "play_thing: Gearbox", "pass")
    assert area(s, 0) == ["Gearbox"]
    card = s.state.zones["area:0"].cards[0]
    assert card.owner.name == card.controller.name == "P1"


def test_at_the_end_of_the_turn_a_player_discards_down_to_five():
    s = given("example", hands={0: ["Invention"] * 6}, deck_cards=PILE)
    play(s, "pass")                             # 7 cards in hand now
    assert s.decision.prompt == "Discard down to your hand size"
    assert s.decision.min_count == s.decision.max_count == 2
    play(s, (0, 1))
    assert len(names(s, "hand:0")) == 5
    assert len(names(s, "discard_pile")) == 2


def test_when_the_draw_pile_is_empty_the_discard_pile_is_shuffled_to_form_a_new_one():
    s = given("example", hands={0: []}, zones={"discard_pile": ["Wrench", "Heist", "Recycle"]},
              deck_cards=[])
    assert len(names(s, "hand:0")) == 1
    assert len(names(s, "deck")) == 2
    assert names(s, "discard_pile") == []


def test_if_draw_pile_and_discard_pile_are_both_empty_play_goes_on_without_drawing():
    s = given("example", hands={0: ["Invention"]}, deck_cards=[])
    assert hand(s, 0) == ["Invention"]
    assert s.decision.player.name == "P1"


def test_destroy_moves_a_card_from_play_to_the_discard_pile():
    s = given("example", hands={0: ["Wrench"]}, areas={1: ["Gearbox"]}, deck_cards=PILE[1:])
    play(s, "play_action: Wrench")
    assert area(s, 1) == []
    assert sorted(names(s, "discard_pile")) == ["Gearbox", "Wrench"]
    # Gearbox's own text still fires as it leaves play: its controller gains 2 gears
    assert res(s, 1, "gears") == 2


def test_taking_control_moves_the_thing_but_not_its_ownership():
    s = given("example", hands={0: ["Heist"]}, areas={1: ["Windmill"]}, deck_cards=["Wrench"])
    play(s, "play_action: Heist")
    windmill = s.state.zones["area:0"].cards[0]
    assert windmill.name == "Windmill"
    assert windmill.controller.name == "P1" and windmill.owner.name == "P2"


def test_a_destroyed_borrowed_thing_goes_to_the_discard_pile_and_back_to_its_owner():
    s = given("example", hands={0: ["Heist", "Scrap Sale"]}, areas={1: ["Windmill"]},
              deck_cards=["Gearbox", "Invention", "Oil Can"])
    play(s, "play_action: Heist", "pass")
    windmill = s.state.zones["area:0"].cards[0]
    assert windmill.zone.key == "area:0"
    # P2 does nothing on their turn; then P1 scraps the borrowed Windmill
    play(s, "pass")
    play(s, "play_action: Scrap Sale")
    assert windmill.zone.key == "discard_pile"
    assert windmill.controller is windmill.owner and windmill.owner.name == "P2"


def test_an_action_ability_uses_up_the_turns_action_play():
    s = given("example", hands={0: ["Invention"]}, areas={0: ["Treasure Chest"]},
              deck_cards=["Wrench"])
    play(s, "Treasure Chest: Open")
    assert res(s, 0, "gears") == 3
    assert "play_action: Invention" not in s.legal()


def test_a_thing_ability_uses_up_the_turns_thing_play():
    s = given("example", hands={0: ["Windmill", "Heist"]}, areas={0: ["Rusty Robot"]},
              deck_cards=["Wrench", "Oil Can", "Recycle"])
    play(s, "Rusty Robot: Tinker", "Heist")
    assert "play_thing: Windmill" not in s.legal()
    assert hand(s, 0) == ["Oil Can", "Recycle", "Windmill", "Wrench"]


def test_tokens_behave_like_things_and_cease_to_exist_when_they_leave_play():
    s = given("example", hands={0: ["Wrench"]}, areas={0: ["Tin Soldier Factory", "Drill Sergeant"]},
              deck_cards=["Heist"])
    play(s, "Tin Soldier Factory: Wind up")
    token = next(c for c in s.state.zones["area:0"].cards if c.name == "Tin Soldier")
    assert token.token
    assert res(s, 0, "gears") == 1          # Drill Sergeant saw a Soldier enter play
    s.run_effect('move cards in your area named "Tin Soldier" to discard_pile')
    assert token.id not in s.state.cards
    assert "Tin Soldier" not in names(s, "discard_pile")


def test_counters_sit_on_cards_and_leave_with_them():
    s = given("example", hands={0: []}, areas={0: ["Spring Press"]}, deck_cards=["Heist"])
    play(s, "Spring Press: Wind")
    press = s.state.zones["area:0"].cards[0]
    assert press.counters == {"charge": 1}


def test_cards_attached_to_a_thing_go_to_the_discard_pile_when_it_leaves_play():
    s = given("example", hands={0: ["Wrench"]}, areas={1: ["Gearbox", "Windmill"]},
              deck_cards=PILE[1:])
    gearbox, windmill = s.state.zones["area:1"].cards
    s.run_effect('attach cards in area of next_player(you) named "Windmill" to '
                 'first(cards in area of next_player(you) named "Gearbox")')
    play(s, "play_action: Wrench", "Gearbox")
    assert area(s, 1) == []
    assert sorted(names(s, "discard_pile")) == ["Gearbox", "Windmill", "Wrench"]


def test_a_hand_size_change_applies_while_its_card_is_in_play():
    s = given("example", hands={0: ["Invention"] * 6}, areas={0: ["Oversized Satchel"]},
              deck_cards=["Wrench"])
    assert s.game.param("hand_size", s.state.players[0]) == 7
    play(s, "pass")                      # 7 cards: nothing to discard
    assert len(names(s, "hand:0")) == 7
    assert s.game.param("hand_size", s.state.players[1]) == 5


def test_a_reaction_happens_before_the_event_and_may_negate_it():
    s = given("example", hands={0: ["Invention", "Gearbox"], 1: ["Counterweight"]},
              deck_cards=PILE)
    play(s, "play_action: Invention")
    assert s.decision.player.name == "P2"
    assert s.decision.prompt == "Discard Counterweight to negate it?"
    play(s, "yes")
    assert res(s, 0, "gears") == 0
    assert sorted(names(s, "discard_pile")) == ["Counterweight", "Invention"]


def test_the_deck_sets_the_goal_twelve_gears_wins_at_once():
    s = given("example", hands={0: ["Invention"]}, res={0: {"gears": 10}}, deck_cards=["Wrench"])
    play(s, "play_action: Invention")
    assert s.is_over
    assert s.result["winners"] == ["P1"]


def test_a_static_effect_prevents_an_event():
    s = given("example", hands={0: ["Wrench"]}, areas={1: ["Shield Generator", "Gearbox"]},
              deck_cards=PILE[1:])
    play(s, "play_action: Wrench", "Gearbox")
    assert area(s, 1) == ["Gearbox", "Shield Generator"]


def test_a_card_granted_play_does_not_count_toward_the_limit():
    s = given("example", hands={0: ["Windmill", "Overclock", "Gearbox"]}, deck_cards=PILE)
    play(s, "play_thing: Windmill", "play_action: Overclock", "Gearbox")
    assert area(s, 0) == ["Gearbox", "Windmill"]


def test_once_per_turn_abilities_are_offered_once_per_turn():
    s = given("example", hands={0: ["Invention", "Heist", "Gearbox"]}, areas={0: ["Music Box"]},
              deck_cards=PILE)
    play(s, "Music Box: Play a tune", "Heist")
    assert res(s, 0, "gears") == 1
    assert "Music Box: Play a tune" not in s.legal()

