"""The game's flow as generated code: the main loop, turns and rounds, `whenever` rules,
offers of moves and abilities (response windows: :mod:`deckwright.dsl.codegen.windows`).

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
        # An eliminated player makes no more moves: in their own turn, it ends.
        made = (f"DECISION({f.you}, 'move', 'your move', None, {opts}, 1, 1, False, "
                f"None, ({lister}, {f.you}), MOVE_LABELS)")
        self.writeline(f"if len({opts}) == 1 or not ({f.you} is None or {f.you}.alive):")
        self.indent()
        # only `pass` is left: a game that logs says so (the turn goes on without a question)
        self.writeline(f"if g.logging and len({opts}) == 1 and {f.you} is not None: "
                       f"g.log_forced({made}, 0)")
        self.writeline(f"if {f.you} is not None and not {f.you}.alive: TURN_OUT(g, {f.you})")
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
            made = self.call(f, f"MB{m}(g, {f.you}, None, None, {c}[1])",
                             self.move_body_decides(name))
            refusable = self.pre_aim(name) is not None or self.undoable(name)
            if refusable:
                done = f.temp()
            self.writeline(f"{done} = {made}" if refusable else made)
            self.outdent()
            self.writeline("finally:")
            self.indent()
            self.writeline("g.chain.pop()")
            self.outdent()
            if refusable:           # refused as its targets were chosen: it was no move
                self.writeline(f"if {done} is REFUSED: continue")
            self.outdent()
        if "abilities" in n.moves:
            self.need_activate = True
            call = self.call(f, f"ACTIVATE(g, {f.you}, {c}[1][0], {c}[1][1], False)", True)
            self.writeline(call if first else "else: " + call)
        self.writeline(self.whenevers_call(f))
        if self.a.any_time:
            # between two moves: the other players' moves and abilities usable at any time
            self.writeline(self.call(f, f"STEP_WINDOW(g, {f.you}, {self.step_lister()})", True))
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
                    if self.move_play(mname) is not None:   # a forbid of its play
                        tests.append(f"not MP{m}(g, you, {x}, False)")
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

            def body(f, mv=mv, name=name):
                if mv.var is not None:
                    f.names[mv.var] = "x"
                self.preaimed = self.pre_aim(name)
                undo = self.undoable(name)
                self.in_move = (name, f, undo)
                if undo:                                  # a play it makes may undo it
                    self.writeline("snap = UNDO_POINT(g)")
                try:
                    if self.preaimed is not None:         # its card's targets, first
                        self._choose_targets(f, self.preaimed)
                    self.pay_cost(mv, f)                  # the card's `to use`
                    self.block(mv.body, f)
                finally:
                    self.preaimed = None
                    self.in_move = None
            self.defn(f"MB{m}", "g, you, this, ev, x", self.gen_of(self.move_body_decides(name)),
                      body)

    def move_body_decides(self, name: str) -> bool:
        """Whether a move's body may ask something (its card's cost, its targets, its
        statements)."""
        return self.a.block(self.program.moves[name].body) or self.cost_decides(name) \
            or self.pre_aim(name) is not None

    def _choose_targets(self, f, call) -> None:
        """A move that plays a card whose play a `static forbid` may refuse by its targets
        chooses them as it starts (``pre``): a play refused so ends the move before it has
        done anything (REFUSED)."""
        self.writeline("pre = None")
        self.writeline("if type(x) is CARD and EFFECT_TARGET[x.d] is not None:")
        self.indent()
        aims = f"AIMS(g, you, x, {literal(call.action)}, {self.call_data(call, f)})"
        self.writeline(f"pre = {self.call(f, aims, True)}")
        self.writeline("if pre is REFUSED: return REFUSED")
        self.outdent()

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
            self.writeline("if g.logging: USED(g, you, card, ab.name)")
            aimed = any(ab.target is not None for ab in self.abilities)
            # `up to N` targets somewhere: each ability's count (None: one target)
            counted = any(ab.target is not None and ab.target[3] is not None
                          for ab in self.abilities)
            # `up to N` somewhere: none is an answer, and its body then runs on an empty list
            upto = any(ab.target is not None and ab.target[3] is not None and not ab.target[4]
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
                if upto:
                    self.writeline("lo = 1 if n is None or ab.target[4] else 0")
                    hi = "1 if n is None else max(lo, n(g, you, card, None))"
                else:
                    hi = "1 if n is None else max(1, n(g, you, card, None))" if counted else "1"
                fewest = "lo" if upto else "1"
                if any(ab.target is not None and ab.target[4] for ab in self.abilities):
                    # `exactly N`: N of them or nothing (offered only with N legal)
                    self.writeline(f"hi = {hi}")
                    self.writeline("o = list(ITER(t(g, you, card, None)))")
                    self.writeline("if ab.target[4] and len(o) < hi: "
                                   "return TARGETLESS(g, you, ab.name)")
                    self.writeline(f"d = CHOICE(g, you, o, hi if ab.target[4] else {fewest}, hi, "
                                   "ab.target[2], False, card)")
                else:
                    self.writeline(f"d = CHOICE(g, you, list(ITER(t(g, you, card, None))), "
                                   f"{fewest}, {hi}, ab.target[2], False, card)")
                self.writeline(f"if type(d) is DECISION: d = PICKED(d, {self.ask(f, 'd')})")
                if upto:
                    self.writeline("if not d and lo: return TARGETLESS(g, you, ab.name)")
                else:
                    self.writeline("if not d: return TARGETLESS(g, you, ab.name)")
                self.writeline("x = d[0] if n is None else d" if counted else "x = d[0]")
                if upto:
                    self.writeline("if d: TARGETED(g, you, ab.name, d)")
                    self.writeline("else: NO_TARGETS(g, you, ab.name)")
                else:
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
                    # (`up to N` answered with none has nothing to drop: its body runs)
                    self.writeline("if t is not None and n is not None and x != []:" if upto
                                   else "if t is not None and n is not None:")
                    self.indent()
                    self.writeline("now = list(ITER(t(g, you, card, None)))")
                    self.writeline("x = KEEP_TARGETS(g, x, lambda c: c in now, ab.name, True)")
                    self.writeline("if not x: return TARGETLESS(g, you, ab.name)")
                    if ev:
                        self.writeline(f"{ev}.data['targets'] = TARGET_LIST((x,))")
                    self.outdent()
                    self.writeline("elif t is not None and n is None and "
                                   "x not in ITER(t(g, you, card, None)):" if upto else
                                   "elif t is not None and x not in ITER(t(g, you, card, None)):")
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
            # A player eliminated in their turn plays no more of it (TURN_OUT); its end,
            # from `turn_end` on, is the end of any turn.
            self.writeline("g.turn_of = player")
            self.writeline("try:")
            self.indent()
            self.writeline(self.call(f, "TURN_BODY(g, player, None, None)", body_decides))
            self.outdent()
            self.writeline("except TURNOUT: pass")
            self.writeline("g.turn_of = None")
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
