"""Save files: the schema every file `load` (and `--resume`) reads is held to, in code.

A save file may come from anyone and may have been edited by hand, so nothing in it is
used until all of it has passed :func:`check_save`. Each mistake is one line that names
the field and says what it must be:

>>> check_save({"format": "deckwright-save", "version": "1"}, "g.json")
Traceback (most recent call last):
deckwright.repl.command_table.ReplError: g.json: `version` must be a whole number, not the string "1"

The schema is a few small shapes (:class:`Whole`, :class:`Text`, :class:`ListOf`,
:class:`Record`...), each with ``what`` (how a message names it) and ``check(value, at)``
(the value, defaults filled in, or :class:`Invalid`). :data:`SAVE` is the whole file.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

from deckwright.dsl.agents import BOTS, check_bot

from .command_table import ReplError, is_number

SAVE_FORMAT = "deckwright-save"
SAVE_VERSION = 1


class Invalid(Exception):
    """Where (a path of record keys, list indices and :class:`Key` map keys) and what."""

    def __init__(self, at: tuple, problem: str):
        super().__init__(at, problem)
        self.at, self.problem = at, problem


class Key(str):
    """A key of a :class:`MapOf` (any name), as opposed to a field of a record."""


def describe(value) -> str:
    """A JSON value as a message shows it: ``the string "1"``, ``null``, ``the list [0]``."""
    if value is None or isinstance(value, bool):
        return f"`{json.dumps(value)}`"
    kind = {str: "string", int: "number", float: "number", list: "list",
            dict: "object"}.get(type(value), type(value).__name__)
    text = json.dumps(value, ensure_ascii=False)
    if len(text) <= 40:
        return f"the {kind} {text}"
    return {"list": f"a list of {len(value)} entries", "object": "an object",
            "string": f"the string {text[:37]}…\""}.get(kind, f"a {kind}")


def field_name(at: tuple) -> str:
    """`game.seed`, `defs` entry 2, `seats` entry "1"."""
    name, tail = [], ""
    for step in at:
        if isinstance(step, int):
            tail = f" entry {step + 1}"
        elif isinstance(step, Key):
            tail = f" entry {json.dumps(step, ensure_ascii=False)}"
        else:
            name.append(step)
    return f"`{'.'.join(name)}`{tail}"


class Shape:
    what = "a value"

    def check(self, value, at: tuple):
        if not self.accepts(value):
            raise Invalid(at, f"must be {self.what}, not {describe(value)}")
        return value

    def accepts(self, value) -> bool:
        try:
            self.check(value, ())
        except Invalid:
            return False
        return True


class Whole(Shape):
    def __init__(self, least: Optional[int] = None):
        self.least = least
        self.what = "a whole number" + (f" from {least} up" if least is not None else "")

    def accepts(self, value) -> bool:
        return type(value) is int and (self.least is None or value >= self.least)


class Text(Shape):
    what = "a string"

    def accepts(self, value) -> bool:
        return isinstance(value, str)


class Flag(Shape):
    what = "true or false"

    def accepts(self, value) -> bool:
        return isinstance(value, bool)


class Exactly(Shape):
    def __init__(self, value):
        self.value, self.what = value, json.dumps(value)

    def accepts(self, value) -> bool:
        return value == self.value and type(value) is type(self.value)


class AnyOf(Shape):
    """One of ``shapes``. A list or an object none accepts is checked by the one
    alternative for its kind, if there is one, so the message points inside it (`who`
    entry 3); ``whole`` keeps the message about the value as a whole."""

    def __init__(self, *shapes: Shape, what: str = "", whole: bool = False):
        self.shapes, self.whole = shapes, whole
        self.what = what or ", ".join(s.what for s in shapes[:-1]) + " or " + shapes[-1].what

    def check(self, value, at: tuple):
        for shape in self.shapes:
            if shape.accepts(value):
                return shape.check(value, at)
        kind = [s for s in self.shapes if isinstance(s, (ListOf, MapOf, Record))
                and isinstance(value, list) == isinstance(s, ListOf)]
        if not self.whole and isinstance(value, (list, dict)) and len(kind) == 1:
            kind[0].check(value, at)
        raise Invalid(at, f"must be {self.what}, not {describe(value)}")


NULL = Exactly(None)
NULL.what = "`null`"


class ListOf(Shape):
    what = "a list"

    def __init__(self, item: Shape):
        self.item = item

    def check(self, value, at: tuple):
        if not isinstance(value, list):
            raise Invalid(at, f"must be {self.what}, not {describe(value)}")
        return [self.item.check(v, at + (i,)) for i, v in enumerate(value)]


class MapOf(Shape):
    what = "an object"

    def __init__(self, value: Shape):
        self.value = value

    def check(self, value, at: tuple):
        if not isinstance(value, dict):
            raise Invalid(at, f"must be {self.what}, not {describe(value)}")
        return {k: self.value.check(v, at + (Key(k),)) for k, v in value.items()}


REQUIRED = object()


class Record(Shape):
    """An object with known fields: ``{name: (shape, default)}``, default REQUIRED or a
    value given to a missing field. Fields it does not know are kept as they are."""
    what = "an object"

    def __init__(self, fields: dict):
        self.fields = fields

    def check(self, value, at: tuple):
        if not isinstance(value, dict):
            raise Invalid(at, f"must be {self.what}, not {describe(value)}")
        out = dict(value)
        for name, (shape, default) in self.fields.items():
            if name in value:
                out[name] = shape.check(value[name], at + (name,))
            elif default is REQUIRED:
                raise Invalid(at + (name,), "is missing")
            else:
                out[name] = default() if callable(default) else default
        return out


CHOICE = AnyOf(Whole(0), Text(), ListOf(AnyOf(Whole(0), Text())),
               Record({"eval": (Text(), REQUIRED)}),
               what='an option number, a label, a list of them, or {"eval": TEXT}', whole=True)

SAVE = Record({
    "format": (Exactly(SAVE_FORMAT), REQUIRED),
    "version": (Whole(), REQUIRED),
    "deck": (Text(), REQUIRED),                 # how the save names its deck
    "deck_name": (AnyOf(Text(), NULL), None),   # the name the user opened it by
    "sources": (MapOf(Text()), dict),           # deck file → sha256 of its text
    "defs": (ListOf(Text()), list),             # cards typed at the prompt
    "dealt_before": (ListOf(Text()), list),     # typed cards the game was dealt without
    "seats": (MapOf(Text()), dict),             # seat index → bot name
    "who": (AnyOf(ListOf(AnyOf(Whole(0), Exactly("eval"), NULL,
                               what='a seat index, "eval" or `null`')), NULL), None),
    # `autopass on|off` as it was (null: the file does not say, and loading keeps it as
    # it is), and the steps it took, by their index in `game.choices`: undo goes past them
    "autopass": (AnyOf(Flag(), NULL, what="true, false or `null`"), None),
    "autopassed": (ListOf(Whole(0)), list),
    "game": (Record({
        "seed": (Whole(), REQUIRED),
        "players": (Whole(1), REQUIRED),
        "choices": (ListOf(CHOICE), REQUIRED),
        "options": (AnyOf(MapOf(AnyOf(Whole(), Text(), Flag(),
                                      what="a whole number, a string, true or false")), NULL),
                    None),
        "bots": (MapOf(Text()), dict),
        "deck": (Text(), None),
    }), REQUIRED),
})


def read_save(path: Path) -> dict:
    """The save file at ``path``, read and checked (see :func:`check_save`)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise ReplError(f"cannot read {path}: {err.strerror or err}") from None
    except ValueError as err:               # bad JSON, or not UTF-8
        raise ReplError(f"{path} is not a save file (bad JSON: {err})") from None
    except RecursionError:
        raise ReplError(f"{path} is not a save file (bad JSON: nested too deeply)") from None
    return check_save(data, path)


def option_shape(default) -> Shape:
    """What a deck's option takes, as its default is written."""
    return Flag() if isinstance(default, bool) else Whole() if isinstance(default, int) \
        else Text()


def check_options(options: dict, program, path) -> None:
    """A save's ``game.options`` against the deck's options (names and types)."""
    for key, value in options.items():
        at = field_name(("game", "options", Key(key)))
        if key not in program.options:
            names = ", ".join(program.options) or "none"
            raise ReplError(f"{path}: {at} is not an option of {program.name} (its options: "
                            f"{names})")
        shape = option_shape(program.options[key])
        if not shape.accepts(value):
            raise ReplError(f"{path}: {at} must be {shape.what}, as the deck's option is, not "
                            f"{describe(value)}")


def check_save(data, path) -> dict:
    """``data`` (parsed JSON) as a save file: the checked data with defaults filled in, or
    ReplError saying what is wrong first. The format and version come before the rest,
    since another version may be shaped differently."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ReplError(f"{path} is not a Deckwright save file")
    try:
        if "version" not in data:
            raise Invalid(("version",), "is missing")
        version = Whole().check(data["version"], ("version",))
        if version != SAVE_VERSION:
            raise ReplError(f"{path} is a version {version} save; this Deckwright reads "
                            f"version {SAVE_VERSION}")
        data = SAVE.check(data, ())
        _check_across(data)
    except Invalid as err:
        raise ReplError(f"{path}: {field_name(err.at)} {err.problem}") from None
    return data


def _check_across(data: dict) -> None:
    """What one field can only be checked against another."""
    game = data["game"]
    players, steps = game["players"], len(game["choices"])
    for key, bot in data["seats"].items():
        at = ("seats", Key(key))
        if not is_number(key) or int(key) >= players:
            raise Invalid(at, f"must be named by a seat index from 0 to {players - 1}")
        if not isinstance(bot, str) or (bot not in BOTS and check_bot(bot) is not None):
            raise Invalid(at, f"must be a bot ({', '.join(sorted(BOTS))}, or a search bot "
                              f"such as mcts:200), not {describe(bot)}")
    who = data["who"]
    if who is None:
        if data["autopassed"]:
            raise Invalid(("autopassed",), "needs `who`, which says whose each step was")
        return
    if len(who) != steps:
        raise Invalid(("who",), f"has {len(who)} entr{'y' if len(who) == 1 else 'ies'}, but "
                                f"`game.choices` has {steps}; there is one for each step")
    for i, seat in enumerate(who):
        if type(seat) is int and seat >= players:
            raise Invalid(("who", i), f"must be a seat index from 0 to {players - 1}, "
                                      f"\"eval\" or `null`, not {describe(seat)}")
    for i, step in enumerate(data["autopassed"]):
        if step >= steps:
            raise Invalid(("autopassed", i), f"must be the index of a step of `game.choices` "
                                             f"(0 to {steps - 1}), not {describe(step)}")
        if type(who[step]) is not int:
            raise Invalid(("autopassed", i), f"names step {step}, which `who` says was not a "
                                             f"seat's pass (it was {describe(who[step])})")
