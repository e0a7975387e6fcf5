"""Which files a deck may name: `.deck` files in its own folder tree and the bundled decks.

A deck is something designers download and open, so what it names (`extends`, `include`,
a save file's `deck` and `defs`) must never read another file: the errors below name the
reference and show the deck's own line, never the content of the file named.
"""
import json
import os
import subprocess
import sys

import pytest

from deckwright.dsl.cli import main
from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_program, load_text
from deckwright.repl.commands import Processor

SECRET = "SECRET=hunter2"
BUNDLED = "decktet, dueling_runes, dveck_builder, dveck_cards, dvorak, example, urban_dead"


def hint(root) -> str:
    return (f"  hint: a deck may include only `.deck` files in its own folder ({root}) or "
            f"below it, and the bundled decks ({BUNDLED})")


@pytest.fixture
def tree(tmp_path):
    """``game/`` (the deck's folder, with a ``sub/``) next to ``outside/secret.deck``."""
    (tmp_path / "game" / "sub").mkdir(parents=True)
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.deck").write_text(SECRET + "\n")
    return tmp_path


def check(deck, capsys) -> str:
    """What `deckwright check DECK` prints (both streams), with its exit status."""
    status = main(["check", str(deck)])
    out = capsys.readouterr()
    return f"{status}\n{out.out}{out.err}"


def deck_naming(tree, line: str):
    deck = tree / "game" / "evil.deck"
    deck.write_text(f'game "Evil" extends "dvorak"\n{line}\n')
    return deck


@pytest.mark.parametrize("line, why", [
    ('include "/proc/self/environ"', "it is outside the deck's folder"),
    ('include "../outside/secret"', "it is outside the deck's folder"),
    ('include "sub/../../outside/secret.deck"', "it is outside the deck's folder"),
], ids=["absolute", "dot-dot", "dot-dot-inside-a-path"])
def test_an_include_leaving_the_decks_folder_is_refused_without_reading_it(tree, capsys, line, why):
    deck = deck_naming(tree, line)
    name = line.split('"')[1]
    assert check(deck, capsys) == (
        f"1\n{deck}:2:1: error: cannot include `{name}`: {why}\n"
        f"    2 | {line}\n"
        f"      | {'^' * len(line)}\n"
        f"{hint(tree / 'game')}\n")


def test_an_absolute_path_to_a_deck_outside_is_refused_though_it_is_a_deck(tree, capsys):
    target = tree / "outside" / "secret.deck"
    deck = deck_naming(tree, f'include "{target}"')
    out = check(deck, capsys)
    assert f"error: cannot include `{target}`: it is outside the deck's folder" in out
    assert SECRET not in out


def test_a_symlink_in_the_tree_pointing_outside_is_refused(tree, capsys):
    (tree / "game" / "cards.deck").symlink_to(tree / "outside" / "secret.deck")
    deck = deck_naming(tree, 'include "cards"')
    assert check(deck, capsys) == (
        f"1\n{deck}:2:1: error: cannot include `cards`: it links to a file outside the "
        f"deck's folder\n"
        f"    2 | include \"cards\"\n"
        f"      | ^^^^^^^^^^^^^^^\n"
        f"{hint(tree / 'game')}\n")


def test_a_symlinked_folder_in_the_tree_pointing_outside_is_refused(tree, capsys):
    (tree / "game" / "shared").symlink_to(tree / "outside")
    deck = deck_naming(tree, 'include "shared/secret"')
    out = check(deck, capsys)
    assert "error: cannot include `shared/secret`: it links to a file outside the deck's folder" in out
    assert SECRET not in out


def test_a_symlink_to_a_file_that_is_not_a_deck_is_refused(tree, capsys):
    (tree / "game" / "notes.txt").write_text(SECRET + "\n")
    (tree / "game" / "cards.deck").symlink_to(tree / "game" / "notes.txt")
    deck = deck_naming(tree, 'include "cards"')
    out = check(deck, capsys)
    assert "error: cannot include `cards`: it links to a file that is not a `.deck` file" in out
    assert SECRET not in out


def test_a_file_that_is_not_a_deck_is_not_found_even_inside_the_tree(tree, capsys):
    (tree / "game" / "notes.txt").write_text(SECRET + "\n")
    deck = deck_naming(tree, 'include "notes.txt"')
    out = check(deck, capsys)
    assert "error: no deck named `notes.txt`" in out and SECRET not in out


def test_extends_follows_the_same_rule(tree, capsys):
    deck = tree / "game" / "evil.deck"
    deck.write_text('game "Evil" extends "../outside/secret"\n')
    assert check(deck, capsys) == (
        f"1\n{deck}:1:1: error: cannot extend `../outside/secret`: it is outside the deck's "
        f"folder\n"
        f"    1 | game \"Evil\" extends \"../outside/secret\"\n"
        f"      | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        f"  hint: a deck may extend only `.deck` files in its own folder ({tree / 'game'}) or "
        f"below it, and the bundled decks ({BUNDLED})\n")


def test_decks_in_the_tree_and_bundled_decks_may_be_named(tree):
    (tree / "game" / "sub" / "parts.deck").write_text(
        'game "Parts"\ncard "Gizmo": Thing { text "A gizmo." }\n')
    (tree / "game" / "base.deck").write_text('game "Base" extends "dvorak"\ninclude "decktet"\n')
    (tree / "game" / "more.deck").write_text('game "More"\ncard "Widget": Thing { text "x" }\n')
    (tree / "game" / "main.deck").write_text(
        'game "Main" extends "base"\ninclude "sub/parts"\ninclude "sub/../more.deck"\n')
    program = load_program(str(tree / "game" / "main.deck"))
    assert {"Gizmo", "Widget"} <= set(program.cards) and "hand" in program.zones


def test_the_top_deck_may_be_anywhere_and_its_folder_is_where_it_really_is(tree):
    """A symlink to the top deck: what it names is found next to the real file."""
    (tree / "outside" / "parts.deck").write_text('game "P"\ncard "Gizmo": Thing { text "x" }\n')
    (tree / "outside" / "top.deck").write_text('game "Top" extends "dvorak"\ninclude "parts"\n')
    (tree / "game" / "top.deck").symlink_to(tree / "outside" / "top.deck")
    assert "Gizmo" in load_program(str(tree / "game" / "top.deck")).cards


def test_deck_text_given_directly_may_name_decks_under_the_current_folder(tree, monkeypatch):
    monkeypatch.chdir(tree / "game")
    (tree / "game" / "parts.deck").write_text('game "P"\ncard "Gizmo": Thing { text "x" }\n')
    assert "Gizmo" in load_text('game "T" extends "dvorak"\ninclude "parts"\n', "t.deck").cards
    with pytest.raises(DeckError) as err:
        load_text('game "T" extends "dvorak"\ninclude "/proc/self/environ"\n', "t.deck")
    assert err.value.render() == (
        "t.deck:2:1: error: cannot include `/proc/self/environ`: it is outside the deck's folder\n"
        "    2 | include \"/proc/self/environ\"\n"
        "      | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        + hint(tree / "game"))


# --- save files ---------------------------------------------------------------------------

@pytest.fixture
def saved(tree):
    """A real save of the bundled example, in ``saves/``, as a dict to spoil."""
    (tree / "saves").mkdir()
    proc = Processor("example", seed=1)
    assert proc.execute(f"save {tree / 'saves' / 'game.json'}").ok
    return json.loads((tree / "saves" / "game.json").read_text())


def load(tree, data, proc=None):
    path = tree / "saves" / "spoiled.json"
    path.write_text(json.dumps(data))
    return (proc or Processor()).execute(f"load {path}")


def test_a_save_names_a_bundled_deck_by_its_name(saved):
    assert saved["deck"] == "example"


@pytest.mark.parametrize("deck", ["/proc/self/environ", "../outside/secret.deck",
                                  "{tree}/outside/secret.deck"])
def test_a_save_naming_a_deck_outside_its_folder_is_refused(tree, saved, deck):
    deck = deck.format(tree=tree)
    out = load(tree, dict(saved, deck=deck, deck_name=None))
    assert not out.ok
    assert out.text() == (
        f"error: {tree / 'saves' / 'spoiled.json'} names the deck `{deck}`, outside the save "
        f"file's folder; a save file may name only a bundled deck or a `.deck` file in its "
        f"own folder ({tree / 'saves'}) or below it (to load it onto that deck, `open` the "
        f"deck first, then `load` the save)")


def test_a_save_of_a_deck_in_its_folder_names_it_relatively_and_loads(tree):
    (tree / "saves").mkdir()
    (tree / "saves" / "mine.deck").write_text(_example().read_text())
    proc = Processor(str(tree / "saves" / "mine.deck"), seed=1)
    assert proc.execute(f"save {tree / 'saves' / 'g.json'}").ok
    assert json.loads((tree / "saves" / "g.json").read_text())["deck"] == "mine.deck"
    out = Processor().execute(f"load {tree / 'saves' / 'g.json'}")
    assert out.ok, out.text()


def test_a_save_of_a_deck_elsewhere_loads_once_that_deck_is_open(tree):
    (tree / "saves").mkdir()
    (tree / "game" / "mine.deck").write_text(_example().read_text())
    deck = tree / "game" / "mine.deck"
    proc = Processor(str(deck), seed=1)
    assert proc.execute(f"save {tree / 'saves' / 'g.json'}").ok
    assert json.loads((tree / "saves" / "g.json").read_text())["deck"] == str(deck)
    assert not Processor().execute(f"load {tree / 'saves' / 'g.json'}").ok
    assert Processor(str(deck)).execute(f"load {tree / 'saves' / 'g.json'}").ok


def test_a_save_whose_defs_include_a_file_is_held_to_the_decks_rule(tree, saved):
    defs = ['card "X": Thing { text "x" }\ninclude "/proc/self/environ"']
    out = load(tree, dict(saved, defs=defs))
    assert not out.ok and SECRET not in out.text() and "PATH=" not in out.text()
    assert out.text().splitlines()[0] == (
        "<def>:2:1: error: cannot include `/proc/self/environ`: it is outside the deck's folder")


@pytest.mark.parametrize("defs, problem", [
    (['include "/proc/self/environ"'], "`defs` entry 1 is not a card definition"),
    ([7], "`defs` entry 1 must be a string, not the number 7"),
    ("card", '`defs` must be a list, not the string "card"'),
])
def test_a_save_whose_defs_are_not_card_definitions_is_refused(tree, saved, defs, problem):
    out = load(tree, dict(saved, defs=defs))
    assert out.text() == f"error: {tree / 'saves' / 'spoiled.json'}: {problem}"


def test_the_environment_never_reaches_the_output(tree):
    """The issue's report: `include "/proc/self/environ"` printed environment variables.
    A fresh process, since /proc/self/environ holds only what a process started with."""
    deck = deck_naming(tree, 'include "/proc/self/environ"')
    env = dict(os.environ, DECKWRIGHT_CANARY="canary-value")
    run = subprocess.run([sys.executable, "-m", "deckwright.dsl.cli", "check", str(deck)], env=env,
                         capture_output=True, text=True)
    assert run.returncode == 1 and "cannot include `/proc/self/environ`" in run.stderr
    assert "canary-value" not in run.stdout + run.stderr


def _example():
    from deckwright.decks import DECKS_DIR
    return DECKS_DIR / "example.deck"
