"""Inputs that used to answer `internal error`: each gets one line saying what is wrong,
exactly as the user sees it, and the game is left as it was."""
import pytest

from deckwright.repl.commands import Processor


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
    ("choose ²", "error: no option `²` in: play_thing: Shield Generator, play_thing: "
                 "Oversized Satchel, play_thing: Music Box, play_thing: Magnet, play_thing: "
                 "Spring Press, play_action: Spring Cleaning, pass"),
    ("²", "error: `²` is neither a command nor an option of the decision (`help` lists "
          "commands, `options` the options)"),
    ("undo ²", "error: undo takes a number of decisions (`undo 2`), not `²`"),
    ("undo two", "error: undo takes a number of decisions (`undo 2`), not `two`"),
    ("redo ²", "error: redo takes a number of decisions (`redo 2`), not `²`"),
    ("log ²", "error: log takes a number of entries or `all` (`log 5`), not `²`"),
    ("why ²", "error: why N: N is a log entry number (0 to 20), as `log` shows"),  # P2 passes: entry 20
    ("auto ²", "error: auto takes a number of turns"),
    ("bot P²", "error: no seat `P²` (seats are P1 to P2)"),
])
def test_a_number_that_is_not_ascii_digits_is_not_a_number(line, message):
    assert answer("example", line) == message


# --- save files: a schema in code, a message naming the field --------------------------

import copy  # noqa: E402
import json  # noqa: E402


@pytest.fixture(scope="module")
def good_save():
    """A real save: P2's bot turn, P1's choice, an `eval`, and P1 deciding again."""
    proc = Processor("example", seed=1)
    assert proc.execute("choose 0").ok and proc.execute("eval gain 2 gears").ok
    return proc.save_data(__import__("pathlib").Path("/nowhere/s.json"))


def drop(*keys):
    def edit(d):
        for k in keys[:-1]:
            d = d[k]
        del d[keys[-1]]
    return edit


def put(value, *keys):
    def edit(d):
        for k in keys[:-1]:
            d = d[k]
        d[keys[-1]] = value
    return edit


ANY = "a whole number, a string, true or false"
CHOICE = 'an option number, a label, a list of them, or {"eval": TEXT}'
SAVES = [
    # what is wrong,          the edit,                              what the user reads after "{p}"
    ("version is text", put("1", "version"),
     ': `version` must be a whole number, not the string "1"'),
    ("no version", drop("version"), ": `version` is missing"),
    ("another version", put(2, "version"), " is a version 2 save; this Deckwright reads version 1"),
    ("version is true", put(True, "version"), ": `version` must be a whole number, not `true`"),
    ("no format", drop("format"), " is not a Deckwright save file"),
    ("no deck", drop("deck"), ": `deck` is missing"),
    ("deck is a number", put(5, "deck"), ": `deck` must be a string, not the number 5"),
    ("deck_name is a list", put([], "deck_name"),
     ": `deck_name` must be a string or `null`, not the list []"),
    ("sources is a list", put(["x"], "sources"),
     ': `sources` must be an object, not the list ["x"]'),
    ("a source's hash is a number", put(5, "sources", "decks/example.deck"),
     ': `sources` entry "decks/example.deck" must be a string, not the number 5'),
    ("defs is text", put("card", "defs"), ': `defs` must be a list, not the string "card"'),
    ("a def is a number", put([5], "defs"), ": `defs` entry 1 must be a string, not the number 5"),
    ("a def is not a card", put(["hello"], "defs"), ": `defs` entry 1 is not a card definition"),
    ("dealt_before is an object", put({}, "dealt_before"),
     ": `dealt_before` must be a list, not the object {}"),
    ("seats is a list", put([1], "seats"), ": `seats` must be an object, not the list [1]"),
    ("a seat is no index", put({"P2": "random"}, "seats"),
     ': `seats` entry "P2" must be named by a seat index from 0 to 1'),
    ("a seat beyond the players", put({"5": "random"}, "seats"),
     ': `seats` entry "5" must be named by a seat index from 0 to 1'),
    ("a seat's bot is unknown", put({"1": "genius"}, "seats"),
     ': `seats` entry "1" must be a bot (first, greedy, random, or a search bot such as '
     'mcts:200), not the string "genius"'),
    ("a seat's bot is a number", put({"1": 3}, "seats"),
     ': `seats` entry "1" must be a string, not the number 3'),
    ("who is text", put("me", "who"),
     ': `who` must be a list or `null`, not the string "me"'),
    ("who has a flag", put([True, 1, 0, "eval"], "who"),
     ': `who` entry 1 must be a seat index, "eval" or `null`, not `true`'),
    ("who is short", put([1], "who"),
     ": `who` has 1 entry, but `game.choices` has 4; there is one for each step"),
    ("who names a seat beyond the players", put([1, 1, 7, "eval"], "who"),
     ': `who` entry 3 must be a seat index from 0 to 1, "eval" or `null`, not the number 7'),
    ("autopass is a word", put("yes", "autopass"),
     ': `autopass` must be true, false or `null`, not the string "yes"'),
    ("autopassed beyond the steps", put([9], "autopassed"),
     ": `autopassed` entry 1 must be the index of a step of `game.choices` (0 to 3), not "
     "the number 9"),
    ("autopassed names an eval", put([3], "autopassed"),
     ': `autopassed` entry 1 names step 3, which `who` says was not a seat\'s pass (it was '
     'the string "eval")'),
    ("autopassed without who", lambda d: d.update(who=None, autopassed=[1]),
     ": `autopassed` needs `who`, which says whose each step was"),
    ("no game", drop("game"), ": `game` is missing"),
    ("game is a list", put([], "game"), ": `game` must be an object, not the list []"),
    ("no seed", drop("game", "seed"), ": `game.seed` is missing"),
    ("seed is text", put("abc", "game", "seed"),
     ': `game.seed` must be a whole number, not the string "abc"'),
    ("seed is a fraction", put(1.5, "game", "seed"),
     ": `game.seed` must be a whole number, not the number 1.5"),
    ("no players", drop("game", "players"), ": `game.players` is missing"),
    ("no players at all", put(0, "game", "players"),
     ": `game.players` must be a whole number from 1 up, not the number 0"),
    ("players is null", put(None, "game", "players"),
     ": `game.players` must be a whole number from 1 up, not `null`"),
    ("no choices", drop("game", "choices"), ": `game.choices` is missing"),
    ("choices is an object", put({}, "game", "choices"),
     ": `game.choices` must be a list, not the object {}"),
    ("a choice is null", put([None], "game", "choices"),
     f": `game.choices` entry 1 must be {CHOICE}, not `null`"),
    ("a choice is negative", put([-1], "game", "choices"),
     f": `game.choices` entry 1 must be {CHOICE}, not the number -1"),
    ("a multiple choice holds null", put([[0, None]], "game", "choices"),
     f": `game.choices` entry 1 must be {CHOICE}, not the list [0, null]"),
    ("an eval step without text", put([2, 3, 0, {"eval": 3}], "game", "choices"),
     f': `game.choices` entry 4 must be {CHOICE}, not the object {{"eval": 3}}'),
    ("an eval step the deck refuses", put([2, 3, 0, {"eval": "gain 1 gearz"}], "game", "choices"),
     ": `game.choices` entry 4 runs `eval gain 1 gearz`, which this deck refuses: unknown "
     "resource `gearz`"),
    ("options is a list", put([], "game", "options"),
     ": `game.options` must be an object or `null`, not the list []"),
    ("an option is a list", put({"x": [1]}, "game", "options"),
     f': `game.options` entry "x" must be {ANY}, not the list [1]'),
    ("an option the deck lacks", put({"colour": "red"}, "game", "options"),
     ': `game.options` entry "colour" is not an option of Tinker\'s Fair (its options: none)'),
    ("bots is a list", put([], "game", "bots"), ": `game.bots` must be an object, not the list []"),
]


@pytest.mark.parametrize("edit, message", [pytest.param(e, m, id=why) for why, e, m in SAVES])
def test_a_broken_save_file_says_which_field_is_wrong(edit, message, good_save, tmp_path):
    data = copy.deepcopy(good_save)
    edit(data)
    save = tmp_path / "s.json"
    save.write_text(json.dumps(data))
    assert answer("example", f"load {save}") == "error: " + f"{save}{message}"


@pytest.mark.parametrize("text, message", [
    ("[1, 2]", " is not a Deckwright save file"),
    ('"save"', " is not a Deckwright save file"),
    ("{", " is not a save file (bad JSON: Expecting property name enclosed in double quotes: "
          "line 1 column 2 (char 1))"),
    ("[" * 100_000 + "]" * 100_000, " is not a save file (bad JSON: nested too deeply)"),
])
def test_a_file_that_is_no_save_at_all_says_so(text, message, tmp_path):
    save = tmp_path / "s.json"
    save.write_text(text)
    assert answer("example", f"load {save}") == f"error: {save}{message}"


def test_a_save_without_the_optional_fields_still_loads(good_save, tmp_path):
    data = {k: v for k, v in good_save.items() if k in ("format", "version", "deck")}
    data["game"] = {k: good_save["game"][k] for k in ("seed", "players", "choices")}
    save = tmp_path / "s.json"
    save.write_text(json.dumps(data))
    proc = Processor("example", seed=7)
    out = proc.execute(f"load {save}")
    assert out.ok, out.text()
    assert proc.game.state.players[0].res["gears"] == 2 and proc.who == [None] * 4


# --- answering by label: a taken option that fails shows why ---------------------------

LOOPING_OIL_CAN = 'def card "Oil Can": Action x 3 {\n  effect { repeat 1000000 { gain 1 gears } }\n}'
BUDGET = ("error: step budget of 200000 exceeded at <def>:3:12 (an effect or trigger loops "
          "without end)\n  chain: move play_action → Oil Can")


@pytest.mark.parametrize("typed", ["3", "play_action: Oil Can", "play_action: oil",
                                   "PLAY_ACTION: OIL CAN", "choose play_action: Oil Can",
                                   "choose 3"])
def test_an_option_whose_action_fails_shows_the_real_error_however_it_is_named(typed):
    proc = Processor("example", seed=4)
    assert proc.execute(LOOPING_OIL_CAN).ok
    assert proc.session.decision.labels[3] == "play_action: Oil Can"
    before = h(proc)
    assert proc.execute(typed).text() == BUDGET
    assert h(proc) == before


def test_a_label_that_is_no_option_still_says_so():
    proc = Processor("example", seed=1)
    assert proc.execute("play_action: Nothing").text() == (
        "error: `play_action: Nothing` is neither a command nor an option of the decision "
        "(`help` lists commands, `options` the options)")
    assert proc.execute("99").text() == "error: option 99 does not exist (choose 0 to 6)"
