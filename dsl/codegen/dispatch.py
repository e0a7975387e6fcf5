"""Triggers and their dispatch as generated code: each trigger's function, the dispatcher
of each event (the game rules' triggers, then each card's, then copied text, in the order
the engine has always used), and the static effects that forbid, prevent or replace an
event. A part of :class:`deckwright.dsl.codegen.module.CodeGenerator`, beside
:mod:`deckwright.dsl.codegen.events`, which announces the events these answer.
"""
from __future__ import annotations

from .. import ir as I
from .writer import literal


class DispatchWriter:
    """Triggers, dispatchers and preventions: a part of
    :class:`deckwright.dsl.codegen.module.CodeGenerator`."""

    # --- triggers and their dispatch ------------------------------------------------------
    def write_triggers(self):
        for t in self.program.all_triggers:
            self._trigger(t)

    def _trigger(self, t):
        decides = self.a.event_decides(t.event) or t.kind == "respond"

        def body(f):
            f.this_safe = t.card is not None
            f.ev_safe = True
            key = None
            if t.once_per_turn and t.kind != "respond":    # a response's: RESPOND keeps it
                key = f.temp()
                this_id = "this.id if this is not None else None"
                self.writeline(f"{key} = ('trigger', {t.index}, {this_id})")
                self.writeline(f"if {key} in {self.state(f)}.once: return")
            if t.where is not None and t.kind != "respond":   # a response's: when offered
                self.writeline(f"if not {self.cond(t.where, f)}: return")
            if key is not None:
                self.writeline(f"{self.state(f)}.once.add({key})")
            self.budget_check(t.pos)
            if self.notes:
                self.writeline(f"NOTE_TRIGGER({self.program.all_triggers.index(t)})")
            label = "this.name" if t.card is not None else literal(f"rule at {t.pos}")
            self.guarded_body(f, label, t.body)
        saved, self.spot = self.spot, t.pos
        try:
            self.defn(f"T{t.index}", "g, you, this, ev", self.gen_of(decides), body)
        finally:
            self.spot = saved

    def guarded_body(self, f, label: str, stmts) -> None:
        """The statements, with ``label`` on the chain the engine names in errors."""
        self.writeline(f"g.chain.append({label})")
        self.writeline("try:")
        self.indent()
        self.block(stmts, f)
        self.outdent()
        self.writeline("finally:")
        self.indent()
        self.writeline("g.chain.pop()")
        self.outdent()

    def write_dispatchers(self):
        done = self.dispatched
        while self.need_dispatch - done:
            for e, kind in sorted(self.need_dispatch - done):
                done.add((e, kind))
                self._dispatcher(e, kind)

    def _dispatcher(self, e: str, kind: str):
        a = self.a
        listeners = a.listeners.get((e, kind), ())

        def body(f):
            S = self.state(f)
            k = 0
            while k < len(listeners):
                card, t = listeners[k]
                if card is not None and t.from_zone is None and _about_itself(t):
                    # a run of triggers on `event.card == this`: only the event's card can
                    # answer, through the ones of its own name, in order
                    run = []
                    while k < len(listeners) and listeners[k][0] is not None \
                            and listeners[k][1].from_zone is None and _about_itself(listeners[k][1]):
                        run.append(listeners[k])
                        k += 1
                    self._self_triggers(f, e, kind, run)
                    continue
                k += 1
                fire = f"T{t.index}"
                if card is None:
                    self.writeline(self.call(
                        f, f"{fire}(g, ev.actor if ev.actor is not None else {S}.active, None, ev)",
                        a.event_decides(e)))
                    continue
                c = self.w.fresh("c")
                if t.from_zone is not None:
                    src = f"INSTANCES(g, {literal(card)}, {literal(t.from_zone)})"
                elif kind == "when":
                    src = f"HEARING(g, {literal(card)}, ev)"
                else:
                    src = f"INSTANCES(g, {literal(card)}, None)"
                self.writeline(f"for {c} in {src}:")
                self.indent()
                self.writeline(self.call(
                    f, f"{fire}(g, {c}.controller or {c}.owner or {S}.active, {c}, ev)",
                    a.event_decides(e)))
                self.outdent()
                self.writeline("if ev.negated: return")
            if a.copiers and (e, kind) in a.copyable:
                if kind == "when":      # copied text looks back, as printed text does
                    self.writeline("if g.copiers_in_play or ev.copied_before:")
                    self.indent()
                    self.writeline("for c, d in COPIED_HEARING(g, ev):")
                else:
                    self.writeline("if g.copiers_in_play:")
                    self.indent()
                    self.writeline("for c, d in COPIED(g):")
                self.indent()
                self.writeline("for t in d.triggers:")
                self.indent()
                self.writeline(f"if t.event == {literal(e)} and t.kind == {literal(kind)} "
                               f"and t.from_zone is None:")
                self.indent()
                self.writeline(self.call(
                    f, f"TRIGGERS[t.index](g, c.controller or c.owner or {S}.active, c, ev)",
                    a.event_decides(e)))
                self.writeline("if ev.negated: return")
                self.outdent()
                self.outdent()
                self.outdent()
                self.outdent()
        self.defn(f"D{self.event_id(e)}{kind[0]}", "g, ev", self.gen_of(a.event_decides(e)), body)

    def _self_triggers(self, f, e, kind, run):
        """A run of `event.card == this` triggers: a table, card name → its triggers."""
        table = self.w.fresh("SELF")
        by_card: dict = {}
        for card, t in run:
            by_card.setdefault(card, []).append(t.index)
        self.self_tables[table] = by_card
        c, fire = self.w.fresh("c"), self.w.fresh("c")
        was = f" or {c} in ev.in_play_before" if kind == "when" else ""
        self.writeline(f"{c} = ev.data.get('card')")
        self.writeline(f"if type({c}) is CARD and {c}.name in {table} and "
                       f"(({c}.zone is not None and {c}.zone.in_play){was}):")
        self.indent()
        self.writeline(f"for {fire} in {table}[{c}.name]:")
        self.indent()
        self.writeline(self.call(f, f"{fire}(g, {c}.controller or {c}.owner or "
                                    f"{self.state(f)}.active, {c}, ev)", self.a.event_decides(e)))
        self.writeline("if ev.negated: return")
        self.outdent()
        self.outdent()

    def write_preventions(self):
        for e in sorted(self.need_prevent):
            if ("PV", e) not in self.written:
                self.written.add(("PV", e))
                self._prevention(e)

    def _prevention(self, e: str):
        a = self.a

        def body(f):
            self.writeline(f"if FORBIDDEN(g, {literal(e)}, ev.data, ev.actor): return True")
            for kind in ("prevent", "instead"):
                if e not in a.static_events.get(kind, ()):
                    continue
                self.writeline(f"for st, src, yo in ACTIVE(g, {literal(kind)}):")
                self.indent()
                self.writeline(f"if st.event != {literal(e)}: continue")
                self.writeline("w = WHERE[st.index]")
                self.writeline("if w is None or w(g, yo, src, ev):")
                self.indent()
                if kind == "instead":
                    self.writeline("g.chain.append(src.name if src else f'rule at {st.pos}')")
                    self.writeline("try:")
                    self.indent()
                    self.writeline(self.call(f, "INSTEAD[st.index](g, yo, src, ev)",
                                             a.event_decides(e)))
                    self.outdent()
                    self.writeline("finally:")
                    self.indent()
                    self.writeline("g.chain.pop()")
                    self.outdent()
                self.writeline("return True")
                self.outdent()
                self.outdent()
            self.writeline("return False")
        self.defn(f"PV{self.event_id(e)}", "g, ev", self.gen_of(a.event_decides(e)), body)


def _about_itself(t) -> bool:
    """Whether a card's trigger answers only events about the card itself: its condition
    is (or starts with) `event.card == this`."""
    w = t.where
    if isinstance(w, I.And):
        w = w.items[0]
    if not (isinstance(w, I.Compare) and w.op == "=="):
        return False
    sides = {_which(w.left), _which(w.right)}
    return sides == {"event.card", "this"}


def _which(n) -> str:
    if isinstance(n, I.Builtin) and n.which == "this":
        return "this"
    if isinstance(n, I.EventGet) and n.name == "card" and isinstance(n.obj, I.Builtin) \
            and n.obj.which == "event":
        return "event.card"
    return ""
