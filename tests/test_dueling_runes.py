"""Dueling Runes, rule by rule: given cards and health → these picks → this outcome.

The rules that read as a rule book's example are scenarios in
decks/dueling_runes.test.deck (picks, the sequence, energy, resolution order, the basic
spells, Amnesia, Confusion, the handicap); these are the rest.

Each test arranges hands and spell sequences (oldest card first), then answers the game's
decisions in the order it asks them, checking who is asked what.
"""
import os

import pytest

from deckwright.dsl.agents import RandomAgent
from deckwright.dsl.engine import Game
from deckwright.dsl.invariants import assert_invariants
from deckwright.dsl.loader import load_program
from deckwright.dsl.session import Session
from tests.scenario import given, hand, names, play, res

DECK = "dueling_runes"
# Rune-less padding for the draw pile: Aces of energy suits, so draws never add activation.
FILLER = ["Ace of Leaves", "The Origin", "The Sailor", "The Mill", "Ace of Waves"] * 4


def duel(hands, seqs=None, health=None, deck=None, players=2, options=None, seed=1):
    zones = {f"sequence:{seat}": cards for seat, cards in (seqs or {}).items()}
    return given(DECK, players=players, hands=hands, zones=zones,
                 deck_cards=FILLER if deck is None else deck,
                 res={seat: {"health": h} for seat, h in (health or {}).items()},
                 options=options, seed=seed)


def ask(s, prompt, choice, seat=None):
    """Answer the pending decision, checking it is the one the rules should ask now."""
    d = s.decision
    assert d is not None, "the game is over"
    assert prompt.lower() in d.prompt.lower(), f"expected `{prompt}`, got:\n{d.describe()}"
    if seat is not None:
        assert d.player.index == seat, f"expected P{seat + 1} to decide:\n{d.describe()}"
    play(s, choice)


def pending(s):
    return (s.decision.player.index, s.decision.prompt) if s.decision else None


def health(s, seat):
    return res(s, seat, "health")


def seq(s, seat):
    return names(s, f"sequence:{seat}")


def marks(s, seat):
    return set(s.state.players[seat].marks)


def pvar(s, seat, name):
    return s.state.players[seat].vars.get(name)


def picks(s, *cards):
    """Everyone picks their card for this turn, seat by seat."""
    for seat, card in enumerate(cards):
        if card is not None:
            ask(s, "Choose your card", card, seat)


def respond(s, seat, choice, question="Respond to"):
    """The response window: ``seat`` is asked (it holds a legal response) what it does."""
    ask(s, question, choice, seat)


def cast(s, seat, spell, runes=None, target=None):
    ask(s, "Cast a spell", (spell,) if spell else (), seat)
    if runes is not None:
        ask(s, "Spend which", tuple(runes), seat)
    if target is not None:
        ask(s, "Target whom", target, seat)


# --- set-up ------------------------------------------------------------------------------

def test_setup_deals_five_each_with_the_excuse_in_the_middle_and_twelve_health():
    s = Session(load_program(DECK), seed=5, players=2)
    st = s.state
    deck = st.zones["deck"].cards
    assert len(deck) + 10 == 41                       # 36 basic cards + 4 Pawns + the Excuse
    assert "The Excuse" in [c.name for c in deck]
    assert 10 <= [c.name for c in deck].index("The Excuse") <= 21   # around the middle
    assert not [c for c in st.cards.values() if s.game.defs[c.name].types & {"Court"}]
    assert len(hand(s, 0)) == len(hand(s, 1)) == 5
    assert health(s, 0) == health(s, 1) == 12
    assert len(names(s, "spellbook")) == 12           # the basic spells only
    s.close()


# --- the turn: secret picks, reveal, the spell sequence ------------------------------------

def test_each_energy_rune_powers_one_spell_a_turn_and_a_card_can_cast_several():
    # The Harvest (Moons, Suns, Leaves) is a Pawn; The Watchman (Moons, Wyrms, Knots)
    # activates a Moon, a Wyrm and a Knot spell in one turn, with disjoint energy.
    s = duel({0: ["The Watchman", "Ace of Leaves"], 1: ["The Mill", "Ace of Waves"]},
             seqs={0: ["Ace of Suns", "The Discovery"]})
    picks(s, "The Watchman", "The Mill")
    cast(s, 0, "Resist Cold", ["Ace of Suns"])        # Moon phase: one Sun...
    ask(s, "Cast a spell", ("Fire Ball",), 0)          # Wyrm phase: the other Sun is left
    assert health(s, 1) == 11
    assert s.decision.labels == ["Invisibility", "Confusion"]   # no Sun left for Haste
    ask(s, "Cast a spell", (), 0)


# --- resolution order ----------------------------------------------------------------------

def test_tied_wizards_choose_their_targets_secretly():
    s = duel({0: ["The Cave", "Ace of Leaves"], 1: ["The Cave", "Ace of Leaves"],
              2: ["The Mill", "Ace of Leaves"]}, players=3)
    picks(s, "The Cave", "The Cave", "The Mill")
    ask(s, "Cast a spell", ("Hit",), 0)
    assert s.decision.secret and s.decision.prompt == "Target whom?"
    assert s.decision.labels == ["P2", "P3"]
    ask(s, "Target whom", "P3", 0)
    public = [e.text for e in s.game.log if e.secret_for is None]
    assert not any("chooses P3" in t for t in public)
    cast(s, 1, "Hit", target="P3")
    assert health(s, 2) == 10                          # both hit P3 at the same time


# --- the basic spells -----------------------------------------------------------------------

def test_shield_stops_hit_drain_and_confusion_this_turn_but_not_fire():
    s = duel({0: ["The Author", "Ace of Leaves"], 1: ["The Savage", "Ace of Leaves"]})
    picks(s, "The Author", "The Savage")
    cast(s, 0, "Shield")
    cast(s, 1, "Drain")
    assert (health(s, 0), health(s, 1)) == (12, 12)
    cast(s, 0, None)                                   # P1's Knot: no spell
    assert "shielded" not in marks(s, 0)               # gone at the end of the turn
    s = duel({0: ["Ace of Moons", "Ace of Leaves"], 1: ["The Battle", "Ace of Leaves"]})
    picks(s, "Ace of Moons", "The Battle")
    cast(s, 0, "Shield")
    cast(s, 1, "Hit")
    cast(s, 1, "Confusion", target="P1")
    assert health(s, 0) == 12 and not pvar(s, 0, "confused")
    s = duel({0: ["Ace of Moons", "Ace of Leaves"], 1: ["The Desert", "Ace of Leaves"]})
    picks(s, "Ace of Moons", "The Desert")
    cast(s, 0, "Shield")
    cast(s, 1, "Fire Ball")
    assert health(s, 0) == 11


def test_ice_bolt_costs_as_many_health_as_waves_unless_resisting_cold():
    s = duel({0: ["The Darkness", "Ace of Leaves"], 1: ["The Mill", "Ace of Waves"]},
             seqs={0: ["Ace of Waves"]})
    picks(s, "The Darkness", "The Mill")
    cast(s, 0, "Ice Bolt", ["Ace of Waves", "The Darkness"])
    assert health(s, 1) == 10


def test_haste_gives_a_mini_turn_that_resolves_before_everyone_elses_card():
    s = duel({0: ["The Painter", "Ace of Wyrms", "The Desert", "Ace of Leaves"],
              1: ["The Mill", "The Sailor", "Ace of Waves", "The Origin"]})
    picks(s, "The Painter", "The Mill")
    cast(s, 0, "Haste", target="P1")                  # one Sun: one hasted turn, from next
    assert pvar(s, 0, "haste_left") == 1
    # Next turn: P1 alone picks and resolves first...
    ask(s, "Choose your card", "Ace of Wyrms", 0)
    cast(s, 0, "Hit")
    assert health(s, 1) == 11
    # ...then everyone picks as usual (P1 a second card).
    picks(s, "The Desert", "The Sailor")
    cast(s, 0, "Fire Ball", ["The Painter", "The Desert"])
    assert health(s, 1) == 9
    assert pvar(s, 0, "haste_left") == 0
    picks(s, "Ace of Leaves", "Ace of Waves")          # the turn after: no mini-turn


def test_invisibility_starts_next_turn_for_as_many_turns_as_waves():
    s = duel({0: ["The Light Keeper", "The Desert", "Ace of Leaves", "The Origin"],
              1: ["The Mill", "The Penitent", "The Penitent", "Ace of Leaves"]},
             players=2)
    picks(s, "The Light Keeper", "The Mill")
    ask(s, "Cast a spell", ("Invisibility",), 0)
    ask(s, "Target whom", "P1", 0)
    assert "invisible" in marks(s, 0)
    picks(s, "The Desert", "The Penitent")
    ask(s, "Cast a spell", ("Fire Ball",), 1)          # P2 finds no one to target...
    ask(s, "Cast a spell", ("Hit",), 0)                # ...while P1 may still target P2
    assert health(s, 0) == 12 and health(s, 1) == 11
    picks(s, "Ace of Leaves", "The Penitent")
    assert "invisible" not in marks(s, 0)


def test_invisibility_protects_this_turn_from_knot_spells_of_equal_or_lower_rank():
    s = duel({0: ["The Castle", "Ace of Leaves"], 1: ["The Castle", "Ace of Leaves"]},
             seqs={0: ["Ace of Waves"]})
    picks(s, "The Castle", "The Castle")
    cast(s, 0, "Invisibility", target="P1")            # rank 7 ...
    cast(s, 1, "Confusion", target="P1")               # ... tied rank 7: protected
    assert not pvar(s, 0, "confused")


def test_face_down_cards_leave_the_sequence_normally():
    s = duel({0: ["The Merchant", "Ace of Leaves", "The Origin"],
              1: ["Ace of Suns", "Ace of Leaves", "The Sailor"]},
             seqs={1: ["The Mill", "Ace of Waves"]})
    picks(s, "The Merchant", "Ace of Suns")
    cast(s, 0, "Amnesia", target="P2")
    ask(s, "Turn which", "The Mill", 0)
    picks(s, "Ace of Leaves", "Ace of Leaves")
    assert seq(s, 1) == ["Ace of Waves", "Ace of Suns", "Ace of Leaves"]
    assert "The Mill" in names(s, "discard_pile")


# --- Counter Spell and Magic Mirror -------------------------------------------------------

def test_counter_spell_from_the_hand_stops_counterable_spells_on_its_target_all_turn():
    # P2 holds a Moon card and a Knot card: it may answer P1's Confusion with Counter Spell.
    s = duel({0: ["The Watchman", "Ace of Leaves"],
              1: ["Ace of Moons", "Ace of Knots", "Ace of Leaves", "The Savage"]},
             seqs={0: ["Ace of Leaves"]})
    picks(s, "The Watchman", "Ace of Leaves")
    cast(s, 0, "Heal")                                 # P1's own Moon spell: P2 may counter it
    respond(s, 1, "pass", "Respond to P1 casting Heal at P1?")
    cast(s, 0, "Hit")                                  # Hit is physical: no Counter Spell offered
    assert health(s, 1) == 11
    ask(s, "Cast a spell", ("Confusion",), 0)
    ask(s, "Target whom", "P2", 0)
    respond(s, 1, "Counter Spell", "Respond to P1 casting Confusion at P2?")   # its only Moon and Knot
    assert pvar(s, 1, "confused") is False
    assert "countered" not in marks(s, 1)              # it lasted this turn only
    assert {"Ace of Moons", "Ace of Knots"} <= set(names(s, "discard_pile"))


def test_counter_spell_can_stop_a_wizards_own_spell():
    s = duel({0: ["The Forest", "Ace of Waves"], 1: ["Ace of Moons", "Ace of Knots", "The Mill"]},
             health={0: 5})
    picks(s, "The Forest", "The Mill")
    cast(s, 0, "Heal")
    respond(s, 1, "Counter Spell")
    assert health(s, 0) == 5


def test_a_wizard_under_counter_spell_ignores_later_counterable_spells_this_turn():
    s = duel({0: ["The Watchman", "Ace of Leaves"],
              1: ["Ace of Moons", "Ace of Knots", "Ace of Leaves", "The Savage"]},
             seqs={0: ["Ace of Waves", "Ace of Leaves"]}, health={1: 10})
    picks(s, "The Watchman", "Ace of Leaves")
    cast(s, 0, "Resist Heat")
    respond(s, 1, "pass")
    cast(s, 0, "Drain", target=None)                   # Drain is counterable
    respond(s, 1, "Counter Spell")
    assert health(s, 1) == 10
    cast(s, 0, "Confusion")                            # no new offer: already countered
    assert pvar(s, 1, "confused") is False


def test_magic_mirror_sends_a_spell_back_to_its_caster():
    s = duel({0: ["The Penitent", "Ace of Leaves"],
              1: ["The Lunatic", "The Mill", "Ace of Leaves"]}, seqs={0: ["Ace of Suns"]})
    picks(s, "The Penitent", "The Mill")
    cast(s, 0, "Fire Ball", ["Ace of Suns", "The Penitent"])
    respond(s, 1, "Magic Mirror", "Respond to P1 casting Fire Ball at P2?")   # The Lunatic: Moons and Waves
    assert (health(s, 0), health(s, 1)) == (10, 12)
    assert "The Lunatic" in names(s, "discard_pile")


def test_mirror_against_mirror_reflects_back_and_resist_heat_still_stops_fire():
    s = duel({0: ["The Penitent", "The Journey", "Ace of Leaves"],
              1: ["The Lunatic", "The Mill", "Ace of Leaves"]}, seqs={0: ["Ace of Suns"]})
    picks(s, "The Penitent", "The Mill")
    ask(s, "Cast a spell", ("Fire Ball",), 0)
    ask(s, "Spend which", ("Ace of Suns", "The Penitent"), 0)
    # The window goes round the table: P1 (holding The Journey) could mirror but passes...
    respond(s, 0, "pass", "Respond to P1 casting Fire Ball at P2?")
    respond(s, 1, "Magic Mirror")                      # ...P2 mirrors it to P1...
    respond(s, 0, "Magic Mirror", "Respond to P2 casting Fire Ball at P1?")   # ...and back.
    assert (health(s, 0), health(s, 1)) == (12, 10)


# --- end of turn, the Excuse, the end -------------------------------------------------------

def test_end_of_turn_draws_up_to_two_without_passing_five():
    s = duel({0: ["Ace of Suns", "Ace of Leaves", "The Origin", "The Mill", "The Sailor",
                  "Ace of Waves"],
              1: ["Ace of Waves", "The Mill"]})
    picks(s, "Ace of Suns", "Ace of Waves")
    assert len(hand(s, 0)) == 5                        # held 5 after playing: draws none
    assert len(hand(s, 1)) == 3                        # held 1: draws 2


@pytest.mark.parametrize("keep", [3, 4])
def test_the_sequence_keeps_only_the_newest_cards(keep):
    s = duel({0: ["Ace of Suns", "Ace of Leaves"], 1: ["Ace of Waves", "The Mill"]},
             seqs={0: ["The Origin", "The Sailor", "The Mill", "Ace of Waves"]},
             options={"keep": keep})
    picks(s, "Ace of Suns", "Ace of Waves")
    expected = ["The Origin", "The Sailor", "The Mill", "Ace of Waves", "Ace of Suns"][-keep:]
    assert seq(s, 0) == expected


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
    assert max(sizes) == most and len(seq(s, 0)) == left


def test_drawing_the_excuse_reshuffles_and_puts_it_back_in_the_middle():
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
    assert names(s, "discard_pile") == ["The Origin"]  # P2 trimmed its sequence after


def test_the_last_living_wizard_wins_and_the_fallen_leave_their_cards():
    s = duel({0: ["The Darkness", "Ace of Leaves"], 1: ["The Mill", "Ace of Leaves"],
              2: ["The Sailor", "Ace of Leaves"]}, players=3, health={1: 1},
             seqs={1: ["Ace of Suns"]})
    picks(s, "The Darkness", "The Mill", "The Sailor")
    cast(s, 0, "Ice Bolt", target="P2")
    assert not s.state.players[1].alive and not s.is_over
    assert hand(s, 1) == [] and seq(s, 1) == []
    assert {"The Mill", "Ace of Suns", "Ace of Leaves"} <= set(names(s, "discard_pile"))
    ask(s, "Choose your card", "Ace of Leaves", 0)     # P2 is not asked any more
    assert pending(s)[0] == 2


def test_in_multiplayer_the_caster_names_a_target_among_the_living():
    s = duel({0: ["Ace of Wyrms", "Ace of Leaves"], 1: ["The Mill", "Ace of Leaves"],
              2: ["The Sailor", "Ace of Leaves"]}, players=3)
    picks(s, "Ace of Wyrms", "The Mill", "The Sailor")
    ask(s, "Cast a spell", ("Hit",), 0)
    assert s.decision.labels == ["P2", "P3"]
    ask(s, "Target whom", "P3", 0)
    assert (health(s, 1), health(s, 2)) == (12, 11)


# --- solitaire -----------------------------------------------------------------------------

def test_solitaire_the_random_wizard_plays_the_top_card_of_the_draw_pile():
    s = duel({0: ["Ace of Knots", "Ace of Leaves", "The Origin"]},
             deck=["The Cave", "The Mill", "Ace of Leaves", "The Sailor"] + FILLER,
             options={"solitaire": True}, health={0: 8})
    s.state.players[1].vars["automaton"] = True        # the deck's set-up does this
    ask(s, "Choose your card", "Ace of Knots", 0)
    # P2 was not asked for a card: it played The Cave, the top of the draw pile; it
    # decides fairly what to cast with it.
    assert seq(s, 1) == ["The Cave"] and hand(s, 1) == []
    cast(s, 1, "Ice Bolt")
    assert health(s, 0) == 7
    cast(s, 0, "Confusion", target="P2")
    assert pvar(s, 1, "confused") is True
    # Confused, the random wizard draws a card, and P1 may make it draw again, once.
    ask(s, "Choose your card", "Ace of Leaves", 0)
    ask(s, "Make the random wizard draw again", "yes", 0)
    assert seq(s, 1) == ["The Cave", "Ace of Leaves"]
    assert "The Sailor" in names(s, "discard_pile")    # the rejected card
    assert hand(s, 1) == []                            # it never holds a hand


def test_solitaire_setup_gives_the_random_wizard_no_hand():
    s = Session(load_program(DECK), seed=3, players=2, options={"solitaire": True,
                                                                "handicap": 4})
    assert len(hand(s, 0)) == 5 and hand(s, 1) == []
    assert pvar(s, 1, "automaton") is True and health(s, 0) == 8
    s.close()


# --- the advanced spells (option advanced) --------------------------------------------------

def adv(hands, **kw):
    return duel(hands, options={"advanced": True}, **kw)


def lair(s, seat):
    return [(c.name, c.counters.get("hp", 0), c.counters.get("attack", 0))
            for c in s.state.zones[f"lair:{seat}"].cards]


def test_advanced_spells_are_in_the_spellbook_only_in_the_advanced_game():
    assert len(names(duel({0: ["Ace of Suns"], 1: ["Ace of Suns"]}), "spellbook")) == 12
    assert len(names(adv({0: ["Ace of Suns"], 1: ["Ace of Suns"]}), "spellbook")) == 23


def test_summon_troll_brings_a_monster_that_hits_each_turn():
    s = adv({0: ["The Light Keeper", "Ace of Leaves", "The Origin"],
             1: ["The Mill", "Ace of Leaves", "The Sailor"]}, seqs={0: ["The Discovery"]})
    picks(s, "The Light Keeper", "The Mill")
    ask(s, "Cast a spell", ("Summon Troll",), 0)
    ask(s, "Spend which Wave", ("The Light Keeper", "The Discovery"), 0)   # health 2
    ask(s, "Spend which Sun", ("The Light Keeper",), 0)                   # attack 1
    assert lair(s, 0) == [("Troll", 2, 1)]
    assert health(s, 1) == 11                          # it attacked at the end of the turn
    picks(s, "Ace of Leaves", "Ace of Leaves")
    assert health(s, 1) == 10


def test_a_shield_deflects_the_troll_and_fire_ball_can_kill_it():
    s = adv({0: ["Ace of Leaves", "The Origin"], 1: ["The Mountain", "Ace of Leaves"]},
            seqs={1: ["Ace of Suns"]})
    troll = s.game.put("Troll", s.state.zones["lair:0"])
    troll.counters.update({"hp": 2, "attack": 3})
    picks(s, "Ace of Leaves", "The Mountain")
    cast(s, 1, "Shield")
    assert health(s, 1) == 12
    s = adv({0: ["Ace of Leaves", "The Origin"], 1: ["The Penitent", "Ace of Leaves"]},
            seqs={1: ["Ace of Suns"]})
    troll = s.game.put("Troll", s.state.zones["lair:0"])
    troll.counters.update({"hp": 2, "attack": 3})
    picks(s, "Ace of Leaves", "The Penitent")
    ask(s, "Cast a spell", ("Fire Ball",), 1)
    ask(s, "Spend which", ("Ace of Suns", "The Penitent"), 1)
    assert s.decision.secret                           # like the rest of a declaration
    ask(s, "Aim at a monster", "yes", 1)
    assert lair(s, 0) == [] and health(s, 1) == 12
    public = [e.text for e in s.game.log if e.secret_for is None]
    assert any(t.startswith("P2 chooses secretly") for t in public)
    assert not any("chooses yes" in t for t in public)


def test_elementals_are_stopped_by_resistance():
    s = adv({0: ["Ace of Leaves", "The Origin"], 1: ["The Lunatic", "Ace of Leaves"]})
    fire = s.game.put("Fire Elemental", s.state.zones["lair:0"])
    fire.counters.update({"hp": 1, "attack": 2})
    picks(s, "Ace of Leaves", "The Lunatic")
    cast(s, 1, "Resist Heat")
    assert health(s, 1) == 12


def test_protection_shields_for_as_many_turns_as_runes():
    s = adv({0: ["The Harvest", "Ace of Leaves", "The Origin"],
             1: ["Ace of Wyrms", "The Desert", "Ace of Leaves"]}, seqs={0: ["Ace of Waves"]})
    picks(s, "The Harvest", "Ace of Wyrms")
    ask(s, "Cast a spell", ("Protection",), 0)         # a Sun, a Wave, a Leaf: three turns
    cast(s, 1, "Hit")
    picks(s, "Ace of Leaves", "The Desert")
    cast(s, 1, "Hit")
    assert health(s, 0) == 12 and "shielded" in marks(s, 0)


def test_lightning_bolt_ignores_resist_heat():
    s = adv({0: ["The Penitent", "Ace of Leaves"], 1: ["The Lunatic", "Ace of Leaves"]},
            seqs={0: ["Ace of Moons"]})
    picks(s, "The Penitent", "The Lunatic")
    cast(s, 1, "Resist Heat")
    ask(s, "Cast a spell", ("Lightning Bolt",), 0)
    assert health(s, 1) == 11


def test_fear_stops_wyrm_runes():
    s = adv({0: ["The Market", "Ace of Leaves", "The Origin"],
             1: ["The Mill", "Ace of Wyrms", "Ace of Leaves"]}, seqs={0: ["Ace of Wyrms"]})
    picks(s, "The Market", "The Mill")
    ask(s, "Cast a spell", ("Fear",), 0)
    picks(s, "Ace of Leaves", "Ace of Wyrms")
    assert pending(s) == (0, "Choose your card")       # P2 was too afraid to cast
    assert health(s, 0) == 12


def test_poison_bites_each_turn():
    s = adv({0: ["The Borderland", "Ace of Leaves", "The Origin"],
             1: ["The Mill", "Ace of Leaves", "The Sailor"]}, seqs={0: ["Ace of Waves"]})
    picks(s, "The Borderland", "The Mill")
    ask(s, "Cast a spell", ("Poison",), 0)
    ask(s, "Spend which Wave", ("The Borderland", "Ace of Waves"), 0)   # two turns
    assert health(s, 1) == 12 - 1                      # a Leaf: one a turn
    picks(s, "Ace of Leaves", "Ace of Leaves")
    assert health(s, 1) == 10
    picks(s, "The Origin", "The Sailor")
    assert health(s, 1) == 10                          # over


def test_charm_lets_the_caster_choose_the_targets_card():
    s = adv({0: ["The Market", "Ace of Leaves", "The Origin"],
             1: ["The Mill", "The Sailor", "Ace of Waves"]}, seqs={0: ["Ace of Moons"]})
    picks(s, "The Market", "The Mill")
    ask(s, "Cast a spell", ("Charm",), 0)
    ask(s, "Choose your card", "Ace of Leaves", 0)
    ask(s, "Choose the charmed wizard's card", "Ace of Waves", 0)
    assert seq(s, 1)[-1] == "Ace of Waves"


def test_electric_touch_hurts_whoever_hits_the_target():
    s = adv({0: ["The Light Keeper", "Ace of Leaves", "The Origin"],
             1: ["The Mill", "Ace of Wyrms", "The Sailor"]}, seqs={0: ["Ace of Waves"]})
    picks(s, "The Light Keeper", "The Mill")
    ask(s, "Cast a spell", ("Electric Touch",), 0)
    ask(s, "Spend which Wave", ("The Light Keeper", "Ace of Waves"), 0)
    ask(s, "Target whom", "P1", 0)
    picks(s, "Ace of Leaves", "Ace of Wyrms")
    cast(s, 1, "Hit")
    assert (health(s, 0), health(s, 1)) == (11, 11)


def test_remove_enchantment_ends_spells_on_the_target():
    # The Lunatic's Moon is energy; The Windfall's Knot activates.
    s = adv({0: ["The Windfall", "Ace of Leaves"], 1: ["The Mill", "Ace of Leaves"]},
            seqs={0: ["The Lunatic"]})
    s.state.players[1].marks["resist_cold"] = None
    s.state.players[1].vars["haste_left"] = 2
    picks(s, "The Windfall", "The Mill")
    ask(s, "Cast a spell", ("Remove Enchantment",), 0)
    ask(s, "Target whom", "P2", 0)
    assert "resist_cold" not in marks(s, 1) and pvar(s, 1, "haste_left") == 0


def test_dispel_magic_ends_every_spell_and_every_monster():
    s = adv({0: ["The Light Keeper", "Ace of Leaves"], 1: ["The Mill", "Ace of Leaves"]},
            seqs={0: ["Ace of Leaves"]})
    troll = s.game.put("Troll", s.state.zones["lair:1"])
    troll.counters.update({"hp": 5, "attack": 1})
    s.state.players[0].marks["invisible"] = None
    picks(s, "The Light Keeper", "The Mill")
    ask(s, "Cast a spell", ("Dispel Magic",), 0)
    assert lair(s, 1) == [] and "invisible" not in marks(s, 0)
    assert health(s, 0) == 12                          # the troll was gone before attacking


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


# --- Haste mini-turns, ties and the end of the turn, in detail --------------------------------

def hasted_duel(hands, seqs=None, **kw):
    """Turn 1: P1 plays The Painter (its hand's first card) and hastes itself for one
    turn; P2 plays its hand's first card. Returns the session at turn 2's mini-turn pick."""
    s = duel(hands, seqs=seqs, **kw)
    picks(s, "The Painter", hands[1][0])
    cast(s, 0, "Haste", target="P1")
    assert pending(s) == (0, "Choose your card") and pvar(s, 0, "haste_left") == 1
    return s


def test_a_hasted_wizards_second_card_pushes_the_oldest_out_of_a_full_sequence():
    s = hasted_duel({0: ["The Painter", "Ace of Leaves", "Ace of Wyrms", "Ace of Leaves"],
                     1: ["Ace of Leaves", "Ace of Waves", "The Origin"]},
                    seqs={0: ["The Origin", "Ace of Waves"]})
    ask(s, "Choose your card", "Ace of Leaves", 0)     # mini-turn: 4 cards now
    picks(s, "Ace of Wyrms", "Ace of Waves")           # the regular card: a fifth ...
    assert pending(s) == (0, "Cast a spell?")
    assert seq(s, 0) == ["Ace of Waves", "The Painter", "Ace of Leaves", "Ace of Wyrms"]
    assert "The Origin" in names(s, "discard_pile")    # ... so the oldest left at once


def test_invisibility_cast_in_a_mini_turn_only_starts_next_turn():
    s = hasted_duel({0: ["The Painter", "The Light Keeper", "Ace of Leaves", "Ace of Leaves"],
                     1: ["Ace of Leaves", "Ace of Wyrms", "The Origin"]})
    ask(s, "Choose your card", "The Light Keeper", 0)
    cast(s, 0, "Invisibility", target="P1")            # one Wave: one turn, from next turn
    picks(s, "Ace of Leaves", "Ace of Wyrms")
    cast(s, 1, "Hit")                                  # same turn: P1 can still be hit
    assert health(s, 0) == 11
    assert "invisible" in marks(s, 0)                  # turn 3 has begun: now it is


def test_confusion_cast_in_a_mini_turn_confuses_the_next_turn_not_this_one():
    s = hasted_duel({0: ["The Painter", "Ace of Knots", "Ace of Leaves", "Ace of Leaves"],
                     1: ["Ace of Leaves", "Ace of Waves", "The Origin", "The Sailor"]})
    ask(s, "Choose your card", "Ace of Knots", 0)
    cast(s, 0, "Confusion", target="P2")
    picks(s, "Ace of Leaves", "Ace of Waves")          # P2 still chooses this turn
    ask(s, "Choose your card", "Ace of Leaves", 0)
    assert pending(s) != (1, "Choose your card")       # turn 3: P2's card is random


def test_runes_spent_in_a_mini_turn_stay_spent_for_the_rest_of_the_turn():
    s = hasted_duel({0: ["The Painter", "The Desert", "The Penitent", "Ace of Leaves"],
                     1: ["Ace of Leaves", "Ace of Waves", "The Origin"]})
    ask(s, "Choose your card", "The Desert", 0)
    cast(s, 0, "Fire Ball", ["The Painter", "The Desert"])   # two Suns: 2 damage
    assert health(s, 1) == 10
    picks(s, "The Penitent", "Ace of Waves")
    ask(s, "Cast a spell", ("Fire Ball",), 0)          # only The Penitent's Sun is left:
    assert not (s.decision and s.decision.prompt.startswith("Spend"))   # spent unasked
    assert health(s, 1) == 9


def test_tied_drains_take_effect_at_the_same_time():
    s = duel({0: ["The Savage", "Ace of Leaves"], 1: ["The Savage", "Ace of Leaves"]},
             seqs={0: ["Ace of Leaves", "The Origin"], 1: ["Ace of Leaves", "The Origin"]},
             health={0: 2, 1: 2})
    picks(s, "The Savage", "The Savage")
    cast(s, 0, "Drain", ["Ace of Leaves", "The Origin", "The Savage"])   # 3 Leaves each
    cast(s, 1, "Drain", ["Ace of Leaves", "The Origin", "The Savage"])
    # Each loses the 2 it had and takes back the 2 the other lost: one moment, no order.
    assert not s.is_over and (health(s, 0), health(s, 1)) == (2, 2)


def test_everyone_draws_before_anyone_trims_the_sequence():
    s = duel({0: ["Ace of Leaves"] * 4, 1: ["Ace of Waves"] * 4},
             seqs={0: ["The Origin", "The Sailor", "The Mill"]},
             deck=["Ace of Waves", "Ace of Waves", "The Excuse"] + FILLER)
    picks(s, "Ace of Leaves", "Ace of Waves")
    # P2 drew the Excuse (reshuffling the discard pile) before P1 trimmed The Origin,
    # so The Origin is in the discard pile, not shuffled into the draw pile.
    assert names(s, "discard_pile") == ["The Origin"]


def test_magic_mirror_cannot_send_back_a_lightning_bolt():
    s = adv({0: ["The Penitent", "Ace of Leaves"], 1: ["The Lunatic", "The Mill", "Ace of Leaves"]},
            seqs={0: ["Ace of Moons"]})
    picks(s, "The Penitent", "The Mill")
    ask(s, "Cast a spell", ("Lightning Bolt",), 0)     # one Sun, one Moon: spent unasked
    assert health(s, 1) == 11                          # P2 was never offered the Mirror
    assert "The Lunatic" in hand(s, 1)


def test_a_frightened_wizard_cannot_spend_wyrm_runes_either():
    s = adv({0: ["The Market", "Ace of Leaves"], 1: ["Ace of Leaves", "Ace of Waves"]},
            seqs={0: ["The Savage"]})
    s.state.players[0].marks["afraid"] = None          # under Fear
    picks(s, "The Market", "Ace of Leaves")
    assert pending(s) == (0, "Cast a spell?")
    assert "Fear" not in s.decision.labels and "Amnesia" in s.decision.labels


def test_a_knot_spell_cast_at_a_wizard_turning_invisible_does_nothing():
    s = duel({0: ["The Castle", "Ace of Leaves"], 1: ["The Painter", "Ace of Leaves"],
              2: ["Ace of Leaves", "Ace of Waves"]}, seqs={0: ["Ace of Waves"]}, players=3)
    picks(s, "The Castle", "The Painter", "Ace of Leaves")
    cast(s, 0, "Invisibility", target="P1")            # rank 7 ...
    ask(s, "Cast a spell", ("Confusion",), 1)          # ... a rank-3 Knot spell after it
    # P1 may be aimed at (it is not invisible yet), and nobody else is forced on P2
    assert s.decision.prompt == "Target whom?" and s.decision.labels == ["P1", "P2", "P3"]
    play(s, "P1")
    assert not any(pvar(s, seat, "confused_next") or pvar(s, seat, "confused")
                   for seat in range(3))
    log = [e.text for e in s.game.log]
    assert "P2: casts Confusion at P1" in log           # announced ...
    assert "P1 is not a legal target of cast" in log    # ... out of reach as it is cast
    assert "P2: cast has no legal target: it does nothing" in log


def test_a_wizard_turning_invisible_still_takes_a_higher_knot_spell():
    s = duel({0: ["The Painter", "Ace of Leaves"], 1: ["The Castle", "Ace of Leaves"]},
             seqs={0: ["Ace of Waves"]})
    picks(s, "The Painter", "The Castle")
    ask(s, "Cast a spell", ("Confusion",), 1)          # rank 7 first, at P1 ...
    ask(s, "Target whom", "P1", 1)
    cast(s, 0, "Invisibility", target="P1")            # ... P1's rank-3 veil comes too late
    assert pvar(s, 0, "confused_by") is s.state.players[1]   # P1 was confused all the same


def test_haste_may_be_cast_on_another_wizard():
    s = duel({0: ["The Painter", "Ace of Leaves", "Ace of Leaves"],
              1: ["Ace of Leaves", "Ace of Wyrms", "Ace of Waves", "The Origin"]})
    picks(s, "The Painter", "Ace of Leaves")
    cast(s, 0, "Haste", target="P2")
    assert pvar(s, 1, "haste_left") == 1
    assert pending(s) == (1, "Choose your card")       # next turn, P2's mini-turn first


def test_counter_spell_can_stop_a_reflected_spell():
    s = duel({0: ["The Savage", "The Author", "Ace of Leaves"],
              1: ["The Lunatic", "Ace of Waves", "Ace of Leaves"]})
    picks(s, "The Savage", "Ace of Waves")
    cast(s, 0, "Drain")                                # one Leaf, at P2
    respond(s, 0, "pass")                              # P1 lets its own Drain go ...
    respond(s, 1, "Magic Mirror")                      # ... P2 sends it back ...
    respond(s, 0, "Counter Spell", "Respond to P2 casting Drain at P1?")   # ... P1 counters it
    assert (health(s, 0), health(s, 1)) == (12, 12)
    assert {"The Author", "The Lunatic"} <= set(names(s, "discard_pile"))


def test_counter_spell_does_stop_a_lightning_bolt():
    s = adv({0: ["The Penitent", "Ace of Leaves"], 1: ["The Author", "The Mill", "Ace of Leaves"]},
            seqs={0: ["Ace of Moons"]})
    picks(s, "The Penitent", "The Mill")
    ask(s, "Cast a spell", ("Lightning Bolt",), 0)
    respond(s, 1, "Counter Spell")
    assert health(s, 1) == 12 and "The Author" in names(s, "discard_pile")


def test_resist_heat_with_two_waves_lasts_this_turn_and_the_next():
    s = duel({0: ["The Lunatic", "Ace of Leaves", "Ace of Leaves"],
              1: ["The Desert", "The Penitent", "Ace of Leaves"]}, seqs={0: ["Ace of Waves"]})
    picks(s, "The Lunatic", "The Desert")
    cast(s, 0, "Resist Heat", ["Ace of Waves", "The Lunatic"])   # two Waves: two turns
    cast(s, 1, "Fire Ball")
    picks(s, "Ace of Leaves", "The Penitent")
    cast(s, 1, "Fire Ball", ["The Desert", "The Penitent"])
    assert health(s, 0) == 12                          # still immune the next turn ...
    picks(s, "Ace of Leaves", "Ace of Leaves")
    assert "resist_heat" not in marks(s, 0)            # ... and no longer after it


def test_several_hasted_wizards_share_the_mini_turn():
    s = duel({0: ["The Painter", "Ace of Leaves", "Ace of Leaves", "Ace of Waves"],
              1: ["The Castle", "Ace of Leaves", "Ace of Waves", "The Origin"]})
    picks(s, "The Painter", "The Castle")              # ranks 3 and 7: both cast Haste
    cast(s, 1, "Haste", target="P2")
    cast(s, 0, "Haste", target="P1")
    # The mini-turn: both hasted wizards pick, secretly, before the regular turn.
    ask(s, "Choose your card", "Ace of Leaves", 0)
    ask(s, "Choose your card", "Ace of Leaves", 1)
    assert seq(s, 0)[-1] == "Ace of Leaves" and seq(s, 1)[-1] == "Ace of Leaves"
    picks(s, "Ace of Waves", "Ace of Waves")           # then the regular picks
    assert seq(s, 0)[-1] == "Ace of Waves" and seq(s, 1)[-1] == "Ace of Waves"


def test_a_mirrored_drain_heals_the_wizard_it_was_aimed_at():
    s = duel({0: ["The Savage", "Ace of Leaves"], 1: ["The Lunatic", "Ace of Waves", "Ace of Leaves"]},
             health={1: 10})
    picks(s, "The Savage", "Ace of Waves")
    cast(s, 0, "Drain")                                # one Leaf, at P2
    respond(s, 1, "Magic Mirror")                      # P2 is now its caster, P1 its target
    assert (health(s, 0), health(s, 1)) == (11, 11)


def test_solitaire_the_confuser_may_keep_the_random_wizards_first_card():
    s = duel({0: ["Ace of Knots", "Ace of Leaves", "The Origin"]},
             deck=["The Cave", "The Mill", "Ace of Leaves", "The Sailor"] + FILLER,
             options={"solitaire": True})
    s.state.players[1].vars["automaton"] = True
    ask(s, "Choose your card", "Ace of Knots", 0)
    cast(s, 1, "Ice Bolt")
    cast(s, 0, "Confusion", target="P2")
    ask(s, "Choose your card", "Ace of Leaves", 0)
    ask(s, "Make the random wizard draw again", "no", 0)
    assert seq(s, 1) == ["The Cave", "The Sailor"]     # the first card drawn is played
    assert "The Sailor" not in names(s, "discard_pile")


def test_an_ice_elemental_is_stopped_by_resist_cold():
    s = adv({0: ["Ace of Leaves", "The Origin"], 1: ["The Mountain", "Ace of Leaves"]},
            seqs={1: ["Ace of Suns"]})
    ice = s.game.put("Ice Elemental", s.state.zones["lair:0"])
    ice.counters.update({"hp": 1, "attack": 2})
    picks(s, "Ace of Leaves", "The Mountain")
    cast(s, 1, "Resist Cold", ["Ace of Suns", "The Mountain"])
    assert health(s, 1) == 12
