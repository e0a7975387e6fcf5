"""Rules: a short seeded run (`--sim N`)."""
from __future__ import annotations

from collections import Counter

from .base import LintContext, Rule


def run_sim(ctx: LintContext) -> dict:
    """Play ``ctx.sim_games`` seeded bot games, counting what each card and trigger did."""
    from ..errors import EngineError
    from ..codegen import counting
    from ..sim import bots_for, play_one
    p = ctx.program
    used: Counter = Counter()
    fired: Counter = Counter()
    played: set = set()

    def observe(game):
        for z in game.state.inplay:
            played.update(c.name for c in z.cards)

    errors, unfinished, leaks = [], [], []
    players = max(p.min_players, 2)
    bots = ctx.sim_bots or ["random"]
    searching = any(getattr(a, "searches", False) for a in bots_for(bots, 0, players))
    if not searching:
        code = counting(p, lambda name: used.update((name,)), lambda k: fired.update((k,)))
    else:
        # A searching seat plays a game that is stepped from outside; the records' counting
        # load has a stepped twin, and it counts nothing while a bot searches.
        from .. import records
        from ..sim import _counting_code
        code, watch = _counting_code(p), records.Recorder()
        watch.used, watch.fired = used, fired
        records.current, before = watch, records.current
    try:
        for i in range(ctx.sim_games):
            try:
                game = play_one(p, ctx.sim_seed, i, players, bots, log=False,
                                observer=observe, code=code, audit=ctx.audit_hidden)
                observe(game)
            except EngineError as err:
                errors.append((i, err.message, err.pos))
                continue
            for leak in getattr(game, "hidden_leaks", ())[:3]:
                leaks.append((i, str(leak)))
            if game.state.result and game.state.result.get("reason") == "turn limit":
                unfinished.append(i)
    finally:
        if searching:
            records.current = before
    return {"used": used, "fired": fired, "played": played, "errors": errors,
            "unfinished": unfinished, "players": players, "leaks": leaks}


def _repro(ctx, i) -> str:
    bots = ctx.sim_bots or ["random"]
    return (f"deckwright sim {ctx.deck} --seed {ctx.sim_seed} --game {i} "
            f"--players {ctx.sim['players']}"
            + (f" --bots {','.join(bots)}" if bots != ["random"] else ""))


class SimError(Rule):
    severity = "error"
    dynamic = True
    summary = "a seeded bot game broke a limit (step budget, trigger loop, ...)"
    fix = "replay it with the command shown and look at the chain of cards"

    def check(self, ctx):
        for i, message, pos in ctx.sim["errors"]:
            if pos is not None:               # the finding's own place says where
                message = message.replace(f" at {pos}", "", 1)
            yield self.diag(f"game {i} failed: {message.splitlines()[0]}", pos,
                            f"reproduce: {_repro(ctx, i)}")


class SimHiddenShown(Rule):
    severity = "error"
    dynamic = True
    summary = "a seat was shown a card it may not see (`--sim N --audit-hidden`)"
    fix = "name the card through what the seat may see: a `say` or prompt naming a hidden " \
          "card, or a zone whose visibility does not match how its cards lie"

    def check(self, ctx):
        for i, message in ctx.sim.get("leaks", ()):
            yield self.diag(f"game {i}: {message}", None,
                            f"reproduce: {_repro(ctx, i)} --audit-hidden")


class SimUnfinished(Rule):
    severity = "warning"
    dynamic = True
    summary = "a seeded bot game hit the engine's turn limit instead of ending by a rule"
    fix = "add an end condition that every game reaches"

    def check(self, ctx):
        for i in ctx.sim["unfinished"]:
            yield self.diag(f"game {i} never ended by a rule", None,
                            f"reproduce: {_repro(ctx, i)}")


class SimNeverPlayed(Rule):
    severity = "info"
    dynamic = True
    summary = "a card never reached play, resolved or was used in the seeded games"
    fix = "check that the card can be played at all (cost, limit, condition)"

    def check(self, ctx):
        s = ctx.sim
        for d in ctx.program.library():
            if d.name not in s["played"] and not s["used"][d.name]:
                yield self.diag(f"\"{d.name}\" was never played or used in {ctx.sim_games} "
                                f"games (seed {ctx.sim_seed})", d.pos)


class SimNeverFired(Rule):
    severity = "info"
    dynamic = True
    summary = "a trigger never fired in the seeded games"
    fix = "check that its event happens and its `where` condition can be true"

    def check(self, ctx):
        s = ctx.sim
        for k, t in enumerate(ctx.program.all_triggers):
            if not s["fired"][k]:
                who = f"\"{t.card}\" " if t.card else ""
                yield self.diag(f"{who}`{t.kind} {t.event}` never fired in {ctx.sim_games} "
                                f"games (seed {ctx.sim_seed})", t.pos)
