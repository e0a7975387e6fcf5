"""Random-bot games per second, on one core, for each bundled deck that has cards.

    python bench/games.py [--deck NAME] [--games N] [--players N] [--bots a,b]
                          [--seed S] [--budget SECONDS]

Prints (asserts nothing), per deck: games per second, average turns, decisions per
second and per game. Games are played by ``deckwright.dsl.sim.simulate`` (log off, the code path
of `deckwright sim`) in this one process; decisions are counted with its ``observer``
hook, which runs after every decision.

A deck gets ``--games`` games (default 300) or ``--budget`` seconds (default 10),
whichever comes first, so the whole run stays under a minute; the games played are
always the first ones of the seeded run (game ``i`` has seed ``S + i``), so figures are
comparable between runs and with `deckwright sim --seed S`. Bundled files that are not
playable decks on their own (include-only card lists) and decks without cards are
listed as skipped.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deckwright.dsl.errors import DeckError  # noqa: E402
from deckwright.dsl.codegen.lazy import compile_all  # noqa: E402
from deckwright.dsl.loader import bundled_games, load_program  # noqa: E402
from deckwright.dsl.sim import simulate  # noqa: E402

CHUNK = 10          # games per simulate() call, so the time budget is checked often


def bench(name, program, games: int, players: int, bots: list, seed: int, budget: float):
    players = players or max(program.min_players, 2)
    counted = {"decisions": 0}

    def observer(game):
        counted["decisions"] += 1

    played = errors = finished = 0
    turn_sum = 0.0
    reasons: dict = {}
    elapsed = 0.0
    while played < games and elapsed < budget:
        n = min(CHUNK, games - played)
        t = time.perf_counter()
        # simulate's game i uses seed + i: starting at seed + played continues the run
        report = simulate(program, games=n, seed=seed + played, players=players, bots=bots,
                          observer=observer)
        elapsed += time.perf_counter() - t
        played += n
        errors += report["errors"]
        finished += report["finished"]
        turn_sum += report["avg_turns"] * (n - report["errors"])
        for k, v in report["end_reasons"].items():
            reasons[k] = reasons.get(k, 0) + v

    ok = max(played - errors, 1)
    capped = " (time budget reached)" if played < games else ""
    print(f"{name} ({program.name}), {played} games{capped}, {players} players, "
          f"bots {','.join(bots)}:")
    print(f"  games/s      {played / elapsed:10,.1f}")
    print(f"  avg turns    {turn_sum / ok:10,.2f}")
    print(f"  decisions/s  {counted['decisions'] / elapsed:10,.0f}   "
          f"({counted['decisions'] / played:.1f} per game)")
    print(f"  finished {finished}, errors {errors}, end reasons {dict(sorted(reasons.items()))}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deck", action="append", help="a deck name or path (repeatable); "
                    "default: every bundled deck that has cards")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bots", default="random", help="comma-separated, one per seat in turn")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--budget", type=float, default=10.0,
                    help="seconds of play per deck at most (default 10)")
    args = ap.parse_args()

    names = args.deck
    if not names:
        names = []
        for name, why_not in bundled_games().items():
            if why_not is None:
                names.append(name)
            else:
                print(f"{name}: skipped, {why_not}")
    bots = args.bots.split(",")
    start = time.perf_counter()
    for name in names:
        try:
            program = load_program(name)
        except DeckError as err:
            print(err.render())
            continue
        compile_all(program.code(resumable=False).namespace)   # before the clock starts
        bench(name, program, args.games, args.players, bots, args.seed, args.budget)
    print(f"total {time.perf_counter() - start:.1f} s; Python {sys.version.split()[0]}, "
          f"one process")


if __name__ == "__main__":
    main()
