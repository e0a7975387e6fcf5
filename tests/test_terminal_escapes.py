"""Deck text reaches the terminal with its control characters shown, never obeyed.

The issue's card, named "\\x1b]0;TITLE\\x07\\x1b[2J" (set the title, clear the screen),
plus a C1 CSI (\\x9b), is printed through every path a deck's text takes: `check` and
`lint` errors, `play --watch`, `play --script`, `sim` failures and the REPL's output.
"""
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from deckwright.dsl.cli import main
from deckwright.dsl.errors import Diagnostic, SourcePosition
from deckwright.dsl.terminal import visible

ROOT = Path(__file__).resolve().parent.parent

EVIL = "Evil\x1b]0;TITLE\x07\x1b[2J\x9b31m"
SHOWN = r"Evil\x1b]0;TITLE\x07\x1b[2J\x9b31m"
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")      # every C0 and C1 but \t and \n

DECK = f'''game "Evil" extends "dvorak"
resource gears: start 0
card "{EVIL}": Thing x 12 {{
  text "At the start of your turn, gain 1 gear."
  when turn_start where event.player == you {{ gain 1 gears }}
}}
card "Filler": Thing x 8 {{ text "Nothing." }}
whenever count (players where it.gears >= 3) > 0 {{ end game by most gears }}
'''

LOOP = f'''game "Loops" extends "dvorak"
resource gears: start 0
card "{EVIL}": Thing x 20 {{
  text "Loop."
  when gain where event.resource == "gears" {{ gain 1 gears }}
}}
card "Starter": Thing x 20 {{
  text "Gain a gear."
  when turn_start where event.player == you {{ gain 1 gears }}
}}
'''


@pytest.mark.parametrize("raw, shown", [
    ("\x1b[2J", r"\x1b[2J"), ("\x07", r"\x07"), ("\x00", r"\x00"), ("a\rb", r"a\x0db"),
    ("\x7f", r"\x7f"), ("\x9b31m", r"\x9b31m"), ("\x85", r"\x85"),
    ("abc\u202edcba", r"abc\u202edcba"), ("\u2066x\u2069", r"\u2066x\u2069"),
    ("two\nlines\tand a tab", "two\nlines\tand a tab"), ("Café ☕ ∑", "Café ☕ ∑"),
    (r"already \x1b shown", r"already \x1b shown"),
])
def test_visible_writes_out_control_characters_and_keeps_the_rest(raw, shown):
    assert visible(raw) == shown
    assert visible(visible(raw)) == shown


def test_a_diagnostic_shows_the_line_escaped_with_the_caret_still_under_the_spot():
    line = f'card "{EVIL}": Thing {{ x 12'
    prefix = f'card "{SHOWN}": Thing {{ '                 # what the caret is pushed past
    col = line.index("x 12") + 1
    d = Diagnostic("unknown-name", f"unknown card property `x` on `{EVIL}`",
                   SourcePosition("e.deck", 1, col, 1, col + 4), hint=f"`{EVIL}`?")
    assert d.render(line) == (
        f"e.deck:1:{col}: error: unknown card property `x` on `{SHOWN}`\n"
        f'    1 | card "{SHOWN}": Thing {{ x 12\n'
        f'      | {" " * len(prefix)}^^^^\n'
        f"  hint: `{SHOWN}`?")


def test_a_caret_under_an_escaped_span_covers_all_of_it():
    d = Diagnostic("x", "m", SourcePosition("e.deck", 1, 2, 1, 4), hint=None)
    assert d.render("a\x1b\x07b") == (
        "e.deck:1:2: error: m\n"
        "    1 | a\\x1b\\x07b\n"
        "      |  ^^^^^^^^")


def run(argv, capsys, tmp_path, name="evil.deck", text=DECK):
    (tmp_path / name).write_text(text, encoding="utf-8")
    status = main([argv[0], str(tmp_path / name), *argv[1:]])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_check_errors_show_the_card_name_escaped_and_the_caret_under_the_spot(tmp_path, capsys):
    bad = DECK.replace("Thing x 12 {", "Thing x 12 { x 1")
    status, out, err = run(["check"], capsys, tmp_path, "bad.deck", bad)
    assert status == 1 and out == ""
    assert err == (f"{tmp_path / 'bad.deck'}:3:45: error: unknown card property `x`\n"
                   f'    3 | card "{SHOWN}": Thing x 12 {{ x 1\n'
                   f"      | {' ' * 56}^^^\n"
                   f"  hint: declare it first: `property x`\n")


def test_lint_output_is_escaped(tmp_path, capsys):
    bad = DECK.replace("Thing x 12 {", "Thing x 12 { x 1")
    status, out, err = run(["lint"], capsys, tmp_path, "bad.deck", bad)
    assert not RAW.search(out + err)
    assert f'    3 | card "{SHOWN}": Thing x 12 {{ x 1\n' in out


def test_lint_json_escapes_them_too(tmp_path, capsys):
    bad = DECK.replace("Thing x 12 {", "Thing x 12 { x 1")
    status, out, err = run(["lint", "--format", "json"], capsys, tmp_path, "bad.deck", bad)
    assert not RAW.search(out + err)


def test_play_watch_shows_the_log_escaped(tmp_path, capsys):
    status, out, err = run(["play", "--watch"], capsys, tmp_path)
    assert status == 0 and not RAW.search(out + err)
    assert f"{SHOWN}: deck → P1's hand\n" in out


def test_play_script_shows_its_output_escaped(tmp_path, capsys):
    (tmp_path / "script.txt").write_text("cards\nstate all\ncard Evil\n")
    status, out, err = run(["play", "--script", str(tmp_path / "script.txt")], capsys, tmp_path)
    assert status == 0, err
    assert not RAW.search(out + err)
    assert f"  {SHOWN}       Thing      x12\n" in out    # padded as its 22 characters


def test_play_script_failures_are_escaped(tmp_path, capsys):
    (tmp_path / "script.txt").write_text(f"card {EVIL}x\n")
    status, out, err = run(["play", "--script", str(tmp_path / "script.txt")], capsys, tmp_path)
    assert status == 1 and not RAW.search(out + err)
    assert err == (f"{tmp_path / 'script.txt'}:1: error: no card `{SHOWN}x`; did you mean "
                   f"`{SHOWN}`?\n")


def test_sim_failures_show_the_card_chain_escaped(tmp_path, capsys):
    status, out, err = run(["sim", "--games", "1"], capsys, tmp_path, "loop.deck", LOOP)
    assert status == 1 and not RAW.search(out + err)
    assert err.startswith(f"game 0: more than 40 events nested inside each other at "
                          f"{tmp_path / 'loop.deck'}:5:3 (a trigger loop)\n"
                          f"  chain: Starter → {SHOWN} (40 times)\n  reproduce: ")


def test_the_repl_prints_deck_text_escaped():
    """prompt_toolkit itself turns only ESC into `?`: BEL and C1 would still reach the
    terminal, so the REPL's output goes through the same helper."""
    from prompt_toolkit.output.plain_text import PlainTextOutput
    from deckwright.repl.app import emit
    from deckwright.repl.commands import Output
    buf = io.StringIO()
    emit(Output([("text", EVIL), ("error", EVIL), ("source", f'card "{EVIL}": Thing {{}}\n')]),
         output=PlainTextOutput(buf))
    assert not RAW.search(buf.getvalue().replace("\r\n", ""))
    assert buf.getvalue().count(SHOWN) == 3


# --- colour: on a terminal only, and never with NO_COLOR ---------------------------------

class _Terminal:
    def isatty(self):
        return True


def test_errors_are_coloured_only_on_a_terminal_and_never_with_no_color():
    from deckwright.dsl.terminal import colour_wanted
    assert colour_wanted(_Terminal(), {})
    assert not colour_wanted(_Terminal(), {"NO_COLOR": "1"})
    assert not colour_wanted(_Terminal(), {"TERM": "dumb"})
    assert not colour_wanted(io.StringIO(), {})


def test_colour_marks_the_severity_and_the_caret_and_nothing_else():
    from deckwright.dsl.terminal import paint
    text = ("bad.deck:2:33: error: the argument `n` of `draw` must be a number, not a text\n"
            "    2 | card \"A\": Thing { effect { draw \"two\" } }\n"
            "      |                                 ^^^^^")
    painted = paint(text)
    assert painted.splitlines()[0] == ("bad.deck:2:33: \x1b[1;31merror\x1b[0m: the argument "
                                       "`n` of `draw` must be a number, not a text")
    assert painted.splitlines()[2].endswith("\x1b[1;32m^^^^^\x1b[0m")
    assert re.sub(r"\x1b\[[0-9;]*m", "", painted) == text


def test_a_piped_check_prints_no_colour(tmp_path):
    bad = tmp_path / "bad.deck"
    bad.write_text('game "x" extends "dvorak"\ncard "A": Thing { effect { draw "two" } }\n')
    run = subprocess.run([sys.executable, "-m", "deckwright.dsl.cli", "check", str(bad)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 1 and "\x1b" not in run.stderr
    assert ": error: the argument `n` of `draw` must be a number, not a text" in run.stderr
