"""How long the REPL takes to answer `state`, `log`, `options` and `why` late in a long game.

A game of a deck (default Dveck Builder, the longest-running bundled game) is played by
bots in the REPL's own processor (`auto N`) until turn N or its end; then each command is
timed as the REPL runs it (parsing the line, building the text), best of 20. Prints
(asserts nothing): the turn reached, the log's length, and each command's time.

    python bench/repl_response.py [DECK] [--turns N] [--seed S]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deckwright.repl.commands import Processor  # noqa: E402


def best(proc: Processor, command: str, runs: int = 20) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        out = proc.execute(command)
        times.append(time.perf_counter() - t)
        assert out.ok, out.text()
    return min(times)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("deck", nargs="?", default="dveck_builder")
    ap.add_argument("--turns", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    proc = Processor(args.deck, seed=args.seed)
    t = time.perf_counter()
    proc.execute(f"auto {args.turns}")
    played = time.perf_counter() - t
    game = proc.game
    if game.state.result is not None:         # over: undo into the last turn the user plays
        proc.execute("undo")
    print(f"{args.deck}, seed {args.seed}: turn {proc.game.state.turn}, "
          f"{len(proc.game.log):,} log entries (bots played it in {played:.1f} s)")
    last = len(proc.game.log) - 1
    for command in ("state", "state all", "log", "log all", "options", f"why {last}"):
        print(f"  {command:<10} {best(proc, command) * 1000:8.2f} ms", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
