"""What the games written by hand (bench/dveck_by_hand.py, bench/urban_by_hand.py) share:
the engine's random generator rebuilt on the standard library, random play as the
engine's random bots make it, the engine's games of the same seeds played beside them,
and the figures both print.

Standard library only, like the games themselves: they share no code with the engine,
so that their time is what plain Python takes for the rules. Only `engine_program` and
`engine_games` import the project, to run the engine beside them.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time


class Rng:
    """The engine's generator (dsl/rng.py), drawing the same numbers in the same way:
    uniform below n by rejection on the Mersenne Twister's getrandbits; Fisher-Yates
    from the end. Written again here rather than imported: see the module's docstring."""
    __slots__ = ("_bits",)

    def __init__(self, seed):
        self._bits = random.Random(seed).getrandbits

    def below(self, n):
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return r

    def shuffle(self, items):
        bits = self._bits
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = bits(k)
            while j >= n:
                j = bits(k)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]


def pour(src, dst):
    """Every card of pile `src` onto pile `dst`, in order (before a shuffle)."""
    for c in src:
        c.zone = dst
    dst.extend(src)
    src.clear()


class RandomPlay:
    """The decisions of a game whose every seat is the bundled `RandomAgent`
    (dsl/agents.py), taken as the engine takes them (`choice_of` in
    dsl/engine/players.py): one pick is uniform over the options, but a turn's offer of
    moves, whose last option is `pass`, first draws below 4 and, unless that is 0, picks
    among the moves other than `pass`; a choice of lo..hi picks takes k = lo + a draw
    below hi - lo + 1, then the first k of the shuffled option numbers, in option order;
    no decision is taken when there is nothing to choose from or every option must be
    taken. A player is asked through its `bot` (an Rng). `decisions` counts them;
    `trace`, a list (or None), receives each as (seat, kind, options, lo, hi, pick)."""

    def __init__(self, trace=None):
        self.decisions = 0
        self.trace = trace

    def pick(self, p, n, kind="choose"):
        """One of n options: a card, a number, a plan, a label, yes/no, a response."""
        self.decisions += 1
        r = p.bot.below(n)
        if self.trace is not None:
            self.trace.append((p.seat, kind, n, 1, 1, r))
        return r

    def pick_move(self, p, n):
        """One of n moves, the last of them `pass` (RandomAgent passes less often)."""
        self.decisions += 1
        b = p.bot
        r = b.below(n - 1) if b.below(4) != 0 else b.below(n)
        if self.trace is not None:
            self.trace.append((p.seat, "move", n, 1, 1, r))
        return r

    def offered(self, p, moves):
        """The move p makes among a turn's offer (`moves`, then `pass`): None for `pass`,
        and with no decision when there is only `pass`."""
        if not moves:
            return None
        r = self.pick_move(p, len(moves) + 1)
        return None if r == len(moves) else moves[r]

    def pick_some(self, p, n, lo, hi):
        """Between lo and hi of n options: their indices, in order."""
        self.decisions += 1
        b = p.bot
        k = lo + b.below(hi - lo + 1)
        picks = list(range(n))
        b.shuffle(picks)
        r = tuple(sorted(picks[:k]))
        if self.trace is not None:
            self.trace.append((p.seat, "choose", n, lo, hi, r))
        return r

    def choose(self, p, options, lo, hi):
        """`choose x from ... up to N`, `optional`, `exactly N`: a list of lo..hi of them."""
        n = len(options)
        if hi > n:
            hi = n
        if lo > hi:
            lo = hi
        if hi <= 0:
            return []
        if lo == hi == n:
            return options                        # nothing to decide
        if lo == hi == 1:
            return [options[self.pick(p, n)]]
        return [options[i] for i in self.pick_some(p, n, lo, hi)]

    def choose_one(self, p, options):
        """`choose x from ...`: one of them, no decision for one; None for none."""
        if len(options) > 1:
            return options[self.pick(p, len(options))]
        return options[0] if options else None

    def may(self, p):
        return self.pick(p, 2, "may") == 0           # `may`: yes is the first option


# --- the engine beside them ----------------------------------------------------------------

def engine_program(deck):
    """A bundled deck, loaded by the engine of this checkout."""
    from pathlib import Path
    root = str(Path(__file__).resolve().parent.parent)
    if root not in sys.path:
        sys.path.insert(0, root)
    from deckwright.dsl.loader import load_program
    return load_program(deck)


def engine_games(deck, games, seed, players):
    """The engine's random-bot games of seeds seed, seed + 1, ... as `deckwright sim`
    plays them (the code compiled and the program frozen for the collector before the
    clock starts): (game, its seconds) for each."""
    import gc
    program = engine_program(deck)
    from deckwright.dsl.codegen.lazy import compile_all
    from deckwright.dsl.sim import play_one

    compile_all(program.code(resumable=False).namespace)
    gc.freeze()
    try:
        for i in range(games):
            start = time.perf_counter()
            game = play_one(program, seed, i, players, ["random"])
            yield game, time.perf_counter() - start
    finally:
        gc.unfreeze()


def engine_result(game, seconds):
    """An engine's game in the shape of a hand-written game's result."""
    r = game.state.result
    return {"winners": [int(w[1:]) - 1 for w in r["winners"]], "draw": r["draw"],
            "reason": r["reason"], "turns": r["turns"], "decisions": len(game.decisions),
            "seconds": seconds}


def side_by_side(play, deck, games, engine_n, seed, players, shape=engine_result):
    """`games` hand-written games, play(seed) for seeds seed, seed + 1, ..., and the
    engine's first `engine_n` of the same seeds (each made a result by `shape`), one of
    each in turn while both play, so that a change in the machine's load falls on both
    alike: (the hand-written results, the engine's)."""
    hand, engine = [], []
    if engine_n > 0:
        for game, seconds in engine_games(deck, engine_n, seed, players):
            engine.append(shape(game, seconds))
            if len(hand) < games:
                hand += timed_games(play, 1, seed + len(hand))
    return hand + timed_games(play, games - len(hand), seed + len(hand)), engine


# --- the figures ---------------------------------------------------------------------------

def arguments(doc, games, engine_games):
    """The command line both scripts take (and add to)."""
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--games", type=int, default=games, help="hand-written games")
    ap.add_argument("--engine-games", type=int, default=engine_games,
                    help="the engine's games with the same seeds (0: none)")
    ap.add_argument("--seed", type=int, default=0, help="game i has seed SEED + i")
    return ap


def timed_games(play, games, seed):
    """play(seed) for seeds seed, seed + 1, ..., each result with its seconds."""
    results = []
    for i in range(games):
        start = time.perf_counter()
        r = play(seed + i)
        r["seconds"] = time.perf_counter() - start
        results.append(r)
    return results


def mean_and_interval(values):
    """The mean and the half-width of its 95% interval (1.96 standard errors)."""
    n = len(values)
    m = sum(values) / n
    if n < 2:
        return m, 0.0
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def share(hits, n):
    """A share in %, with its 95% interval."""
    p = hits / n
    return 100 * p, 196 * math.sqrt(p * (1 - p) / n)


def report(title, results, wins):
    """A run's figures: games/s, turns/s, turns and decisions a game, who wins (`wins`:
    the lines the game's own script makes of the results), how games end."""
    n = len(results)
    elapsed = sum(r["seconds"] for r in results)
    turns = [r["turns"] for r in results]
    decisions = [r["decisions"] for r in results]
    t, t_pm = mean_and_interval(turns)
    d, d_pm = mean_and_interval(decisions)
    reasons = {}
    for r in results:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
    print(f"{title}, {n} games:")
    print(f"  games/s       {n / elapsed:10,.1f}")
    print(f"  turns/s       {sum(turns) / elapsed:10,.0f}")
    print(f"  avg turns     {t:10,.1f}  +- {t_pm:.1f}")
    print(f"  decisions     {d:10,.1f}  +- {d_pm:.1f} per game  "
          f"({sum(decisions) / elapsed:,.0f}/s, {elapsed / sum(decisions) * 1e6:.1f} us each)")
    for line in wins(results):
        print(f"  {line}")
    print("  end reasons   " + ", ".join(
        f"{k} {v / n:.1%} +- {share(v, n)[1]:.1f}" for k, v in sorted(reasons.items())))


def run(game, play, deck, args, players, wins, shape=engine_result):
    """A run of the command line's `args`: the games played side by side (see
    `side_by_side`), then the figures of each and their ratio printed."""
    hand, engine = side_by_side(play, deck, args.games, args.engine_games, args.seed, players,
                                shape)
    print(f"{game}, {players} players, random bots, seeds {args.seed} on, one core "
          f"(Python {sys.version.split()[0]})")
    report("by hand", hand, wins)
    if engine:
        report("engine", engine, wins)
        compare(args.seed, hand, engine)


def compare(seed, hand, engine):
    """The engine's time against the hand-written game's over the seeds both played,
    and whether those were the same games (as they must be)."""
    k = min(len(hand), len(engine))
    same = "same games" if all(
        (a["turns"], a["decisions"], a["reason"]) == (b["turns"], b["decisions"], b["reason"])
        for a, b in zip(hand, engine)) else "games that differ: the rules have drifted"
    ratio = per_turn(engine[:k]) / per_turn(hand[:k])
    print(f"engine / by hand, seeds {seed}-{seed + k - 1} ({same}, played in turn): "
          f"{ratio:.1f}x the time per turn")


def per_turn(results):
    return sum(r["seconds"] for r in results) / sum(r["turns"] for r in results)
