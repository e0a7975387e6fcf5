"""What is legal is what is offered, and a refusal names its rule.

A card's own `require` works from the hand; a move's or an ability's tests may carry the
words a refusal gives; a typed choice an offer does not list is refused with the rule
that refused it, as exact text.
"""
from __future__ import annotations

from scenario import given, hand, play, res

DECK = """game "Legal" extends "dvorak"
subtype Soldier
resource gears: start 0
mark fresh
zone shop: shared, public, ordered

# Buying puts a card in your hand, fresh for the rest of the turn.
move buy(c from cards in shop) {
  move c to your hand
  mark c with fresh this turn
}
move cash_in if gears >= 3 {
  lose 3 gears
  draw 1
}
move salvage(c from cards in discard_pile where it is Thing) { move c to your hand }

override turn {
  phase draw { draw 1 }
  phase main { offer play_thing, play_action, buy, cash_in, salvage, abilities }
  phase end { discard_down_to hand_size }
}

card "Sealed Vault": Action {
  text "This card can not be played."
  require false else "this card can not be played"
}
card "Rally": Action {
  text "REQ: two or more Soldiers under your control. Gain 1 gear."
  require count Soldier cards you control >= 2 else "it needs two or more Soldiers in play"
  effect { gain 1 gears }
}
card "Fresh Idea": Action {
  text "Can't be used the turn you acquire it. Gain 2 gears."
  require not (this has fresh) else "it can't be used the turn you acquire it"
  effect { gain 2 gears }
}
card "Sapper": Action {
  text "Destroy your top Thing to use. Gain 3 gears."
  require count Thing cards you control > 0 else "you have no Thing to destroy"
  to use { destroy last(Thing cards you control) }
  effect { gain 3 gears }
}
card "Quiet Rule": Action {
  text "Play only on turn 5 or later."
  require turn_number >= 5
}
card "Soldier": Thing - Soldier
card "Drill Sergeant": Thing - Soldier {
  text "Once per turn, if you have a gear: lose it and draw a card."
  ability "Drill": once per turn, if gears >= 1 else "it needs a gear" {
    lose 1 gears
    draw 1
  }
}
card "Filler": Thing
card "Red Tape": Thing {
  text "Whenever another player would play an Action, cancel it."
  before play where event.card is Action and event.player != you { negate }
}
card "Curfew": Thing {
  text "No one may salvage a Soldier."
  static forbid salvage where event.c is Soldier
}
"""

FILLER = ["Filler"] * 8


def test_a_card_that_can_not_be_played_is_never_offered_and_says_so():
    s = given(DECK, hands={0: ["Sealed Vault"]}, deck_cards=FILLER)
    assert "play_action: Sealed Vault" not in s.legal()
    assert s.refusal("play_action: Sealed Vault").reason == \
        "play_action: Sealed Vault is not allowed: this card can not be played"
    assert s.apply("Sealed Vault").reason == \
        "play_action: Sealed Vault is not allowed: this card can not be played"
    assert hand(s, 0) == ["Filler", "Sealed Vault"]          # nothing changed


def test_a_requirement_counts_what_is_in_play_and_is_offered_once_it_holds():
    s = given(DECK, hands={0: ["Rally"]}, areas={0: ["Soldier"]}, deck_cards=FILLER)
    assert s.refusal("play_action: Rally").reason == \
        "play_action: Rally is not allowed: it needs two or more Soldiers in play"
    s = given(DECK, hands={0: ["Rally"]}, areas={0: ["Soldier", "Drill Sergeant"]},
              deck_cards=FILLER)
    play(s, "play_action: Rally")
    assert res(s, 0, "gears") == 1


def test_a_card_cannot_be_used_the_turn_it_is_acquired_but_can_the_next():
    s = given(DECK, zones={"shop": ["Fresh Idea"]}, deck_cards=FILLER)
    play(s, "buy: Fresh Idea")
    assert "play_action: Fresh Idea" not in s.legal()
    assert s.refusal("Fresh Idea").reason == \
        "play_action: Fresh Idea is not allowed: it can't be used the turn you acquire it"
    play(s, "pass")                                 # P2's turn
    play(s, "pass")                                 # P1's again
    play(s, "play_action: Fresh Idea")
    assert res(s, 0, "gears") == 2


def test_a_cost_to_use_is_paid_before_the_card_is_played():
    s = given(DECK, hands={0: ["Sapper"]}, deck_cards=FILLER)
    assert s.refusal("play_action: Sapper").reason == \
        "play_action: Sapper is not allowed: you have no Thing to destroy"
    s = given(DECK, hands={0: ["Sapper"]}, areas={0: ["Soldier", "Filler"]}, deck_cards=FILLER)
    play(s, "play_action: Sapper")
    assert [c.name for c in s.state.zones["area:0"].cards] == ["Soldier"]
    assert res(s, 0, "gears") == 3


def test_a_requirement_without_words_is_refused_with_its_test_as_written():
    s = given(DECK, hands={0: ["Quiet Rule"]}, deck_cards=FILLER)
    assert s.refusal("play_action: Quiet Rule").reason == \
        "play_action: Quiet Rule is not allowed: it needs `turn_number >= 5`"


def test_a_move_refused_by_its_condition_names_the_condition():
    s = given(DECK, deck_cards=FILLER, res={0: {"gears": 2}})
    assert s.refusal("cash_in").reason == "cash_in is not allowed: it needs `gears >= 3`"


def test_an_option_its_selector_leaves_out_names_the_selector_s_test():
    s = given(DECK, zones={"discard_pile": ["Rally", "Soldier"]}, deck_cards=FILLER)
    assert "salvage: Soldier" in s.legal()
    assert s.refusal("salvage: Rally").reason == \
        "salvage: Rally is not allowed: it needs `it is Thing`"


def test_a_move_s_used_limit_names_the_move_s_words():
    s = given(DECK, hands={0: ["Soldier", "Drill Sergeant"]}, deck_cards=FILLER,
              res={0: {"gears": 3}})                # cash_in keeps the offer open
    play(s, "play_thing: Soldier")
    assert s.refusal("play_thing: Drill Sergeant").reason == \
        "play_thing: Drill Sergeant is not allowed: you have played a Thing this turn"


def test_an_ability_refusal_says_which_of_its_limits_refuses_it():
    s = given(DECK, areas={0: ["Drill Sergeant"]}, deck_cards=FILLER)
    assert s.refusal("Drill Sergeant: Drill").reason == \
        "Drill Sergeant: Drill is not allowed: it needs a gear"
    s = given(DECK, areas={0: ["Drill Sergeant"]}, deck_cards=FILLER, res={0: {"gears": 2}})
    play(s, "Drill Sergeant: Drill")
    assert s.refusal("Drill").reason == \
        "Drill Sergeant: Drill is not allowed: it was used this turn (once per turn)"


def test_a_name_no_rule_could_offer_is_still_no_option():
    s = given(DECK, hands={0: ["Rally"]}, deck_cards=FILLER)
    refused = s.refusal("play_action: Nothing Like It")
    assert refused.reason == "no option `play_action: Nothing Like It` in: " \
                             "play_thing: Filler, pass"
    assert not refused.by_rule


def test_a_card_in_play_is_not_held_back_by_its_require():
    # The restriction is on playing it: once in play, other moves may take it.
    s = given(DECK, zones={"discard_pile": ["Soldier"]}, areas={0: ["Filler"]},
              deck_cards=FILLER)
    assert "salvage: Soldier" in s.legal()


VERB = """game "Verbs" extends "dvorak"
property upgrades = false
resource gears: start 0
resource heard: start 0
# The verb says what it can be done to; every choice that leads to it offers only that.
action upgrade(card) if card.upgrades else "only a Shard can be upgraded" {
  gain 1 gears
}
when upgrade { gain 1 heard }
card "Shard": Thing { upgrades true }
card "Slab": Thing
card "Forge": Action {
  text "Upgrade a card in your hand."
  effect { choose c from cards in your hand prompt "Upgrade" { upgrade c } }
}
card "Hammer": Action {
  text "Upgrade every card in your hand."
  effect { for each c in cards in your hand { upgrade c } }
}
"""


def test_a_choice_that_leads_to_a_verb_offers_only_what_the_verb_takes():
    s = given(VERB, hands={0: ["Forge", "Shard", "Shard", "Slab"]}, deck_cards=["Slab"] * 5)
    play(s, "play_action: Forge")
    assert s.decision.prompt == "Upgrade" and s.legal() == ["Shard #1", "Shard #2"]
    assert s.refusal("Slab").reason == "Slab is not allowed: only a Shard can be upgraded"
    play(s, "Shard")
    assert res(s, 0, "gears") == 1


def test_a_verb_called_on_what_it_does_not_take_does_nothing_and_is_no_event():
    s = given(VERB, hands={0: ["Hammer", "Shard", "Slab"]}, deck_cards=["Slab"] * 5)
    play(s, "play_action: Hammer")
    assert res(s, 0, "gears") == 1             # the Shard; neither Slab
    assert res(s, 0, "heard") == 1


SEALED = """game "Sealed" extends "dvorak"
card "Sealed Vault": Action x 20 {
  text "This card can not be played."
  require false else "this card can not be played"
}
card "Filler": Thing x 20
"""


def test_the_repl_prints_the_rule_that_refuses_a_typed_choice(tmp_path):
    from deckwright.repl.commands import Processor
    deck = tmp_path / "sealed.deck"
    deck.write_text(SEALED)
    proc = Processor(str(deck), seed=1)
    assert "play_action: Sealed Vault" not in proc.session.decision.labels
    said = "play_action: Sealed Vault is not allowed: this card can not be played"
    assert proc.problem("Sealed Vault") == said
    out = proc.execute("choose Sealed Vault")
    assert out.text() == f"error: {said}"


def test_a_move_a_card_forbids_names_the_card():
    s = given(DECK, zones={"discard_pile": ["Soldier", "Filler"]}, areas={1: ["Curfew"]},
              deck_cards=FILLER)
    assert "salvage: Filler" in s.legal()
    assert s.refusal("salvage: Soldier").reason == \
        "salvage: Soldier is not allowed: Curfew forbids it"


HIDDEN = """game "Hidden" extends "dvorak"
move tutor(c from cards in deck where it is Thing) { move c to your hand }
override turn {
  phase draw { draw 1 }
  phase main { offer play_thing, play_action, tutor }
}
card "Rally": Action
card "Filler": Thing
"""


def test_a_refusal_never_names_a_card_the_player_cannot_see():
    # The draw pile is hidden: that a Rally is in it is no business of the refusal.
    s = given(HIDDEN, deck_cards=["Filler", "Rally", "Filler"])
    assert s.refusal("tutor: Rally").reason.startswith("no option `tutor: Rally` in: ")


def test_a_requirement_that_is_not_a_condition_is_an_error_at_its_place():
    import pytest
    from deckwright.dsl.errors import DeckError
    from deckwright.dsl.loader import load_text
    text = ('game "T" extends "dvorak"\n'
            'action zap(card) if 1 + 1 else "x" { pass }\n'
            'card "A": Action {\n'
            '  require 3 else "never"\n'
            '}\n')
    with pytest.raises(DeckError) as err:
        load_text(text, "t.deck")
    assert str(err.value) == (
        "t.deck:2:21: error: an action's condition must be a condition (true or false), "
        "not a number\n"
        "    2 | action zap(card) if 1 + 1 else \"x\" { pass }\n"
        "      |                     ^^^^^\n"
        "t.deck:4:11: error: a card's `require` must be a condition (true or false), not a number\n"
        "    4 |   require 3 else \"never\"\n"
        "      |           ^")


def test_a_cost_is_paid_even_when_the_play_it_paid_for_is_cancelled():
    s = given(DECK, hands={0: ["Sapper"]}, areas={0: ["Filler"], 1: ["Red Tape"]},
              deck_cards=FILLER)
    play(s, "play_action: Sapper")
    assert s.state.zones["area:0"].cards == []          # paid
    assert res(s, 0, "gears") == 0                      # and cancelled


def test_a_cost_that_asks_is_asked_of_bots_too():
    from deckwright.dsl.agents import RandomAgent
    from deckwright.dsl.engine import Game
    from scenario import program
    deck = program(DECK.replace('to use { destroy last(Thing cards you control) }',
                                'to use { choose t from Thing cards you control prompt "Destroy" '
                                '{ destroy t } }'))
    paid = 0
    for seed in range(6):
        for stepped in (False, True):
            game = Game(deck, seed=seed, agents=[RandomAgent(seed), RandomAgent(seed + 1)],
                        stepped=stepped, max_turns=60)
            game.run()
            paid += sum("— Destroy (Sapper)" in e.text for e in game.log)
    assert paid > 0
