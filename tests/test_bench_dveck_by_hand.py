"""bench/dveck_by_hand.py, the hand-written Dveck Builder: it plays whole games, stands
alone (tests/test_bench.py), prints its figures and the engine's, and plays the engine's
very games. Its figures are printed, never asserted: timing belongs to bench/, not to
tests."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:          # bench/ is a folder of scripts, not an installed package
    sys.path.insert(0, str(ROOT))

SCRIPT = ROOT / "bench" / "dveck_by_hand.py"


def test_it_plays_whole_games():
    from bench.dveck_by_hand import play_game
    for players in (2, 3):
        for seed in range(4):
            r = play_game(seed, players)
            assert r["reason"] in ("50 VP", "decks empty", "decks empty, tied on vp",
                                   "50 VP, tied on vp", "turn limit"), r
            assert r["draw"] == (not r["winners"])
            assert all(0 <= w < players for w in r["winners"])
            assert 0 <= r["first"] < players
            assert 10 <= r["turns"] <= 1000 and r["turns"] <= r["decisions"], r
    assert play_game(7) == play_game(7)          # a seed is one game


def test_it_plays_the_engines_games_seed_for_seed():
    """The same seed, the same game: the engine's random bots take exactly as many
    decisions, over as many turns, to the same end (so the figures compare like with
    like). A difference means the deck or the engine changed what the rules do, or how
    a random bot or the game draws: bench/dveck_by_hand.py must follow it."""
    from bench.dveck_by_hand import play_game
    from deckwright.dsl.loader import load_program
    from deckwright.dsl.sim import play_one
    program = load_program("dveck_builder")
    for i in range(2):
        game = play_one(program, 0, i, 2, ["random"])
        r = game.state.result
        engine = (r["turns"], r["reason"], [int(w[1:]) - 1 for w in r["winners"]],
                  len(game.decisions))
        mine = play_game(i)
        assert engine == (mine["turns"], mine["reason"], mine["winners"], mine["decisions"])


def test_the_script_prints_its_figures_and_the_engines():
    out = subprocess.run([sys.executable, str(SCRIPT), "--games", "3", "--engine-games", "2"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "by hand, 3 games:" in text and "engine, 2 games:" in text
    for figure in ("games/s", "turns/s", "avg turns", "decisions", "us each", "P1 wins",
                   "end reasons", "engine / by hand"):
        assert figure in text, figure
