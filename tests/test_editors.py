"""The editor grammars in editors/ come from the one keyword list, are up to date, and
class every word of the bundled decks as the Pygments lexer does."""
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pygments.token import Keyword, Name

from deckwright.decks import DECKS_DIR
from deckwright.grammar import inner_keywords
from deckwright.repl.lexer import KEYWORDS, DeckwrightLexer

ROOT = Path(__file__).resolve().parent.parent
EDITORS = ROOT / "editors"


def test_the_generated_grammars_are_up_to_date():
    run = subprocess.run([sys.executable, str(EDITORS / "generate.py"), "--check"],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


def textmate() -> dict:
    return json.loads((EDITORS / "vscode/syntaxes/deckwright.tmLanguage.json").read_text())


def test_the_textmate_grammar_highlights_exactly_the_lexers_keywords():
    (pattern,) = [p["match"] for p in textmate()["patterns"]
                  if p.get("name", "").startswith("keyword.other")]
    words = set(re.fullmatch(r"\\b\(\?:(.*)\)\\b", pattern).group(1).split("|"))
    assert words == set(KEYWORDS)
    rx = re.compile(pattern)
    assert rx.search("  gain 1 vp").group(0) == "gain"
    assert rx.search("turn_end") is None                  # a name, not `turn`
    assert rx.search("players").group(0) == "players"      # not `player`


def test_the_vim_syntax_lists_the_same_keywords():
    text = (EDITORS / "vim/syntax/deckwright.vim").read_text()

    def listed(group):
        return {w for line in text.splitlines() if line.startswith(f"syntax match {group} ")
                for w in re.search(r"\\<\\%\((.*?)\\\)\\>", line).group(1).split("\\|")}
    assert listed("deckwrightKeyword") == set(KEYWORDS)
    assert listed("deckwrightVerb") == set(inner_keywords())


DECK_TEXTS = {p.name: p.read_text(encoding="utf-8") for p in sorted(DECKS_DIR.glob("*.deck"))}
WORD = re.compile(r"[a-z_][a-zA-Z0-9_]*")


def lexer_words(text: str) -> dict:
    """(line, column) of each lower-case word outside strings and comments → whether the
    Pygments lexer makes it a keyword."""
    out, line, col = {}, 1, 0
    for token, value in DeckwrightLexer().get_tokens(text):
        if (token in Keyword or token in Name) and WORD.fullmatch(value):
            out[(line, col)] = token in Keyword
        if "\n" in value:
            line, col = line + value.count("\n"), len(value) - value.rfind("\n") - 1
        else:
            col += len(value)
    return out


def textmate_scopes(grammar: dict, text: str) -> dict:
    """(line, column) → the scope a TextMate tokenizer gives the character there, by its
    rules as far as this grammar uses them: on each line, of the patterns that match at or
    after the position, the one that starts first wins (the earlier in the list on a tie,
    and an open region's `end` before its patterns); a `begin`/`end` region may run on
    over lines; `captures` scope the groups of a match."""
    def compiled(rule):
        rule = {k: re.compile(v) if k in ("match", "begin", "end") else v
                for k, v in rule.items()}
        if "patterns" in rule:
            rule["patterns"] = [compiled(r) for r in rule["patterns"]]
        return rule
    top = [compiled(r) for r in grammar["patterns"]]
    scopes, region = {}, None
    for n, line in enumerate(text.split("\n"), 1):
        pos = 0
        while pos <= len(line):
            if region is not None:
                candidates = [("end", region["end"])] + [(r, r["match"])
                                                         for r in region.get("patterns", ())]
            else:
                candidates = [(r, r.get("match") or r["begin"]) for r in top]
            best = None
            for rule, rx in candidates:
                m = rx.search(line, pos)
                if m and (best is None or m.start() < best[1].start()):
                    best = (rule, m)
            if best is None:
                break
            rule, m = best
            if rule == "end":
                name, region = region.get("name"), None
            else:
                name = rule.get("name")
            for c in range(*m.span()):
                scopes[(n, c)] = name
            if rule == "end":
                pos = m.end()                # an end may be empty: `(?=\S)`, `$`
                continue
            for group, capture in rule.get("captures", {}).items():
                for c in range(*m.span(int(group))):
                    scopes[(n, c)] = capture["name"]
            if "begin" in rule:
                region = rule
            pos = max(m.end(), m.start() + 1)
    return scopes


@pytest.mark.parametrize("name", DECK_TEXTS)
def test_the_textmate_grammar_classes_every_word_as_the_lexer_does(name):
    text = DECK_TEXTS[name]
    scopes = textmate_scopes(textmate(), text)
    expected = lexer_words(text)
    found = {at: (scopes.get((at[0], at[1])) or "").startswith("keyword.other")
             for at in expected}
    wrong = [(at, text.split("\n")[at[0] - 1][at[1]:at[1] + 12]) for at in expected
             if found[at] != expected[at]]
    assert not wrong, wrong[:10]


VIM_WORDS = r"""
let out = []
for l in range(1, line('$'))
  let text = getline(l)
  let c = 0
  while 1
    let m = matchstrpos(text, '\<[a-z_][a-zA-Z0-9_]*\>', c)
    if m[1] < 0 | break | endif
    call add(out, l . ' ' . m[1] . ' ' . synIDattr(synID(l, m[1] + 1, 1), 'name'))
    let c = m[2]
  endwhile
endfor
call writefile(out, $DECKWRIGHT_VIM_OUT)
"""


@pytest.mark.skipif(shutil.which("vim") is None, reason="needs vim on the PATH")
def test_vim_classes_every_word_as_the_lexer_does(tmp_path):
    script = tmp_path / "words.vim"
    script.write_text(VIM_WORDS)
    for name, text in DECK_TEXTS.items():
        out = tmp_path / f"{name}.txt"
        run = subprocess.run(
            # As docs/editors.md sets it up: editors/vim on the runtime path, whose
            # ftdetect makes a .deck file's type deckwright and so loads the syntax.
            ["vim", "-Es", "-u", "NONE", "-N", "-i", "NONE",
             "--cmd", f"set runtimepath^={EDITORS / 'vim'}", "-c", "filetype on",
             "-c", "syntax on", "-c", f"edit {DECKS_DIR / name}",
             "-c", f"source {script}", "-c", "qa!"],
            env={**os.environ, "DECKWRIGHT_VIM_OUT": str(out)}, stdin=subprocess.DEVNULL,
            capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stdout + run.stderr
        lines = text.split("\n")
        vim = {}
        for row in out.read_text().splitlines():       # Vim counts bytes, not characters
            line, col, *group = row.split()
            at = len(lines[int(line) - 1].encode()[:int(col)].decode())
            vim[(int(line), at)] = group == ["deckwrightKeyword"]
        expected = lexer_words(text)
        wrong = [(at, text.split("\n")[at[0] - 1][at[1]:at[1] + 12]) for at in expected
                 if vim.get(at, False) != expected[at]]
        assert not wrong, (name, wrong[:10])


def test_the_vscode_extension_names_its_grammar_and_the_server():
    pkg = json.loads((EDITORS / "vscode/package.json").read_text())
    (grammar,) = pkg["contributes"]["grammars"]
    assert (EDITORS / "vscode" / grammar["path"]).exists()
    assert grammar["scopeName"] == textmate()["scopeName"]
    assert pkg["contributes"]["languages"][0]["extensions"] == [".deck"]
    assert pkg["contributes"]["configuration"]["properties"]["deckwright.command"]["default"] == \
        ["deckwright", "lsp"]
    assert (EDITORS / "vscode" / pkg["main"]).exists()
