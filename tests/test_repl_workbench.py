"""The designer's workbench (issue 15), as the REPL shows it: what a person is told when
nothing is left to choose, how a game ends, an `autopass` for any-time offers, and a
`state` too long for the screen.

Each test types commands into the REPL's processor (or its prompt_toolkit loop) and
reads the exact text it shows."""
from pathlib import Path

import pytest

from deckwright.repl.commands import Processor

# A move anyone may make at any time while they have no gear; a response to a play.
WAVES = '''game "Waves" extends "dvorak"
resource gears: start 0
move wave if gears < 1 any time { gain 1 gears }
respond to play "Grumble" where you != active_player { gain 1 gears }
card "Cog": Thing x 12 {
  text "A cog."
}
'''


@pytest.fixture
def waves(tmp_path) -> Path:
    deck = tmp_path / "waves.deck"
    deck.write_text(WAVES)
    return deck


def last_lines(out, n: int) -> list:
    return out.text().splitlines()[-n:]


# --- autopass -------------------------------------------------------------------------

def test_autopass_is_off_until_asked_and_says_so(waves):
    p = Processor(str(waves), seed=1)
    assert p.session.decision.prompt == "Act at the start of phase draw (P2's turn)?"
    assert p.execute("autopass").text().splitlines()[0] == \
        "autopass is off: you are asked at every any-time offer"
    assert p.session.decision.prompt == "Act at the start of phase draw (P2's turn)?"


def test_autopass_on_passes_an_any_time_offer_and_says_so(waves):
    p = Processor(str(waves), seed=1)
    p.banner()                                # the REPL shows the game so far on start
    out = p.execute("autopass on")
    assert out.ok
    lines = out.text().splitlines()
    assert lines[0] == "autopass is on: you are not asked when only any-time moves are offered"
    assert lines[1] == "P1 chooses pass — Act at the start of phase draw (P2's turn)?"
    assert "(autopass passed an any-time offer for you: `autopass off` to be asked)" in lines


def test_autopass_still_asks_a_response_to_an_event(waves):
    p = Processor(str(waves), seed=1)
    out = p.execute("autopass on")
    assert last_lines(out, 4) == ["P1: Respond to P2 playing Cog?", "  [0] Grumble", "  [1] wave",
                                  "  [2] pass"]


def test_undo_goes_past_what_autopass_passed(waves):
    p = Processor(str(waves), seed=1)
    p.execute("autopass on")
    before = list(p.session.choices)
    assert p.execute("Grumble").ok
    assert p.execute("undo").ok
    assert p.session.choices == before       # back at the response, not at the any-time offer
    assert p.session.decision.prompt == "Respond to P2 playing Cog?"
    p.execute("autopass off")
    out = p.execute("undo")
    assert out.ok, out.text()
    assert p.session.decision.prompt == "Act at the start of phase draw (P2's turn)?"


def test_a_save_file_keeps_autopass_and_what_it_passed(waves, tmp_path):
    p = Processor(str(waves), seed=1)
    p.execute("autopass on")
    assert p.execute("Grumble").ok
    assert p.execute(f"save {tmp_path / 's.json'}").ok

    q = Processor("example", seed=1)          # autopass is off here, until the save says
    assert q.execute(f"load {tmp_path / 's.json'}").ok
    assert q.execute("autopass").text().splitlines()[0] == \
        "autopass is on: you are not asked when only any-time moves are offered"
    # undo goes past autopass's pass at the phase start, as it did before the save
    assert q.execute("undo").text().splitlines()[0] == "undid 1 decision"
    assert q.session.decision.prompt == "Respond to P2 playing Cog?"
    assert q.execute("undo").text() == "error: nothing to undo"


def test_a_save_file_from_before_autopass_was_saved_keeps_the_setting(waves, tmp_path):
    import json
    p = Processor(str(waves), seed=1)
    assert p.execute(f"save {tmp_path / 's.json'}").ok
    data = json.loads((tmp_path / "s.json").read_text())
    del data["autopass"], data["autopassed"]
    (tmp_path / "s.json").write_text(json.dumps(data))
    q = Processor(str(waves), seed=1)
    q.execute("autopass on")
    assert q.execute(f"load {tmp_path / 's.json'}").ok
    assert q.execute("autopass").text().startswith("autopass is on")


def test_autopass_takes_on_or_off(waves):
    out = Processor(str(waves), seed=1).execute("autopass yes")
    assert (out.ok, out.text()) == (
        False, "error: autopass on, autopass off, or autopass alone to see which; not `yes`")


# --- paging long looks -------------------------------------------------------------------

def test_the_pager_shows_a_screenful_then_asks():
    from deckwright.repl import pager
    shown, asked, keys = [], [], iter(" \rq")
    pager.page([f"line {i}" for i in range(12)], 5, shown.append, lambda: next(keys),
               asked.append)
    # 4 lines and the question; Space: 4 more; Enter: one more; q: stop
    assert shown == [f"line {i}" for i in range(9)] + [
        "(3 more lines not shown: q stopped the pager)"]
    assert asked == ["-- more: Space a page, Enter a line, q stops --"] * 3


def test_output_that_fits_is_not_paged():
    from deckwright.repl import pager
    shown = []
    pager.page(["a", "b"], 5, shown.append, lambda: pytest.fail("asked for a key"))
    assert shown == ["a", "b"]


def test_only_the_looks_are_marked_for_paging():
    p = Processor("example", seed=1)
    assert [p.execute(c).page for c in ("state", "s all", "log", "cards", "help", "why 3")] \
        == [True] * 6
    assert [p.execute(c).page for c in ("options", "seats", "card magnet")] == [False] * 3


def test_no_pager_when_the_output_is_not_a_terminal():
    from prompt_toolkit.output import DummyOutput
    from deckwright.repl import pager
    assert not pager.wanted(DummyOutput())        # the tests' headless REPL
    assert not pager.wanted(None)                 # pytest's captured standard output


def test_a_script_prints_a_long_state_whole(tmp_path):
    import subprocess
    import sys
    script = tmp_path / "look.txt"
    script.write_text("state all\n")
    done = subprocess.run([sys.executable, "-m", "deckwright.dsl.cli", "play", "dveck_builder",
                           "--script", str(script)], capture_output=True, text=True, timeout=300,
                          cwd=Path(__file__).resolve().parent.parent,
                          env={**__import__("os").environ, "LINES": "10"})
    assert done.returncode == 0, done.stderr
    assert "-- more" not in done.stdout
    assert "  gold_slabs: Gold Slab ×8 (top last)" in done.stdout


def test_state_is_paged_in_a_real_terminal(tmp_path):
    """In a terminal of 30 rows, `state all` of a Dveck Builder game (38 lines) stops
    after 29 and asks; Space shows the rest and the prompt comes back; q stops early."""
    from pty_repl import PtyRepl
    repl = PtyRepl("dveck_builder", env={"XDG_DATA_HOME": str(tmp_path / "data"),
                                         "XDG_CACHE_HOME": str(tmp_path / "cache")})
    try:
        repl.read_until("P1 main>", timeout=300)     # a fresh cache: the deck is compiled
        repl.send("state all\r")
        first = repl.read_until("-- more: Space a page, Enter a line, q stops --")
        assert "  gold_slabs: Gold Slab ×8 (top last)" in first
        assert "[7] pass" not in first
        repl.send(" ")
        assert "  [7] pass\nP1 main>" in repl.read_until("P1 main>")
        repl.send("state all\r")
        repl.read_until("-- more")
        repl.send("q")
        assert "(9 more lines not shown: q stopped the pager)\nP1 main>" in \
            repl.read_until("P1 main>")
        repl.send("\x04")
        assert repl.wait() == 0
    finally:
        repl.close()


# --- decisions with one answer are said in the log ---------------------------------------

PURGE = '''game "Purge" extends "dvorak"
resource gears: start 0
card "Cog": Thing x 12 {
  text "A cog."
}
card "Purge": Action {
  text "Discard a card. Then gain a gear, or two if you have none."
  effect {
    choose c from cards in your hand prompt "Discard a card" { discard c }
    choose one {
      "Gain 1 gear" if gears > 0 { gain 1 gears }
      "Gain 2 gears" if gears == 0 { gain 2 gears }
    }
  }
}
'''


def test_a_turn_that_ends_because_only_pass_is_left_says_so():
    """P2 plays its one Thing and its one Action; nothing else is allowed, so its turn
    goes on without a question, and the log says why."""
    shown = Processor("example", seed=1).banner().text().splitlines()
    at = shown.index("Recycle: P2's resolving → discard_pile")
    assert shown[at + 1:at + 3] == ["P2 passes: nothing else can be done now — your move",
                                    "— turn 2: P1 —"]


def test_a_choice_with_one_card_and_a_choose_one_with_one_open_case_are_logged(tmp_path):
    deck = tmp_path / "purge.deck"
    deck.write_text(PURGE)
    p = Processor(str(deck), seed=1)
    p.banner()
    for line in ('eval move cards in your hand to discard_pile',
                 'eval create 1 "Cog" in your hand', 'eval create 1 "Purge" in your hand'):
        assert p.execute(line).ok
    shown = p.execute("play_action: Purge").text().splitlines()
    assert shown[:8] == [
        "P1 chooses play_action: Purge — your move",
        "Purge: P1's hand → P1's resolving",
        "P1 has only one choice: Cog — Discard a card (Purge)",
        "Cog: P1's hand → discard_pile",
        "P1 has only one choice: Gain 2 gears — choose one (Purge)",
        "P1 gains 2 gears (2)",
        "Purge: P1's resolving → discard_pile",
        "P1 passes: nothing else can be done now — your move"]
    # what P2 reads of P1's only choice: not the card in P1's hand
    p.execute("bot P1")
    p.execute("human P2")
    assert "P1 has only one choice: a card in P1's hand — Discard a card (Purge)" in \
        p.execute("log all").text()


def test_a_game_that_logs_nothing_writes_no_forced_lines():
    """Bots playing as plain functions keep no log: the forced choices cost them nothing
    and leave nothing behind."""
    from deckwright.dsl.loader import load_program
    from deckwright.dsl.sim import play_one
    game = play_one(load_program("example"), 0, 0, 2, ["random"])
    assert game.log == [] and not game.logging


# --- game over names the end condition -------------------------------------------------

@pytest.mark.parametrize("deck, seed, line", [
    ("example", 3, "game over: P1 wins (12 gears)"),
    ("urban_dead", 3, "game over: P2 wins (overrun)"),
])
def test_game_over_names_the_end_condition_the_deck_names(deck, seed, line):
    p = Processor(deck, seed=seed)
    out = p.execute("auto")
    assert out.text().splitlines()[-1] == line
    assert p.prompt() == "game over> "


def test_sim_counts_the_games_by_their_named_end_conditions(capsys):
    from deckwright.dsl.cli import main
    assert main(["sim", "dveck_builder", "--games", "4", "--seed", "1"]) == 0
    assert "end reasons: {'50 VP': 4}" in capsys.readouterr().out.splitlines()


def test_an_end_condition_without_a_name_keeps_the_kind_of_ending(tmp_path):
    from deckwright.dsl.loader import load_program
    from deckwright.dsl.sim import play_one
    deck = tmp_path / "plain.deck"
    deck.write_text(WAVES.replace('resource gears: start 0\n', 'resource gears: start 0\n'
                                  'whenever count (players where it.gears >= 1) > 0 {\n'
                                  '  end game by most gears\n}\n'))
    game = play_one(load_program(str(deck)), 0, 0, 2, ["first"])
    assert game.state.result["reason"] in ("most gears", "tied on gears")


def test_an_empty_end_condition_name_is_refused_where_it_is_written(tmp_path, capsys):
    from deckwright.dsl.cli import main
    deck = tmp_path / "e.deck"
    deck.write_text('game "E" extends "dvorak"\nwhenever turn_number > 3 { end game "" draw }\n'
                    'card "X": Thing\n')
    assert main(["check", str(deck)]) == 1
    assert capsys.readouterr().err.splitlines()[0].endswith(
        "e.deck:2:28: error: the end condition's name is empty: say how the game ended, as "
        "players would (`end game \"50 VP\" by most vp`)")


# --- why: the card that negated a play ----------------------------------------------------

def test_why_of_a_negated_play_points_to_the_card_that_negated_it():
    """P2's Counterweight negates P1's Invention: `why` of "play negated" names the
    Counterweight and its `negate`, then the play it called off."""
    p = Processor("example", seed=1)
    p.banner()
    for line in ("human P2", 'eval create 1 "Invention" in your hand',
                 'eval create 1 "Counterweight" in hand of next_player(you)',
                 "play_action: Invention", "yes"):
        assert p.execute(line).ok, line
    n = next(i for i, e in enumerate(p.game.log) if e.text == "play negated")
    assert p.execute(f"why {n}").text().splitlines()[:4] == [
        f"{n}: play negated  (turn 2, phase main)",
        '  negated by card "Counterweight" — decks/example.deck:215:7',
        "    negate",
        "  the move `play_action` — decks/dvorak.deck:96:1"]


def test_why_of_a_negated_action_points_to_the_response_that_negated_it():
    p = Processor("dveck_builder", seed=1)
    p.banner()
    for line in ("human P2", 'eval create 1 "Quick Study" in your hand',
                 'eval create 1 "Naysay" in hand of next_player(you)',
                 "play_action: Quick Study", "Naysay"):
        assert p.execute(line).ok, line
    n = next(i for i, e in enumerate(p.game.log) if e.text == "resolve negated")
    assert p.execute(f"why {n}").text().splitlines()[1:3] == [
        '  negated by card "Naysay" — decks/dveck_cards.deck:570:5', "    negate"]
