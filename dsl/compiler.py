"""Check and compile: deck ASTs → a :class:`~dsl.program.Program` of closures.

Checking and compiling are one walk: each handler resolves the names its node uses,
checks the kinds of its operands (reporting every mistake with a position and, where one
helps, a "did you mean"), and returns a closure. Expressions compile to
``fn(ctx) -> value``, statements to ``fn(ctx) -> None``; effects are compiled once per card
and never re-walked while a game runs.

Handlers are methods named ``e_<Node>`` (expressions) and ``s_<Node>`` (statements);
``tests/test_compiler.py`` checks that every AST node has one.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from . import ast as A
from .errors import DeckError, Diagnostic, suggest
from .program import (CardDef, CompiledAbility, CompiledAction, CompiledMove, CompiledStatic,
                      CompiledTrigger, Program, ResourceDef, ZoneDef)
from .runtime import Ctx, GameOver
from .state import CardInst, ZoneInst

# Kinds an expression can have; "any" is unknown until run time.
INT, BOOL, STR, CARD, CARDS, PLAYER, PLAYERS, ZONE, ZONES, LIST, EVENT, NONE, ANY = (
    "number", "condition", "text", "card", "cards", "player", "players", "zone", "zones",
    "list", "event", "none", "any")

COLLECTIONS = {CARDS, PLAYERS, LIST, ZONE, ZONES, ANY}

BUILTIN_NAMES = {"you": PLAYER, "this": CARD, "event": EVENT, "it": ANY,
                 "active_player": PLAYER, "turn_number": INT, "play": ZONES}

CARD_ATTRS = {"name": STR, "owner": PLAYER, "controller": PLAYER, "zone": ZONE, "host": CARD,
              "face_up": BOOL, "token": BOOL, "in_play": BOOL, "id": INT, "turned": BOOL,
              "attachments": CARDS}
PLAYER_ATTRS = {"alive": BOOL, "seat": INT, "name": STR, "side": STR, "turns": INT}
ZONE_ATTRS = {"owner": PLAYER, "name": STR, "in_play": BOOL, "size": INT, "cards": CARDS,
              "top": CARD, "bottom": CARD}

FUNCTIONS = {"top", "bottom", "random", "min", "max", "abs", "remaining", "first", "last",
             "next_player", "shuffled", "range"}

EVENTS_BUILTIN = {"move", "enter", "leave", "turn_start", "turn_end", "phase_start",
                  "phase_end", "round_start", "round_end", "game_start", "gain", "lose",
                  "create", "activate", "resolve", "counter_added",
                  "counter_removed", "attach", "control", "eliminate", "shuffle",
                  "transform"}

# Events the engine announces only once they have happened: `when` may follow them, but
# `before`, `prevent` and `instead` cannot stop them.
AFTER_THE_FACT = {"turn_start", "turn_end", "phase_start", "phase_end", "round_start",
                  "round_end", "game_start", "shuffle", "create", "counter_added",
                  "counter_removed", "attach", "control", "eliminate", "transform"}

# The fields each built-in event carries (besides `player` and `name`, which all have).
EVENT_FIELDS = {
    "move": {"card", "from", "to"}, "enter": {"card", "from", "to"},
    "leave": {"card", "from", "to"}, "turn_start": set(), "turn_end": set(),
    "phase_start": {"phase"}, "phase_end": {"phase"}, "round_start": set(),
    "round_end": set(), "game_start": set(), "gain": {"resource", "amount"},
    "lose": {"resource", "amount"}, "create": {"card"}, "activate": {"card", "ability"},
    "resolve": {"card"}, "counter_added": {"card", "counter", "amount"},
    "counter_removed": {"card", "counter", "amount"}, "attach": {"card", "host"},
    "control": {"card"}, "eliminate": set(), "shuffle": {"zone"},
    "transform": {"card", "old", "new"},
}

NAMED_DECLS = {A.Option: "option", A.Param: "param", A.Zone: "zone", A.Resource: "resource",
               A.Var: "var", A.PropertyDecl: "property", A.LimitDecl: "limit",
               A.ActionDecl: "action", A.MoveDecl: "move", A.CardDecl: "card", A.Side: "side"}
SINGLE_DECLS = {A.Setup: "setup", A.Turn: "turn", A.Round: "round", A.Players: "players"}


def decl_key(decl) -> Optional[tuple]:
    if type(decl) in NAMED_DECLS:
        return NAMED_DECLS[type(decl)], decl.name
    if type(decl) in SINGLE_DECLS:
        return (SINGLE_DECLS[type(decl)],)
    return None


def describe_key(key: tuple) -> str:
    return f"{key[0]} `{key[1]}`" if len(key) > 1 else f"`{key[0]}`"


class Scope:
    """Static names visible at a point: locals and their kinds, and whether `this`,
    `event` and `it` mean something here."""
    __slots__ = ("names", "card", "event", "it", "fields")

    def __init__(self, names=None, card=None, event=False, it=None, fields=None):
        self.names = dict(names or {})
        self.card = card            # the card whose text this is, if any
        self.event = event
        self.it = it
        self.fields = fields        # the fields `event` has here, when known

    def child(self, **kw) -> "Scope":
        s = Scope(self.names, self.card, self.event, self.it, self.fields)
        for k, v in kw.items():
            setattr(s, k, v)
        return s

    def with_names(self, **names) -> "Scope":
        s = self.child()
        s.names.update(names)
        return s


def _const(v):
    fn = lambda cx: v
    fn.const = v              # lets the engine skip calling it (limits, parameters)
    return fn


def _is(kind, *allowed) -> bool:
    return kind == ANY or kind in allowed


# How each kind of name is declared, for the hint when an unknown one has no near match.
_DECLARED_AS = {"subtype": "subtype {}", "card type": "type {}", "counter": "counter {}",
                "mark": "mark {}", "resource": "resource {}",
                "limit": "limit {} = 1 per turn", "card property": "property {}"}


class Compiler:
    def __init__(self, items: list, program: Program):
        self.items = items          # merged declarations, base first
        self.p = program
        self.diags: list[Diagnostic] = []
        self.symbols: set = set()
        self.trigger_count = 0

    # --- diagnostics ------------------------------------------------------------
    def error(self, code, message, pos, hint=None):
        self.diags.append(Diagnostic(code, message, pos, "error", hint))

    def unknown(self, what, name, pos, candidates):
        hint = suggest(name, candidates)
        if hint is None and what in _DECLARED_AS:     # nothing close: say how to declare it
            hint = f"declare it first: `{_DECLARED_AS[what].format(name)}`"
        self.error("unknown-name", f"unknown {what} `{name}`", pos, hint)

    def expect(self, kind, allowed, pos, what):
        if not _is(kind, *allowed):
            self.error("type", f"{what} must be {' or '.join(_article(a) for a in allowed)}, "
                               f"not {_article(kind)}", pos)

    # --- the program --------------------------------------------------------------
    def compile(self) -> Program:
        p = self.p
        self._declare()
        for item in self.items:
            self._compile_item(item)
        listened = set()
        for t in p.all_triggers:
            listened.add(t.event)
        for s in p.all_statics:
            if s.event:
                listened.add(s.event)
        p.listened = listened
        if p.turn is None and p.round is None:
            self.error("no-turn", "the game has no `turn { ... }` or `round { ... }` block",
                       self.items[0].pos if self.items else None,
                       "extend \"dvorak\" or write a turn block")
        return p

    def _declare(self):
        """First pass: every name the program declares, so order in the file never matters."""
        p = self.p
        for item in self.items:
            if isinstance(item, A.Players):
                p.min_players, p.max_players = item.min, item.max
            elif isinstance(item, A.Side):
                p.sides.append((item.name, item.min, item.max))
            elif isinstance(item, A.CounterDecl):
                p.counters.update(item.names)
            elif isinstance(item, A.MarkDecl):
                p.marks.update(item.names)
            elif isinstance(item, A.TypeDecl):
                p.types.update(item.names)
            elif isinstance(item, A.SubtypeDecl):
                p.subtypes.update(item.names)
            elif isinstance(item, A.Zone):
                p.zones[item.name] = ZoneDef(item.name, item.scope, item.visibility, item.ordered,
                                             item.in_play, None, item.pos)
            elif isinstance(item, A.Resource):
                p.resources[item.name] = ResourceDef(item.name, None, None, None, item.shared, item.pos)
            elif isinstance(item, A.Var):
                p.vars[item.name] = (item.per_player, None)
            elif isinstance(item, A.Param):
                p.params[item.name] = None
            elif isinstance(item, A.Option):
                p.options[item.name] = None
            elif isinstance(item, A.PropertyDecl):
                p.properties[item.name] = None
            elif isinstance(item, A.LimitDecl):
                p.limits[item.name] = None
            elif isinstance(item, A.ActionDecl):
                p.actions[item.name] = CompiledAction(item.name, item.params, None, item.pos)
            elif isinstance(item, A.MoveDecl):
                p.moves[item.name] = None
            elif isinstance(item, A.CardDecl):
                p.cards[item.name] = None
                for prop in item.props:
                    for v in prop.values:
                        if isinstance(v, A.Symbol):
                            self.symbols.add(v.id)
                        elif isinstance(v, A.ListLit):
                            self.symbols.update(x.id for x in v.items if isinstance(x, A.Symbol))
        self.symbols |= p.types | p.subtypes
        self.event_uses = _event_uses_by_action(self.items)
        root = Scope()
        for item in self.items:
            if isinstance(item, A.Option):
                p.options[item.name] = self.constant(item.value, "an option's value")
            elif isinstance(item, A.PropertyDecl):
                p.properties[item.name] = (self.constant(item.default, "a property's default")
                                           if item.default else None)

    def constant(self, node, what):
        """Evaluate an expression that must not depend on the game (options, card numbers)."""
        if isinstance(node, (A.IntLit, A.StrLit, A.BoolLit)):
            return node.value
        if isinstance(node, A.NoneLit):
            return None
        if isinstance(node, A.Symbol):
            return node.id
        if isinstance(node, A.Neg) and isinstance(node.operand, A.IntLit):
            return -node.operand.value
        if isinstance(node, A.ListLit):
            return [self.constant(x, what) for x in node.items]
        if isinstance(node, A.Name) and node.id in self.p.options and self.p.options[node.id] is not None:
            return self.p.options[node.id]
        self.error("not-constant", f"{what} must be a number, text or symbol written out, "
                                   f"not an expression", node.pos)
        return None

    def _compile_item(self, item):
        p = self.p
        root = Scope()
        if isinstance(item, A.Zone):
            cap = None
            if item.capacity is not None:
                cap, kind = self.expr(item.capacity, root)
                self.expect(kind, (INT,), item.capacity.pos, "a zone's capacity")
            p.zones[item.name].capacity = cap
        elif isinstance(item, A.Resource):
            r = p.resources[item.name]
            for attr in ("start", "min", "max"):
                node = getattr(item, attr)
                if node is not None:
                    fn, kind = self.expr(node, root)
                    self.expect(kind, (INT,), node.pos, f"a resource's {attr}")
                    setattr(r, attr, fn)
        elif isinstance(item, A.Var):
            fn = self.expr(item.value, root)[0] if item.value is not None else None
            p.vars[item.name] = (item.per_player, fn)
        elif isinstance(item, A.Param):
            fn, kind = self.expr(item.value, root)
            self.expect(kind, (INT,), item.value.pos, "a parameter")
            p.params[item.name] = fn
        elif isinstance(item, A.LimitDecl):
            fn, kind = self.expr(item.amount, root)
            self.expect(kind, (INT,), item.amount.pos, "a limit")
            p.limits[item.name] = fn
        elif isinstance(item, A.ActionDecl):
            scope = Scope({n: ANY for n in item.params}, card=None, event=True)
            scope.card = "*"            # `this` inside an action is its caller's card
            p.actions[item.name].body = self.block(item.body, scope)
        elif isinstance(item, A.MoveDecl):
            scope = Scope(event=False)
            source = cond = None
            if item.var:
                source, kind = self.expr(item.source, scope)
                self.expect(kind, COLLECTIONS, item.source.pos, "a move's options")
                scope = scope.with_names(**{item.var: _element(kind)})
            gate = each = None
            if item.cond is not None:
                gate, each = self._move_condition(item, scope)
            p.moves[item.name] = CompiledMove(item.name, item.var, source, gate, each,
                                              self.block(item.body, scope), item.pos)
        elif isinstance(item, A.Setup):
            p.setup = self.block(item.body, Scope())
        elif isinstance(item, A.Turn):
            p.turn = self.block(item.body, Scope())
        elif isinstance(item, A.Round):
            p.round = self.block(item.body, Scope())
        elif isinstance(item, A.Trigger):
            t = self.trigger(item, None)
            p.triggers.append(t)
        elif isinstance(item, A.Whenever):
            cond, kind = self.expr(item.cond, Scope())
            self.expect(kind, (BOOL,), item.cond.pos, "a `whenever` condition")
            p.whenevers.append((cond, self.block(item.body, Scope()), item.pos))
        elif isinstance(item, A.StaticDecl):
            p.statics.append(self.static(item.static, None, item.pos))
        elif isinstance(item, A.CardDecl):
            p.cards[item.name] = self.card(item)

    # --- cards, triggers, statics -------------------------------------------------
    def card(self, d: A.CardDecl) -> CardDef:
        p = self.p
        for what, pos in d.repeated:
            self.error("duplicate", f"`{d.name}` has a second `{what}`; the first would be lost",
                       pos, f"give a card one `{what}`")
        for word in d.types:
            if word not in p.types:
                self.unknown("card type", word, d.pos, p.types)
        for word in d.subtypes:
            if word not in p.subtypes and word not in p.types:
                self.unknown("subtype", word, d.pos, p.subtypes | p.types)
        props = {}
        for prop in d.props:
            if prop.name not in p.properties:
                self.unknown("card property", prop.name, prop.pos,
                             list(p.properties) + ["text", "effect", "ability"])
                continue
            if prop.name in props:
                self.error("duplicate", f"property `{prop.name}` is given twice", prop.pos)
            values = [self.constant(v, f"property `{prop.name}`") for v in prop.values]
            props[prop.name] = values[0] if len(values) == 1 else values
        scope = Scope(card=d.name)
        effect = self.block(d.effect, scope) if d.effect is not None else None
        triggers = [self.trigger(t, d.name) for t in d.triggers]
        abilities = []
        for ab in d.abilities:
            cond = None
            if ab.uses is not None and ab.uses not in p.limits:
                self.unknown("limit", ab.uses, ab.pos, p.limits)
            if ab.from_zone is not None and ab.from_zone not in p.zones:
                self.unknown("zone", ab.from_zone, ab.pos, p.zones)
            if ab.cond is not None:
                cond, kind = self.expr(ab.cond, scope)
                self.expect(kind, (BOOL,), ab.cond.pos, "an ability's condition")
            abilities.append(CompiledAbility(ab.name, self.block(ab.body, scope), ab.uses,
                                             ab.once_per_turn, cond, ab.any_time, ab.from_zone,
                                             d.name, ab.pos))
        statics = [self.static(s, d.name, d.pos) for s in d.statics]
        return CardDef(d.name, frozenset(d.types), frozenset(d.subtypes), d.copies, d.token,
                       d.text, props, effect, triggers, abilities, statics, d.pos, d)

    def event_fields(self, event: str) -> Optional[set]:
        """What `event.X` may name for this event, or None when it is unknown."""
        p = self.p
        if event in p.actions:
            fields = set(p.actions[event].params)
        elif event in p.moves and p.moves[event] is not None:
            fields = {p.moves[event].var} - {None}
        elif event in p.moves:
            decl = p.decls.get(("move", event))
            fields = {decl.var} - {None} if decl is not None else None
        else:
            fields = EVENT_FIELDS.get(event)
        return None if fields is None else fields | {"player", "name"}

    def trigger(self, t: A.Trigger, card: Optional[str]) -> CompiledTrigger:
        p = self.p
        if t.event not in p.actions and t.event not in EVENTS_BUILTIN:
            self.unknown("event", t.event, t.pos, list(p.actions) + sorted(EVENTS_BUILTIN))
        if t.kind == "before" and t.event in AFTER_THE_FACT:
            self.error("no-reaction", f"`{t.event}` is announced after it happens, so nothing "
                                      f"can react before it", t.pos, "use `when` instead of `before`")
        if t.from_zone is not None and t.from_zone not in p.zones:
            self.unknown("zone", t.from_zone, t.pos, p.zones)
        scope = Scope(card=card, event=True, fields=self.event_fields(t.event))
        where = None
        if t.where is not None:
            where, kind = self.expr(t.where, scope)
            self.expect(kind, (BOOL,), t.where.pos, "a trigger's condition")
        body = self.block(t.body, scope)
        self.trigger_count += 1
        ct = CompiledTrigger(t.kind, t.event, where, body, t.from_zone, t.once_per_turn, card,
                             t.pos, self.trigger_count)
        p.all_triggers.append(ct)
        return ct

    def static(self, s, card: Optional[str], pos) -> CompiledStatic:
        p = self.p
        scope = Scope(card=card, event=True)
        pos = s.pos if s.pos.line else pos
        cs = CompiledStatic(type(s).__name__[6:].lower(), s, card, pos)
        if isinstance(s, A.StaticModify):
            if s.param not in p.params:
                self.unknown("parameter", s.param, s.pos, p.params)
            cs.param = s.param
            cs.amount, kind = self.expr(s.amount, scope)
            self.expect(kind, (INT,), s.amount.pos, "a modifier")
            if s.target is not None:
                cs.target, kind = self.expr(s.target, scope)
                self.expect(kind, (PLAYER, PLAYERS), s.target.pos, "whom a modifier is for")
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
            scope = scope.child(fields=self.event_fields(s.event))
            if s.where is not None:
                cs.where, kind = self.expr(s.where, scope)
                self.expect(kind, (BOOL,), s.where.pos, "a condition")
            if isinstance(s, A.StaticInstead):
                cs.body = self.block(s.body, scope)
        elif isinstance(s, A.StaticCopy):
            cs.source, kind = self.expr(s.source, scope)
            self.expect(kind, (CARD,), s.source.pos, "what a card copies")
        cs.index = len(p.all_statics)
        p.all_statics.append(cs)
        return cs

    # --- statements -------------------------------------------------------------
    def block(self, block: Optional[A.Block], scope: Scope) -> Callable:
        """A block's closure: its statements in order. Blocks charge no steps: the budget
        is charged where evaluation can repeat (each loop iteration, each action call and
        trigger), which bounds every evaluation without a wrapper around every block."""
        if block is None:
            return _nothing
        scope = scope.child()
        fns = [self.stmt(s, scope) for s in block.stmts]
        fns = tuple(f for f in fns if f is not None)
        if not fns:
            return _nothing
        if len(fns) == 1:
            return fns[0]
        if len(fns) == 2:
            a, b = fns

            def run2(cx):
                a(cx)
                b(cx)
            return run2

        def run(cx):
            for f in fns:
                f(cx)
        return run

    def stmt(self, node, scope: Scope):
        return getattr(self, "s_" + type(node).__name__)(node, scope)

    def _cards_or_card(self, node, scope, what):
        fn, kind = self.expr(node, scope)
        self.expect(kind, (CARD, CARDS, NONE, LIST), node.pos, what)
        return fn

    def _one_zone(self, node, scope, what):
        fn, kind = self.expr(node, scope)
        if kind == ZONES:
            name = node.id if isinstance(node, A.Name) else "it"
            self.error("zone-owner", f"zone `{name}` belongs to each player: say whose, "
                                     f"as in `your {name}` or `{name} of PLAYER`", node.pos)
        else:
            self.expect(kind, (ZONE,), node.pos, what)
        return fn

    def _player(self, node, scope, what):
        fn, kind = self.expr(node, scope)
        self.expect(kind, (PLAYER,), node.pos, what)
        return fn

    def _int(self, node, scope, what):
        fn, kind = self.expr(node, scope)
        self.expect(kind, (INT,), node.pos, what)
        return fn

    def _bool(self, node, scope, what):
        fn, kind = self.expr(node, scope)
        self.expect(kind, (BOOL,), node.pos, what)
        return fn

    def s_Move(self, n: A.Move, scope):
        what = self._cards_or_card(n.what, scope, "what `move` moves")
        to = self._one_zone(n.to, scope, "where `move` puts cards")
        pos_kind, pos_fn = "top", None
        if n.position is not None:
            pos_kind = n.position[0]
            if pos_kind == "index":
                pos_fn = self._int(n.position[1], scope, "a position")
        return lambda cx: cx.g.move(what(cx), to(cx), pos_kind, pos_fn(cx) if pos_fn else None, cx)

    def s_Shuffle(self, n, scope):
        z = self._one_zone(n.zone, scope, "what `shuffle` shuffles")
        return lambda cx: cx.g.shuffle(z(cx), cx)

    def s_Reveal(self, n, scope):
        what = self._cards_or_card(n.what, scope, "what `reveal` shows")
        return lambda cx: cx.g.reveal(what(cx), cx)

    def s_Face(self, n, scope):
        what = self._cards_or_card(n.what, scope, "what is turned face " + ("up" if n.up else "down"))
        up = n.up
        return lambda cx: cx.g.set_face(what(cx), up)

    def s_Attach(self, n, scope):
        what = self._cards_or_card(n.what, scope, "what `attach` attaches")
        host, kind = self.expr(n.host, scope)
        self.expect(kind, (CARD,), n.host.pos, "what a card is attached to")
        return lambda cx: cx.g.attach(what(cx), host(cx), cx)

    def s_Detach(self, n, scope):
        what = self._cards_or_card(n.what, scope, "what `detach` detaches")
        return lambda cx: cx.g.detach(what(cx))

    def s_GiveControl(self, n, scope):
        what = self._cards_or_card(n.what, scope, "what changes control")
        player = self._player(n.player, scope, "the new controller")
        return lambda cx: cx.g.give_control(what(cx), player(cx), cx)

    def s_Give(self, n, scope):
        what = self._cards_or_card(n.what, scope, "what changes owner")
        player = self._player(n.player, scope, "the new owner")
        return lambda cx: cx.g.give(what(cx), player(cx), cx)

    def s_Transform(self, n, scope):
        what = self._cards_or_card(n.what, scope, "what `transform` changes")
        into, kind = self.expr(n.into, scope)
        self.expect(kind, (STR,), n.into.pos, "the card name a card transforms into")
        if isinstance(n.into, A.StrLit) and n.into.value not in self.p.cards:
            self.unknown("card", n.into.value, n.into.pos, self.p.cards)
        pos = n.pos
        return lambda cx: cx.g.transform(what(cx), into(cx), cx, pos)

    def _counter(self, name, pos):
        if name not in self.p.counters:
            self.unknown("counter", name, pos, self.p.counters)

    def s_PutCounter(self, n, scope):
        self._counter(n.counter, n.pos)
        amount = self._int(n.amount, scope, "how many counters")
        target = self._cards_or_card(n.target, scope, "where counters go")
        c = n.counter
        return lambda cx: cx.g.put_counters(target(cx), c, amount(cx), cx)

    def s_RemoveCounter(self, n, scope):
        self._counter(n.counter, n.pos)
        amount = self._int(n.amount, scope, "how many counters") if n.amount is not None else None
        target = self._cards_or_card(n.target, scope, "where counters are removed from")
        c = n.counter
        return lambda cx: cx.g.remove_counters(target(cx), c, amount(cx) if amount else None, cx)

    def _resource(self, name, pos):
        if name not in self.p.resources:
            self.unknown("resource", name, pos, self.p.resources)

    def s_Gain(self, n, scope):
        self._resource(n.resource, n.pos)
        amount = self._int(n.amount, scope, "how much is gained")
        r = n.resource
        return lambda cx: cx.g.gain(cx.you, r, amount(cx), cx)

    def s_Lose(self, n, scope):
        self._resource(n.resource, n.pos)
        amount = self._int(n.amount, scope, "how much is lost") if n.amount is not None else None
        r = n.resource
        return lambda cx: cx.g.lose(cx.you, r, amount(cx) if amount else None, cx)

    def s_Set(self, n, scope):
        p = self.p
        value, _ = self.expr(n.value, scope)
        name = n.name
        target = self._player(n.target, scope, "whose value is set") if n.target is not None else None
        if name in p.resources:
            if p.resources[name].shared:
                if target is not None:
                    self._shared_of("resource", name, n.pos)
                return lambda cx: cx.g.set_shared(name, value(cx))
            return lambda cx: cx.g.set_res(target(cx) if target else cx.you, name, value(cx), cx)
        if name in p.vars:
            per_player = p.vars[name][0]
            if per_player:
                return lambda cx: (target(cx) if target else cx.you).vars.__setitem__(name, value(cx))
            if target is not None:
                self.error("type", f"variable `{name}` is not per player", n.pos)
            return lambda cx: cx.g.state.globals.__setitem__(name, value(cx))
        self.unknown("variable or resource", name, n.pos, list(p.vars) + list(p.resources))
        return None

    def s_Create(self, n, scope):
        amount = self._int(n.amount, scope, "how many are created")
        if n.card not in self.p.cards:
            self.unknown("card", n.card, n.pos, self.p.cards)
        if n.zone is None:
            self.error("create-where", f"say where `{n.card}` is created", n.pos,
                       f"for example `create 1 \"{n.card}\" in your area`")
            return None
        zone = self._one_zone(n.zone, scope, "where they are created")
        name = n.card
        return lambda cx: cx.g.create(name, amount(cx), zone(cx), cx)

    def s_CreateLibrary(self, n, scope):
        zone = self._one_zone(n.zone, scope, "where the deck's cards are created")
        cond = None
        if n.cond is not None:
            cond = self._bool(n.cond, scope.child(it=CARD), "which cards to create")
        return lambda cx: cx.g.create_library(zone(cx), cond, cx)

    def s_Let(self, n, scope):
        value, kind = self.expr(n.value, scope)
        scope.names[n.name] = kind
        name = n.name

        def let(cx):
            cx.loc[name] = value(cx)
        return let

    def s_Assign(self, n, scope):
        if n.name not in scope.names:
            if n.name in self.p.vars and not self.p.vars[n.name][0]:
                return self.s_Set(A.Set(n.name, None, n.value, pos=n.pos), scope)
            self.error("unknown-name", f"`{n.name}` is not defined here", n.pos,
                       suggest(n.name, scope.names) or f"write `let {n.name} = ...` to define it")
            return None
        value, kind = self.expr(n.value, scope)
        name = n.name

        def assign(cx):
            cx.loc[name] = value(cx)
        return assign

    def _duration(self, d: Optional[A.Duration], scope):
        if d is None:
            return None
        turns = self._int(d.turns, scope, "a duration") if d.turns is not None else None
        kind = d.kind
        return lambda cx: (kind, turns(cx) if turns else None)

    def s_MarkStmt(self, n, scope):
        if n.mark not in self.p.marks:
            self.unknown("mark", n.mark, n.pos, self.p.marks)
        target, kind = self.expr(n.target, scope)
        self.expect(kind, (PLAYER, CARD, PLAYERS, CARDS), n.target.pos, "what is marked")
        dur = self._duration(n.duration, scope)
        mark = n.mark
        return lambda cx: cx.g.mark(target(cx), mark, dur(cx) if dur else None, cx)

    def s_Unmark(self, n, scope):
        if n.mark not in self.p.marks:
            self.unknown("mark", n.mark, n.pos, self.p.marks)
        target, kind = self.expr(n.target, scope)
        mark = n.mark
        return lambda cx: cx.g.unmark(target(cx), mark)

    def s_Resolve(self, n, scope):
        card, kind = self.expr(n.card, scope)
        self.expect(kind, (CARD,), n.card.pos, "what `resolve` resolves")
        return lambda cx: cx.g.resolve(card(cx), cx)

    def s_Negate(self, n, scope):
        if not scope.event:
            self.error("negate-outside", "`negate` only means something in a `before` reaction "
                                         "or an `instead` rule", n.pos)

        def negate(cx):
            if cx.event is not None:
                cx.event.negated = True
        return negate

    def s_Use(self, n, scope):
        if n.limit not in self.p.limits:
            self.unknown("limit", n.limit, n.pos, self.p.limits)
        name = n.limit
        return lambda cx: cx.g.use_limit(name, cx)

    def s_Offer(self, n, scope):
        for m in n.moves:
            if m not in self.p.moves and m != "abilities":
                self.unknown("move", m, n.pos, list(self.p.moves) + ["abilities"])
        names = n.moves
        return lambda cx: cx.g.offer(names, cx)

    def s_EndGame(self, n, scope):
        if n.kind == "draw":
            return lambda cx: cx.g.end_game([], True, "draw", cx)
        if n.kind == "most":
            self._resource(n.resource, n.pos)
            r = n.resource
            return lambda cx: cx.g.end_by_most(r, cx)
        winner, kind = self.expr(n.winner, scope)
        self.expect(kind, (PLAYER, PLAYERS), n.winner.pos, "the winner")
        return lambda cx: cx.g.end_game(_as_list(winner(cx)), False, "winner", cx)

    def s_Eliminate(self, n, scope):
        who, kind = self.expr(n.player, scope)
        self.expect(kind, (PLAYER, PLAYERS), n.player.pos, "who is eliminated")
        return lambda cx: cx.g.eliminate(_as_list(who(cx)), cx)

    def s_Say(self, n, scope):
        text, pos = n.text, n.pos
        return lambda cx: cx.g.say(text, cx, pos)

    def s_Pass(self, n, scope):
        return lambda cx: None

    def s_CallStmt(self, n, scope):
        action = self.p.actions.get(n.name)
        if action is None:
            self.unknown("action", n.name, n.pos, self.p.actions)
            return None
        if len(n.args) != len(action.params):
            self.error("arity", f"`{n.name}` takes {len(action.params)} "
                                f"argument{'s' if len(action.params) != 1 else ''} "
                                f"({', '.join(action.params) or 'none'}), not {len(n.args)}", n.pos)
            return None
        uses = self.event_uses.get(n.name)
        if uses:
            self._check_event_uses(n.name, uses, scope, n.pos)
        args = tuple(self.expr(a, scope)[0] for a in n.args)
        pos = n.pos
        if not args:
            return lambda cx: cx.g.call_action(action, (), cx, pos)
        if len(args) == 1:
            a0 = args[0]
            return lambda cx: cx.g.call_action(action, (a0(cx),), cx, pos)
        return lambda cx: cx.g.call_action(action, tuple(a(cx) for a in args), cx, pos)

    def _check_event_uses(self, action: str, uses: set, scope: Scope, pos):
        """An action's body sees its caller's `event`: check, where the call is made, that
        there is one and that it has the fields the body (or an action it calls) reads."""
        if not scope.event:
            self.error("event-outside", f"`{action}` uses `event`, and there is no event here",
                       pos, "call it from a trigger, a reaction, a static or an action, or "
                            "pass what it needs as an argument")
            return
        if scope.fields is None:
            return                       # inside an action: checked where that one is called
        for name in sorted(uses - scope.fields - {""}):
            self.error("unknown-name", f"`{action}` reads `event.{name}`, and this event has "
                                       f"no field `{name}`", pos,
                       suggest(name, scope.fields)
                       or f"its fields: {', '.join(sorted(scope.fields))}")

    def s_If(self, n, scope):
        cond = self._bool(n.cond, scope, "an `if` condition")
        then = self.block(n.then, scope)
        orelse = self.block(n.orelse, scope) if n.orelse is not None else None
        if orelse is None:
            def if_(cx):
                if cond(cx):
                    then(cx)
            return if_

        def if_else(cx):
            if cond(cx):
                then(cx)
            else:
                orelse(cx)
        return if_else

    def s_ForEach(self, n, scope):
        coll, kind = self.expr(n.collection, scope)
        self.expect(kind, COLLECTIONS, n.collection.pos, "what `for each` goes through")
        if n.order_key is not None:
            return self._for_ordered(n, coll, kind, scope)
        body = self.block(n.body, scope.with_names(**{n.var: _element(kind)}))
        var, pos = n.var, n.pos

        def for_each(cx):
            g = cx.g
            for x in list(_iterate(coll(cx))):
                g.steps += 1
                if g.steps > g.budget:
                    g.budget_exceeded(pos)
                cx.loc[var] = x
                body(cx)
        return for_each

    def _for_ordered(self, n, coll, kind, scope):
        """`for each x in C ordered by KEY [descending]` and `... grouped by KEY`: KEY is
        evaluated once per element, with `it` as the element; sorting is stable, so
        equal keys keep the collection's order."""
        key = self._int(n.order_key, scope.child(it=_element(kind)), "an ordering key")
        body = self.block(n.body, scope.with_names(
            **{n.var: LIST if n.grouped else _element(kind)}))
        var, desc, grouped, pos = n.var, n.descending, n.grouped, n.pos

        def for_ordered(cx):
            items = list(_iterate(coll(cx)))
            g = cx.g
            g.steps += len(items)
            if g.steps > g.budget:
                g.budget_exceeded(pos)
            saved = cx.it
            keyed = []
            for x in items:
                cx.it = x
                k = key(cx)
                keyed.append((k if k is not None else 0, x))
            cx.it = saved
            keyed.sort(key=lambda kx: -kx[0] if desc else kx[0])
            if not grouped:
                for _, x in keyed:
                    cx.loc[var] = x
                    body(cx)
                return
            groups = []
            for k, x in keyed:
                if groups and groups[-1][0] == k:
                    groups[-1][1].append(x)
                else:
                    groups.append((k, [x]))
            for _, members in groups:
                cx.loc[var] = members
                body(cx)
        return for_ordered

    def s_Repeat(self, n, scope):
        times = self._int(n.times, scope, "how many times")
        body = self.block(n.body, scope)
        pos = n.pos

        def repeat(cx):
            g = cx.g
            for _ in range(times(cx) or 0):
                g.steps += 1
                if g.steps > g.budget:
                    g.budget_exceeded(pos)
                body(cx)
        return repeat

    def s_While(self, n, scope):
        cond = self._bool(n.cond, scope, "a `while` condition")
        body = self.block(n.body, scope)
        pos = n.pos

        def while_(cx):
            g = cx.g
            while cond(cx):
                g.steps += 1
                if g.steps > g.budget:
                    g.budget_exceeded(pos)
                body(cx)
        return while_

    def s_Choose(self, n: A.Choose, scope):
        source, kind = self.expr(n.source, scope)
        self.expect(kind, COLLECTIONS, n.source.pos, "what `choose` chooses from")
        up_to = self._int(n.up_to, scope, "how many may be chosen") if n.up_to is not None else None
        exactly = self._int(n.exactly, scope, "how many are chosen") if n.exactly is not None else None
        by = self._player(n.by, scope, "who chooses") if n.by is not None else None
        at_least = self._int(n.at_least, scope, "how many must be chosen") \
            if n.at_least is not None else None
        body = self.block(n.body, scope.with_names(**{n.var: _element(kind)}))
        var, secret, optional = n.var, n.secret, n.optional
        prompt = n.prompt or f"choose {n.var}"
        pos = n.pos

        def choose(cx):
            g = cx.g
            options = list(_iterate(source(cx)))
            if exactly is not None:
                k = exactly(cx)
                lo, hi = k, k
            elif up_to is not None:
                lo, hi = 0, up_to(cx)
            else:
                lo, hi = 1, 1
            if at_least is not None:
                lo = at_least(cx)
                hi = max(hi, lo) if up_to is not None else len(options)
            if optional:
                lo = 0
            chooser = by(cx) if by else cx.you
            picked = g.choose(chooser, options, lo, hi, prompt, secret, cx, pos)
            for x in picked:
                cx.loc[var] = x
                body(cx)
            if not picked:
                cx.loc[var] = None
        return choose

    def s_ChooseOne(self, n: A.ChooseOne, scope):
        by = self._player(n.by, scope, "who chooses") if n.by is not None else None
        cases = []
        for case in n.cases:
            cond = self._bool(case.cond, scope, "an option's condition") if case.cond else None
            cases.append((case.label, cond, self.block(case.body, scope)))
        pos = n.pos

        def choose_one(cx):
            chooser = by(cx) if by else cx.you
            open_cases = [(label, body) for label, cond, body in cases if cond is None or cond(cx)]
            if not open_cases:
                return
            i = cx.g.choose_label(chooser, [c[0] for c in open_cases], "choose one", cx, pos)
            open_cases[i][1](cx)
        return choose_one

    def s_May(self, n: A.May, scope):
        by = self._player(n.by, scope, "who decides") if n.by is not None else None
        body = self.block(n.body, scope)
        prompt = n.prompt or "you may"
        pos, secret = n.pos, n.secret

        def may(cx):
            chooser = by(cx) if by else cx.you
            if cx.g.choose_label(chooser, ["yes", "no"], prompt, cx, pos, secret) == 0:
                body(cx)
        return may

    def s_As(self, n, scope):
        who, kind = self.expr(n.player, scope)
        self.expect(kind, (PLAYER,), n.player.pos, "who acts")
        body = self.block(n.body, scope)

        def as_(cx):
            p = who(cx)
            if p is None:
                return
            body(Ctx(cx.g, p, cx.this, cx.event, cx.loc))    # cx.child(you=p), made directly
        return as_

    def s_Simultaneously(self, n, scope):
        body = self.block(n.body, scope)
        return lambda cx: cx.g.simultaneously(body, cx)

    def s_Phase(self, n, scope):
        body = self.block(n.body, scope)
        name = n.name
        return lambda cx: cx.g.phase(name, body, cx)

    def s_TempStatic(self, n: A.TempStatic, scope):
        cs = self.static(n.static, scope.card if scope.card != "*" else None, n.pos)
        self.p.temp_statics.append(cs)
        dur = self._duration(n.duration, scope) if n.duration.kind != "permanent" else None
        index = cs.index
        return lambda cx: cx.g.add_temp_static(index, dur(cx) if dur else None, cx)

    # --- expressions ---------------------------------------------------------------
    def expr(self, node, scope: Scope) -> tuple[Callable, str]:
        return getattr(self, "e_" + type(node).__name__)(node, scope)

    def e_IntLit(self, n, scope): return _const(n.value), INT
    def e_StrLit(self, n, scope): return _const(n.value), STR
    def e_BoolLit(self, n, scope): return _const(n.value), BOOL
    def e_NoneLit(self, n, scope): return _const(None), NONE

    def e_Symbol(self, n, scope):
        if n.id not in self.symbols:
            self.unknown("type or symbol", n.id, n.pos, self.symbols)
        return _const(n.id), STR

    def e_Name(self, n, scope):
        p, name = self.p, n.id
        if name in scope.names:
            kind = scope.names[name]
            return (lambda cx: cx.loc.get(name)), kind
        if name == "you":
            return (lambda cx: cx.you), PLAYER
        if name == "this":
            if scope.card is None:
                self.error("this-outside", "`this` only means something in a card's text", n.pos)
            return (lambda cx: cx.this), CARD
        if name == "event":
            if not scope.event:
                self.error("event-outside", "`event` only means something in a trigger, "
                                            "a reaction or an action", n.pos)
            return (lambda cx: cx.event), EVENT
        if name == "it":
            if scope.it is None:
                self.error("it-outside", "`it` only means something in a `where` clause", n.pos)
            return (lambda cx: cx.it), scope.it or ANY
        if name == "active_player":
            return (lambda cx: cx.g.state.active), PLAYER
        if name == "turn_number":
            return (lambda cx: cx.g.state.turn), INT
        if name == "play":
            return (lambda cx: cx.g.in_play_zones()), ZONES
        if name in p.options:
            return (lambda cx: cx.g.options[name]), _kind_of_value(p.options[name])
        if name in p.params:
            return (lambda cx: cx.g.param(name, cx.you)), INT
        if name in p.vars:
            if p.vars[name][0]:
                return (lambda cx: cx.you.vars.get(name)), ANY
            return (lambda cx: cx.g.state.globals.get(name)), ANY
        if name in p.resources:
            if p.resources[name].shared:
                return (lambda cx: cx.g.state.globals.get(name, 0)), INT
            return (lambda cx: cx.you.res.get(name, 0)), INT
        if name in p.zones:
            z = p.zones[name]
            if z.scope == "shared":
                return (lambda cx: cx.g.state.zones[name]), ZONE
            return (lambda cx: cx.g.zones_named(name)), ZONES
        candidates = (list(scope.names) + list(p.options) + list(p.params) + list(p.vars)
                      + list(p.resources) + list(p.zones) + list(BUILTIN_NAMES))
        hint = suggest(name, candidates)
        if name in p.actions and not hint:
            hint = f"`{name}` is an action: call it as a statement, `{name} ...`"
        if name in p.limits and not hint:
            hint = f"`{name}` is a limit: write `remaining({name})`"
        self.error("unknown-name", f"unknown name `{name}`", n.pos, hint)
        return _const(None), ANY

    def _shared_of(self, what: str, name: str, pos):
        self.error("zone-owner", f"{what} `{name}` is shared; write `{name}` alone", pos)

    def e_Of(self, n: A.Of, scope):
        p, name = self.p, n.name
        target, kind = self.expr(n.target, scope)
        if name in p.zones:
            z = p.zones[name]
            self.expect(kind, (PLAYER,), n.target.pos, f"whose `{name}`")
            if z.scope == "shared":
                self._shared_of("zone", name, n.pos)
                return (lambda cx: cx.g.state.zones[name]), ZONE
            return (lambda cx: cx.g.zone_of(name, target(cx))), ZONE
        if kind in (CARD, ZONE, EVENT):
            return self.e_Attr(A.Attr(n.target, name, pos=n.pos), scope)
        if name in p.resources:
            if p.resources[name].shared:
                self._shared_of("resource", name, n.pos)
                return (lambda cx: cx.g.state.globals.get(name, 0)), INT
            return (lambda cx: _res(target(cx), name)), INT
        if name in p.params:
            return (lambda cx: cx.g.param(name, target(cx))), INT
        if name in p.vars and p.vars[name][0]:
            return (lambda cx: _pvar(target(cx), name)), ANY
        if name in PLAYER_ATTRS or kind == ANY:
            return self.e_Attr(A.Attr(n.target, name, pos=n.pos), scope)
        self.unknown("zone, resource or parameter", name, n.pos,
                     list(p.zones) + list(p.resources) + list(p.params))
        return _const(None), ANY

    def e_Attr(self, n: A.Attr, scope):
        p, name = self.p, n.name
        obj, kind = self.expr(n.obj, scope)
        of_it = isinstance(n.obj, A.Name) and n.obj.id == "it" and "it" not in scope.names
        if kind == CARD:
            if name in ("name", "owner", "controller", "zone", "face_up", "token", "id", "turned"):
                if of_it:                     # `it.face_up` in a where clause
                    def it_field(cx):
                        c = cx.it
                        return None if c is None else getattr(c, name)
                    return it_field, CARD_ATTRS[name]

                def card_field(cx):           # a plain field of the card: read it directly
                    c = obj(cx)
                    return None if c is None else getattr(c, name)
                return card_field, CARD_ATTRS[name]
            if name in CARD_ATTRS:
                return (lambda cx: cx.g.card_attr(obj(cx), name)), CARD_ATTRS[name]
            if name in p.properties:
                default = p.properties[name]
                if of_it:                     # `it.cost` in a where clause
                    def it_prop(cx):
                        c = cx.it
                        return None if c is None else cx.g.defs[c.name].props.get(name, default)
                    return it_prop, _kind_of_value(default)

                def prop(cx):                 # Game.prop, inlined: where clauses read these
                    c = obj(cx)
                    return None if c is None else cx.g.defs[c.name].props.get(name, default)
                return prop, _kind_of_value(default)
            self.unknown("card property", name, n.pos, list(CARD_ATTRS) + list(p.properties))
            return _const(None), ANY
        if kind == PLAYER:
            if name in PLAYER_ATTRS:
                if name != "seat":            # a plain field of the player: read it directly
                    def player_field(cx):
                        pl = obj(cx)
                        return None if pl is None else getattr(pl, name)
                    return player_field, PLAYER_ATTRS[name]
                return (lambda cx: cx.g.player_attr(obj(cx), name)), PLAYER_ATTRS[name]
            if name in p.resources or name in p.params or (name in p.vars and p.vars[name][0]) \
                    or name in p.zones:
                return self.e_Of(A.Of(name, n.obj, pos=n.pos), scope)
            self.unknown("player property", name, n.pos,
                         list(PLAYER_ATTRS) + list(p.resources) + list(p.params))
            return _const(None), ANY
        if kind == ZONE:
            if name == "size":                    # Game.zone_attr, inlined: `whenever`s read it
                def zone_size(cx):
                    z = obj(cx)
                    return None if z is None else len(z.cards)
                return zone_size, INT
            if name in ZONE_ATTRS:
                return (lambda cx: cx.g.zone_attr(obj(cx), name)), ZONE_ATTRS[name]
            self.unknown("zone property", name, n.pos, ZONE_ATTRS)
            return _const(None), ANY
        if kind == EVENT:
            if scope.fields is not None and name not in scope.fields \
                    and isinstance(n.obj, A.Name) and n.obj.id == "event":
                self.error("unknown-name", f"this event has no field `{name}`", n.pos,
                           suggest(name, scope.fields)
                           or f"its fields: {', '.join(sorted(scope.fields))}")
            return (lambda cx: _event_get(obj(cx), name)), ANY
        if kind in (INT, BOOL, STR, NONE):
            self.error("type", f"{_article(kind)} has no `.{name}`", n.pos)
            return _const(None), ANY
        if name in p.properties:                  # most often a card: read it directly
            default = p.properties[name]

            def any_prop(cx):
                v = obj(cx)
                if type(v) is CardInst:
                    return cx.g.defs[v.name].props.get(name, default)
                return cx.g.attr(v, name)
            return any_prop, ANY
        if name in ("name", "owner", "controller", "zone", "face_up", "token", "id", "turned"):

            def any_field(cx):                    # a card's plain field, as Game.attr reads it
                v = obj(cx)
                if type(v) is CardInst:
                    return getattr(v, name)
                return cx.g.attr(v, name)
            return any_field, ANY
        return (lambda cx: cx.g.attr(obj(cx), name)), ANY

    def _move_condition(self, item: A.MoveDecl, scope):
        """A move's `if` as (gate, each): `move m(c from S) if a and b and <c's test>` checks
        the leading tests that do not read `c` once, before S is looked at, and the rest
        once per option (the same answers: conditions have no effects). A condition that
        draws random numbers after reading `c` is checked per option, in order."""
        parts = _chain(item.cond, A.And)
        what = "a move's condition" if len(parts) == 1 else "each side of `and`"
        fns = [self._bool(x, scope, what) for x in parts]
        k = 0
        while k < len(parts) and (item.var is None or not _mentions(parts[k], item.var)):
            k += 1
        if k < len(parts) and (_draws(item.cond) or _draws(item.source)):
            k = 0
        return (_all_of(fns[:k]) if k else None), (_all_of(fns[k:]) if k < len(fns) else None)

    def e_CounterCount(self, n, scope):
        self._counter(n.counter, n.pos)
        target, kind = self.expr(n.target, scope)
        self.expect(kind, (CARD,), n.target.pos, "where counters are counted")
        c = n.counter
        return (lambda cx: _counters(target(cx), c)), INT

    def e_Count(self, n, scope):
        fn, kind = self.expr(n.expr, scope)
        self.expect(kind, COLLECTIONS, n.expr.pos, "what `count` counts")
        if isinstance(n.expr, (A.CardSel, A.PlayerSel)):
            return (lambda cx: len(fn(cx))), INT      # a selector's value is a plain list
        return (lambda cx: _count(fn(cx))), INT

    def e_BinOp(self, n, scope):
        left = self._int(n.left, scope, f"the left side of `{n.op}`")
        right = self._int(n.right, scope, f"the right side of `{n.op}`")
        op = n.op
        if op == "+":
            return (lambda cx: cx.g.check_int(left(cx) + right(cx))), INT
        if op == "-":
            return (lambda cx: cx.g.check_int(left(cx) - right(cx))), INT
        if op == "*":
            return (lambda cx: cx.g.check_int(left(cx) * right(cx))), INT
        if op == "/":
            return (lambda cx: cx.g.divide(left(cx), right(cx), False)), INT
        return (lambda cx: cx.g.divide(left(cx), right(cx), True)), INT

    def e_Neg(self, n, scope):
        v = self._int(n.operand, scope, "what `-` negates")
        return (lambda cx: -v(cx)), INT

    def e_Compare(self, n, scope):
        left, lk = self.expr(n.left, scope)
        right, rk = self.expr(n.right, scope)
        op = n.op
        if op in ("==", "!="):
            if NONE not in (lk, rk) and ANY not in (lk, rk) and lk != rk:
                self.error("type", f"comparing {_article(lk)} with {_article(rk)} is always "
                                   f"{'false' if op == '==' else 'true'}", n.pos)
            if hasattr(right, "const"):          # the common `x == 3`, `x == "Moons"`
                rv = right.const
                if op == "==":
                    return (lambda cx: left(cx) == rv), BOOL
                return (lambda cx: left(cx) != rv), BOOL
            if op == "==":
                return (lambda cx: left(cx) == right(cx)), BOOL
            return (lambda cx: left(cx) != right(cx)), BOOL
        self.expect(lk, (INT,), n.left.pos, f"the left side of `{op}`")
        self.expect(rk, (INT,), n.right.pos, f"the right side of `{op}`")
        # `none` compares as false with everything (an absent card has no cost)
        if hasattr(right, "const") and right.const is not None:
            rv = right.const
            return {
                "<": lambda cx: (a := left(cx)) is not None and a < rv,
                "<=": lambda cx: (a := left(cx)) is not None and a <= rv,
                ">": lambda cx: (a := left(cx)) is not None and a > rv,
                ">=": lambda cx: (a := left(cx)) is not None and a >= rv,
            }[op], BOOL
        return {
            "<": lambda cx: (a := left(cx)) is not None and (b := right(cx)) is not None and a < b,
            "<=": lambda cx: (a := left(cx)) is not None and (b := right(cx)) is not None and a <= b,
            ">": lambda cx: (a := left(cx)) is not None and (b := right(cx)) is not None and a > b,
            ">=": lambda cx: (a := left(cx)) is not None and (b := right(cx)) is not None and a >= b,
        }[op], BOOL

    def e_And(self, n, scope):
        return _all_of([self._bool(x, scope, "each side of `and`") for x in _chain(n, A.And)]), BOOL

    def e_Or(self, n, scope):
        return _any_of([self._bool(x, scope, "each side of `or`") for x in _chain(n, A.Or)]), BOOL

    def e_Not(self, n, scope):
        a = self._bool(n.operand, scope, "what `not` negates")
        return (lambda cx: not a(cx)), BOOL

    def _type_word(self, word, pos) -> str:
        known = self.p.types | self.p.subtypes
        if word in known:
            return word
        if word.endswith("s") and word[:-1] in known:      # `Things` reads as `Thing`
            return word[:-1]
        self.unknown("card type", word, pos, known)
        return word

    def e_IsType(self, n, scope):
        fn, kind = self.expr(n.expr, scope)
        self.expect(kind, (CARD,), n.expr.pos, "what `is` tests")
        word = self._type_word(n.type, n.pos)
        if n.negated:
            return (lambda cx: not cx.g.is_type(fn(cx), word)), BOOL
        return (lambda cx: cx.g.is_type(fn(cx), word)), BOOL

    def e_Member(self, n, scope):
        item, _ = self.expr(n.item, scope)
        coll, kind = self.expr(n.collection, scope)
        self.expect(kind, COLLECTIONS, n.collection.pos, "the right side of `is in`")
        neg = n.negated
        if hasattr(item, "const") and not neg:        # the common `Suns is in it.suits`
            rv = item.const

            def member_const(cx):
                v = coll(cx)
                if type(v) is not list or (v and isinstance(v[0], ZoneInst)):
                    if type(v) is str:            # a one-symbol property: `suits Moons`
                        return v == rv
                    v = _members(v)
                return rv in v
            return member_const, BOOL

        def member(cx):
            v = coll(cx)
            if type(v) is not list or (v and isinstance(v[0], ZoneInst)):
                v = _members(v)
            return (item(cx) in v) != neg
        return member, BOOL

    def e_HasMark(self, n, scope):
        if n.mark not in self.p.marks:
            self.unknown("mark", n.mark, n.pos, self.p.marks)
        fn, kind = self.expr(n.expr, scope)
        self.expect(kind, (PLAYER, CARD), n.expr.pos, "what `has` tests")
        mark = n.mark
        if isinstance(n.expr, A.Name) and n.expr.id == "it" and "it" not in scope.names:
            def it_has_mark(cx):              # `it has used` in a where clause
                o = cx.it
                return o is not None and mark in o.marks
            return it_has_mark, BOOL

        def has_mark(cx):
            o = fn(cx)
            return o is not None and mark in o.marks
        return has_mark, BOOL

    def e_Call(self, n: A.Call, scope):
        f, args = n.func, n.args
        if f not in FUNCTIONS:
            hint = suggest(f, FUNCTIONS)
            if f in self.p.actions and not hint:
                hint = f"`{f}` is an action: call it as a statement, `{f} ...`"
            self.error("unknown-name", f"unknown function `{f}`", n.pos, hint)
            return _const(None), ANY
        if f == "remaining":
            if len(args) != 1 or not isinstance(args[0], A.Name) or args[0].id not in self.p.limits:
                self.error("type", "`remaining` takes the name of a limit, as in "
                                   "`remaining(action_play)`", n.pos,
                           suggest(args[0].id, self.p.limits) if args and isinstance(args[0], A.Name) else None)
                return _const(0), INT
            limit = args[0].id
            return (lambda cx: cx.g.remaining(limit, cx.you)), INT
        compiled = [self.expr(a, scope) for a in args]
        fns = [c[0] for c in compiled]
        kinds = [c[1] for c in compiled]
        arity = {"top": (1, 2), "bottom": (1, 2), "random": (1, 1), "abs": (1, 1),
                 "first": (1, 1), "last": (1, 1), "next_player": (1, 1), "shuffled": (1, 1),
                 "min": (1, 99), "max": (1, 99), "range": (2, 2)}[f]
        if not arity[0] <= len(args) <= arity[1]:
            self.error("arity", f"`{f}` takes {arity[0]}"
                                f"{'' if arity[0] == arity[1] else ' or more' if arity[1] == 99 else ' or ' + str(arity[1])}"
                                f" argument{'s' if arity[1] > 1 else ''}", n.pos)
            return _const(None), ANY
        if f in ("top", "bottom"):
            self.expect(kinds[0], (ZONE,), args[0].pos, f"what `{f}` looks at")
            z = fns[0]
            if len(fns) == 2:
                self.expect(kinds[1], (INT,), args[1].pos, "how many cards")
                k = fns[1]
                return (lambda cx: cx.g.top_cards(z(cx), k(cx), f == "bottom")), CARDS
            return (lambda cx: cx.g.top_card(z(cx), f == "bottom")), CARD
        if f == "random":
            self.expect(kinds[0], COLLECTIONS, args[0].pos, "what `random` picks from")
            a = fns[0]
            return (lambda cx: cx.g.random_of(a(cx))), _element(kinds[0])
        if f == "shuffled":
            a = fns[0]
            return (lambda cx: cx.g.shuffled(a(cx))), kinds[0]
        if f in ("first", "last"):
            self.expect(kinds[0], COLLECTIONS, args[0].pos, f"what `{f}` looks at")
            a, idx = fns[0], (0 if f == "first" else -1)
            return (lambda cx: _nth(a(cx), idx)), _element(kinds[0])
        if f == "next_player":
            self.expect(kinds[0], (PLAYER,), args[0].pos, "whose next player")
            a = fns[0]
            return (lambda cx: cx.g.next_player(a(cx))), PLAYER
        if f == "range":
            # `range(lo, hi)`: the numbers lo..hi, both included (a count to choose from:
            # `choose n from range(1, horde)`); empty when hi < lo.
            for k, a in zip(kinds, args):
                self.expect(k, (INT,), a.pos, "the ends of `range`")
            lo_fn, hi_fn = fns
            return (lambda cx: cx.g.number_range(lo_fn(cx), hi_fn(cx))), LIST
        if f == "abs":
            self.expect(kinds[0], (INT,), args[0].pos, "what `abs` takes")
            a = fns[0]
            return (lambda cx: abs(a(cx))), INT
        for k, a in zip(kinds, args):
            self.expect(k, (INT, LIST), a.pos, f"what `{f}` compares")
        agg = min if f == "min" else max
        return (lambda cx: _agg(agg, [fn(cx) for fn in fns])), INT

    def e_ListLit(self, n, scope):
        fns = [self.expr(x, scope)[0] for x in n.items]
        return (lambda cx: [f(cx) for f in fns]), LIST

    def e_CardSel(self, n: A.CardSel, scope):
        words = tuple(self._type_word(w, n.pos) for w in n.types)
        zones = []
        preds = []
        for flt in n.filters:
            arg, kind = self.expr(flt.arg, scope) if flt.arg is not None else (None, None)
            if flt.kind == "in":
                self.expect(kind, (ZONE, ZONES), flt.arg.pos, "what follows `in`")
                zones.append(arg)
            elif flt.kind in ("controlled_by", "owned_by"):
                self.expect(kind, (PLAYER, PLAYERS), flt.arg.pos, "whose cards")
                attr = "controller" if flt.kind == "controlled_by" else "owner"
                preds.append(_owner_pred(attr, arg))
            elif flt.kind == "attached_to":
                self.expect(kind, (CARD,), flt.arg.pos, "what cards are attached to")
                preds.append(lambda cx, c, arg=arg: c.attached_to is not None and c.attached_to is arg(cx))
            elif flt.kind == "named":
                name = flt.arg.value
                if name not in self.p.cards:
                    self.unknown("card", name, flt.pos, self.p.cards)
                preds.append(lambda cx, c, name=name: c.name == name)
            elif flt.kind == "except":
                preds.append(lambda cx, c, arg=arg: c not in _members(arg(cx)))
        where = None
        if n.where is not None:
            where = self._bool(n.where, scope.child(it=CARD), "a `where` condition")
        preds = tuple(preds)
        zones = tuple(zones)
        wordset = frozenset(words)
        word = words[0] if words else None
        one_zone = zones[0] if len(zones) == 1 else None

        def select(cx):
            g = cx.g
            g.steps += 1
            if one_zone is not None:
                z = one_zone(cx)
                if isinstance(z, list):
                    pool = [c for zz in z for c in zz.cards]
                elif z is None:
                    pool = []
                else:
                    pool = list(z.cards)
            elif zones:
                pool = []
                for zf in zones:
                    z = zf(cx)
                    if isinstance(z, list):
                        for zz in z:
                            pool.extend(zz.cards)
                    elif z is not None:
                        pool.extend(z.cards)
            else:
                pool = [c for z in g.in_play_zones() for c in z.cards]
            if words:
                defs = g.defs
                if len(words) == 1:
                    pool = [c for c in pool if word in defs[c.name].words]
                else:
                    pool = [c for c in pool if wordset <= defs[c.name].words]
            for pred in preds:
                pool = [c for c in pool if pred(cx, c)]
            if where is not None:
                g.steps += len(pool)
                pool = _keep_where(cx, pool, where)
            return pool
        return select, CARDS

    def e_PlayerSel(self, n: A.PlayerSel, scope):
        preds = []
        for flt in n.filters:
            if flt.kind == "except":
                arg, _ = self.expr(flt.arg, scope)
                preds.append(lambda cx, p, arg=arg: p not in _members(arg(cx)))
            else:
                self.error("type", f"players cannot be filtered with `{flt.kind.replace('_', ' ')}`",
                           flt.pos, "use `where`, as in `players where it.vp > 3`")
        where = self._bool(n.where, scope.child(it=PLAYER), "a `where` condition") \
            if n.where is not None else None
        opponents = n.opponents

        def select(cx):
            pool = [p for p in cx.g.state.players if p.alive]
            if opponents:
                pool = [p for p in pool if p is not cx.you]
            for pred in preds:
                pool = [p for p in pool if pred(cx, p)]
            if where is not None:
                pool = _keep_where(cx, pool, where)
            return pool
        return select, PLAYERS


def _nothing(cx):
    return None


# `a and b and c` (or `or`) is one closure over its operands, left to right, stopping as
# soon as the answer is known: where clauses run often, so two and three operands get
# their own closures and longer chains a loop.
def _all_of(fns: list):
    if len(fns) == 1:
        return fns[0]
    if len(fns) == 2:
        a, b = fns
        return lambda cx: True if a(cx) and b(cx) else False
    if len(fns) == 3:
        a, b, c = fns
        return lambda cx: True if a(cx) and b(cx) and c(cx) else False
    fns = tuple(fns)

    def all_of(cx):
        for f in fns:
            if not f(cx):
                return False
        return True
    return all_of


def _any_of(fns: list):
    if len(fns) == 1:
        return fns[0]
    if len(fns) == 2:
        a, b = fns
        return lambda cx: True if a(cx) or b(cx) else False
    if len(fns) == 3:
        a, b, c = fns
        return lambda cx: True if a(cx) or b(cx) or c(cx) else False
    fns = tuple(fns)

    def any_of(cx):
        for f in fns:
            if f(cx):
                return True
        return False
    return any_of


def _draws(node) -> bool:
    """Whether an expression draws on the game's random numbers (so evaluating it fewer
    times would change the game)."""
    if isinstance(node, A.Call) and node.func in ("random", "shuffled"):
        return True
    if isinstance(node, (list, tuple)):
        return any(_draws(x) for x in node)
    if isinstance(node, A.Node):
        return any(_draws(getattr(node, f)) for f in node._fields)
    return False


def _event_uses_by_action(items) -> dict:
    """action → what its body needs of `event`, with the actions it calls: the fields it
    reads (`event.card`, `card of event`), and "" for any other use (`negate`, `event`
    passed on). An action's body sees its caller's event."""
    direct: dict = {}
    calls: dict = {}

    def walk(node, uses: set, called: set):
        if isinstance(node, A.Attr) and isinstance(node.obj, A.Name) and node.obj.id == "event":
            uses.add(node.name)
            return
        if isinstance(node, A.Of) and isinstance(node.target, A.Name) \
                and node.target.id == "event":
            uses.add(node.name)
            return
        if (isinstance(node, A.Name) and node.id == "event") or isinstance(node, A.Negate):
            uses.add("")
        elif isinstance(node, A.CallStmt):
            called.add(node.name)
        if isinstance(node, (list, tuple)):
            for x in node:
                walk(x, uses, called)
        elif isinstance(node, A.Node):
            for f in node._fields:
                walk(getattr(node, f), uses, called)

    for item in items:
        if isinstance(item, A.ActionDecl):
            direct[item.name], calls[item.name] = set(), set()
            walk(item.body, direct[item.name], calls[item.name])
    changed = True
    while changed:                       # what a called action needs, its callers need too
        changed = False
        for name, called in calls.items():
            for other in called & direct.keys():
                if not direct[other] <= direct[name]:
                    direct[name] |= direct[other]
                    changed = True
    return {name: uses for name, uses in direct.items() if uses}


def _chain(node, cls) -> list:
    """The operands of a left-nested `a and b and c` (or `or`), in order."""
    out = []
    while isinstance(node, cls):
        out.append(node.right)
        node = node.left
    out.append(node)
    out.reverse()
    return out


def _mentions(node, name: str) -> bool:
    """Whether an expression reads the local `name` (so it must be re-evaluated per option)."""
    if isinstance(node, A.Name):
        return node.id == name
    if isinstance(node, (list, tuple)):
        return any(_mentions(x, name) for x in node)
    if isinstance(node, A.Node):
        return any(_mentions(getattr(node, f), name) for f in node._fields)
    return False


# --- small runtime helpers used by the closures ---------------------------------------

def _article(kind: str) -> str:
    return {"any": "anything", "none": "`none`", "condition": "a condition (true or false)",
            "cards": "cards", "players": "players", "zones": "zones"}.get(
        kind, ("an " if kind[0] in "aeiou" else "a ") + kind)


def _element(kind: str) -> str:
    return {CARDS: CARD, PLAYERS: PLAYER, ZONE: CARD, ZONES: CARD}.get(kind, ANY)


def _kind_of_value(v) -> str:
    if isinstance(v, bool):
        return BOOL
    if isinstance(v, int):
        return INT
    if isinstance(v, str):
        return STR
    if isinstance(v, list):
        return LIST
    return ANY


def _keep_where(cx, pool: list, where) -> list:
    """The elements of pool for which `where` holds, each seen as `it`."""
    saved = cx.it
    out = []
    for x in pool:
        cx.it = x
        if where(cx):
            out.append(x)
    cx.it = saved
    return out


def _iterate(v):
    """A value as a sequence of elements: zones stand for the cards in them."""
    if v is None:
        return ()
    if isinstance(v, list):
        if not v or not isinstance(v[0], ZoneInst):
            return v
        return [c for z in v for c in z.cards]
    if isinstance(v, ZoneInst):
        return list(v.cards)
    if isinstance(v, tuple):
        return _iterate(list(v))
    return (v,)


def _members(v):
    if v is None:
        return ()
    if isinstance(v, ZoneInst):
        return v.cards
    if isinstance(v, list):
        return v if not v or not isinstance(v[0], ZoneInst) else _iterate(v)
    if isinstance(v, tuple):
        return _iterate(list(v))
    if isinstance(v, set):
        return v
    return (v,)


def _count(v) -> int:
    return len(_iterate(v))


def _as_list(v):
    if v is None:
        return []
    return list(v) if isinstance(v, (list, tuple)) else [v]


def _nth(v, i):
    items = _iterate(v)
    return items[i] if items else None


def _agg(f, values):
    flat = []
    for v in values:
        if isinstance(v, (list, tuple)):
            flat.extend(x for x in v if x is not None)
        elif v is not None:
            flat.append(v)
    return f(flat) if flat else 0


def _res(player, name):
    return player.res.get(name, 0) if player is not None else 0


def _pvar(player, name):
    return player.vars.get(name) if player is not None else None


def _counters(card, name):
    return card.counters.get(name, 0) if card is not None else 0


def _event_get(event, name):
    return event.get(name) if event is not None else None


def _owner_pred(attr, arg):
    def pred(cx, c):
        who = arg(cx)
        if isinstance(who, list):
            return getattr(c, attr) in who
        return getattr(c, attr) is who
    return pred


def compile_program(items: list, program: Program) -> Program:
    """Check and compile merged declarations; raise DeckError if anything is wrong."""
    compiler = Compiler(items, program)
    compiler.compile()
    errors = [d for d in compiler.diags if d.severity == "error"]
    program.diagnostics.extend(d for d in compiler.diags if d.severity != "error")
    if errors:
        raise DeckError(sorted(compiler.diags, key=_diag_order), program.sources)
    return program


def _diag_order(d: Diagnostic):
    return (d.pos.file, d.pos.line, d.pos.column) if d.pos else ("", 0, 0)
