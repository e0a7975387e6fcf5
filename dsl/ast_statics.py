"""The syntax tree's static effects, `static ...` on a card, at the top level or made by a
statement (import them through :mod:`deckwright.dsl.ast`)."""
from __future__ import annotations

from typing import Optional

from .ast_nodes import Block, Expr, Node, node


# --- static effects ----------------------------------------------------------------

class Static(Node):
    pass


@node
class StaticModify(Static):
    param: str
    amount: Expr
    target: Optional[Expr]


@node
class StaticSubstitute(Static):
    limit: str
    substitute: str
    once_per_turn: bool


@node
class StaticForbid(Static):
    event: str
    where: Optional[Expr]


@node
class StaticPrevent(Static):
    event: str
    where: Optional[Expr]


@node
class StaticInstead(Static):
    event: str
    where: Optional[Expr]
    body: Block


@node
class StaticCopy(Static):
    source: Expr


@node
class StaticGrant(Static):
    """`static grant CARDS ability "NAME": ... { ... }`."""
    target: Expr
    ability: "Ability"             # (a declaration: deckwright.dsl.ast_decls)  # noqa: F821


@node
class StaticUntargetable(Static):
    """`static untargetable [for WHAT] [by CONDITION]`: a declared target may not be those
    (by default the static's card) when aimed by a source the condition takes."""
    target: Optional[Expr]
    by: Optional[Expr]


@node
class StaticAlwaysUsable(Static):
    """`static abilities of CARDS always usable`: their `if` conditions are not asked."""
    target: Expr
