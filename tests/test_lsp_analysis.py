"""The language server's answers (deckwright.dsl.lsp.analysis, no pygls): whatever the buffer holds
mid-edit, every question gets an answer, never an exception."""
from hypothesis import HealthCheck, given, settings, strategies as st

from deckwright.dsl.lsp.analysis import Analysis

DECK = 'game "T" extends "dvorak"\nresource gears: start 0\ncard "Cog": Thing {\n' \
       '  text "Gain 1 gear."\n  effect { gain 1 gears }\n}\n'


def ask_everything(a: Analysis):
    for line in range(len(a.lines) + 1):
        for char in (0, 3, 9, 200):
            a.hover(line, char)
            a.definition(line, char)
            a.completions(line, char)
    a.symbols()
    for d in a.diagnostics:
        a.code_actions(d)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=200), st.integers(0, len(DECK)))
def test_any_edit_of_a_deck_is_answered(tmp_path_factory, insert, at):
    text = DECK[:at] + insert + DECK[at:]
    ask_everything(Analysis(str(tmp_path_factory.mktemp("d") / "t.deck"), text))


def test_a_broken_buffer_keeps_the_names_of_the_last_one_that_parsed(tmp_path):
    good = Analysis(str(tmp_path / "t.deck"), DECK)
    broken = Analysis(str(tmp_path / "t.deck"), DECK + "when \n", good)
    labels = {c.label for c in broken.completions(6, 0)}
    assert "gears" in labels and '"Cog"' in labels
    assert broken.definition(4, 19) == good.definition(4, 19) is not None   # `gears`


def test_symbols_hover_and_definition_on_a_small_deck(tmp_path):
    a = Analysis(str(tmp_path / "t.deck"), DECK)
    assert [(s.name, s.kind, s.pos.line) for s in a.symbols()] == [("Cog", "card", 3)]
    assert a.definition(4, 19).line == 2
    assert a.hover(2, 7) == ("**Cog** — Thing\n\n*Printed:* Gain 1 gear.\n\n"
                             "*Effect:* Gain 1 gears.\n\nt.deck:3")
    assert a.hover(4, 19).startswith("**resource** `gears`\n\n```deckwright\n"
                                     "resource gears: start 0\n```")


def test_hover_on_an_event_after_when_lists_its_fields(tmp_path):
    text = DECK + "when enter where event.card == this { pass }\nwhen draw { pass }\n"
    a = Analysis(str(tmp_path / "t.deck"), text)
    assert a.hover(6, 6) == ("**event** `enter` (built in)\n\nfields: `event.card`, "
                             "`event.from`, `event.player`, `event.to`")
    assert a.hover(7, 6).startswith("**event** `draw`: a call of the action\n\n"
                                    "fields: `event.n`, `event.player`")


# --- a file of cards for `include`: checked as part of the game that includes it ------------

GAME = 'game "G" extends "dvorak"\nresource gears: start 0\ninclude "cards"\n'
CARDS = 'game "Cards"\ncard "Anvil": Thing {\n  text "Gain 1 gear."\n  effect { gain 1 gears }\n}\n'


def test_a_file_of_cards_is_checked_as_part_of_the_game_that_includes_it(tmp_path):
    (tmp_path / "game.deck").write_text(GAME)
    (tmp_path / "cards.deck").write_text(CARDS)
    a = Analysis(str(tmp_path / "cards.deck"), CARDS)
    assert a.diagnostics == [] and a.elsewhere == []
    assert a.part_of == [tmp_path / "game.deck"]
    assert [(s.name, s.kind) for s in a.symbols()] == [("Anvil", "card")]
    assert a.definition(3, 19).line == 2                 # `gears`, declared by the game
    assert a.hover(1, 7).startswith("**Anvil** — Thing")


def test_the_unsaved_buffer_of_a_file_of_cards_is_what_is_checked(tmp_path):
    (tmp_path / "game.deck").write_text(GAME)
    (tmp_path / "cards.deck").write_text(CARDS)
    a = Analysis(str(tmp_path / "cards.deck"), CARDS.replace("gain 1 gears", "gain 1 gaers"))
    (d,) = a.diagnostics
    assert (d.code, d.message, d.hint, d.pos.line) == (
        "unknown-name", "unknown resource `gaers`", "did you mean `gears`?", 4)
    assert [e.new_text for e in a.code_actions(d)] == ["gears"]


def test_an_error_in_the_including_game_is_shown_on_the_first_line(tmp_path):
    (tmp_path / "game.deck").write_text(GAME + "card \"Hammer\": Thing {\n  effect { gain 1 nails }\n}\n")
    (tmp_path / "cards.deck").write_text(CARDS)
    a = Analysis(str(tmp_path / "cards.deck"), CARDS)
    assert a.diagnostics == []
    assert [(d.message, d.pos.line) for d in a.elsewhere] == [("unknown resource `nails`", 5)]


def test_the_bundled_files_of_cards_have_no_false_errors():
    from deckwright.decks import DECKS_DIR
    for name, game in (("dveck_cards", "dveck_builder"), ("decktet", "dueling_runes")):
        path = DECKS_DIR / f"{name}.deck"
        a = Analysis(str(path), path.read_text("utf-8"))
        assert (a.diagnostics, a.elsewhere) == ([], []), name
        assert [p.name for p in a.part_of] == [f"{game}.deck"]


# --- scenarios: their mistakes as diagnostics, their names in the outline -----------------

TEST_DECK = '''game "T: scenarios" extends "t"
background {
  deck top: "Cog"
}
scenario "The Cog gains a gear" {
  given { hand of P3: "Cgo" }
  when { P1 chooses "play_action: Cog" }
  then { gears of P1 is 1 }
}
'''


def test_a_test_decks_scenario_mistakes_are_diagnostics_with_quick_fixes(tmp_path):
    (tmp_path / "t.deck").write_text(DECK)
    a = Analysis(str(tmp_path / "t.test.deck"), TEST_DECK)
    assert [(d.code, d.message, d.hint, d.pos.line, d.pos.column) for d in a.diagnostics] == [
        ("scenario", "no seat `P3`: the scenario has P1 to P2",
         "seats are P1 to P2; `players N` sets how many", 6, 11),
        ("scenario", "no card named `Cgo`", "did you mean `Cog`?", 6, 23)]
    (fix,) = a.code_actions(a.diagnostics[1])
    assert (fix.line, fix.start, fix.end, fix.new_text) == (5, 23, 26, "Cog")
    assert [(s.name, s.kind, s.pos.line) for s in a.symbols()] == [
        ("background", "background", 2), ("The Cog gains a gear", "scenario", 5)]


def test_a_scenario_in_the_deck_itself_is_checked_and_listed(tmp_path):
    text = DECK + 'scenario "s" {\n  given { hnd of P1: "Cog" }\n}\n'
    a = Analysis(str(tmp_path / "t.deck"), text)
    assert [(d.message, d.hint) for d in a.diagnostics] == [
        ("no zone, resource, variable or parameter named `hnd`", "did you mean `hand`?")]
    assert [s.name for s in a.symbols()] == ["Cog", "s"]


# --- hover on a built-in statement ------------------------------------------------------------

def test_hover_on_a_built_in_statement_says_what_it_does(tmp_path):
    a = Analysis(str(tmp_path / "t.deck"), DECK)
    assert a.hover(4, 12) == (
        "**gain** (built-in statement)\n\n```deckwright\ngain N RESOURCE\n```\n\n"
        "Always `you`'s resource (use `as p { lose 2 gears }` for someone else's). Zero or "
        "negative amounts do nothing. The result is clamped to the resource's `min`/`max`. "
        "`gain` and `lose` are events.\n\ndocs/language.md, section 8")


def test_a_keyword_that_begins_no_statement_there_has_no_statement_hover(tmp_path):
    text = 'game "T" extends "dvorak"\ncard "Lamp": Thing {\n  static modify hand_size by 1\n}\n'
    a = Analysis(str(tmp_path / "t.deck"), text)
    assert a.hover(2, 4) is None                         # a card's static, not the statement
    assert Analysis(str(tmp_path / "t.deck"), DECK).hover(3, 4) is None     # `text`


def test_every_statement_keyword_of_the_grammar_has_the_references_words():
    import re
    from pathlib import Path
    from deckwright.dsl.lsp.verbs import VERBS
    from deckwright.grammar import statement_words
    assert sorted(VERBS) == list(statement_words())
    reference = Path(__file__).resolve().parents[1] / "docs" / "language.md"
    section = reference.read_text("utf-8").split("## 8. Statements")[1].split("\n## 9.")[0]
    flat = re.sub(r"\s+", " ", section)
    for word, (forms, says) in VERBS.items():
        for form in forms:
            assert f"`{form}`" in flat, (word, form)
        for sentence in says:
            assert sentence in flat, (word, sentence)
