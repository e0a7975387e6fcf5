"""Running one scenario: arrange the Given, take the When's decisions, check the Then.

The runner is a client of the public engine API only: a :class:`~deckwright.dsl.session.Session`
with an ``arrange`` hook, its pending ``decision`` and ``legal()`` labels, ``refusal`` and
``apply``, the game state and the log, and the REPL's label matching
(:func:`deckwright.dsl.agents.matching`). It knows no game.

>>> from deckwright.dsl.loader import load_text
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

from ..agents import ambiguous, answers, matching
from ..errors import EngineError
from .arrange import Arranging, Failure
from .arrange import Stop as _Stop
from .expect import Expect
from .names import _place_text, check, with_background
from .points import Watch, looks_at_phase_ends, nth_of, point_key
from .syntax import Line, Scenario, Text

__all__ = ["Failure", "arrange_now", "arranged", "check", "run", "with_background"]

MAX_SKIPPED = 200         # single-option decisions taken on their own between two steps


# --- running -------------------------------------------------------------------------------

def run(program, sc: Scenario) -> list:
    """Run one scenario; its failures (empty: it passed). Mistakes in its names come
    first, from :func:`check`, as failures (nothing runs then)."""
    diags = check(program, sc)
    if diags:
        return [Failure(d.pos, d.message, hint=d.hint) for d in diags]
    return _Run(program, sc).go()


def arranged(program, given: str, file: str = "<given>"):
    """A :class:`~deckwright.dsl.session.Session` started from `given` lines in the scenario
    language, for tests that stay in Python. DeckError (file:line:col, a caret) if the lines are
    wrong; AssertionError if the arranged game cannot start.

    >>> from deckwright.dsl.loader import load_program
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

    >>> from deckwright.dsl.loader import load_program
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
    diags = check(r.p, sc, known=r.labels)
    if diags:
        raise DeckError(diags, {file: text})
    try:
        r.given_now(sc.parts[1])
    except _Stop as stop:
        raise AssertionError(f"{stop.failure.pos}: {stop.failure.message}") from None


class _Run(Arranging):
    def __init__(self, program, sc: Scenario):
        self.p = program
        self.sc = sc
        self.failures: list = []
        self.session = None
        self.log_mark = 0              # the log's length when the last step was taken
        self.unused: list = []         # arranged random draws the game has not made yet
        self.labels: dict = {}         # a `called` label → the id of its card
        self.later: dict = {}          # the `given`s after the start, by their step's text
        self.adhoc = None
        self.watch = Watch(self)       # the game's watch: its points, a phase to start in

    def fail(self, pos, message, expected=None, actual=None):
        self.failures.append(Failure(pos, message, expected, actual))

    # the game
    def go(self) -> list:
        parts = list(self.sc.parts)
        given = parts.pop(0) if parts and parts[0].kind == "given" else None
        try:
            self.start(given.lines if given else (), given.background if given else 0)
        except _Stop as stop:
            return self.failures + [stop.failure]
        for i, part in enumerate(parts):
            try:
                if part.kind == "given" and part.point is None:
                    self.given_now(part)
                elif part.kind == "given":       # made during the steps before, if found
                    if id(part) not in self.watch.arranged:
                        self.fail(part.pos, self.watch.missed(part))
                elif part.kind == "when":
                    at_points = []
                    for later in parts[i + 1:]:
                        if later.kind == "when":
                            break
                        if later.point is not None:
                            at_points.append(later)
                    self.steps(part.lines, at_points)
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

    def start(self, lines, background: int = 0):
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
            self.arrange(game, lines, background=background)

        for line in lines:
            if line.kind == "g_phase":
                self.watch.start_phase = line

        def prepare(game):        # before the setup or the arrangement: it may draw
            game.watch = self.watch
            if draws:
                self.arrange_draws(game.state, draws)

        pos = lines[0].pos if lines else self.sc.pos
        # A phase's end is a point only in the code compiled for it (only such scenarios
        # pay for it); every other scenario runs the program's own code.
        code = self.p.code(True, points=True) if looks_at_phase_ends(self.sc) else None
        try:
            session = Session(self.p, seed=seed, players=players, options=options,
                              arrange=None if setup else arrange,
                              prepare=prepare, evaluate=self.evaluate, code=code)
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

    # the steps
    def steps(self, lines, at_points):
        """Take the steps of a `when`, with the watch looking out for the points the parts
        after it (``at_points``) look at or arrange the table at."""
        self.watch.look(at_points)
        try:
            for line in lines:
                self.step(line)
        finally:
            self.watch.stop_looking()

    def arrange_at(self, game, part):
        """A `given` at a point: the table arranged there, as the rules run (called by the
        watch, and again there by a copy of the game)."""
        from ..invariants import violations
        self.arrange(game, part.lines, mid=True)
        self.arrange_draws(game.state, [l for l in part.lines if l.kind in ("g_rig", "g_pick")])
        broken = violations(game)
        if broken:
            raise _Stop(Failure(part.pos, "the arrangement breaks the game's invariants: "
                                          + "; ".join(broken)))

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
        taken: list = []
        for t in labels:
            # as the REPL reads answers: copies ("Lamp #1", "Lamp #2") are one answer,
            # the first not yet taken, so `"Lamp", "Lamp"` takes two of them
            found = [i for i in answers(d, t.text, taken) if i not in taken]
            if not found:
                raise _Stop(Failure(t.pos, f"no option `{t.text}` for {d.player.name}'s "
                                           f"`{d.prompt}`", [t.text], self.options_of(d)))
            if len(found) > 1:
                raise _Stop(Failure(t.pos, ambiguous(t.text, [d.labels[i] for i in found],
                                                     numbered=False)))
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
            point = self.watch.snapshots.get((point_key(part.point), nth_of(part)))
            if point is None:
                self.fail(part.pos, self.watch.missed(part))
                return
            st, log, decision = point.state, s.game.log[:point.log_len], None
        for line in part.lines:
            Expect(self, st, log, decision, part.point is None).check(line)



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
