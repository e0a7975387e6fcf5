"""The hidden-information audit: play a game and, for every seat, read every view that seat
is shown — its decisions and their options, the log, the state, the toolbar — asserting
that none names a card the seat may not see under the visibility model
(:mod:`deckwright.dsl.visibility`).

The audit knows nothing of how the views are made; it only reads their text and looks for
card names. A name counts as a leak in a view for a seat when a card of that name exists
and the seat may read no card of that name (copies share a name). A log line may also name
the card it moves if the seat could read it where it came from (a card just gone into a
hand), the cards it names as the seat could read them (a card that has since changed), and
what the line itself reveals (`reveal`). A line that names a card as a seat may not read it
("a face-down card in P2's area") names neither its name then nor its name now to that seat,
whatever other cards of those names the seat reads ("... becomes Gearbox", a Gearbox lying
face up beside it, is a leak).

>>> from deckwright.dsl.loader import load_program
>>> audit_game(load_program("example"), seed=1, players=2)
[]
"""
from __future__ import annotations

import re
from typing import Optional

from .engine.state import CardInst
from .visibility import offered, sees, sees_at


class Leak:
    """A view that names a card its seat may not see."""
    __slots__ = ("seat", "view", "names", "text", "turn")

    def __init__(self, seat: str, view: str, names: list, text: str, turn: int):
        self.seat, self.view, self.names, self.text, self.turn = seat, view, names, text, turn

    def __str__(self) -> str:
        return (f"turn {self.turn}: {self.seat}'s {self.view} names "
                f"{', '.join(self.names)}: {self.text!r}")

    __repr__ = __str__


class HiddenAudit:
    """Watches one game: wraps its log writer and its agents. ``leaks`` collects what was
    found (the first few of each kind are enough to find the bug)."""

    MAX_LEAKS = 20

    def __init__(self, game, thorough: bool = False):
        self.game = game
        self.thorough = thorough
        self._last_table = None
        self._looked = None
        defs = game.program.cards.values()
        # A card name that is also the name of an ability is rules text, not a card.
        rules = {getattr(a, "name", None) for d in defs for a in d.abilities}
        names = sorted({d.name for d in defs} - rules, key=len, reverse=True)
        self.pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?!\w)") \
            if names else None
        self.leaks: list = []
        self._index_key = None
        self._by_name: dict = {}
        self._write = game.write
        game.write = self._hooked_write
        self._log_forced = game.log_forced
        game.log_forced = self._hooked_forced
        self._told = game.told
        game.told = self._hooked_told
        self._named: list = []    # the cards the next line names, as each seat read them
        game.agents = [None if a is None else _Watched(a, self) for a in game.agents]

    # --- what each seat may read ------------------------------------------------------
    def by_name(self) -> dict:
        """Card name → the cards of that name in the game (rebuilt when cards move)."""
        g = self.game
        key = (g.moved, len(g.state.cards))
        if key != self._index_key:
            out: dict = {}
            for c in g.state.cards.values():
                out.setdefault(c.name, []).append(c)
            self._by_name, self._index_key = out, key
        return self._by_name

    def _check(self, seat, view: str, text: str, also=(), unread=()):
        """Record a leak if ``text`` names a card ``seat`` may not read: one that exists,
        and of whose name the seat reads no card (nor one of ``also``), or one of
        ``unread`` (the names of a card the line names to the seat unread)."""
        if self.pattern is None or len(self.leaks) >= self.MAX_LEAKS:
            return
        found = {m.group(1) for m in self.pattern.finditer(text)}
        if not found:
            return
        cards = self.by_name()
        bad = sorted(n for n in found if n in unread or n in cards and n not in also
                     and not any(sees(seat, c) for c in cards[n]))
        if bad:
            self.leaks.append(Leak(seat.name, view, bad, text, self.game.state.turn))

    # --- the log, line by line as it is written -------------------------------------------
    def _hooked_told(self, card):
        """A card a line is about to name (:meth:`GameLog.told`), kept with its name and
        the seats that may read it now, as the line names it."""
        if type(card) is CardInst:
            readers = {p.index for p in self.game.state.players if sees(p, card)}
            self._named.append((card, card.name, readers))
        return self._told(card)

    def _hooked_write(self, text, pos=None, source=None, secret_for=None, extra=None):
        g = self.game
        before = len(g.log)
        self._write(text, pos, source, secret_for, extra)
        named, self._named = self._named, []
        if len(g.log) == before:
            return
        from deckwright.repl.render import entry_text, entry_visible
        entry = g.log[-1]
        extra = entry.extra or {}
        cards = g.state.cards
        shown = {cards[i].name for i in extra.get("reveals", ()) if i in cards}
        moved = cards.get(extra["card"]) if "card" in extra else None
        src = g.state.zones.get(extra.get("from")) if moved is not None else None
        looked = self._looked     # kept for every line of that choice (a secret one has two)
        for p in g.state.players:
            if entry_visible(entry, p):
                also = shown
                if looked is not None and looked[0] is p:
                    also = also | looked[1]
                if moved is not None and sees_at(p, src, extra.get("was_up", True), moved):
                    also = shown | {moved.name}       # it was readable where it came from
                unread = ()
                if named:
                    read = {n for c, then, seen in named if p.index in seen
                            for n in (then, c.name)}
                    also = also | read
                    unread = {n for c, then, seen in named if p.index not in seen
                              for n in (then, c.name)} - read
                self._check(p, "log", entry_text(g, entry, p), also, unread)

    def _hooked_forced(self, d, choice):
        """A decision with one answer is logged without asking: its chooser may read
        there what it was offered, as after a decision it was asked."""
        self._looked = (d.player, self._offered_names(d))
        self._log_forced(d, choice)

    @staticmethod
    def _offered_names(d) -> set:
        return {v.name for v in d.values if isinstance(v, CardInst) and offered(d.player, v)}

    # --- decisions, the state and the toolbar, whenever a seat is asked -------------------------
    def look(self, decision=None):
        from deckwright.repl.render import decision_view, state_view, toolbar_items
        g = self.game
        s = g.state
        # The whole table is long: read it once per phase of a turn (every time, `thorough`).
        key = (s.turn, s.phase, s.active)
        table = self.thorough or decision is None or key != self._last_table
        self._last_table = key
        for p in s.players:
            if table:
                self._check(p, "state", state_view(g, p))
            self._check(p, "toolbar", "".join(t for _, t in toolbar_items(g, decision, {})))
            if decision is not None:
                looked = self._offered_names(decision) if p is decision.player else set()
                self._check(p, "decision", decision_view(decision, p), looked)
        # The choice is logged next: its chooser may read there what it was offered, in
        # every line written until the next decision.
        self._looked = (decision.player, self._offered_names(decision)) \
            if decision is not None else None


class _Watched:
    """An agent that lets the audit look before it answers."""

    def __init__(self, inner, audit: HiddenAudit):
        self.inner, self.audit = inner, audit
        self.trusted = inner.trusted
        self.name = inner.name

    def choose(self, game, decision):
        self.audit.look(decision)
        return self.inner.choose(game, decision)

    def copy(self):
        return _Watched(self.inner.copy(), self.audit)


def audit_game(program, seed: int = 0, players: Optional[int] = None, bots=("random",),
               options: Optional[dict] = None, max_turns: Optional[int] = None,
               thorough: bool = False) -> list:
    """Play one seeded bot game under the audit; the leaks found (empty: none).
    ``thorough`` reads the whole table at every decision, not once per phase."""
    from .engine import Game
    from .sim import bots_for
    n = players or max(program.min_players, 2)
    kwargs = {} if max_turns is None else {"max_turns": max_turns}
    game = Game(program, seed=seed, agents=bots_for(list(bots), seed, n), players=n,
                options=options, log=True, **kwargs)
    audit = HiddenAudit(game, thorough)
    game.run()
    audit.look(None)
    return audit.leaks
