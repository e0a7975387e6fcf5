"""Search bots: any deck as an OpenSpiel game, and OpenSpiel's MCTS playing it.

OpenSpiel (``pip install 'deckwright[search]'``) is optional: nothing outside this
package imports it, and :func:`available` says whether it is installed.

* :mod:`deckwright.dsl.search.spiel` presents a deck as an OpenSpiel game (``pyspiel`` game
  ``deckwright``, parameters ``deck``, ``players``, ``seeds``);
* :mod:`deckwright.dsl.search.bots` makes the agents ``mcts`` and ``ismcts`` (``mcts:200``: 200
  simulations a move) that `sim`, `lint --sim` and the REPL seat like any other bot.
"""
from __future__ import annotations

from importlib.util import find_spec

MISSING = ("the search bots need OpenSpiel, an optional extra: "
           "pip install 'deckwright[search]' (or: pip install open-spiel)")


def available() -> bool:
    """Whether OpenSpiel is installed (without importing it)."""
    return find_spec("pyspiel") is not None
