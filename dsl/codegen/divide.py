"""`divide` → lines of Python: the targets, each one's cost and most, then the decision
(:class:`deckwright.dsl.engine.divide.Division`) asked until the plan is known, then the
block once per target given a share."""
from __future__ import annotations

from .writer import literal


class DivideWriter:
    """The `divide` statement, for :class:`deckwright.dsl.codegen.module.CodeGenerator`."""

    def s_Divide(self, n, f):
        targets, costs, mosts, x = f.temp(), f.temp(), f.temp(), f.gen.fresh("c")
        self.writeline(f"{targets} = DIVIDE_TARGETS(ITERLIST({self.expr(n.source, f)}))")
        self.writeline(f"g.steps += len({targets})")
        self.writeline(f"if g.steps > g.budget: BUDGET(g, {self.pos(n.pos)})")
        which = []                          # each `paying ... for C`: C, once
        for _, w in n.costs:
            if w is None:
                which.append(None)
                continue
            t = f.temp()
            self.writeline(f"{t} = ITERLIST({self.expr(w, f)})")
            which.append(t)
        self.writeline(f"{costs}, {mosts} = [], []")
        self.writeline(f"for {x} in {targets}:")
        self.indent()
        saved = (f.it, f.it_safe)
        f.it, f.it_safe = x, True
        try:
            self._cost_of(n.costs, which, costs, x, f)
            most = self.expr(n.most, f) if n.most is not None else "None"
            self.writeline(f"{mosts}.append({most})")
        finally:
            f.it, f.it_safe = saved
        self.outdent()
        who, plan, d = f.temp(), f.temp(), f.temp()
        chooser = self.expr(n.by, f) if n.by is not None else f.you
        self.writeline(f"{who} = {chooser}")
        self.writeline(f"{plan} = DIVISION(g, {who}, {self.expr(n.amount, f)}, {targets}, "
                       f"{costs}, {mosts}, {literal(n.prompt)}, {f.this})")
        if not f.resumable:                 # quick bots: the plan found from its counts
            self.writeline(f"if g.quick: DIVIDE_QUICKLY({plan})")
            self.writeline("else:")
            self.indent()
        self.writeline("while True:")
        self.indent()
        self.writeline(f"{d} = DIVIDE_NEXT({plan})")
        self.writeline(f"if {d} is None: break")
        answer = self.ask_one(f, who, "divide", f"len({d}.values)", d) if f.resumable \
            else f"g.ask({d})"
        self.writeline(f"DIVIDE_TAKE({plan}, {answer})")
        self.outdent()
        if not f.resumable:
            self.outdent()
        target, share = f.local(n.target), f.local(n.share)
        self.writeline(f"for {target}, {share} in DIVIDE_GIVEN({plan}):")
        self.indent()
        self.budget_check(n.pos)
        self.block(n.body, f)
        self.outdent()

    def _cost_of(self, costs, which, out: str, x: str, f) -> None:
        """``out.append(...)`` of the first `paying` whose `for` holds ``x``: one without
        `for` holds for all (the ones after it are never reached), and with none, 1."""
        tests, default = [], None
        for (cost, _), w in zip(costs, which):
            if w is None:
                default = cost
                break
            tests.append((w, cost))
        for k, (w, cost) in enumerate(tests):
            self.writeline(f"{'elif' if k else 'if'} MEMBER(g, {w}, {x}, {self.spot_pos()}):")
            self.indent()
            self.writeline(f"{out}.append({self.expr(cost, f)})")
            self.outdent()
        if tests:
            self.writeline("else:")
            self.indent()
        self.writeline(f"{out}.append({self.expr(default, f) if default is not None else 1})")
        if tests:
            self.outdent()
