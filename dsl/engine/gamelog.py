"""The game's log: the lines a game writes as it is played, each with where it came from.

:class:`GameLog` is the part of :class:`~deckwright.dsl.engine.game.Game` that writes the log:
a line (``write``) with its provenance for tools (the REPL's `why N`: the statements
running, the chain, the phase), and the lines of choices (``log_forced``, ``_log_choice``)
as each seat may read them.

A stretch of play (from one decision to the next, and each turn) keeps at most
:data:`~deckwright.dsl.limits.MAX_LOG_LINES` lines; the rest are only counted, in one
line ("… 98,005 more lines not kept ..."), so a runaway loop costs the step budget's
time and no more, with the log on or off.
"""
from __future__ import annotations

import sys

from ..limits import MAX_LOG_LINES
from .events import Decision, LogEntry
from .recursion import GENERATED_FILE
from .state import CardInst


class GameLog:
    """The log-writing half of a game (mixed into Game, which sets :attr:`entries`)."""
    entries: frozenset = frozenset()      # where the engine enters the rules
    lines = 0                             # lines written in this stretch of play
    cut = None                            # this stretch's "… N more lines" line, once kept

    # --- the log -----------------------------------------------------------------------
    def write(self, text: str, pos=None, source=None, secret_for=None, extra=None):
        if self.logging:
            if self.lines >= MAX_LOG_LINES:
                self.cut_line()
                return
            self.lines += 1
            # Provenance for tools (the REPL's `why N`): what was running, in which phase.
            extra = dict(extra) if extra else {}
            if self.chain:
                extra["chain"] = tuple(self.chain)
            if self.state.phase is not None:
                extra["phase"] = self.state.phase
            at = self._statements_running()
            if at:
                extra["at"] = at
            self.log.append(LogEntry(self.state.turn, text, pos, source, secret_for, extra))
            if self.watch is not None:
                self.watch(self, None)

    def write_seen(self, say, extra=None, pos=None, source=None) -> None:
        """Write a line each reader reads in its own words: ``say(viewer)`` makes it for
        one reader (None: the omniscient view, the line's text). When a seat reads it
        otherwise, every seat gets its line, and what everyone may read is kept as the
        view of -1. Choices are logged so (:meth:`_log_choice`), and so is every line
        that names a card in play (:meth:`naming`)."""
        if not self.logging:
            return
        if self.lines >= MAX_LOG_LINES:
            self.cut_line()
            return
        text = say(None)
        mine = {p.index: say(p) for p in self.state.players}
        if any(line != text for line in mine.values()):
            mine[-1] = say(NOBODY)      # every seat its own line; -1 hides what only some read
            extra = {**extra, "views": mine} if extra else {"views": mine}
        self.write(text, pos, source, extra=extra)

    def write_told(self, *parts, extra=None) -> None:
        """Write a line made of words and of names as each reader reads them (functions of
        the reader, as :meth:`told` gives): ``g.write_told(it, " attached to ", to)``. The
        engine's hot paths call this, not a closure of their own, when the game logs."""
        self.write_seen(lambda r: "".join(p if type(p) is str else p(r) for p in parts), extra)

    def naming(self, card) -> dict:
        """How each reader (None, each seat, and :data:`NOBODY`) names ``card`` now, told
        apart from the cards in play it reads like: taken before the card changes
        (attached, turned, moved), for the line written after."""
        from ..visibility import alike_in_play, told
        others = alike_in_play(card, self.state.inplay)
        return {v: told(card, v, others) for v in self.readers()}

    def readers(self) -> tuple:
        """Everyone a line may be worded for: the omniscient view (None), each seat, and
        what every seat may read (:data:`NOBODY`)."""
        return (None, *self.state.players, NOBODY)

    def told(self, card):
        """``card`` (or another value) as each reader names it now: a function of the
        reader, for :meth:`write_seen`. Past the stretch's limit, where the line is only
        counted, nothing is looked up."""
        if self.lines >= MAX_LOG_LINES:
            return _unsaid
        if type(card) is not CardInst:
            from ..visibility import value_name
            return lambda v: value_name(card, v)
        return self.naming(card).__getitem__

    def new_stretch(self) -> None:
        """A decision was taken, an effect or a turn begins: the log keeps
        :data:`MAX_LOG_LINES` lines again."""
        self.lines = 0
        self.cut = None

    def cut_line(self) -> None:
        """A line past the stretch's limit: not kept, only counted in one line of its
        own. A loop that the step budget stops after 100,000 lines must not pay for
        100,000 lines (each with its provenance walked up the stack), nor hold them."""
        cut = self.cut
        if cut is None:
            cut = self.cut = _Cut(self.state.turn)
            self.log.append(cut)
            cut.n = 1
            if self.watch is not None:
                self.watch(self, None)
        else:
            cut.n += 1

    def _statements_running(self) -> tuple:
        """The deck statements being run, innermost first (`move top(deck) to your hand`,
        then the `draw 2` that called it, then the card's `effect` ...): the generated
        functions on the call stack, each at its line, looked up in the module's map."""
        lines = getattr(self.code, "line_pos", None)
        if not lines:
            return ()
        # The rules run below the engine's entry (`run` or `_drive`): nothing above it
        # (a REPL, a test runner) need be walked, at every line the log writes; and once
        # eight statements are found, nothing further out (a runaway loop may log 300,000
        # lines from deep inside the rules).
        out, seen, frame = [], False, sys._getframe(2)
        while frame is not None and frame.f_code not in self.entries:
            if frame.f_code.co_filename == GENERATED_FILE:
                seen = True
                pos = lines.get(frame.f_lineno)
                if pos is not None and (not out or out[-1] != pos):
                    out.append(pos)
                    if len(out) == 8:
                        return tuple(out)
            frame = frame.f_back
        if seen:
            return tuple(out)
        # A stepped game between decisions: the rules wait in their generators, the
        # innermost (the one that asked) at the end of the `yield from` chain.
        gens, gen = [], self._stack[-1] if getattr(self, "_stack", None) else None
        while gen is not None and getattr(gen, "gi_frame", None) is not None:
            gens.append(gen.gi_frame)
            gen = gen.gi_yieldfrom
        for frame in reversed(gens):
            if frame.f_code.co_filename == GENERATED_FILE:
                pos = lines.get(frame.f_lineno)
                if pos is not None and (not out or out[-1] != pos):
                    out.append(pos)
                    if len(out) == 8:
                        break
        return tuple(out)

    def _statements_raising(self, err: BaseException) -> tuple:
        """The deck statements an exception was raised through, innermost first: what
        :meth:`_statements_running` would have said where it was raised."""
        lines = getattr(self.code, "line_pos", None)
        out, tb = [], err.__traceback__
        while lines and tb is not None:
            if tb.tb_frame.f_code.co_filename == GENERATED_FILE:
                pos = lines.get(tb.tb_lineno)
                if pos is not None and (not out or out[0] != pos):
                    out.insert(0, pos)
            tb = tb.tb_next
        return tuple(out[:8])

    def log_forced(self, d: Decision, choice):
        """Log a decision that has one possible answer, taken without asking anyone (a
        turn's moves when only `pass` is left, every card of a choice that must take them
        all, the one open case of a `choose one`), so that a player sees why play went
        on. Only a game that logs calls this; it is not a decision of the game's record."""
        if d.kind == "move" and d.labels == ["pass"]:
            self.write(f"{d.player.name} passes: nothing else can be done now — {d.prompt}")
            return
        self._log_choice(d, choice, True)

    def _log_choice(self, d: Decision, choice, forced: bool = False):
        """Log a choice with its question. What was chosen is written as everyone may read
        it; a seat that may read more (the chooser, a card's holder) gets its own line.
        ``forced``: it was the only choice (:meth:`log_forced`)."""
        from ..visibility import source_name
        name = d.player.name
        picks = _Picks(d, choice)
        inplay = self.state.inplay

        def ask(viewer) -> str:           # the question and the card asking, as told
            source = source_name(d, viewer, inplay)
            return f" — {d.prompt_for(viewer)}" + (f" ({source})" if source else "")

        does, did = ("has only one choice:", "had only one choice:") if forced else \
            ("chooses", "chose")
        if d.card is not None and not d.card.face_up:
            from ..visibility import source_seen
            if not all(source_seen(d, p) for p in self.state.players):
                # Asked by a card others may not read (a reaction in a hand): the question
                # and the answer are the chooser's; what follows from them is logged as it
                # happens.
                self.write(f"{name} {did} {picks.text(d.player)}{ask(d.player)}",
                           secret_for=d.player)
                return
        if d.secret:
            self.write(f"{name} {'has only one choice, made' if forced else 'chooses'} "
                       f"secretly{ask(NOBODY)}")
            self.write(f"{name} {did} {picks.text(d.player)}{ask(d.player)}",
                       secret_for=d.player)
            return

        def line(viewer):
            return f"{name} {does} {picks.text(viewer)}{ask(viewer)}"
        self.write_seen(line)


def _unsaid(viewer) -> str:
    return ""


class _Nobody:
    """A viewer who holds nothing: what every seat may read."""
    index, side, name = -1, None, "nobody"


NOBODY = _Nobody()


class _Cut(LogEntry):
    """The line that counts a stretch's lines past the limit: its text says how many
    there are now (they are counted after it is written)."""
    __slots__ = ("n",)

    def __init__(self, turn: int):
        super().__init__(turn, "")

    @property
    def text(self) -> str:
        n = self.n
        return (f"… {n:,} more line{'' if n == 1 else 's'} not kept (the log keeps "
                f"{MAX_LOG_LINES:,} lines between two decisions)")

    @text.setter
    def text(self, value) -> None:
        pass                              # made from the count


class _Picks:
    """What a choice took, named to each reader by :meth:`text`: each pick by its
    option's label as that reader would read the options, with the words that tell it
    from the options labelled alike (the zone, the host, what is attached or on it), but
    no number: copies nothing tells apart are alike to the reader, and "#2" would say
    otherwise. Only the options that might read like a pick are labelled
    (:func:`~deckwright.dsl.visibility.alike_options`), once per reader."""
    __slots__ = ("d", "picks", "alike")

    def __init__(self, d: Decision, choice):
        from ..visibility import alike_options
        self.d = d
        self.picks = list(choice) if d.multi else [choice]
        self.alike = None if d._labeler is None else alike_options(d.values, self.picks)

    def text(self, viewer) -> str:
        d, picks, alike = self.d, self.picks, self.alike
        if alike is None:                 # labels the rules gave: the same to everyone
            from ..visibility import tell_apart
            told = tell_apart(d._given, d.values, viewer, number=False)[0]
            labels = [told[i] for i in picks]
        else:
            offer = viewer is d.player
            labels = d._labeler([d.values[i] for i in picks], viewer, offer)
            if alike:
                from ..visibility import tell_apart
                values = [d.values[i] for i in alike]
                told = tell_apart(d._labeler(values, viewer, offer), values, viewer,
                                  number=False)[0]
                told = dict(zip(alike, told))
                labels = [told.get(i, label) for i, label in zip(picks, labels)]
        if d.multi:
            return ", ".join(labels) or "nothing"
        return labels[0]
