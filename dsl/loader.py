"""Find deck files, follow `extends` and `include`, merge, and compile.

A deck names its base with ``game "Mine" extends "dvorak"``: the base's declarations come
first, and the deck may replace one only by saying ``override`` (so a deck never changes a
base rule by accident). ``include "cards"`` pulls in another file's declarations as if
written here (card data shared by several games).

>>> program = load_program("dvorak")
>>> sorted(program.zones)
['area', 'deck', 'discard_pile', 'hand']
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

from decks import DECKS_DIR, bundled

from . import ast as A
from .compiler import compile_program, decl_key, describe_key
from .errors import DeckError, Diagnostic
from .parser import no_cycle_collection, parse_text
from .program import Program

MAX_CHAIN = 16


def resolve_deck(name: str, relative_to: Optional[Path] = None) -> Path:
    """A deck reference → a file: a path, a path without `.deck`, or a bundled name."""
    candidates = []
    base = Path(name)
    if name.strip() and "\0" not in name and base.name:
        for folder in ([relative_to.parent] if relative_to else []) + [Path.cwd(), DECKS_DIR]:
            for cand in (base, base.with_name(base.name + ".deck")):
                candidates.append(cand if cand.is_absolute() else folder / cand)
    for cand in candidates:
        try:
            if cand.is_file():
                return cand
        except (OSError, ValueError):      # a name no file system can hold
            continue
    from .errors import suggest
    from decks import bundled
    hint = suggest(base.stem, bundled()) or f"bundled decks: {', '.join(bundled())}"
    raise DeckError([Diagnostic("no-deck", f"no deck named `{name}`", None, hint=hint)])


class _Merger:
    def __init__(self):
        self.sources: dict[str, str] = {}
        self.files: list[A.DeckFile] = []
        self.diags: list[Diagnostic] = []
        self.items: list = []
        self.where: dict = {}                # decl key → (index in items, file)

    def load(self, path: Path, stack: tuple = ()) -> Optional[A.DeckFile]:
        key = str(path.resolve())
        if key in stack:
            self.diags.append(Diagnostic("cycle", f"`{path.name}` extends or includes itself "
                                                  f"(through {' → '.join(Path(s).name for s in stack)})", None))
            return None
        if len(stack) > MAX_CHAIN:
            self.diags.append(Diagnostic("cycle", "decks extend each other too deeply", None))
            return None
        return self.load_text(path.read_text(encoding="utf-8"), _display_path(path), path,
                              stack + (key,))

    def load_text(self, text: str, shown: str, path: Optional[Path], stack: tuple):
        self.sources[shown] = text
        try:
            deck = parse_text(text, shown)
        except DeckError as err:
            self.diags.extend(err.diagnostics)
            return None
        if deck.header.extends:
            try:
                base = resolve_deck(deck.header.extends, path)
            except DeckError as err:
                self.diags.append(Diagnostic("no-deck", err.diagnostics[0].message,
                                             deck.header.pos, hint=err.diagnostics[0].hint))
            else:
                self.load(base, stack)
        self.files.append(deck)
        for item in deck.items:
            if isinstance(item, A.Include):
                try:
                    inc = resolve_deck(item.path, path)
                except DeckError as err:
                    self.diags.append(Diagnostic("no-deck", err.diagnostics[0].message,
                                                 item.pos, hint=err.diagnostics[0].hint))
                    continue
                self.load_include(inc, stack)
            else:
                self.add(item, deck)
        return deck

    def load_include(self, path: Path, stack):
        key = str(path.resolve())
        if key in stack:
            self.diags.append(Diagnostic("cycle", f"`{path.name}` includes itself", None))
            return
        shown = _display_path(path)
        text = path.read_text(encoding="utf-8")
        self.sources[shown] = text
        try:
            deck = parse_text(text, shown)
        except DeckError as err:
            self.diags.extend(err.diagnostics)
            return
        self.files.append(deck)
        for item in deck.items:
            self.add(item, deck)

    def add(self, item, deck: A.DeckFile):
        override = isinstance(item, A.Override)
        decl = item.decl if override else item
        key = decl_key(decl)
        if key is None:
            if override:
                self.diags.append(Diagnostic("override", "only named declarations can be "
                                             "overridden", item.pos))
            self.items.append(decl)
            return
        if key in self.where:
            index, other = self.where[key]
            previous = self.items[index]
            if other is deck:
                self.diags.append(Diagnostic(
                    "duplicate", f"{describe_key(key)} is declared twice in this file "
                                 f"(also at line {previous.pos.line})", decl.pos,
                    hint="keep one: two values for one setting contradict each other"))
                return
            if not override:
                self.diags.append(Diagnostic(
                    "needs-override", f"{describe_key(key)} is already declared in "
                                      f"{previous.pos}", decl.pos,
                    hint="write `override` before it to replace the base's rule"))
                return
            self.items[index] = decl
            self.where[key] = (index, deck)
            return
        if override:
            self.diags.append(Diagnostic("override", f"`override` but no base declares "
                                                     f"{describe_key(key)}", item.pos))
        self.where[key] = (len(self.items), deck)
        self.items.append(decl)


def _display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        try:
            return "decks/" + str(path.resolve().relative_to(DECKS_DIR.resolve()))
        except ValueError:
            return str(path)


def load_program(name: str) -> Program:
    """Load, merge and compile a deck; raise DeckError with every problem found."""
    m = _Merger()
    with no_cycle_collection():
        return _finish(m, m.load(resolve_deck(name)))


def bundled_games() -> dict:
    """Every bundled deck → None if it is a game (it loads on its own and has cards),
    else why it is not: the base rules and card files meant for `include` are not."""
    out = {}
    for name in bundled():
        try:
            program = load_program(name)
        except DeckError as err:
            first = err.diagnostics[0].message if err.diagnostics else "an error"
            out[name] = f"does not load on its own ({first})"
            continue
        out[name] = None if program.library() else "has no cards (a base for other decks)"
    return out


def load_text(text: str, file: str = "<deck>") -> Program:
    """Compile deck text given directly (tests, the REPL's `def card`); `extends` and
    `include` look in the current folder and the bundled decks."""
    m = _Merger()
    with no_cycle_collection():
        return _finish(m, m.load_text(text, file, None, ()))


def _finish(m: _Merger, top: Optional[A.DeckFile]) -> Program:
    if m.diags or top is None:
        raise DeckError(m.diags, m.sources)
    program = Program(top.header.name, sources=m.sources, files=m.files)
    for item in m.items:
        key = decl_key(item)
        if key is not None:
            program.decls[key] = item
    return compile_program(m.items, program)
