"""The checker: names and kinds of a deck's program (see :mod:`deckwright.dsl.check.program`)."""
from .kinds import AFTER_THE_FACT, EVENT_FIELDS, EVENTS_BUILTIN
from .program import Checker, decl_key, describe_key
from .scope import Scope

__all__ = ["Checker", "Scope", "decl_key", "describe_key", "AFTER_THE_FACT", "EVENT_FIELDS",
           "EVENTS_BUILTIN"]
