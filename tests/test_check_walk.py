"""The checker's walk for the nodes it needs before checking (`gathered`) goes only into
the fields that may hold them: it finds what a walk of every field finds, in every
bundled deck and in the 1,000-card bench deck."""
import sys
from pathlib import Path

import pytest

from deckwright.decks import DECKS_DIR
from deckwright.dsl import ast as A
from deckwright.dsl.check.walk import gathered
from deckwright.dsl.parser import parse_text

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from parse import generate  # noqa: E402

# What the checker gathers, a statement, and an expression (which `gathered` walks into
# only when asked for one).
CLASSES = (A.StaticModify, A.Ability, A.StaticUntargetable, A.StaticGrant, A.Resolve, A.Name)


def everything(node, out):
    """Every node, by a walk of every field of every node."""
    if isinstance(node, (list, tuple)):
        for x in node:
            everything(x, out)
    elif isinstance(node, A.Node):
        out.append(node)
        for f in node._fields:
            everything(getattr(node, f), out)
    return out


DECKS = sorted(DECKS_DIR.glob("*.deck"))


@pytest.mark.parametrize("text", [p.read_text(encoding="utf-8") for p in DECKS]
                         + [generate(200)], ids=[p.stem for p in DECKS] + ["bench"])
def test_gathered_finds_what_a_walk_of_every_field_finds(text):
    items = list(parse_text(text, "walk.deck").items)
    nodes = everything(items, [])
    for classes in (CLASSES[:-1], CLASSES):
        found = gathered(items, classes)
        for cls in classes:
            assert sorted(map(id, found[cls])) == sorted(id(n) for n in nodes if type(n) is cls)
