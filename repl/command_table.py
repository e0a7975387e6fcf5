"""The REPL's command table and the small parsing every command shares.

A command is a :class:`Command` row: its name, usage, help, the method that runs it
(``run(rest, out)``, adding to an :class:`Output` or raising :class:`ReplError`), what
tab completes after it, and whether it changes the game (then a failure puts the game
back, see ``Processor.execute``).

>>> needs_more('def card "X": Action {'), needs_more("state")
(True, False)
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Optional


class ReplError(Exception):
    """A command that cannot be done: one line for the user, the game unchanged."""


@dataclass
class Output:
    """What a command shows: (kind, text) chunks. Kinds: ``text``, ``source`` (deck
    text, highlighted by the app), ``error``. ``changed``: a command that changes the game
    succeeded. ``page``: a look that may be paged on a terminal (:mod:`deckwright.repl.pager`)."""
    chunks: list = field(default_factory=list)
    ok: bool = True
    quit: bool = False
    changed: bool = False
    page: bool = False

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



ALIASES = {"c": "choose", "s": "state", "q": "quit", "exit": "quit", "?": "help",
           "o": "options"}


def command_table(proc) -> dict:
    """Every command of ``proc`` (a ``Processor``), by name, in the order `help` lists them."""
    C = Command
    table = [
        C("help", "help [COMMAND]", "list commands, or explain one", proc.cmd_help, "command"),
        C("open", "open DECK", "load a deck (a path or a bundled name) and start a game",
          proc.cmd_open, "deck", True),
        C("new", "new [players=N] [seed=N] [bots=P2,P3|none] [NAME=VALUE]...",
          "start a new game (options are the deck's variant options)", proc.cmd_new,
          "new", True),
        C("state", "state [all|P2]", "the table as the acting player sees it "
          "(hidden cards counted), everyone's with `all`", proc.cmd_state, "state"),
        C("options", "options [text]", "the pending decision and its legal options; with "
          "`text`, each card's printed text under it", proc.cmd_options, "options"),
        C("choose", "choose N|LABEL [N|LABEL...]", "take the pending decision by number "
          "or by (the start of) its label; several for a multiple choice", proc.cmd_choose,
          "option", True),
        C("step", "step [N|LABEL]", "choose (like `choose`), or with nothing let a bot take "
          "this one decision", proc.cmd_step, "option", True),
        C("auto", "auto [N]", "bots play every seat for N turns (default: to the end)",
          proc.cmd_auto, "", True),
        C("bot", "bot SEAT [random|first]", "a bot takes this seat", proc.cmd_bot, "seat", True),
        C("human", "human SEAT", "you play this seat", proc.cmd_human, "seat", True),
        C("seats", "seats", "who plays each seat", proc.cmd_seats),
        C("autopass", "autopass [on|off]", "pass for you when you are offered only "
          "any-time moves (a response to an event is still asked); alone, says which",
          proc.cmd_autopass, "onoff", True),
        C("undo", "undo [N]", "take back your last N decisions (and the bots' since)",
          proc.cmd_undo, "", True),
        C("redo", "redo [N]", "redo what undo took back", proc.cmd_redo, "", True),
        C("log", "log [N|all]", "the last N log entries (default 20), numbered",
          proc.cmd_log),
        C("why", "why N", "where log entry N comes from: the card, rule and deck lines",
          proc.cmd_why),
        C("card", "card NAME", "a card's printed text and its source", proc.cmd_card, "card"),
        C("cards", "cards", "every card of the deck", proc.cmd_cards),
        C("eval", "eval EFFECT", "run deck statements now, as the deciding player "
          "(kept in the history: undo takes it back)", proc.cmd_eval, "effect", True),
        C("def", "def card \"NAME\": TYPE {...}", "add or redefine a card (multi-line); "
          "the game is replayed on the new rules", proc.cmd_def, "def", True),
        C("write", "write [FILE]", "write the cards typed with `def` into the deck's file "
          "(or a copy of it), keeping the rest of the file", proc.cmd_write, "file"),
        C("reload", "reload", "re-read the deck files and replay the game on them",
          proc.cmd_reload, "", True),
        C("save", "save FILE", "save the game (JSON)", proc.cmd_save, "file"),
        C("load", "load FILE", "load a saved game", proc.cmd_load, "file", True),
        C("quit", "quit", "leave (Ctrl-D too)", proc.cmd_quit),
    ]
    return {c.name: c for c in table}


def is_number(word: str) -> bool:
    """ASCII digits only: `str.isdigit` also takes "²", which int() refuses."""
    return word.isascii() and word.isdigit()


def _seat_index(word: str, players: int) -> int:
    w = word.strip().upper().lstrip("P")
    if not is_number(w) or not 1 <= int(w) <= players:
        raise ReplError(f"no seat `{word}` (seats are P1 to P{players})")
    return int(w) - 1


def setting_value(key: str, value: str, default, least: Optional[int] = None,
                  example=None):
    """The VALUE of `new KEY=VALUE`, read as the type of ``default`` (a whole number, true
    or false, or text); a ReplError naming the setting if it is not one. ``example`` is
    shown in the message, else the default as "the deck's default".

    >>> setting_value("seed", "7", 1), setting_value("solitaire", "true", False)
    (7, True)
    """
    if isinstance(default, bool):
        what, parsed = "true or false", {"true": True, "false": False}.get(value)
    elif isinstance(default, int):
        what = "a whole number" + (f" from {least} up" if least is not None else "")
        parsed = _whole(value)
        if parsed is not None and least is not None and parsed < least:
            parsed = None
    else:
        what, parsed = "", value or None
    if parsed is not None:
        return parsed
    shown = example if example is not None else \
        str(default).lower() if isinstance(default, bool) else default
    like = f"`new {key}={shown}`" + (", the deck's default" if example is None else "")
    if value == "":
        raise ReplError(f"`{key}=` needs a value" + (f": {what}," if what else ",") + f" as in {like}")
    short = value if len(value) <= 40 else value[:39] + "…"
    raise ReplError(f"`{key}` must be {what}, not `{short}` (as in {like})")


def _whole(text: str) -> Optional[int]:
    digits = text[1:] if text.startswith("-") else text
    if not is_number(digits):
        return None
    try:
        return int(text)
    except ValueError:                  # more digits than int() reads (4,300)
        return None


def split_words(text: str) -> list:
    """``text`` split as a shell would (quotes group words); a ReplError if it cannot be."""
    try:
        return shlex.split(text)
    except ValueError as err:
        if "quotation" in str(err):
            raise ReplError(f"a quotation mark in `{text}` is never closed") from None
        if "escaped" in str(err):
            raise ReplError(f"the `\\` at the end of `{text}` has nothing to escape") from None
        raise ReplError(f"cannot read `{text}`: {err}") from None


def _not_an_option(text: str) -> str:
    return (f"`{text}` is neither a command nor an option of the decision "
            "(`help` lists commands, `options` the options)")


@lru_cache(maxsize=1)
def bundled_with_cards() -> list:
    """The bundled decks that are games (not the base rules, not card files to include)."""
    from deckwright.dsl.loader import bundled_games
    return [name for name, why_not in bundled_games().items() if why_not is None]
