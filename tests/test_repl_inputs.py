"""Inputs that used to answer `internal error`: each gets one line saying what is wrong,
exactly as the user sees it, and the game is left as it was."""
import pytest

from repl.commands import Processor


def h(proc) -> str:
    return proc.game.state.state_hash()


def answer(deck: str, line: str) -> str:
    proc = Processor(deck, seed=1)
    before = h(proc)
    out = proc.execute(line)
    assert not out.ok and h(proc) == before
    return out.text()


# --- `new` and its settings ----------------------------------------------------------

@pytest.mark.parametrize("line, message", [
    ("new seed=abc", "error: `seed` must be a whole number, not `abc` (as in `new seed=7`)"),
    ("new seed=", "error: `seed=` needs a value: a whole number, as in `new seed=7`"),
    ("new seed=1.5", "error: `seed` must be a whole number, not `1.5` (as in `new seed=7`)"),
    ("new seed=" + "9" * 5000, "error: `seed` must be a whole number, not `"
     + "9" * 39 + "…` (as in `new seed=7`)"),
    ("new players=abc", "error: `players` must be a whole number from 1 up, not `abc` "
                        "(as in `new players=3`)"),
    ("new players=0", "error: `players` must be a whole number from 1 up, not `0` "
                      "(as in `new players=3`)"),
    ("new players=²", "error: `players` must be a whole number from 1 up, not `²` "
                      "(as in `new players=3`)"),
    ("new 'unclosed", "error: a quotation mark in `'unclosed` is never closed"),
    ('new seed="7', "error: a quotation mark in `seed=\"7` is never closed"),
    ("new seed=7 \\", "error: the `\\` at the end of `seed=7 \\` has nothing to escape"),
])
def test_new_says_which_setting_is_wrong_and_how_to_write_it(line, message):
    assert answer("example", line) == message


@pytest.mark.parametrize("deck, line, message", [
    ("dueling_runes", "new start_health=abc", "error: `start_health` must be a whole number, "
     "not `abc` (as in `new start_health=12`, the deck's default)"),
    ("dueling_runes", "new start_health=", "error: `start_health=` needs a value: a whole "
     "number, as in `new start_health=12`, the deck's default"),
    ("dueling_runes", "new solitaire=yes", "error: `solitaire` must be true or false, not "
     "`yes` (as in `new solitaire=false`, the deck's default)"),
    ("urban_dead", "new victory=", "error: `victory=` needs a value, as in "
     "`new victory=rescue`, the deck's default"),
])
def test_a_variant_option_is_read_as_the_type_of_its_default(deck, line, message):
    assert answer(deck, line) == message


def test_option_values_of_the_right_type_start_the_game():
    proc = Processor("dueling_runes", seed=1)
    assert proc.execute("new solitaire=true handicap=-1 start_health=10").ok
    assert proc.session.options == {"start_health": 10, "handicap": -1, "solitaire": True}
    urban = Processor("urban_dead", seed=1)
    assert urban.execute("new victory=12").ok and urban.session.options["victory"] == "12"


def test_bots_may_name_a_seat_that_players_adds_later_in_the_line():
    proc = Processor("example", seed=1)
    assert proc.execute("new bots=P3 players=3").ok
    assert proc.seats == {2: "random"}


# --- numbers: `str.isdigit` takes "²", which int() refuses ----------------------------

@pytest.mark.parametrize("line, message", [
    ("choose ²", "error: no option `²` in: play_thing: Magnet, play_thing: Trade Post, "
                 "play_thing: Oversized Satchel, play_action: Heist, play_action: Overclock, "
                 "play_action: Oil Can, pass"),
    ("²", "error: `²` is neither a command nor an option of the decision (`help` lists "
          "commands, `options` the options)"),
    ("undo ²", "error: undo takes a number of decisions (`undo 2`), not `²`"),
    ("undo two", "error: undo takes a number of decisions (`undo 2`), not `two`"),
    ("redo ²", "error: redo takes a number of decisions (`redo 2`), not `²`"),
    ("log ²", "error: log takes a number of entries or `all` (`log 5`), not `²`"),
    ("why ²", "error: why N: N is a log entry number (0 to 17), as `log` shows"),
    ("auto ²", "error: auto takes a number of turns"),
    ("bot P²", "error: no seat `P²` (seats are P1 to P2)"),
])
def test_a_number_that_is_not_ascii_digits_is_not_a_number(line, message):
    assert answer("example", line) == message
