"""Deckwright: a language and an engine for Dvorak-style card games."""

__version__ = "0.1.0"
