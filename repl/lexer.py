"""A Pygments lexer for deck files, by the book (`RegexLexer`, `words(..., suffix=r'\\b')`).

Registered as the `deckwright` entry point under `pygments.lexers`, so
`pygmentize -l deckwright decks/example.deck` works once the package is installed. The REPL
uses it for its input line and for `card NAME`. `tests/test_repl_lexer.py` keeps
:data:`KEYWORDS` equal to the grammar's keywords, so the two never drift.

>>> from pygments import lex
>>> [(str(t), v) for t, v in lex('gain 2 vp', DeckwrightLexer()) if v.strip()][:2]
[('Token.Keyword', 'gain'), ('Token.Literal.Number.Integer', '2')]
"""
from __future__ import annotations

from pygments.lexer import RegexLexer, words
from pygments.token import (Comment, Keyword, Name, Number, Operator, Punctuation, String,
                            Text, Whitespace)

# Every lower-case word the grammar spells out (its string literals). Keep in step with
# grammar/deckwright.lark; the test says which words to add or drop.
KEYWORDS = (
    "ability", "action", "all", "and", "any", "as", "ascending", "at", "attach",
    "attached", "before", "bottom", "by", "capacity", "card", "cards", "choose",
    "control", "controlled", "copy", "count", "counter", "create", "descending",
    "detach", "down", "draw", "each", "effect", "eliminate", "else", "end", "exactly",
    "except", "extends", "face", "false", "for", "forbid", "from", "gain", "game",
    "give", "grouped", "has", "hidden", "if", "in", "include", "instead", "into", "is",
    "least", "let", "library", "limit", "lose", "mark", "max", "may", "min", "modify",
    "most", "move", "named", "negate", "next", "none", "not", "of", "offer", "on",
    "once", "one", "opponents", "option", "optional", "or", "ordered", "override",
    "own", "owned", "param", "pass", "paying", "per", "phase", "play", "player", "players",
    "prevent", "private", "prompt", "property", "public", "put", "random", "remove",
    "repeat", "require", "resolve", "resource", "respond", "reveal", "round", "say", "score",
    "secret", "set", "setup",
    "shared", "shown", "shuffle", "side", "simultaneously", "standing", "start", "static",
    "substitute",
    "subtype", "target", "text", "this", "time", "to", "token", "top", "transform", "true",
    "turn", "turns", "type", "unmark", "untargetable", "until", "up", "use", "uses", "var",
    "when", "whenever", "where", "while", "winner", "with", "worth", "x", "you", "your",
    "zone",
    # the words of `scenario` blocks (keywords only inside them)
    "after", "are", "asked", "background", "cannot", "chooses", "controller", "does",
    "drawn", "eliminated", "empty", "first", "given", "goes", "leaves", "log", "marked",
    "no", "nothing", "over", "owner", "pick", "picks", "refused", "says", "scenario", "see",
    "seed", "sees",
    "then", "winners",
    # the card model: orientation, unowned zones, granted and copied abilities
    "abilities", "always", "copies", "grant", "sideways", "unowned", "upright", "upside",
    "usable",
    # turn order as data
    "extra", "order", "reverse", "seat", "skip",
)


class DeckwrightLexer(RegexLexer):
    name = "Deckwright"
    aliases = ["deckwright", "deck"]
    filenames = ["*.deck"]
    mimetypes = ["text/x-deckwright"]

    tokens = {
        "root": [
            (r"[ \t]+", Whitespace),
            (r"\n", Whitespace),
            (r"\\\n", Text),
            (r"#.*?$", Comment.Single),
            (r'"([^"\\\n]|\\.)*"', String.Double),
            (r"[0-9]+", Number.Integer),
            (words(KEYWORDS, prefix=r"\b", suffix=r"\b"), Keyword),
            (r"[A-Z][a-zA-Z0-9_]*", Name.Class),        # types, subtypes, symbols
            (r"[a-z_][a-zA-Z0-9_]*", Name),             # declared names, verbs
            (r"==|!=|<=|>=|[<>+\-*/%=]", Operator),
            (r"[{}()\[\],.:;]", Punctuation),
            (r".", Text),
        ],
    }
