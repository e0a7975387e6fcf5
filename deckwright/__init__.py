"""Deckwright: a language and an engine for Dvorak-style card games.

One package in four parts: :mod:`deckwright.dsl` (parser, checker, engine, bots, linter
and the ``deckwright`` command), :mod:`deckwright.repl` (the REPL and the Pygments lexer),
:mod:`deckwright.grammar` and :mod:`deckwright.decks` (the grammar and the bundled games).

>>> from deckwright.dsl.loader import load_program
>>> from deckwright.dsl.sim import simulate
>>> simulate(load_program("example"), games=2, seed=1)["games"]
2
"""
import sys
from importlib.machinery import PathFinder
from pathlib import Path

__version__ = "0.1.0"

PARTS = ("dsl", "repl", "grammar", "decks")


class _CheckoutParts:
    """Finds ``deckwright.dsl`` and the other parts in a checkout, where they are the
    repository's top-level folders beside this one (pyproject.toml's package-dir puts
    them inside it only in the wheel). Only those four: nothing else of the checkout
    becomes importable under ``deckwright``, and each file has one module name."""

    def __init__(self, top: Path):
        self.top = str(top)

    def find_spec(self, name, path=None, target=None):
        package, _, part = name.partition(".")
        if package == __name__ and part in PARTS:
            return PathFinder.find_spec(name, [self.top])
        return None


_here = Path(__file__).resolve().parent
if not (_here / "dsl").is_dir() and (_here.parent / "dsl" / "__init__.py").is_file():
    # A checkout, installed or not; first, before an editable install's finder, which
    # maps the parts to the checkout it was installed from (another git worktree's)
    sys.meta_path.insert(0, _CheckoutParts(_here.parent))
