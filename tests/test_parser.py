"""The parser boundary: deck text → typed, positioned AST; Lark never leaks past it."""
import os

import lark
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckwright.decks import bundled
from deckwright.dsl import ast as A
from deckwright.dsl.parser import parse_text


def walk(node):
    yield node
    if isinstance(node, A.Node):
        for f in node._fields:
            yield from walk(getattr(node, f))
    elif isinstance(node, (list, tuple)):
        for x in node:
            yield from walk(x)


def test_every_bundled_deck_parses_into_ast_nodes_only():
    for name, path in bundled().items():
        deck = parse_text(path.read_text(), str(path))
        for n in walk(deck):
            assert not isinstance(n, (lark.Tree, lark.Token)), (name, n)


def test_every_node_has_a_source_position():
    deck = parse_text((bundled()["example"]).read_text(), "example.deck")
    for n in walk(deck.items):
        if isinstance(n, A.Node) and not isinstance(n, (A.Duration,)):
            assert n.pos.line > 0, n


def test_a_card_keeps_its_printed_text_beside_its_effect():
    deck = parse_text('game "G"\ncard "Oil Can": Action x 3 {\n  text "Draw two cards."\n'
                      '  effect { draw 2 }\n}\n', "g.deck")
    card = deck.items[0]
    assert (card.name, card.types, card.copies, card.text) == ("Oil Can", ("Action",), 3,
                                                               "Draw two cards.")
    assert card.effect.stmts == (A.CallStmt("draw", (A.IntLit(2),)),)
    assert (card.pos.line, card.pos.column) == (2, 1)


def test_type_line_with_several_subtypes():
    card = parse_text('game "G"\ncard "F": Thing - Machine Building\n', "g.deck").items[0]
    assert (card.types, card.subtypes) == (("Thing",), ("Machine", "Building"))


def test_selectors_filters_and_where_clauses():
    deck = parse_text('game "G"\nsetup {\n  let n = count Pony Thing cards you control\n'
                      '  let m = count (cards in your hand where it.cost > 2)\n}\n', "g.deck")
    let_n, let_m = deck.items[0].body.stmts
    sel = let_n.value.expr
    assert sel.types == ("Pony", "Thing")
    assert sel.filters[0].kind == "controlled_by"
    inner = let_m.value.expr
    assert inner.filters[0].kind == "in" and isinstance(inner.where, A.Compare)


def test_operator_precedence_and_membership():
    deck = parse_text('game "G"\nsetup {\n  if 1 + 2 * 3 > 6 and Moons is in c.runes { pass }\n}\n',
                      "g.deck")
    cond = deck.items[0].body.stmts[0].cond
    assert isinstance(cond, A.And)
    assert cond.left.left == A.BinOp("+", A.IntLit(1), A.BinOp("*", A.IntLit(2), A.IntLit(3)))
    assert cond.right == A.Member(A.Symbol("Moons"), A.Attr(A.Name("c"), "runes"), False)


def test_else_if_chains_and_statements_separated_by_semicolons():
    deck = parse_text('game "G"\nsetup {\n  if true { draw 1; draw 2 } else if false { pass } '
                      'else { pass }\n}\n', "g.deck")
    stmt = deck.items[0].body.stmts[0]
    assert len(stmt.then.stmts) == 2
    assert isinstance(stmt.orelse.stmts[0], A.If)


def test_may_takes_a_chooser_and_secret_before_its_prompt():
    deck = parse_text('game "G"\nsetup {\n  may by first(players) secret "Peek?" { pass }\n'
                      '  may "Plain?" { pass }\n}\n', "g.deck")
    secret, plain = deck.items[0].body.stmts
    assert (secret.prompt, secret.secret, isinstance(secret.by, A.Call)) == ("Peek?", True, True)
    assert (plain.prompt, plain.secret, plain.by) == ("Plain?", False, None)


def test_override_and_include_items():
    deck = parse_text('game "G" extends "dvorak"\ninclude "decktet"\noverride param hand_size = 7\n',
                      "g.deck")
    assert deck.header.extends == "dvorak"
    assert deck.items[0] == A.Include("decktet")
    assert deck.items[1] == A.Override(A.Param("hand_size", A.IntLit(7)))


def test_every_grammar_alternative_has_an_ast_builder_method():
    from lark import Lark
    from deckwright.grammar import GRAMMAR_PATH
    from deckwright.dsl.ast_builder import Builder
    rules = Lark(GRAMMAR_PATH.read_text(), parser="lalr").rules
    missing = set()
    for r in rules:
        name = r.alias or r.origin.name
        if isinstance(name, str) and name.startswith("_"):
            continue
        if r.options.expand1 and not r.alias:
            continue                 # a ?rule passes its single child through
        if not hasattr(Builder, str(name)):
            missing.add(str(name))
    assert missing == set()


@settings(deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\0"), max_size=200))
def test_quote_writes_a_string_the_parser_reads_back_unchanged(text):
    from deckwright.dsl.parser import quote
    assert parse_text(f"game {quote(text)}\n", "q.deck").header.name == text


# ----------------------------------------------------------------------------------
# The fast path (deckwright.dsl.fastparse.FastParser) builds exactly what Lark's tree path builds
# ----------------------------------------------------------------------------------

def positioned(value):
    """``value`` as plain data, every node with its type and position (equality of
    nodes leaves positions out)."""
    if isinstance(value, A.Node):
        return (type(value).__name__, value.pos,
                tuple((f, positioned(value.__dict__[f])) for f in value._fields))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(positioned(x) for x in value))
    if isinstance(value, dict):
        return ("dict", tuple((k, positioned(v)) for k, v in value.items()))
    return (type(value).__name__, value)


def outcome(parse, text):
    """What a parse gives: the deck, positions and all, or the error as it is shown."""
    from deckwright.dsl.errors import DeckError
    try:
        return positioned(parse(text, "t.deck"))
    except DeckError as err:
        return ("error", err.render())


def bench_deck():
    import sys
    from pathlib import Path
    root = str(Path(__file__).resolve().parent.parent)
    if root not in sys.path:
        sys.path.insert(0, root)
    from bench.parse import generate
    return generate(48)                  # every template, four times over


def corpus():
    from pathlib import Path
    here = Path(__file__).resolve().parent
    texts = {name: path.read_text(encoding="utf-8") for name, path in bundled().items()}
    for path in sorted((here / "lint_corpus").glob("*.deck")):
        texts[f"lint_corpus/{path.name}"] = path.read_text(encoding="utf-8")
    texts["bench"] = bench_deck()
    return texts


CORPUS = corpus()


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_the_fast_parser_builds_the_same_nodes_at_the_same_positions_as_lark(name):
    from deckwright.dsl import parser as P
    text = CORPUS[name]
    fast = P._parse_fast(text, "t.deck")
    if name != "lint_corpus/syntax_error.deck":
        assert fast is not None              # a valid deck never falls back to Lark's path
    assert outcome(P._parse_text, text) == outcome(P._parse_with_lark, text)


def mutations():
    """Deck text with a slip in it: a character dropped, doubled or replaced, a line
    dropped. Most do not parse; those that do may still hold a number too big."""
    texts = [CORPUS["example"], CORPUS["bench"]]
    return st.tuples(st.sampled_from(texts), st.integers(0, 10 ** 6), st.integers(0, 3),
                     st.sampled_from(list("{}()[]\n\"\\ #.,=x9AZ")))


@settings(max_examples=1000 if os.environ.get("DECKWRIGHT_SOAK") == "1" else 100,
          deadline=None)
@given(mutations())
def test_the_fast_parser_and_lark_agree_on_decks_with_a_slip(case):
    # 100 slips always, 1,000 in the soak: each one parses a whole deck by both paths.
    from deckwright.dsl import parser as P
    text, at, how, char = case
    at %= len(text)
    if how == 0:
        text = text[:at] + text[at + 1:]
    elif how == 1:
        text = text[:at] + text[at] * 2 + text[at + 1:]
    elif how == 2:
        text = text[:at] + char + text[at + 1:]
    else:
        lines = text.split("\n")
        del lines[at % len(lines)]
        text = "\n".join(lines)
    assert outcome(P._parse_text, text) == outcome(P._parse_with_lark, text)


@pytest.mark.parametrize("text", [
    'game "G"\nparam x = ' + "-" * 150 + "1\n",                    # nested too deeply
    'game "G"\nparam x = 99999999999\nparam y = ' + "(" * 120 + "1" + ")" * 120 + "\n",
    'game "G"\nparam x = 99999999999\nparam y = 1' + " + 1" * 99 + "\n",   # just under
    'game "G"\nparam x = 1' + " + 1" * 100 + "\n",                          # just over
    'game "G"\nplayers 0\nparam x = 1\ncard "A": Thing x 99999999999\n',
    'game "G"',                                                   # no newline at the end
    '\n\n  # comment\ngame "G" ;; \\\n extends "b"\n\n',
])
def test_the_fast_parser_and_lark_agree_on_limits_and_odd_layouts(text):
    from deckwright.dsl import parser as P
    assert outcome(P._parse_text, text) == outcome(P._parse_with_lark, text)


def test_the_fast_parsers_lexers_split_keywords_from_names_as_lark_does():
    """Every state's lexer knows its keywords as Lark's own would (`_create_unless`),
    though the fast parser makes their table without Lark's regex of them."""
    from lark.lexer import _create_unless

    from deckwright.dsl import parser as P
    fast = P._fast_parser()
    for basic in {id(b): b for b in fast._basic.values()}.values():
        terminals, unless = fast._keywords(basic)
        lark_terminals, callbacks = _create_unless(basic.terminals, basic.g_regex_flags,
                                                   basic.re, basic.use_bytes)
        assert [t.name for t in terminals] == [t.name for t in lark_terminals]
        assert unless == {name: {t.pattern.value: t.name for t in cb.scanner.terminals}
                          for name, cb in callbacks.items()}


@pytest.mark.parametrize("regexp, may", [
    (r"[\t ]+", True), (r"[a-z_][a-zA-Z0-9_]*", False), (r"(\r?\n[\t ]*)+", False),
    (r"(?:==|!=|<)", False), (r'"([^"\\\n]|\\.)*"', False), (r"#[^\n]*", False),
    (r"[^a]", True), (r"\s+", True), (r"(a|)\t", True), (r"a*\t", True), (r"a?b", False),
])
def test_the_fast_parser_knows_which_terminals_may_begin_with_a_blank(regexp, may):
    """Blanks are skipped without a state's lexer only when a single ignored terminal
    may begin with one; unsure counts as may."""
    from deckwright.dsl.fastparse import BLANKS, _may_begin_with
    assert _may_begin_with(regexp, BLANKS) is may
