"""A `static forbid` of a card's play that reads its targets (issue 13), rule by rule.

The play's other forbids are checked as it is declared, before anything is chosen; one
whose condition reads `event.targets` is checked as the card's targets are chosen: a
card with one target is offered only the targets its play may aim at (with none, the
play is refused), one with several is refused when the targets chosen are forbidden
together. A refused play does not happen: nothing is told, nothing hears it is aimed
at, the card stays where it was, unseen, and the state is what it was before the call.
"""
from deckwright.dsl.loader import load_text
from tests.scenario import all_pass, given, play

DECK = '''game "Forbid on targets" extends "example"

card "Aegis": Thing - Trinket {
  text "No one can play an Action that targets a Thing you control."
  static forbid play where event.card is Action \\
      and count (Thing cards you control where it is in event.targets) > 0
}

card "Lone Duel": Thing - Trinket {
  text "No one can play a card with more than one target."
  static forbid play where count (event.targets) > 1
}

card "Aimless Ban": Thing - Trinket {
  text "No one can play an Action without a target."
  static forbid play where event.card is Action and count (event.targets) == 0
}

card "Wrecking Ball": Action {
  text "Destroy target Thing."
  target t from Thing cards prompt "Wreck what?"
  effect { destroy t }
}

card "Firestorm": Action {
  text "Destroy up to two target Things."
  target ts from Thing cards up to 2 prompt "Destroy what?"
  effect { for each t in ts { destroy t } }
}

card "Skittish Cat": Thing {
  text "When Skittish Cat becomes the target of a card, return it to its owner's hand."
  when targeted where event.card == this { move this to hand of this.owner }
}
'''


def passes(body: str) -> bool:
    return all_pass(body, DECK)


def test_a_single_target_the_play_may_not_aim_at_is_not_offered():
    assert passes('''
        scenario "Aegis keeps P2's Windmill out of the Wrecking Ball's targets" {
          given {
            hand of P1: "Wrecking Ball"
            area of P1: "Gearbox", "Clockwork Owl"
            area of P2: "Windmill", "Aegis"
            deck top: "Oil Can" x 6
          }
          when { P1 chooses "play_action: Wrecking Ball" }
          then {
            P1 is asked "Wreck what?"
            P1 may choose "Gearbox"
            P1 may not choose "Windmill"
            P1 may not choose "Aegis"
          }
        }''')


def test_a_play_with_no_target_it_may_aim_at_is_refused_and_does_not_happen():
    assert passes('''
        scenario "Every Thing in play is under the Aegis: the Wrecking Ball stays in hand" {
          given {
            hand of P1: "Wrecking Ball"
            area of P2: "Windmill", "Aegis"
            deck top: "Oil Can" x 6
          }
          when { P1 chooses "play_action: Wrecking Ball" }
          then {
            log for P1 says "P1: playing Wrecking Ball at any of its targets is forbidden: the play does not happen"
            log does not say "targeting"
            hand of P1 has "Wrecking Ball"
            P2 cannot see "Wrecking Ball" in hand of P1
            area of P2 is "Windmill", "Aegis"
          }
        }''')


def test_several_targets_forbidden_together_refuse_the_play_before_anything_hears_them():
    assert passes('''
        scenario "A Firestorm at the Skittish Cat and the Gearbox is refused under the Aegis" {
          given {
            hand of P1: "Firestorm"
            area of P1: "Gearbox"
            area of P2: "Skittish Cat", "Aegis"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Firestorm"
            P1 chooses "Skittish Cat", "Gearbox"
          }
          then {
            log for P1 says "P1: playing Firestorm at Gearbox, Skittish Cat is forbidden: the play does not happen"
            log does not say "targeting"
            area of P2 is "Skittish Cat", "Aegis"  # it never heard it was aimed at
            area of P1 is "Gearbox"
            hand of P1 has "Firestorm"
            P2 cannot see "Firestorm" in hand of P1
          }
        }
        scenario "Two targets are forbidden together, one is not" {
          given {
            hand of P1: "Firestorm"
            area of P1: "Gearbox", "Windmill"
            area of P2: "Lone Duel"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Firestorm"
            P1 chooses "Gearbox", "Windmill"
          }
          then {
            log for P1 says "P1: playing Firestorm at Gearbox, Windmill is forbidden: the play does not happen"
            hand of P1 has "Firestorm"
          }
        }
        scenario "One target is not forbidden where two are" {
          given {
            hand of P1: "Firestorm"
            area of P1: "Gearbox", "Windmill"
            area of P2: "Lone Duel"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Firestorm"
            P1 chooses "Gearbox"
          }
          then {
            log says "P1: Firestorm targeting Gearbox"
            area of P1 is "Windmill"
          }
        }''')


def test_a_card_without_a_target_line_is_checked_with_no_targets():
    assert passes('''
        scenario "No Action without a target: the Oil Can is not played" {
          given {
            hand of P1: "Oil Can"
            area of P2: "Aimless Ban"
            deck top: "Oil Can" x 6
          }
          when { P1 chooses "play_action: Oil Can" }
          then {
            hand of P1 has "Oil Can"
            discard_pile is empty
          }
        }
        scenario "A Wrecking Ball has its target: it is played" {
          given {
            hand of P1: "Wrecking Ball"
            area of P1: "Gearbox"
            area of P2: "Aimless Ban"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Wrecking Ball"
            P1 chooses "Gearbox"
          }
          then { discard_pile has "Wrecking Ball", "Gearbox" }
        }''')


def test_a_refused_play_leaves_the_state_as_a_play_forbidden_outright_does():
    # The same Firestorm at the same targets: refused once they are chosen, or forbidden
    # before anything is chosen (a forbid that reads no target). Both leave the same state.
    outright = load_text(DECK + 'static forbid play where event.card.name == "Firestorm"\n',
                         "outright.deck")
    states = []
    for program in (load_text(DECK, "aimed.deck"), outright):
        s = given(program, hands={0: ["Firestorm"]}, areas={0: ["Gearbox"],
                                                            1: ["Skittish Cat", "Aegis"]},
                  deck_cards=["Oil Can"] * 6)
        play(s, "play_action: Firestorm")
        if s.decision.prompt == "Destroy what?":          # (only where it reads targets)
            labels = s.decision.labels
            assert s.apply((labels.index("Skittish Cat"), labels.index("Gearbox"))) is None
        assert (s.decision.player.name, s.decision.prompt) == ("P2", "your move")
        states.append(s.state.state_hash())
    assert states[0] == states[1]
