"""`static copy text of CARD` (language.md §7): the copying card has the copied card's
responses too, and its "when this leaves play" is the text it had as it left.

Each test: given a state → these decisions → this outcome.
"""
from deckwright.dsl.loader import load_text
from scenario import given, names, play

DECK = '''game "Copies" extends "dvorak"

card "Mimic": Thing x 2 {
  text "Mimic has the text of the top card of the discard pile."
  static copy text of top(discard_pile)
}

card "Sentry": Thing {
  text "When another player plays an Action, you may destroy Sentry to negate it."
  respond to resolve "Destroy Sentry to negate it" \\
      where event.card is Action and event.player != you paying { destroy this } {
    negate
  }
}

card "Keepsake": Thing {
  text "When Keepsake leaves play, say farewell."
  when leave where event.card == this { say "farewell, {this}" }
}

card "Hammer": Action x 2 {
  text "Destroy target Thing."
  target t from Thing cards prompt "Destroy"
  effect { destroy t }
}

card "Study": Action x 2 {
  text "Draw a card."
  effect { draw 1 }
}

card "Rock": Thing x 20 {
  text "Nothing."
}
'''

PROGRAM = load_text(DECK, "copies.deck")


def log(s) -> list:
    return [e.text for e in s.game.log]


def test_a_copy_of_a_card_that_responds_from_play_may_make_its_response():
    s = given(PROGRAM, hands={0: ["Study"]}, areas={1: ["Mimic"]},
              zones={"discard_pile": ["Sentry"]}, deck_cards=["Rock"] * 6)
    play(s, "play_action: Study")
    d = s.decision
    assert (d.player.name, d.prompt) == ("P2", "Respond to P1 resolving Study?")
    assert "Mimic: Destroy Sentry to negate it" in d.labels
    play(s, "Mimic: Destroy Sentry to negate it")
    assert names(s, "area:1") == []                        # the Mimic paid for it
    assert names(s, "discard_pile")[-2:] == ["Mimic", "Study"]
    assert len(names(s, "hand:0")) == 1                    # the turn's draw, not Study's


def test_a_copy_whose_top_card_changed_has_no_response():
    s = given(PROGRAM, hands={0: ["Study"]}, areas={1: ["Mimic"]},
              zones={"discard_pile": ["Sentry", "Rock"]}, deck_cards=["Rock"] * 6)
    play(s, "play_action: Study")
    assert s.decision.player.name == "P1"                  # nobody was asked
    assert len(names(s, "hand:0")) == 2


def test_a_copy_leaving_play_hears_it_with_the_text_it_had_as_it_left():
    s = given(PROGRAM, hands={0: ["Hammer"]}, areas={1: ["Mimic"]},
              zones={"discard_pile": ["Keepsake"]}, deck_cards=["Rock"] * 6)
    play(s, "play_action: Hammer")                         # the only Thing: no question
    assert names(s, "discard_pile")[-2:] == ["Mimic", "Hammer"]
    assert "P2: farewell, Mimic" in log(s)


def test_a_copy_staying_in_play_does_not_hear_another_cards_leaving():
    s = given(PROGRAM, hands={0: ["Hammer"]}, areas={1: ["Mimic", "Rock"]},
              zones={"discard_pile": ["Keepsake"]}, deck_cards=["Rock"] * 6)
    play(s, "play_action: Hammer", "Rock")
    assert not [line for line in log(s) if "farewell" in line]
