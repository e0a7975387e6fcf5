"""Dveck Builder written by hand in plain Python: the speed reference.

    python bench/dveck_by_hand.py [--games N] [--engine-games N] [--seed S] [--players N]

Prints, for random-bot games on one core: games/s, turns/s, average turns, decisions per
game and the time one takes, how often P1 and the first to move win, and how games end;
first for this hand-written game, then for the engine playing the bundled deck with the
same seeds in the same run, a game of each in turn (``--engine-games 0`` leaves it out),
then the ratio. Issue 11 asks the engine's Dveck Builder for at least 100 random-bot
games/s.

The rules are those of decks/dveck_builder.deck with its default options (hand size 5,
the engine's limit of 1,000 turns) and of what it includes and extends
(decks/dveck_cards.deck, decks/dvorak.deck): the deck files are the spec. This file
follows their order of steps, offers the same options at every decision in the same
order, and skips a decision exactly where the engine does, so a random bot faces the same
choices. The hand-written part imports nothing from the project, only the standard
library (and bench/by_hand.py, what it shares with bench/urban_by_hand.py, which also
runs the engine beside it).

Random play is that of the bundled `RandomAgent` (dsl/agents.py): one pick is uniform
over the options, but in a turn's offer of moves (whose last option is `pass`) it first
draws below 4 and, unless that is 0, picks among the moves other than `pass`; a choice of
lo..hi picks takes k = lo + a draw below hi - lo + 1, then the first k of the shuffled
option numbers, in option order; a yes/no is a pick of two. As in the engine
(`choice_of` in dsl/engine/players.py, and the generated code of a one-card `choose`),
no decision is taken when there is nothing to choose from or when every option must be
taken. Seat k's bot draws from ``Rng(seed * 1000 + k + 1)``, the game (shuffles, the
first player, a card at random) from ``Rng(seed)``; ``Rng`` is the engine's generator
(dsl/rng.py), and every draw is made in the engine's order, so a seed plays the very
game the engine plays with that seed (as `deckwright sim --seed` and bench/games.py do).

Checked against the engine (random bots; intervals are 1.96 standard errors):

* With the rules issue 14's review fixed (a Ghost Copy showing Watchtower may negate, one
  leaving play with Buried Treasure's text acquires, "each player" goes round from the
  card's player, only a card in play is destroyed), the engine at c9c4fd0 and this file
  play the same games: as many decisions over as many turns, to the same end and
  winners, with 2 players for seeds 0-1999 (702, 786 and 1953 among them have a Ghost
  Copy leave play with Buried Treasure's text; so do 2121 and 2881, also checked), for
  seeds 0-29 with 3 players and 0-19 with 4. Over seeds 0-1999 they play 239.1 +- 2.0
  turns, 1,700.9 +- 9.9 decisions, P1 wins 49.9 % +- 2.2, the first to move 50.9 % +-
  2.2; the game ends at 50 VP in 74.0 % +- 1.9, with both decks empty in 25.0 % +- 1.9,
  tied on VP (a draw) in 1.0 % +- 0.4, never at the turn limit.
* Before those fixes (the engine of main at e94fd8e and before), decision for decision:
  with 2 players, seeds 0-3309 (3,310 games) took every decision as the engine did (who
  takes it, how many options, how many picks, which) and ended alike; so did 25 seeds
  with 3 players and 15 with 4. Over 2,000 games (seeds 0-1999) the engine's figures
  were this file's to the last digit (239.1 +- 2.0 turns, 1,700.5 +- 10.0 decisions, 50
  VP in 73.5 % +- 1.9), and over 40,000 other seeds (1,000,000 on) this file played
  240.6 +- 0.4 turns, within the engine's intervals.
* Instructions (callgrind, games 0-9, as bench/by_hand_instructions.py counts): the
  engine 333 M a game, this file 89 M, 3.7x. In seconds, while this was written, the
  engine took 4x to 5.5x this file's time per turn (5.0x on the quietest run, load 1.3:
  9.0 against 43.7 games/s, 66 against 13.5 us a decision): the 100 games/s of issue 11
  is some 2.3x what this plain Python does.
"""
from __future__ import annotations

import sys
from pathlib import Path

BENCH = str(Path(__file__).resolve().parent)
if BENCH not in sys.path:         # bench/ is a folder of scripts, not an installed package
    sys.path.insert(0, BENCH)

from by_hand import RandomPlay, Rng, arguments, engine_result, pour, run, share  # noqa: E402


# --- the cards ------------------------------------------------------------------------

# Types and the subtypes the rules read, as bits.
ACTION, THING, MATERIAL, BASIC, PONY, WIZARD = 1, 2, 4, 8, 16, 32
A, T, M, B = ACTION, THING, MATERIAL, BASIC | MATERIAL

# Every card definition in the order the engine's program lists them (dveck_cards.deck),
# which is the order `create library` makes them in: name, types, cost, copies, module.
# Tokens (Party, Drone, Bee) are never in the library.
DEFS = [
    # Basic Materials (the supply piles)
    ("Blue Shard", B, 0, 40, None), ("Red Shard", B, 0, 34, None),
    ("Blue Bar", B, 3, 12, None), ("Red Bar", B, 3, 12, None),
    ("Blue Slab", B, 6, 8, None), ("Red Slab", B, 6, 8, None),
    ("Gold Shard", B, 2, 16, None), ("Gold Bar", B, 5, 10, None), ("Gold Slab", B, 8, 8, None),
    # Pony Set
    ("Twilight Sparkle", T | PONY, 4, 1, "Pony Set"), ("Rainbow Dash", T | PONY, 3, 2, "Pony Set"),
    ("Applejack", T | PONY, 3, 1, "Pony Set"), ("Pinkie Pie", T | PONY, 2, 1, "Pony Set"),
    ("Party", T, 0, 0, None),
    ("Fluttershy", T | PONY, 3, 1, "Pony Set"), ("Friendship Lesson", A, 3, 1, "Pony Set"),
    ("Cutie Mark", A, 2, 1, "Pony Set"),
    # Wizard Set
    ("Apprentice", T | WIZARD, 2, 2, "Wizard Set"), ("Archmage", T | WIZARD, 6, 1, "Wizard Set"),
    ("Fireball", A, 4, 1, "Wizard Set"), ("Counterspell", A, 3, 1, "Wizard Set"),
    ("Transmute", A, 2, 1, "Wizard Set"), ("Polymorph", A, 3, 1, "Wizard Set"),
    ("Mana Crystal", M | WIZARD, 3, 1, "Wizard Set"),
    # Exotic Materials
    ("Mithril Ingot", M, 6, 1, "Exotic Materials"), ("Rose Quartz", M, 4, 2, "Exotic Materials"),
    ("Dragonglass", M, 5, 1, "Exotic Materials"),
    ("Philosopher's Stone", M, 7, 1, "Exotic Materials"),
    ("Fool's Gold", M, 1, 2, "Exotic Materials"), ("Star Metal", M, 4, 1, "Exotic Materials"),
    # All As One
    ("Potluck", A, 3, 2, "All As One"), ("Commune", A, 4, 1, "All As One"),
    ("Shared Burden", A, 2, 1, "All As One"), ("Hive Mind", T, 5, 1, "All As One"),
    ("Drone", T, 0, 0, None), ("Unity", A, 3, 1, "All As One"),
    ("Common Ground", T, 3, 2, "All As One"),
    # Piracy
    ("Plunder", A, 4, 2, "Piracy"), ("Parrot", T, 2, 1, "Piracy"),
    ("Pirate Ship", T, 5, 1, "Piracy"), ("Cutlass", T, 3, 1, "Piracy"),
    ("Walk the Plank", A, 3, 1, "Piracy"), ("Buried Treasure", T, 4, 1, "Piracy"),
    ("Sea Shanty", A, 2, 1, "Piracy"),
    # the main deck: Actions
    ("Quick Study", A, 2, 3, None), ("Market Day", A, 3, 3, None), ("Windfall", A, 2, 3, None),
    ("Refine", A, 2, 3, None), ("Shatter", A, 3, 2, None), ("Scrapheap", A, 2, 3, None),
    ("Salvage", A, 3, 2, None), ("Sabotage", A, 4, 2, None), ("Wrecking Ball", A, 5, 2, None),
    ("Demolish", A, 3, 3, None), ("Encore", A, 4, 2, None), ("Double Time", A, 4, 2, None),
    ("Bargain Hunt", A, 5, 2, None), ("Naysay", A, 3, 3, None), ("Stifle", A, 3, 2, None),
    ("Heist", A, 5, 2, None), ("Repossess", A, 3, 2, None), ("Bounty", A, 4, 2, None),
    ("Spring Clean", A, 3, 2, None), ("Overtime", A, 4, 2, None),
    # the main deck: Things
    ("Ghost Copy", T, 4, 2, None), ("Boomerang", T, 2, 2, None), ("Gift Horse", T, 3, 2, None),
    ("Leech", T, 3, 2, None), ("Piggy Bank", T, 3, 3, None), ("Workshop", T, 4, 2, None),
    ("Bee Hive", T, 4, 2, None), ("Bee", T, 0, 0, None), ("Watchtower", T, 3, 2, None),
    ("Treasure Map", T, 5, 2, None), ("Merchant", T, 3, 3, None),
    ("Library Card", T, 4, 2, None), ("Tinker", T, 3, 3, None), ("Scarecrow", T, 2, 2, None),
    ("Vault", T, 5, 2, None), ("Trophy Case", T, 6, 2, None), ("Doorman", T, 2, 2, None),
    ("Guest Room", T, 3, 2, None),
    # the main deck: Materials
    ("Alloy", M, 4, 3, None), ("Lucky Coin", M, 3, 3, None), ("Gemstone", M, 5, 2, None),
    ("IOU", M, 1, 2, None), ("Crystal Ball", M, 3, 3, None), ("Scrap Metal", M, 2, 3, None),
]
NAME = [d[0] for d in DEFS]
TYPES = [d[1] for d in DEFS]
COST = [d[2] for d in DEFS]
D = {name: k for k, name in enumerate(NAME)}
TOKENS = {D["Party"], D["Drone"], D["Bee"]}
MODULES = ["Pony Set", "Wizard Set", "Exotic Materials", "All As One", "Piracy"]

(BLUE_SHARD, RED_SHARD, BLUE_BAR, RED_BAR, BLUE_SLAB, RED_SLAB, GOLD_SHARD, GOLD_BAR,
 GOLD_SLAB) = range(9)
# The supply piles in the deck's order of zones (and of `buy_basic`'s options).
PILE_ORDER = [BLUE_SHARD, RED_SHARD, GOLD_SHARD, BLUE_BAR, RED_BAR, GOLD_BAR,
              BLUE_SLAB, RED_SLAB, GOLD_SLAB]
# Upgrade / Downgrade: the Basic Material of the same colour one pile up (down).
UP = {BLUE_SHARD: BLUE_BAR, RED_SHARD: RED_BAR, GOLD_SHARD: GOLD_BAR,
      BLUE_BAR: BLUE_SLAB, RED_BAR: RED_SLAB, GOLD_BAR: GOLD_SLAB}
DOWN = {v: k for k, v in UP.items()}

TWILIGHT, PARTY, FLUTTERSHY = D["Twilight Sparkle"], D["Party"], D["Fluttershy"]
COUNTERSPELL, DRONE, BURIED_TREASURE = D["Counterspell"], D["Drone"], D["Buried Treasure"]
NAYSAY, STIFLE, GHOST_COPY = D["Naysay"], D["Stifle"], D["Ghost Copy"]
BEE_HIVE, BEE, WATCHTOWER, MERCHANT = D["Bee Hive"], D["Bee"], D["Watchtower"], D["Merchant"]
SCARECROW, VAULT, TROPHY_CASE, GUEST_ROOM = (D["Scarecrow"], D["Vault"], D["Trophy Case"],
                                             D["Guest Room"])
# `static modify hand_size`: the controller's hand size.
HAND_MOD = {D["Common Ground"]: 1, D["Library Card"]: 1, D["Gift Horse"]: -1, D["Leech"]: -1}
HAND_MODIFIERS = set(HAND_MOD) | {GHOST_COPY}

# The cards with text "at the end of your turn" (and Ghost Copy, which may copy it).
AT_END = {BEE_HIVE, VAULT, GUEST_ROOM, GHOST_COPY}

HAND_SIZE = 5         # dvorak.deck `param hand_size = 5`
MAX_TURNS = 1000      # the engine's safety net: a game reaching it is a draw ("turn limit")
MAX_MOVES = 500       # the engine's limit of moves in one offer
# The per-turn limits (dvorak.deck: thing_play, action_play; dveck_builder.deck: buys).
THING_PLAY, ACTION_PLAY, BUY_ACTION, BUY_THING, BUY_MATERIAL = range(5)
# The moves of the turn's offer, in its order; then abilities, then `pass`.
PLAY_MATERIAL, PLAY_ACTION, PLAY_THING, BUYS, BUY_BASIC, USE_ABILITY = range(6)


class GameOver(Exception):
    pass


class Zone(list):
    """A zone: its cards bottom to top, whose player (None: shared), whether it is in
    play (the areas) and whether its cards belong to no one (the Trash)."""
    __slots__ = ("owner", "inplay", "unowned")

    def __init__(self, owner=None, inplay=False, unowned=False):
        super().__init__()
        self.owner = owner
        self.inplay = inplay
        self.unowned = unowned


class Card:
    __slots__ = ("d", "owner", "ctrl", "zone", "host", "token", "counters")

    def __init__(self, d, owner, zone, token=False):
        self.d = d                 # its definition (an index of DEFS); Upgrade changes it
        self.owner = owner
        self.ctrl = owner          # in play: the area's player; elsewhere: the owner
        self.zone = zone           # None: a token that has ceased to exist
        self.host = None           # the card it is attached to
        self.token = token
        self.counters = {}

    def __repr__(self):
        return NAME[self.d]


class Player:
    __slots__ = ("seat", "bot", "deck", "discard", "hand", "area", "resolving", "used",
                 "red", "blue", "gold", "vp", "acquired", "actions_played")

    def __init__(self, seat, bot):
        self.seat = seat
        self.bot = bot
        self.deck = Zone(self)
        self.discard = Zone(self)
        self.hand = Zone(self)
        self.area = Zone(self, inplay=True)
        self.resolving = Zone(self)      # an Action waits here while it happens
        self.used = [0] * 5              # the per-turn limits used this turn
        self.red = self.blue = self.gold = self.vp = self.acquired = self.actions_played = 0

    def __repr__(self):
        return f"P{self.seat + 1}"


class Game(RandomPlay):
    """One game of a seed; its decisions are taken as by_hand.RandomPlay takes them."""

    def __init__(self, seed, players=2):
        super().__init__()
        self.rng = Rng(seed)
        self.players = [Player(k, Rng(seed * 1000 + k + 1)) for k in range(players)]
        self.areas = [p.area for p in self.players]   # every zone in play, in seat order
        self.turn = 0
        self.active = None
        self.once = set()                # once-per-turn triggers and abilities spent
        self.trash = Zone(unowned=True)
        self.main = Zone()
        self.booster = Zone()
        self.shop = Zone()
        self.booster_shop = Zone()
        self.piles = [Zone() for _ in range(9)]      # by the Basic Material's index
        self.first = None

    def living(self):
        return self.players                        # no one is ever eliminated here

    def seat_after(self, p):
        return self.players[(p.seat + 1) % len(self.players)]

    def in_turn(self, p):
        """`turn_order(p)`: every player, p first, then round the table by seat."""
        ps = self.players
        return ps[p.seat:] + ps[:p.seat]

    # --- moving cards ----------------------------------------------------------------------
    def relocate(self, c, src, dst):
        """A card changes zones, no event: in play it is controlled by the area's
        player; out of play it loses its counters and its host."""
        src.remove(c)
        if c.token and not dst.inplay:             # a token out of play ceases to exist
            c.zone = None
            return
        dst.append(c)
        c.zone = dst
        o = dst.owner
        if dst.inplay:
            if c.owner is None:
                c.owner = o
            c.ctrl = o
            h = c.host
            if h is not None and h.zone is not dst:
                c.host = None                      # moved away from its host
            if src.inplay and src is not dst:
                self.carry(c, src, dst)
        else:
            # A card that ends up in a player's hand, deck or discard pile is theirs; the
            # Trash's cards belong to no one (dveck_builder.deck).
            if o is not None:
                c.owner = o
            elif dst.unowned:
                c.owner = None
            c.ctrl = c.owner
            if src.inplay:
                c.counters.clear()
            c.host = None

    def carry(self, host, src, dst):
        """A host moving within play takes its attachments along."""
        for a in [x for x in src if x.host is host]:
            self.relocate(a, src, dst)

    def move(self, c, dst, you):
        """`move c to dst` by `you`, with the `leave` and `enter` events of play."""
        src = c.zone
        if src is None or dst is None:
            return                                 # a token that has ceased to exist
        if src.inplay and not dst.inplay:
            was = self.copied(c) if c.d == GHOST_COPY else None   # the text it leaves with
            self.relocate(c, src, dst)
            self.left_play(c, you, was)
            if TYPES[c.d] & THING and (c.zone is None or not c.zone.inplay):
                for z in self.areas:               # what is still attached hangs on nothing
                    for x in z:
                        if x.host is c:
                            x.host = None
        elif dst.inplay and not src.inplay:
            self.relocate(c, src, dst)
            self.entered(c)
        else:
            self.relocate(c, src, dst)

    def left_play(self, c, you, was=None):
        # (only a Thing is ever a host: Cutlass and Leech attach to Things)
        attached = TYPES[c.d] & THING and [x for z in self.areas for x in z if x.host is c]
        if attached:
            # dvorak.deck: cards attached to something that leaves play are destroyed...
            for a in attached:
                self.destroy(a, you)
            # ... dveck_builder.deck: and those a prevention kept simply go home.
            for a in [x for z in self.areas for x in z if x.host is c]:
                self.move(a, a.owner.discard, you)
        if c.d == BURIED_TREASURE or was == BURIED_TREASURE:
            # Buried Treasure (or a Ghost Copy that left with its text): when it leaves
            # play, its owner acquires a card costing 4 or less from the Shop (no owner
            # once it is in the Trash).
            o = c.owner
            if o is not None:
                t = self.choose_one(o, [x for x in self.shop + self.booster_shop
                                        if COST[x.d] <= 4])
                if t is not None:
                    self.acquire(t, o)

    def entered(self, c):
        """`when enter where event.card == this`: the card's own, then a Ghost Copy's
        copied text."""
        f = ENTER[c.d]
        if f is not None and c.zone is not None and c.zone.inplay:
            f(self, c.ctrl, c)
        if c.d == GHOST_COPY and c.zone is not None and c.zone.inplay:
            d = self.copied(c)
            if d is not None and ENTER[d] is not None:
                ENTER[d](self, c.ctrl, c)

    def create(self, d, zone):
        """`create 1 TOKEN in zone`: it belongs to the zone's player, and enters play."""
        c = Card(d, zone.owner, zone, token=True)
        zone.append(c)
        self.entered(c)

    # --- verbs (dveck_builder.deck) ----------------------------------------------------
    def draw(self, p, n):
        """Drawing from an empty deck first cycles it."""
        deck, hand = p.deck, p.hand
        for _ in range(n):
            if not deck and p.discard:
                self.cycle(p)
            if deck:
                c = deck.pop()
                hand.append(c)
                c.zone = hand

    def cycle(self, p):
        """The discard pile, shuffled, becomes the deck; then `when cycle`: 1 VP per 4
        non-Basic cards acquired, and Trophy Case's VP once per turn."""
        pour(p.discard, p.deck)
        self.rng.shuffle(p.deck)
        p.vp += p.acquired // 4
        for c, d in self.in_play_texts(TROPHY_CASE):
            if ("Trophy Case", c) not in self.once and c.ctrl is p:
                self.once.add(("Trophy Case", c))
                p.vp += 1

    def discard(self, c, you):
        """Discarded (and destroyed) cards go to their owner's discard pile."""
        if c is not None:
            self.move(c, c.owner.discard, you)

    def destroy(self, c, you):
        """Only a card in play can be destroyed."""
        if c.zone is None or not c.zone.inplay or self.prevented(c, you):
            return
        if c.owner is not None:
            self.move(c, c.owner.discard, you)

    def prevented(self, c, you):
        """Fluttershy: Things you control can't be destroyed by other players; Scarecrow:
        other Things you control (and a Ghost Copy with either's text)."""
        for z in self.areas:
            for f in z:
                d = f.d
                if d == GHOST_COPY:
                    d = self.copied(f)
                if (d == FLUTTERSHY or (d == SCARECROW and f is not c)) \
                        and c.ctrl is f.ctrl and you is not f.ctrl:
                    return True
        return False

    def trash_card(self, c, you):
        self.move(c, self.trash, you)

    def to_hand(self, c, p):
        self.move(c, p.hand, p)

    def acquire(self, c, p):
        """Acquire: onto the top of your discard pile; count it if it is not Basic."""
        if not TYPES[c.d] & BASIC:
            p.acquired += 1
        src = c.zone
        self.move(c, p.discard, p)
        if src is self.shop or src is self.booster_shop:
            self.refill_shop()

    def refill_shop(self):
        """5 slots from the main deck, 3 from the Booster Deck, each from the other deck
        when its own is empty."""
        main, booster, shop, bshop = self.main, self.booster, self.shop, self.booster_shop
        while len(shop) < 5 and (main or booster):
            c = (main or booster).pop()
            shop.append(c)
            c.zone = shop
        while len(bshop) < 3 and (main or booster):
            c = (booster or main).pop()
            bshop.append(c)
            c.zone = bshop

    def pay(self, p, c):
        """Each coin is a decision when more than one colour could pay it: Actions in
        red, Things in blue, Materials in any; gold pays as either."""
        types = TYPES[c.d]
        for _ in range(COST[c.d]):
            ways = []
            if p.red > 0 and not types & THING:
                ways.append(0)
            if p.blue > 0 and not types & ACTION:
                ways.append(1)
            if p.gold > 0:
                ways.append(2)
            if not ways:
                continue
            way = ways[self.pick(p, len(ways))] if len(ways) > 1 else ways[0]
            if way == 0:
                p.red -= 1
            elif way == 1:
                p.blue -= 1
            else:
                p.gold -= 1

    def buy(self, c, p):
        self.pay(p, c)
        self.acquire(c, p)
        # Merchant: once per turn, when you buy a card, gain 1 Gold coin.
        for m, d in self.in_play_texts(MERCHANT):
            if ("Merchant", m) not in self.once and m.ctrl is p:
                self.once.add(("Merchant", m))
                m.ctrl.gold += 1

    def exchange(self, c, back, take):
        """Upgrade / Downgrade: the pile's top card becomes this one and goes back to
        this one's pile; this one becomes what the top card was, where it stands."""
        if take:
            other = take.pop()
            new = other.d
            other.d = c.d
            back.append(other)
            other.zone = back
            c.d = new

    def upgrade(self, c):
        if c.d in UP:                              # Shards and Bars
            self.exchange(c, self.piles[c.d], self.piles[UP[c.d]])

    def downgrade(self, c):
        if c.d in DOWN:                            # Bars and Slabs
            self.exchange(c, self.piles[c.d], self.piles[DOWN[c.d]])

    def take_control(self, c, p):
        """`give control of c to p`: into p's area, attachments along; a token becomes
        its new controller's (dveck_builder.deck `when control`)."""
        src = c.zone
        if src is None or not src.inplay or c.ctrl is p:
            return
        dst = p.area
        src.remove(c)
        dst.append(c)
        c.zone = dst
        c.ctrl = p
        self.carry(c, src, dst)
        if c.host is not None and c.host.zone is not dst:
            c.host = None
        if c.token:
            c.owner = p

    def into_any_control(self, you, c):
        """"Play this into any player's control.\""""
        p = self.choose_one(you, self.living())
        if p is not None:
            self.take_control(c, p)

    def attach(self, c, host, you):
        if host is None or host.zone is None or c is host:
            return
        if c.zone is not host.zone:
            self.move(c, host.zone, you)
        if c.zone is host.zone:
            c.host = host

    # --- reading the state ---------------------------------------------------------------
    def copied(self, c):
        """Ghost Copy: the definition of the top card of its controller's discard pile."""
        pile = c.ctrl.discard
        return pile[-1].d if pile else None

    def in_play_texts(self, d):
        """(card, d) for every card in play with card d's text: the cards themselves,
        then the Ghost Copies copying it (the engine's `hearing` and `copied_text`)."""
        out = [(c, d) for z in self.areas for c in z if c.d == d]
        for z in self.areas:
            for c in z:
                if c.d == GHOST_COPY and self.copied(c) == d:
                    out.append((c, d))
        return out

    def count_controlled(self, p, bits):
        return sum(1 for c in p.area if TYPES[c.d] & bits == bits)

    def things(self):
        return [c for z in self.areas for c in z if TYPES[c.d] & THING]

    def hand_size(self, p):
        n = HAND_SIZE
        for z in self.areas:
            for c in z:
                if c.d in HAND_MODIFIERS and c.ctrl is p:
                    n += HAND_MOD.get(self.copied(c) if c.d == GHOST_COPY else c.d, 0)
        return n

    # --- playing a card ------------------------------------------------------------------
    def play(self, c, you):
        """Actions happen and go to their owner's discard pile; Things and Materials stay
        in play; a Material provides its coins as it is played."""
        if TYPES[c.d] & ACTION:
            you.actions_played += 1
            nth = you.actions_played
            self.move(c, you.resolving, you)
            self.resolve(c, you)
            if c.zone is you.resolving:
                self.move(c, c.owner.discard, you)
            # Twilight Sparkle: when you play your second Action card in a turn, draw a
            # card for each Pony Thing you control, then discard one if you drew more
            # than two this way.
            if nth == 2:
                for t, d in self.in_play_texts(TWILIGHT):
                    if t.ctrl is you:
                        before = len(you.hand)
                        self.draw(you, self.count_controlled(you, THING | PONY))
                        if len(you.hand) - before > 2:
                            self.discard(self.choose_one(you, list(you.hand)), you)
        else:
            self.move(c, you.area, you)
            if TYPES[c.d] & MATERIAL:
                self.resolve(c, you)

    def resolve(self, c, you):
        """A card's effect: its target first (none legal: it does nothing), then the
        reactions to an Action, then the effect unless it was negated."""
        d = c.d
        x = None
        aim = TARGET[d]
        if aim is not None:
            x = self.choose_one(you, aim(self, you, c))
            if x is None:
                return
        if TYPES[d] & ACTION and self.window(you, self.negators, c):
            return
        EFFECT[d](self, you, c, x)

    def negators(self, p, you, c):
        """Who may negate an Action another player plays: Counterspell and Naysay from
        the hand, Watchtower from play, then a Ghost Copy showing Watchtower."""
        if p is you:
            return None
        hand = p.hand
        out = [x for x in hand if x.d == COUNTERSPELL]
        out += [x for x in hand if x.d == NAYSAY]
        out += [x for z in self.areas for x in z if x.d == WATCHTOWER and x.ctrl is p]
        out += [x for z in self.areas for x in z if x.d == GHOST_COPY and x.ctrl is p
                and self.copied(x) == WATCHTOWER]       # a copy of Watchtower's text
        return out

    def stiflers(self, p, you, c):
        """Stifle: negate an ability another player uses, from the hand."""
        if p is you:
            return None
        return [x for x in p.hand if x.d == STIFLE]

    def window(self, you, lister, c):
        """The reactions: from the active player on, each player who has a response may
        make one or pass, until all have passed in a row; every response here negates
        (its cost paid first). Whether the event was negated."""
        ps = self.players
        k = self.active.seat
        order = ps[k:] + ps[:k]
        n = len(order)
        quiet = i = 0
        while quiet < n:
            p = order[i % n]
            i += 1
            opts = lister(p, you, c)
            if not opts:
                quiet += 1
                continue
            r = self.pick(p, len(opts) + 1)
            if r == len(opts):                     # pass
                quiet += 1
                continue
            x = opts[r]
            if x.d == WATCHTOWER or x.d == GHOST_COPY:
                self.destroy(x, p)                 # "destroy Watchtower to negate"
            else:
                self.discard(x, p)                 # "discard ... from your hand"
            self.whenevers()
            return True
        return False

    # --- abilities -----------------------------------------------------------------------
    def abilities(self, p):
        """The abilities of the cards p controls that p may use now (p's turn only):
        printed, or copied by a Ghost Copy; not spent once per turn, with a play of the
        kind they use left, their `if` met and a target to aim at."""
        out = []
        used, once = p.used, self.once
        for c in p.area:
            abilities = ABILITIES[c.d]
            if not abilities:
                if c.d != GHOST_COPY or not c.ctrl.discard:
                    continue
                abilities = ABILITIES[self.copied(c)]
            for ab in abilities:
                uses, once_per_turn, cond, aim, body = ab
                if uses is not None and used[uses] >= 1:
                    continue
                if once_per_turn and (c, ab) in once:
                    continue
                if cond is not None and not cond(self, p, c):
                    continue
                if aim is not None and not aim(self, p, c):
                    continue
                out.append((USE_ABILITY, c, ab))
        return out

    def activate(self, p, c, ab):
        uses, once_per_turn, cond, aim, body = ab
        if uses is not None:
            p.used[uses] += 1
        if once_per_turn:
            self.once.add((c, ab))
        x = None
        if aim is not None:
            x = self.choose_one(p, aim(self, p, c))
        if self.window(p, self.stiflers, c):
            return
        body(self, p, c, x)

    # --- the turn ------------------------------------------------------------------------
    def moves(self, p):
        """The turn's offer, in the deck's order: play_material, play_action, play_thing,
        buy_action, buy_thing, buy_material, buy_basic, then abilities (then `pass`)."""
        used = p.used
        play_action, play_thing = used[ACTION_PLAY] < 1, used[THING_PLAY] < 1
        out, actions, things = [], [], []
        for c in p.hand:                           # every card is one of the three types
            t = TYPES[c.d]
            if t & MATERIAL:
                out.append((PLAY_MATERIAL, c, None))
            elif t & ACTION:
                if play_action:
                    actions.append((PLAY_ACTION, c, None))
            elif play_thing:
                things.append((PLAY_THING, c, None))
        out += actions
        out += things
        money = p.red + p.blue + p.gold
        if money:                                  # every card in the Shop costs 1 or more
            red, blue = p.red + p.gold, p.blue + p.gold
            buy_action, buy_thing = used[BUY_ACTION] < 1, used[BUY_THING] < 1
            buy_material = used[BUY_MATERIAL] < 1
            actions, things, materials = [], [], []
            for shop in (self.shop, self.booster_shop):
                for c in shop:
                    t, cost = TYPES[c.d], COST[c.d]
                    if t & ACTION:
                        if buy_action and cost <= red:
                            actions.append((BUYS, c, BUY_ACTION))
                    elif t & THING:
                        if buy_thing and cost <= blue:
                            things.append((BUYS, c, BUY_THING))
                    elif buy_material and cost <= money:
                        materials.append((BUYS, c, BUY_MATERIAL))
            out += actions
            out += things
            out += materials
        if used[BUY_MATERIAL] < 1:                 # Shards cost nothing
            piles = self.piles
            for k in PILE_ORDER:                   # a pile holds cards of its own name
                pile = piles[k]
                if pile and COST[k] <= money:
                    out.append((BUY_BASIC, pile[-1], BUY_MATERIAL))
        if p.area:
            out += self.abilities(p)
        return out

    def take_turn(self, p):
        # A turn starts: the per-turn limits and once-per-turn texts are fresh; the
        # engine's safety net ends the game at 1,000 turns.
        self.turn += 1
        for q in self.players:
            q.used = [0] * 5
        self.once.clear()
        if self.turn > MAX_TURNS:
            self.turn = MAX_TURNS
            raise GameOver(None, True, "turn limit")
        self.active = p
        for q in self.players:                     # each turn counts its Actions afresh
            q.actions_played = 0
        # phase main: any number of moves, until `pass` (no draw at the start)
        for _ in range(MAX_MOVES):
            move = self.offered(p, self.moves(p))
            if move is None:
                break
            kind, c, limit = move
            if kind == PLAY_MATERIAL:
                self.play(c, p)
            elif kind == PLAY_ACTION:
                p.used[ACTION_PLAY] += 1
                self.play(c, p)
            elif kind == PLAY_THING:
                p.used[THING_PLAY] += 1
                self.play(c, p)
            elif kind == USE_ABILITY:
                self.activate(p, c, limit)
            else:                                  # a buy: one of each type per turn
                p.used[limit] += 1
                self.buy(c, p)
            self.whenevers()
        else:
            raise RuntimeError(f"{p} made more than {MAX_MOVES} moves in one turn")
        self.whenevers()
        # phase end: "at the end of your turn": Bee Hive, Vault, Guest Room, in the order
        # of their rules, then Ghost Copies with their text
        timed = [c for z in self.areas for c in z if c.d in AT_END]
        if timed:
            for d in (BEE_HIVE, VAULT, GUEST_ROOM):
                for c in timed:
                    if c.d == d and c.ctrl is p:
                        self.at_end(d, c, p)
            ghosts = [(c, self.copied(c)) for c in timed if c.d == GHOST_COPY]
            for c, d in ghosts:
                if d in AT_END and d != GHOST_COPY and c.ctrl is p:
                    self.at_end(d, c, p)
        self.whenevers()
        # phase cleanup: discard the Materials you control, lose unspent coins, discard
        # down to or draw up to your hand size
        for c in [c for c in p.area if TYPES[c.d] & MATERIAL]:
            self.discard(c, p)
        p.red = p.blue = p.gold = 0
        excess = len(p.hand) - self.hand_size(p)
        if excess > 0:
            for c in self.choose(p, list(p.hand), excess, excess):
                self.discard(c, p)
        self.draw(p, self.hand_size(p) - len(p.hand))
        self.whenevers()

    def at_end(self, d, c, p):
        if d == BEE_HIVE:
            self.create(BEE, p.area)                       # "create a Bee token"
        elif d == VAULT:
            c.counters["charge"] = c.counters.get("charge", 0) + 1
        else:
            self.draw(p, 1)                                # Guest Room

    def whenevers(self):
        """The deck's `whenever` rules, checked after every move, response and phase:
        refill the Shop; both decks empty ends the game; so does 50 VP."""
        if (len(self.shop) < 5 or len(self.booster_shop) < 3) and (self.main or self.booster):
            self.refill_shop()
        if not self.main and not self.booster:
            self.end("decks empty")
        for p in self.players:
            if p.vp >= 50:
                self.end("50 VP")

    def end(self, reason):
        """`end game ... by most vp`: all tied is a draw."""
        best = max(p.vp for p in self.players)
        winners = [p for p in self.players if p.vp == best]
        if len(winners) == len(self.players):
            raise GameOver(None, True, f"{reason}, tied on vp")
        raise GameOver(winners, False, reason)

    # --- set-up --------------------------------------------------------------------------
    def setup(self):
        for k in range(9):                         # the nine supply piles
            pile = self.piles[k]
            pile.extend(Card(k, None, pile) for _ in range(DEFS[k][3]))
        main = self.main                           # the 100 main-deck cards, shuffled
        for k, (name, types, cost, copies, module) in enumerate(DEFS):
            if not types & BASIC and module is None and k not in TOKENS:
                main.extend(Card(k, None, main) for _ in range(copies))
        rng = self.rng
        rng.shuffle(main)
        modules = list(MODULES)                    # booster modules in random order...
        rng.shuffle(modules)
        booster = self.booster
        for m in modules:                          # ... until there are 20-30 cards
            if len(booster) < 20:
                for k, d in enumerate(DEFS):
                    if d[4] == m:
                        booster.extend(Card(k, None, booster) for _ in range(d[3]))
        rng.shuffle(booster)
        for p in self.players:                     # 5 Blue, 4 Red, 1 Gold Shard each
            for k, n in ((BLUE_SHARD, 5), (RED_SHARD, 4), (GOLD_SHARD, 1)):
                for _ in range(n):
                    c = self.piles[k].pop()
                    c.zone = p.deck
                    c.owner = c.ctrl = p
                    p.deck.append(c)
            rng.shuffle(p.deck)
            self.draw(p, 5)
        self.first = rng.choice(self.players)
        self.whenevers()                           # the Shop fills

    def play_game(self):
        try:
            self.setup()
            p = self.first
            while True:
                self.take_turn(p)
                p = self.seat_after(p)
        except GameOver as over:
            winners, draw, reason = over.args
        return {"winners": [w.seat for w in winners] if winners else [], "draw": draw,
                "reason": reason, "turns": self.turn, "decisions": self.decisions,
                "first": self.first.seat}


# --- the cards' texts ------------------------------------------------------------------
# Effects: f(game, you, this, target). Targets of a card (`target t from ...`): aim(game,
# you, this) -> the legal ones. Enter triggers: f(game, you, this).

def gain(red=0, blue=0, gold=0):
    def effect(g, you, this, x):
        you.red += red
        you.blue += blue
        you.gold += gold
    return effect


def upgradable_in_hand(p):
    return [c for c in p.hand if c.d in UP]


def downgradable_in(hand):
    return [c for c in hand if c.d in DOWN]


def fx_friendship_lesson(g, you, this, x):
    g.draw(you, max(1, g.count_controlled(you, THING | PONY)))


def fx_cutie_mark(g, you, this, x):
    you.red += 2
    if g.count_controlled(you, PONY):
        g.draw(you, 1)


def fx_fireball(g, you, this, x):
    t = g.choose_one(you, g.things())              # "Destroy target Thing."
    if t is not None:
        g.destroy(t, you)
    if g.count_controlled(you, WIZARD):            # "If you control a Wizard, ... another"
        t = g.choose_one(you, g.things())
        if t is not None:
            g.destroy(t, you)


def fx_counterspell(g, you, this, x):
    you.red += 1
    g.draw(you, 1)


def fx_transmute(g, you, this, x):
    for c in g.choose(you, upgradable_in_hand(you), 0, 2):
        g.upgrade(c)


def fx_polymorph(g, you, this, x):
    p = g.choose_one(you, [q for q in g.players if q is not you])
    if p is not None:
        c = g.choose_one(you, downgradable_in(p.hand))
        if c is not None:
            g.downgrade(c)


def fx_mana_crystal(g, you, this, x):
    you.gold += 2 if g.count_controlled(you, WIZARD | THING) else 1


def fx_rose_quartz(g, you, this, x):
    you.blue += 2
    g.draw(you, 1)


def fx_dragonglass(g, you, this, x):
    you.red += 3
    c = g.choose_one(you, upgradable_in_hand(you))
    if c is not None:
        g.upgrade(c)


def fx_philosophers_stone(g, you, this, x):
    you.gold += 1
    for c in list(you.hand):                       # each Basic Material (not Slabs)
        if TYPES[c.d] & BASIC:
            g.upgrade(c)


def fx_fools_gold(g, you, this, x):
    you.gold += 2
    c = g.choose_one(you, downgradable_in(you.hand))
    if c is not None:
        g.downgrade(c)


def fx_star_metal(g, you, this, x):
    you.red += 1
    you.blue += 1
    tops = [pile[-1] for pile in (g.piles[RED_SHARD], g.piles[BLUE_SHARD]) if pile]
    for c in g.choose(you, tops, 1, 1):
        g.acquire(c, you)


def fx_potluck(g, you, this, x):
    for p in g.in_turn(you):
        g.draw(p, 1)
    g.draw(you, 1)


def fx_commune(g, you, this, x):
    for p in g.in_turn(you):                       # from you; each gives to the next seat
        c = g.choose_one(p, list(p.hand))
        if c is not None:
            g.to_hand(c, g.seat_after(p))


def fx_shared_burden(g, you, this, x):
    for p in g.in_turn(you):
        g.discard(g.choose_one(p, list(p.hand)), p)
        g.draw(p, 1)


def fx_unity(g, you, this, x):
    you.gold += sum(1 for p in g.players if g.count_controlled(p, THING))


def aim_others_thing(g, you, this):
    return [c for z in g.areas for c in z if TYPES[c.d] & THING and c.ctrl is not you]


def aim_others_cheap_thing(g, you, this):
    return [c for z in g.areas for c in z
            if TYPES[c.d] & THING and c.ctrl is not you and COST[c.d] <= 3]


def aim_player(g, you, this):
    return list(g.players)


def aim_opponent(g, you, this):
    return [p for p in g.players if p is not you]


def aim_thing(g, you, this):
    return g.things()


def fx_steal(g, you, this, x):                     # Plunder, Heist
    g.take_control(x, you)


def fx_walk_the_plank(g, you, this, x):
    g.trash_card(x, you)


def fx_sea_shanty(g, you, this, x):
    g.draw(you, 1 + sum(1 for c in you.area if TYPES[c.d] & THING and c.owner is not you))


def fx_draw(n):
    def effect(g, you, this, x):
        g.draw(you, n)
    return effect


def fx_market_day(g, you, this, x):
    you.gold += 1
    g.draw(you, 1)


def fx_refine(g, you, this, x):
    c = g.choose_one(you, [c for c in you.hand + you.area if c.d in UP])
    if c is not None:
        g.upgrade(c)


def fx_shatter(g, you, this, x):
    pile = x.discard
    if pile and TYPES[pile[-1].d] & BASIC:
        g.downgrade(pile[-1])
    g.draw(you, 1)


def fx_scrapheap(g, you, this, x):
    for c in g.choose(you, list(you.hand), 0, 2):
        g.trash_card(c, you)
    g.draw(you, 1)


def fx_salvage(g, you, this, x):
    c = g.choose_one(you, list(you.discard))
    if c is not None:
        g.to_hand(c, you)


def fx_sabotage(g, you, this, x):
    p = g.choose_one(you, [q for q in g.players if q is not you])
    if p is not None and p.hand:
        g.discard(g.rng.choice(list(p.hand)), p)


def fx_wrecking_ball(g, you, this, x):
    for t in [c for z in g.areas for c in z if TYPES[c.d] & THING and c.ctrl is x]:
        g.destroy(t, you)


def fx_demolish(g, you, this, x):
    g.destroy(x, you)


def fx_encore(g, you, this, x):
    seen = you.deck[-1:-4:-1]                      # the top three, top first
    for c in g.choose(you, seen, 0, 1):
        g.play(c, you)
    for c in seen:
        if c.zone is you.deck:
            g.discard(c, you)


def fx_double_time(g, you, this, x):
    for c in g.choose(you, [c for c in you.hand if TYPES[c.d] & ACTION], 0, 1):
        g.play(c, you)
    for c in g.choose(you, [c for c in you.hand if TYPES[c.d] & THING], 0, 1):
        g.play(c, you)


def fx_bargain_hunt(g, you, this, x):
    c = g.choose_one(you, [c for c in g.shop + g.booster_shop if COST[c.d] <= 3])
    if c is not None:
        g.acquire(c, you)


def fx_stifle(g, you, this, x):
    you.red += 2


def fx_repossess(g, you, this, x):
    if x.owner is not None:
        g.to_hand(x, x.owner)


def fx_bounty(g, you, this, x):
    g.draw(you, min(3, g.count_controlled(you, THING)))


def fx_spring_clean(g, you, this, x):
    n = 0
    for c in g.choose(you, list(you.hand), 0, len(you.hand)):
        g.discard(c, you)
        n += 1
    g.draw(you, n)


def fx_overtime(g, you, this, x):
    c = g.choose_one(you, list(you.hand))
    if c is not None:
        g.move(c, you.deck, you)                   # on top of your deck
    for c in g.choose(you, [c for c in you.hand if TYPES[c.d] & THING], 0, 1):
        g.play(c, you)


def fx_lucky_coin(g, you, this, x):
    you.gold += 1
    g.draw(you, 1)


def fx_gemstone(g, you, this, x):
    you.gold += 1
    for c in g.choose(you, list(you.hand), 0, 1):
        g.trash_card(c, you)


def fx_iou(g, you, this, x):
    you.red += 2
    g.trash_card(this, you)


def fx_crystal_ball(g, you, this, x):
    you.blue += 1
    if you.deck and g.may(you):
        g.discard(you.deck[-1], you)


def fx_scrap_metal(g, you, this, x):
    you.red += 1
    for c in g.choose(you, upgradable_in_hand(you), 0, 1):
        g.upgrade(c)


EFFECT = [None] * len(DEFS)
for _name, _fx in [
        ("Blue Shard", gain(blue=1)), ("Red Shard", gain(red=1)), ("Blue Bar", gain(blue=2)),
        ("Red Bar", gain(red=2)), ("Blue Slab", gain(blue=3)), ("Red Slab", gain(red=3)),
        ("Gold Shard", gain(gold=1)), ("Gold Bar", gain(gold=2)), ("Gold Slab", gain(gold=3)),
        ("Friendship Lesson", fx_friendship_lesson), ("Cutie Mark", fx_cutie_mark),
        ("Fireball", fx_fireball), ("Counterspell", fx_counterspell),
        ("Transmute", fx_transmute), ("Polymorph", fx_polymorph),
        ("Mana Crystal", fx_mana_crystal), ("Mithril Ingot", gain(gold=2, blue=1)),
        ("Rose Quartz", fx_rose_quartz), ("Dragonglass", fx_dragonglass),
        ("Philosopher's Stone", fx_philosophers_stone), ("Fool's Gold", fx_fools_gold),
        ("Star Metal", fx_star_metal), ("Potluck", fx_potluck), ("Commune", fx_commune),
        ("Shared Burden", fx_shared_burden), ("Unity", fx_unity), ("Plunder", fx_steal),
        ("Walk the Plank", fx_walk_the_plank), ("Sea Shanty", fx_sea_shanty),
        ("Quick Study", fx_draw(2)), ("Market Day", fx_market_day),
        ("Windfall", gain(red=1, blue=1)), ("Refine", fx_refine), ("Shatter", fx_shatter),
        ("Scrapheap", fx_scrapheap), ("Salvage", fx_salvage), ("Sabotage", fx_sabotage),
        ("Wrecking Ball", fx_wrecking_ball), ("Demolish", fx_demolish), ("Encore", fx_encore),
        ("Double Time", fx_double_time), ("Bargain Hunt", fx_bargain_hunt),
        ("Naysay", fx_draw(1)), ("Stifle", fx_stifle), ("Heist", fx_steal),
        ("Repossess", fx_repossess), ("Bounty", fx_bounty), ("Spring Clean", fx_spring_clean),
        ("Overtime", fx_overtime), ("Alloy", gain(red=1, blue=1)), ("Lucky Coin", fx_lucky_coin),
        ("Gemstone", fx_gemstone), ("IOU", fx_iou), ("Crystal Ball", fx_crystal_ball),
        ("Scrap Metal", fx_scrap_metal)]:
    EFFECT[D[_name]] = _fx

TARGET = [None] * len(DEFS)
for _name, _aim in [("Plunder", aim_others_thing), ("Walk the Plank", aim_others_cheap_thing),
                    ("Shatter", aim_player), ("Wrecking Ball", aim_player),
                    ("Demolish", aim_thing), ("Heist", aim_others_thing),
                    ("Repossess", aim_thing)]:
    TARGET[D[_name]] = _aim


# `when enter where event.card == this`
def on_enter_draw(g, you, this):                   # Rainbow Dash, Boomerang
    g.draw(you, 1)


def on_enter_pinkie_pie(g, you, this):
    g.create(PARTY, you.area)


def on_enter_hive_mind(g, you, this):
    for p in g.in_turn(you):
        g.create(DRONE, p.area)


def on_enter_any_control(g, you, this):            # Common Ground, Gift Horse, Guest Room
    g.into_any_control(you, this)


def on_enter_cutlass(g, you, this):
    g.attach(this, g.choose_one(you, [c for c in you.area if TYPES[c.d] & THING
                                      and c is not this]), you)


def on_enter_leech(g, you, this):
    g.attach(this, g.choose_one(you, [c for z in g.areas for c in z if TYPES[c.d] & THING
                                      and c.ctrl is not you and c is not this]), you)


ENTER = [None] * len(DEFS)
for _name, _f in [("Rainbow Dash", on_enter_draw), ("Pinkie Pie", on_enter_pinkie_pie),
                  ("Hive Mind", on_enter_hive_mind), ("Common Ground", on_enter_any_control),
                  ("Cutlass", on_enter_cutlass), ("Boomerang", on_enter_draw),
                  ("Gift Horse", on_enter_any_control), ("Leech", on_enter_leech),
                  ("Guest Room", on_enter_any_control)]:
    ENTER[D[_name]] = _f


# Abilities: (the limit it uses or None, once per turn, `if` or None, target or None,
# body(game, you, this, target)).
def has_action_in_hand(g, you, this):
    return any(TYPES[c.d] & ACTION for c in you.hand)


def ab_play_action_instead(g, you, this, x):       # Twilight Sparkle
    c = g.choose_one(you, [c for c in you.hand if TYPES[c.d] & ACTION])
    if c is not None:
        g.play(c, you)


def ab_put(counter):
    def body(g, you, this, x):
        this.counters[counter] = this.counters.get(counter, 0) + 1
    return body


def ab_harvest(g, you, this, x):                   # Applejack
    n = this.counters.pop("apple", 0)
    g.draw(you, n)


def ab_celebrate(g, you, this, x):                 # Party
    g.destroy(this, you)
    g.draw(you, 1)


def ab_study(g, you, this, x):                     # Apprentice
    g.draw(you, 1)


def ab_cast(g, you, this, x):                      # Archmage
    for c in g.choose(you, [c for c in you.hand if TYPES[c.d] & ACTION], 0, 1):
        g.play(c, you)


def ab_serve(g, you, this, x):                     # Drone
    g.destroy(this, you)
    you.gold += 1


def ab_squawk(g, you, this, x):                    # Parrot
    if x.deck and g.may(you):
        g.discard(x.deck[-1], you)


def ab_board(g, you, this, x):                     # Pirate Ship
    if x.hand:
        g.to_hand(g.rng.choice(list(x.hand)), you)


def ab_slash(g, you, this, x):                     # Cutlass
    g.destroy(x, you)
    g.destroy(this, you)


def ab_return(g, you, this, x):                    # Boomerang
    g.to_hand(this, you)


def ab_smash(g, you, this, x):                     # Piggy Bank
    you.gold += this.counters.pop("coin", 0)


def ab_forge(g, you, this, x):                     # Workshop
    c = g.choose_one(you, upgradable_in_hand(you))
    if c is not None:
        g.upgrade(c)


def ab_sting(g, you, this, x):                     # Bee
    g.destroy(this, you)
    you.red += 1


def ab_dig(g, you, this, x):                       # Treasure Map
    g.trash_card(this, you)
    you.vp += 2


def ab_tinker(g, you, this, x):
    g.draw(you, 1)
    g.discard(g.choose_one(you, list(you.hand)), you)


def charged(g, you, this):                         # Vault's `if`
    return this.counters.get("charge", 0) >= 3


def ab_open(g, you, this, x):                      # Vault
    n = this.counters["charge"] - 3
    if n:
        this.counters["charge"] = n
    else:
        del this.counters["charge"]
    you.vp += 1


def ab_show_out(g, you, this, x):                  # Doorman
    t = g.choose_one(you, [c for c in you.area if TYPES[c.d] & THING])
    if t is not None and t.owner is not None:
        g.to_hand(t, t.owner)


ABILITIES = [()] * len(DEFS)
for _name, _abilities in [
        ("Twilight Sparkle", [(THING_PLAY, True, has_action_in_hand, None,
                               ab_play_action_instead)]),
        ("Applejack", [(ACTION_PLAY, False, None, None, ab_put("apple")),
                       (THING_PLAY, False, None, None, ab_harvest)]),
        ("Party", [(ACTION_PLAY, False, None, None, ab_celebrate)]),
        ("Apprentice", [(ACTION_PLAY, False, None, None, ab_study)]),
        ("Archmage", [(None, True, None, None, ab_cast)]),
        ("Drone", [(ACTION_PLAY, False, None, None, ab_serve)]),
        ("Parrot", [(ACTION_PLAY, False, None, aim_player, ab_squawk)]),
        ("Pirate Ship", [(ACTION_PLAY, False, None, aim_opponent, ab_board)]),
        ("Cutlass", [(ACTION_PLAY, False, None, aim_others_thing, ab_slash)]),
        ("Boomerang", [(ACTION_PLAY, False, None, None, ab_return)]),
        ("Piggy Bank", [(THING_PLAY, False, None, None, ab_put("coin")),
                        (ACTION_PLAY, False, None, None, ab_smash)]),
        ("Workshop", [(None, True, None, None, ab_forge)]),
        ("Bee", [(ACTION_PLAY, False, None, None, ab_sting)]),
        ("Treasure Map", [(ACTION_PLAY, False, None, None, ab_dig)]),
        ("Tinker", [(THING_PLAY, False, None, None, ab_tinker)]),
        ("Vault", [(ACTION_PLAY, False, charged, None, ab_open)]),
        ("Doorman", [(THING_PLAY, False, None, None, ab_show_out)])]:
    ABILITIES[D[_name]] = [tuple(ab) for ab in _abilities]


# --- running -----------------------------------------------------------------------------

def play_game(seed, players=2):
    """One random-bot game: {"winners": seats, "draw", "reason", "turns", "decisions",
    "first": the seat that moved first}."""
    if not 2 <= players <= 6:
        raise ValueError(f"Dveck Builder is for 2 to 6 players, not {players}")
    return Game(seed, players).play_game()


def engine_with_first(game, seconds):
    """An engine's game as a result, with who moved first."""
    return {**engine_result(game, seconds), "first": game.state.globals["first_player"].index}


def who_wins(results):
    n = len(results)
    p1, p1_pm = share(sum(0 in r["winners"] and not r["draw"] for r in results), n)
    first, first_pm = share(sum(r["first"] in r["winners"] and not r["draw"]
                                for r in results), n)
    return [f"P1 wins       {p1:10.1f} % +- {p1_pm:.1f};  the first to move wins "
            f"{first:.1f} % +- {first_pm:.1f}"]


def main():
    ap = arguments(__doc__, games=1000, engine_games=100)
    ap.add_argument("--players", type=int, default=2)
    args = ap.parse_args()

    run("Dveck Builder", lambda seed: play_game(seed, args.players), "dveck_builder", args,
        args.players, who_wins, engine_with_first)


if __name__ == "__main__":
    main()
