"""Running one scenario: arrange the Given, take the When's decisions, check the Then.

The runner is a client of the public engine API only: a :class:`~dsl.session.Session`
with an ``arrange`` hook, its pending ``decision`` and ``legal()`` labels, ``refusal`` and
``apply``, the game state and the log, and the REPL's label matching
(:func:`dsl.agents.matching`). It knows no game.

>>> from dsl.loader import load_text
>>> program = load_text('''game "T" extends "example"
... scenario "Invention gains two gears" {
...   given {
...     hand of P1: "Invention"
...     deck top: "Wrench"
...   }
...   when { P1 chooses "play_action: Invention" }
...   then { gears of P1 is 2 }
... }''', "t.deck")
>>> [f.message for f in run(program, program.scenarios[0])]
[]
"""
from __future__ import annotations

from collections import Counter
from typing import Optional

from ..agents import ambiguous, matching
from ..errors import Diagnostic, EngineError, SourcePosition, suggest
from ..rng import Rng
from .syntax import Attr, CardSpec, Line, Num, Part, Place, Scenario, Text, Value, Word

MAX_SKIPPED = 1_000       # single-option decisions taken on their own between two steps


class Failure:
    """One expectation that did not hold (or a step that could not be taken), at ``pos``;
    ``expected``/``actual`` are lines of text for the diff, when there is one."""
    __slots__ = ("pos", "message", "expected", "actual")

    def __init__(self, pos, message: str, expected=None, actual=None):
        self.pos = pos
        self.message = message
        self.expected = expected
        self.actual = actual

    def __repr__(self) -> str:
        return f"Failure({self.pos}, {self.message!r})"


class _Stop(Exception):
    """A failure after which the scenario cannot go on (a step not taken)."""

    def __init__(self, failure: Failure):
        self.failure = failure


# --- a file's background -------------------------------------------------------------------

_PLACED = ("g_zone", "g_zone_top", "g_zone_empty", "g_value")
_SINGLE = ("g_players", "g_seed", "g_first", "g_turn", "g_setup")


def _key(line: Line):
    if line.kind in _PLACED:
        p = line.args[0]
        return ("place", p.name, p.seat, p.side)
    if line.kind in _SINGLE:
        return (line.kind,)
    if line.kind == "g_option":
        return ("option", line.args[0].word)
    return None


def with_background(sc: Scenario, background) -> Scenario:
    """The scenario with its file's `background` lines before its own `given`; a line of
    its own for a zone, a value, an option or the seats replaces the background's, and
    with `setup` of its own it keeps only the background's players, seed and options."""
    background = tuple(background)
    if not background:
        return sc
    parts = list(sc.parts)
    given = parts.pop(0) if parts and parts[0].kind == "given" else None
    own = given.lines if given else ()
    mine = {_key(l) for l in own} - {None}
    if ("g_setup",) in mine:              # the deck's setup replaces the arrangement
        background = tuple(l for l in background if l.kind in ("g_players", "g_seed", "g_option"))
    lines = tuple(l for l in background if _key(l) not in mine) + own
    merged = Part("given", None, lines, pos=given.pos if given else sc.pos)
    return Scenario(sc.name, (merged, *parts), pos=sc.pos)


# --- names ---------------------------------------------------------------------------------

def check(program, sc: Scenario) -> list:
    """The mistakes in a scenario's names (cards, zones, seats...) as error diagnostics,
    before anything runs: like every deck error, at the spot, with a caret and a hint."""
    return _Names(program, sc).check()


class _Names:
    def __init__(self, program, sc: Scenario):
        self.p = program
        self.sc = sc
        self.diags: list = []
        self.players = max(program.min_players, 2)
        for part in sc.parts:
            for line in part.lines:
                if line.kind == "g_players":
                    self.players = line.args[0].value

    def error(self, message, pos, hint=None):
        self.diags.append(Diagnostic("scenario", message, pos, hint=hint))

    def check(self) -> list:
        p = self.p
        if not p.min_players <= self.players <= p.max_players:
            line = next(l for part in self.sc.parts for l in part.lines if l.kind == "g_players")
            self.error(f"{p.name} is for {p.min_players} to {p.max_players} players, "
                       f"not {self.players}", line.pos)
        givens = [part for part in self.sc.parts if part.kind == "given"]
        if len(givens) > 1:
            self.error("a scenario has one `given`", givens[1].pos)
        if self.sc.parts and givens and self.sc.parts[0].kind != "given":
            self.error("`given` comes first in a scenario", givens[0].pos)
        setup = [l for part in givens for l in part.lines if l.kind == "g_setup"]
        for part in self.sc.parts:
            if part.kind == "then" and isinstance(part.point, Text):
                pass
            for line in part.lines:
                if setup and line.kind in ("g_zone", "g_zone_top", "g_value", "g_first",
                                           "g_player_mark", "g_turn"):
                    self.error("a scenario that runs the deck's `setup` cannot also arrange "
                               "the game", line.pos,
                               hint="arrange everything, or keep `setup` and only set "
                                    "`players`, `seed`, options and shuffles")
                getattr(self, line.kind, self.other)(line)
        return self.diags

    # the pieces
    def seat(self, word: Word) -> None:
        n = self.players
        if not (word.word.startswith("P") and word.word[1:].isdigit()
                and 1 <= int(word.word[1:]) <= n):
            self.error(f"no seat `{word.word}`: the scenario has P1 to P{n}", word.pos,
                       hint=f"seats are P1 to P{n}; `players N` sets how many")

    def card(self, text: Text) -> None:
        if text.text not in self.p.cards:
            self.error(f"no card named `{text.text}`", text.pos,
                       hint=suggest(text.text, self.p.cards))

    def place(self, place: Place, want: str = "any") -> Optional[str]:
        """What ``place`` names ("zone", "resource", "var"), or None (an error recorded)."""
        p = self.p
        if place.seat is not None:
            self.seat(Word(place.seat, pos=place.pos))
        if place.side is not None and place.side not in [s[0] for s in p.sides]:
            self.error(f"no side `{place.side}`", place.pos,
                       hint=suggest(place.side, [s[0] for s in p.sides])
                       or (f"the sides are {', '.join(s[0] for s in p.sides)}" if p.sides
                           else "this game has no sides: name a seat (`of P1`)"))
            return None
        if place.name in p.zones:
            scope = p.zones[place.name].scope
            if want == "value":
                self.error(f"`{place.name}` is a zone, not a resource or variable", place.pos,
                           hint=f"list its cards: `{_place_text(place)}: \"NAME\", ...`")
                return None
            if scope == "shared" and (place.seat or place.side):
                self.error(f"`{place.name}` is shared: it has no `of`", place.pos,
                           hint=f"write `{place.name}`")
            elif scope == "player" and place.side:
                self.error(f"`{place.name}` is a zone of each player: name a seat", place.pos,
                           hint=f"write `{place.name} of P1`")
            elif scope != "shared" and not (place.seat or place.side):
                whose = "player" if scope == "player" else "side (or a seat of it)"
                self.error(f"`{place.name}` belongs to each {whose}: say whose", place.pos,
                           hint=f"write `{place.name} of P1`")
            return "zone"
        if place.name in p.resources or place.name in p.vars:
            per = (not p.resources[place.name].shared if place.name in p.resources
                   else p.vars[place.name][0])
            kind = "resource" if place.name in p.resources else "var"
            if want == "cards":
                self.error(f"`{place.name}` is a {'resource' if kind == 'resource' else 'variable'}, "
                           "not a zone", place.pos)
                return None
            if place.side:
                self.error(f"`{place.name}` belongs to a seat, not a side", place.pos)
            elif per and not place.seat:
                self.error(f"`{place.name}` is each player's: say whose", place.pos,
                           hint=f"write `{place.name} of P1`")
            elif not per and place.seat:
                self.error(f"`{place.name}` is the game's, not a player's: it has no `of`",
                           place.pos, hint=f"write `{place.name}`")
            return kind
        names = list(p.zones) + list(p.resources) + list(p.vars)
        self.error(f"no zone, resource or variable named `{place.name}`", place.pos,
                   hint=suggest(place.name, names))
        return None

    def attr(self, a: Attr, given: bool) -> None:
        if a.kind in ("owner", "controller"):
            self.seat(a.value)
        elif a.kind == "counter" and a.value.word not in self.p.counters:
            self.error(f"no counter named `{a.value.word}`", a.value.pos,
                       hint=suggest(a.value.word, self.p.counters)
                       or "declare it: `counter NAME`")
        elif a.kind in ("mark", "not mark") and a.value.word not in self.p.marks:
            self.error(f"no mark named `{a.value.word}`", a.value.pos,
                       hint=suggest(a.value.word, self.p.marks) or "declare it: `mark NAME`")
        elif a.kind == "attached":
            self.card(a.value)
        elif given and a.kind in ("token", "not mark"):
            self.error(f"`{'token' if a.kind == 'token' else 'not marked'}` is something to "
                       "check, not to arrange", a.pos)

    def mark(self, word: Word) -> None:
        if word.word not in self.p.marks:
            self.error(f"no mark named `{word.word}`", word.pos,
                       hint=suggest(word.word, self.p.marks) or "declare it: `mark NAME`")

    def value(self, v: Value) -> None:
        if v.kind == "seat":
            self.seat(Word(v.value, pos=v.pos))

    # given
    def g_players(self, line):
        pass

    g_seed = g_setup = g_turn = g_players

    def g_option(self, line):
        name = line.args[0]
        if name.word not in self.p.options:
            self.error(f"no option named `{name.word}`", name.pos,
                       hint=suggest(name.word, self.p.options)
                       or f"the options are: {', '.join(self.p.options) or 'none'}")

    def g_first(self, line):
        self.seat(line.args[0])

    def g_player_mark(self, line):
        self.seat(line.args[0])
        self.mark(line.args[1])

    def g_zone(self, line):
        place, specs = line.args[0], line.args[1:]
        self.place(place, "cards")
        for spec in specs:
            self.card(spec.name)
            for a in spec.attrs:
                self.attr(a, True)

    g_zone_top = g_zone

    def g_zone_empty(self, line):
        self.place(line.args[0], "cards")

    def g_value(self, line):
        place, value = line.args
        self.place(place, "value")
        self.value(value)

    def g_rig(self, line):
        place = line.args[0]
        if self.place(place, "cards") == "zone" and not self.p.zones[place.name].ordered:
            self.error(f"`{place.name}` is not ordered: it has no top", place.pos)
        for t in line.args[1:]:
            self.card(t)

    # when
    def w_choose(self, line):
        seat, labels, refused = line.args
        if seat is not None:
            self.seat(seat)

    # then
    def t_is(self, line):
        kind = self.place(line.args[0])
        for v in line.args[1:]:
            if kind == "zone":
                if v.kind != "str":
                    self.error("a zone holds cards: name them in quotes", v.pos)
                elif v.value not in self.p.cards:
                    self.error(f"no card named `{v.value}`", v.pos,
                               hint=suggest(v.value, self.p.cards))
            else:
                self.value(v)
        if kind not in ("zone", None) and len(line.args) > 2:
            self.error(f"`{line.args[0].name}` has one value", line.args[2].pos)

    def t_compare(self, line):
        self.place(line.args[0], "value")

    def t_empty(self, line):
        self.place(line.args[0], "cards")

    def t_count(self, line):
        self.place(line.args[0], "cards")

    def t_top(self, line):
        self.g_rig(line)

    def t_has(self, line):
        self.place(line.args[0], "cards")
        for t in line.args[1:]:
            self.card(t)

    t_has_no = t_has

    def t_card(self, line):
        self.card(line.args[0])
        self.place(line.args[1], "cards")
        for a in line.args[2:]:
            self.attr(a, False)

    def t_player_mark(self, line):
        self.g_player_mark(line)

    t_player_not_mark = t_player_mark

    def t_sees(self, line):
        self.seat(line.args[0])
        self.card(line.args[1])
        self.place(line.args[2], "cards")

    t_not_sees = t_sees

    def t_asked(self, line):
        self.seat(line.args[0])

    t_may = t_may_not = t_log_for = t_eliminated = t_asked

    def t_winner(self, line):
        for w in line.args:
            self.seat(w)

    t_winners = t_winner

    def other(self, line):
        pass


def _place_text(place: Place) -> str:
    owner = place.seat or place.side
    return f"{place.name} of {owner}" if owner else place.name


# --- running -------------------------------------------------------------------------------

class _RiggedRng(Rng):
    """The game's generator, which after the next shuffle of a zone puts named cards on
    top (`next shuffle of deck leaves "X" on top`). Copies (checkpoints) are plain."""
    __slots__ = ("rigs",)

    def shuffle(self, items: list) -> None:
        super().shuffle(items)
        for rig in list(self.rigs):
            zone, names, line, failures = rig
            if items is not zone.cards:
                continue
            self.rigs.remove(rig)
            moved = 0
            for name in reversed(names):      # the last named ends on top
                at = next((i for i in range(len(items) - 1 - moved, -1, -1)
                           if items[i].name == name), None)
                if at is None:
                    failures.append(Failure(line.pos, f"the shuffle of {zone.key} could not "
                                            f"leave `{name}` on top: it is not there"))
                    continue
                moved += 1
                items.append(items.pop(at))


def _rig(rng: Rng) -> _RiggedRng:
    if isinstance(rng, _RiggedRng):
        return rng
    r = _RiggedRng.__new__(_RiggedRng)
    r._random, r._bits, r._frozen = rng._random, rng._bits, None
    r.rigs = []
    return r


class _Point:
    """The state as it was at a point of the steps (end of turn, a log line)."""
    __slots__ = ("state", "log_len")

    def __init__(self, state, log_len):
        self.state = state
        self.log_len = log_len


def run(program, sc: Scenario) -> list:
    """Run one scenario; its failures (empty: it passed). Mistakes in its names come
    first, from :func:`check`, as failures (nothing runs then)."""
    diags = check(program, sc)
    if diags:
        return [Failure(d.pos, d.message + (f"\n  hint: {d.hint}" if d.hint else ""))
                for d in diags]
    return _Run(program, sc).go()


class _Run:
    def __init__(self, program, sc: Scenario):
        self.p = program
        self.sc = sc
        self.failures: list = []
        self.session = None
        self.log_mark = 0              # the log's length when the last step was taken

    def fail(self, pos, message, expected=None, actual=None):
        self.failures.append(Failure(pos, message, expected, actual))

    # the game
    def go(self) -> list:
        parts = list(self.sc.parts)
        given = parts.pop(0) if parts and parts[0].kind == "given" else None
        try:
            self.start(given.lines if given else ())
        except _Stop as stop:
            return self.failures + [stop.failure]
        for i, part in enumerate(parts):
            try:
                if part.kind == "when":
                    points = []
                    for later in parts[i + 1:]:
                        if later.kind == "when":
                            break
                        points.append(later.point)
                    self.snapshots = {}
                    self.steps(part.lines, points)
                else:
                    self.then(part)
            except _Stop as stop:
                self.failures.append(stop.failure)
                break
        return self.failures

    def start(self, lines):
        from ..invariants import violations
        from ..session import Session
        players, seed, options, setup = max(self.p.min_players, 2), 1, {}, False
        for line in lines:
            if line.kind == "g_players":
                players = line.args[0].value
            elif line.kind == "g_seed":
                seed = line.args[0].value
            elif line.kind == "g_option":
                options[line.args[0].word] = line.args[1].value
            elif line.kind == "g_setup":
                setup = True
        self.players = players
        rigs = [line for line in lines if line.kind == "g_rig"]

        def arrange(game):
            self.arrange(game, lines)
            self.rig(game, rigs)

        def rig_only(game):
            self.rig(game, rigs)

        pos = lines[0].pos if lines else self.sc.pos
        try:
            if setup:
                # The deck's own setup runs; a shuffle rigged for it must be in place first.
                session = Session(self.p, seed=seed, players=players, options=options,
                                  arrange=None, choices=[])
                if rigs:
                    self.fail(rigs[0].pos, "a shuffle can be rigged only in an arranged "
                                           "game, not in the deck's own setup")
            else:
                session = Session(self.p, seed=seed, players=players, options=options,
                                  arrange=arrange)
        except EngineError as err:
            raise _Stop(Failure(pos, f"the game could not start: {err}"))
        self.session = session
        broken = violations(session.game)
        if broken:
            raise _Stop(Failure(pos, "the arrangement breaks the game's invariants: "
                                + "; ".join(broken)))

    def rig(self, game, rigs):
        if not rigs:
            return
        st = game.state
        st.rng = _rig(st.rng)
        for line in rigs:
            zone = st.zones[self.zone_key(st, line.args[0])]
            st.rng.rigs.append((zone, [t.text for t in line.args[1:]], line, self.failures))

    def arrange(self, game, lines):
        st = game.state
        placed = []                       # (card, spec) in the order they were put
        for line in lines:
            k = line.kind
            if k in ("g_zone", "g_zone_top"):
                zone = st.zones[self.zone_key(st, line.args[0])]
                specs = line.args[1:]
                cards = [(spec, i) for spec in specs for i in range(spec.copies)]
                if k == "g_zone_top":
                    cards.reverse()       # listed top first; a zone's list ends at its top
                for spec, _ in cards:
                    owner = self.default_owner(st, zone)
                    for a in spec.attrs:
                        if a.kind == "owner":
                            owner = self.seat(st, a.value.word)
                    c = game.put(spec.name.text, zone, owner)
                    if owner is None:
                        c.owner = None
                        c.controller = zone.owner if zone.in_play else None
                    for a in spec.attrs:
                        if a.kind == "controller":
                            c.controller = self.seat(st, a.value.word)
                        elif a.kind == "face":
                            c.face_up = a.value
                        elif a.kind == "counter":
                            if a.count:
                                c.counters[a.value.word] = a.count
                        elif a.kind == "mark":
                            c.marks[a.value.word] = None
                    placed.append((c, spec))
            elif k == "g_value":
                place, value = line.args
                self.set_value(st, place, self.value(st, value))
            elif k == "g_first":
                st.globals["first_player"] = self.seat(st, line.args[0].word)
            elif k == "g_player_mark":
                self.seat(st, line.args[0].word).marks[line.args[1].word] = None
            elif k == "g_turn":
                st.turn = line.args[0].value - 1
        for c, spec in placed:
            for a in spec.attrs:
                if a.kind == "attached":
                    host = next((h for h, _ in placed if h.name == a.value.text and h is not c),
                                None)
                    if host is None:
                        raise _Stop(Failure(a.pos, f"no `{a.value.text}` is arranged for "
                                                   f"`{c.name}` to be attached to"))
                    c.attached_to = host

    @staticmethod
    def default_owner(st, zone):
        if zone.owner is not None:
            return zone.owner
        if zone.side is not None:
            return next((p for p in st.players if p.side == zone.side), None)
        return None

    # names → state
    @staticmethod
    def seat(st, word: str):
        return st.players[int(word[1:]) - 1]

    def zone_key(self, st, place: Place) -> str:
        zdef = self.p.zones[place.name]
        if zdef.scope == "shared":
            return place.name
        if zdef.scope == "player":
            return f"{place.name}:{int(place.seat[1:]) - 1}"
        side = place.side or self.seat(st, place.seat).side
        return f"{place.name}:{side}"

    def read_value(self, st, place: Place):
        p, name = self.p, place.name
        if name in p.resources:
            if p.resources[name].shared:
                return st.globals.get(name, 0)
            return self.seat(st, place.seat).res.get(name, 0)
        if p.vars[name][0]:
            return self.seat(st, place.seat).vars.get(name)
        return st.globals.get(name)

    def set_value(self, st, place: Place, value):
        p, name = self.p, place.name
        if name in p.resources:
            if p.resources[name].shared:
                st.globals[name] = value
            else:
                self.seat(st, place.seat).res[name] = value
        elif p.vars[name][0]:
            self.seat(st, place.seat).vars[name] = value
        else:
            st.globals[name] = value

    def value(self, st, v: Value):
        return self.seat(st, v.value) if v.kind == "seat" else v.value

    # the steps
    def steps(self, lines, points):
        watch_end = "turn end" in points
        texts = [pt.text for pt in points if isinstance(pt, Text)]
        game = self.session.game
        if watch_end or texts:
            write = type(game).write

            def spy(text, *args, **kw):
                if watch_end and "turn end" not in self.snapshots and (
                        text.startswith(("— turn ", "— round ", "game over:"))):
                    self.snapshots["turn end"] = _Point(game.state.copy(), len(game.log))
                write(game, text, *args, **kw)
                for t in texts:
                    if t not in self.snapshots and t in text:
                        self.snapshots[t] = _Point(game.state.copy(), len(game.log))
            game.write = spy
        try:
            for line in lines:
                self.step(line)
        finally:
            game.__dict__.pop("write", None)

    def step(self, line: Line):
        seat, labels, refused = line.args
        s = self.session
        for _ in range(MAX_SKIPPED):
            d = s.decision
            if d is None:
                raise _Stop(Failure(line.pos, "the game is over: there is no decision to "
                                              f"take ({self.game_result()})"))
            if refused is not None or self.fits(d, seat, labels):
                break                     # a refusal is checked at the pending decision
            only = _only_answer(d)
            if only is None:
                if self.taken_silently(labels, refused):
                    return
                break
            self.take(line, only)
        else:
            raise _Stop(Failure(line.pos, f"more than {MAX_SKIPPED} single-option decisions "
                                          "in a row"))
        if seat is not None and d.player.name != seat.word:
            raise _Stop(Failure(seat.pos, f"{seat.word} is not the one deciding: "
                                          f"{d.player.name} is asked `{d.prompt}`",
                                [f"{seat.word} decides"],
                                [f"{d.player.name}: {d.prompt}"] +
                                [f"  {label}" for label in d.labels]))
        if refused is not None:
            self.refused_step(line, d, labels, refused[1])
            return
        choice = self.resolve(d, labels, line)
        self.take(line, choice)

    def taken_silently(self, labels, refused) -> bool:
        """Whether a stated choice is one the engine took itself: a choice with a single
        option is never asked, so a step naming it finds the next decision instead. It is
        passed over when the log since the step before names every label it gives."""
        if refused is not None or not labels:
            return False
        since = [e.text.lower() for e in self.session.game.log[self.log_mark:]]
        return all(any(t.text.lower() in line for line in since) for t in labels)

    def fits(self, d, seat, labels) -> bool:
        if seat is not None and d.player.name != seat.word:
            return False
        if not labels:
            return d.multi and d.min_count == 0
        return all(matching(d.labels, t.text) for t in labels)

    def resolve(self, d, labels, line):
        if not labels:
            if not (d.multi and d.min_count == 0):
                raise _Stop(Failure(line.pos, f"`{d.prompt}` needs a choice: nothing is not "
                                              "an answer", None, self.options_of(d)))
            return ()
        if not d.multi and len(labels) > 1:
            raise _Stop(Failure(labels[1].pos, f"`{d.prompt}` takes one option, not "
                                               f"{len(labels)}"))
        taken = []
        for t in labels:
            found = [i for i in matching(d.labels, t.text) if i not in taken]
            if not found:
                raise _Stop(Failure(t.pos, f"no option `{t.text}` for {d.player.name}'s "
                                           f"`{d.prompt}`", [t.text], self.options_of(d)))
            shown = list(dict.fromkeys(d.labels[i] for i in found))
            if len(shown) > 1:
                raise _Stop(Failure(t.pos, ambiguous(t.text, shown, numbered=False)))
            taken.append(found[0])
        return tuple(taken) if d.multi else taken[0]

    @staticmethod
    def options_of(d) -> list:
        return [f"{d.player.name}: {d.prompt}"] + [f"  {label}" for label in d.labels]

    def take(self, line, choice):
        self.log_mark = len(self.session.game.log)
        try:
            refusal = self.session.apply(choice)
        except EngineError as err:
            raise _Stop(Failure(line.pos, f"the action failed: {err}"))
        except AssertionError as err:       # an invariant broken by the action
            raise _Stop(Failure(line.pos, f"the game broke an invariant: {err}"))
        if refusal is not None:
            raise _Stop(Failure(line.pos, f"refused: {refusal.reason}"))

    def refused_step(self, line, d, labels, reason: Optional[Text]):
        try:
            choice = self.resolve(d, labels, line)
            refusal = self.session.refusal(choice)
            why = refusal.reason if refusal is not None else None
        except _Stop as stop:
            why = stop.failure.message
        if why is None:
            raise _Stop(Failure(line.pos, "expected a refusal, but the choice would be taken",
                                ["refused" + (f": {reason.text}" if reason else "")],
                                ["taken"]))
        if reason is not None and reason.text.lower() not in why.lower():
            self.fail(reason.pos, "refused for another reason", [reason.text], [why])

    def game_result(self) -> str:
        return self.session.game.describe_result()

    # the expectations
    def then(self, part):
        s = self.session
        if part.point is None:
            st, log, decision = s.state, s.game.log, s.decision
        else:
            key = part.point if part.point == "turn end" else part.point.text
            point = getattr(self, "snapshots", {}).get(key)
            if point is None:
                what = ("no turn ended" if key == "turn end"
                        else f"the log did not say `{key}`")
                self.fail(part.pos, f"{what} during the steps before this `then`")
                return
            st, log, decision = point.state, s.game.log[:point.log_len], None
        for line in part.lines:
            _Expect(self, st, log, decision, part.point is None).check(line)


def _only_answer(d):
    """The one legal answer of a decision, if it has only one (None otherwise)."""
    n = len(d.values)
    if not d.multi:
        return 0 if n == 1 else None
    if d.max_count == 0 or n == 0:
        return ()
    if d.min_count == d.max_count == n:
        return tuple(range(n))
    return None


def _show(v) -> str:
    from ..engine.state import CardInst, Player
    if isinstance(v, bool):
        return "true" if v else "false"
    if v is None:
        return "none"
    if isinstance(v, Player):
        return v.name
    if isinstance(v, CardInst):
        return f'"{v.name}"'
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    return str(v)


class _Expect:
    """The expectations of one `then`, against a state (now, or at a point)."""

    def __init__(self, run: _Run, st, log, decision, now: bool):
        self.run = run
        self.st = st
        self.log = log
        self.d = decision
        self.now = now

    def fail(self, line, message, expected=None, actual=None):
        self.run.fail(line.pos, message, expected, actual)

    def check(self, line: Line):
        getattr(self, line.kind)(line, *line.args)

    def zone(self, place):
        return self.st.zones[self.run.zone_key(self.st, place)]

    @staticmethod
    def names(zone) -> list:
        return [c.name for c in zone.cards]

    def t_is(self, line, place, *values):
        if place.name in self.run.p.zones:
            zone = self.zone(place)
            want = [v.value for v in values]
            have = self.names(zone)
            same = want == have if zone.ordered else sorted(want) == sorted(have)
            if not same:
                order = "bottom to top" if zone.ordered else "in any order"
                self.fail(line, f"{zone.key} holds other cards ({order})",
                          [f'"{n}"' for n in want], [f'"{n}"' for n in have])
            return
        want = self.run.value(self.st, values[0])
        have = self.run.read_value(self.st, place)
        if _show(want) != _show(have):
            self.fail(line, f"{_place_text(place)} is {_show(have)}, not {_show(want)}",
                      [_show(want)], [_show(have)])

    def t_compare(self, line, place, op, value):
        have = self.run.read_value(self.st, place)
        want = self.run.value(self.st, value)
        ops = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
               ">=": lambda a, b: a >= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b}
        try:
            ok = ops[op.word](have, want)
        except TypeError:
            ok = False
        if not ok:
            self.fail(line, f"{_place_text(place)} is {_show(have)}: not {op.word} {_show(want)}")

    def t_empty(self, line, place):
        zone = self.zone(place)
        if zone.cards:
            self.fail(line, f"{zone.key} is not empty", [], [f'"{n}"' for n in self.names(zone)])

    def t_count(self, line, place, n):
        zone = self.zone(place)
        if len(zone.cards) != n.value:
            self.fail(line, f"{zone.key} holds {len(zone.cards)} cards, not {n.value}", None,
                      [f'"{x}"' for x in self.names(zone)])

    def t_top(self, line, place, *texts):
        zone = self.zone(place)
        want = [t.text for t in texts]
        have = list(reversed(self.names(zone)))
        if have[:len(want)] != want:
            self.fail(line, f"other cards are on top of {zone.key} (top first)",
                      [f'"{n}"' for n in want], [f'"{n}"' for n in have[:max(len(want), 1) + 2]])

    def t_has(self, line, place, *texts):
        zone = self.zone(place)
        missing = Counter(t.text for t in texts) - Counter(self.names(zone))
        if missing:
            self.fail(line, f"{zone.key} lacks {', '.join(sorted(missing))}",
                      [f'"{t.text}"' for t in texts], [f'"{n}"' for n in self.names(zone)])

    def t_has_no(self, line, place, *texts):
        zone = self.zone(place)
        there = sorted({t.text for t in texts} & set(self.names(zone)))
        if there:
            self.fail(line, f"{zone.key} holds {', '.join(there)}")

    def t_card(self, line, text, place, *attrs):
        zone = self.zone(place)
        cards = [c for c in zone.cards if c.name == text.text]
        if not cards:
            self.fail(line, f"no `{text.text}` in {zone.key}", None,
                      [f'"{n}"' for n in self.names(zone)])
            return
        results = [self.card_problems(c, attrs) for c in cards]
        if not any(not r for r in results):
            problems = results[0]
            self.fail(line, f"`{text.text}` in {zone.key} is not as expected",
                      [w for w, _ in problems], [h for _, h in problems])

    def card_problems(self, c, attrs) -> list:
        out = []
        for a in attrs:
            k = a.kind
            if k in ("owner", "controller"):
                who = getattr(c, k)
                have = who.name if who else "nobody"
                if have != a.value.word:
                    out.append((f"{k} {a.value.word}", f"{k} {have}"))
            elif k == "face":
                if c.face_up != a.value:
                    out.append((f"face {'up' if a.value else 'down'}",
                                f"face {'up' if c.face_up else 'down'}"))
            elif k == "counter":
                have = c.counters.get(a.value.word, 0)
                if have != a.count:
                    out.append((f"{a.count} {a.value.word}", f"{have} {a.value.word}"))
            elif k == "mark":
                if a.value.word not in c.marks:
                    out.append((f"marked {a.value.word}", f"not marked {a.value.word}"))
            elif k == "not mark":
                if a.value.word in c.marks:
                    out.append((f"not marked {a.value.word}", f"marked {a.value.word}"))
            elif k == "attached":
                host = c.attached_to.name if c.attached_to is not None else None
                if host != a.value.text:
                    out.append((f'attached to "{a.value.text}"',
                                f'attached to "{host}"' if host else "attached to nothing"))
            elif k == "token":
                if not c.token:
                    out.append(("token", "not a token"))
        return out

    def player(self, word):
        return self.run.seat(self.st, word.word)

    def t_player_mark(self, line, seat, mark):
        if mark.word not in self.player(seat).marks:
            self.fail(line, f"{seat.word} is not marked {mark.word}")

    def t_player_not_mark(self, line, seat, mark):
        if mark.word in self.player(seat).marks:
            self.fail(line, f"{seat.word} is marked {mark.word}")

    def t_eliminated(self, line, seat):
        if self.player(seat).alive:
            self.fail(line, f"{seat.word} is still in the game")

    def sees(self, line, seat, text, place, want: bool):
        from ..visibility import sees
        zone = self.zone(place)
        cards = [c for c in zone.cards if c.name == text.text]
        if not cards:
            self.fail(line, f"no `{text.text}` in {zone.key}")
            return
        viewer = self.player(seat)
        seen = any(sees(viewer, c) for c in cards)
        if seen != want:
            self.fail(line, f"{seat.word} {'cannot' if want else 'can'} see "
                            f"`{text.text}` in {zone.key}")

    def t_sees(self, line, seat, text, place):
        self.sees(line, seat, text, place, True)

    def t_not_sees(self, line, seat, text, place):
        self.sees(line, seat, text, place, False)

    def decision(self, line):
        if not self.now:
            self.fail(line, "decisions can be checked only after the steps, not at a point "
                            "in the middle of them")
            return None
        return self.d

    def t_asked(self, line, seat, text):
        if not self.now:
            self.decision(line)
            return
        d = self.d
        if d is None:
            self.fail(line, f"nobody is asked anything: {self.run.game_result()}")
        elif d.player.name != seat.word or text.text.lower() not in d.prompt.lower():
            self.fail(line, "someone else is asked, or something else",
                      [f"{seat.word}: {text.text}"], [f"{d.player.name}: {d.prompt}"])

    def t_may(self, line, seat, text):
        if not self.now:
            self.decision(line)
            return
        d = self.d
        if d is None or d.player.name != seat.word or not matching(d.labels, text.text):
            self.fail(line, f"{seat.word} may not choose `{text.text}`", [text.text],
                      self.run.options_of(d) if d else ["(the game is over)"])

    def t_may_not(self, line, seat, text):
        if not self.now:
            self.decision(line)
            return
        d = self.d
        if d is not None and d.player.name == seat.word:
            found = matching(d.labels, text.text)
            if found:
                self.fail(line, f"{seat.word} may choose `{d.labels[found[0]]}`")

    def lines_for(self, viewer) -> list:
        out = []
        for e in self.log:
            views = e.extra.get("views") if e.extra else None
            if views:
                out.append(views.get(viewer.index if viewer else -1, e.text))
            elif e.secret_for is None or (viewer is not None and e.secret_for.index == viewer.index):
                out.append(e.text)
        return out

    def said(self, text, viewer) -> bool:
        return any(text in t for t in self.lines_for(viewer))

    def t_log(self, line, text):
        if not self.said(text.text, None):
            self.fail(line, f"the log does not say `{text.text}`", [text.text],
                      self.lines_for(None)[-8:])

    def t_log_not(self, line, text):
        found = [t for t in self.lines_for(None) if text.text in t]
        if found:
            self.fail(line, f"the log says `{text.text}`: {found[0]}")

    def t_log_for(self, line, seat, text):
        if not self.said(text.text, self.player(seat)):
            self.fail(line, f"{seat.word}'s log does not say `{text.text}`", [text.text],
                      self.lines_for(self.player(seat))[-8:])

    def result(self):
        return self.st.result

    def t_over(self, line):
        if self.result() is None:
            self.fail(line, "the game is not over")

    def t_not_over(self, line):
        if self.result() is not None:
            self.fail(line, f"the game is over: {self.run.game_result()}")

    def t_drawn(self, line):
        r = self.result()
        if r is None or not (r["draw"] or not r["winners"]):
            self.fail(line, "the game is not drawn",
                      ["draw"], [self.run.game_result()])

    def t_winner(self, line, *seats):
        r = self.result()
        want = sorted(w.word for w in seats)
        if r is None or sorted(r["winners"]) != want:
            self.fail(line, "other winners" if r else "the game is not over",
                      [", ".join(want)], [", ".join(r["winners"]) if r else "(in progress)"])

    t_winners = t_winner
