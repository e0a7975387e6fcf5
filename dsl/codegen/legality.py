"""What is legal, as generated code: a card's `require`s, what would refuse a call, and the
tests a refusal reads.

Functions, each written only for decks that need it:

* ``CR{i}(g, you, this, ev)``: the `require`s of card definition ``i``, the index of the
  first that fails, or -1. An offer's listers call them (``CARD_OK``) for a card that is
  out of play, so a card's own text keeps it from being offered from the hand or the deck.
* ``MW{m}(g, you, x)`` and ``MC{m}(g, you)``: for a refusal only, never while a game runs
  on its own. ``MW`` says which test of move ``m`` refuses option ``x`` (the index of
  its first failing test, -2 when ``x`` is not among the move's options, -3 when a
  `forbid` forbids it, -1 when none does); ``MC`` lists what the move could be offered
  with, its options' selector without its `where` (so a refusal can name the card the
  player typed). ``AW{k}(g, you, this, ev)`` is ``MW`` for ability ``k``.
  :mod:`deckwright.dsl.engine.legality` turns the answers into the deck's words.
* ``MP{m}(g, you, x, every)``: for a move that plays its option (:meth:`LegalityWriter.move_play`)
  by a call some `static forbid` names, what refuses that play (``PLAY_REFUSAL``): its
  offer's lister leaves the option out, and a refusal names the forbids.
* ``CK{k}(g, you, this, ev[, byab], PARAMS..., every)``: whether a call of action ``k``
  would be refused, and by what (:meth:`LegalityWriter.write_call_checks`): a choice
  whose first step is the call asks it first (a `choose`'s options, a `may`, an option
  of `choose one`), and so does ``AK{k}(g, you, this, ev, every)`` for an ability whose
  first step it is: what the rules refuse is not offered.
"""
from __future__ import annotations

from typing import Optional

from .. import ir as I
from ..check.kinds import ANY, BOOL, CARD
from .writer import literal


def _this_safe(f):
    f.this_safe = True


class LegalityWriter:
    """Requirements and refusals: a part of :class:`deckwright.dsl.codegen.module.CodeGenerator`."""

    # `target NAME from C` in a deck with a `static untargetable`: what of C the card
    # (`this`, its ability named literally, or none for the card's own target) may aim at
    def x_Aimable(self, n, f):
        return (f"AIMABLE(g, {f.you}, {f.this}, {literal(n.ability)}, "
                f"{self.expr(n.collection, f)})")

    # a `choose` feeding an action's target: no `static untargetable` protects the element
    # from this text's aiming (the ability whose body runs, the caller's inside an action)
    def x_MayAim(self, n, f):
        return f"MAY_AIM(g, {f.you}, {f.this}, {f.ability}, {self.expr(n.value, f)})"

    def write_card_requires(self):
        """``CR{i}`` for each card definition with a `require`; ``self.card_requires``
        their names by definition index (None: no `require`)."""
        self.card_requires = []
        for i, d in enumerate(self.deflist):
            if not d.requires:
                self.card_requires.append(None)
                continue

            def body(f, d=d):
                f.this_safe = True
                for j, (test, _, _) in enumerate(d.requires):
                    self.writeline(f"if not ({self.cond(test, f)}): return {j}")
                self.writeline("return -1")
            self.card_requires.append(self.defn(f"CR{i}", "g, you, this, ev", False, body))
            self.words_of(d.requires, "g, you, this, ev", _this_safe)

    def move_play(self, name: str):
        """The call by which move ``name`` plays its option, where a `static forbid` may
        refuse that play: the first call at the top of the move's body (not in an `if` or
        a loop) to an action declared `target for`, when the card it plays is the option
        and its other arguments read no other name (so that it can be checked as the
        option is listed). None otherwise."""
        mv = self.program.moves[name]
        if mv.var is None or not self.a.static_events.get("forbid"):
            return None
        for st in mv.body:
            if not isinstance(st, I.CallAction):
                continue
            a = self.program.actions[st.action]
            if a.aims is None:
                continue
            card = st.args[a.params.index(a.aims)]
            read = {x[1] for x in I.facts(tuple(st.args)) if type(x) is tuple and x[0] == "local"}
            if st.action in self.a.static_events["forbid"] and isinstance(card, I.Local) \
                    and card.name == mv.var and read <= {mv.var}:
                return st
            return None
        return None

    def pre_aim(self, name: str):
        """The call of :meth:`move_play` when a `static forbid` of it reads the targets of
        the card it plays: the move chooses them as it starts (``AIMS``), before its own
        steps, and hands them to the call (``pre``). None otherwise."""
        call = self.move_play(name)
        return call if call is not None and call.action in self.aim_forbids else None

    def call_data(self, call, f) -> str:
        """The fields of the event of ``call`` (its parameters, and its `source`) as a
        dict display."""
        params = self.program.actions[call.action].params
        fields = [f"{literal(p)}: {self.expr(a, f)}" for p, a in zip(params, call.args)]
        return "{" + ", ".join(fields + [f"'source': {f.this}"]) + "}"

    def write_play_refusals(self):
        """``MP{m}`` for each move that :meth:`move_play` finds."""
        for name, mv in self.program.moves.items():
            call = self.move_play(name)
            if call is None:
                continue

            def body(f, mv=mv, call=call):
                f.names[mv.var] = "x"
                f.safe.add("x")
                aims = "EFFECT_TARGET" if call.action in self.aim_forbids else "None"
                self.writeline(f"return PLAY_REFUSAL(g, {literal(call.action)}, "
                               f"{self.call_data(call, f)}, you, x, {aims}, every)")
            self.defn(f"MP{self.move_index[name]}", "g, you, x, every", False, body,
                      this="None", ev="None")

    def plan_call_checks(self):
        """``self.call_checks``: for each action some rule may refuse a call of (its `if`,
        a `static forbid` of it, or, for the call that plays a card, `target for`, a
        card's `require`), the name of ``CK{k}``, which says whether it would. The same
        for the program and for an ad-hoc effect's module, which calls the program's."""
        forbids = self.a.static_events.get("forbid", ())
        required = any(self.card_requires)
        self.call_checks = {
            name: f"CK{self.action_index[name]}" for name, a in self.program.actions.items()
            if a.requires or name in forbids or (a.aims is not None and required)}

    def write_call_checks(self):
        """``CK{k}(g, you, this, ev[, byab], PARAMS..., every)``: None when a call of
        action ``k`` with these arguments may happen, else what refuses it: ``(0, i)``
        (its `if`'s test ``i`` fails), ``(1, card)`` (the card it plays, out of play,
        fails a `require` of its own) or ``(2, sources)`` (the `static forbid`s that
        refuse it: all of them with ``every``, else the first). A choice
        that leads to the call asks it, so what it refuses is not offered."""
        from .module import _param_idents
        forbids = self.a.static_events.get("forbid", ())
        reads_ability = self.program.reads_ability
        for name, check in self.call_checks.items():
            action = self.program.actions[name]
            params = _param_idents(action.params)

            def body(f, name=name, action=action, params=params):
                f.names = dict(zip(action.params, params))
                if reads_ability:
                    f.ability = "byab"
                for i, (test, _, _) in enumerate(action.requires):
                    self.writeline(f"if not ({self.cond(test, f)}): return (0, {i})")
                card = f.names[action.aims] if action.aims is not None else "None"
                if action.aims is not None and any(self.card_requires):
                    self.writeline(f"if CARD_REFUSED(g, you, {card}) >= 0: return (1, {card})")
                if name in forbids:
                    data = "{" + ", ".join(f"{literal(p)}: {x}"
                                           for p, x in zip(action.params, params)) + "}"
                    aims = "EFFECT_TARGET" if name in self.aim_forbids else "None"
                    self.writeline(f"by = PLAY_REFUSAL(g, {literal(name)}, {data}, you, {card}, "
                                   f"{aims}, every)")
                    self.writeline("if by: return (2, by)")
                self.writeline("return None")
            self.defn(check, f"g, you, this, ev{', byab' if reads_ability else ''}"
                             f"{''.join(', ' + x for x in params)}, every", False, body)

    def call_check(self, call, f, every="False"):
        """The test of :meth:`write_call_checks` for ``call`` as written here (None when no
        rule may refuse it, or when its arguments draw a random number: they would be
        worked out twice)."""
        check = self.call_checks.get(call.action)
        if check is None or self.draws(tuple(call.args)):
            return None
        ab = f", {f.ability}" if self.program.reads_ability else ""
        args = "".join(", " + self.expr(a, f) for a in call.args)
        return f"{check}(g, {f.you}, {f.this}, {f.ev}{ab}{args}, {every})"

    def chosen_call(self, var: str, body):
        """The call a `choose` of ``var`` leads to, when its body starts by calling an
        action with the chosen value as an argument (others reading no ``var``) and a
        rule beyond the action's `if` may refuse it: a `static forbid` of it, or a card's
        `require` for the call that plays a card. (The `if` filters the choice already,
        in the selector, :meth:`deckwright.dsl.check.stmts.StmtChecker._only_what_the_action_allows`.)
        The call and the index of its first argument that is ``var``; None otherwise."""
        if not body or not isinstance(body[0], I.CallAction):
            return None
        call = body[0]
        action = self.program.actions[call.action]
        if call.action not in self.call_checks or not (
                call.action in self.a.static_events.get("forbid", ())
                or (action.aims is not None and any(self.card_requires))):
            return None
        chosen = [isinstance(a, I.Local) and a.name == var for a in call.args]
        if not any(chosen) or any(("local", var) in I.facts(a)
                                  for a, c in zip(call.args, chosen) if not c):
            return None
        return call, chosen.index(True)

    def first_call_check(self, body, f) -> Optional[str]:
        """:meth:`call_check` of the call a block starts with (a `may`'s, an option of
        `choose one`), or None."""
        if not body or not isinstance(body[0], I.CallAction):
            return None
        return self.call_check(body[0], f)

    def write_ability_play(self, k: int, ab) -> Optional[str]:
        """``AK{k}(g, you, this, ev, every)`` for ability ``k`` when its body starts with a
        call some rule may refuse whose arguments read no local and no `event` (the
        ability playing its own card, `play this`): the call's check
        (:meth:`write_call_checks`), so an ability whose first step is refused is not
        offered. None otherwise."""
        if not ab.body or not isinstance(ab.body[0], I.CallAction):
            return None
        call = ab.body[0]
        holds = I.facts(tuple(call.args))
        if call.action not in self.call_checks or ("builtin", "event") in holds \
                or any(type(x) is tuple and x[0] == "local" for x in holds) \
                or self.draws(tuple(call.args)):
            return None

        def body(f):
            f.this_safe = True
            if self.program.reads_ability:
                f.ability = literal(ab.name)
            self.writeline(f"return {self.call_check(call, f, 'every')}")
        return self.defn(f"AK{k}", "g, you, this, ev, every", False, body)

    def write_card_costs(self):
        """``CO{i}`` for each card definition with a `to use` cost, and the dispatcher
        ``self.payer`` that pays the cost of the card it is given (None: no card has one)."""
        costs = self.plan_card_costs()
        if not costs:
            return
        names = [(i, self.block_fn(f"CO{i}", d.cost, force=self.payer_decides, this_safe=True))
                 for i, d in costs]

        def body(f):
            for k, (i, name) in enumerate(names):
                self.writeline(f"{'if' if k == 0 else 'elif'} this.d == {i}: "
                               + self.call(f, f"{name}(g, you, this, None)", self.payer_decides))
        self.defn(self.payer, "g, you, this", self.gen_of(self.payer_decides), body)

    def plan_card_costs(self) -> list:
        """The cards with a `to use` cost, and (as ``self.payer``, the name of the function
        that pays them, and ``self.payer_decides``) how moves call it: the same for the
        program and for an ad-hoc effect's module, which calls the program's moves."""
        costs = [(i, d) for i, d in enumerate(self.deflist) if d.cost is not None]
        self.payer = "PAY0" if costs else None
        self.payer_decides = any(self.a.block(d.cost) for _, d in costs)
        return costs

    def cost_decides(self, move_name: str) -> bool:
        """Whether paying the cost of a move's card may ask something."""
        return self.payer_decides and self._may_pay(self.program.moves[move_name])

    def _may_pay(self, mv) -> bool:
        if self.payer is None or mv.var is None:
            return False
        from ..check.kinds import element
        return element(mv.source.kind) in (CARD, ANY)

    def pay_cost(self, mv, f):
        """At the start of a move's body: the `to use` cost of its card, if out of play."""
        if not self._may_pay(mv):
            return
        self.writeline("if type(x) is CARD and not (x.zone is not None and x.zone.in_play):")
        self.indent()
        self.writeline(self.call(f, f"{self.payer}(g, you, x)", self.payer_decides))
        self.outdent()

    def card_test(self, mv, x: str):
        """The test an offer's lister adds for option ``x`` of move ``mv``: the option's
        card `require`s, when any card has one and the option may be a card."""
        if not any(self.card_requires) or mv.var is None:
            return None
        from ..check.kinds import element
        if element(mv.source.kind) not in (CARD, ANY):
            return None
        return f"CARD_OK(g, you, {x})"

    def words_of(self, requires, params: str, frame, j=None, **names) -> None:
        """``RW…(params)`` for each test's words that show values (`{EXPR}`): the list
        of those values, evaluated with the test's own names (``frame(f)`` sets them up).
        Called only as a refusal is said; ``self.words_fns`` maps (words number, ``j``:
        the parameter a `choose` filters by, for an action's words) to its name."""
        if not hasattr(self, "words_fns"):
            self.words_fns = {}
        for _, said, _ in requires:
            values = getattr(said, "values", None)
            if not values or (said.k, j) in self.words_fns:
                continue

            def body(f, values=values):
                frame(f)
                self.writeline(f"return [{', '.join(self.expr(e, f) for e in values)}]")
            self.words_fns[(said.k, j)] = self.defn(self.fresh_fn("RW"), params, False, body,
                                                    **names)

    def action_guard(self, action, f):
        """An action's `if`: a call that fails it returns before doing anything."""
        if action.requires:
            test = " and ".join(f"({self.cond(t, f)})" for t, _, _ in action.requires)
            # (a play refused so: a move that made it is undone, dsl/codegen/plays.py)
            refused = " REFUSED" if action.aims is not None else ""
            self.writeline(f"if not ({test}): return{refused}")

    def choice_rule(self, n, f) -> str:
        """``, (action, parameter), ability`` for a `choose` whose options a rule of the
        action filters (its `if`, its target's legality; the refusal's reference to it,
        with the ability aiming), else ""."""
        node, rule = self.program.choice_rules.get(id(n), (None, None))
        return "" if node is not n else f", {literal(list(rule))}, {f.ability}"

    def write_action_whys(self):
        """``AP…(g, you, x)``: the first failing test of an action's `if` for ``x`` as
        its parameter ``j`` (-1: none; -2: the condition of the target ``j`` is, when it
        fails), for each (action, j) a `choose` is filtered by."""
        self.action_whys = {}
        for action, j in sorted({rule for _, rule in self.program.choice_rules.values()}):
            a = self.program.actions[action]
            aim = dict(a.targets).get(a.params[j])
            if aim is not None and I.reads_locals(aim):
                aim = None

            def body(f, a=a, j=j):
                f.names = {a.params[j]: "x"}
                for i, (test, _, _) in enumerate(a.requires):
                    self.writeline(f"if not ({self.cond(test, f)}): return {i}")
                if aim is not None:
                    saved = (f.it, f.it_safe)
                    f.it, f.it_safe = "x", True
                    try:
                        self.writeline(f"if not ({self.cond(aim, f)}): return -2")
                    finally:
                        f.it, f.it_safe = saved
                self.writeline("return -1")
            self.action_whys[(action, j)] = self.defn(self.fresh_fn("AP"), "g, you, x", False,
                                                      body, this="None", ev="None")

            def names(f, a=a, j=j):
                f.names = {a.params[j]: "x"}
            self.words_of(a.requires, "g, you, x", names, j, this="None", ev="None")

    def write_refusals(self):
        """``MW``/``MC`` for every move, ``AW`` for every ability with tests."""
        p = self.program
        forbids = self.a.static_events.get("forbid", ())
        for name, mv in p.moves.items():
            m = self.move_index[name]

            def why(f, mv=mv, name=name):
                if mv.var is not None:
                    f.names[mv.var] = "x"
                    f.safe.add("x")
                for j, (test, _, _) in enumerate(mv.requires):
                    self.writeline(f"if not ({self.cond(test, f)}): return {j}")
                if not mv.requires and mv.gate is not None:
                    self.writeline(f"if not ({self.cond(mv.gate, f)}): return 0")
                if not mv.requires and mv.each is not None:
                    self.writeline(f"if not ({self.cond(mv.each, f)}): return 0")
                if mv.var is not None:
                    among = I.Member(I.Local(mv.var, mv.source.kind), mv.source, False, BOOL)
                    self.writeline(f"if not ({self.cond(among, f)}): return -2")
                if name in forbids:
                    data = "{}" if mv.var is None else f"{{{literal(mv.var)}: x}}"
                    self.writeline(f"if FORBIDDEN(g, {literal(name)}, {data}, you): return -3")
                self.writeline("return -1")
            self.defn(f"MW{m}", "g, you, x", False, why, this="None", ev="None")

            def option(f, mv=mv):
                if mv.var is not None:
                    f.names[mv.var] = "x"
                    f.safe.add("x")
            self.words_of(mv.requires, "g, you, x", option, this="None", ev="None")

            def candidates(f, mv=mv):
                if mv.var is None:
                    self.writeline("return [None]")
                    return
                src = mv.source
                if isinstance(src, I.CardSel) and src.where is not None:
                    src = I.CardSel(src.words, src.zones, src.filters, None, src.kind)
                self.writeline(f"return list(ITER({self.expr(src, f)}))")
            self.defn(f"MC{m}", "g, you", False, candidates, this="None", ev="None")
        self.ability_whys = []
        for k, ab in enumerate(self.abilities):
            if not ab.requires:
                self.ability_whys.append(None)
                continue

            def body(f, ab=ab):
                f.this_safe = True
                for j, (test, _, _) in enumerate(ab.requires):
                    self.writeline(f"if not ({self.cond(test, f)}): return {j}")
                self.writeline("return -1")
            self.ability_whys.append(self.defn(f"AW{k}", "g, you, this, ev", False, body))
            self.words_of(ab.requires, "g, you, this, ev", _this_safe)
