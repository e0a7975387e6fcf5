"""Playing the game: `open`, `new`, `choose`, `step`, `undo`, `redo`, `eval`."""
from __future__ import annotations

from deckwright.dsl.agents import make_bot
from deckwright.dsl.errors import suggest
from deckwright.dsl.loader import resolve_deck

from . import render
from .command_table import (ReplError, _seat_index, bundled_with_cards, is_number,
                            setting_value, split_words)
from .commands_seats import by_bot
from .evaluate import build_program


class GameCommands:
    """Mixed into ``Processor``: the commands that take decisions or start games."""

    def _apply(self, choice, seat) -> None:
        s = self.session
        refused = s.apply(choice)
        if refused:
            raise ReplError(refused.reason)
        self.who.append(seat)

    def _parse_choice(self, rest: str):
        d = self.session.decision
        if d is None:
            raise ReplError("the game is over (`new` starts another, `undo` goes back)")
        words = [w.strip() for w in (rest.split(",") if "," in rest else
                                     (rest.split() if all(is_number(x) for x in rest.split())
                                      else [rest]))]
        words = [w for w in words if w]
        if d.multi:
            if rest.strip() in ("none", "nothing"):
                return ()
            return tuple(int(w) if is_number(w) else w for w in words)
        if len(words) != 1:
            raise ReplError("choose one option: a number or a label")
        w = words[0]
        return int(w) if is_number(w) else w

    def open(self, deck: str, seed: int = 1, players=None, bots=None, options=None):
        path = resolve_deck(deck)
        # Only a deck file is read: an error in any other file would quote its first line
        # (`open /proc/self/environ` would show the environment's secrets on the screen).
        if path.suffix != ".deck":
            raise ReplError(f"cannot open `{deck}`: it is not a `.deck` file")
        if path.resolve().suffix != ".deck":
            raise ReplError(f"cannot open `{deck}`: it links to a file that is not a `.deck` "
                            f"file")
        program = build_program(path, {})
        if not program.library():
            raise ReplError(f"`{deck}` has no cards to play (it is a base for other decks)")
        self.deck_ref, self.deck_path, self.program = deck, path, program
        self.defs, self.dealt_before = {}, set()
        n = players or max(program.min_players, 2)
        if bots is None:
            bots = {i: self.bot_kind for i in range(1, n)}
        self._start_game(program, seed, n, bots, options or {}, [], [])
        self._bots_play()

    def _start_game(self, program, seed, players, bots, options, choices, who):
        self.session, self.evaluator = self._new_session(
            program, seed=seed, players=players, options=options, choices=choices)
        self.program = program
        self.seats = dict(bots)
        self.agents = {i: make_bot(k, seed * 1000 + i + 1) for i, k in self.seats.items()}
        self.who, self.redo_steps, self.shown = list(who), [], 0

    def cmd_open(self, rest, out):
        if not rest:
            out.add("bundled games: " + ", ".join(bundled_with_cards()))
            return
        self.open(rest.strip().strip('"'))
        out.add(f"{self.program.name}: {len(self.program.library())} cards, "
                f"{len(self.game.state.players)} players; seats: {self._seats_text()}")
        self._news(out)

    def cmd_new(self, rest, out):
        if self.program is None:
            raise ReplError("no deck: `open DECK` first")
        s = self.session
        players, seed, options = s.players, s.seed + 1, dict(s.options)
        bots = None
        for tok in split_words(rest):
            key, eq, value = tok.partition("=")
            if not eq:
                raise ReplError(f"expected NAME=VALUE, got `{tok}` (see `help new`)")
            if key == "players":
                players = setting_value(key, value, 0, least=1, example=3)
            elif key == "seed":
                seed = setting_value(key, value, 0, example=7)
            elif key == "bots":
                bots = value
            elif key in self.program.options:
                options[key] = setting_value(key, value, self.program.options[key])
            else:
                hint = suggest(key, list(self.program.options) + ["players", "seed", "bots"])
                raise ReplError(f"unknown setting `{key}`" + (f"; {hint}" if hint else ""))
        if bots is not None:        # after the loop: `bots=P3 players=3` names seats of 3
            bots = {} if bots in ("none", "") else \
                {_seat_index(w, players): self.bot_kind for w in bots.split(",")}
        if bots is None:
            bots = {i: k for i, k in self.seats.items() if i < players}
        self.dealt_before = set()
        program = build_program(self.deck_path, self.defs) if self.defs else self.program
        self._start_game(program, seed, players, bots, options, [], [])
        out.add(f"new game of {program.name}: seed {seed}, {players} players; "
                f"seats: {self._seats_text()}")
        self._bots_play()
        self._news(out)

    def cmd_choose(self, rest, out):
        s = self.need_game()
        if not rest:
            raise ReplError("choose what? a number or label (`options` lists them)")
        choice = self._parse_choice(rest)
        self._apply(choice, s.decision.player.index)
        self.redo_steps = []
        self._bots_play()
        self._news(out)

    def cmd_step(self, rest, out):
        s = self.need_game()
        if rest:
            return self.cmd_choose(rest, out)
        d = s.decision
        if d is None:
            raise ReplError("the game is over")
        self._apply(self._auto_agent(d.player.index).choose(self.game, d), d.player.index)
        self.redo_steps = []
        self._bots_play()
        self._news(out)

    def cmd_undo(self, rest, out):
        s = self.need_game()
        n = _count(rest, "undo")
        k = len(s.choices)
        undone = 0
        while k > 0 and undone < n:
            k -= 1
            if not by_bot(self, self.who[k]):
                undone += 1
        # Stop only at a decision of a seat the user plays: before the first of theirs
        # (k = 0, a bot to open the game) there is nothing of theirs to take back.
        while k < len(self.who) and by_bot(self, self.who[k]):
            k += 1
        if undone == 0 or k == len(self.who):
            raise ReplError("nothing to undo")
        steps = list(zip(s.choices[k:], self.who[k:]))
        s.replay(s.choices[:k])
        self.redo_steps += list(reversed(steps))
        self.who = self.who[:k]
        self.shown = 0
        out.add(f"undid {undone} decision{'s' if undone != 1 else ''}")
        out.add(render.state_view(self.game, self.viewer()))
        self.shown = len(self.game.log)
        self._news(out)

    def cmd_redo(self, rest, out):
        s = self.need_game()
        n = _count(rest, "redo")
        if not self.redo_steps:
            raise ReplError("nothing to redo")
        steps, done = [], 0
        while self.redo_steps and done < n:
            choice, who = self.redo_steps.pop()
            steps.append((choice, who))
            if not by_bot(self, who):
                done += 1
        # bots' steps right after the last redone one belong with it
        while self.redo_steps and by_bot(self, self.redo_steps[-1][1]):
            steps.append(self.redo_steps.pop())
        before = len(self.game.log)
        s.replay(s.choices + [c for c, _ in steps])
        self.who += [w for _, w in steps]
        self.shown = min(self.shown, before)
        out.add(f"redid {done} decision{'s' if done != 1 else ''}")
        self._news(out)

    def cmd_eval(self, rest, out):
        s = self.need_game()
        text = rest.strip()
        if text.startswith("{") and text.endswith("}"):
            text = text[1:-1].strip()
        if not text:
            raise ReplError("eval EFFECT, e.g. `eval gain 1 gears` or `eval draw 2`")
        if s.decision is None:
            raise ReplError("the game is over")
        self.evaluator.check(text)              # a mistake is a DeckError before anything runs
        s.run_effect(text)
        self.who.append("eval")
        self.redo_steps = []
        self._bots_play()
        self._news(out)



def _count(rest: str, verb: str) -> int:
    if not rest:
        return 1
    if not is_number(rest):
        raise ReplError(f"{verb} takes a number of decisions (`{verb} 2`), not `{rest}`")
    return int(rest)
