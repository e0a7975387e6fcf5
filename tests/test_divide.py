"""`divide N among TARGETS ... as T, S { ... }`: an amount shared out in one decision whose
options are whole plans, labelled as the chooser may see the targets (docs/language.md §8,
"Choices"). The seed rule it was made for is Urban Dead's zombie attack (its scenarios in
decks/urban_dead.test.deck); here, a small siege deck of walls played face down."""
import doctest

import pytest
from hypothesis import given, settings, strategies as st

from deckwright.dsl.engine import divide
from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_program, load_text
from deckwright.dsl.sim import simulate
from deckwright.repl.render import log_lines
from scenario import arranged, play, scenario_deck

SIEGE = '''
counter damage
zone walls: per player, private, in play
card "Gate": Thing { text "A gate." }
card "Tower": Thing { text "A tower." }
card "Storm": Action {
  text "Deal 3 damage among the other player's walls, at most 1 each; a Tower takes 2 a damage."
  effect {
    divide 3 among cards in walls of next_player(you) prompt "Storm the walls" \\
        paying 2 for cards named "Tower" in walls of next_player(you) at most 1 as w, k {
      put k damage on w
    }
  }
}
card "Ram": Action {
  text "Deal 4 among the other player's walls: 3 a damage to a Tower, 2 to anything else."
  effect {
    divide 4 among cards in walls of next_player(you) prompt "Ram the walls" \
        paying 3 for cards named "Tower" in walls of next_player(you) paying 2 as w, k {
      put k damage on w
    }
  }
}
card "Siege Engine": Action {
  text "Deal 12 damage among the other player's walls."
  effect {
    divide 12 among cards in walls of next_player(you) prompt "Batter the walls" as w, k {
      put k damage on w
    }
  }
}
'''


@pytest.fixture(scope="module")
def siege():
    return scenario_deck(SIEGE, 'game "Siege" extends "dvorak"\n')


def storming(siege, walls='"Gate", "Gate", "Tower"', card="Storm"):
    s = arranged(siege, f'''
        hand of P1: "{card}"
        walls of P2: {walls}
    ''')
    play(s, f"play_action: {card}")
    return s


def test_the_options_are_the_full_plans_with_face_down_targets_told_apart_by_place(siege):
    s = storming(siege)
    assert s.decision.prompt == "Storm the walls"
    # 3 to share, at most 1 each, the Tower 2 a damage: "1 on each Gate" leaves one
    # over that could buy nothing more, so it is full; "1 on the Tower" alone is not
    assert s.decision.labels == [
        "1 on a card in P2's walls #1, 1 on a card in P2's walls #2",
        "1 on a card in P2's walls #1, 1 on a card in P2's walls #3",
        "1 on a card in P2's walls #2, 1 on a card in P2's walls #3"]


def test_the_player_holding_the_targets_reads_the_plan_with_their_names(siege):
    s = storming(siege)
    p2 = s.state.players[1]
    d = s.decision
    assert d._labeler(d.values, p2, False) == [
        "1 on Gate #1, 1 on Gate #2", "1 on Gate #1, 1 on Tower", "1 on Gate #2, 1 on Tower"]
    play(s, "1 on a card in P2's walls #1, 1 on a card in P2's walls #3")
    p1 = s.state.players[0]
    mine = [t for t in log_lines(s.game, p1) if "Storm the walls" in t]
    theirs = [t for t in log_lines(s.game, p2) if "Storm the walls" in t]
    assert mine == ["P1 chooses 1 on a card in P2's walls #1, 1 on a card in P2's walls #3 "
                    "— Storm the walls (Storm)"]
    assert theirs == ["P1 chooses 1 on Gate #1, 1 on Tower — Storm the walls (Storm)"]


def test_alike_targets_are_told_apart_by_what_is_attached_to_them():
    # Urban Dead: the zombies strike back at two Privates, one of them carrying a Pistol
    s = arranged("urban_dead", """
        fighters of survivors: "Private" (called armed), "Private", "Pistol" (2 uses, attached to armed)
        horde of P2 = 6
    """)
    play(s, "pass", "Attack the horde", (0, 1), (1,), "yes", "2")
    assert s.decision.prompt == "How do the zombies strike the attackers?"
    assert s.decision.labels == ["2 on Private (with Pistol)",
                                 "1 on Private (with Pistol), 1 on Private", "2 on Private"]
    play(s, "1 on Private (with Pistol), 1 on Private")
    assert log_lines(s.game, s.state.players[0])[-1] == (
        "P2 chooses 1 on Private (with Pistol), 1 on Private — How do the zombies strike the "
        "attackers?")


def test_the_chosen_plan_runs_the_block_once_for_each_target_given_a_share(siege):
    s = storming(siege)
    play(s, "1 on a card in P2's walls #2, 1 on a card in P2's walls #3")
    gate1, gate2, tower = s.state.zones["walls:1"].cards
    assert "damage" not in gate1.counters
    assert gate2.counters["damage"] == 1 and tower.counters["damage"] == 1


def test_the_first_paying_that_holds_prices_a_share_and_one_without_for_holds_for_all(siege):
    s = storming(siege, walls='"Gate", "Tower"', card="Ram")
    d = s.decision
    # a Gate 2 a damage, the Tower 3: "1 on Gate" leaves 2, enough for one more on it
    assert d._labeler(d.values, s.state.players[1], False) == ["2 on Gate", "1 on Tower"]


def test_a_division_with_one_full_plan_is_not_asked_but_logged(siege):
    s = storming(siege, walls='"Gate"')
    assert s.decision.prompt == "your move"
    assert s.state.zones["walls:1"].cards[0].counters["damage"] == 1
    assert any("P1 has only one choice: 1 on a card in P2's walls — Storm the walls" in t
               for t in log_lines(s.game, s.state.players[0]))


def test_more_plans_than_the_limit_are_decided_a_target_at_a_time(siege):
    s = storming(siege, walls='"Gate", "Gate", "Gate"', card="Siege Engine")
    # 12 among 3: 91 plans, more than PLAN_LIMIT: how much on the first wall?
    assert divide.PLAN_LIMIT == 60
    assert s.decision.labels == [f"{n} on a card in P2's walls #1" for n in range(12, -1, -1)]
    play(s, "5 on a card in P2's walls #1")
    # 7 left among two: 8 plans, offered whole
    assert s.decision.labels == [
        f"5 on a card in P2's walls #1, {a} on a card in P2's walls #2, "
        f"{7 - a} on a card in P2's walls #3" if 0 < a < 7 else
        f"5 on a card in P2's walls #1, 7 on a card in P2's walls #{2 if a else 3}"
        for a in range(7, -1, -1)]
    play(s, "5 on a card in P2's walls #1, 4 on a card in P2's walls #2, "
            "3 on a card in P2's walls #3")
    assert [c.counters["damage"] for c in s.state.zones["walls:1"].cards] == [5, 4, 3]


@pytest.mark.parametrize("bot", ["random", "first", "greedy"])
def test_bots_pick_among_plans_to_the_end_of_urban_dead(bot):
    report = simulate(load_program("urban_dead"), games=20, seed=14, bots=[bot])
    assert report["failures"] == [] and report["finished"] == 20


def test_the_engine_module_examples_hold():
    assert doctest.testmod(divide).failed == 0


# --- misuse, reported where it is written ----------------------------------------------

BAD = 'game "Bad" extends "dvorak"\ncounter damage\naction hit() {\n  '


def refusals(statement: str) -> list:
    with pytest.raises(DeckError) as err:
        load_text(BAD + statement + "\n}\n", "bad.deck")
    return [(d.code, d.message, d.hint) for d in err.value.diagnostics]


@pytest.mark.parametrize("statement, expected", [
    ('divide "three" among cards in your hand as c, n { pass }',
     ("type", "what `divide` shares out must be a number, not a text", None)),
    ("divide 3 among 4 as c, n { pass }",
     ("type", "what `divide` shares out among must be cards or players or a zone or a list, "
      "not a number", None)),
    ("divide 3 among cards in your hand as c, c { pass }",
     ("divide-names", "`as c, c`: the target and its share need two names",
      "for example `as c, amount`")),
    ("divide 3 among cards in your hand paying 0 as c, n { pass }",
     ("divide-cost", "a share costs at least 1, not 0",
      "leave out `paying` where a share costs 1")),
    ("divide 3 among cards in your hand paying it.name as c, n { pass }",
     ("type", "what one share costs must be a number, not a text", None)),
    ("divide 3 among cards in your hand paying 2 for 5 as c, n { pass }",
     ("type", "what a `paying` is for must be cards or players or a zone or a list, not a number",
      None)),
    ("divide 3 among cards in your hand at most true as c, n { pass }",
     ("type", "the most one target takes must be a number, not a condition (true or false)",
      None)),
    ("divide 3 among cards in your hand by 2 as c, n { pass }",
     ("type", "who divides must be a player, not a number", None)),
    ("divide 3 among cards in your hand as c { pass }",
     ("syntax", "`divide` names each target and its share after `as`: "
      "`divide 3 among cards in your hand as c, n { ... }`", "expected `,`")),
])
def test_a_misused_divide_is_refused_with_what_was_wrong(statement, expected):
    assert refusals(statement) == [expected]


def test_a_refused_divide_points_at_the_spot():
    with pytest.raises(DeckError) as err:
        load_text(BAD + "divide 3 among cards in your hand paying 0 as c, n { pass }\n}\n",
                  "bad.deck")
    assert str(err.value) == (
        "bad.deck:4:44: error: a share costs at least 1, not 0\n"
        "    4 |   divide 3 among cards in your hand paying 0 as c, n { pass }\n"
        "      |                                            ^\n"
        "  hint: leave out `paying` where a share costs 1")


class _Bot:
    """A game of quick bots, which answers each decision with a fixed list of picks, by
    number, and keeps no log."""
    logging = False

    def __init__(self, picks):
        self.picks, self.asked = list(picks), []

    def ask_quick(self, player, kind, n):
        self.asked.append(n)
        return self.picks.pop(0) % n if self.picks else n - 1


@settings(max_examples=300, deadline=None)
@given(amount=st.integers(0, 14),
       targets=st.lists(st.tuples(st.integers(1, 3), st.one_of(st.none(), st.integers(0, 5))),
                        max_size=6),
       picks=st.lists(st.integers(0, 200), max_size=8))
def test_a_quick_bot_gets_the_plan_it_would_pick_from_the_listed_options(amount, targets, picks):
    # What `sim` does (the plan found from the counts, no plan listed) is, option for
    # option, what asking each decision does: the same number of options each time, and
    # the same plan in the end.
    names = [f"T{i}" for i in range(len(targets))]
    costs, mosts = [c for c, _ in targets], [m for _, m in targets]
    bot = _Bot(picks)
    quick = divide.Division(bot, "P1", amount, names, costs, mosts, "hit", None)
    quick.decide_quickly()
    asked, bot.asked, bot.picks = bot.asked, [], list(picks)
    listed = divide.Division(bot, "P1", amount, names, costs, mosts, "hit", None)
    while (d := listed.next_decision()) is not None:
        listed.take(bot.ask_quick("P1", "divide", len(d.values)))
    assert asked == bot.asked
    assert quick.given() == listed.given()
