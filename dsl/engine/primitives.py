"""The engine's primitives: what compiled rules call to read and change the game state.

Each is a function of the game ``g`` (a :class:`~deckwright.dsl.engine.game.Game`). None of them
runs a deck's code that could decide anything: events, triggers and reactions around a
primitive are compiled into the rules themselves (:mod:`deckwright.dsl.codegen.events`), so these
stay plain functions whether the game is stepped or only run. They live in four modules,
one job each; this one gathers them for :mod:`deckwright.dsl.codegen.runtime`.
"""
from .cards import *  # noqa: F401,F403
from .players import *  # noqa: F401,F403
from .statics import *  # noqa: F401,F403
from .values import *  # noqa: F401,F403
from .values import MAX_INT, MAX_TOKENS  # noqa: F401
