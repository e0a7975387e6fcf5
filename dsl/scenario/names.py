"""What a scenario says, checked before it runs: its names, and its file's `background`.

Every mistake is an error :class:`~deckwright.dsl.errors.Diagnostic` at its spot (file:line:col, a
caret, a hint), like every other deck error. One checker: `deckwright test` calls
:func:`check` before it runs a scenario, and `check`, `lint` and the language server call
:func:`file_errors` on a deck's files without running anything.
"""
from __future__ import annotations

from typing import Optional

from ..errors import Diagnostic, suggest
from .syntax import (Attr, Background, Line, Part, PhasePoint, Place, Scenario, Text, Value,
                     Word)


# --- a file's background -------------------------------------------------------------------

_PLACED = ("g_zone", "g_zone_top", "g_zone_empty", "g_value")
# lines that say how the game starts, not what the table holds
_START = {"g_players": "players", "g_seed": "seed", "g_option": "option", "g_setup": "setup",
          "g_first": "goes first", "g_turn": "turn", "g_phase": "phase"}
_SINGLE = ("g_players", "g_seed", "g_first", "g_turn", "g_phase", "g_setup")


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
    kept = tuple(l for l in background if _key(l) not in mine)
    merged = Part("given", None, kept + own, background=len(kept),
                  pos=given.pos if given else sc.pos)
    return Scenario(sc.name, (merged, *parts), pos=sc.pos)


def written_in(program, shown: str) -> list:
    """The scenarios written in the file ``shown`` (its display path) of ``program``, not
    those of the decks it extends, each with the file's `background` before its `given`."""
    mine = [sc for sc in program.scenarios if sc.pos.file == shown]
    background = [l for b in mine if type(b) is Background for l in b.lines]
    return [with_background(sc, background) for sc in mine if type(sc) is Scenario]


# --- names ---------------------------------------------------------------------------------

def file_errors(program, shown: str) -> list:
    """The mistakes :func:`check` finds in the scenarios written in the file ``shown``,
    each once (a `background` line is in every scenario of its file)."""
    found: list = []
    for sc in written_in(program, shown):
        found.extend(check(program, sc))
    return list(dict.fromkeys(found))


def check(program, sc: Scenario, known=()) -> list:
    """The mistakes in a scenario's names (cards, zones, seats...) as error diagnostics,
    before anything runs: like every deck error, at the spot, with a caret and a hint.
    ``known`` are labels given to cards before these lines (by `arrange_now`'s session)."""
    return _Names(program, sc, known).check()


class _Names:
    def __init__(self, program, sc: Scenario, known=()):
        self.p = program
        self.sc = sc
        self.known = tuple(known)
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
        first = self.sc.parts[0] if self.sc.parts and self.sc.parts[0].kind == "given" \
            else None
        setup = [l for l in first.lines if l.kind == "g_setup"] if first else []
        self.labels = self.collect_labels()
        for self.at, part in enumerate(self.sc.parts):
            if isinstance(part.point, PhasePoint):
                self.phase(part.point.name, part.point.pos)
            if part.nth is not None:
                self.nth(part.nth)
            if part is first and part.point is not None:
                self.error("the first `given` arranges the start of the game, not a point of "
                           "the steps", part.pos,
                           hint="a `given` at a point (`given at start of phase NAME`) comes "
                                "after the `when` whose steps reach it")
            for line in part.lines:
                if part.kind == "given" and part is not first and line.kind in _START:
                    self.error(f"`{_START[line.kind]}` arranges the start of the game: it "
                               "belongs in the first `given`", line.pos,
                               hint="a `given` after a `when` arranges the table at the "
                                    "decision then pending: cards, values, marks and "
                                    "random draws")
                elif setup and part is first and line.kind in (
                        "g_zone", "g_zone_top", "g_value", "g_first", "g_player_mark",
                        "g_turn"):
                    self.error("a scenario that runs the deck's `setup` cannot also arrange "
                               "the game", line.pos,
                               hint="arrange everything, or keep `setup` with only "
                                    "`players`, `seed`, options and random draws (a `given` "
                                    "after a `when` may then arrange the table)")
                getattr(self, line.kind, self.other)(line)
        self.hosts()
        return sorted(self.diags, key=lambda d: (d.pos.line, d.pos.column))

    # labels and hosts
    def collect_labels(self) -> dict:
        """label → (its card's spec, its place, the index of its part): each `called`
        label names one card (a label known from before: its card is not known here)."""
        labels: dict = {word: (None, None, -1) for word in self.known}
        for i, _, specs in given_blocks(self.sc):
            for place, spec in specs:
                for a in spec.attrs:
                    if a.kind != "called":
                        continue
                    word = a.value.word
                    if word in labels:
                        first = labels[word][0]
                        self.error(f"two cards are called `{word}`", a.value.pos,
                                   hint=(f"the first at line {first.pos.line}" if first
                                         else "the first before these lines")
                                   + ": a label names one card")
                    elif spec.copies > 1:
                        self.error(f"`called` names one card, not {spec.copies}", a.pos,
                                   hint="list the copies one by one, each with its own label")
                    else:
                        labels[word] = (spec, place, i)
        return labels

    def hosts(self) -> None:
        """Each host is one card: the card of that name the same `given` arranges in play
        (the background's lines are a `given` of their own), or the card a label names."""
        for i, _, specs in given_blocks(self.sc):
            for place, spec in specs:
                for a in spec.attrs:
                    if a.kind != "attached":
                        continue
                    if isinstance(a.value, Word):
                        self.host_label(a.value, spec, i)
                    else:
                        self.host_named(a.value, spec, specs)

    def in_play(self, place: Place) -> bool:
        z = self.p.zones.get(place.name)
        return z is not None and z.in_play

    def host_named(self, name: Text, spec, specs) -> None:
        X, card = name.text, spec.name.text
        same = [(pl, s) for pl, s in specs if s.name.text == X and s is not spec]
        there = sum(s.copies for pl, s in same if self.in_play(pl))
        if there == 1:
            return
        if there > 1:
            self.error(f"{there} `{X}` are arranged in play in this `given`: which one is "
                       f"`{card}` attached to?", name.pos,
                       hint=f'label the host, `"{X}" (called NAME)`, and write `attached '
                            "to NAME`")
            return
        if same:
            hint = (f"the `{X}` of this `given` is in {_place_text(same[0][0])}, which is not "
                    "in play")
        elif any(s.name.text == X for _, _, others in given_blocks(self.sc) if others is not specs
                 for _, s in others):
            hint = (f"the background's `{X}`, or another `given`'s, is no host here: list it "
                    f'in this `given`, or label it (`"{X}" (called NAME)`) and write '
                    "`attached to NAME`")
        else:
            hint = "a host is a card this `given` arranges in a zone in play"
        self.error(f"no `{X}` is arranged in play in this `given` for `{card}` to be "
                   "attached to", name.pos, hint=hint)

    def label(self, word: Word, before: int):
        """The card the label ``word`` names, labelled in a part before the part with
        index ``before`` (or in it); None, with an error, if none is."""
        found = self.labels.get(word.word)
        if found is not None and found[2] > before:
            self.error(f"no card is called `{word.word}` yet", word.pos,
                       hint=f"a later `given` labels `{word.word}`: a label names its card "
                            "from the `given` that arranges it on")
            return None
        if found is None:
            self.error(f"no card is called `{word.word}`", word.pos,
                       hint=suggest(word.word, list(self.labels))
                       or f'label a card where it is arranged: `"NAME" (called {word.word})`')
        return found

    def host_label(self, word: Word, spec, i: int) -> None:
        found = self.label(word, i)
        if found is None or found[0] is None:
            return
        if found[0] is spec:
            self.error(f"`{spec.name.text}` cannot be attached to itself", word.pos)
        elif not self.in_play(found[1]):
            self.error(f"`{word.word}` is in {_place_text(found[1])}, which is not in play: "
                       f"`{spec.name.text}` cannot be attached to it", word.pos)

    # the pieces
    def phase(self, name: str, pos) -> None:
        from .. import ast as A
        from ..lint.facts import walk
        names = sorted({n.name for n in walk(list(self.p.decls.values()))
                        if isinstance(n, A.Phase)})
        if name not in names:
            self.error(f"no phase named `{name}`", pos,
                       hint=suggest(name, names)
                       or (f"the phases are: {', '.join(names)}" if names
                           else "this game's turns have no phases"))

    def nth(self, nth) -> None:
        right = ordinal(nth.value)
        if nth.word != right:
            self.error(f"`{nth.word}` is not an ordinal", nth.pos, hint=f"write `{right}`")

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
        if place.name in p.params:
            if want == "cards":
                self.error(f"`{place.name}` is a parameter of the rules, not a zone", place.pos)
                return None
            if not place.seat:
                self.error(f"`{place.name}` is each player's: say whose", place.pos,
                           hint=f"write `{place.name} of P1`")
            return "param"
        names = list(p.zones) + list(p.resources) + list(p.vars) + list(p.params)
        self.error(f"no zone, resource, variable or parameter named `{place.name}`", place.pos,
                   hint=suggest(place.name, names))
        return None

    def attr(self, a: Attr, given: bool) -> None:
        if a.kind in ("owner", "controller") and a.value.word == "nobody":
            if given:
                self.error(f"`{a.kind} nobody` is something to check, not to arrange", a.pos,
                           hint="a card arranged in a zone that belongs to nobody (an "
                                "`unowned` one) belongs to nobody")
        elif a.kind in ("owner", "controller"):
            self.seat(a.value)
        elif a.kind == "place":
            nth, end = a.value
            if given:
                self.error(f"`{nth.word} from {end}` is something to check: in `given`, the "
                           "order of a zone's line places its cards", a.pos)
            else:
                self.nth(nth)
        elif a.kind == "prop":
            name, value = a.value
            if given:
                self.error(f"`{name.word}` is printed on the card: `given` cannot change it",
                           a.pos, hint="a `then` checks it, as the rules read it: "
                                       f"`\"CARD\" in ZONE: {name.word} is ...`")
            elif name.word not in self.p.properties:
                self.error(f"no property named `{name.word}`", name.pos,
                           hint=suggest(name.word, self.p.properties)
                           or "declare it: `property NAME = VALUE`")
            self.value(value)
        elif a.kind == "counter" and a.value.word not in self.p.counters:
            self.error(f"no counter named `{a.value.word}`", a.value.pos,
                       hint=suggest(a.value.word, self.p.counters)
                       or "declare it: `counter NAME`")
        elif a.kind in ("mark", "not mark") and a.value.word not in self.p.marks:
            self.error(f"no mark named `{a.value.word}`", a.value.pos,
                       hint=suggest(a.value.word, self.p.marks) or "declare it: `mark NAME`")
        elif a.kind == "attached" and isinstance(a.value, Text):
            self.card(a.value)
        elif a.kind == "attached" and not given:
            self.label(a.value, self.at - 1)
        elif a.kind == "called" and not given:
            self.error("`called` labels a card where `given` arranges it", a.pos,
                       hint="`then` names a labelled card by its label: `NAME in ZONE: ...`")
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

    g_seed = g_setup = g_players

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
        kind = self.place(place, "value")
        if kind == "resource" and value.kind != "int":
            self.error(f"`{place.name}` is a resource: its value is a number", value.pos)
        elif kind == "param":
            self.error(f"`{place.name}` is a parameter of the rules: they set it, and a "
                       "scenario reads it", place.pos,
                       hint=f"arrange what changes it (a card in play), and check it in "
                            f"`then`: `{_place_text(place)} is ...`")
        self.value(value)

    def g_turn(self, line):
        if line.args[0].value < 1:
            self.error("turns are numbered from 1", line.args[0].pos)

    def g_phase(self, line):
        self.phase(line.args[0].word, line.args[0].pos)

    def g_rig(self, line):
        place = line.args[0]
        if self.place(place, "cards") == "zone" and not self.p.zones[place.name].ordered:
            self.error(f"`{place.name}` is not ordered: it has no top", place.pos)
        for t in line.args[1:]:
            self.card(t)

    def g_pick(self, line):
        for v in line.args:
            if v.kind == "none":
                self.error("a random pick is of something: `none` is what an empty "
                           "collection gives without a draw", v.pos)
            self.value(v)

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

    t_bottom = t_top

    def t_has(self, line):
        self.place(line.args[0], "cards")
        for t in line.args[1:]:
            self.card(t)

    t_has_no = t_has

    def t_card(self, line):
        self.card(line.args[0])
        self.card_in(line.args[1], line.args[2:])

    def card_in(self, place: Place, attrs) -> None:
        """The place and the details of `"X" in ZONE: ...` (and of `LABEL in ZONE: ...`)."""
        if self.place(place, "cards") == "zone" and not self.p.zones[place.name].ordered:
            for a in attrs:
                if a.kind == "place":
                    self.error(f"`{place.name}` is not ordered: its cards have no place in "
                               "it", a.pos)
        for a in attrs:
            self.attr(a, False)

    def t_label(self, line):
        self.label(line.args[0], self.at - 1)
        self.card_in(line.args[1], line.args[2:])

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


def given_blocks(sc: Scenario):
    """(index of the part, its lines, [(place, card spec)]) for each block of a scenario's
    arranged cards where a host is looked for: each `given`, and the background lines at
    the start of the first, as a block of their own."""
    for i, part in enumerate(sc.parts):
        if part.kind != "given":
            continue
        n = part.background
        for lines in ((part.lines[:n], part.lines[n:]) if n else (part.lines,)):
            yield i, lines, [(line.args[0], spec) for line in lines
                             if line.kind in ("g_zone", "g_zone_top") for spec in line.args[1:]]


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st."""
    suffix = "th" if 11 <= n % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _place_text(place: Place) -> str:
    owner = place.seat or place.side
    return f"{place.name} of {owner}" if owner else place.name
