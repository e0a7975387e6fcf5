"""Deck text → :mod:`deckwright.dsl.ast`, the only module that touches Lark.

>>> deck = parse_text('game "Tiny"\\ncounter charge\\n', "tiny.deck")
>>> deck.header.name, deck.items[0].names
('Tiny', ('charge',))

Syntax errors come back as one :class:`~deckwright.dsl.errors.DeckError` listing every error in the
file, each with its position, a caret, what was expected and, for common mistakes, a
friendly message from :data:`deckwright.dsl.syntax_errors.SYNTAX_ERRORS`.
"""
from __future__ import annotations

import gc
import hashlib
import os
import re
import sys
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Optional

from lark import Lark
from lark import __version__ as lark_version
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from deckwright.grammar import GRAMMAR_PATH

from . import ast as A
from .ast_builder import MAX_INT, MAX_NESTING, Builder, _tok_pos
from .fastparse import FastParser, NoFastPath
from .errors import DeckError, Diagnostic, SourcePosition, source_lines
from .usercache import private_file

MAX_REPORTED = 50
# Input limits (docs/language.md §17). Each is checked before the work it bounds: the
# size and line length before Lark sees the text (a 1 MiB string literal cost 214 MB),
# numbers as they are read, nesting as the AST is built (the passes after the parser
# recurse over the AST, and Python's stack ends near 490 levels of parse tree).
MAX_TEXT = 1 << 20                   # characters of deck text in one file (bytes: loader)
MAX_LINE = 4_000                     # characters on one line
# MAX_INT (literals) and MAX_NESTING (levels of the AST) are the builder's: see ast_builder.
__all__ = ["MAX_INT", "MAX_LINE", "MAX_NESTING", "MAX_TEXT", "lark_parser", "no_cycle_collection",
           "parse_text", "quote"]


@lru_cache(maxsize=1)
def lark_parser() -> Lark:
    """Build the parser once per process."""
    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    cache = _cache_file(grammar)
    parser = Lark(
        grammar,
        parser="lalr",               # linear time, and the grammar is kept LALR(1) on purpose
        strict=True,                 # shift/reduce conflicts and terminal collisions are errors
        propagate_positions=True,    # every AST node gets its source span
        maybe_placeholders=True,     # `[x]` yields None when absent, so arities are fixed
        # Reuse the built tables between processes (start-up). Never `cache=True`: Lark
        # then unpickles a predictably named file in the shared temp folder, and a file
        # planted there runs code. Only a file in the user's private folder, or nothing.
        cache=str(cache) if cache is not None else False,
    )
    if cache is not None:
        try:
            os.chmod(cache, 0o600)   # Lark writes it under the umask; keep it ours alone
        except OSError:
            pass
    return parser


def _cache_file(grammar: str) -> Optional[Path]:
    """The parser cache: named by the grammar, Lark's and Python's versions, in the
    user's private cache folder (see :mod:`deckwright.dsl.usercache`); None when there is none."""
    key = hashlib.sha256(f"{grammar}\0{lark_version}\0{sys.version_info[:2]}".encode()).hexdigest()
    return private_file(f"parser-{key[:16]}.lark")


def quote(text: str) -> str:
    r"""``text`` as a deck's STRING literal, by the grammar's escapes (the inverse of
    reading one): for deck text that Deckwright writes itself, such as a path.

    >>> print(quote('say "hi" \\ bye'))
    "say \"hi\" \\ bye"
    """
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + escaped.replace("\n", "\\n").replace("\t", "\\t") + '"'


@lru_cache(maxsize=1)
def _fast_parser() -> Optional[FastParser]:
    try:
        return FastParser(lark_parser())
    except NoFastPath:
        return None


_ITEM_START = re.compile(
    r"^(game|override|include|players|option|param|side|zone|resource|var|counter|mark|type|"
    r"subtype|property|limit|action|move|setup|turn|round|when|before|whenever|card|token|"
    r"static|scenario|background)\b")


def _describe_expected(names) -> list[str]:
    from .syntax_errors import describe_expected
    return describe_expected(names or ())


def _syntax_diagnostic(err: UnexpectedInput, file: str, text: str) -> Diagnostic:
    from .syntax_errors import friendly_match, join_or
    line, col = max(err.line, 1), max(err.column, 1)
    width = 1
    if isinstance(err, UnexpectedToken) and err.token.type != "$END":
        tok = err.token
        width = max(1, len(str(tok).split("\n")[0]))
        if tok.type == "_NL":
            width = 1
    pos = SourcePosition(file, line, col, line, col + width)
    friendly, culprit = friendly_match(err, text) or (None, None)
    if culprit is not None:                      # the mistake is the word before (`else`)
        pos = _tok_pos(culprit, file)
    if isinstance(err, UnexpectedCharacters):
        ch = text[err.pos_in_stream] if err.pos_in_stream < len(text) else "end of file"
        message = friendly or f"unexpected character `{ch}`"
        expected = _describe_expected(err.allowed or ())
    elif isinstance(err, UnexpectedEOF):
        message = friendly or "unexpected end of file"
        expected = _describe_expected(err.expected)
        lines = source_lines(text)
        pos = SourcePosition(file, len(lines), len(lines[-1]) + 1, len(lines), len(lines[-1]) + 2)
    else:
        tok = err.token
        shown = "end of line" if tok.type == "_NL" else ("end of file" if tok.type == "$END" else f"`{tok}`")
        message = friendly or f"unexpected {shown}"
        expected = _describe_expected(err.accepts or err.expected)   # accepts: this context only
    hint = f"expected {join_or(expected)}" if expected else None
    if friendly and len(expected) > 3:           # the friendly message already says it
        hint = None
    return Diagnostic("syntax", message, pos, hint=hint)


def _restart_line(text_lines, after_line: int) -> int | None:
    """The first line from index `after_line` on where a new top-level item begins."""
    for i in range(after_line, len(text_lines)):
        if _ITEM_START.match(text_lines[i]) and not text_lines[i].startswith("game"):
            return i
    return None


@contextmanager
def no_cycle_collection():
    """Parsing and compiling allocate many small objects and free none of them in cycles:
    pausing the cyclic garbage collector meanwhile saves about a tenth of the time."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def parse_text(text: str, file: str = "<deck>") -> A.DeckFile:
    """Parse one deck file's text; raise DeckError listing every syntax error.
    A byte-order mark opening the text is dropped (editors on Windows write one)."""
    text = text.removeprefix(BOM)
    with no_cycle_collection():
        refused = _refuse_input(text, file)
        if refused:
            raise DeckError(refused, {file: text})
        return _parse_text(text, file)


BOM = "\ufeff"
# No deck text holds these: a NUL (so a UTF-16 file read as UTF-8: "g\0a\0m\0e\0"),
# or a lone surrogate, which is no character (from a save file's "\\ud800", or a
# terminal's undecodable byte) and which no terminal could print in an error.
_NOT_TEXT = re.compile("[\x00\ud800-\udfff]")


def _refuse_input(text: str, file: str) -> list[Diagnostic]:
    """What makes text unfit to parse at all: too long or a line too long (Lark's time
    and memory grow with both), or a character that no text holds (:data:`_NOT_TEXT`)."""
    if len(text) > MAX_TEXT:
        return [Diagnostic("too-big", f"the deck text is {len(text):,} characters long; "
                                      f"the limit is {MAX_TEXT:,}", SourcePosition(file, 1, 1, 1, 1),
                           hint="split it into files that `include` each other")]
    out = []
    # (the longest line measured first, by `str` alone: most decks have none too long)
    if len(text) > MAX_LINE and max(map(len, text.split("\n"))) > MAX_LINE:
        for n, line in enumerate(source_lines(text), 1):
            if len(line) > MAX_LINE:
                out.append(Diagnostic(
                    "too-big", f"line {n} is {len(line):,} characters long; the limit is "
                               f"{MAX_LINE:,}", SourcePosition(file, n, MAX_LINE + 1, n, MAX_LINE + 2),
                    hint="break it with a `\\` at the end of a line, or shorten it"))
                if len(out) >= MAX_REPORTED:
                    break
    m = _NOT_TEXT.search(text)
    if m:                            # the first only: one NUL makes the whole file suspect
        n, col = _line_col(text, m.start())
        out.append(Diagnostic("encoding", _not_text(m.group()), SourcePosition(file, n, col, n, col + 1)))
    return out or _bad_escapes(text, file)


def _line_col(text: str, at: int) -> tuple:
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


# A string's escapes (docs/language.md §1): `\"`, `\\`, `\n`, `\t`, and `\{`, `\}` for a
# brace in words that show values. No other: `\x1b` was once read as "x1b", silently, and
# a deck string has no way to write a control character (a file may hold one as itself,
# and every terminal is shown it written out).
ESCAPES = 'nt"\\{}'
_MAYBE_BAD = re.compile(r'\\[^nt"\\{}\s]')          # anywhere: in a comment too
# A string as runs between escapes, each run ending where an escape must start, so a
# string left open has one way to fail, not one per way of cutting it into runs (which
# `"(?:[^"]+|\\.)*"` would try: exponential). After the outer `*` comes nothing, so its
# runs are never taken back.
_CLEAN = re.compile(r'(?:[^"#]+|#[^\n]*|"[^"\\\n]*(?:\\[nt"\\{}][^"\\\n]*)*")*')
_STRING = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')   # the grammar's STRING, unrolled
_ESCAPE = re.compile(r"\\(.)")


def _bad_escapes(text: str, file: str) -> list[Diagnostic]:
    """Each escape in a string that the language does not know, at its backslash. The
    text is read as the lexer reads it (comments and strings), in one regex match per
    string that holds one; a deck without a doubtful backslash costs one search."""
    if not _MAYBE_BAD.search(text):
        return []
    out, at = [], 0
    while len(out) < MAX_REPORTED:
        at = _CLEAN.match(text, at).end()        # up to a string with an unknown escape
        if at >= len(text):
            break
        m = _STRING.match(text, at)
        if m is None:                 # a string never closed (the parser's to say): the
            at = text.find("\n", at)  # lexer would go on at its line's end
            if at < 0:
                break
            continue
        for e in _ESCAPE.finditer(m.group()):
            if e.group(1) not in ESCAPES:
                n, col = _line_col(text, m.start() + e.start())
                out.append(Diagnostic(
                    "escape", f"unknown escape `\\{e.group(1)}` in a string",
                    SourcePosition(file, n, col, n, col + 2),
                    hint='a string knows only `\\"`, `\\\\`, `\\n`, `\\t`, `\\{` and `\\}`; write '
                         'any other character as itself (no escape writes a control character)'))
        at = m.end()
    return out


def _not_text(ch: str) -> str:
    if ch == "\0":
        return "a NUL character, which deck text never holds (is the file UTF-16?)"
    return f"U+{ord(ch):04X} is half of a UTF-16 surrogate pair, not a character"


def _keep_ends(text: str) -> list[str]:
    """``text`` in lines, each with its ``\n``: the lines of :func:`source_lines`."""
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _parse_text(text: str, file: str) -> A.DeckFile:
    deck = _parse_fast(text, file)
    return deck if deck is not None else _parse_with_lark(text, file)


def _parse_fast(text: str, file: str) -> Optional[A.DeckFile]:
    """The deck by :class:`FastParser`, or None for Lark's path to parse and report."""
    fast = _fast_parser()
    if fast is None:
        return None
    builder = Builder(file)
    try:
        value = fast.parse(text, builder)
    except Exception:       # a method failing on a broken file's first half: Lark says why
        return None
    if value is None:
        return None
    if builder.diags:       # the same diagnostics, in the same order, as Builder.transform's
        raise DeckError(builder.diags, {file: text})
    header, items = value
    return A.DeckFile(file, header, items, source=text)


def _parse_with_lark(text: str, file: str) -> A.DeckFile:
    """The reference: Lark's parse tree, then :meth:`Builder.transform`; it is also
    what reports syntax errors (every one in the file) and nesting too deep."""
    parser = lark_parser()
    diagnostics: list[Diagnostic] = []
    attempt = text
    last_restart = -1
    while True:
        try:
            tree = parser.parse(attempt)
            break
        except UnexpectedInput as err:
            diagnostics.append(_syntax_diagnostic(err, file, text))
            lines = _keep_ends(text)
            # Resume at the next top-level item; an item that starts on the error's own
            # line (`card "B"` after a card missing its `}`) is checked too.
            after = max(err.line, 1) - (1 if err.column == 1 else 0)
            restart = _restart_line(lines, max(after, last_restart + 1))
            last_restart = restart if restart is not None else last_restart
            header_end = next((i for i, l in enumerate(lines) if l.startswith("game")), None)
            if restart is None or header_end is None or header_end >= restart \
                    or len(diagnostics) >= MAX_REPORTED:
                raise DeckError(diagnostics, {file: text}) from None
            blank = ["\n" if l.endswith("\n") else "" for l in lines[header_end + 1:restart]]
            attempt = "".join(lines[:header_end + 1] + blank + lines[restart:])
    if diagnostics:
        raise DeckError(diagnostics, {file: text})
    builder = Builder(file)
    try:
        header, items = builder.transform(tree)
    except DeckError:
        raise DeckError(builder.diags, {file: text}) from None
    if builder.diags:
        raise DeckError(builder.diags, {file: text})
    return A.DeckFile(file, header, items, source=text)
