"""`deckwright lsp` and the files a deck reads (issue 17): a change to one open document
publishes fresh diagnostics for every open document it may change, as an editor sees it
(a subprocess spoken to in JSON-RPC, as in test_lsp.py): editing a deck re-checks the
open files of cards it includes, editing a file of cards or a base re-checks the open
decks that include or extend it, and each check reads the editor's unsaved buffers."""
import pytest

pytest.importorskip("pygls", reason="the language server needs the lsp extra (pygls)")

from pygls.uris import from_fs_path  # noqa: E402

from test_lsp import BASE, DECK, PARTS, Client  # noqa: E402


def change(client, uri: str, text: str, version: int):
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                             "contentChanges": [{"text": text}]})


def shown(diagnostics: list) -> list:
    return [(d["message"], d["range"]["start"]["line"], d["range"]["start"]["character"])
            for d in diagnostics]


@pytest.fixture
def editor(tmp_path):
    (tmp_path / "base.deck").write_text(BASE)
    (tmp_path / "parts.deck").write_text(PARTS)
    (tmp_path / "fair.deck").write_text(DECK)
    client = Client(tmp_path)
    client.request("initialize", {"processId": None, "rootUri": from_fs_path(str(tmp_path)),
                                  "capabilities": {}})
    client.notify("initialized", {})
    uris = {}
    for name, text in (("fair", DECK), ("parts", PARTS)):
        uris[name] = client.open(tmp_path / f"{name}.deck", text)
        assert client.diagnostics(uris[name]) == []
    yield client, tmp_path, uris
    client.close()


def test_editing_a_deck_re_checks_the_open_file_of_cards_it_includes(editor):
    client, _, uris = editor
    change(client, uris["fair"], DECK.replace("counter charge\n", ""), 2)   # not saved
    assert shown(client.diagnostics(uris["fair"])) == [
        ("parts.deck:4:12: unknown counter `charge`\nhint: declare it first: `counter charge`",
         0, 0)]
    assert shown(client.diagnostics(uris["parts"])) == [
        ("unknown counter `charge`\nhint: declare it first: `counter charge`", 3, 11)]
    change(client, uris["fair"], DECK, 3)
    assert client.diagnostics(uris["fair"]) == []
    assert client.diagnostics(uris["parts"]) == []


def test_editing_a_file_of_cards_re_checks_the_open_deck_that_includes_it(editor):
    client, _, uris = editor
    change(client, uris["parts"], PARTS.replace("put 1 charge", "put 1 chrage"), 2)
    assert shown(client.diagnostics(uris["parts"])) == [
        ("unknown counter `chrage`\nhint: did you mean `charge`?", 3, 11)]
    assert shown(client.diagnostics(uris["fair"])) == [
        ("parts.deck:4:12: unknown counter `chrage`\nhint: did you mean `charge`?", 0, 0)]


def test_closing_an_unsaved_file_re_checks_the_decks_that_read_its_buffer(editor):
    client, _, uris = editor
    change(client, uris["parts"], PARTS.replace("put 1 charge", "put 1 chrage"), 2)
    client.diagnostics(uris["parts"])
    assert client.diagnostics(uris["fair"]) != []
    client.notify("textDocument/didClose", {"textDocument": {"uri": uris["parts"]}})
    assert client.diagnostics(uris["parts"]) == []       # closed: nothing shown
    assert client.diagnostics(uris["fair"]) == []        # the file on disk is right


def test_editing_a_base_re_checks_the_open_deck_that_extends_it(editor):
    client, folder, uris = editor
    base = client.open(folder / "base.deck", BASE)
    assert client.diagnostics(base) == []
    change(client, base, BASE.replace("resource gears: start 0\n", ""), 2)
    client.diagnostics(base)
    assert shown(client.diagnostics(uris["fair"])) == [
        ("unknown resource `gears`\nhint: declare it first: `resource gears`", 6, 46)]


def test_a_deck_that_now_includes_an_open_file_of_cards_makes_it_part_of_the_game(editor):
    client, folder, uris = editor
    cards = ('game "Extra"\ncard "Gear": Thing {\n  text "Gain 1 gear."\n'
             '  effect { gain 1 gears }\n}\n')
    (folder / "extra.deck").write_text(cards)
    extra = client.open(folder / "extra.deck", cards)
    assert client.diagnostics(extra) != []               # no game includes it yet
    change(client, uris["fair"], DECK.replace('include "parts"\n',
                                              'include "parts"\ninclude "extra"\n'), 2)
    assert client.diagnostics(uris["fair"]) == []
    assert client.diagnostics(extra) == []               # checked as part of fair.deck
