"""Friendly messages for common syntax mistakes.

Each entry of :data:`SYNTAX_ERRORS` pairs a message with snippets that make the same
mistake. When a deck fails to parse, :func:`friendly_message` looks for a snippet that
failed the same way — same parser state, same tokens possible next, same kind of token
found — and shows that entry's message instead of the bare "unexpected `=`".
:data:`CHARACTER_ERRORS` does the same for characters no token can start with (curly
quotes pasted from a word processor, `&&`). ``tests/test_errors.py`` walks both tables,
so every message is checked against the exact text a user sees.

>>> from deckwright.dsl.parser import parse_text
>>> from deckwright.dsl.errors import DeckError
>>> try:
...     parse_text('game "G"\\ncard "A" Thing\\n', "a.deck")
... except DeckError as err:
...     print(err.diagnostics[0].message)
a card needs `:` and its type after its name, as in `card "Name": Thing`
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Optional

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

H = 'game "G"\n'
C = H + 'card "A": Thing {\n'          # inside a card's body


def S(*lines: str) -> str:
    """A snippet whose lines sit inside a `setup` block."""
    return H + "setup {\n" + "".join(f" {line}\n" for line in lines) + "}\n"


_DECLARATION_WORDS = ("players", "option", "param", "side", "zone", "resource", "var",
                      "counter", "mark", "type", "subtype", "property", "limit", "action",
                      "move", "setup", "turn", "round", "when", "before", "respond", "whenever", "card",
                      "token", "static", "override", "include")


def _unclosed_blocks() -> list[str]:
    """A card or block left open, then the end of the file or the next declaration."""
    card_lines = [' text "x"', ' cost 3', ' effect {\n pass\n }', ' when enter {\n pass\n }',
                  ' ability "Zap" {\n pass\n }', ' static modify hand_size by 1']
    blocks = [H + 'setup {\n pass\n', H + 'setup {\n draw 1\n pass\n',
              H + 'setup {\n if 1 > 0 {\n pass\n }\n', H + 'setup {\n if 1 > 0 {\n pass\n']
    after = ['', 'card "B": Thing\n', 'token "B": Thing\n', 'setup {\n}\n', 'turn {\n}\n',
             'action zap() {\n}\n']
    bodies = [C + line + "\n" for line in card_lines] \
        + [C + ' text "x"\n' + line + "\n" for line in card_lines]     # 1st item, later ones
    return [body + nxt for body in bodies for nxt in after + ['zone extra\n']] \
        + [block + nxt for block in blocks for nxt in after]


# (message, [snippets that make this mistake]). A snippet stands for every error that
# fails in the same parser state, with the same tokens possible next, on the same kind
# of token (an exact token wins over a same-kind one; otherwise the first entry wins).
SYNTAX_ERRORS: list[tuple[str, list[str]]] = [
    # --- the header and top-level declarations -----------------------------------
    ("the deck must start with its header, for example `game \"My Deck\"`",
     [start + first for start in ("", "# My deck\n")       # a deck may open with comments
      for first in [f"{word} x\n" for word in _DECLARATION_WORDS]
      + ['Game "Mine"\n', 'name "Mine"\n', '"Mine"\n', '{\n']]),
    ("the game's name is written in double quotes: `game \"My Deck\"`",
     ['game Mine\n', 'game mine\n']),
    ("the base deck's name is written in double quotes: `extends \"dvorak\"`",
     ['game "G" extends dvorak\n']),
    ("names of zones, resources, counters and variables start with a lower-case letter",
     [H + 'zone Hand\n', H + 'resource VP\n', H + 'counter Charge\n', H + 'var First = 1\n',
      H + 'mark Exhausted\n']),
    ("types and subtypes start with a capital letter: `type Thing, Action`",
     [H + 'type thing\n', H + 'subtype machine, gadget\n']),
    ("`players` takes a number or a range: `players 2 to 4`",
     [H + 'players two\n', H + 'players 2-4\n', H + 'players 2..4\n']),
    ("options and parameters are set with `=`: `param hand_size = 5`",
     [H + 'option hand_size 5\n', H + 'param hand_size 5\n']),
    ("a zone's attributes follow a colon: `zone hand: per player, private`",
     [H + 'zone hand per player\n', H + 'zone hand private\n', H + 'zone hand shared\n']),
    ("a resource's attributes follow a colon: `resource vp: start 0, min 0`",
     [H + 'resource vp start 0\n', H + 'resource vp min 0\n', H + 'resource vp shared\n']),
    ("separate attributes with commas: `zone hand: per player, private`",
     [H + 'zone hand: per player private\n', H + 'zone hand: shared public\n',
      H + 'resource vp: start 0 min 0\n']),
    ("write `per player` or `per side` after `per`",
     [H + 'zone hand: per card\n', H + 'zone hand: per turn\n']),
    ("a limit is a per-turn budget: `limit action_play = 1 per turn`",
     [H + 'limit action_play 1\n', H + 'limit action_play = 1\n']),
    ("an `action` lists its parameters in parentheses, even when there are none: "
     "`action draw(n) { ... }`",
     [H + 'action zap {\n}\n', H + 'action zap n {\n}\n']),
    ("an opening `{` goes at the end of the line before it, not on a line of its own",
     [H + 'setup\n{\n}\n', H + 'turn\n{\n}\n', H + 'action draw(n)\n{\n}\n',
      H + 'card "A": Thing\n{\n}\n', S('if 1 > 0', '{', '}'),
      H + 'when enter where event.card == this\n{\n}\n', H + 'when enter\n{\n}\n',
      C + ' effect\n {\n }\n}\n', C + ' ability "Zap"\n {\n }\n}\n']),
    ("a trigger names its event: `when draw where event.player == you { ... }`",
     [H + 'when {\n}\n', H + 'before {\n}\n', H + 'when "enter" {\n}\n']),
    ("after its event a trigger takes `where` and a condition: "
     "`when enter where event.card == this { ... }`",
     [H + 'when enter if event.card == this {\n}\n', H + 'when enter event.card == this {\n}\n',
      H + 'when you play an Action {\n}\n', H + 'when enter of Action {\n}\n']),
    ("a block goes in braces, not after a colon: `if n > 2 { discard 1 }`",
     [S('if 1 > 0: pass'), H + 'when enter where event.card == this: gain 1 vp\n',
      H + 'when enter: gain 1 vp\n', S('for each p in players: pass'), S('repeat 2: pass'),
      C + ' effect: draw 1\n}\n', C + ' ability "Zap": uses action_play: draw 1\n}\n',
      S('while x > 0: pass'), H + 'setup: pass\n', H + 'turn: pass\n']),

    # --- cards --------------------------------------------------------------------
    ("a card needs `:` and its type after its name, as in `card \"Name\": Thing`",
     [H + 'card "A" Thing {\n}\n', H + 'card "A" {\n}\n', H + 'card "A"\n',
      H + 'card "A" - Thing\n']),
    ("card names are written in double quotes: `card \"Oil Can\": Thing`",
     [H + 'card A: Thing\n', H + "card 'A': Thing\n", H + 'card oil_can: Thing\n',
      H + 'token A: Thing\n']),
    ("types and subtypes start with a capital letter: `Thing - Machine`",
     [H + 'card "A": thing\n', H + 'card "A": Thing - machine\n']),
    ("a card's type line is `Type - Subtype`; write extra types before the dash and "
     "extra subtypes after it, without another dash",
     [H + 'card "A": Thing - Machine - Gadget\n', H + 'card "A": Thing - Machine, Gadget\n']),
    ("card text, effects and abilities belong inside a card's braces: "
     "`card \"Name\": Thing { text \"...\" }`",
     [H + 'card "A": Thing\n text "x"\n', H + 'card "A": Thing\n effect {\n }\n',
      H + 'card "A": Thing\n ability "Zap" {\n }\n']),
    ("a card property is a name and a value on one line, such as `cost 3`",
     [C + ' cost = 3\n}\n', C + ' cost: 3\n}\n']),
    ("card text is a string: `text \"When this enters play, draw a card.\"`",
     [C + ' text Draw a card.\n}\n', C + ' text zap a card.\n}\n', C + ' text 3\n}\n']
     + [C + f' text {word} a card.\n}}\n' for word in ("draw", "gain", "when", "you", "each", "at",
                                                      "play", "put", "move", "if", "until")]),
    ("an ability needs a name in double quotes: `ability \"Zap\": uses action_play { ... }`",
     [C + ' ability Zap {\n }\n}\n', C + ' ability zap {\n }\n}\n', C + ' ability {\n }\n}\n',
      C + ' ability: uses action_play {\n }\n}\n']),
    ("an ability's options follow a colon after its name: "
     "`ability \"Zap\": uses action_play { ... }`",
     [C + ' ability "Zap" uses action_play {\n }\n}\n',
      C + ' ability "Zap" once per turn {\n }\n}\n']),
    ("a static ability starts with what it does, without a colon: "
     "`static modify hand_size by 2`",
     [C + ' static: modify hand_size by 2\n}\n', H + 'static: modify hand_size by 2\n']),
    ("`static untargetable` says what it protects after `for` and from what after `by`: "
     "`static untargetable for this by event.player != you`",
     [C + ' static untargetable where event.player != you\n}\n',
      C + ' static untargetable for this where event.player != you\n}\n']),

    # --- blocks and statements -----------------------------------------------------
    ("a block is missing its closing `}`", _unclosed_blocks()),
    ("`else` must be on the same line as the `}` that closes the `if` block: `} else {`",
     [S('if 1 > 0 {', ' pass', '}', 'else {', ' pass', '}')]),
    ("`=` assigns; to compare, write `==`",
     [S('if x = 1 {', '}'), S('if it.cost = 3 {', '}'), S('if count cards in your hand = 0 {', '}'),
      S('if count cards in deck = 0 {', '}'),
      S('while x = 1 {', '}'), H + 'when enter where event.card = this {\n}\n',
      H + 'whenever x = 1 {\n}\n', S('choose c from cards where it.cost = 3 {', '}')]),
    ("membership is written `x is in y` (a selector already uses `in` for zones)",
     [S('if 1 in [1] {', '}'), S('if c in hand of you {', '}')]),
    ("the statement ended before this word; put each statement on its own line "
     "or separate them with `;`",
     [S('draw 1 draw 1'), S('draw 1 gain 1 vp')]),
    ("a loop over a collection is written `for each p in players { ... }`",
     [S('for p in players {', '}'), S('for each p of players {', '}')]),
    ("`repeat` takes a number and a block: `repeat 3 { ... }`",
     [S('repeat 3 times {', '}')]),
    ("`let` gives a name a value with `=`: `let n = count cards in your hand`",
     [S('let n 3'), S('let n == 3'), S('let n: 3')]),
    ("`choose` needs a name for the choice and `from`: `choose c from cards in your hand { ... }`",
     [S('choose cards in your hand'), S('choose 1 card from your hand {', '}'),
      S('choose c in cards in your hand {', '}')]),
    ("`divide` names each target and its share after `as`: "
     "`divide 3 among cards in your hand as c, n { ... }`",
     [S('divide 3 among cards in your hand as c {', '}'),
      S('divide 3 among cards in your hand {', '}')]),
    ("`move` is written `move CARDS to ZONE`, as in `move c to your hand`",
     [S('move c'), S('move c into deck'), S('move c from hand to deck')]),
    ("`gain` and `lose` take an amount and a resource: `gain 2 vp`",
     [S('gain 2'), S('lose 1'), S('gain vp')]),
    ("a counter is put on a card with `put N NAME on CARD`: `put 1 charge on this`",
     [S('put charge on this'), S('put 1 charge counter on this')]),
    ("`end game` is followed by `winner PLAYER`, `draw` or `by most RESOURCE`",
     [S('end game'), S('end game you'), S('end game winner')]),
]

# (message, characters, [snippets]) for characters that start no token at all.
CHARACTER_ERRORS: list[tuple[str, str, list[str]]] = [
    ("strings must close on the line they open",
     '"', [H + 'card "A: Thing\n', C + ' text "Draw a card.\n}\n']),
    ("strings are written in double quotes: `\"Oil Can\"`",
     "'", [C + " text 'Draw a card.'\n}\n", S("say 'hi'")]),
    ("write straight double quotes `\"`, not typographic ones",
     "\u201c\u201d\u201e\u2018\u2019", [H + 'card \u201cA\u201d: Thing\n', C + ' text \u201cx\u201d\n}\n']),
    ("a type line uses a plain hyphen `-` between types and subtypes",
     "\u2013\u2014", [H + 'card "A": Thing \u2013 Machine\n']),
    ("write `and`, `or` and `not` instead of `&&`, `||` and `!`",
     "&|!", [S('if 1 > 0 && 2 > 1 {', '}'), S('if 1 > 0 || 2 > 1 {', '}'), S('if !x {', '}')]),
    # A BOM opening the file is dropped (deckwright.dsl.parser.parse_text); one further in is
    # invisible in an editor, so it is named.
    ("a byte-order mark (U+FEFF, an invisible character) is here: delete it",
     "\ufeff", [H + "\ufeffzone hand\n", H + "zone \ufeffhand\n"]),
    # Lines end only at `\n` (deckwright.dsl.errors.source_lines); other breaks are no spaces
    # either.
    ("only spaces and tabs may separate words; form feeds, vertical tabs and other line "
     "breaks may not", "\x0b\x0c\r\x1c\x1d\x1e\x85\u2028\u2029",
     [H + "\x0czone hand\n", H + "zone\x0bhand\n", H + "zone hand\u2028zone deck\n",
      H + "zone hand\rzone deck\n"]),
]

# ---------------------------------------------------------------------------------
# Matching a user's error against the table
# ---------------------------------------------------------------------------------
#
# Lark's ``UnexpectedInput.match_examples`` compares whole parser states, and a lark
# ``ParserState`` is equal only when its *stack depth* is equal too. A deck's second
# declaration, or a statement nested in an `if`, sits deeper on the stack than the
# one-item snippets above, so match_examples would only ever recognise a mistake in the
# first item of a file. We keep its rules — same LALR state, same `accepts` (the tokens
# that could really come next, which also tells apart contexts sharing a state), an
# exact token before a same-kind one, else the first entry — but compare the LALR state
# number alone, and require the same kind of token: the state after `if x` is reached
# by `if x = 1` and by `if x 1`, which are different mistakes.
#
# Two refinements:
# * A keyword written where the grammar cannot take it is lexed as a plain name (the
#   lexer is contextual), so `else` at the start of a line fails one token later, at its
#   `{`, exactly like `play {`. A snippet whose failing token follows a keyword that
#   starts its line only matches after the same word, and the caret goes under it.
# * Lexer errors (a character no token can start with) match on state and character,
#   then on the character alone through CHARACTER_ERRORS.


@dataclass(frozen=True)
class _Failure:
    """Where and how a parse failed, in the terms matching needs."""
    kind: str                         # "token" or "char"
    state: object                     # the LALR state number
    accepts: frozenset                # tokens that could follow (empty for "char")
    what: str                         # token type, or the offending character
    value: str                        # the token's text (exact matches win)
    after: str                        # a keyword lexed as a name just before, or ""


@lru_cache(maxsize=1)
def _keywords() -> dict:
    """Keyword token types and their words: {"ELSE": "else", ...}."""
    from .parser import lark_parser
    return {t.name: t.pattern.value for t in lark_parser().terminals
            if t.pattern.type == "str" and re.fullmatch(r"[a-z_]\w*", t.pattern.value)}


def _keyword_before(parser_state, text: str) -> Optional[Token]:
    """The keyword that starts this line, lexed as a name, when it was the last token."""
    values = getattr(parser_state, "value_stack", None) or []
    last = values[-1] if values else None
    if isinstance(last, Token) and last.type == "NAME" and str(last) in _keywords().values():
        line_start = text.rfind("\n", 0, last.start_pos) + 1
        if not text[line_start:last.start_pos].strip():
            return last
    return None


def _parser_state(err: UnexpectedInput):
    if isinstance(err, UnexpectedToken):
        return getattr(err.interactive_parser, "parser_state", None)
    return err.state


def _failure(err: UnexpectedInput, text: str) -> Optional[_Failure]:
    state = getattr(err.state, "position", err.state)
    after = str(_keyword_before(_parser_state(err), text) or "")
    if isinstance(err, UnexpectedToken):
        return _Failure("token", state, frozenset(err.accepts or err.expected or ()),
                        err.token.type, str(err.token), after)
    if isinstance(err, UnexpectedCharacters):
        ch = text[err.pos_in_stream] if err.pos_in_stream < len(text) else ""
        return _Failure("char", state, frozenset(), ch, ch, after)
    return None


@lru_cache(maxsize=1)
def _known_failures() -> tuple:
    """Each table snippet's failure, computed once per process: (failure, message)."""
    from .parser import lark_parser
    out = []
    for message, snippets in SYNTAX_ERRORS:
        for snippet in snippets:
            try:
                lark_parser().parse(snippet)
            except UnexpectedInput as err:
                failure = _failure(err, snippet)
                if failure is not None:
                    out.append((failure, message))
    return tuple(out)


def _same_mistake(known: _Failure, mine: _Failure) -> bool:
    if (known.kind, known.state, known.accepts) != (mine.kind, mine.state, mine.accepts):
        return False
    if known.after and known.after != mine.after:
        return False
    # Where the grammar takes no name, a word that happens to be a keyword comes out as
    # that keyword (`text draw a card` fails on DRAW, not NAME). It is not folded into
    # "a name": in `card "A": x 2` the keyword is the clue that the type is missing.
    return known.what == mine.what


def friendly_match(err: UnexpectedInput, text: str) -> Optional[tuple[str, Optional[Token]]]:
    """The table's message for this syntax error and, when the mistake is the keyword
    just before the failing token (`else` on a line of its own), that keyword's token,
    for the caret. None when no entry fits."""
    try:
        mine = _failure(err, text)
        if mine is None:
            return None
        same_kind = None
        for known, message in _known_failures():
            if _same_mistake(known, mine):
                found = (message, _keyword_before(_parser_state(err), text) if known.after else None)
                if known.value == mine.value:
                    return found
                same_kind = same_kind or found
        if same_kind is not None:
            return same_kind
        if mine.kind == "char":
            for message, chars, _snippets in CHARACTER_ERRORS:
                if mine.what in chars:
                    return message, None
        return None
    except Exception:            # a table problem must never hide the user's own error
        return None


def friendly_message(err: UnexpectedInput, text: str) -> Optional[str]:
    """The table's message for this syntax error, or None when no entry fits."""
    found = friendly_match(err, text)
    return found[0] if found else None


_TERMINAL_TEXT = {
    "NAME": "a name", "CAPWORD": "a capitalised word", "INT": "a number",
    "STRING": "a string", "_NL": "end of line", "$END": "end of file",
    "COMP_OP": "a comparison", "ADD_OP": "an operator", "MUL_OP": "an operator",
}

# What may start each big construct, found by asking the parser itself what it accepts
# at that point, so the "expected ..." hint can say "a statement" instead of listing
# thirty keywords. (probe text, what it is called)
_GROUPS = [
    (H, "a declaration"),
    (C, "a line of the card (`text`, `effect`, `ability`, `when`, a property)"),
    (H + "setup {\n", "a statement"),
    (H + "setup {\n if ", "an expression"),
    (H + "setup {\n x = 1 + ", "a value"),
]
_PUNCTUATION = {"_NL", "SEMICOLON", "RBRACE", "$END"}


@lru_cache(maxsize=1)
def _groups() -> tuple:
    from .parser import lark_parser
    out = []
    for probe, label in _GROUPS:
        interactive = lark_parser().parse_interactive(probe)
        interactive.exhaust_lexer()
        out.append((frozenset(interactive.accepts()) - _PUNCTUATION, label))
    return tuple(out)


def describe_expected(names: Iterable[str], limit: int = 8) -> list[str]:
    """What the parser would have accepted, in words, big groups first:
    ``["a statement", "`}`", "end of line"]``."""
    names = {n for n in names if not n.startswith("_") or n == "_NL"}
    try:
        groups = _groups()
    except Exception:                 # never let a description hide the error itself
        groups = ()
    labels, covered = [], set()
    for members, label in groups:
        if members and members <= names and not members <= covered:
            labels.append(label)
            covered |= members
    # words ("a number", "an operator") before tokens, the end of a line or file last
    rest = sorted({describe_terminal(n) for n in names - covered},
                  key=lambda d: (d.startswith("end of"), d.startswith("`"), d))
    shown = labels + rest
    return shown[:limit] + ["..."] if len(shown) > limit else shown


def join_or(items: list[str]) -> str:
    """``["a", "b", "c"]`` → ``"a, b or c"`` (a cut-off list ends in ``...``)."""
    if len(items) < 2 or items[-1] == "...":
        return ", ".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]


@lru_cache(maxsize=None)
def describe_terminal(name: str) -> str:
    if name in _TERMINAL_TEXT:
        return _TERMINAL_TEXT[name]
    from .parser import lark_parser
    for term in lark_parser().terminals:
        if term.name == name and term.pattern.type == "str":
            return f"`{term.pattern.value}`"
    return name.lower()
