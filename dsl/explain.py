"""`deckwright explain DECK [CARD]`: each card's effect in plain English, generated from the
checked program (:mod:`deckwright.dsl.ir`), not from the deck's text.

>>> from deckwright.dsl.loader import load_program
>>> print(explain_card(load_program("example"), "Spring Press"))
Wind (uses action_play): put 1 charge counter on Spring Press; then if the number of charge counters on Spring Press is at least 3, remove all charge counters from Spring Press and gain 3 gears.

The card's own name stands for `this`, as printed cards say it. Each IR node has one
handler here (``e_`` for expressions, ``s_`` for statements, named after the node's class);
``tests/test_explain.py`` checks that every node of :mod:`deckwright.dsl.ir` has one, so a new
construct cannot go unexplained. A node without one still renders, as its class name in
angle brackets, so `explain` never fails on a deck.

A card's parts (triggers, abilities, statics, targets) are rendered by the mixin
:class:`deckwright.dsl.explain_parts.CardParts`. :func:`verbs` (from :mod:`deckwright.dsl.explain_verbs`) gives
the verbs a card's effect performs (for the linter's `text-verb` rule, which compares
them with the printed text).
"""
from __future__ import annotations

import sys
from typing import Optional

from . import ir as I
from .explain_parts import CardParts, article, capital, join, plural, words  # noqa: F401
from .explain_verbs import verbs  # noqa: F401  (part of this module's interface)

ARITH = {"+": "plus", "-": "minus", "*": "times", "/": "divided by", "%": "modulo"}
COMPARE = {"==": "is", "!=": "is not", ">=": "is at least", "<=": "is at most",
           ">": "is more than", "<": "is less than"}
BUILTIN = {"you": "you", "event": "the event", "it": "it", "active_player": "the active player",
           "turn_number": "the turn number", "play": "play", "current_phase": "the phase's name"}
EVENT_FIELD = {"to": "the zone it goes to", "from": "the zone it comes from"}
# `event` in a `static untargetable`'s condition: the aiming at a target
AIMING = {"source": "the targeting card", "player": "the targeting player",
          "ability": "the targeting ability", "target": "the target"}
POSSESSIVE = {"it": "its", "you": "your"}
DURATION = {"this_turn": "this turn", "next_turn": "until the end of your next turn"}


class Explainer(CardParts):
    """English for one card's nodes; ``card`` is the name `this` stands for."""

    def __init__(self, program, card: Optional[str] = None):
        self.program = program
        self.card = card
        self.aiming = False       # rendering an untargetable's condition (see AIMING)

    # -- dispatch -------------------------------------------------------------------

    def e(self, node) -> str:
        if node is None:
            return "nothing"
        if isinstance(node, tuple):
            return self.block(node)
        handler = getattr(self, ("s_" if isinstance(node, I.Stmt) else "e_") + type(node).__name__,
                          None)
        return handler(node) if handler else f"<{type(node).__name__}>"

    def block(self, stmts) -> str:
        parts = [self.e(s) for s in stmts]
        parts = [p for p in parts if p]
        if not parts:
            return "do nothing"
        if len(parts) == 1:
            return parts[0]
        if len(parts) == 2 and not any("," in p or ";" in p for p in parts):
            return parts[0] + " and " + parts[1]
        return "; then ".join(parts)

    # -- expressions ----------------------------------------------------------------

    def e_Const(self, n):
        if n.value is None:
            return "none"
        if isinstance(n.value, bool):
            return "true" if n.value else "false"
        if isinstance(n.value, str):
            return f'"{n.value}"'
        return str(n.value)

    def e_Local(self, n):
        return n.name

    def e_Builtin(self, n):
        if n.which == "this":
            return self.card or "this card"
        return BUILTIN.get(n.which, n.which)

    def e_OptionRef(self, n):
        return f"the {words(n.name)} option"

    def _whose(self, player) -> str:
        if player is None:
            return "your"
        said = self.e(player)
        return "your" if said == "you" else f"{said}'s"

    def e_ParamRef(self, n):
        return f"{self._whose(n.player)} {words(n.name)}"

    def e_GlobalVar(self, n):
        return words(n.name)

    def e_PlayerVar(self, n):
        return f"{self._whose(n.player)} {words(n.name)}"

    def e_Res(self, n):
        return f"{self._whose(n.player)} {words(n.name)}"

    def e_ResShared(self, n):
        return f"the shared {words(n.name)}"

    def e_ZoneRef(self, n):
        if n.scope == "shared":
            return f"the {words(n.name)}"
        return f"{self._whose(n.player)} {words(n.name)}"

    def e_ZonesNamed(self, n):
        return f"every {words(n.name)}"

    def _of(self, obj, name) -> str:
        said = self.e(obj)
        if said == "the event":
            if self.aiming:
                return AIMING.get(name, f"the targeting's {words(name)}")
            return EVENT_FIELD.get(name, f"the event's {words(name)}")
        if said in POSSESSIVE:
            return f"{POSSESSIVE[said]} {words(name)}"
        return f"{said}'s {words(name)}" if " " not in said else f"the {words(name)} of {said}"

    def e_Field(self, n):
        return self._of(n.obj, n.name)

    def e_CardAttr(self, n):
        return self._of(n.obj, n.name)

    def e_Prop(self, n):
        return self._of(n.obj, n.name)

    def e_LiveProp(self, n):
        return self._of(n.obj, n.name)

    def e_ZoneAttr(self, n):
        return self._of(n.obj, n.name)

    def e_EventGet(self, n):
        return self._of(n.obj, n.name)

    def e_AnyAttr(self, n):
        return self._of(n.obj, n.name)

    def e_CounterCount(self, n):
        return f"the number of {words(n.counter)} counters on {self.e(n.target)}"

    def e_Count(self, n):
        return f"the number of {self.e(n.expr)}"

    def e_Arith(self, n):
        return f"{self.e(n.left)} {ARITH.get(n.op, n.op)} {self.e(n.right)}"

    def e_Neg(self, n):
        return f"minus {self.e(n.operand)}"

    def e_Compare(self, n):
        return f"{self.e(n.left)} {COMPARE.get(n.op, n.op)} {self.e(n.right)}"

    def e_And(self, n):
        return join([self.e(x) for x in n.items], "and")

    def e_Or(self, n):
        return join([self.e(x) for x in n.items], "or")

    def e_Not(self, n):
        return f"not ({self.e(n.operand)})"

    def e_IsType(self, n):
        return f"{self.e(n.expr)} is {'not ' if n.negated else ''}{article(n.word)}"

    def e_Member(self, n):
        return f"{self.e(n.item)} is {'not ' if n.negated else ''}in {self.e(n.collection)}"

    def e_HasMark(self, n):
        return f"{self.e(n.expr)} is marked {words(n.mark)}"

    def e_Func(self, n):
        args = [self.e(a) for a in n.args]
        if n.func in ("top", "bottom") and args:
            if len(args) == 2:
                return f"the {n.func} {args[1]} cards of {args[0]}"
            return f"the {n.func} card of {args[0]}"
        if n.func == "random" and args:
            return f"a random one of {args[0]}"
        if n.func == "turn_order" and args:
            return f"each player in turn, starting with {args[0]}"
        if n.func in ("min", "max") and len(args) == 2:
            return f"the {'smaller' if n.func == 'min' else 'larger'} of {args[0]} and {args[1]}"
        return f"{words(n.func)} of {join(args, 'and')}" if args else words(n.func)

    def e_Remaining(self, n):
        return f"the {words(n.limit)} left this turn"

    def e_ListOf(self, n):
        return join([self.e(x) for x in n.items], "and") or "nothing"

    def e_Checked(self, n):
        return self.e(n.expr)

    def e_Aimable(self, n):
        return f"{self.e(n.collection)} that may be targeted"

    def e_MayAim(self, n):
        return f"{self.e(n.value)} may be targeted"

    def e_CardSel(self, n):
        out = " ".join(n.words + ("cards",))
        for kind, arg in n.filters:
            said = self.e(arg)
            if kind == "controlled_by":
                out += " you control" if said == "you" else f" controlled by {said}"
            elif kind == "owned_by":
                out += " you own" if said == "you" else f" owned by {said}"
            elif kind == "attached_to":
                out += f" attached to {said}"
            elif kind == "named":
                out = f"cards named {said}" if out == "cards" else out + f" named {said}"
            elif kind == "except":
                out += f" other than {said}"
        if n.zones:
            out += " in " + join([self.e(z) for z in n.zones], "or")
        if n.where is not None:
            out += f" where {self.e(n.where)}"
        return out

    def e_PlayerSel(self, n):
        out = "opponents" if n.opponents else "players"
        for x in n.excepts:
            out += f" other than {self.e(x)}"
        if n.where is not None:
            out += f" where {self.e(n.where)}"
        return out

    # -- statements -----------------------------------------------------------------

    def s_Move(self, n):
        to = self.e(n.to)
        place = {"bottom": f"to the bottom of {to}", "random": f"to a random place in {to}",
                 "index": f"to position {self.e(n.index)} of {to}"}.get(n.where, f"to {to}")
        return f"move {self.e(n.what)} {place}"

    def s_Shuffle(self, n):
        return f"shuffle {self.e(n.zone)}"

    def s_Reveal(self, n):
        return f"reveal {self.e(n.what)}"

    def s_Face(self, n):
        return f"turn {self.e(n.what)} face {'up' if n.up else 'down'}"

    def s_Attach(self, n):
        return f"attach {self.e(n.what)} to {self.e(n.host)}"

    def s_Orient(self, n):
        return f"turn {self.e(n.what)} {n.how}"

    def s_UseAbility(self, n):
        which = f"the \"{n.name}\" ability" if n.name is not None else "an ability"
        return f"use {which} of {self.e(n.card)} as if it were yours"

    def s_Detach(self, n):
        return f"detach {self.e(n.what)}"

    def s_GiveControl(self, n):
        who = self.e(n.player)
        return f"{'take' if who == 'you' else 'give'} control of {self.e(n.what)}" + \
            ("" if who == "you" else f" to {who}")

    def s_Give(self, n):
        return f"give {self.e(n.what)} to {self.e(n.player)}"

    def s_Transform(self, n):
        return f"transform {self.e(n.what)} into {self.e(n.into)}"

    def s_PutCounter(self, n):
        amount = self.e(n.amount)
        return f"put {amount} {words(n.counter)} counter{plural(amount)} on {self.e(n.target)}"

    def s_RemoveCounter(self, n):
        if n.amount is None:
            return f"remove all {words(n.counter)} counters from {self.e(n.target)}"
        amount = self.e(n.amount)
        return f"remove {amount} {words(n.counter)} counter{plural(amount)} from {self.e(n.target)}"

    def s_Gain(self, n):
        return f"gain {self.e(n.amount)} {words(n.resource)}"

    def s_Lose(self, n):
        if n.amount is None:
            return f"lose all {words(n.resource)}"
        return f"lose {self.e(n.amount)} {words(n.resource)}"

    def s_SetShared(self, n):
        return f"set the shared {words(n.name)} to {self.e(n.value)}"

    def s_SetRes(self, n):
        return f"set {self._whose(n.player)} {words(n.name)} to {self.e(n.value)}"

    def s_SetPlayerVar(self, n):
        return f"set {self._whose(n.player)} {words(n.name)} to {self.e(n.value)}"

    def s_SetGlobal(self, n):
        return f"set {words(n.name)} to {self.e(n.value)}"

    def s_Create(self, n):
        amount = self.e(n.amount)
        where = f" in {self.e(n.zone)}" if n.zone is not None else ""
        return f"create {amount} \"{n.card}\" token{plural(amount)}{where}"

    def s_CreateCopy(self, n):
        amount = self.e(n.amount)
        return f"create {amount} token{plural(amount)} that {'are copies' if amount != '1' else 'is a copy'} " \
            f"of {self.e(n.card)} in {self.e(n.zone)}"

    def s_CreateLibrary(self, n):
        return f"create the game's library in {self.e(n.zone)}"

    def s_Let(self, n):
        return f"let {n.name} be {self.e(n.value)}"

    def duration(self, d) -> str:
        if d is None:
            return ""
        if d.kind == "turns":
            return f" for {self.e(d.turns)} turns"
        return " " + DURATION.get(d.kind, words(d.kind))

    def s_Mark(self, n):
        return f"mark {self.e(n.target)} {words(n.mark)}{self.duration(n.duration)}"

    def s_Unmark(self, n):
        return f"remove the {words(n.mark)} mark from {self.e(n.target)}"

    def s_Resolve(self, n):
        return f"resolve {self.e(n.card)}"

    def s_Negate(self, n):
        return "negate it"

    def s_Use(self, n):
        return f"use up one {words(n.limit)}"

    def s_Offer(self, n):
        return f"offer {join([words(m) for m in n.moves], 'or')}"

    def s_EndGame(self, n):
        ends = "the game ends" + (f" ({n.name})" if getattr(n, "name", None) else "")
        if n.kind == "draw":
            return f"{ends} in a draw"
        if n.kind == "most":
            return f"{ends}: the player with the most {words(n.resource)} wins"
        return f"{ends} and {self.e(n.winner)} wins"

    def s_Eliminate(self, n):
        return f"eliminate {self.e(n.players)}"

    def s_ExtraTurn(self, n):
        who = self.e(n.players)
        return "take an extra turn after this one" if who == "you" else \
            f"{who} takes an extra turn after this one"

    def s_SkipTurn(self, n):
        who = self.e(n.players)
        return "skip your next turn" if who == "you" else f"{who} skips their next turn"

    def s_ReverseOrder(self, n):
        return "reverse the turn order"

    def s_Say(self, n):
        return f'say "{n.text}"'

    def s_CallAction(self, n):
        """`draw 2` → "draw 2"; more arguments are named by the action's parameters:
        `harm t, 2, "heat"` → 'harm t (amount 2, kind "heat")'."""
        args = [self.e(a) for a in n.args]
        if len(args) <= 1:
            return words(n.action) + (" " + args[0] if args else "")
        action = self.program.actions.get(n.action) if self.program is not None else None
        params = list(action.params) if action is not None else []
        rest = [f"{words(params[k]) + ' ' if k < len(params) else ''}{a}"
                for k, a in enumerate(args[1:], 1)]
        return f"{words(n.action)} {args[0]} ({', '.join(rest)})"

    def s_If(self, n):
        out = f"if {self.e(n.cond)}, {self.e(n.then)}"
        if n.orelse:
            out += f"; otherwise {self.e(n.orelse)}"
        return out

    def s_ForEach(self, n):
        return f"for each {n.var} in {self.e(n.collection)}, {self.e(n.body)}"

    def s_ForOrdered(self, n):
        how = "grouped by" if n.grouped else "in order of"
        return (f"for each {n.var} in {self.e(n.collection)} {how} {self.e(n.key)}"
                f"{' (highest first)' if n.descending else ''}, {self.e(n.body)}")

    def s_Repeat(self, n):
        return f"{self.e(n.body)}, {self.e(n.times)} times"

    def s_While(self, n):
        return f"while {self.e(n.cond)}, {self.e(n.body)}"

    def s_Choose(self, n):
        exactly, up_to, at_least, optional = n.lo_hi
        if exactly is not None:
            how = f"exactly {self.e(exactly)}"
        elif up_to is not None:
            how = f"up to {self.e(up_to)}"
        elif at_least is not None:
            how = f"at least {self.e(at_least)}"
        else:
            how = "one"
        who = "" if n.by is None else f"{self.e(n.by)} "
        out = f"{who}{'may ' if optional else ''}{'secretly ' if n.secret else ''}choose {how} " \
              f"({n.var}) of {self.e(n.source)}"
        if n.body:
            out += f", then {self.e(n.body)}"
        return out

    def s_ChooseOne(self, n):
        who = "" if n.by is None else f"{self.e(n.by)} "
        cases = []
        for case in n.cases:
            label, body = case[0], case[-1]
            cases.append(f"\"{label}\": {self.e(body)}")
        return f"{who}choose one — " + "; or ".join(cases)

    def s_Divide(self, n):
        who = "" if n.by is None else f"{self.e(n.by)} "
        costs = "".join(f", {self.e(c)} a share" + (f" for {self.e(w)}" if w is not None else "")
                        for c, w in n.costs)
        most = f", at most {self.e(n.most)} each" if n.most is not None else ""
        return f"{who}divide {self.e(n.amount)} among {self.e(n.source)}{costs}{most} " \
               f"({n.target}, {n.share}), then {self.e(n.body)}"

    def s_May(self, n):
        who = "you" if n.by is None else self.e(n.by)
        return f"{who} may {'secretly ' if n.secret else ''}{self.e(n.body)}"

    def s_As(self, n):
        return f"{self.e(n.player)}: {self.e(n.body)}"

    def s_Simultaneously(self, n):
        return f"at the same time, {self.e(n.body)}"

    def s_Phase(self, n):
        return f"{words(n.name)} phase: {self.e(n.body)}"

    def s_TempStatic(self, n):
        return f"{self.static(n.static)}{self.duration(n.duration)}"


def explain_card(program, name: str) -> str:
    """The card's effect in English; ``KeyError`` for a card the program lacks."""
    card = program.cards[name]
    return Explainer(program, name).card_text(card)


def main(args) -> int:
    """`deckwright explain DECK [CARD]`: every card (or one) with its printed text and the
    text generated from its effect."""
    from .agents import ambiguous, cards_named
    from .errors import suggest
    from .loader import load_program
    from .terminal import visible
    program = load_program(args.deck)
    names = [c.name for c in program.cards.values()]
    if args.card is not None:                     # as the REPL's `card NAME` finds it
        names = cards_named(program.cards, args.card)
        if len(names) != 1:
            why = ambiguous(args.card, names, numbered=False) if names else \
                f"no card named \"{args.card}\" in {args.deck}"
            hint = "" if names else suggest(args.card, program.cards)
            print(visible(f"deckwright explain: {why}" + (f" ({hint})" if hint else "")),
                  file=sys.stderr)
            return 1
    for i, name in enumerate(names):
        card = program.cards[name]
        text = explain_card(program, name)
        if not text and args.card is None:
            continue                              # a card whose rules carry its behaviour
        print(visible(f"{name}" + (" (token)" if card.token else "")))
        if card.text:
            print(visible(f"  printed: {card.text}"))
        print(visible(f"  effect:  {text or '(nothing of its own)'}"))
    return 0
