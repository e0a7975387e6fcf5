"""Broken and hostile deck files get one positioned error, never a traceback.

A deck is downloaded text: it may be in the wrong encoding, huge, nested a thousand deep
or hold a number of five thousand digits. Each is refused before it costs time or memory,
with `file:line:col` and a caret (docs/language.md §17 lists the limits).
"""

import pytest

from deckwright.dsl.cli import main
from deckwright.dsl.errors import DeckError, Diagnostic, SourcePosition, source_lines
from deckwright.dsl.loader import MAX_FILE_BYTES, load_program, load_text
from deckwright.dsl.parser import MAX_INT, MAX_LINE, MAX_NESTING, parse_text

BASE = 'game "G" extends "dvorak"\n'


@pytest.fixture
def here(tmp_path, monkeypatch):
    """A folder to write decks in, made the current one so errors name `x.deck`."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def check(deck) -> str:
    """What `deckwright check DECK` prints on stderr, after its exit status."""
    import contextlib
    import io
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(["check", str(deck)])
    return f"{status}\n{err.getvalue()}"


def rendered(text: str) -> str:
    with pytest.raises(DeckError) as caught:
        load_text(text, "bad.deck")
    return caught.value.render()


# ----------------------------------------------------------------------------------
# Encodings
# ----------------------------------------------------------------------------------

def test_a_latin1_byte_is_shown_at_its_line_and_column(here):
    (here / "cafe.deck").write_bytes(BASE.encode() + 'card "Café": Thing\n'.encode("latin-1"))
    assert check("cafe.deck") == (
        "1\ncafe.deck:2:10: error: the file is not UTF-8 text: byte 0xe9 starts a character "
        "that the next byte does not continue\n"
        '    2 | card "Caf\ufffd": Thing\n'
        "      |          ^\n"
        "  hint: deck files are UTF-8: save it as UTF-8 (it may be Latin-1 or Windows-1252)\n")


def test_an_included_file_that_is_not_utf8_is_reported_in_that_file(here):
    (here / "cards.deck").write_bytes(b'game "C"\ntype Widget\n# \xff\n')
    (here / "main.deck").write_text(BASE + 'include "cards"\n')
    assert check("main.deck").startswith(
        "1\ncards.deck:3:3: error: the file is not UTF-8 text: byte 0xff cannot start a "
        "character\n    3 | # \ufffd\n      |   ^\n")


def test_a_utf16_file_is_named_as_such(here):
    (here / "wide.deck").write_bytes(BASE.encode("utf-16"))
    assert check("wide.deck") == (
        "1\nwide.deck:1:1: error: the file is UTF-16 text (it starts with a UTF-16 "
        "byte-order mark); deck files are UTF-8\n  hint: save it as UTF-8\n")


def test_a_utf16_file_without_its_mark_is_caught_at_its_first_nul(here):
    (here / "wide.deck").write_bytes(BASE.encode("utf-16-le"))
    assert check("wide.deck") == (
        "1\nwide.deck:1:2: error: a NUL character, which deck text never holds (is the "
        "file UTF-16?)\n    1 | g\\x00a\\x00m\\x00e\\x00 \\x00\"\\x00G\\x00\"\\x00 \\x00e"
        "\\x00x\\x00t\\x00e\\x00n\\x00d\\x00s\\x00 \\x00\"\\x00d\\x00v\\x00o\\x00r\\x00a"
        "\\x00k\\x00\"\\x00\n      |  ^^^^\n")


def test_an_encoded_surrogate_is_not_a_character(here):
    (here / "sur.deck").write_bytes(BASE.encode() + b'card "\xed\xa0\x80": Thing\n')
    assert check("sur.deck").startswith(
        "1\nsur.deck:2:7: error: the file is not UTF-8 text: byte 0xed starts a UTF-16 "
        "surrogate, which is not a character\n")


def test_a_lone_surrogate_in_typed_text_is_refused_and_the_error_still_prints():
    out = rendered(BASE + 'card "A\ud800": Thing\n')
    assert out == ("bad.deck:2:8: error: U+D800 is half of a UTF-16 surrogate pair, not a "
                   "character\n"
                   '    2 | card "A\\ud800": Thing\n'
                   "      |        ^^^^^^")
    out.encode("utf-8")                              # printable: no UnicodeEncodeError


def test_a_utf8_byte_order_mark_is_accepted_and_columns_do_not_count_it(here):
    (here / "bom.deck").write_bytes(b"\xef\xbb\xbf" + BASE.encode() + b'card "A": Thing\n'
                                    b"zone 1\n")
    assert check("bom.deck").startswith("1\nbom.deck:3:6: error: unexpected `1`\n    3 | zone 1\n")
    (here / "bom.deck").write_bytes(b"\xef\xbb\xbfgame G\n")
    assert check("bom.deck").startswith("1\nbom.deck:1:6: error: the game's name is written in "
                                        "double quotes")


def test_a_byte_order_mark_further_in_is_named():
    out = rendered(BASE + "zone \ufeffhand\n")
    assert out.startswith("bad.deck:2:6: error: a byte-order mark (U+FEFF, an invisible "
                          "character) is here: delete it\n    2 | zone \\ufeffhand\n"
                          "      |      ^^^^^^\n")


# ----------------------------------------------------------------------------------
# Sizes
# ----------------------------------------------------------------------------------

def test_a_huge_file_is_refused_without_reading_it(here):
    with open(here / "huge.deck", "wb") as f:
        f.write(BASE.encode())
        f.truncate(50 * 2**20)                       # 50 MiB, sparse: instant to make
    assert check("huge.deck") == (
        "1\nhuge.deck:1:1: error: the file is 52,428,800 bytes; a deck file may be at most "
        "1,048,576 (1 MiB)\n  hint: split it into files that `include` each other\n")


def test_a_file_at_the_size_limit_is_read(here):
    filler = ("#" + "x" * 998 + "\n") * (MAX_FILE_BYTES // 1000 - 1)
    (here / "big.deck").write_text(BASE + 'card "A": Thing\n' + filler)
    assert len((here / "big.deck").read_bytes()) <= MAX_FILE_BYTES
    assert "A" in load_program("big.deck").cards


def test_an_overlong_line_is_refused_before_parsing():
    text = BASE + 'card "A": Thing { text "' + "x" * 5000 + '" }\n'
    out = rendered(text)
    assert out == (
        f"bad.deck:2:{MAX_LINE + 1}: error: line 2 is 5,027 characters long; the limit is 4,000\n"
        f"    2 | …{'x' * 200}…\n"
        f"      |  {' ' * 50}^\n"
        "  hint: break it with a `\\` at the end of a line, or shorten it")


def test_typed_text_over_the_size_limit_is_refused():
    with pytest.raises(DeckError) as caught:
        parse_text(BASE + "#\n" * (MAX_FILE_BYTES // 2), "typed")
    assert str(caught.value) == ("typed:1:1: error: the deck text is 1,048,602 characters long; "
                                 "the limit is 1,048,576\n"
                                 '    1 | game "G" extends "dvorak"\n'
                                 "      | ^\n"
                                 "  hint: split it into files that `include` each other")


def test_the_files_of_one_game_together_have_a_size_limit(here):
    filler = ("#" + "x" * 998 + "\n") * 900          # 0.86 MiB of comments each
    for name in "abc":
        (here / f"{name}.deck").write_text(f'game "{name}"\ntype T{name}\n' + filler)
    (here / "main.deck").write_text(BASE + 'include "a"\ninclude "b"\ninclude "c"\n')
    assert check("main.deck") == (
        "1\nmain.deck:4:1: error: the files of this game are over 2 MiB together "
        "(2,097,152 bytes)\n    4 | include \"c\"\n      | ^^^^^^^^^^^\n")


def test_an_include_diamond_stops_at_the_file_limit(here):
    # Each file includes the next twice: 2**15 loads without a limit.
    for n in range(15):
        (here / f"d{n}.deck").write_text(f'game "D"\ninclude "d{n + 1}"\ninclude "d{n + 1}"\n')
    (here / "d15.deck").write_text('game "D"\ntype T\n')
    (here / "main.deck").write_text(BASE + 'include "d0"\n')
    out = check("main.deck")
    assert "error: a game may read at most 100 deck files\n" in out


# ----------------------------------------------------------------------------------
# Numbers
# ----------------------------------------------------------------------------------

@pytest.mark.parametrize("literal, message", [
    ("1000000001", "the number `1000000001` is beyond the limit of ±1,000,000,000"),
    ("1" + "0" * 3000, "a 3,001-digit number is beyond the limit of ±1,000,000,000"),
])
def test_an_integer_literal_beyond_the_engines_limit_is_refused(literal, message):
    out = rendered(BASE + f"param x = {literal}\n")
    assert out.startswith(f"bad.deck:2:11: error: {message}\n")


def test_a_number_too_long_for_python_is_caught_by_the_line_limit():
    out = rendered(BASE + "param x = " + "9" * 4301 + "\n")
    assert out.startswith(f"bad.deck:2:{MAX_LINE + 1}: error: line 2 is 4,311 characters long")


def test_numbers_at_the_limit_are_fine():
    program = load_text(BASE + f"param x = {MAX_INT}\nparam y = -{MAX_INT}\nparam z = 007\n"
                        'card "A": Thing { text "a" }\n', "ok.deck")
    assert program is not None


@pytest.mark.parametrize("line, col, message", [
    ("override players 0", 18, "there must be at least 1 player"),
    ("override players 0 to 4", 18, "there must be at least 1 player"),
    ("override players 2 to 10000000000", 23,
     "the number `10000000000` is beyond the limit of ±1,000,000,000"),
    ("override players 4 to 2", 10, "`players 4 to 2` runs backwards"),
    ("side zombies: players 0", 23, "there must be at least 1 player"),
    ('card "A": Thing x 10000000000', 19,
     "the number `10000000000` is beyond the limit of ±1,000,000,000"),
    ("override players 1000000000", 18, "1,000,000,000 players is more than a game may have (100)"),
    ("override players 2 to 101", 23, "101 players is more than a game may have (100)"),
    ("side zombies: players 5000", 23, "5,000 players is more than a game may have (100)"),
    ('card "A": Thing x 10001', 19,
     "10,001 copies of one card is more than a game may hold (10,000 cards)"),
])
def test_player_counts_and_copies_are_checked_where_they_are_written(line, col, message):
    assert rendered(BASE + line + "\n").startswith(f"bad.deck:2:{col}: error: {message}\n")


def test_all_the_copies_together_must_fit_in_a_game():
    out = rendered(BASE + 'card "A": Thing x 6000\ncard "B": Thing x 3000\n'
                   'token "T": Thing\ncard "C": Thing x 1001\n')
    assert out.startswith(
        "bad.deck:5:1: error: the deck's cards come to more than 10,000 copies together, "
        "the most a game may hold\n    5 | card \"C\": Thing x 1001\n")
    assert out.endswith("  hint: fewer copies (`x N`) or fewer cards")


def test_copies_at_the_limit_are_fine():
    assert load_text(BASE + 'card "A": Thing x 9999\ncard "B": Thing\n', "ok.deck")


def test_the_variables_must_fit_in_a_game_of_the_most_players():
    # 99 per player for 100 players, and the base deck's `first_player`: 9,901 fit
    lines = "".join(f"var w{i} = 0: per player\n" for i in range(99))
    many = BASE + "override players 2 to 100\n" + lines
    assert load_text(many, "ok.deck")
    out = rendered(many + "var w99 = 0: per player\n")
    assert out == (
        "bad.deck:102:1: error: the deck's variables come to more than 10,000 in a game of "
        "100 players (a `per player` one is one for each), the most a game may hold\n"
        "  102 | var w99 = 0: per player\n      | ^^^^^^^^^^^^^^^^^^^^^^^\n"
        "  hint: fewer variables, or fewer players")


# ----------------------------------------------------------------------------------
# Nesting
# ----------------------------------------------------------------------------------

H = BASE + 'card "A": Thing { text "a" }\noverride setup {\n'
NESTINGS = {
    "if blocks": lambda n: H + "if true {\n" * n + "pass\n" + "}\n" * n + "}\n",
    "else if": lambda n: H + "if true {\npass\n" + "} else if true {\npass\n" * n + "}\n}\n",
    "unary minus": lambda n: H + "let x = " + "-" * n + "1\n}\n",
    "not": lambda n: H + "let x = " + "not " * n + "true\n}\n",
    "a chain of +": lambda n: H + "let x = 1" + " + 1" * n + "\n}\n",
    "lists": lambda n: H + "let x = " + "[" * n + "1" + "]" * n + "\n}\n",
}


@pytest.mark.parametrize("form", NESTINGS)
def test_deep_nesting_is_a_clean_error_not_a_recursion_error(form):
    with pytest.raises(DeckError) as caught:
        load_text(NESTINGS[form](600), "deep.deck")
    [d] = caught.value.diagnostics
    assert d.message == ("nested too deeply: more than 100 levels of statements and "
                         "expressions") and d.pos.file == "deep.deck" and d.pos.line >= 3


@pytest.mark.parametrize("form", NESTINGS)
def test_nesting_just_under_the_limit_still_loads_and_lints(form):
    from deckwright.dsl.lint import lint
    text = NESTINGS[form](MAX_NESTING - 5)
    load_text(text, "deep.deck")
    lint("deep.deck", text=text, file="deep.deck")


def test_the_nesting_error_points_at_the_first_level_too_many():
    out = rendered(BASE + "param x = " + "-" * 150 + "1\n")
    # `param` is level 1, so the 100th minus (column 110) is level 101.
    assert out.startswith("bad.deck:2:110: error: nested too deeply: more than 100 levels of "
                          "statements and expressions\n")
    assert out.endswith("  hint: move the inner part into an `action` of its own and call it")


# ----------------------------------------------------------------------------------
# Lines: the reporter and the parser count them alike
# ----------------------------------------------------------------------------------

@pytest.mark.parametrize("breaker", ["\f", "\v", "\u2028", "\u2029", "\x1c", "\x85"])
def test_the_caret_is_on_the_right_line_after_a_character_that_splitlines_breaks_at(breaker):
    out = rendered(BASE + f"# a comment {breaker} with a break\nzone 1\n")
    assert out.startswith("bad.deck:3:6: error: unexpected `1`\n    3 | zone 1\n      |      ^\n")


# ----------------------------------------------------------------------------------
# Many errors
# ----------------------------------------------------------------------------------

class CountingText(str):
    """Deck text that counts how often it is cut into lines."""
    cuts = 0

    def split(self, *args, **kwargs):
        CountingText.cuts += 1
        return super().split(*args, **kwargs)

    def splitlines(self, *args, **kwargs):
        CountingText.cuts += 1
        return super().splitlines(*args, **kwargs)


def test_rendering_many_errors_cuts_the_source_into_lines_once():
    source = CountingText("".join(f"line {n}\n" for n in range(1000)))
    diags = [Diagnostic("x", "bad", SourcePosition("f.deck", n, 1, n, 5)) for n in range(1, 1001)]
    CountingText.cuts = 0
    DeckError(diags, {"f.deck": source}).render()
    assert CountingText.cuts <= 1


def test_eight_thousand_errors_cut_their_file_into_lines_once():
    # Each error once re-split the whole file: 8,000 errors took 12 s.
    source = "".join(f"  gain 1 nosuch{n}\n" for n in range(8000))
    diags = [Diagnostic("x", "bad", SourcePosition("f.deck", n, 3, n, 7)) for n in range(1, 8001)]
    source_lines.cache_clear()
    out = DeckError(diags, {"f.deck": source}).render()
    assert source_lines.cache_info().misses == 1
    assert out.count("error: bad") == 8000


# ----------------------------------------------------------------------------------
# Errors about the whole game are at the top file's header
# ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ['game "G"\n', 'game "G" extends "decktet"\ncounter c\n'])
def test_a_game_without_turn_is_reported_at_its_own_header(text):
    out = rendered(text)
    assert out.startswith("bad.deck:1:1: error: the game has no `turn { ... }` or "
                          "`round { ... }` block\n")
