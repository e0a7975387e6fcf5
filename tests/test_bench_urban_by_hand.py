"""bench/urban_by_hand.py, the hand-written Urban Dead: it plays whole games, stands
alone, prints its figures and the engine's, and plays the engine's very games, decision
for decision. Its figures are printed, never asserted: timing belongs to bench/, not to
tests."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:          # bench/ is a folder of scripts, not an installed package
    sys.path.insert(0, str(ROOT))

SCRIPT = ROOT / "bench" / "urban_by_hand.py"


def test_the_hand_written_game_imports_only_the_standard_library():
    """Only the functions that run the engine (`engine_...`) import the project."""
    tree = ast.parse(SCRIPT.read_text())
    top = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            top |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            top.add(node.module.split(".")[0])
    assert top <= {"__future__", "argparse", "math", "random", "sys", "time"}, top
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) \
                and not node.name.startswith("engine_"):
            inner = [n for n in ast.walk(node) if isinstance(n, (ast.Import, ast.ImportFrom))]
            assert not inner, node.name


def test_its_cards_are_the_decks_library():
    """The same cards, copies and numbers, in the engine's library order (the order
    `create library` makes them in, which the shuffles permute)."""
    from bench.urban_by_hand import DEFS
    from deckwright.dsl.loader import load_program
    program = load_program("urban_dead")
    library = [(d.name, d.props["deck"], d.copies, d.props.get("health", 0),
                d.props.get("attack", 0), d.props.get("uses", 0), d.props.get("cooldown", 0),
                d.props.get("value", 0), d.props.get("strike", 0))
               for _, d in program.info().library]
    mine = [(name, ("SD", "ZD", "ZSD")[deck], copies, health, attack, uses, cooldown, value,
             strike)
            for name, deck, _, health, attack, uses, cooldown, value, strike, _, _, copies in DEFS]
    assert mine == library


def test_it_plays_whole_games():
    from bench.urban_by_hand import play_game
    for seed in range(6):
        r = play_game(seed)
        assert r["reason"] in ("rescue", "overrun", "held out"), r
        assert r["winners"] == ([1] if r["reason"] == "overrun" else [0]) and not r["draw"]
        assert 5 <= r["turns"] <= 40 and r["turns"] <= r["decisions"], r
    assert play_game(7) == play_game(7)          # a seed is one game


def test_it_plays_the_engines_games_decision_for_decision():
    """The same seed, the same game: the engine's random bots face as many options at
    every decision, with as many picks, and take the same; the games end alike. A
    difference means the deck or the engine changed what the rules do, or how a random
    bot or the game draws: bench/urban_by_hand.py must follow it."""
    from bench.urban_by_hand import engine_trace, first_difference
    for seed in range(2):
        assert first_difference(seed) is None
    _, trace = engine_trace(0)
    kinds = {kind for _, kind, *_ in trace}
    assert {"move", "choose", "one"} <= kinds, kinds


def test_the_script_prints_its_figures_and_the_engines():
    out = subprocess.run([sys.executable, str(SCRIPT), "--games", "3", "--engine-games", "2"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "by hand, 3 games:" in text and "engine, 2 games:" in text
    for figure in ("games/s", "turns/s", "avg turns", "decisions", "us each",
                   "survivors win", "end reasons", "engine / by hand", "(same games)"):
        assert figure in text, figure


def test_the_script_checks_seeds_against_the_engine():
    out = subprocess.run([sys.executable, str(SCRIPT), "--check", "2", "--seed", "5"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "seeds 5-6: 2 of 2 games the same, decision for decision" in out.stdout


def test_its_counted_ratio_plays_like_with_like():
    """bench/by_hand_instructions.py's Urban Dead children, run without callgrind: the
    engine's games and the hand-written ones of the same seeds take as many decisions."""
    from bench.by_hand_instructions import BY_HAND, ENGINE, GAMES
    fields = GAMES["Urban Dead, per decision"]
    printed = []
    for template in (ENGINE, BY_HAND):
        source = template.format(root=str(ROOT), bench=str(ROOT / "bench"), games=3, **fields)
        out = subprocess.run([sys.executable, "-c", source], cwd=ROOT, capture_output=True,
                             text=True, timeout=120)
        assert out.returncode == 0, out.stderr
        printed.append(int(out.stdout))
    assert printed[0] == printed[1] > 3 * 10, printed
