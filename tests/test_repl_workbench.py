"""The designer's workbench (issue 15), as the REPL shows it: what a person is told when
nothing is left to choose, how a game ends, an `autopass` for any-time offers, and a
`state` too long for the screen.

Each test types commands into the REPL's processor (or its prompt_toolkit loop) and
reads the exact text it shows."""
from pathlib import Path

import pytest

from repl.commands import Processor

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
    assert last_lines(out, 4) == ["P1: Respond to P2's play?", "  [0] Grumble", "  [1] wave",
                                  "  [2] pass"]


def test_undo_goes_past_what_autopass_passed(waves):
    p = Processor(str(waves), seed=1)
    p.execute("autopass on")
    before = list(p.session.choices)
    assert p.execute("Grumble").ok
    assert p.execute("undo").ok
    assert p.session.choices == before       # back at the response, not at the any-time offer
    assert p.session.decision.prompt == "Respond to P2's play?"
    p.execute("autopass off")
    out = p.execute("undo")
    assert out.ok, out.text()
    assert p.session.decision.prompt == "Act at the start of phase draw (P2's turn)?"


def test_autopass_takes_on_or_off(waves):
    out = Processor(str(waves), seed=1).execute("autopass yes")
    assert (out.ok, out.text()) == (
        False, "error: autopass on, autopass off, or autopass alone to see which; not `yes`")
