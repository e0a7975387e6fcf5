"""Who plays each seat: `bot`, `human`, `seats`, and `auto`, which lets bots play every
seat; plus the loop that lets the seats' bots answer while the decision is theirs."""
from __future__ import annotations

from typing import Optional

from deckwright.dsl.agents import check_bot, make_bot

from .command_table import ReplError, _seat_index, is_number


class Passed(int):
    """In ``Processor.who``: the seat whose `pass` the REPL took for it (`autopass`).
    It is that seat's index (a save file keeps it so), but undo and redo go past it as
    they go past a bot's step."""


def any_time_offer(d) -> bool:
    """A window that offers only any-time moves and abilities (and `pass`): at a phase
    start, or after an event when nothing the player holds answers that event."""
    return d.kind == "respond" and all(v[0] != RESPONSE for v in d.values)


RESPONSE = -3           # the first of an option's value: a `respond to` (deckwright.dsl.codegen)
PASS_CODE = -2          # ... `pass`


def by_bot(proc, who) -> bool:
    """A recorded step that undo and redo go past: a bot's, or, while autopass is on, a
    pass it took (with autopass off, undo takes those back one by one)."""
    return who != "eval" and (who in proc.seats or (proc.autopass and isinstance(who, Passed)))


class SeatCommands:
    """Mixed into ``Processor``: ``self.seats`` maps seat index → bot name, ``self.agents``
    seat index → bot agent."""

    def _bots_play(self, limit_turn: Optional[int] = None, everyone: bool = False):
        """Bots answer while the decision is theirs (``everyone``: every seat's, until
        turn ``limit_turn`` starts)."""
        s = self.session
        for _ in range(200_000):
            d = s.decision
            if d is None:
                return
            if limit_turn is not None and self.game.state.turn >= limit_turn:
                return
            seat = d.player.index
            if seat in self.agents:
                agent = self.agents[seat]
            elif everyone:
                agent = self._auto_agent(seat)
            elif self.autopass and any_time_offer(d) and d.values[-1][0] == PASS_CODE:
                self._apply(len(d.values) - 1, Passed(seat))
                self.passed_for_you += 1
                continue
            else:
                return
            self._apply(agent.choose(self.game, d), seat)
        raise ReplError("the bots made 200000 decisions without finishing")

    def _auto_agent(self, seat: int):
        key = ("auto", seat)
        if key not in self.agents:
            self.agents[key] = make_bot(self.bot_kind, self.session.seed * 7919 + seat + 1)
        return self.agents[key]

    def cmd_auto(self, rest, out):
        s = self.need_game()
        if rest and not is_number(rest):
            raise ReplError("auto takes a number of turns")
        limit = self.game.state.turn + int(rest) + 1 if rest else None
        self._bots_play(limit_turn=limit, everyone=True)
        self.redo_steps = []
        self._bots_play()
        self._news(out)

    def cmd_bot(self, rest, out):
        s = self.need_game()
        words = rest.split()
        if not words:
            raise ReplError("bot SEAT [random|first]")
        seat = _seat_index(words[0], s.players)
        kind = words[1] if len(words) > 1 else self.bot_kind
        reason = check_bot(kind)             # mcts:200 too (deckwright.dsl.search, if installed)
        if reason is not None:
            raise ReplError(reason)
        self.seats[seat] = kind
        self.agents[seat] = make_bot(kind, s.seed * 1000 + seat + 1)
        out.add(f"seats: {self._seats_text()}")
        self._bots_play()
        self._news(out)

    def cmd_human(self, rest, out):
        s = self.need_game()
        seat = _seat_index(rest or "1", s.players)
        self.seats.pop(seat, None)
        self.agents.pop(seat, None)
        out.add(f"seats: {self._seats_text()}")

    def cmd_autopass(self, rest, out):
        self.need_game()
        word = rest.strip().lower()
        if word not in ("", "on", "off"):
            raise ReplError(f"autopass on, autopass off, or autopass alone to see which; "
                            f"not `{rest.strip()}`")
        if word:
            self.autopass = word == "on"
        out.add("autopass is on: you are not asked when only any-time moves are offered"
                if self.autopass else
                "autopass is off: you are asked at every any-time offer")
        self._bots_play()
        self._news(out)

    def cmd_seats(self, rest, out):
        self.need_game()
        out.add(f"seats: {self._seats_text()}")

    def _seats_text(self) -> str:
        n = len(self.game.state.players)
        return ", ".join(f"P{i + 1} {'bot ' + self.seats[i] if i in self.seats else 'you'}"
                         for i in range(n))

