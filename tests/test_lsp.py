"""`deckwright lsp`, tested as an editor uses it: a subprocess spoken to in JSON-RPC.

Needs the `lsp` extra (pygls), which the `test` extra brings; without it these tests skip.
"""
import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs the lsp extra (pygls)")

from pygls.uris import from_fs_path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
WAIT = 120                           # seconds before a missing answer fails the test


class Client:
    """A minimal LSP client: Content-Length framed JSON over the server's stdin/stdout."""

    def __init__(self, cwd: Path):
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen([sys.executable, "-m", "deckwright.dsl.cli", "lsp"], cwd=cwd,
                                     env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.inbox: queue.Queue = queue.Queue()
        self.next_id = 0
        self.notes: list = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            self.inbox.put(json.loads(out.read(length)))

    def send(self, message: dict):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method: str, params) -> dict:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            msg = self.inbox.get(timeout=WAIT)
            if msg.get("id") == self.next_id and "method" not in msg:
                assert "error" not in msg, msg
                return msg["result"]
            self.notes.append(msg)

    def notify(self, method: str, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri: str) -> list:
        """The next diagnostics the server publishes for ``uri``."""
        for i, msg in enumerate(self.notes):
            if msg.get("method") == "textDocument/publishDiagnostics" and msg["params"]["uri"] == uri:
                del self.notes[i]
                return msg["params"]["diagnostics"]
        while True:
            msg = self.inbox.get(timeout=WAIT)
            if msg.get("method") == "textDocument/publishDiagnostics" and msg["params"]["uri"] == uri:
                return msg["params"]["diagnostics"]
            self.notes.append(msg)

    def open(self, path: Path, text: str) -> str:
        uri = from_fs_path(str(path))
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "deckwright", "version": 1, "text": text}})
        return uri

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.proc.wait(timeout=WAIT)
        self.proc.stdout.close()
        self.proc.stderr.close()
        self.proc.stdin.close()


BASE = '''game "Base"
type Thing
zone hand: per player, private
resource gears: start 0
action draw(n) { pass }
turn { draw 1 }
'''

DECK = '''game "Fair" extends "base"
include "parts"
counter charge

card "Windmill": Thing {
  text "At the start of your turn, gain 1 gear."
  when turn_start where event.player == you { gain 1 gears }
}

setup {
  draw 2
}
'''

PARTS = '''game "Parts"
card "Cog": Thing {
  text "Put a charge counter on Cog."
  effect { put 1 charge on this }
}
'''


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    folder = tmp_path_factory.mktemp("decks")
    (folder / "base.deck").write_text(BASE)
    (folder / "parts.deck").write_text(PARTS)
    (folder / "fair.deck").write_text(DECK)
    client = Client(folder)
    caps = client.request("initialize", {"processId": None, "rootUri": from_fs_path(str(folder)),
                                         "capabilities": {}})["capabilities"]
    client.notify("initialized", {})
    uri = client.open(folder / "fair.deck", DECK)
    first = client.diagnostics(uri)
    yield client, folder, uri, caps, first
    client.close()


def at(line: int, char: int) -> dict:
    return {"line": line, "character": char}


def test_the_server_says_what_it_offers(session):
    _, _, _, caps, _ = session
    for feature in ("hoverProvider", "definitionProvider", "documentSymbolProvider",
                    "codeActionProvider", "documentFormattingProvider", "completionProvider"):
        assert caps.get(feature), feature


def test_a_clean_deck_has_no_diagnostics(session):
    assert session[4] == []


def test_a_mistake_as_you_type_is_a_diagnostic_with_its_code_and_hint(session):
    client, folder, uri, _, _ = session
    text = DECK.replace("draw 2", "draw 2\n  gain 1 gaers")
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": text}]})
    (d,) = client.diagnostics(uri)
    assert d["code"] == "unknown-name"
    assert d["severity"] == 1 and d["source"] == "deckwright"
    assert d["message"] == "unknown resource `gaers`\nhint: did you mean `gears`?"
    assert d["range"]["start"] == at(11, 2)            # the statement; the fix, the name
    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d]}})
    assert [a["title"] for a in actions] == ["Change `gaers` to `gears`"]
    assert actions[0]["edit"]["changes"][uri] == [
        {"range": {"start": at(11, 9), "end": at(11, 14)}, "newText": "gears"}]
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                             "contentChanges": [{"text": DECK}]})
    assert client.diagnostics(uri) == []


def test_lint_findings_come_with_their_rule_code(session):
    client, folder, _, _, _ = session
    text = 'game "Loop" extends "base"\nwhen gain { gain 1 gears }\n'
    uri = client.open(folder / "loop.deck", text)
    codes = {d["code"] for d in client.diagnostics(uri)}
    assert "trigger-loop" in codes


def test_hover_on_a_card_shows_its_printed_text(session):
    client, _, uri, _, _ = session
    h = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": at(4, 8)})
    value = h["contents"]["value"]
    assert value.startswith("**Windmill** — Thing")
    assert "*Printed:* At the start of your turn, gain 1 gear." in value
    assert "*Effect:* At the start of your turn: gain 1 gears." in value     # deckwright explain


def test_hover_on_an_action_shows_its_parameters(session):
    client, _, uri, _, _ = session
    h = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": at(10, 3)})
    assert h["contents"]["value"].startswith("**action** `draw`\n\nparameters: n")
    assert "action draw(n) { pass }" in h["contents"]["value"]


def test_go_to_definition_across_extends_and_include(session):
    client, folder, uri, _, _ = session

    def where(line, char):
        return client.request("textDocument/definition",
                              {"textDocument": {"uri": uri}, "position": at(line, char)})

    gears = where(6, 53)
    assert gears["uri"] == from_fs_path(str(folder / "base.deck"))
    assert gears["range"]["start"] == at(3, 0)
    assert where(1, 10)["uri"] == from_fs_path(str(folder / "parts.deck"))
    assert where(0, 23)["uri"] == from_fs_path(str(folder / "base.deck"))
    assert where(2, 10)["range"]["start"] == at(2, 0)                 # `charge`, here


def test_document_symbols_are_one_per_card_and_rule_block(session):
    client, _, uri, _, _ = session
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert [(s["name"], s["range"]["start"]["line"]) for s in symbols] == [
        ("Windmill", 4), ("setup", 9)]


def test_completion_offers_event_names_after_when(session):
    client, _, uri, _, _ = session
    text = DECK + "when \n"
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 4},
                                             "contentChanges": [{"text": text}]})
    client.diagnostics(uri)
    items = client.request("textDocument/completion",
                           {"textDocument": {"uri": uri}, "position": at(12, 5)})["items"]
    labels = {i["label"] for i in items}
    assert {"turn_start", "enter", "draw"} <= labels
    assert "setup" not in labels
    # The deck as it was: the files of cards it includes are checked with its buffer.
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 5},
                                             "contentChanges": [{"text": DECK}]})
    assert client.diagnostics(uri) == []


def test_completion_offers_keywords_and_the_decks_names(session):
    client, _, uri, _, _ = session
    items = client.request("textDocument/completion",
                           {"textDocument": {"uri": uri}, "position": at(10, 2)})["items"]
    kinds = {i["label"]: i["kind"] for i in items}
    assert kinds["shuffle"] == 14                      # Keyword
    assert kinds["hand"] == 19 and kinds["gears"] == 11 and kinds["charge"] == 11
    assert kinds["draw"] == 3                          # Function
    assert kinds['"Cog"'] == 21                        # a card, from the included file


def test_formatting_returns_the_formatted_text(session):
    client, folder, _, _, _ = session
    uri = client.open(folder / "ugly.deck", 'game "U"\nresource vp:start  0\n')
    client.diagnostics(uri)
    (edit,) = client.request("textDocument/formatting", {
        "textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}})
    assert edit["newText"] == 'game "U"\nresource vp: start 0\n'


def test_a_file_of_cards_is_checked_as_part_of_the_deck_that_includes_it(session):
    client, folder, _, _, _ = session
    uri = client.open(folder / "parts.deck", PARTS)
    assert client.diagnostics(uri) == []                 # not "no turn rules", "unknown type"
    text = PARTS.replace("put 1 charge", "put 1 chrage")
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": text}]})
    (d,) = client.diagnostics(uri)
    assert (d["code"], d["message"], d["range"]["start"]) == (
        "unknown-name", "unknown counter `chrage`\nhint: did you mean `charge`?", at(3, 11))
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                             "contentChanges": [{"text": PARTS}]})
    assert client.diagnostics(uri) == []        # as it was (the decks that include it read it)


SCENARIOS = '''game "Fair: scenarios" extends "fair"
scenario "Windmill gains a gear" {
  given { hand of P1: "Windmil" (1 chrage) }
  then { gears of P3 is 1 }
}
'''


def test_scenario_mistakes_are_diagnostics_and_scenarios_are_in_the_outline(session):
    client, folder, _, _, _ = session
    uri = client.open(folder / "fair.test.deck", SCENARIOS)
    assert [(d["code"], d["message"], d["range"]["start"]) for d in client.diagnostics(uri)] == [
        ("scenario", "no card named `Windmil`\nhint: did you mean `Windmill`?", at(2, 22)),
        ("scenario", "no counter named `chrage`\nhint: did you mean `charge`?", at(2, 35)),
        ("scenario", "no seat `P3`: the scenario has P1 to P2\nhint: seats are P1 to P2; "
                     "`players N` sets how many", at(3, 9))]
    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert [(s["name"], s["kind"], s["range"]["start"]["line"]) for s in symbols] == [
        ("Windmill gains a gear", 12, 1)]                 # Function


def test_hover_on_a_built_in_statement_says_what_it_does(session):
    client, _, uri, _, _ = session
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 9},
                                             "contentChanges": [{"text": DECK}]})
    client.diagnostics(uri)
    h = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": at(6, 47)})
    assert h["contents"]["value"].startswith(
        "**gain** (built-in statement)\n\n```deckwright\ngain N RESOURCE\n```\n\n"
        "Always `you`'s resource")


def test_a_request_about_a_file_never_opened_nor_on_disk_is_an_empty_answer(tmp_path):
    client = Client(tmp_path)
    client.request("initialize", {"processId": None, "rootUri": from_fs_path(str(tmp_path)),
                                  "capabilities": {}})
    client.notify("initialized", {})
    missing = {"uri": from_fs_path(str(tmp_path / "missing.deck"))}
    for method in ("textDocument/definition", "textDocument/hover"):
        assert client.request(method, {"textDocument": missing, "position": at(0, 0)}) is None
    assert client.request("textDocument/documentSymbol", {"textDocument": missing}) == []
    assert client.request("textDocument/formatting", {
        "textDocument": missing, "options": {"tabSize": 2, "insertSpaces": True}}) is None
    client.request("shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=WAIT)
    assert "Traceback" not in client.proc.stderr.read().decode()
    for stream in (client.proc.stdout, client.proc.stderr, client.proc.stdin):
        stream.close()


def test_without_pygls_the_command_says_how_to_install_it(tmp_path):
    blocker = tmp_path / "pygls"
    blocker.mkdir()
    (blocker / "__init__.py").write_text("raise ImportError('not here')\n")
    env = dict(os.environ, PYTHONPATH=f"{tmp_path}{os.pathsep}{ROOT}")
    run = subprocess.run([sys.executable, "-m", "deckwright.dsl.cli", "lsp"], env=env,
                         capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=WAIT)
    assert run.returncode == 1
    assert run.stderr == ("deckwright lsp: the language server needs pygls, which is not "
                          "installed; install it with: pip install 'deckwright[lsp]'\n")
