"""Search bots through OpenSpiel: every bundled game passes OpenSpiel's own conformance
checks as an OpenSpiel game, a seat's information state shows only what it may read, and
`mcts` / `ismcts` play in `sim` by name and budget.

OpenSpiel is an optional extra (``deckwright[search]``): without it these tests skip, but
for the ones about what a user without it is told."""
import pytest

from deckwright.dsl import search
from deckwright.dsl.agents import check_bot, make_bot, parse_bot
from deckwright.dsl.errors import EngineError
from deckwright.dsl.loader import bundled_games, load_program

GAMES = sorted(name for name, why in bundled_games().items() if why is None)


# --- names and budgets (no OpenSpiel needed) ----------------------------------------------

@pytest.mark.parametrize("name, parsed", [
    ("mcts:200", ("mcts", 200)), ("ismcts:5", ("ismcts", 5)), ("mcts", ("mcts", None)),
    ("random", ("random", None)),
])
def test_a_bot_is_named_with_its_budget(name, parsed):
    assert parse_bot(name) == parsed


@pytest.mark.parametrize("name, message", [
    ("mcts:lots", "the budget in `mcts:lots` must be a whole number of simulations, 1 or more"),
    ("mcts:0", "the budget in `mcts:0` must be a whole number of simulations, 1 or more"),
    ("random:5", "bot `random` takes no budget (only mcts, ismcts do: `mcts:200`)"),
    ("deep", "unknown bot `deep`; bots: random, first, greedy, mcts, ismcts"),
])
def test_a_bad_bot_name_says_what_is_wrong(name, message):
    assert check_bot(name) == message
    with pytest.raises(EngineError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        make_bot(name, 0)


def test_without_openspiel_a_search_bot_says_how_to_install_it(monkeypatch):
    monkeypatch.setattr(search, "available", lambda: False)
    assert check_bot("mcts:200") == ("the search bots need OpenSpiel, an optional extra: "
                                     "pip install 'deckwright[search]' (or: pip install "
                                     "open-spiel)")


def test_the_cli_refuses_a_budget_for_a_bot_that_does_not_search(capsys):
    from deckwright.dsl.cli import main
    with pytest.raises(SystemExit):
        main(["sim", "example", "--bots", "greedy:3"])
    assert "bot 'greedy' takes no budget (only mcts, ismcts do: mcts:200)" in capsys.readouterr().err


# --- the OpenSpiel game ---------------------------------------------------------------------

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (deckwright[search]) is not installed")
from deckwright.dsl.search import spiel  # noqa: E402
# The module, not its class: pytest would collect OpenSpiel's own test class as ours.
from open_spiel.python.tests import games_sim_test as openspiel_sim  # noqa: E402


def spiel_game(deck: str, **params):
    return pyspiel.load_game("deckwright", {"deck": deck, **params})


@pytest.mark.parametrize("deck", GAMES)
def test_openspiel_random_simulation_conformance(deck):
    """OpenSpiel's C++ checks (legal actions, chance, clones, unique action strings,
    returns at the end), with its serialisation round trip; short games (a turn limit)."""
    pyspiel.random_sim_test(spiel_game(deck, max_turns=8), num_sims=1, serialize=True,
                            verbose=False)


@pytest.mark.parametrize("deck", GAMES)
def test_openspiel_python_simulation_clones_and_serialises(deck):
    """OpenSpiel's Python sim test: a clone reads the same and plays the same; the state
    round-trips through OpenSpiel's serialisation and through pickle."""
    checks = openspiel_sim.GamesSimTest("test_pig")      # any of its methods: for its asserts
    checks.sim_game(spiel_game(deck, max_turns=8))


def dealt(deck: str, seed: int = 3):
    state = spiel_game(deck).new_initial_state()
    state.apply_action(seed)
    return state


def test_a_seat_reads_its_own_hand_and_not_the_others():
    state = dealt("dueling_runes")
    g = state.engine
    hand = {p.index: g.state.zones[f"hand:{p.index}"] for p in g.state.players}
    mine, theirs = state.information_state_string(0), state.information_state_string(1)
    assert f"hand:0: {', '.join(c.name for c in hand[0].cards)}" in mine
    assert f"hand:1: ? x{len(hand[1].cards)}" in mine
    assert f"hand:0: ? x{len(hand[0].cards)}" in theirs


def test_the_game_ends_with_returns_to_winners_and_losers():
    import random
    state = dealt("example")
    pick = random.Random(1)
    while not state.is_terminal():
        state.apply_action(pick.choice(state.legal_actions()))
    result = state.engine.state.result
    assert state.returns() == [1.0 if p.name in result["winners"] else -1.0
                               for p in state.engine.state.players]


def test_a_dealt_world_reads_the_same_to_the_seat_and_changes_what_it_cannot_see():
    from deckwright.dsl.rng import Rng
    state = dealt("dueling_runes")
    g = state.engine
    rng = Rng(4)
    worlds = [spiel.determinize(g, 0, rng)[0] for _ in range(5)]
    assert {spiel.table_text(w, w.state.players[0]) for w in worlds} == \
        {spiel.table_text(g, g.state.players[0])}
    theirs = {tuple(c.name for c in w.state.zones["hand:1"].cards) for w in worlds}
    assert len(theirs) > 1
    assert [c.name for c in g.state.zones["hand:1"].cards] == \
        [c.name for c in state.engine.state.zones["hand:1"].cards]      # the game untouched


def test_a_copy_of_a_dealt_world_is_that_world():
    import copy
    from deckwright.dsl.rng import Rng
    g = dealt("dueling_runes").engine
    world, deal = spiel.determinize(g, 0, Rng(4))
    state = spiel_game("dueling_runes").state_of(world, deal)
    again = state.clone()
    assert spiel.table_text(again.engine, None) == spiel.table_text(world, None)
    assert spiel.table_text(copy.deepcopy(state._live).game, None) == spiel.table_text(world, None)


# --- the bots -------------------------------------------------------------------------------

def test_mcts_plays_a_whole_simulated_run_by_name_and_budget():
    from deckwright.dsl.sim import simulate
    report = simulate(load_program("example"), games=2, bots=["mcts:8", "random"])
    assert (report["games"], report["finished"], report["errors"]) == (2, 2, 0)


@pytest.mark.parametrize("bot", ["mcts:6", "ismcts:6"])
def test_a_search_bot_game_is_reproduced_by_its_seeds(bot):
    from deckwright.dsl.sim import play_one
    program = load_program("example")
    first = play_one(program, 5, 0, 2, [bot, "random"])
    again = play_one(program, 5, 0, 2, [bot, "random"])
    assert first.decisions == again.decisions


def test_mcts_beats_random_in_the_example_game():
    from deckwright.dsl.sim import play_one
    program = load_program("example")
    wins = sum("P1" in play_one(program, 0, i, 2, ["mcts:30", "random"]).state.result["winners"]
               for i in range(4))
    assert wins >= 3


def test_a_score_counts_1_to_a_player_s_standing_and_worth_says_what_another_counts():
    from deckwright.dsl.loader import load_text
    from deckwright.dsl.search.bots import standing_resources
    program = load_text('game "W"\nresource vp: start 0, score\n'
                        'resource health: start 10, worth 2\nresource poison: start 0, worth -1\n'
                        'resource coins: start 0\nturn { pass }\n')
    assert standing_resources(program) == (("vp", 1), ("health", 2), ("poison", -1))
    assert standing_resources(load_program("dueling_runes")) == (("health", 1),)
    assert standing_resources(load_program("urban_dead")) == ()


def test_a_game_cut_short_is_valued_by_each_seat_s_standing_against_the_best_other():
    from deckwright.dsl.engine import Game
    from deckwright.dsl.search.bots import standing
    g = Game(load_program("dueling_runes"), seed=1, players=3, log=False)
    for p, health in zip(g.state.players, (9, 3, 9)):
        p.res["health"] = health
    assert standing(g, (("health", 1),)) == [0.0, -0.5, 0.0]
    g.state.players[2].res["health"] = 0
    assert standing(g, (("health", 1),)) == [0.5, -0.5, -1.0]


def test_a_playout_of_a_deck_with_scores_is_cut_after_two_turns_and_valued_by_them():
    from deckwright.dsl.rng import Rng
    from deckwright.dsl.search.bots import SCORED_ROLLOUT_TURNS, PlayoutEvaluator
    state = dealt("dueling_runes")
    start = state.engine.state.turn
    value = PlayoutEvaluator(Rng(4), SCORED_ROLLOUT_TURNS, True).evaluate(state)
    g = state.engine
    assert g.state.result["reason"] == "turn limit"
    assert g.state.turn == start + SCORED_ROLLOUT_TURNS
    health = [p.res["health"] for p in g.state.players]
    assert health == [12, 11]                          # the seed was chosen for this
    lead = (health[0] - health[1]) / (health[0] + health[1])
    assert list(value) == [lead, -lead]


def test_a_playout_of_a_deck_without_scores_cut_short_is_a_draw():
    from deckwright.dsl.rng import Rng
    from deckwright.dsl.search.bots import PlayoutEvaluator
    state = dealt("dueling_runes")
    value = PlayoutEvaluator(Rng(2), 2, False).evaluate(state)
    assert state.engine.state.result["reason"] == "turn limit"
    assert list(value) == [0.0, 0.0]


def test_the_repl_seats_a_search_bot_by_name_and_budget():
    from deckwright.repl.commands import Processor
    proc = Processor("example", seed=5)
    assert proc.execute("bot P2 mcts:3").ok
    assert proc.execute("bot P1 ismcts:3").ok           # both seats: it plays to the end
    assert proc.session.is_over
    refused = proc.execute("bot P2 mcts:many")
    assert not refused.ok and refused.text() == (
        "error: the budget in `mcts:many` must be a whole number of simulations, 1 or more")


def test_a_search_bot_refuses_to_be_a_game_s_own_agent():
    from deckwright.dsl.engine import Game
    game = Game(load_program("example"), seed=1, agents=[make_bot("mcts:3", 1), make_bot("random", 2)])
    with pytest.raises(EngineError, match="searches copies of the game"):
        game.run()


def test_a_report_of_search_bot_games_counts_the_moves_made_not_the_searches():
    from deckwright.dsl.sim import simulate
    program = load_program("example")
    plain = simulate(program, games=1, seed=2, records=True)["records"][0]
    searched = simulate(program, games=1, seed=2, bots=["mcts:4", "random"],
                        records=True)["records"][0]
    assert searched["fired"] and searched["used"]
    # a search plays out hundreds of games; the record holds one game's worth
    assert sum(searched["used"].values()) < 5 * max(sum(plain["used"].values()), 10)


def test_the_search_bench_prints_its_figures():
    import subprocess
    import sys
    from pathlib import Path
    out = subprocess.run([sys.executable, "bench/search.py", "--decks", "example", "--bot",
                          "mcts:3", "--time", "2", "--games", "2", "--against", "random"],
                         cwd=Path(__file__).resolve().parent.parent, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "Tinker's Fair: mcts:3, a move" in out.stdout and "against random" in out.stdout
    assert "reproduce: python bench/search.py --decks example" in out.stdout
