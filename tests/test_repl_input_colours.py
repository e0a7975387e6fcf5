"""What the line being typed looks like: a REPL command coloured as one, deck text only
where the line is deck text (after `eval`, after `def`).

Read through the lexer the real PromptSession holds, by prompt_toolkit's own Lexer API
(``lex_document`` on a Document), as the screen draws it.
"""
import doctest

import pytest
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from deckwright.repl import app, input_lexer
from deckwright.repl.commands import Processor


def seen(proc, text: str) -> list:
    """Each line of ``text`` as (style, text) fragments, blanks left out, as the
    prompt the REPL builds colours it."""
    with create_pipe_input() as inp:
        session = app.build_prompt_session(proc, input=inp, output=DummyOutput(),
                                           history=None)
        get_line = session.lexer.lex_document(Document(text))
        return [[(style, t) for style, t, *_ in get_line(i) if t.strip()]
                for i in range(text.count("\n") + 1)]


def styles(proc, text: str) -> list:
    """The one line ``text`` as (style, text), blanks left out."""
    (line,) = seen(proc, text)
    return line


@pytest.fixture(scope="module")
def proc():
    p = Processor("example", seed=1)      # P1 to act: play_thing: Music Box, ..., pass
    yield p
    p.close()


def test_eval_is_a_command_and_its_effect_deck_text(proc):
    # `draw` first in a statement is the action's name, as in a deck file; not a keyword
    assert styles(proc, "eval draw 2") == [
        ("class:line.command", "eval"), ("class:pygments.name", "draw"),
        ("class:pygments.literal.number.integer", "2")]


@pytest.mark.parametrize("typed, expected", [
    ("state", [("class:line.command", "state")]),
    ("options", [("class:line.command", "options")]),
    ("s", [("class:line.command", "s")]),                       # an alias is a command
    ("state all", [("class:line.command", "state"), ("class:line.argument", "all")]),
    ("why 3", [("class:line.command", "why"), ("class:line.number", "3")]),
    ("log 5", [("class:line.command", "log"), ("class:line.number", "5")]),
    ("card Windmill", [("class:line.command", "card"), ("class:line.argument", "Windmill")]),
    # the rest of the line is one name, read as `card` reads it: any case, quotes, a part
    ("card tin soldier", [("class:line.command", "card"), ("class:line.argument", "tin soldier")]),
    ('card "Music Box"', [("class:line.command", "card"), ("class:line.argument", '"Music Box"')]),
    ("card satch", [("class:line.command", "card"), ("class:line.argument", "satch")]),
    ("card Foo", [("class:line.command", "card"), ("class:line.error", "Foo")]),   # no such card
    ("card spring", [("class:line.command", "card"), ("class:line.error", "spring")]),  # two
    ("help choose", [("class:line.command", "help"), ("class:line.command", "choose")]),
    ("help bogus", [("class:line.command", "help"), ("class:line.error", "bogus")]),
    ("bogus", [("class:line.error", "bogus")]),         # neither a command nor an option
])
def test_a_command_line_is_coloured_as_a_command(proc, typed, expected):
    assert styles(proc, typed) == expected


@pytest.mark.parametrize("typed, expected", [
    ("choose 1", [("class:line.command", "choose"), ("class:line.number", "1")]),
    ("choose music", [("class:line.command", "choose"), ("class:line.answer", "music")]),
    ("choose play_thing: Magnet",
     [("class:line.command", "choose"), ("class:line.answer", "play_thing: Magnet")]),
    ("choose windmil", [("class:line.command", "choose"), ("class:line.error", "windmil")]),
    ("c pass", [("class:line.command", "c"), ("class:line.answer", "pass")]),
    ("2", [("class:line.number", "2")]),                # a bare answer
    ("6", [("class:line.number", "6")]),                # the last of the 7 options
    ("7", [("class:line.error", "7")]),                 # no option 7: Enter refuses it
    ("choose 12", [("class:line.command", "choose"), ("class:line.error", "12")]),
    ("magnet", [("class:line.answer", "magnet")]),
    ("play_action: Spring Cleaning", [("class:line.answer", "play_action: Spring Cleaning")]),
])
def test_an_answer_is_coloured_as_an_answer(proc, typed, expected):
    assert styles(proc, typed) == expected


def test_a_multiple_choice_colours_each_answer():
    proc = Processor("example", seed=1)
    try:
        proc.execute("play_action: Spring Cleaning")  # pick exactly 2
        assert styles(proc, "choose 0 4") == [("class:line.command", "choose"),
                                              ("class:line.number", "0"),
                                              ("class:line.number", "4")]
        assert styles(proc, "music, spring, zz") == [
            ("class:line.answer", "music"), ("", ","), ("class:line.answer", "spring"),
            ("", ","), ("class:line.error", "zz")]
        assert styles(proc, "none") == [("class:line.answer", "none")]
    finally:
        proc.close()


def test_new_colours_its_settings(proc):
    assert styles(proc, "new seed=3 bots=P2") == [
        ("class:line.command", "new"),
        ("class:line.setting", "seed"), ("class:line.setting", "="), ("class:line.number", "3"),
        ("class:line.setting", "bots"), ("class:line.setting", "="), ("class:line.value", "P2")]
    # what `new` refuses: a setting it does not know, a word that is no setting
    assert styles(proc, "new sede=3 fast") == [
        ("class:line.command", "new"),
        ("class:line.error", "sede"), ("class:line.setting", "="), ("class:line.number", "3"),
        ("class:line.error", "fast")]


def test_a_quoted_setting_is_one_value_as_new_reads_it(proc):
    # `new` cuts its words as a shell does: the quoted value keeps its space
    assert styles(proc, 'new bots="P1 P2" seed=3') == [
        ("class:line.command", "new"),
        ("class:line.setting", "bots"), ("class:line.setting", "="),
        ("class:line.value", '"P1 P2"'),
        ("class:line.setting", "seed"), ("class:line.setting", "="), ("class:line.number", "3")]
    # a quote never closed: `new` refuses the line, so the word is an error to its end
    assert styles(proc, "new seed=3 bots='P1 P2") == [
        ("class:line.command", "new"),
        ("class:line.setting", "seed"), ("class:line.setting", "="), ("class:line.number", "3"),
        ("class:line.error", "bots='P1 P2")]


def test_a_def_block_is_deck_text_on_every_line(proc):
    lines = seen(proc, 'def card "Lamp": Thing {\n  when turn_start { draw 1 }\n}')
    assert lines[0][:3] == [("class:line.command", "def"), ("class:pygments.keyword", "card"),
                            ("class:pygments.literal.string.double", '"Lamp"')]
    assert ("class:pygments.keyword", "when") in lines[1]
    assert lines[2] == [("class:pygments.punctuation", "}")]


def test_no_game_yet_an_unknown_word_is_an_error_and_a_number_too():
    proc = Processor()
    assert styles(proc, "open example") == [("class:line.command", "open"),
                                            ("class:line.argument", "example")]
    assert styles(proc, "2") == [("class:line.error", "2")]   # no decision to answer


def test_the_line_is_kept_exactly(proc):
    for text in ["  eval\n  draw 1  ", "choose  1 ,  2 ", "new  seed=3", 'new  bots="a  b" x', "# a note", "\n"]:
        frags = input_lexer.fragments(text, proc.completion_context())
        assert "".join(t for _, t in frags) == text


def test_every_line_style_is_in_the_prompt_style():
    made = {value[len("class:"):] for name, value in vars(input_lexer).items()
            if name.isupper() and isinstance(value, str) and value}
    assert made and made <= set(app.PROMPT_STYLE)


def test_the_module_examples_hold():
    assert doctest.testmod(input_lexer).failed == 0
