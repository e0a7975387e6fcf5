"""A card's targets are chosen as it is played (issue 13, item 1), rule by rule.

The base deck's `play` is declared `target for card`: playing a card with a `target` line
chooses its targets as the play is declared, before the `before play` reactions and the
play's response window. The log announces them, each target hears `targeted` (aimed at by
the play), and the play's event lists them in `event.targets`, so whatever answers the
play can read them: a reaction, a response that stops a play aimed at you, a `static
prevent`. The card's `resolve` then takes them instead of choosing again: a target no
longer legal by then (gone, unseen, protected) is dropped, the card with none left does
nothing, and nothing is ever aimed at in its place. The cards are written as a designer
would; each rule is a scenario.
"""
import pytest

from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_program, load_text
from tests.scenario import all_pass

DECK = '''game "Aim on play" extends "example"
resource sparks: start 3
resource shields: start 0

card "Plunder": Action {
  text "Gain control of target Thing another player controls."
  target t from Thing cards where it.controller != you prompt "Plunder what?"
  effect { give control of t to you }
}

card "Drain": Action {
  text "Target player loses a spark."
  target p from players prompt "Drain whom?"
  effect { as p { lose 1 sparks } }
}

card "Firestorm": Action {
  text "Destroy up to two target Things."
  target ts from Thing cards up to 2 prompt "Destroy what?"
  effect { for each t in ts { destroy t } }
}

card "Tripwire": Thing - Trinket {
  text "Whenever another player plays a card that targets a Thing you control, gain a spark before it happens."
  before play where event.player != you \\
      and count (Thing cards you control where it is in event.targets) > 0 {
    gain 1 sparks
  }
}

card "Coin Purse": Action {
  text "When another player plays an Action that targets you, you may discard Coin Purse from your hand: that Action is negated and discarded."
  respond to play "Discard Coin Purse to stop it" \\
      where event.card is Action and event.player != you and you is in event.targets \\
      from hand paying { discard this } {
    discard event.card
    negate
  }
}

card "Lead Apron": Thing - Trinket {
  text "Actions other players play that target you are prevented."
  static prevent play where event.card is Action and event.player != you \\
      and you is in event.targets
}

card "Skittish Cat": Thing {
  text "When Skittish Cat becomes the target of a card, return it to its owner's hand."
  when targeted where event.card == this and event.aiming.name == "play" {
    move this to hand of this.owner
  }
}

card "Smoke Screen": Action {
  text "When a card played aims at a Thing you control, you may discard Smoke Screen: this turn, your Things can't be targeted by other players."
  respond to play "Discard Smoke Screen" \\
      where count (Thing cards you control where it is in event.targets) > 0 from hand \\
      paying { discard this } {
    until end of turn static untargetable for Thing cards you control by event.player != you
  }
}

# Whoever holds a shield may take a Thing of theirs back to hand when a card played aims at it.
respond to play "Take it back" where you.shields > 0 \\
    and count (Thing cards you control where it is in event.targets) > 0 \\
    paying { lose 1 shields } {
  move first(Thing cards you control where it is in event.targets) to your hand
}
'''


def passes(body: str) -> bool:
    return all_pass(body, DECK)


# --- chosen as the card is played, and announced -------------------------------------------

def test_a_cards_target_is_chosen_and_announced_while_it_is_still_in_the_hand():
    assert passes('''
        scenario "Plunder names its target as it is played" {
          given {
            hand of P1: "Plunder"
            area of P2: "Windmill", "Gearbox"
            deck top: "Oil Can" x 6
          }
          when { P1 chooses "play_action: Plunder" }
          then { P1 is asked "Plunder what?" }
          when { P1 chooses "Gearbox" }
          then after "P1: Plunder targeting Gearbox" {
            hand of P1 has "Plunder"
            area of P1 is empty
          }
          then {
            area of P1 is "Gearbox"
            area of P2 is "Windmill"
            discard_pile has "Plunder"
          }
        }''')


def test_a_card_played_with_targets_is_shown_to_every_seat_as_they_are_told():
    assert passes('''
        scenario "P2 sees the Plunder aimed at its Gearbox before it leaves P1's hand" {
          given {
            hand of P1: "Plunder"
            area of P2: "Windmill", "Gearbox"
            deck top: "Oil Can" x 6
          }
          when { P1 chooses "play_action: Plunder" }
          then { P2 cannot see "Plunder" in hand of P1 }
          when { P1 chooses "Gearbox" }
          then after "P1: Plunder targeting Gearbox" {
            P2 sees "Plunder" in hand of P1
            P2 cannot see "Oil Can" in hand of P1
          }
        }''')


def test_a_target_hears_it_is_aimed_at_by_the_play():
    assert passes('''
        scenario "Skittish Cat runs home as the Plunder is played, and nothing is plundered" {
          given {
            hand of P1: "Plunder"
            area of P2: "Skittish Cat", "Windmill"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Plunder"
            P1 chooses "Skittish Cat"
          }
          then {
            log says "P1: Plunder targeting Skittish Cat"
            log says "a card in P2's hand is no longer a legal target of Plunder"
            log says "P1: Plunder has no legal target: it does nothing"
            hand of P2 has "Skittish Cat"
            area of P2 is "Windmill"
            area of P1 is empty
          }
        }''')


# --- what answers the play sees them ------------------------------------------------------

def test_a_before_play_reaction_reads_the_plays_targets():
    assert passes('''
        scenario "Tripwire gains its spark before a Plunder aimed at its Windmill happens" {
          given {
            hand of P1: "Plunder"
            area of P2: "Tripwire", "Windmill"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Plunder"
            P1 chooses "Windmill"
          }
          then after "P2 gains 1 sparks" {
            hand of P1 has "Plunder"
            area of P2 is "Tripwire", "Windmill"
          }
          then {
            sparks of P2 is 4
            area of P1 is "Windmill"
          }
        }
        scenario "Tripwire does not hear a Plunder aimed at another player's Thing" {
          given {
            players 3
            hand of P1: "Plunder"
            area of P2: "Tripwire"
            area of P3: "Windmill"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Plunder"
            P1 chooses "Windmill"
          }
          then {
            log says "P1: Plunder targeting Windmill"
            sparks of P2 is 3
            area of P1 is "Windmill"
          }
        }''')


def test_a_response_stops_a_play_that_targets_you():
    assert passes('''
        scenario "Coin Purse stops a Drain aimed at its holder" {
          given {
            hand of P1: "Drain"
            hand of P2: "Coin Purse"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Drain"
            P1 chooses "P2"
          }
          then {
            log says "P1: Drain targeting P2"
            P2 is asked "Respond to P1 playing Drain (targeting P2)?"
            P2 may choose "Discard Coin Purse to stop it"
          }
          when { P2 chooses "Discard Coin Purse to stop it" }
          then {
            sparks of P2 is 3
            discard_pile has "Drain", "Coin Purse"
            hand of P1 has no "Drain"
          }
        }
        scenario "Coin Purse is not offered against a Drain aimed at someone else" {
          given {
            hand of P1: "Drain"
            hand of P2: "Coin Purse"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Drain"
            P1 chooses "P1"
          }
          then {
            sparks of P1 is 2
            hand of P2 has "Coin Purse"
          }
        }''')


def test_a_static_prevents_a_play_that_targets_you():
    assert passes('''
        scenario "Lead Apron prevents a Drain aimed at its controller" {
          given {
            hand of P1: "Drain"
            area of P2: "Lead Apron"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Drain"
            P1 chooses "P2"
          }
          then {
            log says "P1: Drain targeting P2"
            sparks of P2 is 3
            hand of P1 has "Drain"  # never played: it stays in the hand, shown
            P2 sees "Drain" in hand of P1
            discard_pile has no "Drain"
          }
        }''')


# --- the question the play's window asks ---------------------------------------------------

def test_the_plays_window_names_the_card_played_and_its_targets():
    assert passes('''
        scenario "P2 is asked about the Plunder aimed at its Gearbox, by name" {
          given {
            hand of P1: "Plunder"
            area of P2: "Windmill", "Gearbox"
            shields of P2 = 1
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Plunder"
            P1 chooses "Gearbox"
          }
          then { P2 is asked "Respond to P1 playing Plunder (targeting Gearbox)?" }
        }
        scenario "Every target of a Firestorm is named" {
          given {
            hand of P1: "Firestorm"
            area of P2: "Windmill", "Gearbox"
            shields of P2 = 1
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Firestorm"
            P1 chooses "Windmill", "Gearbox"
          }
          then { P2 is asked "Respond to P1 playing Firestorm (targeting Windmill, Gearbox)?" }
        }''')


def test_a_card_whose_play_opens_a_window_is_shown_as_it_is_played_and_stays_shown():
    # A Thing has no target: nothing showed it until it left the hand. Its play opens a
    # window (Gossip answers plays), so it is shown as it is played: P2 knows what it
    # answers, and still sees it in P1's hand once the play is stopped.
    assert passes('''
        card "Gossip": Action {
          text "When another player plays a card, you may discard Gossip from your hand: that play does not happen."
          respond to play "Discard Gossip to stop it" where event.player != you from hand \\
              paying { discard this } {
            negate
          }
        }
        scenario "P2 is asked about the Windmill P1 plays, and sees it kept in P1's hand" {
          given {
            hand of P1: "Windmill"
            hand of P2: "Gossip"
            deck top: "Oil Can" x 6
          }
          then { P2 cannot see "Windmill" in hand of P1 }
          when { P1 chooses "play_thing: Windmill" }
          then {
            P2 is asked "Respond to P1 playing Windmill?"
            P2 sees "Windmill" in hand of P1
          }
          when { P2 chooses "Gossip: Discard Gossip to stop it" }
          then {
            hand of P1 has "Windmill"
            P2 sees "Windmill" in hand of P1
            P2 cannot see "Oil Can" in hand of P1
          }
        }''')


def test_a_play_without_words_of_its_own_is_asked_about_with_the_card_and_its_targets():
    program = load_text('''game "Plain play" extends "dvorak"
resource shields: start 1
override action play(card) target for card {
  move card to your resolving
  resolve card
  if card.zone == your resolving { move card to discard_pile }
}
card "Plunder": Action {
  text "Destroy target Thing."
  target t from Thing cards prompt "Plunder what?"
  effect { destroy t }
}
card "Gearbox": Thing { text "A box of gears." }
respond to play "Spend a shield" where you.shields > 0 paying { lose 1 shields } { negate }
''', "plain.deck")
    from tests.scenario import given, play
    s = given(program, hands={0: ["Plunder"]}, areas={1: ["Gearbox"]}, deck_cards=["Gearbox"] * 6)
    play(s, "play_action: Plunder")                    # (one Thing: no question)
    d = s.decision
    assert (d.player.name, d.prompt) == ("P1", "Respond to P1's play of Plunder at Gearbox?")


# --- checked again as the card resolves: dropped, never redirected ---------------------------

def test_a_target_gone_between_the_play_and_its_resolution_is_dropped():
    assert passes('''
        scenario "P2 takes its Gearbox back in answer to the play: nothing else is plundered" {
          given {
            hand of P1: "Plunder"
            area of P2: "Gearbox", "Windmill"
            shields of P2 = 1
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Plunder"
            P1 chooses "Gearbox"
            P2 chooses "Take it back"
          }
          then {
            log says "a card in P2's hand is no longer a legal target of Plunder"
            log says "P1: Plunder has no legal target: it does nothing"
            hand of P2 has "Gearbox"
            area of P2 is "Windmill"
            area of P1 is empty
            discard_pile has "Plunder"
          }
        }''')


def test_a_target_protected_between_the_play_and_its_resolution_is_dropped():
    assert passes('''
        scenario "Smoke Screen, answering the play, keeps the Windmill" {
          given {
            hand of P1: "Plunder"
            hand of P2: "Smoke Screen"
            area of P2: "Windmill"
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Plunder"
            P2 chooses "Discard Smoke Screen"
          }
          then {
            log says "Windmill is no longer a legal target of Plunder"
            log says "P1: Plunder has no legal target: it does nothing"
            area of P2 is "Windmill"
          }
        }''')


def test_of_several_targets_only_those_gone_are_dropped():
    assert passes('''
        scenario "Firestorm still burns the Windmill when P2 saves its Gearbox" {
          given {
            hand of P1: "Firestorm"
            area of P1: "Windmill"
            area of P2: "Gearbox"
            shields of P2 = 1
            deck top: "Oil Can" x 6
          }
          when {
            P1 chooses "play_action: Firestorm"
            P1 chooses "Windmill", "Gearbox"
            P2 chooses "Take it back"
          }
          then {
            log says "P1: Firestorm targeting Windmill, Gearbox"
            log says "a card in P2's hand is no longer a legal target of Firestorm"
            hand of P2 has "Gearbox"
            area of P1 is empty
            discard_pile has "Windmill", "Firestorm"
          }
        }''')


# --- a card resolved without being played still chooses as it resolves --------------------

def test_a_card_resolved_by_an_effect_chooses_its_targets_as_it_resolves():
    assert passes('''
        card "Echo Chamber": Thing {
          text "Action: resolve a Plunder from your hand (it stays there)."
          ability "Echo": uses action_play {
            choose c from cards in your hand where it.name == "Plunder" prompt "Echo" {
              resolve c
            }
          }
        }
        scenario "An echoed Plunder asks for its target as it resolves" {
          given {
            hand of P1: "Plunder"
            area of P1: "Echo Chamber"
            area of P2: "Windmill"
            deck top: "Oil Can" x 6
          }
          when { P1 chooses "Echo Chamber: Echo" }
          then {
            log says "P1: Plunder targeting Windmill"
            area of P1 is "Echo Chamber", "Windmill"
            hand of P1 has "Plunder"
          }
        }''')


# --- what the checker says -----------------------------------------------------------------

def errors(text: str) -> list:
    with pytest.raises(DeckError) as e:
        load_text('game "E"\nplayers 2\nturn { pass }\n' + text, "e.deck")
    return [(d.code, d.message, d.hint) for d in e.value.diagnostics]


def test_target_for_names_a_parameter():
    assert errors("action play(card) target for crad { resolve card }\n") == [
        ("unknown-name", "`crad` is not a parameter of `play`", "did you mean `card`?")]


def test_a_call_that_chooses_a_cards_targets_must_resolve_it():
    assert errors("action play(card) target for card { pass }\n") == [
        ("target-for", "`play` chooses the targets of `card` but does not resolve it",
         "its targets are taken where its body says `resolve card`")]


def test_a_call_chooses_the_targets_of_one_card():
    assert errors("action play(a, b) target for a target for b { resolve a }\n") == [
        ("duplicate", "`play` has a second `target for`; the first would be lost",
         "a call chooses the targets of one card")]


def test_a_deck_whose_cards_have_no_targets_pays_nothing_for_target_for():
    from deckwright.dsl.codegen import generate
    source, _ = generate(load_program("urban_dead"), resumable=True)
    assert "AIM" not in source and "aim" not in source.split()


# --- a copy of the game made while a play waits ------------------------------------------------

def test_a_copy_made_while_a_play_waits_on_its_target_or_an_answer_plays_on_the_same():
    # Made from data (its running rules resumed where they wait), not by replaying the turn:
    # the targets chosen so far live in the waiting play, and the copy carries them.
    from deckwright.dsl.engine.resume import resumed
    from tests.scenario import given, play
    program = load_text(DECK, "aim.deck")
    s = given(program, hands={0: ["Plunder"]}, areas={1: ["Windmill", "Gearbox"]},
              res={1: {"shields": 1}}, deck_cards=["Oil Can"] * 10)
    while s.decision.kind != "move" or s.decision.player is not s.state.active:
        play(s, "pass")
    play(s, "play_action: Plunder")
    for answer in ("Gearbox", "Take it back"):          # its target; P2's answer to the play
        copy = resumed(s.game)
        assert copy is not None
        labels = s.decision.labels
        k = labels.index(answer)
        assert copy.decision.labels == labels
        assert copy.apply(k if s.decision.max_count == 1 else (k,)) is None
        play(s, answer)
        assert copy.state.state_hash() == s.game.state.state_hash()
        assert [e.text for e in copy.log] == [e.text for e in s.game.log]
    assert "P1: Plunder has no legal target: it does nothing" in [e.text for e in s.game.log]
