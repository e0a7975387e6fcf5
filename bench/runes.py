"""Dueling Runes in the engine beside the same game written by hand, in one run.

    python bench/runes.py [--seconds S] [--players N]

Prints (asserts nothing) rounds per second and microseconds per round of random-bot
games, for the bundled deck played by the engine (the code path of `deckwright sim`,
log off) and for bench/runes_by_hand.py, and their ratio. The two are measured in
alternating slices of games, so that a machine that slows down or speeds up during the
run affects both alike; each side plays the same seeds every run.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from deckwright.dsl.codegen.lazy import compile_all  # noqa: E402
from deckwright.dsl.loader import load_program  # noqa: E402
from deckwright.dsl.sim import play_one  # noqa: E402
import runes_by_hand  # noqa: E402

SLICE = 10           # games per slice


def engine_slice(program, start: int, players: int) -> tuple:
    rounds = decisions = 0
    for i in range(start, start + SLICE):
        game = play_one(program, 0, i, players, ["random"])
        rounds += game.state.turn
        decisions += len(game.decisions)
    return rounds, decisions


def hand_slice(start: int, players: int) -> tuple:
    rounds = decisions = 0
    for i in range(start, start + SLICE):
        r = runes_by_hand.play_game(i, players)
        rounds += r["rounds"]
        decisions += r["decisions"]
    return rounds, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=20.0, help="total time to spend")
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args()
    program = load_program("dueling_runes")
    compile_all(program.code(resumable=False).namespace)  # before the clock starts
    totals = {"engine": [0, 0, 0.0, 0], "by hand": [0, 0, 0.0, 0]}
    start = time.perf_counter()
    k = 0
    while time.perf_counter() - start < args.seconds:
        for name, run in (("engine", lambda: engine_slice(program, k, args.players)),
                          ("by hand", lambda: hand_slice(k, args.players))):
            t = time.perf_counter()
            rounds, decisions = run()
            total = totals[name]
            total[0] += rounds
            total[1] += decisions
            total[2] += time.perf_counter() - t
            total[3] += SLICE
        k += SLICE
    print(f"Dueling Runes, random bots, {args.players} players, {k} games each, one process:")
    per = {}
    for name, (rounds, decisions, elapsed, games) in totals.items():
        per[name] = elapsed / rounds * 1e6
        print(f"  {name:8} {games / elapsed:8,.1f} games/s  {rounds / elapsed:9,.0f} rounds/s  "
              f"{per[name]:7.1f} µs a round  ({decisions / games:.0f} decisions a game)")
    print(f"  the engine costs {per['engine'] / per['by hand']:.2f}x the game written by hand, "
          f"per round")
    print(f"Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
