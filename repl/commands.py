"""The REPL's command processor: pure logic over :class:`deckwright.dsl.session.Session`.

One :class:`Processor` holds a deck, a game and the seats' bots; ``execute(line)`` runs
one command and returns an :class:`Output` (text chunks, whether it failed). The
interactive app, ``--script`` and the tests all drive this same object; none of it reads
the terminal or prints.

A failed command leaves the game exactly as it was: every command that changes the game
remembers the recorded steps before it and, on any error (or Ctrl-C), replays the game
back to them.

>>> p = Processor("example", seed=1)
>>> p.execute("new seed=3 bots=P2").ok
True
>>> out = p.execute("choose 99")
>>> out.ok, out.text()
(False, 'error: option 99 does not exist (choose 0 to 6)')
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Optional

from deckwright.dsl.agents import answers
from deckwright.dsl.errors import DeckError, EngineError, suggest
from deckwright.dsl.session import Session

from . import render
from .command_table import (ALIASES, Command, Output, ReplError, braces_open,
                            bundled_with_cards, command_table, is_number, needs_more,
                            _not_an_option)
from .commands_files import (SAVE_FORMAT, SAVE_VERSION, FileCommands, deck_reference,
                             save_text, source_hashes)
from .commands_game import GameCommands
from .commands_look import LookCommands
from .commands_seats import SeatCommands
from .evaluate import Evaluator
from .pager import PAGED

__all__ = ["Processor", "Output", "Command", "ReplError", "needs_more", "braces_open",
           "bundled_with_cards", "deck_reference", "save_text", "source_hashes",
           "SAVE_FORMAT", "SAVE_VERSION"]


class Processor(GameCommands, SeatCommands, LookCommands, FileCommands):
    """The REPL's state: deck, program, game session, bots per seat, typed cards. The
    commands themselves live in the mixins, one module per seam."""

    def __init__(self, deck: Optional[str] = None, seed: int = 1, players: Optional[int] = None,
                 bots: Optional[dict] = None, options: Optional[dict] = None, bot_kind="random"):
        self.deck_ref: Optional[str] = None
        self.deck_path: Optional[Path] = None
        self.program = None
        self.session: Optional[Session] = None
        self.evaluator: Optional[Evaluator] = None  # runs the session's `eval` steps
        self.seats: dict = {}               # seat index → bot name (seats not here: people)
        self.agents: dict = {}              # seat index → bot agent
        self.who: list = []                 # per recorded step: seat index, or "eval"
        self.redo_steps: list = []          # (choice, who) undone, most recent last
        self.defs: dict = {}                # card name → `card ...` text typed at the prompt
        self.dealt_before: set = set()      # typed cards the current game was dealt without
        self.shown = 0                      # log entries already shown
        self.bot_kind = bot_kind
        self.autopass = False               # `autopass on`: pass any-time offers for people
        self.passed_for_you = 0             # ... passes taken so since the last news
        self.commands = self._commands()
        if deck is not None:
            self.open(deck, seed=seed, players=players, bots=bots, options=options)

    def _commands(self) -> dict:
        return command_table(self)

    ALIASES = ALIASES

    # --- running one line ------------------------------------------------------------
    def execute(self, line: str) -> Output:
        """Run one command line (or a multi-line `def`/`eval`). It never raises, but lets
        the process leave (SystemExit, from a closed terminal) with the game put back."""
        text = line.strip()
        if not text or text.startswith("#"):
            return Output()
        word, _, rest = text.partition(" ")
        if "\n" in word:
            word, _, more = word.partition("\n")
            rest = more + (" " + rest if rest else "")
        name = self.ALIASES.get(word.lower(), word.lower())
        cmd = self.commands.get(name)
        if cmd is None:
            if self.session is None or self.session.decision is None:
                return Output([("error", "error: " + self._unknown_command(word))], ok=False)
            # A bare answer: `2`, `pass`. Whether it is an option shows before it runs;
            # once taken, its action's own errors are the ones to show.
            why = self.problem(text)
            if why is not None:
                return Output([("error", "error: " + why)], ok=False)
            cmd, rest = self.commands["choose"], text
        out = self.run_guarded(lambda out: cmd.run(rest.strip(), out), cmd.changes_game)
        out.page = cmd.name in PAGED
        return out

    def run_guarded(self, run, changes_game: bool = True) -> Output:
        """``run(out)`` as a command runs: its errors become one message, and if it changes
        the game, a failure (or Ctrl-C, or the process leaving) puts the game back."""
        out = Output()
        snapshot = self._snapshot() if changes_game else None
        try:
            run(out)
        except (ReplError, EngineError, DeckError, KeyboardInterrupt) as err:
            restored = self._restore(snapshot, force=isinstance(err, KeyboardInterrupt))
            if isinstance(err, DeckError):
                msg = err.render()
            elif isinstance(err, KeyboardInterrupt):
                msg = "cancelled"
            else:
                msg = f"error: {err}"
            if restored and not isinstance(err, KeyboardInterrupt):
                msg += "\n(the game is as it was before this command)"
            return Output([("error", msg)], ok=False)
        except Exception as err:        # a bug in Deckwright: one line, and go on
            self._restore(snapshot, force=True)
            return Output([("error", f"internal error: {type(err).__name__}: {err}")], ok=False)
        except BaseException:           # leaving (SIGHUP, SIGTERM): keep the game whole
            self._restore(snapshot, force=True)
            raise
        self._commit(snapshot)
        out.changed = changes_game
        return out

    def problem(self, line: str) -> Optional[str]:
        """Why ``line`` cannot run, when that shows without running it: an unknown command,
        or an answer that is not an option of the pending decision. The terminal REPL asks
        on Enter and keeps such a line for editing (see `app.LineValidator`)."""
        text = line.strip()
        word, _, rest = text.partition(" ")
        if not text or text.startswith("#") or "\n" in text:
            return None                     # nothing to run, or a `def`/`eval` block
        name = self.ALIASES.get(word.lower(), word.lower())
        pending = self.session is not None and self.session.decision is not None
        if name in self.commands:
            if name != "choose" or not rest.strip() or not pending:
                return None                 # other commands check their own arguments
            answer = rest
        elif pending:
            answer = text
        else:
            return self._unknown_command(word)
        try:
            refused = self.session.refusal(self._parse_choice(answer))
        except ReplError as err:
            return str(err)
        if refused is None:
            return None
        if name not in self.commands and not is_number(word) and not refused.by_rule \
                and len(answers(self.session.decision, text)) < 2:   # ambiguous says so
            return _not_an_option(text)
        return refused.reason

    def _unknown_command(self, word: str) -> str:
        hint = suggest(word, self.commands)
        return f"unknown command `{word}`" + (f"; {hint}" if hint else "; `help` lists them")

    # What a command that changes the game may change, and so what a failed one puts back.
    _GAME = ("session", "evaluator", "program", "deck_ref", "deck_path", "seats", "agents",
             "who", "redo_steps", "defs", "dealt_before", "shown")

    def _snapshot(self) -> dict:
        snap = {k: getattr(self, k) for k in self._GAME}
        snap.update((k, copy.copy(v)) for k, v in snap.items() if isinstance(v, (list, dict, set)))
        snap["choices"] = list(self.session.choices) if self.session else None
        return snap

    def _restore(self, snap, force: bool = False) -> bool:
        """Put the game back as the snapshot had it; True if anything had changed.
        ``force`` replays it even if its steps look unchanged (after Ctrl-C the game may
        have stopped halfway through one). A second Ctrl-C cannot stop this: putting the
        game back is what keeps it."""
        if snap is None:
            return False
        while True:
            try:
                return self._put_back(snap, force)
            except KeyboardInterrupt:
                force = True

    def _put_back(self, snap: dict, force: bool) -> bool:
        current, session, choices = self.session, snap["session"], snap["choices"]
        changed = current is not session or (session is not None and session.choices != choices)
        for k in self._GAME:
            setattr(self, k, snap[k])
        if current is not None and current is not session:
            current.close()                         # a game the failed command started
        if session is not None:
            if force or session.choices != choices:
                session.replay(choices)
            self.shown = min(self.shown, len(session.game.log))
        return changed

    def _commit(self, snap) -> None:
        """After a command succeeded: close the game it replaced (`new`, `open`, `load`)."""
        if snap is not None and snap["session"] is not None and snap["session"] is not self.session:
            snap["session"].close()

    def _new_session(self, program, **settings):
        """A Session on ``program`` and the Evaluator its `eval` steps run with."""
        evaluator = Evaluator(program)
        return Session(program, evaluate=evaluator, **settings), evaluator

    # --- helpers ------------------------------------------------------------------------
    @property
    def game(self):
        return self.session.game if self.session else None

    def need_game(self):
        if self.session is None:
            raise ReplError("no game: `open DECK` first (bundled: "
                            + ", ".join(bundled_with_cards()) + ")")
        return self.session

    def viewer(self):
        """Whose eyes the REPL shows the game through: the one person at the table, or
        whoever decides now when several seats are people."""
        if self.session is None:
            return None
        players = self.game.state.players
        humans = [p for p in players if p.index not in self.seats]
        if len(humans) == 1:
            return humans[0]
        d = self.session.decision
        if d is not None and d.player.index not in self.seats:
            return d.player
        return None if not humans else humans[0]

    def close(self):
        if self.session is not None:
            self.session.close()

    def completion_context(self):
        """What tab may complete now (see :mod:`deckwright.repl.completion`), and what the
        input line's colours read it by (:mod:`deckwright.repl.input_lexer`)."""
        from .completion import Context, list_dir
        from .lexer import KEYWORDS
        commands = tuple((c.name, c.args) for c in self.commands.values())
        aliases = tuple(self.ALIASES.items())
        # `open` offers the bundled games, not the base rules or a file of cards to include.
        games = tuple(bundled_with_cards())
        if self.program is None:
            return Context(commands=commands, aliases=aliases, decks=games, list_dir=list_dir)
        p = self.program
        d = self.session.decision if self.session else None
        names = set(p.zones) | set(p.resources) | set(p.actions) | set(p.counters) \
            | set(p.marks) | set(p.limits) | set(p.params) | set(p.vars) | set(p.types) \
            | set(p.subtypes) | set(KEYWORDS)
        return Context(commands=commands, aliases=aliases,
                       options=tuple(d.labels) if d else (), multi=bool(d and d.multi),
                       alike=tuple(d.alike) if d else (),
                       cards=tuple(p.cards), seats=self.session.players if self.session else 0,
                       decks=games, words=tuple(sorted(names)),
                       settings=("players", "seed", "bots") + tuple(p.options),
                       list_dir=list_dir)

    def banner(self) -> Output:
        """What the REPL shows on start: the game so far and the pending decision."""
        out = Output()
        if self.session is None:
            out.add("No deck loaded. Bundled games: " + ", ".join(bundled_with_cards())
                    + "\n`open NAME` starts one; `help` lists the commands.")
            return out
        out.add(f"{self.program.name} — seed {self.session.seed}; seats: {self._seats_text()}"
                "\n`help` lists the commands; a bare number or label answers the decision.")
        self._news(out)
        return out

    def prompt(self) -> str:
        if self.session is None:
            return "deckwright> "
        d = self.session.decision
        if d is None:
            return "game over> "
        phase = self.game.state.phase
        return f"{d.player.name}{' ' + phase if phase else ''}> "

    def toolbar(self) -> list:
        if self.session is None:
            return render.toolbar_items(None, None, {})
        return render.toolbar_items(self.game, self.session.decision, self.seats)

    def _news(self, out: Output):
        """New log lines since the last command, then the decision now pending."""
        game = self.game
        lines = render.log_lines(game, self.viewer(), self.shown)
        self.shown = len(game.log)
        if lines:
            out.add("\n".join(lines))
        if self.passed_for_you:
            n, self.passed_for_you = self.passed_for_you, 0
            out.add(f"(autopass passed {'an any-time offer' if n == 1 else f'{n} any-time offers'}"
                    " for you: `autopass off` to be asked)")
        d = self.session.decision
        if d is not None:
            out.add(render.decision_view(d, self.viewer(), self.game))

    def cmd_quit(self, rest, out):
        out.quit = True
