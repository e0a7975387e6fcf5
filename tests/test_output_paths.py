"""Every file a command writes where the user said is checked before the command does its
work: a path that cannot be written is one line naming it and why, exit status 2, never a
traceback, and no folder is ever made above it (issue 12 item 2, issue 17 item 5).
`export --lackey DIR` writes only into a new or empty folder, or its own earlier export,
unless told `--force`."""
import os
from pathlib import Path

import pytest

from deckwright.dsl.outputs import OutputError, output_file, write_file
from deckwright.repl.commands import Processor
from test_cli import run

MISSING = "/nonexistent/folder"


# Each command that writes a file, with that file in a folder that does not exist. The
# scenarios, games and export are not run at all: the path is checked first.
COMMANDS = [
    ("test", ["test", "example", "--junit", f"{MISSING}/r.xml"], f"{MISSING}/r.xml"),
    ("print", ["print", "example", "-o", f"{MISSING}/x.html"], f"{MISSING}/x.html"),
    ("export", ["export", "example", "--mush", f"{MISSING}/x.mush"], f"{MISSING}/x.mush"),
    ("import", ["import", "page.wiki", "-o", f"{MISSING}/x.deck"], f"{MISSING}/x.deck"),
    ("sim", ["sim", "example", "--games", "1", "--csv", f"{MISSING}/a.csv"], f"{MISSING}/a.csv"),
    ("sim", ["sim", "example", "--games", "1", "--jsonl", f"{MISSING}/a.jsonl"],
     f"{MISSING}/a.jsonl"),
    ("sim", ["sim", "example", "--games", "1", "--report", f"{MISSING}/r.html"],
     f"{MISSING}/r.html"),
]


@pytest.mark.parametrize("command, argv, path", COMMANDS, ids=[" ".join(c[1][:1] + c[1][2:3])
                                                               for c in COMMANDS])
def test_a_file_in_a_missing_folder_is_one_line_and_status_2(command, argv, path, capsys,
                                                             tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "page.wiki").write_text("{{card|name=A|type=Thing|text=Hi.}}")
    assert run(capsys, *argv) == (2, "", f"deckwright {command}: cannot write `{path}`: "
                                         f"there is no folder `{MISSING}`\n")
    assert not Path(MISSING).exists()


def test_export_lackey_into_a_folder_whose_parent_is_missing_makes_no_folder(capsys):
    assert run(capsys, "export", "example", "--lackey", f"{MISSING}/plugin") == (
        2, "", f"deckwright export: cannot write a Lackey plugin into `{MISSING}/plugin`: "
               f"there is no folder `{MISSING}`\n")
    assert not Path(MISSING).exists()


def test_export_lackey_where_no_folder_can_be_made_is_one_line(capsys):
    assert run(capsys, "export", "example", "--lackey", "/proc/foo") == (
        2, "", "deckwright export: cannot write into `/proc/foo`: No such file or directory\n")


def test_a_folder_given_as_the_file_to_write(capsys, tmp_path):
    assert run(capsys, "print", "example", "-o", str(tmp_path)) == (
        2, "", f"deckwright print: cannot write `{tmp_path}`: it is a folder\n")


def test_a_file_on_the_way_to_the_file_to_write(capsys, tmp_path):
    (tmp_path / "notes").write_text("a file")
    path = tmp_path / "notes" / "x.mush"
    assert run(capsys, "export", "example", "--mush", str(path)) == (
        2, "", f"deckwright export: cannot write `{path}`: `{tmp_path / 'notes'}` is not a "
               f"folder\n")


def test_the_deck_itself_is_never_written_over(capsys, tmp_path):
    deck = tmp_path / "mine.deck"
    deck.write_text('game "Mine" extends "example"\n')
    assert run(capsys, "print", str(deck), "-o", str(deck)) == (
        2, "", f"deckwright print: cannot write `{deck}`: it is a file this command reads\n")
    assert deck.read_text() == 'game "Mine" extends "example"\n'


def test_the_junit_file_is_checked_before_any_scenario_runs(capsys, tmp_path):
    status, out, err = run(capsys, "test", "example", "--junit", str(tmp_path))
    assert (status, out) == (2, "")                # not a dot printed: nothing ran
    assert err == f"deckwright test: cannot write `{tmp_path}`: it is a folder\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_folder_the_user_may_not_write_in(capsys, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    assert run(capsys, "export", "example", "--mush", str(locked / "x.mush")) == (
        2, "", f"deckwright export: cannot write `{locked / 'x.mush'}`: you may not make "
               f"files in `{locked}` (permission denied)\n")


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_file(capsys, tmp_path):
    path = tmp_path / "r.xml"
    path.write_text("old")
    path.chmod(0o444)
    assert run(capsys, "test", "example", "--junit", str(path)) == (
        2, "", f"deckwright test: cannot write `{path}`: the file is read-only to you "
               f"(permission denied)\n")


def test_what_fails_only_while_writing_is_one_line_too(tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError(28, "No space left on device")
    path = output_file(str(tmp_path / "x.html"))
    monkeypatch.setattr("builtins.open", refuse)
    with pytest.raises(OutputError) as err:
        write_file(path, "text", "x.html")
    assert str(err.value) == "cannot write `x.html`: No space left on device"


def test_sim_writes_its_files_once_they_are_checked(capsys, tmp_path):
    csv, jsonl = tmp_path / "a.csv", tmp_path / "a.jsonl"
    status, out, err = run(capsys, "sim", "example", "--games", "2", "--csv", str(csv),
                           "--jsonl", str(jsonl))
    assert status == 0, err
    assert csv.read_text().startswith("game,seed,turns,")
    assert len(csv.read_text().splitlines()) == 3 and len(jsonl.read_text().splitlines()) == 2


# --- export --lackey DIR: which folders it writes into ----------------------------------

def test_lackey_makes_a_new_folder_in_one_that_exists(capsys, tmp_path):
    assert run(capsys, "export", "example", "--lackey", str(tmp_path / "plugin"))[0] == 0
    assert (tmp_path / "plugin" / "plugininfo.txt").is_file()


def test_lackey_refuses_a_folder_of_other_files_and_writes_nothing_there(capsys, tmp_path):
    (tmp_path / "passwd").write_text("root:x:0:0")
    (tmp_path / "ssh").mkdir()
    assert run(capsys, "export", "example", "--lackey", str(tmp_path)) == (
        2, "", f"deckwright export: cannot write a Lackey plugin into `{tmp_path}`: it holds "
               f"2 other files or folders, and no earlier export; name a new or empty folder "
               f"(or add --force to write there all the same)\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["passwd", "ssh"]


def test_lackey_with_force_writes_into_a_folder_of_other_files(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    assert run(capsys, "export", "example", "--lackey", str(tmp_path), "--force")[0] == 0
    assert (tmp_path / "plugininfo.txt").is_file()
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_lackey_writes_again_over_its_own_earlier_export(capsys, tmp_path):
    assert run(capsys, "export", "example", "--lackey", str(tmp_path))[0] == 0
    (tmp_path / "sets" / "setimages" / "general" / "Gearbox.png").write_bytes(b"png")
    status, out, err = run(capsys, "export", "example", "--lackey", str(tmp_path))
    assert status == 0, err
    assert (tmp_path / "sets" / "setimages" / "general" / "Gearbox.png").is_file()


def test_lackey_writes_through_no_link_inside_its_folder(capsys, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    plugin = tmp_path / "plugin"
    assert run(capsys, "export", "example", "--lackey", str(plugin))[0] == 0
    (plugin / "sets" / "carddata.txt").unlink()
    (plugin / "sets" / "setimages" / "general").rmdir()
    (plugin / "sets" / "setimages").rmdir()
    (plugin / "sets").rmdir()
    (plugin / "sets").symlink_to(elsewhere)
    assert run(capsys, "export", "example", "--lackey", str(plugin)) == (
        2, "", f"deckwright export: cannot write into `{plugin / 'sets'}`: it is a link, and "
               f"an export writes no file through a link\n")
    assert list(elsewhere.iterdir()) == []


def test_lackey_refuses_a_file_as_its_folder(capsys, tmp_path):
    path = tmp_path / "plugin"
    path.write_text("a file")
    assert run(capsys, "export", "example", "--lackey", str(path)) == (
        2, "", f"deckwright export: cannot write a Lackey plugin into `{path}`: it is a file, "
               f"not a folder\n")


def test_force_without_lackey_is_a_usage_error(capsys, tmp_path):
    assert run(capsys, "export", "example", "--mush", str(tmp_path / "x"), "--force") == (
        2, "", "deckwright export: --force says where --lackey DIR may write; give --lackey "
               "DIR\n")


# --- fmt and the REPL ----------------------------------------------------------------------

@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_fmt_says_a_file_it_may_not_rewrite_and_goes_on(capsys, tmp_path):
    path = tmp_path / "messy.deck"
    path.write_text('game   "Messy" extends "example"\n')
    path.chmod(0o444)
    assert run(capsys, "fmt", str(path)) == (
        2, "", f"deckwright fmt: cannot write `{path}`: the file is read-only to you "
               f"(permission denied)\n")


def test_the_repl_save_says_the_same_line_and_keeps_the_game():
    proc = Processor("example", seed=1)
    assert proc.execute(f"save {MISSING}/s.json").text() == (
        f"error: cannot write `{MISSING}/s.json`: there is no folder `{MISSING}`")
    assert proc.session is not None and not Path(MISSING).exists()


def test_the_repl_save_never_writes_over_the_deck(tmp_path):
    deck = tmp_path / "mine.deck"
    deck.write_text('game "Mine" extends "example"\n')
    proc = Processor(str(deck), seed=1)
    assert proc.execute(f"save {deck}").text() == (
        f"error: cannot write `{deck}`: it is a file this command reads")
    assert deck.read_text() == 'game "Mine" extends "example"\n'


def test_the_repl_write_says_the_same_line():
    proc = Processor("example", seed=1)
    proc.execute('def card "Owl": Thing { text "Hoot." }')
    assert proc.execute(f"write {MISSING}/owl.deck").text() == (
        f"error: cannot write `{MISSING}/owl.deck`: there is no folder `{MISSING}`")
