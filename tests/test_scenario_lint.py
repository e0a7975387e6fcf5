"""The linter's `untested-card` (info, off unless switched on): a card that no scenario
of its deck names, in the deck or in the `.test.deck` beside it."""
import pytest

from deckwright.dsl.cli import main

WORKSHOP = '''game "Workshop" extends "example"
card "Lathe": Action {
  text "Gain 1 gear."
  effect { gain 1 gears }
}
card "Anvil": Action {
  text "Gain 2 gears."
  effect { gain 2 gears }
}
'''

SCENARIOS = '''game "Workshop: scenarios" extends "workshop"
scenario "The Lathe gains a gear" {
  given {
    hand of P1: "Lathe"
    deck top: "Wrench"
  }
  when { P1 chooses "play_action: Lathe" }
  then { gears of P1 is 1 }
}
'''


def lint(capsys, *argv):
    status = main(["lint", *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture
def deck(tmp_path):
    path = tmp_path / "workshop.deck"
    path.write_text(WORKSHOP, "utf-8")
    (tmp_path / "workshop.test.deck").write_text(SCENARIOS, "utf-8")
    return path


def test_a_card_no_scenario_names_is_an_info_finding_when_switched_on(capsys, deck):
    status, out, err = lint(capsys, str(deck), "--enable", "untested-card")
    assert status == 0
    assert out == (f"{deck}:6:1: info[untested-card]: no scenario names \"Anvil\"\n"
                   "    6 | card \"Anvil\": Action {\n"
                   "      | ^\n"
                   "  hint: write a scenario that shows the card doing what its text says "
                   "(docs/testing.md)\n")
    assert err == f"{deck}: 0 error(s), 0 warning(s), 1 note(s)\n"


def test_it_is_off_unless_asked_for(capsys, deck):
    assert "untested-card" not in lint(capsys, str(deck))[1]
    assert "untested-card" not in lint(capsys, str(deck), "--ignore", "text-verb")[1]


def test_a_project_switches_it_on_in_its_settings(capsys, deck):
    (deck.parent / "deckwright.toml").write_text('[lint]\nenable = ["untested-card"]\n')
    out = lint(capsys, str(deck))[1]
    assert out.count("untested-card") == 1 and '"Anvil"' in out
    (deck.parent / "workshop.test.deck").write_text(
        SCENARIOS.replace('"The Lathe gains a gear"', '"Lathe and Anvil"')
        + 'scenario "The Anvil" {\n  given { hand of P1: "Anvil" }\n}\n', "utf-8")
    assert "untested-card" not in lint(capsys, str(deck))[1]


def test_select_runs_it_alone(capsys, deck):
    out = lint(capsys, str(deck), "--select", "untested-card")[1]
    assert out.splitlines()[0].endswith('info[untested-card]: no scenario names "Anvil"')


def test_explain_says_what_it_checks_and_how_to_switch_it_on(capsys):
    status, out, _ = lint(capsys, "--explain", "untested-card")
    assert status == 0
    assert out.splitlines()[:2] == [
        "untested-card (info): a card that no scenario of the deck names (off unless "
        "switched on)",
        "fix: write a scenario that shows the card doing what its text says (docs/testing.md)"]
    assert "[tool.deckwright.lint]\nenable = [\"untested-card\"]" in out
