"""The bench scripts still run (tiny counts) and compare like with like. Their figures are
printed, never asserted: timing belongs to bench/, not to tests."""
import ast
import subprocess
import sys
from pathlib import Path

import pytest

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
    from deckwright.dsl.loader import load_text
    from deckwright.dsl.sim import play_one
    game = play_one(load_text(FLOOR_DECK, "<floor>"), 0, 0, 2, ["random"])
    assert game.state.result["reason"] == "draw"
    assert len(game.decisions) == plain_python_game(0) == 2 * ROUNDS


def test_bench_scripts_print_their_figures():
    floor = run_bench("bench/floor.py", "--games", "2")
    assert "µs per decision" in floor and "Dueling Runes (issue 3)" in floor
    games = run_bench("bench/games.py", "--deck", "example", "--games", "3")
    assert "games/s" in games and "finished 3, errors 0" in games


def test_dueling_runes_by_hand_plays_whole_games():
    """The hand-written speed reference (bench/runes_by_hand.py) ends every game with a
    winner or a draw, at a plausible length, and stands alone (no project imports)."""
    import ast
    from bench.runes_by_hand import play_game
    source = (ROOT / "bench" / "runes_by_hand.py").read_text()
    imported = {alias.name.split(".")[0] for node in ast.walk(ast.parse(source))
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(ast.parse(source))
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported - {"by_hand"} <= set(sys.stdlib_module_names), imported
    for players in (2, 3, 6):
        for seed in range(5):
            result = play_game(seed, players)
            assert result["reason"] in ("winner", "draw"), result
            assert result["draw"] == (result["winner"] is None)
            assert result["winner"] is None or 0 <= result["winner"] < players
            assert 3 <= result["rounds"] < 1000, result
            assert result["rounds"] <= result["decisions"] < 40 * players * result["rounds"]
    assert play_game(7) == play_game(7)          # a seed is one game
    out = run_bench("bench/runes_by_hand.py", "--games", "3")
    assert "games/s" in out and "rounds/s" in out


@pytest.mark.parametrize("script", ["by_hand.py", "dveck_by_hand.py", "urban_by_hand.py",
                                    "runes_by_hand.py"])
def test_games_by_hand_share_no_code_with_the_engine(script):
    """The games written by hand, and what they share (bench/by_hand.py), import only the
    standard library and each other; only the functions that run the engine beside them
    (`engine_...`) import the project."""
    tree = ast.parse((ROOT / "bench" / script).read_text())
    top = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            top |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            top.add(node.module.split(".")[0])
    assert top - {"by_hand"} <= set(sys.stdlib_module_names), top
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) \
                and not node.name.startswith("engine_"):
            inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
            assert not inner, node.name


def test_counted_by_hand_ratios_play_like_with_like():
    """bench/by_hand_instructions.py's children, run without callgrind: the engine's
    floor games and the hand-written ones take the same decisions, and both sides of
    Dueling Runes play whole games of rounds."""
    from bench.by_hand_instructions import BY_HAND, ENGINE, GAMES
    printed = {}
    for name, fields in GAMES.items():
        for side, template in (("engine", ENGINE), ("by hand", BY_HAND)):
            source = template.format(root=str(ROOT), bench=str(ROOT / "bench"), games=2,
                                     **fields)
            printed[name, side] = int(run_bench("-c", source))
    floor = "the floor game, per decision"
    assert printed[floor, "engine"] == printed[floor, "by hand"] == 2 * 400
    runes = "Dueling Runes, per round"
    assert printed[runes, "engine"] >= 6 and printed[runes, "by hand"] >= 6


def test_counted_clones_run_the_work_they_count():
    """bench/clone_instructions.py's child, run without callgrind: it stops at decisions of
    the middle third of games and does the counted work once at each (a state copy
    here), or plays a whole round of games."""
    from bench.clone_instructions import CHILD
    copies = run_bench("-c", CHILD.format(root=str(ROOT), deck="dueling_runes",
                                          what="copy", rounds=1))
    assert int(copies) >= 20
    rounds = run_bench("-c", CHILD.format(root=str(ROOT), deck="dueling_runes",
                                          what="round", rounds=1))
    assert int(rounds) >= 8 * 6
