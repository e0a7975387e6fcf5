"""A record of each simulated game, for balance figures: who won, how, and what each seat
did with each card.

A :class:`Recorder` watches a game (it is the game's observer, called after every
decision) and sees each card's moves from zone to zone, which it reads by what the zones
are, never by a game's words:

* **played**: a card entering a zone in play from one out of play (its controller's);
* **drawn**: a card entering a seat's private zone (a hand) from a hidden one (a pile);
* **bought**: else, a card entering a seat's zone out of play from a shared zone (a
  shop, a supply pile): bought, gained or taken.

What happens during set-up, before the first decision, is not counted. With the program
loaded by :func:`counting_code`, the record also holds how often each card's effect or
ability ran, for which seat (**used**), and which triggers fired.

>>> from deckwright.dsl.loader import load_program
>>> from deckwright.dsl.sim import simulate
>>> report = simulate(load_program("example"), games=2, seed=1, records=True)
>>> sorted(report["records"][0])[:4]
['draw', 'fired', 'first', 'game']
"""
from __future__ import annotations

from collections import Counter
from typing import Optional


WHAT = ("played", "used", "bought", "drawn")


class Recorder:
    """The observer of one game; :meth:`record` is what it saw, once the game is over."""

    def __init__(self):
        self.where: dict = {}          # card id → the zone it was last seen in
        self.first: Optional[int] = None
        self.counts: dict = {}         # (seat index, what) → Counter of card names
        self.used: Counter = Counter()
        self.fired: Counter = Counter()

    def __call__(self, game) -> None:
        s = game.state
        if self.first is None and s.active is not None:
            self.first = s.active.index
        where = self.where
        for z in s.zones.values():
            for c in z.cards:
                before = where.get(c.id)
                if before is z:
                    continue
                where[c.id] = z
                if before is not None:
                    self._moved(c, before, z)

    def _moved(self, card, a, b) -> None:
        if b.in_play and not a.in_play:
            who = card.controller or b.owner
            what = "played"
        elif b.visibility == "private" and a.visibility == "hidden" and b.owner is not None:
            who, what = b.owner, "drawn"
        elif not b.in_play and b.owner is not None and a.owner is None and a.side is None:
            who, what = b.owner, "bought"
        else:
            return
        if who is not None:
            key = (who.index, what)
            counter = self.counts.get(key)
            if counter is None:
                counter = self.counts[key] = Counter()
            counter[card.name] += 1

    def record(self, game, i: int, seed: int) -> dict:
        """The game as plain data (JSON): one line of a ``--jsonl`` file."""
        self(game)
        s = game.state
        r = s.result
        winners = set(r["winners"])
        seats = []
        for p in s.players:
            seats.append({
                "seat": p.name, "side": p.side, "won": p.name in winners,
                **{what: dict(sorted(self.counts.get((p.index, what), {}).items()))
                   for what in WHAT}})
        return {"game": i, "seed": seed, "turns": r["turns"], "reason": r["reason"],
                "draw": bool(r["draw"]), "winners": sorted(winners),
                "first": s.players[self.first].name if self.first is not None else None,
                "seats": seats, "used": dict(sorted(self.used.items())),
                "fired": sorted(self.fired)}


# The recorder of the game being played in this process, for the counting program's hooks
# (a program is loaded once per process; games are played one at a time).
current: Optional[Recorder] = None


def counting_code(program, resumable: bool = False):
    """The program loaded so that each card's effect or ability, as it runs, and each
    trigger, as it fires, report to ``current``: the way :func:`deckwright.dsl.codegen.counting`
    loads it for the linter, with the seat it runs for; ``resumable``: in the stepped
    form (for games with a searching seat)."""
    from .codegen import load

    def on_trigger(k):
        if current is not None:
            current.fired[k] += 1
    code = load(program, resumable=resumable, notes=True)
    ns = code.namespace
    ns["NOTE_TRIGGER"] = on_trigger
    info = program.info()

    def wrap(fn, name):
        def counted(g, you, this, ev):
            if current is not None:
                current.used[name] += 1
                if you is not None:
                    key = (you.index, "used")
                    counter = current.counts.get(key)
                    if counter is None:
                        counter = current.counts[key] = Counter()
                    counter[name] += 1
            return fn(g, you, this, ev)
        return counted

    def wrap_aimed(fn, name):
        """The same, for a deck whose effects or abilities also take their target."""
        plain = wrap(lambda g, you, this, ev: None, name)

        def counted(g, you, this, ev, x):
            plain(g, you, this, ev)
            return fn(g, you, this, ev, x)
        return counted
    fx_wrap = wrap_aimed if any(d.target is not None for d in info.deflist) else wrap
    ab_wrap = wrap_aimed if any(ab.target is not None for ab in info.abilities) else wrap
    ns["EFFECTS"] = [None if fn is None else fx_wrap(fn, d.name)
                     for fn, d in zip(ns["EFFECTS"], info.deflist)]
    owners = [d.name for d in info.deflist for _ in d.abilities]
    ns["ABILITY_BODY"] = [ab_wrap(fn, name) for fn, name in zip(ns["ABILITY_BODY"], owners)]
    return code
