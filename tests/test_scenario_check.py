"""Scenarios checked without running them: `check` and `lint` of a deck report the mistakes
in its scenarios (in the deck and in the `.test.deck` beside it) in the words `deckwright
test` gives before it runs them, from the same checker (deckwright.dsl.scenario.names)."""
import pytest

from deckwright.dsl.cli import main

WORKSHOP = '''game "Workshop" extends "example"
card "Lathe": Action {
  text "Gain 1 gear."
  effect { gain 1 gears }
}
'''

MISTAKES = '''game "Workshop: scenarios" extends "workshop"
background {
  deck top: "Wrench"
}
scenario "The Lathe gains a gear" {
  given {
    hand of P1: "Lahte"
    area of P1: "Gearbox" (2 chrage)
  }
  when { P3 chooses "play_action: Lathe" }
  then { hnd of P1 is empty }
}
scenario "The Lathe gains a gear, spelt right" {
  given { hand of P1: "Lathe" }
  when { P1 chooses "play_action: Lathe" }
  then { gears of P1 is 1 }
}
'''

ERRORS = '''workshop.test.deck:7:17: error: no card named `Lahte`
    7 |     hand of P1: "Lahte"
      |                 ^^^^^^^
  hint: did you mean `Lathe`?
workshop.test.deck:8:30: error: no counter named `chrage`
    8 |     area of P1: "Gearbox" (2 chrage)
      |                              ^^^^^^
  hint: did you mean `charge`?
workshop.test.deck:10:10: error: no seat `P3`: the scenario has P1 to P2
   10 |   when { P3 chooses "play_action: Lathe" }
      |          ^^
  hint: seats are P1 to P2; `players N` sets how many
workshop.test.deck:11:10: error: no zone, resource, variable or parameter named `hnd`
   11 |   then { hnd of P1 is empty }
      |          ^^^^^^^^^
  hint: did you mean `hand`?
'''


def run(capsys, *argv):
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture
def workshop(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "workshop.deck").write_text(WORKSHOP, "utf-8")
    (tmp_path / "workshop.test.deck").write_text(MISTAKES, "utf-8")
    return tmp_path


def test_check_of_a_deck_reports_the_mistakes_in_the_scenarios_beside_it(capsys, workshop):
    assert run(capsys, "check", "workshop.deck") == (1, "", ERRORS)


def test_check_of_the_test_deck_itself_reports_them(capsys, workshop):
    assert run(capsys, "check", "workshop.test.deck") == (1, "", ERRORS)


def test_lint_reports_them_as_errors_with_the_scenario_code(capsys, workshop):
    status, out, err = run(capsys, "lint", "workshop.deck")
    assert status == 1
    assert out == ERRORS.replace(": error: ", ": error[scenario]: ")
    assert err == "workshop.deck: 4 error(s), 0 warning(s), 0 note(s)\n"


def test_test_gives_the_same_words_before_it_runs_them(capsys, workshop):
    status, out, _ = run(capsys, "test", "workshop.deck")
    assert status == 1
    assert ERRORS in out
    assert "1 passed, 1 error" in out


def test_a_background_mistake_is_reported_once_not_once_per_scenario(capsys, workshop):
    (workshop / "workshop.test.deck").write_text(
        MISTAKES.replace('deck top: "Wrench"', 'deck top: "Wrnech"'), "utf-8")
    status, _, err = run(capsys, "check", "workshop.deck")
    assert status == 1
    assert err.count("no card named `Wrnech`") == 1


def test_a_scenario_in_the_deck_file_itself_is_checked(capsys, workshop):
    (workshop / "workshop.test.deck").unlink()
    (workshop / "workshop.deck").write_text(
        WORKSHOP + 'scenario "s" {\n  given { hand of P1: "Lahte" }\n}\n', "utf-8")
    assert run(capsys, "check", "workshop.deck") == (
        1, "", "workshop.deck:7:23: error: no card named `Lahte`\n"
               '    7 |   given { hand of P1: "Lahte" }\n'
               "      |                       ^^^^^^^\n"
               "  hint: did you mean `Lathe`?\n")


def test_a_test_deck_that_does_not_load_fails_the_check_of_its_deck(capsys, workshop):
    (workshop / "workshop.test.deck").write_text(
        'game "W: scenarios" extends "workshop"\nscenario "s" {\n  given { hand P1 }\n}\n')
    status, out, err = run(capsys, "check", "workshop.deck")
    assert (status, out) == (1, "")
    assert err.startswith("workshop.test.deck:3:")


def test_correct_scenarios_leave_check_ok(capsys, workshop):
    (workshop / "workshop.test.deck").write_text(
        MISTAKES[:MISTAKES.index('scenario "The Lathe gains')]
        + MISTAKES[MISTAKES.index('scenario "The Lathe gains a gear, spelt'):], "utf-8")
    assert run(capsys, "check", "workshop.deck") == (
        0, "workshop.deck: ok (26 cards, 38 with copies)\n", "")
