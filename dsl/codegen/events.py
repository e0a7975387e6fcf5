"""Events as generated code: what announces them and what answers them.

For each event something listens to, the generator writes its dispatch: the game rules'
triggers, then each card's (every instance in play, and those the event just took out
of play), then copied text, in the order the engine has always used. An event nothing
listens to costs nothing: the statement calls the engine's quiet primitive instead.

Announcing an event ("emitting") is written where it happens::

    ev = EVENT('draw', {'n': l0}, you)
    g.depth += 1
    try:
        if g.depth > 40: TOO_DEEP(g)
        if not (PV3(g, ev)):              # forbid, prevent, instead
            D3b(g, ev)                    # `before` reactions, which may negate it
            if ev.negated: NEGATED(g, ev)
            else:
                ... the action's body, the card's move ...
                D3w(g, ev)                # `when` triggers
    finally:
        g.depth -= 1

(with `yield from` before each call that may reach a decision, when the game is stepped).
The triggers, the dispatchers (`D3b`, `D3w`) and the preventions (`PV3`) are written by
:mod:`deckwright.dsl.codegen.dispatch`.
"""
from __future__ import annotations

from .analysis import MOVE_EVENTS
from .writer import literal

class EventWriter:
    """Events, triggers and reactions: a part of
    :class:`deckwright.dsl.codegen.module.CodeGenerator`."""


    # --- names of generated helpers -----------------------------------------------------
    def event_id(self, e: str) -> int:
        if e not in self.events:
            self.events[e] = len(self.events)
        return self.events[e]

    def gen_of(self, decides: bool) -> bool:
        return self.resumable and decides

    # --- an event's `source` and `ability` -------------------------------------------------
    # Built-in events carry `source` (the card whose text made them: `this` where the
    # statement runs, the caller's inside an action) only when the program reads an
    # event's `source` somewhere; otherwise the helpers take no such argument and the
    # event has no such field (`event.source` is none), so it costs nothing. The same
    # for `ability`, the name of the ability whose body made them (``f.ability``: its
    # name as a literal in an ability's body, the caller's inside an action, else None).
    def by(self, f) -> str:
        """The source (and ability) arguments a helper call passes first after ``you``,
        or ""."""
        p = self.program
        return (f"{f.this}, " if p.reads_source else "") + \
            (f"{f.ability}, " if p.reads_ability else "")

    def by_param(self) -> str:
        p = self.program
        return ("by, " if p.reads_source else "") + ("byab, " if p.reads_ability else "")

    def with_source(self, data: str, by: str, ability: str = "None") -> str:
        """An event's fields (a dict display), with its `source` and its `ability` when
        they are read (an ability that is surely none is left out: it reads as none)."""
        p = self.program
        extra = []
        if p.reads_source:
            extra.append(f"'source': {by}")
        if p.reads_ability and ability != "None":
            extra.append(f"'ability': {ability}")
        if not extra:
            return data
        return data[:-1] + (", " if data != "{}" else "") + ", ".join(extra) + "}"

    def has_dispatch(self, e: str, kind: str) -> bool:
        return bool(self.a.listeners.get((e, kind))) or (
            bool(self.a.copiers) and (e, kind) in self.a.copyable)

    def dispatch_call(self, f, e: str, kind: str, ev: str) -> str:
        name = f"D{self.event_id(e)}{kind[0]}"
        self.need_dispatch.add((e, kind))
        return self.call(f, f"{name}(g, {ev})", self.a.event_decides(e))

    def emit_after(self, f, e: str, data: str, actor: str) -> None:
        """An event announced once it has happened: only `when` triggers hear it."""
        if self.has_dispatch(e, "when"):
            self.writeline(self.dispatch_call(f, e, "when", f"EVENT({literal(e)}, {data}, {actor})"))

    def fire_targeted(self, f, targets: str, source: str, ability: str, aiming: str) -> None:
        """A `targeted` event for each of ``targets`` (a list), once they are chosen and
        announced: ``aiming`` is the event that aims at them (the action call, `activate`
        or `resolve`), made only when some trigger hears `targeted`."""
        if not self.has_dispatch("targeted", "when"):
            return
        v = f.gen.fresh("c")
        self.writeline(f"for {v} in {targets}:")
        self.indent()
        data = (f"{{'target': {v}, 'card': {v} if type({v}) is CARD else None, "
                f"'targets': [{v}], 'source': {source}, 'ability': {ability}, "
                f"'aiming': {aiming}}}")
        self.writeline(self.dispatch_call(f, "targeted", "when",
                                          f"EVENT('targeted', {data}, {f.you})"))
        self.outdent()

    def emit(self, f, e: str, data: str, actor: str, perform) -> None:
        """Announce event ``e`` and, unless it is stopped, run ``perform(f, ev)`` (which
        writes the lines that make it happen). Written inline in the current function."""
        a = self.a
        if e not in a.listened:
            perform(f, None)
            return
        ev = f.temp()
        self.writeline(f"{ev} = EVENT({literal(e)}, {data}, {actor})")
        self.writeline("g.depth += 1")
        self.writeline("try:")
        self.indent()
        self.writeline("if g.depth > 40: TOO_DEEP(g)")
        opened = 0
        if e in a.guarded:
            self.need_prevent.add(e)
            pv = self.call(f, f"PV{self.event_id(e)}(g, {ev})", a.event_decides(e))
            self.writeline(f"if not {pv}:")
            self.indent()
            opened += 1
        if self.has_dispatch(e, "before"):
            self.writeline(self.dispatch_call(f, e, "before", ev))
            self.writeline(f"if {ev}.negated: NEGATED(g, {ev})")
            self.writeline("else:")
            self.indent()
            opened += 1
        if e in a.responded:
            # the response window: after the `before` reactions, before it takes effect
            self.writeline(self.call(f, f"WINDOW(g, {ev}, {self.responses_lister(e)})", True))
            self.writeline(f"if {ev}.negated: NEGATED(g, {ev})")
            self.writeline("else:")
            self.indent()
            opened += 1
        if e in a.card_whens:
            self.writeline(f"{ev}.in_play_before = INPLAY_FIELDS({ev})")
            if a.copiers and (e, "when") in a.copyable:
                # and the copied text they have now, which hears the event looking back
                self.writeline(f"if g.copiers_in_play and {ev}.in_play_before: "
                               f"{ev}.copied_before = COPIED_FIELDS(g, {ev})")
        perform(f, ev)
        if self.has_dispatch(e, "when"):
            self.writeline(self.dispatch_call(f, e, "when", ev))
        for _ in range(opened):
            self.outdent()
        self.outdent()
        self.writeline("finally:")
        self.indent()
        self.writeline("g.depth -= 1")
        self.outdent()

    # --- statements that announce events -------------------------------------------------
    def moves_heard(self) -> bool:
        return self.a.hears(*MOVE_EVENTS)

    def move_decides(self) -> bool:
        return any(self.a.event_decides(e) for e in MOVE_EVENTS)

    def move_call(self, f, what, to, where, index, one: bool) -> str:
        if not self.moves_heard():
            if one:
                return f"MOVE_CARD_QUIET(g, {what}, {to}, {where}, {index})"
            return f"MOVE_QUIET(g, {what}, {to}, {where}, {index})"
        self.need.add("moves")
        name = "MV1" if one else "MV"
        return self.call(f, f"{name}(g, {f.you}, {self.by(f)}{what}, {to}, {where}, {index})",
                         self.move_decides())

    def attach_call(self, f, what, host) -> str:
        if not (self.moves_heard() or self.a.hears("attach")):
            return f"ATTACH_QUIET(g, {what}, {host})"
        self.need.update(("moves", "attach"))
        decides = self.move_decides() or self.a.event_decides("attach")
        return self.call(f, f"ATTACH(g, {f.you}, {self.by(f)}{what}, {host})", decides)

    def create_call(self, f, name, amount, zone, pos) -> str:
        if not (self.moves_heard() or self.a.hears("create")):
            return f"CREATE_QUIET(g, {f.you}, {name}, {amount}, {zone}, {pos})"
        self.need.update(("moves", "create"))
        decides = self.move_decides() or self.a.event_decides("create")
        return self.call(f, f"CREATE(g, {f.you}, {self.by(f)}{name}, {amount}, {zone}, {pos})",
                         decides)

    def gain_call(self, f, kind, resource, amount) -> str:
        if not self.a.hears(kind):
            return f"{kind.upper()}_QUIET(g, {f.you}, {resource}, {amount})"
        self.need.add(kind)
        helper = "GAIN" if kind == "gain" else "LOSE"
        return self.call(f, f"{helper}(g, {f.you}, {self.by(f)}{resource}, {amount})",
                         self.a.event_decides(kind))

    def resolve_call(self, f, card) -> str:
        self.need.add("resolve")
        decides = self.a.effects or self.a.event_decides("resolve")
        if not self.aiming:
            return self.call(f, f"RESOLVE(g, {f.you}, {f.ev}, {card})", decides)
        # in the body of a call that played the card (`target for`): the targets it chose
        aim = "aim" if f.aim is not None and card == f.aim else "None"
        return self.call(f, f"RESOLVE(g, {f.you}, {f.ev}, {card}, {aim})", decides)

    def action_call(self, f, action, args, pre="None") -> str:
        """A call of ``action``; ``pre``: the targets chosen for the card it plays, where a
        forbid of it reads them (None: chosen by the call)."""
        k = self.action_index[action]
        a = self.program.actions[action]
        name = f"CA{k}" if action in self.a.listened or a.targets or a.told else f"A{k}"
        ab = f", {f.ability}" if self.program.reads_ability else ""
        if action in self.aim_forbids:
            args = [*args, pre]
        return self.call(f, f"{name}(g, {f.you}, {f.this}, {f.ev}{ab}"
                            f"{''.join(', ' + x for x in args)})", self.a.action[action])

    def whenevers_call(self, f) -> str:
        if not self.program.whenevers:
            return "pass"
        return self.call(f, "WHENEVERS(g)", self.a.whenevers)

    def library_condition(self, cond, f) -> str:
        """`create library ... if COND`: a function of the card being made (`it`), seeing
        the locals where it is written."""
        it = self.w.fresh("c")
        saved = (f.it, f.it_safe)
        f.it, f.it_safe = it, True
        try:
            return f"(lambda {it}: {self.quiet(cond, f, cond=True)})"
        finally:
            f.it, f.it_safe = saved

    # --- the helpers this program needs -----------------------------------------------------
    def write_helpers(self):
        """Write the helpers that statements asked for (they may ask for dispatchers)."""
        if "moves" in self.need:
            self._moves()
        if "attach" in self.need:
            self._attach()
        if "create" in self.need:
            self._create()
        for kind in ("gain", "lose"):
            if kind in self.need:
                self._gain(kind)
        if "resolve" in self.need:
            self._resolve()

    def _moves(self):
        a = self.a

        def one(f):
            self.writeline("if zone is None or card is None or not MOVABLE(g, card, zone): return")
            self.writeline("src = card.zone")
            self.writeline("leaving = src is not None and src.in_play and not zone.in_play")
            self.writeline("entering = zone.in_play and (src is None or not src.in_play)")
            final = "if card.zone is src: RELOCATE(g, card, zone, pos, index)"
            if "move" not in a.listened:
                tests = [t for t, e in (("leaving", "leave"), ("entering", "enter"))
                         if e in a.listened]
                self.writeline(f"if not ({' or '.join(tests)}):")
                self.indent()
                self.writeline("RELOCATE(g, card, zone, pos, index)")
                self.writeline("if leaving: RELEASE(g, card)")
                self.writeline("return")
                self.outdent()
            self.writeline("data = " + self.with_source("{'card': card, 'from': src, 'to': zone}",
                                                        "by", "byab"))

            def inner(f, ev):
                branches = [("leaving", "leave"), ("entering", "enter")]
                for k, (test, e) in enumerate(branches):
                    self.writeline(f"{'if' if k == 0 else 'elif'} {test}:")
                    self.indent()
                    self.emit(f, e, "data", "you", lambda f, ev: self.writeline(final))
                    self.outdent()
                self.writeline("else:")
                self.indent()
                self.writeline(final)
                self.outdent()
            self.emit(f, "move", "data", "you", inner)
            # After the `leave` triggers (they may take the attachments away with it).
            self.writeline("if leaving: RELEASE(g, card)")
        decides = self.move_decides()
        self.defn("MV1", f"g, you, {self.by_param()}card, zone, pos, index", self.gen_of(decides),
                  one)

        def many(f):
            self.writeline("if zone is None: return")
            self.writeline("for card in CARDS(what):")
            self.indent()
            self.writeline(self.call(f, f"MV1(g, you, {self.by_param()}card, zone, pos, index)",
                                     decides))
            self.outdent()
        self.defn("MV", f"g, you, {self.by_param()}what, zone, pos, index", self.gen_of(decides),
                  many)

    def _move_one(self, f, card, zone) -> str:
        if self.moves_heard():
            return self.call(f, f"MV1(g, you, {self.by_param()}{card}, {zone}, 'top', None)",
                             self.move_decides())
        return f"MOVE_CARD_QUIET(g, {card}, {zone}, 'top', None)"

    def _attach(self):
        def body(f):
            self.writeline("if host is None or host.zone is None: return")
            self.writeline("for card in CARDS(what):")
            self.indent()
            self.writeline("if card is host: continue")
            self.writeline(f"if card.zone is not host.zone: {self._move_one(f, 'card', 'host.zone')}")
            if self.has_dispatch("attach", "when"):
                self.writeline("if ATTACH_NOW(g, card, host):")
                self.indent()
                self.emit_after(f, "attach", self.with_source("{'card': card, 'host': host}", "by",
                                                                 "byab"),
                                "you")
                self.outdent()
            else:
                self.writeline("ATTACH_NOW(g, card, host)")
            self.outdent()
        decides = self.move_decides() or self.a.event_decides("attach")
        self.defn("ATTACH", f"g, you, {self.by_param()}what, host", self.gen_of(decides), body)

    def _create(self):
        def body(f):
            self.writeline("for _ in range(max(n, 0)):")
            self.indent()
            self.writeline("card = NEW_CARD(g, name, zone, you, pos)")
            self.writeline("if card is None: return")
            self.writeline(self._move_one(f, "card", "zone"))
            self.writeline("if UNMADE(g, card): continue")
            self.emit_after(f, "create", self.with_source("{'card': card}", "by", "byab"), "you")
            self.outdent()
        decides = self.move_decides() or self.a.event_decides("create")
        self.defn("CREATE", f"g, you, {self.by_param()}name, n, zone, pos", self.gen_of(decides),
                  body)

    def _gain(self, kind):
        def body(f):
            if kind == "gain":
                self.writeline("if n <= 0 or you is None: return")
                self.writeline("if name in SHARED: return GAIN_QUIET(g, you, name, n)")
                amount, now = "n", "GAIN_NOW"
            else:
                self.writeline("n = LOSE_AMOUNT(g, you, name, n)")
                self.writeline("if n <= 0: return")
                amount, now = "n", "LOSE_NOW"
            data = self.with_source(
                f"{{'player': you, 'resource': name, 'amount': {amount}}}", "by", "byab")
            self.emit(f, kind, data, "you",
                      lambda f, ev: self.writeline(f"{now}(g, you, name, n)"))
        self.defn(kind.upper(), f"g, you, {self.by_param()}name, n",
                  self.gen_of(self.a.event_decides(kind)), body)

    def _resolve(self):
        aimed = self.card_aimed
        decides = self.a.effects or self.a.event_decides("resolve")

        def body(f):
            self.writeline("if card is None: return")
            self.writeline("fx = EFFECTS[card.d]")
            self.writeline("if fx is None: return")
            data = self.with_source("{'card': card}", "card")
            if aimed:
                self._aim_card(f)
                data = "{'card': card, 'targets': TARGET_LIST((x,)), 'source': card}"

            def perform(f, ev):
                args = ", x" if aimed else ""
                if aimed:
                    self._recheck_card_targets(f, ev)
                self.writeline("g.chain.append(card.name)")
                self.writeline("try:")
                self.indent()
                self.writeline(self.call(f, f"fx(g, you, card, {ev or 'ev'}{args})", self.a.effects))
                self.outdent()
                self.writeline("finally:")
                self.indent()
                self.writeline("g.chain.pop()")
                self.outdent()
            self.emit(f, "resolve", data, "you", perform)
        # `aim`: the card and its targets as its play chose them (`target for`), or None
        self.defn("RESOLVE", "g, you, ev, card" + (", aim" if self.aiming else ""),
                  self.gen_of(decides), body)
        if aimed:
            self._aim_fn()

    def _aim_card(self, f):
        """A card's targets as it resolves, before its `resolve` event (which lists them):
        ``x`` (one, a list with `up to`, or None without a target). Those its play chose
        (``aim``) are taken, the ones no longer legal dropped; otherwise they are chosen
        now (AIM). With no legal target the card does nothing, but `up to N` may be
        answered with none: its effect then runs with an empty list."""
        self.writeline("x = None")
        self.writeline("t = EFFECT_TARGET[card.d]")
        self.writeline("if t is not None:")
        self.indent()
        if self.aiming:
            self.writeline("if aim is not None and aim[0] is card:")
            self.indent()
            self.writeline("x = aim[1]")
            self.writeline("if x is False: return TARGETLESS(g, you, card.name)")
            # (`up to N` answered with none has nothing to drop: its effect runs)
            self.writeline("if x != []:")
            self.indent()
            self.writeline("now = list(ITER(t[0](g, you, card, None)))")
            self.writeline("x = KEEP_TARGETS(g, x, lambda c: c in now, card.name, True)")
            self.writeline("if x is None or x == []: return TARGETLESS(g, you, card.name)")
            self.outdent()
            self.outdent()
            self.writeline("else:")
            self.indent()
        pre = ", None" if self.aim_forbids else ""
        self.writeline(f"x = {self.call(f, f'AIM(g, you, card, None, None{pre})', True)}")
        self.writeline("if x is False: return TARGETLESS(g, you, card.name)")
        if self.aiming:
            self.outdent()
        self.outdent()

    def _aim_fn(self):
        """``AIM(g, you, card, name, data[, pre])``: card's declared targets chosen by ``you``,
        announced and heard (`targeted`): one, or a list with `up to N`/`exactly N`; False
        when it has no legal target (or fewer than `exactly N`): it will do nothing. For
        the call ``name`` that plays the card (`target for`), ``data`` is that call's
        event's fields, given the targets; without (None) the card is resolving.

        In a deck with a `static forbid` of such a call that reads its targets, the choice
        is a function of its own, ``AIMS`` (the targets, False, or REFUSED: the forbid
        refuses them), which a move that plays its card calls as it starts; AIM then
        takes what it chose as ``pre`` (None: it chooses them itself)."""
        aims = [d.target for d in self.deflist if d.target is not None]
        exact = any(t[4] for t in aims)
        upto = any(t[3] is not None and not t[4] for t in aims)
        forbids = bool(self.aim_forbids)

        def choose(f):
            self.writeline("t = EFFECT_TARGET[card.d]")
            if upto:
                # the fewest that may be chosen: none for `up to N`, else one (or N, below)
                self.writeline("lo = 1 if t[1] is None or t[3] else 0")
                self.writeline("hi = 1 if t[1] is None else max(lo, t[1](g, you, card, None))")
            else:
                self.writeline("hi = 1 if t[1] is None else max(1, t[1](g, you, card, None))")
            fewest = "lo" if upto else "1"
            if exact or forbids:
                self.writeline("o = list(ITER(t[0](g, you, card, None)))")
            if forbids:
                # a `static forbid` of the play that reads its targets: one target is
                # offered only where the play may aim at it (with none, the play is
                # refused), and one typed that it leaves out is refused with its rule;
                # several are checked once chosen
                self.writeline("allowed = o")
                self.writeline("if data is not None and t[1] is None and o:")
                self.writeline("    allowed = FORBID_OPTIONS(g, name, data, you, o)")
                self.writeline("    if not allowed: "
                               "return REFUSED_PLAY(g, you, card, name, data, None, o)")
            if exact:
                # `exactly N`: N of them or nothing (the card was offered only with N legal)
                self.writeline("if t[3] and len(o) < hi: return False")
            options = "allowed" if forbids else "o" if exact else \
                "list(ITER(t[0](g, you, card, None)))"
            least = f"hi if t[3] else {fewest}" if exact else fewest
            self.writeline(f"d = CHOICE(g, you, {options}, {least}, hi, t[2], False, card)")
            if forbids:
                self.writeline("if allowed is not o and type(d) is DECISION: "
                               "AIM_RULED(d, name, data, o)")
            self.writeline(f"if type(d) is DECISION: d = PICKED(d, {self.ask(f, 'd')})")
            if upto:
                self.writeline("if not d and lo: return False")
            else:
                self.writeline("if not d: return False")
            if forbids:
                self.writeline("if data is not None and t[1] is not None and "
                               "FORBIDDEN_AIMED(g, name, data, you, d): "
                               "return REFUSED_PLAY(g, you, card, name, data, d)")

        def announce(f):
            if self.aiming:
                # a card played with its targets is shown, as they are told, where it lies
                # (a hand): everyone reads what aims at what
                self.writeline("if data is not None:")
                self.indent()
                self.writeline("card.face_up = True")
                self.writeline("data['targets'] = list(d)")
                self.outdent()
            if upto:
                self.writeline("if d: TARGETED(g, you, card.name, d)")
                self.writeline("else: NO_TARGETS(g, you, card.name)")
            else:
                self.writeline("TARGETED(g, you, card.name, d)")
            self.fire_targeted(f, "d", "card", "None",
                               "EVENT('resolve', {'card': card, 'targets': d, 'source': card}, you) "
                               "if data is None else EVENT(name, data, you)" if self.aiming else
                               "EVENT('resolve', {'card': card, 'targets': d, 'source': card}, you)")
            self.writeline("return d[0] if t[1] is None else d")

        if not forbids:
            def body(f):
                choose(f)
                announce(f)
            self.defn("AIM", "g, you, card, name, data", self.resumable, body)
            return

        def chosen(f):
            choose(f)
            self.writeline("return d")
        self.defn("AIMS", "g, you, card, name, data", self.resumable, chosen)

        def body(f):
            self.writeline("t = EFFECT_TARGET[card.d]")
            self.writeline("if pre is None:")
            self.indent()
            self.writeline(f"d = {self.call(f, 'AIMS(g, you, card, name, data)', True)}")
            self.outdent()
            self.writeline("else:")
            self.writeline("    d = pre")
            self.writeline("if d is False or d is REFUSED: return d")
            announce(f)
        self.defn("AIM", "g, you, card, name, data, pre", self.resumable, body)

    def _recheck_card_targets(self, f, ev):
        """Once the `resolve` event's reactions and window are over: the targets no
        longer among the card's targets are dropped; with none left it does nothing."""
        # (`up to N` answered with none has nothing to drop: its effect runs)
        self.writeline("if t is not None and x != []:")
        self.indent()
        self.writeline("now = list(ITER(t[0](g, you, card, None)))")
        self.writeline("x = KEEP_TARGETS(g, x, lambda c: c in now, card.name, True)")
        self.writeline("if x is None or x == []: return TARGETLESS(g, you, card.name)")
        if ev:
            self.writeline(f"{ev}.data['targets'] = TARGET_LIST((x,))")
        self.outdent()
