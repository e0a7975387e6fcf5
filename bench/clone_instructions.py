"""What a copy of a game at a decision costs beside a round of play, in instructions
counted by callgrind, which the machine's load does not move (bench/clone.py gives
the same in seconds).

    python bench/clone_instructions.py [--deck NAME] [--rounds N]

Each figure is the difference between two Python processes under callgrind that do the
same set-up (load and compile the deck, clone three warm-up games at every decision so
the resume variants are made, and stop stepped games at every 7th decision of the middle
third of games 0-2, each point a clone of its own) and then differ only in the work
measured, done ``--rounds`` times over every point:

* ``Game.clone()``, which resumes from data from the 8th decision of a turn on and
  otherwise replays the turn from its checkpoint;
* every clone made each way: ``Game.rewind`` (the checkpoint's state copied, the turn so
  far replayed) and ``resume.resumed`` (the state copied, the running rules made again);
* the state's copy alone;
* a round of random-bot play, as ``deckwright sim`` plays it (games 0-7 of seed 0).

Prints (asserts nothing). Needs valgrind; about two minutes a figure.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from instructions import count, no_valgrind  # noqa: E402

CHILD = """
import gc, sys
sys.path.insert(0, {root!r}); sys.path.insert(0, {root!r} + "/bench")
from clone import stepped_game
from deckwright.dsl.loader import load_program
from deckwright.dsl.codegen.lazy import compile_all
from deckwright.dsl.engine.resume import resumed
from deckwright.dsl.sim import play_one
program = load_program({deck!r})
for r in (False, True):
    compile_all(program.code(r).namespace)
for seed in range(10_000, 10_003):
    for g in stepped_game(program, seed):
        g.clone()
play_one(program, 0, 99, 2, ["random"])
points = []
for seed in range(3):
    total = len(play_one(program, 0, seed, 2, ["random"]).decisions)
    for k, g in enumerate(stepped_game(program, seed)):
        if total / 3 <= k < 2 * total / 3 and k % 7 == 0:
            points.append(g.clone())
for g in points:                     # every variant these points need, made before
    resumed(g)
gc.freeze()
what, rounds = {what!r}, {rounds}
if what == "round":
    print(sum(play_one(program, 0, i, 2, ["random"]).state.turn for i in range(8 * rounds)))
else:
    work = {{"clone": lambda g: g.clone(), "replay": lambda g: g.rewind(len(g.history)),
             "resumed": resumed, "copy": lambda g: g.state.copy()}}[what]
    for _ in range(rounds):
        for g in points:
            work(g)
    print(len(points) * rounds)
"""


def cost(deck: str, what: str, rounds: int) -> float:
    """Instructions per item (a clone, or a round of play) of ``what``."""
    base, _ = count(CHILD.format(root=str(ROOT), deck=deck, what=what, rounds=0))
    total, printed = count(CHILD.format(root=str(ROOT), deck=deck, what=what, rounds=rounds))
    return (total - base) / int(printed)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deck", default="dueling_runes")
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args(argv)
    if no_valgrind():
        return 1
    per_round = cost(args.deck, "round", 1)
    print(f"{args.deck}: a round of play {per_round / 1e3:9.0f} k instructions", flush=True)
    for what, label in (("clone", "Game.clone()"), ("replay", "every clone by replay"),
                        ("resumed", "every clone resumed"), ("copy", "the state's copy")):
        each = cost(args.deck, what, args.rounds)
        print(f"  {label:24s} {each / 1e3:9.0f} k  ({each / per_round:.2f} rounds)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
