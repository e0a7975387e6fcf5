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

from typing import Optional

from ..agents import ambiguous, matching
from ..errors import EngineError
from ..rng import ArrangedRng
from .expect import Expect, _show
from .names import _place_text, check, with_background
from .syntax import Line, PhasePoint, Place, Scenario, Text, Value

__all__ = ["Failure", "arrange_now", "arranged", "check", "run", "with_background"]

MAX_SKIPPED = 200         # single-option decisions taken on their own between two steps


class Failure:
    """One expectation that did not hold (or a step that could not be taken), at ``pos``;
    ``expected``/``actual`` are lines of text for the diff, when there is one."""
    __slots__ = ("pos", "message", "expected", "actual", "hint")

    def __init__(self, pos, message: str, expected=None, actual=None, hint=None):
        self.pos = pos
        self.message = message
        self.expected = expected
        self.actual = actual
        self.hint = hint

    def __repr__(self) -> str:
        return f"Failure({self.pos}, {self.message!r})"


class _Stop(Exception):
    """A failure after which the scenario cannot go on (a step not taken)."""

    def __init__(self, failure: Failure):
        self.failure = failure


# --- running -------------------------------------------------------------------------------

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
        return [Failure(d.pos, d.message, hint=d.hint) for d in diags]
    return _Run(program, sc).go()


def arranged(program, given: str, file: str = "<given>"):
    """A :class:`~dsl.session.Session` started from `given` lines in the scenario language,
    for tests that stay in Python. DeckError (file:line:col, a caret) if the lines are
    wrong; AssertionError if the arranged game cannot start.

    >>> from dsl.loader import load_program
    >>> s = arranged(load_program("example"), '''
    ...     hand of P1: "Invention"
    ...     area of P2: "Windmill" (owner P1)
    ...     deck top: "Wrench"
    ... ''')
    >>> sorted(c.name for c in s.state.zones["hand:0"].cards), s.legal()[0]
    (['Invention', 'Wrench'], 'play_action: Invention')
    """
    from ..errors import DeckError
    from ..parser import parse_text
    # All on the first line, so that the lines of ``given`` keep their numbers.
    text = 'game "arranged"; scenario "arranged" { given {' + given + '\n}\n}\n'
    deck = parse_text(text, file)
    sc = deck.items[0]
    diags = check(program, sc)
    if diags:
        raise DeckError(diags, {file: text})
    r = _Run(program, sc)
    try:
        r.start(sc.parts[0].lines if sc.parts else ())
    except _Stop as stop:
        raise AssertionError(f"{stop.failure.pos}: {stop.failure.message}") from None
    r.session.scenario_run = r
    return r.session


def arrange_now(session, given: str, file: str = "<given>") -> None:
    """Arrange the table of a session made by :func:`arranged` at its pending decision,
    as a `given` after a `when` does (a zone's line says all it holds; values, marks and
    random draws). DeckError if the lines are wrong; AssertionError if the arrangement
    cannot be made.

    >>> from dsl.loader import load_program
    >>> s = arranged(load_program("example"), 'hand of P1: "Invention", "Gearbox"')
    >>> arrange_now(s, 'hand of P1: "Gearbox", "Windmill"')
    >>> s.legal()
    ['play_thing: Gearbox', 'play_thing: Windmill', 'pass']
    """
    from ..errors import DeckError
    from ..parser import parse_text
    r = getattr(session, "scenario_run", None)
    if r is None:
        raise ValueError("arrange_now() arranges a session made by arranged()")
    text = 'game "arranged"; scenario "arranged" { when { }; given {' + given + '\n}\n}\n'
    sc = parse_text(text, file).items[0]
    diags = check(r.p, sc)
    if diags:
        raise DeckError(diags, {file: text})
    try:
        r.given_now(sc.parts[1])
    except _Stop as stop:
        raise AssertionError(f"{stop.failure.pos}: {stop.failure.message}") from None


class _Run:
    def __init__(self, program, sc: Scenario):
        self.p = program
        self.sc = sc
        self.failures: list = []
        self.session = None
        self.log_mark = 0              # the log's length when the last step was taken
        self.unused: list = []         # arranged random draws the game has not made yet
        self.later: dict = {}          # the `given`s after the start, by their step's text
        self.adhoc = None

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
                if part.kind == "given":
                    self.given_now(part)
                elif part.kind == "when":
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
                return self.failures
        for what in self.unused:
            if isinstance(what, Line):
                self.fail(what.pos, f"`{_place_text(what.args[0])}` was not shuffled: "
                                    "this arranged shuffle was never used")
            else:
                self.fail(what.pos, "no random pick was left for this: the rules made "
                                    "fewer random picks than the scenario arranges")
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
        draws = [line for line in lines if line.kind in ("g_rig", "g_pick")]

        def arrange(game):
            self.arrange(game, lines)

        def prepare(game):        # before the setup or the arrangement: it may draw
            self.arrange_draws(game.state, draws)

        pos = lines[0].pos if lines else self.sc.pos
        try:
            session = Session(self.p, seed=seed, players=players, options=options,
                              arrange=None if setup else arrange,
                              prepare=prepare if draws else None, evaluate=self.evaluate)
        except EngineError as err:
            raise _Stop(Failure(pos, f"the game could not start: {err}"))
        self.session = session
        session.game.observer = _invariants
        broken = violations(session.game)
        if broken:
            raise _Stop(Failure(pos, "the arrangement breaks the game's invariants: "
                                + "; ".join(broken)))

    # arranging in the middle of the game
    def given_now(self, part):
        """A `given` after the start: the table arranged at the pending decision, as a step
        of the game's history (an ad-hoc effect, as the REPL's `eval` is), so that a copy
        of the game (undo, a rewind) arranges it again at the same point."""
        from ..invariants import violations
        s = self.session
        if s.decision is None:
            raise _Stop(Failure(part.pos, "the game is over: there is nothing to arrange "
                                          f"({self.game_result()})"))
        text = f"given at {part.pos}"
        self.later[text] = part.lines
        self.log_mark = len(s.game.log)
        try:
            s.run_effect(text)
        except EngineError as err:
            raise _Stop(Failure(part.pos, f"the arrangement failed: {err}"))
        broken = violations(s.game)
        if broken:
            raise _Stop(Failure(part.pos, "the arrangement breaks the game's invariants: "
                                          + "; ".join(broken)))

    def evaluate(self, game, player, text):
        """The session's runner of ad-hoc effects: a later `given`'s step arranges the
        table (and lists the pending offer's moves again); any other text is an effect."""
        lines = self.later.get(text)
        if lines is None:
            if self.adhoc is None:
                from ..adhoc import AdHoc
                self.adhoc = AdHoc(self.p)
            return self.adhoc(game, player, text)
        self.arrange(game, lines, mid=True)
        self.arrange_draws(game.state, [l for l in lines if l.kind in ("g_rig", "g_pick")])
        return iter(())

    # random draws
    def arrange_draws(self, st, lines):
        """Put the draws that ``lines`` arrange on the game's generator, after any still
        waiting: the next shuffles of zones, the next random picks (in order)."""
        if not isinstance(st.rng, ArrangedRng):
            st.rng = ArrangedRng.of(st.rng)
        for line in lines:
            if line.kind == "g_rig":
                key = self.zone_key(st, line.args[0])
                st.rng.shuffles.append((_zone_list(key), self.on_top(line, key)))
                self.waiting_for(line)
            else:
                for v in line.args:
                    st.rng.picks.append(self.pick(st, line, v))
                    self.waiting_for(v)

    def waiting_for(self, what):
        if not any(x is what for x in self.unused):
            self.unused.append(what)

    def on_top(self, line, key):
        """What the shuffle that `next shuffle of ZONE leaves "X", "Y" on top` arranges
        does to the zone's cards once shuffled: X on top, then Y."""
        names = [t.text for t in line.args[1:]]

        def arrange(items):
            for i, x in enumerate(self.unused):
                if x is line:
                    del self.unused[i]
                    break
            moved = 0
            for name in reversed(names):      # the last named ends on top
                at = next((i for i in range(len(items) - 1 - moved, -1, -1)
                           if items[i].name == name), None)
                if at is None:
                    self.fail(line.pos, f"the shuffle of {key} could not leave `{name}` on "
                                        "top: it is not there")
                    continue
                moved += 1
                items.append(items.pop(at))
        return arrange

    def pick(self, st, line, v: Value):
        """(wanted, missed) for the random pick ``v`` arranges."""
        from ..engine.state import CardInst, Player
        want = v.value
        unused = self.unused

        def wanted(item) -> bool:
            for i, x in enumerate(unused):
                if x is v:
                    del unused[i]
                    break
            if type(item) is CardInst:
                return v.kind == "str" and item.name == want
            if type(item) is Player:
                return v.kind == "seat" and item.name == want
            return type(item) is type(want) and item == want

        def missed(items):
            shown = [_show(x) for x in items[:12]] + (["..."] if len(items) > 12 else [])
            self.fail(v.pos, f"the random pick could not be {_show(want)}: it was drawn "
                             f"from {', '.join(shown) or 'nothing'}",
                      [_show(want)], shown)
        return wanted, missed

    def arrange(self, game, lines, mid: bool = False):
        """Arrange the table as ``lines`` say: at the start (every zone empty), or in the
        middle of the game (``mid``), where a zone's line says all it holds: a card it
        holds already under a name listed stays (the same card, with what lies on it),
        the others leave the game, and the zone's order becomes the listed one."""
        st = game.state
        placed = []                       # (card, spec) in the order they were put
        for line in lines:
            k = line.kind
            if k in ("g_zone", "g_zone_top", "g_zone_empty"):
                zone = st.zones[self.zone_key(st, line.args[0])]
                specs = line.args[1:] if k != "g_zone_empty" else ()
                cards = [(spec, i) for spec in specs for i in range(spec.copies)]
                if k == "g_zone_top":
                    cards.reverse()       # listed top first; a zone's list ends at its top
                before = list(zone.cards) if mid else []
                order = []
                for spec, _ in cards:
                    name = spec.name.text
                    c = next((x for x in before if x.name == name), None)
                    owner = None
                    for a in spec.attrs:
                        if a.kind == "owner":
                            owner = self.seat(st, a.value.word)
                    if c is not None:
                        before.remove(c)
                        if owner is not None:
                            c.owner = owner
                    else:
                        if owner is None:
                            owner = self.default_owner(st, zone)
                        c = game.put(name, zone, owner)
                        if owner is None:
                            c.owner = None
                            c.controller = zone.owner if zone.in_play else None
                    for a in spec.attrs:
                        if a.kind == "controller":
                            c.controller = self.seat(st, a.value.word)
                        elif a.kind == "face":
                            c.face_up = a.value
                        elif a.kind == "orient":
                            c.orient = a.value
                        elif a.kind == "counter":
                            if a.count:
                                c.counters[a.value.word] = a.count
                            else:
                                c.counters.pop(a.value.word, None)
                        elif a.kind == "mark":
                            c.marks[a.value.word] = None
                    placed.append((c, spec))
                    order.append(c)
                if mid:
                    for c in before:
                        game.take_out(c)
                    zone.cards[:] = order
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
        """Take the steps of a `when`, keeping the state at each point a `then` after it
        looks at (the first turn's end, the first log line holding a text), from the
        game's ``watch`` of its log."""
        watch_end = "turn end" in points
        texts = [pt.text for pt in points if isinstance(pt, Text)]
        phases = {pt.name for pt in points if isinstance(pt, PhasePoint)}
        game = self.session.game
        if watch_end or texts or phases:
            snapshots = self.snapshots

            def watch(g, phase):
                if phase is not None:         # a phase begins
                    if phase in phases and ("phase", phase) not in snapshots:
                        snapshots[("phase", phase)] = _Point(g.state.copy(), len(g.log))
                    return
                text = g.log[-1].text
                if watch_end and "turn end" not in snapshots and (
                        text.startswith(("— turn ", "— round ", "game over:"))):
                    snapshots["turn end"] = _Point(g.state.copy(), len(g.log) - 1)
                for t in texts:
                    if t not in snapshots and t in text:
                        snapshots[t] = _Point(g.state.copy(), len(g.log))
            game.watch = watch
        try:
            for line in lines:
                self.step(line)
        finally:
            self.session.game.watch = None
            game.watch = None

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
            raise _Stop(Failure(line.pos, f"no decision fits this step: {MAX_SKIPPED} "
                                          "decisions with a single answer were taken looking "
                                          "for one", None, self.options_of(s.decision)))
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
            if len(labels) == 1:
                # A move the rules do not offer: the rule that forbids it says why, as the
                # REPL says it to a player who types it (and it is still not an option).
                refusal = self.session.refusal(labels[0].text)
                if refusal is not None and refusal.by_rule:
                    if reason is not None and reason.text.lower() in why.lower():
                        return
                    why = refusal.reason
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
            pt = part.point
            key = pt if pt == "turn end" else ("phase", pt.name) \
                if isinstance(pt, PhasePoint) else pt.text
            point = getattr(self, "snapshots", {}).get(key)
            if point is None:
                what = ("no turn ended" if key == "turn end"
                        else f"no phase `{pt.name}` began" if isinstance(pt, PhasePoint)
                        else f"the log did not say `{key}`")
                self.fail(part.pos, f"{what} during the steps before this `then`")
                return
            st, log, decision = point.state, s.game.log[:point.log_len], None
        for line in part.lines:
            Expect(self, st, log, decision, part.point is None).check(line)


def _zone_list(key: str):
    """Whether a list being shuffled is the cards of the zone ``key`` (its cards know
    their zone)."""
    def fits(items) -> bool:
        zone = getattr(items[0], "zone", None) if items else None
        return zone is not None and zone.cards is items and zone.key == key
    return fits


def _invariants(game):
    """After every decision: the shared state's invariants hold (an AssertionError, which a
    step reports as a failure, if not)."""
    from ..invariants import violations
    broken = violations(game)
    if broken:
        raise AssertionError("; ".join(broken))


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
