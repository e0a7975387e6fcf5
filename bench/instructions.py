"""Instructions per random-bot game, counted by callgrind: a figure that does not move
with the machine's load, for telling whether a change made the engine faster or slower.

    python bench/instructions.py [--games N] [DECK ...]

For each deck (default: every bundled deck with cards), it runs the same Python process
twice under ``valgrind --tool=callgrind``: once loading and compiling the deck and
playing one warm-up game (seed 1), once doing the same and then playing games 0..N-1 of
seed 0 with two random bots. The difference divided by N is the cost of one game, load,
compilation and the modules a first game imports excluded (with
``PYTHONDONTWRITEBYTECODE`` set, as on the project machine, importing a module compiles
its source, which once counted in the first game). Prints
(asserts nothing). Needs valgrind (Debian's package); a minute or two per deck at the
default 20 games.

Seconds on this machine vary by 2x with other work; instruction counts repeat to a
fraction of a percent, so compare these before and after a change.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = """
import sys
sys.path.insert(0, {root!r})
from deckwright.dsl.loader import load_program
from deckwright.dsl.codegen.lazy import compile_all
from deckwright.dsl.sim import play_one
program = load_program({deck!r})
compile_all(program.code(False).namespace)
play_one(program, 1, 0, 2, ['random'])     # a warm-up game, in both runs: lazy imports
for i in range({games}):
    play_one(program, 0, i, 2, ['random'])
"""


def count(source: str) -> tuple:
    """(instructions, what it printed) of a Python process running ``source``, counted
    by callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable,
             "-c", source], capture_output=True, text=True)
        found = re.search(r"Collected : (\d+)", run.stderr)
        if run.returncode != 0 or not found:
            raise SystemExit(f"callgrind failed:\n{run.stderr[-2000:]}")
        return int(found.group(1)), run.stdout


def no_valgrind() -> bool:
    """True (and says so) when valgrind is not installed."""
    if shutil.which("valgrind"):
        return False
    print("valgrind is not installed (apt-get install valgrind)")
    return True


def collected(deck: str, games: int) -> int:
    return count(CHILD.format(root=str(ROOT), deck=deck, games=games))[0]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("decks", nargs="*")
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args(argv)
    if no_valgrind():
        return 1
    sys.path.insert(0, str(ROOT))
    from deckwright.dsl.loader import bundled_games
    decks = args.decks or [d for d, why in bundled_games().items() if why is None]
    for deck in decks:
        per_game = (collected(deck, args.games) - collected(deck, 0)) / args.games
        print(f"{deck:16} {per_game / 1e6:8.1f} M instructions per game "
              f"(games 0-{args.games - 1}, seed 0, 2 random bots)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
