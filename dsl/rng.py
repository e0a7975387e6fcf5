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
    """The generator. A copy is a state to start from and a number of words drawn since
    it: it makes its twister when it first draws (set to that state, then moved on by
    the count in one ``getrandbits``), so a checkpoint's copy, which never draws, never
    pays for one. A copy of a generator that has drawn takes its ``getstate()``, whose
    624 words are converted once; :class:`CountingRng` avoids that too. Draws, and so
    every game, are those of one twister."""
    __slots__ = ("_random", "_bits", "_base", "_n")

    def __init__(self, seed: int = 0):
        self._random = random.Random(seed)
        self._bits = self._random.getrandbits
        self._base = seed            # a seed (int) or a ``getstate()`` tuple
        self._n = 0                  # words drawn since the base (CountingRng's count)

    def _wake(self, k: int) -> int:
        """The first draw of a copy: its twister made, in the state it was copied in (a
        caller that kept ``_bits`` in a local goes on through here)."""
        if self._random is None:
            self._make()
        return self._bits(k)

    def _make(self) -> None:
        if type(self._base) is int:
            r = random.Random(self._base)
        else:
            r = random.Random.__new__(random.Random)
            r.setstate(self._base)
        if self._n:
            r.getrandbits(32 * self._n)          # exactly _n words
        self._random, self._bits = r, r.getrandbits

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

    def _at(self) -> tuple:
        """(state, words since): where a copy starts."""
        if self._random is None:
            return self._base, self._n
        return self._random.getstate(), 0

    def copy(self) -> "Rng":
        """A generator in the same state (its twister made when it first draws)."""
        r = type(self).__new__(type(self))
        r._sleep(*self._at())
        return r

    def _sleep(self, base, n: int) -> None:
        self._random, self._bits, self._base, self._n = None, self._wake, base, n

    def get_state(self) -> list:
        """The generator's state as plain data (JSON)."""
        if self._random is None:
            self._make()
        version, internal, gauss = self._random.getstate()
        return [version, list(internal), gauss]

    def set_state(self, state) -> None:
        version, internal, gauss = state
        self._sleep((version, tuple(internal), gauss), 0)


class CountingRng(Rng):
    """The generator of a game that keeps checkpoints and is cloned: it counts the words
    it draws since its known state, so that a copy is that state and the count, without
    a ``getstate()``. Counting costs a call on every draw, which a game that is only run
    (``sim``) does not pay. ``getrandbits(k)`` takes one 32-bit word for each 32 bits
    of k or part of them."""
    __slots__ = ()

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self._bits = self._counted

    def _make(self) -> None:
        super()._make()
        self._bits = self._counted

    def _counted(self, k: int) -> int:
        self._n += (k + 31) >> 5
        return self._random.getrandbits(k)

    def _at(self) -> tuple:
        return self._base, self._n


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
        r._sleep(*rng._at())
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
