"""Colours for the line being typed at the prompt: it is a REPL command, not deck text.

:func:`fragments` reads a line as :meth:`Processor.execute` will: its first word is a
command (from the command table, aliases included), an unknown word (shown as an error),
or, while a decision is pending, a bare answer. What follows is read by the command's
kind of argument (the ``args`` of its :class:`~deckwright.repl.command_table.Command`,
which Tab completes by too): answers after `choose`/`step`, ``KEY=VALUE`` settings after
`new` (cut as `new` cuts them: quotes keep their spaces), a command name after `help`,
a card's name after `card` (an error unless it names one card), option numbers as
numbers (an error past the last option). Only where the line *is* deck
text — after `eval`, after `def`, including the lines of a block a `{` keeps open — is
it handed to the deck files' :class:`~deckwright.repl.lexer.DeckwrightLexer`.

Each fragment is a prompt_toolkit ``(style, text)`` pair; the ``class:line.*`` names are
styled by the app's ``PROMPT_STYLE``, the deck text keeps Pygments' own classes.

>>> from deckwright.repl.completion import Context
>>> ctx = Context(commands=(("eval", "effect"), ("why", "")), options=("pass",))
>>> fragments("why 3", ctx)
[('class:line.command', 'why'), ('', ' '), ('class:line.number', '3')]
>>> fragments("eval draw 2", ctx)[2:4]
[('class:pygments.name', 'draw'), ('class:pygments.text.whitespace', ' ')]
>>> fragments("pa", ctx), fragments("bogus", ctx)[0]
([('class:line.answer', 'pa')], ('class:line.error', 'bogus'))
"""
from __future__ import annotations

import re
import shlex

from prompt_toolkit.lexers import Lexer
from prompt_toolkit.styles.pygments import pygments_token_to_classname

from deckwright.dsl.agents import cards_named, matching

from .command_table import is_number

COMMAND, ANSWER, NUMBER, ERROR = ("class:line.command", "class:line.answer",
                                  "class:line.number", "class:line.error")
SETTING, VALUE, ARGUMENT, COMMENT = ("class:line.setting", "class:line.value",
                                     "class:line.argument", "class:line.comment")
PLAIN = ""

_WORDS = re.compile(r"(\s+)")               # words and the space between them, both kept
# A word as the shell cuts it (quotes keep their spaces; an unclosed quote runs to the
# end), or the space between words: how `new` reads its settings (`split_words`).
_SHELL_WORDS = re.compile(r"""(?:[^\s"']|"[^"]*(?:"|$)|'[^']*(?:'|$))+|\s+""")


def fragments(text: str, ctx) -> list:
    """The ``(style, text)`` fragments of the whole input ``text`` (all its lines), read
    with ``ctx``, a :class:`~deckwright.repl.completion.Context` of what the game offers."""
    body = text.lstrip()
    lead = [(PLAIN, text[:len(text) - len(body)])] if body != text else []
    if not body:
        return lead
    if body.startswith("#"):                # a comment line: execute skips it
        return lead + [(COMMENT, body)]
    # The command word as execute cuts it: up to a space, or the end of the first line.
    word = body.partition(" ")[0].partition("\n")[0]
    rest = body[len(word):]
    kinds = dict(ctx.commands)
    name = dict(ctx.aliases).get(word.lower(), word.lower())
    if name not in kinds:
        if ctx.options:                     # a bare answer: the line is `choose`'s
            return lead + _answers(body, ctx)
        return lead + [(ERROR, word)] + [(PLAIN, rest)] * bool(rest)
    return lead + [(COMMAND, word)] + _argument(rest, kinds[name], ctx)


def _argument(rest: str, kind: str, ctx) -> list:
    """What follows a command word of the given kind of argument."""
    if not rest:
        return []
    space = rest[:len(rest) - len(rest.lstrip())]
    arg = rest[len(space):]
    head = [(PLAIN, space)] if space else []
    if kind in ("effect", "def"):          # deck text
        return head + _deck(arg)
    if kind == "option":
        return head + _answers(arg, ctx)
    if kind == "card":                     # the rest is one name, as `card` reads it
        name = arg.rstrip()
        known = len(cards_named(ctx.cards, name)) == 1
        return head + [(ARGUMENT if known else ERROR, name)] + \
            [(PLAIN, arg[len(name):])] * (name != arg)
    out = head
    for piece in _SHELL_WORDS.findall(arg) if kind == "new" else _WORDS.split(arg):
        if not piece:
            continue
        if piece.isspace():
            out.append((PLAIN, piece))
        elif is_number(piece):
            out.append((NUMBER, piece))
        elif kind == "new":
            out += _setting(piece, ctx.settings)
        elif kind == "command":
            known = dict(ctx.aliases).get(piece.lower(), piece.lower()) in dict(ctx.commands)
            out.append((COMMAND if known else ERROR, piece))
        else:
            out.append((ARGUMENT, piece))
    return out


def _setting(piece: str, settings) -> list:
    """`KEY=VALUE` of `new`: the key (an error if `new` knows no such setting), the `=`,
    the value (a number as a number). A word with no `=` is an error, as `new` says."""
    key, eq, value = piece.partition("=")
    if not eq or _unclosed(value):
        return [(ERROR, piece)]
    out = [(SETTING if key in settings else ERROR, key)] * bool(key) + [(SETTING, "=")]
    if value:
        out.append((NUMBER if is_number(value) else VALUE, value))
    return out


def _unclosed(value: str) -> bool:
    """Whether ``value`` is one `new` cannot read (a quotation mark never closed)."""
    try:
        shlex.split(value)
    except ValueError:
        return True
    return False


def _answers(arg: str, ctx) -> list:
    """A typed answer, cut into answers as ``_parse_choice`` cuts it (by commas, or by
    spaces when every word is a number): each a number, or a label that names an option
    (by :func:`~deckwright.dsl.agents.matching`, Enter's and Tab's rule), or an error."""
    if "," in arg:
        parts = re.split(r"(,)", arg)
    elif arg.split() and all(is_number(w) for w in arg.split()):
        parts = _WORDS.split(arg)
    else:
        parts = [arg]
    out = []
    for part in parts:
        core = part.strip()
        if not core or part == ",":
            out.append((PLAIN, part))
            continue
        start = part.index(core)
        if is_number(core):               # an option's number: 0 to the last
            style = NUMBER if int(core) < len(ctx.options) else ERROR
        elif matching(ctx.options, core) or (ctx.multi and core in ("none", "nothing")):
            style = ANSWER
        else:
            style = ERROR
        out += [(PLAIN, part[:start])] * bool(start) + [(style, core)]
        tail = part[start + len(core):]
        out += [(PLAIN, tail)] * bool(tail)
    return out


def _deck(text: str) -> list:
    """Deck text, by the deck files' own lexer (tokens as Pygments gives them, so the
    text is kept exactly: no newline added or stripped)."""
    from .lexer import DeckwrightLexer
    return [("class:" + pygments_token_to_classname(token), value)
            for _, token, value in DeckwrightLexer().get_tokens_unprocessed(text)]


class InputLexer(Lexer):
    """prompt_toolkit glue: asks ``get_context()`` for the live context (the one Tab
    completes with), then :func:`fragments`, cut into the document's lines."""

    def __init__(self, get_context):
        self.get_context = get_context

    def lex_document(self, document):
        from prompt_toolkit.formatted_text.utils import split_lines
        lines = list(split_lines(fragments(document.text, self.get_context())))

        def get_line(lineno: int) -> list:
            return lines[lineno] if 0 <= lineno < len(lines) else []
        return get_line
