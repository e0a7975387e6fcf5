"""Rules: references to things nothing creates."""
from __future__ import annotations

from .. import ast as A
from .base import Rule
from .facts import _sel_words, _singular


class UnprintedType(Rule):
    severity = "warning"
    summary = "an effect asks for cards of a subtype that no card has"
    fix = "check the spelling, or give some card that type"

    def check(self, ctx):
        f = ctx.facts
        printed = {w for c in f.cards for w in (*c.types, *c.subtypes)}
        if not f.cards:
            return                      # a base deck of rules only: its cards come later
        known = f.subtypes - f.types    # card types are the base's; subtypes are the deck's
        done = set()
        for u in f.units:
            for word, node in _sel_words(u.body):
                w = _singular(word, f.types | f.subtypes)
                if w in known and w not in printed and (w, node.pos) not in done:
                    done.add((w, node.pos))
                    yield self.diag(f"no card is a `{w}`, so this never finds one", node.pos)


class EmptyZone(Rule):
    severity = "warning"
    summary = "an effect reads a zone that nothing ever puts cards into"
    fix = "move or create cards into the zone somewhere, or read a different zone"

    def check(self, ctx):
        f = ctx.facts
        filled = set()
        for n in f.nodes:
            if isinstance(n, A.Move):
                z = f.zone_name(n.to)
                if z is None:
                    return                   # a computed destination may be any zone
                filled.add(z)
            elif isinstance(n, (A.Create, A.CreateLibrary)):
                z = f.zone_name(n.zone) if n.zone is not None else None
                if n.zone is not None and z is None:
                    return
                filled.add(z)
        reported = set()
        for n in f.nodes:
            z = None
            if isinstance(n, A.Filter) and n.kind == "in":
                z = f.zone_name(n.arg)
            elif isinstance(n, A.Call) and n.func in ("top", "bottom") and n.args:
                z = f.zone_name(n.args[0])
            if z and z not in filled and z not in reported:
                reported.add(z)
                yield self.diag(f"nothing ever puts cards into zone `{z}`, so this is always "
                                f"empty", n.pos)


class CounterNeverPut(Rule):
    severity = "warning"
    summary = "an effect reads or removes a counter that nothing puts"
    fix = "put the counter somewhere (`put 1 NAME on ...`), or remove the dead check"

    def check(self, ctx):
        f = ctx.facts
        put = {n.counter for n in f.nodes if isinstance(n, A.PutCounter)}
        reported = set()
        for n in f.nodes:
            if isinstance(n, (A.CounterCount, A.RemoveCounter)) and n.counter not in put \
                    and n.counter not in reported:
                reported.add(n.counter)
                yield self.diag(f"nothing ever puts a `{n.counter}` counter, so there is never "
                                f"one to {'count' if isinstance(n, A.CounterCount) else 'remove'}",
                                n.pos)


class TokenNeverCreated(Rule):
    severity = "warning"
    summary = "a token that no effect creates"
    fix = "create it somewhere (`create 1 \"Name\" in your area`), or delete it"

    def check(self, ctx):
        f = ctx.facts
        made = {n.card for n in f.nodes if isinstance(n, A.Create)}
        for c in f.cards:
            if c.token and c.name not in made:
                yield self.diag(f"token \"{c.name}\" is never created", c.pos)


class ResourceNeverGained(Rule):
    severity = "warning"
    summary = "a resource that starts at 0 and that nothing gains or sets, but is used"
    fix = "give it a `start`, or gain it somewhere"

    def check(self, ctx):
        f = ctx.facts
        gained = {n.resource for n in f.nodes if isinstance(n, A.Gain)} | \
                 {n.name for n in f.nodes if isinstance(n, A.Set)}
        used = {}
        for n in f.nodes:
            name = None
            if isinstance(n, A.Lose) or (isinstance(n, A.EndGame) and n.kind == "most"):
                name = n.resource
            elif isinstance(n, A.Name):
                name = n.id
            elif isinstance(n, (A.Of, A.Attr)):
                name = n.name
            if name in f.resources and name not in used:
                used[name] = n.pos
        for name, pos in used.items():
            r = f.resources[name]
            if name not in gained and f.const(r.start) in (None, 0):
                yield self.diag(f"nothing ever gains `{name}` and it starts at 0, so it "
                                f"stays 0", pos)
