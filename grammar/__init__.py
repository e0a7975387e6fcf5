"""The Deckwright language grammar, shipped as package data.

>>> from deckwright.grammar import GRAMMAR_PATH
>>> GRAMMAR_PATH.name
'deckwright.lark'
"""
if __name__ != "deckwright.grammar":
    # Only one name for it, as for deckwright.dsl: an old `from grammar import` fails here.
    raise ImportError(f"`import {__name__}`: Deckwright's grammar is `deckwright.grammar`")

from pathlib import Path

GRAMMAR_PATH = Path(__file__).with_name("deckwright.lark")
