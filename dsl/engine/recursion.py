"""What to say when a deck's effects call each other until Python's stack runs out.

The step budget counts every action call, but an action that calls itself reaches
Python's recursion limit (about a thousand calls) long before 200,000 steps. By the time
the engine catches the ``RecursionError``, the chain of cards the game keeps has been
unwound, so the chain is read back from the traceback instead: each frame of generated
code is a function the generator named (``A3`` is the program's fourth action, ``EF2``
a card's effect, ``T5`` a trigger, ``MB1`` a move), and its ``this`` is the card.
"""
from __future__ import annotations

import re

from ..errors import EngineError

_FRAME = re.compile(r"(C?A|EF|T|MB)(\d+)")
GENERATED_FILE = "<deckwright>"          # the file name deckwright.dsl.codegen compiles under


def too_deep_error(game, err: RecursionError) -> EngineError:
    """The error for ``err``: where the effects loop, and the chain that led there."""
    labels: list = []                    # (label, position) outermost first
    program = game.program
    actions, moves = list(program.actions), list(program.moves)
    tb = err.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        tb = tb.tb_next
        if frame.f_code.co_filename != GENERATED_FILE:
            continue
        m = _FRAME.fullmatch(frame.f_code.co_name)
        if m is None:
            continue
        kind, k = m.group(1), int(m.group(2))
        this = frame.f_locals.get("this")
        card = getattr(this, "name", None) if this is not None else None
        if kind in ("A", "CA") and k < len(actions):
            label = (actions[k], program.actions[actions[k]].pos)
        elif kind == "MB" and k < len(moves):
            label = (f"move {moves[k]}", None)
        elif card is not None and card in program.cards:
            label = (card, program.cards[card].pos)
        else:
            continue
        if not labels or labels[-1] != label or kind in ("A", "CA"):
            labels.append(label)
    if not labels:
        return EngineError("effects nested too deeply (an effect keeps calling itself)",
                           tuple(game.chain))
    last = labels[-1]
    earlier = [i for i in range(len(labels) - 1) if labels[i] == last]
    j = earlier[-1] if earlier else len(labels) - 1
    turn = set(labels[j:-1]) or {last}   # what one turn of the loop goes through
    first = next(i for i, x in enumerate(labels) if x in turn)   # where it starts
    size = max(len(labels) - 1 - j, 1)
    loop = [name for name, _ in labels[first:first + size]]
    last = labels[first]
    where = f" at {last[1]}" if last[1] is not None else ""
    if len(loop) == 1:
        what = f"`{last[0]}` keeps calling itself"
    else:
        what = " → ".join(f"`{x}`" for x in loop + [loop[0]]) + " keep calling each other"
    chain = [name for name, _ in labels[:first]] + loop + [loop[0]]
    return EngineError(f"effects nested too deeply{where}: {what}", tuple(chain))
