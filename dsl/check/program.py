"""Checking a whole program: declarations, cards, triggers, statics, moves.

The merged declarations of a deck (base first) go through two passes: the first collects
every name the program declares (so order in the file never matters), the second checks
each item and writes its effects down as :mod:`deckwright.dsl.ir`. The result is the
:class:`~deckwright.dsl.program.Program`, still without code: :mod:`deckwright.dsl.codegen`
adds that.
"""
from __future__ import annotations

from typing import Optional

from .. import ast as A
from .. import ir as I
from ..errors import Diagnostic, suggest
from ..limits import MAX_COPIES, MAX_VARIABLES
from ..program import (CardDef, CompiledAbility, CompiledAction, CompiledMove, CompiledTrigger,
                       Program, ResourceDef, ZoneDef)
from .exprs import ExprChecker, chain_of
from .kinds import (AFTER_THE_FACT, ANY, BOOL, COLLECTIONS, EVENT_FIELDS, EVENTS_BUILTIN, article,
                    element, in_order, is_kind)
from .scope import Scope
from .statics import StaticChecker
from .stmts import StmtChecker
from .targets import TargetChecker
from .walk import draws, event_uses_by_action, gathered, mentions

NAMED_DECLS = {A.Option: "option", A.Param: "param", A.Zone: "zone", A.Resource: "resource",
               A.Var: "var", A.PropertyDecl: "property", A.LimitDecl: "limit",
               A.ActionDecl: "action", A.MoveDecl: "move", A.CardDecl: "card", A.Side: "side"}
SINGLE_DECLS = {A.Setup: "setup", A.Turn: "turn", A.Round: "round", A.Players: "players",
                A.TurnOrder: "turn order", A.Standing: "standing"}

# A card whose `todo` property is true has its effect still to write (`deckwright import`
# marks each card it brings in so): `check` warns, so the list of what is left is seen.
TODO_PROPERTY = "todo"
TODO_HINT = "write its effect (its printed text says what it does), then remove `todo true`"

# How each kind of name is declared, for the hint when an unknown one has no near match.
_DECLARED_AS = {"subtype": "subtype {}", "card type": "type {}", "counter": "counter {}",
                "mark": "mark {}", "resource": "resource {}",
                "limit": "limit {} = 1 per turn", "card property": "property {}"}


def decl_key(decl) -> Optional[tuple]:
    if type(decl) in NAMED_DECLS:
        return NAMED_DECLS[type(decl)], decl.name
    if type(decl) in SINGLE_DECLS:
        return (SINGLE_DECLS[type(decl)],)
    return None


def describe_key(key: tuple) -> str:
    return f"{key[0]} `{key[1]}`" if len(key) > 1 else f"`{key[0]}`"


class Checker(ExprChecker, StmtChecker, TargetChecker, StaticChecker):
    """Names and kinds of one program; ``diags`` collects every mistake found."""

    def __init__(self, items: list, program: Program):
        self.items = items          # merged declarations, base first
        self.p = program
        self.diags: list[Diagnostic] = []
        self.symbols: set = set()
        self.trigger_count = 0
        self.event_uses: dict = {}
        self.action_decls: dict = {}     # action name → its declaration (the last one)
        self.action_pres: dict = {}      # action name → its `if`, test by test (action_requires)
        self.action_aim_memo: dict = {}  # action name → its targets' conditions (action_aims)
        # (action, parameter) → (kinds its callers may pass, kinds checked at run time),
        # for parameters the action's body needs of one kind (infer_param_kinds)
        self.param_kinds: dict = {}
        self._probe = None           # while inferring: what each parameter's uses allow
        self._rebound: set = set()   # ... and parameters the body assigns to

    # --- diagnostics ------------------------------------------------------------
    def error(self, code, message, pos, hint=None):
        self.diags.append(Diagnostic(code, message, pos, "error", hint))

    def unknown(self, what, name, pos, candidates):
        hint = suggest(name, candidates)
        if hint is None and what in _DECLARED_AS:     # nothing close: say how to declare it
            hint = f"declare it first: `{_DECLARED_AS[what].format(name)}`"
        self.error("unknown-name", f"unknown {what} `{name}`", pos, hint)

    def expect(self, kind, allowed, pos, what):
        if not is_kind(kind, *allowed):
            self.error("type", f"{what} must be {' or '.join(article(a) for a in allowed)}, "
                               f"not {article(kind)}", pos)

    # --- the program --------------------------------------------------------------
    def check(self) -> Program:
        p = self.p
        self._declare()
        self.param_kinds = p.param_kinds = self.infer_param_kinds()
        for item in self.items:
            self._check_item(item)
        self._library_size()
        self._variables_size()
        listened = set()
        for t in p.all_triggers:
            listened.add(t.event)
        for s in p.all_statics:
            if s.event:
                listened.add(s.event)
        p.listened = listened
        if p.turn is None and p.round is None:
            self.error("no-turn", "the game has no `turn { ... }` or `round { ... }` block",
                       p.pos or (self.items[0].pos if self.items else None),
                       "extend \"dvorak\" or write a turn block")
        return p

    def _library_size(self):
        """All the copies of all the cards together fit in a game (`create library`
        makes them all): the error is at the card that passes the limit."""
        copies: dict = {}                 # by name: an override's count replaces the base's
        total = 0
        for item in self.items:
            if isinstance(item, A.CardDecl) and not item.token:
                total += item.copies - copies.get(item.name, 0)
                copies[item.name] = item.copies
                if total > MAX_COPIES:
                    self.error("too-big", f"the deck's cards come to more than {MAX_COPIES:,} "
                                          f"copies together, the most a game may hold",
                               item.pos, "fewer copies (`x N`) or fewer cards")
                    return

    def _variables_size(self):
        """The deck's variables fit in a game of its most players, a `per player` one
        counted for each: the error is at the variable that passes the limit."""
        p, per = self.p, {}
        for item in self.items:
            if isinstance(item, A.Var):
                per[item.name] = p.max_players if item.per_player else 1
                if sum(per.values()) > MAX_VARIABLES:
                    self.error("too-big", f"the deck's variables come to more than "
                                          f"{MAX_VARIABLES:,} in a game of {p.max_players} "
                                          f"players (a `per player` one is one for each), the "
                                          f"most a game may hold", item.pos,
                               "fewer variables, or fewer players")
                    return

    def _declare(self):
        """First pass: every name the program declares."""
        p = self.p
        for item in self.items:
            if isinstance(item, A.Players):
                p.min_players, p.max_players = item.min, item.max
            elif isinstance(item, A.Side):
                p.sides.append((item.name, item.min, item.max))
            elif isinstance(item, A.TurnOrder):
                p.turn_order = item.by
            elif isinstance(item, A.CounterDecl):
                p.counters.update(item.names)
            elif isinstance(item, A.MarkDecl):
                p.marks.update(item.names)
            elif isinstance(item, A.TypeDecl):
                p.types.update(item.names)
            elif isinstance(item, A.SubtypeDecl):
                p.subtypes.update(item.names)
            elif isinstance(item, A.Zone):
                p.zones[item.name] = ZoneDef(item.name, item.scope, item.visibility,
                                             item.ordered, item.in_play, None, item.pos,
                                             item.unowned)
            elif isinstance(item, A.Resource):
                p.resources[item.name] = ResourceDef(item.name, None, None, None, item.shared,
                                                     item.pos, item.score, item.per_side,
                                                     item.worth)
            elif isinstance(item, A.Var):
                p.vars[item.name] = (item.per_player, None)
                p.var_pos[item.name] = item.pos
                if item.shown:
                    p.shown_vars.add(item.name)
                else:
                    p.shown_vars.discard(item.name)     # an `override` may hide it again
            elif isinstance(item, A.Param):
                p.params[item.name] = None
            elif isinstance(item, A.Option):
                p.options[item.name] = None
            elif isinstance(item, A.PropertyDecl):
                p.properties[item.name] = None
                if item.shown:
                    p.shown_properties[item.name] = None
                else:
                    p.shown_properties.pop(item.name, None)
            elif isinstance(item, A.LimitDecl):
                p.limits[item.name] = None
            elif isinstance(item, A.ActionDecl):
                p.actions[item.name] = CompiledAction(item.name, item.params, (), item.pos)
                self.action_decls[item.name] = item
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
        self.event_uses = p.event_uses = event_uses_by_action(self.items)
        found = gathered(self.items, (A.StaticModify, A.Ability, A.StaticUntargetable))
        p.modified_props = {n.param for n in found[A.StaticModify]
                            if n.param in p.properties and n.param not in p.params}
        p.ability_names = {n.name for n in found[A.Ability]}
        p.untargetable = bool(found[A.StaticUntargetable])
        for item in self.items:
            if isinstance(item, A.Option):
                p.options[item.name] = self.constant(item.value, "an option's value")
            elif isinstance(item, A.PropertyDecl):
                p.properties[item.name] = (self.constant(item.default, "a property's default")
                                           if item.default else None)

    def infer_param_kinds(self) -> dict:
        """What kinds each action's parameters must have, from how its body uses them:
        `repeat n` needs a number, so `draw "two"` is an error where it is written. The
        bodies are checked (their findings set aside) until what they need no longer
        changes: `discard_all(c) { discard c }` needs what `discard` needs. A parameter
        the body assigns to, or uses as two kinds no value has, is checked where it is
        used, when the game runs."""
        p = self.p
        actions = [i for i in self.items if isinstance(i, A.ActionDecl)]
        kinds: dict = {}
        diags, statics, temps = self.diags, len(p.all_statics), len(p.temp_statics)
        granted = len(p.granted)
        try:
            for _ in range(50):             # each round only narrows: it ends well before
                self.param_kinds, self._probe, self._rebound = kinds, {}, set()
                self.diags = []
                for item in actions:
                    self.block(item.body, _action_scope(item))
                del p.all_statics[statics:], p.temp_statics[temps:], p.granted[granted:]
                new = {key: (in_order(allowed), in_order(runtime))
                       for key, (allowed, runtime) in self._probe.items()
                       if key not in self._rebound and allowed and runtime}
                if new == kinds:
                    return kinds
                kinds = new
            return {}                       # (never) every parameter checked as it is used
        finally:
            self.diags, self._probe, self.param_kinds = diags, None, {}

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
        if isinstance(node, A.Name) and node.id in self.p.options \
                and self.p.options[node.id] is not None:
            return self.p.options[node.id]
        self.error("not-constant", f"{what} must be a number, text or symbol written out, "
                                   f"not an expression", node.pos)
        return None

    def _check_item(self, item):
        p = self.p
        root = Scope()
        if isinstance(item, A.Zone):
            if item.capacity is not None:
                p.zones[item.name].capacity = self._int(item.capacity, root, "a zone's capacity")
        elif isinstance(item, A.Resource):
            r = p.resources[item.name]
            for attr in ("start", "min", "max"):
                node = getattr(item, attr)
                if node is not None:
                    setattr(r, attr, self._int(node, root, f"a resource's {attr}"))
        elif isinstance(item, A.Var):
            value = self.expr(item.value, root) if item.value is not None else None
            p.vars[item.name] = (item.per_player, value)
        elif isinstance(item, A.Param):
            p.params[item.name] = self._int(item.value, root, "a parameter")
        elif isinstance(item, A.Standing):
            p.standings[None] = self._standing(item.value, root)
        elif isinstance(item, A.Side):
            if item.standing is not None:
                p.standings[item.name] = self._standing(item.standing, root)
        elif isinstance(item, A.LimitDecl):
            p.limits[item.name] = self._int(item.amount, root, "a limit")
        elif isinstance(item, A.ActionDecl):
            p.actions[item.name].body = self.block(item.body, _action_scope(item))
            if item.requires:
                for r in item.requires:       # its errors, once
                    self._bool(r.cond, _action_scope(item), "an action's condition")
                p.actions[item.name].requires = self.action_requires(item.name)
            if item.targets:
                p.actions[item.name].targets = self._targets(item)
            if item.aims:
                p.actions[item.name].aims = self._aims(item)
            p.actions[item.name].says = item.says
            if item.told:
                p.actions[item.name].told = self._told(item)
        elif isinstance(item, A.MoveDecl):
            p.moves[item.name] = self._move(item)
        elif isinstance(item, A.Setup):
            p.setup = self.block(item.body, Scope())
        elif isinstance(item, A.Turn):
            p.turn = self.block(item.body, Scope())
        elif isinstance(item, A.Round):
            p.round = self.block(item.body, Scope())
        elif isinstance(item, A.Trigger):
            p.triggers.append(self.trigger(item, None))
        elif isinstance(item, A.Whenever):
            cond = self._bool(item.cond, Scope(), "a `whenever` condition")
            p.whenevers.append((cond, self.block(item.body, Scope()), item.pos))
        elif isinstance(item, A.StaticDecl):
            p.statics.append(self.static(item.static, None, item.pos))
        elif isinstance(item, A.CardDecl):
            p.cards[item.name] = self.card(item)

    def _standing(self, node, scope):
        """A player's standing (`standing EXPR`, a side's or the game's): a number, read
        with `you` as the player, that draws no random numbers (it is the table's, read
        by a search as often as it likes)."""
        if draws(node):
            self.error("standing-random", "a standing cannot draw random numbers: it says "
                       "how the table stands, however often it is read", node.pos,
                       "count what is there instead of `random` or `shuffled`")
        return self._int(node, scope, "a standing")

    def _move(self, item: A.MoveDecl) -> CompiledMove:
        scope = Scope(event=False)
        source = None
        if item.var:
            source = self.typed(item.source, scope, COLLECTIONS, "a move's options")
            scope = scope.with_names(**{item.var: element(source.kind)})
        gate = each = None
        if item.cond is not None:
            gate, each = self._move_condition(item, scope)
        return CompiledMove(item.name, item.var, source, gate, each,
                            self.block(item.body, scope), item.pos,
                            self._requirements(item.requires, scope, "a move's condition"),
                            item.any_time)

    def action_requires(self, name: str) -> tuple:
        """An action's `if`, test by test (see :meth:`_requirements`), checked once, when
        first asked for: by its declaration, or by a `choose` that calls it first."""
        memo = self.action_pres
        if name not in memo:
            memo[name] = ()                   # an `if` that calls back here sees none
            decl = self.action_decls.get(name)
            if decl is not None and decl.requires:
                memo[name] = self._requirements(decl.requires, _action_scope(decl),
                                                "an action's condition")
        return memo[name]

    def _told(self, item: A.ActionDecl) -> tuple:
        """An action's `say` lines: (words, condition or None), read with its parameters
        by name and `you` the caller, and only in a game that logs (so they may not draw
        random numbers: a logged game would play otherwise)."""
        scope = _action_scope(item)
        out = []
        for line in item.told:
            if draws(line.says) or draws(line.cond):
                self.error("say-random", "an action's `say` line cannot draw random numbers: "
                           "it is read only while the game is logged", line.pos,
                           "say what the call's parameters hold instead of `random` or "
                           "`shuffled`")
            words = self.shown_words(line.text, line.says, line.pieces, scope) \
                if line.says else line.text
            cond = self._bool(line.cond, scope, "a `say` line's condition") \
                if line.cond is not None else None
            out.append((words, cond))
        return tuple(out)

    def action_aims(self, name: str) -> dict:
        """An action's `target` parameters with their conditions (see :meth:`_targets`),
        by name, for a `choose` that calls it first; its errors are reported where the
        action is declared."""
        memo = self.action_aim_memo
        if name not in memo:
            memo[name] = {}
            decl = self.action_decls.get(name)
            if decl is not None and decl.targets:
                saved, self.diags = self.diags, []
                try:
                    memo[name] = dict(self._targets(decl))
                finally:
                    self.diags = saved
        return memo[name]

    def _move_condition(self, item: A.MoveDecl, scope):
        """A move's `if` as (gate, each): `move m(c from S) if a and b and <c's test>` checks
        the leading tests that do not read `c` once, before S is looked at, and the rest
        once per option (the same answers: conditions have no effects). A condition that
        draws random numbers after reading `c` is checked per option, in order."""
        parts = chain_of(item.cond, A.And)
        what = "a move's condition" if len(parts) == 1 else "each side of `and`"
        tests = [self._bool(x, scope, what) for x in parts]
        k = 0
        while k < len(parts) and (item.var is None or not mentions(parts[k], item.var)):
            k += 1
        if k < len(parts) and (draws(item.cond) or draws(item.source)):
            k = 0
        gate = tests[:k]
        each = tests[k:]
        return (_conj(gate) if gate else None), (_conj(each) if each else None)

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
            if prop.name == TODO_PROPERTY and values == [True]:
                self.diags.append(Diagnostic("to-do", f"\"{d.name}\": its effect is still to "
                                             f"write", prop.pos, "warning", TODO_HINT))
        scope = Scope(card=d.name)
        target, effect_scope = None, scope
        if d.target is not None:
            target, effect_scope = self._target(d.target, scope, "a card's targets",
                                                f"Target of {d.name}?")
            if d.effect is None:
                self.error("no-effect", f"`{d.name}` has a target but no `effect` to aim at it",
                           d.target[1].pos, "a card's targets are chosen for its effect: "
                           "give it `effect { ... }`, or give an ability the target")
        effect = self.block(d.effect, effect_scope) if d.effect is not None else None
        triggers = [self.trigger(t, d.name) for t in d.triggers]
        abilities = [self.ability(ab, scope, d.name) for ab in d.abilities]
        statics = [self.static(s, d.name, d.pos) for s in d.statics]
        requires = tuple((self._bool(r.cond, Scope(card=d.name, event=False),
                                     "a card's `require`"),
                          self.words(r, Scope(card=d.name, event=False)), r.cond.pos)
                         for r in d.requires)
        if target is not None and target[4]:
            requires += self._exact_requirement(d.target, Scope(card=d.name, event=False))
        cost = self.block(d.cost, scope) if d.cost is not None else None
        return CardDef(d.name, frozenset(d.types), frozenset(d.subtypes), d.copies, d.token,
                       d.text, props, effect, triggers, abilities, statics, d.pos, d,
                       requires, cost, target=target)

    def _targets(self, item: A.ActionDecl) -> tuple:
        """An action's `target` parameters with their legality, read with `it` as the
        target and the other parameters by name."""
        scope = _action_scope(item).child(it=ANY)
        out = []
        for name, cond in item.targets:
            if name not in item.params:
                self.error("unknown-name", f"`{name}` is not a parameter of `{item.name}`",
                           item.pos, suggest(name, item.params)
                           or f"name one of its parameters: {', '.join(item.params) or 'none'}")
                continue
            out.append((name, self._bool(cond, scope, "a target's condition")
                        if cond is not None else None))
        return tuple(out)

    def _aims(self, item: A.ActionDecl) -> Optional[str]:
        """An action's `target for P`: the parameter whose card's targets a call chooses
        as it is declared. Its body must resolve that card itself (`resolve P`), where
        the chosen targets are taken; otherwise they would be chosen for nothing, and
        the card would choose again when something else resolved it."""
        name = item.aims[0]
        for again in item.aims[1:]:
            self.error("duplicate", f"`{item.name}` has a second `target for`; the first "
                       "would be lost", again.pos, "a call chooses the targets of one card")
        if name.id not in item.params:
            self.error("unknown-name", f"`{name.id}` is not a parameter of `{item.name}`",
                       name.pos, suggest(name.id, item.params)
                       or f"name one of its parameters: {', '.join(item.params) or 'none'}")
            return None
        if not any(n.card == A.Name(name.id) for n in gathered(item.body, (A.Resolve,))[A.Resolve]):
            self.error("target-for", f"`{item.name}` chooses the targets of `{name.id}` but "
                       f"does not resolve it", name.pos,
                       f"its targets are taken where its body says `resolve {name.id}`")
        if item.targets:
            self.error("target-for", f"`{item.name}` aims at its `target` parameters and "
                       f"chooses the targets of `{name.id}`: its event would list which?",
                       name.pos, "give it one of the two; a card's targets are its own "
                       "`target` line")
        return name.id

    def ability(self, ab, scope, card) -> CompiledAbility:
        p = self.p
        cond = None
        if ab.uses is not None and ab.uses not in p.limits:
            self.unknown("limit", ab.uses, ab.pos, p.limits)
        if ab.from_zone is not None and ab.from_zone not in p.zones:
            self.unknown("zone", ab.from_zone, ab.pos, p.zones)
        if ab.cond is not None:
            cond = self._bool(ab.cond, scope, "an ability's condition")
        target, body_scope = None, scope
        requires = self._requirements(ab.requires, scope, "an ability's condition")
        if ab.target is not None:
            target, body_scope = self._target(ab.target, scope, "an ability's targets",
                                              f"Target of {ab.name}?", ab.name)
            if target[4]:
                # not offered while fewer than N could be chosen: one more test of its `if`
                exact = self._exact_requirement(ab.target, scope, ab.name)
                if exact:
                    test = exact[0][0]
                    cond = test if cond is None else I.And((cond, test), BOOL)
                    requires += exact
        return CompiledAbility(ab.name, self.block(ab.body, body_scope), ab.uses,
                               ab.once_per_turn, cond, ab.any_time, ab.from_zone, card, ab.pos,
                               requires, target)

    def event_fields(self, event: str) -> Optional[set]:
        """What `event.X` may name for this event, or None when it is unknown."""
        p = self.p
        if event in p.actions:
            fields = set(p.actions[event].params) | {"targets", "source", "ability"}
        elif event in p.moves and p.moves[event] is not None:
            fields = {p.moves[event].var} - {None}
        elif event in p.moves:
            decl = p.decls.get(("move", event))
            fields = {decl.var} - {None} if decl is not None else None
        else:
            fields = EVENT_FIELDS.get(event)
        return None if fields is None else fields | {"player", "name", "targets", "source",
                                                     "ability"}

    def trigger(self, t: A.Trigger, card: Optional[str]) -> CompiledTrigger:
        p = self.p
        if t.event not in p.actions and t.event not in EVENTS_BUILTIN:
            self.unknown("event", t.event, t.pos, list(p.actions) + sorted(EVENTS_BUILTIN))
        if t.kind in ("before", "respond") and t.event in AFTER_THE_FACT:
            self.error("no-reaction", f"`{t.event}` is announced after it happens, so nothing "
                                      f"can {'react before' if t.kind == 'before' else 'respond to'} it",
                       t.pos, "use `when` instead of `before`" if t.kind == "before"
                       else "use a `when` trigger")
        if t.from_zone is not None and t.from_zone not in p.zones:
            self.unknown("zone", t.from_zone, t.pos, p.zones)
        scope = Scope(card=card, event=True, fields=self.event_fields(t.event), on=t.event)
        where = self._bool(t.where, scope, "a trigger's condition") if t.where is not None \
            else None
        body = self.block(t.body, scope)
        self.trigger_count += 1
        cost = self.block(t.cost, scope) if t.cost is not None else None
        ct = CompiledTrigger(t.kind, t.event, where, body, t.from_zone, t.once_per_turn, card,
                             t.pos, self.trigger_count, t.label, cost)
        p.all_triggers.append(ct)
        return ct


def _action_scope(item: A.ActionDecl) -> Scope:
    return Scope({n: "any" for n in item.params}, card="*", event=True,
                 params={n: item.name for n in item.params})


def _conj(tests: list):
    return tests[0] if len(tests) == 1 else I.And(tuple(tests), BOOL)
