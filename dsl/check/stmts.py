"""Checking statements: a block of a deck's effects → a tuple of :mod:`deckwright.dsl.ir`
statements.

Handlers are methods ``s_<Node>`` of :class:`StmtChecker`, one per syntax node; each
states the syntax it implements. A handler that finds its statement wrong reports it and
returns None (the statement is left out; the deck will not load anyway).
"""
from __future__ import annotations

from typing import Optional

from .. import ast as A
from .. import ir as I
from ..errors import suggest
from .kinds import (ANY, BOOL, CARD, CARDS, COLLECTIONS, INT, LIST, NONE, PLAYER, PLAYERS, STR,
                    ZONE, ZONES, element)


class StmtChecker:
    """The statement half of :class:`deckwright.dsl.check.program.Checker`."""

    def block(self, block: Optional[A.Block], scope) -> tuple:
        if block is None:
            return ()
        scope = scope.child()
        out = (self.stmt(s, scope) for s in block.stmts)
        return tuple(s for s in out if s is not None)

    def stmt(self, node, scope):
        out = getattr(self, "s_" + type(node).__name__)(node, scope)
        if isinstance(out, I.Node) and getattr(out, "pos", None) is None:
            # Where it was written, for the log's provenance; not a field, so it takes no
            # part in equality (the same statement anywhere is the same statement).
            object.__setattr__(out, "at", node.pos)
        return out

    def _cards_or_card(self, node, scope, what):
        return self.typed(node, scope, (CARD, CARDS, NONE, LIST), what)

    def _one_zone(self, node, scope, what, none_ok=True):
        out = self.expr(node, scope)
        if out.kind == ZONES:
            name = node.id if isinstance(node, A.Name) else "it"
            self.error("zone-owner", f"zone `{name}` belongs to each player: say whose, "
                                     f"as in `your {name}` or `{name} of PLAYER`", node.pos)
            return out
        return self.kinded(out, node.pos, scope, (ZONE,), what, none_ok)

    # `move WHAT to ZONE [at top|bottom|random|N]`
    def s_Move(self, n: A.Move, scope):
        what = self._cards_or_card(n.what, scope, "what `move` moves")
        to = self._one_zone(n.to, scope, "where `move` puts cards")
        where, index = "top", None
        if n.position is not None:
            where = n.position[0]
            if where == "index":
                index = self._int(n.position[1], scope, "a position")
        return I.Move(what, to, where, index)

    def s_Shuffle(self, n, scope):
        return I.Shuffle(self._one_zone(n.zone, scope, "what `shuffle` shuffles"))

    def s_Reveal(self, n, scope):
        return I.Reveal(self._cards_or_card(n.what, scope, "what `reveal` shows"))

    def s_Face(self, n, scope):
        what = self._cards_or_card(n.what, scope,
                                   "what is turned face " + ("up" if n.up else "down"))
        return I.Face(what, n.up)

    # `use ability ["NAME"] of CARD`
    def s_UseAbility(self, n, scope):
        card = self.typed(n.card, scope, (CARD,), "whose ability is used")
        if n.name is not None and n.name not in self.p.ability_names:
            self.unknown("ability", n.name, n.pos, self.p.ability_names)
        return I.UseAbility(card, n.name, n.pos)

    # `turn CARDS sideways | upside down | upright`
    def s_Orient(self, n, scope):
        return I.Orient(self._cards_or_card(n.what, scope, f"what is turned {n.how}"), n.how)

    def s_Attach(self, n, scope):
        what = self._cards_or_card(n.what, scope, "what `attach` attaches")
        host = self.typed(n.host, scope, (CARD,), "what a card is attached to")
        return I.Attach(what, host)

    def s_Detach(self, n, scope):
        return I.Detach(self._cards_or_card(n.what, scope, "what `detach` detaches"))

    def s_GiveControl(self, n, scope):
        what = self._cards_or_card(n.what, scope, "what changes control")
        return I.GiveControl(what, self._player(n.player, scope, "the new controller"))

    # `give CARDS to P`; `give CARDS to none`: no player owns them (cards out of the game)
    def s_Give(self, n, scope):
        what = self._cards_or_card(n.what, scope, "what changes owner")
        if isinstance(n.player, A.NoneLit):
            return I.Give(what, I.Const(None, NONE))
        return I.Give(what, self._player(n.player, scope, "the new owner"))

    # `transform CARD into NAME`
    def s_Transform(self, n, scope):
        what = self._cards_or_card(n.what, scope, "what `transform` changes")
        into = self.typed(n.into, scope, (STR,), "the card name a card transforms into")
        if isinstance(n.into, A.StrLit) and n.into.value not in self.p.cards:
            self.unknown("card", n.into.value, n.into.pos, self.p.cards)
        return I.Transform(what, into, n.pos)

    def _counter(self, name, pos):
        if name not in self.p.counters:
            self.unknown("counter", name, pos, self.p.counters)

    def s_PutCounter(self, n, scope):
        self._counter(n.counter, n.pos)
        amount = self._int(n.amount, scope, "how many counters")
        target = self._cards_or_card(n.target, scope, "where counters go")
        return I.PutCounter(target, n.counter, amount)

    def s_RemoveCounter(self, n, scope):
        self._counter(n.counter, n.pos)
        amount = self._int(n.amount, scope, "how many counters") if n.amount is not None else None
        target = self._cards_or_card(n.target, scope, "where counters are removed from")
        return I.RemoveCounter(target, n.counter, amount)

    def _resource(self, name, pos):
        if name not in self.p.resources:
            self.unknown("resource", name, pos, self.p.resources)

    def s_Gain(self, n, scope):
        self._resource(n.resource, n.pos)
        return I.Gain(n.resource, self._int(n.amount, scope, "how much is gained"))

    def s_Lose(self, n, scope):
        self._resource(n.resource, n.pos)
        amount = self._int(n.amount, scope, "how much is lost") if n.amount is not None else None
        return I.Lose(n.resource, amount)

    # `set NAME [of PLAYER] to VALUE`
    def s_Set(self, n, scope):
        p, name = self.p, n.name
        value = self._int(n.value, scope, f"the value of resource `{name}`") \
            if name in p.resources else self.expr(n.value, scope)
        target = self.typed(n.target, scope, (PLAYER,), "whose value is set", none_ok=False) \
            if n.target is not None else None
        if name in p.resources:
            if p.resources[name].shared:
                if target is not None:
                    self._shared_of("resource", name, n.pos)
                return I.SetShared(name, value)
            return I.SetRes(name, target, value)
        if name in p.vars:
            if p.vars[name][0]:
                return I.SetPlayerVar(name, target, value, n.pos)
            if target is not None:
                self.error("type", f"variable `{name}` is not per player", n.pos)
            return I.SetGlobal(name, value, n.pos)
        self.unknown("variable or resource", name, n.pos, list(p.vars) + list(p.resources))
        return None

    # `create N "Name" in ZONE`
    def s_Create(self, n, scope):
        amount = self._int(n.amount, scope, "how many are created")
        if n.card not in self.p.cards:
            self.unknown("card", n.card, n.pos, self.p.cards)
        if n.zone is None:
            self.error("create-where", f"say where `{n.card}` is created", n.pos,
                       f"for example `create 1 \"{n.card}\" in your area`")
            return None
        return I.Create(n.card, amount, self._one_zone(n.zone, scope, "where they are created",
                                                       none_ok=False), n.pos)

    # `create N copies of CARD in ZONE`
    def s_CreateCopy(self, n, scope):
        amount = self._int(n.amount, scope, "how many are created")
        card = self.typed(n.card, scope, (CARD,), "what the tokens are copies of")
        if n.zone is None:
            self.error("create-where", "say where the copies are created", n.pos,
                       "for example `create 1 copy of this in your area`")
            return None
        return I.CreateCopy(card, amount, self._one_zone(n.zone, scope, "where they are created",
                                                         none_ok=False), n.pos)

    # `create library in ZONE [if COND]`
    def s_CreateLibrary(self, n, scope):
        zone = self._one_zone(n.zone, scope, "where the deck's cards are created",
                              none_ok=False)
        cond = None
        if n.cond is not None:
            cond = self._bool(n.cond, scope.child(it=CARD), "which cards to create")
        return I.CreateLibrary(zone, cond, n.pos)

    def s_Let(self, n, scope):
        value = self.expr(n.value, scope)
        scope.names[n.name] = value.kind
        scope.hide(n.name)
        return I.Let(n.name, value)

    def s_Assign(self, n, scope):
        if n.name not in scope.names:
            if n.name in self.p.vars and not self.p.vars[n.name][0]:
                return self.s_Set(A.Set(n.name, None, n.value, pos=n.pos), scope)
            self.error("unknown-name", f"`{n.name}` is not defined here", n.pos,
                       suggest(n.name, scope.names) or f"write `let {n.name} = ...` to define it")
            return None
        if n.name in scope.params and self._probe is not None:
            self._rebound.add((scope.params[n.name], n.name))    # no longer the argument
        return I.Let(n.name, self.expr(n.value, scope))

    def duration(self, d: Optional[A.Duration], scope):
        if d is None:
            return None
        turns = self._int(d.turns, scope, "a duration") if d.turns is not None else None
        return I.Duration(d.kind, turns)

    def s_MarkStmt(self, n, scope):
        if n.mark not in self.p.marks:
            self.unknown("mark", n.mark, n.pos, self.p.marks)
        target = self.typed(n.target, scope, (PLAYER, CARD, PLAYERS, CARDS), "what is marked")
        return I.Mark(target, n.mark, self.duration(n.duration, scope))

    def s_Unmark(self, n, scope):
        if n.mark not in self.p.marks:
            self.unknown("mark", n.mark, n.pos, self.p.marks)
        target = self.typed(n.target, scope, (PLAYER, CARD, PLAYERS, CARDS), "what is unmarked")
        return I.Unmark(target, n.mark)

    def s_Resolve(self, n, scope):
        return I.Resolve(self.typed(n.card, scope, (CARD,), "what `resolve` resolves"))

    def s_Negate(self, n, scope):
        if not scope.event:
            self.error("negate-outside", "`negate` only means something in a `before` reaction "
                                         "or an `instead` rule", n.pos)
        return I.Negate()

    def s_Use(self, n, scope):
        if n.limit not in self.p.limits:
            self.unknown("limit", n.limit, n.pos, self.p.limits)
        return I.Use(n.limit)

    def s_Offer(self, n, scope):
        for m in n.moves:
            if m not in self.p.moves and m != "abilities":
                self.unknown("move", m, n.pos, list(self.p.moves) + ["abilities"])
        return I.Offer(tuple(n.moves))

    def s_EndGame(self, n, scope):
        name = getattr(n, "name", None)
        if name is not None and not name.strip():
            self.error("end-name", "the end condition's name is empty: say how the game "
                       "ended, as players would (`end game \"50 VP\" by most vp`)", n.pos)
        if n.says:           # `end game "{vp_goal} VP" by most vp`
            name = self.shown_words(name, n.says, n.pieces, scope)
        if n.kind == "draw":
            return I.EndGame("draw", None, None, name)
        if n.kind == "most":
            self._resource(n.resource, n.pos)
            return I.EndGame("most", None, n.resource, name)
        winner = self.typed(n.winner, scope, (PLAYER, PLAYERS), "the winner")
        return I.EndGame("winner", winner, None, name)

    def s_Eliminate(self, n, scope):
        self.p.eliminates = True
        return I.Eliminate(self.typed(n.player, scope, (PLAYER, PLAYERS), "who is eliminated"))

    def s_ExtraTurn(self, n, scope):
        return I.ExtraTurn(self._turn_players(n, scope, "who takes the extra turn"))

    def s_SkipTurn(self, n, scope):
        return I.SkipTurn(self._turn_players(n, scope, "whose next turn is skipped"))

    def s_ReverseOrder(self, n, scope):
        return I.ReverseOrder()

    def _turn_players(self, n, scope, what):
        if n.players is None:
            return I.Builtin("you", PLAYER)
        return self.typed(n.players, scope, (PLAYER, PLAYERS), what)

    def s_Say(self, n, scope):
        if n.says:           # `say "P2 has {count cards in hand of P2} cards"`
            return I.Say(self.shown_words(n.text, n.says, n.pieces, scope), n.pos)
        return I.Say(n.text, n.pos)

    def s_Pass(self, n, scope):
        return None

    # `NAME args...`: a deck-defined action
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
        args = []
        for arg, param in zip(n.args, action.params):
            kinds = self.param_kinds.get((n.name, param))
            if kinds is None:               # the action takes anything here
                args.append(self.expr(arg, scope))
                continue
            allowed, runtime = kinds
            args.append(self.typed(arg, scope, allowed, f"the argument `{param}` of `{n.name}`",
                                   runtime=runtime))
        return I.CallAction(n.name, tuple(args), n.pos)

    def _check_event_uses(self, action: str, uses: set, scope, pos):
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
        return I.If(cond, then, orelse)

    # `for each x in C { ... }`, `... ordered by KEY`, `... grouped by KEY`
    def s_ForEach(self, n, scope):
        coll = self.typed(n.collection, scope, COLLECTIONS, "what `for each` goes through")
        if n.order_key is not None:
            key = self._int(n.order_key, scope.child(it=element(coll.kind)), "an ordering key",
                            none_ok=True)
            body = self.block(n.body, scope.with_names(
                **{n.var: LIST if n.grouped else element(coll.kind)}))
            return I.ForOrdered(n.var, coll, key, n.descending, n.grouped, body, n.pos)
        body = self.block(n.body, scope.with_names(**{n.var: element(coll.kind)}))
        return I.ForEach(n.var, coll, body, n.pos)

    def s_Repeat(self, n, scope):
        return I.Repeat(self._int(n.times, scope, "how many times", none_ok=True),
                        self.block(n.body, scope), n.pos)

    def s_While(self, n, scope):
        return I.While(self._bool(n.cond, scope, "a `while` condition"),
                       self.block(n.body, scope), n.pos)

    # `choose x from C [up to N | exactly N | at least N] [by P] [secret] [optional]
    #  [prompt "..."] { ... }`
    def s_Choose(self, n: A.Choose, scope):
        source = self.typed(n.source, scope, COLLECTIONS, "what `choose` chooses from")
        up_to = self._int(n.up_to, scope, "how many may be chosen") if n.up_to is not None else None
        exactly = self._int(n.exactly, scope, "how many are chosen") \
            if n.exactly is not None else None
        by = self._player(n.by, scope, "who chooses", none_ok=False) \
            if n.by is not None else None
        at_least = self._int(n.at_least, scope, "how many must be chosen") \
            if n.at_least is not None else None
        body = self.block(n.body, scope.with_names(**{n.var: element(source.kind)}))
        guarded, ruled = self._only_what_the_action_allows(n.var, source, body)
        node = I.Choose(n.var, guarded, (exactly, up_to, at_least, n.optional), by, n.secret, n.prompt or f"choose {n.var}",
                        body, n.pos)
        if ruled:
            call = body[0]
            # By identity (the node is kept with it, so its id is never another's).
            self.p.choice_rules[id(node)] = (node, (call.action, next(
                k for k, a in enumerate(call.args) if isinstance(a, I.Local) and a.name == n.var)))
        return node

    def _only_what_the_action_allows(self, var: str, source, body):
        """What is legal is what is offered: a `choose` from a selector whose body starts
        by calling an action with the chosen value offers only what that call may take.
        (source, whether a rule of the action narrowed it.)

        * Cards: only those the action's `if` allows (its tests, read of `it`, join the
          selector's `where`); not when a test reads another parameter or `it` itself.
        * Cards and players passed as a `target` parameter: only legal targets, those
          its condition takes (when it reads no other parameter) and no `static
          untargetable` protects from this text's aiming.

        Either way a value the chooser types that was left out is refused with the rule
        that left it out (deckwright.dsl.engine.legality)."""
        if not isinstance(source, (I.CardSel, I.PlayerSel)) or not body \
                or not isinstance(body[0], I.CallAction):
            return source, False
        call = body[0]
        at = [k for k, a in enumerate(call.args) if isinstance(a, I.Local) and a.name == var]
        if not at:
            return source, False
        param = self.p.actions[call.action].params[at[0]]
        parts, ruled = [], False
        tests = self.action_requires(call.action) if isinstance(source, I.CardSel) else ()
        if tests:
            found = [_of_it(test, param) for test, _, _ in tests]
            if all(part is not None for part in found):
                parts, ruled = found, True
        aims = self.action_aims(call.action)
        if param in aims:
            cond = aims[param]
            if cond is not None and not I.reads_locals(cond):
                parts.append(cond)
                ruled = True
            if self.p.untargetable:
                parts.append(I.MayAim(I.Builtin("it", ANY), BOOL))
                ruled = True
        if not parts:
            return source, False
        if source.where is not None:
            parts.insert(0, source.where)
        where = parts[0] if len(parts) == 1 else I.And(tuple(parts), BOOL)
        if isinstance(source, I.PlayerSel):
            return I.PlayerSel(source.opponents, source.excepts, where, source.kind), ruled
        return I.CardSel(source.words, source.zones, source.filters, where, source.kind), ruled

    # `choose one [by P] { "label" [if COND] { ... } ... }`
    def s_ChooseOne(self, n: A.ChooseOne, scope):
        by = self._player(n.by, scope, "who chooses", none_ok=False) \
            if n.by is not None else None
        cases = []
        for case in n.cases:
            cond = self._bool(case.cond, scope, "an option's condition") if case.cond else None
            cases.append((case.label, cond, self.block(case.body, scope)))
        return I.ChooseOne(by, tuple(cases), n.pos)

    # `divide N among C [by P] [prompt "..."] [paying N [for C]]... [at most N] as T, S {...}`
    def s_Divide(self, n: A.Divide, scope):
        amount = self._int(n.amount, scope, "what `divide` shares out")
        source = self.typed(n.source, scope, _TARGETS, "what `divide` shares out among")
        one = scope.child(it=element(source.kind))         # `it`: each target in turn
        costs = []
        for cost, which in n.costs:
            if isinstance(cost, A.IntLit) and cost.value < 1:
                self.error("divide-cost", f"a share costs at least 1, not {cost.value}", cost.pos,
                           "leave out `paying` where a share costs 1")
            costs.append((self._int(cost, one, "what one share costs"),
                          self.typed(which, scope, _TARGETS, "what a `paying` is for")
                          if which is not None else None))
        most = self._int(n.most, one, "the most one target takes") if n.most is not None else None
        by = self._player(n.by, scope, "who divides", none_ok=False) if n.by is not None else None
        if n.target == n.share:
            self.error("divide-names", f"`as {n.target}, {n.share}`: the target and its share "
                       f"need two names", n.pos, f"for example `as {n.target}, amount`")
        body = self.block(n.body, scope.with_names(
            **{n.target: element(source.kind), n.share: INT}))
        return I.Divide(amount, source, n.target, n.share, by, n.prompt or "divide",
                        tuple(costs), most, body, n.pos)

    # `may [by P] [secret] ["prompt"] { ... }`
    def s_May(self, n: A.May, scope):
        by = self._player(n.by, scope, "who decides", none_ok=False) \
            if n.by is not None else None
        return I.May(by, n.prompt or "you may", n.secret, self.block(n.body, scope), n.pos)

    # `as PLAYER { ... }`
    def s_As(self, n, scope):
        who = self.typed(n.player, scope, (PLAYER,), "who acts")
        return I.As(who, self.block(n.body, scope))

    def s_Simultaneously(self, n, scope):
        return I.Simultaneously(self.block(n.body, scope))

    def s_Phase(self, n, scope):
        return I.Phase(n.name, self.block(n.body, scope))

    # `until end of turn static ...` (and `static ...` as a statement: permanent)
    def s_TempStatic(self, n: A.TempStatic, scope):
        cs = self.static(n.static, scope.card if scope.card != "*" else None, n.pos)
        self.p.temp_statics.append(cs)
        dur = self.duration(n.duration, scope) if n.duration.kind != "permanent" else None
        return I.TempStatic(cs.index, dur, n.pos)


# What `divide` shares out among, in the order its refusal names them.
_TARGETS = (CARDS, PLAYERS, ZONE, LIST)


def _of_it(node, param: str):
    """``node`` with the parameter ``param`` read as `it`; None when it reads `it` or any
    other local already (it would mean something else inside a selector)."""
    if isinstance(node, tuple):
        items = tuple(_of_it(x, param) for x in node)
        return None if any(y is None and x is not None for x, y in zip(node, items)) else items
    if isinstance(node, I.Local):
        return I.Builtin("it", node.kind) if node.name == param else None
    if isinstance(node, I.Builtin) and node.which == "it":
        return None
    if not isinstance(node, I.Node):
        return node
    values = []
    for name in node._fields:
        v = getattr(node, name)
        if isinstance(v, (I.Node, tuple)):
            w = _of_it(v, param)
            if w is None:
                return None
            v = w
        values.append(v)
    return type(node)(*values)
