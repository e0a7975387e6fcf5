"""A `static forbid` of a card's play (issue 13), rule by rule: what is legal is what is
offered.

A move that plays its option (its body calls the deck's `target for` call, the base deck's
`play`, with it) is offered only where that play may happen: not when a forbid of the play
refuses it outright, nor when forbids that read `event.targets` refuse every choice of
the card's targets (none for a card without a target line). Typed, such a move is
refused with the forbid's rule ("Aegis forbids it"), and so is a target the forbid leaves
out of the card's question. Where some choices of several targets are forbidden and
others not, the move chooses them as it starts, before its own steps (its card's `to use`
cost, its `use action_play`), and a refused choice ends it there: nothing is told,
nothing hears it is aimed at, nothing is paid, the card stays where it was, unseen, and
the game is as it was before the move. A card's effect that offers cards to play offers
only those the forbid allows.
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

card "Quiet Hours": Thing - Trinket {
  text "Other players can't play Actions."
  static forbid play where event.card is Action and event.player != you
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

card "Scorched Earth": Action {
  text "Destroy a Thing you control to use. Destroy up to two target Things."
  to use {
    choose t from Thing cards you control prompt "Destroy one of yours" { destroy t }
  }
  target ts from Thing cards up to 2 prompt "Scorch what?"
  effect { for each t in ts { destroy t } }
}

card "Twin Bolt": Action {
  text "Destroy two target Things."
  target ts from Thing cards exactly 2 prompt "Bolt which two?"
  effect { for each t in ts { destroy t } }
}

card "Encore": Action {
  text "You may play an Action from your hand."
  effect {
    choose c from Action cards in your hand optional prompt "Play an Action" { play c }
  }
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


def test_a_target_the_forbid_leaves_out_is_refused_with_its_rule():
    assert passes('''
        scenario "Typing P2's Windmill at the Wrecking Ball's question names the Aegis" {
          given {
            hand of P1: "Wrecking Ball"
            area of P1: "Gearbox", "Clockwork Owl"
            area of P2: "Windmill", "Aegis"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Wrecking Ball"
            P1 chooses "Windmill" refused: "Windmill is not allowed: Aegis forbids it"
          }
          then {
            P1 is asked "Wreck what?"
            area of P2 is "Windmill", "Aegis"
          }
        }''')


def test_a_play_with_no_target_it_may_aim_at_is_not_offered():
    assert passes('''
        scenario "Every Thing in play is under the Aegis: the Wrecking Ball is not offered" {
          given {
            hand of P1: "Wrecking Ball", "Oil Can"
            area of P2: "Windmill", "Aegis"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Wrecking Ball" refused: "play_action: Wrecking Ball is not allowed: Aegis forbids it"
          }
          then {
            P1 is asked "your move"
            P1 may not choose "play_action: Wrecking Ball"
            P1 may choose "play_action: Oil Can"
            log does not say "Wrecking Ball"
            hand of P1 has "Wrecking Ball"
            P2 cannot see "Wrecking Ball" in hand of P1
            area of P2 is "Windmill", "Aegis"
          }
        }''')


def test_a_card_with_no_target_in_play_is_played_and_does_nothing():
    # No target at all is not a forbidden target: the play happens, and the card does
    # nothing (section 5).
    program = load_text(DECK + 'static forbid play where event.card is Action \\\n'
                               '    and count (Thing cards where it is in event.targets) > 0\n',
                        "no_thing.deck")
    s = given(program, hands={0: ["Wrecking Ball"]}, areas={1: ["Windmill"]},
              deck_cards=["Oil Can"] * 6)
    assert s.refusal("play_action: Wrecking Ball").reason == \
        "play_action: Wrecking Ball is not allowed: a rule of the game forbids it"
    s = given(program, hands={0: ["Wrecking Ball"]}, deck_cards=["Oil Can"] * 6)
    play(s, "play_action: Wrecking Ball")
    assert [c.name for c in s.state.zones["discard_pile"].cards] == ["Wrecking Ball"]


def test_a_play_forbidden_outright_is_not_offered():
    assert passes('''
        scenario "Under P2's Quiet Hours P1 plays no Action, and still plays Things" {
          given {
            hand of P1: "Firestorm", "Oil Can", "Gearbox"
            area of P2: "Quiet Hours"
            deck top: "Windmill" x 6
          }
          when {
            P1 chooses "play_action: Firestorm" refused: "play_action: Firestorm is not allowed: Quiet Hours forbids it"
          }
          then {
            P1 may not choose "play_action"
            P1 may choose "play_thing: Gearbox"
          }
        }''')


def test_a_refusal_names_every_forbid_that_refuses_the_play():
    assert passes('''
        scenario "The Oil Can is forbidden by both" {
          given {
            hand of P1: "Oil Can"
            area of P2: "Quiet Hours", "Aimless Ban"
            deck top: "Windmill" x 6
          }
          when {
            P1 chooses "play_action: Oil Can" refused: "play_action: Oil Can is not allowed: Quiet Hours and Aimless Ban forbid it"
          }
          then { hand of P1 has "Oil Can" }
        }''')


def test_a_play_a_cards_effect_offers_is_one_the_forbid_allows():
    # Not a move: the Encore's choice of a card to play leaves out the Wrecking Ball the
    # Aegis forbids at every target, and one typed is refused with the Aegis's rule.
    assert passes('''
        scenario "The Encore does not offer a Wrecking Ball under the Aegis" {
          given {
            hand of P1: "Encore", "Wrecking Ball"
            area of P2: "Windmill", "Aegis"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Encore"
            P1 chooses "Wrecking Ball" refused: "Wrecking Ball is not allowed: Aegis forbids it"
          }
          then {
            P1 is asked "Play an Action"
            P1 may choose "Oil Can"
            P1 may not choose "Wrecking Ball"
            hand of P1 has "Wrecking Ball"
            area of P2 is "Windmill", "Aegis"
          }
        }''')


def test_a_card_whose_every_choice_of_targets_is_forbidden_is_not_offered():
    assert passes('''
        scenario "Under the Lone Duel a Twin Bolt has no choice it may make" {
          given {
            hand of P1: "Twin Bolt", "Firestorm"
            area of P1: "Gearbox", "Windmill"
            area of P2: "Lone Duel"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Twin Bolt" refused: "play_action: Twin Bolt is not allowed: Lone Duel forbids it"
          }
          then {
            P1 may not choose "play_action: Twin Bolt"
            P1 may choose "play_action: Firestorm"   # at one Thing, or none
          }
        }''')


def test_several_targets_forbidden_together_refuse_the_move_before_anything_hears_them():
    assert passes('''
        scenario "A Firestorm at the Skittish Cat and the Gearbox is refused under the Aegis" {
          given {
            hand of P1: "Firestorm", "Oil Can"
            area of P1: "Gearbox"
            area of P2: "Skittish Cat", "Aegis"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Firestorm"
            P1 chooses "Skittish Cat", "Gearbox"
          }
          then {
            log for P1 says "P1: playing Firestorm at Gearbox, Skittish Cat is forbidden by Aegis: the play does not happen"
            log does not say "targeting"
            area of P2 is "Skittish Cat", "Aegis"  # it never heard it was aimed at
            area of P1 is "Gearbox"
            hand of P1 has "Firestorm"
            P2 cannot see "Firestorm" in hand of P1
            P1 is asked "your move"                # the move did not happen: nothing spent
            P1 may choose "play_action: Firestorm"
            P1 may choose "play_action: Oil Can"
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
            log for P1 says "P1: playing Firestorm at Gearbox, Windmill is forbidden by Lone Duel: the play does not happen"
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


def test_several_targets_are_chosen_before_the_cost_and_a_refused_choice_pays_nothing():
    assert passes('''
        background {
          hand of P1: "Scorched Earth"
          area of P1: "Gearbox", "Windmill"
          area of P2: "Lone Duel", "Clockwork Owl"
          deck top: "Oil Can" x 6
        }
        scenario "Scorched Earth at two Things under the Lone Duel: nothing is destroyed" {
          when {
            P1 chooses "play_action: Scorched Earth"
            P1 chooses "Windmill", "Clockwork Owl"
          }
          then {
            log for P1 says "P1: playing Scorched Earth at Windmill, Clockwork Owl is forbidden by Lone Duel: the play does not happen"
            area of P1 is "Gearbox", "Windmill"
            area of P2 is "Lone Duel", "Clockwork Owl"
            P1 is asked "your move"
            P1 may choose "play_action: Scorched Earth"
          }
        }
        scenario "Scorched Earth at one Thing: its cost is paid once the target is chosen" {
          when {
            P1 chooses "play_action: Scorched Earth"
            P1 chooses "Clockwork Owl"
          }
          then { P1 is asked "Destroy one of yours" }
        }
        scenario "... and then takes effect" {
          when {
            P1 chooses "play_action: Scorched Earth"
            P1 chooses "Clockwork Owl"
            P1 chooses "Gearbox"
          }
          then {
            log says "P1: Scorched Earth targeting Clockwork Owl"
            area of P1 is "Windmill"
            area of P2 is "Lone Duel"
          }
        }''')


def test_a_card_without_a_target_line_is_checked_with_no_targets():
    assert passes('''
        scenario "No Action without a target: the Oil Can is not offered" {
          given {
            hand of P1: "Oil Can"
            area of P2: "Aimless Ban"
            deck top: "Windmill" x 6
          }
          when {
            P1 chooses "play_action: Oil Can" refused: "play_action: Oil Can is not allowed: Aimless Ban forbids it"
          }
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
            deck top: "Windmill" x 6
          }
          when {
            P1 chooses "play_action: Wrecking Ball"
            P1 chooses "Gearbox"
          }
          then { discard_pile has "Wrecking Ball", "Gearbox" }
        }''')


def test_a_refused_move_leaves_the_game_as_it_was_before_it():
    program = load_text(DECK, "aimed.deck")
    s = given(program, hands={0: ["Firestorm"]}, areas={0: ["Gearbox"],
                                                        1: ["Skittish Cat", "Aegis"]},
              deck_cards=["Oil Can"] * 6)
    before = (s.decision.player.name, s.decision.prompt, s.legal(), s.state.state_hash())
    play(s, "play_action: Firestorm")
    assert s.decision.prompt == "Destroy what?"
    labels = s.decision.labels
    assert s.apply((labels.index("Skittish Cat"), labels.index("Gearbox"))) is None
    assert (s.decision.player.name, s.decision.prompt, s.legal(), s.state.state_hash()) == before


def test_a_play_forbidden_outright_is_not_among_the_options():
    program = load_text(DECK + 'static forbid play where event.card.name == "Firestorm"\n',
                        "outright.deck")
    s = given(program, hands={0: ["Firestorm", "Oil Can"]}, deck_cards=["Windmill"] * 6)
    assert [x for x in s.legal() if x.startswith("play_action")] == ["play_action: Oil Can"]
    assert s.refusal("play_action: Firestorm").reason == \
        "play_action: Firestorm is not allowed: a rule of the game forbids it"


def test_a_game_copied_as_a_move_chooses_its_targets_plays_on_as_the_game_would():
    # The move's choice of targets (AIMS) is a frame of its own: a copy made from data
    # (dsl/engine/resume.py) waits at the same question and plays on the same.
    from deckwright.dsl.engine.resume import resumed
    from tests.test_clone import play_on, seen, stepped
    program = load_text(DECK, "aimed.deck")
    copies = 0
    for seed in range(3):
        for k, game in enumerate(stepped(program, seed)):
            if game.decision.prompt not in ("Wreck what?", "Destroy what?", "Scorch what?"):
                continue
            copy = resumed(game)
            assert copy is not None, f"seed {seed}, decision {k}: not resumed"
            replayed = game.rewind(len(game.history))
            assert seen(copy) == seen(replayed)
            assert play_on(copy, k, 6) == play_on(replayed, k, 6)
            copies += 1
    assert copies > 3


def test_past_two_hundred_choices_of_targets_the_move_is_offered_and_refused_as_chosen():
    # Twelve Things, up to three of them: 299 choices, all forbidden. The lister checks
    # 200 (runtime_targets.MAX_CHOICES), then offers the move; each choice is refused.
    program = load_text(DECK + '''card "Meteor": Action {
  target ts from Thing cards up to 3 prompt "Strike what?"
  effect { for each t in ts { destroy t } }
}
static forbid play where event.card.name == "Meteor" and count (event.targets) >= 0
''', "meteor.deck")
    s = given(program, hands={0: ["Meteor"]}, areas={1: ["Windmill"] * 12},
              deck_cards=["Windmill"] * 6)
    before = s.state.state_hash()
    play(s, "play_action: Meteor", ())
    assert s.game.log[-1].text == \
        "P1: playing Meteor at nothing is forbidden by a rule of the game: the play does not happen"
    assert (s.decision.prompt, s.state.state_hash()) == ("your move", before)
