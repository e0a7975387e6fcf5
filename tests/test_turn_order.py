"""Turn order as data (language.md §8 "Turn order", §14): extra turns, skipped turns, a
reversed order, `turn order by side`, the current phase's name, and winning and
elimination as events that can be answered.

Each test: given a state → these decisions → this outcome.
"""
from deckwright.dsl.loader import load_text
from scenario import given, hand, play

DECK = '''game "Turn order" extends "dvorak"
override players 2 to 4

card "Time Walk": Action x 3 {
  text "Take an extra turn after this one."
  effect { extra turn }
}

card "Gift of Time": Action x 3 {
  text "The next player takes an extra turn after this one."
  effect { extra turn for next_player(you) }
}

card "Turns Galore": Action {
  text "The next player takes an extra turn after this one, then you take one."
  effect { extra turn for next_player(you); extra turn }
}

card "Empty Gift": Action {
  text "The next player takes an extra turn after this one, and skips their next turn."
  effect { extra turn for next_player(you); skip next turn of next_player(you) }
}

card "Lullaby": Action x 3 {
  text "The next player skips their next turn."
  effect { skip next turn of next_player(you) }
}

card "U-Turn": Action x 3 {
  text "Reverse the turn order."
  effect { reverse turn order }
}

card "Roll Call": Action x 2 {
  text "Each player, in turn from you, answers the roll."
  effect {
    for each p in turn_order(you) { as p { say "here" } }
  }
}

card "Rock": Thing x 20 {
  text "Nothing."
}

card "Sundial": Action x 2 {
  text "Say which phase it is."
  effect {
    if current_phase == "main" { say "it is the main phase" }
  }
}

card "Crown": Action x 2 {
  text "You win the game."
  effect { end game winner you }
}

card "Curse": Action x 2 {
  text "The next player is out of the game."
  effect { eliminate next_player(you) }
}

card "Cursed Idol": Thing {
  text "When you would win, you lose instead."
  static instead win where event.player == this.controller { eliminate this.controller }
}

card "Ward": Thing {
  text "You can't be eliminated."
  static prevent eliminate where event.player == this.controller
}

card "Stalemate": Thing {
  text "Before a player would win, their win is cancelled if they have no Rock in play."
  before win where count (cards controlled by event.player where it.name == "Rock") == 0 { negate }
}

whenever count players == 1 {
  end game winner first(players)
}

# Who started a turn, and in which phase each `say` ran: read from the log.
when turn_start {
  if current_phase == none { say "my turn begins" }
}
'''

PROGRAM = load_text(DECK, "turn_order.deck")
ROCKS = ["Rock"] * 12


def turns(s) -> list:
    """The log's turn headers: '— turn 3: P1 —' → (3, 'P1')."""
    out = []
    for e in s.game.log:
        if e.text.startswith("— turn "):
            number, who = e.text[len("— turn "):-2].split(": ")
            out.append((int(number), who))
    return out


def whose(s) -> str:
    return s.decision.player.name


def test_an_extra_turn_comes_right_after_this_one_and_then_the_order_goes_on():
    s = given(PROGRAM, players=3, hands={0: ["Time Walk"]}, deck_cards=ROCKS)
    play(s, "play_action: Time Walk", "pass")
    assert whose(s) == "P1"
    assert turns(s) == [(1, "P1"), (2, "P1")]
    play(s, "pass")
    play(s, "pass")                      # P2's turn
    assert turns(s) == [(1, "P1"), (2, "P1"), (3, "P2"), (4, "P3")]


def test_an_extra_turn_starts_and_ends_like_any_turn_and_counts_as_one():
    s = given(PROGRAM, players=2, hands={0: ["Time Walk"]}, deck_cards=ROCKS)
    play(s, "play_action: Time Walk", "pass")
    p1 = s.state.players[0]
    assert p1.turns == 2 and s.state.turn == 2
    said = [e.text for e in s.game.log if e.text.endswith("my turn begins")]
    assert said == ["P1: my turn begins", "P1: my turn begins"]
    # the extra turn began with the turn's draw, as any turn does
    assert len(hand(s, 0)) == 2


def test_two_extra_turns_are_taken_in_the_order_they_were_given():
    s = given(PROGRAM, players=3, hands={0: ["Turns Galore"]}, deck_cards=ROCKS)
    play(s, "play_action: Turns Galore", "pass")
    assert whose(s) == "P2"
    play(s, "pass", "pass")
    assert [who for _, who in turns(s)] == ["P1", "P2", "P1", "P2"]


def test_a_skipped_turn_passes_the_player_by_once():
    s = given(PROGRAM, players=3, hands={0: ["Lullaby"]}, deck_cards=ROCKS)
    play(s, "play_action: Lullaby", "pass")
    assert whose(s) == "P3"
    assert "P2's turn is skipped" in [e.text for e in s.game.log]
    play(s, "pass", "pass")               # P3, then P1
    assert whose(s) == "P2"
    assert [who for _, who in turns(s)] == ["P1", "P3", "P1", "P2"]


def test_reversing_the_order_sends_the_next_turn_the_other_way_round():
    s = given(PROGRAM, players=4, hands={0: ["U-Turn"]}, deck_cards=ROCKS)
    play(s, "play_action: U-Turn", "pass")
    assert whose(s) == "P4"
    play(s, "pass", "pass")
    assert [who for _, who in turns(s)] == ["P1", "P4", "P3", "P2"]


def roll(s) -> list:
    return [e.text[:-len(": here")] for e in s.game.log if e.text.endswith(": here")]


def test_each_player_in_turn_goes_round_from_the_player_named():
    s = given(PROGRAM, players=3, hands={0: ["Time Walk"], 1: ["Roll Call"]},
              deck_cards=ROCKS)
    play(s, "pass", "play_action: Roll Call")
    assert roll(s) == ["P2", "P3", "P1"]


def test_each_player_in_turn_goes_the_way_the_turns_go_and_passes_the_eliminated_by():
    s = given(PROGRAM, players=4, hands={0: ["Curse", "Roll Call"], 2: ["U-Turn"]},
              deck_cards=ROCKS)
    play(s, "play_action: Curse", "pass")            # P2 is out
    play(s, "play_action: U-Turn", "pass")           # P3's turn: the order now runs back
    assert whose(s) == "P1"
    play(s, "play_action: Roll Call")
    assert roll(s) == ["P1", "P4", "P3"]


def test_the_turn_order_survives_undo_and_a_saved_state():
    from deckwright.dsl.engine.state import GameState
    s = given(PROGRAM, players=4, hands={0: ["U-Turn"]}, deck_cards=ROCKS)
    play(s, "play_action: U-Turn", "pass")
    data = s.state.to_json()
    assert data["order"]["reversed"] is True
    assert GameState.from_json(data).to_json() == data
    assert s.state.copy().to_json() == data


def test_a_deck_that_never_changes_the_order_keeps_no_order_data():
    s = given("example", players=3)
    assert s.state.order is None and "order" not in s.state.to_json()


def test_the_current_phase_is_readable_by_name():
    s = given(PROGRAM, hands={0: ["Sundial"]}, deck_cards=ROCKS)
    play(s, "play_action: Sundial")
    assert "P1: it is the main phase" in [e.text for e in s.game.log]
    said = [e.text for e in s.game.log if e.text.endswith("my turn begins")]
    assert said == ["P1: my turn begins"]         # before any phase, it is `none`


def test_a_player_who_wins_wins():
    s = given(PROGRAM, hands={0: ["Crown"]}, deck_cards=ROCKS)
    play(s, "play_action: Crown")
    assert s.game.state.result["winners"] == ["P1"]


def test_when_a_player_would_win_they_lose_instead():
    s = given(PROGRAM, hands={0: ["Crown"]}, areas={0: ["Cursed Idol"]}, deck_cards=ROCKS)
    play(s, "play_action: Crown")
    result = s.game.state.result
    assert result["winners"] == ["P2"]
    assert "P1 is eliminated" in [e.text for e in s.game.log]


def test_a_win_a_reaction_cancels_does_not_end_the_game():
    s = given(PROGRAM, hands={0: ["Crown", "Rock"]}, areas={1: ["Stalemate"]},
              deck_cards=ROCKS)
    play(s, "play_action: Crown")
    assert s.game.state.result is None and whose(s) == "P1"
    play(s, "play_thing: Rock")
    s2 = given(PROGRAM, hands={0: ["Rock", "Crown"]}, areas={1: ["Stalemate"]},
               deck_cards=ROCKS)
    play(s2, "play_thing: Rock", "play_action: Crown")
    assert s2.game.state.result["winners"] == ["P1"]


def test_an_elimination_can_be_prevented():
    s = given(PROGRAM, players=3, hands={0: ["Curse"]}, areas={1: ["Ward"]}, deck_cards=ROCKS)
    play(s, "play_action: Curse")
    assert all(p.alive for p in s.state.players)
    s = given(PROGRAM, players=3, hands={0: ["Curse"]}, deck_cards=ROCKS)
    play(s, "play_action: Curse", "pass")
    assert not s.state.players[1].alive
    assert whose(s) == "P3"                 # turn order passes the eliminated by


def test_after_an_extra_turn_given_to_another_player_the_order_goes_on_from_the_giver():
    s = given(PROGRAM, players=3, hands={0: ["Gift of Time"]}, deck_cards=ROCKS)
    play(s, "play_action: Gift of Time", "pass")
    assert whose(s) == "P2"
    play(s, "pass", "pass")
    assert [who for _, who in turns(s)] == ["P1", "P2", "P2", "P3"]


def test_undo_inside_an_extra_turn_keeps_the_order_to_come():
    s = given(PROGRAM, players=3, hands={0: ["Time Walk", "Rock"]}, deck_cards=ROCKS)
    play(s, "play_action: Time Walk", "pass", "play_thing: Rock")
    assert s.undo()
    play(s, "pass")
    assert [who for _, who in turns(s)] == ["P1", "P1", "P2"]


def test_a_skipped_turn_can_be_an_extra_one():
    s = given(PROGRAM, players=2, hands={0: ["Empty Gift"]}, deck_cards=ROCKS)
    play(s, "play_action: Empty Gift", "pass")
    # P2's extra turn is the one skipped; their regular turn comes next
    assert whose(s) == "P2"
    assert [who for _, who in turns(s)] == ["P1", "P2"]
    assert "P2's turn is skipped" in [e.text for e in s.game.log]


SIDES = DECK.replace('override players 2 to 4', '''override players 2 to 4
side red: players 1 to 2
side blue: players 1 to 2
turn order by side''')
SIDED = load_text(SIDES, "sides.deck")


def test_by_side_the_sides_take_turns_and_a_sides_players_take_its_turns_in_turn():
    s = given(SIDED, players=3, deck_cards=ROCKS)
    assert [p.side for p in s.state.players] == ["red", "blue", "red"]
    play(s, *["pass"] * 5)
    assert [who for _, who in turns(s)] == ["P1", "P2", "P3", "P2", "P1", "P2"]


def test_by_side_each_player_in_turn_goes_the_way_the_sides_turns_go():
    # Red P1 and P3 against blue P2: the turns go P1, P2, P3, P2, P1. "Each player in
    # turn from you" is the order the turns would take from yours, each player once.
    s = given(SIDED, players=3, hands={0: ["Roll Call"], 1: ["Roll Call", "Roll Call"],
                                       2: ["Roll Call"]}, deck_cards=ROCKS)
    play(s, "play_action: Roll Call", "pass")         # P1: red, blue, then red's other
    assert roll(s) == ["P1", "P2", "P3"]
    play(s, "play_action: Roll Call", "pass")         # P2: P3 is red's next
    assert roll(s)[3:] == ["P2", "P3", "P1"]
    play(s, "play_action: Roll Call", "pass")         # P3: blue, then red's next is P1
    assert roll(s)[6:] == ["P3", "P2", "P1"]
    play(s, "play_action: Roll Call")                 # P2 again: red's next is now P1
    assert roll(s)[9:] == ["P2", "P1", "P3"]


THREE_SIDES = DECK.replace('override players 2 to 4', '''override players 2 to 4
side red: players 1 to 2
side blue
side green
turn order by side''')


def test_by_side_a_reversed_order_reverses_the_sides_and_each_sides_players():
    s = given(load_text(THREE_SIDES, "sides.deck"), players=4, hands={0: ["U-Turn"]},
              deck_cards=ROCKS)
    assert [p.side for p in s.state.players] == ["red", "blue", "green", "red"]
    play(s, "play_action: U-Turn", "pass", "pass", "pass", "pass")
    # green, blue, then red's other player, then green again
    assert [who for _, who in turns(s)] == ["P1", "P3", "P2", "P4", "P3"]


def test_the_checker_says_what_an_extra_turn_needs():
    import pytest
    from deckwright.dsl.errors import DeckError
    bad = DECK + '\ncard "Oops": Action {\n  text "?"\n  effect { extra turn for 3 }\n}\n'
    with pytest.raises(DeckError) as err:
        load_text(bad, "bad.deck")
    line = bad[:bad.index("extra turn for 3")].count("\n") + 1
    assert str(err.value).splitlines()[0] == (
        f"bad.deck:{line}:27: error: who takes the extra turn must be a player or players, "
        f"not a number")


def test_turn_order_cards_are_explained_in_english():
    from deckwright.dsl.explain import explain_card
    assert explain_card(PROGRAM, "Time Walk") == "Take an extra turn after this one."
    assert explain_card(PROGRAM, "U-Turn") == "Reverse the turn order."
    assert explain_card(PROGRAM, "Empty Gift") == (
        "Next player of you takes an extra turn after this one and next player of you skips "
        "their next turn.")
