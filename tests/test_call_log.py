"""An action's `say` lines: how a call is told in the log as it is declared (issue 14, "log
what was chosen once it is public": "P2 casts Fire Ball at P1 with 2 Suns").

The first `say` line whose `if` holds is written as the caller's line, in place of the
targets' line ("P1: zap targeting P2"); its words show the parameters (and any value) as
every seat may see them, so a card in a hand is told by where it lies, never by name.
"""
import pytest

from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_text
from tests.scenario import all_pass

DECK = '''game "Told" extends "example"
resource sparks: start 3

action zap(victim, n) target victim where it != you \\
    say "zaps {victim} for {n} sparks" if n > 1 \\
    say "zaps {victim}" {
  as victim { lose n sparks }
}

action stash(c) say "stashes {c}" {
  move c to deck
}

card "Spark": Action {
  text "Zap the next player for 1 spark."
  effect { zap next_player(you), 1 }
}

card "Surge": Action {
  text "Zap the next player for 2 sparks."
  effect { zap next_player(you), 2 }
}

card "Misfire": Action {
  text "Zap yourself."
  effect { zap you, 1 }
}

card "Hoard": Action {
  text "Put a card from your hand on top of the deck."
  effect { choose c from cards in your hand prompt "Stash what?" { stash c } }
}
'''


def passes(body: str) -> bool:
    return all_pass(body, DECK)


def test_the_first_say_line_that_holds_tells_the_call():
    assert passes('''
        scenario "A Surge is told with its sparks" {
          given {
            hand of P1: "Surge"
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Surge" }
          then {
            log says "P1: zaps P2 for 2 sparks"
            log does not say "P1: zap targeting P2"
            sparks of P2 is 1
          }
        }
        scenario "A Spark is told by the last line" {
          given {
            hand of P1: "Spark"
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Spark" }
          then {
            log says "P1: zaps P2"
            log does not say "P1: zaps P2 for"
            sparks of P2 is 2
          }
        }''')


def test_a_call_is_told_before_its_targets_are_dropped():
    assert passes('''
        scenario "A Misfire is told, then does nothing" {
          given {
            hand of P1: "Misfire"
            deck top: "Oil Can"
          }
          when { P1 chooses "play_action: Misfire" }
          then {
            log says "P1: zaps P1"
            log says "P1 is not a legal target of zap"
            log says "P1: zap has no legal target: it does nothing"
            sparks of P1 is 3
          }
        }''')


def test_a_call_without_targets_is_told_and_a_hidden_card_is_not_named():
    assert passes('''
        scenario "A card stashed from the hand is told by where it lay" {
          given {
            hand of P1: "Hoard", "Windmill", "Gearbox"
            deck top: "Oil Can"
          }
          when {
            P1 chooses "play_action: Hoard"
            P1 chooses "Windmill"
          }
          then {
            log says "P1: stashes a card in P1's hand"
            log does not say "stashes Windmill"
          }
        }''')


@pytest.mark.parametrize("line, message", [
    ('say "zaps {victim}" if 3',
     "e.deck:2:57: error: a `say` line's condition must be a condition (true or false), "
     "not a number\n"
     "    2 | action zap(victim) target victim say \"zaps {victim}\" if 3 { pass }\n"
     "      |                                                         ^"),
    ('say "zaps {victm}"',
     "e.deck:2:45: error: unknown name `victm`\n"
     "    2 | action zap(victim) target victim say \"zaps {victm}\" { pass }\n"
     "      |                                             ^^^^^\n"
     "  hint: did you mean `victim`?"),
    ('say "zaps {random(players)}"',
     "e.deck:2:34: error: an action's `say` line cannot draw random numbers: it is read "
     "only while the game is logged\n"
     "    2 | action zap(victim) target victim say \"zaps {random(players)}\" { pass }\n"
     "      |                                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
     "  hint: say what the call's parameters hold instead of `random` or `shuffled`"),
])
def test_a_mistake_in_a_say_line_is_reported_at_its_place(line, message):
    with pytest.raises(DeckError) as e:
        load_text(f'game "E" extends "example"\naction zap(victim) target victim {line} {{ pass }}\n',
                  "e.deck")
    assert str(e.value) == message
