"""Shared test settings: where the decks are, `slow`, and the browser for browser tests.

Tests marked ``@pytest.mark.slow`` (soak and fuzz runs) are skipped unless
``DECKWRIGHT_SOAK=1`` is set or the run names the marker itself (``-m slow``).

The browser tests (slow) take the ``chromium`` fixture: Chromium from the PATH, else
installed from Debian's packages (``apt-get install chromium``) when the tests run as root
on a machine with apt, as CI does; else the test is skipped, saying how to install it.
``DECKWRIGHT_NO_INSTALL=1`` stops the install.
"""
import os
import re
import shutil
import subprocess
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


@pytest.fixture(scope="session")
def chromium():
    """A headless-capable Chromium: found, or installed once for the run (see above)."""
    from deckwright.dsl.sheet import chromium as found
    browser = found()
    if browser is None and os.environ.get("DECKWRIGHT_NO_INSTALL") != "1" \
            and hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        command = ["apt-get", "install", "-y", "-q", "--no-install-recommends", "chromium"]
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        done = subprocess.run(command, capture_output=True, env=env, timeout=900,
                              stdin=subprocess.DEVNULL)
        if done.returncode != 0:                 # the package lists may be missing or stale
            subprocess.run(["apt-get", "update", "-q"], capture_output=True, env=env,
                           timeout=900, stdin=subprocess.DEVNULL)
            subprocess.run(command, capture_output=True, env=env, timeout=900,
                           stdin=subprocess.DEVNULL)
        browser = found()
    if browser is None:
        pytest.skip("needs Chromium: apt-get install chromium (Debian's package)")
    return browser
