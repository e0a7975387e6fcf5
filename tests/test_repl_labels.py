"""Every option of a decision reads differently, and a typed answer means what Tab offers
(issue "The designer's workbench": copies of a card and abilities of different cards get
distinct labels). Exact text, as the user reads it."""
import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from deckwright.dsl.engine.state import GameState
from deckwright.dsl.visibility import tell_apart
from deckwright.repl import app
from deckwright.repl.commands import Processor
from deckwright.repl.completion import suggest

SHARDS = ("P1: your move\n"
          "  [0] play_material: Red Shard #1\n"
          "  [1] play_material: Red Shard #2\n"
          "  [2] play_material: Blue Shard #1\n"
          "  [3] play_material: Blue Shard #2\n"
          "  [4] play_material: Red Shard #3\n"
          "  [5] buy_basic: Blue Shard\n"
          "  [6] buy_basic: Red Shard\n"
          "  [7] pass")


def tab(proc, typed: str) -> list:
    return [s.text for s in suggest(typed, proc.completion_context())]


def hand(proc) -> list:
    return [c.id for c in proc.game.state.zones["hand:0"].cards]


# --- copies nobody can tell apart: numbered, and one answer -----------------------------

def test_copies_in_a_hand_are_numbered_by_their_place_among_them():
    assert Processor("dveck_builder", seed=1).execute("options").text() == SHARDS


def test_a_name_shared_by_copies_takes_the_first_and_a_number_takes_that_one():
    proc = Processor("dveck_builder", seed=1)
    first, second = (proc.session.decision.values[i][1].id for i in (0, 1))
    out = proc.execute("red shard #2")
    assert "P1 chooses play_material: Red Shard — your move" in out.text()
    assert second not in hand(proc) and first in hand(proc)
    out = proc.execute("choose play_material: red shard")   # the copies left: #1 again
    assert out.ok, out.text()
    assert first not in hand(proc)


def test_a_name_given_twice_in_one_answer_takes_two_copies():
    proc = Processor("example", seed=1)
    for line in ('eval create 1 "Magnet" in your hand', "spring cleaning"):
        assert proc.execute(line).ok, line
    assert proc.execute("options").text().splitlines()[4:7] == [
        "  [3] Magnet #1", "  [4] Spring Press", "  [5] Magnet #2"]
    before = proc.game.state.state_hash()
    assert proc.execute("choose magnet, magnet, magnet").text() == \
        "error: an option was chosen twice"                  # there are two
    assert proc.game.state.state_hash() == before
    out = proc.execute("choose magnet, magnet, music")
    assert out.text().splitlines()[0] == ("P1 chooses Magnet, Magnet, Music Box — Discard "
                                          "down to your hand size (Spring Cleaning)")


def test_tab_offers_one_of_the_copies_an_answer_would_take():
    proc = Processor("dveck_builder", seed=1)
    assert tab(proc, "choose red shard") == ["play_material: Red Shard #1",
                                             "buy_basic: Red Shard"]
    assert tab(proc, "choose red shard #3") == ["play_material: Red Shard #3"]


def test_an_answer_that_fits_two_different_options_is_ambiguous_though_copies_are_not():
    proc = Processor("dveck_builder", seed=1)
    before = proc.game.state.state_hash()
    out = proc.execute("choose red shard")
    assert out.text() == ("error: `red shard` is ambiguous: it matches play_material: Red "
                          "Shard #1, buy_basic: Red Shard (type more of one, or its number)")
    assert proc.game.state.state_hash() == before


# --- one rule for Tab and Enter, with or without `choose` ---------------------------------

def test_a_bare_answer_that_is_ambiguous_says_so_not_that_it_is_no_command():
    proc = Processor("dveck_builder", seed=1)
    said = ("`red shard` is ambiguous: it matches play_material: Red Shard #1, buy_basic: "
            "Red Shard (type more of one, or its number)")
    assert proc.problem("red shard") == said               # what Enter shows in the terminal
    assert proc.execute("red shard").text() == "error: " + said
    assert proc.problem("red sharp") == (
        "`red sharp` is neither a command nor an option of the decision (`help` lists "
        "commands, `options` the options)")


def test_tab_on_a_bare_answer_offers_what_enter_would_take():
    proc = Processor("dveck_builder", seed=1)
    assert tab(proc, "red shard") == tab(proc, "choose red shard")
    assert tab(proc, "sh") == ["play_material: Red Shard #1", "play_material: Blue Shard #1",
                               "buy_basic: Blue Shard", "buy_basic: Red Shard"]
    assert tab(proc, "hard #2") == ["play_material: Red Shard #2",
                                    "play_material: Blue Shard #2"]


def test_card_lists_the_two_cards_a_name_could_mean_and_tab_offers_them():
    proc = Processor("urban_dead", seed=1)
    assert proc.execute("card necrotech").text() == (
        "error: `necrotech` is ambiguous: it matches NecroTech Lab Assistant, NecroTech "
        "Building (type more of one)")
    assert tab(proc, "card necrotech") == ["NecroTech Lab Assistant", "NecroTech Building"]
    assert tab(proc, "card tech b") == ["NecroTech Building"]    # any part, as Enter reads it
    assert proc.execute("card tech b").text().startswith("NecroTech Building")


def test_an_answer_naming_offered_options_is_ambiguous_before_any_refused_one_is_explained():
    proc = Processor("dveck_builder", seed=1)
    # `shard` also fits the Gold Shard the rules refuse to sell: the offered ones come first
    assert proc.problem("choose shard") == (
        "`shard` is ambiguous: it matches play_material: Red Shard #1, play_material: Blue "
        "Shard #1, buy_basic: Blue Shard, buy_basic: Red Shard (type more of one, or its "
        "number)")
    assert proc.problem("choose gold shard") == (
        "buy_basic: Gold Shard is not allowed: it needs `red + blue + gold >= c.cost`")


def test_a_copys_number_typed_in_the_terminal_takes_that_copy():
    proc = Processor("dveck_builder", seed=1)
    second = proc.session.decision.values[1][1].id
    shown = []
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("red shard #2\r\x15\x04")
        assert app.run_interactive(proc, input=inp, output=DummyOutput(),
                                   history=InMemoryHistory(), write=shown.append) == 0
    assert all(o.ok for o in shown), [o.text() for o in shown if not o.ok]
    assert "P1 chooses play_material: Red Shard — your move" in shown[-1].text()
    assert second not in hand(proc)


# --- cards that differ in what the player sees: told apart by it --------------------------

def test_alike_cards_in_different_zones_are_named_with_their_zone():
    proc = Processor("example", seed=1)
    for line in ('eval create 1 "Windmill" in your area',
                 'eval create 1 "Windmill" in area of next_player(you)',
                 'eval create 1 "Wrench" in your hand', "wrench"):
        assert proc.execute(line).ok, line
    assert proc.execute("options").text() == ("P1: Destroy (Wrench)\n"
                                              "  [0] Windmill in P1's area\n"
                                              "  [1] Gearbox\n"
                                              "  [2] Windmill in P2's area")
    assert proc.execute("choose windmill").text() == (
        "error: `windmill` is ambiguous: it matches Windmill in P1's area, Windmill in "
        "P2's area (type more of one, or its number)")
    out = proc.execute("windmill in p2")
    assert out.text().splitlines()[0] == "P1 chooses Windmill in P2's area — Destroy (Wrench)"
    assert [c.name for c in proc.game.state.zones["area:1"].cards] == ["Gearbox"]


def test_abilities_of_alike_cards_are_told_apart_by_what_is_on_them():
    proc = Processor("example", seed=1)
    for line in ('eval create 1 "Spring Press" in your area', "eval put 2 charge on top(your area)",
                 'eval create 1 "Spring Press" in your area'):
        assert proc.execute(line).ok, line
    shown = proc.execute("options").text().splitlines()
    assert shown[-3:] == ["  [6] Spring Press: Wind [charge 2]", "  [7] Spring Press: Wind",
                          "  [8] pass"]
    assert "  area (yours): Spring Press [charge 2], Spring Press" in \
        proc.execute("state").text().splitlines()      # as `state` shows them
    assert proc.execute("choose wind").text() == (
        "error: `wind` is ambiguous: it matches Spring Press: Wind [charge 2], Spring Press: "
        "Wind (type more of one, or its number)")


def _windmills(proc, face_down: bool = False):
    """P2's area: Gearbox, Windmill, Windmill with a Music Box attached (face down if
    asked); P1 plays a Wrench to destroy one of them."""
    theirs = "area of next_player(you)"
    lines = [f'eval create 2 "Windmill" in {theirs}', f'eval create 1 "Music Box" in {theirs}',
             f'eval attach top({theirs}) to last(cards in {theirs} where it.name == "Windmill")']
    if face_down:
        lines.append(f"eval face down top({theirs})")
    for line in lines + ['eval create 1 "Wrench" in your hand', "wrench"]:
        assert proc.execute(line).ok, line


def test_alike_cards_are_told_apart_by_what_is_attached_to_them():
    proc = Processor("example", seed=1)
    _windmills(proc)
    assert proc.execute("options").text() == ("P1: Destroy (Wrench)\n"
                                              "  [0] Gearbox\n"
                                              "  [1] Windmill\n"
                                              "  [2] Windmill (with Music Box)")
    assert tab(proc, "with music") == ["Windmill (with Music Box)"]
    assert tab(proc, "windm") == ["Windmill", "Windmill (with Music Box)"]


def test_an_attachment_lying_face_down_is_a_face_down_card_to_the_chooser():
    proc = Processor("example", seed=1)
    _windmills(proc, face_down=True)
    assert proc.execute("options").text() == ("P1: Destroy (Wrench)\n"
                                              "  [0] Gearbox\n"
                                              "  [1] Windmill\n"
                                              "  [2] Windmill (with a face-down card)")
    assert "Music Box" not in proc.execute("options").text()


def test_survivors_are_told_apart_by_the_weapon_they_carry():
    from scenario import arranged
    from deckwright.repl.render import decision_view
    s = arranged("urban_dead", """
        fighters of survivors: "Private" (called armed), "Private", "Pistol" (2 uses, attached to armed)
        horde of P2 = 6
    """)
    for answer in ("pass", "Attack the horde"):
        assert s.apply(answer) is None, answer
    assert decision_view(s.decision, game=s.game) == (
        "P1: Which survivors attack?\n"
        "  [0] Private (with Pistol) (health 5, attack 2)\n"
        "  [1] Private (health 5, attack 2)\n"
        "  pick up to 2: `choose 0 1`, or `choose none`")


# --- what tells options apart is only what the chooser sees ------------------------------

def _table():
    s = GameState()
    p, q = s.add_player("P1"), s.add_player("P2")
    zones = {"hand": s.add_zone("hand", owner=q, visibility="private"),
             "mine": s.add_zone("area", owner=p, in_play=True),
             "theirs": s.add_zone("area", owner=q, in_play=True)}
    return s, p, q, zones


def _card(s, name, owner, zone, up=True):
    c = s.new_card(name, owner=owner)
    s.place(c, zone)
    c.face_up = up
    return c


def test_cards_on_different_hosts_are_named_with_their_host_unless_it_lies_face_down():
    s, p, q, z = _table()
    scout = _card(s, "Scout", p, z["mine"])
    hidden = _card(s, "Medic", p, z["mine"], up=False)
    knives = [_card(s, "Knife", p, z["mine"]) for _ in range(2)]
    knives[0].attached_to, knives[1].attached_to = scout, hidden
    labels, alike = tell_apart(["Knife", "Knife"], knives, q)
    assert labels == ["Knife on Scout", "Knife on a face-down card"]
    assert alike == [0, 1]
    assert tell_apart(["Knife", "Knife"], knives, p)[0] == ["Knife on Scout", "Knife on Medic"]


def test_cards_the_chooser_may_not_read_are_numbered_never_named():
    s, p, q, z = _table()
    cards = [_card(s, name, q, z["hand"], up=False) for name in ("Trap", "Bait", "Trap")]
    cards[1].counters["rust"] = 1               # a counter is seen on any card
    labels, alike = tell_apart(["a card in P2's hand"] * 3, cards, p)
    assert labels == ["a card in P2's hand #1", "a card in P2's hand [rust 1]",
                      "a card in P2's hand #2"]
    assert alike == [0, 1, 0]
    cards[0].marks["armed"] = None              # a mark only on a card one may read
    assert tell_apart(["a card in P2's hand"] * 3, cards, p)[0] == labels


def test_hosts_are_told_apart_by_their_attachments_as_the_chooser_sees_them():
    s, p, q, z = _table()
    walls = [_card(s, "Wall", q, z["theirs"]) for _ in range(3)]
    spikes = _card(s, "Spikes", q, z["theirs"])
    moat = _card(s, "Moat", q, z["theirs"], up=False)
    spikes.attached_to, moat.attached_to = walls[0], walls[1]
    assert tell_apart(["Wall"] * 3, walls, p) == (
        ["Wall (with Spikes)", "Wall (with a face-down card)", "Wall"], [0, 1, 2])
    assert tell_apart(["Wall"] * 3, walls, q)[0] == ["Wall (with Spikes)", "Wall (with Moat)",
                                                     "Wall"]
    moat.attached_to = walls[0]                # several attached: each as it may be read
    assert tell_apart(["Wall"] * 3, walls, p)[0] == [
        "Wall (with Spikes, a face-down card)", "Wall #1", "Wall #2"]


def test_hosts_carrying_alike_attachments_are_numbered():
    s, p, q, z = _table()
    walls = [_card(s, "Wall", q, z["theirs"]) for _ in range(2)]
    for wall in walls:
        _card(s, "Spikes", q, z["theirs"]).attached_to = wall
    assert tell_apart(["Wall", "Wall"], walls, p) == (["Wall #1", "Wall #2"], [0, 0])


def test_options_that_already_read_apart_are_left_as_they_are():
    s, p, q, z = _table()
    cards = [_card(s, "Scout", p, z["mine"]), _card(s, "Medic", p, z["mine"])]
    assert tell_apart(["Scout", "Medic"], cards, p) == (["Scout", "Medic"], None)


# --- the log names a choice as its option reads, to each seat --------------------------

def test_the_log_names_the_copy_chosen_by_what_tells_it_from_the_others():
    proc = Processor("example", seed=1)
    _windmills(proc)
    assert proc.execute("with music").text().splitlines()[:3] == [
        "P1 chooses Windmill (with Music Box) — Destroy (Wrench)",
        "Windmill (with Music Box): P2's area → discard_pile",    # which one left
        "Music Box: P2's area → discard_pile"]


def test_the_log_names_an_attachment_lying_face_down_only_to_its_holder():
    from deckwright.repl.render import log_lines
    proc = Processor("example", seed=1)
    _windmills(proc, face_down=True)
    assert proc.execute("with a face").ok
    game = proc.game
    p1, p2 = game.state.players
    chosen = [line for line in log_lines(game, p1) if line.startswith("P1 chooses Windmill")]
    assert chosen == ["P1 chooses Windmill (with a face-down card) — Destroy (Wrench)"]
    chosen = [line for line in log_lines(game, p2) if line.startswith("P1 chooses Windmill")]
    assert chosen == ["P1 chooses Windmill (with Music Box) — Destroy (Wrench)"]


def test_the_log_names_each_survivor_chosen_by_the_weapon_it_carries():
    from scenario import arranged
    from deckwright.repl.render import log_lines
    s = arranged("urban_dead", """
        fighters of survivors: "Private" (called armed), "Private", "Pistol" (2 uses, attached to armed)
        horde of P2 = 6
    """)
    for answer in ("pass", "Attack the horde", (0, 1), (1,)):
        assert s.apply(answer) is None, answer
    for seat in s.state.players:                 # the survivors' fighters are public
        assert log_lines(s.game, seat)[-3:-1] == [
            "P1 chooses Private (with Pistol), Private — Which survivors attack?",
            "P1 chooses Private — Who strikes?"]


def test_the_log_does_not_number_copies_nothing_tells_apart():
    proc = Processor("example", seed=1)
    for line in ('eval create 2 "Windmill" in area of next_player(you)',
                 'eval create 1 "Wrench" in your hand', "wrench"):
        assert proc.execute(line).ok, line
    assert proc.execute("options").text().splitlines()[2:4] == ["  [1] Windmill #1",
                                                                "  [2] Windmill #2"]
    assert proc.execute("windmill #2").text().splitlines()[0] == \
        "P1 chooses Windmill — Destroy (Wrench)"       # either would have done the same


def test_the_examples_in_the_visibility_models_docstrings_hold():
    import doctest
    from deckwright.dsl import visibility
    assert doctest.testmod(visibility).failed == 0


# --- every bundled game ------------------------------------------------------------------

@pytest.mark.parametrize("deck", ["example", "dveck_builder", "urban_dead", "dueling_runes"])
def test_no_decision_of_a_bundled_game_offers_two_options_that_read_alike(deck):
    from deckwright.dsl.agents import RandomAgent
    from deckwright.dsl.engine.game import Game
    from deckwright.dsl.loader import load_program
    asked, alike = [], []

    class Reading(RandomAgent):
        quick = False                      # so every decision is made, and read

        def choose(self, game, d):
            asked.append(d.labels)
            if len(set(d.labels)) < len(d.labels):
                alike.append((d.prompt, d.labels))
            return super().choose(game, d)
    program = load_program(deck)
    for i in range(3):
        Game(program, seed=100 + i, agents=[Reading(2 * i), Reading(2 * i + 1)]).run()
    assert len(asked) > 50 and not alike, alike[:3]
    if deck != "dueling_runes":            # its cards are one of each
        assert any(label.endswith(" #2") for labels in asked for label in labels)
