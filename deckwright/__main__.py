"""``python -m deckwright``: the ``deckwright`` command."""
import sys

from deckwright.dsl.cli import main

sys.exit(main())
