"""How much a deck's standing tells a search: cut playouts valued by it, and by another.

    python bench/standing.py [--deck D] [--other "override standing vp"] [--games N]
                             [--every K] [--seed S]

Needs OpenSpiel (``pip install 'deckwright[search]'``). Plays ``--games`` random-bot games
of the deck and, at every ``--every``-th decision with a choice in it, plays one playout
cut as the search bots cut it (:class:`deckwright.dsl.search.bots.PlayoutEvaluator`) from a clone of
the position, valued by the deck's standing; then the same for the deck with ``--other``
added (a deck that ``extends`` it, so a line such as ``override standing vp`` or
``override side NAME: ...``). For each it prints (asserts nothing):

* how many cut playouts ended worth what their starting position was worth: a move the
  search tries can only be told from another by a playout whose value moved;
* how many found the seats level (worth 0 to each).

The positions and the playouts' random bots are seeded, so both decks are valued on the
same positions (as long as ``--other`` changes nothing in the rules).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deckwright.dsl.agents import RandomAgent  # noqa: E402
from deckwright.dsl.engine import Game  # noqa: E402
from deckwright.dsl.errors import DeckError  # noqa: E402
from deckwright.dsl.loader import load_program, load_text  # noqa: E402
from deckwright.dsl.rng import Rng  # noqa: E402


def measure(program, games: int, every: int, seed: int, turns: int) -> tuple:
    """(playouts, worth what they started from, level) over the positions sampled."""
    from deckwright.dsl.search import spiel
    from deckwright.dsl.search.bots import PlayoutEvaluator, standing
    sgame = spiel.DeckGame({"deck": spiel.deck_key(program)})
    total = same = level = 0
    players = max(program.min_players, 2)
    for i in range(games):
        g = Game(program, seed=seed + i, agents=[None] * players, players=players, log=False,
                 checkpoints=True)
        g.start()
        bots = [RandomAgent((seed + i) * 10 + k) for k in range(players)]
        real = 0
        while g.state.result is None:
            d = g.decision
            if d.multi or len(d.values) > 1:
                real += 1
                if real % every == 0:
                    state = sgame.state_of(g).clone()
                    before = standing(state.engine)
                    value = PlayoutEvaluator(Rng(seed * 1000 + real), turns, True).evaluate(state)
                    total += 1
                    same += abs(value[0] - before[0]) < 1e-12
                    level += value[0] == 0
            g.apply(bots[d.player.index].choose(g, d))
    return total, same, level


def main() -> None:
    from deckwright.dsl.search.bots import SCORED_ROLLOUT_TURNS
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deck", default="dveck_builder")
    ap.add_argument("--other", default="override standing vp",
                    help="declarations the deck to compare is the deck with")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rollout-turns", type=int, default=SCORED_ROLLOUT_TURNS)
    args = ap.parse_args()
    try:
        base = load_program(args.deck)
        other = load_text(f'game "{base.name}, other standing" extends "{args.deck}"\n'
                          f'{args.other}\n', "other.deck")
    except DeckError as err:
        sys.exit(err.render())
    for label, program in ((f"{args.deck}", base), (f"with `{args.other}`", other)):
        total, same, level = measure(program, args.games, args.every, args.seed,
                                     args.rollout_turns)
        print(f"{label}: {total} cut playouts; {same} ({same / max(total, 1):.0%}) worth what "
              f"their position was, {level} ({level / max(total, 1):.0%}) level")
    print(f"reproduce: python bench/standing.py --deck {args.deck} --other {args.other!r} "
          f"--games {args.games} --every {args.every} --seed {args.seed}", flush=True)


if __name__ == "__main__":
    main()
