"""How strong and how fast the search bots are: win rates with 95% intervals, time a move.

    python bench/search.py [--decks D,...] [--bot mcts:200] [--against random,greedy]
                           [--games N] [--time N] [--seed S] [--rollout-turns T] [--json]

Needs OpenSpiel (``pip install 'deckwright[search]'``). Prints (asserts nothing), for
each deck (default: every bundled game):

* the time ``--bot`` takes a move (processor seconds, which the machine's load moves
  less than wall-clock seconds): ``--time N`` moves, at every fifth decision with more
  than one option of random-bot games, and also every move of the matches;
* its win rate against each bot of ``--against`` over ``--games`` games, seats swapped
  every other game (so the first-player advantage cancels out), with a 95% Wilson
  interval; a draw counts as half a win.

Every game is seeded: game ``i`` has seed ``S + i`` and the bots the seeds
``deckwright.dsl.sim.bots_for`` gives it, so any figure is reproduced by the same command.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deckwright.dsl.loader import bundled_games, load_program  # noqa: E402
from deckwright.dsl.report import wilson  # noqa: E402
from deckwright.dsl.search import bots as search_bots  # noqa: E402
from deckwright.dsl.sim import play_one  # noqa: E402


VERBOSE = False


class Timed:
    """Wraps SearchAgent.choose to time every move with a real choice in it."""

    def __init__(self):
        self.times: list = []
        self._choose = search_bots.SearchAgent.choose
        timed = self

        def choose(agent, game, decision):
            t = time.process_time()
            choice = timed._choose(agent, game, decision)
            if decision.multi or len(decision.values) > 1:
                timed.times.append(time.process_time() - t)
            return choice
        search_bots.SearchAgent.choose = choose


def match(program, bot: str, other: str, games: int, seed: int, players: int) -> dict:
    score = 0.0
    turns = []
    for i in range(games):
        seat = i % 2                                     # swap seats every other game
        names = [other] * players
        names[seat] = bot
        game = play_one(program, seed, i, players, names)
        result = game.state.result
        if VERBOSE:
            print(f"    game {i}: {bot} at {game.state.players[seat].name} against {other}: "
                  f"{game.describe_result()}", flush=True)
        turns.append(result["turns"])
        mine = game.state.players[seat].name
        if result["draw"] or not result["winners"]:
            score += 0.5
        elif mine in result["winners"]:
            score += 1.0
    lo, hi = wilson(score, games)
    return {"against": other, "games": games, "score": score, "rate": score / games,
            "low": lo, "high": hi, "avg_turns": statistics.mean(turns)}


def time_moves(program, bot: str, moves: int, seed: int, players: int) -> None:
    """Ask the bot at every fifth real decision of random-bot games until ``moves``."""
    from deckwright.dsl.agents import RandomAgent, make_bot
    from deckwright.dsl.engine import Game
    done, i = 0, 0
    while done < moves:
        game = Game(program, seed=seed + i, agents=[None] * players, players=players,
                    log=False, checkpoints=True)
        game.start()
        randoms = [RandomAgent(seed * 1000 + i * 10 + k) for k in range(players)]
        searcher = make_bot(bot, seed + i)
        real = 0
        while game.state.result is None and done < moves:
            d = game.decision
            if d.multi or len(d.values) > 1:
                real += 1
                if real % 5 == 0:
                    searcher.choose(game, d)
                    done += 1
            game.apply(randoms[d.player.index].choose(game, d))
        i += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--decks", default=",".join(sorted(n for n, why in bundled_games().items()
                                                       if why is None)))
    ap.add_argument("--bot", default="mcts:200")
    ap.add_argument("--against", default="random,greedy")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--time", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rollout-turns", type=int, default=None,
                    help="cut playouts after this many turns (default: the bots' own, "
                         f"{search_bots.SCORED_ROLLOUT_TURNS} in a deck with scores, "
                         f"{search_bots.ROLLOUT_TURNS} in one without)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--verbose", action="store_true", help="print each game as it ends")
    args = ap.parse_args()
    global VERBOSE
    VERBOSE = args.verbose
    if args.rollout_turns is not None:
        for name in ("ROLLOUT_TURNS", "SCORED_ROLLOUT_TURNS"):
            setattr(search_bots, name, args.rollout_turns)
    timer = Timed()
    out = []
    for deck in args.decks.split(","):
        program = load_program(deck)
        players = max(program.min_players, 2)
        timer.times.clear()
        time_moves(program, args.bot, args.time, args.seed, players)
        t = time.process_time()
        for i in range(10):
            play_one(program, args.seed, i, players, ["random"])
        game_s = (time.process_time() - t) / 10
        rows = [match(program, args.bot, other, args.games, args.seed, players)
                for other in args.against.split(",")] if args.games else []
        t = sorted(timer.times)
        row = {"deck": program.name, "bot": args.bot, "rollout_turns": args.rollout_turns,
               "moves_timed": len(t),
               "move_mean_s": statistics.mean(t) if t else None,
               "move_median_s": statistics.median(t) if t else None,
               "move_max_s": t[-1] if t else None, "random_game_s": game_s, "matches": rows,
               "command": f"python bench/search.py --decks {deck} --bot {args.bot} "
                          f"--against {args.against} --games {args.games} --seed {args.seed}"
                          + ("" if args.rollout_turns is None
                             else f" --rollout-turns {args.rollout_turns}")}
        out.append(row)
        if not args.json:
            print(f"{program.name}: {args.bot}, a move {row['move_mean_s']:.2f} processor s on average "
                  f"(median {row['move_median_s']:.2f} s, slowest {row['move_max_s']:.2f} s, "
                  f"{len(t)} moves); a whole random-bot game {game_s * 1000:.0f} ms")
            for m in rows:
                print(f"  against {m['against']:7} {m['rate']:6.1%}  "
                      f"[{m['low']:.1%}, {m['high']:.1%}]  {m['score']:g} of {m['games']} games, "
                      f"{m['avg_turns']:.0f} turns on average")
            print(f"  reproduce: {row['command']}", flush=True)
    if args.json:
        print(json.dumps(out, indent=1))
    print(f"Python {sys.version.split()[0]}", file=sys.stderr)


if __name__ == "__main__":
    main()
