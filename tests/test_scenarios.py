"""Scenarios in the language (`scenario` blocks) and `deckwright test`.

The bundled games' scenarios (decks/*.test.deck) each run as a test here, so CI runs
them; the rest checks what a designer sees when a scenario passes, fails, or is wrong.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.decks import DECKS_DIR, bundled
from deckwright.dsl.cli import main
from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import bundled_games, load_text
from deckwright.dsl.scenario.runner import run, with_background
from deckwright.dsl.scenario.suite import file_scenarios, render_failure, run_decks
from deckwright.dsl.session import Session
from scenario import failures_of
from scenario import scenario_deck as deck

TEST_DECKS = sorted(DECKS_DIR.glob("*.test.deck"))


def _bundled_scenarios():
    out = []
    for path in TEST_DECKS:
        program, scenarios = file_scenarios(path)
        out += [pytest.param(program, sc, id=f"{path.name}:{sc.pos.line}") for sc in scenarios]
    return out


@pytest.mark.parametrize("program, sc", _bundled_scenarios())
def test_every_bundled_scenario_passes(program, sc):
    failures = run(program, sc)
    assert not failures, "\n".join(render_failure(f, program.sources) for f in failures)


@pytest.mark.parametrize("game", ["dueling_runes", "dveck_builder", "urban_dead", "example"])
def test_each_bundled_game_documents_its_rules_with_ten_or_more_scenarios(game):
    _, scenarios = file_scenarios(DECKS_DIR / f"{game}.test.deck")
    assert len(scenarios) >= 10


def test_a_test_deck_is_not_a_bundled_deck():
    assert TEST_DECKS
    assert not any(name.endswith(".test") for name in bundled())
    assert not any(name.endswith(".test") for name in bundled_games())


# --- helpers ---------------------------------------------------------------------------------





def passes(body: str) -> bool:
    return failures_of(body) == []


# --- the language --------------------------------------------------------------------------

def test_a_deck_with_scenarios_plays_as_it_did_and_compiles_to_the_same_code():
    from deckwright.dsl.codegen import generate
    generate_run = lambda p: generate(p, resumable=False)[0]
    plain = load_text('game "T" extends "example"\n', "t.deck")
    with_sc = deck("""
        scenario "s" {
          given { hand of P1: "Invention" }
          then { hand of P1 has 1 cards }
        }
        """)
    assert len(with_sc.scenarios) == 1 and plain.scenarios == []
    assert generate_run(with_sc) == generate_run(plain)
    assert Session(with_sc, seed=3).legal() == Session(plain, seed=3).legal()


@pytest.mark.parametrize("word", ["given", "seed", "log", "winner", "chooses", "then", "next"])
def test_the_words_of_scenarios_stay_free_for_names_in_effects(word):
    program = load_text(f'game "T" extends "example"\nvar {word} = 0\n'
                        f'card "K": Action {{\n  effect {{\n    {word} = 1\n  }}\n}}\n', "t.deck")
    assert word in program.vars


def test_a_passing_scenario_has_no_failures():
    assert passes("""
        scenario "Invention gains two gears" {
          given {
            hand of P1: "Invention"
            deck top: "Wrench", "Heist"
          }
          when { P1 chooses "play_action: Invention" }
          then {
            gears of P1 is 2
            gears of P1 >= 1
            discard_pile is "Invention"
            hand of P1 is "Wrench"
            hand of P2 is "Heist"         # nothing left to do: the turn passed
          }
        }
        """)


def test_a_failed_expectation_is_reported_at_its_line_with_a_diff():
    assert failures_of("""
        scenario "s" {
          given {
            hand of P1: "Invention"
            deck top: "Wrench"
          }
          when { P1 chooses "play_action: Invention" }
          then { gears of P1 is 3 }
        }
        """) == ["t.deck:8:10: failed: gears of P1 is 2, not 3\n"
                 "    8 |   then { gears of P1 is 3 }\n"
                 "      |          ^^^^^^^^^^^^^^^^\n"
                 "  - expected\n  + actual\n  - 3\n  + 2"]


def test_a_zones_cards_are_compared_in_order_only_when_the_zone_is_ordered():
    base = """
        scenario "s" {
          given {
            hand of P1: "Invention", "Heist"
            discard_pile: "Wrench", "Heist"
            deck top: "Oil Can"
          }
          then { %s }
        }
        """
    assert passes(base % 'hand of P1 is "Oil Can", "Heist", "Invention"')
    assert passes(base % 'discard_pile is "Wrench", "Heist"')
    assert passes(base % 'discard_pile top is "Heist"')
    assert failures_of(base % 'discard_pile is "Heist", "Wrench"')[0].splitlines()[0] == \
        "t.deck:8:10: failed: discard_pile holds other cards (bottom to top)"


def test_a_misspelt_card_is_an_error_with_a_caret_and_a_hint():
    assert failures_of("""
        scenario "s" {
          given { hand of P1: "Invension" }
        }
        """) == ["t.deck:3:23: failed: no card named `Invension`\n"
                 "    3 |   given { hand of P1: \"Invension\" }\n"
                 "      |                       ^^^^^^^^^^^\n"
                 "  hint: did you mean `Invention`?"]


@pytest.mark.parametrize("line, message", [
    ('hand: "Heist"', "`hand` belongs to each player: say whose"),
    ('deck of P1: "Heist"', "`deck` is shared: it has no `of`"),
    ('hnad of P1: "Heist"', "no zone, resource, variable or parameter named `hnad`"),
    ('hand of P3: "Heist"', "no seat `P3`: the scenario has P1 to P2"),
    ('gears = 3', "`gears` is each player's: say whose"),
    ('hand of P1 = 3', "`hand` is a zone, not a resource or variable"),
    ('area of P1: "Gearbox" (2 chrage)', "no counter named `chrage`"),
    ('gears of P1 = "many"', "`gears` is a resource: its value is a number"),
    ('turn 0', "turns are numbered from 1"),
    ('players 9', "T is for 2 to 6 players, not 9"),
])
def test_names_in_a_scenario_are_checked_before_it_runs(line, message):
    program = deck(f'scenario "s" {{\n  given {{ {line} }}\n}}\n')
    from deckwright.dsl.scenario.runner import check
    diags = check(program, program.scenarios[0])
    assert [d.message for d in diags] == [message]
    assert diags[0].pos.line == 3


def test_a_label_that_matches_nothing_fails_at_the_label_with_the_options():
    assert failures_of("""
        scenario "s" {
          given { hand of P1: "Invention" }
          when { P1 chooses "play_action: Heist" }
        }
        """) == ["t.deck:4:21: failed: no option `play_action: Heist` for P1's `your move`\n"
                 "    4 |   when { P1 chooses \"play_action: Heist\" }\n"
                 "      |                     ^^^^^^^^^^^^^^^^^^^^\n"
                 "  - expected\n  + actual\n"
                 "  - play_action: Heist\n  + P1: your move\n"
                 "  +   play_action: Invention\n  +   pass"]


def test_the_wrong_seat_deciding_fails():
    out = failures_of("""
        scenario "s" {
          given { hand of P1: "Invention" }
          when { P2 chooses "pass" }
        }
        """)
    assert out[0].splitlines()[0] == \
        "t.deck:4:10: failed: P2 is not the one deciding: P1 is asked `your move`"


def test_labels_match_as_the_repl_matches_them():
    assert passes("""
        scenario "s" {
          given {
            hand of P1: "Invention"
            deck top: "Wrench"
          }
          when { chooses "invention" }
          then { gears of P1 is 2 }
        }
        """)


WRENCH = """
    scenario "s" {
      given {
        hand of P1: "Wrench"
        area of P2: "Gearbox"
        deck top: "Heist", "Recycle"
      }
      when {
        P1 chooses "play_action: Wrench"
        %s
      }
      then { area of P2 is empty }
    }
    """


def test_a_single_option_decision_may_be_stated_or_skipped():
    # Gearbox is the only Machine: the engine destroys it without asking.
    assert passes(WRENCH % 'P1 chooses "Gearbox"')
    assert passes(WRENCH % "")


def test_a_refused_step_checks_the_refusal_and_its_reason():
    base = """
        scenario "s" {
          given {
            hand of P1: "Windmill", "Gearbox", "Invention"
            deck top: "Wrench"
          }
          when {
            P1 chooses "play_thing: Windmill"
            %s
          }
        }
        """
    assert passes(base % 'P1 chooses "play_thing: Gearbox" refused')
    assert passes(base % 'P1 chooses "play_thing: Gearbox" refused: "no option"')
    assert failures_of(base % 'P1 chooses "pass" refused')[0].splitlines()[0] == \
        "t.deck:9:5: failed: expected a refusal, but the choice would be taken"
    assert failures_of(base % 'P1 chooses "play_thing: Gearbox" refused: "too many"')[0] \
        .splitlines()[0] == "t.deck:9:47: failed: refused for another reason"


def test_a_refused_step_takes_nothing():
    assert passes("""
        scenario "s" {
          given {
            hand of P1: "Windmill", "Invention"
            deck top: "Wrench"
          }
          when {
            P1 chooses "play_thing: Nothing" refused
            P1 chooses "play_action: Invention"
          }
          then { gears of P1 is 2 }
        }
        """)


def test_cards_are_arranged_with_owner_controller_face_counters_marks_and_hosts():
    program = deck("""
        mark rusty
        scenario "s" {
          given {
            area of P1: "Gearbox" (owner P2, 2 charge, marked rusty), "Windmill" (attached to "Gearbox", face down)
          }
          then {
            "Gearbox" in area of P1: owner P2, controller P1, 2 charge, marked rusty, face up
            "Windmill" in area of P1: owner P1, attached to "Gearbox", face down, not marked rusty
          }
        }
        """)
    assert run(program, program.scenarios[0]) == []
    bad = deck("""
        scenario "s" {
          given { area of P1: "Gearbox" }
          then { "Gearbox" in area of P1: owner P2, 1 charge }
        }
        """)
    assert render_failure(run(bad, bad.scenarios[0])[0], bad.sources).splitlines()[-4:] == [
        "  - owner P2", "  + owner P1", "  - 1 charge", "  + 0 charge"]


def test_then_at_end_of_turn_sees_the_state_before_the_next_turn_begins():
    assert passes("""
        scenario "s" {
          given {
            hand of P1: "Windmill"
            area of P1: "Windmill"
            deck top: "Wrench", "Heist"
          }
          when { P1 chooses "pass" }
          then at end of turn {
            hand of P2 is empty
            hand of P1 is "Windmill", "Wrench"
          }
          then { hand of P2 is "Heist" }
        }
        """)


def test_then_after_a_log_line_sees_the_state_just_after_it():
    assert passes("""
        scenario "s" {
          given {
            hand of P1: "Wrench"
            area of P2: "Gearbox"
            deck top: "Heist", "Recycle"
          }
          when { P1 chooses "play_action: Wrench" }
          then after "Gearbox: P2's area → discard_pile" {
            discard_pile is "Gearbox"
            gears of P2 is 0
          }
          then { gears of P2 is 2 }
        }
        """)
    assert failures_of("""
        scenario "s" {
          given { hand of P1: "Invention" }
          when { P1 chooses "pass" }
          then after "nothing like this" { gears of P1 is 0 }
        }
        """)[0].splitlines()[0] == ("t.deck:5:3: failed: the log did not say `nothing like "
                                    "this` during the steps before this `then`")


def test_the_next_shuffle_can_be_told_what_to_leave_on_top():
    for top in ("Heist", "Recycle"):
        assert passes(f"""
            scenario "s" {{
              given {{
                discard_pile: "Wrench", "Heist", "Recycle"
                next shuffle of deck leaves "{top}" on top
              }}
              then {{ hand of P1 is "{top}" }}
            }}
            """)


def test_the_log_visibility_and_the_end_of_the_game_can_be_checked():
    assert passes("""
        scenario "s" {
          given {
            hand of P1: "Invention"
            hand of P2: "Heist"
            gears of P1 = 10
            deck top: "Wrench"
          }
          then {
            P2 sees "Heist" in hand of P2
            P1 cannot see "Heist" in hand of P2
            game is not over
          }
          when { P1 chooses "play_action: Invention" }
          then {
            log says "P1 gains 2 gears"
            log does not say "P2 gains"
            game is over
            winner is P1
          }
        }
        """)


def test_background_lines_are_replaced_by_the_scenarios_own():
    program = deck("""
        background {
          deck top: "Wrench" x 3
          gears of P1 = 5
        }
        scenario "s" {
          given { deck top: "Heist" }
          then {
            hand of P1 is "Heist"
            gears of P1 is 5
          }
        }
        """)
    bg = [l for b in program.scenarios if type(b).__name__ == "Background" for l in b.lines]
    sc = next(s for s in program.scenarios if type(s).__name__ == "Scenario")
    assert run(program, with_background(sc, bg)) == []


def test_a_scenario_may_run_the_decks_own_setup():
    assert passes("""
        scenario "s" {
          given {
            players 3
            seed 7
            setup
          }
          then { deck has 21 cards }
        }
        """)
    program = deck('scenario "s" {\n  given {\n    setup\n    hand of P1: "Heist"\n  }\n}\n')
    from deckwright.dsl.scenario.runner import check
    assert [d.message for d in check(program, program.scenarios[0])] == [
        "a scenario that runs the deck's `setup` cannot also arrange the game"]


def test_a_syntax_error_in_a_scenario_is_a_deck_error():
    with pytest.raises(DeckError) as err:
        deck('scenario "s" {\n  then { hand of P1 is }\n}\n')
    assert err.value.render().startswith("t.deck:3:24: error: unexpected `}`")


# --- deckwright test -----------------------------------------------------------------------------

@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.deck").write_text('game "Mine" extends "example"\n')
    return tmp_path


GOOD = """game "Mine: scenarios" extends "mine"

scenario "Invention gains two gears" {
  given {
    hand of P1: "Invention"
    deck top: "Wrench"
  }
  when { P1 chooses "play_action: Invention" }
  then { gears of P1 is 2 }
}
"""


def test_deckwright_test_runs_the_test_deck_beside_a_deck_and_exits_0(folder, capsys):
    (folder / "mine.test.deck").write_text(GOOD)
    assert main(["test", "mine"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(".\n")
    assert " 1 passed in " in out


def test_deckwright_test_reports_failures_pytest_style_and_exits_1(folder, capsys):
    (folder / "mine.test.deck").write_text(GOOD.replace("is 2", "is 3"))
    assert main(["test", "mine.deck", "--junit", "report.xml"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "F"
    assert out[1].strip("= ") == "FAILURES"
    assert out[2].strip("_ ") == "Invention gains two gears (mine.test.deck:3)"
    assert out[3:10] == ["mine.test.deck:9:10: failed: gears of P1 is 2, not 3",
                         "    9 |   then { gears of P1 is 3 }",
                         "      |          ^^^^^^^^^^^^^^^^",
                         "  - expected", "  + actual", "  - 3", "  + 2"]
    assert out[-2] == ("FAILED mine.test.deck:9:10 Invention gains two gears - "
                       "gears of P1 is 2, not 3")
    assert " 1 failed in " in out[-1]
    report = (folder / "report.xml").read_text()
    assert '<testsuite name="deckwright" tests="1" failures="1" errors="0"' in report
    assert 'message="gears of P1 is 2, not 3"' in report


def test_deckwright_test_exits_5_when_there_are_no_scenarios(folder, capsys):
    assert main(["test", "mine"]) == 5
    assert "no scenarios ran" in capsys.readouterr().out


def test_deckwright_test_selects_by_name_and_reports_deck_errors(folder, capsys):
    (folder / "mine.test.deck").write_text(GOOD + GOOD.split("\n", 2)[2].replace(
        "Invention gains two gears", "Another").replace("is 2", "is 9"))
    assert main(["test", "mine", "-k", "invention"]) == 0
    capsys.readouterr()
    (folder / "mine.test.deck").write_text(GOOD.replace("then {", "then {{"))
    assert main(["test", "mine"]) == 1
    assert capsys.readouterr().out.startswith("mine.test.deck:9:9: error: unexpected `{`")


def test_run_decks_runs_every_bundled_game():
    results = run_decks(["dueling_runes", "urban_dead", "dveck_builder", "example"])
    assert results.ok and results.passed == len(_bundled_scenarios())


@pytest.mark.parametrize("doc", ["docs/testing.md", "docs/language.md"])
def test_the_scenarios_in_the_docs_pass(doc):
    import re
    text = (Path(__file__).parent.parent / doc).read_text(encoding="utf-8")
    if doc.endswith("language.md"):
        text = text[text.index("## 19. Scenarios"):]
    blocks = re.findall(r"```deckwright\n(.*?)```", text, re.S)
    assert blocks
    for block in blocks:
        program = load_text(block.replace('extends "mine"', 'extends "example"'), doc)
        assert program.scenarios
        for sc in program.scenarios:
            assert run(program, sc) == [], sc.name


def test_python_tests_can_arrange_a_game_with_given_lines():
    from scenario import arranged
    s = arranged("example", '''
        area of P1: "Windmill" (owner P2), "Gearbox" (2 charge)
        deck top: "Wrench"
    ''')
    windmill, gearbox = s.state.zones["area:0"].cards
    assert (windmill.owner.name, windmill.controller.name) == ("P2", "P1")
    assert gearbox.counters == {"charge": 2}
    assert [c.name for c in s.state.zones["hand:0"].cards] == ["Wrench"]
    with pytest.raises(DeckError) as err:
        arranged("example", '\n    deck top: "Wrench"\n    hand of P1: "Windmil"\n')
    assert err.value.render().splitlines()[0] == "<given>:3:17: error: no card named `Windmil`"


def test_the_pytest_plugin_collects_test_decks_one_test_per_scenario(folder):
    import os
    import subprocess
    import sys
    (folder / "mine.test.deck").write_text(GOOD + GOOD.split("\n", 2)[2].replace(
        "Invention gains two gears", "Another").replace("is 2", "is 3"))
    # A deck file with scenarios of its own is collected too; one without is not read.
    (folder / "mine.deck").write_text('game "Mine" extends "example"\n'
                                      + GOOD.split("\n", 2)[2])
    (folder / "parts.deck").write_text('card "Broken": Action { effect { nonsense } }\n')
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parent.parent))
    r = subprocess.run([sys.executable, "-m", "pytest", "-q",
                        "-p", "deckwright.dsl.scenario.pytest_plugin", "-p", "no:cacheprovider"],
                       capture_output=True, text=True, env=env, cwd=folder)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "mine.test.deck:17:10: failed: gears of P1 is 2, not 3" in r.stdout
    assert "FAILED mine.test.deck::Another - " in r.stdout
    assert "1 failed, 2 passed" in r.stdout


def test_watch_runs_again_when_a_file_it_read_changes(folder):
    import os
    from deckwright.dsl.scenario.suite import watch
    test_deck = folder / "mine.test.deck"
    test_deck.write_text(GOOD)
    runs = []

    def run_once():
        runs.append(run_decks(["mine"]))
        return runs[-1]

    looks = iter(range(4))

    def sleep(_):
        look = next(looks, None)
        if look == 1:                      # the designer fixes... breaks the scenario
            test_deck.write_text(GOOD.replace("is 2", "is 3"))
            stamp = test_deck.stat().st_mtime_ns + 10**9
            os.utime(test_deck, ns=(stamp, stamp))
        if look is None:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        watch(run_once, sleep)
    assert [(r.passed, r.failed) for r in runs] == [(1, 0), (0, 1)]


def test_a_step_that_no_decision_fits_fails_instead_of_playing_on_forever():
    # Both players can only pass: every decision has a single answer.
    out = failures_of("""
        scenario "s" {
          when { P1 chooses "play_action: Invention" }
        }
        """)
    # They pass until the deck's own end (empty piles) comes, which the step reports.
    assert out[0].splitlines()[0] == (
        "t.deck:3:10: failed: the game is over: there is no decision to take "
        "(draw (30 turns, tied on gears))")


def test_failures_name_zones_and_decisions_as_the_scenario_wrote_them():
    out = failures_of("""
        scenario "s" {
          given {
            hand of P1: "Invention"
            deck top: "Wrench"
          }
          then {
            hand of P1 is "Invention"
            P2 is asked "your move"
            P1 is asked "Discard"
          }
        }
        """)
    assert [o.splitlines()[0] for o in out] == [
        "t.deck:8:5: failed: hand of P1 holds other cards (in any order)",
        "t.deck:9:5: failed: P1 is asked, not P2",
        "t.deck:10:5: failed: P1 is asked `your move`"]
