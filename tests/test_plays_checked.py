"""Every play of a card reads the card's `require`; a play refused in a move undoes the move
(issue 13; docs/language.md section 5, "Restrictions and costs from the hand", and section
7, "A play made otherwise").

* A call that plays a card (`target for`, the base deck's `play`) reads the card's
  `require`s as it is made, wherever it is made: a move's later step, a card kept in a
  variable, `play top(discard_pile)`, a card's effect, an ability's body. The one
  exception is the option of the move making the play: its `require`s were read as the
  move began, before its `to use` cost.
* A play refused in a move's own body (by the card's `require`, a `static forbid`, the
  play's `if`) undoes the whole move: the state is as it was before the move, the player
  reads the rule, and is asked again.
* A play refused in an effect, a trigger or an ability does nothing: what led to it was
  legal, and stands.
"""
import pytest

from deckwright.dsl.agents import Agent, FirstLegalAgent
from deckwright.dsl.engine.game import Game
from deckwright.dsl.errors import EngineError
from deckwright.dsl.loader import load_text
from tests.scenario import all_pass, arranged, play

DECK = '''game "Plays checked as made" extends "example"

mark fresh

card "Sealed Vault": Action {
  text "This card can not be played."
  require false else "this card can not be played"
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

card "Quiet Hours": Thing - Trinket {
  text "Other players can't play Actions."
  static forbid play where event.card is Action and event.player != you
}

card "Echo": Action {
  text "Play the top card of the discard pile."
  effect { play top(discard_pile) }
}

card "Juggler": Thing {
  text "Action: gain a gear, then play the top card of the discard pile."
  ability "Juggle": uses action_play {
    gain 1 gears
    play top(discard_pile)
  }
}

# Gain a gear, then play the top card of the discard pile (a card the move has no name
# for until it gets there).
move salvage {
  gain 1 gears
  play top(discard_pile)
}

# Discard a card, then play the card that was on top of the discard pile before it.
move recall(c from cards in your hand) {
  let was = top(discard_pile)
  discard c
  play was
}

# Gain a gear, then play the card chosen, inside an `if`.
move careful_play(c from Action cards in your hand) {
  gain 1 gears
  if gears > 0 { play c }
}

override turn {
  phase draw { draw 1 }
  phase main { offer play_thing, play_action, salvage, recall, careful_play, abilities }
  phase end { discard_down_to hand_size }
}
'''


def passes(body: str) -> bool:
    return all_pass(body, DECK)


# --- a move's later step --------------------------------------------------------------------

def test_a_play_a_require_refuses_after_a_moves_other_steps_undoes_the_move():
    assert passes('''
        scenario "Salvaging a Sealed Vault gains no gear: the move is undone" {
          given {
            hand of P1: "Oil Can"
            discard_pile: "Gearbox", "Sealed Vault"
            deck top: "Windmill" x 6
          }
          when { P1 chooses "salvage" }
          then {
            log says "P1: playing Sealed Vault is not allowed: this card can not be played: the move salvage is undone"
            gears of P1 is 0
            discard_pile is "Gearbox", "Sealed Vault"
            P1 is asked "your move"
            P1 may choose "salvage"
            P1 may choose "play_action: Oil Can"
          }
        }
        scenario "Salvaging a Gearbox plays it" {
          given {
            discard_pile: "Sealed Vault", "Gearbox"
            deck top: "Windmill" x 6
          }
          when { P1 chooses "salvage" }
          then {
            gears of P1 is 1
            area of P1 is "Gearbox"
            discard_pile is "Sealed Vault"
          }
        }''')


def test_a_card_kept_in_a_variable_reads_its_require_as_it_is_played():
    assert passes('''
        scenario "Recalling a Fresh Idea acquired this turn: the Oil Can discarded comes back" {
          given {
            hand of P1: "Oil Can"
            discard_pile: "Gearbox", "Fresh Idea" (marked fresh)
            deck top: "Windmill" x 6
          }
          when { P1 chooses "recall: Oil Can" }
          then {
            log says "P1: playing Fresh Idea is not allowed: it can't be used the turn you acquire it: the move recall is undone"
            hand of P1 has "Oil Can"
            discard_pile is "Gearbox", "Fresh Idea"
            "Fresh Idea" in discard_pile: marked fresh
            gears of P1 is 0
            P1 is asked "your move"
          }
        }
        scenario "Recalling a Fresh Idea from an earlier turn plays it" {
          given {
            hand of P1: "Oil Can"
            discard_pile: "Fresh Idea"
            deck top: "Windmill" x 6
          }
          when { P1 chooses "recall: Oil Can" }
          then {
            gears of P1 is 2
            discard_pile is "Oil Can", "Fresh Idea"
          }
        }''')


def test_a_forbidden_play_inside_an_if_undoes_the_move():
    assert passes('''
        scenario "Under P2's Quiet Hours a careful play of the Oil Can gains no gear" {
          given {
            hand of P1: "Oil Can", "Windmill"
            area of P2: "Quiet Hours"
            deck top: "Gearbox" x 6
          }
          when { P1 chooses "careful_play: Oil Can" }
          then {
            log for P1 says "P1: playing Oil Can is not allowed: Quiet Hours forbids it: the move careful_play is undone"
            P2 cannot see "Oil Can" in hand of P1
            gears of P1 is 0
            hand of P1 has "Oil Can"
            P1 is asked "your move"
          }
        }''')


def test_the_option_of_a_move_reads_its_require_as_the_move_begins_before_its_cost():
    # "Destroy your top Thing to use": with one Thing, the cost leaves none, and the card's
    # `require` (a Thing to destroy) held as the move began, which is when it is read.
    assert passes('''
        scenario "A careful play of the Sapper with one Thing destroys it and gains 3 gears" {
          given {
            hand of P1: "Sapper"
            area of P1: "Spring Press"
            deck top: "Gearbox" x 6
          }
          when { P1 chooses "careful_play: Sapper" }
          then {
            area of P1 is empty
            gears of P1 is 4
            discard_pile has "Sapper", "Spring Press"
          }
        }''')


# --- an effect, an ability -------------------------------------------------------------------

def test_a_play_an_effect_makes_reads_the_cards_require_and_does_nothing_if_refused():
    assert passes('''
        scenario "The Echo does not play a Fresh Idea acquired this turn" {
          given {
            hand of P1: "Echo"
            discard_pile: "Fresh Idea" (marked fresh)
            deck top: "Gearbox" x 6
          }
          when { P1 chooses "play_action: Echo" }
          then {
            log says "P1: playing Fresh Idea is not allowed: it can't be used the turn you acquire it: the play does not happen"
            gears of P1 is 0
            discard_pile is "Fresh Idea", "Echo"
          }
        }''')


def test_a_play_an_abilitys_later_step_makes_reads_the_require_and_the_ability_stands():
    assert passes('''
        scenario "The Juggler gains its gear and does not play the Sealed Vault" {
          given {
            area of P1: "Juggler"
            discard_pile: "Sealed Vault"
            deck top: "Gearbox" x 6
          }
          when { P1 chooses "Juggler: Juggle" }
          then {
            log says "P1: playing Sealed Vault is not allowed: this card can not be played: the play does not happen"
            gears of P1 is 1
            discard_pile is "Sealed Vault"
            P1 may not choose "Juggler: Juggle"     # the Action play was spent
          }
        }''')


# --- undoing, copies, bots ----------------------------------------------------------------

def test_an_undone_move_leaves_the_state_as_it_was_and_replays_alike():
    s = arranged(DECK, '''
        hand of P1: "Oil Can"
        discard_pile: "Gearbox", "Fresh Idea" (marked fresh)
        deck top: "Windmill" x 6
    ''')
    before = s.state.state_hash()
    play(s, "recall: Oil Can")
    assert (s.decision.prompt, s.state.state_hash()) == ("your move", before)
    assert s.game.rewind(len(s.game.history)).state.state_hash() == before
    assert s.game.clone().state.state_hash() == before
    play(s, "play_action: Oil Can")
    assert sorted(c.name for c in s.state.zones["hand:0"].cards) == ["Windmill"] * 3


class _Salvager(Agent):
    """A bot that makes the move `salvage` whenever it is offered."""
    trusted = True

    def choose(self, game, decision):
        return decision.labels.index("salvage") if "salvage" in decision.labels else 0


def test_a_bot_that_keeps_making_a_refused_move_meets_the_offer_loops_cap():
    program = load_text(DECK, "plays_checked.deck")

    def arrange(game):
        s = game.state
        for name in ("Gearbox", "Sealed Vault"):
            game.put(name, s.zones["discard_pile"])
        for _ in range(6):
            game.put("Windmill", s.zones["deck"])
        s.globals["first_player"] = s.players[0]

    game = Game(program, seed=1, agents=[_Salvager(), FirstLegalAgent()], arrange=arrange)
    with pytest.raises(EngineError, match="P1 made more than 500 moves in one turn"):
        game.run()
