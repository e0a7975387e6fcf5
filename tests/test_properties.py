"""Properties over many inputs: loading never crashes, state and replay are exact."""
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from hypothesis.extra.lark import from_lark

from deckwright.dsl.errors import DeckError
from deckwright.dsl.loader import load_program, load_text
from deckwright.grammar import GRAMMAR_PATH
from lark import Lark
from deckwright.dsl.replay import play_recorded, replay
from deckwright.dsl.session import Session
from deckwright.dsl.engine.state import GameState

EXAMPLE = load_program("example")


# Lark keeps the grammar object only when it builds the tables itself (not from cache).
FUZZ_PARSER = Lark(GRAMMAR_PATH.read_text(encoding="utf-8"), parser="lalr")


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(from_lark(FUZZ_PARSER, start="start", explicit={"_NL": st.just("\n")}))
def test_loading_any_text_the_grammar_produces_raises_only_deck_errors(text):
    try:
        load_text(text, "fuzz.deck")
    except DeckError as err:
        assert err.diagnostics and str(err)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_loading_arbitrary_text_raises_only_deck_errors(text):
    try:
        load_text('game "Fuzz"\n' + text, "fuzz.deck")
    except DeckError as err:
        assert err.diagnostics


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40))
def test_save_load_save_is_identical(seed, steps):
    s = Session(EXAMPLE, seed=seed, players=2)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(0 if not s.decision.multi else tuple(range(s.decision.min_count)))
    first = json.dumps(s.state.to_json(), sort_keys=True)
    second = json.dumps(GameState.from_json(json.loads(first)).to_json(), sort_keys=True)
    assert first == second
    again = Session.from_save(EXAMPLE, json.loads(json.dumps(s.to_save())))
    assert again.state.state_hash() == s.state.state_hash()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_replay_equals_the_original(seed, players):
    record = play_recorded(EXAMPLE, seed=seed, players=players, bots=["random"])
    game = replay(EXAMPLE, record)
    assert game.state.state_hash() == record["hashes"][-1]
