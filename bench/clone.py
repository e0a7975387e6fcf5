"""What a copy of a game at a decision costs, beside what a turn costs, in one run.

    python bench/clone.py [--deck NAME] [--games N]

Prints (asserts nothing), for random-bot games of a deck (default Dueling Runes):

* a round (or turn) of the game played by the engine, the code path of `deckwright sim`;
* ``Game.clone()`` at every decision of the middle third of stepped games, which picks
  one of the two ways below by how long the turn so far has run;
* every such clone made each way: the state kept at the turn's start copied and the
  turn so far replayed (``Game.rewind``, which undo also uses), and a copy of the state
  with the running rules made again from data (``dsl/engine/resume.py``), with how many
  of the clones could be made so;
* the copy of the state alone.

The resume variants a game's decisions need are made once per program, as its functions
are compiled once: five warm-up games are cloned at every decision before the clocks
start.

Search bots clone a game at the decision they choose for, many times per move, so a
clone should cost less than a turn.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deckwright.dsl.agents import RandomAgent  # noqa: E402
from deckwright.dsl.engine import Game  # noqa: E402
from deckwright.dsl.codegen.lazy import compile_all  # noqa: E402
from deckwright.dsl.loader import load_program  # noqa: E402
from deckwright.dsl.sim import play_one  # noqa: E402


def stepped_game(program, seed: int):
    """A game whose seats are played from outside, by random bots: the decisions in order."""
    bots = [RandomAgent(seed * 1000 + k + 1) for k in range(2)]
    game = Game(program, seed=seed, agents=[None, None], checkpoints=True, log=False)
    game.start()
    while not game.is_over:
        d = game.decision
        yield game
        game.apply(bots[d.player.index].choose(game, d))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deck", default="dueling_runes")
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    program = load_program(args.deck)
    for resumable in (False, True):      # every function compiled before the clocks start
        compile_all(program.code(resumable).namespace)
    for seed in range(10_000, 10_005):                   # the resume variants made
        for g in stepped_game(program, seed):
            g.clone()
    import gc; gc.freeze()
    from deckwright.dsl.engine.resume import resumed
    turn_time = turns = 0.0
    clone_time = copy_time = replay_time = resume_time = clones = kept = 0
    for i in range(args.games):
        t = time.perf_counter()
        game = play_one(program, 0, i, 2, ["random"])
        turn_time += time.perf_counter() - t
        turns += game.state.turn
        total = len(game.decisions)
        for k, g in enumerate(stepped_game(program, i)):
            if not total / 3 <= k < 2 * total / 3:
                continue
            t = time.perf_counter()
            copy = g.clone()
            clone_time += time.perf_counter() - t
            t = time.perf_counter()
            again = g.rewind(len(g.history))
            replay_time += time.perf_counter() - t
            t = time.perf_counter()
            g.checkpoints[-1].state.copy()
            copy_time += time.perf_counter() - t
            clones += 1
            t = time.perf_counter()
            kept += resumed(g) is not None
            resume_time += time.perf_counter() - t
            assert copy.decision.labels == g.decision.labels == again.decision.labels
    per_turn = turn_time / turns * 1e6
    per_clone = clone_time / clones * 1e6
    print(f"{program.name}, random bots, {args.games} games:")
    print(f"  a turn (round) of play   {per_turn:8.1f} µs")
    print(f"  a clone at a decision    {per_clone:8.1f} µs  ({per_clone / per_turn:.2f} turns; "
          f"{clones} clones in the middle third of the games)")
    for what, total in (("by replay", replay_time), ("resumed from data", resume_time)):
        each = total / clones * 1e6
        print(f"  every clone {what:17s} {each:8.1f} µs  ({each / per_turn:.2f} turns)")
    print(f"  resumable                {kept} of {clones}")
    print(f"  a state copy             {copy_time / clones * 1e6:8.1f} µs")
    print(f"Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
