"""The checker: names and event fields are resolved before a game starts."""
import pytest

from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_text

BASE = 'game "Bad" extends "dvorak"\n'


def diagnostics(text):
    with pytest.raises(DeckError) as err:
        load_text(BASE + text, "bad.deck")
    return [(d.code, d.message, d.hint) for d in err.value.diagnostics]


def test_an_event_field_the_event_does_not_have_is_reported_with_a_suggestion():
    found = diagnostics('card "Spy": Thing {\n  text "x"\n'
                        '  when play where event.c is Action { draw 1 }\n}\n')
    assert found == [("unknown-name", "this event has no field `c`",
                      "its fields: ability, card, name, player, source, targets")]


def test_a_misspelt_field_of_a_built_in_event_gets_a_did_you_mean():
    found = diagnostics('card "Spy": Thing {\n  text "x"\n'
                        '  when enter where event.crad == this { draw 1 }\n}\n')
    assert found == [("unknown-name", "this event has no field `crad`", "did you mean `card`?")]


def test_a_static_on_an_event_knows_its_fields_too():
    found = diagnostics('card "Wall": Thing {\n  text "x"\n'
                        '  static prevent destroy where event.target == this\n}\n')
    assert found[0][:2] == ("unknown-name", "this event has no field `target`")


def test_before_cannot_react_to_an_event_announced_after_it_happens():
    found = diagnostics('card "Late": Thing {\n  text "x"\n'
                        '  before turn_start { negate }\n}\n')
    assert found[0][0] == "no-reaction"


def test_create_must_say_where():
    found = diagnostics('card "Maker": Action {\n  text "x"\n  effect { create 1 "Maker" }\n}\n')
    assert found[0][:2] == ("create-where", "say where `Maker` is created")


def test_a_card_with_two_effects_is_reported_rather_than_losing_the_first():
    found = diagnostics('card "Twice": Action {\n  text "Draw a card."\n'
                        '  effect { draw 1 }\n  effect { draw 2 }\n}\n')
    assert found == [("duplicate", "`Twice` has a second `effect`; the first would be lost",
                      "give a card one `effect`")]


def test_a_shared_resource_is_read_and_set_by_its_name_alone():
    found = diagnostics('resource pot: shared\n'
                        'card "Tax": Action {\n  text "x"\n'
                        '  effect {\n    set pot of you to pot + 1\n    gain pot of you coins\n  }\n}\n'
                        'resource coins\n')
    assert found == [("zone-owner", "resource `pot` is shared; write `pot` alone", None)] * 2


def test_the_shared_value_is_what_every_player_sees():
    program = load_text(BASE + 'resource pot: shared, start 4\nresource coins\n'
                        'card "Tax": Action {\n  text "x"\n  effect { gain pot coins }\n}\n',
                        "ok.deck")
    from tests.scenario import given, play, res
    s = given(program, hands={0: ["Tax"]})
    play(s, "play_action: Tax")
    assert res(s, 0, "coins") == 4 and s.state.globals["pot"] == 4


HELPERS = '''action refund() { gain event.card.cost gears }
action refund_twice() { refund; refund }
resource gears
property cost = 0
'''


def test_an_action_that_reads_event_is_checked_where_it_is_called():
    found = diagnostics(HELPERS + 'card "Till": Thing {\n  text "x"\n'
                        '  when draw { refund_twice }\n}\n'
                        'override setup { refund }\n')
    assert found == [
        ("unknown-name", "`refund_twice` reads `event.card`, and this event has no field `card`",
         "its fields: ability, n, name, player, source, targets"),
        ("event-outside", "`refund` uses `event`, and there is no event here",
         "call it from a trigger, a reaction, a static or an action, or pass what it needs "
         "as an argument")]


def test_an_action_that_reads_event_from_a_trigger_whose_event_has_the_field_is_fine():
    program = load_text(BASE + HELPERS + 'card "Till": Thing {\n  text "x"\n'
                        '  when play where event.card != this { refund_twice }\n}\n', "ok.deck")
    assert "refund" in program.actions
