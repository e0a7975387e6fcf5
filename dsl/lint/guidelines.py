"""Rules: the Dveck Builder seed's design guidelines (warnings)."""
from __future__ import annotations

from .. import ast as A
from .base import LONGEST_TURNS, RARE_MISS_CHANCE, Rule, SUBSET
from .facts import _sel_words, _singular, card_parts, walk


class LongDuration(Rule):
    severity = "warning"
    summary = "a card's effect lasts longer than \"until the end of your next turn\""
    fix = "use `until end of your next turn` or fewer turns: players should not have to remember more"

    def check(self, ctx):
        f = ctx.facts
        for c in f.cards:
            for n in walk(card_parts(c)):
                if isinstance(n, A.Duration) and n.kind == "turns":
                    k = f.const(n.turns, options=True)
                    if k is not None and k > LONGEST_TURNS:
                        yield self.diag(f"\"{c.name}\" makes an effect last {k} turns", n.pos)


class ForeignCounter(Rule):
    severity = "warning"
    summary = "a card touches counters it does not put itself"
    fix = "cards should interact only with their own counters: put them on this card, or drop the counter"

    def check(self, ctx):
        # Counters the game's own rules put (damage dealt by an `attack` action) are part
        # of the game, not "above" it: cards may touch those.
        rules = {n.counter for i in ctx.items if not isinstance(i, A.CardDecl)
                 for n in walk(i) if isinstance(n, A.PutCounter)}
        for c in ctx.facts.cards:
            nodes = list(walk(card_parts(c)))
            own = {n.counter for n in nodes if isinstance(n, A.PutCounter)} | rules
            for n in nodes:
                if isinstance(n, (A.CounterCount, A.RemoveCounter)) and n.counter not in own:
                    yield self.diag(f"\"{c.name}\" touches `{n.counter}` counters it does not "
                                    f"put itself", n.pos)


def score_resources(ctx) -> set:
    """Resources that decide the game: `end game by most R`, or compared in the condition
    of a rule that ends the game, or marked `score`."""
    f = ctx.facts
    out = {n.resource for n in f.nodes if isinstance(n, A.EndGame) and n.kind == "most"}
    out |= {i.name for i in ctx.items if isinstance(i, A.Resource) and i.score}
    for i in ctx.items:
        cond = i.cond if isinstance(i, A.Whenever) else i.where if isinstance(i, A.Trigger) else None
        if cond is not None and any(isinstance(n, A.EndGame) for n in walk(i.body)):
            for n in walk(cond):
                name = n.id if isinstance(n, A.Name) else n.name if isinstance(n, (A.Of, A.Attr)) else None
                if name in f.resources:
                    out.add(name)
    return out


class UnrestrictedScore(Rule):
    severity = "warning"
    summary = "a card gains the game's score with no restriction"
    fix = "add a restriction: `once per turn`, an `if` condition, or a cost paid in the same effect"

    def check(self, ctx):
        score = score_resources(ctx)
        if not score:
            return
        f = ctx.facts
        for u in f.units:
            if u.card is None or u.guarded or u.kind == "instead":
                continue
            for g in self._free_gains(u.body, score):
                yield self.diag(f"\"{u.card.name}\" gains {g.resource} with no restriction: "
                                f"played again and again, it wins by itself", g.pos)

    def _free_gains(self, block, score):
        if block is None:
            return
        stmts = block.stmts
        if any(_sacrifices(s) for s in stmts):
            return
        for s in stmts:
            if isinstance(s, A.Gain) and s.resource in score:
                yield s
            elif isinstance(s, (A.As, A.Simultaneously, A.May, A.Repeat, A.ForEach, A.Phase)):
                yield from self._free_gains(s.body, score)


def _sacrifices(s) -> bool:
    """`destroy this` / `move this to ...`: the card pays for its effect with itself."""
    if isinstance(s, A.Move) and isinstance(s.what, A.Name) and s.what.id == "this":
        return True
    return isinstance(s, A.CallStmt) and any(isinstance(a, A.Name) and a.id == "this" for a in s.args)


class ControllerHand(Rule):
    severity = "warning"
    summary = "a card is moved to its controller's hand (a borrowed card becomes stolen)"
    fix = "write `hand of X.owner`: \"its owner's hand\" is the safer wording"

    def check(self, ctx):
        f = ctx.facts
        for u in f.units:
            for n in walk(u.body):
                if isinstance(n, A.Move) and isinstance(n.to, A.Of) and n.to.name in f.zones \
                        and not f.zones[n.to.name].in_play and isinstance(n.to.target, A.Attr) \
                        and n.to.target.name == "controller":
                    yield self.diag(f"moves a card to its controller's {n.to.name}", n.to.pos,
                                    f"write `{n.to.name} of ... .owner`: \"its owner's "
                                    f"{n.to.name}\" keeps a borrowed card from being stolen")


class RareDependency(Rule):
    severity = "warning"
    summary = "a main-deck card depends on a type that a 100-card game rarely contains"
    fix = "make the card useful without that type, or move it to a booster module"

    def check(self, ctx):
        f = ctx.facts
        total = sum(c.copies for c in f.library)
        if total <= SUBSET:
            return
        known = f.types | f.subtypes
        for c in f.library:
            seen = set()
            for word, node in _sel_words(card_parts(c)):
                w = _singular(word, known)
                k = sum(d.copies for d in f.library if w in d.types or w in d.subtypes)
                if w in seen or k == 0:
                    continue
                seen.add(w)
                miss = _miss_chance(total, k)
                if miss >= RARE_MISS_CHANCE:
                    yield self.diag(f"\"{c.name}\" depends on `{w}` cards, but only {k} of the "
                                    f"{total} cards is one; a {SUBSET}-card game has none "
                                    f"{round(miss * 100)}% of the time", node.pos)


def _miss_chance(total: int, k: int) -> float:
    """Chance that SUBSET cards drawn from ``total`` include none of ``k``."""
    p = 1.0
    for i in range(SUBSET):
        p *= max(total - k - i, 0) / (total - i)
    return p
