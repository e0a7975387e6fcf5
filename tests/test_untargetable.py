"""`static untargetable [for WHAT] [by CONDITION]`: "can't be targeted by ..." (issue 13).

A card's or an ability's declared target is offered only among what its source may aim at,
an `exactly N` target counts only those, an action's `target` parameter drops what it may
not aim at, and a target that becomes protected before it takes effect is dropped. The
condition reads the aiming as `event`: `target` (what is aimed at), `source` (the card
whose text aims), `ability` (the aiming ability's name, or none for a card's own target)
and `player` (who aims). The cards below are written first, as a designer would, and
each rule is a scenario.
"""
import pytest

from deckwright.dsl.codegen import generate
from deckwright.dsl.errors import DeckError
from deckwright.dsl.explain import explain_card
from deckwright.dsl.loader import load_program, load_text
from tests.scenario import all_pass

VEIL = '''game "Veil" extends "example"
resource sparks: start 3
mark hidden
mark warded

action zap(victim) target victim where not (it has warded) "zapping {victim}" {
  as victim { lose 1 sparks }
}

card "Plunder": Action {
  text "Gain control of target Thing another player controls."
  target t from Thing cards where it.controller != you prompt "Plunder what?"
  effect { give control of t to you }
}

card "Twin Bolt": Action {
  text "Destroy two target Things."
  target ts from Thing cards exactly 2 prompt "Destroy which two?"
  effect { for each t in ts { destroy t } }
}

card "Slingshot": Thing {
  text "Action: destroy target Thing another player controls."
  ability "Sling": uses action_play, target t from Thing cards where it.controller != you \\
      prompt "Sling at what?" {
    destroy t
  }
}

card "Static Shock": Action {
  text "Zap an opponent."
  effect { choose p from opponents prompt "Zap whom?" { zap p } }
}

card "Backfire": Action {
  text "Zap the next player."
  effect { zap next_player(you) }
}

card "Arc Coil": Thing - Machine {
  text "Action: zap the next player."
  ability "Arc": uses action_play { zap next_player(you) }
}

card "Zapper": Thing - Machine {
  text "Action: zap an opponent."
  ability "Zap": uses action_play { choose p from opponents prompt "Zap whom?" { zap p } }
}

card "Insulated Boots": Thing - Trinket {
  text "You can't be targeted by abilities."
  static untargetable for you by event.ability != none
}

card "Veiled Lantern": Thing - Trinket {
  text "Veiled Lantern can't be targeted by your opponents' Actions."
  static untargetable by event.source is Action and event.player != you
}

card "Cloak Stand": Thing - Building {
  text "Things you control can't be targeted by abilities."
  static untargetable for Thing cards you control by event.ability != none
}

card "Smoke Screen": Action {
  text "When a card aims at a Thing you control, you may discard Smoke Screen: this turn, your Things can't be targeted by other players."
  respond to resolve "Discard Smoke Screen" \\
      where count (Thing cards you control where it is in event.targets) > 0 from hand \\
      paying { discard this } {
    until end of turn static untargetable for Thing cards you control by event.player != you
  }
}

card "Smoke Bomb": Action {
  text "Until the end of your next turn, other players can't target you."
  effect { mark you with hidden until end of your next turn }
}

# A hidden player can't be targeted by another player.
static untargetable for players where it has hidden by event.player != event.target
'''


def passes(body: str) -> bool:
    return all_pass(body, VEIL)


# --- an Action card and an ability, the source's controller and the target's -----------------

def test_an_opponents_action_is_not_offered_a_protected_target():
    assert passes('''
        scenario "Plunder cannot take the Veiled Lantern" {
          given {
            hand of P1: "Plunder"
            area of P2: "Veiled Lantern", "Windmill", "Gearbox"
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Plunder" }
          then {
            P1 is asked "Plunder what?"
            P1 may choose "Windmill"
            P1 may not choose "Veiled Lantern"
          }
          when { P1 chooses "Veiled Lantern" refused }
        }
        scenario "With only the Lantern to aim at, Plunder has no target" {
          given {
            hand of P1: "Plunder"
            area of P2: "Veiled Lantern"
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Plunder" }
          then {
            log says "P1: Plunder has no legal target: it does nothing"
            area of P2 is "Veiled Lantern"
          }
        }''')


def test_an_ability_is_no_action_card_and_its_controllers_own_action_may_aim():
    # The Lantern keeps out an opponent's Action: a Slingshot's Sling (an ability of a
    # Thing) destroys it, and its controller may aim their own Twin Bolt at it.
    assert passes('''
        scenario "A Sling reaches the Veiled Lantern" {
          given {
            area of P1: "Slingshot"
            area of P2: "Veiled Lantern"
            deck top: "Oil Can"
          }
          when { P1 chooses "Slingshot: Sling" }
          then {
            log says "P1: Sling targeting Veiled Lantern"
            area of P2 is empty
          }
        }
        scenario "The Lantern's controller aims at it" {
          given {
            hand of P1: "Twin Bolt"
            area of P1: "Veiled Lantern", "Windmill"
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Twin Bolt" }
          then {
            log says "P1: Twin Bolt targeting Veiled Lantern, Windmill"
            area of P1 is empty
          }
        }''')


def test_exactly_n_targets_counts_only_what_may_be_aimed_at():
    assert passes('''
        scenario "An opponent's Twin Bolt cannot count the Lantern" {
          given {
            hand of P1: "Twin Bolt"
            area of P2: "Veiled Lantern", "Windmill"
            deck top: "Oil Can"
          }
          when {
            P1 chooses "play_action: Twin Bolt" refused: "play_action: Twin Bolt is not allowed: it needs 2 targets (1 can be chosen)"
          }
          then { P1 may not choose "play_action: Twin Bolt" }
        }''')


def test_abilities_cannot_aim_at_what_a_cloak_stand_covers_but_actions_can():
    assert passes('''
        scenario "Sling has nothing to aim at" {
          given {
            area of P1: "Slingshot"
            area of P2: "Cloak Stand", "Windmill"
            deck top: "Oil Can"
          }
          when {
            P1 chooses "Slingshot: Sling" refused: "Slingshot: Sling is not allowed: it has no legal target"
          }
          then { P1 may not choose "Slingshot: Sling" }
        }
        scenario "Plunder takes a Thing the Cloak Stand covers" {
          given {
            hand of P1: "Plunder"
            area of P2: "Cloak Stand"
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Plunder" }
          then { area of P1 is "Cloak Stand" }
        }''')


# --- an action's target parameter, and a target that becomes protected --------------------------

def test_an_actions_target_that_may_not_be_aimed_at_is_dropped():
    # The game's rule: a hidden player can't be targeted by another player. `zap`
    # names its victim as its target: P2 hidden, P1's Backfire (which zaps the next
    # player, no choice made) does nothing.
    assert passes('''
        scenario "A Smoke Bomb hides P2 from P1's zap" {
          given {
            hand of P1: "Backfire"
            P2 marked hidden
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Backfire" }
          then {
            log says "P2 is not a legal target of zap"
            log says "P1: zap has no legal target: it does nothing"
            sparks of P2 is 3
          }
        }
        scenario "Without it, the zap lands" {
          given {
            hand of P1: "Backfire"
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Backfire" }
          then {
            log says "P1: zap targeting P2"
            sparks of P2 is 2
          }
        }''')


def test_a_choice_that_feeds_a_target_offers_only_legal_targets():
    # What is legal is what is offered: Static Shock chooses whom to zap, and the choice
    # feeds zap's target, so a player no zap of P1's may aim at is not offered. P2 is
    # hidden; P3 is warded (zap's own `where`); only P4 is left to choose, and taken.
    assert passes('''
        scenario "Static Shock offers only players P1 may zap" {
          given {
            players 4
            hand of P1: "Static Shock"
            P2 marked hidden
            P3 marked warded
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Static Shock" }
          then {
            log says "P1 has only one choice: P4 — Zap whom?"
            log says "P1: zap targeting P4"
            sparks of P2 is 3
            sparks of P3 is 3
            sparks of P4 is 2
          }
        }
        scenario "With every opponent protected, Static Shock zaps no one" {
          given {
            hand of P1: "Static Shock"
            P2 marked hidden
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Static Shock" }
          then {
            log does not say "P1: zap has no legal target: it does nothing"
            sparks of P2 is 3
          }
        }
        scenario "P1 is asked to choose only among legal targets" {
          given {
            players 4
            hand of P1: "Static Shock"
            P2 marked hidden
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Static Shock" }
          then {
            P1 is asked "Zap whom?"
            P1 may choose "P3"
            P1 may choose "P4"
            P1 may not choose "P2"
          }
          when {
            P1 chooses "P2" refused: "P2 is not allowed: a rule of the game keeps it from being targeted by zap"
          }
        }
        scenario "A protected player typed is refused with the card that protects it" {
          given {
            players 4
            area of P1: "Zapper"
            area of P2: "Insulated Boots"
            deck top: "Oil Can"
          }
          when {
            P1 chooses "Zapper: Zap"
            P1 chooses "P2" refused: "P2 is not allowed: Insulated Boots keeps it from being targeted by zap"
            P1 chooses "P3"
          }
          then {
            sparks of P2 is 3
            sparks of P3 is 2
          }
        }''')


def test_an_action_called_by_an_ability_aims_with_that_ability():
    # Insulated Boots keep out abilities: the Arc Coil's Arc calls `zap`, whose target
    # is then aimed by the Arc; a Zapper's Zap chooses whom to zap, and so is not
    # offered P2 at all; a Static Shock (an Action card's effect) is no ability.
    assert passes('''
        scenario "Insulated Boots stop an Arc Coil" {
          given {
            area of P1: "Arc Coil"
            area of P2: "Insulated Boots"
            deck top: "Oil Can"
          }
          when { P1 chooses "Arc Coil: Arc" }
          then {
            log says "P2 is not a legal target of zap"
            sparks of P2 is 3
          }
        }
        scenario "Insulated Boots keep P2 out of a Zapper's choice" {
          given {
            players 3
            area of P1: "Zapper"
            area of P2: "Insulated Boots"
            deck top: "Oil Can"
          }
          when { P1 chooses "Zapper: Zap" }
          then {
            log says "P1 has only one choice: P3 — Zap whom?"
            sparks of P2 is 3
            sparks of P3 is 2
          }
        }
        scenario "Insulated Boots do not stop a Static Shock" {
          given {
            hand of P1: "Static Shock"
            area of P2: "Insulated Boots"
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Static Shock" }
          then { sparks of P2 is 2 }
        }''')


def test_a_target_that_becomes_protected_before_it_takes_effect_is_dropped():
    # P2 answers the Plunder with a Smoke Screen from hand: from then on this turn, P2's
    # Things can't be targeted by P1, and the Windmill already chosen is dropped.
    assert passes('''
        scenario "Smoke Screen saves the Windmill from a Plunder" {
          given {
            hand of P1: "Plunder"
            hand of P2: "Smoke Screen"
            area of P2: "Windmill"
            deck top: "Oil Can"
          }
          when {
            P1 chooses "play_action: Plunder"
            P2 chooses "Discard Smoke Screen"
          }
          then {
            log says "Windmill is no longer a legal target of Plunder"
            log says "P1: Plunder has no legal target: it does nothing"
            area of P2 is "Windmill"
            log says "Smoke Screen: P2's hand → discard_pile"
          }
        }''')


# --- what the checker says, what explain says, what it costs ------------------------------------

def errors(text: str) -> list:
    with pytest.raises(DeckError) as e:
        load_text('game "E" extends "example"\n' + text, "e.deck")
    return [str(e.value)]


@pytest.mark.parametrize("text, message", [
    ("static untargetable by event.player != you\n",
     "e.deck:2:8: error: a game rule that makes something untargetable must say what\n"
     "    2 | static untargetable by event.player != you\n"
     "      |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
     "  hint: `static untargetable for CARDS by CONDITION` (cards or players)"),
    ('card "A": Thing {\n  static untargetable by event.card == this\n}\n',
     "e.deck:3:26: error: this event has no field `card`\n"
     "    3 |   static untargetable by event.card == this\n"
     "      |                          ^^^^^^^^^^\n"
     "  hint: its fields: ability, name, player, source, target"),
    ('card "A": Thing {\n  static untargetable for 3\n}\n',
     "e.deck:3:27: error: what a static makes untargetable must be a card or cards or a "
     "player or players, not a number\n"
     "    3 |   static untargetable for 3\n"
     "      |                           ^"),
    ('card "A": Thing {\n  static untargetable where event.player != you\n}\n',
     "e.deck:3:23: error: `static untargetable` says what it protects after `for` and from "
     "what after `by`: `static untargetable for this by event.player != you`\n"
     "    3 |   static untargetable where event.player != you\n"
     "      |                       ^^^^^"),
])
def test_a_mistake_is_reported_at_its_place(text, message):
    assert errors(text) == [message]


def test_explain_says_what_cannot_be_targeted_and_by_what():
    program = load_text(VEIL, "veil.deck")
    assert explain_card(program, "Veiled Lantern") == (
        "Veiled Lantern can't be targeted when the targeting card is an Action and the "
        "targeting player is not you.")
    assert explain_card(program, "Cloak Stand") == (
        "Thing cards you control can't be targeted when the targeting ability is not none.")
    assert explain_card(program, "Plunder") == (
        "Target t: one of Thing cards where its controller is not you that may be targeted. "
        "Take control of t.")


def test_a_deck_without_the_static_has_no_code_for_it():
    plain, _ = generate(load_program("example"), True)
    assert "AIMABLE" not in plain and "MAY_AIM" not in plain
    guarded, _ = generate(load_text(VEIL, "veil.deck"), True)
    assert "return AIMABLE(g, you, this, 'Sling', " in guarded
    # zap's victim, aimed with its caller's ability (the deck reads `event.ability`)
    assert "MAY_AIM(g, you, this, byab, " in guarded
