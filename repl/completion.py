"""Tab completion: a pure ``suggest()`` that returns data, and a thin prompt_toolkit wrapper.

``suggest(text_before_cursor, context)`` looks at what is typed and what the game offers
now (pgcli's ``sqlcompletion.suggest_type`` shape) and returns :class:`Suggestion` values:
the text to insert, how far back it replaces, and a note. Tests check it as data.

>>> ctx = Context(commands=(("choose", "option"), ("card", "card")),
...               options=("play_thing: Windmill", "pass"), cards=("Windmill", "Wrench"))
>>> [s.text for s in suggest("choose win", ctx)]
['play_thing: Windmill']
>>> [s.text for s in suggest("card W", ctx)]
['Windmill', 'Wrench']
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable, Optional

from prompt_toolkit.completion import Completer, Completion


@dataclass(frozen=True)
class Context:
    """What can be completed right now (built by ``Processor.completion_context``)."""
    commands: tuple = ()        # (name, kind of argument)
    options: tuple = ()         # labels of the pending decision
    alike: tuple = ()           # each option's first alike option (Decision.alike)
    cards: tuple = ()           # card names of the deck
    seats: int = 0
    decks: tuple = ()           # bundled deck names
    words: tuple = ()           # keywords and declared names, for `eval` and `def`
    settings: tuple = ()        # NAME= settings of `new`
    aliases: tuple = ()         # (alias, command name); the input line's colours read them
    multi: bool = False         # the pending decision takes several answers (`none` too)
    # folder → [(entry name, is a folder)], for file names (`save`, `load`, `open`); the
    # REPL passes `list_dir`, tests a dict's lookup. None: no file completion.
    list_dir: Optional[Callable] = None


def list_dir(folder: str) -> list:
    """The entries of a folder (`~` expanded), as `Context.list_dir` wants them."""
    with os.scandir(os.path.expanduser(folder)) as entries:
        return [(e.name, e.is_dir()) for e in entries]


@dataclass(frozen=True)
class Suggestion:
    text: str
    start: int = 0              # where the replaced text starts, relative to the cursor (≤ 0)
    meta: str = ""


def _match(typed: str, candidates, meta: str = "", start=None) -> list:
    """Candidates starting with ``typed`` (case-insensitive), then those containing it
    after a `: ` (so `Wind` finds `play_thing: Windmill`)."""
    low = typed.lower()
    first = [c for c in candidates if c.lower().startswith(low)]
    later = [c for c in candidates if c not in first and
             any(part.lower().startswith(low) for part in c.split(": ")[1:])]
    back = -len(typed) if start is None else start
    return [Suggestion(c, back, meta) for c in first + later]


def _options(typed: str, ctx: Context) -> list:
    """The options a typed answer means, by the rule Enter uses (deckwright.dsl.agents.answers):
    Tab offers exactly what Enter would take, or be ambiguous between; of copies the chooser
    cannot tell apart ("Lamp #1", "Lamp #2"), the first that matches."""
    from deckwright.dsl.agents import matching
    options = ctx.options
    if not typed:
        return [Suggestion(o, 0, "option") for o in options]
    alike, first = ctx.alike or range(len(options)), {}
    for i in matching(options, typed):
        first.setdefault(alike[i], i)
    return [Suggestion(options[i], -len(typed), "option") for i in first.values()]


def suggest(text: str, ctx: Context) -> list:
    """Suggestions for the text before the cursor."""
    if " " not in text.lstrip() and "\n" not in text:
        word = text.lstrip()
        out = _match(word, [name for name, _ in ctx.commands], "command")
        if not word:
            return _options(word, ctx) + out
        # a bare answer is taken as `choose` takes it
        return out + [s for s in _options(word, ctx) if s.text not in {x.text for x in out}]
    head, _, arg = text.lstrip().partition(" ")
    kind = dict(ctx.commands).get(head.lower(), "option" if head.isdigit() else None)
    if kind == "option":
        return _options(arg, ctx)
    if kind is None and "\n" not in text:     # a bare answer of several words
        return _options(text.lstrip(), ctx)
    if kind == "card":              # as `card NAME` finds it: any part of the name
        from deckwright.dsl.agents import matching
        name = arg.strip().strip('"')
        found = [ctx.cards[i] for i in matching(ctx.cards, name)] if name else ctx.cards
        return [Suggestion(c, -len(arg), "card") for c in found]
    if kind == "deck":
        return _match(arg, ctx.decks, "bundled deck") + _paths(arg, ctx.list_dir, ".deck")
    if kind == "file":
        return _paths(arg, ctx.list_dir)
    if kind == "command":
        return _match(arg, [n for n, _ in ctx.commands], "command")
    seats = [f"P{i + 1}" for i in range(ctx.seats)]
    if kind == "seat":
        return _match(arg, seats, "seat")
    if kind == "state":
        return _match(arg, ["all"] + seats, "view")
    if kind == "options":
        return _match(arg, ["text"], "view")
    if kind == "onoff":
        return _match(arg, ["on", "off"], "setting")
    if kind == "new":
        last = arg.split(" ")[-1]
        return _match(last, [f"{s}=" for s in ctx.settings], "setting")
    if kind in ("effect", "def"):
        last = arg.replace("\n", " ").split(" ")[-1]
        if last.startswith('"'):
            return [Suggestion(f'"{c}"', -len(last), "card")
                    for c in ctx.cards if c.lower().startswith(last[1:].lower())]
        if not last:
            return []
        return _match(last, ctx.words, "word")
    return []


def _paths(typed: str, lister, suffix: Optional[str] = None) -> list:
    """Files and folders whose path starts with ``typed`` (folders end in `/`; with
    ``suffix``, only files that end with it). Hidden entries only when asked for."""
    if lister is None:
        return []
    prefix = typed.rpartition("/")[2]
    folder = typed[:len(typed) - len(prefix)]
    try:
        entries = lister(folder or ".")
    except OSError:
        return []
    out = []
    for name, is_dir in sorted(entries):
        if not name.startswith(prefix) or (name.startswith(".") and not prefix.startswith(".")):
            continue
        if is_dir:
            out.append(Suggestion(folder + name + "/", -len(typed), "folder"))
        elif suffix is None or name.endswith(suffix):
            out.append(Suggestion(folder + name, -len(typed), "file"))
    return out


class DeckwrightCompleter(Completer):
    """prompt_toolkit glue: asks ``get_context()`` for the live context, then ``suggest``."""

    def __init__(self, get_context):
        self.get_context = get_context

    def get_completions(self, document, complete_event):
        for s in suggest(document.text_before_cursor, self.get_context()):
            yield Completion(s.text, start_position=s.start, display_meta=s.meta)
