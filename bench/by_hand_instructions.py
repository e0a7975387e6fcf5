"""The engine against the same game written by hand, in instructions counted by callgrind:
the "x by hand" ratios of `bench/runes.py`, `bench/floor.py` and `bench/urban_by_hand.py`,
in a unit that the machine's load does not move.

    python bench/by_hand_instructions.py [--games N]

For Dueling Runes (per round), the floor game and Urban Dead (per decision: the same
seeds play the same games there, so it is also the ratio per game), it counts, under
``valgrind --tool=callgrind``, the engine's random-bot games 0..N-1 (seed 0, log off, the
code path of `deckwright sim`) and the hand-written game's same seeds, each as the
difference between a run that plays them and one that only loads and plays a warm-up
game, as `bench/instructions.py` does. Prints (asserts nothing); needs valgrind.

Seconds on a shared machine move the printed ratios of the timing scripts by a third or
more (the floor read 3.5x one hour and 5.5x the next); instruction counts repeat to a
fraction of a percent. They are not seconds: an instruction of the interpreter's own
loop and one of a C routine count alike.
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from instructions import count  # noqa: E402

HEAD = """
import sys
sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
"""

ENGINE = HEAD + """
from deckwright.dsl.loader import load_program, load_text
from deckwright.dsl.codegen.lazy import compile_all
from deckwright.dsl.sim import play_one
{load}
compile_all(program.code(False).namespace)
play_one(program, 1, 0, 2, ['random'])
units = 0
for i in range({games}):
    game = play_one(program, 0, i, 2, ['random'])
    units += {engine_units}
print(units)
"""

BY_HAND = HEAD + """
{imports}
{play}(1)
units = 0
for i in range({games}):
    r = {play}(i)
    units += {hand_units}
print(units)
"""

GAMES = {
    "Dueling Runes, per round": dict(
        load="program = load_program('dueling_runes')", engine_units="game.state.turn",
        imports="import runes_by_hand", play="runes_by_hand.play_game",
        hand_units="r['rounds']"),
    "the floor game, per decision": dict(
        load="import floor\nprogram = load_text(floor.FLOOR_DECK, '<floor>')",
        engine_units="len(game.decisions)", imports="import floor",
        play="floor.plain_python_game", hand_units="r"),
    "Urban Dead, per decision": dict(
        load="program = load_program('urban_dead')", engine_units="len(game.decisions)",
        imports="import urban_by_hand", play="urban_by_hand.play_game",
        hand_units="r['decisions']"),
}


def per_unit(template: str, games: int, **fields) -> tuple:
    """(instructions per unit, units) of a child's games beyond its warm-up."""
    common = dict(root=str(ROOT), bench=str(ROOT / "bench"), **fields)
    played, units = count(template.format(games=games, **common))
    warm, _ = count(template.format(games=0, **common))
    return (played - warm) / int(units), int(units)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=6)
    args = ap.parse_args(argv)
    if not shutil.which("valgrind"):
        print("valgrind is not installed (apt-get install valgrind)")
        return 1
    for name, fields in GAMES.items():
        engine, n = per_unit(ENGINE, args.games, **fields)
        hand, m = per_unit(BY_HAND, args.games, **fields)
        print(f"{name}: engine {engine / 1e3:8.1f} K instructions ({n} in games "
              f"0-{args.games - 1}), by hand {hand / 1e3:8.1f} K ({m}): "
              f"{engine / hand:.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
