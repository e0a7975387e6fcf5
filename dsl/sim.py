"""Batch simulation: many seeded bot games, with figures.

Game ``i`` of a run with seed ``S`` uses game seed ``S + i`` and bot seeds derived from
it, so ``deckwright sim DECK --seed S --game i`` replays exactly that game. Because every
game depends on its own seeds alone, a run may be split over several processes
(``jobs``) and still report exactly what one process would.

>>> from deckwright.dsl.loader import load_program
>>> report = simulate(load_program("example"), games=3, seed=1)
>>> report["games"], report["errors"]
(3, 0)
"""
from __future__ import annotations

import gc
import multiprocessing
import os
import time
from collections import Counter
from typing import Callable, Optional

from . import records as _records
from .agents import make_bot
from .codegen.lazy import compile_all
from .engine import Game
from .errors import EngineError
from .program import Program


def game_seed(seed: int, i: int) -> int:
    return seed + i


def bots_for(names: list, seed: int, players: int) -> list:
    return [make_bot(names[k % len(names)], seed * 1000 + k + 1) for k in range(players)]


def play_one(program: Program, seed: int, i: int, players: int, bots: list, *,
             options: Optional[dict] = None, log: bool = False,
             observer: Optional[Callable] = None, code=None, audit: bool = False) -> Game:
    """Play game ``i`` of a run. ``audit``: under the hidden-information audit
    (:mod:`deckwright.dsl.audit`), with the log on; what it found is in ``game.hidden_leaks``."""
    gs = game_seed(seed, i)
    agents = bots_for(bots, gs, players)
    if any(getattr(a, "searches", False) for a in agents):
        return _play_searching(program, gs, agents, players, options, log or audit, observer,
                               code)
    game = Game(program, seed=gs, agents=agents, players=players,
                options=options, log=log or audit, observer=observer, code=code)
    if audit:
        from .audit import HiddenAudit
        watch = HiddenAudit(game)
        game.run()
        watch.look(None)
        game.hidden_leaks = watch.leaks
        return game
    game.run()
    return game


def _play_searching(program, seed, agents, players, options, log, observer, code) -> Game:
    """A game with a searching seat: the search clones the game at its decisions, so the
    game keeps checkpoints and every seat is played from outside, one decision at a time.
    (The hidden-information audit watches games that run inline; not these.) With a
    counting load (``code``, records), its stepped form is used, and the records are shut
    while a bot searches: what a search tries out is not part of the game."""
    counted = _COUNTING.get((id(program), False))
    # The records' counting load has a stepped twin; any other load runs only inline.
    code = _counting_code(program, True) if counted and code is counted[1] else None
    game = Game(program, seed=seed, agents=[None] * players, players=players, options=options,
                log=log, observer=observer, checkpoints=True, code=code)
    game.start()
    while game.state.result is None:
        d = game.decision
        recorder, _records.current = _records.current, None
        try:
            choice = agents[d.player.index].choose(game, d)
        finally:
            _records.current = recorder
        refused = game.apply(choice)
        if refused is not None:
            raise EngineError(f"{d.player.name}'s bot made an illegal choice: {refused.reason}")
    return game


def simulate(program: Program, games: int = 100, seed: int = 0, players: Optional[int] = None,
             bots: Optional[list] = None, options: Optional[dict] = None,
             observer: Optional[Callable] = None, only: Optional[int] = None,
             jobs: int = 1, audit_hidden: bool = False, records: bool = False,
             progress: Optional[Callable] = None, ray: Optional[str] = None) -> dict:
    """Play the games and report. ``jobs`` > 1 plays them in that many processes (0: one
    per core); the report is the same as with one, but for ``games_per_second``. With an
    ``observer`` (it lives in this process), or where processes cannot be forked, the
    games are played here, one after another. ``audit_hidden`` plays each game under the
    hidden-information audit; a game whose views name a card a seat may not see is an
    error of the run. ``records``: the report also holds a record of every game
    (:mod:`deckwright.dsl.records`), in game order, under ``"records"``. ``progress`` is called with
    the number of games just finished, as they finish (a progress bar). ``ray``: play
    them as Ray tasks instead (:mod:`deckwright.dsl.sim_ray`), on a local Ray (``""``) or on the
    cluster at that address; the report is again the same."""
    players = players or max(program.min_players, 2)
    bots = bots or ["random"]
    for name in bots:
        make_bot(name, 0)                        # an unknown bot fails once, up front
    Game(program, seed=seed, players=players, options=options, log=False)   # likewise options
    indices = range(only, only + 1) if only is not None else range(games)
    jobs = _usable_jobs(jobs, len(indices), observer)
    if ray is not None and observer is not None:
        raise EngineError("an observer lives in this process: a Ray run cannot call it")
    setting = (program, seed, players, bots, options, observer, audit_hidden, records)
    start = time.perf_counter()
    # What is alive now (the program, its tables and code) lives through the run: the
    # cycle collector need not walk it again in every full collection during the games
    # (5% of a game in a bundled deck), and forked workers share its pages untouched.
    gc.freeze()
    try:
        if ray is not None:
            from .sim_ray import play_on_ray
            tally = play_on_ray(setting, indices, ray, progress)
        elif jobs == 1:
            tally = _play_many(setting, indices, progress)
        else:
            tally = _play_in_processes(setting, indices, jobs, progress)
    finally:
        gc.unfreeze()
    elapsed = time.perf_counter() - start
    report = tally.report()
    report.update({
        "deck": program.name, "games": len(indices),
        "games_per_second": round(len(indices) / elapsed, 1) if elapsed > 0 else None,
        "seed": seed, "players": players, "bots": bots,
    })
    if records:
        report["records"] = sorted(tally.records, key=lambda r: r["game"])
    return report


class Tally:
    """What the report needs of the games, added up as each one ends: a run of 10,000
    games holds no more than a run of 10 (but for the list of failed games)."""

    def __init__(self):
        self.wins: Counter = Counter()
        self.reasons: Counter = Counter()
        self.draws = self.finished = self.errors = self.total_turns = self.played = 0
        self.failures: list = []
        self.records: list = []

    def add(self, i: int, game: Optional[Game], error: Optional[str] = None) -> None:
        self.played += 1
        if error is not None:
            self.errors += 1
            self.failures.append({"game": i, "error": error})
            return
        result = game.state.result
        self.total_turns += result["turns"]
        self.reasons[result["reason"]] += 1
        if result["reason"] == "turn limit":
            self.failures.append({"game": i, "error": "hit the engine's turn limit"})
            return
        self.finished += 1
        self.draws += bool(result["draw"])
        # a game a team wins is one win of its side, however many of its players won
        self.wins.update(set(_seat_or_side(game, w) for w in result["winners"]))

    def merge(self, other: "Tally") -> None:
        self.wins.update(other.wins)
        self.reasons.update(other.reasons)
        self.draws += other.draws
        self.finished += other.finished
        self.errors += other.errors
        self.total_turns += other.total_turns
        self.played += other.played
        self.failures.extend(other.failures)
        self.records.extend(other.records)

    def report(self) -> dict:
        return {
            "finished": self.finished, "errors": self.errors,
            "wins": dict(sorted(self.wins.items())), "draws": self.draws,
            "avg_turns": round(self.total_turns / max(self.played - self.errors, 1), 2),
            "end_reasons": dict(sorted(self.reasons.items())),
            "failures": sorted(self.failures, key=lambda f: f["game"]),
        }


def _play_many(setting, indices, progress: Optional[Callable] = None) -> Tally:
    program, seed, players, bots, options, observer, audit, records = setting
    tally = Tally()
    code = _counting_code(program) if records else None
    for i in indices:
        watch = observer
        if records:
            recorder = _records.current = _records.Recorder()
            watch = recorder if observer is None else _both(observer, recorder)
        try:
            game = play_one(program, seed, i, players, bots, options=options, observer=watch,
                            audit=audit, code=code)
        except EngineError as err:
            tally.add(i, None, str(err))
            if progress is not None:
                progress(1)
            continue
        finally:
            _records.current = None
        if progress is not None:
            progress(1)
        if records and game.state.result is not None:
            tally.records.append(recorder.record(game, i, game_seed(seed, i)))
        if audit and game.hidden_leaks:
            leaks = game.hidden_leaks
            tally.add(i, None, f"hidden information shown ({len(leaks)} view(s)); "
                               f"first: {leaks[0]}")
            continue
        tally.add(i, game)
    return tally


# --- several processes ------------------------------------------------------------------
# Compiled programs are closures and cannot be pickled, so workers are forked: each
# inherits the program (and the run's settings) from this module's `_SETTING`.

_SETTING = None


def _usable_jobs(jobs: int, games: int, observer) -> int:
    if jobs == 0:
        jobs = os.cpu_count() or 1
    if jobs < 0:
        raise EngineError(f"jobs must be 0 (one per core) or more, not {jobs}")
    if observer is not None or "fork" not in multiprocessing.get_all_start_methods():
        return 1                  # an observer lives in this process; no fork, no workers
    return max(1, min(jobs, games))


def _play_slice(indices) -> Tally:
    return _play_many(_SETTING, indices)


def _both(first: Callable, second: Callable) -> Callable:
    def watch(game):
        first(game)
        second(game)
    return watch


_COUNTING: dict = {}     # (program id, stepped) → (program, its counting load), per process


def _counting_code(program, resumable: bool = False):
    key = (id(program), resumable)
    found = _COUNTING.get(key)
    if found is None or found[0] is not program:
        found = _COUNTING[key] = (program, _records.counting_code(program, resumable))
    return found[1]


def _play_in_processes(setting, indices, jobs: int, progress: Optional[Callable] = None) -> Tally:
    global _SETTING
    _SETTING = setting
    # Compiled once here, rather than by every worker as its games first reach each
    # function (deckwright.dsl.codegen.lazy); forked workers share the code.
    compile_all(setting[0].code(resumable=False).namespace)
    if setting[7]:                         # records: the counting load, also shared
        compile_all(_counting_code(setting[0]).namespace)
    # Small interleaved slices keep every worker busy when game lengths differ.
    size = max(1, min(25, len(indices) // (jobs * 4) or 1))
    slices = [indices[k:k + size] for k in range(0, len(indices), size)]
    tally = Tally()
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for part in pool.imap_unordered(_play_slice, slices, chunksize=1):
                tally.merge(part)
                if progress is not None:
                    progress(part.played)
    finally:
        _SETTING = None
    return tally


def _seat_or_side(game: Game, winner_name: str) -> str:
    for p in game.state.players:
        if p.name == winner_name:
            return p.side or p.name
    return winner_name
