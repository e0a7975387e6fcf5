"""A game copied at a decision plays on exactly as the game itself would: made again
from data (its running rules resumed where they wait, dsl/engine/resume.py), made by
replaying the turn from its checkpoint, and the copy of a copy."""
from __future__ import annotations

import ast
import os
import re

import pytest

from deckwright.dsl.agents import RandomAgent
from deckwright.dsl.codegen.resume import NAMES
from deckwright.dsl.engine import Game
from deckwright.dsl.engine.resume import resumed
from deckwright.dsl.loader import bundled_games, load_program

GAMES = [name for name, why_not in bundled_games().items() if why_not is None]
# Every decision of two games in a soak (DECKWRIGHT_SOAK=1, as for the abuse tests); by default
# every other one (Dveck Builder, some 1,700 decisions a game: one game, every 20th).
SOAK = bool(os.environ.get("DECKWRIGHT_SOAK"))
EVERY = {} if SOAK else {"dveck_builder": 20, "dueling_runes": 2}
SEEDS = {} if SOAK else {"dveck_builder": 1}


def stepped(program, seed: int):
    """A game whose seats are played from outside by random bots, at each decision."""
    n = max(program.min_players, 2)
    bots = [RandomAgent(seed * 1000 + k + 1) for k in range(n)]
    game = Game(program, seed=seed, agents=[None] * n, checkpoints=True, log=False)
    game.start()
    while not game.is_over:
        yield game
        d = game.decision
        game.apply(bots[d.player.index].choose(game, d))


def seen(game) -> tuple:
    """What a copy must agree on: the state, and the decision as its chooser reads it."""
    d = game.decision
    return game.state.state_hash(), None if d is None else (d.player.index, d.kind,
                                                           d.prompt, tuple(d.labels))


def play_on(game, seed: int, steps: int) -> list:
    bot = RandomAgent(seed)
    out = [seen(game)]
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(bot.choose(game, game.decision))
        out.append(seen(game))
    return out


@pytest.mark.parametrize("deck", GAMES)
def test_a_game_resumed_from_data_plays_on_as_the_replayed_one(deck):
    program = load_program(deck)
    copies = 0
    for seed in range(SEEDS.get(deck, 2)):
        for k, game in enumerate(stepped(program, seed)):
            if k % EVERY.get(deck, 1):
                continue
            before = seen(game)
            copy = resumed(game)
            assert copy is not None, f"seed {seed}, decision {k}: not resumed"
            replayed = game.rewind(len(game.history))
            assert seen(copy) == seen(replayed) == before
            assert play_on(copy, k, 6) == play_on(replayed, k, 6)
            assert seen(game) == before                 # the game itself is untouched
            copies += 1
    assert copies > 20


def test_a_copy_of_a_resumed_copy_resumes_and_plays_on_the_same():
    program = load_program("dueling_runes")
    for k, game in enumerate(stepped(program, 3)):
        if k in (30, 31, 32, 60):
            first = resumed(game)
            second = resumed(first)
            assert second is not None
            assert play_on(second, k, 8) == play_on(game.rewind(len(game.history)), k, 8)
        if k > 60:
            break


def test_clone_resumes_once_the_turn_has_run_long_and_replays_before():
    from deckwright.dsl.engine.copies import RESUME_AFTER
    program = load_program("dveck_builder")
    ns = program.code(True).namespace
    ways = {True: 0, False: 0}
    for k, game in enumerate(stepped(program, 0)):
        long = len(game.history) - game.checkpoints[-1].steps_taken >= RESUME_AFTER
        copy = game.clone()
        # a replayed copy runs the rules' own main function; a resumed one, its variant
        assert (copy._stack[0].gi_code is not ns["MAIN"].__code__) == long
        assert seen(copy) == seen(game)
        ways[long] += 1
        if k > 400:
            break
    assert ways[True] > 10 and ways[False] > 10


def test_the_resume_variants_name_only_the_generators_own_names():
    """Like the generated module itself: every name in a variant is one of its
    function's, or one of the resume module's own; every constant is one of the
    function's, a local's name, or a flag or index of the variant's own."""
    program = load_program("dueling_runes")
    for game in stepped(program, 0):
        game.clone()
        resumed(game)
    code = program.code(True)
    functions = {n.name: n for n in ast.parse(code.source).body if isinstance(n, ast.FunctionDef)}
    trees = code.resumer.trees
    assert len(trees) > 10
    for (name, _line), tree in trees.items():
        fn = functions[name]
        own_names = {n.id for n in ast.walk(fn) if isinstance(n, ast.Name)} | \
            {a.arg for a in ast.walk(fn) if isinstance(a, ast.arg)}
        own_consts = {repr(n.value) for n in ast.walk(fn) if isinstance(n, ast.Constant)}
        for n in ast.walk(tree):
            if isinstance(n, ast.Name):
                assert n.id in own_names or n.id in NAMES or re.fullmatch(r"RS_FIRST\d+", n.id)
            elif isinstance(n, ast.Constant):
                assert repr(n.value) in own_consts or n.value in own_names or \
                    type(n.value) in (bool, int)
            elif isinstance(n, ast.arg):
                assert n.arg in own_names or n.arg in NAMES
