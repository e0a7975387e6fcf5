"""The linter: each rule finds what it says, on a corpus of small bad decks, and the
bundled decks lint with their `{code: count}` pinned.

Corpus: ``tests/lint_corpus/NAME.deck`` with its exact diagnostics in ``NAME.expected``
(``file:line:col: severity[code]: message``, one a line). A deck may ask for lint options
with a ``# lint-args: --sim N [--audit-hidden]`` comment, and for rules that are off
unless asked for with ``# lint-args: --enable CODE``. Regenerate the pins after a deliberate change::

    DECKWRIGHT_UPDATE_LINT=1 python -m pytest tests/test_lint.py
"""
import json
import os
import re
from pathlib import Path

import pytest

from deckwright.dsl.cli import main as cli_main
from deckwright.dsl.lint import REGISTRY, lint, render_text, suppressions, to_sarif

CORPUS = Path(__file__).resolve().parent / "lint_corpus"
DECKS = Path(__file__).resolve().parent.parent / "decks"
PINS = CORPUS / "bundled_pins.json"
UPDATE = os.environ.get("DECKWRIGHT_UPDATE_LINT") == "1"
BUNDLED = ["dvorak", "example", "dueling_runes", "dveck_builder", "urban_dead"]


def corpus_lines(path: Path) -> list:
    text = path.read_text()
    m = re.search(r"#\s*lint-args:\s*--sim\s+(\d+)", text)
    enabled = re.findall(r"lint-args:.*--enable\s+([a-z-]+)", text)
    rules = {c for c, cls in REGISTRY.items() if not cls.opt_in} | set(enabled) \
        if enabled else None
    result = lint(str(path), sim=int(m.group(1)) if m else 0, seed=0, rules=rules,
                  audit_hidden=bool(re.search(r"lint-args:.*--audit-hidden", text)))
    out = []
    for d in result.diagnostics:
        where = f"{Path(d.pos.file).name}:{d.pos.line}:{d.pos.column}" if d.pos else "-"
        out.append(f"{where}: {d.severity}[{d.code}]: {d.message}")
    return out


DECK_FILES = sorted(CORPUS.glob("*.deck"))


@pytest.mark.parametrize("path", DECK_FILES, ids=[p.stem for p in DECK_FILES])
def test_corpus_deck_gives_exactly_its_pinned_diagnostics(path):
    got = corpus_lines(path)
    expected_file = path.with_suffix(".expected")
    if UPDATE:
        expected_file.write_text("".join(line + "\n" for line in got))
    assert got == expected_file.read_text().splitlines()


def test_the_corpus_is_at_least_25_bad_decks_each_with_a_finding():
    assert len(DECK_FILES) >= 25
    for path in DECK_FILES:
        assert path.with_suffix(".expected").read_text().strip(), path.name


def test_every_rule_is_exercised_by_the_corpus():
    seen = set()
    for path in DECK_FILES:
        for line in path.with_suffix(".expected").read_text().splitlines():
            seen.add(re.search(r"\[([a-z-]+)\]", line).group(1))
    assert set(REGISTRY) <= seen, sorted(set(REGISTRY) - seen)


@pytest.mark.parametrize("deck", BUNDLED)
def test_bundled_deck_lints_with_its_pinned_counts(deck):
    if not (DECKS / f"{deck}.deck").exists():
        pytest.skip(f"decks/{deck}.deck is not written yet")
    pins = json.loads(PINS.read_text()) if PINS.exists() else {}
    counts = lint(deck).counts()
    if UPDATE:
        pins[deck] = counts
        PINS.write_text(json.dumps(pins, indent=2, sort_keys=True) + "\n")
    if deck not in pins:
        pytest.skip(f"no pin for {deck} yet: run with DECKWRIGHT_UPDATE_LINT=1")
    assert counts == pins[deck]


def test_bundled_decks_have_no_lint_errors():
    for deck in BUNDLED:
        if (DECKS / f"{deck}.deck").exists():
            assert lint(deck).errors == 0, deck


# --- rules, one behaviour each ---------------------------------------------------------

def codes(text: str, **kw) -> list:
    return [d.code for d in lint("<t>", text=text, file="t.deck", **kw).diagnostics]


def test_a_setting_given_two_values_in_one_file_is_a_conflict():
    text = 'game "T" extends "dvorak"\noption sequence_length = 4\noption sequence_length = 3\n'
    r = lint("<t>", text=text, file="t.deck")
    assert [d.code for d in r.diagnostics] == ["conflicting-setting"]
    assert "first 4 at line 2, then 3 here" in r.diagnostics[0].message
    assert r.diagnostics[0].pos.line == 3


def test_the_same_value_twice_is_a_duplicate_not_a_conflict():
    assert codes('game "T" extends "dvorak"\noption n = 4\noption n = 4\n') == ["duplicate"]


def test_override_makes_a_redeclaration_legal():
    assert codes('game "T" extends "dvorak"\noverride param hand_size = 7\n') == []
    assert codes('game "T" extends "dvorak"\nparam hand_size = 7\n') == ["needs-override"]


def test_a_loop_message_prints_the_cycle():
    r = lint(str(CORPUS / "trigger_loop.deck"))
    (d,) = [d for d in r.diagnostics if d.code == "trigger-loop"]
    assert d.severity == "warning"
    assert '"Bellows" `when gain`' in d.message and 'causes `draw`' in d.message
    assert '"Furnace" `when draw`' in d.message and 'causes `gain`' in d.message
    assert d.message.endswith("→ again")


def test_an_unconditional_self_causing_trigger_is_an_error():
    r = lint("<t>", text='game "T" extends "dvorak"\nresource g: start 0\nwhen gain { gain 1 g }\n',
             file="t.deck")
    assert [(d.code, d.severity) for d in r.diagnostics] == [("trigger-loop", "error")]


def test_once_per_turn_breaks_a_loop():
    text = 'game "T" extends "dvorak"\nresource g: start 0\nwhen gain once per turn { gain 1 g }\n'
    assert codes(text) == []


def test_attachments_leaving_with_their_host_is_not_a_loop():
    # dvorak's own rule: leave → destroy attachments → leave; each step empties play.
    assert "trigger-loop" not in lint("dvorak").counts()


def test_nested_repeats_beyond_the_step_budget_point_at_the_inner_loop():
    r = lint(str(CORPUS / "cost_bound.deck"))
    (d,) = r.diagnostics
    assert d.code == "cost-bound" and "1,001,001 steps" in d.message


def test_a_constant_false_condition_makes_an_ability_unusable():
    text = ('game "T" extends "dvorak"\ncard "X": Thing {\n'
            '  ability "A": if 2 < 1 { draw 1 }\n}\n')
    assert codes(text) == ["never-usable"]


def test_a_suppression_comment_silences_its_own_line_and_the_next():
    table = suppressions("a  # lint: ignore x-y, z\n# lint: ignore\nb\n")
    assert table == {1: {"x-y", "z"}, 3: {"*"}}


def test_suppression_deck_reports_only_what_is_not_suppressed():
    r = lint(str(CORPUS / "suppression.deck"))
    assert r.suppressed == 4          # Spark, Ember, and both findings on Battery's line 10
    assert [(d.code, d.pos.line) for d in r.diagnostics] == [("token-never-created", 6)]


def test_text_output_is_compiler_style_with_a_caret():
    r = lint(str(CORPUS / "text_number.deck"))
    out = render_text(r.diagnostics[0], r.sources)
    first, line, caret = out.splitlines()[:3]
    assert re.match(r".*text_number\.deck:3:3: warning\[text-number\]: ", first)
    assert 'text "Draw three cards."' in line and caret.strip().startswith("|") and "^^^" in caret


def test_sarif_output_is_2_1_0_with_rules_and_regions():
    r = lint(str(CORPUS / "controller_hand.deck"))
    doc = json.loads(to_sarif([("controller_hand", r)]))
    assert doc["version"] == "2.1.0"
    run = doc["runs"][0]
    assert [x["id"] for x in run["tool"]["driver"]["rules"]] == ["controller-hand"]
    (res,) = run["results"]
    assert res["ruleId"] == "controller-hand" and res["level"] == "warning"
    region = res["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] == 4


def test_cli_exits_1_on_errors_and_0_on_warnings(capsys):
    assert cli_main(["lint", str(CORPUS / "conflicting_option.deck")]) == 1
    assert "error[conflicting-setting]" in capsys.readouterr().out
    assert cli_main(["lint", str(CORPUS / "text_zone.deck")]) == 0


def test_cli_json_output_lists_counts(capsys):
    assert cli_main(["lint", "--format", "json", str(CORPUS / "duplicate.deck")]) == 1
    (entry,) = json.loads(capsys.readouterr().out)
    assert entry["counts"] == {"duplicate": 1} and entry["errors"] == 1


def test_sim_error_gives_the_command_to_reproduce_it():
    r = lint(str(CORPUS / "sim_error.deck"), sim=1)
    (d,) = [d for d in r.diagnostics if d.code == "sim-error"]
    assert "trigger loop" in d.message
    assert d.hint.startswith("reproduce: deckwright sim ") and "--seed 0 --game 0" in d.hint


def test_every_rule_has_a_summary_a_fix_and_a_docs_entry():
    docs = (Path(__file__).resolve().parent.parent / "docs" / "lint.md").read_text()
    for code, cls in REGISTRY.items():
        assert cls.summary and cls.fix, code
        assert f"`{code}`" in docs, code


def _where(text: str):
    from deckwright.dsl.parser import parse_text
    deck = parse_text(f'game "G"\nsetup {{\n  if {text} {{ pass }}\n}}\n', "w.deck")
    return deck.items[0].body.stmts[0].cond


@pytest.mark.parametrize("a, b, apart", [
    ("event.n > 2", "event.n <= 2", True),
    ("3 < event.n", "event.n < 3", True),            # the constant may stand on either side
    ("event.n > 1", "event.n > 2", False),           # the Scholar and the Miser overlap
    ("event.card is Action", "event.player == you and event.card is not Action", True),
    ("event.player == you", "event.player != you", True),
    ("event.kind == Moons", 'event.kind == "Suns"', True),
    ("event.kind == Moons", 'event.kind == "Moons"', False),   # a symbol is its text
    ("Moons is in event.card.suits", "Moons is not in event.card.suits", True),
    ("event.card.face_up", "not event.card.face_up", True),
    ("event.n != 2", "event.n == 3", False),
])
def test_exclusive_conditions_are_those_whose_text_says_so(a, b, apart):
    from deckwright.dsl.lint import exclusive
    assert exclusive(_where(a), _where(b)) is apart
    assert exclusive(_where(b), _where(a)) is apart
    assert exclusive(_where(a), None) is False


# --- `lint --sim N --bots NAMES` ------------------------------------------------------

def test_lint_sim_bots_play_the_games_and_the_reproduction_names_them(capsys):
    assert cli_main(["lint", str(CORPUS / "sim_error.deck"), "--bots", "first,random"]) == 0
    capsys.readouterr()
    r = lint(str(CORPUS / "sim_error.deck"), sim=1, bots=["first", "random"])
    (d,) = [d for d in r.diagnostics if d.code == "sim-error"]
    assert d.hint.endswith("--seed 0 --game 0 --players 2 --bots first,random")


def test_lint_sim_with_random_bots_names_no_bots_in_the_reproduction():
    (d,) = [d for d in lint(str(CORPUS / "sim_error.deck"), sim=1).diagnostics
            if d.code == "sim-error"]
    assert d.hint.endswith("--seed 0 --game 0 --players 2")


def test_lint_bots_refuses_an_unknown_bot_in_the_words_of_sim(capsys):
    with pytest.raises(SystemExit):
        cli_main(["lint", "example", "--sim", "1", "--bots", "mcts:x"])
    assert capsys.readouterr().err.splitlines()[-1] == (
        "deckwright lint: error: argument --bots: the budget in 'mcts:x' must be a whole "
        "number of simulations, 1 or more")


SEARCHED = '''game "Searched" extends "dvorak"
resource gears: start 0
when turn_start { gain 1 gears }
when create { gain 1 gears }
whenever count (players where it.gears >= 3) > 0 {
  end game by most gears
}
card "Cog": Action x 8 {
  text "Gain 1 gear."
  effect { gain 1 gears }
}
'''


def test_lint_sim_with_a_search_bot_counts_what_the_game_did(tmp_path):
    """A searching seat plays a stepped game: the Cog it plays and the turn-start trigger
    count; what never happens (a `create`) is still reported."""
    pytest.importorskip("pyspiel", reason="OpenSpiel (deckwright[search]) is not installed")
    deck = tmp_path / "searched.deck"
    deck.write_text(SEARCHED)
    r = lint(str(deck), sim=2, bots=["mcts:3", "random"])
    mine = sorted((d.code, d.pos.line) for d in r.diagnostics
                  if d.pos is not None and d.pos.file.endswith("searched.deck"))
    assert mine == [("sim-never-fired", 4)]
