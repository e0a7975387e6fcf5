"""Response windows as generated code: after an event is declared and before it takes
effect (and at each phase start, for moves and abilities usable at any time), every
player with a legal response is asked in turn, and each response used opens its own
window. A part of :class:`deckwright.dsl.codegen.module.CodeGenerator`.
"""
from __future__ import annotations

from .. import ir as I
from .writer import literal


def _draws(node) -> bool:
    """Whether evaluating ``node`` draws on the game's random numbers."""
    held = I.facts(node)
    return ("func", "random") in held or ("func", "shuffled") in held


class WindowWriter:
    """Response windows and their listers: a part of
    :class:`deckwright.dsl.codegen.module.CodeGenerator`."""

    def responses_lister(self, e: str) -> str:
        """The lister of event ``e``'s window: ``RL(g, you, ev)``, the responses ``you``
        may make to it now and their moves and abilities usable at any time (no `pass`)."""
        key = ("responses", e)
        if key in self.listers:
            return self.listers[key]
        name = self.listers[key] = self.fresh_fn("RL")
        self.need_window = True
        self.need_windows.append((name, e))
        return name

    def step_lister(self) -> str:
        """The lister of a window no event opened (a phase starting): any-time moves and
        abilities only."""
        return self.responses_lister(None)

    def write_windows(self):
        while self.need_windows:
            name, e = self.need_windows.pop()
            self._window_lister(name, e)
        if self.need_window and "WINDOW" not in self.written:
            self.written.add("WINDOW")
            self._window()
            self._respond()
        if ("responses", None) in self.listers and "STEP_WINDOW" not in self.written:
            self.written.add("STEP_WINDOW")
            self._window(step=True)
            self._step_key()

    def _step_key(self):
        """``STEP_KEY(g, you, opts)``: what a phase start's offer to ``you`` depends on, as
        plain data: the options, and the values the tests of the moves and abilities
        usable at any time compare (each `and` and `or` read only as far as it is
        evaluated, so no test is read where its guard is false)."""
        p = self.program
        conds = [(k, ab.cond) for k, ab in enumerate(self.abilities)
                 if ab.any_time and ab.cond is not None]

        def body(f):
            parts = ["opts"]
            for name in self.a.any_time_moves:
                gate = p.moves[name].gate
                if gate is not None:
                    parts.append(self._compared(gate, f))
            self.writeline(f"out = [{', '.join(parts)}]")
            if conds:
                self.writeline("for o in opts:")
                self.indent()
                self.writeline("if o[0] != -1: continue")
                self.writeline("c, k = o[1]")
                saved = (f.this, f.this_safe)
                f.this, f.this_safe = "c", True
                try:
                    for k, cond in conds:
                        self.writeline(f"if k == {k}: out.append({self._compared(cond, f)})")
                finally:
                    f.this, f.this_safe = saved
                self.outdent()
            self.writeline("return OFFER_KEY(out)")
        self.defn("STEP_KEY", "g, you, opts", False, body, this="None", ev="None")

    def _compared(self, node, f) -> str:
        """Source for the values test ``node`` compares (a constant test adds none): the
        two sides of a comparison, the value of any other test; an `and` (`or`) reads
        each part only while the parts before it hold (fail), as the test does. A part
        that draws on the game's random numbers is not read again (that would draw other
        numbers): nothing is kept for it or after it."""
        t = type(node)
        if t is I.Const or _draws(node) and t not in (I.And, I.Or, I.Not):
            return "None"
        if t is I.Not:
            return self._compared(node.operand, f)
        if t is I.Compare:
            return f"({self.quiet(node.left, f)}, {self.quiet(node.right, f)})"
        if t in (I.And, I.Or):
            items = list(node.items)
            for j, item in enumerate(items):
                if _draws(item):
                    del items[j:]
                    break
            out = "None"
            for item in reversed(items):
                key = self._compared(item, f)
                if out != "None":
                    guard = self.quiet(item, f, cond=True)
                    if t is I.Or:
                        guard = f"not ({guard})"
                    key = f"({key}, {out} if {guard} else None)"
                out = key
            return out
        return self.quiet(node, f)

    def _window_lister(self, name, e):
        a = self.a
        responses = [(card, t) for card, t in a.listeners.get((e, "respond"), ())] \
            if e is not None else []

        def body(f):
            S = self.state(f)
            f.ev_safe = e is not None
            if responses or not a.any_time_moves:
                self.writeline("out = []")
            else:               # a step's: the any-time moves' own list, its `pass` taken off
                self.writeline(f"out = {self._lister(a.any_time_moves)}(g, you)")
                self.writeline("out.pop()")
            for card, t in responses:
                k = t.index
                if card is None:
                    tests = []
                    if t.once_per_turn:
                        tests.append(f"('trigger', {k}, None) not in {S}.once")
                    if t.where is not None:
                        tests.append(self.quiet(t.where, f, cond=True))
                    add = f"out.append((-3, ({k}, None)))"
                    self.writeline(f"if {' and '.join(tests)}: {add}" if tests else add)
                    continue
                c = self.w.fresh("c")
                self.writeline(f"for {c} in INSTANCES(g, {literal(card)}, "
                               f"{literal(t.from_zone)}):")
                self.indent()
                self._offer_response(f, t, c)
                self.outdent()
            self._copied_responses(f, responses)
            if a.any_time_moves and responses:
                self.writeline(f"out.extend({self._lister(a.any_time_moves)}(g, you)[:-1])")
            if a.any_time_abilities:
                self.need_activate = True
                self.writeline("out.extend(ABILITIES(g, you, True))")
            self.writeline("return out")
        self.defn(name, "g, you, ev", False, body, this="None")

    def _offer_response(self, f, t, c):
        """The line that lists card ``c``'s response ``t`` when it may be made now: by
        its controller (its owner, out of play), not yet used this turn if it is `once
        per turn`, and its `where` holding with `this` = ``c``."""
        k = t.index
        tests = [f"({c}.controller or {c}.owner) is you"]
        if t.once_per_turn:
            tests.append(f"('trigger', {k}, {c}.id) not in {self.state(f)}.once")
        if t.where is not None:
            saved = (f.this, f.this_safe)
            f.this, f.this_safe = c, True
            try:
                tests.append(self.quiet(t.where, f, cond=True))
            finally:
                f.this, f.this_safe = saved
        self.writeline(f"if {' and '.join(tests)}: out.append((-3, ({k}, {c})))")

    def _copied_responses(self, f, responses):
        """The responses copied text gives a card in play (`static copy text of`): a
        copied card's responses that work from play (no `from`), after the printed ones,
        each with `this` = the copying card."""
        by_card: dict = {}
        for card, t in responses:
            if card is not None and t.from_zone is None:
                by_card.setdefault(card, []).append(t)
        if not (by_card and self.a.copiers):
            return
        c, d = self.w.fresh("c"), self.w.fresh("d")
        self.writeline("if g.copiers_in_play:")
        self.indent()
        self.writeline(f"for {c}, {d} in COPIED(g):")
        self.indent()
        for j, (card, ts) in enumerate(by_card.items()):
            self.writeline(f"{'el' if j else ''}if {d}.name == {literal(card)}:")
            self.indent()
            for t in ts:
                self._offer_response(f, t, c)
            self.outdent()
        self.outdent()
        self.outdent()

    def _window(self, step=False):
        """``WINDOW(g, ev, lister)``: every living player, in turn from the active one,
        is asked only while they have a legal response (or an any-time move); each may pass.
        A response used gives everyone a new turn to answer. It ends when every player
        has passed or has nothing, or when the event is negated.

        ``STEP_WINDOW(g, mover, lister)`` (``step``), a step of the turn: a phase's start
        (``mover`` None), or the point after each move ``mover`` makes in their `offer`
        loop, where every other player is asked, from the next seat on. The same, but a
        player is not asked while the offer (``STEP_KEY``) is the one they last passed on."""
        moves = {name: self.move_index[name] for name in self.a.any_time_moves}

        def body(f):
            self.writeline("order = WINDOW_ORDER(g, mover)" if step else "order = WINDOW_ORDER(g)")
            self.writeline("quiet = 0")
            self.writeline("made = 0")
            self.writeline("i = 0")
            self.writeline("while quiet < len(order):")
            self.indent()
            self.writeline("p = order[i % len(order)]")
            self.writeline("i += 1")
            self.writeline(f"opts = lister(g, p, {'None' if step else 'ev'}) if p.alive else None")
            self.writeline("if not opts:")
            self.writeline("    quiet += 1")
            self.writeline("    continue")
            if step:        # passed on this very offer at an earlier step: not asked
                self.writeline("key = STEP_KEY(g, p, opts)")
                self.writeline(f"if {self.state(f)}.passed.get(p.index) == key:")
                self.writeline("    quiet += 1")
                self.writeline("    continue")
            self.writeline("opts.append(PASS)")
            # the question is said when it is first read: a bot may never read it (a
            # stepped game says it as the decision starts to wait for a seat)
            prompt = "(STEP_PROMPT, g, mover)" if step else "(WINDOW_PROMPT, g, ev)"
            d = (f"DECISION(p, 'respond', {prompt}, None, opts, 1, 1, False, None, "
                 "None, MOVE_LABELS)")
            self.writeline(f"c = opts[{self.ask_one(f, 'p', 'respond', 'len(opts)', d)}]")
            self.writeline("if c[0] == -2:")
            if step:
                self.writeline(f"    {self.state(f)}.passed[p.index] = key")
            self.writeline("    quiet += 1")
            self.writeline("    continue")
            self.writeline("quiet = 0")
            self.writeline("made += 1")
            self.writeline("if made > 100: ENGINE_ERROR(g, 'more than 100 responses in one window')")
            branches = []           # (test, how it is taken): a step has no responses
            if not step:
                branches.append(("c[0] == -3", lambda: self.writeline(
                    self.call(f, "RESPOND(g, p, ev, c[1][0], c[1][1])", True))))
            if self.a.any_time_abilities:
                branches.append(("c[0] == -1", lambda: self.writeline(
                    self.call(f, "ACTIVATE(g, p, c[1][0], c[1][1], False)", True))))
            for mname, m in moves.items():
                branches.append((f"c[0] == {m}", lambda mname=mname, m=m: self._window_move(f, mname, m)))
            for j, (test, take) in enumerate(branches):
                self.writeline(f"{'if' if j == 0 else 'elif'} {test}:")
                self.indent()
                take()
                self.outdent()
            self.writeline(self.whenevers_call(f))
            if not step:
                self.writeline("if ev is not None and ev.negated: return")
            self.outdent()
        self.defn("STEP_WINDOW" if step else "WINDOW", "g, mover, lister" if step else "g, ev, lister",
                  self.resumable, body, ev="None" if step else "ev")

    def _window_move(self, f, mname, m):
        """A move usable at any time, made in a window by ``p``."""
        self.writeline(f"g.chain.append({literal('move ' + mname)})")
        self.writeline("try:")
        self.indent()
        self.writeline(self.call(f, f"MB{m}(g, p, None, None, c[1])",
                                 self.move_body_decides(mname)))
        self.outdent()
        self.writeline("finally:")
        self.indent()
        self.writeline("g.chain.pop()")
        self.outdent()

    def _respond(self):
        """``RESPOND(g, you, ev, k, card)``: response ``k`` used by ``you``: announced as a
        `response` event (with its own window), then its body runs with `event` = the
        event it answers, so it may `negate` it."""
        def body(f):
            S = self.state(f)
            self.writeline("t = RESPONSES[k]")
            self.writeline(f"if t.once_per_turn: {S}.once.add(('trigger', k, "
                           "card.id if card is not None else None))")
            costs = [t for t in self.program.all_triggers
                     if t.kind == "respond" and t.cost is not None]
            for t in costs:     # paid as it is declared, before its own window
                fn = self.block_fn(f"RC{t.index}", t.cost, force=True, this_safe=t.card is not None,
                                   ev_safe=True)
                self.writeline(f"if k == {t.index}: {self.call(f, f'{fn}(g, you, card, ev)', True)}")
            self.writeline("RESPONDS(g, you, t, card)")

            def perform(f, rev):
                self.writeline(self.call(f, "TRIGGERS[k](g, you, card, ev)", True))
            self.emit(f, "response", self.with_source(
                "{'response': t.label, 'card': card, 'answers': ev}", "card"), "you", perform)
        self.defn("RESPOND", "g, you, ev, k, card", self.resumable, body)
