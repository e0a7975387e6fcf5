"""The Deckwright language grammar, shipped as package data.

>>> from grammar import GRAMMAR_PATH
>>> GRAMMAR_PATH.name
'deckwright.lark'
"""
from pathlib import Path

GRAMMAR_PATH = Path(__file__).with_name("deckwright.lark")
