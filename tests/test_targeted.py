"""`when targeted`: a card or a player becoming the target of an action, an ability or a
card (issue 13, "when this becomes the target of a spell or ability").

The event is announced once the targets are chosen and announced (after the log line
naming them), before the aiming event's own reactions and response window. Its fields:
`target` (the card or player aimed at), `card` (the target when it is a card), `aiming`
(the event that aims: the action call, `activate` or `resolve`), `source` and `ability`
(the aiming text), and `player` (who aims). A target the aiming drops at once is never
targeted. The cards are written as a designer would; each rule is a scenario.
"""
import pytest

from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_text
from tests.scenario import all_pass

DECK = '''game "Aims" extends "example"
resource sparks: start 3
mark warded

action zap(victim) target victim where not (it has warded) "zapping {victim}" {
  as victim { lose 1 sparks }
}

card "Plunder": Action {
  text "Gain control of target Thing another player controls."
  target t from Thing cards where it.controller != you prompt "Plunder what?"
  effect { give control of t to you }
}

card "Slingshot": Thing {
  text "Action: destroy target Thing another player controls."
  ability "Sling": uses action_play, target t from Thing cards where it.controller != you \\
      prompt "Sling at what?" {
    destroy t
  }
}

card "Backfire": Action {
  text "Zap the next player."
  effect { zap next_player(you) }
}

card "Lightning Rod": Thing {
  text "Whenever Lightning Rod becomes the target of a card or an ability, its controller gains 1 spark."
  when targeted where event.card == this { gain 1 sparks }
}

card "Grounding Mat": Thing - Trinket {
  text "Whenever you become the target of a zap, gain 2 sparks."
  when targeted where event.target == you and event.aiming.name == "zap" { gain 2 sparks }
}

card "Spiked Shell": Thing {
  text "When Spiked Shell becomes the target of an opponent's ability, destroy the card with that ability."
  when targeted where event.card == this and event.ability != none and event.player != you {
    destroy event.source
  }
}

card "Puppeteer": Action {
  text "Use an ability of a Thing another player controls as if it were yours."
  effect {
    choose t from Thing cards where it.controller != you prompt "Borrow" { use ability of t }
  }
}

# A game rule: every aiming is told in the log by the card that aims.
when targeted where event.source != none and event.source.name == "Plunder" {
  say "aims at {event.target} with {event.source}"
}
'''


def passes(body: str) -> bool:
    return all_pass(body, DECK)


def test_a_card_hears_it_becomes_the_target_of_a_card():
    assert passes('''
        scenario "Lightning Rod, targeted by a Plunder, gives its controller a spark" {
          given {
            hand of P1: "Plunder"
            area of P2: "Lightning Rod"
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Plunder" }
          then {
            log says "P1: Plunder targeting Lightning Rod"
            log says "P1: aims at Lightning Rod with Plunder"
            sparks of P2 is 4
            area of P1 is "Lightning Rod"
          }
        }''')


def test_an_ability_aiming_names_its_source_and_ability():
    assert passes('''
        scenario "A Sling at the Spiked Shell destroys the Slingshot first" {
          given {
            area of P1: "Slingshot"
            area of P2: "Spiked Shell"
            deck top: "Oil Can"
          }
          when { P1 chooses "Slingshot: Sling" }
          then { log says "P1: Sling targeting Spiked Shell" }
          then at end of turn {
            discard_pile has "Slingshot"
            discard_pile has "Spiked Shell"
          }
        }
        scenario "Its controller's own Sling does not set it off" {
          given {
            area of P1: "Slingshot", "Spiked Shell"
            area of P2: "Windmill"
            deck top: "Oil Can"
          }
          when { P1 chooses "Slingshot: Sling" }
          then at end of turn {
            area of P1 is "Slingshot", "Spiked Shell"
            discard_pile is "Windmill"
          }
        }''')


def test_a_player_hears_it_becomes_the_target_of_an_action():
    assert passes('''
        scenario "A zap at the Grounding Mat's controller gives it 2 sparks" {
          given {
            hand of P1: "Backfire"
            area of P2: "Grounding Mat"
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Backfire" }
          then {
            log says "P1: zap targeting P2"
            sparks of P2 is 4
          }
        }
        scenario "A target the zap drops at once is never targeted" {
          given {
            hand of P1: "Backfire"
            area of P2: "Grounding Mat"
            P2 marked warded
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Backfire" }
          then {
            log says "P2 is not a legal target of zap"
            sparks of P2 is 3
          }
        }''')


def test_an_ability_used_through_another_card_chooses_its_target():
    # "Use an ability as if it were yours": the borrowed Sling asks its user for its
    # target (a Thing another player than the user controls), as it would from an offer.
    assert passes('''
        scenario "A Puppeteer borrows a Sling and aims it" {
          given {
            hand of P1: "Puppeteer"
            area of P2: "Slingshot", "Lightning Rod"
            deck top: "Oil Can"
          }
          when {
            P1 chooses "play_action: Puppeteer"
            P1 chooses "Slingshot"
          }
          then {
            P1 is asked "Sling at what?"
            P1 may choose "Lightning Rod"
          }
          when { P1 chooses "Lightning Rod" }
          then {
            log says "P1 uses Slingshot: Sling"
            log says "P1: Sling targeting Lightning Rod"
            sparks of P2 is 4
            area of P2 is "Slingshot"
          }
        }''')


def test_targeted_is_announced_after_the_fact():
    with pytest.raises(DeckError) as e:
        load_text('game "E" extends "example"\ncard "Veto": Thing {\n  before targeted { negate }\n}\n',
                  "e.deck")
    assert str(e.value) == (
        "e.deck:3:3: error: `targeted` is announced after it happens, so nothing can react "
        "before it\n"
        "    3 |   before targeted { negate }\n"
        "      |   ^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
        "  hint: use `when` instead of `before`")


def test_a_deck_that_hears_no_aiming_pays_nothing_for_it():
    from deckwright.dsl.codegen import generate
    plain, _ = generate(load_text(DECK.split("card \"Lightning Rod\"")[0], "a.deck"), True)
    assert "'targeted'" not in plain
    heard, _ = generate(load_text(DECK, "aims.deck"), True)
    assert "EVENT('targeted', " in heard
