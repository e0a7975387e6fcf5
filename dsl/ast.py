"""The typed, frozen syntax tree of a deck file.

Every node carries a :class:`~deckwright.dsl.errors.SourcePosition` as ``pos``. Nothing past
the parser sees a ``lark.Tree``: the transformer in :mod:`deckwright.dsl.parser` builds these
nodes once.

>>> from deckwright.dsl.parser import parse_text
>>> deck = parse_text('game "Tiny"\\nresource vp: start 0\\n', "tiny.deck")
>>> deck.items[0]
Resource(name='vp', start=IntLit(value=0), min=None, max=None, shared=False)
"""
# The nodes live in three modules (each under the house limit on length); every tool
# reads them as one namespace, `from dsl import ast as A`.
from .ast_nodes import *  # noqa: F401,F403
from .ast_statics import *  # noqa: F401,F403
from .ast_decls import *  # noqa: F401,F403
