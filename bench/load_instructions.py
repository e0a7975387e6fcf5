"""Instructions to load the generated 1,000-card deck of ``bench/parse.py``, step by step,
counted by callgrind: a figure the machine's load does not move (issue 11 asks the load
in at most 0.5 s; ``bench/parse.py`` gives the seconds on a quiet machine).

    python bench/load_instructions.py [--cards N]

Runs four Python processes under ``valgrind --tool=callgrind``, each writing the deck and
building the parser first (the base); then nothing more, parsing the deck
(``parse_text``), loading it (parse, merge with `dvorak`, check: ``load_program``), and
loading it and generating its module (``Program.code``). The differences are printed:
parse, merge and check, generate, and their total. As in a fresh ``deckwright sim``, the
modules each step imports are counted in it (with ``PYTHONDONTWRITEBYTECODE`` set, as on
the project machine, importing compiles their source). Every run has the same hash seed.
Prints (asserts nothing); about two minutes, two processes at a time. Needs valgrind.
"""
from __future__ import annotations

import argparse
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from instructions import count, no_valgrind  # noqa: E402

SETUP = """
import os, sys, tempfile
sys.path.insert(0, {root!r})
sys.path.insert(0, {bench!r})
from parse import generate
from deckwright.dsl.loader import load_program
from deckwright.dsl.parser import parse_text
text = generate({cards})
path = os.path.join(tempfile.mkdtemp(), 'bench_fair.deck')
with open(path, 'w', encoding='utf-8') as f:
    f.write(text)
parse_text('game "x"', 'warm.deck')       # the parser built
"""

# --warm: the modules a load imports, imported first by loading a deck of a few cards
WARM = """
small = os.path.join(tempfile.mkdtemp(), 'bench_small.deck')
with open(small, 'w', encoding='utf-8') as f:
    f.write(generate(20))
load_program(small).code(False)
"""

STEPS = {
    "base": "",
    "parse": "parse_text(text, path)\n",
    "load": "program = load_program(path)\n",
    "code": "program = load_program(path)\nprogram.code(False)\n",
}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=1000)
    ap.add_argument("--warm", action="store_true",
                    help="import what a load imports before counting (a 20-card deck "
                         "loaded first), as bench/parse.py's seconds are, best of five")
    args = ap.parse_args(argv)
    if no_valgrind():
        return 1
    # One hash seed for every run: str hashes place the keys of sets and dicts, which
    # moves a count by a percent from one run to the next.
    os.environ["PYTHONHASHSEED"] = "0"
    setup = SETUP.format(root=str(HERE.parent), bench=str(HERE), cards=args.cards)
    if args.warm:
        setup += WARM
    with ThreadPoolExecutor(2) as pool:           # two at a time: the machine has 2 cores
        runs = {step: pool.submit(count, setup + body) for step, body in STEPS.items()}
    got = {step: run.result()[0] for step, run in runs.items()}
    m = lambda a, b: (got[a] - got[b]) / 1e6
    warm = ", modules imported first" if args.warm else ""
    print(f"{args.cards} cards{warm}, millions of instructions: parse {m('parse', 'base'):,.0f}, "
          f"merge and check {m('load', 'parse'):,.0f}, generate {m('code', 'load'):,.0f}, "
          f"in all {m('code', 'base'):,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
