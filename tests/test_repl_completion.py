"""Tab completion as data: what `suggest()` offers for what is typed."""

import pytest
from pygments import lex

from deckwright.repl.commands import Processor
from deckwright.repl.completion import Context, suggest
from deckwright.repl.lexer import DeckwrightLexer

CTX = Context(
    commands=(("choose", "option"), ("card", "card"), ("state", "state"), ("bot", "seat"),
              ("new", "new"), ("eval", "effect"), ("open", "deck"), ("help", "command"),
              ("cards", ""), ("options", "options")),
    options=("play_thing: Windmill", "play_action: Oil Can", "Windmill: Wind", "pass"),
    cards=("Windmill", "Wrench", "Oil Can"), seats=2, decks=("example", "urban_dead"),
    words=("gain", "gears", "hand", "draw"), settings=("players", "seed", "bots", "rounds"))


@pytest.mark.parametrize("typed, expected", [
    ("ca", ["card", "cards", "play_action: Oil Can"]),   # Enter on `ca` plays Oil Can
    ("mill", ["play_thing: Windmill", "Windmill: Wind"]),  # a bare answer: any part of it
    ("", ["play_thing: Windmill", "play_action: Oil Can", "Windmill: Wind", "pass", "choose",
          "card", "state", "bot", "new", "eval", "open", "help", "cards", "options"]),
    ("pa", ["pass"]),
    ("choose ", ["play_thing: Windmill", "play_action: Oil Can", "Windmill: Wind", "pass"]),
    ("choose play_t", ["play_thing: Windmill"]),
    ("choose oil", ["play_action: Oil Can"]),
    ("choose wind", ["play_thing: Windmill", "Windmill: Wind"]),
    ("card W", ["Windmill", "Wrench"]),
    ('card "oi', ["Oil Can"]),
    ("state ", ["all", "P1", "P2"]),
    ("options t", ["text"]),
    ("bot p", ["P1", "P2"]),
    ("new seed=3 r", ["rounds="]),
    ("eval gain 2 ge", ["gears"]),
    ('eval create 1 "Wr', ['"Wrench"']),
    ("open u", ["urban_dead"]),
    ("help ch", ["choose"]),
    ("cards x", []),
])
def test_suggestions(typed, expected):
    assert [s.text for s in suggest(typed, CTX)] == expected


def test_a_suggestion_replaces_what_was_typed_of_it():
    [s] = suggest("choose oil", CTX)
    assert s.start == -3 and s.meta == "option"


def test_the_live_context_offers_the_pending_options_and_the_decks_cards():
    proc = Processor("example", seed=1)
    ctx = proc.completion_context()
    assert ctx.options == tuple(proc.session.decision.labels)
    assert "Windmill" in ctx.cards and "gears" in ctx.words and "hand" in ctx.words
    assert [s.text for s in suggest("card spring", ctx)] == ["Spring Press", "Spring Cleaning"]


def test_open_offers_the_bundled_games_not_the_base_rules_or_files_of_cards():
    for proc in (Processor(), Processor("example", seed=1)):
        offered = [s.text for s in suggest("open d", proc.completion_context())]
        assert offered[:2] == ["dueling_runes", "dveck_builder"]
        assert not {"decktet", "dveck_cards", "dvorak"} & set(offered)


def test_the_lexer_reads_a_card():
    src = 'card "Windmill": Thing - Machine x 2 {\n  when turn_start { gain 1 gears }  # hi\n}'
    kinds = {v: str(t) for t, v in lex(src, DeckwrightLexer()) if v.strip()}
    assert kinds["card"] == "Token.Keyword" and kinds['"Windmill"'] == "Token.Literal.String.Double"
    assert kinds["Thing"] == "Token.Name.Class" and kinds["turn_start"] == "Token.Name"
    assert kinds["# hi"] == "Token.Comment.Single" and kinds["2"] == "Token.Literal.Number.Integer"


FILES = {".": [("games", True), ("duel.json", False), ("my.deck", False), (".hidden", False)],
         "games/": [("monday.json", False), ("old", True)]}
FILE_CTX = Context(commands=(("save", "file"), ("load", "file"), ("open", "deck")),
                   decks=("example", "my_game"), list_dir=lambda folder: FILES[folder])


@pytest.mark.parametrize("typed, expected", [
    ("load ", ["duel.json", "games/", "my.deck"]),
    ("save g", ["games/"]),
    ("load games/", ["games/monday.json", "games/old/"]),
    ("load games/m", ["games/monday.json"]),
    ("load .h", [".hidden"]),
    ("load nowhere/x", []),                  # a folder that cannot be listed offers nothing
    ("open m", ["my_game", "my.deck"]),       # bundled names, then .deck files and folders
])
def test_file_names_complete_for_save_load_and_open(typed, expected):
    def lister(folder):
        if folder not in FILES:
            raise FileNotFoundError(folder)
        return FILES[folder]
    ctx = Context(**{**FILE_CTX.__dict__, "list_dir": lister})
    assert [s.text for s in suggest(typed, ctx)] == expected


def test_the_live_context_lists_real_folders(tmp_path, monkeypatch):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "g1.json").write_text("{}")
    monkeypatch.chdir(tmp_path)
    ctx = Processor("example", seed=1).completion_context()
    assert [(s.text, s.meta) for s in suggest("load sa", ctx)] == [("saves/", "folder")]
    assert [s.text for s in suggest("load saves/", ctx)] == ["saves/g1.json"]
