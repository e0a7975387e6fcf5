"""Cards no scenario shows: the designer's examples (docs/testing.md) left to write."""
from __future__ import annotations

from pathlib import Path

from .. import ast as A
from ..errors import DeckError
from .base import Rule


def _own_files(ctx) -> list:
    """The linted deck's own files: the deck and what it includes, not what it extends."""
    from ..loader import _display_path, resolve_deck
    try:
        shown = _display_path(resolve_deck(ctx.deck))
    except DeckError:
        shown = None
    top = next((f for f in ctx.files if f.path == shown), ctx.files[-1] if ctx.files else None)
    if top is None:
        return []
    included = {Path(i.path).stem for i in top.items if isinstance(i, A.Include)}
    return [top] + [f for f in ctx.files if f is not top and Path(f.path).stem in included]


def _words(node, out: set) -> None:
    """Every text a scenario says (card names, labels, log lines), into ``out``."""
    from ..scenario.syntax import CardSpec, Line, Part, Text, Value
    if isinstance(node, Text):
        out.add(node.text)
    elif isinstance(node, Value) and node.kind == "str":
        out.add(node.value)
    elif isinstance(node, CardSpec):
        out.add(node.name.text)
        for a in node.attrs:
            _words(a.value, out)
    elif isinstance(node, Line):
        for a in node.args:
            _words(a, out)
    elif isinstance(node, Part):
        _words(node.point, out)
        for line in node.lines:
            _words(line, out)
    elif isinstance(node, tuple):
        for x in node:
            _words(x, out)


def scenario_words(ctx, own: list) -> set:
    """What the scenarios of the deck's own files, and of the `.test.deck` beside it, say."""
    from ..parser import parse_text
    from ..scenario.syntax import Background, Scenario
    from ..scenario.suite import TEST_SUFFIX
    decls = [i for f in own for i in f.items if isinstance(i, (Scenario, Background))]
    if own and own[0].path.endswith(".deck") and not own[0].path.endswith(TEST_SUFFIX):
        from ..loader import found_file
        deck = Path(own[0].path)
        if not deck.is_absolute() and not deck.is_file():
            from deckwright.decks import DECKS_DIR
            deck = DECKS_DIR.parent / deck
        try:            # a test deck linking out of the folder is `deckwright test`'s to report
            beside = found_file(deck.parent, deck.name[:-len(".deck")] + TEST_SUFFIX)
        except DeckError:
            beside = None
        if beside is not None:
            try:
                test = parse_text(beside.read_text("utf-8"), str(beside))
            except (DeckError, OSError, UnicodeDecodeError):
                test = None
            if test is not None:
                decls += [i for i in test.items if isinstance(i, (Scenario, Background))]
    out: set = set()
    for d in decls:
        _words(d.parts if isinstance(d, Scenario) else d.lines, out)
    return out


class UntestedCard(Rule):
    severity = "info"
    opt_in = True
    summary = "a card that no scenario of the deck names (off unless switched on)"
    fix = "write a scenario that shows the card doing what its text says (docs/testing.md)"

    def check(self, ctx):
        own = _own_files(ctx)
        said = scenario_words(ctx, own)
        for f in own:
            for item in f.items:
                if not isinstance(item, A.CardDecl) or item.token:
                    continue              # a token is shown by the card that makes it
                if not any(item.name in w for w in said):
                    yield self.diag(f"no scenario names \"{item.name}\"", item.pos)
