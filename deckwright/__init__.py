"""Deckwright: a language and an engine for Dvorak-style card games.

One package in four parts: :mod:`deckwright.dsl` (parser, checker, engine, bots, linter
and the ``deckwright`` command), :mod:`deckwright.repl` (the REPL and the Pygments lexer),
:mod:`deckwright.grammar` and :mod:`deckwright.decks` (the grammar and the bundled games).

>>> from deckwright.dsl.loader import load_program
>>> from deckwright.dsl.sim import simulate
>>> simulate(load_program("example"), games=2, seed=1)["games"]
2
"""
from pathlib import Path

__version__ = "0.1.0"

# The parts live in the repository's top-level folders (dsl/, repl/, grammar/, decks/),
# beside this one, and pyproject.toml's package-dir puts them inside it in the wheel. So
# that a checkout imports the same names uninstalled (`python -m pytest` in a clone) and
# editable, look for them beside this folder when they are not in it.
_here = Path(__file__).resolve().parent
if not (_here / "dsl").is_dir() and (_here.parent / "dsl" / "__init__.py").is_file():
    __path__.append(str(_here.parent))
del _here, Path
