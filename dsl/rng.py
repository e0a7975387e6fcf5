"""The game's one random-number generator: SplitMix64, owned by the game state.

Its whole state is one integer, so it serialises to JSON exactly and behaves the same on
every Python version (``random.Random`` promises neither).

>>> r = Rng(7); [r.below(10) for _ in range(5)]
[7, 4, 6, 3, 4]
"""
from __future__ import annotations

_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = seed & _MASK

    def below(self, n: int) -> int:
        """Uniform in [0, n), without modulo bias. One SplitMix64 step per draw, written
        inline: bots and shuffles call this once per decision or card."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _MASK - (_MASK + 1) % n
        s = self.state
        while True:
            s = (s + 0x9E3779B97F4A7C15) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z <= limit:
                self.state = s
                return z % n

    def copy(self) -> "Rng":
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def get_state(self):
        return self.state

    def set_state(self, state) -> None:
        self.state = state

    def shuffle(self, items: list) -> None:
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]
