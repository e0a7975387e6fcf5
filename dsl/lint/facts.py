"""Facts about the deck: one walk over the merged declarations, shared by the rules."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

from .. import ast as A
from ..errors import SourcePosition
from .base import LintContext


def walk(node) -> Iterator:
    """Every AST node under ``node`` (itself included), depth first."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (tuple, list)):
            stack.extend(reversed(n))
            continue
        fields = getattr(n, "__dataclass_fields__", None)
        if fields is None:
            continue
        yield n
        for name in reversed(list(fields)):
            if name != "pos":
                stack.append(getattr(n, name))


def card_parts(card: A.CardDecl) -> list:
    """The pieces of a card that do things: its declared target's collection, effect,
    triggers, abilities, statics."""
    aim = card.target[1] if getattr(card, "target", None) else None
    return [x for x in (aim, card.effect, *card.triggers, *card.abilities, *card.statics)
            if x is not None]


@dataclass
class Unit:
    """Something that runs: a trigger, an `instead` rule, an ability, a card's effect, an
    action, a move, or the setup/turn/round block."""
    kind: str
    label: str
    body: object
    pos: SourcePosition
    card: Optional[A.CardDecl] = None
    event: Optional[str] = None
    guarded: bool = False            # a `where`/`if` condition or a once-per-turn limit
    once: bool = False


class Facts:
    def __init__(self, ctx: LintContext):
        items = ctx.items
        self.ctx = ctx
        self.zones = {i.name: i for i in items if isinstance(i, A.Zone)}
        self.resources = {i.name: i for i in items if isinstance(i, A.Resource)}
        self.actions = {i.name: i for i in items if isinstance(i, A.ActionDecl)}
        self.moves = {i.name: i for i in items if isinstance(i, A.MoveDecl)}
        self.limits = {i.name: i for i in items if isinstance(i, A.LimitDecl)}
        self.options = {i.name: i for i in items if isinstance(i, A.Option)}
        self.cards = [i for i in items if isinstance(i, A.CardDecl)]
        self.card_names = {c.name for c in self.cards}
        self.library = [c for c in self.cards if not c.token]
        self.counters = {n: i for i in items if isinstance(i, A.CounterDecl) for n in i.names}
        self.types = {n for i in items if isinstance(i, A.TypeDecl) for n in i.names}
        self.subtypes = {n for i in items if isinstance(i, A.SubtypeDecl) for n in i.names}
        self.params = {i.name: i for i in items if isinstance(i, A.Param)}
        players = [i for i in items if isinstance(i, A.Players)]
        self.max_players = players[-1].max if players else 2
        self.units = self._units(items)
        self.nodes = [n for u in self.units for n in walk(u.body)] + \
            [n for i in items if isinstance(i, (A.Zone, A.Resource, A.Var, A.Param, A.Whenever,
                                               A.LimitDecl, A.Standing, A.Side))
             for n in walk(i)]
        self._causes: dict = {}
        self.fold_options = False

    def _units(self, items) -> list:
        units = []
        for i in items:
            if isinstance(i, A.Trigger):
                units.append(self._trigger(i, None))
            elif isinstance(i, A.StaticDecl) and isinstance(i.static, A.StaticInstead):
                units.append(Unit("instead", f"`static instead {i.static.event}`", i.static.body,
                                  i.pos, None, i.static.event, i.static.where is not None))
            elif isinstance(i, A.ActionDecl):
                units.append(Unit("action", f"action `{i.name}`", i.body, i.pos))
            elif isinstance(i, A.MoveDecl):
                units.append(Unit("move", f"move `{i.name}`", i.body, i.pos,
                                  guarded=i.cond is not None))
            elif isinstance(i, (A.Setup, A.Turn, A.Round)):
                units.append(Unit(type(i).__name__.lower(), f"the {type(i).__name__.lower()} block",
                                  i.body, i.pos))
            elif isinstance(i, A.Whenever):
                units.append(Unit("whenever", "a `whenever` rule", i.body, i.pos, guarded=True))
            elif isinstance(i, A.CardDecl):
                if i.effect is not None:
                    units.append(Unit("effect", f"\"{i.name}\"", i.effect, i.pos, i))
                for t in i.triggers:
                    units.append(self._trigger(t, i))
                for ab in i.abilities:
                    units.append(Unit("ability", f"\"{i.name}\": \"{ab.name}\"", ab.body, ab.pos, i,
                                      guarded=ab.cond is not None or ab.once_per_turn,
                                      once=ab.once_per_turn))
                for st in i.statics:
                    if isinstance(st, A.StaticInstead):
                        units.append(Unit("instead", f"\"{i.name}\" `instead {st.event}`", st.body,
                                          st.pos if st.pos.line else i.pos, i, st.event,
                                          st.where is not None))
        return units

    @staticmethod
    def _trigger(t: A.Trigger, card) -> Unit:
        who = f"\"{card.name}\" " if card is not None else ""
        return Unit("trigger", f"{who}`{t.kind} {t.event}`", t.body, t.pos, card, t.event,
                    t.where is not None or t.once_per_turn, t.once_per_turn)

    # --- small resolvers -------------------------------------------------------------
    def zone_name(self, e) -> Optional[str]:
        if isinstance(e, A.Name) and e.id in self.zones:
            return e.id
        if isinstance(e, A.Of) and e.name in self.zones:
            return e.name
        return None

    def in_play(self, zone: Optional[str]) -> bool:
        z = self.zones.get(zone)
        return z is None or z.in_play

    def const(self, e, options: bool = False):
        """The value of an expression that does not depend on the game, or None. Variant
        options may change at game start, so they count only with ``options=True`` (their
        default value, for estimates)."""
        if options:
            saved, self.fold_options = self.fold_options, True
            try:
                return self.const(e)
            finally:
                self.fold_options = saved
        if isinstance(e, (A.IntLit, A.BoolLit)):
            return e.value
        if isinstance(e, A.Neg):
            v = self.const(e.operand)
            return -v if isinstance(v, int) and not isinstance(v, bool) else None
        if isinstance(e, A.Name) and e.id in self.options and self.fold_options:
            return self.const(self.options[e.id].value)
        if isinstance(e, A.BinOp):
            a, b = self.const(e.left), self.const(e.right)
            if isinstance(a, int) and isinstance(b, int):
                try:
                    return {"+": a + b, "-": a - b, "*": a * b}.get(e.op) if e.op in "+-*" else \
                        (a // b if e.op == "/" else a % b)
                except ZeroDivisionError:
                    return None
        if isinstance(e, A.Not):
            v = self.const(e.operand)
            return (not v) if isinstance(v, bool) else None
        if isinstance(e, A.And):
            a, b = self.const(e.left), self.const(e.right)
            if a is False or b is False:
                return False
            return True if a is True and b is True else None
        if isinstance(e, A.Or):
            a, b = self.const(e.left), self.const(e.right)
            if a is True or b is True:
                return True
            return False if a is False and b is False else None
        if isinstance(e, A.Compare):
            a, b = self.const(e.left), self.const(e.right)
            if a is not None and b is not None and type(a) is type(b):
                return {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b,
                        ">=": a >= b}[e.op]
            return self._beyond_bounds(e)
        return None

    def _beyond_bounds(self, e: A.Compare):
        """`coins >= 9` when coins has `max 5`: false whatever happens."""
        def bound(side):
            name = side.id if isinstance(side, A.Name) else side.name if isinstance(side, A.Of) else None
            r = self.resources.get(name)
            if r is None:
                return None
            lo = self.const(r.min) if r.min is not None else None
            hi = self.const(r.max) if r.max is not None else None
            return lo, hi
        left, right = bound(e.left), bound(e.right)
        if left is not None and isinstance(self.const(e.right), int):
            lo, hi = left
            n = self.const(e.right)
            op = e.op
        elif right is not None and isinstance(self.const(e.left), int):
            lo, hi = right
            n = self.const(e.left)
            op = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}[e.op]
        else:
            return None
        if hi is not None and ((op == ">=" and n > hi) or (op == ">" and n >= hi) or
                               (op == "==" and n > hi)):
            return False
        if lo is not None and ((op == "<=" and n < lo) or (op == "<" and n <= lo) or
                               (op == "==" and n < lo)):
            return False
        return None

    # --- what an effect can cause ----------------------------------------------------
    def causes(self, body, certain_only: bool = False) -> set:
        """Events running ``body`` may cause (or, with ``certain_only``, always causes)."""
        key = (id(body), certain_only)
        if key not in self._causes:
            self._causes[key] = set()          # recursion: an action calling itself
            self._causes[key] = self._block(body, {}, certain_only)
        return self._causes[key]

    def _block(self, block, env: dict, certain: bool) -> set:
        out: set = set()
        if block is None:
            return out
        for s in block.stmts:
            out |= self._stmt(s, env, certain)
        return out

    def _source_zones(self, e, env) -> Optional[set]:
        """Zones the cards of ``e`` may be in, or None when anywhere."""
        if isinstance(e, A.Name):
            return env.get(e.id)
        if isinstance(e, A.Call) and e.func in ("top", "bottom", "random", "first", "last") and e.args:
            z = self.zone_name(e.args[0])
            if z:
                return {z}
            return self._source_zones(e.args[0], env)
        if isinstance(e, A.CardSel):
            zones = set()
            for f in e.filters:
                if f.kind == "in":
                    z = self.zone_name(f.arg)
                    if z is None:
                        return None
                    zones.add(z)
            return zones or None
        z = self.zone_name(e)
        return {z} if z else None

    def _stmt(self, s, env: dict, certain: bool) -> set:
        out: set = set()
        if isinstance(s, A.Move):
            out.add("move")
            dest = self.zone_name(s.to)
            src = self._source_zones(s.what, env)
            from_play = src is None or any(self.in_play(z) for z in src)
            if self.in_play(dest) and (src is None or not all(self.in_play(z) for z in src)):
                out.add("enter")
            if from_play and not (dest and self.in_play(dest)):
                out.add("leave")
        elif isinstance(s, A.CallStmt):
            out.add(s.name)
            if s.name in self.actions:
                out |= self.causes(self.actions[s.name].body, certain)
        elif isinstance(s, (A.Gain, A.Lose)):
            out.add("gain" if isinstance(s, A.Gain) else "lose")
        elif isinstance(s, A.PutCounter):
            out.add("counter_added")
        elif isinstance(s, A.RemoveCounter):
            out.add("counter_removed")
        elif isinstance(s, A.Create):
            out.add("create")
        elif isinstance(s, A.Shuffle):
            out.add("shuffle")
        elif isinstance(s, A.Attach):
            out.add("attach")
        elif isinstance(s, A.GiveControl):
            out.add("control")
        elif isinstance(s, A.Eliminate):
            out.add("eliminate")
        elif isinstance(s, A.Resolve):
            out.add("resolve")
            if not certain:
                for c in self.cards:
                    if c.effect is not None:
                        out |= self.causes(c.effect)
        elif isinstance(s, A.Choose):
            if not certain:
                inner = dict(env)
                inner[s.var] = self._source_zones(s.source, env)
                out |= self._block(s.body, inner, certain)
        elif isinstance(s, A.Divide):
            if not certain:
                inner = dict(env)
                inner[s.target] = self._source_zones(s.source, env)
                out |= self._block(s.body, inner, certain)
        elif isinstance(s, A.ForEach):
            inner = dict(env)
            inner[s.var] = self._source_zones(s.collection, env)
            if not certain:
                out |= self._block(s.body, inner, certain)
        elif isinstance(s, A.Let):
            env[s.name] = self._source_zones(s.value, env)
        elif isinstance(s, A.If):
            c = self.const(s.cond)
            if c is True:
                out |= self._block(s.then, env, certain)
            elif c is False:
                out |= self._block(s.orelse, env, certain)
            elif not certain:
                out |= self._block(s.then, env, certain) | self._block(s.orelse, env, certain)
        elif isinstance(s, (A.Repeat, A.While)):
            if not certain or self.const(getattr(s, "times", None) or s.cond) not in (None, 0, False):
                out |= self._block(s.body, env, certain)
        elif isinstance(s, (A.As, A.Simultaneously, A.Phase)):
            out |= self._block(s.body, env, certain)
        elif isinstance(s, (A.May,)):
            if not certain:
                out |= self._block(s.body, env, certain)
        elif isinstance(s, A.ChooseOne):
            if not certain:
                for case in s.cases:
                    out |= self._block(case.body, env, certain)
        return out


def _sel_words(node) -> list:
    """(word, node) for every card type word a selector or `is` test asks about."""
    out = []
    for n in walk(node):
        if isinstance(n, A.CardSel):
            out.extend((w, n) for w in n.types)
        elif isinstance(n, A.IsType):
            out.append((n.type, n))
    return out


def _singular(word: str, known: set) -> str:
    return word[:-1] if word not in known and word.endswith("s") and word[:-1] in known else word
