"""`divide`: an amount shared out among targets, decided as whole plans.

A plan gives each target a share (a whole number, 0 or more); a share costs its target's
``cost`` per unit of the amount, and a target takes at most its ``most``. Only *full*
plans are offered: nothing left over could still buy a unit for a target below its most
(every unit that can go somewhere, goes). The chooser picks one plan in one decision:

>>> d = Division(None, None, 3, ["B1", "B2"], [1, 1], [None, None], "hit", None)
>>> [p.amounts for p in d.full_plans()]
[(3, 0), (2, 1), (1, 2), (0, 3)]
>>> [p.amounts for p in Division(None, None, 3, ["F", "R"], [1, 2], [None, None], "hit",
...                                 None).full_plans()]
[(3, 0), (1, 1)]

The plans are counted before they are listed (:meth:`Division.count`). When there are more
than :data:`PLAN_LIMIT`, the decision is taken a target at a time, in the targets' order:
"how much on this one?", offering each share that still leaves a full plan possible, until
the plans left for the rest number :data:`PLAN_LIMIT` or fewer; those are then offered
whole. A step with one possible share is not asked; nothing is assigned without asking
unless only one plan is left. So a decision offers at most ``max(PLAN_LIMIT, amount + 1)``
options.
"""
from __future__ import annotations

from .events import Decision

PLAN_LIMIT = 60          # plans offered in one decision, at most
_NO_LIMIT = float("inf")


class Plan:
    """One way to share out: ``amounts[i]`` to ``targets[i]``. ``only``: the index of the
    one target a step of a large division decides (its label names that target alone)."""
    __slots__ = ("targets", "amounts", "only")

    def __init__(self, targets: tuple, amounts: tuple, only=None):
        self.targets = targets
        self.amounts = amounts
        self.only = only

    def __repr__(self) -> str:
        return f"Plan({list(self.amounts)}{'' if self.only is None else f', only={self.only}'})"


def plan_labels(values: list, viewer=None, offer: bool = True) -> list:
    """Each plan as ``viewer`` may read it, "3 on Gate, 1 on Tower": every
    target named as the visibility model lets the viewer see it (a face-down card as "a
    face-down card in ..."); targets named alike are told apart as a decision's options
    are (:func:`~deckwright.dsl.visibility.tell_apart`: what is attached to each, what
    is on it, else their place among them, "#1", "#2"), so every plan reads differently."""
    from ..visibility import tell_apart, value_name
    out, named = [], {}
    for plan in values:
        shown = named.get(plan.targets)      # the plans of one division share their targets
        if shown is None:
            targets = list(plan.targets)
            shown = named[plan.targets] = tell_apart(
                [value_name(t, viewer, offer) for t in targets], targets, viewer)[0]
        at = [plan.only] if plan.only is not None else \
            [i for i, a in enumerate(plan.amounts) if a > 0]
        out.append(", ".join(f"{plan.amounts[i]} on {shown[i]}" for i in at) or "nothing")
    return out


class Division:
    """One `divide` as it is decided: :meth:`next_decision` gives the Decision to ask (or
    None once the plan is known), :meth:`take` the answer, :meth:`given` the plan's
    (target, share) pairs with a share, in the targets' order."""

    def __init__(self, g, chooser, amount, targets, costs, mosts, prompt, this):
        self.g, self.chooser, self.prompt, self.this = g, chooser, prompt, this
        self.targets = tuple(targets)
        self.costs = tuple(c if type(c) is int and c >= 1 else 1 for c in costs)
        self.mosts = tuple(max(m, 0) if type(m) is int else None for m in mosts)
        self.fixed: list = []            # the shares decided so far, target by target
        self.left = amount if type(amount) is int and amount > 0 else 0
        self.floor = _NO_LIMIT           # the least cost of a decided target below its most
        self.done = None
        self.pending = None
        self._memo: dict = {}
        self.n = len(self.targets)

    # --- counting and listing -------------------------------------------------------
    def _shares(self, j: int, left: int):
        """The shares target ``j`` may take out of ``left``, the largest first."""
        c, m = self.costs[j], self.mosts[j]
        hi = left // c if m is None else min(m, left // c)
        return range(hi, -1, -1)

    def _after(self, j: int, a: int, left: int, floor):
        m = self.mosts[j]
        below = m is None or a < m
        return left - a * self.costs[j], (min(floor, self.costs[j]) if below else floor)

    def count(self, j: int = 0, left=None, floor=_NO_LIMIT) -> int:
        """The full plans of targets ``j`` on, out of ``left``, given ``floor``; counted
        only up to PLAN_LIMIT + 1 (more is "too many")."""
        return self._count(j, self.left if left is None else left, floor)

    def _count(self, j: int, left: int, floor) -> int:
        if j == self.n:
            return 1 if left < floor else 0
        key = (j, left, floor)
        memo = self._memo
        got = memo.get(key)
        if got is None:
            c, m = self.costs[j], self.mosts[j]
            hi = left // c if m is None or m > left // c else m
            lower = c if c < floor else floor    # the floor after a share below the most
            count, k = self._count, j + 1
            got = 0 if hi != m else count(k, left - hi * c, floor)
            for a in range(hi if hi != m else hi - 1, -1, -1):
                if got > PLAN_LIMIT:
                    break
                got += count(k, left - a * c, lower)
            memo[key] = got
        return got

    def full_plans(self) -> list:
        """Every full plan that keeps the shares decided so far (few: see :meth:`count`)."""
        out, targets, n, count = [], self.targets, self.n, self._count
        costs, mosts = self.costs, self.mosts

        def walk(j, left, floor, shares):
            if j == n:
                if left < floor:
                    out.append(Plan(targets, tuple(shares)))
                return
            c, m = costs[j], mosts[j]
            hi = left // c if m is None or m > left // c else m
            lower = c if c < floor else floor
            for a in range(hi, -1, -1):
                after = floor if a == m else lower
                if count(j + 1, left - a * c, after) > 0:
                    walk(j + 1, left - a * c, after, shares + [a])

        walk(len(self.fixed), self.left, self.floor, list(self.fixed))
        return out

    # --- deciding -------------------------------------------------------------------
    def next_decision(self):
        while self.done is None:
            j = len(self.fixed)
            if self.count(j, self.left, self.floor) <= PLAN_LIMIT:
                plans = self.full_plans()
                if len(plans) == 1 or self.chooser is None:
                    self.done = plans[0].amounts
                    if len(plans) == 1 and self.chooser is not None and self.g.logging \
                            and any(self.done):
                        self.g.log_forced(self._decision(plans), 0)
                    break
                return self._decision(plans)
            rest = len(self.targets) - j - 1
            steps = [Plan(self.targets, tuple(self.fixed) + (a,) + (0,) * rest, j)
                     for a in self._shares(j, self.left)
                     if self.count(j + 1, *self._after(j, a, self.left, self.floor)) > 0]
            if len(steps) == 1 or self.chooser is None:
                self._fix(steps[0].amounts[j])
                continue
            return self._decision(steps)
        return None

    def decide_quickly(self) -> None:
        """What :meth:`next_decision` and :meth:`take` do, asked until the plan is known,
        in a game that asks quick bots (``g.quick``): each decision's number of options
        goes to the bot, and the plan it picks is found from the counts (the plans are
        never listed, nor the decisions made). The same plan, option for option."""
        g = self.g
        while self.done is None:
            j = len(self.fixed)
            n = self._count(j, self.left, self.floor)
            if n <= PLAN_LIMIT:
                k = 0 if n == 1 or self.chooser is None else \
                    g.ask_quick(self.chooser, "divide", n)
                self.done = self._plan_at(k)
                return
            steps = [a for a in self._shares(j, self.left)
                     if self._count(j + 1, *self._after(j, a, self.left, self.floor)) > 0]
            k = 0 if len(steps) == 1 or self.chooser is None else \
                g.ask_quick(self.chooser, "divide", len(steps))
            self._fix(steps[k])

    def _plan_at(self, k: int) -> tuple:
        """The ``k``-th full plan that keeps the shares decided so far, in the order
        :meth:`full_plans` lists them."""
        shares, left, floor = list(self.fixed), self.left, self.floor
        for j in range(len(shares), self.n):
            for a in self._shares(j, left):
                after = self._after(j, a, left, floor)
                c = self._count(j + 1, *after)
                if k < c:
                    break
                k -= c
            shares.append(a)
            left, floor = after
        return tuple(shares)

    def _decision(self, plans: list) -> Decision:
        this = self.this
        self.pending = plans
        return Decision(self.chooser, "divide", self.prompt, None, plans, 1, 1, False,
                        this.name if this is not None else None, None, plan_labels, this)

    def _fix(self, a: int) -> None:
        j = len(self.fixed)
        self.left, self.floor = self._after(j, a, self.left, self.floor)
        self.fixed.append(a)

    def take(self, choice: int) -> None:
        plan = self.pending[choice]
        self.pending = None
        if plan.only is None:
            self.done = plan.amounts
        else:
            self._fix(plan.amounts[plan.only])

    def given(self) -> list:
        return [(t, a) for t, a in zip(self.targets, self.done or ()) if a > 0]


def divide_targets(values) -> list:
    """The targets of a `divide`: the collection's elements without `none`, each once."""
    out, seen = [], set()
    for v in values:
        if v is not None and id(v) not in seen:
            seen.add(id(v))
            out.append(v)
    return out
