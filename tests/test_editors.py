"""The editor grammars in editors/ come from the one keyword list, and are up to date."""
import json
import re
import subprocess
import sys
from pathlib import Path

from deckwright.repl.lexer import KEYWORDS

ROOT = Path(__file__).resolve().parent.parent
EDITORS = ROOT / "editors"


def test_the_generated_grammars_are_up_to_date():
    run = subprocess.run([sys.executable, str(EDITORS / "generate.py"), "--check"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def textmate() -> dict:
    return json.loads((EDITORS / "vscode/syntaxes/deckwright.tmLanguage.json").read_text())


def test_the_textmate_grammar_highlights_exactly_the_lexers_keywords():
    (pattern,) = [p["match"] for p in textmate()["patterns"] if p["name"].startswith("keyword.other")]
    words = set(re.fullmatch(r"\\b\(\?:(.*)\)\\b", pattern).group(1).split("|"))
    assert words == set(KEYWORDS)
    rx = re.compile(pattern)
    assert rx.search("  gain 1 vp").group(0) == "gain"
    assert rx.search("turn_end") is None                  # a name, not `turn`
    assert rx.search("players").group(0) == "players"      # not `player`


def test_the_vim_syntax_lists_the_same_keywords():
    text = (EDITORS / "vim/syntax/deckwright.vim").read_text()
    words = {w for line in text.splitlines() if line.startswith("syntax keyword deckwrightKeyword")
             for w in line.split()[3:]}
    assert words == set(KEYWORDS)


def test_the_vscode_extension_names_its_grammar_and_the_server():
    pkg = json.loads((EDITORS / "vscode/package.json").read_text())
    (grammar,) = pkg["contributes"]["grammars"]
    assert (EDITORS / "vscode" / grammar["path"]).exists()
    assert grammar["scopeName"] == textmate()["scopeName"]
    assert pkg["contributes"]["languages"][0]["extensions"] == [".deck"]
    assert pkg["contributes"]["configuration"]["properties"]["deckwright.command"]["default"] == \
        ["deckwright", "lsp"]
    assert (EDITORS / "vscode" / pkg["main"]).exists()
