"""Record and replay: a game is its deck, its seed and its decisions.

>>> from deckwright.dsl.loader import load_program
>>> program = load_program("example")
>>> record = play_recorded(program, seed=4, players=2, bots=["random"])
>>> replay(program, record).state.state_hash() == record["hashes"][-1]
True
"""
from __future__ import annotations

from typing import Optional

from .agents import SharedScript
from .engine import Game
from .program import Program
from .sim import bots_for


def play_recorded(program: Program, seed: int, players: int, bots: list,
                  options: Optional[dict] = None) -> dict:
    """Play a bot game; return its decisions and the state hash after every one."""
    hashes: list = []
    game = Game(program, seed=seed, agents=bots_for(bots, seed, players), players=players,
                options=options, observer=lambda g: hashes.append(g.state.state_hash()))
    game.run()
    hashes.append(game.state.state_hash())
    return {"seed": seed, "players": players, "options": options or {},
            "decisions": list(game.decisions), "hashes": hashes, "result": game.state.result}


def replay(program: Program, record: dict, check_hashes: bool = True) -> Game:
    """Replay a recorded game from its decisions; with ``check_hashes``, stop at the first
    decision after which the state differs from the recording."""
    expected = iter(record.get("hashes", ()))

    def observe(g):
        if check_hashes:
            want = next(expected, None)
            got = g.state.state_hash()
            if want is not None and got != want:
                raise ReplayMismatch(f"state differs after decision {len(g.decisions)}: "
                                     f"{got} != {want}")

    agent = SharedScript(record["decisions"])
    game = Game(program, seed=record["seed"], agents=[agent] * record["players"],
                players=record["players"], options=record.get("options"), observer=observe)
    game.run()
    return game


class ReplayMismatch(AssertionError):
    pass
