"""The bundled games, shipped as package data.

>>> from decks import DECKS_DIR, bundled
>>> "dvorak" in bundled()
True
"""
from pathlib import Path

DECKS_DIR = Path(__file__).parent


def bundled() -> dict:
    """Bundled deck names (file stem) → paths."""
    return {p.stem: p for p in sorted(DECKS_DIR.glob("*.deck"))}
