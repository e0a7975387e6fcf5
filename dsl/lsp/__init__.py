"""`deckwright lsp`: a language server for deck files, over standard input and output.

It needs pygls (`pip install 'deckwright[lsp]'`); the rest of Deckwright does not. What it
answers lives in :mod:`deckwright.dsl.lsp.analysis` (pure, tested without pygls);
:mod:`deckwright.dsl.lsp.server` is the protocol glue. See docs/editors.md for Neovim and VS Code.
"""
from __future__ import annotations

import sys

MISSING = ("deckwright lsp: the language server needs pygls, which is not installed; "
           "install it with: pip install 'deckwright[lsp]'")


def main(args=None) -> int:
    try:
        from .server import serve
    except ImportError:
        print(MISSING, file=sys.stderr)
        return 1
    return serve()
