"""Files Deckwright finds by their name, not named by the user (a deck's `NAME.test.deck`,
the test decks pytest collects, the lint settings), are refused as `include` refuses a
file when they link out of their folder: an error that neither reads nor shows them
(issue 12 item 3). And the REPL's `open PATH` reads only `.deck` files, so its error
never quotes another file's first line (issue 12 item 8)."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from deckwright.dsl.cli import main
from deckwright.dsl.lint import lint
from deckwright.repl.commands import Processor

ROOT = Path(__file__).resolve().parent.parent
SECRET = "root:x:0:0:secret"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """``game/mine.deck`` (the cwd) beside ``outside/secret`` and ``outside/a.deck``."""
    game, outside = tmp_path / "game", tmp_path / "outside"
    game.mkdir()
    outside.mkdir()
    (outside / "secret").write_text(SECRET + "\n")
    (outside / "a.deck").write_text(SECRET + "\n")
    (game / "mine.deck").write_text('game "Mine" extends "example"\n')
    monkeypatch.chdir(game)
    return tmp_path


def run(capsys, *argv) -> tuple:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def hint(folder: Path, kind: str = ".deck") -> str:
    return (f"  hint: a file Deckwright finds by its name is read only if it is a `{kind}` "
            f"file in the folder it is found in ({folder.resolve()}) or below it, links "
            f"followed\n")


@pytest.mark.parametrize("target, why", [
    ("outside/secret", "it links to a file outside its folder"),
    ("outside/a.deck", "it links to a file outside its folder"),
    ("/etc/passwd", "it links to a file outside its folder"),
], ids=["a-file", "a-deck-file", "etc-passwd"])
def test_a_test_deck_linking_out_of_the_folder_is_refused_unread(folder, capsys, target, why):
    (folder / "game" / "mine.test.deck").symlink_to(
        target if target.startswith("/") else folder / target)
    status, out, err = run(capsys, "test", "mine")
    assert status == 1 and SECRET not in out + err and "root:" not in out + err
    assert out.startswith(f"error: cannot read `mine.test.deck`: {why}\n"
                          + hint(folder / "game") + "=")
    assert " 1 error in " in out


def test_a_test_deck_linking_to_another_kind_of_file_in_the_folder_is_refused(folder, capsys):
    (folder / "game" / "notes.txt").write_text(SECRET)
    (folder / "game" / "mine.test.deck").symlink_to(folder / "game" / "notes.txt")
    status, out, err = run(capsys, "test", "mine")
    assert status == 1 and SECRET not in out + err
    assert out.startswith("error: cannot read `mine.test.deck`: it links to a file that is "
                          "not a `.deck` file\n")


def test_a_test_deck_linking_inside_the_folder_is_read(folder, capsys):
    (folder / "game" / "scenarios.deck").write_text(
        'game "Mine: scenarios" extends "mine"\nscenario "nothing" {\n  then { deck has 0 '
        'cards }\n}\n')
    (folder / "game" / "mine.test.deck").symlink_to(folder / "game" / "scenarios.deck")
    status, out, err = run(capsys, "test", "mine")
    assert status == 0 and " 1 passed in " in out


def test_lint_reads_no_test_deck_linking_out(folder):
    (folder / "game" / "mine.deck").write_text('game "Mine" extends "example"\n'
                                               'card "Owl": Thing { text "Hoot." }\n')
    (folder / "game" / "mine.test.deck").symlink_to(folder / "outside" / "a.deck")
    # Not read: its card counts as untested, and the check says why the file was not read.
    result = lint("mine.deck", rules=["untested-card"])
    assert result.counts() == {"outside": 1, "untested-card": 1}
    assert [d.message for d in result.diagnostics if d.code == "outside"] == [
        "cannot read `mine.test.deck`: it links to a file outside its folder"]


@pytest.mark.parametrize("name", ["deckwright.toml", "pyproject.toml"])
def test_lint_settings_linking_out_of_their_folder_are_refused(folder, capsys, name):
    (folder / "game" / name).symlink_to(folder / "outside" / "secret")
    assert run(capsys, "lint", "mine.deck") == (
        2, "", f"error: cannot read `{folder / 'game' / name}`: it links to a file outside "
               f"its folder\n")


def test_the_pytest_plugin_collects_no_link_out_of_its_folder(folder):
    game = folder / "game"
    (game / "mine.test.deck").symlink_to(folder / "outside" / "a.deck")
    (game / "other.deck").symlink_to(folder / "outside" / "a.deck")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p",
                        "deckwright.dsl.scenario.pytest_plugin", "-p", "no:cacheprovider"],
                       capture_output=True, text=True, env=env, cwd=game)
    assert r.returncode == 1, r.stdout + r.stderr
    assert SECRET not in r.stdout + r.stderr
    assert "error: cannot read `mine.test.deck`: it links to a file outside its folder" \
        in r.stdout
    assert "1 failed" in r.stdout and "other.deck" not in r.stdout


# --- the REPL's `open` --------------------------------------------------------------------

def test_open_refuses_a_file_that_is_not_a_deck_without_reading_it(folder):
    proc = Processor()
    assert proc.execute(f"open {folder / 'outside' / 'secret'}").text() == (
        f"error: cannot open `{folder / 'outside' / 'secret'}`: it is not a `.deck` file")


def test_open_refuses_a_deck_name_linking_to_another_kind_of_file(folder):
    (folder / "game" / "env.deck").symlink_to(folder / "outside" / "secret")
    proc = Processor()
    assert proc.execute("open env.deck").text() == (
        "error: cannot open `env.deck`: it links to a file that is not a `.deck` file")


def test_open_of_the_environment_shows_none_of_it():
    """The issue's report: `open /proc/self/environ` printed the environment in the quoted
    error line. A fresh REPL, since /proc/self/environ holds what a process started with."""
    env = dict(os.environ, DECKWRIGHT_CANARY="canary-value", PYTHONPATH=str(ROOT))
    r = subprocess.run([sys.executable, "-m", "deckwright.dsl.cli", "play", "--script",
                        "/dev/stdin"], input="open /proc/self/environ\n", env=env,
                       capture_output=True, text=True)
    assert "canary-value" not in r.stdout + r.stderr
    assert r.stderr == ("/dev/stdin:1: error: cannot open `/proc/self/environ`: it is not a "
                        "`.deck` file\n")
