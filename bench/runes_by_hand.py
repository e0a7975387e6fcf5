"""Dueling Runes, basic game, written by hand in plain Python: the speed reference.

    python bench/runes_by_hand.py [--games N] [--players N] [--seed S]

Prints games/s, rounds/s, average rounds and decisions per game for random-bot games,
on one core. The engine's Dueling Runes is measured against this ("at most 3x the
hand-written implementation per turn").

The rules are those of the bundled deck with its default options (keep 3, health 12,
no handicap, no solitaire, basic spells only): decks/dueling_runes.deck is the spec, and
this file follows its order of steps and asks the same decisions in the same order, so a
random bot faces the same choices. It imports nothing from the project (no `dsl`, no
`decks`): only the standard library.

Random play is that of the bundled `RandomAgent`: one pick is uniform over the options; a
choice of min..max picks takes k uniform in [min, max], then the first k of the shuffled
option numbers; a yes/no is a uniform pick of two. Like the engine's `Game.choose`, no
decision is taken when there is nothing to choose from or when every option must be
taken. Seat k's bot draws from `Rng(seed * 1000 + k + 1)`, the game (shuffles, the
confused wizard's random card) from `Rng(seed)`. The generators are not the engine's
present ones, so a seed plays a different game than in the engine: only the figures over
many games compare.

Checked against the engine (random bots, 2 players; engine 12,000 games, this file
40,000): average rounds 75.2 +- 0.2 and 74.9 +- 0.1, decisions per game 398.7 +- 1.1 and
397.3 +- 0.6, first seat wins 50.1 % +- 0.5 and 50.2 % +- 0.2; per decision prompt the
counts, option counts and picks agree too (Counter Spell and Magic Mirror offers, runes
spent, Amnesia). 3 players (2,000 / 10,000 games): 92.5 / 93.0 rounds, 732 / 734
decisions; 6 players (600 / 3,000): 139.3 / 139.1 rounds, 1,700 / 1,690 decisions.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

BENCH = str(Path(__file__).resolve().parent)
if BENCH not in sys.path:         # bench/ is a folder of scripts, not an installed package
    sys.path.insert(0, BENCH)

from by_hand import Rng  # noqa: E402  (the engine's generator, on the standard library)


# --- the cards -----------------------------------------------------------------------

# Runes (suits) as bits, so a card's runes are one int.
MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS = 1, 2, 4, 8, 16, 32

# The draw pile: the Decktet's Aces, numerals, Pawns and Crowns (no Courts), then the
# Excuse. Ranks as decktet.deck orders them: Ace 1, numerals 2-9, Pawns 10, Crowns 12.
CARDS = [
    ("Ace of Moons", 1, MOONS), ("Ace of Suns", 1, SUNS), ("Ace of Waves", 1, WAVES),
    ("Ace of Leaves", 1, LEAVES), ("Ace of Wyrms", 1, WYRMS), ("Ace of Knots", 1, KNOTS),
    ("The Author", 2, MOONS | KNOTS), ("The Desert", 2, SUNS | WYRMS),
    ("The Origin", 2, WAVES | LEAVES),
    ("The Journey", 3, MOONS | WAVES), ("The Painter", 3, SUNS | KNOTS),
    ("The Savage", 3, LEAVES | WYRMS),
    ("The Mountain", 4, MOONS | SUNS), ("The Sailor", 4, WAVES | LEAVES),
    ("The Battle", 4, WYRMS | KNOTS),
    ("The Forest", 5, MOONS | LEAVES), ("The Discovery", 5, SUNS | WAVES),
    ("The Soldier", 5, WYRMS | KNOTS),
    ("The Lunatic", 6, MOONS | WAVES), ("The Penitent", 6, SUNS | WYRMS),
    ("The Market", 6, LEAVES | KNOTS),
    ("The Chance Meeting", 7, MOONS | LEAVES), ("The Castle", 7, SUNS | KNOTS),
    ("The Cave", 7, WAVES | WYRMS),
    ("The Diplomat", 8, MOONS | SUNS), ("The Mill", 8, WAVES | LEAVES),
    ("The Betrayal", 8, WYRMS | KNOTS),
    ("The Pact", 9, MOONS | SUNS), ("The Darkness", 9, WAVES | WYRMS),
    ("The Merchant", 9, LEAVES | KNOTS),
    ("The Watchman", 10, MOONS | WYRMS | KNOTS), ("The Harvest", 10, MOONS | SUNS | LEAVES),
    ("The Light Keeper", 10, SUNS | WAVES | KNOTS),
    ("The Borderland", 10, WAVES | LEAVES | WYRMS),
    ("The Huntress", 12, MOONS), ("The Bard", 12, SUNS), ("The Sea", 12, WAVES),
    ("The End", 12, LEAVES), ("The Calamity", 12, WYRMS), ("The Windfall", 12, KNOTS),
    ("The Excuse", 0, 0),
]
EXCUSE = len(CARDS) - 1
NAME = [c[0] for c in CARDS]
RANK = [c[1] for c in CARDS]
RUNES = [c[2] for c in CARDS]

# --- the spells ----------------------------------------------------------------------

SELF, OTHER, ANY = "self", "other", "any"


class Spell:
    __slots__ = ("name", "activation", "energy", "reach", "counterable")

    def __init__(self, name, activation, energy, reach, counterable):
        self.name = name
        self.activation = activation
        self.energy = energy          # the energy rune it spends, or 0
        self.reach = reach
        self.counterable = counterable  # stopped by Counter Spell

    def __repr__(self):
        return self.name


RESIST_COLD = Spell("Resist Cold", MOONS, SUNS, SELF, True)
RESIST_HEAT = Spell("Resist Heat", MOONS, WAVES, SELF, True)
HEAL = Spell("Heal", MOONS, LEAVES, SELF, True)
SHIELD = Spell("Shield", MOONS, 0, SELF, True)
FIRE_BALL = Spell("Fire Ball", WYRMS, SUNS, OTHER, False)
ICE_BOLT = Spell("Ice Bolt", WYRMS, WAVES, OTHER, False)
DRAIN = Spell("Drain", WYRMS, LEAVES, OTHER, True)
HIT = Spell("Hit", WYRMS, 0, OTHER, False)
HASTE = Spell("Haste", KNOTS, SUNS, ANY, True)
INVISIBILITY = Spell("Invisibility", KNOTS, WAVES, ANY, True)   # first in a tie
AMNESIA = Spell("Amnesia", KNOTS, LEAVES, ANY, True)
CONFUSION = Spell("Confusion", KNOTS, 0, ANY, True)
SPELLBOOK = [RESIST_COLD, RESIST_HEAT, HEAL, SHIELD, FIRE_BALL, ICE_BOLT, DRAIN, HIT,
             HASTE, INVISIBILITY, AMNESIA, CONFUSION]
SPELLS_OF = {ph: [s for s in SPELLBOOK if s.activation == ph] for ph in (MOONS, WYRMS, KNOTS)}
ENERGIES = (SUNS, WAVES, LEAVES)

KEEP = 3            # cards left in a spell sequence at the end of a turn (one more while casting)
START_HEALTH = 12
HAND_SIZE = 5
MAX_ROUNDS = 1000   # the engine's safety net: a game reaching it is a draw ("turn limit")


class GameOver(Exception):
    pass


class Wizard:
    __slots__ = ("seat", "bot", "alive", "health", "hand", "seq", "down", "picked", "fresh",
                 "confused", "confused_next", "haste_left", "invisible_next", "veil_rank",
                 "health_before",
                 # marks: the last round each lasts ("for N turns" from round r: r + N - 1)
                 "resist_cold", "resist_heat", "shielded", "invisible", "veiled", "countered")

    def __init__(self, seat, bot):
        self.seat = seat
        self.bot = bot
        self.alive = True
        self.health = START_HEALTH
        self.hand = []
        self.seq = []            # the spell sequence, oldest first
        self.down = set()        # its cards turned face down (Amnesia)
        self.picked = None
        self.fresh = None        # the card just played: its activation runes work
        self.confused = False
        self.confused_next = False
        self.haste_left = 0
        self.invisible_next = 0
        self.veil_rank = 0
        self.health_before = 0
        self.resist_cold = self.resist_heat = self.shielded = 0
        self.invisible = self.veiled = self.countered = 0


def _has_runes(hand, a, b):
    """The hand shows rune `a` on some card and rune `b` on some card."""
    return any(RUNES[c] & a for c in hand) and any(RUNES[c] & b for c in hand)


class Game:
    def __init__(self, seed, players=2):
        self.rng = Rng(seed)
        self.wizards = [Wizard(k, Rng(seed * 1000 + k + 1)) for k in range(players)]
        self.round = 0
        self.decisions = 0
        self.used = {}           # sequence card -> energy runes spent from it this turn
        self.discard = []
        self.deck = list(range(EXCUSE))
        self.rng.shuffle(self.deck)
        self.deck.insert(len(self.deck) - len(self.deck) // 2, EXCUSE)   # the middle
        for w in self.wizards:
            self.draw(w, HAND_SIZE)

    # --- decisions (as the engine's Game.choose and RandomAgent take them) --------------
    def choose(self, w, options, lo, hi):
        """`w` picks between lo and hi of `options`; returns the picks."""
        n = len(options)
        hi = min(hi, n)
        lo = min(lo, hi)
        if hi <= 0:
            return []
        if lo == hi == n:
            return options           # nothing to decide
        self.decisions += 1
        if lo == hi == 1:
            return [options[w.bot.below(n)]]
        k = lo + w.bot.below(hi - lo + 1)
        picks = list(range(n))
        w.bot.shuffle(picks)
        return [options[i] for i in sorted(picks[:k])]

    def may(self, w):
        self.decisions += 1
        return w.bot.below(2) == 0

    def living(self):
        return [w for w in self.wizards if w.alive]

    # --- cards ---------------------------------------------------------------------------
    def draw(self, w, n):
        deck = self.deck
        for _ in range(n):
            if not deck:                      # reshuffle
                deck.extend(self.discard)
                self.discard.clear()
                self.rng.shuffle(deck)
            if deck:
                c = deck.pop()
                w.hand.append(c)
                if c == EXCUSE:
                    self.excuse(w)

    def excuse(self, w):
        """The Excuse: the discard pile joins the draw pile, which is shuffled; the Excuse
        goes back in the middle (never on top) and its drawer draws another card."""
        deck = self.deck
        deck.extend(self.discard)
        self.discard.clear()
        self.rng.shuffle(deck)
        w.hand.remove(EXCUSE)
        deck.insert(len(deck) - (len(deck) + 1) // 2, EXCUSE)
        if len(deck) > 1:
            self.draw(w, 1)

    def leave_sequence(self, w, c):
        w.seq.remove(c)
        w.down.discard(c)
        self.used.pop(c, None)
        self.discard.append(c)

    def trim(self, w, n):
        while len(w.seq) > n:
            self.leave_sequence(w, w.seq[0])

    # --- health and death ------------------------------------------------------------------
    def lose(self, w, n):
        if n > 0:
            w.health = max(0, w.health - n)

    def gain(self, w, n):
        if n > 0:
            w.health = min(START_HEALTH, w.health + n)

    def check_deaths(self):
        """Wizards at 0 health leave the game; fewer than two left ends it."""
        for w in self.wizards:
            if w.alive and w.health <= 0:
                self.discard.extend(w.hand)
                w.hand.clear()
                for c in list(w.seq):
                    self.leave_sequence(w, c)
                w.alive = False
        if sum(w.alive for w in self.wizards) < 2:
            raise GameOver

    # --- a turn ----------------------------------------------------------------------------
    def play_round(self):
        self.round += 1
        r = self.round
        self.used.clear()                     # every rune is fresh again
        for w in self.living():               # spells that take hold "next turn"
            if w.invisible_next > 0:
                w.invisible = r + w.invisible_next - 1
                w.invisible_next = 0
            if w.confused_next:
                w.confused = True
                w.confused_next = False
        hasted = [w for w in self.living() if w.haste_left > 0]
        if hasted:                            # the Haste mini-turn
            self.cast_step(hasted)
            for w in hasted:
                w.haste_left -= 1
        self.cast_step(self.living())
        # Everyone draws, then every sequence is trimmed.
        for w in self.living():
            self.draw(w, min(2, HAND_SIZE - len(w.hand)))
        for w in self.living():
            self.trim(w, KEEP)

    def cast_step(self, who):
        """Everyone in `who` picks a card secretly, all are revealed; then Moon, Wyrm and
        Knot spells resolve, each phase from the highest card down, equal ranks at once."""
        for w in who:
            self.pick(w)
        for w in who:                         # reveal
            w.fresh = c = w.picked
            if c is not None:
                w.hand.remove(c)
                w.seq.append(c)
                w.picked = None
                self.trim(w, KEEP + 1)
        for ph in (MOONS, WYRMS, KNOTS):
            casting = [w for w in who if w.alive and w.fresh is not None and RUNES[w.fresh] & ph]
            casting.sort(key=lambda w: -RANK[w.fresh])     # stable: seat order among equals
            start = 0
            while start < len(casting):
                rank = RANK[casting[start].fresh]
                end = start + 1
                while end < len(casting) and RANK[casting[end].fresh] == rank:
                    end += 1
                self.resolve_tie(casting[start:end], ph)
                start = end

    def pick(self, w):
        w.picked = None
        if w.confused:                        # a random card
            w.confused = False
            if w.hand:
                w.picked = self.rng.choice(w.hand)
        else:
            chosen = self.choose(w, w.hand, 1, 1)
            if chosen:
                w.picked = chosen[0]

    def resolve_tie(self, tied, ph):
        """Wizards with equal cards declare in turn, then their spells take effect at one
        moment: Invisibility first, deaths checked after all of them."""
        declared = [(w, d) for w in tied if (d := self.declare(w, ph)) is not None]
        for w in self.living():
            w.health_before = w.health
        for w, (spell, target, power) in declared:
            if spell is INVISIBILITY and target is not None and w.alive:
                self.cast(spell, w, target, power)
        for w, (spell, target, power) in declared:
            if spell is not INVISIBILITY and target is not None and w.alive:
                self.cast(spell, w, target, power)
        self.check_deaths()

    # --- declaring a spell ---------------------------------------------------------------
    def declare(self, w, ph):
        """Which spell (only those the unspent face-up runes allow), which runes, which
        target: (spell, target, power), or None for no spell."""
        if not w.alive or w.fresh is None or w.fresh in w.down:
            return None
        used, down = self.used, w.down
        runes = {e: [c for c in w.seq if RUNES[c] & e and c not in down
                     and not used.get(c, 0) & e] for e in ENERGIES}
        options = [s for s in SPELLS_OF[ph] if not s.energy or runes[s.energy]]
        chosen = self.choose(w, options, 0, 1)
        if not chosen:
            return None
        spell = chosen[0]
        power = 0
        if spell.energy:
            spent = self.choose(w, runes[spell.energy], 1, len(runes[spell.energy]))
            for c in spent:
                used[c] = used.get(c, 0) | spell.energy
            power = len(spent)
        return spell, self.aim(w, spell), power

    def aim(self, w, spell):
        if spell.reach == SELF:
            return w
        r = self.round
        rank = RANK[w.fresh]
        targets = [t for t in self.living()
                   if (t is w and spell.reach == ANY)
                   or (t is not w and t.invisible < r
                       and not (t.veiled >= r and spell.activation == KNOTS
                                and t.veil_rank is not None and rank <= t.veil_rank))]
        chosen = self.choose(w, targets, 1, 1)
        return chosen[0] if chosen else None

    # --- casting, Counter Spell and Magic Mirror ------------------------------------------
    def cast(self, spell, caster, target, power):
        r = self.round
        if target is not caster:
            if target.invisible >= r:
                return                        # out of reach
            if (target.veiled >= r and spell.activation == KNOTS and caster.fresh is not None
                    and target.veil_rank is not None and RANK[caster.fresh] <= target.veil_rank):
                return                        # turning invisible: safe from this Knot spell
        if spell.counterable and target.countered >= r:
            return
        # Each wizard in seat order may answer: Counter Spell (Moons + Knots from the hand)
        # on a counterable spell, Magic Mirror (Moons + Waves) on one aimed at another.
        for w in self.living():
            if spell.counterable and _has_runes(w.hand, MOONS, KNOTS) and self.may(w):
                self.pay(w, MOONS, KNOTS)
                target.countered = r
                return
            if target.alive and target is not caster and _has_runes(w.hand, MOONS, WAVES) \
                    and self.may(w):
                self.pay(w, MOONS, WAVES)
                self.cast(spell, target, caster, power)     # sent back: a new cast
                return
        self.take_effect(spell, caster, target, power)

    def pay(self, w, a, b):
        """Discard cards from the hand that between them show runes `a` and `b`."""
        c = self.choose(w, [c for c in w.hand if RUNES[c] & a], 1, 1)[0]
        w.hand.remove(c)
        self.discard.append(c)
        if not RUNES[c] & b:
            d = self.choose(w, [d for d in w.hand if RUNES[d] & b], 1, 1)[0]
            w.hand.remove(d)
            self.discard.append(d)

    def take_effect(self, spell, caster, target, power):
        r = self.round
        if spell is RESIST_COLD:
            target.resist_cold = r + max(power, 1) - 1
        elif spell is RESIST_HEAT:
            target.resist_heat = r + max(power, 1) - 1
        elif spell is HEAL:
            self.gain(target, power)
        elif spell is SHIELD:
            target.shielded = r
        elif spell is FIRE_BALL:
            if target.alive and target.resist_heat < r:
                self.lose(target, power)
        elif spell is ICE_BOLT:
            if target.alive and target.resist_cold < r:
                self.lose(target, power)
        elif spell is DRAIN:
            if target.shielded < r:
                # health as this group of tied spells began: tied Drains act at one moment
                lost = min(power, target.health_before)
                self.lose(target, lost)
                self.gain(caster, lost)
        elif spell is HIT:
            if target.alive and target.shielded < r:
                self.lose(target, 1)
        elif spell is HASTE:
            target.haste_left += power
        elif spell is INVISIBILITY:
            target.veiled = r
            target.veil_rank = RANK[caster.fresh] if caster.fresh is not None else None
            target.invisible_next = max(target.invisible_next, power)
        elif spell is AMNESIA:
            shown = [c for c in target.seq if c not in target.down]
            k = min(power, len(shown))
            target.down.update(self.choose(caster, shown, k, k))
        elif spell is CONFUSION:
            if target.shielded < r:
                target.confused_next = True

    # --- the game --------------------------------------------------------------------------
    def play(self):
        try:
            while self.round < MAX_ROUNDS:
                self.play_round()
        except GameOver:
            pass
        else:
            return {"winner": None, "draw": True, "rounds": self.round,
                    "decisions": self.decisions, "reason": "turn limit"}
        alive = self.living()
        return {"winner": alive[0].seat if alive else None, "draw": not alive,
                "rounds": self.round, "decisions": self.decisions,
                "reason": "winner" if alive else "draw"}


def play_game(seed, players=2):
    """One random-bot game: {"winner": seat or None, "draw", "rounds", "decisions", "reason"}."""
    if not 2 <= players <= 6:
        raise ValueError(f"Dueling Runes is for 2 to 6 players, not {players}")
    return Game(seed, players).play()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0, help="game i has seed SEED + i")
    args = ap.parse_args()

    results = []
    start = time.perf_counter()
    for i in range(args.games):
        results.append(play_game(args.seed + i, args.players))
    elapsed = time.perf_counter() - start

    rounds = sum(r["rounds"] for r in results)
    decisions = sum(r["decisions"] for r in results)
    wins = [0] * args.players
    for r in results:
        if r["winner"] is not None:
            wins[r["winner"]] += 1
    draws = sum(r["draw"] for r in results)
    n = args.games
    print(f"Dueling Runes by hand, {n} games, {args.players} players, random bots, one core:")
    print(f"  games/s       {n / elapsed:10,.1f}")
    print(f"  rounds/s      {rounds / elapsed:10,.0f}")
    print(f"  avg rounds    {rounds / n:10,.2f}")
    print(f"  decisions     {decisions / n:10,.1f} per game  ({decisions / elapsed:,.0f}/s)")
    print("  wins          " + ", ".join(f"P{k + 1} {w} ({w / n:.1%})" for k, w in enumerate(wins))
          + f", draws {draws}")


if __name__ == "__main__":
    main()
