"""Shared test settings. Fixtures come later; for now: where the decks are, and `slow`.

Tests marked ``@pytest.mark.slow`` (soak and fuzz runs) are skipped unless
``DECKWRIGHT_SOAK=1`` is set or the run names the marker itself (``-m slow``).
"""
import os
import re
from pathlib import Path

import pytest

DECKS = Path(__file__).resolve().parent.parent / "decks"
"""The repository's ``decks/`` directory (the source tree, not an installed copy)."""


def pytest_collection_modifyitems(config, items):
    # Any -m expression mentioning `slow` means the caller chose what to run; respect it.
    if os.environ.get("DECKWRIGHT_SOAK") == "1" or re.search(r"\bslow\b", config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason="slow: set DECKWRIGHT_SOAK=1 or pass -m slow")
    for item in items:
        if item.get_closest_marker("slow"):
            item.add_marker(skip)
