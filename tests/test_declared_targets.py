"""Targets declared by a card or an ability, rule by rule, on a small deck of their own.

A card's `target NAME from COLLECTION [up to N]` is chosen as the card resolves, before
its `resolve` event is declared: announced in the log, listed in `event.targets` for the
reactions and the responses, and checked again once the window has closed. A target no
longer among the card's targets is dropped, never replaced; with none left, the effect
does nothing. "Up to N" is zero to N: none may be chosen (or be there to choose), and the
effect then runs on an empty list. An ability's `target ... up to N` works the same way
as it is used, and is offered with nothing to aim at.
"""
import pytest

from deckwright.dsl.codegen import generate
from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_text
from tests.scenario import area, given, hand, play, res

DECK = '''game "Aim" extends "dvorak"
resource sparks: start 0
resource shields: start 0

card "Gadget": Thing x 4

card "Plunder": Action {
  text "Gain control of target Thing another player controls."
  target t from Thing cards where it.controller != you prompt "Plunder what?"
  effect { give control of t to you }
}

card "Firestorm": Action {
  text "Destroy up to two target Things."
  target ts from Thing cards up to 2 prompt "Destroy what?"
  effect { for each t in ts { destroy t } }
}

card "Overload": Action {
  text "Up to one target player per Gadget you control gains a spark."
  target ps from players up to count (cards you control named "Gadget") prompt "Who gains a spark?"
  effect { for each p in ps { as p { gain 1 sparks } } }
}

card "Salvo": Action {
  text "Destroy up to two target Things another player controls. Gain a spark."
  target ts from Thing cards where it.controller != you up to 2 prompt "Shell what?"
  effect {
    for each t in ts { destroy t }
    gain 1 sparks
  }
}

card "Sweeper": Thing {
  text "Action: destroy up to two target Things another player controls. Gain a spark."
  ability "Sweep": uses action_play, target ts from Thing cards where it.controller != you \\
      up to 2 prompt "Sweep what?" {
    for each t in ts { destroy t }
    gain 1 sparks
  }
}

card "Scattergun": Thing {
  text "Action: up to two target opponents lose a spark."
  ability "Scatter": uses action_play, target ps from opponents up to 2 prompt "Scatter at whom?" {
    for each p in ps { as p { lose 1 sparks } }
  }
}

# Whoever holds a shield may take a Thing of theirs back to hand when a card aims at it.
respond to resolve "Take it back" where you.shields > 0 \\
    and count (Thing cards you control where it is in event.targets) > 0 \\
    paying { lose 1 shields } {
  move first(Thing cards you control where it is in event.targets) to your hand
}

# ... and any player may see a resolving card's targets as it is declared.
before resolve where count (event.targets) > 0 {
  say "sees the targets"
}
'''


@pytest.fixture(scope="module")
def deck():
    return load_text(DECK, "aim.deck")


def start(deck, players=2, **kw):
    return given(deck, players=players, deck_cards=["Gadget"] * 30, **kw)


def log(s) -> list:
    return [e.text for e in s.game.log]


def read_by(s, seat: int) -> list:
    """The log as a seat reads it."""
    from deckwright.repl.render import log_lines
    return log_lines(s.game, s.state.players[seat])


def main_phase(s):
    while s.decision.kind != "move" or s.decision.player is not s.state.active:
        play(s, "pass")


# --- a card's targets ---------------------------------------------------------------------

def test_a_cards_target_is_chosen_before_its_effect_and_announced(deck):
    s = start(deck, hands={0: ["Plunder"]}, areas={0: ["Gadget"], 1: ["Gadget", "Scattergun"]})
    main_phase(s)
    play(s, "play_action: Plunder")
    d = s.decision
    assert (d.prompt, d.labels) == ("Plunder what?", ["Gadget", "Scattergun"])   # not P1's own
    play(s, "Scattergun")
    assert "P1: Plunder targeting Scattergun" in log(s)
    assert area(s, 0) == ["Gadget", "Scattergun"] and area(s, 1) == ["Gadget"]


def test_the_reactions_to_resolve_see_the_cards_targets(deck):
    s = start(deck, hands={0: ["Plunder"]}, areas={1: ["Gadget"]})
    main_phase(s)
    play(s, "play_action: Plunder")                 # the one Gadget: no question
    assert "P1: sees the targets" in log(s)


def test_a_target_that_becomes_illegal_is_dropped_and_the_card_does_nothing(deck):
    # P2 answers the Plunder by taking its Gadget back to hand: nothing else is plundered.
    s = start(deck, hands={0: ["Plunder"]}, areas={1: ["Gadget", "Scattergun"]},
              res={1: {"shields": 1}})
    main_phase(s)
    play(s, "play_action: Plunder")
    play(s, "Gadget")
    d = s.decision
    assert (d.player.index, d.prompt) == (1, "Respond to P1 resolving Plunder (targeting Gadget)?")
    play(s, "Take it back")
    assert "a card in P2's hand is no longer a legal target of Plunder" in read_by(s, 0)
    assert "Gadget is no longer a legal target of Plunder" in read_by(s, 1)   # its holder
    assert "P1: Plunder has no legal target: it does nothing" in log(s)
    assert area(s, 0) == [] and area(s, 1) == ["Scattergun"]      # never redirected
    assert hand(s, 1) == ["Gadget"]


def test_a_card_with_no_legal_target_does_nothing(deck):
    s = start(deck, hands={0: ["Plunder"]}, areas={0: ["Gadget"]})
    main_phase(s)
    play(s, "play_action: Plunder")
    assert "P1: Plunder has no legal target: it does nothing" in log(s)
    assert area(s, 0) == ["Gadget"]
    assert "Plunder" in [c.name for c in s.state.zones["discard_pile"].cards]


def test_up_to_two_targets_are_chosen_together(deck):
    s = start(deck, hands={0: ["Firestorm"]}, areas={0: ["Gadget"], 1: ["Gadget", "Scattergun"]})
    main_phase(s)
    play(s, "play_action: Firestorm")
    d = s.decision
    assert (d.prompt, d.min_count, d.max_count) == ("Destroy what?", 0, 2)
    assert d.labels == ["Gadget in P1's area", "Gadget in P2's area", "Scattergun"]
    play(s, ["Scattergun", "Gadget in P2"])      # `Gadget` alone is ambiguous: whose?
    assert "P1: Firestorm targeting Gadget in P2's area, Scattergun" in log(s)
    assert area(s, 0) == ["Gadget"] and area(s, 1) == []


def test_of_several_targets_only_the_illegal_ones_are_dropped(deck):
    s = start(deck, hands={0: ["Firestorm"]}, areas={0: ["Gadget"], 1: ["Scattergun"]},
              res={1: {"shields": 1}})
    main_phase(s)
    play(s, "play_action: Firestorm")
    play(s, ["Gadget", "Scattergun"])
    play(s, "Take it back")                         # P2 saves its Scattergun ...
    assert "a card in P2's hand is no longer a legal target of Firestorm" in read_by(s, 0)
    assert area(s, 0) == [] and hand(s, 1) == ["Scattergun"]   # ... P1's Gadget still burns


def test_how_many_targets_may_depend_on_the_game(deck):
    # One target per Gadget P1 controls: with two, both players may be picked.
    s = start(deck, hands={0: ["Overload"]}, areas={0: ["Gadget", "Gadget"]})
    main_phase(s)
    play(s, "play_action: Overload")
    assert (s.decision.min_count, s.decision.max_count) == (0, 2)
    play(s, ["P1", "P2"])
    assert (res(s, 0, "sparks"), res(s, 1, "sparks")) == (1, 1)


# --- an ability's targets ---------------------------------------------------------------

def test_an_ability_aims_at_up_to_two_targets(deck):
    s = start(deck, players=3, areas={0: ["Scattergun"]}, res={1: {"sparks": 2}, 2: {"sparks": 2}})
    main_phase(s)
    play(s, "Scattergun: Scatter")
    d = s.decision
    assert (d.prompt, d.labels, d.min_count, d.max_count) == (
        "Scatter at whom?", ["P2", "P3"], 0, 2)
    play(s, ["P2", "P3"])
    assert "P1: Scatter targeting P2, P3" in log(s)
    assert (res(s, 1, "sparks"), res(s, 2, "sparks")) == (1, 1)


def test_an_ability_may_aim_at_fewer_than_its_most(deck):
    s = start(deck, players=3, areas={0: ["Scattergun"]}, res={1: {"sparks": 2}, 2: {"sparks": 2}})
    main_phase(s)
    play(s, "Scattergun: Scatter")
    play(s, ["P3"])
    assert "P1: Scatter targeting P3" in log(s)
    assert (res(s, 1, "sparks"), res(s, 2, "sparks")) == (2, 1)


# --- "up to N" is zero to N ---------------------------------------------------------------

def test_up_to_n_targets_may_be_none_and_the_effect_runs_with_none(deck):
    s = start(deck, hands={0: ["Salvo"]}, areas={1: ["Gadget"]})
    main_phase(s)
    play(s, "play_action: Salvo")
    d = s.decision
    assert (d.prompt, d.labels, d.min_count, d.max_count) == ("Shell what?", ["Gadget"], 0, 1)
    play(s, [])
    assert "P1: Salvo targeting nothing" in log(s)
    assert "P1: sees the targets" not in log(s)        # its event lists no target
    assert area(s, 1) == ["Gadget"] and res(s, 0, "sparks") == 1


def test_up_to_n_with_no_legal_target_runs_the_effect_without_asking(deck):
    s = start(deck, hands={0: ["Salvo"]}, areas={0: ["Gadget"]})
    main_phase(s)
    play(s, "play_action: Salvo")
    assert "P1: Salvo targeting nothing" in log(s)
    assert "P1: Salvo has no legal target: it does nothing" not in log(s)
    assert area(s, 0) == ["Gadget"] and res(s, 0, "sparks") == 1


def test_up_to_a_count_of_none_is_none(deck):
    # One target per Gadget P1 controls: with no Gadget, no one gains a spark.
    s = start(deck, hands={0: ["Overload"]})
    main_phase(s)
    play(s, "play_action: Overload")
    assert "P1: Overload targeting nothing" in log(s)
    assert (res(s, 0, "sparks"), res(s, 1, "sparks")) == (0, 0)


def test_up_to_n_targets_all_dropped_still_does_nothing(deck):
    # Chosen, then taken away: not the same as choosing none.
    s = start(deck, hands={0: ["Salvo"]}, areas={1: ["Gadget"]}, res={1: {"shields": 1}})
    main_phase(s)
    play(s, "play_action: Salvo", ["Gadget"], "Take it back")
    assert "P1: Salvo has no legal target: it does nothing" in log(s)
    assert hand(s, 1) == ["Gadget"] and res(s, 0, "sparks") == 0


def test_a_copy_of_the_game_waiting_on_up_to_n_targets_may_answer_none(deck):
    s = start(deck, hands={0: ["Salvo"]}, areas={1: ["Gadget"]})
    main_phase(s)
    play(s, "play_action: Salvo")
    copy = s.game.clone()
    assert copy.apply(()) is None and s.game.apply((0,)) is None
    assert "P1: Salvo targeting nothing" in [e.text for e in copy.log]
    assert [c.name for c in copy.state.zones["area:1"].cards] == ["Gadget"]
    assert area(s, 1) == []                       # the original, answered otherwise


def test_an_ability_with_up_to_n_targets_is_offered_with_nothing_to_aim_at(deck):
    s = start(deck, areas={0: ["Sweeper"]})
    main_phase(s)
    assert "Sweeper: Sweep" in s.decision.labels
    play(s, "Sweeper: Sweep")
    assert "P1: Sweep targeting nothing" in log(s)
    assert res(s, 0, "sparks") == 1


def test_an_ability_with_up_to_n_targets_may_aim_at_none(deck):
    s = start(deck, areas={0: ["Sweeper"], 1: ["Gadget", "Scattergun"]})
    main_phase(s)
    play(s, "Sweeper: Sweep")
    assert (s.decision.min_count, s.decision.max_count) == (0, 2)
    play(s, [])
    assert "P1: Sweep targeting nothing" in log(s)
    assert area(s, 1) == ["Gadget", "Scattergun"] and res(s, 0, "sparks") == 1


def test_the_repl_says_none_is_an_answer_to_up_to_n_targets(deck):
    from deckwright.repl.render import decision_view
    s = start(deck, hands={0: ["Salvo"]}, areas={1: ["Gadget", "Scattergun"]})
    main_phase(s)
    play(s, "play_action: Salvo")
    assert decision_view(s.decision) == (
        "P1: Shell what? (Salvo)\n"
        "  [0] Gadget\n"
        "  [1] Scattergun\n"
        "  pick up to 2: `choose 0 1`, or `choose none`")


def test_a_random_bot_sometimes_aims_at_none_and_always_the_same_for_a_seed():
    from deckwright.dsl.agents import RandomAgent

    def picks(seed):
        bot = RandomAgent(seed)
        return [bot.pick(3, "choose", 0, 2) for _ in range(30)]
    assert () in picks(7) and any(len(p) == 2 for p in picks(7))
    assert picks(7) == picks(7)


def test_choosing_none_of_up_to_n_targets_reads_as_the_rule():
    from tests.scenario import failures_of
    assert failures_of('''
        resource sparks: start 0
        card "Net": Action {
          text "Tap up to two target Things another player controls. Gain a spark."
          target ts from Thing cards where it.controller != you up to 2 prompt "Net what?"
          effect {
            for each t in ts { say "nets {t}" }
            gain 1 sparks
          }
        }
        scenario "Net may be cast at nothing" {
          given {
            hand of P1: "Net"
            area of P2: "Windmill"
          }
          when {
            P1 chooses "play_action: Net"
            P1 chooses nothing
          }
          then {
            log says "P1: Net targeting nothing"
            sparks of P1 is 1
            area of P2 is "Windmill"
          }
        }''') == []


# --- what it costs and what the checker says --------------------------------------------

def test_a_deck_without_card_targets_has_no_code_for_them():
    from deckwright.dsl.loader import load_program
    source, _ = generate(load_program("example"), resumable=True)
    assert "EFFECT_TARGET" not in source and "ABILITY_COUNT" not in source


def errors(text):
    with pytest.raises(DeckError) as e:
        load_text('game "E" extends "dvorak"\n' + text, "e.deck")
    return [(d.code, d.message, d.hint) for d in e.value.diagnostics]


def test_a_card_target_needs_an_effect():
    assert errors('card "Aim": Thing {\n  target t from Thing cards\n}\n') == [
        ("no-effect", "`Aim` has a target but no `effect` to aim at it",
         "a card's targets are chosen for its effect: give it `effect { ... }`, or give an "
         "ability the target")]


def test_how_many_targets_is_a_number():
    assert errors('card "Aim": Action {\n  target t from Thing cards up to "two"\n'
                  '  effect { pass }\n}\n') == [
        ("type", "how many targets must be a number, not a text", None)]


def test_a_card_has_one_target_line():
    assert errors('card "Aim": Action {\n  target t from Thing cards\n'
                  '  target u from Thing cards\n  effect { pass }\n}\n') == [
        ("duplicate", "`Aim` has a second `target`; the first would be lost",
         "give a card one `target`")]


# --- exactly N targets ------------------------------------------------------------------------
EXACT = '''
card "Twin Bolt": Action {
  text "Destroy two target Things."
  target ts from Thing cards exactly 2 prompt "Destroy which two?"
  effect { for each t in ts { destroy t } }
}

card "Pincer": Thing {
  text "Action: put a charge counter on each of two target Things another player controls."
  ability "Pinch": uses action_play, target ts from Thing cards where it.controller != you \\
      exactly 2 prompt "Pinch which two?" {
    for each t in ts { put 1 charge on t }
  }
}
'''


def test_exactly_n_targets_are_chosen_together():
    from tests.scenario import failures_of
    assert failures_of(EXACT + '''
        scenario "Twin Bolt destroys the two Things chosen" {
          given {
            hand of P1: "Twin Bolt"
            area of P2: "Windmill", "Gearbox", "Magnet"
            deck top: "Oil Can", "Wrench", "Heist"
          }
          when {
            P1 chooses "play_action: Twin Bolt"
            P1 chooses "Windmill", "Magnet"
          }
          then {
            log says "P1: Twin Bolt targeting Windmill, Magnet"
            area of P2 is "Gearbox"
          }
        }''') == []


def test_a_card_with_fewer_than_n_legal_targets_cannot_be_played():
    from tests.scenario import failures_of
    assert failures_of(EXACT + '''
        scenario "Twin Bolt is not offered with one Thing in play" {
          given {
            hand of P1: "Twin Bolt"
            area of P2: "Windmill"
            deck top: "Oil Can", "Wrench", "Heist"
          }
          when {
            P1 chooses "play_action: Twin Bolt" refused: "play_action: Twin Bolt is not allowed: it needs 2 targets (1 can be chosen)"
          }
          then { area of P2 is "Windmill" }
        }''') == []


def test_an_ability_with_fewer_than_n_legal_targets_is_not_offered():
    from tests.scenario import failures_of
    assert failures_of(EXACT + '''
        scenario "Pincer cannot pinch one Thing" {
          given {
            area of P1: "Pincer", "Gearbox"
            area of P2: "Windmill"
            deck top: "Oil Can", "Wrench", "Heist"
          }
          when {
            P1 chooses "Pincer: Pinch" refused: "Pincer: Pinch is not allowed: it needs 2 targets (1 can be chosen)"
          }
          then { P1 may not choose "Pincer: Pinch" }
        }
        ''') == []


def test_an_ability_with_n_legal_targets_takes_them_all():
    from tests.scenario import failures_of
    assert failures_of(EXACT + '''
        scenario "Pincer pinches both" {
          given {
            area of P1: "Pincer"
            area of P2: "Windmill", "Gearbox"
            deck top: "Oil Can", "Wrench", "Heist"
          }
          when { P1 chooses "Pincer: Pinch" }
          then {
            log says "P1: Pinch targeting Windmill, Gearbox"
            "Windmill" in area of P2: 1 charge
            "Gearbox" in area of P2: 1 charge
          }
        }''') == []


@pytest.mark.parametrize("line, message", [
    ('target ts from Thing cards exactly "two"',
     't.deck:3:38: error: how many targets must be a number, not a text\n'
     '    3 |   target ts from Thing cards exactly "two"\n'
     '      |                                      ^^^^^'),
    ("target ts from Thing cards exactly 2 up to 3",
     "t.deck:3:40: error: unexpected `up`\n"
     "    3 |   target ts from Thing cards exactly 2 up to 3\n"
     "      |                                        ^^\n"
     "  hint: expected `;`, `prompt`, `}` or end of line"),
])
def test_exactly_misused_is_reported_once_at_its_place(line, message):
    with pytest.raises(DeckError) as e:
        load_text('game "T" extends "example"\ncard "Twin Bolt": Action {\n  ' + line
                  + "\n  effect { for each t in ts { destroy t } }\n}\n", "t.deck")
    assert str(e.value) == message


def test_an_ability_with_no_legal_target_is_refused_with_that_reason():
    from tests.scenario import failures_of
    assert failures_of('''
        card "Slingshot": Thing {
          text "Action: destroy target Thing another player controls."
          ability "Sling": uses action_play, target t from Thing cards where it.controller != you {
            destroy t
          }
        }
        scenario "Slingshot has nothing to aim at" {
          given {
            area of P1: "Slingshot", "Windmill"
            deck top: "Oil Can"
          }
          when {
            P1 chooses "Slingshot: Sling" refused: "Slingshot: Sling is not allowed: it has no legal target"
          }
        }''') == []
