"""Every play of a card reads the card's `require`; a play refused in a move undoes the move.

A call that plays a card (`target for`, the base deck's `play`) is checked as it is made,
wherever it is made:

* the card's own `require`s, while it is out of play (``PLAY_REQUIRED``), unless the card
  is the option of the move whose body makes the call: that one was read as the move
  began, before its `to use` cost (its offer lists only cards whose `require`s hold), so a
  cost that would fail the card's own `require` ("destroy your top Thing to use") does not
  refuse its play;
* the call's `if` and the `static forbid`s of it, by the call itself, which answers
  REFUSED when one refuses it.

A refused play in a card's effect, a trigger or an ability does nothing (what led to it
was legal and stands). A refused play in a move's own body undoes the move: a move that
may be so refused (:meth:`PlayWriter.undoable`) keeps the state as it begins (``snap =
UNDO_POINT(g)``), and a refusal puts it back, says the rule, and answers REFUSED, so that
the `offer` loop asks again (:mod:`deckwright.dsl.engine.undo`). A move whose only play is
of its option, at the top of its body after nothing but `use` lines (the base deck's
`play_thing`), is checked as it is offered and keeps no copy of the state.
"""
from __future__ import annotations

from .. import ir as I
from .writer import literal


class PlayWriter:
    """Plays checked as they are made: a part of
    :class:`deckwright.dsl.codegen.module.CodeGenerator`."""

    # the move whose body is being written: (its name, its frame, whether it keeps `snap`)
    in_move = None

    def refusable_play(self, action: str) -> bool:
        """Whether a call of ``action`` plays a card and some rule may refuse it."""
        return self.program.actions[action].aims is not None and action in self.call_checks

    def plays_in(self, stmts) -> list:
        """The calls that play a card anywhere in ``stmts`` (not inside the actions they
        call)."""
        out, stack = [], list(reversed(stmts))
        while stack:
            n = stack.pop()
            if isinstance(n, I.CallAction) and self.program.actions[n.action].aims is not None:
                out.append(n)
            if isinstance(n, I.Stmt):
                stack.extend(reversed(list(_inner(n))))
        return out

    def undoable(self, name: str) -> bool:
        """Whether move ``name`` makes a play some rule may refuse that its offer does not
        check: a play after another step, of another card, or inside a block."""
        mv = self.program.moves[name]
        checked = self._checked_at_offer(mv)
        return any(self.refusable_play(c.action) and c is not checked
                   for c in self.plays_in(mv.body))

    def _checked_at_offer(self, mv):
        """The play of a move's option at the top of its body, after nothing but `use`
        lines, its other arguments reading no other name: its offer checks it."""
        if mv.var is None:
            return None
        for st in mv.body:
            if isinstance(st, I.Use):
                continue
            if not isinstance(st, I.CallAction):
                return None
            a = self.program.actions[st.action]
            if a.aims is None:
                return None
            card = st.args[a.params.index(a.aims)]
            read = {x[1] for x in I.facts(tuple(st.args)) if type(x) is tuple and x[0] == "local"}
            ok = isinstance(card, I.Local) and card.name == mv.var and read <= {mv.var}
            return st if ok else None
        return None

    def checked_play(self, n, f, args: list, pre: str) -> bool:
        """Write the call ``n`` that plays a card with its checks (True), or nothing when
        it needs none (False: the caller writes the plain call)."""
        a = self.program.actions[n.action]
        if a.aims is None:
            return False
        move = self.in_move if self.in_move is not None and self.in_move[1] is f else None
        j = a.params.index(a.aims)
        given = n.args[j]
        option = move is not None and isinstance(given, I.Local) and f.names.get(given.name) == "x"
        required = any(self.card_requires) and not option
        undo = move is not None and move[2] and n.action in self.call_checks
        if not required and not undo:
            return False
        temps = []
        for x in args:                      # worked out once: checked, then called
            t = f.temp()
            self.writeline(f"{t} = {x}")
            temps.append(t)
        card = temps[j]
        call = self.action_call(f, n.action, temps, pre)
        you = f.you
        opened = False
        if required:
            self.writeline(f"why = PLAY_REQUIRED(g, {you}, {card})")
            if undo:
                self.writeline(f"if why is not None: return UNDO_MOVE(g, snap, {you}, "
                               f"{literal(move[0])}, {card}, why)")
            else:
                self.writeline(f"if why is not None: PLAY_NOT_ALLOWED(g, {you}, {card}, why)")
                self.writeline("else:")
                self.indent()
                opened = True
        if undo:
            words = (f"PLAY_REFUSED(g, {literal(n.action)}, {you}, {f.this}, {f.ev}, "
                     f"{f.ability}, {card}, [{', '.join(temps)}])")
            self.writeline(f"if {call} is REFUSED: return UNDO_MOVE(g, snap, {you}, "
                           f"{literal(move[0])}, {card}, {words})")
        else:
            self.writeline(call)
        if opened:
            self.outdent()
        return True


def _inner(n):
    """The statements directly inside statement ``n``'s blocks (`choose one`'s cases too)."""
    return [v for v in n.children() if isinstance(v, I.Stmt)]
