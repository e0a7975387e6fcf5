"""`deckwright fmt`: one layout, the same meaning, every comment kept."""
import re
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from deckwright.decks import DECKS_DIR
from deckwright.dsl import parser as parser_module
from deckwright.dsl.cli import main
from deckwright.dsl.errors import DeckError
from deckwright.dsl.fmt import format_text
from deckwright.dsl.parser import parse_text
from deckwright.grammar import GRAMMAR_PATH

BUNDLED = sorted(DECKS_DIR.glob("*.deck"))

# The bundled decks are formatted (`deckwright fmt decks/*.deck`), and stay so.
BUNDLED_DECKS_ARE_FORMATTED = True


def comments(text: str) -> list:
    """Every comment of a deck, in order (by the lexer, so `#` in a string is not one)."""
    from deckwright.dsl.parser import lark_parser
    return [t.value.rstrip() for t in lark_parser().lex(text, dont_ignore=True)
            if t.type == "COMMENT"]


def fmt(text: str) -> str:
    return format_text(text, "t.deck")


# ----------------------------------------------------------------------------------
# The layout
# ----------------------------------------------------------------------------------

LAYOUTS = [
    ("spaces between words are one space",
     'game   "T"\nresource vp:start  0 ,min 0\n',
     'game "T"\nresource vp: start 0, min 0\n'),
    ("braces set the indentation, two spaces a level",
     'game "T"\nsetup {\nif true {\n        say "a"\n} else {\nsay "b"\n}\n}\n',
     'game "T"\nsetup {\n  if true {\n    say "a"\n  } else {\n    say "b"\n  }\n}\n'),
    ("a one-line block keeps its line",
     'game "T"\nresource vp\nwhen gain {gain 1 vp}\n',
     'game "T"\nresource vp\nwhen gain { gain 1 vp }\n'),
    ("a call's parenthesis sits against its name; a verb's argument does not",
     'game "T"\naction draw ( n ) { pass }\nsetup { let c = top (deck)\ndraw (1 + 2) }\n',
     'game "T"\naction draw(n) { pass }\nsetup { let c = top(deck)\n  draw (1 + 2) }\n'),
    ("a unary minus sits against its number; a binary one is spaced",
     'game "T"\noption a = - 1\noption b = 3-1\n',
     'game "T"\noption a = -1\noption b = 3 - 1\n'),
    ("at most one blank line, none at the start or just inside braces",
     '\n\ngame "T"\n\n\n\nsetup {\n\n  pass\n\n}\n\n',
     'game "T"\n\nsetup {\n  pass\n}\n'),
    ("a comment alone on its line takes the indentation of the code",
     'game "T"\nsetup {\n# first\n      pass   # then   \n}\n',
     'game "T"\nsetup {\n  # first\n  pass  # then\n}\n'),
    ("trailing comments on consecutive lines line up",
     'game "T"\noption a = 1 # one\noption bbb = 22      # two\n\noption c = 3   # three\n',
     'game "T"\noption a = 1     # one\noption bbb = 22  # two\n\noption c = 3  # three\n'),
    ("a continued line lines up inside its bracket, or is indented four",
     'game "T"\nsetup {\n  let x = max(1, \\\n 2)\n  let y = 1 + \\\n2\n}\n',
     'game "T"\nsetup {\n  let x = max(1, \\\n              2)\n  let y = 1 + \\\n      2\n}\n'),
    ("the next item of a list begun on an earlier line lines up under its first item",
     'game "T"\nresource vp\nmove m if vp > 0 else "none", \\\nvp < 9 else "too many" {\n  pass\n}\n'
     'move a { pass }\nsetup {\n  offer a, \\\nm\n}\n',
     'game "T"\nresource vp\nmove m if vp > 0 else "none", \\\n          vp < 9 else "too many" {\n'
     '  pass\n}\nmove a { pass }\nsetup {\n  offer a, \\\n        m\n}\n'),
    ("a continued `and`, `or` or `else` hangs two in from the continued clause above it",
     'game "T"\nresource vp\nmove m \\\nif vp > 0 else "a", \\\nvp < 9 \\\nor vp == 20 \\\nelse "b" {\n'
     '  pass\n}\n',
     'game "T"\nresource vp\nmove m \\\n    if vp > 0 else "a", \\\n       vp < 9 \\\n'
     '         or vp == 20 \\\n         else "b" {\n  pass\n}\n'),
    ("... and, continuing the statement's first line, is indented four like any other",
     'game "T"\nresource vp\nmove m if vp > 0 \\\n        and vp < 9 \\\n  and vp != 5 { pass }\n',
     'game "T"\nresource vp\nmove m if vp > 0 \\\n    and vp < 9 \\\n    and vp != 5 { pass }\n'),
    ("semicolons stay, against the statement before them",
     'game "T"\nsetup { pass ;pass }\n',
     'game "T"\nsetup { pass; pass }\n'),
    ("a file's line endings stay: CRLF stays CRLF (the first line's ending, on every line)",
     'game "T"\r\nresource vp:start  0 # c\r\n\r\n\r\nsetup {\ngain 1 vp }\r\n',
     'game "T"\r\nresource vp: start 0  # c\r\n\r\nsetup {\r\n  gain 1 vp }\r\n'),
    ("a byte-order mark stays",
     '\ufeffgame "T"\nresource vp:start  0\n',
     '\ufeffgame "T"\nresource vp: start 0\n'),
]


@pytest.mark.parametrize("why,source,expected", LAYOUTS, ids=[w for w, _, _ in LAYOUTS])
def test_layout(why, source, expected):
    assert fmt(source) == expected
    assert fmt(expected) == expected


def test_a_hash_in_a_string_is_not_a_comment():
    assert fmt('game "T"\ncard "A#1":Thing {\n text "a # b"\n}\n') == \
        'game "T"\ncard "A#1": Thing {\n  text "a # b"\n}\n'


def test_text_that_does_not_parse_is_refused_with_the_parser_message():
    with pytest.raises(DeckError) as err:
        fmt('game "T"\nresource vp: start\n')
    assert str(err.value).startswith("t.deck:2:19: error: unexpected end of line")


# ----------------------------------------------------------------------------------
# The parser's line length: no line the formatter writes is longer
# ----------------------------------------------------------------------------------

def fmt_within(text: str, limit: int) -> str:
    """``fmt`` with the parser's line limit at ``limit`` (for the parser too)."""
    with mock.patch.object(parser_module, "MAX_LINE", limit):
        return fmt(text)


LIMITED = [
    ("a continued line that would pass the limit where it lines up is indented four instead",
     30, 'game "T"\nsetup {\n  let x = max(1, 2, \\\n long_variable_nam)\n}\n',
     'game "T"\nsetup {\n  let x = max(1, 2, \\\n      long_variable_nam)\n}\n'),
    ("a line no layout fits in the limit is left as written; the others are formatted",
     30, 'game "T"\nsetup {\nlet x=1+2+3+4+5+6+7+8+9+1+2+3\nlet y=1\n}\n',
     'game "T"\nsetup {\nlet x=1+2+3+4+5+6+7+8+9+1+2+3\n  let y = 1\n}\n'),
    ("... comment and all",
     30, 'game "T"\nsetup {\nlet x=1+2+3+4+5+6  # a note\n}\n',
     'game "T"\nsetup {\nlet x=1+2+3+4+5+6  # a note\n}\n'),
    ("a comment alone that its indentation would push past the limit stays as written",
     20, 'game "T"\nsetup {\n# nineteen letters.\n}\n',
     'game "T"\nsetup {\n# nineteen letters.\n}\n'),
    ("a trailing comment that lining up would push past the limit is not lined up",
     40, 'game "T"\noption a = 1  # a comment that is long\noption bbbbbbbbbbbbbbbbbb = 2  # short\n',
     'game "T"\noption a = 1  # a comment that is long\noption bbbbbbbbbbbbbbbbbb = 2  # short\n'),
]


@pytest.mark.parametrize("why,limit,source,expected", LIMITED, ids=[w for w, *_ in LIMITED])
def test_layout_within_the_line_limit(why, limit, source, expected):
    assert fmt_within(source, limit) == expected
    assert fmt_within(expected, limit) == expected


def parentheses(lines: int) -> str:
    """The review's deck: an effect nesting 100 parentheses a line, continued with `\\`."""
    return ('game "X" extends "dvorak"\nvar v = 0\ncard "A": Action x 20 {\n text "a"\n'
            ' effect { v = ' + ("(" * 100 + "\\\n") * lines + "1"
            + (")" * 100 + "\\\n") * lines + " }\n}\n")


def test_deeply_nested_continued_lines_stay_within_the_parser_line_limit():
    text = parentheses(50)
    out = fmt(text)
    widths = [len(line) for line in out.split("\n")]
    assert max(widths) <= parser_module.MAX_LINE
    # lined up after the innermost `(` until the next line would pass the limit, then
    # indented four from the statement, and lined up again from there
    assert widths[4:8] == [117, 217, 317, 417]
    assert widths[41:45] == [3817, 3917, 108, 208]
    assert parse_text(out) == parse_text(text)
    assert fmt(out) == out


def test_fmt_formats_the_deck_of_nested_parentheses_and_check_accepts_it(tmp_path, capsys):
    f = tmp_path / "parens.deck"
    f.write_text(parentheses(50))
    assert run(capsys, "fmt", str(f)) == (0, "", f"reformatted {f}\n")
    assert run(capsys, "check", str(f)) == (0, f"{f}: ok (1 cards, 20 with copies)\n", "")


def test_a_file_the_layout_would_make_too_long_for_the_parser_is_left_as_written():
    text = 'game "T"\nresource vp:start 0\n'                  # one character short
    with mock.patch.object(parser_module, "MAX_TEXT", len(text)):
        assert fmt(text) == text
    assert fmt(text) == 'game "T"\nresource vp: start 0\n'


# Expressions of brackets, calls, lists and sums, any token continued on the next line.
def _joined(parts):
    return [tok for part in parts for tok in part]


EXPR = st.recursive(
    st.integers(0, 10 ** 6).map(lambda n: [str(n)]),
    lambda e: st.one_of(
        e.map(lambda t: ["(", *t, ")"]),
        st.tuples(e, e).map(lambda ab: [*ab[0], "+", *ab[1]]),
        st.tuples(e, e).map(lambda ab: ["max", "(", *ab[0], ",", *ab[1], ")"]),
        st.lists(e, min_size=1, max_size=4).map(
            lambda items: ["[", *_joined([[","] * (k > 0) + t for k, t in enumerate(items)]),
                           "]"])),
    max_leaves=24)
GAPS = st.sampled_from(["", " ", "   ", " \\\n", "\\\n    ", "\\\n"])


@st.composite
def nested_decks(draw):
    toks = draw(EXPR)
    text = "".join(tok + draw(GAPS) for tok in toks[:-1]) + toks[-1]
    depth = draw(st.integers(0, 3))
    comment = draw(st.sampled_from(["", " # a comment", "  # another, rather longer, comment"]))
    return ('game "T"\nvar v = 0\nsetup {\n' + "if true {\n" * depth + "v = " + text
            + comment + "\n" + "}\n" * depth + "}\n")


def assert_formats_within_its_longest_line(text, slack):
    """The text, with the parser's line limit at its longest line (plus ``slack``):
    every line formatted is within the limit, the meaning and comments are kept, and
    formatting again changes nothing."""
    limit = max(len(line) for line in text.split("\n")) + slack
    try:
        with mock.patch.object(parser_module, "MAX_LINE", limit):
            before = parse_text(text, "t.deck")
    except DeckError:
        return                                   # out of the builder's limits
    out = fmt_within(text, limit)
    assert max(len(line) for line in out.split("\n")) <= limit
    assert parse_text(out, "t.deck") == before
    assert comments(out) == comments(text)
    assert fmt_within(out, limit) == out


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(nested_decks(), st.integers(0, 8))
def test_continued_brackets_format_within_any_line_limit_the_deck_keeps(text, slack):
    assert_formats_within_its_longest_line(text, slack)


# ----------------------------------------------------------------------------------
# Meaning and comments kept, on every bundled deck and on generated decks
# ----------------------------------------------------------------------------------

@pytest.mark.parametrize("path", BUNDLED, ids=[p.stem for p in BUNDLED])
def test_formatting_a_bundled_deck_keeps_its_meaning_and_comments_and_is_idempotent(path):
    text = path.read_text(encoding="utf-8")
    out = format_text(text, path.name)
    assert parse_text(out, path.name) == parse_text(text, path.name)   # positions aside
    assert comments(out) == comments(text)
    assert format_text(out, path.name) == out


@pytest.mark.skipif(not BUNDLED_DECKS_ARE_FORMATTED,
                    reason="for the integrator: turn on once `deckwright fmt decks/*.deck` "
                           "has been run after the merge")
@pytest.mark.parametrize("path", BUNDLED, ids=[p.stem for p in BUNDLED])
def test_the_bundled_decks_are_formatted(path):
    text = path.read_text(encoding="utf-8")
    assert format_text(text, path.name) == text, f"run: deckwright fmt decks/{path.name}"


FUZZ_PARSER = Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr")
FUZZ_TEXT = from_lark(FUZZ_PARSER, start="start",
                      explicit={"_NL": st.sampled_from(["\n", "\n\n", "\n   ", "\n\n\n  "]),
                                "COMMENT": st.just("# a comment"),
                                "__IGNORE_1": st.sampled_from([" ", "  ", "\t"]),
                                "__IGNORE_2": st.sampled_from(["\\\n", "\\  \n  "])})


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(FUZZ_TEXT)
def test_any_deck_the_grammar_produces_formats_to_the_same_meaning(text):
    try:
        before = parse_text(text, "fuzz.deck")
    except DeckError:
        return                                   # out of the builder's limits: nothing to format
    out = format_text(text, "fuzz.deck")
    assert parse_text(out, "fuzz.deck") == before
    assert comments(out) == comments(text)
    assert format_text(out, "fuzz.deck") == out
    if "\n" in text:                             # else the file has no line ending to keep
        crlf = text.replace("\n", "\r\n")
        assert format_text(crlf, "fuzz.deck") == out.replace("\n", "\r\n")


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(FUZZ_TEXT, st.integers(0, 8))
def test_any_deck_the_grammar_produces_formats_within_a_line_limit_it_keeps(text, slack):
    assert_formats_within_its_longest_line(text, slack)


# ----------------------------------------------------------------------------------
# The command
# ----------------------------------------------------------------------------------

UGLY = 'game "T"\nresource vp:start  0\n'
PRETTY = 'game "T"\nresource vp: start 0\n'


def run(capsys, *argv):
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_fmt_rewrites_a_file_in_place(tmp_path, capsys):
    f = tmp_path / "t.deck"
    f.write_text(UGLY)
    status, out, err = run(capsys, "fmt", str(f))
    assert (status, out, err) == (0, "", f"reformatted {f}\n")
    assert f.read_text() == PRETTY
    assert run(capsys, "fmt", str(f)) == (0, "", "")            # nothing left to do


def test_fmt_keeps_a_files_crlf_line_endings_and_byte_order_mark(tmp_path, capsys):
    f = tmp_path / "t.deck"
    f.write_bytes(b"\xef\xbb\xbf" + UGLY.replace("\n", "\r\n").encode())
    assert run(capsys, "fmt", str(f)) == (0, "", f"reformatted {f}\n")
    assert f.read_bytes() == b"\xef\xbb\xbf" + PRETTY.replace("\n", "\r\n").encode()
    assert run(capsys, "fmt", "--check", str(f)) == (0, "", "")    # formatted as it is


def test_fmt_check_names_the_file_and_changes_nothing(tmp_path, capsys):
    ugly, pretty = tmp_path / "ugly.deck", tmp_path / "pretty.deck"
    ugly.write_text(UGLY)
    pretty.write_text(PRETTY)
    assert run(capsys, "fmt", "--check", str(ugly), str(pretty)) == \
        (1, f"would reformat {ugly}\n", "")
    assert ugly.read_text() == UGLY
    assert run(capsys, "fmt", "--check", str(pretty)) == (0, "", "")


def test_fmt_diff_prints_a_unified_diff(tmp_path, capsys):
    f = tmp_path / "t.deck"
    f.write_text(UGLY)
    status, out, _ = run(capsys, "fmt", "--diff", str(f))
    assert status == 1
    assert out == (f"--- {f} (original)\n+++ {f} (formatted)\n@@ -1,2 +1,2 @@\n"
                   f' game "T"\n-resource vp:start  0\n+resource vp: start 0\n')
    assert f.read_text() == UGLY


def test_fmt_of_a_broken_file_says_where_and_exits_2(tmp_path, capsys):
    f = tmp_path / "t.deck"
    f.write_text('game "T"\nresource vp: start\n')
    status, out, err = run(capsys, "fmt", "--check", str(f))
    assert status == 2 and out == ""
    assert err.startswith(f"{f}:2:19: error: unexpected end of line\n")
    assert "Traceback" not in err


def test_check_and_diff_together_are_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["fmt", "--check", "--diff", "x.deck"])
    assert stop.value.code == 2
    assert re.search(r"not allowed with argument", capsys.readouterr().err)
