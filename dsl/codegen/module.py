"""A checked program → one Python module of generated source, compiled and loaded.

:func:`generate` writes the source (``deckwright compile DECK --emit`` prints it);
:func:`load` compiles it with ``compile()`` and runs it in a namespace that holds only
the runtime's helpers (:mod:`deckwright.dsl.codegen.runtime`), the constant tables the source
indexes, and a cut-down ``__builtins__``. Nothing a deck author wrote is ever run: the
source is made from the checked program, with identifiers of the generator's own and
deck values only as literals (:func:`deckwright.dsl.codegen.writer.literal`) or table indexes.

The same program gives the same source, byte for byte.
"""
from __future__ import annotations

from .. import ir as I
from .analysis import Analysis
from .divide import DivideWriter
from .endings import EndingWriter
from .exprs import ExprWriter
from .dispatch import DispatchWriter
from .events import EventWriter
from .legality import LegalityWriter
from .plays import PlayWriter
from .selectors import SelectorWriter
from .stmts import StmtWriter
from .turns import TurnWriter
from .windows import WindowWriter
from .writer import Frame, Writer, literal


class CodeGenerator(ExprWriter, SelectorWriter, StmtWriter, DivideWriter, EndingWriter,
                    EventWriter, DispatchWriter, TurnWriter, WindowWriter, LegalityWriter,
                    PlayWriter):
    """Writes the module for one program, in one of two ways of running: ``resumable``
    (code that can decide is a generator that yields each decision) or direct (it asks
    the agents itself)."""

    def __init__(self, program, resumable: bool, notes: bool = False, points: bool = False):
        self.program = program
        self.spot = None                # the deck position being written: what a charge names
        self.resumable = resumable
        self.notes = notes              # trigger bodies call NOTE_TRIGGER(k) (the linter)
        self.points = points            # each phase's end tells the game's watch (scenarios)
        self.a = Analysis(program)
        self.w = Writer()
        # every line is written by the writer's own methods (a call less per line)
        self.writeline, self.indent, self.outdent = self.w.writeline, self.w.indent, self.w.outdent
        self.functions: list[list[str]] = []
        self.tables: dict = {}          # repr of the values → table name
        self.table_values: dict = {}    # table name → tuple
        self.positions: list = []
        self.position_index: dict = {}
        # Where each generated line comes from, for the log's provenance (`why N`): per
        # function being written, the span of lines each deck statement wrote, (first,
        # end, position), in the order the statements were done: those inside another
        # before it. Per function written, (lines before its body, its spans).
        self.spans: dict = {}
        self.function_pos: list = []
        self.events: dict = {}
        self.need: set = set()
        self.need_dispatch: set = set()
        self.dispatched: set = set()
        self.self_tables: dict = {}     # table name → {card name: [trigger index]}
        self.need_prevent: set = set()
        self.listers: dict = {}
        self.deflist = list(program.cards.values())
        self.zone_index = {name: k for k, name in enumerate(program.zones)}
        self.action_index = {name: k for k, name in enumerate(program.actions)}
        self.move_index = {name: k for k, name in enumerate(program.moves)}
        self.prop_tables: dict = {}
        self.type_tables: dict = {}
        self.abilities = [ab for d in self.deflist for ab in d.abilities] + list(program.granted)
        self.need_activate = False
        self.need_window = False        # WINDOW and RESPOND are written
        self.written: set = set()       # helpers written once: ACTIVATE, WINDOW, preventions
        self.need_windows: list = []    # (lister name, event or None) still to write
        # the call of the move being written that takes the targets it chose (``pre``)
        self.preaimed = None

    # --- writing ---------------------------------------------------------------------
    def fresh_fn(self, prefix: str) -> str:
        return self.w.fresh(prefix)

    def defn(self, name: str, params: str, resumable: bool, body, *, you="you", this="this",
             ev="ev") -> str:
        """Write ``def name(params):`` with ``body(frame)`` writing its lines."""
        w = self.w
        saved = (w.lines, w.level)
        w.lines, w.level = [], 1
        f = Frame(w, resumable, you=you, this=this, ev=ev)
        try:
            body(f)
            lines = w.lines
        finally:
            w.lines, w.level = saved
        head = [f"def {name}({params}):"]
        if f.uses_state:
            head.append("    S = g.state")
        if f.inits:
            head.append("    " + " = ".join(f.inits) + " = None")
        if not lines:
            lines = ["    pass"]
        spans = self.spans.pop(id(lines), (None, ()))[1]
        if resumable and not any("yield" in line for line in lines):
            lines.append("    if False: yield")      # a generator all the same
        self.functions.append(head + lines)
        self.function_pos.append((len(head), spans))
        return name

    def expr_fn(self, name: str, node, *, this_safe=False, ev_safe=False, cond=False) -> str:
        """A function ``(g, you, this, ev)`` returning one expression's value."""
        def body(f):
            f.this_safe, f.ev_safe = this_safe, ev_safe
            self.writeline(f"return {self.expr(node, f, cond=cond)}")
        return self.defn(name, "g, you, this, ev", False, body)

    def block_fn(self, name: str, stmts, params="g, you, this, ev", force=None, **frame) -> str:
        decides = self.a.block(stmts) if force is None else force

        def body(f):
            for k, v in frame.items():
                setattr(f, k, v)
            self.block(stmts, f)
        return self.defn(name, params, self.resumable and decides, body)

    # --- tables ------------------------------------------------------------------------------
    def table(self, values: list) -> str:
        key = literal(list(values))
        name = self.tables.get(key)
        if name is None:
            name = self.tables[key] = f"K{len(self.tables)}"
            self.table_values[name] = tuple(values)
        return name

    def prop_table(self, prop: str) -> str:
        if prop not in self.prop_tables:
            default = self.program.properties.get(prop)
            self.prop_tables[prop] = self.table([d.props.get(prop, default) for d in self.deflist])
        return self.prop_tables[prop]

    def type_table(self, word: str) -> str:
        if word not in self.type_tables:
            self.type_tables[word] = self.table([word in d.words for d in self.deflist])
        return self.type_tables[word]

    def pos(self, p) -> str:
        if p is None:
            return "None"
        k = self.position_index.get(p)
        if k is None:
            k = self.position_index[p] = len(self.positions)
            self.positions.append(p)
        return f"POS[{k}]"

    def draws(self, node) -> bool:
        holds = I.facts(node)
        return ("func", "random") in holds or ("func", "shuffled") in holds

    # --- the program -------------------------------------------------------------------------
    def generate(self) -> str:
        p = self.program
        a = self.a
        self.card_aimed = any(d.target is not None for d in self.deflist)   # before any `resolve`
        self.aiming = self._aiming()
        self.aim_forbids = self._aim_forbids()
        self.write_card_requires()          # before any offer's lister asks for them
        self.plan_call_checks()
        self.write_call_checks()            # before any choice that leads to a call
        self.write_card_costs()             # before the moves that pay them
        # With an event's `ability` read somewhere, every action takes its caller's (byab).
        ab = ", byab" if p.reads_ability else ""
        for name, action in p.actions.items():
            k = self.action_index[name]
            decides = a.action[name]
            params = "".join(f", {x}" for x in _param_idents(action.params))

            aims = self.aiming and action.aims is not None
            wrapped = name in a.listened or bool(action.targets) or bool(action.told)

            def body(f, name=name, action=action, aims=aims, wrapped=wrapped):
                f.names = dict(zip(action.params, _param_idents(action.params)))
                if p.reads_ability:
                    f.ability = "byab"
                if aims:
                    f.aim = f.names[action.aims]
                self.action_guard(action, f)
                if aims and not wrapped:
                    # no event to declare: the card's targets are chosen here, and no
                    # wrapper (CA) is paid for on every call
                    data = "{" + ", ".join(f"{literal(x)}: {f.names[x]}" for x in action.params)
                    self._aim(f, name, f.aim, data + (", " if action.params else "")
                              + "'source': this}")
                self.block(action.body, f)
            # `aim`: the targets its wrapper chose for the card it plays (`target for`)
            self.defn(f"A{k}", f"g, you, this, ev{ab}{params}"
                      + (", aim" if aims and wrapped else ""), self.resumable and decides, body)
            if wrapped:
                self._call_wrapper(name, k, action, decides)
        self.effects = []
        # With card targets in the deck, every effect takes its card's targets (or none)
        # as `x`, and each card's targets are listed by its definition (EFFECT_TARGET).
        self.effect_targets = []
        for i, d in enumerate(self.deflist):
            if self.card_aimed:
                self.effect_targets.append(self._target_fns(i, d.target))
            if d.effect is None:
                self.effects.append(None)
                continue
            if self.card_aimed:
                names = {d.target[0]: "x"} if d.target is not None else {}
                self.effects.append(self.block_fn(f"EF{i}", d.effect, params="g, you, this, ev, x",
                                                  force=a.effects, this_safe=True, names=names))
                continue
            self.effects.append(self.block_fn(f"EF{i}", d.effect, force=a.effects, this_safe=True))
        self.ability_bodies, self.ability_conds, self.ability_plays = [], [], []
        self.ability_targets, self.ability_counts = [], []
        # With targets in the deck, every ability's body takes its target (or none) as `x`.
        aimed = any(ab.target is not None for ab in self.abilities)
        params = "g, you, this, ev, x" if aimed else "g, you, this, ev"
        for k, ab in enumerate(self.abilities):
            names = {ab.target[0]: "x"} if ab.target is not None else {}
            named = {"ability": literal(ab.name)} if p.reads_ability else {}
            self.ability_bodies.append(self.block_fn(f"AB{k}", ab.body, params=params,
                                                     force=True, this_safe=True, names=names,
                                                     **named))
            # its collection of targets: a function of the card
            self.ability_targets.append(self.expr_fn(f"AT{k}", ab.target[1], this_safe=True)
                                        if ab.target is not None else None)
            # how many it may aim at (`up to N`), a function of the card; None: one
            self.ability_counts.append(self.expr_fn(f"AN{k}", ab.target[3], this_safe=True)
                                       if ab.target is not None and ab.target[3] is not None
                                       else None)
            self.ability_conds.append(self.expr_fn(f"AC{k}", ab.cond, this_safe=True, cond=True)
                                      if ab.cond is not None else None)
            self.ability_plays.append(self.write_ability_play(k, ab))
        self.statics = {}
        for st in p.all_statics:
            self.statics[st.index] = self._static(st)
        self.write_moves()
        self.write_refusals()
        self.write_play_refusals()
        self.write_action_whys()
        self.write_triggers()
        self.write_whenevers()
        self.write_main()
        self.write_helpers()
        self._write_rest()
        self.inits = self._inits()
        return self.source()

    def generate_effect(self, stmts) -> str:
        """The module of one ad-hoc effect (``EVAL(g, you, this, ev)``), to run in a copy
        of the program's namespace: it calls the program's actions and triggers, and
        writes only the helpers it needs itself."""
        self.card_aimed = any(d.target is not None for d in self.deflist)
        self.aiming = self._aiming()
        self.aim_forbids = self._aim_forbids()
        self.card_requires = [f"CR{i}" if d.requires else None
                              for i, d in enumerate(self.deflist)]
        self.plan_call_checks()
        self.plan_card_costs()
        self.block_fn("EVAL", stmts, force=True)
        self.write_helpers()
        self._write_rest()
        return self.source()

    def _aiming(self) -> bool:
        """Whether a call chooses a card's targets as it plays it (`target for`): only
        when some card has targets (otherwise the clause has nothing to choose)."""
        return self.card_aimed and any(a.aims is not None for a in self.program.actions.values())

    def _aim_forbids(self) -> set:
        """The calls that play a card (`target for`) with a `static forbid` that reads the
        targets: it is checked as they are chosen, not before."""
        if not self.aiming:
            return set()
        reading = self.program.info().forbids_on_targets
        return {st.event for st in self.program.all_statics if st.index in reading}

    def _write_rest(self):
        """Windows, ACTIVATE, dispatchers and preventions, until none asks for more (an
        instead body may ask for a dispatcher, a window's lister for ACTIVATE...)."""
        for _ in range(4):
            before = len(self.functions)
            self.write_windows()
            self.write_activate()
            self.write_dispatchers()
            self.write_preventions()
            self.write_dispatchers()
            if len(self.functions) == before:
                return

    def _call_wrapper(self, name, k, action, decides):
        params = _param_idents(action.params)
        reads_ability = self.program.reads_ability

        def body(f):
            data = "{" + ", ".join(f"{literal(p)}: {x}" for p, x in zip(action.params, params)) + "}"
            f.names = dict(zip(action.params, params))
            if reads_ability:
                f.ability = "byab"
            self.action_guard(action, f)          # before the event: no event at all
            self.writeline(f"data = {data}")
            if name in self.aim_forbids:      # those reading its card's targets: later
                self.writeline(f"if FORBIDDEN_AIMED(g, {literal(name)}, data, you, (), False): "
                               "return REFUSED")
            elif name in self.a.static_events.get("forbid", ()):
                self.writeline(f"if FORBIDDEN(g, {literal(name)}, data, you): return REFUSED")
            args = "".join(f", {x}" for x in params)
            ab = ", byab" if reads_ability else ""
            call = f"A{k}(g, you, this, ev{ab}{args})"
            if reads_ability and name in self.a.listened and "ability" not in action.params:
                self.writeline("data['ability'] = byab")      # (a parameter of that name wins)
            if self.aiming and action.aims is not None:
                self._aim_call(f, name, action, f.names[action.aims], call[:-1] + ", aim)",
                               decides)
                return
            if not action.targets:
                if name in self.a.listened:
                    self.writeline("data['source'] = this")
                self._tell(f, action, None)
                self._show_played(f, name, action)
                self.emit(f, name, "data", "you",
                          lambda f, ev: self.writeline(self.call(f, call, decides)))
                return
            # Targets: announced (the illegal ones dropped at once), checked again once
            # the `before` reactions are done; with none left the call does nothing.
            f.names = dict(zip(action.params, params))
            self.writeline("data['source'] = this")
            aimed = ", ".join(dict(zip(action.params, params))[t] for t, _ in action.targets)
            self._tell(f, action, f"TARGETED(g, you, {literal(name)}, TARGET_LIST(({aimed},)))")
            self._check_targets(f, name, action, params, announce=True)
            self.writeline("if not data['targets']: return TARGETLESS(g, you, "
                           f"{literal(name)})")
            self.fire_targeted(f, "data['targets']", "this", f.ability,
                               f"EVENT({literal(name)}, data, you)")

            def perform(f, ev):
                self._check_targets(f, name, action, params, announce=False)
                self.writeline("if not data['targets']: TARGETLESS(g, you, "
                               f"{literal(name)})")
                self.writeline("else:")
                self.indent()
                self.writeline(self.call(f, call, decides))
                self.outdent()
            self.emit(f, name, "data", "you", perform)
        # `pre`: the targets a move that makes the call chose for its card as it started
        self.defn(f"CA{k}", f"g, you, this, ev{', byab' if reads_ability else ''}"
                            f"{''.join(', ' + x for x in params)}"
                            f"{', pre' if name in self.aim_forbids else ''}",
                  self.resumable and decides, body)

    def _aim_call(self, f, name, action, card, call, decides) -> None:
        """A call that plays ``card`` (`target for`): the card's targets are chosen as the
        call is declared (AIM: announced, heard by `targeted`, listed in the event's
        `targets`) and handed to its body's `resolve` as ``aim``: the card, and what was
        chosen (False: it had no legal target, and will do nothing)."""
        self.writeline("data['source'] = this")
        self._tell(f, action, None)
        self._aim(f, name, card, "data")
        if name in self.aim_forbids:
            # refused with the targets chosen (AIM), or with none for a card without
            self.writeline("if aim is not None and aim[1] is REFUSED: return REFUSED")
            self.writeline(f"if aim is None and FORBIDDEN_AIMED(g, {literal(name)}, data, you, ()): "
                           "return REFUSED")
        self._show_played(f, name, action)
        self.emit(f, name, "data", "you", lambda f, ev: self.writeline(self.call(f, call, decides)))

    def _show_played(self, f, name, action) -> None:
        """A call that plays a card (`target for`) and opens a response window shows the
        card as it is declared (once its targets are told): the players the window asks
        read what they answer."""
        if action.aims is not None and name in self.a.responded:
            played = f.names[action.aims]
            self.writeline(f"if type({played}) is CARD: {played}.face_up = True")

    def _aim(self, f, name, card, data) -> None:
        """``aim``: ``card`` and its targets chosen now (AIM; or, by the move making the
        call, as it started: ``pre``), or None for a card without."""
        self.writeline("aim = None")
        self.writeline(f"if type({card}) is CARD and EFFECT_TARGET[{card}.d] is not None:")
        self.indent()
        pre = ", pre" if name in self.aim_forbids else ""
        aim = self.call(f, f"AIM(g, you, {card}, {literal(name)}, {data}{pre})", True)
        self.writeline(f"aim = ({card}, {aim})")
        self.outdent()

    def _tell(self, f, action, default) -> None:
        """A call's log line as it is declared: its first `say` line whose condition
        holds, else ``default`` (a line of code: the targets' line; None: no line)."""
        if not action.told:
            if default:
                self.writeline(default)
            return
        self.writeline("if g.logging:")       # (the lines draw no random numbers)
        self.indent()
        opened = 1
        for words, cond in action.told:
            line = self.say_call(words, f, "you", "this", action.pos)
            if cond is None:
                self.writeline(line)
                break
            self.writeline(f"if {self.cond(cond, f)}: {line}")
            self.writeline("else:")
            self.indent()
            opened += 1
        else:
            self.writeline(default or "pass")
        for _ in range(opened):
            self.outdent()

    def _check_targets(self, f, name, action, params, announce: bool) -> None:
        """Drop each `target` parameter that is not legal now (`none`, or left out of a
        list), and list those left in ``data['targets']``."""
        idents = dict(zip(action.params, params))
        guarded = self.program.untargetable
        for tname, cond in action.targets:
            x = idents[tname]
            if cond is not None or guarded:
                it = self.w.fresh("c")
                saved = (f.it, f.it_safe)
                f.it, f.it_safe = it, True
                try:
                    test = self.quiet(cond, f, cond=True) if cond is not None else None
                finally:
                    f.it, f.it_safe = saved
                if guarded:
                    # and no `static untargetable` protects it from this caller's aiming
                    aim = f"MAY_AIM(g, you, this, {f.ability}, {it})"
                    test = aim if test is None else f"({test}) and {aim}"
                self.writeline(f"{x} = KEEP_TARGETS(g, {x}, lambda {it}: {test}, "
                               f"{literal(name)}, {str(not announce)})")
                self.writeline(f"data[{literal(tname)}] = {x}")
        names = ", ".join(idents[t] for t, _ in action.targets)
        self.writeline(f"data['targets'] = TARGET_LIST(({names},))")

    def _target_fns(self, i: int, target) -> "tuple | None":
        """Card definition ``i``'s `target NAME from C [up to N]` as the names of two
        functions of the card, its collection (``ET{i}``) and its count (``ETN{i}``;
        None: one target), or None without a target."""
        if target is None:
            return None
        coll = self.expr_fn(f"ET{i}", target[1], this_safe=True)
        count = self.expr_fn(f"ETN{i}", target[3], this_safe=True) \
            if target[3] is not None else None
        return coll, count

    def _static(self, st) -> dict:
        saved, self.spot = self.spot, getattr(st, "pos", None)
        try:
            return self._static_fns(st)
        finally:
            self.spot = saved

    def _static_fns(self, st) -> dict:
        i = st.index
        out = {}
        this_safe = st.card is not None
        if st.where is not None:
            out["where"] = self.expr_fn(f"SW{i}", st.where, this_safe=this_safe, ev_safe=True,
                                        cond=True)
        if st.amount is not None:
            out["amount"] = self.expr_fn(f"SA{i}", st.amount, this_safe=this_safe)
        if st.target is not None:
            out["target"] = self.expr_fn(f"ST{i}", st.target, this_safe=this_safe)
        if st.source is not None:
            out["source"] = self.expr_fn(f"SS{i}", st.source, this_safe=this_safe)
        if st.body is not None:
            out["body"] = self.block_fn(f"SB{i}", st.body,
                                        force=self.a.event_decides(st.event),
                                        this_safe=this_safe, ev_safe=True)
        return out

    def _inits(self) -> dict:
        """The functions the engine calls while building a game and for numbers."""
        p = self.program
        out = {"zone_capacity": {}, "resource_start": {}, "resource_min": {},
               "resource_max": {}, "var_init": {}, "params": {}, "limits": {}, "standings": {}}
        n = self.w.fresh
        for z in p.zones.values():
            if z.capacity is not None:
                out["zone_capacity"][z.name] = self.expr_fn(n("ZC"), z.capacity)
        for r in p.resources.values():
            for attr in ("start", "min", "max"):
                node = getattr(r, attr)
                if node is not None:
                    out["resource_" + attr][r.name] = self.expr_fn(n("R"), node)
        for name, (per_player, init) in p.vars.items():
            if init is not None:
                out["var_init"][name] = self.expr_fn(n("V"), init)
        for name, node in p.params.items():
            out["params"][name] = self.expr_fn(n("PA"), node)
        for name, node in p.limits.items():
            out["limits"][name] = self.expr_fn(n("LI"), node)
        for side, node in p.standings.items():          # key None: the game's own
            out["standings"][side] = self.expr_fn(n("SG"), node)
        return out

    def source(self) -> str:
        lines = self._head()
        for fn in self.functions:
            lines.extend(fn)
            lines.append("")
        return "\n".join(lines) + "\n"

    def _head(self) -> list:
        return ["# Generated by Deckwright from the checked program "
                f"{literal(self.program.name)}; do not edit.", ""]

    def first_lines(self) -> list:
        """The line of :meth:`source` where each function of ``functions`` starts."""
        out, line = [], len(self._head()) + 1
        for fn in self.functions:
            out.append(line)
            line += len(fn) + 1
        return out


def _param_idents(params) -> list:
    return [f"a{k}" for k in range(len(params))]


def line_positions(first_lines: list, function_pos: list) -> dict:
    """Line of the generated source → the position of the deck statement it was written
    for, the innermost: ``first_lines`` from :meth:`CodeGenerator.first_lines`,
    ``function_pos`` the generator's (a statement's span comes after those inside it)."""
    out = {}
    setdefault = out.setdefault
    for start, (head, spans) in zip(first_lines, function_pos):
        at = start + head
        for first, end, pos in spans:
            for line in range(at + first, at + end):
                setdefault(line, pos)
    return out
