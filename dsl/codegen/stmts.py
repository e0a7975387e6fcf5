"""Statements → lines of Python.

``stmt(node, frame)`` writes the lines for one :mod:`deckwright.dsl.ir` statement. Statements that
announce events (moving cards, gaining, an action's call...) call the helpers
:mod:`deckwright.dsl.codegen.events` writes for this program when anything listens to those events,
and the engine's quiet primitives when nothing does.
"""
from __future__ import annotations

from .. import ir as I
from ..check.kinds import CARD
from .exprs import may_hold_lists
from .questions import assigns
from .writer import literal
from ..engine.state import ORIENTATIONS


class StmtWriter:
    """The statement half of :class:`deckwright.dsl.codegen.module.CodeGenerator`."""

    def block(self, stmts, f) -> None:
        if not stmts:
            self.writeline("pass")
            return
        for s in stmts:
            self.stmt(s, f)

    def stmt(self, node, f) -> None:
        saved, spot = f.hoist, self.spot
        if self.draws(node):           # keep the order of random draws as written
            f.hoist = False
        lines, start = self.w.lines, len(self.w.lines)
        pos = getattr(node, "pos", None) or getattr(node, "at", None)
        self.spot = pos or spot
        try:
            getattr(self, "s_" + type(node).__name__)(node, f)
        finally:
            f.hoist, self.spot = saved, spot
        if pos is not None and len(lines) > start:     # the lines it wrote (see line_positions)
            self.spans.setdefault(id(lines), (lines, []))[1].append((start, len(lines), pos))

    def call(self, f, src: str, decides: bool) -> str:
        """A call, delegated to with `yield from` when it may decide in a stepped game."""
        if decides and f.resumable:
            return f"(yield from {src})"
        return src

    def ask(self, f, decision: str) -> str:
        """The answer to a decision: yielded to the driver, or asked of the agent."""
        return f"(yield {decision})" if f.resumable else f"g.ask({decision})"

    def ask_one(self, f, player: str, kind: str, n: str, decision: str) -> str:
        """The answer to a decision of one of ``n`` options; a game that only runs asks a
        quick bot (Game.ask_quick) without making the decision, which only it reads."""
        if f.resumable:
            return f"(yield {decision})"
        return f"(g.ask_quick({player}, {literal(kind)}, {n}) if g.quick else g.ask({decision}))"

    def budget_check(self, pos, steps: str = "1") -> None:
        self.writeline(f"g.steps += {steps}")
        self.writeline(f"if g.steps > g.budget: BUDGET(g, {self.pos(pos)})")

    def each(self, node, f) -> str:
        """Source for ``node``, what a statement acts on card by card: a collection's
        cards are charged to the budget first (a step each), a single card is not."""
        src = self.expr(node, f)
        if node.kind == CARD:
            return src
        if isinstance(node, I.CardSel):          # a list: charged without a call
            t = f.temp()                         # (each card, however few: moving one
            self.writeline(f"{t} = {src}")       # costs more than looking at many)
            self.budget_check(self.spot, f"len({t})")
            return t
        return f"CHARGED(g, {src}, {self.spot_pos()})"

    # --- cards --------------------------------------------------------------------------
    def s_Move(self, n, f):
        what = self.each(n.what, f)
        to = self.expr(n.to, f)
        index = self.expr(n.index, f) if n.index is not None else "None"
        one = n.what.kind == "card"
        self.writeline(self.move_call(f, what, to, literal(n.where), index, one))

    def s_Shuffle(self, n, f):
        zone = self.each(n.zone, f)
        if self.a.hears("shuffle"):           # the event names the zone: held once
            t = f.temp()
            self.writeline(f"{t} = {zone}")
            zone = t
        self.call_then_after(f, "shuffle", f"SHUFFLE(g, {zone})",
                             self.with_source(f"{{'zone': {zone}}}", f.this, f.ability))

    def call_then_after(self, f, event: str, call: str, data: str) -> None:
        """``call``, a primitive that says whether it did anything; if it did, the
        `after` of ``event``, written only where something listens to it."""
        if self.a.hears(event):
            self.writeline(f"if {call}:")
            self.indent()
            self.emit_after(f, event, data, f.you)
            self.outdent()
        else:
            self.writeline(call)

    def s_Reveal(self, n, f):
        self.writeline(f"REVEAL(g, {f.you}, {self.each(n.what, f)})")

    def s_Face(self, n, f):
        self.writeline(f"SET_FACE({self.each(n.what, f)}, {n.up})")

    # `use ability ["NAME"] of CARD`: one of the card's usable abilities (`you` picks when
    # there are several), run as `activate` is, without its costs
    def s_UseAbility(self, n, f):
        t, opts, i, k = f.temp(), f.temp(), f.temp(), f.temp()
        self.writeline(f"{t} = {self.expr(n.card, f)}")
        self.writeline(f"{opts} = [] if {t} is None or {f.you} is None else "
                       f"USABLE_OF(g, {f.you}, {t}, {literal(n.name)})")
        self.writeline(f"if {opts}:")
        self.indent()
        source = "this.name" if f.this_safe else f"({f.this}.name if {f.this} is not None else None)"
        d = (f"DECISION({f.you}, 'choose', 'Use which ability of ' + {t}.name + '?', None, "
             f"[ABILITY[x].name for x in {opts}], 1, 1, False, {source}, None, g.labels_of, "
             f"{f.this})")
        self.writeline(f"{i} = 0 if len({opts}) == 1 else {self.ask(f, d)}")
        self.writeline(f"{k} = {opts}[{i}]")
        # as the ability is used from an offer, its target chosen and its costs not paid
        self.need_activate = True
        self.writeline(self.call(f, f"ACTIVATE(g, {f.you}, {t}, {k}, True)", True))
        self.outdent()

    # `turn CARDS sideways | upside down | upright`; an `orient` event after each card
    # that changed, written only where something listens
    def s_Orient(self, n, f):
        how = ORIENTATIONS.index(n.how)
        c, old = f.gen.fresh("c"), f.temp()
        self.writeline(f"for {c} in CARDS({self.each(n.what, f)}):")
        self.indent()
        if self.a.hears("orient"):
            self.writeline(f"{old} = ORIENT(g, {c}, {how})")
            self.writeline(f"if {old} is not None:")
            self.indent()
            self.emit_after(f, "orient", self.with_source(
                f"{{'card': {c}, 'old': {old}, 'new': {literal(n.how)}}}", f.this, f.ability),
                f.you)
            self.outdent()
        else:
            self.writeline(f"ORIENT(g, {c}, {how})")
        self.outdent()

    def s_Attach(self, n, f):
        what = self.each(n.what, f)
        host = self.expr(n.host, f)
        self.writeline(self.attach_call(f, what, host))

    def s_Detach(self, n, f):
        self.writeline(f"DETACH({self.each(n.what, f)})")

    def s_GiveControl(self, n, f):
        what = self.each(n.what, f)
        player = self.expr(n.player, f)
        p, c = f.temp(), f.gen.fresh("c")
        self.writeline(f"{p} = {player}")
        self.writeline(f"if {p} is not None:")
        self.indent()
        self.writeline(f"for {c} in CARDS({what}):")
        self.indent()
        self.call_then_after(f, "control", f"TAKE_CONTROL(g, {c}, {p})",
                             self.with_source(f"{{'card': {c}, 'player': {p}}}", f.this,
                                              f.ability))
        self.outdent()
        self.outdent()

    def s_Give(self, n, f):
        what = self.each(n.what, f)
        self.writeline(f"GIVE({what}, {self.expr(n.player, f)})")

    def s_Transform(self, n, f):
        what = self.each(n.what, f)
        into = self.expr(n.into, f)
        t, c, old = f.temp(), f.gen.fresh("c"), f.temp()
        self.writeline(f"{t} = {into}")
        self.writeline(f"if {t} is not None:")
        self.indent()
        self.writeline(f"KNOWN_CARD(g, {t}, {self.pos(n.pos)})")
        self.writeline(f"for {c} in CARDS({what}):")
        self.indent()
        self.writeline(f"{old} = TRANSFORM(g, {c}, {t}, {self.pos(n.pos)})")
        if self.a.hears("transform"):
            self.writeline(f"if {old} is not None:")
            self.indent()
            self.emit_after(f, "transform", self.with_source(
                f"{{'card': {c}, 'old': {old}, 'new': {t}}}", f.this, f.ability), f.you)
            self.outdent()
        self.outdent()
        self.outdent()

    def s_PutCounter(self, n, f):
        amount = self.expr(n.amount, f)
        target = self.each(n.target, f)
        k, c = f.temp(), f.gen.fresh("c")
        self.writeline(f"{k} = {amount}")
        self.writeline(f"if {k} > 0:")
        self.indent()
        self.writeline(f"for {c} in CARDS({target}):")
        self.indent()
        self.writeline(f"PUT_COUNTERS(g, {c}, {literal(n.counter)}, {k})")
        if self.a.hears("counter_added"):
            self.emit_after(f, "counter_added", self.with_source(
                f"{{'card': {c}, 'counter': {literal(n.counter)}, 'amount': {k}}}", f.this,
                f.ability), f.you)
        self.outdent()
        self.outdent()

    def s_RemoveCounter(self, n, f):
        amount = self.expr(n.amount, f) if n.amount is not None else "None"
        target = self.each(n.target, f)
        k, c, took = f.temp(), f.gen.fresh("c"), f.temp()
        self.writeline(f"{k} = {amount}")
        self.writeline(f"for {c} in CARDS({target}):")
        self.indent()
        self.writeline(f"{took} = REMOVE_COUNTERS({c}, {literal(n.counter)}, {k})")
        if self.a.hears("counter_removed"):
            self.writeline(f"if {took}:")
            self.indent()
            self.emit_after(f, "counter_removed", self.with_source(
                f"{{'card': {c}, 'counter': {literal(n.counter)}, 'amount': {took}}}", f.this,
                f.ability), f.you)
            self.outdent()
        self.outdent()

    def s_Create(self, n, f):
        amount = self.expr(n.amount, f)
        zone = self.expr(n.zone, f)
        self.writeline(self.create_call(f, literal(n.card), amount, zone, self.pos(n.pos)))

    def s_CreateCopy(self, n, f):
        card = self.expr(n.card, f)
        amount = self.expr(n.amount, f)
        zone = self.expr(n.zone, f)
        self.writeline(self.create_call(f, f"COPY_SOURCE({card})", amount, zone,
                                        self.pos(n.pos)))

    def s_CreateLibrary(self, n, f):
        zone = self.expr(n.zone, f)
        cond, keep = "None", "None"
        if n.cond is not None:
            keep = self.definition_test(n.cond)
            if keep is None:
                cond, keep = self.library_condition(n.cond, f), "None"
        self.writeline(f"CREATE_LIBRARY(g, {zone}, {cond}, {keep}, {self.pos(n.pos)})")

    # --- players and values -----------------------------------------------------------
    def s_Gain(self, n, f):
        self.writeline(self.gain_call(f, "gain", literal(n.resource), self.expr(n.amount, f)))

    def s_Lose(self, n, f):
        amount = self.expr(n.amount, f) if n.amount is not None else "None"
        self.writeline(self.gain_call(f, "lose", literal(n.resource), amount))

    def s_SetShared(self, n, f):
        self.writeline(f"SET_SHARED(g, {literal(n.name)}, {self.expr(n.value, f)})")

    def s_SetRes(self, n, f):
        who = self.who(n.player, f)
        self.writeline(f"SET_RES(g, {who}, {literal(n.name)}, {self.expr(n.value, f)})")

    def kept(self, n, f, holder: str, value: str | None = None) -> str:
        """The value a variable is set to (``value``, if it is worked out already),
        checked against the limits of one value and counted among what the game holds
        (dsl/limits.py; values.held_value) when its kind may hold lists or events;
        ``holder`` holds the variable (the state, a player)."""
        value = value or self.expr(n.value, f)
        if not may_hold_lists(n.value):
            return value
        held = f"{holder}.sizes, {literal(n.name)}, {self.pos(n.pos)}"
        if not f.walrus:
            return f"HOLD(g, {value}, {held})"
        t = f.temp()                      # the usual case, a plain value, tested inline
        return f"({t} if type({t} := {value}) in PLAIN else HOLD(g, {t}, {held}))"

    def s_SetPlayerVar(self, n, f):
        who = self.who(n.player, f)
        if may_hold_lists(n.value) and not who.isidentifier():
            # the player is read twice: worked out once, after the value as ever
            t, w = f.temp(), f.temp()
            self.writeline(f"{t} = {self.expr(n.value, f)}")
            self.writeline(f"{w} = {who}")
            value, who = self.kept(n, f, w, t), w
        else:
            value = self.kept(n, f, who)
        self.writeline(f"{who}.vars[{literal(n.name)}] = {value}")

    def s_SetGlobal(self, n, f):
        value = self.kept(n, f, self.state(f))
        self.writeline(f"{self.state(f)}.globals[{literal(n.name)}] = {value}")

    def s_Let(self, n, f):
        value = self.expr(n.value, f)
        self.writeline(f"{f.local(n.name)} = {value}")

    def duration(self, d, f) -> str:
        if d is None:
            return "None"
        turns = self.expr(d.turns, f) if d.turns is not None else "None"
        return f"({literal(d.kind)}, {turns})"

    def s_Mark(self, n, f):
        target = self.expr(n.target, f)
        self.writeline(f"MARK(g, {target}, {literal(n.mark)}, {self.duration(n.duration, f)}, "
                       f"{f.you})")

    def s_Unmark(self, n, f):
        self.writeline(f"UNMARK({self.expr(n.target, f)}, {literal(n.mark)})")

    def s_Use(self, n, f):
        self.writeline(f"USE(g, {literal(n.limit)}, {f.you})")

    def s_Offer(self, n, f):
        self.offer(n, f)

    def s_CallAction(self, n, f):
        args = [self.expr(a, f) for a in n.args]
        self.budget_check(n.pos)
        # (the targets its move chose for the card it plays, as the move started)
        pre = "pre" if n is self.preaimed else "None"
        if not self.checked_play(n, f, args, pre):       # a play: checked as it is made
            self.writeline(self.action_call(f, n.action, args, pre))

    # --- control flow ------------------------------------------------------------------
    def s_If(self, n, f):
        self.writeline(f"if {self.cond(n.cond, f)}:")
        self.indent()
        self.block(n.then, f)
        self.outdent()
        if n.orelse:
            self.writeline("else:")
            self.indent()
            self.block(n.orelse, f)
            self.outdent()

    def s_ForEach(self, n, f):
        coll = n.collection
        src = self.expr(coll, f)
        selected = isinstance(coll, (I.CardSel, I.PlayerSel))
        if not selected:
            src = f"ITERLIST({src})"           # a copy: the body may move the cards
        var = f.local(n.var)
        self.writeline(f"for {var} in {src}:")
        self.indent()
        self.budget_check(n.pos)
        self.safe_block(n.body, f, var, selected and not assigns(n.body, n.var))
        self.outdent()

    def safe_block(self, stmts, f, var: str, safe: bool) -> None:
        """The statements, with ``var`` known to hold no `none` in them when ``safe``."""
        if not safe or var in f.safe:
            self.block(stmts, f)
            return
        f.safe.add(var)
        try:
            self.block(stmts, f)
        finally:
            f.safe.discard(var)

    def s_ForOrdered(self, n, f):
        items, keyed, x = f.temp(), f.temp(), f.gen.fresh("c")
        self.writeline(f"{items} = ITERLIST({self.expr(n.collection, f)})")
        self.writeline(f"g.steps += len({items})")
        self.writeline(f"if g.steps > g.budget: BUDGET(g, {self.pos(n.pos)})")
        self.writeline(f"{keyed} = []")
        self.writeline(f"for {x} in {items}:")
        self.indent()
        saved = (f.it, f.it_safe)
        f.it, f.it_safe = x, False
        key = self.expr(n.key, f)
        f.it, f.it_safe = saved
        self.writeline(f"{keyed}.append({key})")
        self.outdent()
        self.writeline(f"for {f.local(n.var)} in ORDERED({items}, {keyed}, {n.descending}, "
                       f"{n.grouped}):")
        self.indent()
        self.block(n.body, f)
        self.outdent()

    def s_Repeat(self, n, f):
        times = self.expr(n.times, f)
        self.writeline(f"for _ in range({times} or 0):")
        self.indent()
        self.budget_check(n.pos)
        self.block(n.body, f)
        self.outdent()

    def s_While(self, n, f):
        self.writeline("while True:")
        self.indent()
        self.writeline(f"if not {self.cond(n.cond, f)}: break")
        self.budget_check(n.pos)
        self.block(n.body, f)
        self.outdent()

    def s_Choose(self, n, f):
        exactly, up_to, at_least, optional = n.lo_hi
        options = f.temp()
        src = self.expr(n.source, f)
        selected = isinstance(n.source, (I.CardSel, I.PlayerSel))
        if not selected:
            src = f"ITERLIST({src})"
        self.writeline(f"{options} = {src}")
        rule = self._only_what_the_call_takes(n, f, options)
        picks = f.temp()
        source = "this.name" if f.this_safe else f"({f.this}.name if {f.this} is not None else None)"
        if exactly is None and up_to is None and at_least is None and not optional \
                and n.by is None and selected:
            # One of a selector's elements (never none), chosen by `you`: the common case.
            plain = f"DECISION({f.you}, 'choose', {literal(n.prompt)}, None, {options}, 1, 1, " \
                f"{n.secret}, {source}, None, g.labels_of, {f.this})"
            d = f"RULED({plain}{rule})" if rule else plain
            self.writeline(f"if len({options}) > 1:")
            self.indent()
            asked = self.ask_one(f, f.you, "choose", f"len({options})", d)
            self.writeline(f"{picks} = [{options}[0]] if {f.you} is None else "
                           f"[{options}[{asked}]]")
            self.outdent()
            self.writeline("else:")
            self.indent()
            self.writeline(f"{picks} = {options}")
            # the only card there is: a game that logs says it was the only choice
            self.writeline(f"if g.logging and {options} and {f.you} is not None: "
                           f"g.log_forced({plain}, 0)")
            self.outdent()
        else:
            lo, hi = f.temp(), f.temp()
            if exactly is not None:
                self.writeline(f"{lo} = {hi} = {self.expr(exactly, f)}")
            elif up_to is not None:
                self.writeline(f"{lo}, {hi} = 0, {self.expr(up_to, f)}")
            else:
                self.writeline(f"{lo} = {hi} = 1")
            if at_least is not None:
                self.writeline(f"{lo} = {self.expr(at_least, f)}")
                self.writeline(f"{hi} = max({hi}, {lo})" if up_to is not None
                               else f"{hi} = len({options})")
            if optional:
                self.writeline(f"{lo} = 0")
            chooser = self.expr(n.by, f) if n.by is not None else f.you
            self.writeline(f"{picks} = CHOICE(g, {chooser}, {options}, {lo}, {hi}, "
                           f"{literal(n.prompt)}, {n.secret}, {f.this})")
            if rule:
                self.writeline(f"if type({picks}) is DECISION: RULED({picks}{rule})")
            self.writeline(f"if type({picks}) is DECISION: "
                           f"{picks} = PICKED({picks}, {self.ask(f, picks)})")
        var = f.local(n.var)
        self.writeline(f"for {var} in {picks}:")
        self.indent()
        self.safe_block(n.body, f, var, not assigns(n.body, n.var))
        self.outdent()
        self.writeline(f"if not {picks}: {var} = None")

    def _only_what_the_call_takes(self, n, f, options: str) -> str:
        """What is legal is what is offered: a `choose` that leads to a call some rule
        beyond the action's `if` may refuse (:meth:`chosen_call`) keeps of ``options``
        only those the call takes. The arguments of ``RULED`` for its question (the
        action's rule, and what a refusal needs to say why), or ""."""
        rule = self.choice_rule(n, f)
        chosen = self.chosen_call(n.var, n.body)
        if chosen is None:
            return rule
        call, j = chosen
        var = f.local(n.var)
        check = self.call_check(call, f)
        if check is None:
            return rule
        kept = f.temp()
        self.writeline(f"{kept} = []")
        self.writeline(f"for {var} in {options}:")
        self.indent()
        self.writeline(f"if {check} is None: {kept}.append({var})")
        self.outdent()
        self.writeline(f"{options} = {kept}")
        # the call's other arguments, for a refusal to ask the check again with a typed value
        at = [k for k, a in enumerate(call.args) if isinstance(a, I.Local) and a.name == n.var]
        args = ", ".join("None" if k in at else self.expr(a, f) for k, a in enumerate(call.args))
        return (f", {literal([call.action, j])}, {f.ability}, "
                f"({f.this}, {f.ev}, [{args}], {literal(at)})")

    def s_ChooseOne(self, n, f):
        chooser = self.expr(n.by, f) if n.by is not None else f.you
        who, open_, i = f.temp(), f.temp(), f.temp()
        self.writeline(f"{who} = {chooser}")
        self.writeline(f"{open_} = []")
        for k, (label, cond, body) in enumerate(n.cases):
            tests = [self.cond(cond, f)] if cond is not None else []
            check = self.first_call_check(body, f)
            if check is not None:        # its first step, a call the rules would refuse
                tests.append(f"{check} is None")
            if not tests:
                self.writeline(f"{open_}.append({k})")
            else:
                self.writeline(f"if {' and '.join(tests)}: {open_}.append({k})")
        labels = "[" + ", ".join(literal(c[0]) for c in n.cases) + "]"
        self.writeline(f"if {open_}:")
        self.indent()
        d = (f"LABELS(g, {who}, [{labels}[k] for k in {open_}], 'choose one', "
             f"False, {f.this})")
        self.writeline(f"if len({open_}) == 1:")
        self.indent()
        self.writeline(f"{i} = {open_}[0]")
        # the one open case: a game that logs says it was the only choice
        self.writeline(f"if g.logging and {who} is not None: g.log_forced({d}, 0)")
        self.outdent()
        self.writeline("else:")
        self.indent()
        self.writeline(f"{i} = {open_}[{self.ask_one(f, who, 'one', f'len({open_})', d)}]")
        self.outdent()
        for k, (_, _, body) in enumerate(n.cases):
            self.writeline(f"{'if' if k == 0 else 'elif'} {i} == {k}:")
            self.indent()
            self.block(body, f)
            self.outdent()
        self.outdent()

    def s_May(self, n, f):
        chooser = self.expr(n.by, f) if n.by is not None else f.you
        who = f.temp()
        self.writeline(f"{who} = {chooser}")
        d = f"LABELS(g, {who}, ['yes', 'no'], {literal(n.prompt)}, {n.secret}, {f.this})"
        # A `may` whose first step is a call the rules refuse is not asked: it offers
        # nothing the player may do (what is legal is what is offered).
        check = self.first_call_check(n.body, f)
        asked = f"{self.ask_one(f, who, 'may', '2', d)} == 0"
        self.writeline(f"if {check} is None and {asked}:" if check else f"if {asked}:")
        self.indent()
        self.block(n.body, f)
        self.outdent()

    def s_As(self, n, f):
        who = f.gen.fresh("you")
        self.writeline(f"{who} = {self.expr(n.player, f)}")
        self.writeline(f"if {who} is not None:")
        self.indent()
        saved = f.you
        f.you = who
        try:
            self.block(n.body, f)
        finally:
            f.you = saved
        self.outdent()

    def s_Simultaneously(self, n, f):
        self.writeline("g.defer += 1")
        self.writeline("try:")
        self.indent()
        self.block(n.body, f)
        self.outdent()
        self.writeline("finally:")
        self.indent()
        self.writeline("g.defer -= 1")
        self.outdent()
        self.writeline(self.whenevers_call(f))

    def s_Phase(self, n, f):
        if self.program.eliminates and self.program.round is None:
            # a player eliminated in their turn plays none of its later phases
            self.writeline(f"if not {f.you}.alive: TURN_OUT(g, {f.you})")
        self.writeline(f"{self.state(f)}.phase = {literal(n.name)}")
        # A scenario's points (Game.watch; None in play, so a game tests it as before): it
        # looks at the phase's start, and passes over the phases before the one a scenario
        # starts in (`given { phase NAME }`) when it answers true.
        self.writeline(f"if g.watch is not None and g.watch(g, {literal(n.name)}): pass")
        self.writeline("else:")
        self.indent()
        self.emit_after(f, "phase_start", f"{{'phase': {literal(n.name)}}}", f.you)
        if self.a.any_time:
            # a step of the turn: moves and abilities usable at any time are offered
            self.writeline(self.call(f, f"STEP_WINDOW(g, None, {self.step_lister()})", True))
        self.block(n.body, f)
        self.emit_after(f, "phase_end", f"{{'phase': {literal(n.name)}}}", f.you)
        self.writeline(self.whenevers_call(f))
        if self.points:
            # the phase is over (`given at end of phase NAME`): only in a scenario's code
            self.writeline(f"if g.watch is not None: g.watch(g, {literal(n.name)}, True)")
        self.outdent()

    def s_TempStatic(self, n, f):
        self.writeline(f"ADD_TEMP(g, {n.static}, {self.duration(n.duration, f)}, {f.you}, "
                       f"{f.this}, {self.pos(n.pos)})")
