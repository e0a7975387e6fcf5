"""Decks the grammar generates, most of which load and play.

A deck that Hypothesis' ``from_lark`` writes from the whole grammar never loads: its
names are random, and a random name is declared nowhere, so the checker refuses every
one and the engine is never reached. Here the grammar writes *parts* of a deck (an
effect, a card, a trigger, a ``whenever`` rule) into a fixed prelude that declares a
small pool of names, and every name the grammar asks for is drawn from that pool: so a
part reads the prelude's zones, resources, counters, marks, limits, actions and cards,
and about half of the decks pass ``check`` and are played.

* Every terminal of the grammar is given a strategy: keywords and names are followed by
  a space, so two tokens never run together (``ThingThing``), and comments are left
  out, so none swallows the rest of a line. The grammar is the project's own, with only
  its ``%ignore`` lines taken out.
* A share of the decks is still the whole grammar with random names (the old half of
  the soak): it reaches the parser's and checker's corners that no prelude does.
"""
from __future__ import annotations

import re

PRELUDE = '''game "Generated" extends "dvorak"
resource coins: start 3
resource vp: score
var tally = 0: per player
var chosen = none
counter charge
mark dull
property cost = 1
limit spree = 1 per turn
card "Alpha": Thing x 6 { text "a" }
card "Beta": Action x 6 {
  text "b"
  effect { gain 1 coins }
}
'''
"""What every generated part is written into: names of each kind the grammar can ask for."""

CARDS = ['"Alpha"', '"Beta"', '"Gen1"']
TYPES = ["Thing", "Action"]

# The names of each kind the prelude (with the dvorak deck it extends) declares: what a
# name the checker does not know is replaced with (`repair`).
KINDS = {"resource": ["coins", "vp"], "variable": ["tally", "chosen"], "counter": ["charge"],
         "mark": ["dull"], "property": ["cost"], "limit": ["spree", "thing_play"],
         "zone": ["hand", "area", "deck", "discard_pile"], "action": ["draw", "discard"],
         "move": ["play_thing", "play_action"], "event": ["enter", "gain", "turn_start"],
         "name": ["it", "tally"], "function": ["top", "count"], "parameter": ["hand_size"]}
NAMES = sorted({n for names in KINDS.values() for n in names}
               | {"destroy", "play", "reshuffle", "resolving", "action_play", "leave", "move",
                  "turn_end", "n", "c", "event", "this", "you"})

# How each start rule's text becomes a deck (after the prelude), and how many of the
# decks each is drawn for. A trigger and a `whenever` are written around a generated
# block: the grammar's own would take an event or a condition at random, and the
# checker would refuse nearly all of them.
EVENTS = ["enter", "leave where event.card == this", "gain", "turn_start", "move"]
PARTS = {
    "block": lambda text: f'card "Gen1": Action x 6 {{\n  text "g"\n  effect {text}\n}}\n',
    "card_decl": lambda text: text + "\n",
    "trigger": lambda text: f'card "Gen1": Thing x 6 {{\n  text "g"\n  when '
                            f'{EVENTS[len(text) % len(EVENTS)]} {text}\n}}\n',
    "whenever": lambda text: 'card "Gen1": Thing x 6 { text "g" }\n'
                             f'whenever count cards in discard_pile > 8 {text}\n',
}
START = {"trigger": "block", "whenever": "block"}          # the rule each is written from
WEIGHTS = {"block": 5, "card_decl": 2, "trigger": 2, "whenever": 1, "start": 2}

_UNKNOWN = re.compile(r"unknown (\w+) `(\w+)`")


def repair(text: str, rounds: int = 4) -> str:
    """``text`` with the names the checker does not know (``unknown resource `hand```)
    replaced, one round at a time, by a declared name of the kind it asked for; as it was
    once nothing is left to replace."""
    from deckwright.dsl.errors import DeckError
    from deckwright.dsl.loader import load_text
    for _ in range(rounds):
        try:
            load_text(text, "generated.deck")
            return text
        except DeckError as err:
            lines, changed = text.split("\n"), False
            for d in sorted(err.diagnostics, key=lambda d: d.pos or (), reverse=True):
                m = _UNKNOWN.match(d.message)
                if not (m and d.pos and m.group(1) in KINDS):
                    continue
                # the position is the statement's or the name's: the name's first use
                row, name = d.pos.line - 1, m.group(2)
                found = re.compile(rf"\b{name}\b").search(lines[row], d.pos.column - 1)
                if found is None:
                    continue
                a, b = found.span()
                pool = KINDS[m.group(1)]
                lines[row] = lines[row][:a] + pool[(row + a) % len(pool)] + lines[row][b:]
                changed = True
            if not changed:
                return text
            text = "\n".join(lines)
    return text

_CARD_NAME = re.compile(r'(?m)^(\s*)card\s*"[^"\n]*"\s*:')


def shares(count: int) -> dict:
    """``count`` decks shared out among the start rules by :data:`WEIGHTS`."""
    total = sum(WEIGHTS.values())
    out = {k: count * n // total for k, n in WEIGHTS.items()}
    out["block"] += count - sum(out.values())
    return out


def strategy(kind: str):
    """A Hypothesis strategy of deck texts written from the start rule ``kind``
    ("start": a whole deck of random names, else a part written into the prelude)."""
    from hypothesis import strategies as st
    from hypothesis.extra.lark import from_lark
    from lark import Lark
    from lark.lexer import PatternStr
    from deckwright.grammar import GRAMMAR_PATH

    grammar = GRAMMAR_PATH.read_text(encoding="utf-8")
    if kind == "start":
        return from_lark(Lark(grammar, parser="lalr"), start="start",
                         explicit={"_NL": st.just("\n")})
    rule = START.get(kind, kind)
    spaced = Lark(re.sub(r"(?m)^%ignore.*$", "", grammar), parser="lalr", start=rule)

    def words(pool):
        return st.sampled_from(pool).map(lambda w: w + " ")

    explicit = {t.name: st.just(t.pattern.value + " ") for t in spaced.terminals
                if isinstance(t.pattern, PatternStr)}
    explicit.update({"NAME": words(NAMES), "STRING": words(CARDS), "CAPWORD": words(TYPES),
                     "INT": words(["0", "1", "2", "3", "10"]), "_NL": st.just("\n"),
                     "COMP_OP": words(["==", "!=", "<", ">="]), "ADD_OP": words(["+", "-"]),
                     "MUL_OP": words(["*", "/", "%"])})
    used = _terminals_under(spaced, rule)
    return from_lark(spaced, start=rule,
                     explicit={k: v for k, v in explicit.items() if k in used}).map(
        lambda text: PRELUDE + _one_card_each(PARTS[kind](text)))


def _terminals_under(parser, start: str) -> set:
    """The terminals a rule may reach (from_lark refuses a strategy for any other)."""
    from lark.grammar import NonTerminal
    rules = {}
    for r in parser.rules:
        rules.setdefault(r.origin.name, []).append(r.expansion)
    seen, todo, out = set(), [start], set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for expansion in rules.get(name, ()):
            for sym in expansion:
                if isinstance(sym, NonTerminal):
                    todo.append(sym.name)
                else:
                    out.add(sym.name)
    return out


def _one_card_each(text: str) -> str:
    """The generated part's own cards renamed "Gen1", "Gen2"...: a card the grammar
    names "Alpha" would only be the prelude's declared twice."""
    count = [0]

    def rename(m):
        count[0] += 1
        return f'{m.group(1)}card "Gen{count[0]}":'
    return _CARD_NAME.sub(rename, text)
