"""`deckwright lint`: find where a deck contradicts itself before anyone plays it.

The linter is a registry of small rule classes (the shape of miniwdl's ``Lint.py``). Each
rule is a subclass of :class:`Rule`; its code is its class name in kebab case
(``TriggerLoop`` → ``trigger-loop``), and its :meth:`Rule.check` yields
:class:`~deckwright.dsl.errors.Diagnostic` values with a position, a severity, a message and a fix.
Rules read one shared :class:`LintContext`: the parsed files, the merged declarations
(kept even when the loader would refuse them), the compiled program when it compiles,
and — with ``--sim N`` — the figures of a short seeded run.

A diagnostic is silenced for one line by a comment on that line or alone on the line
before it::

    when leave { destroy event.card }   # lint: ignore trigger-loop

>>> result = lint("example")
>>> result.errors
0
"""
from __future__ import annotations

# The rule modules are imported in this order so that the registry, and so the order
# rules run in, is the order they were written in (it was one file).
from .base import (  # noqa: F401
    REGISTRY, SARIF_LEVEL, SUPPRESS, SUBSET, RARE_MISS_CHANCE, LONGEST_TURNS, Rule, Conflict,
    LintContext, load_for_lint)
from .facts import walk, card_parts, Unit, Facts  # noqa: F401
from .checks import Check, Duplicate, ConflictingSetting, NeedsOverride  # noqa: F401
from .statics import ContradictoryStatics, UnorderedReplacements, exclusive  # noqa: F401
from .loops import TriggerLoop, CostBound  # noqa: F401
from .references import (  # noqa: F401
    UnprintedType, EmptyZone, CounterNeverPut, TokenNeverCreated, ResourceNeverGained)
from .unusable import NeverUsable, ToDo  # noqa: F401
from .guidelines import (  # noqa: F401
    LongDuration, ForeignCounter, score_resources, UnrestrictedScore, ControllerHand,
    RareDependency)
from .text import NUMBER_WORDS, TextNumber, TextType, TextZone, TextVerb, TextWho  # noqa: F401
from .scenarios import UntestedCard  # noqa: F401
from .simulation import (  # noqa: F401
    run_sim, SimError, SimHiddenShown, SimUnfinished, SimNeverPlayed, SimNeverFired)
from .report import (  # noqa: F401
    LintResult, suppressions, lint, lint_context, render_text, to_json, to_sarif, main)
