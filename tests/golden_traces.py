"""Golden traces: seeded bot games recorded as decisions and per-step state hashes.

A trace proves that a change to the engine plays every recorded game exactly as before:
the same decisions in the same order, and the same state (``GameState.state_hash``) after
each one. Each game is stored as digests, not raw data, so the file stays small:

* ``n``: decisions taken; ``decisions``: a digest of the list of choices;
* ``steps``: a digest chained over the state hash after every decision;
* ``marks``: the state hash after every ``MARK_EVERY``-th decision, to find the first
  step where a changed engine parts from the recording;
* ``final`` and ``result``: the state hash and the result at the end.

Regenerate (only when a change alters games on purpose; say which and why in the
commit)::

    python tests/golden_traces.py            # every run
    python tests/golden_traces.py --run example
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TRACES = Path(__file__).resolve().parent / "golden" / "traces.json"
MARK_EVERY = 64
SEED = 9000                  # game i of a run has seed SEED + i, as `deckwright sim` does

# name → (deck, players, bots, options, games)
RUNS = {
    "dueling_runes": ("dueling_runes", 2, ["random"], {}, 100),
    "dueling_runes_3p": ("dueling_runes", 3, ["random"], {}, 40),
    "dueling_runes_advanced": ("dueling_runes", 2, ["random"], {"advanced": True}, 100),
    "dueling_runes_solitaire": ("dueling_runes", 2, ["random"], {"solitaire": True}, 40),
    "dveck_builder": ("dveck_builder", 2, ["random"], {}, 100),
    "dveck_builder_greedy": ("dveck_builder", 2, ["greedy"], {}, 40),
    "urban_dead": ("urban_dead", 2, ["random"], {}, 100),
    "example": ("example", 2, ["random"], {}, 100),
}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def trace_game(program, run: str, i: int) -> dict:
    """Play game ``i`` of a run and digest it."""
    from deckwright.dsl.sim import play_one
    deck, players, bots, options, _ = RUNS[run]
    chain = [""]
    marks = []

    def observe(game):
        h = game.state.state_hash()
        chain[0] = _digest(chain[0] + h)
        if len(game.decisions) % MARK_EVERY == 0:
            marks.append(h)

    game = play_one(program, SEED, i, players, bots, options=options or None, observer=observe)
    return {"n": len(game.decisions),
            "decisions": _digest(json.dumps([list(c) if isinstance(c, tuple) else c
                                             for c in game.decisions])),
            "steps": chain[0], "marks": marks, "final": game.state.state_hash(),
            "result": game.state.result}


def trace_run(run: str, games=None) -> list:
    from deckwright.dsl.loader import load_program
    program = load_program(RUNS[run][0])
    count = RUNS[run][4] if games is None else games
    return [trace_game(program, run, i) for i in range(count)]


def load() -> dict:
    return json.loads(TRACES.read_text(encoding="utf-8"))


def main() -> None:
    ap = argparse.ArgumentParser(description="Regenerate the golden traces.")
    ap.add_argument("--run", action="append", choices=sorted(RUNS))
    args = ap.parse_args()
    data = load() if TRACES.exists() else {}
    for run in args.run or RUNS:
        data[run] = trace_run(run)
        print(f"{run}: {len(data[run])} games, "
              f"{sum(g['n'] for g in data[run])} decisions", flush=True)
    TRACES.parent.mkdir(exist_ok=True)
    TRACES.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
