"""Which rules run, from the command line and the project's settings; `--explain CODE`.

A project says which rules it wants in a `[tool.deckwright.lint]` table of its
`pyproject.toml`, or a `[lint]` table of a `deckwright.toml` (the first of the two found in
the deck's folder or a folder above it; `deckwright.toml` first):

    [tool.deckwright.lint]
    ignore = ["text-verb", "rare-dependency"]

`select` names the only rules to run; `ignore` rules to leave out; `enable` switches on
rules that are off unless asked for (`untested-card`) besides the others. The command
line's `--select` / `--ignore` / `--enable` (comma-separated codes) replace the file's. An unknown code is an
error naming the file (or option) and the nearest code.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

from ..errors import DeckError, suggest
from ..loader import found_file
from .base import REGISTRY

try:                                       # Python 3.11+
    import tomllib
except ImportError:                        # pragma: no cover - 3.10
    import tomli as tomllib                # type: ignore[no-redef]

KEYS = ("select", "ignore", "enable")


class SettingsError(Exception):
    """A settings file or option that names an unknown rule or key, said in full."""


def known_code(code: str, where: str) -> str:
    if code in REGISTRY or code == "check":
        return code
    near = suggest(code, list(REGISTRY))
    raise SettingsError(f"{where}: no lint rule `{code}`" +
                        (f" ({near})" if near else
                         "; `deckwright lint --explain all` lists them"))


def codes(text: str, where: str) -> list:
    return [known_code(c, where) for c in re.split(r"[\s,]+", text.strip()) if c]


def settings_file(start: Path) -> Optional[tuple]:
    """(path, table) of the nearest settings at or above ``start``, or None."""
    for folder in [start, *start.parents]:
        for name, table in (("deckwright.toml", ("lint",)),
                            ("pyproject.toml", ("tool", "deckwright", "lint"))):
            try:
                found = found_file(folder, name, str(folder / name))   # not a link out
            except DeckError as err:
                raise SettingsError(err.diagnostics[0].message) from None
            if found is None:
                continue
            path = folder / name
            try:
                data = tomllib.loads(path.read_text("utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as err:
                raise SettingsError(f"{path}: cannot read the lint settings ({err})") from None
            for key in table:
                data = data.get(key) if isinstance(data, dict) else None
            if data is None and name == "pyproject.toml":
                continue                   # a pyproject.toml of something else
            if not isinstance(data, dict):
                raise SettingsError(f"{path}: `{'.'.join(table)}` must be a table")
            return path, data
    return None


def chosen_rules(deck_folder: Path, select: Optional[str], ignore: Optional[str],
                 enable: Optional[str] = None):
    """The codes to run (None: every rule that is not off unless asked for), from the
    options or else the nearest settings."""
    found = settings_file(deck_folder)
    sel: Optional[list] = None
    ign: list = []
    ena: list = []
    if found is not None:
        path, table = found
        for key, value in table.items():
            if key not in KEYS:
                near = suggest(key, list(KEYS))
                raise SettingsError(f"{path}: unknown lint setting `{key}`" +
                                    (f" ({near})" if near else
                                     f"; the settings are {', '.join(KEYS)}"))
            if not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
                raise SettingsError(f"{path}: `{key}` must be a list of rule codes, "
                                    f'as in {key} = ["text-verb"]')
        if "select" in table:
            sel = [known_code(c, str(path)) for c in table["select"]]
        ign = [known_code(c, str(path)) for c in table.get("ignore", [])]
        ena = [known_code(c, str(path)) for c in table.get("enable", [])]
    if select is not None:
        sel = codes(select, "--select")
    if ignore is not None:
        ign = codes(ignore, "--ignore")
    if enable is not None:
        ena = codes(enable, "--enable")
    if sel is None and not ign and not ena:
        return None
    base = sel if sel is not None else [c for c, cls in REGISTRY.items() if not cls.opt_in]
    return {c for c in list(base) + ena if c not in ign}


def explain(code: str, docs: str) -> str:
    """What a rule checks, how to fix it and its section of docs/lint.md; `all` lists
    every rule."""
    if code == "all":
        width = max(map(len, REGISTRY))
        return "\n".join(f"{c:<{width}}  {cls.severity:<7}  {cls.summary}"
                         for c, cls in REGISTRY.items())
    cls = REGISTRY[known_code(code, "--explain")] if code != "check" else None
    head = re.compile(rf"^### `{re.escape(code)}`.*$", re.M)
    m = head.search(docs)
    section = ""
    if m:
        rest = docs[m.end():]
        stop = re.search(r"^#{2,3} ", rest, re.M)
        section = rest[:stop.start() if stop else len(rest)].strip()
    lines = [f"{code} ({cls.severity}): {cls.summary}" if cls else
             f"{code} (error): everything `deckwright check` reports"]
    if cls is not None and cls.fix:
        lines.append(f"fix: {cls.fix}")
    if section:
        lines += ["", section]
    return "\n".join(lines)
