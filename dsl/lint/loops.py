"""Rules: loops and cost."""
from __future__ import annotations

from .. import ast as A
from .base import Rule, _at


class TriggerLoop(Rule):
    severity = "warning"
    summary = "triggers whose effects can cause each other forever (A → B → A)"
    fix = ("add a `where` condition or `once per turn` that breaks the cycle, "
           "or suppress it with `# lint: ignore trigger-loop` if the cycle ends by itself")

    def check(self, ctx):
        f = ctx.facts
        nodes = [u for u in f.units if u.kind in ("trigger", "instead") and not u.once]
        edges = {}
        for i, u in enumerate(nodes):
            caused = f.causes(u.body)
            edges[i] = [j for j, v in enumerate(nodes) if v.event in caused]
        for comp in _sccs(len(nodes), edges):
            if len(comp) == 1 and comp[0] not in edges[comp[0]]:
                continue
            start = min(comp, key=lambda k: (nodes[k].pos.file, nodes[k].pos.line))
            cycle = _shortest_cycle(start, edges, set(comp))
            if all(nodes[k].event == "leave" and not ({"enter", "create"} & f.causes(nodes[k].body))
                   for k in cycle):
                continue        # each step takes a card out of play and none comes in: it ends
            certain = all(not nodes[k].guarded for k in cycle) and all(
                nodes[cycle[(n + 1) % len(cycle)]].event in f.causes(nodes[k].body, True)
                for n, k in enumerate(cycle))
            u = nodes[start]
            path = " → ".join(f"{nodes[k].label} ({_at(nodes[k].pos, u.pos)}) "
                              f"causes `{nodes[cycle[(n + 1) % len(cycle)]].event}`"
                              for n, k in enumerate(cycle))
            u = nodes[start]
            if certain:
                yield self.diag(f"trigger loop that never ends: {path} → again", u.pos,
                                "nothing in this cycle can stop it: add a condition",
                                severity="error")
            else:
                yield self.diag(f"possible trigger loop: {path} → again", u.pos)


def _sccs(n: int, edges: dict) -> list:
    """Tarjan's strongly connected components, iteratively."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = 0
    for root in range(n):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on.add(v)
            succ = edges.get(v, [])
            if i < len(succ):
                work.append((v, i + 1))
                w = succ[i]
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(sorted(comp))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return out


def _shortest_cycle(start: int, edges: dict, allowed: set) -> list:
    prev = {start: None}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in edges.get(v, []):
            if w not in allowed:
                continue
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path))
            if w not in prev:
                prev[w] = v
                queue.append(w)
    return [start]


class CostBound(Rule):
    severity = "error"
    summary = "an effect whose worst-case number of steps exceeds the engine's step budget"
    fix = "use smaller numbers, or fewer nested loops"

    def check(self, ctx):
        from ..engine import DEFAULT_BUDGET
        self.f = ctx.facts
        self.budget = DEFAULT_BUDGET
        self.cards = max(sum(c.copies for c in self.f.library), 1)
        self.memo: dict = {}
        for u in self.f.units:
            yield from self._find(u.body, u.label)

    def _find(self, block, label):
        if block is None:
            return
        for s in block.stmts:
            cost = self.stmt(s)
            if cost > self.budget:
                inner = [b for b in _sub_blocks(s)]
                deeper = [x for b in inner for x in self._find(b, label)]
                if deeper:
                    yield from deeper
                else:
                    yield self.diag(f"{label} may take {cost:,} steps, more than the step "
                                    f"budget of {self.budget:,}", s.pos)

    def block(self, block) -> int:
        return sum(self.stmt(s) for s in block.stmts) if block is not None else 0

    def stmt(self, s) -> int:
        f = self.f
        if isinstance(s, A.Repeat):
            n = f.const(s.times, options=True)
            return 1 + (n if isinstance(n, int) and n > 0 else 1) * self.block(s.body)
        if isinstance(s, A.ForEach):
            # Only what is known counts: players, list literals; a selection of cards is
            # counted once (its size is the game's business, and the engine's budget's).
            c = s.collection
            n = f.max_players if isinstance(c, A.PlayerSel) else \
                len(c.items) if isinstance(c, A.ListLit) else 1
            return 1 + n * self.block(s.body)
        if isinstance(s, A.While):
            if f.const(s.cond) is True:
                return 10 ** 12                # never stops by itself
            return 1 + self.block(s.body)
        if isinstance(s, A.CallStmt) and s.name in f.actions:
            body = f.actions[s.name].body
            if id(body) not in self.memo:
                self.memo[id(body)] = 1
                self.memo[id(body)] = self.block(body)
            return 1 + self.memo[id(body)]
        return 1 + sum(self.block(b) for b in _sub_blocks(s))


def _sub_blocks(s) -> list:
    if isinstance(s, A.If):
        return [b for b in (s.then, s.orelse) if b is not None]
    if isinstance(s, A.ChooseOne):
        return [c.body for c in s.cases]
    body = getattr(s, "body", None)
    return [body] if isinstance(body, A.Block) else []
