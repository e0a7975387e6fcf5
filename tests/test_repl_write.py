"""`write` puts the cards typed with `def` back into the deck file, and leaves every other
line of the file as it was (issue "The designer's workbench")."""
from pathlib import Path

from deckwright.decks import DECKS_DIR
from deckwright.repl.commands import Processor
from deckwright.repl.write_back import declaration_span

OWL = '''def card "Clockwork Owl": Thing - Machine x 2 {
  text "When Clockwork Owl enters play, draw two cards."
  when enter where event.card == this { draw 2 }
}'''


def deck_copy(tmp_path) -> Path:
    path = tmp_path / "mine.deck"
    path.write_text((DECKS_DIR / "example.deck").read_text("utf-8"), "utf-8")
    return path


def test_a_redefined_card_is_replaced_where_it_stands_and_nothing_else_changes(tmp_path):
    path = deck_copy(tmp_path)
    before = path.read_text("utf-8").splitlines()
    proc = Processor(str(path), seed=1)
    assert proc.execute(OWL).ok
    out = proc.execute("write")
    assert out.text() == f'wrote "Clockwork Owl" to {path} (1 replaced, 0 added)'
    after = path.read_text("utf-8").splitlines()
    changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
    assert len(before) == len(after)
    assert [after[i] for i in changed] == [
        '  text "When Clockwork Owl enters play, draw two cards."',
        '  when enter where event.card == this { draw 2 }']
    assert proc.execute("reload").ok and proc.execute("card owl").text().count("draw 2") == 1


def test_a_new_card_is_added_at_the_end_and_a_base_decks_card_as_an_override(tmp_path):
    path = tmp_path / "small.deck"
    path.write_text('game "Small" extends "dvorak"\n# my cards\ncard "A": Thing x 9\n', "utf-8")
    proc = Processor(str(path), seed=1)
    proc.execute('def card "B": Action { effect { draw 1 } }')
    assert proc.execute("write").ok
    assert path.read_text("utf-8") == ('game "Small" extends "dvorak"\n# my cards\n'
                                       'card "A": Thing x 9\n\ncard "B": Action '
                                       '{ effect { draw 1 } }\n')


def test_a_bundled_deck_is_never_written_but_a_copy_may_be(tmp_path):
    proc = Processor("example", seed=1)
    proc.execute(OWL)
    assert proc.execute("write").text() == ("error: `example` is a bundled deck: "
                                            "`write FILE.deck` writes a copy of it with your cards")
    copy = tmp_path / "owl.deck"
    assert proc.execute(f"write {copy}").ok
    owl = "When Clockwork Owl enters play, draw two cards."
    assert owl in copy.read_text("utf-8")
    assert owl not in (DECKS_DIR / "example.deck").read_text("utf-8")


def test_nothing_to_write_says_so():
    proc = Processor("example", seed=1)
    assert proc.execute("write").text() == "error: no cards typed with `def` to write"


def test_a_cards_extent_skips_braces_in_its_strings_and_comments():
    text = 'card "A": Thing {  # a } here\n  text "{ not a brace }"\n}\ncard "B": Action\n'
    a, b = declaration_span(text, 0)
    assert text[a:b].endswith('"{ not a brace }"\n}')
    start = text.index('card "B"')
    assert text[slice(*declaration_span(text, start))] == 'card "B": Action'
