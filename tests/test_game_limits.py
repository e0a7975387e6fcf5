"""A running game cannot be made to eat the machine: cards, values and recursion have
limits (docs/language.md §17), each a clean error with the deck position, after which the
game is as it was before the action. And a game whose players are all gone ends.
"""
import pytest

from deckwright.dsl.errors import EngineError
from deckwright.dsl.limits import MAX_HELD_VALUES, MAX_VALUE_DEPTH
from scenario import all_pass, given, play

BASE = 'game "Limits" extends "dvorak"\nvar v = 0\ncard "Filler": Thing { text "-" }\n'


def played(card_text: str, card: str = "Go", players: int = 2):
    """A game whose seat 0 holds the Action ``card`` (defined by ``card_text``)."""
    s = given(BASE + card_text, players=players, hands={0: [card]},
              deck_cards=["Filler"] * 10, check=False)
    return s


def refused(card_text: str, card: str = "Go") -> str:
    """The error of playing ``card``, after checking that the game is unchanged."""
    s = played(card_text, card)
    before = s.state.state_hash()
    with pytest.raises(EngineError) as caught:
        s.apply(f"play_action: {card}")
    assert s.state.state_hash() == before
    assert f"play_action: {card}" in s.legal()
    return str(caught.value)


def test_creating_a_billion_cards_stops_at_the_card_limit_and_is_undone():
    assert refused('card "Big": Thing\ncard "Go": Action {\n'
                   '  effect { create 1000000000 "Big" in your area }\n}\n') == (
        "a game may hold at most 10,000 cards: `create` at scenario.deck:6:12 would make more"
        "\n  chain: move play_action → Go")


def test_creating_the_library_again_and_again_stops_at_the_card_limit():
    assert refused('card "Many": Thing x 3000\ncard "Go": Action {\n'
                   '  effect { repeat 5 { create library in deck } }\n}\n') == (
        "a game may hold at most 10,000 cards: `create library` at scenario.deck:6:23 would "
        "make more\n  chain: move play_action → Go")


def test_the_token_limit_names_the_create_too():
    assert refused('token "T": Thing\ncard "Go": Action {\n'
                   '  effect { create 5000 "T" in your area }\n}\n').startswith(
        "more than 1,000 tokens in play: `create` at scenario.deck:6:12 would make another\n")


def test_a_list_doubled_in_a_loop_stops_at_the_value_size_limit():
    # Shared, so cheap in memory, but 2**150000 elements to anything that walks it.
    assert refused('card "Go": Action {\n  effect { repeat 150000 { v = [v, v] } }\n}\n') == (
        "a value of more than 10,000 elements at scenario.deck:5:32 (inner lists' elements "
        "counted)\n  chain: move play_action → Go")


def test_a_list_nested_deeper_and_deeper_stops_at_the_depth_limit():
    assert refused('card "Go": Action {\n  effect { repeat 100000 { v = [v] } }\n}\n') == (
        f"a value nested more than {MAX_VALUE_DEPTH} lists deep at scenario.deck:5:32"
        "\n  chain: move play_action → Go")


def test_a_local_list_is_held_to_the_same_limits():
    assert refused('card "Go": Action {\n  effect {\n    let w = 0\n'
                   '    repeat 100 { w = [w, w, w] }\n  }\n}\n').startswith(
        "a value of more than 10,000 elements at scenario.deck:7:22")


def test_events_kept_inside_events_count_as_nesting():
    text = ('action wrap(x) { pass }\nwhen wrap { v = event }\ncard "Go": Action {\n'
            '  effect { repeat 30 { wrap(v) } }\n}\n')
    assert refused(text).startswith(
        f"a value nested more than {MAX_VALUE_DEPTH} lists deep at scenario.deck:5:13\n")


def test_values_within_the_limits_are_kept():
    s = played('card "Go": Action {\n  effect {\n'
               f'    repeat {MAX_VALUE_DEPTH - 1} {{ v = [v] }}\n'
               '    let w = [range(1, 1000), range(1, 1000), range(1, 1000)]\n  }\n}\n')
    play(s, "play_action: Go")
    v, depth = s.state.globals["v"], 1
    while isinstance(v[0], list):
        v, depth = v[0], depth + 1
    assert depth == MAX_VALUE_DEPTH - 1


NINE = "[" + ", ".join(["range(1, 1000)"] * 9) + "]"       # 9,009 values


def hoard(n: int) -> str:
    """Variables w0... and the card "Go" that sets each of them to `range(1, 1000)`:
    1,000 values each, so 100 fit. (Each number made is a step of the budget, so one
    action makes at most 200,000 of them: nine lists of them in each, fewer would fit.)"""
    return "".join(f"var w{i} = 0\n" for i in range(n)) + 'card "Go": Action {\n  effect {\n' + \
        "".join(f"    w{i} = range(1, 1000)\n" for i in range(n)) + "  }\n}\n"


def test_variables_holding_more_than_the_game_may_hold_stop_at_the_limit_and_are_undone():
    # The review's deck had 3,000 variables each set to NINE: a gigabyte, and no error.
    assert refused(hoard(101)) == (
        f"the game holds more than {MAX_HELD_VALUES:,} values at scenario.deck:207:5 (the "
        "elements of its variables' lists and its lasting effects)"
        "\n  chain: move play_action → Go")


def test_a_list_a_variable_no_longer_holds_is_not_counted():
    # 120 lists of 1,000, each replaced by a number before the next: one at a time.
    s = played("".join(f"var w{i} = 0\n" for i in range(120)) + 'card "Go": Action {\n'
               '  effect {\n' + "".join(f"    w{i} = range(1, 1000)\n    w{i} = {i}\n"
                                         for i in range(120)) + "  }\n}\n")
    play(s, "play_action: Go")
    assert [s.state.globals[f"w{i}"] for i in range(120)] == list(range(120))
    assert s.state.held < MAX_HELD_VALUES


def test_a_variable_given_a_new_list_counts_only_the_new_one():
    s = played(f'card "Go": Action {{\n  effect {{ repeat 3 {{ v = {NINE} }} }}\n}}\n')
    play(s, "play_action: Go")
    assert s.state.held == 9009             # nine lists and their 9,000 numbers


def test_a_players_list_is_counted_for_that_player():
    s = given(BASE + 'var hoard = 0: per player\ncard "Go": Action {\n'
              '  effect { set hoard of first(opponents) to range(1, 1000) }\n}\n',
              hands={0: ["Go"]}, deck_cards=["Filler"] * 10)
    play(s, "play_action: Go")
    assert (s.state.held, s.state.players[1].sizes) == (1000, {"hoard": 1000})


def test_what_an_undone_action_stored_is_held_no_more():
    s = given(BASE + hoard(99), hands={0: ["Go"]}, deck_cards=["Filler"] * 10)
    play(s, "play_action: Go")
    assert s.state.held == 99 * 1000
    assert s.undo()
    assert s.state.held == 0
    play(s, "play_action: Go")              # 99,000 again, not twice that


def test_variables_that_start_with_more_than_the_game_may_hold_are_an_error_at_the_start():
    lists = "".join(f"var w{i} = range(1, 1000): per player\n" for i in range(20))
    with pytest.raises(EngineError) as caught:
        given(BASE + lists, players=6, check=False)
    assert str(caught.value) == (      # 6 × 17 lists of 1,000: w16 passes the limit
        f"the game holds more than {MAX_HELD_VALUES:,} values at scenario.deck:20:1 (the "
        "elements of its variables' lists and its lasting effects)")


def test_lasting_effects_count_among_what_a_game_holds():
    assert refused('card "Go": Action {\n'
                   '  effect { repeat 150000 { static modify hand_size by 1 } }\n}\n') == (
        f"the game holds more than {MAX_HELD_VALUES:,} values at scenario.deck:5:28 (the "
        "elements of its variables' lists and its lasting effects)"
        "\n  chain: move play_action → Go")


def test_an_action_calling_itself_is_named_with_its_position_and_the_chain():
    assert refused('action boom(n) { boom(n) }\ncard "Go": Action {\n'
                   '  effect { boom(1) }\n}\n') == (
        "effects nested too deeply at scenario.deck:4:1: `boom` keeps calling itself"
        "\n  chain: move play_action → play → Go → boom → boom")


def test_actions_calling_each_other_are_named_in_their_order():
    assert refused('action ping(n) { pong(n) }\naction pong(n) { ping(n) }\n'
                   'card "Go": Action {\n  effect { ping(1) }\n}\n') == (
        "effects nested too deeply at scenario.deck:4:1: `ping` → `pong` → `ping` keep "
        "calling each other\n  chain: move play_action → play → Go → ping → pong → ping")


# A trigger loop is stopped at its 41st event, at the rule that loops, and the chain
# names that rule once with the number of its turns (issue 12 item 4).

def test_a_rule_that_sets_itself_off_is_named_at_its_position_once_with_a_count():
    assert refused('resource coins\nwhen gain where event.resource == "coins" { gain 1 coins }\n'
                   'card "Go": Action {\n  effect { gain 1 coins }\n}\n') == (
        "more than 40 events nested inside each other at scenario.deck:5:1 (a trigger loop)"
        "\n  chain: move play_action → Go → rule at scenario.deck:5:1 (40 times)")


def test_two_rules_setting_each_other_off_are_named_as_one_turn_of_the_loop():
    assert refused('resource a\nresource b\nwhen gain where event.resource == "a" { gain 1 b }\n'
                   'when gain where event.resource == "b" { gain 1 a }\n'
                   'card "Go": Action {\n  effect { gain 1 a }\n}\n') == (
        "more than 40 events nested inside each other at scenario.deck:6:1 (a trigger loop)"
        "\n  chain: move play_action → Go → [rule at scenario.deck:6:1 → rule at "
        "scenario.deck:7:1] (20 times)")


def test_a_cards_trigger_loop_is_at_the_trigger_in_the_card():
    assert refused('resource coins\ncard "Bellows": Thing {\n  text "Whenever you gain a coin, '
                   'gain a coin."\n  when gain where event.resource == "coins" { gain 1 coins }\n'
                   '}\ncard "Go": Action {\n  effect { create 1 "Bellows" in your area; gain 1 '
                   'coins }\n}\n') == (
        "more than 40 events nested inside each other at scenario.deck:7:3 (a trigger loop)"
        "\n  chain: move play_action → Go → Bellows (40 times)")


def test_an_instead_that_replaces_itself_is_at_its_static():
    assert refused('resource coins\nstatic instead gain where event.resource == "coins" '
                   '{ gain 1 coins }\ncard "Go": Action {\n  effect { gain 1 coins }\n}\n') == (
        "more than 40 events nested inside each other at scenario.deck:5:8 (a trigger loop)"
        "\n  chain: move play_action → Go → rule at scenario.deck:5:8 (40 times)")


def test_the_trigger_loop_of_a_bot_game_is_placed_for_sim_and_lint(tmp_path, capsys):
    from deckwright.dsl.cli import main
    deck = tmp_path / "storm.deck"
    deck.write_text('game "Storm" extends "dvorak"\nresource coins\n'
                    'when gain where event.resource == "coins" { gain 1 coins }\n'
                    'card "Spark": Action x 40 {\n  text "Gain a coin."\n'
                    '  effect { gain 1 coins }\n}\n')
    assert main(["sim", str(deck), "--games", "1"]) == 1
    assert capsys.readouterr().err == (
        f"game 0: more than 40 events nested inside each other at {deck}:3:1 (a trigger loop)\n"
        f"  chain: move play_action → Spark → rule at {deck}:3:1 (40 times)\n"
        f"  reproduce: deckwright sim {deck} --seed 0 --game 0 --players 2 --bots random\n")
    assert main(["lint", str(deck), "--sim", "1", "--select", "sim-error"]) == 1
    assert capsys.readouterr().out.startswith(
        f"{deck}:3:1: error[sim-error]: game 0 failed: more than 40 events nested inside each "
        f"other (a trigger loop)\n    3 | when gain")


# ----------------------------------------------------------------------------------
# Elimination
# ----------------------------------------------------------------------------------

def test_when_every_player_is_eliminated_the_game_ends_in_a_draw():
    s = played('card "Go": Action {\n  effect { eliminate players }\n}\n')
    play(s, "play_action: Go")
    assert (s.state.result["draw"], s.state.result["reason"]) == (
        True, "every player is eliminated")
    assert s.legal() == []


def test_a_player_who_eliminates_themselves_is_offered_no_more_moves():
    s = given(BASE + 'card "Go": Action {\n  effect { eliminate you }\n}\n', players=3,
              hands={0: ["Go", "Filler"]}, deck_cards=["Filler"] * 20, check=False)
    play(s, "play_action: Go")
    assert s.decision.player.index == 1          # the next seat's turn, not more of seat 0's
    assert not s.state.players[0].alive


OUT_OF_THE_GAME = 'game "Out" extends "example"\n' + '''
card "Resign": Action x 6 {
  text "You are out of the game."
  effect { eliminate you }
}
card "Hourglass": Thing {
  text "At the start of your turn, if you hold more than five cards, you are out."
  when turn_start where event.player == this.controller and count cards in your hand > 5 {
    eliminate this.controller
  }
}
when turn_end { say "the turn is over" }
'''


def test_a_player_eliminated_in_their_own_turn_plays_no_more_of_it():
    assert all_pass('''
        scenario "Out by their own card: no more moves, no discarding, the next player's turn" {
          given {
            players 3
            hand of P1: "Resign", "Windmill" x 6
            deck top: "Wrench", "Heist"
          }
          when { P1 chooses "play_action: Resign" }
          then {
            P1 is eliminated
            hand of P1 has 7 cards  # the end phase's discarding is not theirs to do
            log does not say "Discard down"
            log says "the turn is over"  # the turn's end is as any turn's
            P2 is asked "your move"
            hand of P2 has 1 cards  # P2's turn began with its draw
          }
        }

        scenario "Out by a rule at the start of their turn: none of the turn is played" {
          given {
            players 3
            area of P1: "Hourglass"
            hand of P1: "Windmill" x 6
            deck top: "Wrench", "Heist"
          }
          then {
            P1 is eliminated
            hand of P1 has 6 cards  # no draw, no discarding
            P2 is asked "your move"
            hand of P2 has 1 cards
          }
        }
    ''', OUT_OF_THE_GAME)


def test_eval_eliminate_you_in_the_repl_ends_your_turn_there():
    from deckwright.repl.commands import Processor
    proc = Processor("example", seed=1, players=3)
    assert proc.session.decision.player.index == 0
    text = proc.execute("eval eliminate you").text()
    after = text[text.index("P1 evaluates"):]
    assert after.startswith("P1 evaluates: eliminate you\nP1 is eliminated\n— turn 4: P2 —\n")
    assert "P1 chooses" not in after             # nor "Discard down to your hand size"
    assert after.endswith("game over: P2 wins (12 gears)")   # the bots play on to the end


def test_bots_are_not_asked_for_a_player_out_in_their_own_turn():
    from deckwright.dsl.agents import RandomAgent
    from deckwright.dsl.engine import Game
    from scenario import program

    class Watchful(RandomAgent):
        def pick(self, n, kind, lo=1, hi=1):
            me = game.state.players[self.seat]
            assert me.alive or me is not game.turn_of, "an out player was asked"
            return super().pick(n, kind, lo, hi)

    deck = program(OUT_OF_THE_GAME)
    for seed in range(20):
        agents = [Watchful(seed * 3 + k) for k in range(3)]
        for k, a in enumerate(agents):
            a.seat = k
        game = Game(deck, seed=seed, players=3, agents=agents, log=False)
        game.run()
        assert not all(p.alive for p in game.state.players)     # someone resigned


# ----------------------------------------------------------------------------------
# Found by the abuse harness (a mutant of Urban Dead)
# ----------------------------------------------------------------------------------

def test_a_property_of_no_card_in_arithmetic_is_an_error_not_a_type_error():
    assert refused('property cost = 1\nresource coins\ncard "Go": Action {\n'
                   '  effect { gain (top(discard_pile).cost + 1) coins }\n}\n') == (
        "`none` used as a number in arithmetic (a property of no card, or a variable that "
        "does not hold a number)\n  chain: move play_action → Go")


def test_a_property_read_of_a_player_in_arithmetic_is_an_error_at_its_position():
    assert refused('property cost = 1\nresource coins\ncard "Go": Action {\n'
                   '  effect {\n    v = first(players)\n    gain (cost of v + 1) coins\n  }\n}\n'
                   ) == ("the left side of `+` must be a number, not `none` (at scenario.deck:9:11)"
                         "\n  chain: move play_action → Go")


def test_eval_of_a_billion_cards_in_the_repl_is_an_error_at_the_typed_text_and_undone():
    from deckwright.repl.commands import Processor
    proc = Processor("example", seed=1)
    before = proc.game.state.state_hash()
    out = proc.execute('eval create 1000000000 "Windmill" in your area')
    assert out.text() == ("error: a game may hold at most 10,000 cards: `create` at "
                          "<eval>:1:1 would make more\n  chain: eval")
    assert proc.game.state.state_hash() == before
    out = proc.execute("eval draw 1\n  while true { pass }")
    assert out.text().startswith("error: step budget of 200000 exceeded at <eval>:2:3 ")


def test_counters_on_something_that_is_not_a_card_are_an_error_at_its_position():
    # From a mutant of Urban Dead: `extra on c.health`, c an action's parameter.
    assert refused('counter extra\nproperty health = 3\nresource coins\n'
                   'action heal(c) { gain (extra on c.health + 1) coins }\n'
                   'card "Go": Action {\n  effect { heal(this) }\n}\n') == (
        "where counters are counted must be a card or `none`, not the number 3 "
        "(at scenario.deck:7:33)\n  chain: move play_action → Go")


# ----------------------------------------------------------------------------------
# The log of a runaway loop: the step budget stops it; the log keeps only so much
# ----------------------------------------------------------------------------------

def test_drawing_a_billion_with_the_log_on_is_stopped_by_the_budget_and_undone():
    s = played('card "Go": Action {\n  effect { draw 1000000000 }\n}\n')
    before, lines = s.state.state_hash(), list(s.game.log)
    with pytest.raises(EngineError) as caught:
        s.apply("play_action: Go")
    assert str(caught.value) == (
        "step budget of 200000 exceeded at decks/dvorak.deck:47:35 (an effect or trigger "
        "loops without end)\n  chain: move play_action → Go")
    assert s.state.state_hash() == before
    assert s.game.log == lines                   # the log is as it was, too
    assert "play_action: Go" in s.legal()


def test_a_log_keeps_its_limit_of_lines_per_action_and_counts_the_rest_in_one_line():
    from deckwright.dsl.agents import make_bot
    from deckwright.dsl.engine import Game
    from deckwright.dsl.limits import MAX_LOG_LINES
    s = played('card "Go": Action {\n  effect { draw 1000000000 }\n}\n')
    game = Game(s.program, seed=1, players=2, arrange=s.game.arrange,
                agents=[make_bot("random", 1), make_bot("random", 2)])
    with pytest.raises(EngineError):
        game.run()                            # a game that runs keeps its log as it stops
    last = [e.text for e in game.log[-2:]]
    assert last == ["deck shuffled", "… 98,005 more lines not kept (the log keeps 2,000 lines "
                                     "between two decisions)"]
    assert sum(e.text == "deck shuffled" for e in game.log) <= MAX_LOG_LINES


def test_after_a_long_action_the_next_decision_is_logged_again():
    s = played('card "Go": Action {\n  effect { repeat 2500 { shuffle deck } }\n}\n')
    s.apply("play_action: Go")
    texts = [e.text for e in s.game.log]
    cut = texts.index("… 503 more lines not kept (the log keeps 2,000 lines between two "
                      "decisions)")
    assert texts[cut - 1] == "deck shuffled"
    s.apply("pass")
    assert s.game.log[cut + 1].text == "P1 chooses pass — your move"
    assert s.game.log[cut].text == texts[cut]          # the count stays the action's


def test_moves_past_the_log_limit_are_counted_too():
    # From a mutant of Urban Dead: a selection loop moving cards 400,000 times.
    s = played('card "Go": Action {\n  effect {\n    repeat 1500 {\n'
               '      move top(deck) to discard_pile\n      move top(discard_pile) to deck\n'
               '    }\n  }\n}\n')
    s.apply("play_action: Go")
    texts = [e.text for e in s.game.log]
    assert "… 1,003 more lines not kept (the log keeps 2,000 lines between two decisions)" \
        in texts                   # 3,000 moves, the choice and Go's two: 3,003 lines
    assert texts.count("Filler: deck → discard_pile") + \
        texts.count("Filler: discard_pile → deck") == 1998
