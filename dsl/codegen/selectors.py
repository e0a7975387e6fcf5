"""Selectors → Python: the loops and comprehensions of `cards in ZONE where ...`,
`players where ...` and `each ... do`, and the tests on a card worked out in advance.

A statement's own selector is written as a loop before the statement (its looks charged
to the step budget beyond FREE_LOOKS); one inside another expression is a comprehension,
always charged. Tests that depend only on a card's definition are read from a table made
when the code is generated. A mixin of :class:`CodeGenerator`, beside :class:`ExprWriter`.
"""
from __future__ import annotations

from .. import ir as I
from ..check.kinds import CARD, PLAYER, ZONE
from ..limits import FREE_LOOKS
from .questions import def_static, invariants, is_you, member_collections, mentions_it, static_eval
from .writer import literal


class SelectorWriter:
    def plain_zone(self, n, f):
        """The card list of `cards in ZONE` with nothing else to test, when ZONE is one
        zone: read as it is, not looped over (the caller copies it if it keeps it)."""
        if not isinstance(n, I.CardSel) or n.words or n.filters or n.where is not None \
                or len(n.zones) != 1:
            return None
        zone = n.zones[0]
        if not isinstance(zone, I.ZoneRef):
            return None
        k = self.zone_index[zone.name]
        if zone.scope == "shared":
            return f"{self.state(f)}.zl[{k}].cards"
        if is_you(zone.player):
            return f"(() if {f.you} is None else {f.you}.z[{k}].cards)"
        return None

    def x_CardSel(self, n, f):
        plain = self.plain_zone(n, f)
        if plain is not None:               # copied: a step for each card
            if not f.hoist:
                return f"list(POOL(g, {plain}, {self.spot_pos()}))"
            t = f.temp()
            self.writeline(f"{t} = {plain}")
            self.charge(f"len({t})")
            return f"list({t})"
        if f.hoist:
            return self.selection(n, f)
        return self.comprehension(n, f)

    def x_PlayerSel(self, n, f):
        if f.hoist:
            return self.selection(n, f)
        return self.comprehension(n, f)

    def _pool(self, n, f, var: str) -> tuple:
        """The loops over a selector's candidates, as (variable, iterable) pairs, and the
        source of their number when it is not the first iterable's length (the cards
        in play: the engine counts them)."""
        if isinstance(n, I.PlayerSel):
            return [(var, f"{self.state(f)}.players")], None
        if not n.zones:
            z = f.gen.fresh("z")
            return [(z, f"{self.state(f)}.inplay"), (var, f"{z}.cards")], "g.in_play_cards"
        refs = [z for z in n.zones if isinstance(z, I.ZoneRef) and z.scope != "shared"]
        if len(refs) == len(n.zones) and all(is_you(z.player) for z in refs):
            # `your hand`, `your area in your hand`: none of them when `you` is none
            cards = " + ".join(f"{f.you}.z[{self.zone_index[z.name]}].cards" for z in refs)
            return [(var, f"(() if {f.you} is None else {cards})")], None
        if len(n.zones) == 1:
            zone = n.zones[0]
            if zone in refs:
                who = self._iterable(zone.player, f)
                return [(var, f"ZONE_OF({who}, {self.zone_index[zone.name]})")], None
            src = self._iterable(zone, f)
            if zone.kind == ZONE and self.never_none(zone, f):
                return [(var, f"{src}.cards")], None
            return [(var, f"ZONECARDS({src})")], None
        srcs = [self._iterable(z, f) for z in n.zones]
        if all(isinstance(z, I.ZoneRef) and z.scope == "shared" for z in n.zones):
            return [(var, " + ".join(x + ".cards" for x in srcs))], None
        return [(var, f"ZONECARDS([{', '.join(srcs)}])")], None

    def _iterable(self, node, f) -> str:
        saved = f.walrus
        f.walrus = False            # `:=` is not allowed in a comprehension's iterable
        try:
            return self.quiet(node, f)
        finally:
            f.walrus = saved

    def _tests(self, n, f, var: str) -> list:
        """The tests an element must pass, as source, in the order the language gives.
        Filters' arguments see the `it` of where the selector is written; only the
        `where` clause's `it` is the element."""
        if isinstance(n, I.PlayerSel):
            tests = [f"{var}.alive"]
            if n.opponents:
                tests.append(f"{var} is not {f.you}")
            for e in n.excepts:
                tests.append(f"{var} not in {self.excepted(e, f)}")
        else:
            tests = [self.type_table(w) + f"[{var}.d]" for w in n.words]
            for kind, arg in n.filters:
                tests.append(self._filter(kind, arg, f, var))
        if n.where is not None:
            saved = (f.it, f.it_safe)
            f.it, f.it_safe = var, True
            try:
                tests.append(self.quiet(n.where, f, cond=True))
            finally:
                f.it, f.it_safe = saved
        return tests

    def _filter(self, kind, arg, f, var) -> str:
        if kind in ("controlled_by", "owned_by"):
            field = "controller" if kind == "controlled_by" else "owner"
            who = self.quiet(arg, f)
            if arg.kind == PLAYER:
                return f"{var}.{field} is {who}"
            return f"OWNED({var}.{field}, {who})"
        if kind == "attached_to":
            host = self.quiet(arg, f)
            if host in f.subst.values():          # worked out before the loop: a name
                return f"({host} is not None and {var}.attached_to is {host})"
            # the host worked out only for a card attached to something (few are)
            return f"({var}.attached_to is not None and {var}.attached_to is {host})"
        if kind == "named":
            return f"{var}.name == {literal(arg.value)}"
        return f"{var} not in {self.excepted(arg, f)}"

    def excepted(self, node, f) -> str:
        """What an `except` leaves out, tested for each candidate: a collection's members
        are charged each time (a step each), a single card or player is not."""
        src = f"MEMBERS({self.quiet(node, f)})"
        if node.kind in (CARD, PLAYER):
            return src
        return f"POOL(g, {src}, {self.spot_pos()})"

    def comprehension(self, n, f) -> str:
        """A selector as a list comprehension, the candidates it looks through charged
        to the budget as it starts (POOL, POOL_OF: dsl/engine/values.py)."""
        var = f.gen.fresh("c")
        clauses, size = self._pool(n, f, var)
        tests = self._tests(n, f, var)
        cond = f" if {' and '.join(tests)}" if tests else ""
        (first, items), rest = clauses[0], clauses[1:]
        if size is None:
            items = f"POOL(g, {items}, {self.spot_pos()})"
        else:
            items = f"POOL_OF(g, {items}, {size}, {self.spot_pos()})"
        fors = " ".join(f"for {v} in {x}" for v, x in [(first, items)] + rest)
        return f"[{var} {fors}{cond}]"

    def selection(self, n, f, mode: str = "list") -> str:
        """A selector written as a loop before the current statement: its result is a
        temporary, the list (``mode`` "list"), the number of elements ("count") or
        whether there is one ("any": the loop stops at the first)."""
        var = f.gen.fresh("c")
        out = f.temp()
        w = f.gen
        w.writeline(f"{out} = " + {"list": "[]", "count": "0", "any": "False"}[mode])
        done = {"list": f"{out}.append({var})", "count": f"{out} += 1",
                "any": f"{out} = True"}[mode]
        self.loop_over(n, f, var, lambda: w.writeline(done) or (mode == "any" and w.writeline("break")))
        return out

    def loop_over(self, n, f, var: str, body, exclude=()) -> None:
        """Write the loop over a selector's elements (as ``var``) that pass its tests,
        with ``body()`` writing what is done with each. Parts of the tests that do not
        depend on the element (nor on the locals in ``exclude``) are worked out once,
        before the loop."""
        hoisted = [x for x in invariants(n, exclude)]
        for node in hoisted:
            t = f.temp()
            f.gen.writeline(f"{t} = {self.expr(node, f)}")
            f.subst[id(node)] = t
        listed = []
        for node in member_collections(n, exclude):
            t = f.temp()
            f.gen.writeline(f"{t} = MEMBERS({self.expr(node, f)})")
            listed.append(("members", id(node)))
            f.subst[listed[-1]] = t
        try:
            clauses, size = self._pool(n, f, var)
            tests = self._tests(n, f, var)
        finally:
            for node in hoisted:
                f.subst.pop(id(node), None)
        w = f.gen
        (first, items), rest = clauses[0], clauses[1:]
        if size is None:
            t = f.temp()
            w.writeline(f"{t} = {items}")
            items, size = t, f"len({t})"
        # The candidates, and for each the lists its membership tests look through
        each = " + ".join(["1"] + [f"(len({t}) if len({t}) > {FREE_LOOKS} else 0)"
                                   for t in (f.subst[key] for key in listed)])
        for key in listed:
            f.subst.pop(key, None)
        self.charge(size if not listed else f"{size} * ({each})")
        for v, x in [(first, items)] + rest:
            w.writeline(f"for {v} in {x}:")
            w.indent()
        if tests:
            w.writeline(f"if {' and '.join(tests)}:")
            w.indent()
        body()
        if tests:
            w.outdent()
        for _ in clauses:
            w.outdent()

    def charge(self, steps: str) -> None:
        """Write the charge of ``steps`` (source, read twice) to the budget, checked at
        once, for a statement's own selector: up to FREE_LOOKS elements are looked at
        within the statement's step (such a selector is never inside another's `where`,
        where the looks would multiply: that one is a comprehension, always charged)."""
        self.writeline(f"if {steps} > {FREE_LOOKS}: CHARGE(g, {steps}, {self.spot_pos()})")

    def spot_pos(self) -> str:
        """The deck position a charge of the budget names: the statement (or trigger,
        static...) being written."""
        return self.pos(self.spot)

    # --- tests worked out in advance -------------------------------------------------------
    def definition_test(self, n):
        """The table (by definition) of a test on `it` that depends only on the card's
        definition, or None."""
        if not def_static(n):
            return None
        return self.table([bool(static_eval(n, d)) for d in self.deflist])

    def static_test(self, n, f):
        """A table lookup for a test on `it` that depends only on its definition, when
        `it` is a selector's element; None otherwise."""
        if not f.it_safe or f.it is None or isinstance(n, I.Prop):
            return None
        if not mentions_it(n) or not def_static(n):
            return None
        values = [bool(static_eval(n, d)) if n.kind == "condition" else static_eval(n, d)
                  for d in self.deflist]
        return f"{self.table(values)}[{f.it}.d]"
