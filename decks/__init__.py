"""The bundled games, shipped as package data.

>>> from deckwright.decks import DECKS_DIR, bundled
>>> "dvorak" in bundled()
True
"""
if __name__ != "deckwright.decks":
    # Only one name for it, as for deckwright.dsl: an old `from decks import` fails here.
    raise ImportError(f"`import {__name__}`: Deckwright's bundled games are `deckwright.decks`")

from pathlib import Path

DECKS_DIR = Path(__file__).parent


def bundled() -> dict:
    """Bundled deck names (file stem) → paths. A ``NAME.test.deck`` holds the scenarios
    of ``NAME.deck`` (`deckwright test`): it is not a deck of its own."""
    return {p.stem: p for p in sorted(DECKS_DIR.glob("*.deck"))
            if not p.name.endswith(".test.deck")}
