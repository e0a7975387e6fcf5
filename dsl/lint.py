"""`deckwright lint`: find where a deck contradicts itself before anyone plays it.

The linter is a registry of small rule classes (the shape of miniwdl's ``Lint.py``). Each
rule is a subclass of :class:`Rule`; its code is its class name in kebab case
(``TriggerLoop`` → ``trigger-loop``), and its :meth:`Rule.check` yields
:class:`~dsl.errors.Diagnostic` values with a position, a severity, a message and a fix.
Rules read one shared :class:`LintContext`: the parsed files, the merged declarations
(kept even when the loader would refuse them), the compiled program when it compiles,
and — with ``--sim N`` — the figures of a short seeded run.

A diagnostic is silenced for one line by a comment on that line or alone on the line
before it::

    when leave { destroy event.card }   # lint: ignore trigger-loop

>>> result = lint("example")
>>> result.errors
0
"""
from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterable, Iterator, Optional

from . import ast as A
from .errors import DeckError, Diagnostic, SourcePosition
from .terminal import visible

SARIF_LEVEL = {"error": "error", "warning": "warning", "info": "note"}
SUPPRESS = re.compile(r"#\s*lint:\s*ignore\b([^#\n]*)")

# A 100-card subset: the Dveck Builder seed's measure of "likely to be found in a game".
SUBSET = 100
RARE_MISS_CHANCE = 0.5          # a word is rare when a subset lacks it this often or more
LONGEST_TURNS = 2               # "until the end of your next turn" is about two turns


# ----------------------------------------------------------------------------------
# The registry
# ----------------------------------------------------------------------------------

REGISTRY: dict = {}


def _kebab(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "-", name).lower()


class Rule:
    """One check. Subclasses set ``severity``, ``summary`` and ``fix`` and implement
    :meth:`check`; the class name is the rule's code."""
    code: str = ""
    severity: str = "warning"
    summary: str = ""
    fix: str = ""
    dynamic = False                  # runs only with `--sim N`

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.code = _kebab(cls.__name__)
        if cls.__name__ != "Check" and not cls.__name__.startswith("_"):
            REGISTRY[cls.code] = cls

    def check(self, ctx: "LintContext") -> Iterable[Diagnostic]:
        raise NotImplementedError

    def diag(self, message: str, pos, hint: Optional[str] = None,
             severity: Optional[str] = None) -> Diagnostic:
        return Diagnostic(self.code, message, pos, severity=severity or self.severity,
                          hint=hint if hint is not None else (self.fix or None))


# ----------------------------------------------------------------------------------
# Loading: keep going where `check` stops
# ----------------------------------------------------------------------------------

@dataclass
class Conflict:
    code: str                        # duplicate | conflicting-setting | needs-override
    key: tuple
    decl: object                     # the later declaration
    previous: object                 # the one it clashes with


def _merger_class():
    from .loader import _Merger

    class LintMerger(_Merger):
        """The loader's merger, but a declaration given twice or redeclared without
        `override` is recorded (for the linter to report) instead of stopping the load."""

        def __init__(self):
            super().__init__()
            self.conflicts: list = []

        def add(self, item, deck):
            before = len(self.diags)
            super().add(item, deck)
            new = self.diags[before:]
            if len(new) != 1 or new[0].code not in ("duplicate", "needs-override"):
                return
            del self.diags[before:]
            from .compiler import decl_key
            decl = item.decl if isinstance(item, A.Override) else item
            key = decl_key(decl)
            index, _ = self.where[key]
            previous = self.items[index]
            if new[0].code == "duplicate":
                code = "duplicate" if decl == previous else "conflicting-setting"
                self.conflicts.append(Conflict(code, key, decl, previous))
            else:
                self.conflicts.append(Conflict("needs-override", key, decl, previous))
                self.items[index] = decl            # lint what the author meant
                self.where[key] = (index, deck)
    return LintMerger


@dataclass
class LintContext:
    deck: str
    sources: dict                                       # file → text
    files: list                                         # parsed DeckFile ASTs
    items: list                                         # merged declarations, base first
    conflicts: list
    check: list                                         # what `check` reports
    program: object = None                              # compiled Program, or None
    sim_games: int = 0
    sim_seed: int = 0
    sim: Optional[dict] = None
    audit_hidden: bool = False        # `--sim N --audit-hidden`
    _facts: object = None

    @property
    def facts(self) -> "Facts":
        if self._facts is None:
            self._facts = Facts(self)
        return self._facts


def load_for_lint(deck: str, text: Optional[str] = None, file: str = "<deck>") -> LintContext:
    """Parse, merge and compile a deck, collecting every problem instead of stopping."""
    from .compiler import compile_program, decl_key
    from .loader import resolve_deck
    from .program import Program
    m = _merger_class()()
    diags: list = []
    try:
        top = m.load_text(text, file, None, ()) if text is not None else m.load(resolve_deck(deck))
    except DeckError as err:
        top = None
        diags.extend(err.diagnostics)
    diags.extend(m.diags)
    ctx = LintContext(deck, m.sources, m.files, m.items, m.conflicts, diags)
    if top is not None and not m.diags:
        program = Program(top.header.name, sources=m.sources, files=m.files)
        for item in m.items:
            key = decl_key(item)
            if key is not None:
                program.decls[key] = item
        try:
            ctx.program = compile_program(m.items, program)
            ctx.check.extend(ctx.program.diagnostics)
        except DeckError as err:
            ctx.check.extend(err.diagnostics)
    return ctx


# ----------------------------------------------------------------------------------
# Facts about the deck: one walk over the merged declarations, shared by the rules
# ----------------------------------------------------------------------------------

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
    """The pieces of a card that do things: its effect, triggers, abilities, statics."""
    return [x for x in (card.effect, *card.triggers, *card.abilities, *card.statics)
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
                                               A.LimitDecl)) for n in walk(i)]
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


# ----------------------------------------------------------------------------------
# Rules: everything `check` reports
# ----------------------------------------------------------------------------------

class Check(Rule):
    """Everything `deckwright check` reports: syntax errors, unknown names (with a
    suggestion), type errors... Each keeps the code the checker gives it."""
    severity = "error"

    def check(self, ctx):
        return list(ctx.check)


class Duplicate(Rule):
    severity = "error"
    summary = "the same declaration written twice in one file"
    fix = "delete one of them"

    def check(self, ctx):
        from .compiler import describe_key
        for c in ctx.conflicts:
            if c.code == "duplicate":
                yield self.diag(f"{describe_key(c.key)} is declared twice in this file "
                                f"(also at line {c.previous.pos.line})", c.decl.pos)


class ConflictingSetting(Rule):
    severity = "error"
    summary = "one setting given two different values"
    fix = "keep the value you mean and delete the other"

    def check(self, ctx):
        from .compiler import describe_key
        for c in ctx.conflicts:
            if c.code == "conflicting-setting":
                yield self.diag(f"{describe_key(c.key)} is given two different values "
                                f"(first{_value_text(c.previous)} at line {c.previous.pos.line}, "
                                f"then{_value_text(c.decl)} here)", c.decl.pos)


def _value_text(decl) -> str:
    value = getattr(decl, "value", None) or getattr(decl, "amount", None)
    if isinstance(value, (A.IntLit, A.BoolLit)):
        return f" {str(value.value).lower()}"
    if isinstance(value, A.StrLit):
        return f" \"{value.value}\""
    return ""


class NeedsOverride(Rule):
    severity = "error"
    summary = "a deck redeclares a base rule without saying `override`"
    fix = "write `override` before it to replace the base's rule (or rename it)"

    def check(self, ctx):
        from .compiler import describe_key
        for c in ctx.conflicts:
            if c.code == "needs-override":
                yield self.diag(f"{describe_key(c.key)} is already declared at "
                                f"{_at(c.previous.pos, c.decl.pos)}",
                                c.decl.pos)


# ----------------------------------------------------------------------------------
# Rules: contradictions between static effects
# ----------------------------------------------------------------------------------

def _must_calls(block, out: list):
    """Action and move calls that always run when ``block`` runs (not under if/may/choose)."""
    if block is None:
        return
    for s in block.stmts:
        if isinstance(s, A.CallStmt):
            out.append(s)
        elif isinstance(s, (A.Phase, A.As, A.Simultaneously)):
            _must_calls(s.body, out)
        elif isinstance(s, A.ForEach) and isinstance(s.collection, A.PlayerSel):
            _must_calls(s.body, out)


class ContradictoryStatics(Rule):
    severity = "error"
    summary = "a rule forbids what another rule says must happen"
    fix = "give the `forbid` a `where` condition, or make the other rule optional (`may`)"

    def check(self, ctx):
        f = ctx.facts
        forbids = [i for i in ctx.items if isinstance(i, A.StaticDecl)
                   and isinstance(i.static, A.StaticForbid) and i.static.where is None]
        if not forbids:
            return
        must = []
        for i in ctx.items:
            if isinstance(i, (A.Setup, A.Turn, A.Round)):
                _must_calls(i.body, must)
        for fb in forbids:
            ev = fb.static.event
            for call in must:
                if call.name == ev:
                    yield self.diag(f"`forbid {ev}` always applies, but the rules must "
                                    f"`{ev}` at {_at(call.pos, fb.pos)}", fb.pos)
                    break
            for u in f.units:
                if u.kind in ("trigger", "instead") and u.event == ev and u.card is None:
                    yield self.diag(f"`forbid {ev}` always applies, so {u.label} at {_at(u.pos, fb.pos)} "
                                    f"can never run", fb.pos, severity="warning")


class UnorderedReplacements(Rule):
    severity = "warning"
    summary = "two replacement effects for one event, with nothing saying which applies"
    fix = "merge them into one `instead` rule, or give them `where` conditions that exclude each other"

    def check(self, ctx):
        seen = defaultdict(list)
        for i in ctx.items:
            if isinstance(i, A.StaticDecl):
                self._add(seen, i.static, i.pos, None)
            elif isinstance(i, A.CardDecl):
                for st in i.statics:
                    self._add(seen, st, st.pos if st.pos.line else i.pos, i.name)
        for ev, group in seen.items():
            for k, (kind, pos, card, where) in enumerate(group):
                for first_kind, first_pos, first_card, first_where in group[:k]:
                    if "instead" not in (kind, first_kind) or exclusive(where, first_where):
                        continue           # two `prevent`s agree; exclusive ones never meet
                    yield self.diag(f"`{kind} {ev}`{_of(card)} and `{first_kind} {ev}`"
                                    f"{_of(first_card)} at {_at(first_pos, pos)} both replace "
                                    f"`{ev}`; which applies is not said", pos)
                    break

    @staticmethod
    def _add(seen, st, pos, card):
        if isinstance(st, (A.StaticInstead, A.StaticPrevent)):
            kind = "instead" if isinstance(st, A.StaticInstead) else "prevent"
            seen[st.event].append((kind, pos, card, st.where))


def exclusive(a, b) -> bool:
    """Whether two `where` conditions can never both hold, as far as their text shows: one
    has a test the other negates (`x == y` / `x != y`, `is` / `is not`, `is in` / `is not
    in`, `c` / `not c`), gives the same thing another constant (`x == 1` / `x == 2`), or
    puts the same number in ranges that do not meet (`event.n > 2` / `event.n <= 2`). A
    missing condition always holds."""
    if a is None or b is None:
        return False
    return any(_contradict(x, y) for x in _conjuncts(a) for y in _conjuncts(b))


def _conjuncts(node) -> list:
    if isinstance(node, A.And):
        return _conjuncts(node.left) + _conjuncts(node.right)
    return [node]


_CONSTANTS = (A.IntLit, A.StrLit, A.BoolLit, A.NoneLit, A.Symbol)
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def _contradict(x, y) -> bool:
    if (isinstance(x, A.Not) and x.operand == y) or (isinstance(y, A.Not) and y.operand == x):
        return True
    if isinstance(x, (A.IsType, A.Member)) and type(x) is type(y) and x.negated != y.negated:
        return all(getattr(x, f) == getattr(y, f) for f in x._fields if f != "negated")
    if isinstance(x, A.Compare) and isinstance(y, A.Compare):
        x, y = _constant_right(x), _constant_right(y)
        if x.left != y.left:
            return False
        if {x.op, y.op} == {"==", "!="} and x.right == y.right:
            return True
        if isinstance(x.right, _CONSTANTS) and isinstance(y.right, _CONSTANTS):
            if x.op == y.op == "==":      # by value: the symbol Moons is the text "Moons"
                return _value(x.right) != _value(y.right)
            rx, ry = _int_range(x), _int_range(y)
            return rx is not None and ry is not None and max(rx[0], ry[0]) > min(rx[1], ry[1])
    return False


def _constant_right(c):
    """`3 < x` as `x > 3`, so the constant is on the right."""
    if isinstance(c.left, _CONSTANTS) and not isinstance(c.right, _CONSTANTS):
        return A.Compare(_FLIP[c.op], c.right, c.left, pos=c.pos)
    return c


def _value(constant):
    return constant.id if isinstance(constant, A.Symbol) else getattr(constant, "value", None)


def _int_range(c):
    """The whole numbers `x OP n` allows, as (lowest, highest); None if not such a test."""
    if not isinstance(c.right, A.IntLit) or c.op == "!=":
        return None
    n, big = c.right.value, float("inf")
    return {"==": (n, n), "<": (-big, n - 1), "<=": (-big, n),
            ">": (n + 1, big), ">=": (n, big)}[c.op]


def _at(pos, here) -> str:
    """Where ``pos`` is, said from a diagnostic at ``here``: `line 7` or `dvorak.deck:26`."""
    if here is not None and pos.file == here.file:
        return f"line {pos.line}"
    return f"{Path(pos.file).name}:{pos.line}"


def _of(card) -> str:
    return f" (on \"{card}\")" if card else ""


# ----------------------------------------------------------------------------------
# Rules: loops and cost
# ----------------------------------------------------------------------------------

class TriggerLoop(Rule):
    severity = "warning"
    summary = "triggers whose effects can cause each other forever (A → B → A)"
    fix = ("add a `where` condition or `once per turn` that breaks the cycle, "
           "or suppress it with `# lint: ignore trigger-loop` if the cycle ends by itself")

    def check(self, ctx):
        f = ctx.facts
        nodes = [u for u in f.units if u.kind in ("trigger", "instead") and not u.once]
        edges = {}
        for i, u in enumerate(nodes):
            caused = f.causes(u.body)
            edges[i] = [j for j, v in enumerate(nodes) if v.event in caused]
        for comp in _sccs(len(nodes), edges):
            if len(comp) == 1 and comp[0] not in edges[comp[0]]:
                continue
            start = min(comp, key=lambda k: (nodes[k].pos.file, nodes[k].pos.line))
            cycle = _shortest_cycle(start, edges, set(comp))
            if all(nodes[k].event == "leave" and not ({"enter", "create"} & f.causes(nodes[k].body))
                   for k in cycle):
                continue        # each step takes a card out of play and none comes in: it ends
            certain = all(not nodes[k].guarded for k in cycle) and all(
                nodes[cycle[(n + 1) % len(cycle)]].event in f.causes(nodes[k].body, True)
                for n, k in enumerate(cycle))
            u = nodes[start]
            path = " → ".join(f"{nodes[k].label} ({_at(nodes[k].pos, u.pos)}) "
                              f"causes `{nodes[cycle[(n + 1) % len(cycle)]].event}`"
                              for n, k in enumerate(cycle))
            u = nodes[start]
            if certain:
                yield self.diag(f"trigger loop that never ends: {path} → again", u.pos,
                                "nothing in this cycle can stop it: add a condition",
                                severity="error")
            else:
                yield self.diag(f"possible trigger loop: {path} → again", u.pos)


def _sccs(n: int, edges: dict) -> list:
    """Tarjan's strongly connected components, iteratively."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = 0
    for root in range(n):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on.add(v)
            succ = edges.get(v, [])
            if i < len(succ):
                work.append((v, i + 1))
                w = succ[i]
                if w not in index:
                    work.append((w, 0))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(sorted(comp))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return out


def _shortest_cycle(start: int, edges: dict, allowed: set) -> list:
    prev = {start: None}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in edges.get(v, []):
            if w not in allowed:
                continue
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path))
            if w not in prev:
                prev[w] = v
                queue.append(w)
    return [start]


class CostBound(Rule):
    severity = "error"
    summary = "an effect whose worst-case number of steps exceeds the engine's step budget"
    fix = "use smaller numbers, or fewer nested loops"

    def check(self, ctx):
        from .engine import DEFAULT_BUDGET
        self.f = ctx.facts
        self.budget = DEFAULT_BUDGET
        self.cards = max(sum(c.copies for c in self.f.library), 1)
        self.memo: dict = {}
        for u in self.f.units:
            yield from self._find(u.body, u.label)

    def _find(self, block, label):
        if block is None:
            return
        for s in block.stmts:
            cost = self.stmt(s)
            if cost > self.budget:
                inner = [b for b in _sub_blocks(s)]
                deeper = [x for b in inner for x in self._find(b, label)]
                if deeper:
                    yield from deeper
                else:
                    yield self.diag(f"{label} may take {cost:,} steps, more than the step "
                                    f"budget of {self.budget:,}", s.pos)

    def block(self, block) -> int:
        return sum(self.stmt(s) for s in block.stmts) if block is not None else 0

    def stmt(self, s) -> int:
        f = self.f
        if isinstance(s, A.Repeat):
            n = f.const(s.times, options=True)
            return 1 + (n if isinstance(n, int) and n > 0 else 1) * self.block(s.body)
        if isinstance(s, A.ForEach):
            # Only what is known counts: players, list literals; a selection of cards is
            # counted once (its size is the game's business, and the engine's budget's).
            c = s.collection
            n = f.max_players if isinstance(c, A.PlayerSel) else \
                len(c.items) if isinstance(c, A.ListLit) else 1
            return 1 + n * self.block(s.body)
        if isinstance(s, A.While):
            if f.const(s.cond) is True:
                return 10 ** 12                # never stops by itself
            return 1 + self.block(s.body)
        if isinstance(s, A.CallStmt) and s.name in f.actions:
            body = f.actions[s.name].body
            if id(body) not in self.memo:
                self.memo[id(body)] = 1
                self.memo[id(body)] = self.block(body)
            return 1 + self.memo[id(body)]
        return 1 + sum(self.block(b) for b in _sub_blocks(s))


def _sub_blocks(s) -> list:
    if isinstance(s, A.If):
        return [b for b in (s.then, s.orelse) if b is not None]
    if isinstance(s, A.ChooseOne):
        return [c.body for c in s.cases]
    body = getattr(s, "body", None)
    return [body] if isinstance(body, A.Block) else []


# ----------------------------------------------------------------------------------
# Rules: references to things nothing creates
# ----------------------------------------------------------------------------------

class UnprintedType(Rule):
    severity = "warning"
    summary = "an effect asks for cards of a subtype that no card has"
    fix = "check the spelling, or give some card that type"

    def check(self, ctx):
        f = ctx.facts
        printed = {w for c in f.cards for w in (*c.types, *c.subtypes)}
        if not f.cards:
            return                      # a base deck of rules only: its cards come later
        known = f.subtypes - f.types    # card types are the base's; subtypes are the deck's
        done = set()
        for u in f.units:
            for word, node in _sel_words(u.body):
                w = _singular(word, f.types | f.subtypes)
                if w in known and w not in printed and (w, node.pos) not in done:
                    done.add((w, node.pos))
                    yield self.diag(f"no card is a `{w}`, so this never finds one", node.pos)


class EmptyZone(Rule):
    severity = "warning"
    summary = "an effect reads a zone that nothing ever puts cards into"
    fix = "move or create cards into the zone somewhere, or read a different zone"

    def check(self, ctx):
        f = ctx.facts
        filled = set()
        for n in f.nodes:
            if isinstance(n, A.Move):
                z = f.zone_name(n.to)
                if z is None:
                    return                   # a computed destination may be any zone
                filled.add(z)
            elif isinstance(n, (A.Create, A.CreateLibrary)):
                z = f.zone_name(n.zone) if n.zone is not None else None
                if n.zone is not None and z is None:
                    return
                filled.add(z)
        reported = set()
        for n in f.nodes:
            z = None
            if isinstance(n, A.Filter) and n.kind == "in":
                z = f.zone_name(n.arg)
            elif isinstance(n, A.Call) and n.func in ("top", "bottom") and n.args:
                z = f.zone_name(n.args[0])
            if z and z not in filled and z not in reported:
                reported.add(z)
                yield self.diag(f"nothing ever puts cards into zone `{z}`, so this is always "
                                f"empty", n.pos)


class CounterNeverPut(Rule):
    severity = "warning"
    summary = "an effect reads or removes a counter that nothing puts"
    fix = "put the counter somewhere (`put 1 NAME on ...`), or remove the dead check"

    def check(self, ctx):
        f = ctx.facts
        put = {n.counter for n in f.nodes if isinstance(n, A.PutCounter)}
        reported = set()
        for n in f.nodes:
            if isinstance(n, (A.CounterCount, A.RemoveCounter)) and n.counter not in put \
                    and n.counter not in reported:
                reported.add(n.counter)
                yield self.diag(f"nothing ever puts a `{n.counter}` counter, so there is never "
                                f"one to {'count' if isinstance(n, A.CounterCount) else 'remove'}",
                                n.pos)


class TokenNeverCreated(Rule):
    severity = "warning"
    summary = "a token that no effect creates"
    fix = "create it somewhere (`create 1 \"Name\" in your area`), or delete it"

    def check(self, ctx):
        f = ctx.facts
        made = {n.card for n in f.nodes if isinstance(n, A.Create)}
        for c in f.cards:
            if c.token and c.name not in made:
                yield self.diag(f"token \"{c.name}\" is never created", c.pos)


class ResourceNeverGained(Rule):
    severity = "warning"
    summary = "a resource that starts at 0 and that nothing gains or sets, but is used"
    fix = "give it a `start`, or gain it somewhere"

    def check(self, ctx):
        f = ctx.facts
        gained = {n.resource for n in f.nodes if isinstance(n, A.Gain)} | \
                 {n.name for n in f.nodes if isinstance(n, A.Set)}
        used = {}
        for n in f.nodes:
            name = None
            if isinstance(n, A.Lose) or (isinstance(n, A.EndGame) and n.kind == "most"):
                name = n.resource
            elif isinstance(n, A.Name):
                name = n.id
            elif isinstance(n, (A.Of, A.Attr)):
                name = n.name
            if name in f.resources and name not in used:
                used[name] = n.pos
        for name, pos in used.items():
            r = f.resources[name]
            if name not in gained and f.const(r.start) in (None, 0):
                yield self.diag(f"nothing ever gains `{name}` and it starts at 0, so it "
                                f"stays 0", pos)


# ----------------------------------------------------------------------------------
# Rules: things that can never be used
# ----------------------------------------------------------------------------------

class NeverUsable(Rule):
    severity = "warning"
    summary = "an ability, move, trigger or card that can never be used"
    fix = "fix the condition or the limit, or delete it"

    def check(self, ctx):
        f = ctx.facts
        zero = {n for n, d in f.limits.items() if f.const(d.amount) == 0}
        substituted = {st.substitute for i in ctx.items for st in _statics(i)
                       if isinstance(st, A.StaticSubstitute)}
        for c in f.cards:
            if c.copies == 0 and not c.token:
                yield self.diag(f"\"{c.name}\" has 0 copies, so it is never in the deck", c.pos)
            for ab in c.abilities:
                if ab.uses in zero and ab.uses not in substituted:
                    yield self.diag(f"ability \"{ab.name}\" uses limit `{ab.uses}`, which is 0 "
                                    f"per turn: it can never be paid", ab.pos)
                if ab.cond is not None and f.const(ab.cond) is False:
                    yield self.diag(f"ability \"{ab.name}\" has a condition that is never "
                                    f"true", ab.cond.pos)
            for t in c.triggers:
                if t.where is not None and f.const(t.where) is False:
                    yield self.diag(f"this trigger's condition is never true", t.where.pos)
        for i in ctx.items:
            if isinstance(i, A.Trigger) and i.where is not None and f.const(i.where) is False:
                yield self.diag("this trigger's condition is never true", i.where.pos)
            elif isinstance(i, A.MoveDecl) and i.cond is not None and f.const(i.cond) is False:
                yield self.diag(f"move `{i.name}` has a condition that is never true", i.cond.pos)
        for u in f.units:
            for n in walk(u.body):
                if isinstance(n, A.OptionCase) and n.cond is not None and f.const(n.cond) is False:
                    yield self.diag(f"option \"{n.label}\" has a condition that is never true",
                                    n.cond.pos)
                elif isinstance(n, A.If) and f.const(n.cond) is False:
                    yield self.diag("this `if` condition is never true", n.cond.pos)
                elif isinstance(n, A.Use) and n.limit in zero and n.limit not in substituted:
                    yield self.diag(f"limit `{n.limit}` is 0 per turn, so this can never be "
                                    f"paid", n.pos)


def _statics(item) -> list:
    if isinstance(item, A.StaticDecl):
        return [item.static]
    if isinstance(item, A.CardDecl):
        return list(item.statics)
    return []


# ----------------------------------------------------------------------------------
# Rules: the Dveck Builder seed's design guidelines (warnings)
# ----------------------------------------------------------------------------------

class LongDuration(Rule):
    severity = "warning"
    summary = "a card's effect lasts longer than \"until the end of your next turn\""
    fix = "use `until end of your next turn` or fewer turns: players should not have to remember more"

    def check(self, ctx):
        f = ctx.facts
        for c in f.cards:
            for n in walk(card_parts(c)):
                if isinstance(n, A.Duration) and n.kind == "turns":
                    k = f.const(n.turns, options=True)
                    if k is not None and k > LONGEST_TURNS:
                        yield self.diag(f"\"{c.name}\" makes an effect last {k} turns", n.pos)


class ForeignCounter(Rule):
    severity = "warning"
    summary = "a card touches counters it does not put itself"
    fix = "cards should interact only with their own counters: put them on this card, or drop the counter"

    def check(self, ctx):
        # Counters the game's own rules put (damage dealt by an `attack` action) are part
        # of the game, not "above" it: cards may touch those.
        rules = {n.counter for i in ctx.items if not isinstance(i, A.CardDecl)
                 for n in walk(i) if isinstance(n, A.PutCounter)}
        for c in ctx.facts.cards:
            nodes = list(walk(card_parts(c)))
            own = {n.counter for n in nodes if isinstance(n, A.PutCounter)} | rules
            for n in nodes:
                if isinstance(n, (A.CounterCount, A.RemoveCounter)) and n.counter not in own:
                    yield self.diag(f"\"{c.name}\" touches `{n.counter}` counters it does not "
                                    f"put itself", n.pos)


def score_resources(ctx) -> set:
    """Resources that decide the game: `end game by most R`, or compared in the condition
    of a rule that ends the game, or marked `score`."""
    f = ctx.facts
    out = {n.resource for n in f.nodes if isinstance(n, A.EndGame) and n.kind == "most"}
    out |= {i.name for i in ctx.items if isinstance(i, A.Resource) and i.score}
    for i in ctx.items:
        cond = i.cond if isinstance(i, A.Whenever) else i.where if isinstance(i, A.Trigger) else None
        if cond is not None and any(isinstance(n, A.EndGame) for n in walk(i.body)):
            for n in walk(cond):
                name = n.id if isinstance(n, A.Name) else n.name if isinstance(n, (A.Of, A.Attr)) else None
                if name in f.resources:
                    out.add(name)
    return out


class UnrestrictedScore(Rule):
    severity = "warning"
    summary = "a card gains the game's score with no restriction"
    fix = "add a restriction: `once per turn`, an `if` condition, or a cost paid in the same effect"

    def check(self, ctx):
        score = score_resources(ctx)
        if not score:
            return
        f = ctx.facts
        for u in f.units:
            if u.card is None or u.guarded or u.kind == "instead":
                continue
            for g in self._free_gains(u.body, score):
                yield self.diag(f"\"{u.card.name}\" gains {g.resource} with no restriction: "
                                f"played again and again, it wins by itself", g.pos)

    def _free_gains(self, block, score):
        if block is None:
            return
        stmts = block.stmts
        if any(_sacrifices(s) for s in stmts):
            return
        for s in stmts:
            if isinstance(s, A.Gain) and s.resource in score:
                yield s
            elif isinstance(s, (A.As, A.Simultaneously, A.May, A.Repeat, A.ForEach, A.Phase)):
                yield from self._free_gains(s.body, score)


def _sacrifices(s) -> bool:
    """`destroy this` / `move this to ...`: the card pays for its effect with itself."""
    if isinstance(s, A.Move) and isinstance(s.what, A.Name) and s.what.id == "this":
        return True
    return isinstance(s, A.CallStmt) and any(isinstance(a, A.Name) and a.id == "this" for a in s.args)


class ControllerHand(Rule):
    severity = "warning"
    summary = "a card is moved to its controller's hand (a borrowed card becomes stolen)"
    fix = "write `hand of X.owner`: \"its owner's hand\" is the safer wording"

    def check(self, ctx):
        f = ctx.facts
        for u in f.units:
            for n in walk(u.body):
                if isinstance(n, A.Move) and isinstance(n.to, A.Of) and n.to.name in f.zones \
                        and not f.zones[n.to.name].in_play and isinstance(n.to.target, A.Attr) \
                        and n.to.target.name == "controller":
                    yield self.diag(f"moves a card to its controller's {n.to.name}", n.to.pos,
                                    f"write `{n.to.name} of ... .owner`: \"its owner's "
                                    f"{n.to.name}\" keeps a borrowed card from being stolen")


class RareDependency(Rule):
    severity = "warning"
    summary = "a main-deck card depends on a type that a 100-card game rarely contains"
    fix = "make the card useful without that type, or move it to a booster module"

    def check(self, ctx):
        f = ctx.facts
        total = sum(c.copies for c in f.library)
        if total <= SUBSET:
            return
        known = f.types | f.subtypes
        for c in f.library:
            seen = set()
            for word, node in _sel_words(card_parts(c)):
                w = _singular(word, known)
                k = sum(d.copies for d in f.library if w in d.types or w in d.subtypes)
                if w in seen or k == 0:
                    continue
                seen.add(w)
                miss = _miss_chance(total, k)
                if miss >= RARE_MISS_CHANCE:
                    yield self.diag(f"\"{c.name}\" depends on `{w}` cards, but only {k} of the "
                                    f"{total} cards is one; a {SUBSET}-card game has none "
                                    f"{round(miss * 100)}% of the time", node.pos)


def _miss_chance(total: int, k: int) -> float:
    """Chance that SUBSET cards drawn from ``total`` include none of ``k``."""
    p = 1.0
    for i in range(SUBSET):
        p *= max(total - k - i, 0) / (total - i)
    return p


# ----------------------------------------------------------------------------------
# Rules: printed text versus effect
# ----------------------------------------------------------------------------------

NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twice": 2}


class _TextRule(Rule):
    severity = "warning"

    def cards(self, ctx):
        """(card, its text with names and cost labels blanked, its effect's nodes), once
        per lint run and shared by the text rules."""
        cached = getattr(ctx, "_text_cards", None)
        if cached is not None:
            return cached
        f = ctx.facts
        # Multi-word names ("hand size", "Tin Soldier") are not the words they contain.
        phrases = sorted({n.replace("_", " ") for n in
                          (*f.params, *f.resources, *f.counters, *f.zones, *f.limits,
                           *f.actions, *f.moves) if "_" in n and n not in f.zones}
                         | {c.name for c in f.cards if c.name not in f.types | f.subtypes},
                         key=len, reverse=True)
        names = re.compile(r"\b(?:" + "|".join(re.escape(p) for p in phrases) + r")\b", re.I) \
            if phrases else None
        out = []
        for c in f.cards:
            if not c.text or not card_parts(c):
                continue                 # no text, or its behaviour lives in the rules
            text = names.sub(" ", c.text) if names else c.text
            text = re.sub(r"\b[A-Z][a-z]+:", " ", text)       # "Action:" costs, "Name:" labels
            text = re.sub(r"\b[Tt]his\s+[A-Z]\w*", " ", text)  # "this Thing" is the card itself
            out.append((c, text, list(walk(card_parts(c)))))
        ctx._text_cards = out
        return out

    def text_pos(self, ctx, c: A.CardDecl) -> SourcePosition:
        """Where the card's `text "..."` line is (the card line when not found)."""
        lines = ctx.sources.get(c.pos.file, "").splitlines()
        for ln in range(c.pos.line - 1, min(len(lines), c.pos.line + 40)):
            col = lines[ln].find('text "')
            if col >= 0:
                return SourcePosition(c.pos.file, ln + 1, col + 1, ln + 1, len(lines[ln]) + 1)
        return c.pos


class TextNumber(_TextRule):
    summary = "a number in the card's text that its effect lacks, or the other way round"
    fix = "make the printed text and the effect say the same number"

    def check(self, ctx):
        for c, text, nodes in self.cards(ctx):
            said = {int(m) for m in re.findall(r"\b\d+\b", text)}
            said |= {v for w, v in NUMBER_WORDS.items() if re.search(rf"\b{w}\b", text, re.I)}
            done = {n.value for n in nodes if isinstance(n, A.IntLit)}
            printed = {v.value for prop in c.props for v in prop.values if isinstance(v, A.IntLit)}
            said.discard(1)              # "a card", "1 coin for each": often implicit
            only_text = sorted(said - done - printed)      # "health 4" repeats a number
            only_effect = sorted(v for v in done - said if v >= 2)
            if only_text or only_effect:
                parts = []
                if only_text:
                    parts.append(f"the text says {_list(only_text)} but the effect never does")
                if only_effect:
                    parts.append(f"the effect uses {_list(only_effect)} but the text never says it")
                yield self.diag(f"\"{c.name}\": {'; '.join(parts)}", self.text_pos(ctx, c))


class TextType(_TextRule):
    summary = "a card type named in the text and not the effect, or the other way round"
    fix = "make the printed text and the effect name the same kinds of card"

    def check(self, ctx):
        f = ctx.facts
        known = f.types | f.subtypes
        for c, text, nodes in self.cards(ctx):
            done = {_singular(w, known) for w, _ in _sel_words(card_parts(c))}
            done |= {w for n in nodes if isinstance(n, A.Symbol) for w in [n.id] if w in known}
            by_name = {d.name: d for d in f.cards}
            created = set()                  # `create 1 "Party"` may be printed "a Party token"
            for n in nodes:
                if isinstance(n, A.Create) and n.card in by_name:
                    created |= set(by_name[n.card].types) | set(by_name[n.card].subtypes)
            said = set()
            # "Basic Materials" is one phrase: the effect saying `Basic cards` covers it.
            for phrase in re.findall(r"\b[A-Z][a-zA-Z]*(?:\s+[A-Z][a-zA-Z]*)*", text):
                words = {_singular(w, known) for w in phrase.split()} & known
                if words and not words & done:
                    said |= words
                else:
                    said |= words & done
            own = set(c.types) | set(c.subtypes)            # its own type line is neutral
            only_text = sorted(said - done - own - created)
            only_effect = sorted(done - said - own)
            if only_text or only_effect:
                parts = []
                if only_text:
                    parts.append(f"the text names {_list(only_text)} but the effect never does")
                if only_effect:
                    parts.append(f"the effect looks for {_list(only_effect)} but the text never "
                                 f"names it")
                yield self.diag(f"\"{c.name}\": {'; '.join(parts)}", self.text_pos(ctx, c))


class TextZone(_TextRule):
    summary = "a zone named in the card's text that its effect never touches"
    fix = "make the effect use the zone the text names, or fix the text"

    def zones_touched(self, f, nodes, seen: set) -> set:
        """Zones the nodes name, and those of the actions they call (`trash_card t`)."""
        done = set()
        for n in nodes:
            z = f.zone_name(n) if isinstance(n, (A.Name, A.Of)) else None
            if z:
                done.add(z)
            if isinstance(n, (A.Trigger, A.Ability)) and n.from_zone:
                done.add(n.from_zone)
            if isinstance(n, A.Trigger) and n.event in f.actions:     # `when cycle`
                n = A.CallStmt(n.event, ())
            if isinstance(n, A.CallStmt) and n.name in f.actions and n.name not in seen:
                seen.add(n.name)
                done |= self.zones_touched(f, list(walk(f.actions[n.name].body)), seen)
        return done

    def check(self, ctx):
        f = ctx.facts
        for c, text, nodes in self.cards(ctx):
            done = self.zones_touched(f, nodes, set())
            said = set()
            names = "|".join(re.escape(z.replace("_", " ").rstrip("s")) for z in
                             sorted(f.zones, key=len, reverse=True))
            if not names:
                continue
            # "rest area" is one phrase: the effect touching `rest` covers it.
            for m in re.finditer(rf"\b(?:(?:{names})s?\b\s*)+", text, re.I):
                if m.group(0).strip().rstrip("s") in f.types | f.subtypes:
                    continue             # "Building." is the card type, not zone `building`
                words = {z for z in f.zones
                         if re.search(rf"\b{re.escape(z.replace('_', ' ').rstrip('s'))}s?\b",
                                      m.group(0), re.I)}
                said |= words if not words & done else set()
            missing = sorted(said - done)
            if missing:
                yield self.diag(f"\"{c.name}\": the text names {_list(missing)} but the effect "
                                f"never touches it", self.text_pos(ctx, c))


def _list(xs) -> str:
    xs = [f"`{x}`" for x in xs]
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


# ----------------------------------------------------------------------------------
# Rules: a short seeded run (`--sim N`)
# ----------------------------------------------------------------------------------

def run_sim(ctx: LintContext) -> dict:
    """Play ``ctx.sim_games`` seeded bot games, counting what each card and trigger did."""
    from .errors import EngineError
    from .codegen import counting
    from .sim import play_one
    p = ctx.program
    used: Counter = Counter()
    fired: Counter = Counter()
    code = counting(p, lambda name: used.update((name,)), lambda k: fired.update((k,)))
    played: set = set()

    def observe(game):
        for z in game.state.inplay:
            played.update(c.name for c in z.cards)

    errors, unfinished, leaks = [], [], []
    players = max(p.min_players, 2)
    for i in range(ctx.sim_games):
        try:
            game = play_one(p, ctx.sim_seed, i, players, ["random"], log=False, observer=observe,
                            code=code, audit=ctx.audit_hidden)
            observe(game)
        except EngineError as err:
            errors.append((i, err.message))
            continue
        for leak in getattr(game, "hidden_leaks", ())[:3]:
            leaks.append((i, str(leak)))
        if game.state.result and game.state.result.get("reason") == "turn limit":
            unfinished.append(i)
    return {"used": used, "fired": fired, "played": played, "errors": errors,
            "unfinished": unfinished, "players": players, "leaks": leaks}


def _repro(ctx, i) -> str:
    return (f"deckwright sim {ctx.deck} --seed {ctx.sim_seed} --game {i} "
            f"--players {ctx.sim['players']}")


class SimError(Rule):
    severity = "error"
    dynamic = True
    summary = "a seeded bot game broke a limit (step budget, trigger loop, ...)"
    fix = "replay it with the command shown and look at the chain of cards"

    def check(self, ctx):
        for i, message in ctx.sim["errors"]:
            yield self.diag(f"game {i} failed: {message.splitlines()[0]}", None,
                            f"reproduce: {_repro(ctx, i)}")


class SimHiddenShown(Rule):
    severity = "error"
    dynamic = True
    summary = "a seat was shown a card it may not see (`--sim N --audit-hidden`)"
    fix = "name the card through what the seat may see: a `say` or prompt naming a hidden " \
          "card, or a zone whose visibility does not match how its cards lie"

    def check(self, ctx):
        for i, message in ctx.sim.get("leaks", ()):
            yield self.diag(f"game {i}: {message}", None,
                            f"reproduce: {_repro(ctx, i)} --audit-hidden")


class SimUnfinished(Rule):
    severity = "warning"
    dynamic = True
    summary = "a seeded bot game hit the engine's turn limit instead of ending by a rule"
    fix = "add an end condition that every game reaches"

    def check(self, ctx):
        for i in ctx.sim["unfinished"]:
            yield self.diag(f"game {i} never ended by a rule", None,
                            f"reproduce: {_repro(ctx, i)}")


class SimNeverPlayed(Rule):
    severity = "info"
    dynamic = True
    summary = "a card never reached play, resolved or was used in the seeded games"
    fix = "check that the card can be played at all (cost, limit, condition)"

    def check(self, ctx):
        s = ctx.sim
        for d in ctx.program.library():
            if d.name not in s["played"] and not s["used"][d.name]:
                yield self.diag(f"\"{d.name}\" was never played or used in {ctx.sim_games} "
                                f"games (seed {ctx.sim_seed})", d.pos)


class SimNeverFired(Rule):
    severity = "info"
    dynamic = True
    summary = "a trigger never fired in the seeded games"
    fix = "check that its event happens and its `where` condition can be true"

    def check(self, ctx):
        s = ctx.sim
        for k, t in enumerate(ctx.program.all_triggers):
            if not s["fired"][k]:
                who = f"\"{t.card}\" " if t.card else ""
                yield self.diag(f"{who}`{t.kind} {t.event}` never fired in {ctx.sim_games} "
                                f"games (seed {ctx.sim_seed})", t.pos)


# ----------------------------------------------------------------------------------
# Running, suppressing, reporting
# ----------------------------------------------------------------------------------

@dataclass
class LintResult:
    diagnostics: list
    sources: dict
    suppressed: int = 0

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == "error")

    def counts(self) -> dict:
        return dict(sorted(Counter(d.code for d in self.diagnostics).items()))


def suppressions(source: str) -> dict:
    """line → set of codes silenced there (an empty set silences every code)."""
    out: dict = {}
    lines = source.splitlines()
    for n, text in enumerate(lines, 1):
        m = SUPPRESS.search(text)
        if not m:
            continue
        codes = {c for c in re.split(r"[\s,]+", m.group(1).strip()) if c}
        targets = [n]
        if text[:m.start()].strip() == "":          # a comment alone: the next line
            targets = [n + 1]
        for t in targets:
            out.setdefault(t, set()).update(codes or {"*"})
    return out


def _silenced(d: Diagnostic, table: dict) -> bool:
    if d.pos is None:
        return False
    codes = table.get(d.pos.file, {}).get(d.pos.line)
    return bool(codes) and ("*" in codes or d.code in codes)


def lint(deck: str, *, text: Optional[str] = None, file: str = "<deck>", sim: int = 0,
         seed: int = 0, rules: Optional[Iterable[str]] = None,
         audit_hidden: bool = False) -> LintResult:
    """Lint one deck (a bundled name or a path, or ``text`` given directly); with ``sim``
    games, ``audit_hidden`` plays them under the hidden-information audit."""
    ctx = load_for_lint(deck, text, file)
    ctx.sim_games, ctx.sim_seed, ctx.audit_hidden = sim, seed, audit_hidden
    chosen = [Check()] + [cls() for code, cls in REGISTRY.items()
                          if rules is None or code in rules]
    if sim and ctx.program is not None:
        ctx.sim = run_sim(ctx)
    found = []
    for rule in chosen:
        if rule.dynamic and ctx.sim is None:
            continue
        found.extend(rule.check(ctx))
    table = {f: suppressions(src) for f, src in ctx.sources.items()}
    kept = [d for d in found if not _silenced(d, table)]
    unique = list(dict.fromkeys(kept))
    unique.sort(key=_order)
    return LintResult(unique, ctx.sources, len(found) - len(kept))


def _order(d: Diagnostic):
    p = d.pos
    return (p is None, p.file if p else "", p.line if p else 0, p.column if p else 0, d.code)


def render_text(d: Diagnostic, sources: dict) -> str:
    """``file:line:col: severity[code]: message``, the line and a caret (the shared renderer)."""
    tagged = replace(d, severity=f"{d.severity}[{d.code}]")
    return tagged.render(sources.get(d.pos.file) if d.pos else None)


def to_json(results: list) -> str:
    out = []
    for deck, r in results:
        out.append({"deck": deck, "errors": r.errors, "counts": r.counts(),
                    "diagnostics": [d.as_dict() for d in r.diagnostics]})
    return json.dumps(out, indent=2)


def to_sarif(results: list) -> str:
    """SARIF 2.1.0, for code-scanning tools."""
    used = sorted({d.code for _, r in results for d in r.diagnostics})
    rules = []
    for code in used:
        cls = REGISTRY.get(code)
        rules.append({"id": code, "name": cls.__name__ if cls else "Check",
                      "shortDescription": {"text": cls.summary if cls else
                                           "reported by `deckwright check`"},
                      "help": {"text": cls.fix if cls and cls.fix else "see docs/lint.md"},
                      "defaultConfiguration": {"level": SARIF_LEVEL[cls.severity if cls else "error"]}})
    index = {code: k for k, code in enumerate(used)}
    results_out = []
    seen = set()
    for _, r in results:
        for d in r.diagnostics:
            if d in seen:
                continue
            seen.add(d)
            res = {"ruleId": d.code, "ruleIndex": index[d.code],
                   "level": SARIF_LEVEL.get(d.severity, "warning"),
                   "message": {"text": d.message + (f" ({d.hint})" if d.hint else "")}}
            if d.pos is not None:
                region = {"startLine": max(d.pos.line, 1), "startColumn": max(d.pos.column, 1)}
                if d.pos.end_line >= d.pos.line and d.pos.end_line > 0:
                    region["endLine"] = d.pos.end_line
                    if d.pos.end_column > 0:
                        region["endColumn"] = d.pos.end_column
                res["locations"] = [{"physicalLocation": {
                    "artifactLocation": {"uri": Path(d.pos.file).as_posix()}, "region": region}}]
            results_out.append(res)
    doc = {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "deckwright-lint", "rules": rules}},
                     "results": results_out}]}
    return json.dumps(doc, indent=2)


def main(args) -> int:
    """`deckwright lint DECK... [--format text|json|sarif] [--sim N] [--seed S]`."""
    import sys
    results = []
    for deck in args.decks:
        try:
            results.append((deck, lint(deck, sim=args.sim, seed=args.seed,
                                       audit_hidden=getattr(args, "audit_hidden", False))))
        except DeckError as err:                     # no such deck
            results.append((deck, LintResult(err.diagnostics, err.sources)))
    if args.format == "json":
        print(to_json(results))
    elif args.format == "sarif":
        print(to_sarif(results))
    else:
        shown = set()
        for deck, r in results:
            for d in r.diagnostics:
                if d not in shown:
                    shown.add(d)
                    print(render_text(d, r.sources))         # rendered visible
            c = Counter(d.severity for d in r.diagnostics)
            print(visible(f"{deck}: {c['error']} error(s), {c['warning']} warning(s), "
                          f"{c['info']} note(s)"), file=sys.stderr)
    return 1 if any(r.errors for _, r in results) else 0
