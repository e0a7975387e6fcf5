"""Dueling Runes: what its scenarios cannot say, and whole games.

The rules that read as a rule book's example are scenarios in
decks/dueling_runes.test.deck: the deal, picks and the sequence, energy, resolution
order and ties, every basic and advanced spell, Counter Spell and Magic Mirror, Haste's
mini-turns, solitaire. What stays here: where the Excuse lies in the draw pile (a scenario
reads only a zone's top cards), how many cards a sequence holds at every moment of a turn
(not only at a decision or a named point), and seeded bot games of every variant.
"""
import pytest

from deckwright.dsl.agents import RandomAgent
from deckwright.dsl.engine import Game
from deckwright.dsl.invariants import assert_invariants
from deckwright.dsl.loader import load_program
from deckwright.dsl.session import Session
from tests.scenario import given, hand, names, play

DECK = "dueling_runes"
# Rune-less padding for the draw pile: Aces of energy suits, so draws never add activation.
FILLER = ["Ace of Leaves", "The Origin", "The Sailor", "The Mill", "Ace of Waves"] * 4


def duel(hands, seqs=None, deck=None, options=None):
    zones = {f"sequence:{seat}": cards for seat, cards in (seqs or {}).items()}
    return given(DECK, players=2, hands=hands, zones=zones,
                 deck_cards=FILLER if deck is None else deck, options=options)


def picks(s, *cards):
    """Everyone picks their card for this turn, seat by seat, checking who is asked."""
    for seat, card in enumerate(cards):
        d = s.decision
        assert d is not None and d.player.index == seat and "Choose your card" in d.prompt, \
            d.describe() if d else "the game is over"
        play(s, card)


# --- the Excuse --------------------------------------------------------------------------

def test_setup_puts_the_excuse_around_the_middle_of_the_draw_pile():
    s = Session(load_program(DECK), seed=5, players=2)
    deck = names(s, "deck")
    assert len(deck) == 31
    assert 10 <= deck.index("The Excuse") <= 21
    s.close()


def test_the_excuse_drawn_goes_back_around_the_middle_never_on_top():
    s = duel({0: ["Ace of Suns", "Ace of Leaves", "The Origin", "The Sailor"],
              1: ["Ace of Waves", "The Mill", "The Origin", "The Sailor"]},
             deck=["The Excuse"] + FILLER,
             seqs={1: ["The Origin", "The Sailor", "The Mill"]})
    picks(s, "Ace of Suns", "Ace of Waves")
    # P1 drew the Excuse: the rest of the pile and the discard pile were shuffled
    # together, the Excuse went back, not on top, and P1 drew a replacement.
    assert "The Excuse" not in hand(s, 0) and len(hand(s, 0)) == 5
    deck = names(s, "deck")
    assert "The Excuse" in deck and deck[-1] != "The Excuse"
    assert 6 <= len(deck) - 1 - deck.index("The Excuse") <= 12   # around the middle


# --- the spell sequence's limit ----------------------------------------------------------

@pytest.mark.parametrize("options,most,left", [
    ({}, 4, 3),                                   # 3 at the end of a turn, 4 while casting
    ({"keep": 4}, 4, 4),                          # 4 at all times
    ({"cast_keep": 3}, 3, 3),                     # 3 at all times
])
def test_the_sequence_limit_readings_hold_while_spells_are_cast(options, most, left):
    s = duel({0: ["Ace of Suns", "Ace of Leaves"], 1: ["Ace of Waves", "The Mill"]},
             seqs={0: ["The Origin", "The Sailor", "The Mill", "Ace of Waves"][-left:]},
             options=options)
    sizes = []
    write = s.game.write

    def watch(text, *a, **kw):            # what the table holds as each line is written
        if "→ P1's sequence" not in text:   # (but the instant a card arrives, before trim)
            sizes.append(len(s.state.zones["sequence:0"].cards))
        return write(text, *a, **kw)
    s.game.write = watch
    picks(s, "Ace of Suns", "Ace of Waves")
    assert max(sizes) == most and len(names(s, "sequence:0")) == left


# --- whole games ----------------------------------------------------------------------------

VARIANTS = {
    "basic": {},
    "sequence-4": {"keep": 4},
    "advanced": {"advanced": True},
    "solitaire": {"solitaire": True, "handicap": 4},
    "handicap": {"handicap": 3},
}


def run_games(options, games, seed, players=2):
    from deckwright.dsl.sim import simulate
    return simulate(load_program(DECK), games=games, seed=seed, players=players,
                    options=options, observer=assert_invariants)


def test_a_six_player_game_runs_to_the_end():
    game = Game(load_program(DECK), seed=11, players=6,
                agents=[RandomAgent(100 + k) for k in range(6)], observer=assert_invariants)
    result = game.run()
    assert result["reason"] in ("last wizard standing", "no wizard left")
    alive = [p for p in game.state.players if p.alive]
    assert len(alive) <= 1 and result["winners"] == [p.name for p in alive]


def test_a_solitaire_game_runs_to_the_end():
    game = Game(load_program(DECK), seed=12, players=2, options={"solitaire": True},
                agents=[RandomAgent(1), RandomAgent(2)], observer=assert_invariants)
    result = game.run()
    assert result["reason"] in ("last wizard standing", "no wizard left")
    assert game.state.zones["hand:1"].cards == []      # the random wizard never held a hand


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_seeded_bot_games_of_each_variant_finish(variant):
    report = run_games(VARIANTS[variant], games=30, seed=500)
    assert report["failures"] == [] and report["finished"] == 30


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_multiplayer_bot_games_finish(players):
    report = run_games({"advanced": players % 2 == 0}, games=6, seed=900, players=players)
    assert report["failures"] == [] and report["finished"] == 6


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_soak_1000_games_of_each_variant(variant):
    report = run_games(VARIANTS[variant], games=1000, seed=7000)
    assert report["failures"] == [] and report["finished"] == 1000
    assert report["wins"] or report["draws"]


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 6])
def test_soak_multiplayer(players):
    report = run_games({}, games=200, seed=8000, players=players)
    assert report["failures"] == [] and report["finished"] == 200
