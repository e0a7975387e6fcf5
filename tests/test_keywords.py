"""One keyword list, taken from the grammar, for every highlighter: the Pygments lexer here,
the editors' syntax files in tests/test_editors.py. A deck's own verbs look alike, whether
or not the grammar also spells the word (`draw 2` as `discard 1`)."""
import pytest
from lark.lexer import PatternStr
from lark.load_grammar import load_grammar
from pygments.token import Keyword, Name

from deckwright.decks import DECKS_DIR
from deckwright.dsl.parser import lark_parser
from deckwright.grammar import GRAMMAR_PATH, inner_keywords, keywords
from deckwright.repl.lexer import KEYWORDS, DeckwrightLexer

DECK_FILES = sorted(DECKS_DIR.glob("*.deck"))


@pytest.fixture(scope="module")
def lark_grammar():
    """Lark's own reading of the grammar: its terminals and its rules in BNF."""
    grammar, _ = load_grammar(GRAMMAR_PATH.read_text(encoding="utf-8"), str(GRAMMAR_PATH),
                              [], False)
    terminals, rules, _ = grammar.compile(["start"], set())
    words = {t.name: t.pattern.value for t in terminals
             if isinstance(t.pattern, PatternStr) and t.pattern.value.isidentifier()
             and t.pattern.value.islower()}
    return words, rules


def test_the_keywords_are_the_words_lark_makes_terminals_of(lark_grammar):
    words, _ = lark_grammar
    assert keywords() == tuple(sorted(words.values()))
    assert KEYWORDS == keywords()


def test_the_inner_keywords_are_those_no_rule_of_lark_begins_with(lark_grammar):
    words, rules = lark_grammar
    first = {rule.expansion[0].name for rule in rules if rule.expansion}
    assert inner_keywords() == tuple(sorted(w for t, w in words.items() if t not in first))
    assert {"draw", "play", "of", "where"} <= set(inner_keywords())
    assert not {"gain", "move", "end", "in", "if"} & set(inner_keywords())


def classes(text: str) -> dict:
    """Each lower-case word of ``text`` → "keyword" or "name", by the Pygments lexer, with
    the word's number when it occurs more than once (``draw#2``)."""
    out, seen = {}, {}
    for token, value in DeckwrightLexer().get_tokens(text):
        if value[:1].islower() or value[:1] == "_":
            kind = "keyword" if token in Keyword else "name" if token in Name else str(token)
            seen[value] = seen.get(value, 0) + 1
            out[value if seen[value] == 1 else f"{value}#{seen[value]}"] = kind
    return out


@pytest.mark.parametrize("text, expected", [
    # A deck's verbs, first in a statement: `draw` and `play` are in the grammar, `discard`
    # and `destroy` are not; all four are the deck's own actions here.
    ("draw 2", {"draw": "name"}),
    ("discard 1", {"discard": "name"}),
    ("destroy this", {"destroy": "name", "this": "keyword"}),
    ("when enter { play card }", {"when": "keyword", "enter": "name", "play": "name",
                                  "card": "keyword"}),
    ("if n > 2 { discard 1 } else { draw 1 }; draw 3",
     {"if": "keyword", "n": "name", "discard": "name", "else": "keyword", "draw": "name",
      "draw#2": "name"}),
    # ...and in the phrases of the grammar that spell them, keywords.
    ("end game draw", {"end": "keyword", "game": "keyword", "draw": "keyword"}),
    ('end game "stalemate" draw', {"end": "keyword", "game": "keyword", "draw": "keyword"}),
    ("zone field: in play", {"zone": "keyword", "field": "name", "in": "keyword",
                             "play": "keyword"}),
    # Before `(`: a call, or the action a deck declares.
    ("action draw(n) {", {"action": "keyword", "draw": "name", "n": "name"}),
    ("action discard(card) {", {"action": "keyword", "discard": "name", "card": "keyword"}),
    ("let m = max(a, top(deck))", {"let": "keyword", "m": "name", "max": "name", "a": "name",
                                   "top": "name", "deck": "name"}),
    ("let m = count (cards in hand)", {"let": "keyword", "m": "name", "count": "keyword",
                                       "cards": "keyword", "in": "keyword", "hand": "name"}),
    # After `.`: an attribute.
    ("move event.card to hand", {"move": "keyword", "event": "name", "card": "name",
                                 "to": "keyword", "hand": "name"}),
    # A continued line goes on with its statement: `or` there is a keyword.
    ("if a and \\\n    or b { draw 1 }", {"if": "keyword", "a": "name", "and": "keyword",
                                          "or": "keyword", "b": "name", "draw": "name"}),
    ("if a \\\nor b", {"if": "keyword", "a": "name", "or": "keyword", "b": "name"}),
    # A keyword that begins a phrase stays one first in a statement.
    ("gain 1 vp", {"gain": "keyword", "vp": "name"}),
    ("  # a comment\n  draw 1", {"draw": "name"}),
])
def test_the_lexer_tells_a_decks_verbs_from_the_grammars_keywords(text, expected):
    assert classes(text) == expected


@pytest.mark.parametrize("path", DECK_FILES, ids=lambda p: p.name)
def test_a_word_the_lexer_shows_as_a_name_is_a_name_to_the_parser(path):
    # The other way round cannot hold for a regex lexer (`this`, `you`, `card` are names
    # in expressions), but what it takes out of the keywords it takes out rightly.
    text = path.read_text(encoding="utf-8")
    shown = {i: t for i, t, _ in DeckwrightLexer().get_tokens_unprocessed(text)}
    for tok in lark_parser().parse_interactive(text).iter_parse():
        if tok.value in KEYWORDS and shown.get(tok.start_pos) in Name:
            assert tok.type == "NAME", f"{path.name}:{tok.line}:{tok.column}: {tok.value}"
