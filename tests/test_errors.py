"""What a deck designer sees when a deck is wrong.

Every error shows `file:line:col`, the line, a caret under the spot, what was expected and,
where one helps, a fix-it hint ("did you mean `Blue Shard`?"). Common syntax mistakes get a
message of their own from the table in :mod:`deckwright.dsl.syntax_errors`; every mistake in a file
is reported at once; bad input never produces a Python traceback.
"""
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_text
from deckwright.dsl.parser import parse_text
from deckwright.dsl.syntax_errors import CHARACTER_ERRORS, H, SYNTAX_ERRORS, _known_failures

DECKS = Path(__file__).resolve().parent.parent / "decks"
BASE = 'game "Bad" extends "dvorak"\n'
HAND_LINE = next(i for i, line in enumerate((DECKS / "dvorak.deck").read_text().splitlines(), 1)
                 if line.startswith("zone hand"))


def errors(text: str, load=parse_text) -> list:
    with pytest.raises(DeckError) as caught:
        load(text, "bad.deck")
    return caught.value.diagnostics


def rendered(text: str) -> str:
    with pytest.raises(DeckError) as caught:
        load_text(text, "bad.deck")
    assert "Traceback" not in caught.value.render()
    return caught.value.render()


def _slug(message: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", message.lower())[:40].strip("-")


# ----------------------------------------------------------------------------------
# The table of common syntax mistakes
# ----------------------------------------------------------------------------------

SNIPPETS = [pytest.param(message, snippet, id=f"{i:02d}-{_slug(message)}-{j}")
            for i, (message, snippets) in enumerate(SYNTAX_ERRORS)
            for j, snippet in enumerate(snippets)]

CHARACTER_SNIPPETS = [pytest.param(message, snippet, id=f"char{i}-{j}")
                      for i, (message, _chars, snippets) in enumerate(CHARACTER_ERRORS)
                      for j, snippet in enumerate(snippets)]


def test_the_table_names_at_least_25_mistakes_each_with_examples():
    messages = [message for message, _ in SYNTAX_ERRORS]
    assert len(messages) >= 25
    assert len(set(messages)) == len(messages)
    assert all(snippets for _, snippets in SYNTAX_ERRORS)


@pytest.mark.parametrize("message, snippet", SNIPPETS)
def test_each_table_snippet_gets_its_message(message, snippet):
    assert errors(snippet)[0].message == message


@pytest.mark.parametrize("message, snippet", CHARACTER_SNIPPETS)
def test_each_stray_character_gets_its_message(message, snippet):
    assert errors(snippet)[0].message == message


def _elsewhere(snippet: str):
    """The same mistake further into a file: after another declaration, after another
    statement of the block, after another line of the card."""
    if snippet.startswith(H):
        yield H + "counter extra\n" + snippet[len(H):]
    if "setup {\n" in snippet:
        yield snippet.replace("setup {\n", "setup {\n pass\n", 1)
    if 'card "A": Thing {\n' in snippet:
        yield snippet.replace('card "A": Thing {\n', 'card "A": Thing {\n cost 1\n', 1)


@pytest.mark.parametrize("message, snippet", SNIPPETS)
def test_a_mistake_is_recognised_wherever_it_sits_in_the_file(message, snippet):
    # Lark's match_examples would only recognise mistakes at the snippet's stack depth.
    for moved in _elsewhere(snippet):
        assert errors(moved)[0].message == message, moved


def test_only_else_depends_on_the_word_before_the_failing_token():
    assert {known.after for known, _ in _known_failures()} == {"", "else"}


@pytest.mark.parametrize("text, message, hint", [
    (H + "setup {\n draw 2 +\n}\n", "unexpected end of line", "expected a value"),
    (H + "zone hand: capacity\n", "unexpected end of line", "expected an expression"),
    # `play {` fails exactly where `else {` on its own line does, but is no `else`
    (H + "setup {\n play {\n }\n}\n", "unexpected `{`",
     "expected an expression, `;`, `=`, `}` or end of line"),
    # the keyword `x` says the type is missing, not that it is in lower case
    (H + 'card "A": x 2\n', "unexpected `x`", "expected a capitalised word"),
    (H + 'card card "A": Thing\n', "unexpected `card`", "expected a string"),
    (H + "reshuffle() {\n}\n", "unexpected `reshuffle`", "expected a declaration or end of file"),
    (H + "setup {\n move c to your hand at\n}\n", "unexpected end of line",
     "expected an expression, `bottom`, `random` or `top`"),
    (H + "zone hand: shared ^\n", "unexpected character `^`", None),
])
def test_other_errors_keep_the_plain_message_and_say_what_was_expected(text, message, hint):
    first = errors(text)[0]
    assert first.message == message
    if hint is not None:
        assert first.hint == hint
    else:
        assert first.hint.startswith("expected ")


# ----------------------------------------------------------------------------------
# The whole rendered error, for the most common mistakes (syntax and checking)
# ----------------------------------------------------------------------------------

GOLDEN = {
    "unknown card name": (
        BASE + 'card "Blue Shard": Thing\n'
               'card "Forge": Action {\n'
               '  effect { create 1 "Blue Shrad" in your area }\n'
               '}\n',
        'bad.deck:4:12: error: unknown card `Blue Shrad`\n'
        '    4 |   effect { create 1 "Blue Shrad" in your area }\n'
        '      |            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
        '  hint: did you mean `Blue Shard`?'),
    "unknown zone": (
        BASE + 'card "Recall": Action {\n'
               '  effect { move this to your hnad }\n'
               '}\n',
        'bad.deck:3:25: error: unknown zone, resource or parameter `hnad`\n'
        '    3 |   effect { move this to your hnad }\n'
        '      |                         ^^^^^^^^^\n'
        '  hint: did you mean `hand`?'),
    "unknown counter": (
        BASE + 'counter charge\n'
               'card "Battery": Thing {\n'
               '  ability "Charge": uses action_play { put 1 chrage on this }\n'
               '}\n',
        'bad.deck:4:40: error: unknown counter `chrage`\n'
        '    4 |   ability "Charge": uses action_play { put 1 chrage on this }\n'
        '      |                                        ^^^^^^^^^^^^^^^^^^^^\n'
        '  hint: did you mean `charge`?'),
    "unknown resource": (
        BASE + 'resource vp: start 0\n'
               'card "Medal": Action {\n'
               '  effect { gain 2 vpp }\n'
               '}\n',
        'bad.deck:4:12: error: unknown resource `vpp`\n'
        '    4 |   effect { gain 2 vpp }\n'
        '      |            ^^^^^^^^^^\n'
        '  hint: did you mean `vp`?'),
    "undeclared subtype": (
        BASE + 'card "Twilight": Thing - Pony\n',
        'bad.deck:2:1: error: unknown subtype `Pony`\n'
        '    2 | card "Twilight": Thing - Pony\n'
        '      | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
        '  hint: declare it first: `subtype Pony`'),
    "wrong number of arguments": (
        BASE + 'card "Study": Action {\n'
               '  effect { draw 1, 2 }\n'
               '}\n',
        'bad.deck:3:12: error: `draw` takes 1 argument (n), not 2\n'
        '    3 |   effect { draw 1, 2 }\n'
        '      |            ^^^^^^^^^'),
    "this outside a card": (
        BASE + 'when turn_start {\n'
               '  destroy this\n'
               '}\n',
        "bad.deck:3:11: error: `this` only means something in a card's text\n"
        '    3 |   destroy this\n'
        '      |           ^^^^'),
    "per-player zone without an owner": (
        BASE + 'card "Recall": Action {\n'
               '  effect {\n'
               '    choose c from cards in discard_pile { move c to hand }\n'
               '  }\n'
               '}\n',
        'bad.deck:4:53: error: zone `hand` belongs to each player: say whose, as in '
        '`your hand` or `hand of PLAYER`\n'
        '    4 |     choose c from cards in discard_pile { move c to hand }\n'
        '      |                                                     ^^^^'),
    "text where a number belongs": (
        BASE + 'resource vp\n'
               'card "Medal": Action {\n'
               '  effect { gain "x" vp }\n'
               '}\n',
        'bad.deck:4:17: error: how much is gained must be a number, not a text\n'
        '    4 |   effect { gain "x" vp }\n'
        '      |                 ^^^'),
    "base rule redefined without override": (
        BASE + 'zone hand: per player, public\n',
        f'bad.deck:2:1: error: zone `hand` is already declared in decks/dvorak.deck:{HAND_LINE}:1\n'
        '    2 | zone hand: per player, public\n'
        '      | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
        "  hint: write `override` before it to replace the base's rule"),
    "override with nothing to override": (
        BASE + 'override zone shop: shared, public\n',
        'bad.deck:2:1: error: `override` but no base declares zone `shop`\n'
        '    2 | override zone shop: shared, public\n'
        '      | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^'),
    "declared twice in one file": (
        BASE + 'resource vp: start 0\n'
               'resource vp: start 1\n',
        'bad.deck:3:1: error: resource `vp` is declared twice in this file (also at line 2)\n'
        '    3 | resource vp: start 1\n'
        '      | ^^^^^^^^^^^^^^^^^^^^\n'
        '  hint: keep one: two values for one setting contradict each other'),
    "unknown base deck": (
        'game "Bad" extends "dvorakk"\n',
        'bad.deck:1:1: error: no deck named `dvorakk`\n'
        '    1 | game "Bad" extends "dvorakk"\n'
        '      | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n'
        '  hint: did you mean `dvorak`?'),
    "else on a new line": (
        BASE + 'card "Coin Flip": Action {\n'
               '  effect {\n'
               '    if count cards in your hand > 2 {\n'
               '      draw 1\n'
               '    }\n'
               '    else {\n'
               '      draw 2\n'
               '    }\n'
               '  }\n'
               '}\n',
        'bad.deck:7:5: error: `else` must be on the same line as the `}` that closes the '
        '`if` block: `} else {`\n'
        '    7 |     else {\n'
        '      |     ^^^^'),
    "card without a colon": (
        BASE + 'card "Blue Shard" Thing {\n'
               '  text "A shard."\n'
               '}\n',
        'bad.deck:2:19: error: a card needs `:` and its type after its name, as in '
        '`card "Name": Thing`\n'
        '    2 | card "Blue Shard" Thing {\n'
        '      |                   ^^^^^\n'
        '  hint: expected `:`'),
    "= to compare": (
        BASE + 'card "Lucky": Action {\n'
               '  effect {\n'
               '    if count cards in your hand = 0 { draw 2 }\n'
               '  }\n'
               '}\n',
        'bad.deck:4:33: error: `=` assigns; to compare, write `==`\n'
        '    4 |     if count cards in your hand = 0 { draw 2 }\n'
        '      |                                 ^'),
    "string left open": (
        BASE + 'card "Blue Shard: Thing\n',
        'bad.deck:2:6: error: strings must close on the line they open\n'
        '    2 | card "Blue Shard: Thing\n'
        '      |      ^\n'
        '  hint: expected a string'),
    "card left open": (
        BASE + 'card "Study": Action {\n'
               '  effect { draw 2 }\n'
               '\n'
               'card "Rest": Action {\n'
               '  effect { draw 1 }\n'
               '}\n',
        'bad.deck:5:1: error: a block is missing its closing `}`\n'
        '    5 | card "Rest": Action {\n'
        '      | ^^^^\n'
        '  hint: expected a line of the card (`text`, `effect`, `ability`, `when`, a property) '
        'or `}`'),
    "an escape no string knows": (
        BASE + 'card "Evil\\x1b[2J": Thing { text "\\u2014 and \\"quoted\\"" }\n',
        'bad.deck:2:11: error: unknown escape `\\x` in a string\n'
        '    2 | card "Evil\\x1b[2J": Thing { text "\\u2014 and \\"quoted\\"" }\n'
        '      |           ^^\n'
        '  hint: a string knows only `\\"`, `\\\\`, `\\n`, `\\t`, `\\{` and `\\}`; write any '
        'other character as itself (no escape writes a control character)\n'
        'bad.deck:2:35: error: unknown escape `\\u` in a string\n'
        '    2 | card "Evil\\x1b[2J": Thing { text "\\u2014 and \\"quoted\\"" }\n'
        '      |                                   ^^\n'
        '  hint: a string knows only `\\"`, `\\\\`, `\\n`, `\\t`, `\\{` and `\\}`; write any '
        'other character as itself (no escape writes a control character)'),
    "plain syntax error": (
        BASE + 'card "Study": Action {\n'
               '  effect { draw 2 + }\n'
               '}\n',
        'bad.deck:3:21: error: unexpected `}`\n'
        '    3 |   effect { draw 2 + }\n'
        '      |                     ^\n'
        '  hint: expected a value'),
}


@pytest.mark.parametrize("text, expected", GOLDEN.values(), ids=GOLDEN.keys())
def test_the_error_reads_exactly(text, expected):
    assert rendered(text) == expected


def test_the_known_escapes_read_and_a_backslash_outside_strings_is_no_escape():
    program = load_text(BASE + '# a comment may say C:\\x\\y "\\q"\n'
                        'card "A \\"B\\" \\\\ \\{C\\}": Thing { text "one\\ttwo\\nthree" }\n')
    (card,) = program.cards.values()
    assert (card.name, card.text) == ('A "B" \\ {C}', "one\ttwo\nthree")


def test_the_error_modules_examples_hold():
    import doctest
    from deckwright.dsl import errors as module, outputs
    assert doctest.testmod(module).failed == 0 and doctest.testmod(outputs).failed == 0


# ----------------------------------------------------------------------------------
# Every mistake in a file, at once
# ----------------------------------------------------------------------------------

def test_three_syntax_mistakes_in_three_declarations_are_all_reported():
    deck = ('game "Three Mistakes"\n'
            'zone Hand\n'
            'card "A" Thing {\n'
            '  text "x"\n'
            '}\n'
            'card "B": Thing {\n'
            '  effect {\n'
            '    if x = 1 { pass }\n'
            '  }\n'
            '}\n')
    found = errors(deck)
    assert [(d.pos.line, d.pos.column) for d in found] == [(2, 6), (3, 10), (8, 10)]
    assert [d.message for d in found] == [
        "names of zones, resources, counters and variables start with a lower-case letter",
        'a card needs `:` and its type after its name, as in `card "Name": Thing`',
        "`=` assigns; to compare, write `==`",
    ]


def test_a_card_left_open_does_not_hide_the_mistakes_in_the_next_card():
    deck = ('game "G"\n'
            'card "A": Thing {\n'
            '  text "x"\n'
            'card "B": Thing {\n'
            '  text Draws a card.\n'
            '}\n'
            'zone Hand\n')
    assert [d.pos.line for d in errors(deck)] == [4, 5, 7]


def test_three_checking_mistakes_in_one_file_are_all_reported():
    deck = BASE + ('resource vp\n'
                   'card "A": Action {\n'
                   '  effect { gain 1 vpp }\n'
                   '}\n'
                   'card "B": Action {\n'
                   '  effect { move this to your hnad }\n'
                   '}\n'
                   'card "C": Action {\n'
                   '  effect { draw 1, 2 }\n'
                   '}\n')
    found = errors(deck, load_text)
    assert [(d.pos.line, d.message) for d in found] == [
        (4, "unknown resource `vpp`"),
        (7, "unknown zone, resource or parameter `hnad`"),
        (10, "`draw` takes 1 argument (n), not 2"),
    ]
    assert rendered(deck).count("bad.deck:") == 3


def test_every_declaration_clash_is_reported():
    deck = BASE + ('zone hand: per player, public\n'
                   'override zone shop: shared\n'
                   'resource vp\n'
                   'resource vp\n')
    assert [d.pos.line for d in errors(deck, load_text)] == [2, 3, 5]


# ----------------------------------------------------------------------------------
# Never a traceback
# ----------------------------------------------------------------------------------

def _deckwright(*args, cwd):
    script = Path(sys.executable).with_name("deckwright")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "deckwright.dsl.cli"]
    return subprocess.run(command + list(args), cwd=cwd, capture_output=True, text=True,
                          timeout=60)


def test_deckwright_check_prints_the_error_and_exits_1(tmp_path):
    (tmp_path / "bad.deck").write_text(GOLDEN["unknown card name"][0], encoding="utf-8")
    (tmp_path / "typo.deck").write_text(GOLDEN["else on a new line"][0], encoding="utf-8")
    result = _deckwright("check", "bad.deck", "typo.deck", cwd=tmp_path)
    assert result.returncode == 1
    assert GOLDEN["unknown card name"][1] in result.stderr
    assert GOLDEN["else on a new line"][1].replace("bad.deck", "typo.deck") in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def _mutations(text: str, rng: random.Random, count: int):
    """Near-misses of a real deck: a token deleted, doubled, swapped or replaced."""
    tokens = list(re.finditer(r'"[^"\n]*"|\w+|==|!=|<=|>=|\S', text))
    for _ in range(count):
        m = rng.choice(tokens[3:])
        start, end = m.span()
        choice = rng.randrange(3)
        if choice == 0:
            yield text[:start] + text[end:]
        elif choice == 1:
            yield text[:end] + " " + m.group() + text[end:]
        else:
            yield text[:start] + rng.choice(["=", ":", "{", "}", "(", "-", "x", "Foo", '"s"',
                                             "in", "\n", "'", "&&"]) + text[end:]


@pytest.mark.parametrize("deck", ["dvorak", "example"])
def test_near_misses_of_real_decks_give_errors_never_tracebacks(deck):
    source = (DECKS / f"{deck}.deck").read_text(encoding="utf-8")
    for text in _mutations(source, random.Random(deck), 100):
        try:
            load_text(text, "near.deck")
        except DeckError as err:
            assert err.diagnostics
            for d in err.diagnostics:
                assert d.pos is None or d.pos.line >= 1
                assert d.message and "Traceback" not in d.render(text)
