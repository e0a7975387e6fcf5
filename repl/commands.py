"""The REPL's command processor: pure logic over :class:`dsl.session.Session`.

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

import json
import hashlib
import shlex
from functools import lru_cache
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

from dsl.agents import BOTS, make_bot
from dsl.errors import DeckError, EngineError, SourcePosition, suggest
from dsl.loader import resolve_deck, resolve_reference
from dsl.session import Effect, Session

from . import render
from .evaluate import Evaluator, build_program, def_name

SAVE_FORMAT = "deckwright-save"
SAVE_VERSION = 1


class ReplError(Exception):
    """A command that cannot be done: one line for the user, the game unchanged."""


@dataclass
class Output:
    """What a command shows: (kind, text) chunks. Kinds: ``text``, ``source`` (deck
    text, highlighted by the app), ``error``."""
    chunks: list = field(default_factory=list)
    ok: bool = True
    quit: bool = False

    def add(self, text: str, kind: str = "text") -> "Output":
        if text:
            self.chunks.append((kind, text))
        return self

    def text(self) -> str:
        return "\n".join(t for _, t in self.chunks)


@dataclass(frozen=True)
class Command:
    name: str
    usage: str
    help: str
    run: Callable
    args: str = ""          # what completes after it: option|card|file|seat|deck|...
    changes_game: bool = False


def braces_open(text: str) -> int:
    """How many `{` are still open in ``text`` (strings and comments skipped)."""
    depth, in_str, i = 0, False, 0
    while i < len(text):
        ch = text[i]
        if in_str:
            if ch == "\\":
                i += 1
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch == "#":
            while i < len(text) and text[i] != "\n":
                i += 1
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        i += 1
    return depth


def needs_more(text: str) -> bool:
    """Whether a `def` or `eval` typed so far continues on the next line."""
    word = text.lstrip().split(" ", 1)[0]
    return word in ("def", "eval") and braces_open(text) > 0


def _seat_index(word: str, players: int) -> int:
    w = word.strip().upper().lstrip("P")
    if not w.isdigit() or not 1 <= int(w) <= players:
        raise ReplError(f"no seat `{word}` (seats are P1 to P{players})")
    return int(w) - 1


def _parse_value(v: str):
    if v.lstrip("-").isdigit():
        return int(v)
    if v in ("true", "false"):
        return v == "true"
    return v


class Processor:
    """The REPL's state: deck, program, game session, bots per seat, typed cards."""

    def __init__(self, deck: Optional[str] = None, seed: int = 1, players: Optional[int] = None,
                 bots: Optional[dict] = None, options: Optional[dict] = None, bot_kind="random"):
        self.deck_ref: Optional[str] = None
        self.deck_path: Optional[Path] = None
        self.program = None
        self.session: Optional[Session] = None
        self.seats: dict = {}               # seat index → bot name (seats not here: people)
        self.agents: dict = {}              # seat index → bot agent
        self.who: list = []                 # per recorded step: seat index, or "eval"
        self.redo_steps: list = []          # (choice, who) undone, most recent last
        self.defs: dict = {}                # card name → `card ...` text typed at the prompt
        self.dealt_before: set = set()      # typed cards the current game was dealt without
        self.shown = 0                      # log entries already shown
        self.bot_kind = bot_kind
        self.commands = self._commands()
        if deck is not None:
            self.open(deck, seed=seed, players=players, bots=bots, options=options)

    # --- the command table --------------------------------------------------------
    def _commands(self) -> dict:
        C = Command
        table = [
            C("help", "help [COMMAND]", "list commands, or explain one", self.cmd_help, "command"),
            C("open", "open DECK", "load a deck (a path or a bundled name) and start a game",
              self.cmd_open, "deck", True),
            C("new", "new [players=N] [seed=N] [bots=P2,P3|none] [NAME=VALUE]...",
              "start a new game (options are the deck's variant options)", self.cmd_new,
              "new", True),
            C("state", "state [all|P2]", "the table as the acting player sees it "
              "(hidden cards counted), everyone's with `all`", self.cmd_state, "state"),
            C("options", "options", "the pending decision and its legal options",
              self.cmd_options),
            C("choose", "choose N|LABEL [N|LABEL...]", "take the pending decision by number "
              "or by (the start of) its label; several for a multiple choice", self.cmd_choose,
              "option", True),
            C("step", "step [N|LABEL]", "choose (like `choose`), or with nothing let a bot take "
              "this one decision", self.cmd_step, "option", True),
            C("auto", "auto [N]", "bots play every seat for N turns (default: to the end)",
              self.cmd_auto, "", True),
            C("bot", "bot SEAT [random|first]", "a bot takes this seat", self.cmd_bot, "seat", True),
            C("human", "human SEAT", "you play this seat", self.cmd_human, "seat", True),
            C("seats", "seats", "who plays each seat", self.cmd_seats),
            C("undo", "undo [N]", "take back your last N decisions (and the bots' since)",
              self.cmd_undo, "", True),
            C("redo", "redo [N]", "redo what undo took back", self.cmd_redo, "", True),
            C("log", "log [N|all]", "the last N log entries (default 20), numbered",
              self.cmd_log),
            C("why", "why N", "where log entry N comes from: the card, rule and deck lines",
              self.cmd_why),
            C("card", "card NAME", "a card's printed text and its source", self.cmd_card, "card"),
            C("cards", "cards", "every card of the deck", self.cmd_cards),
            C("eval", "eval EFFECT", "run deck statements now, as the deciding player "
              "(kept in the history: undo takes it back)", self.cmd_eval, "effect", True),
            C("def", "def card \"NAME\": TYPE {...}", "add or redefine a card (multi-line); "
              "the game is replayed on the new rules", self.cmd_def, "def", True),
            C("reload", "reload", "re-read the deck files and replay the game on them",
              self.cmd_reload, "", True),
            C("save", "save FILE", "save the game (JSON)", self.cmd_save, "file"),
            C("load", "load FILE", "load a saved game", self.cmd_load, "file", True),
            C("quit", "quit", "leave (Ctrl-D too)", self.cmd_quit),
        ]
        return {c.name: c for c in table}

    ALIASES = {"c": "choose", "s": "state", "q": "quit", "exit": "quit", "?": "help",
               "o": "options"}

    # --- running one line ------------------------------------------------------------
    def execute(self, line: str) -> Output:
        """Run one command line (or a multi-line `def`/`eval`); never raises."""
        out = Output()
        text = line.strip()
        if not text or text.startswith("#"):
            return out
        word, _, rest = text.partition(" ")
        if "\n" in word:
            word, _, more = word.partition("\n")
            rest = more + (" " + rest if rest else "")
        name = self.ALIASES.get(word.lower(), word.lower())
        cmd = self.commands.get(name)
        if cmd is None:
            if self.session is not None and self.session.decision is not None:
                cmd, rest = self.commands["choose"], text      # a bare option: `2`, `pass`
            else:
                return Output([("error", "error: " + self._unknown_command(word))], ok=False)
        bare = cmd is self.commands["choose"] and name != "choose"
        snapshot = self._snapshot() if cmd.changes_game else None
        try:
            cmd.run(rest.strip(), out)
        except (ReplError, EngineError, DeckError, KeyboardInterrupt) as err:
            restored = self._restore(snapshot)
            if isinstance(err, DeckError):
                msg = err.render()
            elif isinstance(err, KeyboardInterrupt):
                msg = "cancelled"
            elif isinstance(err, EngineError):
                msg = f"error: {err}"
            else:
                msg = f"error: {err}"
            if bare and isinstance(err, (ReplError, EngineError)) and not word.isdigit():
                msg = "error: " + _not_an_option(text)
            if restored and not isinstance(err, KeyboardInterrupt):
                msg += "\n(the game is as it was before this command)"
            return Output([("error", msg)], ok=False)
        except Exception as err:        # a bug in Deckwright: one line, and go on
            self._restore(snapshot)
            return Output([("error", f"internal error: {type(err).__name__}: {err}")], ok=False)
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
        if name not in self.commands and not word.isdigit():
            return _not_an_option(text)
        return refused.reason

    def _unknown_command(self, word: str) -> str:
        hint = suggest(word, self.commands)
        return f"unknown command `{word}`" + (f"; {hint}" if hint else "; `help` lists them")

    def _snapshot(self):
        if self.session is None:
            return None
        return (self.session, list(self.session.choices), list(self.who), list(self.redo_steps),
                self.shown)

    def _restore(self, snap) -> bool:
        """Put the game back as the snapshot had it; True if anything had changed."""
        if snap is None:
            return False
        session, choices, who, redo, shown = snap
        changed = self.session is not session or session.choices != choices
        self.session = session
        if session.choices != choices or session.decision is None and not session.is_over:
            session._restart(choices)
        self.who, self.redo_steps = who, redo
        self.shown = min(shown, len(session.game.log))
        return changed

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
        """What tab may complete now (see :mod:`repl.completion`)."""
        from .completion import Context, list_dir
        from .lexer import KEYWORDS
        from decks import bundled
        commands = tuple((c.name, c.args) for c in self.commands.values())
        if self.program is None:
            return Context(commands=commands, decks=tuple(bundled()), list_dir=list_dir)
        p = self.program
        d = self.session.decision if self.session else None
        names = set(p.zones) | set(p.resources) | set(p.actions) | set(p.counters) \
            | set(p.marks) | set(p.limits) | set(p.params) | set(p.vars) | set(p.types) \
            | set(p.subtypes) | set(KEYWORDS)
        return Context(commands=commands, options=tuple(d.labels) if d else (),
                       cards=tuple(p.cards), seats=self.session.players if self.session else 0,
                       decks=tuple(bundled()), words=tuple(sorted(names)),
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
        d = self.session.decision
        if d is not None:
            out.add(render.decision_view(d))

    def _apply(self, choice, seat) -> None:
        s = self.session
        refused = s.apply(choice)
        if refused:
            raise ReplError(refused.reason)
        self.who.append(seat)

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
            else:
                return
            self._apply(agent.choose(self.game, d), seat)
        raise ReplError("the bots made 200000 decisions without finishing")

    def _auto_agent(self, seat: int):
        key = ("auto", seat)
        if key not in self.agents:
            self.agents[key] = make_bot(self.bot_kind, self.session.seed * 7919 + seat + 1)
        return self.agents[key]

    def _parse_choice(self, rest: str):
        d = self.session.decision
        if d is None:
            raise ReplError("the game is over (`new` starts another, `undo` goes back)")
        words = [w.strip() for w in (rest.split(",") if "," in rest else
                                     (rest.split() if all(x.isdigit() for x in rest.split())
                                      else [rest]))]
        words = [w for w in words if w]
        if d.multi:
            if rest.strip() in ("none", "nothing"):
                return ()
            return tuple(int(w) if w.isdigit() else w for w in words)
        if len(words) != 1:
            raise ReplError("choose one option: a number or a label")
        w = words[0]
        return int(w) if w.isdigit() else w

    # --- opening decks and games ----------------------------------------------------------
    def open(self, deck: str, seed: int = 1, players=None, bots=None, options=None):
        path = resolve_deck(deck)
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
        session = Session(program, seed=seed, players=players, options=options,
                          choices=choices, evaluate=Evaluator(program))
        if self.session is not None:
            self.session.close()
        self.session, self.program = session, program
        self.seats = dict(bots)
        self.agents = {i: make_bot(k, seed * 1000 + i + 1) for i, k in self.seats.items()}
        self.who, self.redo_steps, self.shown = list(who), [], 0

    # --- commands ----------------------------------------------------------------------
    def cmd_help(self, rest, out):
        if rest:
            c = self.commands.get(self.ALIASES.get(rest, rest))
            if c is None:
                raise ReplError(f"no command `{rest}`")
            out.add(f"{c.usage}\n  {c.help}")
            return
        width = max(len(c.usage) for c in self.commands.values())
        out.add("\n".join(f"  {c.usage:<{width}}  {c.help}" for c in self.commands.values()))
        out.add("A bare number or label answers the pending decision. Tab completes; "
                "Ctrl-C cancels; Ctrl-D quits.")

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
        for tok in shlex.split(rest):
            key, eq, value = tok.partition("=")
            if not eq:
                raise ReplError(f"expected NAME=VALUE, got `{tok}` (see `help new`)")
            if key == "players":
                players = int(value)
            elif key == "seed":
                seed = int(value)
            elif key == "bots":
                bots = {} if value in ("none", "") else None
                if value not in ("none", ""):
                    bots = {_seat_index(w, players): self.bot_kind for w in value.split(",")}
            elif key in self.program.options:
                options[key] = _parse_value(value)
            else:
                hint = suggest(key, list(self.program.options) + ["players", "seed", "bots"])
                raise ReplError(f"unknown setting `{key}`" + (f"; {hint}" if hint else ""))
        if bots is None:
            bots = {i: k for i, k in self.seats.items() if i < players}
        self.dealt_before = set()
        program = build_program(self.deck_path, self.defs) if self.defs else self.program
        self._start_game(program, seed, players, bots, options, [], [])
        out.add(f"new game of {program.name}: seed {seed}, {players} players; "
                f"seats: {self._seats_text()}")
        self._bots_play()
        self._news(out)

    def _seats_text(self) -> str:
        n = len(self.game.state.players)
        return ", ".join(f"P{i + 1} {'bot ' + self.seats[i] if i in self.seats else 'you'}"
                         for i in range(n))

    def cmd_state(self, rest, out):
        s = self.need_game()
        rest = rest.strip().lower()
        if rest in ("all", "everything"):
            viewer = None
        elif rest:
            viewer = self.game.state.players[_seat_index(rest, s.players)]
        else:
            viewer = self.viewer()
        out.add(render.state_view(self.game, viewer))
        if s.decision is not None:
            out.add(render.decision_view(s.decision))

    def cmd_options(self, rest, out):
        s = self.need_game()
        out.add(render.decision_view(s.decision) if s.decision else
                "the game is over: " + self.game.describe_result())

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

    def cmd_auto(self, rest, out):
        s = self.need_game()
        if rest and not rest.isdigit():
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
        if kind not in BOTS:
            raise ReplError(f"unknown bot `{kind}`; bots: {', '.join(BOTS)}")
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

    def cmd_seats(self, rest, out):
        self.need_game()
        out.add(f"seats: {self._seats_text()}")

    def cmd_undo(self, rest, out):
        s = self.need_game()
        n = int(rest) if rest.isdigit() else 1
        k = len(s.choices)
        undone = 0
        while k > 0 and undone < n:
            k -= 1
            if self.who[k] == "eval" or self.who[k] not in self.seats:
                undone += 1
        if undone == 0:
            raise ReplError("nothing to undo")
        steps = list(zip(s.choices[k:], self.who[k:]))
        s._restart(s.choices[:k])
        self.redo_steps += list(reversed(steps))
        self.who = self.who[:k]
        self.shown = 0
        out.add(f"undid {undone} decision{'s' if undone != 1 else ''}")
        out.add(render.state_view(self.game, self.viewer()))
        self.shown = len(self.game.log)
        self._news(out)

    def cmd_redo(self, rest, out):
        s = self.need_game()
        n = int(rest) if rest.isdigit() else 1
        if not self.redo_steps:
            raise ReplError("nothing to redo")
        steps, done = [], 0
        while self.redo_steps and done < n:
            choice, who = self.redo_steps.pop()
            steps.append((choice, who))
            if who == "eval" or who not in self.seats:
                done += 1
        # bots' steps right after the last redone one belong with it
        while self.redo_steps and self.redo_steps[-1][1] != "eval" \
                and self.redo_steps[-1][1] in self.seats:
            steps.append(self.redo_steps.pop())
        before = len(self.game.log)
        s._restart(s.choices + [c for c, _ in steps])
        self.who += [w for _, w in steps]
        self.shown = min(self.shown, before)
        out.add(f"redid {done} decision{'s' if done != 1 else ''}")
        self._news(out)

    def cmd_log(self, rest, out):
        self.need_game()
        game = self.game
        lines = render.log_lines(game, self.viewer(), 0, numbered=True)
        if rest != "all":
            lines = lines[-(int(rest) if rest.isdigit() else 20):]
        out.add("\n".join(lines) or "(the log is empty)")

    def cmd_why(self, rest, out):
        self.need_game()
        if not rest.isdigit() or int(rest) >= len(self.game.log):
            raise ReplError(f"why N: N is a log entry number (0 to {len(self.game.log) - 1}), "
                            "as `log` shows")
        e = self.game.log[int(rest)]
        if not render.entry_visible(e, self.viewer()):
            raise ReplError("that entry is secret")
        out.add(f"{rest}: {render.entry_text(self.game, e, self.viewer())}  (turn {e.turn}"
                + (f", phase {e.extra['phase']}" if e.extra.get("phase") else "") + ")")
        found = False
        for pos, what in self._provenance(e):
            found = True
            line = self._source_line(pos)
            out.add(f"  {what} — {pos}" if pos else f"  {what}")
            if line:
                out.add(f"    {line.strip()}", "source")
        if not found:
            decls = self.program.decls
            rule = (decls.get(("turn",)) or decls.get(("round",))) if e.turn else \
                decls.get(("setup",))
            what = "the game's turn rules" if e.turn else "the game's setup"
            if e.extra.get("phase"):
                what += f", phase `{e.extra['phase']}`"
            out.add(f"  {what}" + (f" — {rule.pos}" if rule is not None else ""))
            line = self._source_line(rule.pos) if rule is not None else None
            if line:
                out.add(f"    {line.strip()}", "source")

    def _provenance(self, e) -> list:
        """(position, description) for what caused a log entry, innermost last."""
        out = []
        p = self.program
        for item in e.extra.get("chain", ()):
            out.append(self._locate(item))
        if e.pos is not None:
            out.append((e.pos, f"said by {e.source or 'the rules'}"))
        elif e.source and not out:
            out.append(self._locate(e.source))
        return out

    def _locate(self, item: str):
        p = self.program
        if item.startswith("move ") and item[5:] in p.moves and p.moves[item[5:]]:
            return p.moves[item[5:]].pos, f"the move `{item[5:]}`"
        if item.startswith(("rule at ", "whenever at ")):
            kind, _, where = item.partition(" at ")
            return _parse_pos(where), ("a game rule" if kind == "rule" else "a `whenever` rule")
        if item in p.cards:
            return p.cards[item].pos, f"card \"{item}\""
        card, _, ability = item.partition(": ")
        if card in p.cards:
            for ab in p.cards[card].abilities:
                if ab.name == ability:
                    return ab.pos, f"card \"{card}\", ability \"{ability}\""
        if item == "eval":
            return None, "an `eval` typed at the prompt"
        return None, item

    def _source_line(self, pos) -> Optional[str]:
        if pos is None:
            return None
        text = self.program.sources.get(pos.file)
        if text is None:
            return None
        lines = text.splitlines()
        return lines[pos.line - 1] if 0 < pos.line <= len(lines) else None

    def find_card(self, name: str):
        p = self.program
        name = name.strip().strip('"')
        if name in p.cards:
            return p.cards[name]
        lowered = {n.lower(): n for n in p.cards}
        if name.lower() in lowered:
            return p.cards[lowered[name.lower()]]
        starts = [n for n in p.cards if n.lower().startswith(name.lower())]
        if len(starts) == 1:
            return p.cards[starts[0]]
        hint = suggest(name, p.cards)
        raise ReplError(f"no card `{name}`" + (f"; {hint}" if hint else
                        f" ({len(starts)} start so)" if starts else ""))

    def cmd_card(self, rest, out):
        if self.program is None:
            raise ReplError("no deck: `open DECK` first")
        if not rest:
            raise ReplError("card NAME (`cards` lists them)")
        d = self.find_card(rest)
        typeline = " ".join(sorted(d.types)) + (" - " + " ".join(sorted(d.subtypes))
                                                if d.subtypes else "")
        copies = "token" if d.token else f"x{d.copies}"
        out.add(f"{d.name} — {typeline} ({copies})   {d.pos}")
        if d.text:
            out.add(f"  “{d.text}”")
        text = self.program.sources.get(d.pos.file)
        if text is not None:
            lines = text.splitlines()[d.pos.line - 1:d.pos.end_line]
            out.add("\n".join(lines), "source")

    def cmd_cards(self, rest, out):
        if self.program is None:
            raise ReplError("no deck: `open DECK` first")
        rows = []
        for d in self.program.cards.values():
            kind = " ".join(sorted(d.types))
            rows.append(f"  {d.name:<28} {kind:<10} {'token' if d.token else 'x' + str(d.copies)}")
        out.add("\n".join(rows))

    def cmd_eval(self, rest, out):
        s = self.need_game()
        text = rest.strip()
        if text.startswith("{") and text.endswith("}"):
            text = text[1:-1].strip()
        if not text:
            raise ReplError("eval EFFECT, e.g. `eval gain 1 gears` or `eval draw 2`")
        if s.decision is None:
            raise ReplError("the game is over")
        s.evaluate.check(text)                  # a mistake is a DeckError before anything runs
        s.run_effect(text)
        self.who.append("eval")
        self.redo_steps = []
        self._bots_play()
        self._news(out)

    def cmd_def(self, rest, out):
        if self.program is None:
            raise ReplError("no deck: `open DECK` first")
        name = def_name(rest)
        if name is None:
            raise ReplError('def card "NAME": TYPE [- SUBTYPES] [x N] { ... }')
        defs = dict(self.defs)
        defs.pop(name, None)
        defs[name] = rest.strip()
        is_new = name not in self.program.cards
        dealt = set(self.dealt_before) | ({name} if is_new and self.session else set())
        program = build_program(self.deck_path, defs, dealt)
        self._replay_onto(program, out, "redefined" if not is_new else "added")
        self.defs, self.dealt_before = defs, dealt
        if is_new:
            out.add(f"`{name}` is not in the deal of this game; put one where you want it with "
                    f"`eval create 1 \"{name}\" in your hand` (a `new` game deals it)")

    def cmd_reload(self, rest, out):
        if self.program is None:
            raise ReplError("no deck: `open DECK` first")
        program = build_program(self.deck_path, self.defs, self.dealt_before)
        self._replay_onto(program, out, "reloaded")

    def _replay_onto(self, program, out, what: str):
        """Replay the game's recorded steps on ``program``; keep the old game if they no
        longer fit (a step refused, or a person's choice now means something else)."""
        s = self.session
        if s is None:
            self.program = program
            out.add(f"{what}; no game in progress")
            return
        try:
            fresh = Session(program, seed=s.seed, players=s.players, options=s.options,
                            choices=list(s.choices), evaluate=Evaluator(program))
        except EngineError as err:
            raise ReplError(f"{what}, but the game so far does not replay on it ({err}); "
                            "the old game and rules are kept (`new` starts over on the new "
                            "rules)") from None
        old_picks, new_picks = self._human_picks(s.game), self._human_picks(fresh.game)
        if old_picks != new_picks:
            fresh.close()
            diff = next(i for i, (a, b) in enumerate(zip(old_picks + [None], new_picks + [None]))
                        if a != b)
            a = old_picks[diff] if diff < len(old_picks) else "nothing"
            b = new_picks[diff] if diff < len(new_picks) else "nothing"
            raise ReplError(f"{what}, but the game so far does not replay on it (decision "
                            f"{diff + 1} was `{a}`, now it would be `{b}`); the old game and "
                            "rules are kept (`new` starts over on the new rules)")
        s.close()
        self.session, self.program = fresh, program
        out.add(f"{what}: the game replayed on the new rules ({len(s.choices)} steps)")
        self.shown = min(self.shown, len(fresh.game.log))
        self._bots_play()
        self._news(out)

    def _human_picks(self, game) -> list:
        names = {p.name for p in game.state.players if p.index not in self.seats}
        return [e.text for e in game.log
                if e.text.split(" ", 1)[0] in names and " cho" in e.text]

    def cmd_save(self, rest, out):
        s = self.need_game()
        if not rest:
            raise ReplError("save FILE")
        path = Path(rest.strip().strip('"')).expanduser()
        data = {"format": SAVE_FORMAT, "version": SAVE_VERSION,
                "deck": deck_reference(self.deck_path, path),
                "deck_name": self.deck_ref, "sources": source_hashes(self.program),
                "defs": list(self.defs.values()), "dealt_before": sorted(self.dealt_before),
                "seats": {str(k): v for k, v in self.seats.items()},
                "who": self.who, "game": s.to_save()}
        try:
            path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        except OSError as err:
            raise ReplError(f"cannot write {path}: {err.strerror or err}") from None
        out.add(f"saved {len(s.choices)} steps to {path}")

    def cmd_load(self, rest, out):
        if not rest:
            raise ReplError("load FILE")
        path = Path(rest.strip().strip('"')).expanduser()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except OSError as err:
            raise ReplError(f"cannot read {path}: {err.strerror or err}") from None
        except ValueError as err:
            raise ReplError(f"{path} is not a save file (bad JSON: {err})") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ReplError(f"{path} is not a Deckwright save file")
        if data.get("version") != SAVE_VERSION:
            raise ReplError(f"{path} is a version {data.get('version')} save; this Deckwright "
                            f"reads version {SAVE_VERSION}")
        deck_path = self._saved_deck(data, path)
        defs = {}
        saved_defs = data.get("defs", [])
        for i, text in enumerate(saved_defs if isinstance(saved_defs, list) else [None]):
            if not isinstance(text, str) or def_name(text) is None:
                raise ReplError(f"{path}: `defs` entry {i + 1} is not a card definition")
            defs[def_name(text)] = text
        program = build_program(deck_path, defs, set(data.get("dealt_before", [])))
        changed = [f for f, h in data.get("sources", {}).items()
                   if f in program.sources and source_hashes(program).get(f) != h]
        missing = [f for f in data.get("sources", {}) if f not in program.sources]
        g = data["game"]
        seats = {int(k): v for k, v in data.get("seats", {}).items()}
        choices = [tuple(c) if isinstance(c, list) else Effect(c["eval"]) if isinstance(c, dict)
                   else c for c in g["choices"]]
        try:
            session = Session(program, seed=g["seed"], players=g["players"],
                              options=g.get("options") or {}, choices=choices,
                              evaluate=Evaluator(program))
        except EngineError as err:
            note = (" — the deck changed since the save: " + ", ".join(changed)) if changed else ""
            raise ReplError(f"the saved game does not replay ({err}){note}") from None
        if self.session is not None:
            self.session.close()
        self.session, self.program, self.deck_path = session, program, deck_path
        self.deck_ref = data.get("deck_name") or str(deck_path)
        self.defs, self.dealt_before = defs, set(data.get("dealt_before", []))
        self.seats = seats
        self.agents = {i: make_bot(k, g["seed"] * 1000 + i + 1) for i, k in seats.items()}
        self.who = list(data.get("who") or [None] * len(choices))
        self.redo_steps = []
        self.shown = len(session.game.log)
        out.add(f"loaded {path}: {program.name}, {len(choices)} steps replayed")
        for f in changed:
            out.add(f"note: {f} changed since this game was saved; it was replayed on the "
                    f"edited deck")
        for f in missing:
            out.add(f"note: the save used {f}, which the deck no longer includes")
        out.add(render.state_view(self.game, self.viewer()))
        self._bots_play()
        self._news(out)

    def _saved_deck(self, data: dict, path: Path) -> Path:
        """The deck a save file names. A save file may come from anyone, so it may name
        only a bundled deck, a `.deck` file in its own folder tree (both as a deck's
        `include` would), or the deck the user has open: never any other file."""
        folder = path.resolve().parent
        refs = [r for r in dict.fromkeys((data.get("deck"), data.get("deck_name")))
                if isinstance(r, str) and r.strip() and "\0" not in r]
        if not refs:
            raise ReplError(f"{path} names no deck")
        refused = None
        for ref in refs:
            if self.deck_path is not None and any(
                    _same_file(folder / r, self.deck_path) for r in (ref, ref + ".deck")):
                return self.deck_path               # the deck the user opened
            try:
                return resolve_reference(ref, folder, folder, "load")
            except DeckError as err:
                if err.diagnostics[0].code == "outside" and refused is None:
                    refused = ref
        if refused is not None:
            raise ReplError(f"{path} names the deck `{refused}`, outside the save file's folder; "
                            f"a save file may name only a bundled deck or a `.deck` file in its "
                            f"own folder ({folder}) or below it (to load it onto that deck, "
                            f"`open` the deck first, then `load` the save)")
        raise ReplError(f"{path} names the deck `{refs[0]}`, which is neither in {folder} "
                        f"nor bundled")

    def cmd_quit(self, rest, out):
        out.quit = True


def deck_reference(deck: Path, save: Path) -> str:
    """How a save file at ``save`` names ``deck``: a bundled name, a path from the save
    file's folder, or (outside it) an absolute path, which loads only while that deck is
    open (see `Processor._saved_deck`)."""
    from decks import bundled
    real = deck.resolve()
    for name, p in bundled().items():
        if p.resolve() == real:
            return name
    folder = save.resolve().parent
    return real.relative_to(folder).as_posix() if real.is_relative_to(folder) else str(real)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except (OSError, ValueError, RuntimeError):
        return False


def source_hashes(program) -> dict:
    """file → sha256 of its text, for every deck file the program was built from."""
    return {f: hashlib.sha256(t.encode("utf-8")).hexdigest()
            for f, t in sorted(program.sources.items()) if not f.startswith("<")}


def _parse_pos(text: str) -> Optional[SourcePosition]:
    file, _, rest = text.rpartition(":")
    file, _, line = file.rpartition(":")
    if not (line.isdigit() and rest.isdigit()):
        return None
    return SourcePosition(file, int(line), int(rest), int(line), int(rest))


def _not_an_option(text: str) -> str:
    return (f"`{text}` is neither a command nor an option of the decision "
            "(`help` lists commands, `options` the options)")


@lru_cache(maxsize=1)
def bundled_with_cards() -> list:
    """The bundled decks that are games (not the base rules, not card files to include)."""
    from dsl.loader import bundled_games
    return [name for name, why_not in bundled_games().items() if why_not is None]
