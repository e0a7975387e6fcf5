"""Expressions → Python expressions.

``expr(node, frame)`` returns the source of a Python expression for a :mod:`deckwright.dsl.ir`
expression. Where the frame allows it, it may first write statements (a selector's loop)
to the function being generated; it never does inside the right side of `and`/`or` or
a comprehension, where they would run out of turn.

Reads of the game state follow the model's layout: a player's zone is ``p.z[k]`` (k the
zone's index in the program's table), a card's printed property ``PR3[c.d]`` (a table per
property, indexed by the card's definition). Tests on a card that depend only on its
definition (`Heavy is in it.tags`, `it is Tool`) are worked out for every definition when
the code is generated, and read from a table.
"""
from __future__ import annotations

from .. import ir as I
from ..check.kinds import ANY, BOOL, CARD, INT, LIST, NONE, PLAYER, STR, ZONE, ZONES
from ..limits import FREE_LOOKS
from .questions import is_you, selects
from .writer import literal

_BOUND = "1000000000"              # the engine's integer limit (MAX_INT), as source
_CARD_FIELDS = {"name": "name", "owner": "owner", "controller": "controller", "zone": "zone",
                "face_up": "face_up", "token": "token", "id": "id", "turned": "turned",
                "rotated": "rotated", "inverted": "inverted"}
_PLAYER_FIELDS = {"alive": "alive", "seat": "index", "name": "name", "side": "side",
                  "turns": "turns"}
_ZONE_FIELDS = {"owner": "owner", "name": "name", "in_play": "in_play"}
_RUNTIME_TYPES = {"number": "INT", "text": "str", "card": "CARD", "player": "PLAYER",
                  "zone": "ZONEINST"}
_SCALARS = (INT, BOOL, STR, CARD, PLAYER, ZONE, NONE)   # kinds that never hold a list
_NAMED = (I.Local, I.GlobalVar, I.PlayerVar, I.Field)  # their kind is the first value's


def may_hold_lists(n) -> bool:
    """Whether the value of ``n`` may be a list or an event: what dsl/limits.py bounds.
    A name's kind is what it was first set to, and `v = [v]` may change it later."""
    return n.kind not in _SCALARS or type(n) in _NAMED
_ORDER = {"<": "LT", "<=": "LE", ">": "GT", ">=": "GE"}
# Values as the deck wrote them (a card's printed property, a constant): as long as its
# text, so comparing with one or looking through one needs no charge to the budget.
_WRITTEN = (I.Prop, I.Const)

# Nodes whose value is never none, so comparisons need not test for it.
_NUMBERS = (I.Count, I.Arith, I.Res, I.ResShared, I.CounterCount, I.Remaining)


class ExprWriter:
    """The expression half of :class:`deckwright.dsl.codegen.module.CodeGenerator`."""

    def expr(self, node, f, cond: bool = False) -> str:
        """Source for ``node``; with ``cond``, only its truth matters."""
        if f.subst:
            ident = f.subst.get(id(node))
            if ident is not None:
                return ident
        if type(node) in (I.And, I.Or):
            return self.x_bool_op(node, f, cond)
        return getattr(self, "x_" + type(node).__name__)(node, f)

    def cond(self, node, f) -> str:
        return self.expr(node, f, cond=True)

    def quiet(self, node, f, cond: bool = False) -> str:
        """Source for ``node`` written without statements before it."""
        saved = f.hoist
        f.hoist = False
        try:
            return self.expr(node, f, cond)
        finally:
            f.hoist = saved

    def nullsafe(self, node, f, then: str, none: str = "None") -> str:
        """``then`` (with ``{}`` standing for the value) unless the value is none."""
        if isinstance(node, I.ZoneRef) and node.scope != "shared" and is_you(node.player) \
                and not f.subst:
            # `your ZONE` is none only when `you` is
            zone = f"{f.you}.z[{self.zone_index[node.name]}]"
            return f"({none} if {f.you} is None else {then.format(zone)})"
        src = self.expr(node, f)
        if self.never_none(node, f):
            return then.format(src)
        if f.walrus:
            t = f.temp()
            return f"({none} if ({t} := {src}) is None else {then.format(t)})"
        return f"NULLSAFE({src}, lambda v: {then.format('v')}, {none})"

    def never_none(self, node, f) -> bool:
        if isinstance(node, I.Builtin):
            return node.which in ("you", "play", "turn_number") or \
                (node.which == "it" and f.it_safe) or (node.which == "this" and f.this_safe)
        if isinstance(node, I.ZoneRef):
            return node.scope == "shared"
        if isinstance(node, I.Local):
            return f.names.get(node.name) in f.safe
        if isinstance(node, I.ZoneAttr) and node.name == "size":
            return self.never_none(node.obj, f)
        return isinstance(node, _NUMBERS) or (isinstance(node, I.Const) and node.value is not None)

    # --- names ------------------------------------------------------------------------
    def x_Const(self, n, f):
        return literal(n.value)

    def x_Local(self, n, f):
        return f.local(n.name)

    def x_Builtin(self, n, f):
        w = n.which
        if w == "you":
            return f.you
        if w == "this":
            return f.this
        if w == "event":
            return f.ev
        if w == "it":
            return f.it
        if w == "active_player":
            return self.state(f) + ".active"
        if w == "turn_number":
            return self.state(f) + ".turn"
        if w == "current_phase":
            return self.state(f) + ".phase"
        return self.state(f) + ".inplay"

    def state(self, f) -> str:
        f.uses_state = True
        return "S"

    def who(self, player, f) -> str:
        return f.you if player is None else self.expr(player, f)

    def x_OptionRef(self, n, f):
        return f"g.options[{literal(n.name)}]"

    def x_ParamRef(self, n, f):
        return f"PARAM(g, {literal(n.name)}, {self.who(n.player, f)})"

    def x_GlobalVar(self, n, f):
        return f"{self.state(f)}.globals[{literal(n.name)}]"

    def x_PlayerVar(self, n, f):
        if n.player is None:
            return f"{f.you}.vars[{literal(n.name)}]"
        return self.nullsafe(n.player, f, "{}.vars[" + literal(n.name) + "]")

    def x_Res(self, n, f):
        if n.player is None:
            return f"{f.you}.res[{literal(n.name)}]"
        return self.nullsafe(n.player, f, "{}.res.get(" + literal(n.name) + ", 0)", "0")

    def x_ResShared(self, n, f):
        return f"{self.state(f)}.globals.get({literal(n.name)}, 0)"

    def x_ZoneRef(self, n, f):
        k = self.zone_index[n.name]
        if n.scope == "shared":
            return f"{self.state(f)}.zl[{k}]"
        if is_you(n.player):              # `you` is none only for a card nobody holds
            return f"(None if {f.you} is None else {f.you}.z[{k}])"
        return self.nullsafe(n.player, f, "{}.z[" + str(k) + "]")

    def x_ZonesNamed(self, n, f):
        return f"{self.state(f)}.zn[{self.zone_index[n.name]}]"

    # --- fields ---------------------------------------------------------------------------
    def x_Field(self, n, f):
        table = _CARD_FIELDS if n.obj.kind == CARD else _PLAYER_FIELDS
        return self.nullsafe(n.obj, f, "{}." + table[n.name])

    def x_CardAttr(self, n, f):
        if n.name == "host":
            return self.nullsafe(n.obj, f, "{}.attached_to")
        if n.name == "in_play":
            return f"INPLAY({self.expr(n.obj, f)})"
        return f"ATTACHMENTS(g, {self.expr(n.obj, f)})"

    def x_Prop(self, n, f):
        static = self.static_test(n, f)
        if static is not None:
            return static
        table = self.prop_table(n.name)
        return self.nullsafe(n.obj, f, table + "[{}.d]")

    def x_LiveProp(self, n, f):
        table = self.prop_table(n.name)
        return self.nullsafe(n.obj, f, "PROP_NOW(g, {0}, " + literal(n.name) + ", " + table +
                             "[{0}.d])")

    def x_ZoneAttr(self, n, f):
        name = n.name
        if name == "size":
            return self.nullsafe(n.obj, f, "len({}.cards)")
        if name == "cards":
            return self.nullsafe(n.obj, f, "list({}.cards)")
        if name in ("top", "bottom"):
            return self.end_card(n.obj, f, name)
        return self.nullsafe(n.obj, f, "{}." + _ZONE_FIELDS[name])

    def end_card(self, zone, f, which: str) -> str:
        """The top or bottom card of a zone, or none when it is empty (or no zone)."""
        if not (f.walrus and self.never_none(zone, f)):
            return f"{which.upper()}({self.expr(zone, f)})"
        t, end = f.temp(), -1 if which == "top" else 0
        return f"({t}[{end}] if ({t} := {self.expr(zone, f)}.cards) else None)"

    def x_EventGet(self, n, f):
        obj = self.expr(n.obj, f)
        if isinstance(n.obj, I.Builtin) and n.obj.which == "event" and f.ev_safe:
            return f"{obj}.get({literal(n.name)})"
        return f"EVGET({obj}, {literal(n.name)})"

    def x_AnyAttr(self, n, f):
        name = n.name
        obj = self.expr(n.obj, f)
        if not f.walrus:
            return f"ATTR(g, {obj}, {literal(name)})"
        t = f.temp()
        p = self.program
        if name in p.modified_props:             # a number statics may change
            fast = f"PROP_NOW(g, {t}, {literal(name)}, {self.prop_table(name)}[{t}.d])"
        elif name in p.properties:               # most often a card: read it directly
            fast = f"{self.prop_table(name)}[{t}.d]"
        elif name in _CARD_FIELDS:
            fast = f"{t}.{_CARD_FIELDS[name]}"
        elif name not in p.resources and name not in p.params and p.vars.get(name, (False,))[0]:
            # a player's variable (what `attr` finds after resources and parameters)
            return f"({t}.vars[{literal(name)}] if type({t} := {obj}) is PLAYER " \
                   f"else ATTR(g, {t}, {literal(name)}))"
        else:
            return f"ATTR(g, {obj}, {literal(name)})"
        return f"({fast} if type({t} := {obj}) is CARD else ATTR(g, {t}, {literal(name)}))"

    def x_CounterCount(self, n, f):
        if n.target.kind != CARD:       # known only at run time: a number has no counters
            return f"COUNTERS({self.expr(n.target, f)}, {literal(n.counter)})"
        return self.nullsafe(n.target, f, "{}.counters.get(" + literal(n.counter) + ", 0)", "0")

    # --- numbers and tests --------------------------------------------------------------
    def x_Count(self, n, f):
        inner = n.expr
        plain = self.plain_zone(inner, f)
        if plain is not None:
            return f"len({plain})"
        if isinstance(inner, (I.CardSel, I.PlayerSel)):
            if f.hoist:
                return self.selection(inner, f, "count")
            return f"len({self.expr(inner, f)})"
        return f"COUNT({self.expr(inner, f)})"

    def number(self, node, f, src: str) -> str:
        """``src``, the source of ``node``, checked to be a whole number at run time
        unless it cannot be anything else: a card's property of no card, or a variable
        holding text, is an error to the user, not a Python TypeError."""
        if self.never_none(node, f) or isinstance(node, (I.ParamRef, I.OptionRef)):
            return src
        if not f.walrus:
            return f"NUMBER(g, {src})"
        t = f.temp()
        return f"({t} if type({t} := {src}) is int else NUMBER(g, {t}))"

    def x_Arith(self, n, f):
        left = self.number(n.left, f, self.expr(n.left, f))
        right = self.number(n.right, f, self.quiet(n.right, f))
        if n.op == "/":
            return f"DIV(g, {left}, {right})"
        if n.op == "%":
            return f"MOD(g, {left}, {right})"
        value = f"{left} {n.op} {right}"
        if not f.walrus:
            return f"CHECK(g, {value})"
        t = f.temp()
        return f"({t} if -{_BOUND} <= ({t} := {value}) <= {_BOUND} else OVER(g, {t}))"

    def x_Neg(self, n, f):
        return f"(-{self.number(n.operand, f, self.expr(n.operand, f))})"

    def x_Compare(self, n, f):
        sel = n.left.expr if isinstance(n.left, I.Count) else None
        if isinstance(sel, (I.CardSel, I.PlayerSel)) and f.hoist and isinstance(n.right, I.Const) \
                and n.right.value == 0 and n.op in (">", "==", "!=") \
                and self.plain_zone(sel, f) is None and len(self._pool(sel, f, "_")[0]) == 1:
            found = self.selection(sel, f, "any")       # `count (...) > 0`: stop at the first
            return found if n.op in (">", "!=") else f"(not {found})"
        left = self.expr(n.left, f)
        right = self.quiet(n.right, f)
        op = n.op
        if op in ("==", "!="):
            if n.left.kind not in _SCALARS and n.right.kind not in _SCALARS and not (
                    isinstance(n.left, _WRITTEN) or isinstance(n.right, _WRITTEN)):  # two lists
                return self.equal(left, right, f, op == "!=")
            return f"({left} {op} {right})"
        if not f.walrus:
            return f"{_ORDER[op]}({left}, {right})"
        if not self.never_none(n.left, f):
            t = f.temp()
            test = f"({t} := {left}) is not None and "
            left = t
        else:
            test = ""
        if not self.never_none(n.right, f):
            t = f.temp()
            test += f"({t} := {right}) is not None and "
            right = t
        return f"({test}{left} {op} {right})"

    def equal(self, left: str, right: str, f, negated: bool) -> str:
        """`==` of two values that may be lists: two lists are compared by EQUAL, which
        charges their elements; anything else as it is, without a call."""
        if f.walrus:                # (the right side is written twice, evaluated once)
            a = f.temp()
            same = (f"({a} == {right} if type({a} := {left}) is not list else "
                    f"EQUAL(g, {a}, {right}, {self.spot_pos()}))")
        else:
            same = f"EQUAL(g, {left}, {right}, {self.spot_pos()})"
        return f"(not {same})" if negated else same

    def x_bool_op(self, n, f, cond: bool):
        static = self.static_test(n, f)
        if static is not None:
            return static
        if f.hoist and any(selects(x) for x in n.items[1:]):
            return self.bool_steps(n, f)
        word = " and " if type(n) is I.And else " or "
        parts = [self.expr(n.items[0], f, cond=True)]
        parts += [self.quiet(x, f, cond=True) for x in n.items[1:]]
        joined = word.join(parts)
        return f"({joined})" if cond else f"(True if {joined} else False)"

    def bool_steps(self, n, f) -> str:
        """`a and b` as statements, so that `b` may be written with statements before it
        (a selector's loop) and still run only when `a` holds."""
        t = f.temp()
        self.writeline(f"{t} = {self.cond(n.items[0], f)}")
        test = f"if {t}:" if type(n) is I.And else f"if not {t}:"
        opened = 0
        for x in n.items[1:]:
            self.writeline(test)
            self.indent()
            opened += 1
            self.writeline(f"{t} = {self.cond(x, f)}")
        for _ in range(opened):
            self.outdent()
        return f"(True if {t} else False)"

    def x_Not(self, n, f):
        static = self.static_test(n, f)
        if static is not None:
            return static
        return f"(not {self.cond(n.operand, f)})"

    def x_IsType(self, n, f):
        static = self.static_test(n, f)
        if static is not None:
            return static
        test = self.nullsafe(n.expr, f, self.type_table(n.word) + "[{}.d]", "False")
        return f"(not {test})" if n.negated else test

    def x_Member(self, n, f):
        static = self.static_test(n, f)
        if static is not None:
            return static
        neg = " not" if n.negated else ""
        if self.draws(n.item) or self.draws(n.collection):
            coll = self.expr(n.collection, f)         # the collection first, as it was written
            return (f"({'not ' if n.negated else ''}MEMBER(g, {coll}, {self.quiet(n.item, f)}, "
                    f"{self.spot_pos()}))")
        item = self.expr(n.item, f)
        coll_node = n.collection
        listed = f.subst.get(("members", id(coll_node)))
        if listed is not None:      # listed once, before the loop (which charges the tests)
            return f"({item}{neg} in {listed})"
        coll = self.quiet(coll_node, f)
        if isinstance(coll_node, (I.CardSel, I.PlayerSel)) or (
                isinstance(coll_node, I.ListOf) and
                all(x.kind not in (ZONE, ZONES, ANY, LIST) for x in coll_node.items)):
            return f"({item}{neg} in {coll})"   # a selector's list (charged), or as written
        if isinstance(coll_node, _WRITTEN):
            return f"({item}{neg} in MEMBERS({coll}))"
        if not f.walrus:
            return f"({'not ' if n.negated else ''}MEMBER(g, {coll}, {item}, {self.spot_pos()}))"
        t = f.temp()           # a short list is looked through within the step's own cost
        return (f"({item}{neg} in {t} if len({t} := MEMBERS({coll})) <= {FREE_LOOKS} else "
                f"{item}{neg} in POOL(g, {t}, {self.spot_pos()}))")

    def x_HasMark(self, n, f):
        return self.nullsafe(n.expr, f, literal(n.mark) + " in {}.marks", "False")

    # --- functions, lists, selectors -----------------------------------------------------
    def x_Func(self, n, f):
        name = n.func
        args = [self.expr(n.args[0], f)] + [self.quiet(a, f) for a in n.args[1:]]
        if name in ("top", "bottom"):
            if len(args) == 2:
                return f"TOPN(g, {args[0]}, {args[1]}, {name == 'bottom'}, {self.spot_pos()})"
            if n.args[0].kind == ZONE:
                return self.end_card(n.args[0], f, name)
            return f"{name.upper()}({args[0]})"
        if name == "random":
            return f"RANDOM(g, {args[0]})"
        if name == "shuffled":
            return f"SHUFFLED(g, {args[0]}, {self.spot_pos()})"
        if name in ("first", "last"):
            return f"NTH({args[0]}, {0 if name == 'first' else -1})"
        if name == "next_player":
            return f"NEXT(g, {args[0]})"
        if name == "turn_order":
            return f"TURN_ORDER(g, {args[0]})"
        if name == "range":
            return f"RANGE(g, {args[0]}, {args[1]}, {self.spot_pos()})"
        if name == "abs":
            return f"abs({args[0]})"
        if name in ("min", "max") and len(n.args) > 1 and all(
                a.kind == INT and (self.never_none(a, f) or isinstance(a, I.OptionRef))
                for a in n.args):
            return f"{name}({', '.join(args)})"     # numbers only: nothing to flatten or drop
        return f"AGG(g, {name}, [{', '.join(args)}], {self.spot_pos()})"

    def x_Remaining(self, n, f):
        limit = self.program.limits[n.limit]
        if isinstance(limit, I.Const) and n.limit not in self.program.info().substitutes:
            used = f"{self.state(f)}.used.get(({f.you}.index, {literal(n.limit)}), 0)"
            return f"max({literal(limit.value)} - {used}, 0)"
        return f"REMAINING(g, {literal(n.limit)}, {f.you})"

    def x_Checked(self, n, f):
        # what is expected where: a table entry, like a position (no deck text in source)
        value, expected = self.expr(n.expr, f), self.pos((n.kinds, n.what, n.pos))
        kinds = [k for k in n.kinds if k != "none"]
        if not f.walrus or len(kinds) != 1 or kinds[0] not in _RUNTIME_TYPES:
            return f"KIND(g, {value}, {expected})"
        t = f.temp()                      # the usual case, tested inline
        test = f"type({t} := {value}) is {_RUNTIME_TYPES[kinds[0]]}"
        if "none" in n.kinds:
            test += f" or {t} is None"
        return f"({t} if {test} else KIND(g, {t}, {expected}))"

    def x_ListOf(self, n, f):
        if not n.items:
            return "[]"
        items = [self.expr(n.items[0], f)] + [self.quiet(x, f) for x in n.items[1:]]
        if not any(may_hold_lists(x) for x in n.items):
            return "[" + ", ".join(items) + "]"
        return f"VALUE(g, [{', '.join(items)}], {self.pos(n.pos)})"   # lists in a list
