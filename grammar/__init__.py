"""The Deckwright language grammar, shipped as package data, and the keyword list that
every highlighter of the language takes from it.

>>> from deckwright.grammar import GRAMMAR_PATH, keywords, inner_keywords
>>> GRAMMAR_PATH.name
'deckwright.lark'
>>> "gain" in keywords(), "discard" in keywords()
(True, False)
>>> "draw" in inner_keywords(), "gain" in inner_keywords()
(True, False)
"""
if __name__ != "deckwright.grammar":
    # Only one name for it, as for deckwright.dsl: an old `from grammar import` fails here.
    raise ImportError(f"`import {__name__}`: Deckwright's grammar is `deckwright.grammar`")

import re
from functools import lru_cache
from pathlib import Path

GRAMMAR_PATH = Path(__file__).with_name("deckwright.lark")

# Lark's grammar syntax, as far as deckwright.lark uses it: literals, regexps, names, the
# EBNF operators, `-> alias`. Lark itself could say the same (lark.load_grammar), but
# building its grammar of grammars takes 0.4 s, and the REPL starts with this lexer.
_TOKEN = re.compile(r'''\s*(?:(?P<lit>"(?:[^"\\]|\\.)*"i?)|(?P<re>/(?:[^/\\\n]|\\.)+/[imslux]*)
                      |(?P<alias>->\s*\w+)|(?P<name>[?!]?\w+)|(?P<op>[|()\[\]?*+]))''', re.X)
_DEFINITION = re.compile(r"^([?!]?\w+)(?:\.\d+)?\s*:(?!:)", re.M)
_DIRECTIVE = re.compile(r"^%", re.M)


@lru_cache(maxsize=1)
def _rules() -> dict:
    """Each rule's alternatives as nested lists: a literal is a str with its quotes, a
    name a str without, a group ``("(", alternatives)`` or ``("[", alternatives)``, and an
    item followed by ``?``, ``*`` or ``+`` a pair ``(op, item)``. Terminals are left out."""
    text = re.sub(r"//[^\n]*", "", GRAMMAR_PATH.read_text(encoding="utf-8"))
    starts = [(m.start(), m.end(), m.group(1)) for m in _DEFINITION.finditer(text)]
    ends = [s for s, _, _ in starts[1:]] + [len(text)]
    rules = {}
    for (_, body_at, name), end in zip(starts, ends):
        if name.lstrip("?!")[0].isupper():
            continue                                    # a terminal's definition
        body = _DIRECTIVE.split(text[body_at:end])[0]
        tokens = [(m.lastgroup, m.group(m.lastgroup)) for m in _TOKEN.finditer(body)
                  if m.lastgroup != "alias"]
        alternatives, rest = _alternatives(tokens)
        assert not rest, (name, rest)
        rules[name.lstrip("?!")] = alternatives
    return rules


def _alternatives(tokens):
    alternatives, sequence = [], []
    while tokens and tokens[0][1] not in (")", "]"):
        kind, value = tokens.pop(0)
        if value == "|":
            alternatives.append(sequence)
            sequence = []
            continue
        if value in ("(", "["):
            inner, tokens = _alternatives(tokens)
            tokens.pop(0)                               # the closing bracket
            item = (value, inner)
        else:
            item = value if kind == "lit" else value.lstrip("?!") if kind == "name" else None
        if tokens and tokens[0][1] in ("?", "*", "+"):
            item = (tokens.pop(0)[1], item)
        sequence.append(item)
    alternatives.append(sequence)
    return alternatives, tokens


def _nullable(item, empty) -> bool:
    """Whether ``item`` may match nothing, given the set of rules that may."""
    if isinstance(item, tuple):
        op, inner = item
        if op in ("?", "*", "["):
            return True
        if op == "+":
            return _nullable(inner, empty)
        return any(all(_nullable(i, empty) for i in seq) for seq in inner)
    return item in empty


def _first(item, rules, empty) -> set:
    """The literals ``item`` may begin with, not looking into other rules."""
    if isinstance(item, tuple):
        op, inner = item
        if op in ("?", "*", "+"):
            return _first(inner, rules, empty)
        return set().union(*(_leading(seq, rules, empty) for seq in inner))
    return {item} if isinstance(item, str) and item.startswith('"') else set()


def _leading(sequence, rules, empty) -> set:
    out = set()
    for item in sequence:
        out |= _first(item, rules, empty)
        if not _nullable(item, empty):
            break
    return out


def _words(literals) -> set:
    return {w.strip('"') for w in literals if re.fullmatch(r'"[a-z_]+"', w)}


@lru_cache(maxsize=1)
def keywords() -> tuple:
    """The language's keywords: every lower-case word the grammar spells out, sorted.
    The Pygments lexer, the REPL's completion, the language server and the editors'
    syntax files (editors/generate.py) all take them from here."""
    literals = set()

    def walk(item):
        if isinstance(item, tuple):
            op, inner = item
            for seq in (inner if op in ("(", "[") else [[inner]]):
                for i in seq:
                    walk(i)
        elif isinstance(item, str):
            literals.add(item)
    for alternatives in _rules().values():
        walk(("(", alternatives))
    return tuple(sorted(_words(literals)))


@lru_cache(maxsize=1)
def statement_words() -> tuple:
    """The keywords a statement begins with (`move`, `gain`, `if`, `choose`...), sorted:
    the words the language server explains on hover (deckwright.dsl.lsp.verbs)."""
    rules, leading = _rules(), set()

    def first(sequence):
        head = sequence[0]
        if head in rules:                               # `if_stmt`, a rule of its own
            for inner in rules[head]:
                first(inner)
        else:
            leading.add(head)
    for name in ("simple_stmt", "compound_stmt"):
        for sequence in rules[name]:
            first(sequence)
    return tuple(sorted(_words(leading)))


@lru_cache(maxsize=1)
def inner_keywords() -> tuple:
    """The keywords that begin no phrase of the grammar, only continue one: `play` of
    `in play`, `draw` of `end game draw`, `of`, `with`, `where`... At the start of a
    statement such a word can only be a name: a call of the deck's own action
    (`draw 2`, like `discard 1`), so it is highlighted as a name there."""
    rules = _rules()
    empty = set()
    while True:                                         # the rules that may match nothing
        more = {name for name, alts in rules.items()
                if any(all(_nullable(i, empty) for i in seq) for seq in alts)}
        if more == empty:
            break
        empty = more
    leading = set()
    for alternatives in rules.values():
        for sequence in alternatives:
            leading |= _leading(sequence, rules, empty)
    return tuple(sorted(set(keywords()) - _words(leading)))
