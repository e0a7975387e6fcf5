"""Targets and response windows, rule by rule, on a small deck of their own.

Targets: an action's `target` parameters are announced, listed in `event.targets`,
checked again before the action takes effect; an illegal one is dropped, never redirected,
and an action with no legal target left does nothing.

Response windows: after an event is declared, every living player from the active one
in seat order is asked, but only while they hold a legal response (or a move usable at any
time); a response used is itself an event with its own window.
"""
import pytest

from deckwright.dsl.codegen import generate
from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_text
from tests.scenario import area, given, hand, play, res

DECK = '''game "Targets" extends "dvorak"
resource sparks: start 0
resource shields: start 0
mark warded

# Zap: the target loses a spark; a warded player cannot be zapped.
action zap(victim) target victim where not (it has warded) "zapping {victim}" {
  lose 1 sparks
  as victim { lose 1 sparks }
}

# Scatter: up to two targets, each must be another player.
action scatter(victims) target victims where it != you "scattering sparks" {
  for each v in victims { as v { gain 1 sparks } }
}

# Peek: aims at a card in a hand; the question must not name it.
action peek(card) target card "peeking at {card}" { say "peeks" }

card "Zapper": Thing {
  text "Action: zap target opponent."
  ability "Zap": uses action_play {
    choose p from opponents prompt "Zap whom?" { zap p }
  }
}

card "Jolter": Thing {
  text "Action: zap each opponent."
  ability "Jolt": uses action_play {
    for each p in opponents { zap p }
  }
}

card "Scatterer": Thing {
  text "Action: up to two target opponents gain a spark."
  ability "Scatter": uses action_play { scatter opponents }
}

card "Peeker": Thing {
  text "Action: peek at a card in an opponent's hand."
  ability "Peek": uses action_play {
    for each p in opponents { peek first(cards in hand of p) }
  }
}

card "Dynamite": Action {
  text "Destroy target Thing."
  effect { choose t from Thing cards prompt "Destroy" { destroy t } }
}

card "Phoenix": Thing {
  text "When Phoenix is destroyed by Dynamite, its controller gains 3 sparks."
  when destroy where event.card == this and event.source != none \
      and event.source.name == "Dynamite" { gain 3 sparks }
}

# Ward: in answer to a zap at you, from the hand: discard Ward and the zap misses.
card "Ward": Action {
  text "Respond to a zap at you: discard Ward; you are warded this turn."
  respond to zap "Discard Ward to be warded" where you is in event.targets from hand \
      paying { discard this } {
    mark you with warded this turn
  }
}

# Counter: anyone holding shields may stop a zap, or a response.
respond to zap "Spend a shield to stop it" where you.shields > 0 paying { lose 1 shields } {
  negate
}
respond to peek "Look away" where you.shields > 0 { pass }
respond to response "Spend a shield to stop that response" where you.shields > 0 \
    paying { lose 1 shields } {
  negate
}

card "Beacon": Thing {
  text "Any time: gain a spark."
  ability "Flash": any time, once per turn { gain 1 sparks }
}

card "Slingshot": Thing {
  text "Action: destroy target Thing another player controls."
  ability "Sling": uses action_play, target t from Thing cards where it.controller != you \
      prompt "Sling at what?" {
    destroy t
  }
}

# Anyone with a shield whose Thing is aimed at may spend it to take the Thing back to hand.
respond to activate "Take it back" where you.shields > 0 and count (event.targets) > 0 \
    and first(event.targets).controller == you paying { lose 1 shields } {
  move first(event.targets) to your hand
}

card "Sundial": Thing {
  text "Once per turn, any time, if you have no spark: gain a spark."
  ability "Tick": any time, once per turn, if sparks == 0 { gain 1 sparks }
}

# A move usable at any time: turn two sparks into a shield.
move forge if sparks >= 2 any time {
  lose 2 sparks
  gain 1 shields
}
'''


@pytest.fixture(scope="module")
def deck():
    return load_text(DECK, "targets.deck")


def start(deck, players=2, **kw):
    return given(deck, players=players, deck_cards=["Dynamite"] * 30, **kw)


def log(s) -> list:
    return [e.text for e in s.game.log]


def read_by(s, seat: int) -> list:
    """The log as a seat reads it."""
    from deckwright.repl.render import log_lines
    return log_lines(s.game, s.state.players[seat])


def use(s, ability):
    """The active player's move in their main phase (draw phase already done)."""
    while s.decision.kind != "move" or s.decision.player is not s.state.active:
        play(s, "pass")
    play(s, ability)


# --- targets ------------------------------------------------------------------------------

def test_a_target_is_announced_and_hit(deck):
    s = start(deck, areas={0: ["Zapper"]}, res={1: {"sparks": 1}})
    use(s, "Zapper: Zap")                             # (the one opponent: no question)
    assert "P1: zap targeting P2" in log(s)
    assert res(s, 1, "sparks") == 0


def test_an_illegal_target_is_dropped_and_the_action_does_nothing(deck):
    s = start(deck, areas={0: ["Jolter"]}, res={0: {"sparks": 1}, 1: {"sparks": 1}})
    s.state.players[1].marks["warded"] = None
    use(s, "Jolter: Jolt")
    assert "P2 is not a legal target of zap" in log(s)
    assert "P1: zap has no legal target: it does nothing" in log(s)
    assert (res(s, 0, "sparks"), res(s, 1, "sparks")) == (1, 1)   # not redirected, no cost


def test_a_choice_that_feeds_a_target_offers_no_illegal_one(deck):
    # The Zap chooses whom to zap: a warded player is no legal target of a zap, so it
    # is not offered (P3 is the only one left: taken without a question).
    s = start(deck, players=3, areas={0: ["Zapper"]}, res={1: {"sparks": 1}, 2: {"sparks": 1}})
    s.state.players[1].marks["warded"] = None
    use(s, "Zapper: Zap")
    assert "P1 has only one choice: P3 — Zap whom? (Zapper)" in log(s)
    assert "P2 is not a legal target of zap" not in log(s)
    assert (res(s, 1, "sparks"), res(s, 2, "sparks")) == (1, 0)


def test_a_target_typed_that_its_condition_refuses_is_refused_with_that_rule(deck):
    s = start(deck, players=4, areas={0: ["Zapper"]})
    s.state.players[1].marks["warded"] = None
    use(s, "Zapper: Zap")
    assert s.decision.prompt == "Zap whom?" and s.decision.labels == ["P3", "P4"]
    assert s.apply("P2").reason == "P2 is not allowed: it is not a legal target of zap"


def test_a_target_that_becomes_illegal_before_it_resolves_is_dropped(deck):
    # P2 answers the zap with Ward from the hand: warded, the zap finds no legal target.
    s = start(deck, areas={0: ["Zapper"]}, hands={1: ["Ward"]},
              res={0: {"sparks": 1}, 1: {"sparks": 1}})
    use(s, "Zapper: Zap")                             # (the one opponent: no question)
    assert s.decision.player.index == 1
    assert s.decision.prompt == "Respond to P1 zapping P2?"
    play(s, "Ward: Discard Ward to be warded")
    assert "P2 is no longer a legal target of zap" in log(s)
    assert (res(s, 0, "sparks"), res(s, 1, "sparks")) == (1, 1)


def test_of_several_targets_only_the_illegal_ones_are_dropped(deck):
    s = start(deck, players=3, areas={0: ["Scatterer"]})
    use(s, "Scatterer: Scatter")
    assert "P1: scatter targeting P2, P3" in log(s)
    assert [res(s, k, "sparks") for k in range(3)] == [0, 1, 1]


def test_an_event_names_its_source_card(deck):
    s = start(deck, hands={0: ["Dynamite"]}, areas={1: ["Phoenix"]})
    use(s, "play_action: Dynamite")                    # the one Thing: destroyed at once
    assert res(s, 1, "sparks") == 3


def test_an_abilitys_target_is_chosen_as_it_is_used_and_seen_by_the_responses(deck):
    s = start(deck, areas={0: ["Slingshot", "Zapper"], 1: ["Phoenix", "Beacon"]},
              res={1: {"shields": 1}})
    while s.decision.player.index == 1:                # P2 leaves its Beacon alone
        play(s, "pass")
    use(s, "Slingshot: Sling")
    assert s.decision.prompt == "Sling at what?" and s.decision.labels == ["Phoenix", "Beacon"]
    play(s, "Beacon")
    assert "P1: Sling targeting Beacon" in log(s)
    assert s.decision.prompt == "Respond to P1 using Slingshot: Sling (targeting Beacon)?"
    play(s, "Take it back")                            # P2 takes the Beacon back to hand
    assert s.decision.labels == ["Beacon: Flash", "pass"]   # (its own window: it could Flash)
    play(s, "pass")
    assert "a card in P2's hand is no longer a legal target of Sling" in read_by(s, 0)  # unseen
    assert "Beacon is no longer a legal target of Sling" in read_by(s, 1)       # but by P2
    assert "P1: Sling has no legal target: it does nothing" in log(s)
    assert "Beacon" in hand(s, 1) and "Beacon" not in area(s, 1)


def test_an_ability_with_no_legal_target_is_not_offered(deck):
    s = start(deck, areas={0: ["Slingshot", "Zapper"]})
    while s.decision.kind != "move":
        play(s, "pass")
    assert "Slingshot: Sling" not in s.decision.labels and "Zapper: Zap" in s.decision.labels


# --- response windows -----------------------------------------------------------------

def test_only_players_with_a_legal_response_are_asked(deck):
    # Four players; only P3 holds a shield: only P3 is asked, and only once.
    s = start(deck, players=4, areas={0: ["Zapper"]}, res={1: {"sparks": 1}, 2: {"shields": 1}})
    use(s, "Zapper: Zap")
    play(s, "P2")
    asked = []
    while s.decision.kind == "respond":
        asked.append(s.decision.player.index)
        play(s, "pass")
    assert asked == [2]
    assert res(s, 1, "sparks") == 0


def test_a_window_asks_in_seat_order_from_the_active_player_and_each_may_pass(deck):
    s = start(deck, players=3, first=1, areas={1: ["Zapper"]},
              res={0: {"shields": 1}, 1: {"shields": 1}, 2: {"shields": 1}})
    use(s, "Zapper: Zap")
    play(s, "P3")
    asked = []
    while s.decision.kind == "respond":
        asked.append(s.decision.player.index)
        play(s, "pass")
    assert asked == [1, 2, 0]                          # P2 (active), P3, P1


def test_a_response_opens_its_own_window_and_can_be_answered(deck):
    s = start(deck, areas={0: ["Zapper"]}, hands={1: ["Ward"]},
              res={0: {"shields": 1}, 1: {"sparks": 1}})
    use(s, "Zapper: Zap")                             # (the one opponent: no question)
    play(s, "pass")                                    # P1 lets it go; P2 answers with Ward ...
    play(s, "Ward: Discard Ward to be warded")
    assert s.decision.prompt == "Respond to P2 responding with Discard Ward to be warded?"
    assert s.decision.player.index == 0
    play(s, "Spend a shield to stop that response")    # ... and P1 stops the Ward
    assert "response negated" in log(s)                # nobody can answer that: the zap lands
    assert res(s, 1, "sparks") == 0
    assert "Ward" in [c.name for c in s.state.zones["discard_pile"].cards]


def test_an_any_time_move_is_offered_in_a_window_to_a_player_who_is_not_active(deck):
    s = start(deck, areas={0: ["Zapper"]}, res={1: {"sparks": 2}})
    use(s, "Zapper: Zap")                             # (the one opponent: no question)
    assert s.decision.player.index == 1 and s.decision.labels == ["forge", "pass"]
    play(s, "forge")                                   # a shield ...
    play(s, "Spend a shield to stop it")               # ... spent at once on the zap
    assert (res(s, 1, "sparks"), res(s, 1, "shields")) == (0, 0)
    assert "zap negated" in log(s)


def test_an_any_time_move_is_offered_at_the_start_of_a_phase_to_every_player(deck):
    s = start(deck, res={1: {"sparks": 2}})
    d = s.decision
    assert (d.player.index, d.kind, d.prompt) == (1, "respond",
                                                  "Act at the start of phase draw (P1's turn)?")
    assert d.labels == ["forge", "pass"]
    play(s, "forge")
    assert (res(s, 1, "sparks"), res(s, 1, "shields")) == (0, 1)


def test_a_player_who_passed_at_a_phase_start_is_not_asked_again_while_nothing_changed(deck):
    # P2 could forge at every phase start of P1's turn; they pass at the first, and their
    # sparks (all that `forge` tests) stay 2: the main phase starts without a question.
    s = start(deck, res={1: {"sparks": 2}})
    play(s, "pass")
    d = s.decision
    assert (d.player.index, d.kind) == (0, "move")     # P1's main phase, P2 not asked


def test_a_pass_holds_until_what_the_move_tests_changes_then_it_is_asked_after_that_move(deck):
    s = start(deck, hands={0: ["Phoenix"]}, areas={0: ["Scatterer"]}, res={1: {"sparks": 2}})
    play(s, "pass")                                    # P2 at the draw phase's start
    play(s, "play_thing: Phoenix")                     # nothing `forge` tests has changed:
    assert (s.decision.player.index, s.decision.kind) == (0, "move")   # P2 is not asked
    play(s, "Scatterer: Scatter")
    assert s.decision.prompt.startswith("Respond to")  # (windows still ask, as before)
    play(s, "pass")
    assert res(s, 1, "sparks") == 3                    # what `forge` tests has changed ...
    d = s.decision                                     # ... and P2 is asked after that move
    assert (d.player.index, d.prompt, d.labels) == (1, "Act after P1's move in phase main?",
                                                    ["forge", "pass"])
    play(s, "pass")                                    # passed on again: not asked at the
    d = s.decision                                     # end phase's start, nor at P2's own
    assert (d.player.index, d.kind, d.prompt) == (1, "move", "your move")   # turn's start


def test_an_any_time_ability_is_offered_to_its_controller_on_another_players_turn(deck):
    s = start(deck, areas={1: ["Beacon"]})
    d = s.decision
    assert (d.player.index, d.labels) == (1, ["Beacon: Flash", "pass"])
    assert d.prompt == "Act at the start of phase draw (P1's turn)?"
    play(s, "Beacon: Flash")
    assert res(s, 1, "sparks") == 1
    assert s.decision.player.index == 0                # once per turn: not offered again


# --- between the moves of another player's `offer` loop ----------------------------------

def test_an_any_time_move_is_offered_right_after_the_move_that_made_it_legal(deck):
    # P2 cannot forge as P1's turn starts (one spark): nobody is asked. P1's Scatter gives
    # P2 a second spark, and P2 may forge before P1's next move.
    s = start(deck, areas={0: ["Scatterer"]}, hands={0: ["Phoenix"]}, res={1: {"sparks": 1}})
    assert (s.decision.player.index, s.decision.kind) == (0, "move")
    play(s, "Scatterer: Scatter")
    d = s.decision
    assert (d.player.index, d.kind, d.prompt, d.labels) == (
        1, "respond", "Act after P1's move in phase main?", ["forge", "pass"])
    play(s, "forge")
    assert (res(s, 1, "sparks"), res(s, 1, "shields")) == (0, 1)
    d = s.decision                                     # nothing left to forge with: P1 goes on
    assert (d.player.index, d.kind, d.labels) == (0, "move", ["play_thing: Phoenix", "pass"])


def test_an_any_time_ability_is_offered_after_the_move_that_made_it_usable(deck):
    # The zap takes P2's last spark: the Sundial ticks "if you have no spark".
    s = start(deck, areas={0: ["Zapper"], 1: ["Sundial"]}, res={1: {"sparks": 1}})
    use(s, "Zapper: Zap")                              # (the one opponent: no question)
    d = s.decision
    assert (d.player.index, d.prompt, d.labels) == (
        1, "Act after P1's move in phase main?", ["Sundial: Tick", "pass"])
    play(s, "Sundial: Tick")
    assert res(s, 1, "sparks") == 1


def test_an_any_time_ability_a_card_is_granted_is_offered_after_another_players_move():
    # The Sun Dial gives P2's other Things "Any time, once per turn: gain a spark". P2 has
    # none until P1's Gift puts a Cog into play under P2's control: P2 may tick it at once.
    program = load_text('''game "Granted" extends "dvorak"
resource sparks: start 0
card "Cog": Thing x 12 { text "A cog." }
card "Sun Dial": Thing {
  text "Your other Things have \\"Any time, once per turn: gain a spark.\\""
  static grant Thing cards you control where it != this ability "Tick": any time, once per turn {
    gain 1 sparks
  }
}
card "Gift": Action {
  text "Put a Thing from your hand into play under the next player's control."
  effect {
    choose c from Thing cards in your hand prompt "Give which Thing?" {
      move c to area of next_player(you)
    }
  }
}
''', "granted.deck")
    s = given(program, hands={0: ["Gift", "Cog"]}, areas={1: ["Sun Dial"]},
              deck_cards=["Gift"] * 20)
    assert (s.decision.player.index, s.decision.kind) == (0, "move")   # nothing to tick yet
    play(s, "play_action: Gift")
    d = s.decision
    assert (d.player.index, d.prompt, d.labels) == (
        1, "Act after P1's move in phase main?", ["Cog: Tick", "pass"])


def test_nobody_is_asked_between_moves_who_has_nothing_usable_at_any_time(deck):
    s = start(deck, players=3, hands={0: ["Phoenix"]}, areas={0: ["Scatterer"]})
    play(s, "Scatterer: Scatter")                      # one spark each: no forge yet
    d = s.decision
    assert (d.player.index, d.kind, d.labels) == (0, "move", ["play_thing: Phoenix", "pass"])


def test_between_moves_the_others_are_asked_in_seat_order_from_the_next_seat(deck):
    s = start(deck, players=3, first=1, areas={1: ["Scatterer"]}, hands={1: ["Phoenix"]},
              res={0: {"sparks": 1}, 2: {"sparks": 1}})
    use(s, "Scatterer: Scatter")                       # P1 and P3 may now forge
    asked = []
    while s.decision.kind == "respond":
        asked.append((s.decision.player.name, s.decision.prompt))
        play(s, "pass")
    assert asked == [("P3", "Act after P2's move in phase main?"),
                     ("P1", "Act after P2's move in phase main?")]
    assert (s.decision.player.name, s.decision.kind) == ("P2", "move")


def test_the_player_making_the_moves_is_not_asked_between_them(deck):
    # P1's Dynamite destroys their own Phoenix: 3 sparks, enough to forge. The main
    # phase's offer does not list `forge`, and P1 is not asked between their own moves:
    # they may forge at the next step of the turn.
    s = start(deck, hands={0: ["Dynamite", "Beacon"]}, areas={0: ["Phoenix"]})
    play(s, "play_action: Dynamite")
    assert res(s, 0, "sparks") == 3
    d = s.decision
    assert (d.player.index, d.kind, d.labels) == (0, "move", ["play_thing: Beacon", "pass"])
    play(s, "pass")
    d = s.decision
    assert (d.player.index, d.prompt, d.labels) == (
        0, "Act at the start of phase end (P1's turn)?", ["forge", "pass"])


def test_the_question_and_the_log_name_no_card_a_seat_cannot_see(deck):
    # P3's shield opens a window on P1's peek at the card in P2's hand: nobody is told
    # which card it is, in the question or in the log.
    s = start(deck, players=3, areas={0: ["Peeker"]}, hands={1: ["Phoenix"], 2: ["Ward"]},
              res={2: {"shields": 1}})
    use(s, "Peeker: Peek")
    d = s.decision
    assert (d.player.index, d.kind) == (2, "respond")
    assert d.prompt == "Respond to P1 peeking at a card in P2's hand?"
    for seat in (0, 2):
        assert "P1: peek targeting a card in P2's hand" in read_by(s, seat)
    assert "P1: peek targeting Phoenix" in read_by(s, 1)         # P2 holds it


def _peeked(deck):
    """P1 peeks at the first card of each opponent's hand (P2's Phoenix, P3's Ward); P2 and
    P3 each hold a shield, so each is asked in both windows."""
    s = start(deck, players=3, areas={0: ["Peeker"]}, hands={1: ["Phoenix"], 2: ["Ward"]},
              res={1: {"shields": 1}, 2: {"shields": 1}})
    use(s, "Peeker: Peek")
    return s


def test_each_seat_asked_in_a_window_reads_its_question_as_it_sees_the_card(deck):
    s = _peeked(deck)
    asked = []
    while s.decision.kind == "respond":
        asked.append((s.decision.player.name, s.decision.prompt))
        play(s, "pass")
    assert asked == [("P2", "Respond to P1 peeking at Phoenix?"),
                     ("P3", "Respond to P1 peeking at a card in P2's hand?"),
                     ("P2", "Respond to P1 peeking at a card in P3's hand?"),
                     ("P3", "Respond to P1 peeking at Ward?")]
    said = "P2 chooses pass — Respond to P1 peeking at {}?"
    assert said.format("Phoenix") in read_by(s, 1)
    for seat in (0, 2):
        assert said.format("a card in P2's hand") in read_by(s, seat)
        assert said.format("Phoenix") not in read_by(s, seat)


def test_a_window_names_a_face_down_target_only_to_who_may_read_it(deck):
    from deckwright.repl.render import decision_view
    s = start(deck, players=3, areas={0: ["Slingshot"], 1: ["Phoenix"]},
              res={1: {"shields": 1}})
    s.state.zones["area:1"].cards[0].face_up = False      # P2's Phoenix lies face down
    use(s, "Slingshot: Sling")                             # its one target: taken unasked
    assert "P1: Sling targeting a face-down card in P2's area" in read_by(s, 0)
    d = s.decision
    asking = "Respond to P1 using Slingshot: Sling (targeting {})?"
    assert (d.player.name, d.prompt) == ("P2", asking.format("Phoenix"))
    unseen = asking.format("a face-down card in P2's area")
    for seat in (0, 2):
        assert decision_view(d, s.state.players[seat]) == f"P2 is deciding: {unseen}"
    play(s, "pass")
    assert f"P2 chooses pass — {asking.format('Phoenix')}" in read_by(s, 1)
    for seat in (0, 2):
        assert f"P2 chooses pass — {unseen}" in read_by(s, seat)


def test_a_search_bot_reads_a_windows_question_as_its_seat_sees_it(deck):
    pytest.importorskip("pyspiel", reason="OpenSpiel (deckwright[search]) is not installed")
    from deckwright.dsl.search.spiel import table_text
    s = _peeked(deck)
    p1, p2 = s.state.players[:2]
    assert "\nP2 decides: Respond to P1 peeking at Phoenix?\n" in table_text(s.game, p2)
    assert "\nP2 decides: Respond to P1 peeking at a card in P2's hand?" in table_text(s.game, p1)


def test_a_deck_with_no_responses_nor_any_time_moves_has_no_windows():
    from deckwright.dsl.loader import load_program
    source, _ = generate(load_program("example"), resumable=True)
    assert "WINDOW" not in source and "RESPOND" not in source


def test_only_the_events_something_responds_to_open_a_window(deck):
    source, _ = generate(deck, resumable=True)
    lines = source.split("\n")
    # zap, peek, activate and response open one each; draw, destroy, scatter... none
    assert len([line for line in lines if "WINDOW(g, t" in line]) == 4
    # the `forge` move is usable at any time: a window at each of the turn's 3 phases
    assert len([line for line in lines if "WINDOW(g, None" in line]) == 3


# --- what the checker says --------------------------------------------------------------

def errors(text):
    with pytest.raises(DeckError) as e:
        load_text('game "E" extends "dvorak"\n' + text, "e.deck")
    return [(d.code, d.message) for d in e.value.diagnostics]


def test_a_target_must_be_a_parameter():
    assert errors('action zap(victim) target vitcim { pass }\n') == [
        ("unknown-name", "`vitcim` is not a parameter of `zap`")]


def test_nothing_can_respond_to_an_event_announced_after_it_happens():
    assert errors('respond to turn_start "Wave" { pass }\n') == [
        ("no-reaction", "`turn_start` is announced after it happens, so nothing can respond to it")]


def test_what_a_player_passed_on_is_part_of_the_state_copied_and_saved(deck):
    import json

    from deckwright.dsl.engine.state import GameState
    s = start(deck, res={1: {"sparks": 2}})
    play(s, "pass")
    st = s.state
    assert st.passed                                   # the pass is remembered ...
    loaded = GameState.from_json(json.loads(json.dumps(st.to_json())))
    assert loaded.passed == st.copy().passed == st.passed    # ... by a copy and a save
    assert loaded.state_hash() == st.state_hash()


def test_what_a_phase_start_compares_never_draws_the_games_random_numbers_again():
    # Reading a test that draws a random number again would draw another one, and change
    # the game: the part of the test that draws (and what follows it) is not compared.
    program = load_text('''game "Gamble" extends "dvorak"
resource sparks: start 0
move gamble if sparks >= 0 and random([1, 2, 3]) > 1 and sparks < 9 any time { gain 1 sparks }
''', "gamble.deck")
    source, _ = generate(program, resumable=False)
    key = source[source.index("def STEP_KEY"):]
    key = key[:key.index("\ndef ")]
    assert "sparks" in key and "RANDOM" not in key
