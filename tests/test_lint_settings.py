"""Which lint rules run: `--select`, `--ignore`, a project's `[tool.deckwright.lint]`
settings, `--explain CODE`, and `--sim` findings in a bundled base deck left out."""
import pytest

from deckwright.dsl.cli import main

SHRINE = '''game "Shrines" extends "dvorak"
resource vp: start 0, score
card "Shrine": Thing {
  text "Gain 1 VP."
  ability "Pray" { gain 1 vp }
}
'''


def lint(capsys, *argv):
    status = main(["lint", *argv])
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.fixture
def deck(tmp_path):
    path = tmp_path / "shrines.deck"
    path.write_text(SHRINE, "utf-8")
    return path


def test_ignore_leaves_a_rule_out_and_select_runs_only_those(capsys, deck):
    _, out, _ = lint(capsys, str(deck))
    assert "warning[unrestricted-score]" in out
    _, out, err = lint(capsys, str(deck), "--ignore", "unrestricted-score")
    assert "unrestricted-score" not in out and err.endswith("0 warning(s), 0 note(s)\n")
    _, out, _ = lint(capsys, str(deck), "--select", "empty-zone")
    assert out == ""


def test_the_projects_settings_choose_the_rules_and_the_command_line_wins(capsys, deck):
    (deck.parent / "pyproject.toml").write_text(
        '[project]\nname = "x"\n\n[tool.deckwright.lint]\nignore = ["unrestricted-score"]\n')
    _, out, _ = lint(capsys, str(deck))
    assert "unrestricted-score" not in out
    _, out, _ = lint(capsys, str(deck), "--ignore", "empty-zone")
    assert "warning[unrestricted-score]" in out
    (deck.parent / "deckwright.toml").write_text('[lint]\nselect = ["unrestricted-score"]\n')
    _, out, _ = lint(capsys, str(deck))                 # deckwright.toml comes first
    assert "warning[unrestricted-score]" in out


def test_an_unknown_code_or_setting_is_named_with_the_nearest(capsys, deck):
    assert lint(capsys, str(deck), "--ignore", "unrestricted-scor") == (
        2, "", "error: --ignore: no lint rule `unrestricted-scor` "
               "(did you mean `unrestricted-score`?)\n")
    (deck.parent / "deckwright.toml").write_text('[lint]\nignor = ["text-verb"]\n')
    status, _, err = lint(capsys, str(deck))
    assert status == 2 and err == (f"error: {deck.parent / 'deckwright.toml'}: unknown lint "
                                   "setting `ignor` (did you mean `ignore`?)\n")
    (deck.parent / "deckwright.toml").write_text('[lint]\nignore = "text-verb"\n')
    assert lint(capsys, str(deck))[2].endswith(
        '`ignore` must be a list of rule codes, as in ignore = ["text-verb"]\n')


def test_explain_says_what_a_rule_checks_and_how_to_fix_it(capsys):
    status, out, _ = lint(capsys, "--explain", "unrestricted-score")
    assert status == 0
    assert out.startswith("unrestricted-score (warning): a card gains the game's score with "
                          "no restriction\nfix: add a restriction: ")
    status, out, _ = lint(capsys, "--explain", "all")
    assert "\ntrigger-loop " in out and "\nsim-never-fired " in out


def test_a_deck_is_not_told_of_what_never_happened_in_the_base_rules(capsys, deck):
    _, out, _ = lint(capsys, str(deck), "--sim", "3")
    assert "dvorak.deck" not in out
    _, out, _ = lint(capsys, str(deck), "--sim", "3", "--include-base")
    assert "dvorak.deck:" in out and "[sim-never-" in out

