"""The `deckwright` command's conventions: a version, help and a default for every option,
and a usage error (never a traceback) for any bad value of any option."""
import argparse
import re
from pathlib import Path

import pytest

from deckwright.dsl import __version__
from deckwright.dsl.agents import ALL_BOTS
from deckwright.dsl.cli import BOT_NAMES, build_parser, main


def run(capsys, *argv) -> tuple:
    """(exit status, standard output, standard error) of `deckwright ARGV`."""
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code
    out = capsys.readouterr()
    return status, out.out, out.err


def subcommands() -> dict:
    ap = build_parser()
    action = next(a for a in ap._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_version(capsys):
    assert run(capsys, "--version") == (0, f"deckwright {__version__}\n", "")


def test_the_bot_names_the_cli_lists_are_the_engines():
    assert BOT_NAMES == ALL_BOTS


@pytest.mark.parametrize("command", sorted(subcommands()))
def test_every_option_of_every_subcommand_has_help_and_says_its_default(command):
    parser = subcommands()[command]
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or not action.option_strings:
            continue
        assert action.help, f"{command} {action.option_strings[0]} has no help"
        assert "default" in action.help, f"{command} {action.option_strings[0]}: {action.help}"
    for action in parser._actions:
        if not action.option_strings and action.dest != "help":
            assert action.help, f"{command} {action.dest} has no help"


def readme_cli_sections() -> dict:
    """The README's CLI section, cut at each `deckwright COMMAND` line: command -> text."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    cli = readme[readme.index("## The CLI"):readme.index("\n## ", readme.index("## The CLI") + 1)]
    out = {}
    for block in re.split(r"\n    deckwright ", cli)[1:]:
        out[block.split()[0]] = out.get(block.split()[0], "") + block
    return out


@pytest.mark.parametrize("command", sorted(subcommands()))
def test_the_readmes_cli_section_lists_every_option_of_the_command(command):
    written = readme_cli_sections().get(command, "")
    assert written, f"the README's CLI section has no `deckwright {command}`"
    missing = [o for a in subcommands()[command]._actions for o in a.option_strings
               if o not in ("-h", "--help")
               and not re.search(r"(?<![\w-])" + re.escape(o) + r"(?![\w-])", written)]
    assert missing == [], f"deckwright {command}: the README does not list {missing}"


@pytest.mark.parametrize("command", ["play", "sim"])
def test_the_bots_option_lists_the_bots(command):
    text = subcommands()[command].format_help()
    assert re.search(r"random,\s+first,\s+greedy", text)


BAD = [
    ("sim", "--games", "x"), ("sim", "--games", "0"), ("sim", "--games", "-3"),
    ("sim", "--seed", "x"), ("sim", "--players", "0"), ("sim", "--players", "two"),
    ("sim", "--bots", "nosuch"), ("sim", "--bots", ","), ("sim", "--bots", "random,"),
    ("sim", "--option", "foo"), ("sim", "--option", "=3"), ("sim", "--game", "-1"),
    ("sim", "--game", "x"), ("sim", "--jobs", "-1"), ("sim", "--jobs", "x"),
    ("play", "--seed", "1.5"), ("play", "--players", "-2"), ("play", "--bots", "zz"),
    ("lint", "--sim", "-2"), ("lint", "--sim", "x"), ("lint", "--seed", "x"),
    ("lint", "--format", "xml"),
]


@pytest.mark.parametrize("command,option,value", BAD)
def test_a_bad_option_value_is_a_usage_error(capsys, command, option, value):
    status, out, err = run(capsys, command, "example", option, value)
    assert status == 2
    assert f"deckwright {command}: error: argument {option}" in err
    assert "Traceback" not in err + out


@pytest.mark.parametrize("option,message", [
    ("siege_turns=abc", 'error: option `siege_turns` is a number (the deck\'s value is 20), '
                        'not "abc"'),
    ("victory=true", None),
    ("max_barricades=99999999999", "error: option `max_barricades` must be between "
                                   "-1,000,000,000 and 1,000,000,000, not 99999999999"),
    ("nosuch=1", "error: unknown option `nosuch`; the deck has: max_barricades, "
                 "reshuffle_tolerance, siege_turns, starting_horde, starting_survivors, victory"),
])
def test_an_option_of_the_wrong_kind_is_refused_before_any_game(capsys, option, message):
    status, out, err = run(capsys, "sim", "urban_dead", "--games", "1", "--option", option)
    assert "Traceback" not in err + out
    if message is None:                      # a text option takes `true` as the text "true"
        assert "error: option" not in err
    else:
        assert (status, err.strip()) == (1, message)


def test_players_outside_the_decks_range_is_one_line(capsys):
    assert run(capsys, "sim", "example", "--players", "99") == (
        1, "", "error: Tinker's Fair is for 2 to 6 players, not 99\n")


# --- check: a file of cards for `include` ---------------------------------------------

def test_checking_a_bundled_file_of_cards_checks_the_game_that_includes_it(capsys):
    assert run(capsys, "check", "dveck_cards") == (
        0, "decks/dveck_cards.deck: cards for `include`, not a game on its own: checked as "
           "part of decks/dveck_builder.deck (ok)\n", "")


ONE_LINE = ("error: decks/dveck_cards.deck: cards for `include`, not a game on its own: "
            "it is part of decks/dveck_builder.deck\n")


@pytest.mark.parametrize("command", ["sim", "play", "compile"])
def test_playing_a_file_of_cards_is_one_line_that_names_the_game(capsys, command):
    assert run(capsys, command, "dveck_cards") == (1, "", ONE_LINE)


def test_linting_a_file_of_cards_lints_it_as_part_of_the_game(capsys):
    assert run(capsys, "lint", "dveck_cards") == (0, "", (
        "decks/dveck_cards.deck: cards for `include`, not a game on its own: linted as part "
        "of decks/dveck_builder.deck\n"
        "dveck_cards: 0 error(s), 0 warning(s), 0 note(s)\n"))


def test_linting_a_file_of_cards_reports_its_findings_not_the_games(capsys, tmp_path,
                                                                      monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards.deck").write_text(
        'game "Cards"\ncard "Hammer": Thing {\n  effect { draw "two" }\n}\n')
    (tmp_path / "game.deck").write_text(
        'game "G" extends "dvorak"\ninclude "cards"\ncard "Anvil": Thing {\n'
        '  effect { draw "three" }\n}\n')
    status, out, err = run(capsys, "lint", "cards.deck")
    assert status == 1
    assert "cards.deck:3:17: error" in out and "game.deck" not in out
    assert err.splitlines()[0] == ("cards.deck: cards for `include`, not a game on its own: "
                                   "linted as part of game.deck")


def test_a_link_beside_a_file_of_cards_to_a_deck_outside_its_folder_is_not_read(
        capsys, tmp_path, monkeypatch):
    outside = tmp_path / "outside.deck"
    outside.write_text('game "G" extends "dvorak"\ninclude "cards"\n')
    folder = tmp_path / "mine"
    folder.mkdir()
    monkeypatch.chdir(folder)
    (folder / "cards.deck").write_text('game "Cards"\ncard "Anvil": Thing\n')
    (folder / "link.deck").symlink_to(outside)
    assert run(capsys, "check", "cards.deck")[:2] == (1, "")
    assert run(capsys, "sim", "cards.deck")[2].startswith(
        "cards.deck:1:1: error: the game has no `turn { ... }` or `round { ... }` block")


def test_a_file_of_cards_is_checked_as_part_of_the_deck_beside_it_that_includes_it(
        capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards.deck").write_text('game "Cards"\ncard "Anvil": Thing\n')
    (tmp_path / "game.deck").write_text('game "G" extends "dvorak"\ninclude "cards"\n')
    assert run(capsys, "check", "cards.deck") == (
        0, "cards.deck: cards for `include`, not a game on its own: checked as part of "
           "game.deck (ok)\n", "")
    (tmp_path / "game.deck").write_text('game "G" extends "dvorak"\ninclude "cards"\n'
                                        'card "Hammer": Thing {\n  effect { draw "two" }\n}\n')
    status, out, err = run(capsys, "check", "cards.deck")
    assert (status, out) == (1, "cards.deck: cards for `include`, not a game on its own: "
                                "checked as part of game.deck (errors above)\n")
    assert err.startswith("game.deck:4:17: error: the argument `n` of `draw` must be a number")


def test_a_file_with_no_turn_rules_that_nothing_includes_is_one_line(capsys, tmp_path,
                                                                       monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "loose.deck").write_text('game "Loose"\ncard "Anvil": Thing\n')
    assert run(capsys, "check", "loose.deck") == (
        1, "", "loose.deck: not a game on its own: it has no turn rules and extends no deck; "
               "`include \"loose\"` it from a game, or give it `extends \"dvorak\"`\n")


def test_check_warns_of_each_card_still_to_write_and_counts_them(capsys, tmp_path,
                                                                 monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "stubs.deck").write_text(
        'game "G" extends "dvorak"\nproperty todo = false\n'
        'card "Anvil": Thing { text "Draw a card."; todo true }\n'
        'card "Hammer": Thing { text "Gain nothing."; todo false }\n')
    assert run(capsys, "check", "stubs.deck") == (
        0, "stubs.deck: ok (2 cards, 2 with copies; 1 with its effect still to write)\n",
        'stubs.deck:3:44: warning: "Anvil": its effect is still to write\n'
        '    3 | card "Anvil": Thing { text "Draw a card."; todo true }\n'
        '      |                                            ^^^^^^^^^\n'
        '  hint: write its effect (its printed text says what it does), then remove '
        '`todo true`\n')
