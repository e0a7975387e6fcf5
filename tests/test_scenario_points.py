"""A scenario that starts in a phase (`given { phase NAME }`), a `given` at a point of the
steps (arranging between two decisions), and the Nth time a point comes (`then at start
of phase NAME, 2nd time`): what a designer writes and what `deckwright test` says.

The rule examples that use them are in decks/example.test.deck; here, each construct's
edges and its messages, exactly as printed.
"""
from __future__ import annotations

import pytest

from deckwright.dsl.scenario.runner import check
from scenario import failures_of
from scenario import scenario_deck as deck


def passes(body: str, head: str = 'game "T" extends "example"\n') -> bool:
    out = failures_of(body, head)
    assert out == [], "\n".join(out)
    return True


# --- starting in a phase -------------------------------------------------------------------

def test_a_scenario_that_starts_in_a_phase_passes_over_the_phases_before_it():
    assert passes("""
        scenario "s" {
          given {
            phase main
            hand of P1: "Invention"
            deck top: "Wrench"
          }
          then {
            hand of P1 is "Invention"      # no draw: the draw phase was passed over
            deck top is "Wrench"
            P1 is asked "your move"
          }
          when { P1 chooses "pass" }
          then { hand of P2 is "Wrench" }   # the next turn has all its phases
        }
        """)


def test_the_turn_it_starts_in_is_the_first_turn_or_the_arranged_one():
    assert passes("""
        scenario "s" {
          given {
            turn 4
            P2 goes first
            phase end
            hand of P2: "Invention" x 7
            deck top: "Wrench"
          }
          then { P2 is asked "Discard down to your hand size" }
          when { P2 chooses "Invention", "Invention" }
          then {
            hand of P2 has 5 cards
            hand of P1 is "Wrench"
          }
        }
        """)


LATE_PHASE = '''game "T" extends "example"
var bonus_turn = false
override turn {
  phase draw { draw 1 }
  if bonus_turn { phase bonus { gain 1 gears } }
  phase main { offer play_thing, play_action, abilities }
  phase end { discard_down_to hand_size }
}
'''


def test_a_phase_the_first_turn_never_begins_is_a_failure_at_its_line():
    assert failures_of("""
        scenario "s" {
          given {
            phase bonus
            deck top: "Wrench", "Heist"
          }
          then { gears of P1 is 1 }
        }
        """, LATE_PHASE)[0].splitlines()[:3] == [
        "t.deck:11:5: failed: phase `bonus` never began in the first turn (turn 1): its "
        "phases were passed over until it ended",
        "   11 |     phase bonus",
        "      |     ^^^^^^^^^^^"]
    assert passes("""
        scenario "s" {
          given {
            phase bonus
            bonus_turn = true
            deck top: "Wrench", "Heist"
          }
          then {
            gears of P1 is 1
            hand of P1 is empty
          }
        }
        """, LATE_PHASE)


@pytest.mark.parametrize("line, message, hint", [
    ("phase ending", "no phase named `ending`", "did you mean `end`?"),
    ("phase Main", None, None),
])
def test_the_phase_a_scenario_starts_in_is_checked_before_it_runs(line, message, hint):
    if message is None:                 # a capitalised word is no phase name: a syntax error
        from deckwright.dsl.errors import DeckError
        with pytest.raises(DeckError) as err:
            deck(f'scenario "s" {{\n  given {{ {line} }}\n}}\n')
        assert err.value.render().splitlines()[0].startswith("t.deck:3:17: error:")
        return
    program = deck(f'scenario "s" {{\n  given {{ {line} }}\n}}\n')
    [d] = check(program, program.scenarios[0])
    assert (d.message, d.hint, d.pos.line, d.pos.column) == (message, hint, 3, 17)


def test_a_phase_belongs_in_the_first_given():
    program = deck("""
        scenario "s" {
          when { P1 chooses "pass" }
          given { phase main }
        }
        """)
    assert [d.message for d in check(program, program.scenarios[0])] == [
        "`phase` arranges the start of the game: it belongs in the first `given`"]


# --- a `given` at a point: between two decisions ---------------------------------------------

def test_a_given_at_a_point_arranges_the_table_there_as_the_rules_run():
    # P1 passes; no decision comes before the end phase discards, and the Satchel arrives
    # as that phase begins: seven cards are then within the hand size.
    body = """
        scenario "s" {
          given {
            hand of P1: "Invention" x 6
            deck top: "Wrench", "Heist"
          }
          when { P1 chooses "pass" }
          %s
          then {
            hand of P1 has 7 cards
            discard_pile is empty
            P2 is asked "your move"
          }
        }
        """
    assert passes(body % 'given at start of phase end { area of P1: "Oversized Satchel" }')
    assert failures_of(body % "")[0].splitlines()[0] == \
        "t.deck:12:5: failed: P1 is asked, not P2"


def test_a_given_after_a_log_line_and_at_the_end_of_a_turn():
    assert passes("""
        scenario "s" {
          given {
            hand of P1: "Invention"
            deck top: "Wrench", "Heist", "Recycle"
          }
          when { P1 chooses "play_action: Invention" }   # then P1 can only pass
          given after "P1 gains 2 gears" { gears of P1 = 10 }
          then { gears of P1 is 10 }
          when { P2 chooses "pass" }
          given at end of turn { hand of P1: "Oil Can" }
          then { hand of P1 is "Oil Can", "Recycle" }   # arranged before P1's draw
        }
        """)


def test_a_given_at_a_point_the_steps_never_reach_fails_at_its_line():
    out = failures_of("""
        scenario "s" {
          given { hand of P1: "Invention" }
          when { P1 chooses "play_action: Invention" }
          given after "P1 loses" { gears of P1 = 10 }
        }
        """)
    assert out[0].splitlines()[0] == \
        "t.deck:5:3: failed: the log did not say `P1 loses` during the steps before this `given`"


def test_the_first_given_has_no_point():
    program = deck("""
        scenario "s" {
          given at start of phase main { hand of P1: "Invention" }
        }
        """)
    [d] = check(program, program.scenarios[0])
    assert (d.message, d.hint) == (
        "the first `given` arranges the start of the game, not a point of the steps",
        "a `given` at a point (`given at start of phase NAME`) comes after the `when` whose "
        "steps reach it")


@pytest.mark.parametrize("point", ["at start of phase main", "at end of phase draw"])
def test_an_arrangement_at_a_point_is_made_again_when_the_game_is_rewound(point):
    from deckwright.dsl.scenario.runner import _Run
    program = deck(f"""
        scenario "s" {{
          given {{ deck top: "Wrench", "Heist" }}
          when {{ P1 chooses "pass" }}
          given {point} {{ hand of P2: "Invention" }}
          when {{ P2 chooses "play_action: Invention" }}
          then {{ gears of P2 is 2 }}
        }}
        """)
    r = _Run(program, program.scenarios[0])
    assert r.go() == []
    assert r.session.undo()                # back to P2's move: the turn is played again
    assert r.session.legal()[:1] == ["play_action: Invention"]
    # the hand as arranged (a zone's line says all it holds), not the Heist P2 drew
    assert [c.name for c in r.session.state.zones["hand:1"].cards] == ["Invention"]


# --- the Nth time a point comes ----------------------------------------------------------------

def test_then_at_a_point_may_look_at_its_second_time():
    assert passes("""
        scenario "s" {
          given { deck top: "Windmill", "Gearbox", "Wrench" }
          when {
            P1 chooses "pass"
            P2 chooses "pass"
          }
          then at start of phase draw { hand of P2 is empty }
          then at start of phase draw, 2nd time {
            hand of P1 is "Windmill"
            hand of P2 is "Gearbox"
            deck top is "Wrench"
          }
          then at end of turn, 2nd time { hand of P1 is "Windmill" }
          then { hand of P1 is "Windmill", "Wrench" }
        }
        """)


def test_a_point_that_comes_fewer_times_says_how_often_it_came():
    out = failures_of("""
        scenario "s" {
          given { deck top: "Windmill", "Gearbox", "Wrench" }
          when { P1 chooses "pass" }
          then at start of phase draw, 3rd time { hand of P1 is empty }
          then after "P2's hand", 2nd time { hand of P1 is empty }
        }
        """)
    assert [o.splitlines()[0] for o in out] == [
        "t.deck:5:3: failed: phase `draw` began 1 time during the steps before this `then`, "
        "not a 3rd time",
        "t.deck:6:3: failed: the log said `P2's hand` 1 time during the steps before this "
        "`then`, not a 2nd time"]


@pytest.mark.parametrize("word, right", [("2th", "2nd"), ("1nd", "1st"), ("11st", "11th"),
                                         ("23th", "23rd")])
def test_an_ordinal_is_written_as_it_is_said(word, right):
    program = deck(f'scenario "s" {{\n  when {{ P1 chooses "pass" }}\n'
                   f'  then at end of turn, {word} time {{ game is over }}\n}}\n')
    [d] = check(program, program.scenarios[0])
    assert (d.message, d.hint, d.pos.column) == (f"`{word}` is not an ordinal",
                                                 f"write `{right}`", 24)


# --- the end of a phase ------------------------------------------------------------------------

TURN_END = '''game "T" extends "example"
when turn_end where active_player == you { gain 1 gears }
'''


def test_the_end_of_a_phase_is_before_the_end_of_the_turn():
    # The end phase is over before the turn's `turn_end` triggers run: the gear comes
    # between the two points.
    assert passes("""
        scenario "s" {
          given {
            hand of P1: "Invention" x 4
            deck top: "Wrench", "Heist"
          }
          when { P1 chooses "pass" }
          then at end of phase main { hand of P1 has 5 cards }
          then at end of phase end { gears of P1 is 0 }
          then at end of turn { gears of P1 is 1 }
          then at end of phase draw { hand of P2 is "Heist" }   # P2's, the first to end since
        }
        """, TURN_END)


def test_a_given_at_the_end_of_a_phase_arranges_the_table_before_what_follows():
    assert passes("""
        scenario "s" {
          given {
            hand of P1: "Invention" x 6
            deck top: "Wrench", "Heist"
          }
          when { P1 chooses "pass" }
          given at end of phase main { area of P1: "Oversized Satchel" }
          then {
            hand of P1 has 7 cards      # within the Satchel's hand size when the end phase discards
            P2 is asked "your move"
          }
        }
        """)
    assert passes("""
        scenario "s" {
          given {
            hand of P1: "Invention" x 4
            deck top: "Wrench", "Heist"
          }
          when { P1 chooses "pass" }
          given at end of phase end { gears of P1 = 5 }
          then { gears of P1 is 6 }     # arranged before the turn_end trigger's gear
        }
        """, TURN_END)


def test_an_end_of_a_phase_that_does_not_come_says_so():
    out = failures_of("""
        scenario "s" {
          given {
            hand of P1: "Invention" x 6
            deck top: "Wrench", "Heist"
          }
          when { P1 chooses "pass" }             # the end phase waits for P1's discard
          then at end of phase end { hand of P1 has 5 cards }
          then at end of phase main, 2nd time { hand of P1 has 5 cards }
          given at end of phase draw { gears of P1 = 5 }
        }
        """)
    assert [o.splitlines()[0] for o in out] == [
        "t.deck:8:3: failed: no phase `end` ended during the steps before this `then`",
        "t.deck:9:3: failed: phase `main` ended 1 time during the steps before this `then`, "
        "not a 2nd time",
        "t.deck:10:3: failed: no phase `draw` ended during the steps before this `given`"]


def test_the_phase_of_an_end_point_is_checked_before_it_runs():
    program = deck('scenario "s" {\n  when { P1 chooses "pass" }\n'
                   '  then at end of phase mian { game is over }\n}\n')
    [d] = check(program, program.scenarios[0])
    assert (d.message, d.hint, d.pos.line, d.pos.column) == (
        "no phase named `mian`", "did you mean `main`?", 4, 24)


def test_only_a_scenario_at_the_end_of_a_phase_runs_code_that_tells_of_phase_ends():
    from deckwright.dsl.codegen import generate
    from deckwright.dsl.loader import load_program
    plain, _ = generate(load_program("example"), True)
    told, _ = generate(load_program("example"), True, points=True)
    assert "g.watch(g, 'end', True)" not in plain
    assert "if g.watch is not None: g.watch(g, 'end', True)" in told
    program = deck("""
        scenario "s" {
          given {
            hand of P1: "Invention" x 4
            deck top: "Wrench"
          }
          when { P1 chooses "pass" }
          then at start of phase end { hand of P1 has 5 cards }
        }
        """)
    from deckwright.dsl.scenario.runner import _Run
    r = _Run(program, program.scenarios[0])
    assert r.go() == [] and r.session.game.code is program.code(True)
