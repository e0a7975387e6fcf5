"""The step budget bounds an action's work, not only its loop passes: each element a
selector, a membership test, a `say` or a statement looks at is a step too
(docs/language.md §17), so no step can hide unbounded work. Each overrun is the budget's
error at the statement that ran out, and the game is as it was before the action.
"""
import pytest

from deckwright.dsl.agents import make_bot
from deckwright.dsl.engine import Game
from deckwright.dsl.errors import EngineError
from test_game_limits import played, refused

MANY = '    create 5000 "Filler" in your area\n'      # five thousand cards in play


def go(*lines: str) -> str:
    return 'card "Go": Action {\n  effect {\n' + "".join(lines) + "  }\n}\n"


def over(at: str) -> str:
    return (f"step budget of 200000 exceeded at scenario.deck:{at} (an effect or trigger "
            "loops without end)\n  chain: move play_action → Go")


def test_a_selector_in_a_loop_pays_for_every_card_it_looks_at():
    # Before, each pass was one step whatever it looked at: 21 s a play with 9,000 cards.
    assert refused(go(MANY, '    while true { let n = count (cards where it.name == "x") }\n')) \
        == over("7:18")


def test_a_selector_inside_a_where_is_stopped_within_the_one_statement():
    # 5,000 cards each looking at 5,000: 25 million looks in one `let`, no loop of its own.
    assert refused(go(MANY, '    let n = count (cards where count (cards where it.name == '
                            '"x") > 0)\n')) == over("7:5")


def test_a_membership_test_pays_for_the_list_it_looks_through():
    assert refused(go(MANY, "    let w = cards in your area\n",
                      "    while true { if this is in w { pass } }\n")) == over("8:18")


def test_a_where_testing_membership_pays_for_each_card_times_the_list():
    # Listed once before the selector's loop; each card's test looks through it again.
    assert refused(go(MANY, "    let w = cards in your area\n",
                      "    let n = count (cards where it is in w)\n")) == over("8:5")


def test_each_card_a_statement_moves_is_a_step():
    assert refused(go('    create 5000 "Filler" in your hand\n',
                      "    while true {\n      move cards in your hand to discard_pile\n"
                      "      move cards in discard_pile to your hand\n    }\n")) == over("9:7")


def test_each_number_a_range_makes_is_a_step():
    assert refused(go("    while true { let r = range(1, 1000) }\n")) == over("6:18")


def test_lasting_effects_looked_through_by_a_property_read_are_steps():
    assert refused('property cost = 1\n' + go(
        "    repeat 50000 { until end of turn static modify cost by 1 for this }\n",
        "    while true { let n = this.cost }\n")) == (
        "step budget of 200000 exceeded finding the static effects in force (50,000 lasting "
        "effects, 0 cards in play)\n  chain: move play_action → Go")


@pytest.mark.parametrize("log", [True, False])
def test_a_said_list_costs_the_same_with_or_without_the_log(log):
    # What a step costs never depends on the log: a game played quickly by bots stops
    # where the same game in the REPL stops.
    s = played(go(MANY, "    let w = cards in your area\n", '    while true { say "{w}" }\n'))
    game = Game(s.program, seed=1, players=2, arrange=s.game.arrange, log=log,
                agents=[make_bot("random", 1), make_bot("random", 2)])
    with pytest.raises(EngineError) as caught:
        game.run()
    assert str(caught.value) == over("8:18")


def test_work_within_the_budget_is_done():
    s = played(go('    create 50 "Filler" in your area\n',
                  '    repeat 100 { let n = count (cards where it.name == "Filler") }\n',
                  "    v = count cards in your area\n"))
    s.apply("play_action: Go")
    assert s.state.globals["v"] == 50
    assert s.game.steps < 20_000             # 100 passes, each of about 60 cards in play


def test_a_parameter_asked_between_actions_spends_no_actions_budget():
    s = played('static modify hand_size by count (cards where it.name == "Filler")\n' + go(
        '    create 5000 "Filler" in your area\n'))
    s.apply("play_action: Go")
    steps = s.game.steps
    for _ in range(100):                     # a display asking 100 times: 500,000 looks
        s.game.param("hand_size", s.state.players[0])
    assert s.game.steps == steps


def test_big_lists_kept_in_lets_are_paid_for_as_they_are_made():
    # Locals are not among what the game holds (they go when the action ends); 20,000
    # `let`s of range(1, 1000) in one action once took 700 MB. Each number is a step.
    lets = [f"    let a{i} = range(1, 1000)\n" for i in range(300)]
    assert refused(go(*lets)) == over("205:5")


def test_an_except_of_a_collection_pays_for_it_at_every_candidate():
    assert refused(go(MANY, "    let w = cards in your area\n",
                      "    let n = count (cards except w)\n")) == over("8:5")
