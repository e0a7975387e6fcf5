"""A deck says how a player stands in a game not over (`standing EXPR`, on the game or on a
side), and the search bots value the playouts they cut short by it.

The checker's errors need no OpenSpiel; the playouts do (they skip without it)."""
import pytest

from deckwright.dsl import search
from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_program, load_text

BASE = 'game "Standing" extends "dvorak"\n'


def errors(text):
    with pytest.raises(DeckError) as err:
        load_text(BASE + text, "bad.deck")
    return err.value.render()


# --- the checker ---------------------------------------------------------------------------

def test_a_standing_must_be_a_number():
    assert errors('standing "high"\n') == (
        "bad.deck:2:10: error: a standing must be a number, not a text\n"
        '    2 | standing "high"\n'
        "      |          ^^^^^^")


def test_a_side_s_standing_must_be_a_number_too():
    assert errors('side a: players 1, standing count cards in your hand > 2\nside b\n') == (
        "bad.deck:2:29: error: a standing must be a number, not a condition (true or false)\n"
        "    2 | side a: players 1, standing count cards in your hand > 2\n"
        "      |                             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^")


def test_a_standing_draws_no_random_numbers():
    assert errors('standing count cards in your hand + random([0, 1])\n') == (
        "bad.deck:2:10: error: a standing cannot draw random numbers: it says how the table "
        "stands, however often it is read\n"
        "    2 | standing count cards in your hand + random([0, 1])\n"
        "      |          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "  hint: count what is there instead of `random` or `shuffled`")


def test_a_standing_is_read_for_a_player_not_for_a_card():
    assert errors('standing count cards attached to this\n') == (
        "bad.deck:2:34: error: `this` only means something in a card's text\n"
        "    2 | standing count cards attached to this\n"
        "      |                                  ^^^^")


def test_a_game_has_one_standing():
    found = errors('standing count cards in your hand\nstanding 0\n')
    assert found.startswith("bad.deck:3:1: error: `standing` is declared twice in this file "
                            "(also at line 2)")


def test_the_linter_reads_a_standing_as_it_reads_an_effect():
    from deckwright.dsl.lint import lint
    text = BASE + 'zone vault: per player, public\nresource gems: start 0\n' \
        'standing count cards in your vault + gems\n'
    found = [(d.code, d.pos.line, d.message)
             for d in lint("<t>", text=text, file="t.deck").diagnostics
             if d.code in ("empty-zone", "resource-never-gained")]
    assert found == [
        ("empty-zone", 4, "nothing ever puts cards into zone `vault`, so this is always empty"),
        ("resource-never-gained", 4, "nothing ever gains `gems` and it starts at 0, so it stays 0")]


# --- whose standing is which ---------------------------------------------------------------

def test_a_side_s_standing_is_read_for_its_players_and_the_game_s_for_the_others():
    from deckwright.dsl.engine import Game
    from deckwright.dsl.engine.players import standing
    program = load_text(BASE + 'resource gems: start 3, worth 7\n'
                        'side a: standing 100 + gems\nside b\nside c\n'
                        'standing count cards in your hand\n')
    g = Game(program, seed=1, players=3, log=False)
    a, b, c = g.state.players
    assert [p.side for p in (a, b, c)] == ["a", "b", "c"]
    assert standing(g, a) == 103
    assert standing(g, b) == standing(g, c) == 0            # the game's: empty hands
    assert standing(g, a, (("gems", 7),)) == 103            # a standing, not the worth


def test_a_player_with_no_standing_stands_by_the_worth_of_their_resources():
    from deckwright.dsl.engine import Game
    from deckwright.dsl.engine.players import standing
    program = load_text(BASE + 'resource gems: start 3, worth 7\n'
                        'side a: standing 100 + gems\nside b\n')
    g = Game(program, seed=1, players=2, log=False)
    a, b = g.state.players
    assert standing(g, a, (("gems", 7),)) == 103
    assert standing(g, b, (("gems", 7),)) == 21


def test_urban_dead_stands_by_the_survivors_in_the_base_and_the_zombies_they_face():
    from deckwright.dsl.engine import Game
    from deckwright.dsl.engine.players import standing
    g = Game(load_program("urban_dead"), seed=1, agents=[None, None], players=2, log=False,
             checkpoints=True, options={"starting_survivors": 2})
    g.start()                                                # set up: two Survivors rest
    survivor, zombie = g.state.players
    assert len(g.state.zones["rest:survivors"].cards) == 2
    assert standing(g, survivor) == 5 * 2                    # no barricade yet
    assert standing(g, zombie) == 0                          # no horde yet
    zombie.res["horde"], zombie.res["resting"] = 6, 1
    survivor.res["horde"] = 9                                # (never, in a game)
    assert standing(g, zombie) == 7
    assert standing(g, survivor) == 10                       # the side's own standing


def test_a_deck_weighs_a_standing_as_it_weighs_a_resource():
    from deckwright.dsl.search.bots import weighs
    assert weighs(load_text(BASE + 'standing count cards in your hand\n'))
    assert weighs(load_text(BASE + 'side a: standing 1\nside b\n'))
    assert weighs(load_program("dueling_runes"))             # health, worth 1
    assert not weighs(load_text(BASE + 'resource coins: start 0\n'))


# --- what a search reads -------------------------------------------------------------------

needs_openspiel = pytest.mark.skipif(not search.available(), reason="needs OpenSpiel")

HANDS = 'game "Hands" extends "example"\nstanding count cards in your hand\n'


def _cut_playout(program, seed=3, rng=3):
    from deckwright.dsl.rng import Rng
    from deckwright.dsl.search import spiel
    from deckwright.dsl.search.bots import SCORED_ROLLOUT_TURNS, PlayoutEvaluator, weighs
    state = spiel.DeckGame({"deck": spiel.deck_key(program)}).new_initial_state()
    state.apply_action(seed)
    value = PlayoutEvaluator(Rng(rng), SCORED_ROLLOUT_TURNS, weighs(program)).evaluate(state)
    return list(value), state.engine


@needs_openspiel
def test_a_deck_s_standing_changes_what_a_cut_playout_is_worth_and_nothing_else():
    # The example weighs its gears (a score); the same game with a standing of the cards
    # in hand plays the same playout, and values where it was cut by the hands instead.
    by_gears, g1 = _cut_playout(load_program("example"))
    by_hands, g2 = _cut_playout(load_text(HANDS, "hands.deck"))
    assert g1.state.result["reason"] == g2.state.result["reason"] == "turn limit"
    assert g1.state.state_hash() == g2.state.state_hash()     # the same rules, the same game
    gears = [p.res["gears"] for p in g1.state.players]
    hands = [len(g2.state.zones[f"hand:{p.index}"].cards) for p in g2.state.players]
    assert gears == [2, 0] and hands == [4, 5]                # the seeds were chosen for this

    def share(a, b):
        return (a - b) / (abs(a) + abs(b))
    assert by_gears == [share(*gears), share(*gears[::-1])] == [1.0, -1.0]
    assert by_hands == [share(*hands), share(*hands[::-1])] == [-1 / 9, 1 / 9]


@needs_openspiel
def test_a_deck_that_says_nothing_of_standing_plays_its_playouts_to_the_end(monkeypatch):
    from deckwright.dsl.engine import Game
    from deckwright.dsl.search import bots
    plain = load_text('game "Plain" extends "example"\n'
                      'override resource gears: start 0, min 0\n', "plain.deck")
    made = []

    class Spy(bots.PlayoutEvaluator):
        def __init__(self, rng, turns, valued):
            super().__init__(rng, turns, valued)
            made.append((turns, valued))
    monkeypatch.setattr(bots, "PlayoutEvaluator", Spy)
    seen = []
    for program in (plain, load_text(HANDS, "hands.deck")):
        made.clear()
        g = Game(program, seed=1, agents=[None, None], log=False, checkpoints=True)
        g.start()
        while not g.decision.multi and len(g.decision.values) < 2:
            g.apply(0)
        bots.SearchAgent(1, 2).choose(g, g.decision)
        seen.append(made[:])
    assert seen == [[(bots.ROLLOUT_TURNS, False)], [(bots.SCORED_ROLLOUT_TURNS, True)]]


@needs_openspiel
def test_the_standing_bench_prints_its_figures():
    import subprocess
    import sys
    from pathlib import Path
    out = subprocess.run([sys.executable, "bench/standing.py", "--deck", "example", "--other",
                          "standing 0", "--games", "1", "--every", "20"],
                         cwd=Path(__file__).resolve().parent.parent, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert "cut playouts;" in out.stdout and "with `standing 0`" in out.stdout
