"""The game's generator: a copy draws exactly what the original would have drawn next,
whenever and however often it is copied, and the draws are those of Python's Mersenne
Twister (so a seed plays the same game on every platform)."""
import random

from hypothesis import given, settings, strategies as st

import pytest

from deckwright.dsl.rng import ArrangedRng, CountingRng, Rng


def twister_below(r: random.Random, n: int) -> int:
    k = n.bit_length()
    x = r.getrandbits(k)
    while x >= n:
        x = r.getrandbits(k)
    return x


@pytest.mark.parametrize("kind", [Rng, CountingRng])
def test_draws_are_the_twisters(kind):
    rng, twister = kind(7), random.Random(7)
    assert [rng.below(10) for _ in range(50)] == [twister_below(twister, 10) for _ in range(50)]


# A step: ("below", n), ("shuffle", length), ("copy", None): go on with a copy, or
# ("save", None): go on with a generator set from the saved state.
steps = st.lists(st.one_of(
    st.tuples(st.just("below"), st.integers(1, 2**70)),
    st.tuples(st.just("shuffle"), st.integers(0, 60)),
    st.tuples(st.just("copy"), st.none()),
    st.tuples(st.just("save"), st.none())), max_size=40)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), plan=steps, kind=st.sampled_from([Rng, CountingRng]))
def test_a_copy_goes_on_as_the_original_would(seed, plan, kind):
    original, copy = Rng(seed), kind(seed)
    for what, n in plan:
        if what == "copy":
            copy = copy.copy()
        elif what == "save":
            saved = Rng(0)
            saved.set_state(copy.get_state())
            copy = saved
        elif what == "below":
            assert copy.below(n) == original.below(n)
        else:
            a, b = list(range(n)), list(range(n))
            copy.shuffle(a)
            original.shuffle(b)
            assert a == b
    assert [copy.below(1000) for _ in range(5)] == [original.below(1000) for _ in range(5)]


@pytest.mark.parametrize("kind", [Rng, CountingRng])
def test_copies_of_one_state_draw_alike_and_leave_it_alone(kind):
    rng = kind(3)
    rng.below(100)
    first, second = rng.copy(), rng.copy()
    grandchild = first.copy()
    drawn = [first.below(10**6) for _ in range(20)]
    assert [second.below(10**6) for _ in range(20)] == drawn
    assert [grandchild.below(10**6) for _ in range(20)] == drawn
    assert [rng.below(10**6) for _ in range(20)] == drawn


def test_an_arranged_generator_starts_where_the_plain_one_was():
    rng = Rng(11)
    rng.shuffle(list(range(40)))
    arranged = ArrangedRng.of(rng.copy())
    assert [arranged.below(97) for _ in range(10)] == [rng.below(97) for _ in range(10)]
