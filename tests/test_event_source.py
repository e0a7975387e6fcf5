"""Every event says its `source`: the card whose text caused it (docs/language.md §13),
and its `ability`: which ability of that card, if one did.

A card moving, a player gaining, a counter put on: each built-in event names the card
whose text made it, also through an action the card calls (the base deck's `destroy`
moves the card to the discard pile: that move's source is the card that destroyed it).
A deck that never reads `source` (or an event's `ability`) compiles to exactly the code
it did before.
"""
from deckwright.dsl.codegen import generate
from deckwright.dsl.loader import load_program
from tests.scenario import failures_of, scenario_deck

CARDS = '''
card "Phoenix Core": Thing - Machine {
  text "When Phoenix Core is destroyed by a Wrench, return it to its owner's hand."
  when leave where event.card == this and event.source.name == "Wrench" {
    move this to hand of this.owner
  }
}

card "Lead Lining": Thing - Trinket {
  text "Your Things can't leave play because of Scrap Sale."
  static prevent leave where event.card.controller == you and event.source.name == "Scrap Sale"
}

card "Tally Board": Thing - Trinket {
  text "Whenever a Windmill gives you gears, gain 1 more gear."
  when gain where event.player == you and event.resource == "gears" \\
      and event.source != none and event.source.name == "Windmill" {
    gain 1 gears
  }
}

card "Charge Meter": Thing - Trinket {
  text "Whenever a Spring Press puts a charge on a card, say so."
  when counter_added where event.source != none and event.source.name == "Spring Press" {
    say "charged"
  }
}
'''


def test_a_destroyed_card_knows_what_destroyed_it():
    assert failures_of(CARDS + '''
        scenario "Phoenix Core comes back when a Wrench destroys it" {
          given {
            hand of P1: "Wrench"
            area of P2: "Phoenix Core"
            deck top: "Oil Can", "Gearbox"
          }
          when { P1 chooses "play_action: Wrench" }
          then {
            log says "Phoenix Core: discard_pile → P2's hand"
            hand of P2 is "Phoenix Core", "Gearbox"
          }
        }''') == []


def test_a_card_destroyed_otherwise_stays_destroyed():
    assert failures_of(CARDS + '''
        scenario "Phoenix Core sold off stays in the discard pile" {
          given {
            hand of P1: "Scrap Sale"
            area of P1: "Phoenix Core"
            deck top: "Oil Can", "Gearbox", "Windmill"
          }
          when {
            P1 chooses "play_action: Scrap Sale"
          }
          then {
            log says "P1 gains 3 gears (3)"
            "Phoenix Core" in discard_pile: owner P1
          }
        }''') == []


def test_a_prevention_by_source():
    assert failures_of(CARDS + '''
        scenario "Lead Lining keeps a Thing from a Scrap Sale, not from a Wrench" {
          given {
            hand of P1: "Scrap Sale", "Wrench"
            area of P1: "Lead Lining", "Gearbox"
            deck top: "Oil Can"
          }
          when {
            P1 chooses "play_action: Scrap Sale"
          }
          then { area of P1 is "Lead Lining", "Gearbox" }
        }''') == []


def test_a_gain_knows_the_card_that_gave_it():
    assert failures_of(CARDS + '''
        scenario "Tally Board adds a gear to a Windmill's, not to its own" {
          given {
            area of P1: "Windmill", "Tally Board"
            deck top: "Oil Can"
          }
          then { gears of P1 is 2 }
        }''') == []


def test_a_counter_knows_who_put_it():
    assert failures_of(CARDS + '''
        scenario "Charge Meter hears a Spring Press wind itself" {
          given {
            area of P1: "Spring Press", "Charge Meter"
            deck top: "Oil Can"
          }
          when { P1 chooses "Spring Press: Wind" }
          then { log says "P1: charged" }
        }''') == []


def test_a_deck_that_never_reads_source_compiles_as_before():
    """The built-in events carry no `source` unless the deck reads one: the helpers take
    no such argument (so a bundled deck's hot paths are unchanged)."""
    plain, _ = generate(load_program("example"), False)
    assert "'source'" not in plain.split("def MV1", 1)[1].split("\ndef ", 1)[0]
    read = scenario_deck(CARDS)
    source, _ = generate(read, False)
    mv1 = source.split("def MV1", 1)[1].split("\ndef ", 1)[0]
    assert mv1.startswith("(g, you, by, card, zone, pos, index)")
    assert "'source': by" in mv1


# --- the ability that made an event -----------------------------------------------------------
ABILITIES = '''
card "Crane": Thing - Machine {
  text "Action: destroy target Machine another player controls."
  ability "Demolish": uses action_play, target t from Machine cards where it.controller != you {
    destroy t
  }
}

card "Blast Door": Thing - Building {
  text "Your Things can't be destroyed by abilities."
  static prevent leave where event.card.controller == you and event.ability != none
}

card "Wind Chime": Thing - Trinket {
  text "Whenever a Wind puts a charge counter on a card, gain 1 gear."
  when counter_added where event.ability == "Wind" { gain 1 gears }
}

card "Logbook": Thing - Trinket {
  text "Whenever you gain gears, the log says which ability gave them."
  when gain where event.player == you { say "gears from {event.ability}" }
}

card "Site Report": Thing - Trinket {
  text "Whenever a Thing is destroyed by a Demolish, say so."
  when destroy where event.ability == "Demolish" { say "demolished" }
}
'''


def test_an_event_knows_the_ability_whose_body_made_it():
    # The Wind puts the third charge (the Chime hears it) and gains 3 gears; the Chime's
    # own gear comes from its trigger, which is no ability.
    assert failures_of(ABILITIES + '''
        scenario "Wind Chime rings for a Wind, and the Logbook tells the gears apart" {
          given {
            area of P1: "Spring Press" (2 charge), "Wind Chime", "Logbook"
            deck top: "Oil Can"
          }
          when { P1 chooses "Spring Press: Wind" }
          then {
            gears of P1 is 4
            log says "P1: gears from none"
            log says "P1: gears from Wind"
          }
        }''') == []


def test_an_action_called_by_an_ability_carries_it_to_its_events():
    # `destroy` is the base deck's action: its call and the move it makes both say the
    # Demolish that called it.
    assert failures_of(ABILITIES + '''
        scenario "Blast Door stops a Demolish" {
          given {
            area of P1: "Crane", "Site Report"
            area of P2: "Windmill", "Blast Door"
            deck top: "Oil Can"
          }
          when { P1 chooses "Crane: Demolish" }
          then {
            log says "P1: Demolish targeting Windmill"
            log says "P1: demolished"
            area of P2 is "Windmill", "Blast Door"
          }
        }''') == []


def test_a_cards_effect_is_no_ability():
    assert failures_of(ABILITIES + '''
        scenario "Blast Door does not stop a Wrench" {
          given {
            hand of P1: "Wrench"
            area of P1: "Site Report"
            area of P2: "Windmill", "Blast Door"
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Wrench" }
          then {
            area of P2 is "Blast Door"
            log does not say "demolished"
          }
        }''') == []


def test_a_deck_that_reads_only_an_activates_ability_compiles_as_before():
    """An `activate` event names its ability anyway: reading it costs nothing more, and
    only a deck that reads another event's `ability` passes abilities along."""
    head = '''card "Bell": Thing {
  text "Whenever a Wind is used, say so."
  when activate where event.ability == "Wind" { say "wound" }
}
'''
    without, _ = generate(scenario_deck(head), True)
    assert "byab" not in without
    read, _ = generate(scenario_deck(ABILITIES), True)
    assert "def MV1(g, you, byab, card, zone, pos, index)" in read
    assert "'ability': 'Wind'" in read
