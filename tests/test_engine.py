"""The engine's promises: determinism, replay, JSON state, budgets, refusals, rollback."""
import json

import pytest

from deckwright.dsl import ast as A
from deckwright.dsl.agents import RandomAgent, ScriptedAgent
from deckwright.dsl import ir as I
from deckwright.dsl.check import Checker
from deckwright.dsl.codegen.module import CodeGenerator
from deckwright.dsl.engine import Game
from deckwright.dsl.errors import EngineError, Refusal
from deckwright.dsl.invariants import assert_invariants
from deckwright.dsl.loader import load_program, load_text
from deckwright.dsl.replay import play_recorded, replay
from deckwright.dsl.session import Session
from deckwright.dsl.engine.state import GameState
from scenario import given, names, play, res

LOOPING = '''game "Loops" extends "dvorak"
resource gears: start 0
card "Echo": Action {
  text "Draw a card. Then play Echo again."
  effect {
    while true { gain 1 gears }
  }
}
card "Mirror Hall": Thing {
  text "Whenever a player gains gears, they draw a card and gain a gear."
  when gain where event.resource == "gears" { gain 1 gears }
}
card "Filler": Thing { text "Nothing." }
whenever count (players where it.gears >= 1000) > 0 { end game by most gears }
'''


def program(text=LOOPING):
    return load_text(text, "loops.deck")


def test_the_same_deck_seed_and_bots_give_the_same_game():
    p = load_program("example")
    hashes = []
    for _ in range(2):
        g = Game(p, seed=11, agents=[RandomAgent(1), RandomAgent(2)])
        g.run()
        hashes.append(g.state.state_hash())
    assert hashes[0] == hashes[1]
    other = Game(p, seed=12, agents=[RandomAgent(1), RandomAgent(2)])
    other.run()
    assert other.state.state_hash() != hashes[0]


def test_replay_reproduces_every_intermediate_state():
    p = load_program("example")
    record = play_recorded(p, seed=5, players=3, bots=["random"])
    assert len(record["decisions"]) > 20
    game = replay(p, record)            # raises at the first differing hash
    assert game.state.result == record["result"]


def test_state_json_round_trips_without_loss_mid_game():
    s = Session(load_program("example"), seed=3, players=2)
    for _ in range(15):
        s.apply(0 if not s.decision.multi else tuple(range(s.decision.min_count)))
    data = s.state.to_json()
    text = json.dumps(data, sort_keys=True)
    again = GameState.from_json(json.loads(text))
    assert json.dumps(again.to_json(), sort_keys=True) == text
    assert again.state_hash() == s.state.state_hash()


def test_a_runaway_loop_is_stopped_by_the_step_budget_and_the_state_is_restored():
    s = given(program(), hands={0: ["Echo"]}, deck_cards=["Filler"] * 5)
    before = s.state.state_hash()
    with pytest.raises(EngineError) as err:
        s.apply("play_action: Echo")
    assert "step budget of 200000 exceeded at loops.deck:6:5" in str(err.value)   # the `while`
    assert "Echo" in str(err.value)            # the chain names the card
    assert s.state.state_hash() == before
    assert "play_action: Echo" in s.legal()


def test_a_trigger_loop_is_stopped_by_the_depth_cap_naming_the_chain():
    s = given(program(), hands={0: ["Filler"]}, areas={0: ["Mirror Hall"]},
              deck_cards=["Filler"] * 5, zones={})
    with pytest.raises(EngineError) as err:
        s.run_effect("gain 1 gears")
    assert "nested" in str(err.value)
    assert "Mirror Hall" in str(err.value)


def test_numbers_beyond_the_integer_cap_are_an_error():
    text = LOOPING.replace("while true { gain 1 gears }", "repeat 60 { gain gears gears }") \
        .replace('resource gears: start 0', 'resource gears: start 1')
    s = given(program(text), hands={0: ["Echo"]}, deck_cards=["Filler"] * 5)
    with pytest.raises(EngineError, match="beyond the limit"):
        s.apply("play_action: Echo")


def test_an_illegal_choice_is_refused_with_a_reason_and_changes_nothing():
    s = given("example", hands={0: []}, deck_cards=["Invention", "Heist"])
    before = s.state.state_hash()
    for bad, reason in [(7, "option 7 does not exist (choose 0 to 1)"),
                        ("play_thing: Windmill", "no option `play_thing: Windmill` in: "
                                                 "play_action: Invention, pass"),
                        ((0, 1), "expected one option number, got (0, 1)")]:
        refusal = s.apply(bad)
        assert isinstance(refusal, Refusal) and refusal.reason == reason
        assert s.state.state_hash() == before


def test_undo_and_redo_step_through_history():
    s = given("example", hands={0: ["Invention", "Windmill"]}, deck_cards=["Wrench", "Heist"])
    start = s.state.state_hash()
    play(s, "play_action: Invention")
    after = s.state.state_hash()
    assert s.undo() and s.state.state_hash() == start
    assert s.redo() and s.state.state_hash() == after


def test_save_and_load_give_the_same_game():
    s = Session(load_program("example"), seed=9, players=2)
    for _ in range(10):
        s.apply(0 if not s.decision.multi else tuple(range(s.decision.min_count)))
    saved = json.loads(json.dumps(s.to_save()))
    loaded = Session.from_save(load_program("example"), saved)
    assert loaded.state.state_hash() == s.state.state_hash()
    assert json.dumps(loaded.to_save(), sort_keys=True) == json.dumps(saved, sort_keys=True)


def test_scripted_agents_play_labels_and_run_out_loudly():
    p = load_program("example")
    g = Game(p, seed=1, agents=[ScriptedAgent(["pass"]), ScriptedAgent([])])
    with pytest.raises(EngineError, match="no choice left"):
        g.run()


def test_invariants_hold_through_a_game():
    g = Game(load_program("example"), seed=21, agents=[RandomAgent(3), RandomAgent(4)],
             observer=assert_invariants)
    g.run()
    assert_invariants(g)


def _nodes(module, base):
    return [c for c in vars(module).values() if isinstance(c, type) and issubclass(c, base)
            and c is not base]


def test_every_syntax_node_has_a_checker_handler_and_every_handler_a_node():
    missing = [c.__name__ for c in _nodes(A, A.Expr) if not hasattr(Checker, "e_" + c.__name__)]
    missing += [c.__name__ for c in _nodes(A, A.Stmt) if not hasattr(Checker, "s_" + c.__name__)]
    assert missing == []
    handlers = [n[2:] for n in dir(Checker) if n[:2] in ("e_", "s_")]
    assert [h for h in handlers if not hasattr(A, h)] == []


def test_every_checked_node_has_a_generator_handler_and_every_handler_a_node():
    missing = [c.__name__ for c in _nodes(I, I.Expr)
               if c not in (I.And, I.Or) and not hasattr(CodeGenerator, "x_" + c.__name__)]
    missing += [c.__name__ for c in _nodes(I, I.Stmt)
                if not hasattr(CodeGenerator, "s_" + c.__name__)]
    assert missing == []
    handlers = [n[2:] for n in dir(CodeGenerator) if n[:2] in ("x_", "s_")]
    assert [h for h in handlers if not hasattr(I, h) and h != "bool_op"] == []


def test_rng_is_owned_by_the_state_and_reproducible():
    a, b = GameState(seed=5), GameState(seed=5)
    assert [a.rng.below(100) for _ in range(5)] == [b.rng.below(100) for _ in range(5)]


GATED = '''game "Gated" extends "dvorak"
resource coins: start 0
limit grab = 1 per turn
card "Rock": Thing { text "Nothing." }
card "Gem": Thing { text "Nothing." }
move grab(c from Thing cards in your hand) if remaining(grab) > 0 and coins >= 1 and c.name != "Rock" {
  use grab
  lose 1 coins
  move c to your area
}
override turn {
  phase main { offer grab, play_thing }
}
'''


def test_a_move_condition_checks_both_its_option_free_tests_and_each_option():
    # `remaining(grab) > 0 and coins >= 1` read no option (checked once, before the
    # options); `c.name != "Rock"` is checked for each option.
    s = given(program(GATED), hands={0: ["Rock", "Gem", "Gem"]}, res={0: {"coins": 2}},
              deck_cards=["Rock"] * 5)
    assert [m for m in s.legal() if m.startswith("grab")] == ["grab: Gem #1", "grab: Gem #2"]
    play(s, "grab: Gem")
    assert names(s, "area:0") == ["Gem"]
    assert [m for m in s.legal() if m.startswith("grab")] == []     # the limit is spent
    broke = given(program(GATED), hands={0: ["Gem"]}, res={0: {"coins": 0}},
                  deck_cards=["Rock"] * 5)
    assert [m for m in broke.legal() if m.startswith("grab")] == []  # no coins


CAPACITY = '''game "Tight" extends "dvorak"
zone shelf: shared, public, capacity 3
override setup {
  create library in shelf
  create library in deck
  create 2 "Token" in shelf
  for each p in players { as p { draw 5 } }
}
token "Token": Thing { text "A token." }
card "Widget": Thing x 5 { text "A widget." }
'''


def test_a_full_zone_takes_no_more_cards_from_create_library_create_or_move():
    s = Session(load_text(CAPACITY, "tight.deck"), seed=1, players=2)
    assert names(s, "shelf") == ["Widget"] * 3          # the library stopped at capacity 3
    assert len(s.state.cards) == 3 + 5                   # the two that did not fit were not made
    assert names(s, "deck") == [] and len(s.state.zones["hand:0"].cards) == 5
    assert "no room in shelf for the rest of the library" in [e.text for e in s.game.log]
    assert "no room in shelf for Token" in [e.text for e in s.game.log]
    s.close()


LOOK_BACK = '''game "Ashes" extends "example"
card "Phoenix": Thing {
  text "When Phoenix is destroyed, its controller gains 3 gears."
  when destroy where event.card == this { gain 3 gears }
}
card "Pyre": Thing {
  text "Whenever a Thing is destroyed, gain 1 gear."
  when destroy where event.card is Thing { gain 1 gears }
}
card "Torch": Action {
  text "Destroy a Thing."
  effect { choose t from Thing cards prompt "Destroy" { destroy t } }
}
'''


def test_a_when_trigger_hears_the_event_that_took_its_card_out_of_play():
    s = given(LOOK_BACK, hands={0: ["Torch"]}, areas={1: ["Phoenix"]},
              deck_cards=["Oil Can"] * 4)
    play(s, "play_action: Torch")                   # the only Thing: chosen without asking
    assert names(s, "area:1") == [] and res(s, 1, "gears") == 3
    # ... and so does a card destroyed by the event it watches for in general
    s = given(LOOK_BACK, hands={0: ["Torch"]}, areas={0: ["Pyre"]},
              deck_cards=["Oil Can"] * 4)
    play(s, "play_action: Torch")
    assert names(s, "area:0") == [] and res(s, 0, "gears") == 1
    # a card that stays out of play hears nothing
    s = given(LOOK_BACK, hands={0: ["Torch", "Phoenix"]}, areas={1: ["Windmill"]},
              deck_cards=["Oil Can"] * 4)
    play(s, "play_action: Torch")
    assert res(s, 0, "gears") == 0 and res(s, 1, "gears") == 0


HELPER_REACTION = '''game "Veto" extends "example"
action veto() {
  say "vetoed"
  negate
}
card "Red Tape": Thing {
  text "Whenever another player would play an Action, cancel it."
  before play where event.card is Action and event.player != you { veto }
}
'''
CLERK = '''card "Clerk": Thing {
  text "Whenever a veto happens, its player gains 1 gear."
  when veto { gain 1 gears }
}
'''


@pytest.mark.parametrize("listened", [False, True])
def test_an_action_body_sees_its_callers_event_whether_or_not_anything_listens(listened):
    # With Clerk in the deck, `veto` is an event the engine announces; without, it is not.
    s = given(HELPER_REACTION + (CLERK if listened else ""), hands={0: ["Oil Can"]},
              areas={1: ["Red Tape"] + (["Clerk"] if listened else [])},
              deck_cards=["Windmill"] * 4)
    assert names(s, "hand:0") == ["Oil Can", "Windmill"]   # with the turn's draw
    play(s, "play_action: Oil Can")
    assert names(s, "hand:0") == ["Oil Can", "Windmill"]   # the play was negated: no draw 2
    log = [e.text for e in s.game.log]
    assert "P2: vetoed" in log and "play negated" in log
    assert res(s, 1, "gears") == (1 if listened else 0)


SUBSTITUTE = '''game "Swap" extends "example"
card "Juggler": Thing {
  text "Once during your turn, you may spend your Thing play as an Action play."
  static substitute action_play with thing_play once per turn
}
'''


def test_a_substitute_spends_another_limit_once_the_first_is_used_up():
    s = given(SUBSTITUTE, hands={0: ["Oil Can", "Oil Can", "Oil Can", "Windmill"]},
              areas={0: ["Juggler"]}, deck_cards=["Wrench"] * 8)
    play(s, "play_action: Oil Can")
    assert "play_action: Oil Can #1" in s.legal()       # the Thing play can stand in
    play(s, "play_action: Oil Can")
    legal = s.legal()
    assert not any(m.startswith(("play_action", "play_thing")) for m in legal)
