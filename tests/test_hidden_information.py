"""Hidden information stays hidden: every view a seat is shown (state, options, log,
toolbar) names only the cards that seat may see under the visibility model
(dsl/visibility.py), and the audit (dsl/audit.py) that proves it for every bundled deck.
"""
import os
import re

import pytest

from deckwright.dsl.audit import HiddenAudit, audit_game
from deckwright.dsl.engine import Game
from deckwright.dsl.loader import load_program
from deckwright.dsl.sim import bots_for, play_one
from deckwright.repl import render
from deckwright.repl.commands import Processor
from scenario import given

BARRICADES = ("Loosely Barricaded", "Lightly Barricaded", "Quite Strongly Barricaded",
              "Very Strongly Barricaded", "Heavily Barricaded", "Extremely Heavily Barricaded")


def seat(game, side):
    return next(p for p in game.state.players if p.side == side)


def named_barricades(text):
    return [b for b in BARRICADES if re.search(rf"\b{b}\b", text)]


# --- Urban Dead: barricades are played face down -------------------------------------------

def test_a_barricade_in_play_shows_the_zombies_only_that_it_is_there_and_its_damage():
    s = given("urban_dead", zones={"barricades:survivors": ["Heavily Barricaded"]})
    g = s.game
    wall = s.state.zones["barricades:survivors"].cards[0]
    wall.counters["damage"] = 2
    zombies, survivors = seat(g, "zombies"), seat(g, "survivors")
    seen = render.state_view(g, zombies)
    assert "\nsurvivors (P1):\n" in seen
    assert "\n  barricades: 1 card; face up or marked: a card [damage 2]\n" in seen
    assert not named_barricades(seen)
    assert "Heavily Barricaded [damage 2]" in render.state_view(g, survivors)


def test_scent_fear_turns_the_barricades_face_up_for_everyone():
    s = given("urban_dead", zones={"barricades:survivors": ["Heavily Barricaded"]})
    s.state.zones["barricades:survivors"].cards[0].face_up = True
    assert "face up or marked: Heavily Barricaded" in render.state_view(s.game, seat(s.game, "zombies"))


def _watched_game(deck, seed, players=2):
    """A seeded bot game that keeps each decision and the labels its chooser read."""
    program = load_program(deck)
    asked = []

    class Watch:
        def __init__(self, inner):
            self.inner, self.trusted, self.name = inner, inner.trusted, inner.name

        def choose(self, game, d):
            asked.append((d.player, d.prompt, list(d.labels)))
            return self.inner.choose(game, d)

        def copy(self):
            return self

    game = Game(program, seed=seed, agents=[Watch(a) for a in bots_for(["random"], seed,
                                                                         players)],
                players=players, log=True)
    game.run()
    return game, asked


def test_the_zombie_player_picks_a_barricade_to_hit_without_reading_it():
    game, asked = _watched_game("urban_dead", 9000)
    asking = "How do the zombies hit the barricades?"
    hits = [labels for who, prompt, labels in asked if prompt == asking]
    assert hits, "the seeded game has a zombie attack on the barricades"
    # each plan: "3 on a card in survivors' barricades #1, 1 on a card in ... #2"
    assert all(part.split(" on ", 1)[1].startswith("a card in survivors' barricades")
               for labels in hits for label in labels for part in label.split(", "))
    zombies = seat(game, "zombies")
    theirs = "\n".join(render.log_lines(game, zombies))
    everything = "\n".join(render.log_lines(game, None))
    assert asking in theirs
    # The omniscient log names the barricades; the zombies read them only once discarded.
    for line in render.log_lines(game, zombies):
        if asking in line:
            assert not named_barricades(line), line
    assert named_barricades(everything)


# --- decisions and the log -------------------------------------------------------------------

def test_a_choice_is_logged_with_its_question_and_the_card_once_it_is_public():
    game = play_one(load_program("example"), 1, 0, 2, ["random"], log=True)
    p1, p2 = game.state.players
    everything = render.log_lines(game, None)
    plays = [i for i, t in enumerate(everything) if " chooses play_" in t]
    assert plays and all(t.endswith("— your move") for t in (everything[i] for i in plays))
    # What another seat read of those lines: the card played, or "a card" from a hand.
    k = plays[0]
    who = p1 if everything[k].startswith("P1") else p2
    other = p2 if who is p1 else p1
    line = render.entry_text(game, game.log[_index_of(game, everything[k])], other)
    assert f"a card in {who.name}'s hand" in line and line.endswith("— your move")


def _index_of(game, text):
    return next(i for i, e in enumerate(game.log) if e.text == text)


def test_a_reaction_waiting_in_a_hand_is_not_announced_to_the_other_player():
    s = given("example", hands={0: ["Oil Can"], 1: ["Counterweight"]})
    s.apply("play_action: Oil Can")
    d = s.decision
    assert d.player.name == "P2" and "Counterweight" in d.prompt
    p1 = s.state.players[0]
    assert render.decision_view(d, p1) == "P2 is deciding"
    s.apply("no")
    assert not any("Counterweight" in t for t in render.log_lines(s.game, p1))
    assert any("Counterweight" in t for t in render.log_lines(s.game, s.state.players[1]))


# --- log lines that tell a card in play from its copies ------------------------------------

def _tagging(setup: str, answer: str, *after: str):
    """P1 has a Tagger (its ability aims at a Thing and says which); P2's area holds a
    Gearbox and two Windmills, the second carrying a Music Box; after ``setup``, P1 tags
    the card ``answer`` names, then runs the lines ``after``."""
    from scenario import TAGGER, repl
    theirs = "area of next_player(you)"
    return repl("example", TAGGER, 'eval create 1 "Tagger" in your area',
                f'eval create 2 "Windmill" in {theirs}', f'eval create 1 "Music Box" in {theirs}',
                f'eval attach top({theirs}) to last(cards in {theirs} where it.name == "Windmill")',
                *(line.format(theirs=theirs) for line in (setup, "tag", answer, *after)))


def test_a_log_line_names_a_host_by_an_attachment_only_as_each_seat_may_read_it():
    proc = _tagging("eval face down top({theirs})", "with a face-down")
    game = proc.game
    p1, p2 = game.state.players
    mine, theirs = render.log_lines(game, p1), render.log_lines(game, p2)
    assert mine[-2:] == ["P1: Tag targeting Windmill (with a face-down card)",
                         "P1: tags Windmill (with a face-down card)"]
    assert theirs[-2:] == ["P1: Tag targeting Windmill (with Music Box)",
                           "P1: tags Windmill (with Music Box)"]
    turned = next(i for i, t in enumerate(mine) if "face down top" in t)
    assert not any("Music Box" in t for t in mine[turned:])


def test_a_face_down_card_aimed_at_is_named_only_to_its_holder():
    proc = _tagging('eval face down first(cards in {theirs} where it.name == "Windmill")',
                    "a face-down card")
    game = proc.game
    p1, p2 = game.state.players
    assert render.log_lines(game, p1)[-2:] == [
        "P1: Tag targeting a face-down card in P2's area",
        "P1: tags a face-down card in P2's area [charge 1]"]     # what is on it: seen by all
    assert render.log_lines(game, p2)[-2:] == ["P1: Tag targeting Windmill",
                                               "P1: tags Windmill"]


def test_a_host_leaving_play_is_told_apart_by_its_attachment_as_each_seat_reads_it():
    from scenario import repl
    theirs = "area of next_player(you)"
    proc = repl("example", f'eval create 2 "Windmill" in {theirs}',
                f'eval create 1 "Music Box" in {theirs}',
                f'eval attach top({theirs}) to last(cards in {theirs} where it.name == "Windmill")',
                f"eval face down top({theirs})",
                f'eval move last(cards in {theirs} where it.name == "Windmill") '
                "to hand of next_player(you)")
    game = proc.game
    p1, p2 = game.state.players
    assert render.log_lines(game, p1)[-2:] == [
        "Windmill (with a face-down card): P2's area → P2's hand",
        "Music Box: P2's area → discard_pile"]          # face up in the pile: seen by all
    assert render.log_lines(game, p2)[-2] == "Windmill (with Music Box): P2's area → P2's hand"


# --- a card that changes where a seat cannot read it -----------------------------------------

def _face_down_windmill(*lines):
    """P2's area holds a Gearbox face up (seed 1) and a Windmill face down; then ``lines``."""
    from scenario import repl
    theirs = "area of next_player(you)"
    return repl("example", f'eval create 1 "Windmill" in {theirs}', f"eval face down top({theirs})",
                *(line.format(theirs=theirs) for line in lines))


def test_a_face_down_card_that_becomes_another_is_named_only_to_its_holder():
    proc = _face_down_windmill('eval transform top({theirs}) into "Gearbox"')
    game = proc.game
    p1, p2 = game.state.players
    assert proc.execute("log 1").text().endswith(
        "  a face-down card in P2's area becomes another card")
    assert render.log_lines(game, p1)[-1] == "a face-down card in P2's area becomes another card"
    assert render.log_lines(game, p2)[-1] == "Windmill becomes Gearbox"
    assert render.log_lines(game, None)[-1] == "Windmill becomes Gearbox"
    assert "\n  area: Gearbox, a face-down card\n" in render.state_view(game, p1)
    assert "\n  area (yours): Gearbox, Gearbox [face down]\n" in render.state_view(game, p2)


def test_a_say_about_a_card_that_became_another_names_it_as_each_seat_reads_it():
    chronicle = '''def card "Chronicle": Thing {
  text "Whenever a card is transformed, say which."
  when transform { say "sees {event.card} change" }
}'''
    proc = _face_down_windmill()
    for line in (chronicle, 'eval create 1 "Chronicle" in your area',
                 'eval transform last(cards in area of next_player(you)) into "Gearbox"'):
        assert proc.execute(line).ok, line
    p1, p2 = proc.game.state.players
    assert render.log_lines(proc.game, p1)[-1] == "P1: sees a face-down card in P2's area change"
    assert render.log_lines(proc.game, p2)[-1] == "P1: sees Gearbox change"


def test_a_card_in_a_hand_that_becomes_another_is_named_only_to_the_hands_holder():
    from scenario import repl
    proc = repl("example", 'eval create 1 "Windmill" in your hand',
                'eval transform top(hand of you) into "Gearbox"')
    p1, p2 = proc.game.state.players
    assert render.log_lines(proc.game, p1)[-1] == "Windmill becomes Gearbox"
    assert render.log_lines(proc.game, p2)[-1] == "a card in P1's hand becomes another card"


def test_a_card_in_the_draw_pile_that_becomes_another_is_named_to_nobody():
    from scenario import repl
    proc = repl("example", 'eval transform top(deck) into "Gearbox"')
    game = proc.game
    for p in game.state.players:
        assert render.log_lines(game, p)[-1] == "a card in deck becomes another card"
    assert render.log_lines(game, None)[-1].endswith(" becomes Gearbox")


def test_a_card_in_a_hand_that_becomes_a_token_ceases_to_exist_unnamed_to_the_others():
    from scenario import repl
    proc = repl("example", 'eval create 1 "Windmill" in your hand',
                'eval transform top(hand of you) into "Tin Soldier"')
    p1, p2 = proc.game.state.players
    assert render.log_lines(proc.game, p1)[-2:] == ["Windmill becomes Tin Soldier",
                                                    "Tin Soldier (token) ceases to exist"]
    assert render.log_lines(proc.game, p2)[-2:] == [
        "a card in P1's hand becomes another card", "a card in P1's hand (token) ceases to exist"]


def test_a_face_down_token_that_leaves_play_ceases_to_exist_named_as_each_seat_read_it():
    proc = _face_down_windmill('eval create 1 "Tin Soldier" in {theirs}',
                               "eval face down top({theirs})", "eval destroy top({theirs})")
    p1, p2 = proc.game.state.players
    assert render.log_lines(proc.game, p1)[-1] == \
        "a face-down card in P2's area (token) ceases to exist"
    assert render.log_lines(proc.game, p2)[-1] == "Tin Soldier (token) ceases to exist"


# --- the REPL: undo stops at your own decisions ---------------------------------------------

def test_undo_never_lands_on_a_bots_decision():
    proc = Processor("example", seed=1)       # P2's bot opens the game: two decisions
    assert proc.who == [1, 1] and proc.session.decision.player.name == "P1"
    assert proc.execute("choose 0").ok
    out = proc.execute("undo 3")
    assert out.ok, out.text()
    assert proc.session.decision.player.name == "P1" and proc.who == [1, 1]
    assert "P1" in proc.prompt()
    assert not proc.execute("undo").ok        # nothing of yours is left to take back


# --- the audit ----------------------------------------------------------------------------

RUNS = [("example", 2, {}), ("dueling_runes", 2, {}), ("dueling_runes", 3, {}),
        ("dueling_runes", 2, {"advanced": True}), ("dveck_builder", 2, {}),
        ("urban_dead", 2, {})]
SOAK = os.environ.get("DECKWRIGHT_SOAK") == "1"


@pytest.mark.parametrize("deck,players,options", RUNS,
                         ids=[f"{d}-{n}p{'-' + ','.join(o) if o else ''}" for d, n, o in RUNS])
def test_no_view_names_a_card_its_seat_may_not_see(deck, players, options):
    program = load_program(deck)
    for seed in (9000, 9001):
        leaks = audit_game(program, seed=seed, players=players, options=options)
        assert leaks == [], "\n".join(map(str, leaks[:5]))


@pytest.mark.slow
@pytest.mark.parametrize("deck,players,options", RUNS,
                         ids=[f"{d}-{n}p{'-' + ','.join(o) if o else ''}" for d, n, o in RUNS])
def test_no_view_names_a_card_its_seat_may_not_see_soak(deck, players, options):
    program = load_program(deck)
    for seed in range(100, 125):
        leaks = audit_game(program, seed=seed, players=players, options=options,
                           thorough=True)
        assert leaks == [], f"seed {seed}:\n" + "\n".join(map(str, leaks[:5]))


@pytest.mark.parametrize("deck,seed,options", [
    ("example", 100, {}),                     # turn 26: "P2 has only one choice: Music Box"
    ("dueling_runes", 101, {"advanced": True}),   # "P2 chooses secretly", then "P2 chose ..."
])
def test_a_chooser_reads_in_the_log_what_it_was_offered(deck, seed, options):
    # A choice with one answer is logged without asking, and a secret choice in two
    # lines: its chooser reads there the cards it was offered (here from another's
    # hand), which is no leak.
    assert audit_game(load_program(deck), seed=seed, players=2, options=options,
                      thorough=True) == []


def test_the_audit_catches_a_view_that_names_a_face_down_card(monkeypatch):
    # The renderer as it was: a zone's cards named to anyone who may read the zone.
    def leaky_zone_line(zone, viewer, name=None):
        if zone.visibility != "hidden" and zone.cards:
            return f"{zone.key}: " + ", ".join(c.name for c in zone.cards)
        return render.zone_line.__wrapped__(zone, viewer, name)
    leaky_zone_line.__wrapped__ = render.zone_line
    monkeypatch.setattr(render, "zone_line", leaky_zone_line)
    leaks = audit_game(load_program("urban_dead"), seed=9000)
    assert leaks and any(named_barricades(" ".join(leak.names)) for leak in leaks)
    assert any(leak.view == "state" and leak.seat == "P2" for leak in leaks)


def test_the_audit_reads_a_card_that_becomes_another_as_each_seat_may():
    # P1 reads a Gearbox face up beside the face-down Windmill: the line that tells P1 the
    # Windmill became a Gearbox names a card P1 reads, but not as the card the line means.
    proc = _face_down_windmill()
    audit = HiddenAudit(proc.game)
    assert proc.execute('eval transform top(area of next_player(you)) into "Gearbox"').ok
    assert audit.leaks == []


def test_the_audit_catches_a_card_that_becomes_another_named_to_a_seat_that_cannot_read_it(
        monkeypatch):
    # The words as they were: the new name said to every seat.
    from deckwright.dsl.engine import cards
    monkeypatch.setattr(cards, "became", lambda card, into: lambda reader: into)
    proc = _face_down_windmill()
    audit = HiddenAudit(proc.game)
    assert proc.execute('eval transform top(area of next_player(you)) into "Gearbox"').ok
    assert [str(leak) for leak in audit.leaks] == [
        "turn 2: P1's log names Gearbox: \"a face-down card in P2's area becomes Gearbox\""]


def test_sim_can_run_under_the_audit(capsys):
    from deckwright.dsl.cli import main
    assert main(["sim", "urban_dead", "--games", "2", "--audit-hidden"]) == 0
    assert "0 errors" in capsys.readouterr().out


def test_a_game_under_the_audit_plays_as_it_would_without(deck="dveck_builder"):
    program = load_program(deck)
    plain = play_one(program, 5, 0, 2, ["random"])
    watched = play_one(program, 5, 0, 2, ["random"], audit=True)
    assert watched.decisions == plain.decisions
    assert watched.state.state_hash() == plain.state.state_hash()
    assert watched.hidden_leaks == []


def test_the_audit_reads_every_seat():
    game = Game(load_program("example"), seed=3, agents=bots_for(["random"], 3, 2), log=True)
    audit = HiddenAudit(game)
    game.run()
    audit.look(None)
    assert audit.leaks == [] and len(game.log) > 10
