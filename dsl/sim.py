"""Batch simulation: many seeded bot games, with figures.

Game ``i`` of a run with seed ``S`` uses game seed ``S + i`` and bot seeds derived from
it, so ``deckwright sim DECK --seed S --game i`` replays exactly that game.

>>> from dsl.loader import load_program
>>> report = simulate(load_program("example"), games=3, seed=1)
>>> report["games"], report["errors"]
(3, 0)
"""
from __future__ import annotations

import time
from collections import Counter
from typing import Callable, Optional

from .agents import make_bot
from .engine import Game
from .errors import EngineError
from .program import Program


def game_seed(seed: int, i: int) -> int:
    return seed + i


def bots_for(names: list, seed: int, players: int) -> list:
    return [make_bot(names[k % len(names)], seed * 1000 + k + 1) for k in range(players)]


def play_one(program: Program, seed: int, i: int, players: int, bots: list, *,
             options: Optional[dict] = None, log: bool = False,
             observer: Optional[Callable] = None) -> Game:
    gs = game_seed(seed, i)
    game = Game(program, seed=gs, agents=bots_for(bots, gs, players), players=players,
                options=options, log=log, observer=observer)
    game.run()
    return game


def simulate(program: Program, games: int = 100, seed: int = 0, players: Optional[int] = None,
             bots: Optional[list] = None, options: Optional[dict] = None,
             observer: Optional[Callable] = None, only: Optional[int] = None) -> dict:
    players = players or max(program.min_players, 2)
    bots = bots or ["random"]
    for name in bots:
        make_bot(name, 0)                        # an unknown bot fails once, up front
    Game(program, seed=seed, players=players, options=options, log=False)   # likewise options
    wins: Counter = Counter()
    reasons: Counter = Counter()
    draws = finished = errors = total_turns = 0
    failures = []
    indices = [only] if only is not None else range(games)
    start = time.perf_counter()
    for i in indices:
        try:
            game = play_one(program, seed, i, players, bots, options=options, observer=observer)
        except EngineError as err:
            errors += 1
            failures.append({"game": i, "error": str(err)})
            continue
        result = game.state.result
        total_turns += result["turns"]
        reasons[result["reason"]] += 1
        if result["reason"] == "turn limit":
            failures.append({"game": i, "error": "hit the engine's turn limit"})
            continue
        finished += 1
        if result["draw"]:
            draws += 1
        for w in result["winners"]:
            wins[_seat_or_side(game, w)] += 1
    elapsed = time.perf_counter() - start
    played = len(indices)
    return {
        "deck": program.name, "games": played, "finished": finished, "errors": errors,
        "wins": dict(sorted(wins.items())), "draws": draws,
        "avg_turns": round(total_turns / max(played - errors, 1), 2),
        "end_reasons": dict(sorted(reasons.items())),
        "games_per_second": round(played / elapsed, 1) if elapsed > 0 else None,
        "seed": seed, "players": players, "bots": bots, "failures": failures,
    }


def _seat_or_side(game: Game, winner_name: str) -> str:
    for p in game.state.players:
        if p.name == winner_name:
            return p.side or p.name
    return winner_name
