"""The engine: the game state, the primitives compiled rules call, and the game that
drives them (see :mod:`deckwright.dsl.engine.game`)."""
from .events import Decision, Event, GameOver, LogEntry
from .game import DEFAULT_BUDGET, DEFAULT_MAX_TURNS, Effect, Game
from .state import CardInst, GameState, Player, ZoneInst

__all__ = ["Game", "Effect", "Decision", "Event", "GameOver", "LogEntry", "GameState",
           "CardInst", "Player", "ZoneInst", "DEFAULT_BUDGET", "DEFAULT_MAX_TURNS"]
