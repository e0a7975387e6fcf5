"""The game's flow as generated code: the main loop, turns and rounds, `whenever` rules,
offers of moves and abilities.

A game runs ``MAIN(g, start)``: the set-up (unless ``start`` resumes at a turn from a
checkpoint), then turns (or rounds) until a rule ends the game. At every turn start a
game that keeps checkpoints copies itself (``g.checkpoint``).
"""
from __future__ import annotations

from .. import ir as I
from ..check.kinds import BOOL, CARD, INT, NONE, PLAYER, STR
from .questions import invariants_of
from .writer import literal

# Kinds of a value that is one element, never a zone or a list: a list of them is its
# own elements.
_ELEMENTS = (CARD, PLAYER, INT, STR, BOOL, NONE)


def _draws(node) -> bool:
    """Whether evaluating ``node`` draws on the game's random numbers."""
    held = I.facts(node)
    return ("func", "random") in held or ("func", "shuffled") in held


class TurnWriter:
    """Turns, offers and `whenever` rules: a part of
    :class:`deckwright.dsl.codegen.module.CodeGenerator`."""

    # --- whenevers, offers, abilities --------------------------------------------------------
    def write_whenevers(self):
        p = self.program
        if not p.whenevers:
            return
        bodies = []
        for k, (cond, stmts, pos) in enumerate(p.whenevers):
            name = f"WB{k}"
            self.defn(name, "g, you, this, ev", self.gen_of(self.a.block(stmts)),
                      lambda f, stmts=stmts: self.block(stmts, f))
            bodies.append((cond, name, pos, self.a.block(stmts)))

        def body(f):
            S = self.state(f)
            self.writeline("if g.defer or g.in_whenever: return")
            self.writeline("g.in_whenever = True")
            self.writeline("try:")
            self.indent()
            self.writeline("for _ in range(50):")
            self.indent()
            self.writeline("fired = False")
            self.writeline(f"you = {S}.active or {S}.players[0]")
            for cond, name, pos, decides in bodies:
                self.writeline(f"if {self.cond(cond, f)}:")
                self.indent()
                self.writeline("fired = True")
                self.writeline(f"g.chain.append({literal(f'whenever at {pos}')})")
                self.writeline("try:")
                self.indent()
                self.writeline(self.call(f, f"{name}(g, you, None, None)", decides))
                self.outdent()
                self.writeline("finally:")
                self.indent()
                self.writeline("g.chain.pop()")
                self.outdent()
                self.writeline(f"you = {S}.active or {S}.players[0]")
                self.outdent()
            self.writeline("if not fired: return")
            self.outdent()
            self.writeline("ENGINE_ERROR(g, 'a `whenever` rule keeps firing: its effect never "
                           "makes its condition false')")
            self.outdent()
            self.writeline("finally:")
            self.indent()
            self.writeline("g.in_whenever = False")
            self.outdent()
        self.defn("WHENEVERS", "g", self.gen_of(self.a.whenevers), body)

    def offer(self, n: I.Offer, f) -> None:
        """`offer m1, m2, abilities`: the acting player's free-action loop."""
        lister = self._lister(n.moves)
        opts, d, c = f.temp(), f.temp(), f.temp()
        self.writeline("for _ in range(500):")
        self.indent()
        self.writeline(f"{opts} = {lister}(g, {f.you})")
        # An eliminated player makes no more moves, even in the turn they went out in.
        made = (f"DECISION({f.you}, 'move', 'your move', None, {opts}, 1, 1, False, "
                f"None, ({lister}, {f.you}), MOVE_LABELS)")
        self.writeline(f"if len({opts}) == 1 or not ({f.you} is None or {f.you}.alive):")
        self.indent()
        # only `pass` is left: a game that logs says so (the turn goes on without a question)
        self.writeline(f"if g.logging and len({opts}) == 1 and {f.you} is not None: "
                       f"g.log_forced({made}, 0)")
        self.writeline("break")
        self.outdent()
        if f.resumable:        # the options may be listed again while the decision waits
            self.writeline(f"{d} = {made}")
            self.writeline(f"{c} = {d}.values[{self.ask(f, d)}]")
        else:
            self.writeline(f"{c} = {opts}[{self.ask_one(f, f.you, 'move', f'len({opts})', made)}]")
        self.writeline(f"if {c}[0] == -2: break")
        first = True
        for name in n.moves:
            if name == "abilities":
                continue
            m = self.move_index[name]
            self.writeline(f"{'if' if first else 'elif'} {c}[0] == {m}:")
            first = False
            self.indent()
            self.writeline(f"g.chain.append({literal('move ' + name)})")
            self.writeline("try:")
            self.indent()
            decides = self.a.block(self.program.moves[name].body) or self.cost_decides(name)
            self.writeline(self.call(f, f"MB{m}(g, {f.you}, None, None, {c}[1])", decides))
            self.outdent()
            self.writeline("finally:")
            self.indent()
            self.writeline("g.chain.pop()")
            self.outdent()
            self.outdent()
        if "abilities" in n.moves:
            self.need_activate = True
            call = self.call(f, f"ACTIVATE(g, {f.you}, {c}[1][0], {c}[1][1], False)", True)
            self.writeline(call if first else "else: " + call)
        self.writeline(self.whenevers_call(f))
        self.outdent()
        self.writeline("else:")
        self.indent()
        self.writeline(f"ENGINE_ERROR(g, {f.you}.name + ' made more than 500 moves in one turn')")
        self.outdent()

    def _lister(self, names) -> str:
        key = tuple(names)
        if key in self.listers:
            return self.listers[key]
        name = self.listers[key] = self.fresh_fn("OL")
        p = self.program
        forbids = self.a.static_events.get("forbid", ())

        def body(f):
            self.writeline("out = []")
            for mname in names:
                if mname == "abilities":
                    self.writeline("out.extend(ABILITIES(g, you))")
                    continue
                mv, m = p.moves[mname], self.move_index[mname]
                f.names = {}
                indent = 0
                if mv.gate is not None:
                    self.writeline(f"if {self.cond(mv.gate, f)}:")
                    self.indent()
                    indent += 1
                forbid = mname in forbids
                if mv.var is None:
                    test = f"not FORBIDDEN(g, {literal(mname)}, {{}}, you)" if forbid else "True"
                    self.writeline(f"if {test}: out.append(({m}, None))")
                else:
                    x = f.local(mv.var)
                    tests = []
                    if forbid:
                        tests.append(f"not FORBIDDEN(g, {literal(mname)}, "
                                     f"{{{literal(mv.var)}: {x}}}, you)")
                    required = self.card_test(mv, x)      # the card's own `require`s
                    if required is not None:
                        tests.append(required)
                    hoisted = self._hoist(mv.each, f, mv.var)
                    add = f"out.append(({m}, {x}))"

                    def option(mv=mv, x=x, add=add, tests=tests):
                        # the move's own test, written where the option is: its
                        # selectors may be loops
                        each = [self.cond(mv.each, f)] if mv.each is not None else []
                        self.writeline(f"if {' and '.join(each + tests)}: {add}"
                                       if each or tests else add)
                    if isinstance(mv.source, (I.CardSel, I.PlayerSel)):
                        # one loop: the selector's tests, then the move's own
                        f.safe.add(x)
                        self.loop_over(mv.source, f, x, option)
                        f.safe.discard(x)
                        if isinstance(mv.source, I.CardSel) and mv.source.where is not None:
                            self.writeline("g.steps += 1")
                    elif isinstance(mv.source, I.ListOf) and all(
                            y.kind in _ELEMENTS for y in mv.source.items):
                        # a list of single values: its own elements, no zone to open
                        self.writeline(f"for {x} in {self.expr(mv.source, f)}:")
                        self.indent()
                        option()
                        self.outdent()
                    else:
                        self.writeline(f"for {x} in ITER({self.expr(mv.source, f)}):")
                        self.indent()
                        option()
                        self.outdent()
                    for node in hoisted:
                        f.subst.pop(id(node), None)
                for _ in range(indent):
                    self.outdent()
            self.writeline("out.append(PASS)")
            self.writeline("return out")
        self.defn(name, "g, you", False, body, this="None", ev="None")
        return name

    def _hoist(self, node, f, var) -> list:
        """Work out before a move's loop over its options the parts of its per-option
        test that do not read the option: the test then reads them from temporaries."""
        if node is None:
            return []
        hoisted = invariants_of(node, (var,))
        for x in hoisted:
            t = f.temp()
            self.writeline(f"{t} = {self.expr(x, f)}")
            f.subst[id(x)] = t
        return hoisted

    def write_moves(self):
        for name, mv in self.program.moves.items():
            m = self.move_index[name]

            def body(f, mv=mv):
                if mv.var is not None:
                    f.names[mv.var] = "x"
                self.pay_cost(mv, f)              # the card's `to use`, first
                self.block(mv.body, f)
            self.defn(f"MB{m}", "g, you, this, ev, x",
                      self.gen_of(self.a.block(mv.body) or self.cost_decides(name)), body)

    def write_activate(self):
        if not self.need_activate or "ACTIVATE" in self.written:
            return
        self.written.add("ACTIVATE")

        def body(f):
            S = self.state(f)
            self.writeline("ab = ABILITY[k]")
            # `free`: used through `use ability of`, its costs are not paid
            self.writeline("if ab.uses is not None and not free: USE(g, ab.uses, you)")
            self.writeline(f"if ab.once_per_turn and not free: "
                           f"{S}.once.add(('ability', card.id, ab.name))")
            self.writeline("g.write(you.name + ' uses ' + card.name + ': ' + ab.name)")
            aimed = any(ab.target is not None for ab in self.abilities)
            # `up to N` targets somewhere: each ability's count (None: one target)
            counted = any(ab.target is not None and ab.target[3] is not None
                          for ab in self.abilities)
            data = self.with_source("{'card': card, 'ability': ab.name}", "card")
            if aimed:
                # its target, chosen now: before the `activate` event, which lists it
                self.writeline("x = None")
                self.writeline("t = ABILITY_TARGET[k]")
                if counted:
                    self.writeline("n = ABILITY_COUNT[k]")
                self.writeline("if t is not None:")
                self.indent()
                hi = "1 if n is None else max(1, n(g, you, card, None))" if counted else "1"
                if any(ab.target is not None and ab.target[4] for ab in self.abilities):
                    # `exactly N`: N of them or nothing (offered only with N legal)
                    self.writeline(f"hi = {hi}")
                    self.writeline("o = list(ITER(t(g, you, card, None)))")
                    self.writeline("if ab.target[4] and len(o) < hi: "
                                   "return TARGETLESS(g, you, ab.name)")
                    self.writeline("d = CHOICE(g, you, o, hi if ab.target[4] else 1, hi, "
                                   "ab.target[2], False, card)")
                else:
                    self.writeline(f"d = CHOICE(g, you, list(ITER(t(g, you, card, None))), 1, "
                                   f"{hi}, ab.target[2], False, card)")
                self.writeline(f"if type(d) is DECISION: d = PICKED(d, {self.ask(f, 'd')})")
                self.writeline("if not d: return TARGETLESS(g, you, ab.name)")
                self.writeline("x = d[0] if n is None else d" if counted else "x = d[0]")
                self.writeline("TARGETED(g, you, ab.name, d)")
                self.fire_targeted(f, "d", "card", "ab.name",
                                   "EVENT('activate', {'card': card, 'ability': ab.name, "
                                   "'targets': d, 'source': card}, you)")
                self.outdent()
                data = ("{'card': card, 'ability': ab.name, 'targets': [] if x is None else [x], "
                        "'source': card}")
                if counted:
                    data = "{'card': card, 'ability': ab.name, 'targets': TARGET_LIST((x,)), 'source': card}"

            def perform(f, ev):
                if counted:
                    # several targets: those no longer among its targets are dropped
                    self.writeline("if t is not None and n is not None:")
                    self.indent()
                    self.writeline("now = list(ITER(t(g, you, card, None)))")
                    self.writeline("x = KEEP_TARGETS(g, x, lambda c: c in now, ab.name, True)")
                    self.writeline("if not x: return TARGETLESS(g, you, ab.name)")
                    if ev:
                        self.writeline(f"{ev}.data['targets'] = TARGET_LIST((x,))")
                    self.outdent()
                    self.writeline("elif t is not None and x not in ITER(t(g, you, card, None)):")
                elif aimed:
                    self.writeline("if t is not None and x not in ITER(t(g, you, card, None)):")
                if aimed:
                    self.indent()
                    self.writeline("KEEP_TARGETS(g, x, lambda c: False, ab.name, True)")
                    self.writeline("TARGETLESS(g, you, ab.name)")
                    self.writeline("return")
                    self.outdent()
                self.writeline("g.chain.append(card.name + ': ' + ab.name)")
                self.writeline("try:")
                self.indent()
                args = ", x" if aimed else ""
                self.writeline(self.call(f, f"ABILITY_BODY[k](g, you, card, {ev or 'None'}{args})",
                                         True))
                self.outdent()
                self.writeline("finally:")
                self.indent()
                self.writeline("g.chain.pop()")
                self.outdent()
            self.emit(f, "activate", data, "you", perform)
        self.defn("ACTIVATE", "g, you, card, k, free", self.resumable, body)

    # --- response windows ------------------------------------------------------------------
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
            self.writeline("out = []")
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
                tests = [f"({c}.controller or {c}.owner) is you"]
                if t.once_per_turn:
                    tests.append(f"('trigger', {k}, {c}.id) not in {S}.once")
                if t.where is not None:
                    saved = (f.this, f.this_safe)
                    f.this, f.this_safe = c, True
                    try:
                        tests.append(self.quiet(t.where, f, cond=True))
                    finally:
                        f.this, f.this_safe = saved
                self.writeline(f"if {' and '.join(tests)}: out.append((-3, ({k}, {c})))")
                self.outdent()
            if a.any_time_moves:
                self.writeline(f"out.extend({self._lister(a.any_time_moves)}(g, you)[:-1])")
            if a.any_time_abilities:
                self.need_activate = True
                self.writeline("out.extend(ABILITIES(g, you, True))")
            self.writeline("return out")
        self.defn(name, "g, you, ev", False, body, this="None")

    def _window(self, step=False):
        """``WINDOW(g, ev, lister)``: every living player, in turn from the active one,
        is asked only while they have a legal response (or an any-time move); each may pass.
        A response used gives everyone a new turn to answer. It ends when every player
        has passed or has nothing, or when the event is negated.

        ``STEP_WINDOW(g, None, lister)`` (``step``), a phase's start: the same, but a
        player is not asked while the offer (``STEP_KEY``) is the one they last passed on."""
        moves = {name: self.move_index[name] for name in self.a.any_time_moves}

        def body(f):
            self.writeline("order = WINDOW_ORDER(g)")
            self.writeline("quiet = 0")
            self.writeline("made = 0")
            self.writeline("i = 0")
            self.writeline("while quiet < len(order):")
            self.indent()
            self.writeline("p = order[i % len(order)]")
            self.writeline("i += 1")
            self.writeline("opts = lister(g, p, ev) if p.alive else None")
            self.writeline("if not opts:")
            self.writeline("    quiet += 1")
            self.writeline("    continue")
            if step:        # passed on this very offer at an earlier phase start: not asked
                self.writeline("key = STEP_KEY(g, p, opts)")
                self.writeline(f"if {self.state(f)}.passed.get(p.index) == key:")
                self.writeline("    quiet += 1")
                self.writeline("    continue")
            self.writeline("opts.append(PASS)")
            # the question is said when it is first read: a bot may never read it (a
            # stepped game says it as the decision starts to wait for a seat)
            d = ("DECISION(p, 'respond', (WINDOW_PROMPT, g, ev), None, opts, 1, 1, False, None, "
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
            self.writeline("if c[0] == -3:")
            self.indent()
            self.writeline(self.call(f, "RESPOND(g, p, ev, c[1][0], c[1][1])", True))
            self.outdent()
            if self.a.any_time_abilities:
                self.writeline("elif c[0] == -1:")
                self.indent()
                self.writeline(self.call(f, "ACTIVATE(g, p, c[1][0], c[1][1], False)", True))
                self.outdent()
            for mname, m in moves.items():
                self.writeline(f"elif c[0] == {m}:")
                self.indent()
                self.writeline(f"g.chain.append({literal('move ' + mname)})")
                self.writeline("try:")
                self.indent()
                decides = self.a.block(self.program.moves[mname].body)
                self.writeline(self.call(f, f"MB{m}(g, p, None, None, c[1])", decides))
                self.outdent()
                self.writeline("finally:")
                self.indent()
                self.writeline("g.chain.pop()")
                self.outdent()
                self.outdent()
            self.writeline(self.whenevers_call(f))
            if not step:
                self.writeline("if ev is not None and ev.negated: return")
            self.outdent()
        self.defn("STEP_WINDOW" if step else "WINDOW", "g, ev, lister", self.resumable, body)

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

    # --- the game itself ------------------------------------------------------------------
    def write_main(self):
        p = self.program
        a = self.a

        def block_fn(name, stmts) -> bool:
            self.defn(name, "g, you, this, ev", self.gen_of(a.block(stmts)),
                      lambda f: self.block(stmts, f))
            return a.block(stmts)

        setup = block_fn("SETUP", p.setup) if p.setup else None
        body = block_fn("TURN_BODY", p.turn if p.round is None else p.round)
        if p.round is None:
            self._turn(body)
        else:
            self._round(body)

        def main(f):
            S = self.state(f)
            self.writeline("if start is None:")
            self.indent()
            self.writeline("if g.arrange is not None: g.arrange(g)")
            if setup is not None:
                self.writeline(f"else: {self.call(f, f'SETUP(g, {S}.players[0], None, None)', setup)}")
            self.emit_after(f, "game_start", "{}", f"{S}.players[0]")
            self.writeline(self.whenevers_call(f))
            if p.round is None:
                self.writeline(f"first = {S}.globals.get('first_player')")
                self.writeline(f"cur = first if type(first) is PLAYER else {S}.players[0]")
            else:
                self.writeline(f"cur = {S}.players[0]")
            self.outdent()
            self.writeline("else:")
            self.indent()
            self.writeline("cur = start")
            self.outdent()
            self.writeline("skip = start is not None")
            self.writeline("while True:")
            self.indent()
            self.writeline("if g.keep and not skip: g.checkpoint(cur)")
            self.writeline("skip = False")
            if p.round is None:
                self.writeline(self.call(f, "TURN(g, cur)", True))
                # by seat or by side; extra and skipped turns, a reversal (turn order as data)
                self.writeline(f"cur = NEXT_TURN(g, cur, {p.turn_order == 'side'})")
            else:
                self.writeline(self.call(f, "ROUND(g)", True))
            self.outdent()
        self.defn("MAIN", "g, start", self.resumable, main)

    def _turn(self, body_decides):
        def body(f):
            S = self.state(f)
            self.writeline("START_TURN(g)")
            self.writeline(f"{S}.active = player")
            self.writeline("player.turns += 1")
            self.writeline(f"{S}.phase = None")
            self.writeline(f"if g.logging: g.write('— turn ' + str({S}.turn) + ': ' + player.name + ' —')")
            self.emit_after(f, "turn_start", "{'player': player}", "player")
            self.writeline(self.call(f, "TURN_BODY(g, player, None, None)", body_decides))
            self.writeline(f"{S}.phase = None")
            self.emit_after(f, "turn_end", "{'player': player}", "player")
            self.writeline("if g.timed: EXPIRE(g, player)")
            self.writeline(self.whenevers_call(f))
        self.defn("TURN", "g, player", self.resumable, body)

    def _round(self, body_decides):
        def body(f):
            S = self.state(f)
            self.writeline("START_TURN(g)")
            # START_TURN ends the game when nobody is left: the first living player leads
            self.writeline("you = None")
            self.writeline(f"for pl in {S}.players:")
            self.writeline("    if pl.alive:")
            self.writeline("        pl.turns += 1")
            self.writeline("        if you is None: you = pl")
            self.writeline(f"{S}.active = you")
            self.writeline(f"if g.logging: g.write('— round ' + str({S}.turn) + ' —')")
            self.emit_after(f, "round_start", "{}", "you")
            self.writeline(self.call(f, "TURN_BODY(g, you, None, None)", body_decides))
            self.writeline(f"{S}.phase = None")
            self.emit_after(f, "round_end", "{}", "you")
            self.writeline("if g.timed:")
            self.writeline(f"    for pl in {S}.players: EXPIRE(g, pl)")
            self.writeline(self.whenevers_call(f))
        self.defn("ROUND", "g", self.resumable, body)
