"""The language and the engine: parser → AST → checker → codegen → engine → agents, lint, sim.

Imported as ``deckwright.dsl`` (the folder ``dsl/`` of a checkout, ``deckwright/dsl/`` in the
wheel); its version is the package's.
"""
if __name__ != "deckwright.dsl":
    # A checkout's folder reached as a top-level `dsl` would be a second copy of the engine
    # beside deckwright.dsl: two Game classes, two caches. Say so rather than half-work.
    raise ImportError(f"`import {__name__}`: Deckwright's engine is `deckwright.dsl` "
                      f"(write `from deckwright.dsl... import ...`)")

from .. import __version__  # noqa: E402,F401  (`deckwright --version`, the LSP, Ray's check)
