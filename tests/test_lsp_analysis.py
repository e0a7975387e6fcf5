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
