"""The verbs a card's effect performs, from the checked program: what the linter's
`text-verb` rule compares with the printed text (:func:`verbs`, also imported by
:mod:`deckwright.dsl.explain`)."""
from __future__ import annotations

from typing import Optional

from . import ir as I

# The verb each statement performs, for `verbs` (a deck's own actions are their own verb).
VERB = {I.Move: "move", I.Shuffle: "shuffle", I.Reveal: "reveal", I.Attach: "attach",
        I.Detach: "detach", I.GiveControl: "control", I.Give: "give", I.Transform: "transform",
        I.PutCounter: "put", I.RemoveCounter: "remove", I.Gain: "gain", I.Lose: "lose",
        I.Create: "create", I.Negate: "negate", I.Choose: "choose", I.ChooseOne: "choose",
        I.Eliminate: "eliminate"}


def verbs(program, name: str, cache: Optional[dict] = None) -> set:
    """The verbs the card's effect performs: its statements' verbs and the deck's actions
    it calls (``draw``, ``discard``), and theirs in turn, from the checked program; and
    the events its triggers and statics are about (``when destroy``, ``prevent destroy``).
    ``cache`` (action → its verbs) may be shared between calls on one program."""
    card = program.cards[name]
    cache = {} if cache is None else cache
    found = {t.event for t in card.triggers} | {s.event for s in card.statics if s.event}
    roots = [card.effect, *(t.body for t in card.triggers),
             *(t.cost for t in card.triggers if t.cost is not None),
             *(a.body for a in card.abilities),
             *(s.body for s in card.statics if getattr(s, "body", None))]
    found |= _verbs_of([r for r in roots if r is not None], program, cache)
    for e in list(found):
        if e in program.actions:
            found |= _action_verbs(e, program, cache)
    return found


def _action_verbs(action: str, program, cache: dict) -> set:
    if action not in cache:
        cache[action] = set()                        # a recursive action: what is known so far
        cache[action] = _verbs_of([program.actions[action].body], program, cache)
    return cache[action]


def _verbs_of(roots: list, program, cache: dict) -> set:
    found: set = set()
    stack = list(roots)
    while stack:
        node = stack.pop()
        if isinstance(node, tuple):
            stack.extend(node)
            continue
        if not isinstance(node, I.Node):
            continue
        if isinstance(node, I.CallAction):
            found.add(node.action)
            if node.action in program.actions:
                found |= _action_verbs(node.action, program, cache)
        elif type(node) in VERB:
            found.add(VERB[type(node)])
        stack.extend(node.children())
    return found
