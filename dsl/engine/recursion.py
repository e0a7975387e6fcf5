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
import sys
from collections import Counter

from ..errors import EngineError

_FRAME = re.compile(r"(C?A|EF|T|MB)(\d+)")
_RULE = re.compile(r"(T|SB)(\d+)")        # a trigger's function, a static's `instead` body
GENERATED_FILE = "<deckwright>"          # the file name deckwright.dsl.codegen compiles under


def trigger_loop_error(game) -> EngineError:
    """The error for more than 40 events nested inside each other, at the rule that keeps
    setting itself off: the outermost trigger (or `instead`) that the generated functions
    on the stack run more than once (``T5`` is trigger 5, ``SB2`` the body of static 2),
    else the innermost one running."""
    program = game.program
    tables = {"T": {t.index: t.pos for t in program.all_triggers},
              "SB": {s.index: s.pos for s in program.all_statics}}
    rules = []                           # innermost first
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename == GENERATED_FILE:
            m = _RULE.fullmatch(frame.f_code.co_name)
            pos = tables[m.group(1)].get(int(m.group(2))) if m else None
            if pos is not None:
                rules.append(pos)
        frame = frame.f_back
    times = Counter(rules)
    looping = [pos for pos in reversed(rules) if times[pos] > 1]
    pos = looping[0] if looping else rules[0] if rules else None
    where = f" at {pos}" if pos is not None else ""
    return EngineError(f"more than 40 events nested inside each other{where} (a trigger loop)",
                       tuple(game.chain), pos=pos)


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
    return EngineError(f"effects nested too deeply{where}: {what}", tuple(chain), pos=last[1])
