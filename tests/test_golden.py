"""The engine plays every recorded game exactly as recorded (tests/golden_traces.py).

The always-on run checks the first games of every run; `DECKWRIGHT_SOAK=1` checks all.
On a mismatch the message names the run, the game and the first stretch of decisions in
which the states part."""
import pytest

import golden_traces as G

RECORDED = G.load()
ALWAYS = 2


def _compare(run: str, i: int):
    from deckwright.dsl.loader import load_program
    got = G.trace_game(load_program(G.RUNS[run][0]), run, i)
    want = RECORDED[run][i]
    if got == want:
        return
    for k, (a, b) in enumerate(zip(got["marks"], want["marks"])):
        if a != b:
            where = f"between decisions {k * G.MARK_EVERY} and {(k + 1) * G.MARK_EVERY}"
            break
    else:
        where = "after the last mark"
    pytest.fail(f"{run} game {i} differs from its recording {where} "
                f"(decisions {got['n']} vs {want['n']}, result {got['result']} vs "
                f"{want['result']})")


@pytest.mark.parametrize("run", sorted(G.RUNS))
def test_the_first_recorded_games_replay_exactly(run):
    for i in range(ALWAYS):
        _compare(run, i)


@pytest.mark.slow
@pytest.mark.parametrize("run", sorted(G.RUNS))
def test_every_recorded_game_replays_exactly(run):
    for i in range(ALWAYS, len(RECORDED[run])):
        _compare(run, i)
