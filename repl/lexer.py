"""A Pygments lexer for deck files, by the book (`RegexLexer`, `words(..., suffix=r'\\b')`).

Registered as the `deckwright` entry point under `pygments.lexers`, so
`pygmentize -l deckwright decks/example.deck` works once the package is installed. The REPL
uses it for `card NAME`, and in its input line for the deck text after `eval` and `def`
(:mod:`deckwright.repl.input_lexer` colours the rest of the line as a command).

Its keywords are the grammar's (:func:`deckwright.grammar.keywords`), the one list the
editors' syntax files are generated from too (editors/generate.py). A keyword is a name
where the grammar says it can only be one: directly before `(` (a call, or the action a
deck declares: `draw(n)`, `max(a, b)`), after `.` (an attribute: `event.card`), and, for
a keyword that begins no phrase of the grammar (:func:`deckwright.grammar.inner_keywords`),
first in a statement. So `draw 2` and `play card` read like `discard 1`, while
`end game draw` and `in play` stay keywords.

>>> from pygments import lex
>>> [(str(t), v) for t, v in lex('gain 2 vp', DeckwrightLexer()) if v.strip()][:2]
[('Token.Keyword', 'gain'), ('Token.Literal.Number.Integer', '2')]
>>> [str(t) for t, v in lex('draw 2; end game draw', DeckwrightLexer()) if v == 'draw']
['Token.Name', 'Token.Keyword']
"""
from __future__ import annotations

from pygments.lexer import RegexLexer, default, words
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, String,
                            Text, Whitespace)

from deckwright.grammar import inner_keywords, keywords

KEYWORDS = keywords()
INNER_KEYWORDS = inner_keywords()

# What every part of a line may hold, after its first word.
_LINE = [
    (r"[ \t]+", Whitespace),
    (r"\\[ \t]*\r?\n", Text),                  # a continued line: the statement goes on
    (r"#.*?$", Comment.Single),
    (r'"([^"\\\n]|\\.)*"', String.Double),
    (r"[0-9]+", Number.Integer),
    (r"[a-z_][a-zA-Z0-9_]*(?=\()", Name),      # a call, or an action's name
    (r"(?<=\.)[a-z_][a-zA-Z0-9_]*", Name),     # an attribute: `event.card`, `it.cost`
    (words(KEYWORDS, prefix=r"\b", suffix=r"\b"), Keyword),
    (r"[A-Z][a-zA-Z0-9_]*", Name.Class),        # types, subtypes, symbols
    (r"[a-z_][a-zA-Z0-9_]*", Name),             # declared names, verbs
    (r"==|!=|<=|>=|[<>+\-*/%=]", Operator),
    (r"[}()\[\],.:]", Punctuation),
    (r".", Text),
]


class DeckwrightLexer(RegexLexer):
    name = "Deckwright"
    aliases = ["deckwright", "deck"]
    filenames = ["*.deck"]
    mimetypes = ["text/x-deckwright"]

    # `root` is the start of a statement (a line, or after `{` or `;`), `statement` the rest.
    tokens = {
        "root": [
            (r"[ \t]+", Whitespace),
            (r"\n", Whitespace),
            (r"#.*?$", Comment.Single),
            (r"[{;]", Punctuation),
            (words(INNER_KEYWORDS, prefix=r"\b", suffix=r"\b"), Name, "statement"),
            default("statement"),
        ],
        "statement": [
            (r"\n", Whitespace, "#pop"),
            (r"[{;]", Punctuation, "#pop"),
            *_LINE,
        ],
    }
