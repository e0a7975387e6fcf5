"""`deckwright fmt`: one canonical layout for deck files.

>>> print(format_text('game "T"\\nresource vp:start  0 # the score\\nwhen gain{gain 1 vp}\\n'), end="")
game "T"
resource vp: start 0  # the score
when gain { gain 1 vp }

The formatter works on the tokens of the file, not on a table of statement forms, so a
construct added to the grammar is formatted with no code here:

* **Lines stay lines.** A newline ends a statement in this language, so the formatter
  keeps every line break the writer made (and every ``\\`` continuation), removes
  trailing blanks, keeps at most one blank line in a row and none just inside braces.
* **A continued line shows what it continues**: inside a bracket it lines up after the
  bracket; one that starts with ``and``, ``or`` or ``else`` (:data:`HANGING`) under a
  continued line hangs two further in than that line's clause; the next item of a
  comma list begun on an earlier line lines up under the list's first item (``if A else
  "..", \\`` then ``B``; ``offer a, b, \\`` then ``c``); any other is indented four
  from the statement.
* **Indentation is the depth of braces**: two spaces a level; a line that starts with
  ``}`` is one level out.
* **Spacing between two tokens** is one space, except around the punctuation in
  :data:`TIGHT_AFTER` and :data:`TIGHT_BEFORE`, a unary minus (told from a binary one by
  the parse tree's ``neg`` nodes) and the parenthesis of a call (``call`` nodes and
  ``action NAME(...)``). A new keyword needs nothing; new punctuation needs a line in one
  of the two tables.
* **Comments are kept**, word for word: a comment alone on its line takes the line's
  indentation; trailing comments on consecutive lines are aligned, two spaces after the
  longest line of code.
* **No line passes the parser's limit** (:data:`~deckwright.dsl.parser.MAX_LINE`): a continued
  line that would where it lines up is indented four instead; a line no layout fits is
  left as written (and a file the layout would make too long for the parser, whole).
* **Line endings stay**: the first line's ending (``\\r\\n`` or ``\\n``) ends every line; a
  byte-order mark stays.

:func:`format_text` refuses text that does not parse (the :class:`~deckwright.dsl.errors.DeckError`
of :func:`deckwright.dsl.parser.parse_text`), and proves every result: the formatted text parses to
an AST equal to the original's (positions aside), or it raises :class:`FormatError`.
"""
from __future__ import annotations

import difflib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from .errors import DeckError

INDENT = "  "
CONTINUATION = INDENT * 2
COMMENT_GAP = "  "
# No space after these tokens, and none before these.
TIGHT_AFTER = {"(", "[", "."}
TIGHT_BEFORE = {")", "]", ",", ".", ":", ";"}
# Parse-tree nodes whose first token is a unary operator written against its operand.
UNARY_NODES = {"neg"}
# Parse-tree nodes that start with a NAME written against the `(` after it.
CALL_NODES = {"call"}
# Words that, starting a continued line, carry on the clause of the line above.
HANGING = {"and", "or", "else"}


class FormatError(Exception):
    """The formatter would have changed what the deck means (a bug in the formatter)."""


@dataclass
class _Line:
    depth: int
    tokens: list = field(default_factory=list)     # Lark tokens of one line of code
    breaks: set = field(default_factory=set)        # token indexes a `\` continuation precedes
    comment: Optional[str] = None
    blank_before: bool = False
    first: int = 0                                  # the physical lines it spans (from 1),
    last: int = 0                                   # for a line left as written


def format_text(text: str, file: str = "<deck>") -> str:
    """The canonical layout of ``text``; raises the parser's DeckError when it does not parse.
    The result keeps the text's byte-order mark, if any, and the line ending of its first
    line (``\\r\\n`` or ``\\n``) on every line."""
    from . import parser as P
    from .loader import MAX_FILE_BYTES
    from .parser import lark_parser, parse_text
    before = parse_text(text, file)                # a DeckError with carets, as `check` gives
    bom = P.BOM if text.startswith(P.BOM) else ""
    body = text.removeprefix(P.BOM)
    first_line, ends, _ = body.partition("\n")
    newline = "\r\n" if ends and first_line.endswith("\r") else "\n"
    parser = lark_parser()
    tree = parser.parse(body)
    unary, calls = set(), set()
    items: dict = {}        # where a list's later item starts → where its first item starts
    for node in tree.iter_subtrees():
        if node.data in UNARY_NODES and not node.meta.empty:
            unary.add(node.meta.start_pos)
        elif node.data in CALL_NODES and not node.meta.empty:
            calls.add(node.meta.start_pos)
        first: dict = {}
        for child in node.children:
            kind, start = _kind_and_start(child)
            if start is None:
                continue
            if kind in first:
                items.setdefault(start, first[kind])
            else:
                first[kind] = start
    lines = _lines(parser.lex(body, dont_ignore=True))
    written = [line.rstrip() for line in body.split("\n")]
    out = bom + _render(lines, unary, calls, items, written, P.MAX_LINE).replace("\n", newline)
    if len(out) - len(bom) > P.MAX_TEXT or len(out.encode("utf-8")) > MAX_FILE_BYTES:
        return text                    # laid out, it would pass the parser's size limit
    try:
        after = parse_text(out, file)
    except DeckError as err:
        raise FormatError(f"{file}: the formatted text does not parse:\n{err}") from None
    if after != before:
        raise FormatError(f"{file}: formatting would change the deck's meaning")
    return out


def _kind_and_start(child):
    """A parse-tree child's kind (its rule, or its token type) and where it starts."""
    if hasattr(child, "data"):
        return child.data, (None if child.meta.empty else child.meta.start_pos)
    return getattr(child, "type", None), getattr(child, "start_pos", None)


def _lines(tokens) -> list:
    """Group the token stream into lines of code and comment lines."""
    lines: list = []
    depth = 0
    cur = _Line(0)
    pending_blank = False
    continued = False

    def close(line):
        nonlocal cur
        if line.tokens or line.comment is not None:
            lines.append(line)
        cur = _Line(depth)

    for tok in tokens:
        kind = tok.type
        if kind == "_NL":
            pending_blank = tok.value.count("\n") > 1
            close(cur)
            cur.blank_before = pending_blank
            continue
        if kind.startswith("__IGNORE"):
            if "\n" in tok.value:
                continued = True
            continue
        cur.first = cur.first or tok.line
        cur.last = tok.end_line
        if kind == "COMMENT":
            cur.comment = tok.value.rstrip()
            continue
        if not cur.tokens:
            cur.depth = depth
        elif continued:
            cur.breaks.add(len(cur.tokens))
        continued = False
        cur.tokens.append(tok)
        if tok.value == "{":
            depth += 1
        elif tok.value == "}":
            depth = max(depth - 1, 0)
            if all(t.value == "}" for t in cur.tokens):
                cur.depth = depth                       # a line opening with `}` is a level out
    close(cur)
    return lines


def _code(line: _Line, unary: set, calls: set, items: dict, limit: int) -> Optional[list]:
    """The line's code as text pieces, one per physical line (continuations split it).
    A continued line lines up after the innermost bracket still open; else one that
    starts with a :data:`HANGING` word under a continued line hangs two in from that
    line's clause; else the next item of a list begun on an earlier line lines up under
    its first item; else it is indented four more than the line. One that would pass
    ``limit`` (the parser's line length) where it lines up is indented four more than the
    line instead; None when a piece (with the line's comment, on the last) still would."""
    pieces = [INDENT * line.depth]
    opened: list = []                     # columns just after each open ( and [
    column: dict = {}                     # where each token starts → its column here
    clause = None                         # the column of the last continued line's clause
    prev = None
    toks = line.tokens
    spaced = [i > 0 and _space(toks[i - 1], toks[i], toks, i, unary, calls)
              for i in range(len(toks))]
    # the width from each token to the end of its piece: its `\`, or the line's comment
    rest = [0] * len(toks)
    after = len(COMMENT_GAP + line.comment) if line.comment is not None else 0
    for i in range(len(toks) - 1, -1, -1):
        rest[i] = len(toks[i].value) + after
        after = len(" \\") if i in line.breaks else spaced[i] + rest[i]
    for i, tok in enumerate(toks):
        if i in line.breaks:
            pieces[-1] = pieces[-1].rstrip() + " \\"
            first = items.get(tok.start_pos)
            if opened:
                col = opened[-1]
            elif tok.value in HANGING and clause is not None:
                col = clause + 2
            elif prev.value == "," and first in column:
                col = column[first]
            else:
                col = len(INDENT * line.depth + CONTINUATION)
            if col + rest[i] > limit:
                col = len(INDENT * line.depth + CONTINUATION)
            if tok.value not in HANGING and not opened:
                clause = col
            pieces.append(" " * col)
        elif spaced[i]:
            pieces[-1] += " "
        column[tok.start_pos] = len(pieces[-1])
        pieces[-1] += tok.value
        if tok.value in ("(", "["):
            opened.append(len(pieces[-1]))
        elif tok.value in (")", "]") and opened:
            opened.pop()
        prev = tok
    tail = len(COMMENT_GAP + line.comment) if line.comment is not None else 0
    if any(len(p) > limit for p in pieces[:-1]) or len(pieces[-1]) + tail > limit:
        return None
    return pieces


def _space(prev, tok, toks, i, unary, calls) -> bool:
    a, b = prev.value, tok.value
    if b in TIGHT_BEFORE or a in TIGHT_AFTER:
        return False
    if a in UNARY_OPS and prev.start_pos in unary:
        return False
    if b == "(" and (prev.start_pos in calls
                     or (i >= 2 and toks[i - 2].value in DECLARED_WITH_PARENS)):
        return False
    if a == "{" and b == "}":
        return False
    return True


# `action NAME(params)`, `move NAME(c from ...)`: declarations written like calls.
DECLARED_WITH_PARENS = {"action", "move"}
UNARY_OPS = {"-"}


def _render(lines: list, unary: set, calls: set, items: dict, written: list, limit: int) -> str:
    """The formatted text. A line of code that cannot be laid out within ``limit`` (nor a
    comment line indented) is left as ``written``, comment and all."""
    rendered: list = []              # (code pieces, comment or None, blank line before, depth)
    for line in lines:
        blank = line.blank_before and bool(rendered)
        if blank and rendered and rendered[-1][0] and rendered[-1][0][-1].endswith("{"):
            blank = False                                 # none just inside an opening brace
        if blank and line.tokens and line.tokens[0].value == "}":
            blank = False                                 # nor before a closing one
        code, comment = [], line.comment
        if line.tokens:
            code = _code(line, unary, calls, items, limit)
        elif len(INDENT * line.depth + comment) > limit:
            code = None
        if code is None:                                  # as written: no layout fits
            code, comment = written[line.first - 1:line.last], None
        rendered.append((code, comment, blank, line.depth))
    out: list = []
    k = 0
    while k < len(rendered):
        # a run of consecutive lines of code with trailing comments: aligned together
        run = [k]
        while (run[-1] + 1 < len(rendered) and rendered[run[-1]][0] and rendered[run[-1]][1]
               and rendered[run[-1] + 1][0] and rendered[run[-1] + 1][1]
               and not rendered[run[-1] + 1][2]):
            run.append(run[-1] + 1)
        width = max(len(rendered[j][0][-1]) for j in run) if rendered[k][0] else 0
        for j in run:
            code, comment, blank, depth = rendered[j]
            if blank:
                out.append("")
            if not code:
                out.append(INDENT * depth + comment)
                continue
            last = code[-1]
            if comment is not None:
                if width + len(COMMENT_GAP + comment) <= limit:    # else it stays unaligned
                    last = last.ljust(width)
                last += COMMENT_GAP + comment
            out.extend(code[:-1])
            out.append(last)
        k = run[-1] + 1
    return "\n".join(line.rstrip() for line in out) + "\n" if out else ""


# ----------------------------------------------------------------------------------
# The command
# ----------------------------------------------------------------------------------

def main(args) -> int:
    """`deckwright fmt FILE... [--check | --diff]`: 0 when nothing is (or was) to change,
    1 when ``--check``/``--diff`` found a file to reformat, 2 when a file does not parse
    or cannot be written back."""
    from .outputs import OutputError, output_file, write_file
    from .terminal import visible
    status = 0
    for name in args.files:
        try:
            text = _read(name)
            new = format_text(text, "<stdin>" if name == "-" else name)
        except DeckError as err:
            print(visible(err.render()), file=sys.stderr)
            status = 2
            continue
        except FormatError as err:                    # a bug: say so, change nothing
            print(visible(f"deckwright fmt: {err}"), file=sys.stderr)
            status = 2
            continue
        if name == "-" and not (args.check or args.diff):
            sys.stdout.write(new)
            continue
        if new == text:
            continue
        status = max(status, 1) if (args.check or args.diff) else status
        if args.diff:
            sys.stdout.writelines(difflib.unified_diff(
                text.splitlines(keepends=True), new.splitlines(keepends=True),
                f"{name} (original)", f"{name} (formatted)"))
        elif args.check:
            print(visible(f"would reformat {name}"))
        else:
            try:
                write_file(output_file(name), new, name)
            except OutputError as err:
                print(visible(f"deckwright fmt: {err}"), file=sys.stderr)
                status = 2
                continue
            print(visible(f"reformatted {name}"), file=sys.stderr)
    return status


def _read(name: str) -> str:
    """A deck file's text (``-``: standard input's), with its byte-order mark if it has
    one, so that the file is written back with it."""
    from .loader import decode_deck, read_deck
    from .parser import BOM
    if name == "-":
        data = sys.stdin.buffer.read()
        return (BOM if data.startswith(BOM.encode()) else "") + decode_deck(data, "<stdin>")
    text = read_deck(Path(name), name)
    with open(name, "rb") as f:
        return (BOM if f.read(len(BOM.encode())) == BOM.encode() else "") + text


__all__ = ["FormatError", "format_text", "main"]
