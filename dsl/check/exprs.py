"""Checking expressions: every name resolved, every kind checked, an IR node out.

Handlers are methods ``e_<Node>`` of :class:`ExprChecker`, one per syntax node; each
states the syntax it implements and returns the :mod:`deckwright.dsl.ir` node, whose ``kind`` is
what the expression evaluates to. Mistakes are reported (with a position and, where one
helps, a "did you mean") and checking goes on, so a file reports everything at once.
"""
from __future__ import annotations

from .. import ast as A
from .. import ir as I
from ..errors import suggest
from ..program import Words
from .kinds import (ANY, ARITY, BOOL, CARD, CARD_ATTRS, CARD_FIELDS, CARDS, COLLECTIONS,
                    EVENT, FUNCTIONS, INT, LIST, NONE, PLAYER, PLAYER_ATTRS, PLAYERS, STR,
                    ZONE, ZONE_ATTRS, ZONES, BUILTIN_NAMES, article, element, is_kind,
                    kind_of_value, runtime_kinds)


def _none():
    return I.Const(None, ANY)


class ExprChecker:
    """The expression half of :class:`deckwright.dsl.check.program.Checker`."""

    def expr(self, node, scope) -> I.Expr:
        return getattr(self, "e_" + type(node).__name__)(node, scope)

    def shown_words(self, text: str, says: tuple, pieces: tuple, scope) -> Words:
        """Words that show values of the game, `{EXPR}` each (a refusal's `else`, a `say`,
        an end condition's name): :class:`Words` knowing each value's checked expression
        in ``scope`` and the texts around them."""
        said = Words(text)
        said.values = tuple(self.expr(e, scope) for e in says)
        said.pieces = pieces
        said.k = None
        return said

    def typed(self, node, scope, allowed, what, none_ok=None, runtime=None) -> I.Expr:
        return self.kinded(self.expr(node, scope), node.pos, scope, allowed, what, none_ok,
                           runtime)

    def kinded(self, out, pos, scope, allowed, what, none_ok=None, runtime=None) -> I.Expr:
        """``out`` (checked from the node at ``pos``) where a kind in ``allowed`` is
        needed: an error now if its kind is known and wrong; if its kind is known only
        when the game runs, ``out`` checked then (:class:`deckwright.dsl.ir.Checked`, with the kinds
        ``runtime`` or those :func:`runtime_kinds` gives). An action's parameter used here
        tells what the action's callers must pass (:meth:`infer_param_kinds`)."""
        if runtime is None:
            runtime = runtime_kinds(allowed, none_ok)
        if runtime is not None and isinstance(out, I.Local) and out.name in scope.params:
            key = (scope.params[out.name], out.name)
            if self._probe is not None:
                known = self._probe.get(key)
                self._probe[key] = ((set(allowed), set(runtime)) if known is None else
                                    (known[0] & set(allowed), known[1] & set(runtime)))
            if key in self.param_kinds:
                return out                  # every call checks what it passes
        kind = out.kind
        self.expect(kind, allowed, pos, what)
        if runtime is None or kind not in (ANY, LIST) or not is_kind(kind, *allowed):
            return out
        if isinstance(out, I.ListOf):
            wrong = [x.kind for x in out.items if not _fits(x.kind, runtime)]
            if wrong:
                self.error("type", f"{what} must be "
                                   f"{' or '.join(article(a) for a in allowed)}, not a list "
                                   f"holding {article(wrong[0])}", pos)
                return out
            if all(x.kind != ANY for x in out.items):
                return out
        shown = [k for k in runtime if k != "numbers"]
        one = shown[0] if len(shown) == 1 or (len(shown) == 2 and NONE in shown) else ANY
        return I.Checked(out, runtime, what, pos, ANY if one == NONE else one)

    def _int(self, node, scope, what, none_ok=False):
        return self.typed(node, scope, (INT,), what, none_ok)

    def _bool(self, node, scope, what):
        return self.typed(node, scope, (BOOL,), what)

    def _player(self, node, scope, what, none_ok=True):
        return self.typed(node, scope, (PLAYER,), what, none_ok)

    # `42`, `"text"`, `true`, `none`
    def e_IntLit(self, n, scope): return I.Const(n.value, INT)
    def e_StrLit(self, n, scope): return I.Const(n.value, STR)
    def e_BoolLit(self, n, scope): return I.Const(n.value, BOOL)
    def e_NoneLit(self, n, scope): return I.Const(None, NONE)

    # `Rare`: a type or a symbol some card carries
    def e_Symbol(self, n, scope):
        if n.id not in self.symbols:
            self.unknown("type or symbol", n.id, n.pos, self.symbols)
        return I.Const(n.id, STR)

    # a name: local, built-in, option, parameter, variable, resource or zone
    def e_Name(self, n, scope):
        p, name = self.p, n.id
        if name in scope.names:
            return I.Local(name, scope.names[name])
        if name == "this" and scope.card is None:
            self.error("this-outside", "`this` only means something in a card's text", n.pos)
        if name == "event" and not scope.event:
            self.error("event-outside", "`event` only means something in a trigger, "
                                        "a reaction or an action", n.pos)
        if name == "it":
            if scope.it is None:
                self.error("it-outside", "`it` only means something in a `where` clause", n.pos)
            return I.Builtin("it", scope.it or ANY)
        if name in BUILTIN_NAMES:
            return I.Builtin(name, BUILTIN_NAMES[name])
        if name in p.options:
            return I.OptionRef(name, kind_of_value(p.options[name]))
        if name in p.params:
            return I.ParamRef(name, None, INT)
        if name in p.vars:
            if p.vars[name][0]:
                return I.PlayerVar(name, None, ANY)
            return I.GlobalVar(name, ANY)
        if name in p.resources:
            if p.resources[name].shared:
                return I.ResShared(name, True, INT)
            return I.Res(name, None, INT)
        if name in p.zones:
            z = p.zones[name]
            if z.scope == "shared":
                return I.ZoneRef(name, "shared", None, ZONE)
            return I.ZonesNamed(name, ZONES)
        candidates = (list(scope.names) + list(p.options) + list(p.params) + list(p.vars)
                      + list(p.resources) + list(p.zones) + list(BUILTIN_NAMES))
        hint = suggest(name, candidates)
        if name in p.actions and not hint:
            hint = f"`{name}` is an action: call it as a statement, `{name} ...`"
        if name in p.limits and not hint:
            hint = f"`{name}` is a limit: write `remaining({name})`"
        self.error("unknown-name", f"unknown name `{name}`", n.pos, hint)
        return _none()

    def _shared_of(self, what: str, name: str, pos):
        self.error("zone-owner", f"{what} `{name}` is shared; write `{name}` alone", pos)

    # `hand of p`, `points of p`, `hand_size of p`
    def e_Of(self, n: A.Of, scope):
        p, name = self.p, n.name
        target = self.expr(n.target, scope)
        kind = target.kind
        if name in p.zones:
            z = p.zones[name]
            target = self.kinded(target, n.target.pos, scope, (PLAYER,), f"whose `{name}`")
            if z.scope == "shared":
                self._shared_of("zone", name, n.pos)
                return I.ZoneRef(name, "shared", None, ZONE)
            return I.ZoneRef(name, z.scope, target, ZONE)
        if kind in (CARD, ZONE, EVENT):
            return self.e_Attr(A.Attr(n.target, name, pos=n.pos), scope)
        if name in p.resources or name in p.params or (name in p.vars and p.vars[name][0]):
            target = self.kinded(target, n.target.pos, scope, (PLAYER,), f"whose `{name}`")
        if name in p.resources:
            if p.resources[name].shared:
                self._shared_of("resource", name, n.pos)
                return I.ResShared(name, True, INT)
            return I.Res(name, target, INT)
        if name in p.params:
            return I.ParamRef(name, target, INT)
        if name in p.vars and p.vars[name][0]:
            return I.PlayerVar(name, target, ANY)
        if name in PLAYER_ATTRS or kind == ANY:
            return self.e_Attr(A.Attr(n.target, name, pos=n.pos), scope)
        self.unknown("zone, resource or parameter", name, n.pos,
                     list(p.zones) + list(p.resources) + list(p.params))
        return _none()

    # `x.name`
    def e_Attr(self, n: A.Attr, scope):
        p, name = self.p, n.name
        obj = self.expr(n.obj, scope)
        kind = obj.kind
        if kind == CARD:
            if name in CARD_FIELDS:
                return I.Field(obj, name, CARD_ATTRS[name])
            if name in CARD_ATTRS:
                return I.CardAttr(obj, name, CARD_ATTRS[name])
            if name in p.properties:
                default = p.properties[name]
                if name in p.modified_props:           # a number statics may change
                    return I.LiveProp(obj, name, default, INT)
                return I.Prop(obj, name, default, kind_of_value(default))
            self.unknown("card property", name, n.pos, list(CARD_ATTRS) + list(p.properties))
            return _none()
        if kind == PLAYER:
            if name in PLAYER_ATTRS:
                return I.Field(obj, name, PLAYER_ATTRS[name])
            if name in p.resources or name in p.params or (name in p.vars and p.vars[name][0]) \
                    or name in p.zones:
                return self.e_Of(A.Of(name, n.obj, pos=n.pos), scope)
            self.unknown("player property", name, n.pos,
                         list(PLAYER_ATTRS) + list(p.resources) + list(p.params))
            return _none()
        if kind == ZONE:
            if name in ZONE_ATTRS:
                return I.ZoneAttr(obj, name, ZONE_ATTRS[name])
            self.unknown("zone property", name, n.pos, ZONE_ATTRS)
            return _none()
        if kind == EVENT:
            if scope.fields is not None and name not in scope.fields \
                    and isinstance(n.obj, A.Name) and n.obj.id == "event":
                self.error("unknown-name", f"this event has no field `{name}`", n.pos,
                           suggest(name, scope.fields)
                           or f"its fields: {', '.join(sorted(scope.fields))}")
            if name == "source" and scope.on != "aim":   # (an aiming knows its source)
                p.reads_source = True
            elif name == "ability" and not (scope.on == "activate" and isinstance(n.obj, A.Name)
                                            and n.obj.id == "event"):
                p.reads_ability = True       # (an `activate` event names its ability anyway)
            return I.EventGet(obj, name, ANY)
        if kind in (INT, BOOL, STR, NONE):
            self.error("type", f"{article(kind)} has no `.{name}`", n.pos)
            return _none()
        if not self._known_attr(name):
            self.unknown("property", name, n.pos, self._attr_names())
            return _none()
        if name == "source":             # perhaps an event's, kept in a local
            p.reads_source = True
        elif name == "ability":
            p.reads_ability = True
        return I.AnyAttr(obj, name, ANY)

    def _known_attr(self, name: str) -> bool:
        """Whether `x.name` can mean something for some kind of x (checked at run time)."""
        p = self.p
        return (name in CARD_ATTRS or name in PLAYER_ATTRS or name in ZONE_ATTRS
                or name in p.properties or name in p.resources or name in p.params
                or name in p.vars or name in p.zones or self._event_field(name))

    def _event_field(self, name: str) -> bool:
        if name in ("player", "name"):
            return True
        from .kinds import EVENT_FIELDS
        return any(name in f for f in EVENT_FIELDS.values()) or any(
            name in a.params for a in self.p.actions.values()) or any(
            d is not None and d.var == name for d in
            (self.p.decls.get(("move", m)) for m in self.p.moves))

    def _attr_names(self) -> list:
        p = self.p
        return sorted(set(CARD_ATTRS) | set(PLAYER_ATTRS) | set(ZONE_ATTRS) | set(p.properties)
                      | set(p.resources) | set(p.params) | set(p.vars) | set(p.zones))

    # `charge on this`
    def e_CounterCount(self, n, scope):
        self._counter(n.counter, n.pos)
        target = self.typed(n.target, scope, (CARD,), "where counters are counted")
        return I.CounterCount(target, n.counter, INT)

    # `count SELECTOR`, `count (EXPR)`
    def e_Count(self, n, scope):
        inner = self.typed(n.expr, scope, COLLECTIONS, "what `count` counts")
        return I.Count(inner, INT)

    # `a + b`, `a * b`, ...
    def e_BinOp(self, n, scope):
        left = self._int(n.left, scope, f"the left side of `{n.op}`")
        right = self._int(n.right, scope, f"the right side of `{n.op}`")
        return I.Arith(n.op, left, right, INT)

    def e_Neg(self, n, scope):
        return I.Neg(self._int(n.operand, scope, "what `-` negates"), INT)

    # `a == b`, `a < b`: `none` compares as false with everything but `==`/`!=`
    def e_Compare(self, n, scope):
        left = self.expr(n.left, scope)
        right = self.expr(n.right, scope)
        lk, rk, op = left.kind, right.kind, n.op
        if op in ("==", "!="):
            if NONE not in (lk, rk) and ANY not in (lk, rk) and lk != rk:
                self.error("type", f"comparing {article(lk)} with {article(rk)} is always "
                                   f"{'false' if op == '==' else 'true'}", n.pos)
        else:
            left = self.kinded(left, n.left.pos, scope, (INT,), f"the left side of `{op}`",
                               none_ok=True)
            right = self.kinded(right, n.right.pos, scope, (INT,), f"the right side of `{op}`",
                                none_ok=True)
        return I.Compare(op, left, right, BOOL)

    def e_And(self, n, scope):
        return I.And(tuple(self._bool(x, scope, "each side of `and`")
                           for x in chain_of(n, A.And)), BOOL)

    def e_Or(self, n, scope):
        return I.Or(tuple(self._bool(x, scope, "each side of `or`")
                          for x in chain_of(n, A.Or)), BOOL)

    def e_Not(self, n, scope):
        return I.Not(self._bool(n.operand, scope, "what `not` negates"), BOOL)

    def _type_word(self, word, pos) -> str:
        known = self.p.types | self.p.subtypes
        if word in known:
            return word
        if word.endswith("s") and word[:-1] in known:      # `Things` reads as `Thing`
            return word[:-1]
        self.unknown("card type", word, pos, known)
        return word

    # `c is Thing`, `c is not Thing`
    def e_IsType(self, n, scope):
        inner = self.typed(n.expr, scope, (CARD,), "what `is` tests")
        return I.IsType(inner, self._type_word(n.type, n.pos), n.negated, BOOL)

    # `x is in C`, `x is not in C`
    def e_Member(self, n, scope):
        item = self.expr(n.item, scope)
        coll = self.typed(n.collection, scope, COLLECTIONS, "the right side of `is in`")
        return I.Member(item, coll, n.negated, BOOL)

    # `c has stunned`
    def e_HasMark(self, n, scope):
        if n.mark not in self.p.marks:
            self.unknown("mark", n.mark, n.pos, self.p.marks)
        inner = self.typed(n.expr, scope, (PLAYER, CARD), "what `has` tests")
        return I.HasMark(inner, n.mark, BOOL)

    # `top(deck)`, `random(players)`, `remaining(limit)`, ...
    def e_Call(self, n: A.Call, scope):
        f, args = n.func, n.args
        if f not in FUNCTIONS:
            hint = suggest(f, FUNCTIONS)
            if f in self.p.actions and not hint:
                hint = f"`{f}` is an action: call it as a statement, `{f} ...`"
            self.error("unknown-name", f"unknown function `{f}`", n.pos, hint)
            return _none()
        if f == "remaining":
            if len(args) != 1 or not isinstance(args[0], A.Name) or args[0].id not in self.p.limits:
                self.error("type", "`remaining` takes the name of a limit, as in "
                                   "`remaining(action_play)`", n.pos,
                           suggest(args[0].id, self.p.limits)
                           if args and isinstance(args[0], A.Name) else None)
                return I.Const(0, INT)
            return I.Remaining(args[0].id, INT)
        compiled = [self.expr(a, scope) for a in args]
        kinds = [c.kind for c in compiled]
        lo, hi = ARITY[f]
        if not lo <= len(args) <= hi:
            self.error("arity", f"`{f}` takes {lo}"
                                f"{'' if lo == hi else ' or more' if hi == 99 else ' or ' + str(hi)}"
                                f" argument{'s' if hi > 1 else ''}", n.pos)
            return _none()

        def arg(k, allowed, what, none_ok=None):
            compiled[k] = self.kinded(compiled[k], args[k].pos, scope, allowed, what, none_ok)

        if f in ("top", "bottom"):
            arg(0, (ZONE,), f"what `{f}` looks at")
            if len(args) == 2:
                arg(1, (INT,), "how many cards", none_ok=True)
                return I.Func(f, tuple(compiled), CARDS)
            return I.Func(f, tuple(compiled), CARD)
        if f == "random":
            arg(0, COLLECTIONS, "what `random` picks from")
            return I.Func(f, tuple(compiled), element(kinds[0]))
        if f == "shuffled":
            arg(0, COLLECTIONS, "what `shuffled` shuffles")
            shuffled = {ZONE: CARDS, ZONES: CARDS, ANY: LIST}.get(kinds[0], kinds[0])
            return I.Func(f, tuple(compiled), shuffled if shuffled in COLLECTIONS else LIST)
        if f in ("first", "last"):
            arg(0, COLLECTIONS, f"what `{f}` looks at")
            return I.Func(f, tuple(compiled), element(kinds[0]))
        if f == "next_player":
            arg(0, (PLAYER,), "whose next player", none_ok=False)
            return I.Func(f, tuple(compiled), PLAYER)
        if f == "turn_order":
            arg(0, (PLAYER,), "who goes first in `turn_order`", none_ok=False)
            return I.Func(f, tuple(compiled), PLAYERS)
        if f == "range":
            # `range(lo, hi)`: the numbers lo..hi, both included (a count to choose from:
            # `choose k from range(1, n)`); empty when hi < lo.
            for k in range(2):
                arg(k, (INT,), "the ends of `range`", none_ok=True)
            return I.Func(f, tuple(compiled), LIST)
        if f == "abs":
            arg(0, (INT,), "what `abs` takes")
            return I.Func(f, tuple(compiled), INT)
        for k in range(len(args)):
            arg(k, (INT, LIST), f"what `{f}` compares", none_ok=True)
        return I.Func(f, tuple(compiled), INT)

    # `[a, b, c]`
    def e_ListLit(self, n, scope):
        return I.ListOf(tuple(self.expr(x, scope) for x in n.items), LIST, n.pos)

    # `Red Thing cards in your hand you control where it.cost > 2`
    def e_CardSel(self, n: A.CardSel, scope):
        words = tuple(self._type_word(w, n.pos) for w in n.types)
        zones, filters = [], []
        for flt in n.filters:
            if flt.kind == "in":
                zones.append(self.typed(flt.arg, scope, (ZONE, ZONES), "what follows `in`"))
            elif flt.kind in ("controlled_by", "owned_by"):
                filters.append((flt.kind, self.typed(flt.arg, scope, (PLAYER, PLAYERS),
                                                     "whose cards")))
            elif flt.kind == "attached_to":
                filters.append((flt.kind, self.typed(flt.arg, scope, (CARD,),
                                                     "what cards are attached to")))
            elif flt.kind == "named":
                name = flt.arg.value
                if name not in self.p.cards:
                    self.unknown("card", name, flt.pos, self.p.cards)
                filters.append(("named", I.Const(name, STR)))
            elif flt.kind == "except":
                filters.append(("except", self.expr(flt.arg, scope)))
        where = None
        if n.where is not None:
            where = self._bool(n.where, scope.child(it=CARD), "a `where` condition")
        return I.CardSel(words, tuple(zones), tuple(filters), where, CARDS)

    # `players where ...`, `opponents except p`
    def e_PlayerSel(self, n: A.PlayerSel, scope):
        excepts = []
        for flt in n.filters:
            if flt.kind == "except":
                excepts.append(self.expr(flt.arg, scope))
            else:
                self.error("type", f"players cannot be filtered with "
                                   f"`{flt.kind.replace('_', ' ')}`",
                           flt.pos, "use `where`, as in `players where it.points > 3`")
        where = self._bool(n.where, scope.child(it=PLAYER), "a `where` condition") \
            if n.where is not None else None
        return I.PlayerSel(n.opponents, tuple(excepts), where, PLAYERS)


def _fits(kind, runtime) -> bool:
    """Whether a list element of ``kind`` (known now) may be in a list where a value of
    the kinds ``runtime`` is needed (a list of cards, of numbers)."""
    if kind in (ANY, NONE):
        return True
    if "numbers" in runtime:
        return kind == INT
    if CARDS in runtime:
        return kind in (CARD, ZONE, CARDS)
    return True


def chain_of(node, cls) -> list:
    """The operands of a left-nested `a and b and c` (or `or`), in order."""
    out = []
    while isinstance(node, cls):
        out.append(node.right)
        node = node.left
    out.append(node)
    out.reverse()
    return out
