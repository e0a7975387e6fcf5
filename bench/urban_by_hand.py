"""Urban Dead written by hand in plain Python: the speed reference.

    python bench/urban_by_hand.py [--games N] [--engine-games N] [--seed S] [--check N]

Prints, for 2-player random-bot games on one core: games/s, turns/s, average turns,
decisions per game and the time one takes, how often the survivors win, and how games
end; first for this hand-written game, then for the engine playing the bundled deck with
the same seeds in the same run, a game of each in turn (``--engine-games 0`` leaves it
out), then the ratio.
``--check N`` instead plays seeds S..S+N-1 on both, decision for decision, and names the
first that differs. Issue 11 asks the engine's Urban Dead for at least 1,000 random-bot
games/s.

The rules are those of decks/urban_dead.deck with its default options (victory
"rescue", 20 siege turns a side, a reshuffle tolerance of 2, 9 barricades, no starting
horde, one starting survivor) and of decks/dvorak.deck, which it extends: the deck files
are the spec, docs/games/urban-dead.md the answers to the seed's open questions. Only
the 2-player game is written (seat P1 the survivors, P2 the zombies); the deck's teams
of 3 and 4 are not. This file follows the deck's order of steps, offers the same options
at every decision in the same order, and skips a decision exactly where the engine does,
so a random bot faces the same choices. The hand-written part imports nothing from the
project, only the standard library (and bench/by_hand.py, what it shares with
bench/dveck_by_hand.py); the `engine_...` functions run the engine to check it.

Random play is that of the bundled `RandomAgent`, taken as by_hand.RandomPlay takes it
(so `optional` and `up to` choices shuffle even a list of one); as in the engine
(`choice_of` in dsl/engine/players.py, the generated code of a one-card `choose`,
`choose one` and `divide`), no decision is taken when there is nothing to choose from,
when every option must be taken, or when a division has one plan. Seat k's bot draws from
``Rng(seed * 1000 + k + 1)``, the game (shuffles, Brain Rot's card at random) from
``Rng(seed)``; ``Rng`` is the engine's generator (dsl/rng.py), and every draw is made in
the engine's order, so a seed plays the very game the engine plays with that seed (as
`deckwright sim --seed` does). A `divide` is decided as the engine offers it
(dsl/engine/divide.py: every full plan, up to 60 at once), but its plan is found from the
counts, not listed: a random bot needs only how many there are.

Checked against the engine (random bots; intervals are 1.96 standard errors):

* Decision for decision (``--check``): seeds 0-19,999 (20,000 games) take every decision
  as the engine does (who takes it, what kind, how many options, how many picks, which),
  both where it asks its bots with a Decision and on `sim`'s quick path, and end alike
  (turns, reason, winner); so do 1,000 seeds from 100,000 on. Checked again once the
  engine asked a player who may reshuffle after each move of the other player's main
  phase too (`move_window`): the same seeds, every game the same (without it, 4 of
  seeds 0-1,999 part, at such a question). Over seeds 0-19,999:
  16.3 +- 0.1 turns, 83.5 +- 0.8 decisions a game, the survivors win 1.7 % +- 0.2 (by
  holding out; no rescue in 30,000 games), the zombies overrun the base in the rest.
* The starting survivor goes from the side's deck straight to the rest area, and the
  deck then gives it (and its control) to the Survivor player: before that fix (3 Dec)
  it had no controller, so its ability was never offered and it stayed in the fight
  after a sortie, and this file did the same.
* Instructions (callgrind, games 0-19, bench/by_hand_instructions.py): the engine 15.5 M a
  game and this file 5.4 M at first (2.9x); 13.6 M against 5.4 M (2.5x) once the engine
  also found a division's plan from its counts (3ed40f1). In seconds, a game of each in
  turn under a load of 4.6 to 5.0 on 2 cores: 2.9x to 3.0x (69 to 73 against 208 to 214
  games/s, 169 to 177 against 57 to 59 us a decision): on a quiet machine, where the
  engine plays 308 games/s, this file would play about 900, so the 1,000 games/s of
  issue 11 is about 1.1x what this plain Python does.
"""
from __future__ import annotations

import math
import sys
from pathlib import Path

BENCH = str(Path(__file__).resolve().parent)
if BENCH not in sys.path:         # bench/ is a folder of scripts, not an installed package
    sys.path.insert(0, BENCH)

from by_hand import RandomPlay, Rng, arguments, engine_program, pour, run, share  # noqa: E402


# --- the cards --------------------------------------------------------------------------

# Types and subtypes, as bits, as the cards say them (Military and Civilian left out: no
# rule reads them).
(THING, ACTION, SELECTION, SURVIVOR, ITEM, SKILL, RADIO, BARRICADE, EQUIPMENT, DEVICE,
 GENERATOR, TRANSCEIVER, BUILDING, FUEL, HERO, SCIENCE) = (1 << k for k in range(16))
SD, ZD, ZSD = range(3)        # the deck a card comes from: its `deck` property

# Every card definition in the engine's library order (the deck file's order of cards):
# name, deck, types, health, attack, uses, cooldown, value, strike, role, radio, copies.
_ = None
DEFS = [
    # Survivors
    ("Private", SD, THING | SURVIVOR, 5, 2, 0, 0, 0, 0, "Private", False, 3),
    ("Medic", SD, THING | SURVIVOR, 4, 1, 0, 2, 0, 0, "Medic", False, 2),
    ("Scout", SD, THING | SURVIVOR, 4, 1, 0, 0, 0, 0, "Scout", False, 2),
    ("NecroTech Lab Assistant", SD, THING | SURVIVOR | SCIENCE, 3, 1, 0, 0, 0, 0,
     "LabAssistant", False, 2),
    ("Doctor", SD, THING | SURVIVOR | SCIENCE, 3, 0, 0, 2, 0, 0, "Doctor", False, 2),
    ("Cop", SD, THING | SURVIVOR, 6, 2, 0, 0, 0, 0, "Cop", False, 2),
    ("Firefighter", SD, THING | SURVIVOR, 6, 2, 0, 0, 0, 0, "Firefighter", False, 2),
    ("Consumer", SD, THING | SURVIVOR, 3, 1, 0, 3, 0, 0, "Consumer", False, 2),
    ("Radio Ham", SD, THING | SURVIVOR, 3, 0, 0, 0, 0, 0, "Consumer", True, 1),
    # Skills
    ("Radio Operation", SD, THING | SKILL, 0, 0, 0, 0, 0, 0, _, True, 2),
    ("First Aid", SD, THING | SKILL, 0, 0, 0, 2, 0, 0, _, False, 2),
    ("Diagnosis", SD, THING | SKILL, 0, 0, 0, 3, 0, 0, _, False, 1),
    ("Body Building", SD, THING | SKILL, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Construction", SD, THING | SKILL, 0, 0, 0, 2, 0, 0, _, False, 1),
    ("Headshot", SD, THING | SKILL, 0, 0, 0, 2, 0, 3, _, False, 1),
    ("Bargain Hunting", SD, THING | SKILL, 0, 0, 0, 2, 0, 0, _, False, 1),
    # Equipable items
    ("Pistol", SD, THING | ITEM | EQUIPMENT, 0, 3, 3, 0, 0, 0, _, False, 2),
    ("Shotgun", SD, THING | ITEM | EQUIPMENT, 0, 5, 2, 0, 0, 0, _, False, 1),
    ("Fire Axe", SD, THING | ITEM | EQUIPMENT, 0, 3, 0, 0, 0, 0, _, False, 1),
    ("Kitchen Knife", SD, THING | ITEM | EQUIPMENT, 0, 2, 0, 0, 0, 0, _, False, 1),
    ("Flak Jacket", SD, THING | ITEM | EQUIPMENT, 0, 0, 0, 0, 0, 0, _, False, 1),
    # Item actions
    ("First Aid Kit", SD, ACTION | ITEM, 0, 0, 0, 0, 0, 0, _, False, 2),
    ("Pistol Clip", SD, ACTION | ITEM, 0, 0, 0, 0, 0, 0, _, False, 2),
    ("Shotgun Shells", SD, ACTION | ITEM, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Toolbox", SD, ACTION | ITEM, 0, 0, 0, 0, 0, 0, _, False, 2),
    ("Revivification Syringe", SD, ACTION | ITEM, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Flare Gun", SD, ACTION | ITEM, 0, 0, 0, 0, 0, 0, _, False, 1),
    # Items with health
    ("Radio Transceiver", SD, THING | ITEM | DEVICE | TRANSCEIVER, 6, 0, 0, 0, 0, 0, _,
     False, 1),
    ("Generator", SD, THING | ITEM | DEVICE | GENERATOR, 4, 0, 0, 0, 0, 0, _, False, 1),
    # Fuel
    ("Refuel", SD, ACTION | FUEL, 0, 0, 0, 0, 3, 0, _, False, 2),
    ("Biofuel", SD, ACTION | FUEL, 0, 0, 0, 0, 1, 0, _, False, 1),
    # Radio actions
    ("Broadcast for Help", SD, ACTION | RADIO, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Call for Reinforcements", SD, ACTION | RADIO, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Coordinated Defence", SD, ACTION | RADIO, 0, 0, 0, 0, 0, 0, _, False, 1),
    # Barricades
    ("Loosely Barricaded", SD, THING | BARRICADE, 1, 0, 0, 0, 0, 0, _, False, 2),
    ("Lightly Barricaded", SD, THING | BARRICADE, 2, 0, 0, 0, 0, 0, _, False, 2),
    ("Quite Strongly Barricaded", SD, THING | BARRICADE, 3, 0, 0, 0, 0, 0, _, False, 2),
    ("Very Strongly Barricaded", SD, THING | BARRICADE, 4, 0, 0, 0, 0, 0, _, False, 2),
    ("Heavily Barricaded", SD, THING | BARRICADE, 5, 0, 0, 0, 0, 0, _, False, 1),
    ("Extremely Heavily Barricaded", SD, THING | BARRICADE, 6, 0, 0, 0, 0, 0, _, False, 1),
    # Buildings
    ("Mall", SD, THING | BUILDING, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Hospital", SD, THING | BUILDING, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Police Department", SD, THING | BUILDING, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Fire Station", SD, THING | BUILDING, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("NecroTech Building", SD, THING | BUILDING, 0, 0, 0, 0, 0, 0, _, False, 1),
    # Zombie skills
    ("Vigour Mortis", ZD, THING | SKILL, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Lurching Gait", ZD, THING | SKILL, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Ankle Grab", ZD, THING | SKILL, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Infectious Bite", ZD, THING | SKILL, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Flesh Rot", ZD, THING | SKILL, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Feeding Groan", ZD, THING | SKILL, 0, 0, 0, 0, 0, 0, _, False, 1),
    ("Memories of Life", ZD, THING | SKILL, 0, 0, 0, 0, 0, 0, _, False, 1),
    # Zombie actions
    ("Death Rattle", ZD, ACTION, 0, 0, 0, 0, 0, 0, _, False, 3),
    ("Ransack", ZD, ACTION, 0, 0, 0, 0, 0, 0, _, False, 2),
    ("Scent Blood", ZD, ACTION, 0, 0, 0, 0, 0, 0, _, False, 2),
    ("Scent Fear", ZD, ACTION, 0, 0, 0, 0, 0, 0, _, False, 2),
    ("Flailing Gesture", ZD, ACTION, 0, 0, 0, 0, 0, 0, _, False, 3),
    ("Neck Lurch", ZD, ACTION, 0, 0, 0, 0, 0, 0, _, False, 2),
    ("Brain Rot", ZD, ACTION, 0, 0, 0, 0, 0, 0, _, False, 2),
    ("Scent Trail", ZD, ACTION, 0, 0, 0, 0, 0, 0, _, False, 3),
    # The Zombie selection deck: numbers, then the hero zombies
    ("A Lone Corpse", ZSD, SELECTION, 0, 0, 0, 0, 1, 0, _, False, 4),
    ("Two Shamblers", ZSD, SELECTION, 0, 0, 0, 0, 2, 0, _, False, 4),
    ("Ferals at the Door", ZSD, SELECTION, 0, 0, 0, 0, 3, 0, _, False, 3),
    ("Street Pack", ZSD, SELECTION, 0, 0, 0, 0, 4, 0, _, False, 2),
    ("Mall Crowd", ZSD, SELECTION, 0, 0, 0, 0, 5, 0, _, False, 1),
    ("Hospital Ward", ZSD, SELECTION, 0, 0, 0, 0, 6, 0, _, False, 1),
    ("Police Station Riot", ZSD, SELECTION, 0, 0, 0, 0, 7, 0, _, False, 1),
    ("Suburb Swarm", ZSD, SELECTION, 0, 0, 0, 0, 8, 0, _, False, 1),
    ("The Malton Mob", ZSD, SELECTION, 0, 0, 0, 0, 10, 0, _, False, 1),
    ("Zombie Cop", ZSD, SELECTION | THING | HERO, 5, 2, 0, 0, 0, 0, _, False, 1),
    ("Feral Firefighter", ZSD, SELECTION | THING | HERO, 6, 2, 0, 0, 0, 0, _, False, 1),
    ("Brain-Rotted Doctor", ZSD, SELECTION | THING | HERO, 4, 1, 0, 0, 0, 0, _, False, 1),
]
del _
(NAME, DECK, TYPES, HEALTH, ATTACK, USES, COOLDOWN, VALUE, STRIKE, ROLE, RADIO_OP,
 COPIES) = (list(column) for column in zip(*DEFS))
D = {name: k for k, name in enumerate(NAME)}
(SCOUT, FIREFIGHTER, BODY_BUILDING, FLAK_JACKET, FIRE_AXE, PISTOL, SHOTGUN, HOSPITAL,
 POLICE_DEPARTMENT, FIRE_STATION, VIGOUR_MORTIS, LURCHING_GAIT, ANKLE_GRAB,
 INFECTIOUS_BITE, FLESH_ROT, FEEDING_GROAN) = (D[n] for n in (
     "Scout", "Firefighter", "Body Building", "Flak Jacket", "Fire Axe", "Pistol", "Shotgun",
     "Hospital", "Police Department", "Fire Station", "Vigour Mortis", "Lurching Gait",
     "Ankle Grab", "Infectious Bite", "Flesh Rot", "Feeding Groan"))
HEALERS = ("Doctor", "Medic")

HAND_SIZE = 5             # dvorak.deck `param hand_size = 5`
SIEGE_TURNS = 20          # option siege_turns: "held out" after 2 x 20 turns
RESHUFFLE_TOLERANCE = 2   # option reshuffle_tolerance
MAX_BARRICADES = 9        # option max_barricades (also the zone's capacity)
MAX_MOVES = 500           # the engine's limit of moves in one offer
PLAN_LIMIT = 60           # the engine's limit of plans a `divide` offers at once


class GameOver(Exception):
    pass


class Zone(list):
    """A zone: its cards bottom to top, whose player's it is (None: a side's or shared:
    nobody's), whether it is in play."""
    __slots__ = ("owner", "inplay")

    def __init__(self, owner=None, inplay=False):
        super().__init__()
        self.owner = owner
        self.inplay = inplay


class Card:
    """A card: its counters and marks, kept while it is in play; `ctrl` is None for a
    card that came into play without passing through a player's hand (see `relocate`)."""
    __slots__ = ("d", "owner", "ctrl", "zone", "host", "damage", "uses", "fuel", "cool",
                 "cooldown", "extra", "turned", "moved", "moved_in", "running",
                 "in_battle", "resting", "drowsy")

    def __init__(self, d, zone):
        self.d, self.zone = d, zone
        self.owner = self.ctrl = self.host = None
        self.straighten()

    def straighten(self):
        """Out of play a card loses its counters and marks and lies upright."""
        self.damage = self.uses = self.fuel = self.cool = self.cooldown = self.extra = 0
        self.turned = self.moved = self.moved_in = self.running = False
        self.in_battle = self.resting = self.drowsy = False

    def __repr__(self):
        return NAME[self.d]


class Player:
    """A seat and its side's zones (the other side's base zones stay empty: only
    survivors are played into a base, only zombies into the heroes and the lair)."""
    __slots__ = ("seat", "bot", "side", "hand", "resolving", "deck", "discard",
                 "barricades", "fighters", "rest", "items", "building", "heroes", "lair",
                 "able", "horde", "resting", "thing_play", "action_play", "reshuffles")

    def __init__(self, seat, bot, side):
        self.seat, self.bot, self.side = seat, bot, side
        self.hand = Zone(self)
        self.resolving = Zone(self)
        self.deck, self.discard = Zone(), Zone()
        self.barricades, self.fighters, self.rest, self.items, self.building = (
            Zone(inplay=True) for _ in range(5))
        self.heroes, self.lair = Zone(inplay=True), Zone(inplay=True)
        # the zones in play where a card with an ability may lie, in the engine's order
        self.able = ((self.fighters, self.rest, self.building) if side == "survivors"
                     else (self.lair,))
        self.horde = self.resting = 0
        self.thing_play = self.action_play = self.reshuffles = 0   # used this turn

    def __repr__(self):
        return f"P{self.seat + 1}"


# --- `divide`: an amount shared out as one plan (dsl/engine/divide.py) --------------------

class Division:
    """The plans of one `divide`: a share for each target (0 or more), each unit of it
    costing the target's cost, at most its most (None: no bound). Only full plans count:
    nothing left over could still buy a unit for a target below its most. `floor` is the
    least cost of a target decided so far below its most."""
    __slots__ = ("costs", "mosts", "n", "left", "floor", "fixed", "memo")

    def __init__(self, amount, costs, mosts):
        self.costs, self.mosts, self.n = costs, mosts, len(costs)
        self.left = amount if amount > 0 else 0
        self.floor = math.inf
        self.fixed = []            # the shares decided so far, target by target
        self.memo = {}

    def count(self, j, left, floor):
        """The full plans of targets j on, counted up to PLAN_LIMIT + 1."""
        if j == self.n:
            return 1 if left < floor else 0
        key = (j, left, floor)
        got = self.memo.get(key)
        if got is None:
            c, m = self.costs[j], self.mosts[j]
            hi = left // c if m is None or m > left // c else m
            below = floor if floor < c else c
            got = 0
            for a in range(hi, -1, -1):
                got += self.count(j + 1, left - a * c, below if m is None or a < m else floor)
                if got > PLAN_LIMIT:
                    break
            self.memo[key] = got
        return got

    def branches(self, j, left, floor):
        """Target j's shares out of `left` that a full plan can follow, the largest
        first, each with the amount and floor it leaves."""
        c, m = self.costs[j], self.mosts[j]
        hi = left // c if m is None or m > left // c else m
        below = floor if floor < c else c
        out = []
        for a in range(hi, -1, -1):
            f = below if m is None or a < m else floor
            if self.count(j + 1, left - a * c, f) > 0:
                out.append((a, left - a * c, f))
        return out

    def plan(self, r):
        """The r-th full plan (in the engine's order: the first target's share largest
        first, then the next's...) that keeps the shares fixed so far, found from the
        counts: a random bot needs only how many there are and which one it takes."""
        shares = list(self.fixed)
        left, floor = self.left, self.floor
        for j in range(len(shares), self.n):
            for a, rest, f in self.branches(j, left, floor):
                k = self.count(j + 1, rest, f)
                if r < k:
                    break
                r -= k
            shares.append(a)
            left, floor = rest, f
        return shares

    def fix(self, branch):
        a, self.left, self.floor = branch
        self.fixed = self.fixed + [a]


# --- the game ---------------------------------------------------------------------------

# The moves of a turn's offer, in its order; then `pass`.
PLAY_THING, PLAY_ACTION, REPOSITION, RUN_GENERATOR, RESHUFFLE, USE_ABILITY = range(6)


class Game(RandomPlay):
    """One 2-player game of a seed: P1 the survivors, P2 the zombies."""

    def __init__(self, seed, trace=None):
        super().__init__(trace)
        self.rng = Rng(seed)
        self.sv = Player(0, Rng(seed * 1000 + 1), "survivors")
        self.zb = Player(1, Rng(seed * 1000 + 2), "zombies")
        self.players = [self.sv, self.zb]
        # The zones in play, in the engine's order (the empty ones left out).
        sv, zb = self.sv, self.zb
        self.inplay = [sv.barricades, sv.fighters, sv.rest, sv.items, sv.building, zb.heroes,
                       zb.lair]
        self.selection, self.used_selection = Zone(), Zone()
        self.turn = 0
        self.active = None
        self.once = set()         # the once-per-turn abilities used this turn (their cards)
        self.passed = {}          # seat -> (discard, deck) sizes it declined to reshuffle at
        self.zombie_turns = 0
        # the deck's battle bookkeeping (its `var`s)
        self.engaged = self.killed = self.casualties = self.extra_hits = 0
        self.struck = False
        self.sel_value = self.sel_heroes = 0

    # --- decisions (as by_hand.RandomPlay takes them) ---------------------------------
    def choose_number(self, p, top):
        """`choose n from range(1, top)`."""
        return self.pick(p, top) + 1 if top > 1 else 1

    def divide(self, p, amount, targets, costs, mosts):
        """`divide amount among targets`: (target, share) for each share, in the targets'
        order. Up to PLAN_LIMIT plans are offered whole; more are decided a target at a
        time ("how much on this one?") until few enough are left. (Counts below the limit
        are exact: one that reached it is part of a larger one.)"""
        div = Division(amount, costs, mosts)
        while True:
            j = len(div.fixed)
            n = div.count(j, div.left, div.floor)
            if n <= PLAN_LIMIT:
                plan = div.plan(self.pick(p, n, "divide") if n > 1 else 0)
                break
            steps = div.branches(j, div.left, div.floor)
            div.fix(steps[self.pick(p, len(steps), "divide")] if len(steps) > 1 else steps[0])
        return [(t, a) for t, a in zip(targets, plan) if a > 0]

    # --- reading the state -------------------------------------------------------------
    def survivors(self):
        """The Survivors in play: only the survivors' fighter and rest areas hold them."""
        sv = self.sv
        return [c for c in sv.fighters if TYPES[c.d] & SURVIVOR] + \
            [c for c in sv.rest if TYPES[c.d] & SURVIVOR]

    def heroes(self, test):
        """The hero zombies in play that pass `test`."""
        return [h for h in self.zb.heroes if test(h)]

    def health(self, c):
        """A card's health now: a survivor's gear and skills may add to it (`static modify
        health`); attachments lie in their host's zone."""
        n = HEALTH[c.d]
        if TYPES[c.d] & SURVIVOR:
            axe = 0
            for x in c.zone:
                if x.host is c:
                    if x.d == BODY_BUILDING or x.d == FLAK_JACKET:
                        n += 2
                    elif x.d == FIRE_AXE:
                        axe = 1
            if c.d == FIREFIGHTER:
                n += axe
        return n

    def left_in(self, c):
        """The damage a card can still take (`it.health + extra on it - damage on it`)."""
        return self.health(c) + c.extra - c.damage

    def generator_running(self, p):
        return any(TYPES[c.d] & GENERATOR and c.running for c in p.items)

    def radio_ready(self, p):
        """A Radio Action's needs: an intact transceiver, a running generator and a
        survivor with Radio Operation (built in or attached)."""
        if not any(TYPES[c.d] & TRANSCEIVER and HEALTH[c.d] - c.damage > 3 for c in p.items):
            return False
        if not self.generator_running(p):
            return False
        for z in (p.fighters, p.rest):
            for c in z:
                if TYPES[c.d] & SURVIVOR and (RADIO_OP[c.d] or any(
                        x.host is c and RADIO_OP[x.d] for z2 in self.inplay for x in z2)):
                    return True
        return False

    def can_reshuffle(self, p):
        n = len(p.discard)
        return p.reshuffles < 1 and n > 0 and n >= len(p.deck) - RESHUFFLE_TOLERANCE

    # --- moving cards --------------------------------------------------------------------
    def relocate(self, c, dst, bottom=False):
        """A card changes zones, no event. A player's hand makes it theirs; out of play it
        is controlled by its owner and loses counters, marks and host; within play it
        keeps both: the base zones belong to a side, not a player (the deck gives the
        starting survivor to the Survivor player itself: `setup`), as in the engine
        (dsl/engine/cards.py `relocate`)."""
        src = c.zone
        src.remove(c)
        if bottom:
            dst.insert(0, c)
        else:
            dst.append(c)
        c.zone = dst
        o = dst.owner
        if o is not None:
            c.owner = c.ctrl = o
        elif not dst.inplay:
            c.ctrl = c.owner
        if not dst.inplay:
            if src.inplay:
                c.straighten()
            c.host = None
        else:
            h = c.host
            if h is not None and h.zone is not dst:
                c.host = None
            if src.inplay and src is not dst:
                for x in [x for x in src if x.host is c]:   # attachments go along
                    self.relocate(x, dst)

    def move(self, c, dst, bottom=False):
        """`move c to dst`, with the `leave` and `enter` events of play. (The zones with a
        capacity, barricades and building, are never full when a card moves there: the
        rules check first.)"""
        src = c.zone
        self.relocate(c, dst, bottom)
        if src.inplay:
            if not dst.inplay:
                self.left_play(c)
        elif dst.inplay:
            self.entered(c)

    def left_play(self, c):
        """`when leave`: what was attached goes to the discard pile (dvorak.deck); Ankle
        Grab takes a hero zombie back to its owner's hand; Infectious Bite raises a
        resting zombie for a Survivor."""
        attached = [x for z in self.inplay for x in z if x.host is c]
        for a in attached:
            self.discard(a)
        t = TYPES[c.d]
        for g in self.zb.lair:
            you = g.ctrl or g.owner or self.active
            if g.d == ANKLE_GRAB and t & HERO and c.owner is you:
                self.move(c, you.hand)
        for g in self.zb.lair:
            if g.d == INFECTIOUS_BITE and t & SURVIVOR:
                (g.ctrl or g.owner or self.active).resting += 1

    def entered(self, c):
        """`when enter`: a Scout draws its controller a card (one from the setup has
        none); Flesh Rot gives a hero zombie 2 more health."""
        if c.d == SCOUT:
            you = c.ctrl or c.owner or self.active
            if you is not None:
                self.draw(you, 1)
        if TYPES[c.d] & HERO:
            for g in self.zb.lair:
                if g.d == FLESH_ROT:
                    c.extra += 2

    # --- verbs (urban_dead.deck) ---------------------------------------------------------
    def draw(self, p, n):
        """No automatic reshuffle: an empty draw pile gives nothing."""
        deck, hand = p.deck, p.hand
        for _ in range(n):
            if deck:
                c = deck.pop()
                hand.append(c)
                c.zone = hand
                c.owner = c.ctrl = p

    def reshuffle(self, p):
        p.reshuffles += 1
        pour(p.discard, p.deck)
        self.rng.shuffle(p.deck)

    def discard(self, c):
        """To the discard pile of the side whose deck the card comes from; a hero zombie
        to the used ZSD cards. (Destroying is discarding.)"""
        if c is not None:
            k = DECK[c.d]
            self.move(c, self.sv.discard if k == SD else self.zb.discard if k == ZD
                      else self.used_selection)

    def hurt(self, c, n):
        if n > 0:
            c.damage += n
        if c.damage >= self.health(c) + c.extra:
            if TYPES[c.d] & SURVIVOR:
                self.casualties += 1
            self.discard(c)

    def heal(self, healer, target, n, you):
        """A Doctor or Medic heals one more with a running generator, a Doctor two more
        with the Hospital too."""
        bonus = 0
        if healer is not None and ROLE[healer.d] in HEALERS and self.generator_running(you):
            bonus = 1
            if ROLE[healer.d] == "Doctor" and any(c.d == HOSPITAL for c in you.building):
                bonus = 2
        target.damage -= min(target.damage, n + bonus)

    def start_cooldown(self, s, n):
        s.cool = 0
        s.cooldown = max(n, 1)
        s.turned = True

    def play(self, c, you):
        """Actions happen and are discarded; each kind of Thing goes to its area, gear and
        survivor skills onto a survivor, zombie skills into the lair."""
        t = TYPES[c.d]
        if t & ACTION:
            self.relocate(c, you.resolving)
            EFFECT[c.d](self, you, c)
            if c.zone is you.resolving:
                self.discard(c)
        elif t & SURVIVOR:
            self.move(c, (you.fighters, you.rest)[self.pick(you, 2, "one")])
        elif t & BARRICADE:
            self.move(c, you.barricades)
        elif t & BUILDING:
            for b in list(you.building):
                self.discard(b)
            self.move(c, you.building)
        elif t & DEVICE:
            self.move(c, you.items)
        elif t & HERO:
            self.move(c, you.heroes)
        elif t & EQUIPMENT or you is self.sv:
            s = self.choose_one(you, [x for z in (you.fighters, you.rest) for x in z
                                      if TYPES[x.d] & SURVIVOR])
            if s.zone is not c.zone:
                self.move(c, s.zone)
            c.host = s
        else:
            self.move(c, you.lair)

    # --- the turn ------------------------------------------------------------------------
    def take_turn(self, p):
        self.turn += 1
        for q in self.players:                     # the per-turn limits are fresh
            q.thing_play = q.action_play = q.reshuffles = 0
        self.once.clear()
        self.active = p
        self.turn_start(p)
        self.phase_window()                        # phase draw
        self.draw(p, 1)
        self.phase_window()                        # phase main
        self.offer(p)
        self.phase_window()                        # phase battle
        if p is self.sv:
            self.survivor_end(p)
        else:
            self.zombie_end(p)
        self.phase_window()                        # phase end: discard down to hand size
        excess = len(p.hand) - HAND_SIZE
        if excess > 0:
            for c in self.choose(p, list(p.hand), excess, excess):
                self.discard(c)
        self.turn_end(p)
        for z in self.inplay:                      # marks made `this turn` expire
            for c in z:
                c.moved = c.moved_in = c.running = False

    def turn_start(self, p):
        """`when turn_start`: cool-downs tick on the survivors' turns; the zombie team
        counts its turns; Police Department, Fire Station and Lurching Gait on their
        controller's turn."""
        if p is self.sv:
            for s in self.survivors():
                if s.turned:
                    s.cool += 1
                    if s.cool >= s.cooldown:
                        s.cool = s.cooldown = 0
                        s.turned = False
        else:
            self.zombie_turns += 1
        for b in self.sv.building:
            if (b.ctrl or b.owner or self.active) is not p:
                continue
            if b.d == POLICE_DEPARTMENT:
                for z in self.inplay:
                    for w in z:
                        if TYPES[w.d] & EQUIPMENT and w.uses > 0 and w.ctrl is p:
                            w.uses -= 1
            elif b.d == FIRE_STATION:
                for g in p.items:
                    if TYPES[g.d] & GENERATOR:
                        g.fuel += 1
        for c in self.zb.lair:
            if c.d == LURCHING_GAIT and (c.ctrl or c.owner or self.active) is p \
                    and p.resting > 0:
                p.resting -= 1
                p.horde += 1

    def turn_end(self, p):
        """`when turn_end`, the victory rules in the deck's order."""
        sv, zb = self.sv, self.zb
        if p is sv and not sv.deck and self.survivors():
            raise GameOver(sv, "rescue")
        if p is zb and self.zombie_turns >= 3 and not self.survivors():
            raise GameOver(zb, "overrun")
        if self.turn >= 2 * SIEGE_TURNS:
            raise GameOver(sv, "held out")

    def phase_window(self):
        """The start of a phase: from the active player on, each player who may reshuffle
        (an `any time` move) is asked, unless they passed on the same sizes of discard
        pile and deck before; it closes when all in turn have passed or had nothing."""
        a = self.active
        order = [a, self.zb if a is self.sv else self.sv]
        quiet = i = 0
        while quiet < 2:
            p = order[i & 1]
            i += 1
            quiet = 0 if self.ask_reshuffle(p) else quiet + 1

    def move_window(self, mover):
        """After each move of ``mover``'s main phase, the other player is asked as at a
        phase start (an `any time` move between another player's moves)."""
        other = self.zb if mover is self.sv else self.sv
        while self.ask_reshuffle(other):
            pass

    def ask_reshuffle(self, p) -> bool:
        """Whether ``p`` reshuffles now: asked only when they may, and had not passed on
        the same sizes of discard pile and deck."""
        if not self.can_reshuffle(p):
            return False
        key = (len(p.discard), len(p.deck))
        if self.passed.get(p.seat) == key:
            return False
        if self.pick(p, 2, "respond") == 1:    # pass
            self.passed[p.seat] = key
            return False
        self.reshuffle(p)
        return True

    def moves(self, p):
        """The turn's offer, in the deck's order: play_thing, play_action, reposition,
        run_generator, reshuffle_discard, then abilities (then `pass`)."""
        out, actions = [], []
        things_ok, actions_ok = p.thing_play < 1, p.action_play < 1
        if things_ok or actions_ok:
            base = radio = None                    # worked out when first needed
            for c in p.hand:                       # every card in a hand is one or other
                t = TYPES[c.d]
                if t & THING:
                    if not things_ok or (t & BARRICADE
                                         and len(p.barricades) >= MAX_BARRICADES):
                        continue
                    if t & EQUIPMENT or (t & SKILL and p is self.sv):
                        if base is None:
                            base = any(TYPES[x.d] & SURVIVOR for z in (p.fighters, p.rest)
                                       for x in z)
                        if not base:
                            continue
                    out.append((PLAY_THING, c, None))
                elif actions_ok:
                    if t & RADIO:
                        if radio is None:
                            radio = self.radio_ready(p)
                        if not radio:
                            continue
                    need = REQUIRE[c.d]
                    if need is None or need(self, p):
                        actions.append((PLAY_ACTION, c, None))
            out += actions
        for z in (p.fighters, p.rest):
            for c in z:
                if TYPES[c.d] & SURVIVOR and not c.moved and not c.turned:
                    out.append((REPOSITION, c, None))
        for c in p.items:
            if TYPES[c.d] & GENERATOR and c.fuel > 0 and not c.running:
                out.append((RUN_GENERATOR, c, None))
        if self.can_reshuffle(p):
            out.append((RESHUFFLE, None, None))
        # The abilities of the cards p controls.
        for z in p.able:
            for c in z:
                ab = ABILITIES[c.d]
                if ab is not None and c.ctrl is p:
                    once, action, cond, body = ab
                    if once and c in self.once:
                        continue
                    if action and p.action_play >= 1:
                        continue
                    if cond is None or cond(self, p, c):
                        out.append((USE_ABILITY, c, ab))
        return out

    def offer(self, p):
        for _ in range(MAX_MOVES):
            move = self.offered(p, self.moves(p))
            if move is None:
                return
            kind, c, ab = move
            if kind == PLAY_THING:
                p.thing_play += 1
                self.play(c, p)
            elif kind == PLAY_ACTION:
                p.action_play += 1
                self.play(c, p)
            elif kind == REPOSITION:
                c.moved = True
                if c.zone is p.fighters:
                    self.relocate(c, p.rest)
                    c.moved_in = True
                else:
                    self.relocate(c, p.fighters)
            elif kind == RUN_GENERATOR:
                c.fuel -= 1
                c.running = True
            elif kind == RESHUFFLE:
                self.reshuffle(p)
            else:
                once, action, cond, body = ab
                if action:
                    p.action_play += 1
                if once:
                    self.once.add(c)
                body(self, p, c)
            self.move_window(p)
        raise RuntimeError(f"{p} made more than {MAX_MOVES} moves in one turn")

    # --- the survivors' end of turn: attack the horde, or search --------------------------
    def survivor_end(self, you):
        z = self.zb
        if (z.horde + len(self.heroes(lambda h: not h.resting and not h.drowsy)) > 0
                and any(TYPES[c.d] & SURVIVOR and not c.turned
                        for q in (you.fighters, you.rest) for c in q)
                and self.pick(you, 2, "one") == 0):
            self.survivor_attack(you)
        else:
            self.draw(you, 1)                      # search

    def volley(self, you, cap, skills):
        """Every battle survivor not cooling down may strike: with a weapon that has uses
        left, an active attack skill (when `skills`), or its own attack; at most `cap`
        zombies of the horde in all (`killed`), or a hero zombie in the battle."""
        self.killed = 0
        self.struck = False
        strikers = [c for c in self.survivors() if c.in_battle and not c.turned]
        heroes = self.heroes(lambda h: h.in_battle)
        if not strikers or (cap <= 0 and not heroes):
            return
        for s in self.choose(you, strikers, 0, len(strikers)):
            self.struck = True
            power = ATTACK[s.d]
            cool = None                                # a skill's cool-down, once used
            fresh = skills and s.damage == 0 and not s.moved_in
            weapons = [w for w in s.zone if w.host is s and (
                (ATTACK[w.d] > 0 and (USES[w.d] == 0 or w.uses < USES[w.d]))
                or (fresh and STRIKE[w.d] > 0))]
            for w in self.choose(you, weapons, 0, 1):
                if skills and STRIKE[w.d] > 0:
                    power = STRIKE[w.d]
                    cool = COOLDOWN[w.d]
                else:
                    power = ATTACK[w.d]
                    if USES[w.d] > 0:
                        w.uses += 1
                        if w.uses >= USES[w.d] and self.may(you):
                            self.discard(w)            # used up: discard it, or keep it
            aimed = self.choose(you, self.heroes(lambda h: h.in_battle), 0, 1)
            for h in aimed:
                self.hurt(h, power)
            if not aimed:
                self.killed += min(power, cap - self.killed)
            if cool is not None:
                self.start_cooldown(s, cool)

    def hit_attackers(self, n):
        """The zombie player shares n hits among the survivors in the battle."""
        targets = [c for c in self.survivors() if c.in_battle]
        for t, k in self.divide(self.zb, n, targets, [1] * len(targets),
                                [self.left_in(c) for c in targets]):
            self.hurt(t, k)

    def survivor_attack(self, you):
        z = self.zb
        self.casualties = self.engaged = 0
        ready = [c for q in (you.fighters, you.rest) for c in q
                 if TYPES[c.d] & SURVIVOR and not c.turned]
        for a in self.choose(you, ready, 0, len(ready)):
            a.in_battle = True
        for h in self.heroes(lambda h: not h.resting and not h.drowsy):
            h.in_battle = True
        battling = False
        if any(c.in_battle for c in self.survivors()):
            self.volley(you, z.horde, True)
            z.horde = max(z.horde - self.killed, 0)
            battling = self.struck
        first = True
        while battling:
            avail = z.horde if first else self.engaged
            battling = False
            if (avail > 0 or self.heroes(lambda h: h.in_battle)) \
                    and any(c.in_battle for c in self.survivors()) and self.may(z):
                battling = True
                if avail > 0:
                    m = self.choose_number(z, avail)
                    if first:
                        z.horde -= m
                    else:
                        z.resting += self.engaged - m
                    self.engaged = m
            first = False
            if battling:
                self.hit_attackers(self.engaged)
                for h in self.heroes(lambda h: h.in_battle):
                    self.hit_attackers(ATTACK[h.d])
                self.volley(you, self.engaged, True)
                self.engaged -= self.killed
                battling = self.struck
        self.end_battle(True)

    def end_battle(self, sortie):
        """Zombies still standing rest, heroes too; survivors who went out return to the
        rest area; the dead convert through the ZSD."""
        z = self.zb
        if self.engaged > 0:
            z.resting += self.engaged
        self.engaged = self.extra_hits = 0
        for h in self.heroes(lambda h: h.in_battle):
            h.in_battle = False
            h.resting = True
        for s in [c for c in self.survivors() if c.in_battle]:
            s.in_battle = False
            # `move s to rest of s.controller`
            if sortie and s.zone is not s.ctrl.rest:
                self.relocate(s, s.ctrl.rest)
        if self.casualties > 0:
            self.convert(z, self.casualties)
        self.casualties = 0

    # --- the zombies' end of turn: gain zombies, or attack ----------------------------------
    def zombie_end(self, you):
        sleepers = you.resting                     # they sit this turn out
        for h in you.heroes:
            if h.resting:
                h.resting = False
                h.drowsy = True
        if you.horde + sum(1 for h in you.heroes if not h.drowsy) > 0 \
                and self.pick(you, 2, "one") == 1:
            self.zombie_attack(you)
        else:
            self.select_zombies(you)
        if sleepers > 0:
            you.resting = max(you.resting - sleepers, 0)
            you.horde += sleepers
        for h in you.heroes:
            h.drowsy = False

    def hit_base(self, you, n):
        """n zombies hit the barricades while one stands (those a fallen one did not need
        are planned again), then the base: a fighter for one zombie, a survivor at rest or
        an item for two while a fighter stands."""
        s = self.sv
        left = n
        while left > 0 and s.barricades:
            targets = list(s.barricades)
            wave, left = left, 0
            for b, k in self.divide(you, wave, targets, [1] * len(targets),
                                    [None] * len(targets)):
                standing = HEALTH[b.d] - b.damage
                left += max(k - standing, 0)
                self.hurt(b, min(k, standing))
        planning = True
        while left > 0 and planning:
            planning = False
            nf = sum(1 for c in s.fighters if TYPES[c.d] & SURVIVOR)
            targets = [c for q in (s.fighters, s.rest, s.items) for c in q
                       if TYPES[c.d] & (SURVIVOR | DEVICE)]
            costs = [2 if nf > 0 and c.zone is not s.fighters else 1 for c in targets]
            for t, k in self.divide(you, left, targets, costs,
                                    [self.left_in(c) for c in targets]):
                planning = True
                left -= 2 * k if nf > 0 and t.zone is not s.fighters else k
                self.hurt(t, k)

    def zombie_attack(self, you):
        s = self.sv
        for c in self.zb.lair:                     # `before zombie_attack`
            if c.d == VIGOUR_MORTIS:
                self.extra_hits += 1
        self.casualties = self.engaged = 0
        if you.horde > 0:
            n = self.choose_number(you, you.horde)
            you.horde -= n
            self.engaged = n
        ready = [h for h in you.heroes if not h.drowsy]
        for h in self.choose(you, ready, 0, len(ready)):
            h.in_battle = True
        for f in s.fighters:
            if TYPES[f.d] & SURVIVOR and not f.turned:
                f.in_battle = True
        self.hit_base(you, self.engaged + self.extra_hits)
        for h in self.heroes(lambda h: h.in_battle):
            self.hit_base(you, ATTACK[h.d])
        battling = True
        while battling:
            self.volley(s, self.engaged, False)
            self.engaged -= self.killed
            battling = False
            if self.struck and (self.engaged > 0 or self.heroes(lambda h: h.in_battle)) \
                    and self.may(you):
                battling = True
                if self.engaged > 0:
                    m = self.choose_number(you, self.engaged)
                    you.resting += self.engaged - m
                    self.engaged = m
            if battling:
                self.hit_base(you, self.engaged)
                for h in self.heroes(lambda h: h.in_battle):
                    self.hit_base(you, ATTACK[h.d])
                for f in s.fighters:
                    if TYPES[f.d] & SURVIVOR and not f.turned and not f.in_battle:
                        f.in_battle = True
        self.end_battle(False)

    # --- the Zombie selection deck ---------------------------------------------------------
    def take_selection(self, you):
        """ZSD cards until a number turns up (`sel_value`); each hero on the way goes to
        the hand. The used cards are shuffled back in when it runs out."""
        sel, used = self.selection, self.used_selection
        self.sel_value, self.sel_heroes = -1, 0
        while self.sel_value < 0:
            if not sel:
                pour(used, sel)
                self.rng.shuffle(sel)
            if not sel:
                self.sel_value = 0
            elif TYPES[sel[-1].d] & HERO:
                self.relocate(sel[-1], you.hand)
                self.sel_heroes += 1
            else:
                self.sel_value = VALUE[sel[-1].d]
                self.relocate(sel[-1], used)

    def select_zombies(self, you):
        self.take_selection(you)
        you.horde += max(self.sel_value - self.sel_heroes, 0)
        for c in self.zb.lair:                     # Feeding Groan: `when select_zombies`
            if c.d == FEEDING_GROAN:
                (c.ctrl or c.owner or self.active).horde += 1

    def convert(self, you, k):
        """Tenths of the dead, rounded down, at least one; one fewer for each hero."""
        self.take_selection(you)
        you.horde += max(max(1, k * self.sel_value // 10) - self.sel_heroes, 0)

    # --- set-up and the game -----------------------------------------------------------------
    def setup(self):
        sv, zb, rng = self.sv, self.zb, self.rng
        for k in range(len(DEFS)):
            zone = (sv.deck, zb.deck, self.selection)[DECK[k]]
            zone.extend(Card(k, zone) for _ in range(COPIES[k]))
        rng.shuffle(sv.deck)
        first = [c for c in sv.deck if TYPES[c.d] & SURVIVOR][-1]
        self.move(first, sv.rest)
        first.owner = first.ctrl = sv             # `give s to p`, `give control of s to p`
        rng.shuffle(zb.deck)
        rng.shuffle(self.selection)
        for p in self.players:
            self.draw(p, HAND_SIZE)

    def play_game(self):
        try:
            self.setup()
            p = self.sv                            # the survivors go first
            while True:
                self.take_turn(p)
                p = self.zb if p is self.sv else self.sv
        except GameOver as over:
            winner, reason = over.args
        return {"winners": [winner.seat], "draw": False, "reason": reason,
                "turns": self.turn, "decisions": self.decisions}


# --- the cards' texts -------------------------------------------------------------------
# Effects: f(game, you, this). Requires: need(game, you). Abilities: (once per turn, uses
# the Action play, `if` or None, body), cond(game, you, this) and body(game, you, this).

def in_base(you, test):
    """The Survivors in your fighter and rest areas that pass `test`."""
    return [c for z in (you.fighters, you.rest) for c in z if TYPES[c.d] & SURVIVOR and test(c)]


def hurt_ones(you):
    return in_base(you, lambda c: c.damage > 0)


def needs_role(*roles):
    def need(g, you):
        return bool(in_base(you, lambda c: ROLE[c.d] in roles))
    return need


def needs_generator(g, you):
    return any(TYPES[c.d] & GENERATOR for c in you.items)


def fx_first_aid_kit(g, you, this):
    t = g.choose_one(you, hurt_ones(you))
    if t is not None:
        healers = in_base(you, lambda c: ROLE[c.d] in HEALERS)
        g.heal(healers[0] if healers else None, t, 2, you)


def fx_reload(d):
    def effect(g, you, this):                      # Pistol Clip, Shotgun Shells
        w = g.choose_one(you, [c for z in g.inplay for c in z
                               if c.d == d and c.uses > 0 and c.ctrl is you])
        if w is not None:
            w.uses = 0
    return effect


def fx_toolbox(g, you, this):
    t = g.choose_one(you, [c for z in (you.barricades, you.items) for c in z if c.damage > 0])
    if t is not None:
        t.damage -= min(t.damage, 2)


def fx_kill_two(g, you, this):                     # Revivification Syringe, Flare Gun
    g.zb.horde = max(g.zb.horde - 2, 0)


def fx_fuel(g, you, this):                         # Refuel, Biofuel
    n = VALUE[this.d]
    if this.d == D["Biofuel"] and in_base(you, lambda c: TYPES[c.d] & SCIENCE):
        n += 1
    gen = g.choose_one(you, [c for c in you.items if TYPES[c.d] & GENERATOR])
    if gen is not None:
        gen.fuel += n


def fx_draw(n):
    def effect(g, you, this):
        g.draw(you, n)
    return effect


def fx_call_for_reinforcements(g, you, this):
    seen = you.deck[-1:-6:-1]                      # the top five
    for c in g.choose(you, [c for c in you.deck if TYPES[c.d] & SURVIVOR and c in seen], 0, 1):
        g.relocate(c, you.hand)
    g.rng.shuffle(you.deck)


def fx_coordinated_defence(g, you, this):
    for z in (you.barricades, you.items):
        for c in z:
            if c.damage > 0:
                c.damage -= 1


def fx_ransack(g, you, this):
    sv = g.sv
    if sv.building:
        for b in list(sv.building):
            g.discard(b)
    else:
        t = g.choose_one(you, [c for c in sv.items if TYPES[c.d] & DEVICE])
        if t is not None:
            g.hurt(t, 1)


def fx_scent_blood(g, you, this):
    t = g.choose_one(you, [c for c in g.survivors() if c.damage > 0])
    if t is not None:
        g.hurt(t, 1)


def fx_flailing_gesture(g, you, this):
    sv = g.sv
    if sv.barricades:
        t = g.choose_one(you, list(sv.barricades))
    else:
        t = g.choose_one(you, [c for c in sv.fighters if TYPES[c.d] & SURVIVOR])
    if t is not None:
        g.hurt(t, 1)


def fx_neck_lurch(g, you, this):
    you.horde += you.resting
    you.resting = 0


def fx_brain_rot(g, you, this):
    hand = g.sv.hand
    if hand:
        g.discard(g.rng.choice(list(hand)))


def fx_scent_trail(g, you, this):
    g.select_zombies(you)


EFFECT = [None] * len(DEFS)
for _name, _fx in [
        ("First Aid Kit", fx_first_aid_kit), ("Pistol Clip", fx_reload(PISTOL)),
        ("Shotgun Shells", fx_reload(SHOTGUN)), ("Toolbox", fx_toolbox),
        ("Revivification Syringe", fx_kill_two), ("Flare Gun", fx_kill_two),
        ("Refuel", fx_fuel), ("Biofuel", fx_fuel), ("Broadcast for Help", fx_draw(2)),
        ("Call for Reinforcements", fx_call_for_reinforcements),
        ("Coordinated Defence", fx_coordinated_defence), ("Death Rattle", fx_draw(2)),
        ("Ransack", fx_ransack), ("Scent Blood", fx_scent_blood), ("Scent Fear", fx_draw(1)),
        ("Flailing Gesture", fx_flailing_gesture), ("Neck Lurch", fx_neck_lurch),
        ("Brain Rot", fx_brain_rot), ("Scent Trail", fx_scent_trail)]:
    EFFECT[D[_name]] = _fx

REQUIRE = [None] * len(DEFS)
for _name, _need in [("First Aid Kit", needs_role(*HEALERS)),
                     ("Revivification Syringe", needs_role("LabAssistant")),
                     ("Flare Gun", needs_role("Scout")), ("Refuel", needs_generator),
                     ("Biofuel", needs_generator)]:
    REQUIRE[D[_name]] = _need


# Active skills: only in the rest area, for a survivor not hurt, not cooling down and not
# moved there this turn; a survivor's own (`this`) or its skill's host's (`this.host`).
def ready_at_rest(g, you, s):
    return s is not None and s.zone is you.rest and s.damage == 0 and not s.turned \
        and not s.moved_in


def own(test=None):
    def cond(g, you, this):
        return ready_at_rest(g, you, this) and (test is None or test(g, you))
    return cond


def hosts(test=None):
    def cond(g, you, this):
        return ready_at_rest(g, you, this.host) and (test is None or test(g, you))
    return cond


def anyone_hurt(g, you):
    return bool(hurt_ones(you))


def hurt_at_rest(you):
    return [c for c in you.rest if TYPES[c.d] & SURVIVOR and c.damage > 0]


def ab_heal(n, healer_of):
    """First Aid (a Medic's or the skill's), Surgery: heal a hurt survivor, cool down."""
    def body(g, you, this):
        s = healer_of(this)
        t = g.choose_one(you, hurt_ones(you))
        if t is not None:
            g.heal(s, t, n, you)
        g.start_cooldown(s, COOLDOWN[this.d])
    return body


def ab_shopping(g, you, this):                     # Consumer
    deck = you.deck
    seen = deck[-1:-3:-1]                          # the top two
    for c in g.choose(you, seen, 1, 1):
        g.relocate(c, you.hand)
    for c in seen:
        if c.zone is deck:
            g.relocate(c, deck, bottom=True)
    g.start_cooldown(this, COOLDOWN[this.d])


def ab_diagnosis(g, you, this):
    t = g.choose_one(you, hurt_at_rest(you))
    if t is not None:
        t.damage = 0
    g.start_cooldown(this.host, COOLDOWN[this.d])


def ab_construction(g, you, this):
    b = g.choose_one(you, [c for c in you.discard if TYPES[c.d] & BARRICADE])
    if b is not None:
        g.relocate(b, you.hand)
    g.start_cooldown(this.host, COOLDOWN[this.d])


def ab_bargain_hunting(g, you, this):
    g.draw(you, 1)
    g.start_cooldown(this.host, COOLDOWN[this.d])


def ab_go_shopping(g, you, this):                  # Mall
    g.draw(you, 1)
    g.discard(g.choose_one(you, list(you.hand)))


def revive_ready(g, you, this):                    # NecroTech Building
    return g.generator_running(you) and g.zb.horde > 0


def ab_revive(g, you, this):
    g.zb.horde -= 1


def ab_open_doors(g, you, this):                   # Memories of Life
    b = g.choose_one(you, list(g.sv.barricades))
    if b is not None:
        g.hurt(b, 1)


def me(card):
    return card


def my_host(card):
    return card.host


ABILITIES = [None] * len(DEFS)
for _name, _ability in [
        ("Medic", (False, False, own(anyone_hurt), ab_heal(1, me))),
        ("Doctor", (False, False, own(anyone_hurt), ab_heal(2, me))),
        ("Consumer", (False, False, own(lambda g, you: bool(you.deck)), ab_shopping)),
        ("First Aid", (False, False, hosts(anyone_hurt), ab_heal(1, my_host))),
        ("Diagnosis", (False, False, hosts(lambda g, you: bool(hurt_at_rest(you))),
                       ab_diagnosis)),
        ("Construction", (False, False, hosts(lambda g, you: any(
            TYPES[c.d] & BARRICADE for c in you.discard)), ab_construction)),
        ("Bargain Hunting", (False, False, hosts(), ab_bargain_hunting)),
        ("Mall", (True, False, None, ab_go_shopping)),
        ("NecroTech Building", (True, False, revive_ready, ab_revive)),
        ("Memories of Life", (False, True, lambda g, you, this: bool(g.sv.barricades),
                              ab_open_doors))]:
    ABILITIES[D[_name]] = _ability


# --- running ----------------------------------------------------------------------------

def play_game(seed, trace=None):
    """One 2-player random-bot game: {"winners": seats, "draw", "reason", "turns",
    "decisions"}; `trace`, a list, receives every decision as the engine's decisions are
    read by `engine_trace`."""
    return Game(seed, trace).play_game()


def engine_trace(seed, program=None):
    """The engine's game of this seed, every decision recorded as play_game's `trace`
    records it: (seat, kind, options, lo, hi, pick). Its bots are the random bots, asked
    with the Decision (not the quick path), which draw the same."""
    program = program or engine_program("urban_dead")
    from deckwright.dsl.agents import RandomAgent
    from deckwright.dsl.engine import Game as EngineGame

    trace = []

    class Tracing(RandomAgent):
        quick = False

        def choose(self, game, d):
            pick = super().choose(game, d)
            trace.append((d.player.index, d.kind, len(d.values), d.min_count, d.max_count,
                          pick))
            return pick

    game = EngineGame(program, seed=seed, players=2, log=False,
                      agents=[Tracing(seed * 1000 + k + 1) for k in range(2)])
    r = game.run()
    return {"winners": [int(w[1:]) - 1 for w in r["winners"]], "draw": r["draw"],
            "reason": r["reason"], "turns": r["turns"], "decisions": len(trace)}, trace


def engine_picks(seed, program):
    """The picks of the engine's game of this seed as `deckwright sim` plays it: its bots
    asked without a Decision (`Game.ask_quick`), the path that is timed."""
    from deckwright.dsl.sim import play_one
    return list(play_one(program, 0, seed, 2, ["random"]).decisions)


def first_difference(seed, program=None):
    """None if this file plays the engine's game of `seed` decision for decision, to the
    same end, both as the engine asks its bots with a Decision and as `sim` asks them;
    else where they part."""
    program = program or engine_program("urban_dead")
    engine, theirs = engine_trace(seed, program)
    mine = []
    ours = play_game(seed, mine)
    for k, (a, b) in enumerate(zip(mine, theirs)):
        if a != b:
            return f"seed {seed}, decision {k}: by hand {a}, engine {b}"
    if len(mine) != len(theirs) or ours != engine:
        return f"seed {seed}: by hand {ours}, engine {engine}"
    if engine_picks(seed, program) != [t[-1] for t in mine]:
        return f"seed {seed}: the engine's quick bots pick otherwise"
    return None


def survivors_win(results):
    n = len(results)
    won, pm = share(sum(0 in r["winners"] for r in results), n)
    return [f"survivors win {won:10.1f} % +- {pm:.1f}"]


def check(games, seed):
    """Seeds seed..seed+games-1 played here and by the engine, decision for decision."""
    program = engine_program("urban_dead")
    differ = 0
    for s in range(seed, seed + games):
        why = first_difference(s, program)
        if why is not None:
            differ += 1
            print(why)
    print(f"seeds {seed}-{seed + games - 1}: {games - differ} of {games} games the same, "
          "decision for decision")
    return differ


def main():
    ap = arguments(__doc__, games=3000, engine_games=1000)
    ap.add_argument("--check", type=int, default=0, metavar="N",
                    help="compare N games with the engine's, decision for decision, instead")
    args = ap.parse_args()
    if args.check:
        sys.exit(1 if check(args.check, args.seed) else 0)
    run("Urban Dead", play_game, "urban_dead", args, 2, survivors_win)


if __name__ == "__main__":
    main()
