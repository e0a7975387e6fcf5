"""The interactive front end (prompt_toolkit) and the Pygments lexer; see issue 6.

Imported as ``deckwright.repl``.
"""
if __name__ != "deckwright.repl":
    # A second copy beside deckwright.repl would drive a second copy of the engine.
    raise ImportError(f"`import {__name__}`: Deckwright's REPL is `deckwright.repl` "
                      f"(write `from deckwright.repl... import ...`)")
