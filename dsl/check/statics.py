"""Checking a static effect (`static ...` on a card, at the top level or made by a
statement) into a :class:`~deckwright.dsl.program.CompiledStatic`. A part of
:class:`deckwright.dsl.check.program.Checker`."""
from __future__ import annotations

from typing import Optional

from .. import ast as A
from ..program import CompiledStatic
from .kinds import AFTER_THE_FACT, CARD, CARDS, EVENTS_BUILTIN, PLAYER, PLAYERS
from .scope import Scope


# What a `static untargetable`'s condition reads of `event`, the aiming: the card or
# player aimed at, the card whose text aims, the aiming ability's name (or none), who aims.
AIMING_FIELDS = {"target", "source", "ability", "player", "name"}


class StaticChecker:
    """Statics: what each kind names and the conditions and bodies it runs."""

    def static(self, s, card: Optional[str], pos) -> CompiledStatic:
        p = self.p
        scope = Scope(card=card, event=True)
        pos = s.pos if s.pos.line else pos
        cs = CompiledStatic(type(s).__name__[6:].lower(), s, card, pos)
        if isinstance(s, A.StaticModify) and s.param in p.modified_props:
            # a card's number: `static modify health by 2 for this.host`
            cs.kind, cs.param = "modify_property", s.param
            cs.amount = self._int(s.amount, scope, "a modifier")
            if s.target is not None:
                cs.target = self.typed(s.target, scope, (CARD, CARDS), "which cards a modifier "
                                                                      "is for")
            elif card is None:
                self.error("modify-whom", f"a game rule that modifies the property `{s.param}` "
                                          f"must say of which cards", s.pos,
                           f"`static modify {s.param} by N for CARDS`")
        elif isinstance(s, A.StaticModify):
            if s.param not in p.params:
                self.unknown("parameter", s.param, s.pos, p.params)
            cs.param = s.param
            cs.amount = self._int(s.amount, scope, "a modifier")
            if s.target is not None:
                cs.target = self.typed(s.target, scope, (PLAYER, PLAYERS), "whom a modifier is for")
        elif isinstance(s, A.StaticSubstitute):
            for name in (s.limit, s.substitute):
                if name not in p.limits:
                    self.unknown("limit", name, s.pos, p.limits)
            cs.limit, cs.substitute, cs.once_per_turn = s.limit, s.substitute, s.once_per_turn
        elif isinstance(s, (A.StaticForbid, A.StaticPrevent, A.StaticInstead)):
            known = set(p.actions) | set(p.moves) | EVENTS_BUILTIN
            if s.event not in known:
                self.unknown("event", s.event, s.pos, known)
            elif s.event in AFTER_THE_FACT:
                self.error("no-reaction", f"`{s.event}` is announced after it happens, so it "
                                          f"cannot be forbidden, prevented or replaced", s.pos)
            cs.event = s.event
            scope = scope.child(fields=self.event_fields(s.event), on=s.event)
            if s.where is not None:
                cs.where = self._bool(s.where, scope, "a condition")
            if isinstance(s, A.StaticInstead):
                cs.body = self.block(s.body, scope)
        elif isinstance(s, A.StaticCopy):
            cs.source = self.typed(s.source, scope, (CARD,), "what a card copies")
        elif isinstance(s, (A.StaticGrant, A.StaticAlwaysUsable)):
            if isinstance(s, A.StaticAlwaysUsable):
                cs.kind = "always_usable"
            cs.target = self.typed(s.target, scope, (CARD, CARDS), "which cards' abilities "
                                                                  "a static changes")
            if isinstance(s, A.StaticGrant):
                # the given ability runs as the receiving card's: `this` is that card
                cs.ability = self.ability(s.ability, Scope(card="*", event=False), card)
                if s.ability.from_zone is not None:
                    self.error("grant-from", "a granted ability works in play: it cannot say "
                                             "`from`", s.ability.pos)
                p.granted.append(cs.ability)
        elif isinstance(s, A.StaticUntargetable):
            self._untargetable(s, cs, scope, card)
        cs.index = len(p.all_statics)
        p.all_statics.append(cs)
        return cs

    def _untargetable(self, s, cs, scope, card) -> None:
        """`static untargetable [for WHAT] [by CONDITION]`: what it protects (by default
        its own card; a game rule must say), and from which aimings."""
        if s.target is not None:
            cs.target = self.typed(s.target, scope, (CARD, CARDS, PLAYER, PLAYERS),
                                   "what a static makes untargetable")
        elif card is None:
            self.error("untargetable-whom", "a game rule that makes something untargetable "
                                            "must say what", s.pos,
                       "`static untargetable for CARDS by CONDITION` (cards or players)")
        if s.by is not None:
            aiming = scope.child(fields=AIMING_FIELDS, on="aim")
            cs.where = self._bool(s.by, aiming, "what a target is protected from")
