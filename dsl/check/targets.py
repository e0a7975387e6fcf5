"""Checking what a test and a target say: the tests of an `if` or a `require` one by one
with the words of their refusals, and a card's or an ability's declared targets (with
the test an `exactly N` target adds). A part of :class:`deckwright.dsl.check.program.Checker`."""
from __future__ import annotations

from typing import Optional

from .. import ast as A
from .. import ir as I
from .exprs import chain_of
from .kinds import CARD, CARDS, COLLECTIONS, INT, LIST, PLAYER, PLAYERS, element


class TargetChecker:
    """Requirements, their words, and declared targets."""

    def _requirements(self, requires, scope, what: str) -> tuple:
        """Each test of an `if` or `require` (an `and` split into its sides), checked
        again for refusals: (test, the deck's words, position). The tests were checked
        as one condition already, so errors are not reported twice."""
        if not requires:
            return ()
        words = [self.words(r, scope) for r in requires]   # (their errors are new ones)
        saved = self.diags
        self.diags = []
        try:
            out = []
            for r, said in zip(requires, words):
                for part in chain_of(r.cond, A.And):
                    out.append((self._bool(part, scope, what), said, part.pos))
            return tuple(out) if not self.diags else ()
        finally:
            self.diags = saved

    def words(self, r: A.Requirement, scope):
        """A requirement's words: its text, or with `{EXPR}`s in it, :class:`Words` that
        know each value's checked expression (in the test's own scope)."""
        if not r.says:
            return r.reason
        said = self.shown_words(r.reason, r.says, r.pieces, scope)
        said.k = len(self.p.words)
        self.p.words.append(said)
        return said

    def aimed(self, source, ability: Optional[str]):
        """A declared target's collection as it is checked: in a deck with a `static
        untargetable`, only what the source may aim at (:class:`deckwright.dsl.ast.Aimable`)."""
        if not self.p.untargetable:
            return source
        return A.Aimable(source, ability, pos=source.pos)

    def e_Aimable(self, n, scope):
        inner = self.typed(n.collection, scope, COLLECTIONS, "a target's collection")
        return I.Aimable(inner, n.ability, inner.kind)

    def _exact_requirement(self, spec, scope, ability: Optional[str] = None) -> tuple:
        """`target NAME from C exactly N` as the test its card or ability must pass to be
        offered, with the words of its refusal: ((`count C >= N`, words, position),), or
        () when the target itself did not check (its errors are reported once)."""
        _, source, _, n, _ = spec
        source = self.aimed(source, ability)
        count = A.Count(source, pos=source.pos)
        r = A.Requirement(A.Compare(">=", count, n, pos=source.pos),
                          "it needs {N} targets ({count} can be chosen)", pos=source.pos,
                          says=(n, count), pieces=("it needs ", " targets (", " can be chosen)"))
        saved = self.diags
        self.diags = []
        try:
            test = self._bool(r.cond, scope, "how many targets")
            if self.diags:
                return ()
        finally:
            self.diags = saved
        return ((test, self.words(r, scope), source.pos),)

    def _target(self, spec, scope, what: str, prompt: str, ability: Optional[str] = None) -> tuple:
        """A card's or an ability's `target NAME from COLLECTION [up to N | exactly N]`:
        (name, collection, prompt, N or None, exactly) checked, and the scope of the body
        that names it (one element; with a count, a list of them). ``ability``: the name
        of the ability aiming (None: the card's own target)."""
        tname, source, given, upto, exact = spec
        src = self.typed(source, scope, COLLECTIONS, what)
        if self.p.untargetable:
            src = I.Aimable(src, ability, src.kind)
        count = None
        if upto is not None:
            count = self.typed(upto, scope, (INT,), "how many targets", none_ok=False)
        kind = element(src.kind)
        if count is not None:
            kind = {CARD: CARDS, PLAYER: PLAYERS}.get(kind, LIST)
        return (tname, src, given or prompt, count, exact), scope.with_names(**{tname: kind})
