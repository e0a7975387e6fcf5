"""Code generation: a checked program becomes Python source, compiled once and run.

>>> from deckwright.dsl.loader import load_program
>>> code = load(load_program("example"), resumable=False)
>>> callable(code.main)
True

This package is the only place where Deckwright compiles and runs Python source, and it
compiles only what its own generator wrote from the checked program. The safety of that
rests on three rules, each kept in one place and proved by tests:

* identifiers are the generator's own (:class:`deckwright.dsl.codegen.writer.Writer`), or names of
  the runtime's helpers (:mod:`deckwright.dsl.codegen.runtime`);
* deck values reach the source only as literals whose ``repr`` is exactly them
  (:func:`deckwright.dsl.codegen.writer.literal`) or as indexes into tables held in the namespace;
* the namespace holds the helpers, the tables and a handful of builtins, nothing else.
"""
from __future__ import annotations

from ..ir import reads_field
from ..parser import no_cycle_collection
from .exprs import may_hold_lists
from .lazy import define
from .module import CodeGenerator, line_positions
from .runtime import BUILTINS, HELPERS, SIDED, move_labeler


class ProgramInfo:
    """Facts about a program the engine's primitives look up while a game runs (the same
    for both ways of running)."""

    def __init__(self, program):
        p = program
        self.deflist = list(p.cards.values())
        self.def_index = {d.name: k for k, d in enumerate(self.deflist)}
        # (definition index, definition) of the cards a `create library` makes, in order
        self.library = [(k, d) for k, d in enumerate(self.deflist) if not d.token]
        self.zone_index = {name: k for k, name in enumerate(p.zones)}
        self.static_kinds = {st.kind for st in p.all_statics}
        self.static_events: dict = {}
        for st in p.all_statics:
            if st.event:
                self.static_events.setdefault(st.kind, set()).add(st.event)
        self.static_carriers: dict = {}
        for d in self.deflist:
            for st in d.statics:
                self.static_carriers.setdefault(st.kind, set()).add(d.name)
        self.substitutes = {st.limit for st in p.all_statics if st.kind == "substitute"}
        self.copiers = {d.name for d in self.deflist
                        if any(st.kind == "copy" for st in d.statics)}
        self.shared_resources = {r.name for r in p.resources.values() if r.shared}
        self.side_resources = frozenset(r.name for r in p.resources.values() if r.per_side)
        self.able = {d.name for d in self.deflist if d.abilities} | self.copiers
        self.ability_zones = sorted({ab.from_zone for d in self.deflist
                                     for ab in d.abilities if ab.from_zone})
        # every card's abilities, then those `static grant` gives (after, so a deck
        # without grants numbers its abilities as before)
        self.abilities = [ab for d in self.deflist for ab in d.abilities] + list(p.granted)
        self.ability_index = {id(ab): k for k, ab in enumerate(self.abilities)}
        # each definition's printed abilities with their indexes, by definition index
        self.ability_rows = [[(ab, self.ability_index[id(ab)]) for ab in d.abilities]
                             for d in self.deflist]
        self.able_table = [int(d.name in self.able) for d in self.deflist]
        self.move_names = list(p.moves)
        self.move_vars = [mv.var for mv in p.moves.values()]
        self.response_labels = {t.index: t.label for t in p.all_triggers if t.kind == "respond"}
        self.action_says = {name: a.says for name, a in p.actions.items() if a.says}
        # a variable may start with a list: a new game counts what they hold (Game._build)
        self.lists_at_start = any(v is not None and may_hold_lists(v)
                                  for _, v in p.vars.values())
        # the parameter naming the card each call declared `target for` plays
        self.action_plays = {name: a.aims for name, a in p.actions.items() if a.aims}
        # the `static forbid`s of such a call that read its targets: checked once they
        # are chosen, not before (deckwright.dsl.codegen.runtime_targets)
        self.forbids_on_targets = frozenset(
            st.index for st in p.all_statics if st.kind == "forbid" and st.event in self.action_plays
            and st.where is not None and reads_field(st.where, "targets"))


class Code:
    """One program's generated module, loaded: the functions the engine calls."""

    def __init__(self, program, gen: CodeGenerator, source: str, ns: dict):
        self.source = source
        self.info = program.info()
        self.main = ns["MAIN"]
        self.setup = ns.get("SETUP")        # the deck's `setup` alone (tests, tools)
        inits = gen.inits
        pick = lambda table: {k: ns[v] for k, v in table.items()}
        self.zone_capacity = pick(inits["zone_capacity"])
        self.resource_start = pick(inits["resource_start"])
        self.resource_min = pick(inits["resource_min"])
        self.resource_max = pick(inits["resource_max"])
        # each resource's (min, max): a number when the deck wrote one, else its function
        self.bounds = {r.name: (_const_or(r.min, self.resource_min.get(r.name)),
                                _const_or(r.max, self.resource_max.get(r.name)))
                       for r in program.resources.values()}
        self.var_init = pick(inits["var_init"])
        self.var_const = {name: (None if init is None else init.value)
                          for name, (_, init) in program.vars.items()
                          if init is None or type(init).__name__ == "Const"}
        self.params = pick(inits["params"])
        self.limits = pick(inits["limits"])
        # a player's standing by side name (None: every side without its own)
        self.standings = pick(inits["standings"])
        for name, node in program.limits.items():
            if type(node).__name__ == "Const":
                self.limits[name].const = node.value
        self.ability_conds = [ns[n] if n else None for n in gen.ability_conds]
        # per ability whose first step is a call some rule may refuse: that call's check
        self.ability_play = [ns[n] if n else None for n in gen.ability_plays]
        # What is legal, and why not (deckwright.dsl.engine.legality): a card's `require`s by
        # definition index; per move its refusal test and its candidates; per ability
        # its tests; each offer's lister → the moves it lists.
        self.card_req = [ns[n] if n else None for n in gen.card_requires]
        self.move_why = [ns[f"MW{m}"] for m in range(len(program.moves))]
        self.move_candidates = [ns[f"MC{m}"] for m in range(len(program.moves))]
        # per move, what refuses the play of its option (None: no forbid may)
        self.move_play = [ns.get(f"MP{m}") for m in range(len(program.moves))]
        self.ability_why = [ns[n] if n else None for n in gen.ability_whys]
        self.offer_moves = {ns[name]: names for names, name in gen.listers.items()}
        self.action_why = {key: ns[name] for key, name in gen.action_whys.items()}
        # per action some rule may refuse a call of, what would (CK)
        self.call_check = {action: ns[name] for action, name in gen.call_checks.items()}
        self.ability_targets = [ns[n] if n else None for n in gen.ability_targets]
        # the values refusal words show: (words number, parameter or None) → function
        self.words = {key: ns[n] for key, n in getattr(gen, "words_fns", {}).items()}
        fns = {kind: {} for kind in ("where", "amount", "target", "source", "body")}
        for index, parts in gen.statics.items():
            for kind, name in parts.items():
                fns[kind][index] = ns[name]
        self.where, self.amount = fns["where"], fns["amount"]
        self.target, self.source_of, self.instead = fns["target"], fns["source"], fns["body"]
        self.spans = None
        self._line_pos = None

    @property
    def line_pos(self) -> dict:
        """Line of the source → the deck statement it was written for (the log's `why`),
        worked out when first asked: a game that does not log never asks."""
        if self._line_pos is None:
            self._line_pos = line_positions(*self.spans) if self.spans else {}
            self.spans = None
        return self._line_pos


def _const_or(node, fn):
    """A whole number written as such in the deck, else the function that works it out."""
    if type(node).__name__ == "Const" and type(node.value) is int:
        return node.value
    return fn


def generate(program, resumable: bool, notes: bool = False, points: bool = False) -> tuple:
    """(source, generator) for a program: the source is what ``--emit`` prints (``points``:
    the scenario runner's code, whose phase ends tell the game's watch, see s_Phase)."""
    gen = CodeGenerator(program, resumable, notes, points)
    return gen.generate(), gen


def load_effect(program, stmts, resumable: bool):
    """An ad-hoc effect (checked statements) compiled in the program's namespace:
    ``fn(g, you, this, ev)``, a generator when ``resumable``."""
    code = program.code(resumable)
    gen = CodeGenerator(program, resumable)
    source = gen.generate_effect(stmts)
    ns = dict(code.namespace)
    ns.update(gen.table_values)
    ns["POS"] = list(gen.positions)
    exec(compile(source, "<deckwright effect>", "exec"), ns)
    _self_tables(ns, gen, ns["TRIGGERS"])
    return ns["EVAL"]


def load(program, resumable: bool, notes: bool = False, points: bool = False) -> Code:
    """Generate, compile and load a program's module."""
    with no_cycle_collection():      # many small objects, none freed in cycles
        return _load(program, resumable, notes, points)


def _load(program, resumable: bool, notes: bool, points: bool = False) -> Code:
    source, gen = generate(program, resumable, notes, points)
    ns = dict(HELPERS)
    ns["__builtins__"] = dict(BUILTINS)
    ns.update(gen.table_values)
    ns["POS"] = list(gen.positions)
    first_lines = gen.first_lines()
    define(gen.functions, first_lines, ns)
    info = program.info()
    triggers = [None] * (max((t.index for t in program.all_triggers), default=0) + 1)
    for t in program.all_triggers:
        triggers[t.index] = ns[f"T{t.index}"]
    ns["TRIGGERS"] = triggers
    ns["RESPONSES"] = {t.index: t for t in program.all_triggers if t.kind == "respond"}
    _self_tables(ns, gen, triggers)
    ns["EFFECTS"] = [ns[n] if n else None for n in gen.effects]
    ns["ABILITY"] = info.abilities
    ns["ABILITY_BODY"] = [ns[n] for n in gen.ability_bodies]
    ns["ABILITY_TARGET"] = [ns[n] if n else None for n in gen.ability_targets]
    ns["ABILITY_COUNT"] = [ns[n] if n else None for n in gen.ability_counts]
    if gen.card_aimed:             # per definition: (its targets, how many or None, prompt,
        ns["EFFECT_TARGET"] = [None if t is None else       # exactly that many)
                               (ns[t[0]], ns[t[1]] if t[1] else None, d.target[2], d.target[4])
                               for t, d in zip(gen.effect_targets, info.deflist)]
    ns["INSTEAD"] = {i: ns[p["body"]] for i, p in gen.statics.items() if "body" in p}
    ns["WHERE"] = {st.index: ns.get(gen.statics[st.index].get("where"))
                   for st in program.all_statics}
    ns["SHARED"] = info.shared_resources
    if info.side_resources:
        ns.update(SIDED)
    ns["MOVE_LABELS"] = move_labeler(info)
    code = Code(program, gen, source, ns)
    code.namespace = ns
    code.spans = (first_lines, gen.function_pos)
    if resumable:                  # (the module only a stepped game needs, imported then)
        from .resume import Resumer
        code.resumer = Resumer(source, ns)
    else:
        code.resumer = None
    return code


def _self_tables(ns, gen, triggers):
    """Card name → its triggers on `event.card == this`, for each dispatch that has them."""
    for name, by_card in gen.self_tables.items():
        ns[name] = {card: tuple(triggers[i] for i in ks) for card, ks in by_card.items()}


def counting(program, on_effect, on_trigger) -> Code:
    """A fresh load of a program (run directly, not stepped) that calls ``on_effect(card
    name)`` whenever a card's effect or ability runs and ``on_trigger(k)`` whenever the
    body of the program's trigger ``k`` (its index in ``all_triggers``) runs: the linter's way of
    seeing which cards and triggers a simulation used."""
    code = load(program, resumable=False, notes=True)
    ns = code.namespace
    ns["NOTE_TRIGGER"] = on_trigger
    info = program.info()

    def wrap(fn, note, key):
        def counted(g, you, this, ev, *target):
            note(key)
            return fn(g, you, this, ev, *target)
        return counted

    ns["EFFECTS"] = [None if fn is None else wrap(fn, on_effect, d.name)
                     for fn, d in zip(ns["EFFECTS"], info.deflist)]
    owners = [d.name for d in info.deflist for _ in d.abilities] + \
        [ab.card for ab in program.granted]
    ns["ABILITY_BODY"] = [wrap(fn, on_effect, name)
                          for fn, name in zip(ns["ABILITY_BODY"], owners)]
    return code
