"""Friendly messages for common syntax mistakes.

Each entry pairs a message with snippets that make the same mistake; Lark's
``UnexpectedInput.match_examples`` finds the entry whose snippets fail in the same parser
state as the user's text. ``tests/test_syntax_errors.py`` walks the table, so every
message is checked against the exact text a user sees.
"""
from __future__ import annotations

from functools import lru_cache

from lark.exceptions import UnexpectedInput

H = 'game "G"\n'

# (message, [snippets that make this mistake]) — order matters only for ties.
SYNTAX_ERRORS: list[tuple[str, list[str]]] = [
    ("a card needs `:` and its type after its name, as in `card \"Name\": Thing`",
     [H + 'card "A" Thing {\n}\n', H + 'card "A" {\n}\n']),
    ("card names are written in double quotes: `card \"Name\": Thing`",
     [H + 'card A: Thing\n', H + "card 'A': Thing\n"]),
    ("types and subtypes start with a capital letter: `Thing - Pony`",
     [H + 'card "A": thing\n', H + 'card "A": Thing - pony\n']),
    ("the deck must start with its header, for example `game \"My Deck\"`",
     ['zone hand\n', 'card "A": Thing\n', 'players 2\n']),
    ("the game's name is written in double quotes: `game \"My Deck\"`",
     ['game Mine\n', "game 'Mine'\n"]),
    ("`else` must be on the same line as the `}` that closes the `if` block: `} else {`",
     [H + 'setup {\n if 1 > 0 {\n pass\n }\n else {\n pass\n }\n}\n']),
    ("a block is missing its closing `}`",
     [H + 'setup {\n pass\n', H + 'card "A": Thing {\n text "x"\n']),
    ("an opening `{` must end the line it is on, and the block's statements go on the following lines or after `;`",
     []),
    ("`=` assigns; to compare, write `==`",
     [H + 'setup {\n if x = 1 {\n pass\n }\n}\n']),
    ("a zone's attributes follow a colon: `zone hand: per player, private`",
     [H + 'zone hand per player\n', H + 'zone hand private\n']),
    ("write `per player` or `per side` after `per`",
     [H + 'zone hand: per card\n']),
    ("`players` takes a number or a range: `players 2 to 4`",
     [H + 'players two\n', H + 'players 2-4\n', H + 'players 2..4\n']),
    ("an `action` lists its parameters in parentheses, even when there are none: `action draw(n) { ... }`",
     [H + 'action draw {\n}\n', H + 'action draw n {\n}\n']),
    ("a trigger names its event: `when draw where event.player == you { ... }`",
     [H + 'when {\n}\n', H + 'before {\n}\n']),
    ("`choose` needs a name for the choice and `from`: `choose c from cards in your hand { ... }`",
     [H + 'setup {\n choose cards in your hand\n}\n']),
    ("an ability needs a name in double quotes: `ability \"Zap\": uses action_play { ... }`",
     [H + 'card "A": Thing {\n ability Zap {\n }\n}\n']),
    ("a card property is a name and a value on one line, such as `cost 3`",
     [H + 'card "A": Thing {\n cost = 3\n}\n', H + 'card "A": Thing {\n cost: 3\n}\n']),
    ("card text is a string: `text \"When this enters play, draw a card.\"`",
     [H + 'card "A": Thing {\n text Draw a card.\n}\n']),
    ("strings must close on the line they open",
     [H + 'card "A: Thing\n']),
    ("options and parameters are set with `=`: `option hand_size = 5`",
     [H + 'option hand_size 5\n', H + 'param hand_size 5\n']),
    ("membership is written `x is in y` (a selector already uses `in` for zones)",
     [H + 'setup {\n if 1 in [1] {\n pass\n }\n}\n']),
    ("a limit is a per-turn budget: `limit action_play = 1 per turn`",
     [H + 'limit action_play 1\n', H + 'limit action_play = 1\n']),
    ("`move` needs a destination: `move c to your hand`",
     [H + 'setup {\n move c\n}\n', H + 'setup {\n move c into deck\n}\n']),
    ("a card's type line is `Type - Subtype`; write extra types before the dash",
     [H + 'card "A": Thing - Pony - Unicorn\n']),
    ("`end game` is followed by `winner PLAYER`, `draw` or `by most RESOURCE`",
     [H + 'setup {\n end game\n}\n', H + 'setup {\n end game you\n}\n']),
    ("names of zones, resources and variables start with a lower-case letter",
     [H + 'zone Hand\n', H + 'resource VP\n']),
    ("a statement cannot start here; each statement goes on its own line",
     [H + 'setup {\n draw 1 draw 1\n}\n']),
    ("a counter is put on a card with `put N NAME on CARD`: `put 1 charge on this`",
     [H + 'setup {\n put charge on this\n}\n']),
]


@lru_cache(maxsize=1)
def _examples() -> dict:
    return {msg: snippets for msg, snippets in SYNTAX_ERRORS if snippets}


def friendly_message(err: UnexpectedInput, text: str) -> str | None:
    from .parser import lark_parser
    try:
        return err.match_examples(lark_parser().parse, _examples(), use_accepts=True)
    except Exception:            # a table problem must never hide the user's own error
        return None


_TERMINAL_TEXT = {
    "NAME": "a name", "CAPWORD": "a capitalised word", "INT": "a number",
    "STRING": "a string", "_NL": "end of line", "$END": "end of file",
    "COMP_OP": "a comparison", "ADD_OP": "`+` or `-`", "MUL_OP": "`*`, `/` or `%`",
}


@lru_cache(maxsize=None)
def describe_terminal(name: str) -> str:
    if name in _TERMINAL_TEXT:
        return _TERMINAL_TEXT[name]
    from .parser import lark_parser
    for term in lark_parser().terminals:
        if term.name == name and term.pattern.type == "str":
            return f"`{term.pattern.value}`"
    return name.lower()
