"""Every event says its `source`: the card whose text caused it (docs/language.md §13).

A card moving, a player gaining, a counter put on: each built-in event names the card
whose text made it, also through an action the card calls (the base deck's `destroy`
moves the card to the discard pile: that move's source is the card that destroyed it).
A deck that never reads `source` compiles to exactly the code it did before.
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
