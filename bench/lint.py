"""Lint time for every bundled deck.

    python bench/lint.py [--repeat R] [--sim N]

Prints, per bundled deck, the best of R runs (default 5) of a full static lint (parse,
merge, check, compile, every rule), the number of findings, and the total. With
``--sim N`` it also times a lint that plays N seeded bot games. Asserts nothing.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deckwright.decks import DECKS_DIR  # noqa: E402
from deckwright.dsl.lint import lint  # noqa: E402

BUNDLED = ["dvorak", "example", "dueling_runes", "dveck_builder", "urban_dead"]


def best_of(repeat: int, fn) -> tuple:
    best, result = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    return best, result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--sim", type=int, default=0)
    args = ap.parse_args(argv)
    total = 0.0
    decks = [d for d in BUNDLED if (DECKS_DIR / f"{d}.deck").exists()]
    lint(decks[0])                                   # warm imports and the parser cache
    for deck in decks:
        secs, result = best_of(args.repeat, lambda: lint(deck))
        total += secs
        line = f"{deck:15s} {secs * 1000:8.1f} ms   {len(result.diagnostics):3d} findings"
        if args.sim:
            ssecs, sres = best_of(1, lambda: lint(deck, sim=args.sim))
            line += f"   with --sim {args.sim}: {ssecs:6.2f} s ({len(sres.diagnostics)} findings)"
        print(line)
    print(f"{'all':15s} {total * 1000:8.1f} ms   ({len(decks)} decks, best of {args.repeat})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
