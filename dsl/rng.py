"""The game's one random-number generator, owned by the game state.

Python's Mersenne Twister (``random.Random``, written in C), used only through
``getrandbits``, whose output for a given integer seed is the same on every platform
and Python version; draws below ``n`` are made by rejection, without modulo bias, here
rather than by ``random.randrange`` (whose method has changed between versions). A draw
costs about a third of the pure-Python SplitMix64 this replaced.

>>> r = Rng(7); [r.below(10) for _ in range(5)]
[5, 2, 6, 0, 1]
"""
from __future__ import annotations

import random


class Rng:
    __slots__ = ("_random", "_bits", "_frozen")

    def __init__(self, seed: int = 0):
        self._random = random.Random(seed)
        self._bits = self._random.getrandbits
        self._frozen = None

    def below(self, n: int) -> int:
        """Uniform in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        k = n.bit_length()
        bits = self._bits
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

    def shuffle(self, items: list) -> None:
        """Fisher-Yates, from the end."""
        bits = self._bits
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = bits(k)
            while j >= n:
                j = bits(k)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]

    def copy(self) -> "Rng":
        """A generator in the same state."""
        state = self._frozen
        if state is None:
            state = self._random.getstate()
        r = Rng.__new__(Rng)
        r._random = random.Random.__new__(random.Random)
        r._random.setstate(state)
        r._bits = r._random.getrandbits
        r._frozen = None
        return r

    def freeze(self) -> None:
        """This generator will draw no more (a checkpoint's): keep its state, so that
        each copy made from it costs one setstate."""
        self._frozen = self._random.getstate()

    def get_state(self) -> list:
        """The generator's state as plain data (JSON)."""
        version, internal, gauss = self._random.getstate()
        return [version, list(internal), gauss]

    def set_state(self, state) -> None:
        version, internal, gauss = state
        self._random.setstate((version, tuple(internal), gauss))


class ArrangedRng(Rng):
    """The game's generator with some of its next draws arranged in advance (a scenario's
    `next random pick is "X"`, `next shuffle of deck leaves "X" on top`). It draws as
    :class:`Rng` does, then replaces what was arranged, so every other draw of the game is
    the one an unarranged game would make. The engine never makes one: a scenario puts it
    on the state, and games that do not use it pay nothing.

    * ``picks``: the next picks of :meth:`choice`, in order, each ``(wanted, missed)``:
      ``wanted(item)`` tells the item to pick, ``missed(items)`` is told when none fits
      (the ordinary draw stands then);
    * ``shuffles``: ``(fits, arrange)``: after a shuffle of a list that ``fits(items)``,
      ``arrange(items)`` reorders it, once.

    Copies (checkpoints, clones) keep what is still arranged, so a replay draws the same.

    >>> r = ArrangedRng.of(Rng(7))
    >>> r.picks.append((lambda x: x == 4, print))
    >>> r.choice([1, 2, 3, 4]), r.choice([1, 2, 3, 4]) in (1, 2, 3, 4), r.picks
    (4, True, [])
    """
    __slots__ = ("picks", "shuffles")

    @classmethod
    def of(cls, rng: Rng) -> "ArrangedRng":
        """A generator in the state of ``rng``, with nothing arranged yet."""
        r = cls.__new__(cls)
        r._random, r._bits, r._frozen = rng._random, rng._bits, rng._frozen
        r.picks, r.shuffles = [], []
        return r

    def choice(self, items):
        got = items[self.below(len(items))]
        if self.picks:
            wanted, missed = self.picks.pop(0)
            for item in items:
                if wanted(item):
                    return item
            missed(items)
        return got

    def shuffle(self, items: list) -> None:
        super().shuffle(items)
        for rig in self.shuffles:
            fits, arrange = rig
            if fits(items):
                self.shuffles.remove(rig)
                arrange(items)
                return

    def copy(self) -> "ArrangedRng":
        r = ArrangedRng.of(Rng.copy(self))
        r.picks, r.shuffles = list(self.picks), list(self.shuffles)
        return r
