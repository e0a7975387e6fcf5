"""The REPL, as a designer uses it: commands in, what the screen shows out.

Whole games run headless through prompt_toolkit (pipe input, dummy output); the command
processor is tested directly for everything else. A failed command must leave the game
exactly as it was: those tests compare state hashes.
"""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from deckwright.decks import DECKS_DIR
from deckwright.dsl.invariants import assert_invariants
from deckwright.dsl.loader import bundled_games
from deckwright.repl import app
from deckwright.repl.commands import Processor, needs_more

ROOT = Path(__file__).resolve().parent.parent


def games():
    """Every bundled deck; those that are not games are skipped, saying why."""
    return [name if why_not is None else
            pytest.param(name, marks=pytest.mark.skip(reason=f"{name} {why_not}"))
            for name, why_not in bundled_games().items()]


def run_headless(proc, keys: str) -> list:
    """Type ``keys`` into the real prompt_toolkit loop (a newline is Enter), then Ctrl-D;
    return every Output shown."""
    shown = []
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        # Ctrl-U first: a line the validator refused stays, and Ctrl-D only quits when
        # the line is empty.
        inp.send_text(keys.replace("\n", "\r") + "\x15\x04")
        status = app.run_interactive(proc, input=inp, output=DummyOutput(),
                                     history=InMemoryHistory(), write=shown.append)
    assert status == 0
    return shown


def h(proc) -> str:
    return proc.game.state.state_hash()


# --- whole games -------------------------------------------------------------------

@pytest.mark.parametrize("deck", games())
def test_a_whole_game_of_each_bundled_deck_through_the_repl(deck):
    proc = Processor(deck, seed=5)
    keys = "state\noptions\nstep\nlog 5\nauto\nstate all\n"
    shown = run_headless(proc, keys)          # input ends: Ctrl-D
    assert all(o.ok for o in shown), [o.text() for o in shown if not o.ok]
    assert proc.session.is_over, "auto plays to the end"
    assert proc.game.state.result is not None
    assert "game over" in "\n".join(o.text() for o in shown)
    assert_invariants(proc.game)


def test_a_person_plays_every_decision_by_number_to_the_end():
    proc = Processor("example", seed=2, bots={})          # both seats are people
    for _ in range(5000):
        if proc.session.is_over:
            break
        d = proc.session.decision
        answer = "0" if not d.multi else " ".join(str(i) for i in range(d.min_count)) or "none"
        out = proc.execute(answer if d.labels[0] != "pass" or len(d.labels) == 1 else "0")
        assert out.ok, out.text()
    assert proc.session.is_over
    assert proc.prompt() == "game over> "
    assert_invariants(proc.game)


# --- choosing ------------------------------------------------------------------------

def test_choosing_by_label_prefix_plays_that_card():
    proc = Processor("example", seed=1)
    label = next(l for l in proc.session.decision.labels if l.startswith("play_thing"))
    card = label.split(": ")[1]
    out = proc.execute(f"choose play_thing: {card[:5]}")
    assert out.ok, out.text()
    assert card in [c.name for c in proc.game.state.zones["area:0"].cards]


@pytest.mark.parametrize("line", [
    "garbage", "choose 99", "choose", "choose -1", "new players=99", "new color=red",
    "bot P9", "undo 0", "redo", "why 99999", "why x", "card Nonexistent", "eval gain 1 gold",
    "eval {", "eval this", "def card", 'def card "X": Thingy {}', "load /nonexistent/save.json",
    "save /nonexistent/dir/x.json", "auto many", "help nothing", "state P7", "\x00\x01",
])
def test_garbage_is_one_message_and_changes_nothing(line):
    proc = Processor("example", seed=1)
    before, prompt = h(proc), proc.prompt()
    out = proc.execute(line)
    assert not out.ok
    assert "Traceback" not in out.text()
    assert out.text().strip()
    assert h(proc) == before and proc.prompt() == prompt


def test_an_illegal_choice_says_what_is_legal():
    proc = Processor("example", seed=1)
    out = proc.execute("choose 42")
    assert out.text() == "error: option 42 does not exist (choose 0 to 6)"


# --- undo, redo, save, load ----------------------------------------------------------

def test_undo_takes_back_a_decision_and_redo_brings_it_back():
    proc = Processor("example", seed=1)
    start = h(proc)
    assert proc.execute("choose 0").ok
    after = h(proc)
    assert after != start
    assert proc.execute("undo").ok and h(proc) == start
    assert proc.execute("redo").ok and h(proc) == after
    assert not proc.execute("redo").ok              # nothing left to redo


def test_undo_goes_back_past_the_bots_to_your_last_decision():
    proc = Processor("example", seed=1)
    while True:                           # answer until P2's bot has played its turn
        before, steps = h(proc), len(proc.who)
        assert proc.execute("pass" if "pass" in proc.session.decision.labels else "0").ok
        if proc.game.state.turn == 4:
            break
    assert len(proc.who) > steps + 1      # the bot's decisions came after ours
    assert proc.execute("undo").ok
    assert proc.game.state.turn < 4 and h(proc) == before and len(proc.who) == steps


def test_save_then_load_is_the_same_game(tmp_path):
    proc = Processor("example", seed=3)
    for line in ("choose 0", "eval gain 2 gears", "pass", "choose 0"):
        assert proc.execute(line).ok, line
    state = h(proc)
    save = tmp_path / "g.json"
    assert proc.execute(f"save {save}").ok
    data = json.loads(save.read_text())
    assert data["format"] == "deckwright-save" and data["version"] == 1
    assert "decks/example.deck" in data["sources"] and {"eval": "gain 2 gears"} in data["game"]["choices"]
    other = Processor("example", seed=99)
    out = other.execute(f"load {save}")
    assert out.ok, out.text()
    assert h(other) == state
    assert other.execute(f"save {tmp_path / 'again.json'}").ok
    assert json.loads((tmp_path / "again.json").read_text()) == data


def test_loading_onto_an_edited_deck_says_so(tmp_path):
    deck = tmp_path / "mine.deck"
    deck.write_text((DECKS_DIR / "example.deck").read_text())
    proc = Processor(str(deck), seed=1)
    proc.execute("choose 0")
    proc.execute(f"save {tmp_path / 's.json'}")
    deck.write_text(deck.read_text().replace("Gain 2 gears.", "Gain two gears."))
    out = Processor(str(deck), seed=1).execute(f"load {tmp_path / 's.json'}")
    assert out.ok
    assert "changed since this game was saved" in out.text()


def test_a_file_that_is_not_a_save_is_refused(tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text('{"hello": 1}')
    out = Processor("example").execute(f"load {bad}")
    assert not out.ok and "not a Deckwright save" in out.text()


# --- eval and def ---------------------------------------------------------------------

def test_eval_runs_as_the_deciding_player_and_undo_takes_it_back():
    proc = Processor("example", seed=1)
    before = h(proc)
    out = proc.execute("eval gain 5 gears")
    assert out.ok and "P1 gains 5 gears (5)" in out.text()
    assert proc.game.state.players[0].res["gears"] == 5
    proc.execute("undo")
    assert h(proc) == before
    proc.execute("redo")
    assert proc.game.state.players[0].res["gears"] == 5


def test_eval_that_draws_refreshes_the_options():
    proc = Processor("example", seed=1)
    hand = len(proc.game.state.zones["hand:0"].cards)
    out = proc.execute('eval create 1 "Gearbox" in your hand')
    assert out.ok, out.text()
    assert len(proc.game.state.zones["hand:0"].cards) == hand + 1
    assert "play_thing: Gearbox" in proc.session.decision.labels


def test_an_eval_mistake_points_into_the_typed_text():
    out = Processor("example").execute("eval gain 1 gearz")
    assert not out.ok
    assert "<eval>:1:1: error: unknown resource `gearz`" in out.text() and "did you mean `gears`" in out.text()


def test_def_card_redefines_a_card_and_replays_the_game():
    proc = Processor("example", seed=1)
    proc.execute("choose 0")
    state = h(proc)
    text = ('def card "Invention": Action x 3 {\n  text "Gain 5 gears."\n'
            '  effect { gain 5 gears }\n}')
    assert needs_more(text.rsplit("}", 1)[0])
    out = proc.execute(text)
    assert out.ok, out.text()
    assert h(proc) == state                   # the same game, on the new rules
    out = proc.execute("card Invention")
    assert "gain 5 gears" in out.text()
    assert proc.execute('eval create 1 "Invention" in your hand').ok
    assert proc.execute("choose play_action: Invention").ok
    assert proc.game.state.players[0].res["gears"] == 5


def test_def_card_adds_a_new_card_without_changing_the_deal():
    proc = Processor("example", seed=1)
    state = h(proc)
    out = proc.execute('def card "Windfall": Action {\n  effect { gain 7 gears }\n}')
    assert out.ok, out.text()
    assert h(proc) == state and "eval create" in out.text()
    assert proc.execute('eval create 1 "Windfall" in your hand').ok
    assert proc.execute("play_action: Windfall").ok
    assert proc.game.state.players[0].res["gears"] == 7


@pytest.mark.parametrize("folder", ['a "quoted" folder', "back\\slash", 'both\\"'])
def test_def_card_works_whatever_the_decks_path_holds(tmp_path, folder):
    # The overlay names the deck's path in a string: `"` and `\` must be escaped in it.
    deck = tmp_path / folder / "fair.deck"
    deck.parent.mkdir()
    deck.write_text((DECKS_DIR / "example.deck").read_text(encoding="utf-8")
                    .replace('game "Tinker\'s Fair"', 'game "Tinker\'s \\"Fair\\" \\\\ Co"'),
                    encoding="utf-8")
    proc = Processor(str(deck), seed=1)
    out = proc.execute('def card "Windfall": Action {\n  effect { gain 7 gears }\n}')
    assert out.ok, out.text()
    assert proc.program.name == 'Tinker\'s "Fair" \\ Co'


def test_def_card_with_a_mistake_keeps_the_old_rules():
    proc = Processor("example", seed=1)
    state = h(proc)
    out = proc.execute('def card "Invention": Action { effect { gain 2 gearz } }')
    assert not out.ok and "gearz" in out.text()
    assert h(proc) == state
    assert "gain 2 gears" in proc.execute("card Invention").text()


def test_def_card_that_no_longer_fits_the_game_so_far_keeps_the_old_game():
    proc = Processor("example", seed=1)
    # make P1 play a Thing, then turn that Thing into an Action: the replay cannot fit
    label = next(l for l in proc.session.decision.labels if l.startswith("play_thing"))
    card = label.split(": ")[1]
    proc.execute(f"choose {label}")
    state = h(proc)
    out = proc.execute(f'def card "{card}": Action {{\n  effect {{ gain 1 gears }}\n}}')
    assert not out.ok and "does not replay" in out.text()
    assert h(proc) == state
    assert proc.program.cards[card].types == frozenset({"Thing"})


def test_reload_keeps_the_game():
    proc = Processor("example", seed=1)
    proc.execute("choose 0")
    state = h(proc)
    out = proc.execute("reload")
    assert out.ok and h(proc) == state


# --- looking -------------------------------------------------------------------------

def test_state_hides_the_other_hand_and_state_all_shows_it():
    proc = Processor("example", seed=1)
    theirs = [c.name for c in proc.game.state.zones["hand:1"].cards]
    mine = proc.execute("state").text()
    assert f"\nP2: gears 0\n  hand: {len(theirs)} cards\n" in mine
    everything = proc.execute("state all").text()
    assert ", ".join(theirs) in everything


def test_the_log_hides_cards_drawn_into_the_other_hand():
    proc = Processor("example", seed=1)
    log = proc.execute("log all").text()
    assert "a card: deck → P2's hand" in log
    assert "deck → P1's hand" in log and "a card: deck → P1's hand" not in log


def test_why_names_the_deck_line_behind_a_log_entry():
    proc = Processor("example", seed=1)
    label = next(l for l in proc.session.decision.labels if l.startswith("play_thing"))
    proc.execute(f"choose {label}")
    n = max(i for i, e in enumerate(proc.game.log) if "→ P1's area" in e.text)
    out = proc.execute(f"why {n}")
    assert out.ok
    assert "the move `play_thing` — decks/dvorak.deck:" in out.text()
    # then the statements that wrote it, innermost first, each with its own line
    assert [c for c in out.chunks if c[0] == "source"] == [
        ("source", "    move card to your area"), ("source", "    play c"),
        ("source", "    offer play_thing, play_action, abilities")]


def test_why_points_at_the_statement_not_at_the_turn_rules():
    proc = Processor("urban_dead", seed=4)
    proc.execute("auto 3")
    n = next(i for i, e in enumerate(proc.game.log) if " loses " in e.text and "horde" in e.text)
    out = proc.execute(f"why {n}").text()
    assert out.splitlines()[1].startswith("  at decks/urban_dead.deck:")
    assert out.splitlines()[2].startswith("    lose ")            # the statement itself
    assert "override turn {" not in out
    # a decision too, asked while the rules wait for the answer
    n = next(i for i, e in enumerate(proc.game.log)
             if "— How do the zombies strike the attackers?" in e.text)
    lines = proc.execute(f"why {n}").text().splitlines()
    assert lines[2].startswith('    divide n among Survivor cards where it has in_battle by')


def test_why_of_the_game_over_points_at_the_end_condition_that_ended_it():
    proc = Processor("example", seed=2)
    proc.execute("bot P1 random")
    proc.execute("auto 400")
    n = len(proc.game.log) - 1
    text = proc.execute(f"why {n}").text()
    assert text.splitlines()[:3] == [
        f"{n}: game over: P2 wins (12 gears)  (turn 18, phase main)",
        "  at decks/example.deck:14:3",
        '    end game "12 gears" by most gears']
    assert "turn {" not in text and "the game's turn rules" not in text


def test_a_game_run_to_its_end_keeps_where_it_ended_too():
    from deckwright.dsl.loader import load_program
    from deckwright.dsl.sim import play_one
    game = play_one(load_program("example"), 2, 0, 2, ["random"], log=True)
    last = game.log[-1]
    assert last.text.startswith("game over: ")
    end = last.extra["at"][0]
    assert (end.file, end.line) == ("decks/example.deck", 14)


def test_card_shows_the_printed_text_and_the_source_for_highlighting():
    out = Processor("example").execute("card windm")
    assert out.chunks[0][1].startswith("Windmill — Thing - Machine (x2)")
    assert "“At the start of your turn, gain 1 gear.”" in out.text()
    assert out.chunks[-1][0] == "source" and out.chunks[-1][1].startswith('card "Windmill"')


def test_the_toolbar_is_style_classes_and_text():
    proc = Processor("example", seed=1)
    items = proc.toolbar()
    assert all(style.startswith("class:toolbar") for style, _ in items)
    text = "".join(t for _, t in items)
    assert "turn 2" in text and "main" in text and "P1 to act" in text and "gears 0" in text


# --- the prompt_toolkit loop -------------------------------------------------------

def test_ctrl_c_cancels_the_line_and_the_loop_goes_on():
    proc = Processor("example", seed=1)
    before = h(proc)
    shown = run_headless(proc, "choose 0\x03state\n")
    assert [o.ok for o in shown][1:] == [True]
    assert shown[-1].text().startswith("Turn 2")
    assert h(proc) == before                        # the cancelled line did nothing


def test_ctrl_c_during_a_command_puts_the_game_back(monkeypatch):
    proc = Processor("example", seed=1)
    before = h(proc)
    real = proc._news

    def interrupted(out):
        raise KeyboardInterrupt
    monkeypatch.setattr(proc, "_news", interrupted)
    out = proc.execute("choose 0")
    assert not out.ok and out.text() == "cancelled"
    assert h(proc) == before and len(proc.session.choices) == len(proc.who) == 2
    monkeypatch.setattr(proc, "_news", real)
    assert proc.execute("choose 0").ok


def test_garbage_keeps_the_loop_alive_and_quit_leaves():
    proc = Processor("example", seed=1)
    # The garbage is refused on Enter and kept for editing (Ctrl-U clears it); `why`
    # without a number fails when it runs; the loop goes on until `quit`.
    shown = run_headless(proc, "}{ nonsense\n\x15why\nstate\nquit\nstate\n")
    assert [o.ok for o in shown[1:]] == [False, True, True]
    assert "nonsense" not in "".join(o.text() for o in shown)
    assert shown[-1].quit


def test_a_multi_line_def_is_typed_over_several_lines():
    proc = Processor("example", seed=1)
    shown = run_headless(proc, 'def card "Invention": Action x 3 {\r  effect { gain 4 gears }\r}\r'
                               "card Invention\r")
    assert shown[1].ok, shown[1].text()
    assert "gain 4 gears" in shown[2].text()


def test_history_falls_back_to_memory_when_home_is_read_only(tmp_path, monkeypatch):
    from prompt_toolkit.history import FileHistory, InMemoryHistory
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert isinstance(app.make_history(), FileHistory)
    blocked = tmp_path / "blocked"
    blocked.write_text("a file, not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    assert isinstance(app.make_history(), InMemoryHistory)


def test_no_deck_offers_the_bundled_games():
    proc = Processor()
    text = proc.banner().text()
    assert "example" in text and "dvorak" not in text.split("Bundled games:")[1].split("\n")[0]
    assert proc.execute("open example").ok and proc.session is not None


def test_opening_a_file_of_cards_is_one_line_that_names_the_game():
    proc = Processor()
    out = proc.execute("open dveck_cards")
    assert not out.ok and proc.session is None
    assert out.text() == ("error: decks/dveck_cards.deck: cards for `include`, not a game "
                          "on its own: it is part of decks/dveck_builder.deck")


# --- scripts -------------------------------------------------------------------------

def test_a_script_prints_what_the_repl_shows_and_stops_at_the_failing_line():
    printed, errors = [], []
    lines = ["# a comment\n", "state\n", "eval {\n", "  gain 1 gears\n", "}\n", "bogus\n", "state\n"]
    status = app.run_script(lines, "t.txt", Processor("example", seed=1),
                            write=printed.append, error=errors.append)
    assert status == 1
    assert errors[0].startswith("t.txt:6: error: `bogus` is neither a command nor an option")
    assert any(p.startswith("P1 main> eval {") for p in printed)
    assert not any(p.startswith("P1 main> state") and printed.index(p) > 4 for p in printed[5:])


def test_deckwright_play_script_from_a_file_and_from_stdin(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("state\nauto\n")
    exe = [sys.executable, "-m", "deckwright.dsl.cli", "play", "example", "--seed", "4"]
    ok = subprocess.run(exe + ["--script", str(script)], capture_output=True, text=True,
                        cwd=ROOT, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert "game over" in ok.stdout and "Traceback" not in ok.stderr
    bad = subprocess.run(exe, input="state\nchoose 77\n", capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert bad.returncode == 1
    assert bad.stderr.startswith("<stdin>:2: error: option 77 does not exist")


def test_a_line_that_cannot_run_is_refused_before_it_runs_saying_why():
    proc = Processor("example", seed=1)
    assert proc.problem("choose play_thing: Nothing There").startswith("no option `play_thing: ")
    assert proc.problem("Windmil Wheel") == (
        "`Windmil Wheel` is neither a command nor an option of the decision "
        "(`help` lists commands, `options` the options)")
    assert proc.problem("99") == f"option 99 does not exist (choose 0 to {len(proc.session.decision.labels) - 1})"
    assert proc.problem("pass") is None and proc.problem("state") is None
    assert proc.problem("# a comment") is None and proc.problem("eval {\n gain 1 gears\n}") is None
    assert Processor().problem("opne example") == "unknown command `opne`; did you mean `open`?"


def test_the_terminal_keeps_a_refused_line_for_editing():
    proc = Processor("example", seed=1)
    before = h(proc)
    # A typo is refused on Enter and stays in the line; Ctrl-U clears it, `state` runs.
    shown = run_headless(proc, "Windmil Wheel\n\x15state\n")
    assert all(o.ok for o in shown), [o.text() for o in shown if not o.ok]
    assert h(proc) == before and len(shown) == 2      # the banner, then `state` alone


def test_eval_can_call_a_deck_action():
    proc = Processor("example", seed=1)
    hand = len(proc.game.state.zones["hand:0"].cards)
    out = proc.execute("eval draw 1")
    assert out.ok, out.text()
    assert len(proc.game.state.zones["hand:0"].cards) == hand + 1


def test_eval_of_an_action_with_an_argument_of_the_wrong_kind_is_refused_where_typed():
    proc = Processor("example", seed=1)
    before = proc.game.state.state_hash()
    out = proc.execute('eval draw "two"')
    assert not out.ok
    assert out.text() == ('<eval>:1:6: error: the argument `n` of `draw` must be a number, '
                          'not a text\n    1 | draw "two"\n      |      ^^^^^')
    assert proc.game.state.state_hash() == before


# One rule for typed answers (Enter), `card NAME` and Tab: the label itself, else the
# labels equal to it ignoring case, else those containing it; several are ambiguous.

def test_a_typed_answer_may_be_any_part_of_one_label():
    proc = Processor("example", seed=1)
    out = proc.execute("choose satchel")
    assert out.ok, out.text()
    assert "P1 chooses play_thing: Oversized Satchel" in out.text()


def test_an_ambiguous_answer_says_so_and_lists_the_candidates():
    proc = Processor("example", seed=1)
    before = proc.game.state.state_hash()
    out = proc.execute("choose spring")
    assert out.text() == ("error: `spring` is ambiguous: it matches play_thing: Spring Press, "
                          "play_action: Spring Cleaning (type more of one, or its number)")
    assert proc.game.state.state_hash() == before


def test_card_lists_the_cards_a_name_could_mean():
    out = Processor("example", seed=1).execute("card spring")
    assert out.text() == ("error: `spring` is ambiguous: it matches Spring Press, "
                          "Spring Cleaning (type more of one)")


def test_tab_offers_exactly_what_enter_would_take_or_be_ambiguous_between():
    from deckwright.repl.completion import suggest
    proc = Processor("example", seed=1)
    labels = proc.session.decision.labels
    for typed in ("spring", "satchel", "play_thing", "PASS", "zzz"):
        offered = [s.text for s in suggest(f"choose {typed}", proc.completion_context())]
        problem = proc.problem(f"choose {typed}")
        if len(offered) == 1:
            assert problem is None, (typed, problem)
        elif offered:
            assert problem.startswith(f"`{typed}` is ambiguous: it matches "
                                      + ", ".join(offered)), (typed, problem)
        else:
            assert problem.startswith(f"no option `{typed}` in: {labels[0]}"), (typed, problem)


def test_the_toolbar_shows_every_players_scores():
    proc = Processor("example", seed=1)
    proc.game.state.players[1].res["gears"] = 4
    text = "".join(t for _, t in proc.toolbar())
    assert text == " turn 2 │ main │ P1 to act │ P1 gears 0 │ P2 gears 4 "


def test_a_resource_marked_score_is_one_for_the_checker_too():
    from deckwright.dsl.loader import load_program
    program = load_program("dveck_builder")
    assert [r for r, d in program.resources.items() if d.score] == ["vp"]
