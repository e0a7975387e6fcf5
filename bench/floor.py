"""The engine's floor: what one decision costs when the rules around it do almost nothing.

    python bench/floor.py [--games N]

Prints (asserts nothing) three figures for the same tiny game, in which each of two
players, every round for 200 rounds, secretly picks one of the five cards in hand, puts
it on a pile and draws one (the pile becomes the deck again when the deck runs out):

* the game written as a deck and played by the engine with random bots, the code path of
  `deckwright sim` (log off, no observer): games per second and microseconds per decision;
* the same game written directly in Python (plain lists, the same seeded generator and a
  random pick per decision): the cost of the game itself, with no interpreter;
* the time per decision that the speed targets of issues 3 and 4 allow, given how many
  decisions a random-bot game of each deck takes (from `bench/games.py`).

Every real deck does more per decision than this one, so its cost per decision is at
least the first figure: this is the number to compare a target's budget with.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deckwright.dsl.codegen.lazy import compile_all  # noqa: E402
from deckwright.dsl.loader import load_text  # noqa: E402
from deckwright.dsl.rng import Rng  # noqa: E402
from deckwright.dsl.sim import play_one  # noqa: E402

ROUNDS = 200
HAND = 5

FLOOR_DECK = f"""
game "Floor"
players 2
type Plain
zone deck: shared, hidden, ordered
zone pile: shared, public, ordered
zone hand: per player, private
var rounds = 0

setup {{
  create library in deck
  shuffle deck
  for each p in players {{ as p {{ draw {HAND} }} }}
}}

action draw(n) {{
  repeat n {{
    if count cards in deck == 0 {{
      move cards in pile to deck
      shuffle deck
    }}
    move top(deck) to your hand
  }}
}}

round {{
  for each p in players {{
    as p {{
      choose c from cards in your hand secret prompt "Pick" {{ move c to pile }}
      draw 1
    }}
  }}
  rounds = rounds + 1
  if rounds >= {ROUNDS} {{ end game draw }}
}}

card "A": Plain x 20
"""

# Decisions per random-bot game (`bench/games.py`: 300 games, seed 0) and the games per
# second the issues ask for.
TARGETS = [("Dueling Runes (issue 3)", 405, 500), ("Dveck Builder (issue 4)", 1735, 100)]


def plain_python_game(seed: int) -> int:
    """The floor game written directly: returns the number of decisions taken."""
    rng = Rng(seed)
    bots = [Rng(seed * 1000 + 1), Rng(seed * 1000 + 2)]
    deck = [f"A{i}" for i in range(20)]
    rng.shuffle(deck)
    pile: list = []
    hands: list = [[], []]

    def draw(hand, n):
        for _ in range(n):
            if not deck:
                deck.extend(pile)
                pile.clear()
                rng.shuffle(deck)
            hand.append(deck.pop())

    for hand in hands:
        draw(hand, HAND)
    decisions = 0
    for _ in range(ROUNDS):
        for seat, hand in enumerate(hands):
            options = list(hand)
            pick = options[bots[seat].below(len(options))]
            decisions += 1
            hand.remove(pick)
            pile.append(pick)
            draw(hand, 1)
    return decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()

    program = load_text(FLOOR_DECK, "<floor>")
    compile_all(program.code(resumable=False).namespace)  # before the clock starts
    decisions = {"n": 0}
    t = time.perf_counter()
    for i in range(args.games):                # the code path of `deckwright sim`
        decisions["n"] += len(play_one(program, 0, i, 2, ["random"]).decisions)
    engine = time.perf_counter() - t

    t = time.perf_counter()
    direct_decisions = sum(plain_python_game(seed) for seed in range(args.games))
    direct = time.perf_counter() - t

    per_engine = engine / decisions["n"] * 1e6
    per_direct = direct / direct_decisions * 1e6
    print(f"floor game, {args.games} games of {ROUNDS} rounds, 2 players:")
    print(f"  engine        {args.games / engine:9,.1f} games/s   {per_engine:6.2f} µs per decision")
    print(f"  plain Python  {args.games / direct:9,.1f} games/s   {per_direct:6.2f} µs per decision")
    print(f"  the engine costs {per_engine / per_direct:.1f}x the game written by hand")
    for name, per_game, wanted in TARGETS:
        budget = 1e6 / (wanted * per_game)
        print(f"  {name}: {wanted} games/s x {per_game} decisions a game leaves "
              f"{budget:.1f} µs per decision; the floor alone is {per_engine / budget:.1f}x that")
    print(f"Python {sys.version.split()[0]}, one process")


if __name__ == "__main__":
    main()
