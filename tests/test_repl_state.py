"""`state` fits a screen: zones named by their player or side, alike cards grouped, the
rules' own variables and the other players' empty zones left out of a seat's view (issue
"The designer's workbench"). Exact text, as the user reads it."""
from deckwright.dsl.loader import load_program
from deckwright.repl.commands import Processor


def state(deck: str, *commands: str, seed: int = 2, what: str = "state") -> str:
    proc = Processor(deck, seed=seed)
    for c in commands:
        proc.execute(c)
    return proc.execute(what).text()


def test_a_seat_sees_its_own_zones_by_name_and_the_others_without_their_empty_ones():
    out = state("example", seed=1)
    assert out.splitlines()[1:9] == [
        "P1 (you): gears 0",
        "  hand (yours): Shield Generator, Oversized Satchel, Music Box, Magnet, "
        "Spring Cleaning, Spring Press",
        "  area (yours): —",
        "  resolving (yours): —",
        "P2: gears 0",
        "  hand: 4 cards",
        "  area: Gearbox",
        "table:",
    ]


def test_alike_cards_are_counted_once_and_runs_keep_a_piles_order():
    out = state("dveck_builder", "auto 6")
    assert "\n  blue_shards: Blue Shard ×27 (top last)\n" in out
    assert "\n  hand (yours): Blue Shard ×2, Red Shard ×2, Refine\n" in out
    assert ("\n  discard_pile (yours): Gold Shard, Red Shard, Blue Shard ×2, Red Shard, "
            "Gold Shard, Windfall, Overtime, Blue Shard ×2, Gold Shard, Fool's Gold "
            "(top last)\n") in out


def test_the_rules_bookkeeping_is_shown_only_in_the_view_of_everything():
    mine = state("dueling_runes", "auto 6")
    assert "\n  vitality = 12\n" in mine                 # `var vitality ...: shown`
    assert "fresh =" not in mine and "cast_target" not in mine
    everything = state("dueling_runes", "auto 6", what="state all")
    assert "\n  fresh = " in everything and "cast_target = " in everything


def test_a_sides_zones_are_listed_under_the_side_with_its_players():
    out = state("urban_dead", "auto 6")
    assert "\nsurvivors (P1):\n  deck: 50 cards\n" in out
    assert "\nzombies (P2):\n  deck: 17 cards\n  discard_pile: Neck Lurch," in out
    assert "barricades" not in out.split("zombies (P2):")[1]   # the other side's empty zones


def test_the_log_names_zones_by_their_player_or_side():
    proc = Processor("urban_dead", seed=2)
    log = proc.execute("log all").text()
    assert "Cop: survivors' deck → P1's hand" in log
    assert "a card: zombies' deck → P2's hand" in log
    assert "survivors' deck shuffled" in log


def test_a_multiple_choice_says_how_many_in_words_with_an_answer_that_works():
    from deckwright.repl.render import multi_hint
    assert multi_hint(2, 2, 5) == "pick exactly 2: `choose 0 1`"
    assert multi_hint(0, 1, 2) == "pick up to 1: `choose 0`, or `choose none`"
    assert multi_hint(1, 3, 4) == "pick 1 to 3: `choose 0 1`"
    proc = Processor("example", seed=1)
    proc.execute("play_action: Spring Cleaning")
    shown = proc.execute("options").text()
    assert shown.endswith("\n  [4] Spring Press\n  pick exactly 2: `choose 0 1`")
    assert proc.execute("choose 0 1").ok              # the example is a valid answer


def test_options_show_the_facts_a_player_chooses_by():
    # `property rank = 0: shown`, `property suits = []: shown` in the Decktet deck
    runes = Processor("dueling_runes", seed=3)
    assert ("\n  [0] The Forest (rank 5, suits Moons/Leaves)\n"
            "  [1] The End (rank 12, suits Leaves)\n") in runes.execute("options").text()
    # `property health = 0: shown`, `attack`: a card without them shows nothing
    dead = Processor("urban_dead", seed=3)
    dead.execute("auto 2")
    shown = dead.execute("options").text()
    assert "\n  [2] play_thing: Private (health 5, attack 2)\n" in shown
    assert "\n  [1] play_thing: NecroTech Building\n" in shown


def test_facts_are_shown_only_of_cards_the_chooser_may_read():
    proc = Processor("urban_dead", seed=3)
    proc.execute("auto 2")
    other = proc.game.state.players[1]
    from deckwright.repl.render import decision_view
    assert "(health" not in decision_view(proc.session.decision, other, proc.game)


def test_options_text_shows_each_offered_cards_printed_text_under_it():
    proc = Processor("urban_dead", seed=1)
    shown = proc.execute("options text").text()
    assert ("\n  [3] play_thing: Kitchen Knife (attack 2)\n"
            "        “Equipable. The holder kills two zombies.”\n"
            "  [4] play_thing: Pistol (attack 3)\n"
            "        “Equipable, 3 uses. The holder kills three zombies.”\n") in shown
    assert shown.endswith("\n  [6] pass")                  # no card, no text
    assert "“" not in proc.execute("options").text()         # only when asked
    assert proc.execute("options texts").text() == (
        "error: options takes `text` (each card's printed text under it) or nothing, "
        "not `texts`")


def test_options_text_shows_no_text_of_a_card_chosen_blind():
    from deckwright.dsl.engine.game import Game
    from deckwright.dsl.sim import bots_for
    from deckwright.repl.render import decision_view
    seen = []

    class Looking:
        def __init__(self, inner):
            self.inner, self.trusted, self.name = inner, inner.trusted, inner.name

        def choose(self, game, d):
            if d.prompt == "How do the zombies hit the barricades?":
                seen.append(decision_view(d, d.player, game, texts=True))
            return self.inner.choose(game, d)

        def copy(self):
            return self

    Game(load_program("urban_dead"), seed=9000, log=True,
         agents=[Looking(a) for a in bots_for(["random"], 9000, 2)]).run()
    assert seen, "the seeded game has a zombie attack on the barricades"
    assert all("a card in survivors' barricades" in v and "“" not in v for v in seen)


def _move_decisions(deck: str, games: int):
    """Every `your move` decision of seeded random games, as the chooser reads it."""
    from deckwright.dsl.agents import RandomAgent
    from deckwright.dsl.engine.game import Game
    found = []

    class Looking(RandomAgent):
        def choose(self, game, decision):
            if decision.kind == "move":
                found.append(list(decision.labels))
            return super().choose(game, decision)
    program = load_program(deck)
    for i in range(games):
        Game(program, seed=i, agents=[Looking(2 * i), Looking(2 * i + 1)]).run()
    return found


def test_abilities_of_attached_cards_name_their_host_and_alike_ones_are_numbered():
    seen = _move_decisions("dveck_builder", 6)
    labels = [l for ls in seen for l in ls]
    assert any(l.startswith("Cutlass on ") and l.endswith(": Slash") for l in labels)
    moves = set(load_program("dveck_builder").moves) | {"pass"}
    for ls in seen:                  # every ability offered reads apart from the others
        abilities = [l for l in ls if l.split(":")[0] not in moves]
        assert len(abilities) == len(set(abilities)), abilities


# --- a card that differs from its copies is shown on its own, with what makes it differ ------

THEIRS = "area of next_player(you)"


def _windmills(*more: str) -> Processor:
    """P2's area: a Gearbox and three Windmills, the last with a Music Box attached."""
    proc = Processor("example", seed=1)
    for line in (f'eval create 3 "Windmill" in {THEIRS}', f'eval create 1 "Music Box" in {THEIRS}',
                 f'eval attach top({THEIRS}) to last(cards in {THEIRS} where it.name == "Windmill")',
                 *more):
        assert proc.execute(line).ok, line
    return proc


def zone_of(view: str, player: str) -> str:
    """A player's `area` line in a state view."""
    lines = view.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(player))
    return next(line for line in lines[start:] if line.startswith("  area"))


def test_a_host_is_shown_apart_from_its_copies_with_what_it_carries():
    out = _windmills().execute("state").text()
    assert zone_of(out, "P2") == ("  area: Gearbox, Windmill ×2, Windmill (with Music Box), "
                                  "Music Box [on Windmill]")      # not "Windmill ×3"


def test_a_host_shows_an_attachment_lying_face_down_as_each_seat_may_read_it():
    from deckwright.repl.render import state_view
    proc = _windmills(f"eval face down top({THEIRS})")
    assert zone_of(proc.execute("state").text(), "P2") == (
        "  area: Gearbox, Windmill ×2, Windmill (with a face-down card), "
        "a face-down card [on Windmill]")
    assert zone_of(state_view(proc.game, proc.game.state.players[1]), "P2 (you)") == (
        "  area (yours): Gearbox, Windmill ×2, Windmill (with Music Box), "
        "Music Box [on Windmill, face down]")


def test_cards_with_counters_or_turned_are_each_shown_on_their_own():
    proc = Processor("example", seed=1)
    for line in ('eval create 4 "Spring Press" in your area', "eval put 2 charge on top(your area)",
                 "eval put 2 charge on first(cards in your area)",
                 "eval turn last(cards in your area where charge on it == 0) sideways"):
        assert proc.execute(line).ok, line
    assert zone_of(proc.execute("state").text(), "P1") == (
        "  area (yours): Spring Press [charge 2], Spring Press, Spring Press [sideways], "
        "Spring Press [charge 2]")                          # not "Spring Press [charge 2] ×2"
