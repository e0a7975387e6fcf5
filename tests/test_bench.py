"""The bench scripts still run (tiny counts) and compare like with like. Their figures are
printed, never asserted: timing belongs to bench/, not to tests."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:          # bench/ is a folder of scripts, not an installed package
    sys.path.insert(0, str(ROOT))


def run_bench(*args) -> str:
    out = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_floor_game_is_the_same_size_by_hand_and_in_the_engine():
    from bench.floor import FLOOR_DECK, ROUNDS, plain_python_game
    from dsl.loader import load_text
    from dsl.sim import play_one
    game = play_one(load_text(FLOOR_DECK, "<floor>"), 0, 0, 2, ["random"])
    assert game.state.result["reason"] == "draw"
    assert len(game.decisions) == plain_python_game(0) == 2 * ROUNDS


def test_bench_scripts_print_their_figures():
    floor = run_bench("bench/floor.py", "--games", "2")
    assert "µs per decision" in floor and "Dueling Runes (issue 3)" in floor
    games = run_bench("bench/games.py", "--deck", "example", "--games", "3")
    assert "games/s" in games and "finished 3, errors 0" in games
