"""Find deck files, follow `extends` and `include`, merge, and compile.

A deck names its base with ``game "Mine" extends "dvorak"``: the base's declarations come
first, and the deck may replace one only by saying ``override`` (so a deck never changes a
base rule by accident). ``include "cards"`` pulls in another file's declarations as if
written here (card data shared by several games).

A deck may name (in `extends` and `include`) only `.deck` files in the folder tree of the
top deck being loaded, symlinks followed, and the bundled decks: a deck from the web
cannot read ``/proc/self/environ`` or ``~/.ssh``. A name outside is an error that neither
opens the file nor shows it (see :func:`resolve_reference`). The top deck itself, named
by the user, may be anywhere (:func:`resolve_deck`).

>>> program = load_program("dvorak")
>>> sorted(program.zones)
['area', 'deck', 'discard_pile', 'hand', 'resolving']
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from deckwright.decks import DECKS_DIR, bundled

from . import ast as A
from .compiler import compile_program, decl_key, describe_key
from .errors import DeckError, Diagnostic, SourcePosition
from .parser import MAX_TEXT, no_cycle_collection, parse_text
from .program import Program

# Limits on what one game reads (docs/language.md §17), checked before a file is parsed.
MAX_CHAIN = 16                       # files extending or including each other, nested
MAX_FILE_BYTES = MAX_TEXT            # one deck file: 1 MiB, which parses in about 6 s
MAX_TOTAL_BYTES = 2 * MAX_TEXT       # all the files of one game together
MAX_FILES = 100                      # files one game reads (a file read twice counts twice)


def resolve_deck(name: str) -> Path:
    """The deck the user names (command line, `open`) → a file: a path, a path without
    `.deck`, or a bundled name; relative paths from the current folder. Anywhere: the
    user chose it. What that deck names itself goes through :func:`resolve_reference`."""
    candidates = []
    base = Path(name)
    if _usable(name):
        for folder in (Path.cwd(), DECKS_DIR):
            for cand in (base, base.with_name(base.name + ".deck")):
                candidates.append(cand if cand.is_absolute() else folder / cand)
    for cand in candidates:
        try:
            if cand.is_file():
                return cand
        except (OSError, ValueError):      # a name no file system can hold
            continue
    raise _no_deck(name)


def resolve_reference(name: str, folder: Path, root: Path, verb: str = "include") -> Path:
    """What a deck's `extends`/`include` names → a file, never outside what it may read:
    ``name`` (with `.deck` added unless it ends so) from ``folder``, the naming file's
    folder, must be, once symlinks are followed, a `.deck` file in the tree under
    ``root``; failing that, a bare name is a bundled deck. A name leaving ``root`` is
    refused before the file is looked at, so the error tells nothing about it."""
    base = Path(name)
    if not _usable(name):
        raise _no_deck(name)
    if base.suffix != ".deck":
        base = base.with_name(base.name + ".deck")
    try:
        real = (folder / base).resolve()
    except (OSError, ValueError, RuntimeError):    # a symlink loop, a name no system can hold
        raise _no_deck(name) from None
    allowed = _bundled_files()
    if real.is_relative_to(root) or real in allowed:
        if real.suffix != ".deck":
            raise _refused(name, verb, root, "it links to a file that is not a `.deck` file")
        if real.is_file():
            return real
    elif not Path(os.path.normpath(folder / base)).is_relative_to(root):
        if not _bare(name):                        # a path out: `/etc/x`, `../x`
            raise _refused(name, verb, root, "it is outside the deck's folder")
    elif not _bare(name) or os.path.lexists(folder / base):   # a symlink in the tree, out
        raise _refused(name, verb, root, "it links to a file outside the deck's folder")
    if _bare(name) and base.stem in bundled():
        return bundled()[base.stem]
    raise _no_deck(name)


def _usable(name: str) -> bool:
    return bool(name.strip()) and "\0" not in name and bool(Path(name).name)


def _bare(name: str) -> bool:
    """A name without a folder: it may also mean a bundled deck."""
    return Path(name).parent == Path(".") and not Path(name).is_absolute()


def _bundled_files() -> frozenset:
    return frozenset(p.resolve() for p in bundled().values())


def _no_deck(name: str) -> DeckError:
    from .errors import suggest
    hint = suggest(Path(name).stem, bundled()) or f"bundled decks: {', '.join(bundled())}"
    return DeckError([Diagnostic("no-deck", f"no deck named `{name}`", None, hint=hint)])


def _refused(name: str, verb: str, root: Path, why: str, hint: Optional[str] = None) -> DeckError:
    hint = hint or (f"a deck may {verb} only `.deck` files in its own folder ({root}) or "
                    f"below it, and the bundled decks ({', '.join(bundled())})")
    return DeckError([Diagnostic("outside", f"cannot {verb} `{name}`: {why}", None, hint=hint)])


def found_file(folder: Path, name: str, shown: Optional[str] = None) -> Optional[Path]:
    """The file ``name`` in ``folder`` that Deckwright looks for without the user naming
    it (a deck's `NAME.test.deck`, the lint settings), or None if there is none. It is
    refused as `include` refuses a file, before it is read (DeckError): once links are
    followed, it must be a file of its name's kind (`.deck`, `.toml`) in ``folder`` or
    below it. ``shown``: how the error names it (default: ``name``)."""
    path = folder / name
    shown = shown or name
    if not os.path.lexists(path):
        return None
    root = folder.resolve()
    kind = Path(name).suffix
    hint = (f"a file Deckwright finds by its name is read only if it is a `{kind}` file "
            f"in the folder it is found in ({root}) or below it, links followed")
    try:
        real = path.resolve()
    except (OSError, RuntimeError):                    # a symlink loop
        raise _refused(shown, "read", root, "it is a link that leads nowhere", hint) from None
    if not real.is_relative_to(root):
        raise _refused(shown, "read", root, "it links to a file outside its folder", hint)
    if real.suffix != kind:
        raise _refused(shown, "read", root, f"it links to a file that is not a `{kind}` file",
                       hint)
    return path if real.is_file() else None


def read_deck(path: Path, shown: str) -> str:
    """A deck file's text: UTF-8, a byte-order mark first allowed, at most
    :data:`MAX_FILE_BYTES`. DeckError otherwise, positioned at the first bad byte (and
    never reading more than the limit: a 50 MB deck once took 169 s and 6 GB)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
            size = os.fstat(f.fileno()).st_size
    except OSError as err:
        raise DeckError([Diagnostic("unreadable", f"cannot read `{shown}`: "
                                    f"{err.strerror or err}", None)]) from None
    if len(data) > MAX_FILE_BYTES:
        raise DeckError([Diagnostic(
            "too-big", f"the file is {max(size, len(data)):,} bytes; a deck file may be at "
                       f"most {MAX_FILE_BYTES:,} ({MAX_FILE_BYTES / 2**20:g} MiB)",
            SourcePosition(shown, 1, 1, 1, 1), hint="split it into files that `include` each other")])
    return decode_deck(data, shown)


_UTF8_BOM = b"\xef\xbb\xbf"
_DECODE_WHY = {"invalid start byte": "cannot start a character",
               "invalid continuation byte": "starts a character that the next byte does not continue",
               "unexpected end of data": "starts a character that the file ends in the middle of"}


def decode_deck(data: bytes, shown: str) -> str:
    """Deck bytes → text, or a DeckError at the line and column of the first byte that
    is not UTF-8 (the line shown with U+FFFD in its place).

    >>> decode_deck(b'\\xef\\xbb\\xbfgame "G"', "g.deck")
    'game "G"'
    >>> try:
    ...     decode_deck(b'game "G"\\ncard "Caf\\xe9": Thing', "g.deck")
    ... except DeckError as err:
    ...     print(err.render())
    g.deck:2:10: error: the file is not UTF-8 text: byte 0xe9 starts a character that the next byte does not continue
        2 | card "Caf\ufffd": Thing
          |          ^
      hint: deck files are UTF-8: save it as UTF-8 (it may be Latin-1 or Windows-1252)
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DeckError([Diagnostic("encoding", "the file is UTF-16 text (it starts with a "
                                    "UTF-16 byte-order mark); deck files are UTF-8",
                                    SourcePosition(shown, 1, 1, 1, 1), hint="save it as UTF-8")])
    data = data.removeprefix(_UTF8_BOM)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        start = err.start
        line_start = data.rfind(b"\n", 0, start) + 1
        line = data.count(b"\n", 0, start) + 1
        col = len(data[line_start:start].decode("utf-8")) + 1
        byte = data[start]
        if byte == 0xED and data[start + 1:start + 2] and 0xA0 <= data[start + 1] <= 0xBF:
            why = "starts a UTF-16 surrogate, which is not a character"
        else:
            why = _DECODE_WHY.get(err.reason, err.reason)
        text = data.decode("utf-8", errors="replace")
        diag = Diagnostic("encoding", f"the file is not UTF-8 text: byte 0x{byte:02x} {why}",
                          SourcePosition(shown, line, col, line, col + 1),
                          hint="deck files are UTF-8: save it as UTF-8 "
                               "(it may be Latin-1 or Windows-1252)")
        raise DeckError([diag], {shown: text}) from None


class _Merger:
    def __init__(self, root: Optional[Path] = None):
        self.sources: dict[str, str] = {}
        self.files: list[A.DeckFile] = []
        self.diags: list[Diagnostic] = []
        self.items: list = []
        self.where: dict = {}                # decl key → (index in items, file)
        self.root = root                     # the folder tree decks may name; set by the top deck
        self.read_files = 0                  # files read, and their bytes (MAX_FILES, ...)
        self.read_bytes = 0
        self.buffers: dict = {}              # resolved path → text read instead of the file's

    def load(self, path: Path, stack: tuple = (), pos=None) -> Optional[A.DeckFile]:
        """The deck file ``path`` and its base, and the files they include; ``stack``
        holds the files being loaded around it, ``pos`` is the `extends` naming it."""
        path = path.resolve()                # what it names is found from where it really is
        if self.root is None:
            self.root = path.parent
        text = self.read(path, stack, pos)
        if text is None:
            return None
        return self.load_text(text, _display_path(path), path, stack + (str(path),))

    def read(self, path: Path, stack: tuple, pos) -> Optional[str]:
        """``path``'s text, unless reading it closes a cycle or passes a limit on what a
        game reads (the error recorded at ``pos``, the reference, and None returned)."""
        problem = None
        if str(path) in stack:
            chain = " → ".join(Path(s).name for s in stack + (str(path),))
            problem = f"`{path.name}` extends or includes itself ({chain})"
        elif len(stack) >= MAX_CHAIN:
            problem = f"decks extend or include each other more than {MAX_CHAIN} deep"
        elif self.read_files >= MAX_FILES:
            problem = f"a game may read at most {MAX_FILES} deck files"
        if problem:
            code = "cycle" if str(path) in stack or len(stack) >= MAX_CHAIN else "too-big"
            self.diags.append(Diagnostic(code, problem, pos))
            return None
        shown = _display_path(path)
        try:
            text = self.buffers[str(path)] if str(path) in self.buffers \
                else read_deck(path, shown)
        except DeckError as err:
            self.diags.extend(err.diagnostics)
            self.sources.update(err.sources)
            return None
        self.read_files += 1
        self.read_bytes += len(text.encode("utf-8", "surrogatepass"))
        if self.read_bytes > MAX_TOTAL_BYTES:
            self.diags.append(Diagnostic(
                "too-big", f"the files of this game are over {MAX_TOTAL_BYTES / 2**20:g} MiB "
                           f"together ({MAX_TOTAL_BYTES:,} bytes)", pos))
            return None
        return text

    def load_text(self, text: str, shown: str, path: Optional[Path], stack: tuple):
        if self.root is None:                # text typed in: the current folder's tree
            self.root = Path.cwd().resolve()
        text = text.removeprefix("\ufeff")  # as parse_text does, so carets stay put
        self.sources[shown] = text
        try:
            deck = parse_text(text, shown)
        except DeckError as err:
            self.diags.extend(err.diagnostics)
            return None
        if deck.header.extends:
            base = self.reference(deck.header.extends, "extend", path, deck.header.pos)
            if base is not None:
                self.load(base, stack, deck.header.pos)
        self.files.append(deck)
        self.add_items(deck, path, stack)
        return deck

    def add_items(self, deck: A.DeckFile, path: Optional[Path], stack: tuple):
        """The file's declarations, and where it says `include`, the included file's."""
        for item in deck.items:
            if isinstance(item, A.Include):
                inc = self.reference(item.path, "include", path, item.pos)
                if inc is not None:
                    self.load_include(inc, stack, item.pos)
            else:
                self.add(item, deck)

    def load_include(self, path: Path, stack: tuple, pos):
        """An included file: its declarations (its header's name and `extends` are not
        used) and, in turn, those of the files it includes, found from its own folder."""
        path = path.resolve()
        text = self.read(path, stack, pos)
        if text is None:
            return
        shown = _display_path(path)
        self.sources[shown] = text
        try:
            deck = parse_text(text, shown)
        except DeckError as err:
            self.diags.extend(err.diagnostics)
            return
        self.files.append(deck)
        self.add_items(deck, path, stack + (str(path),))

    def reference(self, name: str, verb: str, path: Optional[Path], pos) -> Optional[Path]:
        """The file an `extends`/`include` at ``pos`` names, or None (the error recorded)."""
        try:
            return resolve_reference(name, path.parent if path else self.root, self.root, verb)
        except DeckError as err:
            d = err.diagnostics[0]
            self.diags.append(Diagnostic(d.code, d.message, pos, hint=d.hint))
            return None

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
    """Load, merge and compile a deck; raise DeckError with every problem found. A file
    of cards for `include` (no turn rules, no base) gets one line that names the games
    that include it, not every name its cards use and it does not declare."""
    m = _Merger()
    path = resolve_deck(name)
    try:
        with no_cycle_collection():
            return _finish(m, m.load(path))
    except DeckError as err:
        includers = included_by(path) if any(d.code == "no-turn" for d in err.diagnostics) \
            else None
        if not includers:
            raise
        raise DeckError([Diagnostic("include-only", include_only(path, includers),
                                    None)]) from None


def include_only(path: Path, includers: list, how: str = "it is") -> str:
    """The one line said of a file of cards for `include`: `PATH: cards for `include`,
    not a game on its own: HOW part of GAMES` (``how``: "it is", "checked as" ...)."""
    names = ", ".join(_display_path(o) for o in includers)
    return f"{_display_path(path)}: cards for `include`, not a game on its own: {how} " \
           f"part of {names}"


def included_by(path: Path, text: Optional[str] = None,
                buffers: Optional[dict] = None) -> Optional[list]:
    """The decks beside ``path`` (or bundled) that `include` it, if it is a file meant
    for that: one that extends no deck (``text``: an editor's buffer of it, read instead
    of the file; ``buffers``, resolved path → text, those of other files). None for a
    file that extends one (a game whose base has no turn rules: a real error)."""
    import re
    path = path.resolve()
    buffers = buffers or {}
    try:
        text = path.read_text("utf-8", "replace") if text is None else text
    except OSError:
        return None
    head = text.lstrip().split("\n", 1)[0]
    if " extends " in f" {head} ":
        return None
    includers = []
    for folder in dict.fromkeys((path.parent, DECKS_DIR.resolve())):
        unsaved = [Path(b) for b in buffers if Path(b).parent == folder and b.endswith(".deck")]
        for other in sorted(set(folder.glob("*.deck")) | set(unsaved)):
            real = other.resolve()
            # A link to a file outside the folder is never read, as `include` never does.
            if real == path or other.name.endswith(".test.deck") or real.parent != folder:
                continue
            try:
                text = buffers[str(real)] if str(real) in buffers \
                    else other.read_text("utf-8", "replace")
            except OSError:
                continue
            named = re.findall(r'^\s*include\s+"([^"]*)"', text, re.M)
            if any(Path(n if n.endswith(".deck") else n + ".deck").name == path.name
                   for n in named):
                includers.append(other)
    return includers


def bundled_games() -> dict:
    """Every bundled deck → None if it is a game (it loads on its own and has cards),
    else why it is not: the base rules and card files meant for `include` are not."""
    out = {}
    for name in bundled():
        try:
            program = load_program(name)
        except DeckError as err:
            first = err.diagnostics[0] if err.diagnostics else None
            if first is not None and first.code == "include-only":
                parts = ", ".join(_display_path(o) for o in included_by(resolve_deck(name)))
                out[name] = f"cards for `include`, part of {parts}"
            else:
                out[name] = f"does not load on its own ({first.message if first else 'an error'})"
            continue
        out[name] = None if program.library() else "has no cards (a base for other decks)"
    return out


def load_text(text: str, file: str = "<deck>", root: Optional[Path] = None) -> Program:
    """Compile deck text given directly (tests, the REPL's `def card`); `extends` and
    `include` may name decks in the tree under ``root`` (default: the current folder)
    and the bundled decks."""
    m = _Merger(Path(root).resolve() if root is not None else None)
    with no_cycle_collection():
        return _finish(m, m.load_text(text, file, None, ()))


# Mistakes in how declarations merge that leave every file read and parsed: the program
# is still checked (the first declaration kept), so a file reports all its errors at once.
_MERGE_CODES = {"duplicate", "needs-override", "override"}


def _finish(m: _Merger, top: Optional[A.DeckFile]) -> Program:
    if top is None or any(d.code not in _MERGE_CODES for d in m.diags):
        raise DeckError(m.diags, m.sources)
    program = Program(top.header.name, sources=m.sources, files=m.files, pos=top.header.pos)
    for item in m.items:
        key = decl_key(item)
        if key is not None:
            program.decls[key] = item
    if not m.diags:
        return compile_program(m.items, program)
    try:
        compile_program(m.items, program)
        found = []
    except DeckError as err:
        found = err.diagnostics
    raise DeckError(sorted(m.diags + found, key=_diag_order), m.sources)


def _diag_order(d: Diagnostic):
    return (d.pos.file, d.pos.line, d.pos.column) if d.pos else ("", 0, 0)
